//! The `grundy` binary on splitting games and games with cycles, run as a
//! user runs it.

use super::common::{assert_fails as assert_refused, grundy, json as json_of, stdout, strings};

use serde_json::json;

/// A graph file in a folder of its own, removed on drop.
struct GraphFile(std::path::PathBuf);

impl GraphFile {
    fn new(name: &str, contents: &str) -> GraphFile {
        GraphFile(super::common::write_in("multi", name, contents))
    }

    fn term(&self, family: &str, args: &str) -> String {
        format!("{family}[{}]({args})", self.0.display())
    }
}

impl Drop for GraphFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn splitting_games_report_values_and_splitting_moves() {
    let v = json_of(&["value", "--json", "lasker(2,5)"]);
    assert_eq!(v["value"], json!({"kind": "grundy", "value": 7}));
    // Lasker's Nim: G(2) = 2, G(5) = 5; reduce the 5 to 2, or split it
    // into 1 + 4 (values 1 and 3).
    assert_eq!(
        strings(&v["winning_moves"]),
        ["lasker(2,2)", "lasker(2,1,4)"]
    );
    let v = json_of(&["table", "lasker", "--to", "8", "--json"]);
    assert_eq!(v["values"], json!([0, 1, 2, 4, 3, 5, 6, 8, 7]));
    let v = json_of(&["table", "split{3}", "--to", "8", "--json"]);
    assert_eq!(v["values"], json!([0, 0, 0, 1, 1, 2, 2, 3, 3]));
    let v = json_of(&["value", "--json", "split(6) + split{2,3}(4)"]);
    assert_eq!(
        v["details"]["components"],
        json!([{"component": "split(6)", "grundy": 1}, {"component": "split{2,3}(4)", "grundy": 3}])
    );
}

#[test]
fn ed_sums_of_pairs() {
    let v = json_of(&["value", "--json", "ed(1,2) + ed(3,5)"]);
    assert_eq!(v["value"]["value"], 1);
    assert_eq!(v["verdict"], "N");
    assert_eq!(
        strings(&v["winning_moves"]),
        ["ed(1,1) + ed(3,5)", "ed(1,2) + ed(1,2)"]
    );
    // Heaps far beyond any search come from the formula: (10^9 + 1) - 1
    // and 7 - 1 are both even, so the value is 0.
    let v = json_of(&["value", "--json", "ed(1000000001,7)"]);
    assert_eq!(
        (&v["value"]["value"], &v["verdict"]),
        (&json!(0), &json!("P"))
    );
    // From ed(10^9, 7) (value 9) every split of 10^9 into two odd heaps
    // wins: far too many moves to list, so the list is marked incomplete.
    let v = json_of(&["value", "--json", "ed(1000000000,7)"]);
    assert_eq!(
        (&v["value"]["value"], &v["winning_moves_complete"]),
        (&json!(9), &json!(false))
    );
}

#[test]
fn bad_splitting_input_is_refused() {
    assert_refused(&["value", "split{4}(3)"], "2 or 3 parts");
    assert_refused(&["value", "split[2](3)"], "wrong brackets");
    assert_refused(&["value", "lasker{2}(3)"], "takes no parameter");
    assert_refused(&["value", "ed(0,3)"], "non-empty heaps");
    assert_refused(&["value", "ed(3)"], "two numbers");
    assert_refused(&["moves", "--max-moves", "10", "ed(100,3)"], "--max-moves");
    assert_refused(&["value", "split{2,3}(1000000)"], "--max-moves");
}

/// b wins (move to the finished d); a and c can only draw; x sits on a
/// cycle but has the finite value 0.
const LOOPY: &str = "start a\na b c\nb a d\nc c\nd\nx y\ny x z\nz\n";

#[test]
fn loopy_values_in_json() {
    let g = GraphFile::new("loopy.txt", LOOPY);
    let v = json_of(&["value", "--json", &g.term("loopy", "b")]);
    assert_eq!(
        (&v["verdict"], &v["value"]["kind"]),
        (&json!("N"), &json!("generalised"))
    );
    let d = &v["details"];
    assert_eq!(
        (&d["value"], &d["infinite"], &d["reachable"], &d["outcome"]),
        (&json!(null), &json!(true), &json!([0]), &json!("win"))
    );
    assert_eq!(strings(&v["winning_moves"]), [g.term("loopy", "d")]);
    assert_eq!(d["winning_moves"][0]["outcome"], "lose");

    let v = json_of(&["value", "--json", &g.term("loopy", "a")]);
    assert_eq!(
        (&v["details"]["reachable"], &v["verdict"]),
        (&json!([]), &json!("D"))
    );
    assert_eq!(v["winning_moves"], json!([]));

    let v = json_of(&[
        "value",
        "--json",
        &format!("{} + nim(1)", g.term("loopy", "x")),
    ]);
    assert_eq!(
        (&v["value"], &v["verdict"]),
        (
            &json!({"kind": "generalised", "value": {"value": 1, "infinite": false, "reachable": null}}),
            &json!("N")
        )
    );
    assert_eq!(v["details"]["components"][0]["value"], 0);
    let x = g.term("loopy", "x");
    assert_eq!(
        strings(&v["winning_moves"]),
        [
            format!("{} + nim(1)", g.term("loopy", "y")),
            format!("{x} + nim(0)")
        ]
    );

    // ∞{0} beside a finite 1 is ∞{1}: a draw.
    let v = json_of(&["value", "--json", &g.term("loopy", "b,y")]);
    assert_eq!(
        (&v["details"]["reachable"], &v["verdict"]),
        (&json!([1]), &json!("D"))
    );
}

#[test]
fn loopy_moves_mark_winning_and_drawing_moves() {
    let g = GraphFile::new("moves.txt", LOOPY);
    let v = json_of(&["moves", "--json", &g.term("loopy", "b,y")]);
    let outcomes: Vec<(String, String)> = v["details"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["to"].as_str().unwrap().to_string(),
                m["outcome"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expect = [("a", "draw"), ("d", "win"), ("x", "win"), ("z", "win")]
        .map(|(to, o)| (g.term("loopy", to), o.to_string()));
    assert_eq!(outcomes, expect);
    let o = grundy(&["moves", &g.term("loopy", "b")]);
    let out = stdout(&o);
    assert!(
        out.contains(&format!("{}  0  winning", g.term("loopy", "d"))),
        "{out}"
    );
    assert!(
        out.contains(&format!("{}  ∞{{}}  drawing", g.term("loopy", "a"))),
        "{out}"
    );
}

#[test]
fn loopy_text_output_explains_the_value() {
    let g = GraphFile::new("text.txt", LOOPY);
    let o = grundy(&["value", &format!("loopy[{}]", g.0.display())]);
    let out = stdout(&o);
    assert!(out.starts_with("∞{}  draw"), "{out}");
    assert!(out.contains("infinite, and no move reaches 0"), "{out}");
}

#[test]
fn bad_loopy_input_is_refused_and_graph_points_to_loopy() {
    let g = GraphFile::new("bad.txt", LOOPY);
    assert_refused(&["value", &g.term("loopy", "q")], "vertex `q` is not in");
    assert_refused(
        &["value", "loopy[/nonexistent/g.txt](a)"],
        "/nonexistent/g.txt",
    );
    assert_refused(&["value", "loopy(a)"], "needs a parameter");
    assert_refused(&["value", &g.term("graph", "a")], "loopy");
    assert_refused(
        &["value", "--misere", &g.term("loopy", "b")],
        "normal play only",
    );
    // The engine would answer x -> y with y -> x (value 0) as readily as
    // with y -> z, and could go round the cycle for ever.
    let o = super::common::grundy_with_input(&["play", &g.term("loopy", "x")], "engine\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        super::common::stderr(&o).contains("without cycles"),
        "{}",
        super::common::stderr(&o)
    );
    assert_refused(
        &["moves", &format!("every({})", g.term("loopy", "x"))],
        "normal play only",
    );
}

#[test]
fn families_lists_the_new_games() {
    let o = grundy(&["families"]);
    let out = stdout(&o);
    for name in ["lasker", "split", "ed", "loopy"] {
        assert!(
            out.lines().any(|l| l.starts_with(&format!("{name} "))),
            "{name}: {out}"
        );
    }
}

/// Regression: `grundy moves` on a sum with cycles listed every move past
/// `--max-moves` and `--max-memory` (14 moves here, under a limit of 10),
/// where the same listing without cycles is refused. One line naming the
/// flag, as for `nim(6,6)`.
#[test]
fn loopy_moves_are_refused_past_the_listing_limits() {
    let g = GraphFile::new("listing.txt", LOOPY);
    let sum = format!("{} + nim(6,6)", g.term("loopy", "a"));
    let line = assert_refused(&["moves", "--max-moves", "10", &sum], "--max-moves");
    assert_eq!(
        line.trim_end(),
        "grundy: limit of 10 moves exceeded; raise it with --max-moves"
    );
    assert_refused(&["moves", "--max-moves", "10", "nim(6,6)"], "--max-moves");
    assert_refused(&["moves", "--max-memory", "16000", &sum], "--max-memory");
    let v = json_of(&["moves", "--json", &sum]);
    assert_eq!(v["moves"].as_array().unwrap().len(), 14);
}
