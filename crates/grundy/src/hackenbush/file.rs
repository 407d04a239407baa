//! Hackenbush picture files (see `docs/HACKENBUSH.md`).
//!
//! One edge per line, `u v` or `u - v`; a line `ground g` (or `ground g h
//! ...`, all one ground) names the vertices the picture stands on; `#`
//! starts a comment. Edges are numbered from 1 in file order. Loops (`a a`)
//! and repeated edges are allowed.

use std::collections::HashMap;

use super::picture::Picture;
use crate::error::{Error, Result};

/// Parses a picture file's text; `path` names the file in errors.
///
/// ```
/// use grundy::hackenbush::parse_picture;
/// let p = parse_picture("ground g\ng a\na b\nb g\n", "triangle.txt").unwrap();
/// assert_eq!((p.vertex_count(), p.edge_count()), (3, 3));
/// let err = parse_picture("ground g\ng a\nb c\n", "t.txt").unwrap_err();
/// assert_eq!(err.to_string(), "t.txt:3: edge b-c is not connected to the ground");
/// ```
pub fn parse_picture(text: &str, path: &str) -> Result<Picture> {
    let mut names: Vec<String> = Vec::new();
    let mut index: HashMap<String, u32> = HashMap::new();
    let mut ground: Option<Vec<String>> = None;
    let mut edges = Vec::new();
    let mut labels = Vec::new();
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let words: Vec<&str> = line
            .split('#')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .filter(|w| *w != "-")
            .collect();
        match words.as_slice() {
            [] => {}
            ["ground", rest @ ..] => {
                if rest.is_empty() {
                    return Err(Error::parse_line(path, line_no, "expected `ground VERTEX`"));
                }
                if ground.is_some() {
                    return Err(Error::parse_line(
                        path,
                        line_no,
                        "a second `ground` line: list every ground vertex on one line",
                    ));
                }
                ground = Some(rest.iter().map(|w| w.to_string()).collect());
            }
            [u, v] => {
                let mut vertex = |name: &str| match index.get(name) {
                    Some(&id) => id,
                    None => {
                        let id = names.len() as u32;
                        names.push(name.to_string());
                        index.insert(name.to_string(), id);
                        id
                    }
                };
                edges.push((vertex(u), vertex(v)));
                labels.push(format!("{u}-{v}"));
                lines.push(line_no);
            }
            _ => {
                return Err(Error::parse_line(
                    path,
                    line_no,
                    "expected an edge `u v` (two vertices) or a line `ground VERTEX`",
                ));
            }
        }
    }
    let Some(ground) = ground else {
        return Err(Error::invalid(format!(
            "{path}: no ground: add a line `ground VERTEX` naming the vertex the picture stands on"
        )));
    };
    // Every ground vertex becomes the first one.
    let root = match index.get(&ground[0]) {
        Some(&id) => id,
        None => {
            names.push(ground[0].clone());
            (names.len() - 1) as u32
        }
    };
    let alias = |v: u32| {
        if ground.iter().any(|g| index.get(g) == Some(&v)) {
            root
        } else {
            v
        }
    };
    let edges = edges
        .into_iter()
        .map(|(u, v)| (alias(u), alias(v)))
        .collect();
    let picture = Picture::new(names, root, edges, labels);
    match picture.first_floating() {
        Some(e) => Err(Error::parse_line(
            path,
            lines[e],
            format!("edge {} is not connected to the ground", picture.label(e)),
        )),
        None => Ok(picture),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_files_say_where() {
        let err = |text: &str| parse_picture(text, "p.txt").unwrap_err().to_string();
        assert_eq!(
            err("ground g\ng a b\n"),
            "p.txt:2: expected an edge `u v` (two vertices) or a line `ground VERTEX`"
        );
        assert_eq!(err("ground\n"), "p.txt:1: expected `ground VERTEX`");
        assert_eq!(
            err("ground g\nground h\n"),
            "p.txt:2: a second `ground` line: list every ground vertex on one line"
        );
        assert!(err("a b\n").starts_with("p.txt: no ground"));
        assert!(err("").starts_with("p.txt: no ground"));
        assert_eq!(
            err("ground g\n# loop\nx x\n"),
            "p.txt:3: edge x-x is not connected to the ground"
        );
    }

    #[test]
    fn ground_vertices_are_one_vertex() {
        // Two ground points joined through `a`: a cycle through the ground.
        let p = parse_picture("ground g h\ng - a\na - h\n", "p.txt").unwrap();
        assert_eq!(p.edge(0).0, p.edge(1).1);
        assert_eq!(p.label(1), "a-h");
        let bare = parse_picture("ground g\n", "p.txt").unwrap();
        assert_eq!((bare.vertex_count(), bare.edge_count()), (1, 0));
    }
}
