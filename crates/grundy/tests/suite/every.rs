//! Every-SG: the step-count theory held against direct search of the
//! every-move rule.
//!
//! The oracle is `reference::outcome` (normal ending: the player who
//! cannot move loses) on `EveryGame`, whose moves are the definition of
//! the rule: an option in every component that can move.

use std::sync::Arc;

use grundy::every::{self, EveryGame, Method};
use grundy::expr::{Arg, CanonicalSum, Family, Position, Term};
use grundy::heap::{HeapFamily, HeapGame};
use grundy::solve::reference::{self, Ending};
use grundy::{Limits, Outcome};
use proptest::prelude::*;

fn reference_outcome(p: &Position) -> Outcome {
    let (game, start) = EveryGame::new(p, &Limits::default());
    let o = reference::outcome(&game, &start, Ending::LastMoverWins)
        .unwrap_or_else(|e| panic!("{p}: {e}"));
    game.check().unwrap();
    o
}

fn parse(expr: &str) -> Position {
    Position::parse(expr).unwrap_or_else(|e| panic!("{expr}: {e}"))
}

fn analyze(p: &Position, method: Method) -> every::EveryAnalysis {
    every::analyze(p, Some(method), &Limits::default()).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn winning(a: &every::EveryAnalysis) -> Vec<String> {
    let mut v: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| m.position.to_string())
        .collect();
    v.sort();
    v
}

/// Small components of the built-in families (the every-move rule
/// multiplies their options, so they stay small).
fn component() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u64..6).prop_map(|n| format!("nim({n})")),
        (0u64..16).prop_map(|n| format!("sub{{1,3,4}}({n})")),
        (0u64..16).prop_map(|n| format!("sub{{2,5,6}}({n})")),
        (0u64..12).prop_map(|n| format!("sub{{1,2}}({n})")),
        (0u64..12).prop_map(|n| format!("sub{{fib}}({n})")),
        (0u64..9).prop_map(|n| format!("allbut{{2,3,7}}({n})")),
        (0u64..4, 0u64..4).prop_map(|(a, b)| format!("wythoff({a},{b})")),
        (0u64..4, 0u64..4).prop_map(|(a, b)| format!("grid({a},{b})")),
        (0u64..3, 0u64..3).prop_map(|(a, b)| format!("staircase({a},{b})")),
        (0u64..4, 0u64..3).prop_map(|(a, b)| format!("takeall({a},{b})")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// The largest step count decides, and the winning moves are the same
    /// as by search.
    #[test]
    fn step_counts_agree_with_direct_search(parts in proptest::collection::vec(component(), 1..=3)) {
        let p = parse(&parts.join(" + "));
        let want = reference_outcome(&p);
        let steps = analyze(&p, Method::Steps);
        let search = analyze(&p, Method::Search);
        prop_assert_eq!(steps.outcome, want, "{}", p);
        prop_assert_eq!(search.outcome, want, "{}", p);
        prop_assert_eq!(winning(&steps), winning(&search), "{}", p);
        for m in &steps.winning_moves {
            prop_assert_eq!(reference_outcome(&m.position), Outcome::P, "{} -> {}", p, m.position);
        }
    }

    /// A step count is odd exactly for normal-play N-positions.
    #[test]
    fn step_parity_is_the_normal_outcome(part in component()) {
        let p = parse(&part);
        let limits = Limits::default();
        let a = analyze(&p, Method::Steps);
        for (c, shown) in p.components().iter().zip(&a.components) {
            let (family, args) = p.component(c);
            let odd = shown.steps.unwrap() % 2 == 1;
            prop_assert_eq!(odd, !family.value(args, &limits).unwrap().is_zero(), "{}", shown.component);
        }
    }
}

/// Every sum of two single heaps of subtraction games up to 10 (121 sums
/// per pair of games), theory against search.
#[test]
fn all_small_sums_of_two_subtraction_heaps() {
    for (f, g) in [
        ("sub{1,3,4}", "sub{2,5,6}"),
        ("sub{1,2}", "sub{1,3,4}"),
        ("sub{fib}", "nim"),
    ] {
        for a in 0..=10 {
            for b in 0..=10 {
                let p = parse(&format!("{f}({a}) + {g}({b})"));
                assert_eq!(
                    analyze(&p, Method::Steps).outcome,
                    reference_outcome(&p),
                    "{p}"
                );
            }
        }
    }
}

/// The Nim shortcut (a heap lasts one step) against the general count.
#[test]
fn nim_heaps_last_one_step() {
    let limits = Limits::default();
    for n in 0..=12u64 {
        let p = parse(&format!("nim({n})"));
        let (game, start) = CanonicalSum::new(&p, &limits);
        let general = every::steps(&game, &start, &limits).unwrap();
        assert_eq!(analyze(&p, Method::Steps).steps, Some(general), "nim({n})");
        assert_eq!(general, n.min(1));
    }
}

/// Kayles: a move may split a row in two, and the pieces then move
/// separately on every turn. The step count of a split is the largest of
/// its pieces'; checked against direct search.
struct Kayles;

impl HeapGame for Kayles {
    fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for take in 1..=2.min(n) {
            for left in 0..=(n - take) / 2 {
                visit(&[left, n - take - left]);
            }
        }
    }
}

#[test]
fn splitting_rows_agree_with_direct_search() {
    let kayles: Arc<dyn Family> = Arc::new(HeapFamily::new(Kayles, "kayles"));
    let nim = grundy::expr::family_named("nim").unwrap();
    let term = |family: &Arc<dyn Family>, heaps: &[u64]| Term {
        family: family.clone(),
        args: heaps.iter().map(|&h| Arg::Int(h)).collect(),
    };
    for a in 0..=7u64 {
        for b in 0..=a.min(4) {
            for extra in [vec![], vec![2], vec![3]] {
                let p = Position {
                    terms: vec![term(&kayles, &[a, b]), term(&nim, &extra)],
                };
                let steps = analyze(&p, Method::Steps);
                assert_eq!(steps.outcome, reference_outcome(&p), "{p}");
                assert_eq!(
                    winning(&steps),
                    winning(&analyze(&p, Method::Search)),
                    "{p}"
                );
            }
        }
    }
}

#[test]
fn too_many_simultaneous_moves_is_a_clear_error() {
    let p = parse("nim(9,9,9,9,9,9,9)");
    let limits = Limits {
        max_moves: 1000,
        ..Limits::default()
    };
    let e = every::analyze(&p, None, &limits).unwrap_err().to_string();
    assert!(e.contains("--max-moves"), "{e}");
}
