//! The ladder of the library, held by a test: each module imports only
//! modules on lower floors, and the faces (the command line, the web page,
//! Python) reach the rules only through the front door.
//!
//! The floors are the ones drawn in docs/DESIGN.md. A new module gets a
//! floor here; an import that runs back up (a rules module reaching into
//! the expression language, a low module into the sequence engine) fails
//! with the file and line, so the ladder cannot drift again unnoticed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Every top-level module of the library and its floor: a module may
/// import only modules on lower floors.
const FLOORS: &[(&str, u32)] = &[
    ("error", 1),
    ("lcg", 1),
    ("word_hash", 1),
    ("nimber", 2),
    ("limits", 2),
    ("game", 3),
    ("period", 3),
    ("solve", 4),
    ("family", 5),
    ("heap", 6),
    ("coins", 6),
    ("graph", 6),
    ("script", 6),
    ("pattern", 6),
    ("seq", 7),
    ("board", 7),
    ("games", 7),
    ("hackenbush", 7),
    ("loopy", 7),
    ("plot", 7),
    ("expr", 8),
    ("misere", 9),
    ("every", 9),
    ("analysis", 10),
    ("play", 11),
    ("lib", 12),
];

/// What a face may name of the library: the root's own items and these
/// modules (the front door, its inputs and its reports).
const FACE_MODULES: &[&str] = &[
    "analysis", "expr", "limits", "error", "nimber", "pattern", "plot", "play",
];

fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            source_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a line: what comes before a comment (doc comments and
/// comments name modules freely).
fn code(line: &str) -> &str {
    let line = line.trim_start();
    if line.starts_with("//") {
        return "";
    }
    line.split("//").next().unwrap_or("")
}

/// Each `prefix::name` in `text`, the name being a lower-case identifier.
fn paths_after<'a>(text: &'a str, prefix: &str) -> Vec<&'a str> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find(prefix) {
        let before = rest[..at].chars().last();
        let after = &rest[at + prefix.len()..];
        let end = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        // `$crate::` in macros and `grundy::` inside longer names are not paths of ours.
        if !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$') {
            names.push(&after[..end]);
        }
        rest = &after[end..];
    }
    names
}

/// The top-level module a library file belongs to.
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).unwrap();
    let first = relative.components().next().unwrap();
    first
        .as_os_str()
        .to_str()
        .unwrap()
        .trim_end_matches(".rs")
        .to_string()
}

#[test]
fn no_import_runs_back_up_the_ladder() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let floors: BTreeMap<&str, u32> = FLOORS.iter().copied().collect();
    let mut files = Vec::new();
    source_files(&src, &mut files);
    let mut wrong = Vec::new();
    let mut arrows = 0;
    for file in &files {
        let module = module_of(&src, file);
        let Some(&floor) = floors.get(module.as_str()) else {
            panic!(
                "{}: module `{module}` has no floor in tests/suite/ladder.rs",
                file.display()
            );
        };
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            for target in paths_after(code(line), "crate::") {
                // An upper-case name is an item of the root (`crate::Limits`),
                // which only re-exports the lower modules' items.
                if target == module || !target.starts_with(|c: char| c.is_ascii_lowercase()) {
                    continue;
                }
                arrows += 1;
                match floors.get(target) {
                    Some(&to) if to < floor => {}
                    Some(&to) => wrong.push(format!(
                        "{}:{}: `{module}` (floor {floor}) imports `{target}` (floor {to})",
                        file.display(),
                        n + 1
                    )),
                    None => wrong.push(format!(
                        "{}:{}: `crate::{target}` is not a module with a floor",
                        file.display(),
                        n + 1
                    )),
                }
            }
        }
    }
    assert!(
        arrows > 100,
        "only {arrows} imports read: is the parser right?"
    );
    assert!(
        wrong.is_empty(),
        "arrows running back up:\n{}",
        wrong.join("\n")
    );
}

/// Inside the sequence engine, the parts import each other, never the
/// folder's own `mod.rs` (which only declares and re-exports them).
#[test]
fn the_sequence_engine_parts_do_not_import_their_folder() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/seq");
    let mut files = Vec::new();
    source_files(&dir, &mut files);
    let mut wrong = Vec::new();
    for file in files.iter().filter(|f| !f.ends_with("mod.rs")) {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            // Only the file's own imports: an indented `use super::` is in a
            // module inside the file, whose `super` is the file.
            if line.starts_with(char::is_whitespace) {
                continue;
            }
            let line = code(line);
            // `use super::Name` or `use super::{a, Name}`: an item of
            // mod.rs (upper case), not a sibling module (lower case).
            if let Some(rest) = line.strip_prefix("use super::") {
                let first_segments: Vec<&str> = match rest.strip_prefix('{') {
                    Some(list) => list
                        .trim_end_matches(['}', ';'])
                        .split(',')
                        .map(|item| item.trim().split("::").next().unwrap_or(""))
                        .collect(),
                    None => vec![rest.split("::").next().unwrap_or("")],
                };
                if first_segments
                    .iter()
                    .any(|name| name.starts_with(|c: char| c.is_ascii_uppercase()))
                {
                    wrong.push(format!("{}:{}: {line}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports of seq/mod.rs:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_faces_reach_the_rules_only_through_the_front_door() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for face in ["grundy-cli/src", "grundy-py/src"] {
        source_files(&crates.join(face), &mut files);
    }
    assert!(files.len() > 20, "{} files of the faces", files.len());
    let mut wrong = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            for name in paths_after(code(line), "grundy::") {
                // The root's own items (types, `analyze`, `moves`) and a
                // `{...}` list of them are the front door too.
                let is_module = name.starts_with(|c: char| c.is_ascii_lowercase())
                    && !matches!(name, "analyze" | "moves");
                if is_module && !FACE_MODULES.contains(&name) {
                    wrong.push(format!("{}:{}: grundy::{name}", file.display(), n + 1));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "faces naming rules modules:\n{}",
        wrong.join("\n")
    );
}
