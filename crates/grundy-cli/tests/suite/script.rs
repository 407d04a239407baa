//! `--script FILE` and scripted games, run through the real binary.

use super::common::{assert_fails, grundy, json, stderr, stdout, temp_file};

fn example(name: &str) -> String {
    format!(
        "{}/../../examples/scripts/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// A script in the system's temporary folder; its path.
fn temp_script(name: &str, text: &str) -> String {
    temp_file(name, text).to_str().unwrap().to_string()
}

/// [`assert_fails`] with several things the message must say.
fn assert_fails_saying(args: &[&str], needles: &[&str]) {
    let err = assert_fails(args, needles[0]);
    for needle in &needles[1..] {
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn takeall_script_solves_the_classic_exercise_like_the_builtin() {
    let file = example("takeall.rhai");
    let scripted = json(&["value", "--json", "--script", &file]);
    let builtin = json(&["value", "--json", "takeall(1,2,3,4,5)"]);
    assert_eq!(scripted["value"]["value"], builtin["value"]["value"]);
    assert_eq!(scripted["verdict"], builtin["verdict"]);
    let head = format!("script[{file}]");
    let moves = |v: &serde_json::Value, head: &str| -> Vec<String> {
        v["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().replace(head, "H"))
            .collect()
    };
    assert_eq!(moves(&scripted, &head), moves(&builtin, "takeall"));
    // The same as a term of a sum, with the start written as `()`.
    let sum = json(&["value", "--json", &format!("{head}() + nim(3)")]);
    assert_eq!(sum["value"]["value"], 0, "*3 + *3");
}

#[test]
fn subtraction_script_table_matches_sub_for_a_thousand_values() {
    let file = example("subtraction.rhai");
    let scripted = json(&["table", "--json", "--script", &file, "--to", "1000"]);
    let builtin = json(&["table", "--json", "sub{1,3,4}", "--to", "1000"]);
    assert_eq!(scripted["values"].as_array().unwrap().len(), 1001);
    assert_eq!(scripted["values"], builtin["values"]);
}

#[test]
fn moves_of_a_script_are_written_so_they_parse_back() {
    let file = example("kayles.rhai");
    let v = json(&["moves", "--json", &format!("script[{file}](6)")]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 6);
    for m in moves {
        let position = m["position"].as_str().unwrap();
        let again = json(&["value", "--json", position]);
        assert_eq!(again["value"]["value"], m["value"]["value"], "{position}");
    }
    let text = stdout(&grundy(&["moves", "--script", &example("takeall.rhai")]));
    assert!(text.contains("](1,1,2,2)  0  winning"), "{text}");
}

#[test]
fn bad_scripts_fail_with_file_line_and_exit_code_2() {
    let syntax = temp_script(
        "syntax.rhai",
        "fn start() { [1] }\nfn moves(s) {\n  let x = [1, 2;\n}\n",
    );
    assert_fails_saying(
        &["value", "--script", &syntax],
        &[&format!("{syntax}:3: syntax error")],
    );

    let nonlist = temp_script(
        "nonlist.rhai",
        "fn start() { 5 }\n\nfn moves(s) {\n  s - 1\n}\n",
    );
    assert_fails_saying(
        &["value", "--script", &nonlist],
        &[&format!("{nonlist}:3:"), "must return an array"],
    );

    let endless = temp_script(
        "endless.rhai",
        "fn start() { 5 }\nfn moves(s) {\n  loop { }\n}\n",
    );
    assert_fails_saying(
        &["value", "--script", &endless],
        &[&format!("{endless}:2:"), "--script-ops"],
    );
    assert_fails_saying(
        &["value", "--script-ops", "5000", "--script", &endless],
        &["more than 5000 operations", "--script-ops"],
    );

    let recursion = temp_script(
        "recursion.rhai",
        "fn start() { 5 }\nfn down(n) { down(n + 1) }\nfn moves(s) { down(s) }\n",
    );
    assert_fails_saying(
        &["value", "--script", &recursion],
        &[&format!("{recursion}:"), "--script-depth"],
    );

    let one_heap = temp_script(
        "heap.rhai",
        "fn position(n) { n }\nfn moves(n) { [n + 1] }\n",
    );
    assert_fails_saying(
        &[
            "table",
            "--script",
            &one_heap,
            "--to",
            "5",
            "--max-positions",
            "1000",
        ],
        &["limit of 1000 positions", "--max-positions"],
    );

    assert_fails_saying(
        &["value", "--script", "no-such-file.rhai"],
        &["no-such-file.rhai"],
    );
    assert_fails_saying(&["value", "--script", "bad]name.rhai"], &["cannot contain"]);
}

#[test]
fn script_flags_are_checked() {
    let file = example("takeall.rhai");
    for args in [
        vec!["value", "--script-depth", "100000", "--script", &file],
        vec!["value", "--script-ops", "0", "--script", &file],
        vec!["value", "--script", &file, "nim(3)"],
        vec!["value"],
    ] {
        let o = grundy(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(!stderr(&o).contains("panicked"));
    }
    let o = grundy(&[
        "value",
        "--script-depth",
        "100",
        "--script-ops",
        "2000000",
        "--script",
        &file,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}
