//! Documented commands are tests: every ```` ```console ```` block of
//! README.md and docs/*.md is run by trycmd and must print what it shows
//! (standard output and error together; `? 2` after a command is its exit
//! code, `...` a run of lines left out, `[..]` the rest of a line).
//!
//! Each document runs in a folder of its own, made for this test in the
//! system's temporary folder, holding the files its commands name (from
//! `tests/docs/NAME/`, so `docs/LOOPY.md` finds its `g.txt`); commands
//! that write files (`grundy plot -o`) write there. Blocks marked
//! ```` ```console,ignore ```` are illustrative (a game typed at a
//! terminal); plain ```` ```text ```` blocks are not transcripts.

use std::fs;
use std::path::{Path, PathBuf};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// README.md and every Markdown file in docs/.
fn documents() -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = fs::read_dir(repository().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    docs.insert(0, repository().join("README.md"));
    docs
}

/// trycmd drops the newline that ends the output of a block's last
/// command, and so expects none. The copy moves the blank line that
/// follows each console block to just before its closing fence: the
/// output then ends with its newline, and every other line keeps its
/// number, so failures point at the right line of the document.
fn end_outputs_with_newlines(text: &str) -> String {
    let mut lines: Vec<&str> = text.split('\n').collect();
    // `Some(true)` inside a console block, `Some(false)` inside another.
    let mut inside: Option<bool> = None;
    let mut i = 0;
    while i < lines.len() {
        if lines[i].starts_with("```") {
            inside = match inside {
                None => Some(lines[i] == "```console"),
                Some(console) => {
                    if console && lines.get(i + 1) == Some(&"") {
                        lines.swap(i, i + 1);
                        i += 1;
                    }
                    None
                }
            };
        }
        i += 1;
    }
    lines.join("\n")
}

#[test]
fn documented_transcripts_print_what_they_show() {
    let work = super::common::temp_dir("doc-transcripts");
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/docs");
    for doc in documents() {
        let name = doc.file_stem().unwrap().to_str().unwrap().to_string();
        let text = fs::read_to_string(&doc).unwrap();
        fs::write(
            work.join(format!("{name}.md")),
            end_outputs_with_newlines(&text),
        )
        .unwrap();
        // trycmd runs the commands of `NAME.md` in `NAME.in/`.
        let folder = work.join(format!("{name}.in"));
        fs::create_dir_all(&folder).unwrap();
        if let Ok(files) = fs::read_dir(fixtures.join(&name)) {
            for file in files {
                let file = file.unwrap().path();
                fs::copy(&file, folder.join(file.file_name().unwrap())).unwrap();
            }
        }
    }
    trycmd::TestCases::new()
        .register_bin("grundy", Path::new(env!("CARGO_BIN_EXE_grundy")))
        .case(work.join("*.md"))
        .run();
    fs::remove_dir_all(&work).unwrap();
}

/// The files a document's commands use are the files it shows.
#[test]
fn fixtures_are_the_files_the_documents_show() {
    let shown = |doc: &str| fs::read_to_string(repository().join("docs").join(doc)).unwrap();
    let fixture = |path: &str| {
        fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/docs")
                .join(path),
        )
        .unwrap()
    };
    assert!(shown("LOOPY.md").contains(&format!("```text\n{}```", fixture("LOOPY/g.txt"))));
    for file in ["BOARDS/room.txt", "BOARDS/house.txt"] {
        assert!(shown("BOARDS.md").contains(&format!("```text\n{}```", fixture(file))));
    }
}

/// The game typed at a terminal in docs/PLAY.md (not run by trycmd, which
/// cannot type the move): piping the move in, the transcript is how the
/// game begins.
#[test]
fn the_game_in_play_md_begins_as_shown() {
    let doc = fs::read_to_string(repository().join("docs/PLAY.md")).unwrap();
    let block = doc
        .split("```console,ignore\n")
        .nth(1)
        .and_then(|rest| rest.split("\n```").next())
        .unwrap();
    let (command, shown) = block.split_once('\n').unwrap();
    assert_eq!(
        command,
        r#"$ grundy play "sub{2,5,6}(9) + nim(3)" --first me --seed 1"#
    );
    let out = super::common::grundy_with_input(
        &[
            "play",
            "sub{2,5,6}(9) + nim(3)",
            "--first",
            "me",
            "--seed",
            "1",
        ],
        "1\n",
    );
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(
        printed.starts_with(&format!("{shown}\n")),
        "docs/PLAY.md shows\n{shown}\nbut grundy play printed\n{printed}"
    );
}
