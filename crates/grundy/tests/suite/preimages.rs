//! Options of a given value found by inverting closed forms and periods
//! (`Family::moves_to`), against brute force: every option listed by the
//! rules, valued by the definition (memoised mex over explicit moves,
//! itself checked against the reference search of whole sums on small
//! heaps), then filtered. And on heaps far too large to list, the law that
//! every reported winning move leads to value 0.

use std::collections::BTreeMap;

use grundy::analysis::normal as analysis;
use grundy::expr::Position;
use grundy::family::{Arg, Family};
use grundy::games::ed::{Ed, EdFamily};
use grundy::heap::{HeapGame, HeapSum, fill_table, parts_as_args};
use grundy::solve::reference;
use grundy::{Limits, Nimber};
use proptest::prelude::*;

/// The family named by `head` (as in an expression).
fn family(head: &str) -> std::sync::Arc<dyn Family> {
    grundy::expr::family_named(head).unwrap()
}

/// `G(0..=to)` by the definition, checked against the reference search on
/// the first heaps.
fn definition<H: HeapGame + Clone>(game: &H, to: u64, searched: u64) -> Vec<Nimber> {
    let mut table = Vec::new();
    fill_table(game, &mut table, to, &Limits::default()).unwrap();
    let sum = HeapSum(game.clone());
    for n in 0..=searched.min(to) {
        let p = HeapSum::<H>::position(&[n]);
        assert_eq!(
            reference::value(&sum, &p).unwrap(),
            table[n as usize],
            "heap {n}"
        );
    }
    table
}

/// For every heap up to `to` and every target value, the family's
/// `moves_to` against the rules' options filtered by value.
fn check_heaps<H: HeapGame>(head: &str, game: &H, table: &[Nimber], to: u64) {
    let fam = family(head);
    let limits = Limits::default();
    for n in 0..=to {
        let mut by_value: BTreeMap<u64, Vec<Vec<Arg>>> = BTreeMap::new();
        game.options(n, &mut |parts| {
            let v: Nimber = parts.iter().map(|&h| table[h as usize]).sum();
            by_value.entry(v.0).or_default().push(parts_as_args(parts));
        });
        let top = by_value.keys().last().copied().unwrap_or(0);
        for t in 0..=top + 2 {
            let mut fast = Vec::new();
            fam.moves_to(&[Arg::Int(n)], Nimber(t), &limits, &mut fast)
                .unwrap_or_else(|e| panic!("{head}({n}) -> {t}: {e}"));
            let mut slow = by_value.remove(&t).unwrap_or_default();
            fast.sort();
            slow.sort();
            assert_eq!(fast, slow, "{head}({n}) -> *{t}");
        }
    }
}

#[test]
fn lasker_moves_to_every_value_match_brute_force() {
    let game = grundy::heap::lasker::Lasker;
    let table = definition(&game, 320, 12);
    check_heaps("lasker", &game, &table, 320);
}

#[test]
fn lasker_moves_to_come_in_the_order_of_the_rules() {
    let fam = family("lasker");
    let limits = Limits::default();
    for n in [37u64, 64, 99, 200] {
        for t in 0..64 {
            let mut fast = Vec::new();
            fam.moves_to(&[Arg::Int(n)], Nimber(t), &limits, &mut fast)
                .unwrap();
            let mut all = Vec::new();
            fam.moves(&[Arg::Int(n)], &limits, &mut all).unwrap();
            let slow: Vec<Vec<Arg>> = all
                .into_iter()
                .filter(|o| {
                    grundy::family::value_of_parts(fam.as_ref(), o, &limits).unwrap() == Nimber(t)
                })
                .collect();
            assert_eq!(fast, slow, "lasker({n}) -> *{t}");
        }
    }
}

#[test]
fn splitting_games_moves_to_every_value_match_brute_force() {
    use grundy::heap::split::{Parts, Split};
    for (head, parts, to) in [
        ("split", Parts::Two, 300),
        ("split{3}", Parts::Three, 200),
        ("split{2,3}", Parts::TwoOrThree, 90),
    ] {
        let game = Split::new(parts);
        let table = definition(&game, to, 12);
        check_heaps(head, &game, &table, to);
    }
}

#[test]
fn subtraction_games_moves_to_every_value_match_brute_force() {
    use grundy::heap::nim::Nim;
    use grundy::heap::subtraction::{AllBut, Subtraction, SubtractionSet};
    let nim = definition(&Nim, 300, 8);
    check_heaps("nim", &Nim, &nim, 300);
    for (head, set) in [
        ("sub{1,3,4}", SubtractionSet::Finite(vec![1, 3, 4])),
        ("bash{3}", SubtractionSet::Finite(vec![1, 2, 3])),
        ("sub{2,5,6}", SubtractionSet::Finite(vec![2, 5, 6])),
        ("sub{pow2}", SubtractionSet::PowersOfTwo),
        ("sub{fib}", SubtractionSet::Fibonacci),
    ] {
        let game = Subtraction::new(set);
        let table = definition(&game, 300, 30);
        check_heaps(head, &game, &table, 300);
    }
    let allbut = AllBut::new(vec![2, 3, 7]);
    let table = definition(&allbut, 300, 14);
    check_heaps("allbut{2,3,7}", &allbut, &table, 300);
}

#[test]
fn take_and_break_moves_to_every_value_match_brute_force() {
    use grundy::heap::octal::{Code, TakeBreak};
    for (head, code, hex) in [
        ("kayles", "0.77", false),
        ("dawson", "0.07", false),
        ("0.137", "0.137", false),
        ("octal[4.07]", "4.07", false),
        ("grundy-game", "4!.0", false),
        ("hex[0.F8]", "0.F8", true),
    ] {
        let game = TakeBreak::new(Code::parse(code, code, 1, hex).unwrap());
        let to = if hex { 80 } else { 220 };
        let table = definition(&game, to, 10);
        check_heaps(head, &game, &table, to);
    }
}

/// With a certified period, the options of a value come from residues;
/// checked against filtering the listed options of heaps far beyond the
/// preperiod (Kayles: period 12 from heap 71; Dawson's Kayles: period 34
/// from 52), valued by the engine's period.
#[test]
fn take_and_break_moves_to_from_a_certified_period_match_filtering() {
    let limits = Limits::default();
    for head in ["kayles", "dawson"] {
        let fam = family(head);
        // A huge heap makes the family find and certify its period.
        fam.value(&[Arg::Int(1 << 40)], &limits).unwrap();
        assert!(
            fam.periodicity(&limits)
                .unwrap()
                .into_period()
                .unwrap()
                .certified()
        );
        for n in (0..300).chain([5_000, 5_001, 20_011]) {
            let mut all = Vec::new();
            fam.moves(&[Arg::Int(n)], &limits, &mut all).unwrap();
            let mut by_value: BTreeMap<Nimber, Vec<Vec<Arg>>> = BTreeMap::new();
            for o in all {
                let v = grundy::family::value_of_parts(fam.as_ref(), &o, &limits).unwrap();
                by_value.entry(v).or_default().push(o);
            }
            for t in 0..10 {
                let mut fast = Vec::new();
                fam.moves_to(&[Arg::Int(n)], Nimber(t), &limits, &mut fast)
                    .unwrap();
                let mut slow = by_value.remove(&Nimber(t)).unwrap_or_default();
                fast.sort();
                slow.sort();
                assert_eq!(fast, slow, "{head}({n}) -> *{t}");
            }
        }
    }
}

#[test]
fn ed_moves_to_every_value_match_brute_force() {
    let limits = Limits::default();
    for a in 1..=40u64 {
        for b in 1..=40u64 {
            let args = [Arg::Int(a), Arg::Int(b)];
            let mut all = Vec::new();
            EdFamily.moves(&args, &limits, &mut all).unwrap();
            for t in 0..8 {
                let mut fast = Vec::new();
                EdFamily
                    .moves_to(&args, Nimber(t), &limits, &mut fast)
                    .unwrap();
                let slow: Vec<Vec<Arg>> = all
                    .iter()
                    .filter(|o| {
                        let (Arg::Int(x), Arg::Int(y)) = (&o[0], &o[1]) else {
                            unreachable!()
                        };
                        reference::value(&Ed, &(*x, *y)).unwrap() == Nimber(t)
                    })
                    .cloned()
                    .collect();
                assert_eq!(fast, slow, "ed({a},{b}) -> *{t}");
            }
        }
    }
}

/// Regression: a component with more moves than `--max-moves` reported no
/// winning move ("none") although taking the whole heap wins; and a heap
/// of 10^12 in Lasker's Nim never answered.
#[test]
fn huge_components_list_their_winning_moves() {
    let limits = Limits::default();
    for (expr, expected) in [
        ("lasker(999999)", Some("lasker(0)")),
        ("lasker(1000000000000000003)", Some("lasker(0)")),
        ("allbut{2,3,7}(2000000)", None),
        ("split(3000000)", None),
        ("ed(2147483647,2)", Some("ed(1,1)")),
    ] {
        let p = Position::parse(expr).unwrap();
        let a = grundy::analysis::normal::analyze(&p, &limits).unwrap();
        assert!(!a.grundy.is_zero(), "{expr}");
        assert!(!a.winning_moves.is_empty(), "{expr}");
        for m in a.winning_moves.iter().take(50) {
            assert!(
                analysis::value(&m.position, &limits).unwrap().is_zero(),
                "{expr} -> {}",
                m.position
            );
        }
        if let Some(e) = expected {
            assert!(a.winning_moves_complete, "{expr}");
            let moves: Vec<String> = a
                .winning_moves
                .iter()
                .map(|m| m.position.to_string())
                .collect();
            assert_eq!(moves, [e], "{expr}");
        }
    }
}

/// Counting options is a formula: a heap of 10^12 is refused at once.
#[test]
fn huge_heaps_are_refused_by_count_not_walked() {
    let limits = Limits::default().with_max_moves(5);
    for expr in [
        "lasker",
        "split",
        "split{3}",
        "nim",
        "allbut{2,3,7}",
        "sub{squares}",
    ] {
        let err = family(expr)
            .moves(&[Arg::Int(1_000_000_000_000)], &limits, &mut Vec::new())
            .unwrap_err();
        assert!(err.to_string().contains("--max-moves"), "{expr}: {err}");
    }
}

/// A component of huge heaps beside a Nim heap, so that the target of each
/// component is arbitrary (moving up as well as down).
fn huge_sum() -> impl Strategy<Value = String> {
    let big = 1u64..(1 << 62);
    let component = prop_oneof![
        big.clone().prop_map(|n| format!("lasker({n})")),
        big.clone().prop_map(|n| format!("split({n})")),
        big.clone().prop_map(|n| format!("split{{3}}({n})")),
        big.clone().prop_map(|n| format!("nim({n})")),
        big.clone().prop_map(|n| format!("sub{{1,3,4}}({n})")),
        big.clone().prop_map(|n| format!("bash{{5}}({n})")),
        big.clone().prop_map(|n| format!("kayles({n})")),
        (big.clone(), big).prop_map(|(a, b)| format!("ed({a},{b})")),
    ];
    (proptest::collection::vec(component, 1..=2), 0u64..(1 << 62))
        .prop_map(|(parts, x)| format!("{} + nim({x})", parts.join(" + ")))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// Every reported winning move of a sum of huge heaps leads to value 0,
    /// and an N-position always has one listed (the component of value `g`
    /// with `g ⊕ total < g` has a move to that value by the mex).
    #[test]
    fn winning_moves_of_huge_heaps_lead_to_zero(expr in huge_sum()) {
        let limits = Limits::default().with_max_moves(40);
        let p = Position::parse(&expr).unwrap();
        let a = grundy::analysis::normal::analyze(&p, &limits).unwrap();
        prop_assert_eq!(a.winning_moves.is_empty(), a.grundy.is_zero(), "{}", expr);
        for m in &a.winning_moves {
            prop_assert!(analysis::value(&m.position, &limits).unwrap().is_zero(), "{} -> {}", expr, m.position);
        }
    }
}
