//! `grundy nimber`, `grundy hackenbush`, and coin-turning games and
//! Hackenbush pictures through `grundy value`, run as a user runs them.

use super::common::{assert_fails, grundy, json as json_of, stderr, stdout, write_in};

/// Runs the binary: exit code, standard output, standard error.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let o = grundy(args);
    (o.status.code(), stdout(&o), stderr(&o))
}

/// A failure as the house wants it: exit 2, one line on stderr that starts
/// with `grundy: ` and names the problem.
fn refused(args: &[&str], needle: &str) {
    assert!(assert_fails(args, needle).starts_with("grundy: "));
}

/// A picture file in a folder of this test run.
fn picture(name: &str, text: &str) -> String {
    write_in("hackenbush", name, text)
        .to_string_lossy()
        .into_owned()
}

#[test]
fn nimber_arithmetic() {
    let (code, out, _) = run(&["nimber", "6*13"]);
    assert_eq!((code, out.as_str()), (Some(0), "15\n"));
    let v = json_of(&["nimber", "--json", "inv(7) * 7 + 2*2"]);
    assert_eq!(v["value"], 1 ^ 3);
    assert_eq!(v["expression"], "inv(7) * 7 + 2*2");
    assert_eq!(
        json_of(&[
            "nimber",
            "--json",
            "0xffffffffffffffff / 0xffffffffffffffff"
        ])["value"],
        1
    );
    refused(
        &["nimber", "6 * (13"],
        "expected ')' to close the '(' at column 5",
    );
    refused(
        &["nimber", "5 / 0"],
        "division by zero: the divisor is 0 at column 5",
    );
    refused(&["nimber", "6 & 13"], "column 3");
}

#[test]
fn coin_rows_through_value() {
    let v = json_of(&["value", "--json", "turtles(THTTH)"]);
    assert_eq!(v["value"]["value"], 2 ^ 5);
    assert_eq!(v["verdict"], "N");
    // Heads at coins 2 and 5: the one winning move turns both over.
    let moves: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(moves, ["turtles(TTTTT)"]);
    let v = json_of(&["value", "--json", "corners(TTT,THH,THH) + mock(H)"]);
    assert_eq!(v["value"]["value"], 2 ^ 1);
    assert_eq!(
        json_of(&["value", "--json", "ruler(TTTH)"])["value"]["value"],
        4
    );
    refused(
        &["value", "turtles(THXTH)"],
        "found 'X' at column 11 in \"turtles(THXTH)\"",
    );
    refused(&["value", "corners(HT,HHH)"], "a board is a rectangle");
    refused(
        &["moves", "--max-moves", "10", "mock(HHHHHHHH)"],
        "--max-moves",
    );
}

const PICTURE: &str = "# a stalk of 2 with a triangle on top, and a loop on the ground
ground g
g a
a b
b c
c d
d b
g g
";

#[test]
fn hackenbush_pictures() {
    let path = picture("picture.txt", PICTURE);
    let (code, out, err) = run(&["hackenbush", &path]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with("*2  first player wins (N-position)\n"),
        "{out}"
    );
    assert!(
        out.contains("{b,c,d} with 3 edges (odd: one edge)"),
        "{out}"
    );
    assert!(out.contains("winning cuts: edge 2 (a-b)"), "{out}");
    let v = json_of(&["hackenbush", "--json", &path]);
    assert_eq!(
        (v["grundy"].clone(), v["outcome"].clone()),
        (2.into(), "N".into())
    );
    assert_eq!(v["winning_cuts"][0]["edge"], 2);
    let after = v["winning_cuts"][0]["position"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(json_of(&["value", "--json", &after])["value"]["value"], 0);
    let term = format!("hackenbush[{path}]");
    let v = json_of(&["value", "--json", &term]);
    assert_eq!(v["value"]["value"], 2);
    assert_eq!(v["winning_moves"][0], after);
    assert_eq!(
        json_of(&["value", "--json", "bamboo(3,5,7)"])["winning_moves"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
}

#[test]
fn bad_pictures_are_refused_with_the_line() {
    let no_ground = picture("no-ground.txt", "g a\na b\n");
    refused(
        &["hackenbush", &no_ground],
        "no ground: add a line `ground VERTEX`",
    );
    let floating = picture("floating.txt", "ground g\ng a\nb c\n");
    refused(
        &["hackenbush", &floating],
        "floating.txt:3: edge b-c is not connected to the ground",
    );
    refused(
        &["value", &format!("hackenbush[{floating}]")],
        "edge b-c is not connected to the ground",
    );
    let path = picture("ok.txt", PICTURE);
    refused(
        &["value", &format!("hackenbush[{path}](3)")],
        "edge 3 (b-c) is not connected to the ground by the listed edges",
    );
    refused(
        &["hackenbush", "/nonexistent/picture.txt"],
        "/nonexistent/picture.txt",
    );
    refused(&["value", "bamboo(x)"], "expected a stalk length");
}
