//! Hostile input: expressions from the grammar with extreme numbers, long
//! sums and words, and random bytes, each answered or cleanly refused (an
//! `Error`, never a panic) within small limits. The same inputs feed the
//! cargo-fuzz targets in `fuzz/` (see docs/FUZZING.md); this runs them on
//! stable Rust.

use std::time::{Duration, Instant};

use grundy::analysis::Method;
use grundy::analysis::normal::analyze;
use grundy::expr::{Arg, Play, Played, Position, families, family_named};
use grundy::limits::Deadline;
use grundy::{ErrorKind, LimitKind, Limits};
use proptest::prelude::*;

use super::common::TempFile;

/// Small limits, so every answer or refusal comes quickly.
fn small() -> Limits {
    Limits::default()
        .with_max_positions(10_000)
        .with_max_moves(1_000)
        .with_max_heap(100_000)
        .with_deadline(Some(Deadline::after_millis(500)))
        .with_max_memory(256 << 20)
        .with_threads(1)
}

/// Parses and analyses `text` under small limits: a refusal must be an
/// error of its own kind, and the answer must come within the deadline
/// (with a margin for a slow machine).
fn answer_or_refuse(text: &str) {
    let limits = small();
    let started = Instant::now();
    if let Ok(p) = Position::parse_with(text, &limits) {
        match analyze(&p, &limits) {
            Ok(a) => assert!(a.winning_moves.len() <= limits.bounds.max_moves, "{text}"),
            // A refusal for a limit names the flag that raises it.
            Err(e) if e.limit_kind().is_some() => {
                assert!(e.to_string().contains("raise it with --"), "{text}: {e}")
            }
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
    let names: Vec<&'static str> = families().map(|e| e.name).collect();
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
    for entry in families() {
        let head = entry.syntax.split('(').next().unwrap_or(entry.name);
        for n in extremes {
            for args in [format!("{n}"), format!("{n},{n}"), format!("{n},1")] {
                answer_or_refuse(&format!("{head}({args})"));
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

/// `Err` of the given limit, within `seconds`: the refusal is prompt and
/// names what to raise.
fn refused_promptly<T: std::fmt::Debug>(
    what: &str,
    seconds: u64,
    expected: LimitKind,
    run: impl FnOnce() -> grundy::Result<T>,
) {
    let started = Instant::now();
    let err = run().expect_err(what);
    assert_eq!(err.limit_kind(), Some(expected), "{what}: {err}");
    assert!(
        started.elapsed() < Duration::from_secs(seconds),
        "{what} took {:?}",
        started.elapsed()
    );
}

/// Regression: searches whose positions each have hundreds of moves took
/// minutes to reach the position limit (`takeall(1000,2000,3000)`, a
/// misère sum of Kayles heaps, a genus table of Kayles to 100000); the
/// budget of option bytes tied to that limit stops them in seconds.
#[test]
fn searches_with_many_moves_per_position_stop_at_the_position_limit() {
    let limits = Limits::default().with_max_positions(20_000).with_threads(1);
    let takeall = Position::parse("takeall(1000,2000,3000)").unwrap();
    refused_promptly("takeall", 5, LimitKind::Positions, || {
        analyze(&takeall, &limits)
    });
    let misere = Played::parse("misere(kayles(30)+kayles(31)+kayles(32))").unwrap();
    refused_promptly("misère Kayles", 5, LimitKind::Positions, || {
        grundy::analyze(&misere.position, Play::Misere, Method::Search, &limits)
    });
    // Left to choose, the analysis answers it through the quotient.
    let a = grundy::analyze(&misere.position, Play::Misere, Method::Auto, &limits).unwrap();
    assert_eq!(a.method, "quotient");
    let kayles = family_named("kayles").unwrap();
    let heaps: Vec<Vec<Arg>> = (0..=100_000).map(|n| vec![Arg::Int(n)]).collect();
    refused_promptly("genus of Kayles", 5, LimitKind::Positions, || {
        grundy::misere::genus::of_components(&kayles, &heaps, &limits)
    });
    // The budget leaves room for searches with many moves that fit:
    // takeall(50,100,150) has 25,975 positions and 1,074,675 moves.
    let fits = Position::parse("takeall(50,100,150)").unwrap();
    let a = analyze(&fits, &Limits::default()).unwrap();
    assert_eq!(a.grundy.0, 53);
}

/// Regression: `period "sub{1..100000}"` and `period "sub{1,1048576}"`
/// ran for minutes and ignored the time limit: the table of a Bash game
/// was searched instead of read from its formula, period detection was
/// quadratic, and the deadline was asked once per 65,536 heaps however
/// many options each had.
#[test]
fn periods_of_wide_subtraction_sets_come_promptly_or_are_refused() {
    let limits = Limits::default().with_max_heap(10_000_000);
    let bash = family_named("sub{1..100000}").unwrap();
    let p = bash.periodicity(&limits).unwrap().into_period().unwrap();
    assert_eq!((p.preperiod, p.period), (0, 100_001));
    let wide = family_named("sub{1,65536}").unwrap();
    let p = wide.periodicity(&limits).unwrap().into_period().unwrap();
    assert_eq!((p.preperiod, p.period), (0, 65_537));
    // A certificate needs more values than the table may hold: at once.
    let huge = family_named("sub{1,1099511627776}").unwrap();
    refused_promptly("sub{1,2^40}", 1, LimitKind::HeapSize, || {
        huge.periodicity(&limits)
    });
    // A deadline stops a table of heaps with many options each.
    let many = family_named("sub{2..100000}").unwrap();
    let hurried = limits.with_deadline(Some(Deadline::after_millis(200)));
    refused_promptly("sub{2..100000}", 3, LimitKind::Time, || {
        many.periodicity(&hurried)
    });
}

/// Regression: a script nesting `a = [a]` 10^5 times ran for minutes
/// within its million operations (each copies the whole nesting); an
/// operation now counts as a microsecond at least.
#[test]
fn a_script_with_slow_operations_stops_at_its_operation_limit() {
    let file = TempFile::new(
        "nest.rhai",
        "fn start() { let a = []; for i in 0..100000 { a = [a]; } a }\nfn moves(s) { [] }\n",
    );
    let started = Instant::now();
    let err = Position::parse(&format!("script[{}]", file.path()))
        .and_then(|p| analyze(&p, &Limits::default()).map(|_| ()))
        .unwrap_err();
    assert!(err.to_string().contains("--script-ops"), "{err}");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}

/// Regression: a script whose positions grow by one item a move was
/// killed for memory: each position on the search stack is held three
/// times, and only one copy was counted.
#[test]
fn a_script_with_growing_positions_stops_within_the_memory_budget() {
    let file = TempFile::new(
        "grow.rhai",
        "fn start() { [0] }\nfn moves(s) { let a = s; a.push(1); [a] }\n",
    );
    let limits = Limits::default()
        .with_max_positions(100_000_000)
        .with_max_memory(64 << 20);
    let p = Position::parse(&format!("script[{}]", file.path())).unwrap();
    refused_promptly("growing script", 10, LimitKind::Memory, || {
        analyze(&p, &limits)
    });
}

/// Files named inside expressions are read within the query's
/// `--max-file-size`, not a default.
#[test]
fn files_named_in_expressions_are_read_within_the_given_cap() {
    let file = TempFile::new("edges.txt", "a b\nb c\n");
    let text = format!("graph[{}](a)", file.path());
    let tight = Limits::default().with_max_file_bytes(4);
    let err = Position::parse_with(&text, &tight).unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::FileSize), "{err}");
    assert!(Position::parse_with(&text, &Limits::default()).is_ok());
}

/// Regression: under misère play `moves` listed all 12 moves of
/// `nim(6,6)` under `--max-moves 10`, where normal play refused the
/// listing. Every convention goes through the one guard: refused past the
/// move limit and past the listing's share of the memory budget, and
/// listed in full within both.
#[test]
fn every_convention_refuses_a_listing_past_the_limits() {
    let p = Position::parse("nim(6,6)").unwrap();
    let ten = Limits::default().with_max_moves(10);
    let little_memory = Limits::default().with_max_memory(1000);
    for play in [Play::Normal, Play::Misere, Play::Every] {
        let moves = |limits: &Limits| grundy::analysis::moves(&p, play, Method::Auto, limits);
        let e = moves(&ten).unwrap_err();
        assert_eq!(e.limit_kind(), Some(LimitKind::Moves), "{play:?}: {e}");
        assert!(e.to_string().contains("--max-moves"), "{play:?}: {e}");
        let e = moves(&little_memory).unwrap_err();
        assert_eq!(e.limit_kind(), Some(LimitKind::Memory), "{play:?}: {e}");
        let listed = moves(&Limits::default()).unwrap().moves.len();
        // Every move takes from one heap under normal and misère play, from
        // both at once under the every-move rule.
        let expected = if play == Play::Every { 36 } else { 12 };
        assert_eq!(listed, expected, "{play:?}");
    }
}
