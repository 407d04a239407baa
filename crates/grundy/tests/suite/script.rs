//! Scripted games (Rhai) against the built-in families and brute force.
//!
//! The example scripts in `examples/scripts/` are the ones tested, so the
//! documented examples cannot drift from what works.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use grundy::expr::{Arg, Position, family_named};
use grundy::heap::{HeapGame, HeapSum, fill_table};
use grundy::script::written::{self, Layout, Written};
use grundy::script::{Script, ScriptGame, ScriptLimits, Value};
use grundy::solve::{Config, Solver, reference};
use grundy::{ErrorKind, Limits, Nimber};
use proptest::prelude::*;

use super::common::{TempFile, assert_agree, engine_value, reference_value};

/// The path of an example script, as a term head: `script[.../takeall.rhai]`.
fn example(name: &str) -> String {
    format!(
        "script[{}/../../examples/scripts/{name}]",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn join(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// Every multiset of at most `count` heaps of sizes `1..=largest`, sorted.
fn multisets(count: usize, largest: u64) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..count {
        let mut next = Vec::new();
        for m in &frontier {
            let from = m.last().copied().unwrap_or(1);
            for h in from..=largest {
                let mut grown: Vec<u64> = m.clone();
                grown.push(h);
                next.push(grown);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

fn table(family: &str, to: u64) -> Vec<Nimber> {
    let f = family_named(family).unwrap_or_else(|e| panic!("{family}: {e}"));
    let mut values = Vec::new();
    f.table(to, &Limits::default(), &mut |v| {
        values.push(v);
        Ok(())
    })
    .unwrap_or_else(|e| panic!("{family}: {e}"));
    values
}

#[test]
fn takeall_script_agrees_with_builtin_takeall() {
    let script = example("takeall.rhai");
    // The classic exercise: heaps 1..5, from the script's start().
    let p = Position::parse(&format!("{script}()")).unwrap();
    let a = grundy::analysis::normal::analyze(&p, &Limits::default()).unwrap();
    let builtin = grundy::analysis::normal::analyze(
        &Position::parse("takeall(1,2,3,4,5)").unwrap(),
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(a.grundy, builtin.grundy);
    let moves = |a: &grundy::analysis::Analysis, head: &str| -> Vec<String> {
        a.winning_moves
            .iter()
            .map(|m| m.position.to_string().replace(head, "H"))
            .collect()
    };
    assert_eq!(moves(&a, &script), moves(&builtin, "takeall"));
    assert!(
        !a.winning_moves.is_empty(),
        "takeall(1,2,3,4,5) is an N-position"
    );
    // Every position of up to four heaps of at most 6 tokens (210 positions).
    let cases = multisets(4, 6);
    assert_eq!(cases.len(), 210);
    for heaps in cases {
        let args = join(&heaps);
        let expected = engine_value(&format!("takeall({args})"));
        if heaps.is_empty() {
            // `()` is the start position; the empty position is written coded.
            assert_eq!(engine_value(&format!("{script}(__a_)")), expected);
        } else {
            assert_eq!(
                engine_value(&format!("{script}({args})")),
                expected,
                "heaps {args}"
            );
        }
    }
    // `show` draws a position for `grundy play`.
    let term = &p.terms[0];
    assert_eq!(
        term.family.draw(&term.args).unwrap(),
        "o\noo\nooo\noooo\nooooo"
    );
    // A larger position, as the benchmark uses.
    assert_eq!(
        engine_value(&format!("{script}(5,11,17,23,29)")),
        engine_value("takeall(5,11,17,23,29)")
    );
}

#[test]
fn subtraction_script_agrees_with_sub_on_the_first_thousand_values() {
    assert_eq!(
        table(&example("subtraction.rhai"), 1000),
        table("sub{1,3,4}", 1000)
    );
    // The same script shape with other sets, including a Bash game.
    for set in [
        vec![2, 5, 6],
        vec![1, 2],
        vec![3, 4, 7, 11],
        vec![1, 2, 3, 4, 5],
        vec![7],
    ] {
        let file = TempFile::new(
            &format!("sub-{}.rhai", join(&set).replace(',', "-")),
            &format!(
                "const TAKE = [{}];\nfn position(n) {{ n }}\nfn moves(n) {{ global::TAKE.filter(|t| t <= n).map(|t| n - t) }}\n",
                join(&set)
            ),
        );
        let scripted = table(&format!("script[{}]", file.path()), 1000);
        assert_eq!(
            scripted,
            table(&format!("sub{{{}}}", join(&set)), 1000),
            "set {set:?}"
        );
    }
}

/// Grundy's game: split a heap into two unequal heaps (OEIS A002188).
const GRUNDY_GAME: [u64; 30] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
];

#[test]
fn splitting_game_with_components_agrees_with_brute_force() {
    let script = example("grundy-game.rhai");
    // Engine (the script's components split sums) against the reference
    // over the term's moves alone, on single heaps and on sums of heaps.
    for heaps in multisets(3, 6) {
        if !heaps.is_empty() {
            assert_agree(&format!("{script}({})", join(&heaps)));
        }
    }
    assert_agree(&format!("{script}(5,6) + nim(3) + takeall(1,2)"));
    // The same at the level of the game: the solver uses components, the
    // reference only moves.
    let game = ScriptGame::new(Arc::new(
        Script::open(
            &script["script[".len()..script.len() - 1],
            grundy::limits::DEFAULT_MAX_FILE_BYTES,
        )
        .unwrap(),
    ));
    let mut solver = Solver::new(game.clone(), Config::default());
    for (n, &expected) in GRUNDY_GAME.iter().enumerate() {
        let p = Value::Array(vec![Value::Int(n as i64)]);
        let value = solver.value(&p).unwrap();
        assert_eq!(value, Nimber(expected), "heap {n}, OEIS A002188");
        // The reference's search grows fast with the heap; small heaps
        // suffice to check that components agree with moves.
        if n <= 16 {
            assert_eq!(reference::value(&game, &p).unwrap(), value, "heap {n}");
        }
    }
    game.check().unwrap();
    let pair = Value::Array(vec![Value::Int(9), Value::Int(13)]);
    assert_eq!(
        solver.value(&pair).unwrap(),
        reference::value(&game, &pair).unwrap()
    );
}

/// Kayles as a heap game, in Rust, for the brute force.
struct Kayles;
impl HeapGame for Kayles {
    fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for k in 1..=2.min(n) {
            for a in 0..=(n - k) / 2 {
                visit(&[a, n - k - a]);
            }
        }
    }
}

#[test]
fn one_heap_script_with_splits_agrees_with_brute_force() {
    let script = example("kayles.rhai");
    let values = table(&script, 60);
    // The table of the same rules in Rust (mex over options, XOR over the
    // rows a move leaves), and for small rows the reference, which plays
    // the rows as one game without the Sprague-Grundy theorem.
    let mut expected = Vec::new();
    fill_table(&Kayles, &mut expected, 60, &Limits::default()).unwrap();
    assert_eq!(values, expected);
    let game = HeapSum(Kayles);
    for (n, v) in values.iter().enumerate().take(21) {
        let p = HeapSum::<Kayles>::position(&[n as u64]);
        assert_eq!(*v, reference::value(&game, &p).unwrap(), "kayles({n})");
    }
    for expr in [
        format!("{script}(2,6)"),
        format!("{script}(7) + sub{{1,3,4}}(5)"),
        format!("{script}(3,5) + {}(1,3)", example("takeall.rhai")),
    ] {
        assert_agree(&expr);
    }
    // A move that splits a row is written as the rows it leaves.
    let p = Position::parse(&format!("{script}(6)")).unwrap();
    let moves: Vec<String> = grundy::analysis::normal::moves(&p, &Limits::default())
        .unwrap()
        .iter()
        .map(|m| m.to.replace(&script, "K"))
        .collect();
    assert_eq!(
        moves,
        ["K(0,5)", "K(1,4)", "K(2,3)", "K(0,4)", "K(1,3)", "K(2,2)"]
    );
}

/// A script of one function per line, for error tests.
fn script_error(name: &str, text: &str, limits: &Limits) -> (Option<usize>, String) {
    let file = TempFile::new(name, text);
    let result = Position::parse(&format!("script[{}]", file.path()))
        .and_then(|p| grundy::analysis::normal::analyze(&p, limits).map(|_| ()));
    let err = result.expect_err("the script must fail");
    match err.kind() {
        ErrorKind::Script {
            file: f,
            line,
            message,
        } => {
            assert_eq!(f, file.path());
            (*line, message.clone())
        }
        other => panic!("{name}: expected a script error, got {other:?}"),
    }
}

#[test]
fn bad_scripts_report_file_line_and_limit() {
    let limits = Limits::default();
    let (line, message) = script_error(
        "syntax.rhai",
        "fn start() { [1] }\nfn moves(s) {\n  let x = [1, 2;\n}\n",
        &limits,
    );
    assert_eq!(line, Some(3));
    assert!(message.contains("syntax error"), "{message}");

    let (line, message) = script_error(
        "nonlist.rhai",
        "fn start() { 5 }\n\nfn moves(s) {\n  s - 1\n}\n",
        &limits,
    );
    assert_eq!(line, Some(3), "the line that defines moves");
    assert!(message.contains("must return an array"), "{message}");

    let endless =
        "fn start() { 5 }\nfn moves(s) {\n  let n = 0;\n  while true { n += 1; }\n  []\n}\n";
    let (line, message) = script_error("loop.rhai", endless, &limits);
    assert_eq!(line, Some(2));
    assert!(
        message.contains("more than 1000000 operations") && message.contains("--script-ops"),
        "{message}"
    );

    let recursion =
        "fn start() { 5 }\nfn deeper(n) { deeper(n + 1) }\nfn moves(s) {\n  deeper(s)\n}\n";
    let (line, message) = script_error("recursion.rhai", recursion, &limits);
    assert_eq!(line, Some(3));
    assert!(
        message.contains("more than 64 deep") && message.contains("--script-depth"),
        "{message}"
    );

    let huge = "fn start() { 5 }\nfn moves(s) {\n  let a = [];\n  a.pad(100000000, 0);\n  a\n}\n";
    let (_, message) = script_error("huge.rhai", huge, &limits);
    assert!(message.contains("--script-size"), "{message}");

    let (line, message) = script_error(
        "inner.rhai",
        "fn start() { 5 }\nfn helper(x) {\n  x.nothing()\n}\nfn moves(s) { helper(s) }\n",
        &limits,
    );
    assert_eq!(line, Some(3), "the line inside the called function");
    assert!(
        message.contains("in helper() (called from moves())"),
        "{message}"
    );

    let (_, message) = script_error(
        "cycle.rhai",
        "fn start() { 5 }\nfn moves(s) { [s] }\n",
        &limits,
    );
    assert!(message.contains("lead back to position 5"), "{message}");

    let (_, message) = script_error(
        "map.rhai",
        "fn start() { #{a: 1} }\nfn moves(s) { [] }\n",
        &limits,
    );
    assert!(message.contains("cannot be a position"), "{message}");

    let (line, message) = script_error(
        "arity.rhai",
        "fn start() { 1 }\nfn moves(a, b) { [] }\n",
        &limits,
    );
    assert_eq!(line, Some(2));
    assert!(message.contains("must take 1 parameter"), "{message}");

    let (_, message) = script_error("nomoves.rhai", "fn start() { 1 }\n", &limits);
    assert!(message.contains("fn moves(s)"), "{message}");
}

#[test]
fn limits_can_be_raised_and_stop_flag_interrupts() {
    // About two million operations in one call of moves.
    let text = "fn start() { 1 }\nfn moves(s) {\n  let n = 0;\n  for i in 0..400000 { n += 1; }\n  if s > 0 { [s - 1] } else { [] }\n}\n";
    let file = TempFile::new("slow.rhai", text);
    let p = Position::parse(&format!("script[{}]", file.path())).unwrap();
    assert!(grundy::analysis::normal::analyze(&p, &Limits::default()).is_err());
    let raised =
        Limits::default().with_script(ScriptLimits::default().with_max_operations(10_000_000));
    assert_eq!(
        grundy::analysis::normal::analyze(&p, &raised)
            .unwrap()
            .grundy,
        Nimber(1)
    );

    // A stop flag (Ctrl-C in the command line) ends a script call.
    let endless = TempFile::new(
        "endless.rhai",
        "fn start() { 1 }\nfn moves(s) { loop { } }\n",
    );
    let p = Position::parse(&format!("script[{}]", endless.path())).unwrap();
    let stopped = Limits::default()
        .with_stop(Some(Arc::new(AtomicBool::new(true))))
        .with_script(ScriptLimits::default().with_max_operations(u64::MAX));
    let err = grundy::analysis::normal::analyze(&p, &stopped).unwrap_err();
    assert_eq!(err.kind(), &ErrorKind::Interrupted);
}

#[test]
fn family_recovers_after_a_script_error() {
    // moves fails only from 7: values found after a failure must not stay
    // in the transposition table.
    let text = "fn position(n) { n }\nfn moves(n) {\n  if n == 7 { throw \"seven\"; }\n  [1, 2].filter(|k| k <= n).map(|k| n - k)\n}\n";
    let file = TempFile::new("seven.rhai", text);
    let family = family_named(&format!("script[{}]", file.path())).unwrap();
    let limits = Limits::default();
    let err = family.value(&[Arg::Int(9)], &limits).unwrap_err();
    assert!(err.to_string().contains("seven"), "{err}");
    for n in 0..7 {
        assert_eq!(
            family.value(&[Arg::Int(n)], &limits).unwrap(),
            Nimber(n % 3),
            "heap {n}"
        );
    }
}

#[test]
fn unusual_positions_print_and_parse_back() {
    // Positions of every kind, listed as the moves of "root"; `show`
    // returns the Rhai literal of what it is given.
    let text = r#"
fn start() { "root" }
fn moves(s) {
    if s == "root" { [[], [5], 5, -3, "HTT", "two words", true, 'x', (), [[1, 2], ["a"]], "_x"] } else { [] }
}
fn show(s) { s.to_debug() }
"#;
    let file = TempFile::new("kinds.rhai", text);
    let head = format!("script[{}]", file.path());
    let p = Position::parse(&format!("{head}()")).unwrap();
    let moves = grundy::analysis::normal::moves(&p, &Limits::default()).unwrap();
    let shown: Vec<String> = moves
        .iter()
        .map(|m| {
            let text = m.position.to_string();
            let again = Position::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(again.to_string(), text);
            let term = &again.terms[0];
            term.family.draw(&term.args).unwrap()
        })
        .collect();
    assert_eq!(
        shown,
        [
            "[]",
            "[5]",
            "5",
            "-3",
            "\"HTT\"",
            "\"two words\"",
            "true",
            "x",
            "()",
            "[[1, 2], [\"a\"]]",
            "\"_x\""
        ]
    );
    // The start is a string, so single values are written plainly.
    let written: Vec<String> = moves.iter().map(|m| m.to.replace(&head, "S")).collect();
    assert_eq!(written[0], "S(__a_)");
    assert_eq!(written[2], "S(5)");
    assert_eq!(written[4], "S(HTT)");
    // Rhai shows a character like a one-letter string; its written form
    // keeps them apart.
    assert_eq!(written[7], "S(_c78_)");
}

/// A random small scripted component, or a built-in one to mix with.
fn component() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::collection::vec(1u64..5, 1..4).prop_map(|h| format!(
            "{}({})",
            example("takeall.rhai"),
            join(&h)
        )),
        (0u64..9).prop_map(|n| format!("{}({n})", example("kayles.rhai"))),
        proptest::collection::vec(1u64..8, 1..3).prop_map(|h| format!(
            "{}({})",
            example("grundy-game.rhai"),
            join(&h)
        )),
        (0u64..20).prop_map(|n| format!("{}({n})", example("subtraction.rhai"))),
        (0u64..6).prop_map(|n| format!("nim({n})")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// Sums with scripted terms obey the laws the built-in families do:
    /// the value is the brute-force value of the whole sum, and every
    /// winning move leads to value 0.
    #[test]
    fn sums_with_scripts_obey_the_laws(parts in proptest::collection::vec(component(), 1..=2)) {
        let expr = parts.join(" + ");
        prop_assert_eq!(engine_value(&expr), reference_value(&expr));
        let p = Position::parse(&expr).unwrap();
        let a = grundy::analysis::normal::analyze(&p, &Limits::default()).unwrap();
        prop_assert_eq!(a.winning_moves.is_empty(), a.grundy.is_zero());
        for m in &a.winning_moves {
            prop_assert!(engine_value(&m.position.to_string()).is_zero(), "{} -> {}", expr, m.position);
        }
    }
}

fn value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Unit),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::Int),
        any::<char>().prop_map(Value::Char),
        ".{0,6}".prop_map(Value::Str),
        "[A-Za-z][A-Za-z0-9_-]{0,5}".prop_map(Value::Str),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        proptest::collection::vec(inner, 0..4).prop_map(Value::Array)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Every value is written as arguments that read back as itself, in
    /// both layouts and as a single heap argument.
    #[test]
    fn written_positions_read_back(v in value()) {
        for layout in [Layout::Array, Layout::Scalar] {
            let args = written::whole_args(&v, layout);
            prop_assert!(!args.is_empty());
            prop_assert_eq!(written::whole_value(&args, layout).unwrap(), v.clone());
            // The words are words of the expression language.
            let text = format!("nim({})", args.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(","));
            let parsed = grundy::expr::parse(&text).unwrap();
            prop_assert_eq!(parsed.terms[0].args.as_ref().unwrap().len(), args.len());
        }
        let arg = written::element_arg(&v, false);
        prop_assert_eq!(written::element_value(&arg).unwrap(), Written::Value(v));
    }
}

#[test]
fn deepest_allowed_recursion_fits_a_small_thread_stack() {
    // MAX_CALL_LEVELS promises that recursion up to the cap reports an
    // error rather than overflowing the native stack. Test threads have
    // 2 MiB, the smallest stack a caller is likely to give us.
    let text = "fn start() { 0 }\nfn down(n, acc) {\n  let row = [n, n + 1, acc.len()];\n  if n == 0 { acc } else { down(n - 1, acc + row) }\n}\nfn moves(s) {\n  let deep = down(10000, []);\n  []\n}\n";
    let file = TempFile::new("deep.rhai", text);
    let path = file.path().to_string();
    let limits = Limits::default().with_script(
        ScriptLimits::default()
            .with_max_call_levels(grundy::script::MAX_CALL_LEVELS)
            .with_max_operations(u64::MAX),
    );
    let outcome = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let p = Position::parse(&format!("script[{path}]")).unwrap();
            grundy::analysis::normal::analyze(&p, &limits)
                .map(|_| ())
                .unwrap_err()
                .to_string()
        })
        .unwrap()
        .join()
        .unwrap();
    assert!(outcome.contains("--script-depth"), "{outcome}");
}
