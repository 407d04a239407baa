//! Take-and-break games through the command line: codes, periods, huge
//! heaps, patterns, and long runs that are interrupted and resumed.

use std::process::{Command, Stdio};

use super::common::{assert_fails, grundy, json, stderr, stdout};

#[test]
fn the_issue_example_sum() {
    let v = json(&[
        "value",
        "--json",
        "kayles(10) + octal[0.07](12) + grundy-game(20)",
    ]);
    // Kayles(10) = 2 (A002186), Dawson's Kayles(12) = 2 (A002187 shifted),
    // Grundy's game(20) = 0 (A002188).
    assert_eq!(v["value"]["value"], 0);
    assert_eq!(v["verdict"], "P");
    assert_eq!(
        v["position"],
        "kayles(10) + octal[0.07](12) + grundy-game(20)"
    );
}

#[test]
fn huge_heaps_come_from_the_certified_period() {
    let v = json(&["value", "--json", "kayles(1000000000)"]);
    // 10^9 = 12·83333333 + 4, and Kayles' period gives G = 1 there.
    assert_eq!(v["value"]["value"], 1);
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves.iter().take(5) {
        assert_eq!(
            json(&["value", "--json", m.as_str().unwrap()])["value"]["value"],
            0,
            "{m}"
        );
    }
}

#[test]
fn periods_are_certified_with_the_guy_smith_bound() {
    let k = json(&["period", "--json", "kayles"]);
    assert_eq!(k["period"], 12);
    assert_eq!(k["last_exception"], 70);
    assert_eq!(k["preperiod"], 71);
    assert_eq!(k["saltus"], 0);
    assert_eq!(k["certified"], true);
    assert_eq!(k["theorem_bound"], 2 * 71 + 12 + 2);
    let text = stdout(&grundy(&["period", "kayles"]));
    assert!(
        text.contains("period 12, pre-period 0..70 (last exception at 70), certified by the Guy–Smith theorem (checked to 2·71+12+2 = 156"),
        "{text}"
    );
    let d = json(&["period", "--json", "dawson"]);
    assert_eq!(
        (d["period"].as_u64(), d["last_exception"].as_u64()),
        (Some(34), Some(52))
    );
    assert_eq!(d["certified"], true);
}

/// Regression: `grundy period` printed "no period found up to 100000"
/// whatever `--max` was, naming the window of a second look at the values
/// rather than the values the engine computed and watched for a period.
#[test]
fn a_period_not_found_names_the_values_really_checked() {
    let text = stdout(&grundy(&["period", "octal[0.6]", "--max", "200000"]));
    assert_eq!(
        text,
        "octal[0.6]: no period found up to 200000 (200001 values computed; none certified by the Guy–Smith theorem)\n"
    );
    let j = json(&["period", "--json", "octal[0.6]", "--max", "200000"]);
    assert_eq!(j["checked_to"], 200_001);
    assert_eq!(j["period"], serde_json::Value::Null);
    assert_eq!(j["certified"], false);
    assert_eq!(j["proof"], serde_json::Value::Null);
    assert_eq!(
        j["search"],
        serde_json::json!({"kind": "guy-smith", "heaps": 2, "max_take": 1})
    );
    // Grundy's game splits into unequal heaps, which the theorem does not
    // cover: its values are still computed to `--max` and watched.
    let j = json(&["period", "--json", "grundy-game", "--max", "150000"]);
    assert_eq!(j["checked_to"], 150_001);
    assert_eq!(j["search"], serde_json::json!({"kind": "observed"}));
    // A family without a search of its own is observed on at most
    // G(0..=100000), and says so.
    let j = json(&["period", "--json", "sub{squares}", "--max", "1000000"]);
    assert_eq!(j["checked_to"], 100_001);
    assert_eq!(j["search"], serde_json::json!({"kind": "observed"}));
}

/// Certified periods are reported as before the fix above, with the
/// search naming the theorem that certified them.
#[test]
fn certified_periods_are_unchanged() {
    let text = stdout(&grundy(&["period", "0.07"]));
    assert_eq!(
        text,
        "octal[0.07]: period 34, pre-period 0..52 (last exception at 52), certified by the Guy–Smith theorem (checked to 2·53+34+2 = 142; 1024 values computed)\n"
    );
    let j = json(&["period", "--json", "0.16"]);
    assert_eq!(
        (
            &j["period"],
            &j["preperiod"],
            &j["certified"],
            &j["checked_to"]
        ),
        (
            &serde_json::json!(149_459),
            &serde_json::json!(105_351),
            &serde_json::json!(true),
            &serde_json::json!(524_289)
        )
    );
    assert_eq!(j["theorem_bound"], 360_163);
    assert_eq!(j["proof"], j["search"]);
    assert_eq!(j["proof"]["kind"], "guy-smith");
}

#[test]
fn patterns_of_kayles_and_grundys_game() {
    let k = json(&["pattern", "--json", "kayles"]);
    assert_eq!(k["period"], 12);
    assert_eq!(k["last_exception"], 70);
    assert_eq!(k["certified"], true);
    let text = stdout(&grundy(&["pattern", "grundy-game", "--to", "3000"]));
    assert!(text.contains("no period found up to 3000"), "{text}");
    let text = stdout(&grundy(&["period", "grundy-game", "--max", "5000"]));
    assert!(text.contains("no period found up to"), "{text}");
}

#[test]
fn tables_in_every_format() {
    let b = stdout(&grundy(&[
        "table", "0.07", "--to", "5", "--format", "bfile",
    ]));
    assert_eq!(b, "0 0\n1 0\n2 1\n3 1\n4 2\n5 0\n");
    let j = json(&["table", "--json", "kayles", "--to", "5"]);
    assert_eq!(j["values"], serde_json::json!([0, 1, 2, 3, 1, 4]));
    // Past the certified period, values are identical with and without it.
    let with = stdout(&grundy(&[
        "table",
        "dawson-chess",
        "--to",
        "20000",
        "--format",
        "csv",
    ]));
    let without = stdout(&grundy(&[
        "table",
        "dawson-chess",
        "--to",
        "20000",
        "--format",
        "csv",
        "--compute-all",
    ]));
    assert_eq!(with, without);
}

/// `--window` writes the same b-file as a table that keeps every value
/// (Officers moves values from about heap 3.2 million with the default
/// window: a shorter run only checks that the flag reaches the engine). Its
/// checkpoint is of the bounded format: a later bounded run resumes it,
/// writing from `--from`, and a run keeping every value refuses it.
#[test]
fn a_bounded_table_writes_the_same_values() {
    let args = |window: bool, from: &str, to: &str, checkpoint: Option<&str>| {
        let mut args = vec![
            "--threads",
            "1",
            "table",
            "octal[0.6]",
            "--from",
            from,
            "--to",
            to,
            "--compute-all",
            "--format",
            "bfile",
        ];
        if window {
            args.push("--window");
        }
        if let Some(path) = checkpoint {
            args.extend(["--checkpoint", path]);
        }
        stdout(&grundy(&args))
    };
    let whole = args(false, "0", "100000", None);
    assert_eq!(args(true, "0", "100000", None), whole);
    let checkpoint = super::common::temp_dir("window").join("officers.ckpt");
    let checkpoint = checkpoint.to_str().unwrap();
    let first = args(true, "0", "60000", Some(checkpoint));
    let rest = args(true, "60001", "100000", Some(checkpoint));
    assert_eq!(format!("{first}{rest}"), whole);
    assert_fails(
        &[
            "table",
            "octal[0.6]",
            "--to",
            "10",
            "--checkpoint",
            checkpoint,
        ],
        "resume it with --window",
    );
}

/// `--from` writes the table from that heap on, in every format, with the
/// heap numbers of the whole table.
#[test]
fn a_table_from_a_heap_on_is_the_end_of_the_whole_table() {
    let table = |format: &str, from: &str| {
        stdout(&grundy(&[
            "table", "kayles", "--from", from, "--to", "23", "--format", format,
        ]))
    };
    let whole = table("bfile", "0");
    let tail: String = whole.lines().skip(7).map(|l| format!("{l}\n")).collect();
    assert_eq!(table("bfile", "7"), tail);
    let csv = table("csv", "7");
    assert_eq!(csv, format!("n,grundy\n{}", tail.replace(' ', ",")));
    // Kayles: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 (OEIS A002186).
    assert_eq!(
        table("text", "7"),
        "       7:   2   1   4\n      10:   2   6   4   1   2   7   1   4   3   2\n      20:   1   4   6   7\n"
    );
    let json: serde_json::Value = serde_json::from_str(&table("json", "20")).unwrap();
    assert_eq!(json["from"], 20);
    assert_eq!(json["values"], serde_json::json!([1, 4, 6, 7]));
}

#[test]
fn malformed_codes_are_refused_with_the_column() {
    assert_fails(
        &["value", "octal[0.8](3)"],
        "'8' is not an octal digit (0-7); for hexadecimal codes write hex[...] at column 9",
    );
    assert_fails(&["value", "0.(3)"], "expected digits after the '.'");
    assert_fails(&["value", "1.2.3(3)"], "a code has one '.' at column 4");
    assert_fails(&["value", "octal[1.2](3)"], "may only split");
    assert_fails(
        &["table", "hex[0.G]", "--to", "3"],
        "expected a digit of the code, found 'G'",
    );
    assert_fails(
        &["value", "--max-heap", "1000", "grundy-game(100000)"],
        "--max-heap",
    );
}

/// Ctrl-C (SIGINT), and SIGTERM as a batch system or `kill` sends it,
/// stop a long run with exit code 130 and keep what was computed; the same
/// command then resumes from the checkpoint.
#[test]
fn interrupted_runs_resume_from_their_checkpoint() {
    for signal in ["-INT", "-TERM"] {
        interrupted_run_resumes(signal);
    }
}

fn interrupted_run_resumes(signal: &str) {
    let ckpt = super::common::temp_dir("checkpoints").join(format!("g{signal}.ckpt"));
    let _ = std::fs::remove_file(&ckpt);
    let ckpt = ckpt.to_str().unwrap();
    // Grundy's game has no known period, so this runs until interrupted.
    let args = [
        "table",
        "grundy-game",
        "--to",
        "50000000",
        "--format",
        "bfile",
        "--checkpoint",
        ckpt,
    ];
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{signal}: {err}");
    assert!(err.contains("run the same command to resume"), "{err}");
    let saved = std::fs::metadata(ckpt).unwrap().len();
    assert!(saved > 1000, "only {saved} bytes saved");
    // Resume: a short table from the checkpoint equals a fresh computation.
    let resumed = stdout(&grundy(&[
        "table",
        "grundy-game",
        "--to",
        "2000",
        "--format",
        "csv",
        "--checkpoint",
        ckpt,
    ]));
    let fresh = stdout(&grundy(&[
        "table",
        "grundy-game",
        "--to",
        "2000",
        "--format",
        "csv",
    ]));
    assert_eq!(resumed, fresh);
    // A checkpoint of another game is refused.
    assert_fails(
        &["table", "kayles", "--to", "10", "--checkpoint", ckpt],
        "is for `4!.0`, not `0.77`",
    );
    std::fs::remove_file(ckpt).unwrap();
}

#[test]
fn scripted_families_work_in_pattern_and_plot() {
    let root = env!("CARGO_MANIFEST_DIR");
    let script = format!("{root}/../../examples/scripts/subtraction.rhai");
    let p = json(&["pattern", "--json", "--script", &script, "--to", "300"]);
    assert_eq!(p["period"], 7);
    let o = grundy(&["plot", "--script", &script, "--to", "50", "-o", "-"]);
    assert!(o.status.success());
    assert!(stdout(&o).starts_with("<?xml"));
}

#[test]
fn the_plain_engine_gives_the_same_tables() {
    for (family, to) in [
        ("grundy-game", "2000"),
        ("octal[0.6]", "3000"),
        ("octal[0.16]", "3000"),
    ] {
        let fast = stdout(&grundy(&[
            "table",
            family,
            "--to",
            to,
            "--format",
            "bfile",
            "--compute-all",
        ]));
        let plain = stdout(&grundy(&[
            "table",
            family,
            "--to",
            to,
            "--format",
            "bfile",
            "--compute-all",
            "--engine",
            "plain",
        ]));
        assert_eq!(fast, plain, "{family}");
    }
}

/// `--simd` names the vector instructions; each choice the processor has
/// prints the same table as the plain engine (Officers' values pass 255
/// near heap 10 344, so the two-byte kernels run), one it lacks is refused
/// by name, and an unknown name is a usage error.
#[test]
fn every_simd_choice_gives_the_same_table() {
    let table = |extra: &[&str]| {
        let mut args = vec!["table", "octal[0.6]", "--to", "12000", "--format", "bfile"];
        args.extend_from_slice(extra);
        grundy(&args)
    };
    let plain = table(&["--engine", "plain"]);
    assert!(plain.status.success());
    for simd in ["auto", "portable", "avx2", "avx512"] {
        let o = table(&["--simd", simd, "--threads", "1"]);
        if o.status.success() {
            assert_eq!(stdout(&o), stdout(&plain), "{simd}");
        } else {
            assert_eq!(o.status.code(), Some(2), "{simd}");
            let err = stderr(&o);
            assert!(
                err.contains(&format!("cannot run the {simd} kernel")),
                "{err}"
            );
        }
    }
    let unknown = grundy(&["table", "kayles", "--to", "9", "--simd", "sse9"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("sse9"));
}

/// A table long enough to be written on a second thread, in batches of
/// values, reads the same there as on one thread, in every format, and its
/// b-file lines are the library's values.
#[test]
fn tables_written_on_a_second_thread_read_as_on_one() {
    // Past the length that starts the text thread (2^20), not a whole
    // number of its batches (2^18) nor of the library's slices.
    let to = (1u64 << 20) + 3 * (1 << 18) + 4097;
    let name = "octal[0.106]";
    let mut want = Vec::new();
    grundy::expr::family_named(name)
        .unwrap()
        .table_chunks(to, &grundy::Limits::default(), &mut |chunk| {
            want.extend(chunk.iter().map(|v| v.0));
            Ok(())
        })
        .unwrap();
    for format in ["bfile", "csv", "json", "text"] {
        let run = |threads: &str| {
            let args = [
                "table",
                name,
                "--to",
                &to.to_string(),
                "--format",
                format,
                "--threads",
                threads,
            ];
            let o = grundy(&args);
            assert!(o.status.success(), "{args:?}: {}", stderr(&o));
            stdout(&o)
        };
        let two = run("2");
        assert!(two == run("1"), "{format}: the two threads' text differs");
        if format == "bfile" {
            let lines: Vec<(u64, u64)> = two
                .lines()
                .map(|l| {
                    let (n, v) = l.split_once(' ').unwrap();
                    (n.parse().unwrap(), v.parse().unwrap())
                })
                .collect();
            let expected: Vec<(u64, u64)> = (0..).zip(want.iter().copied()).collect();
            assert_eq!(lines.len(), expected.len());
            assert!(lines == expected, "the b-file's lines are not the values");
        }
    }
}

/// A table longer than the library's slices of values reads the same in
/// every format as the values the library gives one heap at a time:
/// rows of ten, CSV, JSON and b-file lines running across the slices'
/// boundaries, on a computed table and on the period past it.
#[test]
fn long_tables_read_the_same_in_every_format() {
    let to = 3 * grundy::family::TABLE_CHUNK as u64 + 7;
    let limits = grundy::Limits::default();
    for name in ["kayles", "octal[0.106]"] {
        let family = grundy::expr::family_named(name).unwrap();
        let want: Vec<u64> = (0..=to)
            .map(|n| {
                family
                    .value(&[grundy::expr::Arg::Int(n)], &limits)
                    .unwrap()
                    .0
            })
            .collect();
        let run = |format: &str| {
            let o = grundy(&["table", name, "--to", &to.to_string(), "--format", format]);
            assert!(o.status.success(), "{name} {format}: {}", stderr(&o));
            stdout(&o)
        };
        let numbers = |text: &str| -> Vec<u64> {
            text.split(|c: char| !c.is_ascii_digit())
                .filter(|w| !w.is_empty())
                .map(|w| w.parse().unwrap())
                .collect()
        };
        // "n G(n)" and "n,G(n)" lines: the heap, then its value.
        for (format, skip) in [("bfile", 0), ("csv", 1)] {
            let lines: Vec<Vec<u64>> = run(format).lines().skip(skip).map(numbers).collect();
            let expected: Vec<Vec<u64>> = (0..=to).map(|n| vec![n, want[n as usize]]).collect();
            assert_eq!(lines, expected, "{name} {format}");
        }
        let json: serde_json::Value = serde_json::from_str(&run("json")).unwrap();
        let values: Vec<u64> = json["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(values, want, "{name} json");
        // Rows of ten, each led by its first heap.
        let text = run("text");
        for (row, line) in text.lines().enumerate() {
            let (lead, values) = line.split_once(':').unwrap();
            assert_eq!(
                lead.trim().parse::<usize>().unwrap(),
                10 * row,
                "{name} text"
            );
            let end = (10 * row + 10).min(want.len());
            assert_eq!(
                numbers(values),
                want[10 * row..end],
                "{name} text row {row}"
            );
        }
        assert_eq!(text.lines().count(), want.len().div_ceil(10), "{name} text");
    }
}
