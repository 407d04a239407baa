//! Scripted games: rules written in Rhai, a small embedded scripting
//! language, played by every part of grundy (values, moves, tables, sums).
//!
//! A script defines `moves(s)`, returning the positions reachable from
//! `s`, and either `start()` (the position to analyse) or `position(n)`
//! (heap `n` of a one-heap family); optionally `components(s)` to split a
//! sum and `show(s)` to draw a position. The syntax and conventions are in
//! `docs/SCRIPTS.md`.
//!
//! ```
//! use grundy::{analysis::normal::analyze, expr::Position, Limits, Nimber};
//! # let dir = std::env::temp_dir().join(format!("grundy-doc-{}", std::process::id()));
//! # std::fs::create_dir_all(&dir).unwrap();
//! # let file = dir.join("takeall.rhai");
//! // Take-from-all: choose k; every heap with at least k tokens loses k.
//! std::fs::write(&file, r#"
//!     fn start() { [1, 2, 3, 4, 5] }
//!     fn moves(s) {
//!         let out = [];
//!         for k in 1..=s.reduce(|m, h| if h > m { h } else { m }, 0) {
//!             out.push(s.map(|h| if h >= k { h - k } else { h }));
//!         }
//!         out
//!     }
//! "#).unwrap();
//! let p = Position::parse(&format!("script[{}]() + nim(1)", file.display())).unwrap();
//! let a = analyze(&p, &Limits::default()).unwrap();
//! assert_eq!(a.components[0].grundy, Nimber(3)); // as the built-in takeall(1,2,3,4,5)
//! assert_eq!(a.grundy, Nimber(2)); // *3 + *1
//! ```
//!
//! The pieces: [`value`] (script values as hashable positions), [`source`]
//! (loading, calling, errors with `file:line`), [`game`] (a script as a
//! [`crate::Game`]), [`family`] (a script in expressions) and [`written`]
//! (positions as arguments).

pub mod family;
pub(crate) mod game;
pub(crate) mod source;
pub(crate) mod value;
pub mod written;

pub use family::ScriptFamily;
pub use game::ScriptGame;
pub use source::{Function, Script};
pub use value::Value;

pub use crate::limits::{
    DEFAULT_MAX_CALL_LEVELS, DEFAULT_MAX_OPERATIONS, DEFAULT_MAX_SIZE, MAX_CALL_LEVELS,
    ScriptLimits,
};
