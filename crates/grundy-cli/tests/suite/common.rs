//! Helpers shared by the command-line test modules: run the real binary and
//! read what it printed.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

pub fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("the grundy binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

pub fn json(args: &[&str]) -> serde_json::Value {
    let o = grundy(args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).unwrap()
}

/// Asserts a clean failure: exit code 2, one line on stderr containing
/// `needle`, nothing on stdout, no panic. Returns the line.
pub fn assert_fails(args: &[&str], needle: &str) -> String {
    let o = grundy(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(stdout(&o).is_empty());
    err
}

/// Runs the binary with `input` on its standard input (all of it at once,
/// then closed).
pub fn grundy_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    // A binary that exits before reading everything closes the pipe; what
    // it printed is what the test looks at.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

/// A folder of this test run for `topic`, made if missing. Each topic has
/// its own, so tests running at the same time never share a file name.
pub fn temp_dir(topic: &str) -> PathBuf {
    let dir = std::env::temp_dir()
        .join(format!("grundy-cli-tests-{}", std::process::id()))
        .join(topic);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `text` written to the file `name` in the folder of `topic`; its path.
pub fn write_in(topic: &str, name: &str, text: &str) -> PathBuf {
    let path = temp_dir(topic).join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// `text` written to the file `name` in this test run's shared folder.
pub fn temp_file(name: &str, text: &str) -> PathBuf {
    write_in("files", name, text)
}

/// The strings of a JSON array.
pub fn strings(v: &serde_json::Value) -> Vec<&str> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect()
}
