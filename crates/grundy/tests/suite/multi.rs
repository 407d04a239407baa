//! Multi-SG games (moves that split a heap) against brute force: the
//! closed forms of Lasker's Nim, the splitting games and E&D, and sums.

use grundy::expr::Position;
use grundy::heap::lasker::Lasker;
use grundy::heap::split::{Parts, Split};
use grundy::heap::{HeapGame, HeapSum};
use grundy::solve::reference;
use grundy::{Config, Limits, Nimber, Solver};
use proptest::prelude::*;

use super::common::{assert_agree, engine_value, reference_value};

/// A closed form (or table) of a heap game against the brute-force value
/// of every multiset of heaps with at most `total` tokens in all: the
/// reference plays the multiset as one game, splits included, without the
/// Sprague–Grundy theorem.
fn check_heap_game<H: HeapGame>(game: H, total: u64) {
    let sum = HeapSum(game);
    let mut engine = Solver::new(&sum, Config::default());
    let mut brute = reference::Reference::new(&sum);
    let mut checked = 0;
    for heaps in multisets(total) {
        let p = HeapSum::<H>::position(&heaps);
        assert_eq!(
            engine.value(&p).unwrap(),
            brute.value(&p).unwrap(),
            "{heaps:?}"
        );
        checked += 1;
    }
    assert!(checked > 100);
}

/// Every multiset of positive heaps with at most `total` tokens.
fn multisets(total: u64) -> Vec<Vec<u64>> {
    fn grow(rest: u64, largest: u64, current: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.push(current.clone());
        for h in 1..=rest.min(largest) {
            current.push(h);
            grow(rest - h, h, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    grow(total, total, &mut Vec::new(), &mut out);
    out
}

#[test]
fn lasker_closed_form_agrees_with_search_of_all_small_sums() {
    check_heap_game(Lasker, 22);
}

#[test]
fn splitting_games_agree_with_search_of_all_small_sums() {
    check_heap_game(Split::new(Parts::Two), 24);
    check_heap_game(Split::new(Parts::Three), 24);
    check_heap_game(Split::new(Parts::TwoOrThree), 20);
}

#[test]
fn heap_families_agree_with_reference_in_expressions() {
    // The reference plays argument lists in order, so sums of split heaps
    // have many more positions than multisets: small heaps here, larger
    // ones in the multiset tests above.
    for n in 0..=8 {
        for family in ["lasker", "split", "split{3}", "split{2,3}"] {
            assert_agree(&format!("{family}({n})"));
        }
    }
    assert_agree("lasker(2,3,4)");
    assert_agree("lasker(3) + split(6) + split{3}(7)");
    assert_agree("split{2,3}(4,5) + nim(3)");
}

/// E&D: the closed form against the search of the rules on every pair of
/// heaps up to 40 (SDOI 2009 asks about heaps up to 2·10^9, which only the
/// formula answers).
#[test]
fn ed_closed_form_agrees_with_search_on_all_pairs_to_40() {
    for a in 1..=40 {
        for b in 1..=40 {
            assert_agree(&format!("ed({a},{b})"));
        }
    }
}

#[test]
fn ed_sums_of_pairs_agree_with_search() {
    assert_agree("ed(1,2) + ed(3,5)");
    for (a, b) in [(1, 1), (2, 3), (4, 4), (7, 9), (5, 12)] {
        for (c, d) in [(1, 2), (3, 3), (6, 2), (8, 5)] {
            assert_agree(&format!("ed({a},{b}) + ed({c},{d})"));
        }
    }
    assert_agree("ed(2,3) + ed(4,5) + ed(6,7)");
}

#[test]
fn ed_large_heaps_come_from_the_formula() {
    // (2^31 - 1) - 1 = 0b0111...10 and 2 - 1 = 1: the lowest bit clear in
    // their union is bit 31.
    let v = engine_value("ed(2147483647,2)");
    assert_eq!(v, Nimber(31));
    let a = grundy::analysis::normal::analyze(
        &Position::parse("ed(1,2) + ed(3,5)").unwrap(),
        &Limits::default(),
    )
    .unwrap();
    let winning: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| m.position.to_string())
        .collect();
    // ed(3,5) = 0 and ed(1,2) = *1: move the first pair to (1,1), or raise
    // the second to ed(1,2) (split the 3, drop the 5).
    assert_eq!(winning, ["ed(1,1) + ed(3,5)", "ed(1,2) + ed(1,2)"]);
}

/// A random small Multi-SG component.
fn component() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u64..6, 0u64..4).prop_map(|(a, b)| format!("lasker({a},{b})")),
        (0u64..9).prop_map(|n| format!("split({n})")),
        (0u64..10).prop_map(|n| format!("split{{3}}({n})")),
        (0u64..7).prop_map(|n| format!("split{{2,3}}({n})")),
        (1u64..10, 1u64..10).prop_map(|(a, b)| format!("ed({a},{b})")),
        (0u64..6).prop_map(|n| format!("nim({n})")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Sums of splitting games: the engine's value (closed forms, tables,
    /// nim-sum) is the brute-force value of the whole sum, and the winning
    /// moves are exactly the moves to value 0.
    #[test]
    fn multi_sg_sums_agree_and_winning_moves_win(parts in proptest::collection::vec(component(), 1..=2)) {
        let expr = parts.join(" + ");
        prop_assert_eq!(engine_value(&expr), reference_value(&expr));
        let p = Position::parse(&expr).unwrap();
        let limits = Limits::default();
        let a = grundy::analysis::normal::analyze(&p, &limits).unwrap();
        let mut winning: Vec<String> = a.winning_moves.iter().map(|m| m.position.to_string()).collect();
        let mut to_zero: Vec<String> = grundy::analysis::normal::moves(&p, &limits)
            .unwrap()
            .into_iter()
            .map(|m| m.position.to_string())
            .filter(|after| reference_value(after).is_zero())
            .collect();
        winning.sort();
        to_zero.sort();
        prop_assert_eq!(winning, to_zero);
    }
}
