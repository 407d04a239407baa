//! The opponent of `grundy play`: its moves against the brute force, and
//! the reading of typed moves.

use grundy::analysis::normal as analysis;
use grundy::expr::Position;
use grundy::play::board::board;
use grundy::play::engine::hint;
use grundy::play::{Input, Rng, choose_move, find_move};
use grundy::{Limits, Nimber};
use proptest::prelude::*;

use super::common::{TempFile, reference_value};

/// A small component for random sums.
fn component() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u64..8, 0u64..8).prop_map(|(a, b)| format!("nim({a},{b})")),
        (0u64..25).prop_map(|n| format!("sub{{2,5,6}}({n})")),
        (0u64..20).prop_map(|n| format!("sub{{fib}}({n})")),
        (0u64..15).prop_map(|n| format!("allbut{{2,3,7}}({n})")),
        (0u64..5, 0u64..5).prop_map(|(a, b)| format!("wythoff({a},{b})")),
        (0u64..5, 0u64..5).prop_map(|(a, b)| format!("grid({a},{b})")),
    ]
}

fn sum() -> impl Strategy<Value = String> {
    proptest::collection::vec(component(), 1..=3).prop_map(|v| v.join(" + "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, ..ProptestConfig::default() })]

    /// The engine's move is legal; from an N-position (by brute force) it
    /// leads to a P-position (by brute force); from a P-position it still
    /// moves when it can.
    #[test]
    fn engine_moves_are_legal_and_win_when_possible(expr in sum(), seed in 0u64..1000) {
        let limits = Limits::default();
        let p = Position::parse(&expr).unwrap();
        let legal: Vec<String> = analysis::moves(&p, &limits).unwrap().iter().map(|m| m.position.to_string()).collect();
        match choose_move(&p, &limits, &mut Rng::new(seed)).unwrap() {
            None => prop_assert!(legal.is_empty(), "{} has moves", expr),
            Some(c) => {
                let after = c.chosen.position.to_string();
                prop_assert!(legal.contains(&after), "{} -> {} is not a move", expr, after);
                let before = reference_value(&expr);
                prop_assert_eq!(c.before, before);
                prop_assert_eq!(c.winning, !before.is_zero());
                let left = reference_value(&after);
                prop_assert_eq!(left.is_zero(), c.winning, "{} -> {}", expr, after);
                prop_assert_eq!(left, c.chosen.grundy);
            }
        }
    }

    /// Typing the position a move leads to (or its number) selects that
    /// move; `hint` lists exactly the moves to value 0.
    #[test]
    fn typed_positions_select_their_move(expr in sum()) {
        let limits = Limits::default();
        let p = Position::parse(&expr).unwrap();
        let moves = analysis::moves(&p, &limits).unwrap();
        for (i, m) in moves.iter().enumerate() {
            let typed = Input::read(&m.position.to_string());
            let found = &moves[find_move(&p, &moves, &typed, &limits).unwrap()];
            prop_assert_eq!((&found.from, &found.to), (&m.from, &m.to));
            let numbered = find_move(&p, &moves, &Input::Number(i as u64 + 1), &limits).unwrap();
            prop_assert_eq!(numbered, i);
        }
        let h = hint(&p, &limits).unwrap();
        let mut hinted: Vec<String> = h.winning_moves.iter().map(|m| m.position.to_string()).collect();
        let mut zero: Vec<String> = moves.iter().filter(|m| m.grundy.is_zero()).map(|m| m.position.to_string()).collect();
        hinted.sort();
        zero.sort();
        prop_assert_eq!(hinted, zero);
    }
}

#[test]
fn positions_two_moves_away_are_refused() {
    let limits = Limits::default();
    let p = Position::parse("nim(3,5,7)").unwrap();
    let moves = analysis::moves(&p, &limits).unwrap();
    for typed in [
        "nim(2,4,7)",
        "nim(3,5,8)",
        "nim(3,5,7)",
        "nim(1,1,1,1)",
        "sub{1,2}(3)",
    ] {
        let err = find_move(&p, &moves, &Input::read(typed), &limits).unwrap_err();
        assert!(!err.to_string().is_empty(), "{typed}");
    }
}

/// The engine's explanation, for the seed text's exercise (000/001): from
/// nim(3,5,7) the winning moves are 3→2, 5→4, 7→6, never 7→1.
#[test]
fn engine_explains_the_nim_sum() {
    let p = Position::parse("nim(3,5,7)").unwrap();
    for seed in 0..20 {
        let c = choose_move(&p, &Limits::default(), &mut Rng::new(seed))
            .unwrap()
            .unwrap();
        assert!(
            ["nim(2,5,7)", "nim(3,4,7)", "nim(3,5,6)"]
                .contains(&c.chosen.position.to_string().as_str())
        );
        assert!(
            c.reason.starts_with("G = *3 ⊕ *5 ⊕ *7 = *1 ≠ 0"),
            "{}",
            c.reason
        );
        assert!(c.reason.ends_with("= 0."), "{}", c.reason);
    }
}

#[test]
fn boards_draw_heaps_as_tokens_and_graphs_as_edges() {
    let g = TempFile::new("board.txt", "start a\na b c\nb c\nc\n");
    let p = Position::parse(&format!(
        "sub{{1,3,4}}(4) + graph[{}](a) + wythoff(1,2)",
        g.path()
    ))
    .unwrap();
    let lines = board(&p);
    assert!(lines[0].ends_with("● ● ● ●"), "{lines:?}");
    assert!(lines[1].ends_with("token on a"), "{lines:?}");
    assert!(lines[2].ends_with("a → b, c"), "{lines:?}");
    assert!(lines[3].ends_with("b → c"), "{lines:?}");
    assert_eq!(lines[4], "wythoff(1,2)");
    assert_eq!(lines.len(), 5);
    assert_eq!(reference_value("wythoff(1,2)"), Nimber(0));
}
