//! `grundy value`, `grundy moves` and `grundy genus` under misère play and
//! the every-move rule, run as a user runs them.

use super::common::{assert_fails, grundy, json, stdout, strings};

#[test]
fn misere_nim_by_bouton_in_json() {
    let v = json(&["value", "--json", "misere(nim(3,5,1))"]);
    assert_eq!(v["position"], "misere(nim(3,5,1))");
    assert_eq!(v["play"], "misere");
    assert_eq!(v["verdict"], "N");
    assert_eq!(v["method"], "bouton");
    assert_eq!(
        v["value"],
        serde_json::json!({"kind": "misere_grundy", "value": 7})
    );
    assert_eq!(strings(&v["winning_moves"]), ["misere(nim(3,2,1))"]);
    assert_eq!(v["details"]["winning_moves"][0]["outcome"], "P");
    assert_eq!(v["details"]["components"][2]["genus"]["text"], "1^{031}");
    // The flag is the same as the wrapper.
    assert_eq!(json(&["value", "--json", "--misere", "nim(3,5,1)"]), v);
}

#[test]
fn a_single_heap_of_one_is_lost() {
    let o = grundy(&["value", "misere(nim(1))"]);
    let text = stdout(&o);
    assert!(
        text.starts_with("second player wins (P-position) under misère play"),
        "{text}"
    );
    assert!(text.contains("method: bouton"), "{text}");
    assert!(text.contains("winning moves: none"), "{text}");
}

#[test]
fn fallback_to_search_is_said_in_text_and_json() {
    let v = json(&["value", "--json", "misere(sub{1,3,4}(9) + nim(2))"]);
    assert_eq!(v["method"], "search");
    assert!(
        v["method_note"]
            .as_str()
            .unwrap()
            .contains("the SJ theorem does not apply"),
        "{v}"
    );
    assert_eq!(v["verdict"], "N");
    assert_eq!(v["details"]["misere_grundy"], 2);
    let text = stdout(&grundy(&["value", "--misere", "sub{1,3,4}(9) + nim(2)"]));
    assert!(text.contains("method: search"), "{text}");
    assert!(
        text.contains(
            "note: the SJ theorem does not apply (sub{1,3,4}(2), reachable from sub{1,3,4}(9)"
        ),
        "{text}"
    );
}

#[test]
fn sj_theorem_is_used_where_its_condition_holds() {
    // Every vertex but the sink z has an edge to z: only z has value 0.
    let path = super::common::write_in("misere", "g.txt", "a b z\nb c z\nc z\nz\n");
    let expr = format!("misere(graph[{}](a) + nim(2))", path.display());
    let v = json(&["value", "--json", &expr]);
    assert_eq!(v["method"], "sj");
    assert!(v["method_note"].is_null());
    assert!(
        v["value"].is_null(),
        "the theorem gives the outcome, not the value"
    );
    let search = json(&["value", "--json", "--method", "search", &expr]);
    assert_eq!(v["verdict"], search["verdict"]);
    assert_eq!(v["winning_moves"], search["winning_moves"]);
    let _ = std::fs::remove_file(path);
}

#[test]
fn bad_requests_are_clear_errors() {
    assert_fails(
        &["value", "--method", "sj", "misere(sub{1,3,4}(9) + nim(2))"],
        "the SJ theorem does not apply for misere(sub{1,3,4}(9) + nim(2)): sub{1,3,4}(2)",
    );
    assert_fails(
        &["value", "--method", "bouton", "--misere", "wythoff(1,2)"],
        "Bouton's rule is for Nim heaps only",
    );
    assert_fails(
        &["value", "misere(nim(1)) + nim(2)"],
        "must enclose the whole expression",
    );
    assert_fails(
        &["value", "misere(every(nim(1)))"],
        "cannot be part of a sum or nested",
    );
    assert_fails(
        &["value", "--misere", "every(nim(1))"],
        "written for every play but misere play",
    );
    assert_fails(
        &["value", "--method", "sj", "nim(1)"],
        "--method applies to misère and every-move play",
    );
    assert_fails(
        &["value", "--method", "steps", "--misere", "nim(1)"],
        "--method steps is for the every-move rule",
    );
    assert_fails(
        &["value", "--method", "sj", "--every", "nim(1)"],
        "are for misère play",
    );
    assert_fails(&["value", "misere(3)"], "needs a game expression inside");
    assert_fails(
        &[
            "value",
            "--misere",
            "--max-positions",
            "10",
            "sub{1,3,4}(30) + sub{2,5,6}(30)",
        ],
        "--max-positions",
    );
    assert_fails(
        &[
            "value",
            "--method",
            "sj",
            "--max-positions",
            "10",
            "misere(sub{2,5,6}(30))",
        ],
        "the SJ theorem could not be checked for misere(sub{2,5,6}(30))",
    );
    assert_fails(&["genus", "wythoff", "--to", "3"], "not a one-heap family");
}

#[test]
fn misere_moves_mark_the_winning_ones() {
    let v = json(&["moves", "--json", "--misere", "nim(1,2)"]);
    assert_eq!(v["method"], "bouton");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    let winning: Vec<&str> = moves
        .iter()
        .filter(|m| m["verdict"] == "P")
        .map(|m| m["position"].as_str().unwrap())
        .collect();
    assert_eq!(winning, ["misere(nim(1,0))"]);
    let text = stdout(&grundy(&["moves", "misere(nim(1,2))"]));
    assert!(
        text.contains("misere(nim(1,0))  P  G⁻ = 0  winning"),
        "{text}"
    );
}

#[test]
fn every_rule_in_json_and_text() {
    // sub{1,2}(3) lasts 2 moves (lost by the mover), nim(5) lasts 1: the
    // longer decides, so the player to move loses.
    let v = json(&["value", "--json", "every(sub{1,2}(3) + nim(5))"]);
    assert_eq!(v["play"], "every");
    assert_eq!(v["method"], "steps");
    assert_eq!(v["value"], serde_json::json!({"kind": "steps", "value": 2}));
    assert_eq!(v["verdict"], "P");
    assert_eq!(strings(&v["winning_moves"]), Vec::<&str>::new());
    let v = json(&["value", "--json", "--every", "sub{1,2}(4) + nim(5)"]);
    assert_eq!(
        (v["details"]["steps"].as_u64(), v["verdict"].as_str()),
        (Some(3), Some("N"))
    );
    // The winner takes 1 from 4 (to the lost 3, 2 more steps); the Nim heap
    // may do anything, as it ends first.
    assert_eq!(strings(&v["winning_moves"]).len(), 5);
    let search = json(&[
        "value",
        "--json",
        "--every",
        "--method",
        "search",
        "sub{1,2}(4) + nim(5)",
    ]);
    assert_eq!(search["verdict"], "N");
    assert!(search["value"].is_null());
    assert_eq!(search["winning_moves"], v["winning_moves"]);
    let text = stdout(&grundy(&["value", "every(sub{1,2}(4) + nim(5))"]));
    assert!(
        text.contains("lasts 3 moves under best play; odd"),
        "{text}"
    );
    let moves = json(&["moves", "--json", "every(nim(1) + nim(1))"]);
    assert_eq!(moves["moves"][0]["position"], "every(nim(0) + nim(0))");
    assert_eq!(
        moves["details"]["moves"][0]["parts"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

#[test]
fn genus_table_follows_winning_ways() {
    let v = json(&["genus", "nim", "--to", "3", "--json"]);
    let texts: Vec<&str> = v["genera"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["0^{120}", "1^{031}", "2^{20}", "3^{31}"]);
    let text = stdout(&grundy(&["genus", "sub{1,3,4}", "--to", "4"]));
    assert!(text.lines().last().unwrap().ends_with("2^{20}"), "{text}");
}

/// Regression: this sum was refused at the 5,000,000-position limit; the
/// outcome search over sums of rows answers it from about 10,000. (Left
/// to choose, the analysis answers it through the quotient.)
#[test]
fn misere_kayles_sum_is_answered_by_search() {
    let v = json(&[
        "value",
        "--json",
        "misere(kayles(10) + kayles(11) + kayles(12))",
    ]);
    assert_eq!(
        (v["method"].as_str(), v["verdict"].as_str()),
        (Some("quotient"), Some("P"))
    );
    let v = json(&[
        "value",
        "--json",
        "--method",
        "search",
        "misere(kayles(10) + kayles(11) + kayles(12))",
    ]);
    assert_eq!(v["method"], "search");
    assert_eq!(v["verdict"], "P");
    assert_eq!(
        v["value"],
        serde_json::json!({"kind": "misere_grundy", "value": 0})
    );
    assert_eq!(strings(&v["winning_moves"]), Vec::<&str>::new());
    // The search's limits hold, with the solver's refusal (here its budget
    // of options listed per position allowed).
    let line = assert_fails(
        &[
            "value",
            "--max-positions",
            "1000",
            "--method",
            "search",
            "misere(kayles(10) + kayles(11) + kayles(12))",
        ],
        "raise it with --max-positions",
    );
    assert!(
        line.starts_with("grundy: limit of 1000 positions"),
        "{line}"
    );
}

#[test]
fn quotients_are_printed_with_their_table_and_refused_where_they_do_not_apply() {
    // 0.75: Plambeck's R8 (INTEGERS 5, 2005): order 8, two P-positions.
    let text = stdout(&grundy(&[
        "quotient",
        "octal[0.75]",
        "--to",
        "20",
        "--table",
    ]));
    assert!(
        text.starts_with("misère quotient of octal[0.75], heaps 0..20: order 8, |P| = 2"),
        "{text}"
    );
    assert!(text.contains("(* marks the elements of P)"), "{text}");
    let q = json(&["quotient", "--json", "octal[0.75]", "--to", "20"]);
    assert_eq!(
        (q["order"].as_u64(), q["p_count"].as_u64()),
        (Some(8), Some(2))
    );
    // Each P element of the quotient is the image of a misère P-position:
    // check the heaps whose own image lies in P against the analysis.
    let p: Vec<u64> = q["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    for (n, phi) in q["phi"].as_array().unwrap().iter().enumerate().skip(1) {
        let v = json(&["value", "--json", &format!("misere(octal[0.75]({n}))")]);
        let lost = v["verdict"] == "P";
        assert_eq!(lost, p.contains(&phi.as_u64().unwrap()), "heap {n}");
    }
    // Misère Nim's heaps give the tame quotient.
    let nim = stdout(&grundy(&["quotient", "nim", "--to", "3"]));
    assert!(nim.contains("tame (misère Nim's T2)"), "{nim}");
    assert_fails(&["quotient", "wythoff"], "not a one-heap family");
    assert_fails(
        &["quotient", "kayles", "--to", "100", "--max-heap", "50"],
        "--max-heap",
    );
}

/// Regression: `grundy moves --misere --max-moves 10 "nim(6,6)"` listed
/// all 12 moves where normal play refused. Every convention now refuses
/// with the same one line naming the flag.
#[test]
fn misere_and_every_move_listings_are_refused_past_max_moves() {
    for flag in ["--misere", "--every"] {
        let line = assert_fails(
            &["moves", flag, "--max-moves", "10", "nim(6,6)"],
            "--max-moves",
        );
        assert_eq!(
            line.trim_end(),
            "grundy: limit of 10 moves exceeded; raise it with --max-moves"
        );
    }
    let v = json(&[
        "moves",
        "--json",
        "--misere",
        "--max-moves",
        "12",
        "nim(6,6)",
    ]);
    assert_eq!(v["moves"].as_array().unwrap().len(), 12);
}
