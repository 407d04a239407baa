//! Helpers shared by the test modules.

use grundy::expr::{Position, SumGame};
use grundy::solve::reference;
use grundy::{Limits, Nimber};

/// The value of `expr` by the engine (closed forms, tables, periods, the
/// Sprague–Grundy theorem).
pub fn engine_value(expr: &str) -> Nimber {
    let p = Position::parse(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
    grundy::analysis::normal::value(&p, &Limits::default())
        .unwrap_or_else(|e| panic!("{expr}: {e}"))
}

/// The value of `expr` by brute force over the whole sum's moves: no
/// formula, no table, no use of the Sprague–Grundy theorem.
pub fn reference_value(expr: &str) -> Nimber {
    let p = Position::parse(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
    let (game, start) = SumGame::new(&p, &Limits::default());
    let v = reference::value(&game, &start).unwrap_or_else(|e| panic!("{expr}: {e}"));
    game.check().unwrap_or_else(|e| panic!("{expr}: {e}"));
    v
}

/// Asserts engine and reference agree on `expr`.
pub fn assert_agree(expr: &str) {
    assert_eq!(engine_value(expr), reference_value(expr), "{expr}");
}

/// A graph file in the system's temporary folder, removed on drop.
pub struct TempFile(pub std::path::PathBuf);

impl TempFile {
    pub fn new(name: &str, text: &str) -> TempFile {
        let dir = std::env::temp_dir().join(format!("grundy-tests-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        TempFile(path)
    }

    pub fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}
