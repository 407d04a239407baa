//! Cram, Node Kayles and Chomp against plain references written here from
//! the rules alone: a memoised mex over explicit moves, with no splitting
//! into pieces, no symmetry and no bitboard tricks. Every small board is
//! checked, then random blocked boards and random graphs, sums, winning
//! moves, a starved transposition table, the published facts, and errors.

use std::collections::HashMap;

use grundy::analysis::{self, Method, Value, Verdict};
use grundy::board::{BoardFamily, Cells, Region, Rule, Search, Strategy};
use grundy::expr::{Family, Play, Position};
use grundy::graph::Graph;
use grundy::{Limits, Nimber};
use proptest::prelude::*;

use super::common::{TempFile, assert_agree, engine_value};

/// The mex of a set of values.
fn mex(values: &[u32]) -> u32 {
    (0..).find(|v| !values.contains(v)).expect("a mex exists")
}

/// Cram by the rules: `free[r][c]` cells; a move covers two free cells
/// side by side or one above the other.
fn cram_reference(free: Vec<Vec<bool>>, memo: &mut HashMap<Vec<Vec<bool>>, u32>) -> u32 {
    if let Some(&v) = memo.get(&free) {
        return v;
    }
    let (h, w) = (free.len(), free[0].len());
    let mut options = Vec::new();
    for r in 0..h {
        for c in 0..w {
            for (dr, dc) in [(0, 1), (1, 0)] {
                let (r2, c2) = (r + dr, c + dc);
                if r2 < h && c2 < w && free[r][c] && free[r2][c2] {
                    let mut next = free.clone();
                    next[r][c] = false;
                    next[r2][c2] = false;
                    options.push(cram_reference(next, memo));
                }
            }
        }
    }
    let v = mex(&options);
    memo.insert(free, v);
    v
}

/// Node Kayles by the rules: taking a vertex removes it and its neighbours.
fn node_kayles_reference(
    edges: &[Vec<usize>],
    alive: Vec<bool>,
    memo: &mut HashMap<Vec<bool>, u32>,
) -> u32 {
    if let Some(&v) = memo.get(&alive) {
        return v;
    }
    let mut options = Vec::new();
    for v in 0..alive.len() {
        if alive[v] {
            let mut next = alive.clone();
            next[v] = false;
            for &u in &edges[v] {
                next[u] = false;
            }
            options.push(node_kayles_reference(edges, next, memo));
        }
    }
    let value = mex(&options);
    memo.insert(alive, value);
    value
}

/// Chomp by the rules: rows of a bar from the top; a bite at (r, c) takes
/// every cell (r', c') with r' >= r and c' >= c, never the cell (0, 0).
fn chomp_reference(rows: Vec<usize>, memo: &mut HashMap<Vec<usize>, u32>) -> u32 {
    if let Some(&v) = memo.get(&rows) {
        return v;
    }
    let mut options = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[r] {
            if (r, c) != (0, 0) {
                let next = rows
                    .iter()
                    .enumerate()
                    .map(|(i, &n)| if i >= r { n.min(c) } else { n })
                    .collect();
                options.push(chomp_reference(next, memo));
            }
        }
    }
    let v = mex(&options);
    memo.insert(rows, v);
    v
}

/// The edges of the `h × w` grid graph, vertex `r * w + c`.
fn grid_edges(h: usize, w: usize) -> Vec<Vec<usize>> {
    let mut edges = vec![Vec::new(); h * w];
    for r in 0..h {
        for c in 0..w {
            if c + 1 < w {
                edges[r * w + c].push(r * w + c + 1);
                edges[r * w + c + 1].push(r * w + c);
            }
            if r + 1 < h {
                edges[r * w + c].push((r + 1) * w + c);
                edges[(r + 1) * w + c].push(r * w + c);
            }
        }
    }
    edges
}

/// The cell names of the cells not free, as arguments after the board.
fn taken(free: &[Vec<bool>]) -> String {
    let mut s = String::new();
    for (r, row) in free.iter().enumerate() {
        for (c, &f) in row.iter().enumerate() {
            if !f {
                s.push_str(&format!(",{}{}", (b'a' + c as u8) as char, r + 1));
            }
        }
    }
    s
}

fn value(expr: &str) -> u64 {
    engine_value(expr).0
}

/// All rectangles up to 4 × 4, all 3 × N and 2 × N up to N = 6 and 8, and
/// strips up to 1 × 14, each against the reference.
#[test]
fn cram_on_every_small_rectangle() {
    let mut memo = HashMap::new();
    let mut sizes: Vec<(usize, usize)> = Vec::new();
    for h in 1..=4 {
        for w in 1..=4 {
            sizes.push((h, w));
        }
    }
    sizes.extend((5..=6).map(|w| (3, w)));
    sizes.extend((5..=8).map(|w| (2, w)));
    sizes.extend((5..=14).map(|w| (1, w)));
    for (h, w) in sizes {
        let want = cram_reference(vec![vec![true; w]; h], &mut memo);
        assert_eq!(
            value(&format!("cram({h}x{w})")),
            want as u64,
            "cram({h}x{w})"
        );
    }
}

/// Every position of 3 × 4 and 2 × 5 Cram (every set of taken cells, not
/// only those reachable by dominoes) against the reference.
#[test]
fn cram_on_every_blocked_board_of_twelve_cells() {
    let mut memo = HashMap::new();
    for (h, w) in [(3usize, 4usize), (2, 5)] {
        for mask in 0u32..1 << (h * w) {
            let free: Vec<Vec<bool>> = (0..h)
                .map(|r| (0..w).map(|c| mask >> (r * w + c) & 1 == 1).collect())
                .collect();
            let expr = format!("cram({h}x{w}{})", taken(&free));
            assert_eq!(
                value(&expr),
                cram_reference(free, &mut memo) as u64,
                "{expr}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// Random boards up to 5 × 5 with about a third of the cells blocked.
    #[test]
    fn cram_on_random_blocked_boards(h in 1usize..=5, w in 1usize..=5, seed in any::<u64>()) {
        let mut x = seed | 1;
        let free: Vec<Vec<bool>> = (0..h)
            .map(|_| (0..w).map(|_| {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                x % 3 != 0
            }).collect())
            .collect();
        let expr = format!("cram({h}x{w}{})", taken(&free));
        let want = cram_reference(free, &mut HashMap::new());
        prop_assert_eq!(value(&expr), want as u64, "{}", expr);
    }

    /// Node Kayles on random graphs of up to 11 vertices, through the
    /// library's family on a graph.
    #[test]
    fn node_kayles_on_random_graphs(n in 1usize..=11, seed in any::<u64>(), density in 1u64..6) {
        let mut x = seed | 1;
        let mut edges = vec![Vec::new(); n];
        let mut pairs = Vec::new();
        for u in 0..n {
            for v in u + 1..n {
                x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                if x % 6 < density {
                    edges[u].push(v);
                    edges[v].push(u);
                    pairs.push((u as u32, v as u32));
                }
            }
        }
        let names = (0..n).map(|v| format!("v{v}")).collect();
        let graph = Graph::new(names, &pairs, None).unwrap();
        let family = BoardFamily::node_kayles_graph("random.txt", &graph).unwrap();
        let got = family.value(&[], &Limits::default()).unwrap();
        let want = node_kayles_reference(&edges, vec![true; n], &mut HashMap::new());
        prop_assert_eq!(got, Nimber(want as u64));
    }
}

/// Every graph on five vertices (all 1024 edge sets).
#[test]
fn node_kayles_on_every_graph_of_five_vertices() {
    let pairs: Vec<(u32, u32)> = (0..5u32)
        .flat_map(|u| (u + 1..5).map(move |v| (u, v)))
        .collect();
    for mask in 0u32..1 << pairs.len() {
        let chosen: Vec<(u32, u32)> = pairs
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, &p)| p)
            .collect();
        let mut edges = vec![Vec::new(); 5];
        for &(u, v) in &chosen {
            edges[u as usize].push(v as usize);
            edges[v as usize].push(u as usize);
        }
        let names = (1..=5).map(|v| v.to_string()).collect();
        let graph = Graph::new(names, &chosen, None).unwrap();
        let family = BoardFamily::node_kayles_graph("g.txt", &graph).unwrap();
        let want = node_kayles_reference(&edges, vec![true; 5], &mut HashMap::new());
        assert_eq!(
            family.value(&[], &Limits::default()).unwrap(),
            Nimber(want as u64),
            "{chosen:?}"
        );
    }
}

/// Node Kayles on grids up to 4 × 4 and 3 × N for N up to 6.
#[test]
fn node_kayles_on_small_grids() {
    let mut sizes = Vec::new();
    for h in 1..=4 {
        for w in 1..=4 {
            sizes.push((h, w));
        }
    }
    sizes.extend([(3, 5), (3, 6), (2, 8)]);
    for (h, w) in sizes {
        let want = node_kayles_reference(&grid_edges(h, w), vec![true; h * w], &mut HashMap::new());
        assert_eq!(
            value(&format!("nodekayles(grid,{h}x{w})")),
            want as u64,
            "{h}x{w}"
        );
    }
}

/// Node Kayles on a path is Dawson's Chess, the octal game 0.137: taking
/// an end vertex removes two (one from a single vertex), an inner vertex
/// removes three and may split the path (Berlekamp, Conway and Guy,
/// Winning Ways, chapter 4, "Dawson's Chess"; OEIS A002187). On a cycle
/// every first move leaves the same path of n - 3 vertices. Both are checked here
/// against the engine's own octal tables and the reference.
#[test]
fn node_kayles_on_paths_and_cycles() {
    for n in 1..=60u64 {
        assert_eq!(
            value(&format!("nodekayles(path,{n})")),
            value(&format!("dawson-chess({n})")),
            "path {n}"
        );
    }
    for n in 4..=40u64 {
        // Every option is the same path, so the value is the mex of one value.
        let path = value(&format!("dawson-chess({})", n - 3));
        let want = if path == 0 { 1 } else { 0 };
        assert_eq!(value(&format!("nodekayles(cycle,{n})")), want, "cycle {n}");
    }
    for n in 1..=9usize {
        let edges: Vec<Vec<usize>> = (0..n)
            .map(|v| {
                if n == 1 {
                    vec![]
                } else if n == 2 {
                    vec![1 - v]
                } else {
                    vec![(v + 1) % n, (v + n - 1) % n]
                }
            })
            .collect();
        let want = node_kayles_reference(&edges, vec![true; n], &mut HashMap::new());
        assert_eq!(
            value(&format!("nodekayles(cycle,{n})")),
            want as u64,
            "cycle {n}"
        );
    }
}

/// Cram on a 1 × n strip is Dawson's Kayles, the octal game 0.07: a domino
/// takes two adjacent cells of a row, from an end or splitting it.
#[test]
fn cram_strips_are_dawsons_kayles() {
    for n in 1..=100u64 {
        assert_eq!(
            value(&format!("cram(1x{n})")),
            value(&format!("dawson({n})")),
            "1x{n}"
        );
    }
}

/// Even × even boards are second-player wins and even × odd boards
/// first-player wins, by the symmetry strategies (Gardner; see the
/// "Symmetry play" section of Wikipedia's "Cram (game)").
#[test]
fn cram_symmetry_outcomes() {
    for (h, w) in [(2, 2), (2, 4), (4, 4), (2, 6), (4, 6), (6, 6), (2, 10)] {
        assert_eq!(value(&format!("cram({h}x{w})")), 0, "{h}x{w}");
    }
    for (h, w) in [(2, 3), (2, 5), (4, 3), (4, 5), (2, 9), (6, 3)] {
        assert_ne!(value(&format!("cram({h}x{w})")), 0, "{h}x{w}");
    }
}

/// Values of full boards as published by P. Beling with his solver igsolve:
/// the table "Cram (under the normal play convention)" in the README of the
/// repository beling/impartial-games ("The results obtained so far"). The
/// boards here take at most a few seconds; the larger ones of that table
/// (5 × 8 to 7 × 9, `*1` for 5 × 8 and 5 × 9, `*2` for 5 × 10, `*5` for
/// 6 × 7) are checked by hand in docs/BENCHMARKS.md.
#[test]
fn cram_matches_published_values() {
    let published = [
        (4, 4, 0),
        (4, 5, 2),
        (4, 6, 0),
        (4, 7, 3),
        (4, 8, 0),
        (4, 9, 1),
        (4, 10, 0),
        (5, 5, 0),
        (5, 6, 2),
        (5, 7, 1),
        (6, 6, 0),
        (6, 8, 0),
    ];
    for (h, w, want) in published {
        assert_eq!(value(&format!("cram({h}x{w})")), want, "{h}x{w}");
        assert_eq!(value(&format!("cram({w}x{h})")), want, "{w}x{h}");
    }
}

/// Every bar up to 5 × 5 and some shapes that are not bars.
#[test]
fn chomp_against_the_reference() {
    let mut memo = HashMap::new();
    for h in 1..=5 {
        for w in 1..=5 {
            let want = chomp_reference(vec![w; h], &mut memo);
            assert_eq!(value(&format!("chomp({h}x{w})")), want as u64, "{h}x{w}");
        }
    }
    for rows in [
        vec![5, 3, 3, 1],
        vec![7, 2],
        vec![4, 4, 4, 2, 1, 1],
        vec![1, 1, 1],
    ] {
        let text: Vec<String> = rows.iter().map(|n| n.to_string()).collect();
        let want = chomp_reference(rows.clone(), &mut memo);
        assert_eq!(value(&format!("chomp({})", text.join(","))), want as u64);
    }
    // A 2 × n bar is a first-player win whose winning bite leaves an
    // L with rows n and n - 1 (the classic strategy).
    let r = analysis::analyze(
        &Position::parse("chomp(2x6)").unwrap(),
        Play::Normal,
        Method::Auto,
        &Limits::default(),
    )
    .unwrap();
    let moves: Vec<String> = r.winning_moves.iter().map(|m| m.to_string()).collect();
    assert!(moves.contains(&"chomp(6,5)".to_string()), "{moves:?}");
}

/// Sums of board games with each other and with heaps: the engine's value
/// is the nim-sum, and brute force over the whole sum's moves (which uses
/// the families' moves, not their values) agrees.
#[test]
fn sums_follow_the_nim_sum_and_brute_force() {
    for expr in [
        "cram(2x3) + chomp(2x2) + nodekayles(path,4)",
        "cram(2x2,a1) + nim(2) + nodekayles(grid,2x2)",
        "chomp(3,1) + cram(1x5) + kayles(3)",
    ] {
        assert_agree(expr);
    }
    let parts = [
        "cram(4x5)",
        "nodekayles(grid,3x4)",
        "chomp(4x4)",
        "kayles(9)",
    ];
    let sum = parts.iter().map(|p| value(p)).fold(0, |a, b| a ^ b);
    assert_eq!(value(&parts.join(" + ")), sum);
}

/// Each reported winning move leaves a position of value 0, and every
/// move of value 0 is reported.
#[test]
fn winning_moves_lead_to_p_positions() {
    for expr in [
        "cram(4x5)",
        "cram(3x5) + kayles(4)",
        "nodekayles(grid,3x4)",
        "nodekayles(cycle,8) + nim(1)",
        "chomp(4x5)",
    ] {
        let limits = Limits::default();
        let p = Position::parse(expr).unwrap();
        let r = analysis::analyze(&p, Play::Normal, Method::Auto, &limits).unwrap();
        let all = analysis::moves(&p, Play::Normal, Method::Auto, &limits).unwrap();
        let zero: Vec<String> = all
            .moves
            .iter()
            .filter(|m| {
                grundy::analysis::normal::value(&m.position.position, &limits).unwrap() == Nimber(0)
            })
            .map(|m| m.position.to_string())
            .collect();
        let mut reported: Vec<String> = r.winning_moves.iter().map(|m| m.to_string()).collect();
        reported.sort();
        let mut zero_sorted = zero.clone();
        zero_sorted.sort();
        assert_eq!(reported, zero_sorted, "{expr}");
        assert_eq!(r.verdict == Verdict::N, !zero.is_empty(), "{expr}");
        let Some(Value::Grundy(g)) = r.value else {
            panic!("{expr}: a Grundy value")
        };
        assert_eq!(g.is_zero(), zero.is_empty(), "{expr}");
    }
}

/// A board file and the same board written with its blocked cells agree,
/// and the file's position prints back as text that parses to it.
#[test]
fn board_files_match_written_boards() {
    let file = TempFile::new("board.txt", "% an L and a gap\n..#.\n....\n.##.\n");
    let by_file = value(&format!("cram[{}]", file.path()));
    assert_eq!(by_file, value("cram(3x4,c1,b3,c3)"));
    let p = Position::parse(&format!("cram[{}](a1,a2)", file.path())).unwrap();
    assert_eq!(value(&p.to_string()), value("cram(3x4,c1,b3,c3,a1,a2)"));

    let graph = TempFile::new("g.txt", "a b\nb c\nc d\nd a\na c\n");
    let want = node_kayles_reference(
        &[vec![1, 3, 2], vec![0, 2], vec![1, 3, 0], vec![2, 0]],
        vec![true; 4],
        &mut HashMap::new(),
    );
    assert_eq!(value(&format!("nodekayles[{}]", graph.path())), want as u64);
}

/// A transposition table of a few kilobytes still finds the right value:
/// it forgets and searches again rather than failing.
#[test]
fn a_starved_table_still_finds_the_value() {
    let limits = Limits::default().with_max_memory(16 << 10);
    let board = Cells::Grid(Region::new(4, 5, (1u128 << 20) - 1));
    let mut small = Search::new(Rule::Cram);
    let got = small.value(board, &limits).unwrap();
    assert!(
        small.table_size().bytes <= 8 << 10,
        "{}",
        small.table_size().bytes
    );
    assert!(small.table_size().replaced > 0);
    let mut roomy = Search::new(Rule::Cram);
    assert_eq!(got, roomy.value(board, &Limits::default()).unwrap());
    assert_eq!(got, Nimber(value("cram(4x5)")));
}

/// A stop flag set before the search ends it with an interruption.
#[test]
fn a_set_stop_flag_interrupts_the_search() {
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let limits = Limits::default().with_stop(Some(stop));
    let mut search = Search::new(Rule::Cram);
    let board = Cells::Grid(Region::new(5, 5, (1u128 << 25) - 1));
    let err = search.value(board, &limits).unwrap_err();
    assert!(err.to_string().contains("nterrupt"), "{err}");
}

/// Bad sizes, cells, shapes and files are refused with a message that says
/// what is wrong.
#[test]
fn bad_boards_are_refused_with_reasons() {
    let err = |expr: &str| {
        Position::parse(expr)
            .and_then(|p| grundy::analysis::normal::value(&p, &Limits::default()).map(|_| ()))
            .unwrap_err()
            .to_string()
    };
    assert!(err("cram(12x12)").contains("at most 128 cells"));
    assert!(err("cram(0x3)").contains("at least one row"));
    assert!(err("cram(3)").contains("board size first"));
    assert!(err("cram(3x3,d1)").contains("off the 3x3 board"));
    assert!(err("cram(3x3,a1,a1)").contains("listed twice"));
    assert!(err("nodekayles(star,5)").contains("unknown graph shape"));
    assert!(err("nodekayles(path,200)").contains("1 to 128"));
    assert!(err("chomp(2,3)").contains("must not grow"));
    assert!(err("chomp(0,0)").contains("poisoned"));
    assert!(err("cram[no-such-board.txt]").contains("no-such-board.txt"));
    let wide = TempFile::new("wide.txt", &".".repeat(129));
    assert!(err(&format!("cram[{}]", wide.path())).contains("at most 128"));
    let huge = Limits::default().with_max_memory(1 << 20);
    let p = Position::parse("chomp(14x14)").unwrap();
    let e = grundy::analysis::normal::value(&p, &huge).unwrap_err();
    assert!(e.to_string().contains("memory"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// The bounds search ("is the value k?") and the plain mex search agree
    /// on random Cram and Node Kayles boards of up to 30 cells.
    #[test]
    fn bounds_search_agrees_with_mex_search(h in 1u8..=5, w in 1u8..=6, seed in any::<u64>()) {
        let mut x = seed | 1;
        let mut bits = 0u128;
        for i in 0..h as u32 * w as u32 {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            if x % 4 != 0 {
                bits |= 1 << i;
            }
        }
        let board = Cells::Grid(Region::new(h, w, bits));
        for rule in [Rule::Cram, Rule::NodeKayles] {
            let limits = Limits::default();
            let fast = Search::new(rule).value(board, &limits).unwrap();
            let plain = Search::new(rule).with_strategy(Strategy::Mex).value(board, &limits).unwrap();
            prop_assert_eq!(fast, plain, "{:?} {:?}", rule, board);
            // "Is the value k?" agrees with the value, for every k near it.
            let mut asked = Search::new(rule);
            for k in 0..=plain.0 + 2 {
                let is = asked.value_is(board, Nimber(k), &limits).unwrap();
                prop_assert_eq!(is, k == plain.0, "{:?} {:?} k = {}", rule, board, k);
            }
        }
    }
}

/// Node Kayles on the 3 × n grid, n = 1 to 15: OEIS A316632 (Brown,
/// Daugherty, Fiorini et al., "Nimber Sequences of Node-Kayles Games",
/// J. Integer Sequences 23 (2020), Article 20.3.5). The same entry gives
/// the 2 × n ladder as 1, 0, 1, 0, ... (A000035) and the 4 × n grid as
/// all 0 (A000004).
#[test]
fn node_kayles_on_grids_matches_oeis() {
    const A316632: [u64; 16] = [2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3];
    for (n, &want) in A316632.iter().enumerate().take(15) {
        let n = n + 1;
        assert_eq!(value(&format!("nodekayles(grid,3x{n})")), want, "3x{n}");
    }
    for n in 1..=20u64 {
        assert_eq!(value(&format!("nodekayles(grid,2x{n})")), n % 2, "2x{n}");
    }
    for n in 1..=8 {
        assert_eq!(value(&format!("nodekayles(grid,4x{n})")), 0, "4x{n}");
    }
}

/// Node Kayles on the path 1..n with extra edges between vertices three
/// apart, n = 4 to 23: OEIS A317367 (same authors; periodic with period 62
/// from n = 116, proved there).
#[test]
fn node_kayles_on_three_connected_paths_matches_oeis() {
    const A317367: [u64; 20] = [0, 2, 1, 3, 0, 1, 1, 3, 0, 2, 3, 3, 2, 2, 3, 4, 2, 4, 0, 4];
    for (i, &want) in A317367.iter().enumerate() {
        let n = i as u32 + 4;
        let edges: Vec<(u32, u32)> = (0..n)
            .flat_map(|v| [(v, v + 1), (v, v + 3)])
            .filter(|&(_, w)| w < n)
            .collect();
        let names = (1..=n).map(|v| v.to_string()).collect();
        let graph = Graph::new(names, &edges, None).unwrap();
        let family = BoardFamily::node_kayles_graph("p3.txt", &graph).unwrap();
        let got = family.value(&[], &Limits::default()).unwrap();
        assert_eq!(got, Nimber(want), "n = {n}");
    }
}

/// A table file saved by a Cram search of the `size` board, named `name`,
/// and the limits that keep the table in it.
fn saved_cram_table(name: &str, size: &str) -> (TempFile, Limits) {
    let file = TempFile::new(name, "");
    std::fs::remove_file(&file.0).unwrap();
    let limits = Limits::default().with_checkpoint(Some(file.0.clone()));
    let board = [grundy::expr::Arg::Word(size.into())];
    let got = BoardFamily::cram().value(&board, &limits).unwrap();
    assert_eq!(got, Nimber(value(&format!("cram({size})"))));
    (file, limits)
}

/// A table saved by one search is read back by another, which then finds
/// the value without searching; a table starved of memory reads the same
/// file and finds the same value.
#[test]
fn a_saved_table_reloads_and_answers() {
    let (file, limits) = saved_cram_table("cram.table", "3x7");
    let first = Nimber(value("cram(3x7)"));
    let text = std::fs::read(&file.0).unwrap();
    assert!(text.starts_with(b"grundy-board-table 1\nrule cram\n"));

    let mut again = Search::new(Rule::Cram);
    again.open_table(&file.0, &limits).unwrap();
    assert!(again.table_size().entries > 0);
    let all = Cells::Grid(Region::new(3, 7, (1u128 << 21) - 1));
    assert_eq!(again.value(all, &limits).unwrap(), first);

    let starved = limits.clone().with_max_memory(64 << 10);
    let mut small = Search::new(Rule::Cram);
    small.open_table(&file.0, &starved).unwrap();
    assert!(small.table_size().bytes <= 32 << 10);
    assert_eq!(small.value(all, &starved).unwrap(), first);
}

/// Damaged, foreign or doctored table files are refused with the reason,
/// never believed: checksums catch changed bytes, the length catches a
/// torn file, and values searched again catch a file whose checksums were
/// made to fit wrong values.
#[test]
fn bad_table_files_are_refused() {
    let (file, limits) = saved_cram_table("doctored.table", "3x7");
    let good = std::fs::read(&file.0).unwrap();
    let refused = |bytes: &[u8]| {
        std::fs::write(&file.0, bytes).unwrap();
        let mut s = Search::new(Rule::Cram);
        s.open_table(&file.0, &limits).unwrap_err().to_string()
    };
    assert!(refused(b"hello\n").contains("no header"));
    let head_end = good.windows(6).position(|w| w == b"check ").unwrap() + 15;
    let mut torn = good.clone();
    torn.truncate(good.len() - 10);
    assert!(refused(&torn).contains("torn"), "{}", refused(&torn));
    let mut flipped = good.clone();
    flipped[head_end + 3] ^= 1;
    assert!(refused(&flipped).contains("checksum"));
    let other = String::from_utf8_lossy(&good).replacen("rule cram", "rule nodekayles", 1);
    assert!(refused(other.as_bytes()).contains("checksum"));
    let mut nk = Search::new(Rule::NodeKayles);
    std::fs::write(&file.0, &good).unwrap();
    assert!(
        nk.open_table(&file.0, &limits)
            .unwrap_err()
            .to_string()
            .contains("not of nodekayles")
    );

    // Every known value moved by one (kept within the piece's moves), with
    // the checksum made to fit: only searching again can tell.
    let mut wrong = good.clone();
    let check = u32::from_str_radix(
        std::str::from_utf8(&good[head_end - 9..head_end - 1]).unwrap(),
        16,
    )
    .unwrap();
    let entries = &mut wrong[head_end..good.len() - 4];
    for e in entries.chunks_exact_mut(28) {
        if e[26] >= 2 {
            e[26] -= 1;
        } else if e[26] == 1 {
            e[26] = 2;
        }
    }
    let mut crc = crc32fast::Hasher::new();
    crc.update(&check.to_le_bytes());
    crc.update(entries);
    let n = wrong.len();
    wrong[n - 4..].copy_from_slice(&crc.finalize().to_le_bytes());
    let why = refused(&wrong);
    assert!(why.contains("contradict"), "{why}");
    // The good file still reads.
    std::fs::write(&file.0, &good).unwrap();
    Search::new(Rule::Cram)
        .open_table(&file.0, &limits)
        .unwrap();
}

/// The free spots of a layout by name (Chomp's poisoned corner included:
/// it is in play).
fn open_spots(layout: &grundy::family::layout::Layout) -> Vec<String> {
    use grundy::family::layout::SpotState;
    let mut names: Vec<String> = layout
        .spots
        .iter()
        .filter(|s| matches!(s.state, SpotState::Free | SpotState::Poisoned))
        .map(|s| s.name.clone())
        .collect();
    names.sort();
    names
}

/// The spots of `layout` that playing `cells` takes out of play, by the
/// rules alone, in board order: a domino covers two free neighbouring
/// cells; a vertex goes with its neighbours on the grid, path or cycle
/// (worked out from the rows and columns, not from the layout's edges); a
/// bite takes every cell below and to the right.
fn gone_by_the_rules(layout: &grundy::family::layout::Layout, cells: &[usize]) -> Vec<usize> {
    use grundy::family::layout::{BoardGame, Placement, SpotState};
    let spots = &layout.spots;
    let free = |i: usize| spots[i].state == SpotState::Free;
    let neighbours = |a: usize, b: usize| {
        let (sa, sb) = (&spots[a], &spots[b]);
        match layout.placement {
            Placement::Grid => sa.row.abs_diff(sb.row) + sa.column.abs_diff(sb.column) == 1,
            Placement::Circle => {
                let n = layout.columns;
                let d = sa.column.abs_diff(sb.column);
                n > 1 && (d == 1 || d == n - 1)
            }
        }
    };
    match layout.game {
        BoardGame::Cram => {
            assert_eq!(cells.len(), 2, "a domino covers two cells");
            assert!(free(cells[0]) && free(cells[1]) && neighbours(cells[0], cells[1]));
            let mut gone = cells.to_vec();
            gone.sort_unstable();
            gone
        }
        BoardGame::NodeKayles => {
            let [v] = cells else {
                panic!("a Node Kayles move takes one vertex, not {cells:?}")
            };
            assert!(free(*v));
            (0..spots.len())
                .filter(|&w| free(w) && (w == *v || neighbours(*v, w)))
                .collect()
        }
        BoardGame::Chomp => {
            let [b] = cells else {
                panic!("a Chomp move bites one cell, not {cells:?}")
            };
            assert!(free(*b), "the poisoned corner is never bitten");
            (0..spots.len())
                .filter(|&i| spots[i].row >= spots[*b].row && spots[i].column >= spots[*b].column)
                .collect()
        }
    }
}

/// What playing `cells` leaves of `layout`, by the rules alone
/// ([`gone_by_the_rules`]): the names of the spots still in play.
fn after_by_the_rules(layout: &grundy::family::layout::Layout, cells: &[usize]) -> Vec<String> {
    use grundy::family::layout::SpotState;
    let spots = &layout.spots;
    let gone = gone_by_the_rules(layout, cells);
    let mut left: Vec<String> = (0..spots.len())
        .filter(|i| {
            !gone.contains(i) && matches!(spots[*i].state, SpotState::Free | SpotState::Poisoned)
        })
        .map(|i| spots[i].name.clone())
        .collect();
    left.sort();
    left
}

/// The web page moves on a board by the cells a player points at: for
/// every position reachable on small boards of each game, the cells each
/// move is said to play, applied by the rules, give the board after the
/// move, the cells it is said to remove are those the rules take out of
/// play (all of a Chomp bite, which the page draws where they were), and
/// the same cells never stand for two different moves.
#[test]
fn board_layouts_name_the_cells_each_move_plays() {
    use grundy::play::board::boards;
    let limits = Limits::default();
    let starts = [
        "cram(1x5)",
        "cram(2x3)",
        "cram(3x4)",
        "cram(2x6)",
        "nodekayles(grid,3x3)",
        "nodekayles(grid,2x5)",
        "nodekayles(path,7)",
        "nodekayles(cycle,7)",
        "nodekayles(cycle,2)",
        "chomp(3x4)",
        "chomp(1x6)",
        "chomp(4,3,3,1)",
    ];
    for start in starts {
        let mut seen = std::collections::HashSet::new();
        let mut todo = vec![start.to_string()];
        while let Some(text) = todo.pop() {
            if !seen.insert(text.clone()) || seen.len() > 3000 {
                continue;
            }
            let p = Position::parse(&text).unwrap();
            let views = boards(&p, 400, &limits).unwrap();
            assert_eq!(views.len(), 1, "{text}");
            let view = &views[0];
            assert_eq!(view.text, text);
            let mut by_cells: HashMap<Vec<usize>, String> = HashMap::new();
            for m in &view.moves {
                let after = Position::parse(&m.to).unwrap();
                let after = boards(&after, 400, &limits).unwrap();
                assert_eq!(
                    after_by_the_rules(&view.layout, &m.cells),
                    open_spots(&after[0].layout),
                    "{text} -> {} by {:?}",
                    m.to,
                    m.cells
                );
                assert_eq!(
                    m.removes,
                    gone_by_the_rules(&view.layout, &m.cells),
                    "{text} -> {}: the cells removed",
                    m.to
                );
                let earlier = by_cells.insert(m.cells.clone(), m.to.clone());
                assert!(
                    earlier.is_none_or(|e| e == m.to),
                    "{text}: {:?} is two moves",
                    m.cells
                );
                todo.push(m.position.clone());
            }
        }
    }
}

/// Games not played on a board have no layout, and a sum lists its boards
/// with their places among the components and the whole position after
/// each move.
#[test]
fn only_board_components_are_laid_out() {
    use grundy::play::board::boards;
    let p = Position::parse("nim(3) + chomp(2x2) + kayles(4) + cram(1x3)").unwrap();
    let views = boards(&p, 400, &Limits::default()).unwrap();
    let places: Vec<(usize, &str)> = views
        .iter()
        .map(|v| (v.component, v.text.as_str()))
        .collect();
    assert_eq!(places, [(1, "chomp(2x2)"), (3, "cram(1x3)")]);
    let positions: Vec<&str> = views[1].moves.iter().map(|m| m.position.as_str()).collect();
    assert_eq!(
        positions,
        [
            "nim(3) + chomp(2x2) + kayles(4) + cram(1x3,a1,b1)",
            "nim(3) + chomp(2x2) + kayles(4) + cram(1x3,b1,c1)"
        ]
    );
    assert!(
        boards(
            &Position::parse("nim(3,4)").unwrap(),
            400,
            &Limits::default()
        )
        .unwrap()
        .is_empty()
    );
    // A board too large to lay out is refused before its moves are listed.
    let e = boards(
        &Position::parse("chomp(100x100)").unwrap(),
        400,
        &Limits::default(),
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("chomp(100x100) has 10000 cells or vertices; at most 400"),
        "{e}"
    );
}
