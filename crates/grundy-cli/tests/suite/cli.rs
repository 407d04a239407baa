//! The `grundy` binary, run as a user runs it.

use std::io::Read;
use std::process::{Command, Stdio};

use super::common::{assert_fails, grundy, json, stderr, stdout, strings, temp_file};

#[test]
fn nim_357_has_three_winning_moves_one_per_heap() {
    let v = json(&["value", "--json", "nim(3,5,7)"]);
    assert_eq!(v["value"]["value"], 1);
    assert_eq!(v["verdict"], "N");
    let moves: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(moves, ["nim(2,5,7)", "nim(3,4,7)", "nim(3,5,6)"]);
    // The seed text's suggestion, taking 6 from the heap of 7, is not winning:
    // nim(3,5,1) has value 3 ⊕ 5 ⊕ 1 = 7.
    assert!(!moves.contains(&"nim(3,5,1)"));
    assert_eq!(
        json(&["value", "--json", "nim(3,5,1)"])["value"]["value"],
        7
    );
}

#[test]
fn value_explains_the_nim_sum() {
    let o = grundy(&["value", "sub{1,3,4}(9) + nim(2)"]);
    let text = stdout(&o);
    assert!(
        text.starts_with("*2  first player wins (N-position)"),
        "{text}"
    );
    assert!(
        text.contains("G(sub{1,3,4}(9)) = 0, G(nim(2)) = *2"),
        "{text}"
    );
    // Both: empty the Nim heap, or raise the subtraction heap to value *2.
    assert!(
        text.contains("winning moves: sub{1,3,4}(6) + nim(2)  sub{1,3,4}(9) + nim(0)"),
        "{text}"
    );
}

#[test]
fn seed_exercise_two_is_a_p_position() {
    // Seed text 001, exercise 2: "take 1 or 2" from 3 has value 0, so a sum
    // with another 0 is a second-player win (the text claims otherwise).
    let v = json(&["value", "--json", "sub{1,2}(3) + sub{1,2}(6)"]);
    assert_eq!(v["value"]["value"], 0);
    assert_eq!(v["verdict"], "P");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 0);
}

#[test]
fn moves_lists_every_move_with_its_value() {
    let v = json(&["moves", "--json", "sub{1,3,4}(9) + nim(2)"]);
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 5); // 3 subtraction moves + 2 Nim moves
    let winning: Vec<&str> = moves
        .iter()
        .filter(|m| m["value"]["value"] == 0)
        .map(|m| m["position"].as_str().unwrap())
        .collect();
    assert_eq!(
        winning,
        ["sub{1,3,4}(6) + nim(2)", "sub{1,3,4}(9) + nim(0)"]
    );
}

#[test]
fn table_formats() {
    let v = json(&["table", "--json", "sub{1,3,4}", "--to", "13"]);
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
    let b = stdout(&grundy(&[
        "table",
        "sub{1..3}",
        "--to",
        "5",
        "--format",
        "bfile",
    ]));
    assert_eq!(b, "0 0\n1 1\n2 2\n3 3\n4 0\n5 1\n");
    let c = stdout(&grundy(&["table", "nim", "--to", "2", "--format", "csv"]));
    assert_eq!(c, "n,grundy\n0,0\n1,1\n2,2\n");
}

#[test]
fn malformed_input_exits_2_with_one_line() {
    assert_fails(&["value", "nim(3,"], "column 7");
    assert_fails(&["value", "sub{}(5)"], "empty set");
    assert_fails(&["value", "nim(-1)"], "non-negative");
    assert_fails(&["value", "nim(3) +"], "expected a game");
    assert_fails(&["value", "frobnicate(3)"], "unknown game `frobnicate`");
    assert_fails(&["value", "wythoff(1,2,3)"], "wythoff takes two numbers");
    assert_fails(&["value", "nim(x)"], "expected a heap size");
    assert_fails(&["value", "sub{1,3,4}"], "needs a position in parentheses");
    assert_fails(&["table", "wythoff", "--to", "5"], "not a one-heap family");
    assert_fails(
        &["value", "graph[/nonexistent/g.txt](a)"],
        "/nonexistent/g.txt",
    );
    assert_fails(&["moves", "nim(100000000000)"], "--max-moves");
    assert_fails(
        &["value", "--max-positions", "10", "takeall(1,2,3,4,5)"],
        "--max-positions",
    );
    assert_fails(
        &["value", "--max-heap", "1000", "sub{fib}(5000)"],
        "--max-heap",
    );
}

#[test]
fn graph_files_with_cycles_or_missing_vertices_are_refused() {
    let cyclic = temp_file("cyclic.txt", "start s\ns a\na b\nb c\nc a\n");
    let cyclic = cyclic.to_str().unwrap();
    assert_fails(
        &["value", &format!("graph[{cyclic}]")],
        "cycle through vertex",
    );
    let missing = temp_file("missing.txt", "start z\na b\n");
    assert_fails(
        &["value", &format!("graph[{}]", missing.to_str().unwrap())],
        "start vertex `z` is not in the graph",
    );
    let ok = temp_file(
        "ok.json",
        r#"{"start": "a", "edges": [["a","b"],["b","c"]]}"#,
    );
    let ok = ok.to_str().unwrap();
    assert_fails(
        &["value", &format!("graph[{ok}](q)")],
        "vertex `q` is not in",
    );
    let v = json(&["value", "--json", &format!("graph[{ok}]")]);
    assert_eq!(v["value"]["value"], 0); // a -> b -> c: c = 0, b = 1, a = 0
}

#[test]
fn closed_pipe_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["table", "nim", "--to", "100000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 64];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "{err}");
    assert!(err.is_empty(), "{err}");
}

/// Counts and bounds are written as people write them: `1e7`, `10^7`.
#[test]
fn counts_accept_powers_of_ten() {
    let plain = stdout(&grundy(&["table", "sub{1,3,4}", "--to", "100"]));
    assert_eq!(
        stdout(&grundy(&["table", "sub{1,3,4}", "--to", "1e2"])),
        plain
    );
    assert_eq!(
        stdout(&grundy(&["table", "sub{1,3,4}", "--to", "10^2"])),
        plain
    );
    let v = json(&["period", "--json", "--max", "1e5", "kayles"]);
    assert_eq!(v["period"], 12);
    let v = json(&[
        "value",
        "--json",
        "--max-heap",
        "10^6",
        "--max-moves",
        "1e3",
        "--max-positions",
        "2e6",
        "allbut{2,3,7}(5000)",
    ]);
    assert!(v["winning_moves_complete"].as_bool().unwrap());
    // Byte budgets too.
    let v = json(&[
        "value",
        "--json",
        "--max-memory",
        "2e8",
        "--max-file-size",
        "10^6",
        "cram(3x4)",
    ]);
    assert_eq!(v["value"], json(&["value", "--json", "cram(3x4)"])["value"]);
    // Refused by the argument parser: exit code 2 and the reason.
    for (args, needle) in [
        (&["table", "nim", "--to", "1.5e2"][..], "not a whole number"),
        (&["table", "nim", "--to=-5"][..], "negative"),
        (&["value", "--max-heap", "1e30", "nim(1)"][..], "too large"),
        (
            &["value", "--max-memory", "4.5e9", "nim(1)"][..],
            "not a whole number",
        ),
        (
            &["value", "--max-moves", "ten", "nim(1)"][..],
            "expected a whole number",
        ),
    ] {
        let o = grundy(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"));
    }
}

/// Regression: a component with more moves than `--max-moves` printed
/// "none (every move leads to a non-zero value)" though taking the whole
/// heap wins; now the winning move is found from the target value.
#[test]
fn a_huge_heap_still_lists_its_winning_move() {
    let text = stdout(&grundy(&["value", "lasker(999999)"]));
    assert!(text.contains("winning moves: lasker(0)"), "{text}");
    let text = stdout(&grundy(&["value", "--max-moves", "5", "ed(2147483647,2)"]));
    assert!(text.contains("winning moves: ed(1,1)"), "{text}");
    let v = json(&["value", "--json", "lasker(1000000000000000003)"]);
    assert_eq!(strings(&v["winning_moves"]), ["lasker(0)"]);
    assert_eq!(v["winning_moves_complete"], true);
    let v = json(&["value", "--json", "--max-moves", "3", "split(3000000)"]);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 3);
    assert_eq!(v["winning_moves_complete"], false);
}
