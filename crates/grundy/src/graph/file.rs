//! Game-graph files (see `docs/LANGUAGE.md`, "Graph files").
//!
//! Edge list: one line per vertex and its successors, `u v w` meaning edges
//! `u -> v` and `u -> w` (an arrow `->` between names is allowed), a line
//! with a single name declares a vertex with no moves, `start u` names the
//! start vertex, `#` starts a comment.
//!
//! JSON: `{"start": "a", "vertices": ["a", ...], "edges": [["a", "b"], ...]}`
//! with names as strings or numbers; `vertices` is optional, and when given
//! every edge must use listed vertices.

use std::collections::HashMap;

use serde::Deserialize;

use super::Graph;
use crate::error::{Error, Result};

/// Parses a graph file's text; `path` names the file in errors.
pub fn parse(text: &str, path: &str) -> Result<Graph> {
    if path.ends_with(".json") || text.trim_start().starts_with('{') {
        parse_json(text, path)
    } else {
        parse_edge_list(text, path)
    }
}

#[derive(Default)]
struct Builder {
    names: Vec<String>,
    index: HashMap<String, u32>,
    edges: Vec<(u32, u32)>,
}

impl Builder {
    fn vertex(&mut self, name: &str) -> u32 {
        if let Some(&v) = self.index.get(name) {
            return v;
        }
        let v = self.names.len() as u32;
        self.names.push(name.to_string());
        self.index.insert(name.to_string(), v);
        v
    }
}

fn parse_edge_list(text: &str, path: &str) -> Result<Graph> {
    let mut b = Builder::default();
    let mut start: Option<(String, usize)> = None;
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = line.split('#').next().unwrap_or("");
        let mut words = line.split_whitespace().filter(|w| *w != "->");
        let Some(first) = words.next() else { continue };
        if first == "start" {
            let (Some(v), None) = (words.next(), words.next()) else {
                return Err(Error::parse_line(path, line_no, "expected `start VERTEX`"));
            };
            if start.is_some() {
                return Err(Error::parse_line(path, line_no, "a second `start` line"));
            }
            start = Some((v.to_string(), line_no));
            continue;
        }
        let u = b.vertex(first);
        for w in words {
            let v = b.vertex(w);
            b.edges.push((u, v));
        }
    }
    if b.names.is_empty() {
        return Err(Error::parse_line(
            path,
            1,
            "no vertices: expected lines such as `a b` (an edge a -> b)",
        ));
    }
    let start = match start {
        None => None,
        Some((name, line)) => Some(b.index.get(&name).copied().ok_or_else(|| {
            Error::parse_line(
                path,
                line,
                format!("start vertex `{name}` is not in the graph"),
            )
        })?),
    };
    Graph::new(b.names, &b.edges, start)
}

/// A vertex name in JSON: a string or a number.
#[derive(Deserialize)]
#[serde(untagged)]
enum Name {
    Text(String),
    Number(u64),
}

impl Name {
    fn text(&self) -> String {
        match self {
            Name::Text(s) => s.clone(),
            Name::Number(n) => n.to_string(),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonGraph {
    start: Option<Name>,
    vertices: Option<Vec<Name>>,
    edges: Vec<(Name, Name)>,
}

fn parse_json(text: &str, path: &str) -> Result<Graph> {
    let g: JsonGraph = serde_json::from_str(text)
        .map_err(|e| Error::parse_line(path, e.line(), format!("not a graph: {e}")))?;
    let mut b = Builder::default();
    let listed = g.vertices.is_some();
    for v in g.vertices.iter().flatten() {
        b.vertex(&v.text());
    }
    for (i, (u, v)) in g.edges.iter().enumerate() {
        let (u, v) = (u.text(), v.text());
        for name in [&u, &v] {
            if listed && !b.index.contains_key(name) {
                return Err(Error::invalid(format!(
                    "{path}: edge {i} ({u} -> {v}) uses vertex `{name}`, which is not in \"vertices\""
                )));
            }
        }
        let (u, v) = (b.vertex(&u), b.vertex(&v));
        b.edges.push((u, v));
    }
    if b.names.is_empty() {
        return Err(Error::invalid(format!("{path}: the graph has no vertices")));
    }
    let start = match &g.start {
        None => None,
        Some(name) => {
            let name = name.text();
            Some(b.index.get(&name).copied().ok_or_else(|| {
                Error::invalid(format!("{path}: start vertex `{name}` is not in the graph"))
            })?)
        }
    };
    Graph::new(b.names, &b.edges, start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::limits::Limits;
    use crate::nimber::Nimber;

    fn values(g: &Graph) -> Result<Vec<Nimber>> {
        let mut vals = vec![None; g.len()];
        (0..g.len() as u32)
            .map(|v| g.solve_from(v, &mut vals, &Limits::default()))
            .collect()
    }

    #[test]
    fn edge_lists_and_json_describe_the_same_graph() {
        let text = "# a diamond\nstart a\na b c\nb -> d\nc d\nd\n";
        let g = parse(text, "g.txt").unwrap();
        let json = r#"{"start": "a", "edges": [["a","b"],["a","c"],["b","d"],["c","d"]]}"#;
        let h = parse(json, "g.json").unwrap();
        assert_eq!(values(&g).unwrap(), values(&h).unwrap());
        assert_eq!(g.name(g.start().unwrap()), "a");
        // d = 0, b = c = 1, a = mex{1, 1} = 0
        assert_eq!(values(&g).unwrap(), [0, 1, 1, 0].map(Nimber));
    }

    #[test]
    fn cycles_name_a_vertex_on_them() {
        let g = parse("x a\na b\nb c\nc a\n", "g.txt").unwrap();
        let err = values(&g).unwrap_err();
        let ErrorKind::Cycle { vertex } = err.kind() else {
            panic!("{err}")
        };
        assert!(["a", "b", "c"].contains(&vertex.as_str()), "{vertex}");
    }

    #[test]
    fn bad_files_say_where() {
        let e = parse("a b\nstart\n", "g.txt").unwrap_err().to_string();
        assert_eq!(e, "g.txt:2: expected `start VERTEX`");
        let e = parse("a b\nstart z\n", "g.txt").unwrap_err().to_string();
        assert_eq!(e, "g.txt:2: start vertex `z` is not in the graph");
        let e = parse("# nothing\n", "g.txt").unwrap_err().to_string();
        assert!(e.contains("no vertices"));
        let e = parse(r#"{"vertices": ["a"], "edges": [["a", "b"]]}"#, "g.json")
            .unwrap_err()
            .to_string();
        assert!(e.contains("`b`, which is not in \"vertices\""), "{e}");
        let e = parse(r#"{"edges": [["a"]]}"#, "g.json")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("g.json:1: not a graph"), "{e}");
    }
}
