//! Every-SG: the step-count theory held against direct search of the
//! every-move rule.
//!
//! The oracle is `reference::outcome` (normal ending: the player who
//! cannot move loses) on `EveryGame`, whose moves are the definition of
//! the rule: an option in every component that can move.

use grundy::every::{self, EveryGame, Method};
use grundy::expr::{CanonicalSum, Position};
use grundy::solve::reference::{self, Ending};
use grundy::{Limits, Outcome};
use proptest::prelude::*;

use super::small::{kayles, parse, sorted, sum, tokens};

fn reference_outcome(p: &Position) -> Outcome {
    let (game, start) = EveryGame::new(p, &Limits::default());
    let o = reference::outcome(&game, &start, Ending::LastMoverWins)
        .unwrap_or_else(|e| panic!("{p}: {e}"));
    game.check().unwrap();
    o
}

fn analyze(p: &Position, method: Method) -> every::EveryAnalysis {
    every::analyze(p, Some(method), &Limits::default()).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn winning(a: &every::EveryAnalysis) -> Vec<String> {
    sorted(a.winning_moves.iter().map(|m| &m.position))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// The largest step count decides, and the winning moves are the same
    /// as by search.
    #[test]
    fn step_counts_agree_with_direct_search(p in sum(3)) {
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
    fn step_parity_is_the_normal_outcome(p in sum(1)) {
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
#[test]
fn splitting_rows_agree_with_direct_search() {
    let kayles = kayles();
    let nim = grundy::expr::family_named("nim").unwrap();
    for a in 0..=7u64 {
        for b in 0..=a.min(4) {
            for extra in [vec![], vec![2], vec![3]] {
                let p = Position {
                    terms: vec![tokens(&kayles, &[a, b]), tokens(&nim, &extra)],
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
    let limits = Limits::default().with_max_moves(1000);
    let e = every::analyze(&p, None, &limits).unwrap_err().to_string();
    assert!(e.contains("--max-moves"), "{e}");
}
