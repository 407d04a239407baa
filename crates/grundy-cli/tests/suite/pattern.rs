//! `grundy pattern` and `grundy plot`, run as a user runs them.

use super::common::{assert_fails, grundy, json, stdout, temp_dir};

fn temp_path(name: &str) -> std::path::PathBuf {
    temp_dir("pattern").join(name)
}

#[test]
fn sub_256_period_is_proven() {
    let v = json(&["pattern", "--json", "sub{2,5,6}"]);
    assert_eq!(v["kind"], "periodic");
    assert_eq!(v["period"], 11);
    assert_eq!(v["preperiod"], 0);
    assert_eq!(v["saltus"], 0);
    assert_eq!(v["certified"], true);
    // `G(0..checked_to)`: heaps 0..=1000, counted as the period report
    // counts them.
    assert_eq!(v["checked_to"], 1001);
    assert_eq!(v["last_exception"], serde_json::Value::Null);
    assert_eq!(v["exceptions"].as_array().unwrap().len(), 0);
    // The fields the two reports share mean the same in both.
    let period = json(&["period", "--json", "sub{2,5,6}"]);
    for field in ["proof", "proof_text", "certified", "period", "preperiod"] {
        assert_eq!(v[field], period[field], "{field}");
    }
    let text = stdout(&grundy(&["pattern", "sub{2,5,6}"]));
    assert!(
        text.starts_with("sub{2,5,6}: periodic with period 11 from n = 0\n"),
        "{text}"
    );
    assert_has(
        &text,
        "proven: each value depends only on the previous 6 values",
    );
    assert_has(&text, "repeating block, n = 0..10: 0 0 1 1 0 2 1 3 0 2 1");
}

#[test]
fn allbut_237_is_arithmetic_periodic_and_only_observed() {
    let v = json(&["pattern", "--json", "allbut{2,3,7}", "--to", "500"]);
    assert_eq!(v["kind"], "arithmetic");
    assert_eq!(
        (v["period"].as_u64(), v["saltus"].as_u64()),
        (Some(4), Some(2))
    );
    assert_eq!(v["certified"], false);
    assert_eq!(v["checked_to"], 501);
    let text = stdout(&grundy(&["pattern", "allbut{2,3,7}"]));
    assert_has(
        &text,
        "arithmetic-periodic with period 4 and saltus 2 from n = 0",
    );
    assert_has(&text, "rule: G(n + 4) = G(n) + 2 for every n ≥ 0");
    assert_has(&text, "observed on G(0..1000), not proven");
}

#[test]
fn nim_has_saltus_1() {
    let v = json(&["pattern", "--json", "nim", "--to", "200"]);
    assert_eq!(
        (
            v["period"].as_u64(),
            v["saltus"].as_u64(),
            v["preperiod"].as_u64()
        ),
        (Some(1), Some(1), Some(0))
    );
}

#[test]
fn exceptions_are_listed_up_to_the_last() {
    let v = json(&["pattern", "--json", "sub{1,4,10}"]);
    assert_eq!(v["preperiod"], 16);
    assert_eq!(v["last_exception"], 15);
    let first = &v["exceptions"][0];
    assert_eq!(
        (
            first["n"].as_u64(),
            first["value"].as_u64(),
            first["pattern"].as_u64()
        ),
        (Some(0), Some(0), Some(1))
    );
    let text = stdout(&grundy(&["pattern", "sub{1,4,10}"]));
    assert_has(&text, "pre-period: n = 0..15; last exception: n = 15");
    assert_has(
        &text,
        "exceptions (6): G(0) = 0 (pattern: 1), G(1) = 1 (pattern: 2)",
    );
}

#[test]
fn no_period_is_said_plainly() {
    let text = stdout(&grundy(&["pattern", "sub{squares}", "--to", "2000"]));
    assert!(
        text.starts_with("sub{squares}: no period found up to 2000\n"),
        "{text}"
    );
    let v = json(&["pattern", "--json", "sub{fib}"]);
    assert_eq!(v["kind"], "none");
    assert_eq!(v["period"], serde_json::Value::Null);
    assert_eq!(v["proof"], serde_json::Value::Null);
    assert_eq!(v["checked_to"], 1001);
}

#[test]
fn wythoff_table_marks_p_positions() {
    let text = stdout(&grundy(&["pattern", "wythoff", "--to", "40x40"]));
    assert!(
        text.starts_with("wythoff(a, b) for a = 0..40 (rows) and b = 0..40 (columns)"),
        "{text}"
    );
    // Row 3 of the table: G(3, 5) = 0 is marked.
    let row3 = text
        .lines()
        .find(|l| l.trim_start().starts_with("3 "))
        .unwrap();
    assert_eq!(row3.split_whitespace().nth(6), Some("P"), "{row3}");
    assert_has(&text, "(3,5) (4,7) (5,3)");
    assert_has(&text, "symmetric: G(a, b) = G(b, a)");
    assert_has(
        &text,
        "row a = 1: arithmetic period 3, saltus 3, from b = 0",
    );
    let v = json(&["pattern", "--json", "wythoff", "--to", "12x9"]);
    assert_eq!(v["values"].as_array().unwrap().len(), 13);
    assert_eq!(v["values"][0].as_array().unwrap().len(), 10);
    let ps = v["p_positions"].as_array().unwrap();
    assert!(
        ps.contains(&serde_json::json!([5, 3])) && ps.contains(&serde_json::json!([10, 6])),
        "{ps:?}"
    );
    assert!(
        !ps.contains(&serde_json::json!([6, 10])),
        "(6,10) is outside a 12x9 table's columns"
    );
    assert_eq!(v["nim_sum"], false);
    let grid = json(&["pattern", "--json", "grid", "--to", "16x16"]);
    assert_eq!(grid["nim_sum"], true);
}

#[test]
fn pattern_refuses_extents_of_the_wrong_kind() {
    assert_fails(&["pattern", "wythoff", "--to", "40"], "write --to 40x40");
    assert_fails(&["pattern", "sub{1,3,4}", "--to", "5x5"], "write --to 5");
    assert_fails(&["pattern", "nim", "--to", "4x"], "expected a number");
    assert_fails(&["pattern", "nim(3)"], "without arguments");
    assert_fails(
        &["pattern", "--max-heap", "100", "sub{fib}", "--to", "1000"],
        "--max-heap",
    );
    assert_fails(
        &[
            "pattern",
            "--max-positions",
            "50",
            "wythoff",
            "--to",
            "10x10",
        ],
        "--max-positions",
    );
}

/// Asserts `text` contains `needle`, showing the text otherwise.
fn assert_has(text: &str, needle: &str) {
    assert!(text.contains(needle), "missing {needle:?} in\n{text}");
}

/// Checks that `svg` is well-formed XML and counts the elements whose
/// class list starts with the word `class` (the library's tests check the
/// structure in detail).
fn well_formed_count(svg: &str, class: &str) -> usize {
    roxmltree::Document::parse(svg).expect("well-formed SVG");
    svg.matches(&format!("class=\"{class}\"")).count()
        + svg.matches(&format!("class=\"{class} ")).count()
}

#[test]
fn plot_writes_a_scatter_plot() {
    let path = temp_path("values.svg");
    let file = path.to_str().unwrap();
    let o = grundy(&["plot", "sub{2,5,6}", "--to", "5000", "-o", file]);
    assert!(o.status.success());
    assert!(
        stdout(&o).starts_with(&format!("wrote {file}: 5001 points")),
        "{}",
        stdout(&o)
    );
    let svg = std::fs::read_to_string(&path).unwrap();
    assert_eq!(well_formed_count(&svg, "point"), 5001);
    assert_has(&svg, ">Grundy values of sub{2,5,6}, n = 0..5000</text>");
    assert_has(&svg, ">n (heap size)</text>");
    let summary = json(&["plot", "--json", "nim", "--to", "99", "-o", file]);
    assert_eq!(summary["points"], 100);
    assert_eq!(summary["p_positions"], 1);
    assert_eq!(summary["kind"], "scatter");
}

#[test]
fn plot_writes_a_heat_map_for_two_parameter_families() {
    let path = temp_path("wythoff.svg");
    let summary = json(&[
        "plot",
        "--json",
        "wythoff",
        "--to",
        "30x20",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(summary["kind"], "heat-map");
    assert_eq!(summary["points"], 31 * 21);
    let svg = std::fs::read_to_string(&path).unwrap();
    assert_eq!(well_formed_count(&svg, "cell"), 31 * 21);
    assert_eq!(
        well_formed_count(&svg, "p-position") as u64,
        summary["p_positions"].as_u64().unwrap()
    );
    // To standard output with `-o -`.
    let o = grundy(&["plot", "grid", "--to", "3x3", "-o", "-"]);
    assert_eq!(well_formed_count(&stdout(&o), "cell"), 16);
}

#[test]
fn plot_refuses_runaway_pictures_and_bad_files() {
    assert_fails(
        &["plot", "nim", "--to", "1000000", "-o", "-"],
        "--max-points",
    );
    assert_fails(
        &["plot", "nim", "--to", "10", "-o", "/nonexistent/dir/x.svg"],
        "/nonexistent/dir/x.svg",
    );
    assert_fails(
        &["plot", "--json", "nim", "--to", "10", "-o", "-"],
        "needs -o FILE",
    );
}
