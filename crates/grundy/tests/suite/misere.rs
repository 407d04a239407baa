//! Misère play: every shortcut held against search of the same rules.
//!
//! The oracle is `reference::outcome` with the misère ending: the plain
//! definition (a position with no move is won by the player to move; any
//! other is won exactly when some move leads to a lost position), run on
//! the whole sum with no Grundy values at all.

use std::sync::Arc;

use grundy::expr::{Arg, CanonicalSum, Family, Play, Played, Position, SumGame};
use grundy::graph::{Graph, GraphFamily};
use grundy::heap::{HeapGame, HeapSum};
use grundy::misere::{self, Genus, Method, MisereSolver, nim, sj};
use grundy::solve::reference::{self, Ending};
use grundy::{Config, Limits, Nimber, Outcome, Solver};
use proptest::prelude::*;

use super::small::{kayles, parse, sorted, sum, tokens};

/// The misère outcome of a whole position by the definition.
fn reference_outcome(p: &Position) -> Outcome {
    let (game, start) = SumGame::new(p, &Limits::default());
    let o = reference::outcome(&game, &start, Ending::LastMoverLoses)
        .unwrap_or_else(|e| panic!("{p}: {e}"));
    game.check().unwrap();
    o
}

fn analyze(p: &Position, method: Option<Method>) -> misere::MisereAnalysis {
    misere::analyze(p, method, &Limits::default()).unwrap_or_else(|e| panic!("{p}: {e}"))
}

/// The positions after the winning moves, sorted.
fn winning(a: &misere::MisereAnalysis) -> Vec<String> {
    sorted(a.winning_moves.iter().map(|m| &m.position))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, ..ProptestConfig::default() })]

    /// Whatever method is chosen, the outcome is the definition's, every
    /// reported winning move leads to a lost position, and the moves
    /// to lost positions are exactly the reported ones.
    #[test]
    fn every_method_agrees_with_the_definition(p in sum(3)) {
        let want = reference_outcome(&p);
        let auto = analyze(&p, None);
        let search = analyze(&p, Some(Method::Search));
        prop_assert_eq!(auto.outcome, want, "{} by {:?}", p, auto.method);
        prop_assert_eq!(search.outcome, want, "{}", p);
        for m in &auto.winning_moves {
            prop_assert_eq!(reference_outcome(&m.position), Outcome::P, "{} -> {}", p, m.position);
        }
        let (_, _, all) = misere::moves(&p, None, &Limits::default()).unwrap();
        let lost = sorted(all.iter().map(|m| &m.position).filter(|q| reference_outcome(q) == Outcome::P));
        prop_assert_eq!(&winning(&auto), &lost, "{}", p);
        prop_assert_eq!(&winning(&search), &lost, "{}", p);
    }

    /// The misère Grundy value `k` of a sum found by search is the one
    /// number with `X + *k` lost for the player to move (ONAG ch. 12).
    #[test]
    fn misere_grundy_value_is_the_heap_that_balances(p in sum(2)) {
        let k = analyze(&p, Some(Method::Search)).misere_grundy.unwrap().0;
        prop_assert_eq!(reference_outcome(&parse(&format!("{p} + nim({k})"))), Outcome::P, "{}", p);
        prop_assert_eq!(reference_outcome(&parse(&format!("{p} + nim({})", k + 1))), Outcome::N, "{}", p);
        if k > 0 {
            prop_assert_eq!(reference_outcome(&parse(&format!("{p} + nim({})", k - 1))), Outcome::N, "{}", p);
        }
    }
}

/// Every Nim position of up to four heaps of at most 5 tokens (209 sorted
/// positions): Bouton's rule, its misère Grundy value and its winning
/// moves against search.
#[test]
fn bouton_rule_agrees_with_search_on_all_small_nim_positions() {
    let mut count = 0;
    for len in 1..=4u32 {
        for code in 0..6u64.pow(len) {
            let heaps: Vec<u64> = (0..len).map(|i| code / 6u64.pow(i) % 6).collect();
            if heaps.windows(2).any(|w| w[0] > w[1]) {
                continue;
            }
            count += 1;
            let args: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let p = parse(&format!("nim({})", args.join(",")));
            let want = reference_outcome(&p);
            assert_eq!(nim::first_player_wins(&heaps), want == Outcome::N, "{p}");
            let bouton = analyze(&p, None);
            let search = analyze(&p, Some(Method::Search));
            assert_eq!(bouton.method, Method::Bouton);
            assert_eq!(bouton.misere_grundy, search.misere_grundy, "{p}");
            assert_eq!(
                nim::misere_grundy(&heaps),
                search.misere_grundy.unwrap(),
                "{p}"
            );
            assert_eq!(winning(&bouton), winning(&search), "{p}");
            assert_eq!(
                nim::winning_moves(&heaps).len(),
                bouton.winning_moves.len(),
                "{p}"
            );
        }
    }
    assert_eq!(count, 6 + 21 + 56 + 126);
}

/// HDU 1907 "John" (anti-Nim; whoever eats the last candy loses), sample:
/// heaps 3 5 1 are won by the first player (John), a single heap of 1 by
/// the second (Brother).
#[test]
fn hdu_1907_sample() {
    assert!(nim::first_player_wins(&[3, 5, 1]));
    assert!(!nim::first_player_wins(&[1]));
}

/// A graph where every vertex but the sink `0` has an edge to `0` (so
/// only the sink has value 0: the SJ condition holds), with further
/// edges from `extra` to lower vertices; returns it with its size.
fn sj_graph(name: &str, extra: &[(u32, u32)]) -> (Arc<dyn Family>, u64) {
    let n = extra.iter().map(|&(u, _)| u + 1).max().unwrap_or(1).max(2);
    let names: Vec<String> = (0..n).map(|v| v.to_string()).collect();
    let mut edges: Vec<(u32, u32)> = (1..n).map(|v| (v, 0)).collect();
    edges.extend(extra.iter().filter(|&&(u, v)| v < u && v > 0));
    let graph = Graph::new(names, &edges, None).unwrap();
    (Arc::new(GraphFamily::new(name, graph)), u64::from(n))
}

proptest! {
    /// `misere(...)` prints canonically and parses back to the same text.
    #[test]
    fn misere_positions_round_trip(p in sum(3)) {
        let played = Played { play: Play::Misere, position: p };
        let text = played.to_string();
        let again = Played::parse(&text).unwrap();
        prop_assert_eq!(again.play, Play::Misere);
        prop_assert_eq!(again.to_string(), text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// The SJ theorem where its condition holds: tokens on random graphs
    /// whose only value-0 vertex is the sink, beside Nim heaps.
    #[test]
    fn sj_theorem_agrees_with_search_where_its_condition_holds(
        extra in proptest::collection::vec((1u32..8, 1u32..8), 0..14),
        on in proptest::collection::vec(0u64..8, 1..=3),
        heaps in proptest::collection::vec(0u64..4, 0..=2),
    ) {
        let (graph, n) = sj_graph("g", &extra);
        let on: Vec<u64> = on.into_iter().map(|v| v % n).collect();
        let mut terms = vec![tokens(&graph, &on)];
        if !heaps.is_empty() {
            terms.push(tokens(&grundy::expr::family_named("nim").unwrap(), &heaps));
        }
        let p = Position { terms };
        let limits = Limits::default();
        prop_assert_eq!(sj::condition(&p, &limits).unwrap(), sj::Condition::Holds);
        let a = analyze(&p, Some(Method::Sj));
        prop_assert_eq!(a.outcome, reference_outcome(&p), "{}", p);
        let search = analyze(&p, Some(Method::Search));
        prop_assert_eq!(winning(&a), winning(&search), "{}", p);
    }
}

/// A one-heap game given by a table: the options of heap `n` are lists of
/// heaps (several heaps: a split). Every heap of 1 or more can be emptied.
#[derive(Debug)]
struct TableGame(Vec<Vec<Vec<u64>>>);

impl HeapGame for TableGame {
    fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for parts in &self.0[n as usize] {
            visit(parts);
        }
    }
}

/// A random table game on heaps `0..8`: heap `n` can be emptied, and has
/// random further options below `n`, some of them splits into two heaps.
fn table_game() -> impl Strategy<Value = TableGame> {
    proptest::collection::vec(
        proptest::collection::vec((0u64..8, 0u64..8, any::<bool>()), 0..4),
        8,
    )
    .prop_map(|rows| {
        TableGame(
            rows.into_iter()
                .enumerate()
                .map(|(n, extra)| {
                    let n = n as u64;
                    if n == 0 {
                        return Vec::new();
                    }
                    let mut options = vec![vec![]];
                    for (a, b, split) in extra {
                        let (a, b) = (a % n, b % n);
                        options.push(if split && a + b < n {
                            vec![a, b]
                        } else {
                            vec![a]
                        });
                    }
                    options
                })
                .collect(),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 80, ..ProptestConfig::default() })]

    /// The SJ theorem on sums of heaps of random games, some of which
    /// split heaps (Multi-SG): wherever `sj::check_game` finds the
    /// condition to hold on every heap, the theorem gives the outcome that
    /// search finds, on every multiset of up to three heaps.
    #[test]
    fn sj_theorem_with_splits_holds_wherever_the_check_passes(game in table_game()) {
        let limits = Limits::default();
        let sum = HeapSum(game);
        let holds = (0..8u64).all(|n| sj::check_game(&sum, &vec![n], &limits).unwrap().is_none());
        let mut normal = Solver::new(&sum, Config::default());
        let mut search = MisereSolver::new(&sum, Config::default());
        for a in 0..8u64 {
            for b in a..8 {
                for c in b..8 {
                    let p = HeapSum::<TableGame>::position(&[a, b, c]);
                    let want = reference::outcome(&sum, &p, Ending::LastMoverLoses).unwrap();
                    prop_assert_eq!(search.outcome(&p).unwrap(), want);
                    if holds {
                        let values: Vec<Nimber> =
                            p.iter().map(|&h| normal.value(&vec![h]).unwrap()).collect();
                        prop_assert_eq!(sj::first_player_wins(&values), want == Outcome::N, "{:?}", p);
                    }
                }
            }
        }
    }
}

/// Why the condition must also look at splits: `A` moves to the end or
/// splits into `B + B`, `B = {0, C}`, `C = {0}`. Every single game of
/// value 0 is terminal, yet the theorem calls `A` (value 1, nothing above
/// 1) lost, while `A -> B + B` wins. The check reports the split.
#[test]
fn sj_condition_catches_a_split_into_big_pieces() {
    // Heaps: 0 terminal, 1 = C, 2 = B, 3 = A.
    let game = TableGame(vec![
        vec![],
        vec![vec![]],
        vec![vec![], vec![1]],
        vec![vec![], vec![2, 2]],
    ]);
    let sum = HeapSum(game);
    let limits = Limits::default();
    let a = vec![3u64];
    assert_eq!(
        Solver::new(&sum, Config::default()).value(&a).unwrap(),
        Nimber(1)
    );
    assert!(!sj::first_player_wins(&[Nimber(1)]));
    assert_eq!(
        reference::outcome(&sum, &a, Ending::LastMoverLoses).unwrap(),
        Outcome::N
    );
    let (at, violation) = sj::check_game(&sum, &a, &limits).unwrap().unwrap();
    assert_eq!((at, violation), (vec![2, 2], sj::Violation::BigPiece));
}

#[test]
fn sj_condition_failing_falls_back_to_search_or_is_an_error() {
    let p = parse("sub{1,3,4}(9) + nim(2)");
    let a = analyze(&p, None);
    assert_eq!(a.method, Method::Search);
    let note = a.note.unwrap();
    assert!(
        note.contains("SJ theorem does not apply") && note.contains("sub{1,3,4}(2)"),
        "{note}"
    );
    assert_eq!(a.outcome, reference_outcome(&p));
    let e = misere::analyze(&p, Some(Method::Sj), &Limits::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the SJ theorem does not apply for misere(sub{1,3,4}(9) + nim(2))"),
        "{e}"
    );
    let e = misere::analyze(&p, Some(Method::Bouton), &Limits::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("Bouton's rule is for Nim heaps only"), "{e}");
}

/// The condition matters. A rook on a grid is two Nim heaps in one
/// component: `grid(2,2)` has value 0 but is not terminal, and the theorem
/// applied blindly calls it won for the player to move, while it is
/// `*2 + *2`, lost under misère play (Bouton). It errs exactly where both
/// heaps have two or more tokens and the value is 0 or 1. The analysis
/// falls back to search.
#[test]
fn sj_theorem_applied_without_its_condition_can_be_wrong() {
    let limits = Limits::default();
    let mut wrong = Vec::new();
    for a in 0..4 {
        for b in 0..4 {
            let p = parse(&format!("grid({a},{b})"));
            if sj::first_player_wins(&sj_values(&p, &limits))
                != (reference_outcome(&p) == Outcome::N)
            {
                wrong.push(p.to_string());
            }
        }
    }
    assert_eq!(wrong, ["grid(2,2)", "grid(2,3)", "grid(3,2)", "grid(3,3)"]);
    let a = analyze(&parse("grid(2,2)"), None);
    assert_eq!((a.method, a.outcome), (Method::Search, Outcome::P));
}

fn sj_values(p: &Position, limits: &Limits) -> Vec<Nimber> {
    p.components()
        .iter()
        .map(|c| {
            let (family, args) = p.component(c);
            family.value(args, limits).unwrap()
        })
        .collect()
}

/// The genus by its definition: `γn` is the misère Grundy value, by search
/// of the whole sum, of the game plus `n` heaps of 2.
fn gamma_by_search(component: &str, n: usize) -> u64 {
    let twos = vec!["2"; n].join(",");
    let p = if n == 0 {
        parse(component)
    } else {
        parse(&format!("{component} + nim({twos})"))
    };
    let (game, start) = CanonicalSum::new(&p, &Limits::default());
    MisereSolver::new(game, Config::default())
        .value(&start)
        .unwrap()
        .0
}

#[test]
fn genus_agrees_with_its_definition_by_search() {
    let limits = Limits::default();
    let mut components: Vec<String> = Vec::new();
    for family in [
        "sub{1,3,4}",
        "sub{2,5,6}",
        "sub{fib}",
        "allbut{2,3,7}",
        "sub{1,2}",
    ] {
        components.extend((0..=9).map(|n| format!("{family}({n})")));
    }
    components.extend(
        [
            "wythoff(1,2)",
            "wythoff(2,2)",
            "grid(2,3)",
            "staircase(1,2)",
            "takeall(1,2)",
        ]
        .map(String::from),
    );
    for text in &components {
        let p = parse(text);
        let c = &p.components()[0];
        let (family, args) = p.component(c);
        let genus = misere::genus::of_component(family, args, &limits).unwrap();
        assert_eq!(genus.grundy, family.value(args, &limits).unwrap(), "{text}");
        for n in 0..6 {
            assert_eq!(
                genus.term(n),
                gamma_by_search(text, n),
                "{text}: γ{n} of {genus}"
            );
        }
    }
}

/// A table of genera from one exploration equals the genera found heap
/// by heap.
#[test]
fn genus_table_agrees_with_single_heaps() {
    let limits = Limits::default();
    for family in ["sub{1,3,4}", "sub{2,5,6}", "allbut{2,3,7}"] {
        let f = grundy::expr::family_named(family).unwrap();
        let heaps: Vec<Vec<Arg>> = (0..=40).map(|n| vec![Arg::Int(n)]).collect();
        let table = misere::genus::of_components(&f, &heaps, &limits).unwrap();
        for (heap, g) in heaps.iter().zip(&table) {
            assert_eq!(
                g,
                &misere::genus::of_component(&f, heap, &limits).unwrap(),
                "{family}{heap:?}"
            );
        }
    }
}

/// Winning Ways, ch. 13: Nim heaps have genus `0^{120}`, `1^{031}`,
/// `2^{20}`, `3^{31}`, and `n^{n, n⊕2}` beyond. The general computation,
/// without the formula, finds the same.
#[test]
fn genus_of_nim_heaps_by_computation_matches_winning_ways() {
    let limits = Limits::default();
    for n in 0..=8u64 {
        let p = parse(&format!("nim({n})"));
        let (game, start) = CanonicalSum::new(&p, &limits);
        let computed = misere::genus(&game, &start, &limits).unwrap();
        assert_eq!(computed, Genus::of_nim_heap(n), "nim({n})");
    }
    let texts: Vec<String> = (0..4).map(|n| Genus::of_nim_heap(n).to_string()).collect();
    assert_eq!(texts, ["0^{120}", "1^{031}", "2^{20}", "3^{31}"]);
}

/// Misère Kayles, whose moves split rows, by search against the
/// definition, and its genus against search of `kayles(n) + *2 + ...`.
#[test]
fn misere_kayles_splits_agree_with_the_definition() {
    let kayles = kayles();
    let limits = Limits::default();
    let mut lost = Vec::new();
    for n in 0..=12u64 {
        let p = Position {
            terms: vec![tokens(&kayles, &[n])],
        };
        let a = analyze(&p, None);
        assert_eq!(a.outcome, reference_outcome(&p), "kayles({n})");
        if a.outcome == Outcome::P {
            lost.push(n);
        }
        if n <= 7 {
            let genus = misere::genus::of_component(&kayles, &[Arg::Int(n)], &limits).unwrap();
            for k in 0..4 {
                let mut with_twos = p.clone();
                with_twos.terms.push(tokens(
                    &grundy::expr::family_named("nim").unwrap(),
                    &vec![2; k],
                ));
                let (game, start) = CanonicalSum::new(&with_twos, &limits);
                let v = MisereSolver::new(game, Config::default())
                    .value(&start)
                    .unwrap();
                assert_eq!(genus.term(k), v.0, "kayles({n}): γ{k} of {genus}");
            }
        }
    }
    // Worked by hand: a row of 1 must be taken; every move from a row of
    // 4 leaves 3, 2, 1+1 or 1+2, each won by the player then to move.
    assert_eq!(lost[..2], [1, 4]);
}

/// Small sums of several families for the outcome search: sums of one
/// family (as separate terms and as one term), and mixed sums.
fn small_sums() -> Vec<String> {
    let mut out = Vec::new();
    for (family, most) in [("nim", 4), ("kayles", 7), ("0.75", 7), ("sub{1,3,4}", 9)] {
        for a in 0..=most {
            for b in a..=most {
                for c in b..=most {
                    out.push(format!("{family}({a}) + {family}({b}) + {family}({c})"));
                    if (a + b + c) % 3 == 0 {
                        out.push(format!("{family}({c},{a},{b})"));
                    }
                }
                out.push(format!("{family}({b}) + {family}({a})"));
            }
        }
    }
    for a in 0..=3 {
        for b in 0..=6 {
            for c in 0..=5 {
                out.push(format!("nim({a}) + kayles({b}) + 0.75({c})"));
                out.push(format!("sub{{1,3,4}}({b}) + kayles({c},{a})"));
                out.push(format!("0.75({b}) + nim({a}) + sub{{1,3,4}}({c})"));
            }
        }
    }
    out
}

/// The outcome search over canonical sums against the misère Grundy values
/// of `MisereSolver` (a full search of every option): the outcome, the
/// misère Grundy value found from outcomes, every winning move (exactly
/// the moves to a position of misère value 0) and the values `moves`
/// reports.
#[test]
fn outcome_search_agrees_with_the_misere_solver_on_small_sums() {
    let limits = Limits::default();
    let mut search = misere::SumSearch::new(&limits);
    let sums = small_sums();
    assert!(sums.len() > 1000, "{}", sums.len());
    for text in &sums {
        let p = parse(text);
        let (game, start) = CanonicalSum::new(&p, &limits);
        let mut solver = MisereSolver::new(game, Config::default());
        let want = solver.value(&start).unwrap();
        assert_eq!(search.outcome(&p).unwrap(), Outcome::of(want), "{p}");
        assert_eq!(
            search.misere_grundy(&p, usize::MAX).unwrap(),
            Some(want),
            "{p}"
        );
        let a = analyze(&p, Some(Method::Search));
        assert_eq!(a.outcome, Outcome::of(want), "{p}");
        assert_eq!(a.misere_grundy, Some(want), "{p}");
        let (sum, start) = SumGame::new(&p, &limits);
        let mut options = Vec::new();
        grundy::Game::moves(&sum, &start, &mut options);
        let mut lost = Vec::new();
        for o in &options {
            let q = sum.position(o);
            let v = solver.value(&solver.game().args_of(&q)).unwrap();
            if v.is_zero() {
                lost.push(q.to_string());
            }
        }
        lost.sort();
        assert_eq!(winning(&a), lost, "{p}");
        let (_, _, all) = misere::moves(&p, Some(Method::Search), &limits).unwrap();
        assert_eq!(all.len(), options.len(), "{p}");
        for m in &all {
            let v = solver.value(&solver.game().args_of(&m.position)).unwrap();
            assert_eq!(m.outcome, Outcome::of(v), "{p} -> {}", m.position);
            assert_eq!(m.misere_grundy, Some(v), "{p} -> {}", m.position);
        }
    }
}

/// Regression: `misere(kayles(10) + kayles(11) + kayles(12))` was refused
/// at the 5,000,000-position limit, the sum searched for its misère Grundy
/// value (every option of every position) with the rows of separate terms
/// kept apart; as a multiset of rows, stopping at the first winning move,
/// it takes about 10,000 positions.
#[test]
fn misere_kayles_sum_is_decided_by_a_small_search() {
    let p = parse("kayles(10) + kayles(11) + kayles(12)");
    let mut search = misere::SumSearch::new(&Limits::default());
    assert_eq!(search.outcome(&p).unwrap(), Outcome::P);
    assert!(search.positions() < 20_000, "{}", search.positions());
    // The same rows in another order, or in one term, are the same sum:
    // found in the memo.
    let before = search.positions();
    let mut reversed = p.clone();
    reversed.terms.reverse();
    let one_term = Position {
        terms: vec![tokens(&p.terms[0].family, &[12, 10, 11])],
    };
    for same in [reversed, one_term] {
        assert_eq!(search.outcome(&same).unwrap(), Outcome::P, "{same}");
        assert_eq!(search.positions(), before, "{same}");
    }
}

/// The outcome search honours every limit with the usual one-line
/// refusal, and stays usable after one.
#[test]
fn outcome_search_honours_the_limits() {
    let big = parse("kayles(10) + kayles(11) + kayles(12)");
    let small = parse("kayles(3) + kayles(4)");
    let refusal = |limits: Limits| {
        let mut search = misere::SumSearch::new(&limits);
        let e = search.outcome(&big).unwrap_err().to_string();
        // Nothing half-searched is left behind (the memory limit is still
        // reached: what was found is kept).
        if !e.contains("--max-memory") {
            assert_eq!(
                search.outcome(&small).unwrap(),
                reference_outcome(&small),
                "{e}"
            );
        }
        e
    };
    let e = refusal(Limits::default().with_max_positions(1000));
    assert!(e.contains("--max-positions"), "{e}");
    let e = refusal(Limits::default().with_max_memory(50_000));
    assert!(e.contains("--max-memory"), "{e}");
    let e =
        refusal(Limits::default().with_deadline(Some(grundy::limits::Deadline::after_millis(0))));
    assert!(e.contains("--time-limit"), "{e}");
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let e = refusal(Limits::default().with_stop(Some(stop)));
    assert!(e.contains("interrupted"), "{e}");
}

/// The misère Grundy value is an extra within a budget of positions: past
/// it, `None`, and the analysis says so in its note while still giving
/// the outcome and every winning move.
#[test]
fn misere_grundy_value_beyond_its_budget_is_left_out_with_a_note() {
    let p = parse("kayles(8) + kayles(9) + kayles(10)");
    let mut search = misere::SumSearch::new(&Limits::default());
    assert_eq!(search.outcome(&p).unwrap(), Outcome::N);
    assert_eq!(search.misere_grundy(&p, 100).unwrap(), None);
    // The search is still whole: with room, the value is found.
    assert_eq!(
        search.misere_grundy(&p, usize::MAX).unwrap(),
        Some(Nimber(5))
    );
    let p = parse("kayles(14) + kayles(15) + kayles(16)");
    let a = analyze(&p, Some(Method::Search));
    assert_eq!((a.outcome, a.misere_grundy), (Outcome::N, None));
    let note = a.note.unwrap();
    assert!(
        note.contains(
            "the misère Grundy value was not computed: it needs more than 250000 positions"
        ),
        "{note}"
    );
    assert!(
        a.reason
            .contains("has a move to a position the player to move then loses")
    );
    assert!(!a.winning_moves.is_empty());
    for m in &a.winning_moves {
        assert_eq!(
            (m.outcome, m.misere_grundy),
            (Outcome::P, Some(Nimber::ZERO))
        );
    }
}

/// `--method quotient` against search on random sums of heaps of one game:
/// the same outcome and the same winning moves (the quotient names them
/// from its images, search by trying every option and keeping those that
/// leave a P-position; search is held against the definition above).
#[test]
fn quotient_method_agrees_with_search_on_random_sums() {
    let mut state: u64 = 2026;
    let mut next = |n: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % n
    };
    let mut checked = 0;
    for family in [
        "kayles",
        "octal[0.75]",
        "dawson",
        "sub{2,3,7}",
        "grundy-game",
    ] {
        for _ in 0..60 {
            let heaps = 1 + next(5);
            let terms: Vec<String> = (0..heaps)
                .map(|_| format!("{family}({})", 1 + next(12)))
                .collect();
            let p = parse(&terms.join(" + "));
            let by_quotient = analyze(&p, Some(Method::Quotient));
            let by_search = analyze(&p, Some(Method::Search));
            assert_eq!(by_quotient.outcome, by_search.outcome, "{p}");
            assert_eq!(winning(&by_quotient), winning(&by_search), "{p}");
            checked += 1;
        }
    }
    assert_eq!(checked, 300);
    // Mixed games and whole positions are refused with the reason.
    let mixed = misere::analyze(
        &parse("kayles(3) + nim(2)"),
        Some(Method::Quotient),
        &Limits::default(),
    );
    assert!(mixed.unwrap_err().to_string().contains("heaps of one game"));
}
