//! The Python package's test suite (`crates/grundy-py/tests`), run from
//! `cargo test` so README's one test command covers it.
//!
//! The extension is built by maturin into a virtual environment, which
//! `.ci/run` prepares at `target/py-venv` (or wherever `GRUNDY_PY_VENV`
//! points). This test runs that environment's pytest with `GRUNDY_CLI`
//! naming the binary built here, so the suite compares Python's answers
//! with the command line's. Without a prepared environment it cannot
//! test anything: it says so on stderr and passes, unless `CI` is set, where
//! a missing environment is a failure (CI must always run the suite).

use std::path::PathBuf;
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn python_package_suite_passes() {
    let venv = std::env::var_os("GRUNDY_PY_VENV")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("target/py-venv"));
    let python = venv.join("bin/python");
    let ready = python.exists()
        && Command::new(&python)
            .args(["-c", "import grundy, pytest"])
            .status()
            .is_ok_and(|s| s.success());
    if !ready {
        let why = format!(
            "Python tests were NOT run: no virtual environment with grundy and pytest at {} \
             (run .ci/run, or see docs/PYTHON.md, to prepare it)",
            venv.display()
        );
        assert!(std::env::var_os("CI").is_none(), "{why}");
        eprintln!("{why}");
        return;
    }
    let status = Command::new(&python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "crates/grundy-py/tests",
        ])
        .current_dir(repo())
        .env("GRUNDY_CLI", env!("CARGO_BIN_EXE_grundy"))
        .status()
        .expect("pytest could not be started");
    assert!(
        status.success(),
        "the Python test suite failed (its output is above)"
    );
}
