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
//! use grundy::{analyze, expr::Position, Limits, Nimber};
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
pub mod game;
pub mod source;
pub mod value;
pub mod written;

pub use family::ScriptFamily;
pub use game::ScriptGame;
pub use source::{Function, Script};
pub use value::Value;

/// Bounds on one call of a script function, each with a command-line flag.
/// Together with `--max-positions` (the number of positions a search may
/// visit) they stop a script that loops, recurses or grows without end.
/// As in the Rhai engine, 0 means "no limit" for operations and sizes;
/// the command line refuses 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptLimits {
    /// Most operations one call may run (`--script-ops`): stops endless
    /// loops.
    pub max_operations: u64,
    /// Deepest nesting of function calls (`--script-depth`): stops endless
    /// recursion before it overflows the native stack.
    pub max_call_levels: usize,
    /// Largest array, string (in bytes) or map a call may build
    /// (`--script-size`).
    pub max_size: usize,
}

/// Default for [`ScriptLimits::max_operations`]: an endless loop stops
/// within a fraction of a second, while a `moves` call of a large board
/// (thousands of operations) stays far below it.
pub const DEFAULT_MAX_OPERATIONS: u64 = 1_000_000;

/// Default for [`ScriptLimits::max_call_levels`].
pub const DEFAULT_MAX_CALL_LEVELS: usize = 64;

/// The most call levels allowed at all. Each level of a script call takes
/// several kilobytes of the native stack; beyond this a deep recursion could
/// overflow the stack of the thread running it, which aborts the process
/// instead of reporting an error. Write deeper recursions as loops. (A
/// test runs a recursion to this depth on a 2 MiB thread, the size of a
/// test thread; measured, it also fits in 1.5 MiB.)
pub const MAX_CALL_LEVELS: usize = 200;

/// Default for [`ScriptLimits::max_size`].
pub const DEFAULT_MAX_SIZE: usize = 1_000_000;

impl Default for ScriptLimits {
    fn default() -> ScriptLimits {
        ScriptLimits {
            max_operations: DEFAULT_MAX_OPERATIONS,
            max_call_levels: DEFAULT_MAX_CALL_LEVELS,
            max_size: DEFAULT_MAX_SIZE,
        }
    }
}
