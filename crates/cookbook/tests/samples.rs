//! The cookbook's evidence: every problem's published sample, every problem
//! against a plain search of its own rules written here (no Grundy values,
//! no theorems), malformed input refused with a message, and the programs
//! themselves run on their samples.

use std::collections::HashMap;
use std::hash::Hash;
use std::process::Command;

use grundy::{Config, Solver};
use grundy_cookbook::*;
use proptest::prelude::*;

// ---------------------------------------------------------------------------
// Brute force: who wins, by trying every move.

/// Whether the player to move wins from `state`, by searching every line
/// of play. `stuck_wins` says who wins a position without moves: `false`
/// under normal play (the player who cannot move loses), `true` in misère
/// play when the last move took the last token (and so lost).
fn wins<S: Clone + Eq + Hash>(
    state: &S,
    moves: &impl Fn(&S) -> Vec<S>,
    stuck_wins: bool,
    memo: &mut HashMap<S, bool>,
) -> bool {
    if let Some(&w) = memo.get(state) {
        return w;
    }
    let options = moves(state);
    let w = if options.is_empty() {
        stuck_wins
    } else {
        options.iter().any(|o| !wins(o, moves, stuck_wins, memo))
    };
    memo.insert(state.clone(), w);
    w
}

/// Normal play.
fn first_wins<S: Clone + Eq + Hash>(state: &S, moves: impl Fn(&S) -> Vec<S>) -> bool {
    wins(state, &moves, false, &mut HashMap::new())
}

/// Every way to take between 1 and all tokens of one pile whose take is
/// `allowed`: the piles after the move, in pile order.
fn take_moves(piles: &[u64], allowed: impl Fn(u64) -> bool) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &pile) in piles.iter().enumerate() {
        for take in (1..=pile).filter(|&t| allowed(t)) {
            let mut next = piles.to_vec();
            next[i] -= take;
            out.push(next);
        }
    }
    out
}

#[allow(
    clippy::ptr_arg,
    reason = "the moves function of positions of type Vec<u64>"
)]
fn nim_moves(piles: &Vec<u64>) -> Vec<Vec<u64>> {
    take_moves(piles, |_| true)
}

/// The answer lines of a solution, as words.
fn answers(output: &str) -> Vec<&str> {
    output.lines().collect()
}

fn words<T: ToString>(numbers: &[T]) -> String {
    numbers
        .iter()
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

// ---------------------------------------------------------------------------
// The published samples, through `solve` and through the programs.

/// Each problem: its name (module, program, sample file) and `solve`.
const PROBLEMS: [(&str, Solve); 12] = [
    ("hdu1847", hdu1847::solve),
    ("hdu1848", hdu1848::solve),
    ("hdu1850", hdu1850::solve),
    ("hdu1536", hdu1536::solve),
    ("hdu1907", hdu1907::solve),
    ("luogu_p4279", luogu_p4279::solve),
    ("luogu_p4018", luogu_p4018::solve),
    ("luogu_p2148", luogu_p2148::solve),
    ("luogu_p2575", luogu_p2575::solve),
    ("luogu_p3480", luogu_p3480::solve),
    ("poj3710", poj3710::solve),
    ("poj2234", poj2234::solve),
];

fn sample(name: &str, ext: &str) -> String {
    let path = format!("{}/samples/{name}.{ext}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn program(name: &str) -> &'static str {
    match name {
        "hdu1847" => env!("CARGO_BIN_EXE_hdu1847"),
        "hdu1848" => env!("CARGO_BIN_EXE_hdu1848"),
        "hdu1850" => env!("CARGO_BIN_EXE_hdu1850"),
        "hdu1536" => env!("CARGO_BIN_EXE_hdu1536"),
        "hdu1907" => env!("CARGO_BIN_EXE_hdu1907"),
        "luogu_p4279" => env!("CARGO_BIN_EXE_luogu_p4279"),
        "luogu_p4018" => env!("CARGO_BIN_EXE_luogu_p4018"),
        "luogu_p2148" => env!("CARGO_BIN_EXE_luogu_p2148"),
        "luogu_p2575" => env!("CARGO_BIN_EXE_luogu_p2575"),
        "luogu_p3480" => env!("CARGO_BIN_EXE_luogu_p3480"),
        "poj3710" => env!("CARGO_BIN_EXE_poj3710"),
        "poj2234" => env!("CARGO_BIN_EXE_poj2234"),
        other => panic!("no program {other}"),
    }
}

/// Runs a program with `input` on standard input.
fn run_program(name: &str, input: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(program(name))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn every_solution_gives_its_published_sample_output() {
    for (name, solve) in PROBLEMS {
        assert_eq!(
            solve(&sample(name, "in")),
            Ok(sample(name, "out")),
            "{name}"
        );
    }
}

#[test]
fn every_program_answers_its_sample_on_standard_output() {
    for (name, _) in PROBLEMS {
        let out = run_program(name, &sample(name, "in"));
        assert!(out.status.success(), "{name}: {out:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            sample(name, "out"),
            "{name}"
        );
        assert!(out.stderr.is_empty(), "{name}");
    }
}

#[test]
fn every_program_refuses_malformed_input_with_one_line_and_code_2() {
    for (name, _) in PROBLEMS {
        let out = run_program(name, "3\nx y z\n");
        assert_eq!(out.status.code(), Some(2), "{name}");
        assert!(out.stdout.is_empty(), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with(&format!("{name}: ")), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
    }
}

// ---------------------------------------------------------------------------
// Malformed input: a message naming the line, never a panic.

#[test]
fn malformed_inputs_name_what_is_wrong_and_where() {
    let cases: &[(Solve, &str, &str)] = &[
        (
            hdu1847::solve,
            "5\nfive\n",
            "line 2: expected the number of cards n",
        ),
        (hdu1847::solve, "-3\n", "found `-3`"),
        (
            hdu1848::solve,
            "1 2\n",
            "line 1: the input ends where a pile size was expected",
        ),
        (
            hdu1848::solve,
            "1 2 1001\n0 0 0\n",
            "line 1: a pile size must be from 0 to 1000",
        ),
        (
            hdu1848::solve,
            "0 0 0\n4 4 4\n",
            "line 2: unexpected `4` after the closing line 0 0 0",
        ),
        (
            hdu1850::solve,
            "3\n5 7\n",
            "the input ends where a pile size was expected",
        ),
        (
            hdu1536::solve,
            "2 0 5\n1\n1 3\n0\n",
            "line 1: an element of S must be from 1 to 10000, found 0",
        ),
        (
            hdu1536::solve,
            "1 2\n1\n1 10001\n0\n",
            "line 3: a heap size must be from 0 to 10000",
        ),
        (
            hdu1536::solve,
            "1 2\n2\n1 3\n",
            "the input ends where the number of heaps l was expected",
        ),
        (
            hdu1907::solve,
            "2\n1\n3\n",
            "the input ends where the number of colours N was expected",
        ),
        (
            hdu1907::solve,
            "1\n1\n3\n9\n",
            "line 4: unexpected `9` after the last test case",
        ),
        (
            luogu_p4279::solve,
            "1\n2\n3 x\n",
            "line 3: expected a number of sweets",
        ),
        (
            luogu_p2575::solve,
            "1\n1\n1 21\n",
            "line 3: a column must be from 1 to 20, found 21",
        ),
        (
            luogu_p2575::solve,
            "1\n1\n2 5 5\n",
            "line 3: column 5 holds two pieces of the same row",
        ),
        (
            luogu_p2575::solve,
            "1\n1\n21\n",
            "the number of pieces m in a row must be from 0 to 20",
        ),
        (
            luogu_p3480::solve,
            "1\n3\n1 4 2\n",
            "line 3: pile 3 has 2 pebbles, fewer than the 4 of the pile to its left",
        ),
        (
            poj3710::solve,
            "1\n3 2\n1 2\n2 4\n",
            "tree 1: line 4: a node must be from 1 to 3, found 4",
        ),
        (
            poj3710::solve,
            "2\n2 1\n1 2\n3 1\n2 3\n",
            "tree 2: edge 1 (2-3) does not connect to the root, node 1",
        ),
        (
            poj3710::solve,
            "1\n0 0\n",
            "tree 1: line 2: the number of nodes m must be at least 1, found 0",
        ),
        (
            poj2234::solve,
            "2 45\n",
            "the input ends where a pile size was expected",
        ),
        (
            luogu_p2148::solve,
            "1\n3\n1 2 3\n",
            "line 2: the number of piles must be even, found 3",
        ),
        (luogu_p2148::solve, "1\n2\n0 2\n", "line 3:"),
    ];
    for (solve, input, expected) in cases {
        match solve(input) {
            Err(message) => assert!(message.contains(expected), "{input:?}: {message}"),
            Ok(output) => panic!("{input:?} was accepted: {output:?}"),
        }
    }
}

#[test]
fn empty_input_has_an_empty_answer_where_the_format_allows_it() {
    let open_ended: [Solve; 6] = [
        hdu1847::solve,
        hdu1848::solve,
        hdu1850::solve,
        hdu1536::solve,
        poj3710::solve,
        poj2234::solve,
    ];
    for solve in open_ended {
        assert_eq!(solve(""), Ok(String::new()));
    }
    // Formats that begin with a count need it.
    let counted: [Solve; 5] = [
        hdu1907::solve,
        luogu_p4279::solve,
        luogu_p2148::solve,
        luogu_p2575::solve,
        luogu_p3480::solve,
    ];
    for solve in counted {
        assert!(solve("").unwrap_err().contains("the input ends"));
    }
}

/// A word of garbage input: small numbers mostly, and some that are not.
fn garbage_word() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (0u64..25).prop_map(|n| n.to_string()),
        1 => Just("\n".to_string()),
        1 => prop::sample::select(vec!["x", "-1", "3.5", "99999999999999999999999", "\u{4e00}"]).prop_map(String::from),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever the input, every solution answers or complains; none panics.
    #[test]
    fn no_input_makes_a_solution_panic(words in prop::collection::vec(garbage_word(), 0..40)) {
        let input = words.join(" ");
        for (_, solve) in PROBLEMS {
            let _ = solve(&input);
        }
    }
}

// ---------------------------------------------------------------------------
// HDU 1847 and 1848: subtraction games.

#[test]
fn hdu1847_matches_a_search_of_the_card_game() {
    let input: String = (1..=300).map(|n| format!("{n}\n")).collect();
    let output = hdu1847::solve(&input).unwrap();
    for (n, answer) in (1..=300u64).zip(answers(&output)) {
        let kiki = first_wins(&vec![n], |p| take_moves(p, u64::is_power_of_two));
        assert_eq!(answer, if kiki { "Kiki" } else { "Cici" }, "n = {n}");
    }
}

fn is_prime_power(n: u64) -> bool {
    // 1 = p^0 counts; otherwise n has exactly one prime factor.
    let Some(p) = (2..=n).find(|d| n.is_multiple_of(*d)) else {
        return n == 1;
    };
    let mut m = n;
    while m.is_multiple_of(p) {
        m /= p;
    }
    m == 1
}

#[test]
fn luogu_p4018_matches_a_search_of_the_stone_game() {
    let input = format!(
        "300\n{}",
        (1..=300).map(|n| format!("{n}\n")).collect::<String>()
    );
    let output = luogu_p4018::solve(&input).unwrap();
    for (n, answer) in (1..=300u64).zip(answers(&output)) {
        let october = first_wins(&vec![n], |p| take_moves(p, is_prime_power));
        let expected = if october {
            "October wins!"
        } else {
            "Roy wins!"
        };
        assert_eq!(answer, expected, "n = {n}");
    }
}

/// The pattern of the known solution (the first player loses exactly on
/// the multiples of 6) is what the engine finds, not what it is told: the
/// period it certifies is 6 with value `n mod 6`, and heaps far beyond any
/// table follow it.
#[test]
fn luogu_p4018_the_engine_finds_period_six() {
    let family = luogu_p4018::family().unwrap();
    let limits = grundy::Limits::default();
    let period = family.periodicity(&limits).unwrap().into_period().unwrap();
    assert!(period.certified());
    assert_eq!((period.period, period.saltus), (6, 0));
    for n in (0..500).chain([49_999_998, 50_000_000, 1 << 40]) {
        let v = grundy::analysis::normal::value(&heaps(&family, &[n]), &limits).unwrap();
        assert_eq!(v.0, n % 6, "G({n})");
    }
    let output = luogu_p4018::solve("3\n49999998\n50000000\n999999999996\n").unwrap();
    assert_eq!(output, "Roy wins!\nOctober wins!\nRoy wins!\n");
    assert_eq!(
        luogu_p4018::prime_powers(20),
        [1, 2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19]
    );
}

fn is_fibonacci(n: u64) -> bool {
    let (mut a, mut b) = (1, 2);
    while a < n {
        (a, b) = (b, a + b);
    }
    a == n
}

#[test]
fn hdu1848_matches_a_search_of_the_three_pile_game() {
    // Every triple of piles up to 8, searched as one game (no theorem).
    let triples: Vec<[u64; 3]> = (1..=8)
        .flat_map(|m| (1..=8).flat_map(move |n| (1..=8).map(move |p| [m, n, p])))
        .collect();
    let mut input: String = triples.iter().map(|t| format!("{}\n", words(t))).collect();
    input.push_str("0 0 0\n");
    let output = hdu1848::solve(&input).unwrap();
    let mut memo = HashMap::new();
    let moves = |p: &Vec<u64>| take_moves(p, is_fibonacci);
    for (t, answer) in triples.iter().zip(answers(&output)) {
        let fibo = wins(&t.to_vec(), &moves, false, &mut memo);
        assert_eq!(answer, if fibo { "Fibo" } else { "Nacci" }, "{t:?}");
    }
}

// ---------------------------------------------------------------------------
// HDU 1850, POJ 2234: Nim.

fn piles(count: std::ops::RangeInclusive<usize>, most: u64) -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(1..=most, count)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The number of winning first moves, counted by trying each move.
    #[test]
    fn hdu1850_counts_the_winning_moves_a_search_finds(p in piles(2..=4, 7)) {
        let output = hdu1850::solve(&format!("{}\n{}\n0\n", p.len(), words(&p))).unwrap();
        let mut memo = HashMap::new();
        let winning = nim_moves(&p)
            .iter()
            .filter(|next| !wins(*next, &nim_moves, false, &mut memo))
            .count();
        prop_assert_eq!(output, format!("{winning}\n"));
    }

    #[test]
    fn poj2234_matches_a_search_of_nim(p in piles(1..=4, 7)) {
        let output = poj2234::solve(&format!("{} {}\n", p.len(), words(&p))).unwrap();
        let yes = first_wins(&p, nim_moves);
        prop_assert_eq!(output, if yes { "Yes\n" } else { "No\n" });
    }
}

// ---------------------------------------------------------------------------
// HDU 1536: S-Nim.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn hdu1536_matches_a_search_of_each_position(
        set in prop::collection::vec(1u64..=6, 1..=3),
        positions in prop::collection::vec(prop::collection::vec(0u64..=10, 1..=3), 1..=4),
    ) {
        let mut input = format!("{} {}\n{}\n", set.len(), words(&set), positions.len());
        for heaps in &positions {
            input.push_str(&format!("{} {}\n", heaps.len(), words(heaps)));
        }
        input.push_str("0\n");
        let output = hdu1536::solve(&input).unwrap();
        let expected: String = positions
            .iter()
            .map(|heaps| {
                let w = first_wins(heaps, |p| take_moves(p, |t| set.contains(&t)));
                if w { 'W' } else { 'L' }
            })
            .collect();
        prop_assert_eq!(output, format!("{expected}\n"));
    }
}

// ---------------------------------------------------------------------------
// HDU 1907 and Luogu P4279: misère Nim.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn hdu1907_and_p4279_match_a_search_of_misere_nim(cases in prop::collection::vec(piles(1..=4, 6), 1..=3)) {
        let mut input = format!("{}\n", cases.len());
        for p in &cases {
            input.push_str(&format!("{}\n{}\n", p.len(), words(p)));
        }
        let mut memo = HashMap::new();
        let expected: Vec<&str> = cases
            .iter()
            .map(|p| {
                // The player facing no sweets did not eat the last one: wins.
                let john = wins(p, &nim_moves, true, &mut memo);
                if john { "John" } else { "Brother" }
            })
            .collect();
        let expected = format!("{}\n", expected.join("\n"));
        prop_assert_eq!(hdu1907::solve(&input).unwrap(), expected.clone());
        prop_assert_eq!(luogu_p4279::solve(&input).unwrap(), expected);
    }
}

// ---------------------------------------------------------------------------
// Luogu P2575: the row game.

/// A row as cells, moved by the problem's words: a piece goes to the first
/// empty cell on its right, if there is one.
fn row_moves(cells: &[bool]) -> Vec<Vec<bool>> {
    let mut out = Vec::new();
    for from in (0..cells.len()).filter(|&c| cells[c]) {
        if let Some(to) = (from + 1..cells.len()).find(|&c| !cells[c]) {
            let mut next = cells.to_vec();
            next[from] = false;
            next[to] = true;
            out.push(next);
        }
    }
    out
}

/// The Grundy value of a row by the definition, mex over its moves.
fn naive_row_value(cells: &Vec<bool>, memo: &mut HashMap<Vec<bool>, u64>) -> u64 {
    if let Some(&v) = memo.get(cells) {
        return v;
    }
    let values: Vec<u64> = row_moves(cells)
        .iter()
        .map(|next| naive_row_value(next, memo))
        .collect();
    let v = (0..).find(|g| !values.contains(g)).unwrap();
    memo.insert(cells.clone(), v);
    v
}

fn cells_of(mask: u32, width: u32) -> Vec<bool> {
    (0..width).map(|c| mask & (1 << c) != 0).collect()
}

#[test]
fn p2575_row_values_match_the_definition_on_every_short_board() {
    let mut checked = 0;
    for width in 1..=10u32 {
        let mut solver = Solver::new(luogu_p2575::Row::new(width), Config::default());
        let mut memo = HashMap::new();
        for mask in 0..(1u32 << width) {
            let expected = naive_row_value(&cells_of(mask, width), &mut memo);
            assert_eq!(
                solver.value(&mask).unwrap().value(),
                expected,
                "width {width}, mask {mask:b}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, (1 << 11) - 2);
}

/// The hand solution: the pieces between consecutive empty cells, counted
/// from the right, are the steps of a Staircase Nim (a move sends some of
/// a block's pieces into the block to its right).
fn gap_staircase(mask: u32, width: u32) -> Vec<u64> {
    let mut steps = Vec::new();
    let mut block = None;
    for c in (0..width).rev() {
        if mask & (1 << c) == 0 {
            if let Some(count) = block.replace(0) {
                steps.push(count);
            }
        } else if let Some(count) = block.as_mut() {
            *count += 1;
        }
    }
    steps.extend(block);
    steps
}

#[test]
fn p2575_rows_are_staircase_nim_on_the_gaps() {
    let mut solver = Solver::new(luogu_p2575::Row::new(12), Config::default());
    let mut staircase = Solver::new(grundy::games::staircase::Staircase, Config::default());
    for mask in 0..(1u32 << 12) {
        let expected = staircase.value(&gap_staircase(mask, 12)).unwrap();
        assert_eq!(solver.value(&mask).unwrap(), expected, "{mask:012b}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whole boards of up to three rows, pieces in the last five columns,
    /// searched as one game against the solution's sum of rows.
    #[test]
    fn p2575_matches_a_search_of_whole_boards(
        board in prop::collection::vec(prop::collection::btree_set(16u64..=20, 0..=5), 1..=3),
    ) {
        let mut input = format!("1\n{}\n", board.len());
        for row in &board {
            let columns: Vec<u64> = row.iter().copied().collect();
            input.push_str(&format!("{} {}\n", columns.len(), words(&columns)));
        }
        let rows: Vec<Vec<bool>> = board
            .iter()
            .map(|row| (1..=20).map(|c| row.contains(&c)).collect())
            .collect();
        let yes = first_wins(&rows, |rows| {
            let mut out = Vec::new();
            for (i, row) in rows.iter().enumerate() {
                for next in row_moves(row) {
                    let mut b = rows.clone();
                    b[i] = next;
                    out.push(b);
                }
            }
            out
        });
        prop_assert_eq!(luogu_p2575::solve(&input).unwrap(), if yes { "YES\n" } else { "NO\n" });
    }
}

// ---------------------------------------------------------------------------
// Luogu P3480: the pebble game itself.

/// The pebble game's moves: lower one pile, never below its left neighbour.
fn pebble_moves(piles: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..piles.len() {
        let floor = if i == 0 { 0 } else { piles[i - 1] };
        for left in floor..piles[i] {
            let mut next = piles.to_vec();
            next[i] = left;
            out.push(next);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn p3480_matches_a_search_of_the_pebble_game(mut p in prop::collection::vec(0u64..=6, 1..=4)) {
        p.sort_unstable();
        let output = luogu_p3480::solve(&format!("1\n{}\n{}\n", p.len(), words(&p))).unwrap();
        let tak = first_wins(&p, |p: &Vec<u64>| pebble_moves(p));
        prop_assert_eq!(output, if tak { "TAK\n" } else { "NIE\n" });
    }
}

// ---------------------------------------------------------------------------
// POJ 3710: cutting edges one by one.

/// A picture for the brute force: edges between nodes, and the roots
/// (one per tree) that hold it up.
struct Drawing {
    edges: Vec<(u32, u32)>,
    roots: Vec<u32>,
}

impl Drawing {
    /// The standing edges still joined to a root.
    fn grounded(&self, standing: u32) -> u32 {
        let mut reached: Vec<u32> = self.roots.clone();
        let mut kept = 0u32;
        let mut grew = true;
        while grew {
            grew = false;
            for (e, &(a, b)) in self.edges.iter().enumerate() {
                let bit = 1 << e;
                if standing & bit != 0
                    && kept & bit == 0
                    && (reached.contains(&a) || reached.contains(&b))
                {
                    kept |= bit;
                    reached.extend([a, b]);
                    grew = true;
                }
            }
        }
        kept
    }

    /// Cut each standing edge in turn; what falls is gone.
    fn cuts(&self, standing: u32) -> Vec<u32> {
        (0..self.edges.len())
            .filter(|e| standing & (1 << e) != 0)
            .map(|e| self.grounded(standing & !(1 << e)))
            .collect()
    }
}

/// One tree of the problem: nodes 1..=m, node 1 the root, built from a list
/// of steps that hang a stalk edge or a polygon on an existing node.
fn tree(steps: &[(usize, usize)]) -> (u32, Vec<(u32, u32)>) {
    let mut nodes = 1u32;
    let mut edges = Vec::new();
    for &(at, polygon) in steps {
        let at = (at as u32 % nodes) + 1;
        if polygon < 2 {
            nodes += 1;
            edges.push((at, nodes));
        } else {
            // A polygon of `polygon + 1` sides hanging from `at`.
            let mut last = at;
            for _ in 0..polygon {
                nodes += 1;
                edges.push((last, nodes));
                last = nodes;
            }
            edges.push((last, at));
        }
    }
    (nodes, edges)
}

fn tree_steps() -> impl Strategy<Value = Vec<(usize, usize)>> {
    // (node to hang from, 0/1 for an edge or 2..=4 for a 3- to 5-gon)
    prop::collection::vec((0usize..8, 0usize..=4), 1..=4)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn poj3710_matches_cutting_edges_one_by_one(trees in prop::collection::vec(tree_steps(), 1..=2)) {
        let built: Vec<(u32, Vec<(u32, u32)>)> = trees.iter().map(|s| tree(s)).collect();
        let total_edges: usize = built.iter().map(|(_, e)| e.len()).sum();
        prop_assume!(total_edges <= 14);
        let mut input = format!("{}\n", built.len());
        // The brute force plays all trees as one drawing, each tree's nodes
        // shifted past the previous tree's.
        let mut drawing = Drawing { edges: Vec::new(), roots: Vec::new() };
        let mut shift = 0;
        for (nodes, edges) in &built {
            input.push_str(&format!("{nodes} {}\n", edges.len()));
            for &(a, b) in edges {
                input.push_str(&format!("{a} {b}\n"));
                drawing.edges.push((a + shift, b + shift));
            }
            drawing.roots.push(1 + shift);
            shift += nodes;
        }
        let all = (1u32 << drawing.edges.len()) - 1;
        let sally = first_wins(&all, |&standing| drawing.cuts(standing));
        prop_assert_eq!(poj3710::solve(&input).unwrap(), if sally { "Sally\n" } else { "Harry\n" });
    }
}

#[test]
fn poj3710_takes_test_cases_up_to_the_end_of_the_input() {
    // A lone edge (*1) twice is 0; a triangle on the root is a loop, *1.
    let input = "2\n2 1\n1 2\n2 1\n2 1\n1\n3 3\n1 2\n2 3\n3 1\n";
    assert_eq!(poj3710::solve(input).unwrap(), "Harry\nSally\n");
}

/// E&D played directly: a move removes one pile of a group and splits the
/// other into two non-empty piles (a search with no Grundy values).
fn ed_first_wins(groups: &[(u64, u64)]) -> bool {
    first_wins(&groups.to_vec(), |groups: &Vec<(u64, u64)>| {
        let mut next = Vec::new();
        for (k, &(a, b)) in groups.iter().enumerate() {
            for kept in [a, b] {
                for part in 1..kept {
                    let mut after = groups.clone();
                    after[k] = (part, kept - part);
                    next.push(after);
                }
            }
        }
        next
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn luogu_p2148_matches_a_search_of_the_game(groups in prop::collection::vec((1u64..=6, 1u64..=6), 1..=2)) {
        let piles: Vec<u64> = groups.iter().flat_map(|&(a, b)| [a, b]).collect();
        let input = format!("1\n{}\n{}\n", piles.len(), words(&piles));
        let expected = if ed_first_wins(&groups) { "YES\n" } else { "NO\n" };
        prop_assert_eq!(luogu_p2148::solve(&input).unwrap(), expected);
    }
}
