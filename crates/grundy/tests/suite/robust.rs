//! Hostile input: expressions from the grammar with extreme numbers, long
//! sums and words, and random bytes, each answered or cleanly refused (an
//! `Error`, never a panic) within small limits. The same inputs feed the
//! cargo-fuzz targets in `fuzz/` (see docs/FUZZING.md); this runs them on
//! stable Rust.

use std::time::{Duration, Instant};

use grundy::analysis::normal::analyze;
use grundy::expr::{Position, registry::FAMILIES};
use grundy::limits::Deadline;
use grundy::{ErrorKind, Limits};
use proptest::prelude::*;

/// Small limits, so every answer or refusal comes quickly.
fn small() -> Limits {
    Limits {
        max_positions: 10_000,
        max_moves: 1_000,
        max_heap: 100_000,
        deadline: Some(Deadline::after_seconds(2)),
        max_memory: 256 << 20,
        threads: 1,
        ..Limits::default()
    }
}

/// Parses and analyses `text` under small limits: a refusal must be an
/// error of its own kind, and the answer must come within the deadline
/// (with a margin for a slow machine).
fn answer_or_refuse(text: &str) {
    answer_or_refuse_within(text, small());
}

fn answer_or_refuse_within(text: &str, limits: Limits) {
    let started = Instant::now();
    if let Ok(p) = Position::parse(text) {
        match analyze(&p, &limits) {
            Ok(a) => assert!(a.winning_moves.len() <= limits.max_moves, "{text}"),
            Err(e) => assert!(!e.to_string().is_empty(), "{text}"),
        }
    }
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{text} took {:?}",
        started.elapsed()
    );
}

/// Numbers that overflow careless arithmetic.
fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u64..40).prop_map(|n| n.to_string()),
        Just(u64::MAX.to_string()),
        Just((1u64 << 63).to_string()),
        Just((1u64 << 62).to_string()),
        Just(1_000_000_000_000_000_000u64.to_string()),
        Just("18446744073709551616".to_string()),
        Just("1000000000".to_string()),
    ]
}

/// A word argument: coin rows, vertex names.
fn word() -> impl Strategy<Value = String> {
    prop_oneof!["[HT]{0,12}", "[a-z]{1,4}", Just("H".repeat(5000))]
}

/// A parameter for families that take one.
fn param() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        "\\{[0-9]{1,3}(,[0-9]{1,3}){0,3}\\}",
        Just("{1..100000}".into()),
        Just("{1,1048576}".into()),
        Just("{18446744073709551615}".into()),
        "\\[0\\.[0-7]{1,4}\\]",
        Just("[4.0]".into()),
    ]
}

fn term() -> impl Strategy<Value = String> {
    let names: Vec<&'static str> = FAMILIES.iter().map(|e| e.name).collect();
    (
        proptest::sample::select(names),
        param(),
        proptest::collection::vec(prop_oneof![number(), word()], 0..4),
    )
        .prop_map(|(name, param, args)| format!("{name}{param}({})", args.join(",")))
}

fn expression() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::collection::vec(term(), 1..4).prop_map(|t| t.join(" + ")),
        1 => (term(), 1usize..3000).prop_map(|(t, n)| vec![t; n].join("+")),
        1 => term().prop_map(|t| format!("misere({t})")),
        1 => term().prop_map(|t| format!("every({t})")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn grammar_inputs_are_answered_or_refused(text in expression()) {
        answer_or_refuse(&text);
    }

    #[test]
    fn random_text_never_panics_the_parser(text in "[a-z0-9(){}\\[\\],.+ *#-]{0,40}|\\PC{0,40}") {
        let _ = Position::parse(&text);
        let _ = grundy::expr::Played::parse(&text);
    }

    #[test]
    fn random_bytes_never_panic_the_parser(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = Position::parse(&text);
    }
}

/// Every family with extreme numbers, one and two of them: no panic, no
/// hang, whatever the family (regression: `wythoff(10^18,10^18)` and
/// `grid(2^59,0)` panicked with "capacity overflow").
#[test]
fn extreme_numbers_through_every_family() {
    let extremes = [u64::MAX, 1 << 63, 1 << 62, 1_000_000_000_000_000_000];
    for entry in FAMILIES {
        let head = entry.syntax.split('(').next().unwrap_or(entry.name);
        for n in extremes {
            for args in [format!("{n}"), format!("{n},{n}"), format!("{n},1")] {
                // A short deadline: families with no formula for such
                // heaps give up on their period search at once.
                let limits = Limits {
                    deadline: Some(Deadline::after_millis(50)),
                    ..small()
                };
                answer_or_refuse_within(&format!("{head}({args})"), limits);
            }
        }
    }
}

/// Regression: a sum of 20,001 heaps listed every winning move with a copy
/// of the whole position (12 GB); the list now stops within the budget.
#[test]
fn winning_moves_of_a_huge_sum_stay_within_the_budget() {
    let text = format!("nim({})", vec!["1"; 20_001].join(","));
    let p = Position::parse(&text).unwrap();
    let a = analyze(&p, &small()).unwrap();
    assert_eq!(a.grundy.0, 1);
    assert!(!a.winning_moves.is_empty() && !a.winning_moves_complete);
    assert!(a.winning_moves.len() < 20_001);
}

/// Regression: the moves of `wythoff`, `grid`, `staircase` and `takeall`
/// were all built before `--max-moves` was checked.
#[test]
fn huge_positions_are_refused_before_their_moves_are_built() {
    for text in [
        "wythoff(100000000,1)",
        "takeall(1000000000,7,7,42)",
        "allbut{3}(1000000000000000000)",
    ] {
        let p = Position::parse(text).unwrap();
        let started = Instant::now();
        let err = grundy::analysis::normal::moves(&p, &small()).unwrap_err();
        assert!(
            matches!(err.kind(), ErrorKind::Limit { .. }),
            "{text}: {err}"
        );
        assert!(started.elapsed() < Duration::from_secs(1), "{text}");
    }
    // Staircase and grid know their values: the answer stands, the list
    // of winning moves is cut short.
    for text in ["staircase(100000000)", "grid(1000000000,1)"] {
        let a = analyze(&Position::parse(text).unwrap(), &small()).unwrap();
        assert!(!a.winning_moves_complete, "{text}");
    }
}
