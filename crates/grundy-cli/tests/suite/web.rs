//! `grundy serve` through HTTP on a free loopback port: each endpoint's
//! answer against the library's, the refusals (files on the server's
//! disk, runaway work, malformed and oversized requests), and the curl
//! examples of docs/WEB.md.

use std::time::Instant;

use serde_json::{Value, json};

use super::server::Server;

#[test]
fn value_moves_and_play_answer_as_the_command_line_does() {
    let s = Server::start(&[]);
    let (status, r) = s.post("/api/value", &json!({"position": "nim(3,5,7)"}));
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["value"], json!({"kind": "grundy", "value": 1}));
    assert_eq!(r["verdict"], "N");
    assert_eq!(
        r["winning_moves"],
        json!(["nim(2,5,7)", "nim(3,4,7)", "nim(3,5,6)"])
    );
    assert!(r["reason"].as_str().unwrap().contains("nim-sum"));

    // The same through GET, and misère play through the `play` field.
    let (status, r) = s.get("/api/value?position=nim(1,1)&play=misere");
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["verdict"], "N");
    assert_eq!(r["method"], "bouton");

    let (status, r) = s.post("/api/moves", &json!({"position": "wythoff(3,5)"}));
    assert_eq!(status, 200, "{r}");
    let moves = r["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let (_, v) = s.post("/api/value", &json!({"position": m["position"]}));
        assert_eq!(v["verdict"], m["verdict"], "{m}");
    }

    // The engine's reply leaves a P-position; from a finished game it has
    // no move and says so.
    let (status, r) = s.post(
        "/api/play",
        &json!({"position": "kayles(9) + nim(3)", "seed": 7}),
    );
    assert_eq!(status, 200, "{r}");
    assert_eq!(r["finished"], false);
    let after = &r["reply"]["move"]["position"];
    let (_, v) = s.post("/api/value", &json!({"position": after}));
    assert_eq!(v["verdict"], "P", "{r}");
    let (_, r) = s.post("/api/play", &json!({"position": "nim(0)"}));
    assert_eq!(r["finished"], true);
    assert_eq!(r["reply"], Value::Null);
}

/// `/api/board` lays out the board components of a sum and names the
/// cells of every move; what each move leaves is the `/api/moves` list.
#[test]
fn boards_are_laid_out_with_the_cells_of_each_move() {
    let s = Server::start(&[]);
    let (status, r) = s.post(
        "/api/board",
        &json!({"position": "nim(2) + cram(2x3,a1,b1)"}),
    );
    assert_eq!(status, 200, "{r}");
    let boards = r["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 1, "{r}");
    let board = &boards[0];
    assert_eq!(board["component"], 1);
    assert_eq!(board["text"], "cram(2x3,a1,b1)");
    let spots = board["layout"]["spots"].as_array().unwrap();
    let states: Vec<&str> = spots.iter().map(|s| s["state"].as_str().unwrap()).collect();
    assert_eq!(states, ["taken", "taken", "free", "free", "free", "free"]);
    let (_, listed) = s.post(
        "/api/moves",
        &json!({"position": "nim(2) + cram(2x3,a1,b1)"}),
    );
    let mut on_board: Vec<String> = board["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            // Two free neighbouring cells each.
            let cells: Vec<usize> = m["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_u64().unwrap() as usize)
                .collect();
            assert_eq!(cells.len(), 2, "{m}");
            for &c in &cells {
                assert_eq!(spots[c]["state"], "free", "{m}");
            }
            m["position"].as_str().unwrap().to_string()
        })
        .collect();
    let mut expected: Vec<String> = listed["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["position"].as_str().unwrap().to_string())
        // The moves on the Nim heap change the heap, not the board.
        .filter(|p| p.starts_with("nim(2) + "))
        .collect();
    on_board.sort();
    expected.sort();
    assert_eq!(on_board, expected);
    // Node Kayles on a cycle is drawn on a circle with its edges.
    let (_, r) = s.get("/api/board?position=nodekayles(cycle,5)");
    assert_eq!(r["boards"][0]["layout"]["placement"], "circle");
    assert_eq!(
        r["boards"][0]["layout"]["edges"].as_array().unwrap().len(),
        5
    );
    // A bar too large to draw is refused with the reason.
    let (status, r) = s.post("/api/board", &json!({"position": "chomp(30x30)"}));
    assert_ne!(status, 200);
    assert_eq!(
        r["error"],
        "chomp(30x30) has 900 cells or vertices; at most 400 are laid out"
    );
}

/// The indices a board move lists under `key` (`cells` or `removes`).
fn indices(m: &Value, key: &str) -> Vec<usize> {
    m[key]
        .as_array()
        .unwrap_or_else(|| panic!("no {key} in {m}"))
        .iter()
        .map(|c| c.as_u64().unwrap() as usize)
        .collect()
}

/// The spots of `layout` that a move playing `cells` takes out of play, by
/// the rules alone, in board order: a domino covers two free cells side by
/// side or one above the other; a vertex of a path goes with its free
/// neighbours on the path; a bite takes every cell below and to the right.
fn gone_by_the_rules(layout: &Value, cells: &[usize]) -> Vec<usize> {
    let spots = layout["spots"].as_array().unwrap();
    let free = |i: usize| spots[i]["state"] == "free";
    let at = |i: usize| {
        (
            spots[i]["row"].as_u64().unwrap(),
            spots[i]["column"].as_u64().unwrap(),
        )
    };
    let next_to = |a: usize, b: usize| {
        let ((ra, ca), (rb, cb)) = (at(a), at(b));
        ra.abs_diff(rb) + ca.abs_diff(cb) == 1
    };
    let gone: Vec<usize> = match (layout["game"].as_str().unwrap(), cells) {
        ("cram", &[a, b]) => {
            assert!(
                free(a) && free(b) && next_to(a, b),
                "{cells:?} is no domino"
            );
            let mut gone = vec![a, b];
            gone.sort_unstable();
            gone
        }
        ("node-kayles", &[v]) => {
            assert_eq!(layout["rows"], 1, "a path is laid out in one row");
            assert!(free(v));
            (0..spots.len())
                .filter(|&w| free(w) && (w == v || next_to(v, w)))
                .collect()
        }
        ("chomp", &[b]) => {
            assert!(free(b), "the poisoned corner is never bitten");
            let (r, c) = at(b);
            (0..spots.len())
                .filter(|&i| at(i).0 >= r && at(i).1 >= c)
                .collect()
        }
        (game, _) => panic!("{cells:?} is no move of {game}"),
    };
    gone
}

/// The component `text` after the spots `gone` of its `layout` went,
/// written by the rules: Cram and Node Kayles name the cells or vertices
/// taken, Chomp the lengths of the rows left.
fn term_after(text: &str, layout: &Value, gone: &[usize]) -> String {
    let spots = layout["spots"].as_array().unwrap();
    if layout["game"] == "chomp" {
        let mut rows = vec![0; layout["rows"].as_u64().unwrap() as usize];
        for (i, s) in spots.iter().enumerate() {
            if !gone.contains(&i) {
                rows[s["row"].as_u64().unwrap() as usize] += 1;
            }
        }
        let rows: Vec<String> = rows.iter().map(u64::to_string).collect();
        return format!("chomp({})", rows.join(","));
    }
    let names: Vec<&str> = gone
        .iter()
        .map(|&i| spots[i]["name"].as_str().unwrap())
        .collect();
    format!("{},{})", text.strip_suffix(')').unwrap(), names.join(","))
}

/// What the page marks comes from `/api/board`: a hint marks the cells of
/// the board move that is a winning move of `/api/value`, and those cells,
/// applied by the rules, leave a P-position; an engine's Chomp bite is
/// drawn from the cells its move removes, which are exactly the cells the
/// rules take and the board after the bite no longer lists.
#[test]
fn hinted_and_bitten_cells_follow_the_rules() {
    let s = Server::start(&[]);
    let mut hinted = 0;
    for position in [
        "cram(2x3)",
        "cram(3x5)",
        "cram(4x4,a1,a2) + nim(1)",
        "cram(3x4,a1,b1,c3,c2)",
        "nodekayles(path,6)",
        "nim(3) + nodekayles(path,8)",
        "chomp(3x4)",
        "chomp(5,4,4,2)",
        "chomp(2x4) + nim(3)",
    ] {
        let (_, value) = s.post("/api/value", &json!({ "position": position }));
        let (status, board) = s.post("/api/board", &json!({ "position": position }));
        assert_eq!(status, 200, "{board}");
        let view = &board["boards"][0];
        let (text, layout) = (view["text"].as_str().unwrap(), &view["layout"]);
        let on_board: Vec<&Value> = value["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|w| {
                view["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|m| m["position"] == *w)
            })
            .collect();
        assert!(
            !on_board.is_empty(),
            "{position}: no winning move on the board"
        );
        for m in on_board {
            let gone = gone_by_the_rules(layout, &indices(m, "cells"));
            assert_eq!(indices(m, "removes"), gone, "{position}: {m}");
            let after = position.replacen(text, &term_after(text, layout, &gone), 1);
            let (_, v) = s.post("/api/value", &json!({ "position": after }));
            assert_eq!(
                v["verdict"], "P",
                "{position}: the hinted {m} gives {after}"
            );
            hinted += 1;
        }
    }
    assert!(hinted >= 12, "only {hinted} hinted moves checked");

    for (start, seed) in [
        ("chomp(4x5)", 1),
        ("chomp(5,4,4,2)", 2),
        ("chomp(3x7) + nim(1)", 3),
    ] {
        let (_, r) = s.post("/api/play", &json!({ "position": start, "seed": seed }));
        let after = r["reply"]["move"]["position"].as_str().unwrap();
        let (_, before) = s.post("/api/board", &json!({ "position": start }));
        let view = &before["boards"][0];
        let layout = &view["layout"];
        let m = view["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["position"] == after)
            .unwrap_or_else(|| panic!("{start}: the engine's {after} is no board move"));
        let removes = indices(m, "removes");
        assert_eq!(
            removes,
            gone_by_the_rules(layout, &indices(m, "cells")),
            "{start}: {m}"
        );
        let (_, left) = s.post("/api/board", &json!({ "position": after }));
        let left: Vec<&Value> = left["boards"][0]["layout"]["spots"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| &s["name"])
            .collect();
        let spots = layout["spots"].as_array().unwrap();
        let missing: Vec<usize> = (0..spots.len())
            .filter(|&i| !left.contains(&&spots[i]["name"]))
            .collect();
        assert_eq!(removes, missing, "{start} -> {after}");
        let (_, v) = s.post("/api/value", &json!({ "position": after }));
        assert_eq!(v["verdict"], "P", "{start} -> {after}");
    }
}

#[test]
fn graph_steps_follow_the_definition_and_large_graphs_are_refused() {
    let s = Server::start(&[]);
    let (status, g) = s.post("/api/graph", &json!({"position": "sub{1,3,4}(7)"}));
    assert_eq!(status, 200, "{g}");
    let nodes = g["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 8);
    assert_eq!(nodes[0]["label"], "7");
    // Every step's value is the mex of its options' values, and options
    // come first in the order.
    let mut known = vec![false; nodes.len()];
    for i in g["order"].as_array().unwrap() {
        let n = &nodes[i.as_u64().unwrap() as usize];
        let mut values: Vec<u64> = n["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|j| {
                let j = j.as_u64().unwrap() as usize;
                assert!(known[j]);
                nodes[j]["grundy"].as_u64().unwrap()
            })
            .collect();
        values.sort();
        let mex = (0..).find(|v| !values.contains(v)).unwrap();
        assert_eq!(n["grundy"], mex, "{n}");
        known[i.as_u64().unwrap() as usize] = true;
    }
    // The same value as the front door, heap by heap.
    for n in nodes {
        let (_, v) = s.post("/api/value", &json!({"position": n["position"]}));
        assert_eq!(v["value"]["value"], n["grundy"], "{n}");
    }

    let (status, r) = s.post("/api/graph", &json!({"position": "nim(10,11,12)"}));
    assert_eq!(status, 422, "{r}");
    assert!(r["positions"].as_u64().unwrap() > 150, "{r}");
    assert!(r["error"].as_str().unwrap().contains("positions"), "{r}");
}

#[test]
fn tables_give_values_periods_and_plots() {
    let s = Server::start(&[]);
    let (status, t) = s.post("/api/table", &json!({"family": "sub{2,5,6}", "to": "60"}));
    assert_eq!(status, 200, "{t}");
    assert_eq!(t["kind"], "one");
    assert_eq!(t["values"].as_array().unwrap().len(), 61);
    assert_eq!(t["period"]["period"], 11);
    assert_eq!(t["period"]["preperiod"], 0);
    assert!(t["svg"].as_str().unwrap().contains("<svg"));

    let (_, t) = s.post("/api/table", &json!({"family": "kayles", "to": "100"}));
    assert_eq!(t["period"]["period"], 12, "{t}");
    assert_eq!(t["period"]["certified"], true, "{t}");

    let (status, t) = s.post("/api/table", &json!({"family": "wythoff", "to": "8x8"}));
    assert_eq!(status, 200, "{t}");
    assert_eq!(t["kind"], "two");
    assert_eq!(t["values"][3][5], 0);

    let (status, t) = s.post("/api/table", &json!({"family": "nim", "to": "1e9"}));
    assert_eq!(status, 400, "{t}");
}

/// `/api/quotient` answers with the library's report, the very JSON
/// `grundy quotient --json` prints. 0.75 to heap 20 is Plambeck's R8:
/// order 8 with two P elements ("Taming the wild in impartial
/// combinatorial games", INTEGERS 5 (2005) G05).
#[test]
fn quotients_are_the_command_lines_report() {
    let s = Server::start(&[]);
    let (status, q) = s.post(
        "/api/quotient",
        &json!({"family": "octal[0.75]", "to": "20"}),
    );
    assert_eq!(status, 200, "{q}");
    assert_eq!(q["order"], 8, "{q}");
    assert_eq!(q["p_count"], 2, "{q}");
    assert_eq!(q["phi"].as_array().unwrap().len(), 21, "{q}");
    let by_cli = super::common::json(&["quotient", "--json", "octal[0.75]", "--to", "20"]);
    assert_eq!(q, by_cli, "the web and the command line differ");
    // Through GET as well, for a quotient too large for its table.
    let (status, q) = s.get("/api/quotient?family=kayles&to=40");
    assert_eq!(status, 200, "{q}");
    let by_cli = super::common::json(&["quotient", "--json", "kayles", "--to", "40"]);
    assert_eq!(q, by_cli, "the web and the command line differ on kayles");

    // No quotient: each a 4xx with its kind, never a panic or a hang.
    let refused: &[(Value, u16, &str, &str)] = &[
        (
            json!({"family": "wythoff", "to": "20"}),
            400,
            "invalid",
            "not a one-heap family",
        ),
        (
            json!({"family": "octal[0.7", "to": "20"}),
            400,
            "parse",
            "column",
        ),
        (
            json!({"family": "kayles", "to": "ten"}),
            400,
            "invalid",
            "whole number",
        ),
        (
            json!({"family": "kayles", "to": "1e6"}),
            400,
            "too_many",
            "at most 10000",
        ),
    ];
    for (body, want, kind, needle) in refused {
        let (status, r) = s.post("/api/quotient", body);
        assert_eq!(status, *want, "{body}: {r}");
        assert_eq!(r["kind"], *kind, "{body}: {r}");
        assert!(r["error"].as_str().unwrap().contains(needle), "{body}: {r}");
    }
    let (status, text) = s.send("POST", "/api/quotient", Some(r#"{"family":"kayles"}"#));
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("missing field `to`"), "{text}");

    // A wild game whose quotient outgrows the request's time is refused
    // with the limit, as every endpoint refuses.
    let s = Server::start(&["--request-time", "300"]);
    let (status, r) = s.post(
        "/api/quotient",
        &json!({"family": "grundy-game", "to": "40"}),
    );
    assert_eq!(status, 422, "{r}");
    assert_eq!(r["kind"], "limit", "{r}");
}

#[test]
fn files_come_only_from_the_request() {
    let s = Server::start(&[]);
    for position in [
        "graph[/etc/passwd](0)",
        "hackenbush[/etc/passwd](1)",
        "loopy[/etc/passwd](a)",
        "script[/etc/passwd](1)",
        "script[../../Cargo.toml]",
    ] {
        for path in ["/api/value", "/api/moves", "/api/graph", "/api/play"] {
            let (status, r) = s.post(path, &json!({ "position": position }));
            assert_eq!(status, 400, "{path} {position}: {r}");
            let e = r["error"].as_str().unwrap();
            assert!(e.contains("not read from disk"), "{path} {position}: {e}");
        }
    }
    let (status, r) = s.post("/api/table", &json!({"family": "script[/etc/passwd]"}));
    assert_eq!(status, 400, "{r}");

    // Sent with the request, the same names work.
    let script = "fn position(n) { n }\nfn moves(n) { let out = []; for t in [1, 2] { if t <= n { out.push(n - t); } } out }\n";
    let files = json!({ "game.rhai": script, "g.txt": "a b\nb c\n" });
    let (status, r) = s.post(
        "/api/value",
        &json!({"position": "script[game.rhai](4) + graph[g.txt](a)", "files": files}),
    );
    assert_eq!(status, 200, "{r}");
    // sub{1,2}: G(4) = 1; the path a -> b -> c: G(a) = 0.
    assert_eq!(r["value"]["value"], 1, "{r}");
    let (status, t) = s.post(
        "/api/table",
        &json!({"family": "script[game.rhai]", "to": "9", "files": files}),
    );
    assert_eq!(status, 200, "{t}");
    assert_eq!(t["values"], json!([0, 1, 2, 0, 1, 2, 0, 1, 2, 0]));
}

#[test]
fn runaway_work_is_refused_while_others_are_answered() {
    // One second: the slow request below takes about 2.5 s on one thread
    // of a fast machine in a release build (3 s was not always enough to
    // refuse it there), far more in a debug build.
    let s = Server::start(&["--request-time", "1000"]);
    let slow = {
        let addr = s.addr.clone();
        std::thread::spawn(move || {
            // Two heaps of 10^6 - 1 with no known period: seconds of work
            // on the one thread a request gets, within every other limit.
            let body = json!({"position": "grundy-game(999999) + octal[0.6](999999)"}).to_string();
            let request = format!(
                "POST /api/value HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let mut stream = std::net::TcpStream::connect(&addr).unwrap();
            std::io::Write::write_all(&mut stream, request.as_bytes()).unwrap();
            let mut answer = String::new();
            std::io::Read::read_to_string(&mut stream, &mut answer).unwrap();
            (answer, Instant::now())
        })
    };
    // While the runaway request computes, quick ones are answered.
    std::thread::sleep(std::time::Duration::from_millis(300));
    let (status, r) = s.post("/api/value", &json!({"position": "nim(3,5,7)"}));
    let quick_done = Instant::now();
    assert_eq!(status, 200, "{r}");
    let (answer, slow_done) = slow.join().unwrap();
    assert!(
        quick_done < slow_done,
        "the quick request waited for the slow one"
    );
    assert!(answer.starts_with("HTTP/1.1 422"), "{answer}");
    assert!(answer.contains("refused"), "{answer}");

    // A script that never ends is stopped by its operation limit.
    let endless = "fn start() { 0 }\nfn moves(s) { let n = 0; loop { n += 1; } }\n";
    let (status, r) = s.post(
        "/api/value",
        &json!({"position": "script[e.rhai]", "files": {"e.rhai": endless}}),
    );
    assert!(status == 422 || status == 400, "{status} {r}");
    assert!(!r["error"].as_str().unwrap().is_empty());
}

#[test]
fn bad_requests_get_a_clear_4xx() {
    let s = Server::start(&[]);
    let cases: &[(&str, &str, Option<&str>, u16, &str)] = &[
        (
            "POST",
            "/api/value",
            Some("{not json"),
            400,
            "bad JSON body",
        ),
        (
            "POST",
            "/api/value",
            Some("{}"),
            400,
            "missing field `position`",
        ),
        (
            "POST",
            "/api/value",
            Some(r#"{"position":"nim(1)","x":1}"#),
            400,
            "unknown field",
        ),
        (
            "POST",
            "/api/value",
            Some(r#"{"position":"nim(3"}"#),
            400,
            "column",
        ),
        (
            "POST",
            "/api/value",
            Some(r#"{"position":"  "}"#),
            400,
            "empty",
        ),
        (
            "POST",
            "/api/value",
            Some(r#"{"position":"nim(1)","play":"sideways"}"#),
            400,
            "unknown play",
        ),
        (
            "POST",
            "/api/graph",
            Some(r#"{"position":"misere(nim(1))"}"#),
            400,
            "normal-play",
        ),
        (
            "GET",
            "/api/value?positon=nim(1)",
            None,
            400,
            "bad query string",
        ),
        ("PUT", "/api/value", Some("{}"), 405, ""),
        ("GET", "/api/nothing", None, 404, "no such endpoint"),
    ];
    for &(method, path, body, want, needle) in cases {
        let (status, text) = s.send(method, path, body);
        assert_eq!(status, want, "{method} {path} {body:?}: {text}");
        if !needle.is_empty() {
            let v: Value = serde_json::from_str(&text).unwrap();
            let e = v["error"].as_str().unwrap();
            assert!(e.contains(needle), "{method} {path} {body:?}: {e}");
        }
    }
    let long = format!(r#"{{"position":"nim({})"}}"#, "1,".repeat(3000));
    let (status, _) = s.send("POST", "/api/value", Some(&long));
    assert_eq!(status, 400);
    let huge = format!(
        r#"{{"position":"nim(1)","files":{{"a":"{}"}}}}"#,
        "x".repeat(300 << 10)
    );
    let (status, text) = s.send("POST", "/api/value", Some(&huge));
    assert_eq!(status, 413, "{text}");
    // Not HTTP at all: the connection is refused, the server stays up.
    let (status, _) = s.raw(b"\x00\x01garbage\r\n\r\n");
    assert_eq!(status, 400);
    let (status, _) = s.post("/api/value", &json!({"position": "nim(1)"}));
    assert_eq!(status, 200);
}

#[test]
fn the_page_and_its_assets_are_served_from_the_binary() {
    let s = Server::start(&[]);
    let (status, html) = s.send("GET", "/", None);
    assert_eq!(status, 200);
    assert!(html.contains("<script src=\"/app.js\">"), "{html}");
    // No asset comes from elsewhere: the page works offline.
    assert!(!html.contains("https://") && !html.contains("http://"));
    let (status, js) = s.send("GET", "/app.js", None);
    assert_eq!(status, 200);
    assert!(js.contains("navigator.language"));
    assert!(!js.contains("https://"));
    let (_, examples) = s.get("/examples.json");
    assert_eq!(examples.as_array().unwrap().len(), 4);
    let (_, families) = s.get("/api/families");
    assert!(
        families
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["name"] == "kayles")
    );
}

/// Whether `doc` is contained in `actual`: objects by the keys `doc`
/// shows, arrays and scalars whole.
fn shown_in(doc: &Value, actual: &Value) -> bool {
    match (doc, actual) {
        (Value::Object(d), Value::Object(a)) => d
            .iter()
            .all(|(k, v)| a.get(k).is_some_and(|w| shown_in(v, w))),
        (Value::Array(d), Value::Array(a)) => {
            d.len() == a.len() && d.iter().zip(a).all(|(v, w)| shown_in(v, w))
        }
        _ => doc == actual,
    }
}

/// The request a documented `curl` line makes: method, path and body.
fn curl_request(line: &str) -> (String, String, Option<String>) {
    let mut words = Vec::new();
    let mut rest = line.trim().strip_prefix("curl").unwrap().trim();
    while !rest.is_empty() {
        let (word, after) = if let Some(r) = rest.strip_prefix('\'') {
            let end = r.find('\'').expect("closing quote");
            (r[..end].to_string(), &r[end + 1..])
        } else {
            let end = rest.find(' ').unwrap_or(rest.len());
            (rest[..end].to_string(), &rest[end..])
        };
        words.push(word);
        rest = after.trim_start();
    }
    let mut body = None;
    let mut url = None;
    let mut i = 0;
    while i < words.len() {
        match words[i].as_str() {
            "-d" | "--data" => {
                body = Some(words[i + 1].clone());
                i += 1;
            }
            "-s" => {}
            "-H" => i += 1,
            w if w.starts_with("http://") => url = Some(w.to_string()),
            w => panic!("unexpected word `{w}` in {line}"),
        }
        i += 1;
    }
    let url = url.expect("a URL");
    let path = url
        .strip_prefix("http://127.0.0.1:8080")
        .expect("examples use the default address")
        .to_string();
    let method = if body.is_some() { "POST" } else { "GET" };
    (method.to_string(), path, body)
}

#[test]
fn the_curl_examples_of_web_md_answer_what_they_show() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/WEB.md"),
    )
    .unwrap();
    let s = Server::start(&[]);
    // Each ```sh block holds one curl line; the ```json block after it, if
    // any, is (part of) the answer.
    let blocks: Vec<(&str, String)> = doc
        .split("\n```")
        .skip(1)
        .step_by(2)
        .map(|b| {
            let (tag, body) = b.split_once('\n').unwrap_or((b, ""));
            (tag, body.to_string())
        })
        .collect();
    let mut checked = 0;
    for (i, (tag, body)) in blocks.iter().enumerate() {
        if *tag != "sh" || !body.trim_start().starts_with("curl") {
            continue;
        }
        let (method, path, data) = curl_request(body.trim());
        let (status, text) = s.send(&method, &path, data.as_deref());
        let actual: Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{body}: not JSON ({e}): {text}"));
        if let Some((next_tag, shown)) = blocks.get(i + 1)
            && *next_tag == "json"
        {
            let shown: Value = serde_json::from_str(shown)
                .unwrap_or_else(|e| panic!("docs/WEB.md: bad JSON after {body} ({e})"));
            assert!(
                shown_in(&shown, &actual),
                "docs/WEB.md: {body}\nshows {shown}\nbut the server answered ({status}) {actual}"
            );
        } else {
            assert_eq!(status, 200, "{body}: {text}");
        }
        checked += 1;
    }
    assert!(
        checked >= 5,
        "only {checked} curl examples found in docs/WEB.md"
    );
}
