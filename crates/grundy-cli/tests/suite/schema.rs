//! One report, one shape: the JSON of every face validated against
//! `docs/schema/*.json`.
//!
//! The positions and families are the conformance suite's (the library's
//! `tests/data/*.toml`), plus one position of each kind the data files do
//! not name (games with cycles, the every-move rule, Hackenbush). Each is
//! asked of the command line (`--json`) and of the web API, and the two
//! answers must also be equal, field for field. Python's answers are
//! validated against the same files by its own suite
//! (`crates/grundy-py/tests/test_schema.py`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use jsonschema::{Retrieve, Uri, Validator};
use serde_json::{Value, json};

use super::common::json as cli;
use super::server::Server;

/// Where the schemas live, and the base their `$id`s resolve against.
const BASE: &str = "https://grundy.invalid/schema/";

fn schema_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/schema")
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Resolves a reference between the schemas to the file of that name.
struct SchemaFiles;

impl Retrieve for SchemaFiles {
    fn retrieve(
        &self,
        uri: &Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let name = uri
            .path()
            .as_str()
            .rsplit('/')
            .next()
            .unwrap_or_default()
            .to_string();
        Ok(read_json(&schema_dir().join(name)))
    }
}

fn validator(name: &str) -> Validator {
    let schema = read_json(&schema_dir().join(name));
    jsonschema::options()
        .with_base_uri(format!("{BASE}{name}"))
        .with_retriever(SchemaFiles)
        .build(&schema)
        .unwrap_or_else(|e| panic!("{name} is not a valid schema: {e}"))
}

/// Counts the outputs validated, by face.
#[derive(Default)]
struct Tally {
    validated: std::collections::BTreeMap<&'static str, usize>,
}

impl Tally {
    fn check(&mut self, face: &'static str, v: &Validator, what: &str, output: &Value) {
        let errors: Vec<String> = v
            .iter_errors(output)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{face} output for {what} breaks its schema:\n{}\n{output}",
            errors.join("\n")
        );
        *self.validated.entry(face).or_default() += 1;
    }
}

fn data(name: &str) -> toml::Table {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../grundy/tests/data")
        .join(name);
    toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn records<'a>(table: &'a toml::Table, kind: &str) -> impl Iterator<Item = &'a toml::Table> {
    table
        .get(kind)
        .and_then(|v| v.as_array())
        .into_iter()
        .flatten()
        .filter_map(|r| r.as_table())
}

fn text<'a>(record: &'a toml::Table, key: &str) -> Option<&'a str> {
    record.get(key).and_then(|v| v.as_str())
}

/// The positions of the conformance suite, under the play each is
/// recorded for, and the one-heap families it names.
fn conformance() -> (BTreeSet<String>, BTreeSet<String>) {
    let mut positions = BTreeSet::new();
    let mut families = BTreeSet::new();
    let misere = data("misere.toml");
    for r in records(&misere, "genus").chain(records(&misere, "outcome")) {
        if let Some(p) = text(r, "position") {
            positions.insert(p.to_string());
            positions.insert(format!("misere({p})"));
        }
    }
    for r in records(&data("coins.toml"), "coins") {
        if let Some(f) = text(r, "family") {
            positions.insert(format!("{f}(THHTH)"));
        }
    }
    let sequences = data("sequences.toml");
    let periods = data("periods.toml");
    for r in records(&sequences, "sequence").chain(records(&periods, "period")) {
        if let Some(f) = text(r, "family") {
            families.insert(f.to_string());
            positions.insert(format!("{f}(7) + {f}(12)"));
        }
    }
    // Kinds of position the data files do not name.
    for p in [
        "nim(3,5,7)",
        "every(sub{1,2}(4) + nim(5))",
        "every(nim(1) + nim(1))",
        "wythoff(3,5) + lasker(2,5)",
        "bamboo(3,5,7)",
        "ed(1,2) + ed(3,5)",
        "misere(sub{1,3,4}(9) + nim(2))",
    ] {
        positions.insert(p.to_string());
    }
    (positions, families)
}

/// A graph with a cycle, for the generalised values of loopy games.
fn loopy_positions() -> (PathBuf, Vec<String>) {
    let path = super::common::write_in(
        "schema",
        "loopy.txt",
        "start a\na b c\nb a d\nc c\nd\nx y\ny x z\nz\n",
    );
    let term = |v: &str| format!("loopy[{}]({v})", path.display());
    let positions = vec![term("b"), term("a"), format!("{} + nim(1)", term("x"))];
    (path, positions)
}

/// Whether a position or family reads a file (a script, a graph): the
/// web API takes files only with the request.
fn names_a_file(text: &str) -> bool {
    text.contains(".rhai") || text.contains(".txt")
}

#[test]
fn every_face_gives_the_shape_of_its_schema() {
    let value = validator("value.schema.json");
    let moves = validator("moves.schema.json");
    let period = validator("period.schema.json");
    let genus = validator("genus.schema.json");
    let table = validator("table.schema.json");
    let pattern = validator("pattern.schema.json");
    let server = Server::start(&[]);
    let mut tally = Tally::default();
    let (positions, families) = conformance();
    assert!(positions.len() >= 40, "{} positions", positions.len());

    for p in &positions {
        let by_cli = cli(&["value", "--json", p]);
        tally.check("cli", &value, p, &by_cli);
        let by_cli_moves = cli(&["moves", "--json", p]);
        tally.check("cli", &moves, p, &by_cli_moves);
        if names_a_file(p) {
            continue;
        }
        let (status, by_web) = server.post("/api/value", &json!({"position": p}));
        assert_eq!(status, 200, "{p}: {by_web}");
        tally.check("web", &value, p, &by_web);
        assert_eq!(by_cli, by_web, "the command line and the web differ on {p}");

        let (status, by_web) = server.post("/api/moves", &json!({"position": p}));
        assert_eq!(status, 200, "{p}: {by_web}");
        tally.check("web", &moves, p, &by_web);
        assert_eq!(
            by_cli_moves, by_web,
            "the command line and the web differ on {p}"
        );
    }

    // Files of the server's disk are not read by the web API, so the
    // loopy positions (and scripted families) go through the command line
    // only.
    let (path, loopy) = loopy_positions();
    for p in &loopy {
        tally.check("cli", &value, p, &cli(&["value", "--json", p]));
        tally.check("cli", &moves, p, &cli(&["moves", "--json", p]));
    }
    let _ = std::fs::remove_file(path);

    for f in &families {
        tally.check(
            "cli",
            &period,
            f,
            &cli(&["period", "--json", f, "--max", "3000"]),
        );
        let by_cli = cli(&["table", "--json", f, "--to", "40"]);
        tally.check("cli", &table, f, &by_cli);
        tally.check(
            "cli",
            &genus,
            f,
            &cli(&["genus", "--json", f, "--to", "12"]),
        );
        tally.check(
            "cli",
            &pattern,
            f,
            &cli(&["pattern", "--json", f, "--to", "300"]),
        );
        if names_a_file(f) {
            continue;
        }
        let (status, by_web) = server.post("/api/table", &json!({"family": f, "to": "40"}));
        assert_eq!(status, 200, "{f}: {by_web}");
        tally.check("web", &table, f, &by_web);
        assert_eq!(by_cli["values"], by_web["values"], "{f}");
        if !by_web["period"].is_null() {
            tally.check("web", &period, f, &by_web["period"]);
        }
    }
    // Misère quotients of games with small quotients (the conformance
    // suite's take-and-break families are searched to heap 12).
    let quotient = validator("quotient.schema.json");
    for f in ["octal[0.75]", "kayles", "sub{2,3,7}", "nim"] {
        let q = cli(&["quotient", "--json", f, "--to", "12"]);
        tally.check("cli", &quotient, f, &q);
        let (status, by_web) = server.post("/api/quotient", &json!({"family": f, "to": "12"}));
        assert_eq!(status, 200, "{f}: {by_web}");
        tally.check("web", &quotient, f, &by_web);
        assert_eq!(
            q, by_web,
            "the command line and the web differ on the quotient of {f}"
        );
    }
    // The pattern of two-parameter families: the table and what was seen
    // in it.
    for (f, to) in [("wythoff", "14x14"), ("grid", "16x12")] {
        let p = cli(&["pattern", "--json", f, "--to", to]);
        tally.check("cli", &pattern, f, &p);
    }
    let (status, by_web) = server.post("/api/table", &json!({"family": "wythoff", "to": "6x6"}));
    assert_eq!(status, 200, "{by_web}");
    tally.check("web", &table, "wythoff", &by_web);

    // Every output validated: say how many, through how many faces.
    eprintln!("schema test: {:?}", tally.validated);
    assert_eq!(tally.validated.len(), 2);
}

/// The schemas refuse what they should: a check that the validation
/// itself can fail.
#[test]
fn the_schemas_refuse_the_old_shapes() {
    let value = validator("value.schema.json");
    let old = json!({"position": "nim(3,5,7)", "grundy": 1, "outcome": "N", "winning_moves": []});
    assert!(!value.is_valid(&old));
    let mut good = cli(&["value", "--json", "nim(3,5,7)"]);
    assert!(value.is_valid(&good));
    good["verdict"] = json!("W");
    assert!(!value.is_valid(&good));
    let period = validator("period.schema.json");
    let mut p = cli(&["period", "--json", "kayles"]);
    assert!(period.is_valid(&p));
    p["proof"] = json!({"kind": "guy-smith"});
    assert!(!period.is_valid(&p));
    let pattern = validator("pattern.schema.json");
    let mut p = cli(&["pattern", "--json", "sub{1,4,10}"]);
    assert!(pattern.is_valid(&p));
    p["kind"] = json!("quasi-periodic");
    assert!(!pattern.is_valid(&p));
    let mut plane = cli(&["pattern", "--json", "wythoff", "--to", "12x12"]);
    assert!(pattern.is_valid(&plane));
    plane["p_positions"] = json!([[1, 2, 3]]);
    assert!(!pattern.is_valid(&plane));
}
