//! Coin-turning games: the heads' nim-sum against search over coin rows.

use std::collections::BTreeSet;

use grundy::coins::{CoinFamily, CoinGame, CoinRule, Coins, Corners, MockTurtles, Ruler, Turtles};
use grundy::expr::{Arg, Family, Position};
use grundy::solve::reference::Reference;
use grundy::{Game, Limits, Mex, Nimber};
use proptest::prelude::*;

use super::common::{assert_agree, engine_value, reference_value};

/// Every row of `len` coins, as text.
fn rows(len: usize) -> impl Iterator<Item = String> {
    (0u32..1 << len).map(move |bits| {
        (0..len)
            .map(|i| if bits >> i & 1 == 1 { 'H' } else { 'T' })
            .collect()
    })
}

/// Every board of `height` rows of `width` coins.
fn boards(width: usize, height: usize) -> impl Iterator<Item = Vec<String>> {
    let cells = width * height;
    (0u32..1 << cells).map(move |bits| {
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| {
                        if bits >> (y * width + x) & 1 == 1 {
                            'H'
                        } else {
                            'T'
                        }
                    })
                    .collect()
            })
            .collect()
    })
}

fn coins(rows: &[String], rule: &dyn CoinRule) -> Coins {
    let args: Vec<Arg> = rows.iter().map(|r| Arg::Word(r.clone())).collect();
    Coins::from_args(&args, rule.name(), rule.rows()).unwrap()
}

/// The theory (nim-sum of the heads' values) against the brute force (the
/// reference solver on the literal rules) on every position given; returns
/// how many positions were checked.
fn check_all<R: CoinRule>(rule: R, positions: impl Iterator<Item = Vec<String>>) -> usize {
    let game = CoinGame(rule);
    let mut reference = Reference::new(&game);
    let mut checked = 0;
    for rows in positions {
        let p = coins(&rows, &game.0);
        assert_eq!(
            game.closed_form(&p).unwrap(),
            reference.value(&p).unwrap(),
            "{} {rows:?}",
            game.0.name()
        );
        checked += 1;
    }
    checked
}

#[test]
fn every_row_of_up_to_ten_coins_agrees_with_search() {
    let all = || (0..=10).flat_map(rows).map(|r| vec![r]);
    assert_eq!(check_all(Turtles, all()), 2047);
    assert_eq!(check_all(MockTurtles, all()), 2047);
    assert_eq!(check_all(Ruler, all()), 2047);
}

#[test]
fn every_board_up_to_four_by_four_agrees_with_search() {
    let mut checked = 0;
    for (w, h) in [
        (1, 1),
        (2, 2),
        (3, 3),
        (2, 5),
        (5, 2),
        (3, 4),
        (4, 3),
        (4, 4),
    ] {
        checked += check_all(Corners, boards(w, h));
    }
    assert!(checked > 70_000, "{checked}");
}

/// A lone head's value by the definition: the mex over its moves, each
/// worth the nim-sum of the coins it turns up (the sum theorem, which the
/// searches above check on every small position). This reaches far beyond
/// what a full search can.
fn lone_head_by_definition<R: CoinRule>(rule: &R, cell: (usize, usize)) -> Nimber {
    let mut values = Vec::new();
    rule.turns(cell, &mut |others| {
        values.push(others.iter().map(|&c| rule.head_value(c)).sum::<Nimber>())
    });
    Mex::new().of(values)
}

#[test]
fn lone_head_formulas_hold_far_out() {
    for x in 0..400 {
        assert_eq!(
            lone_head_by_definition(&Turtles, (x, 0)),
            Turtles.head_value((x, 0)),
            "turtles {x}"
        );
        assert_eq!(
            lone_head_by_definition(&Ruler, (x, 0)),
            Ruler.head_value((x, 0)),
            "ruler {x}"
        );
    }
    for x in 0..150 {
        assert_eq!(
            lone_head_by_definition(&MockTurtles, (x, 0)),
            MockTurtles.head_value((x, 0)),
            "mock {x}"
        );
    }
    for x in 0..40 {
        for y in 0..40 {
            assert_eq!(
                lone_head_by_definition(&Corners, (x, y)),
                Corners.head_value((x, y)),
                "corners {x},{y}"
            );
        }
    }
}

/// Regression against seed text 000, which values Turning Turtles as the
/// nim-sum of 0-based positions: a lone head on the leftmost coin would be
/// worth 0, yet turning it over wins. Coins count from 1.
#[test]
fn a_lone_head_on_the_leftmost_coin_is_a_first_player_win() {
    assert_eq!(engine_value("turtles(H)"), Nimber(1));
    assert_eq!(reference_value("turtles(H)"), Nimber(1));
    assert_eq!(engine_value("turtles(THTTH)"), Nimber(2 ^ 5));
}

/// Twins: a move turns exactly two coins, the rightmost from heads to
/// tails. Here the seed text's 0-based numbering is right: a lone head at
/// coin x (from 1) is worth x - 1.
struct Twins;

impl CoinRule for Twins {
    fn name(&self) -> &'static str {
        "twins"
    }
    fn head_value(&self, (x, _): (usize, usize)) -> Nimber {
        Nimber(x as u64)
    }
    fn move_count(&self, (x, _): (usize, usize)) -> u64 {
        x as u64
    }
    fn turns(&self, (x, y): (usize, usize), visit: &mut dyn FnMut(&[(usize, usize)])) {
        for a in 0..x {
            visit(&[(a, y)]);
        }
    }
}

#[test]
fn the_seed_texts_numbering_fits_twins_not_turning_turtles() {
    assert_eq!(
        check_all(Twins, (0..=10).flat_map(rows).map(|r| vec![r])),
        2047
    );
}

#[test]
fn move_counts_match_the_rules() {
    fn count<R: CoinRule>(rule: &R, cell: (usize, usize)) {
        let mut n = 0u64;
        rule.turns(cell, &mut |_| n += 1);
        assert_eq!(rule.move_count(cell), n, "{} {cell:?}", rule.name());
    }
    for x in 0..30 {
        count(&Turtles, (x, 0));
        count(&MockTurtles, (x, 0));
        count(&Ruler, (x, 0));
        for y in 0..10 {
            count(&Corners, (x, y));
        }
    }
}

/// The moves a family finds for a target value are exactly the moves that
/// reach it: the fast `moves_to` of each rule against filtering every move.
fn check_moves_to(family: &dyn Family, rows: &[String]) {
    let limits = Limits::default();
    let args: Vec<Arg> = rows.iter().map(|r| Arg::Word(r.clone())).collect();
    let mut all = Vec::new();
    family.moves(&args, &limits, &mut all).unwrap();
    for target in 0..20 {
        let mut fast = Vec::new();
        family
            .moves_to(&args, Nimber(target), &limits, &mut fast)
            .unwrap();
        let fast: BTreeSet<Vec<Arg>> = fast.into_iter().collect();
        let slow: BTreeSet<Vec<Arg>> = all
            .iter()
            .filter(|o| family.value(o, &limits).unwrap() == Nimber(target))
            .cloned()
            .collect();
        assert_eq!(fast, slow, "{} {rows:?} -> {target}", family.head());
    }
}

#[test]
fn moves_to_a_value_are_all_the_moves_to_it() {
    for row in (0..=7).flat_map(rows) {
        let row = [row];
        check_moves_to(&CoinFamily::new(Turtles), &row);
        check_moves_to(&CoinFamily::new(MockTurtles), &row);
        check_moves_to(&CoinFamily::new(Ruler), &row);
    }
    for board in boards(3, 3).chain(boards(4, 3)) {
        check_moves_to(&CoinFamily::new(Corners), &board);
    }
}

/// Each rule's direct search for moves of a given value against filtering
/// all its moves, on single coins far beyond the positions searched whole.
fn check_turns_to<R: CoinRule>(rule: &R, cells: impl Iterator<Item = (usize, usize)>) {
    for cell in cells {
        // The order in which a move lists its other coins does not matter.
        let sorted = |others: &[(usize, usize)]| {
            let mut v = others.to_vec();
            v.sort_unstable();
            v
        };
        let mut all = Vec::new();
        rule.turns(cell, &mut |others| all.push(sorted(others)));
        for want in 0..64 {
            let want = Nimber(want);
            let mut fast = BTreeSet::new();
            rule.turns_to(cell, want, &mut |others| {
                assert!(
                    fast.insert(others.to_vec()),
                    "{} {cell:?} found twice",
                    rule.name()
                )
            });
            let slow: BTreeSet<Vec<(usize, usize)>> = all
                .iter()
                .filter(|o| o.iter().map(|&c| rule.head_value(c)).sum::<Nimber>() == want)
                .cloned()
                .collect();
            assert_eq!(fast, slow, "{} {cell:?} -> {want}", rule.name());
        }
    }
}

#[test]
fn direct_move_searches_match_the_rules() {
    check_turns_to(&Turtles, (0..200).map(|x| (x, 0)));
    check_turns_to(&Ruler, (0..200).map(|x| (x, 0)));
    check_turns_to(&MockTurtles, (0..60).map(|x| (x, 0)));
    check_turns_to(&Corners, (0..24).flat_map(|x| (0..24).map(move |y| (x, y))));
}

#[test]
fn sums_with_other_games_agree_with_search() {
    for expr in [
        "turtles(THTTH) + mock(HHT)",
        "turtles(HTH) + nim(2,3)",
        "ruler(HTHH) + corners(TTT,THH)",
        "mock(HTTH) + ruler(THH) + turtles(HH)",
        "corners(HHH,HHH) + sub{1,3,4}(5)",
        "turtles() + mock(T)",
    ] {
        assert_agree(expr);
    }
}

/// A random short row of coins.
fn row(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(prop_oneof![Just('H'), Just('T')], 1..=max)
        .prop_map(|v| v.into_iter().collect())
}

fn coin_term() -> impl Strategy<Value = String> {
    prop_oneof![
        row(6).prop_map(|r| format!("turtles({r})")),
        row(5).prop_map(|r| format!("mock({r})")),
        row(6).prop_map(|r| format!("ruler({r})")),
        (1usize..=3, row(3)).prop_map(|(h, r)| format!("corners({})", vec![r; h].join(","))),
        (0u64..5).prop_map(|n| format!("nim({n})")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// Sums of coin games: the engine against search over the whole sum,
    /// and every winning move the engine reports leads to a P-position.
    #[test]
    fn coin_sums_agree_and_winning_moves_win(terms in proptest::collection::vec(coin_term(), 1..=3)) {
        let expr = terms.join(" + ");
        prop_assert_eq!(engine_value(&expr), reference_value(&expr));
        let p = Position::parse(&expr).unwrap();
        let a = grundy::analysis::normal::analyze(&p, &Limits::default()).unwrap();
        prop_assert_eq!(a.winning_moves.is_empty(), a.grundy.is_zero());
        for m in &a.winning_moves {
            prop_assert!(reference_value(&m.position.to_string()).is_zero(), "{} -> {}", expr, m.position);
        }
    }
}

#[test]
fn bad_coins_are_named_where_they_are() {
    let err = |expr: &str| Position::parse(expr).unwrap_err().to_string();
    assert_eq!(
        err("turtles(THXTH)"),
        "expected a coin, H (heads) or T (tails), found 'X' at column 11 in \"turtles(THXTH)\""
    );
    assert!(err("nim(1) + mock(HHh)").contains("found 'h' at column 17"));
    assert!(err("corners(HT, TQ)").contains("found 'Q' at column 14"));
    assert!(err("turtles(HT,TH)").contains("turtles takes one row of coins"));
    assert!(err("corners(HT,HHH)").contains("row 2 has 3 coins but row 1 has 2"));
    assert!(err("ruler(5)").contains("expected a row of coins such as THTTH"));
    assert!(err("turtles(H1)").contains("found '1' at column 10"));
}

#[test]
fn limits_on_moves_are_errors() {
    let limits = Limits::default().with_max_moves(100);
    let p = Position::parse(&format!("mock({})", "H".repeat(40))).unwrap();
    let err = grundy::analysis::normal::moves(&p, &limits).unwrap_err();
    assert!(err.to_string().contains("--max-moves"), "{err}");
    // Winning moves need no listing of every move: long rows are fine.
    for game in ["turtles", "ruler"] {
        let long = Position::parse(&format!("{game}({}H)", "T".repeat(100_000))).unwrap();
        let a = grundy::analysis::normal::analyze(&long, &limits).unwrap();
        assert_eq!(a.winning_moves.len(), 1, "{game}"); // turn the head over alone
    }
    // Mock Turtles looks at each coin left of a head once: under a small
    // limit the answer says its list of winning moves is incomplete.
    let long = Position::parse(&format!("mock({}H)", "T".repeat(100_000))).unwrap();
    assert!(
        !grundy::analysis::normal::analyze(&long, &limits)
            .unwrap()
            .winning_moves_complete
    );
    assert_eq!(
        grundy::analysis::normal::analyze(&long, &Limits::default())
            .unwrap()
            .winning_moves
            .len(),
        1
    );
    // Turning Corners looks along the shorter side of each head's rectangle.
    // All heads but (1, 1), so the value is 1 ⊗ 1 = *1 (all heads is 0).
    let mut rows = vec!["H".repeat(20); 20];
    rows[1] = format!("HT{}", "H".repeat(18));
    let board = rows.join(",");
    let p = Position::parse(&format!("corners({board})")).unwrap();
    assert!(
        !grundy::analysis::normal::analyze(&p, &limits)
            .unwrap()
            .winning_moves_complete
    );
    assert!(
        !grundy::analysis::normal::analyze(&p, &Limits::default())
            .unwrap()
            .winning_moves
            .is_empty()
    );
}

#[test]
fn coins_are_drawn_for_people() {
    let family = CoinFamily::new(Turtles);
    assert_eq!(
        family.draw(&[Arg::Word("THTTH".into())]).unwrap(),
        "1 2 3 4 5\nT H T T H"
    );
    let family = CoinFamily::new(Corners);
    let board = [Arg::Word("TTT".into()), Arg::Word("THT".into())];
    assert_eq!(family.draw(&board).unwrap(), "  0 1 2\n0 T T T\n1 T H T");
}
