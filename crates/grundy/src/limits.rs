//! Limits on work that could run away, all raisable by the user.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::script::ScriptLimits;
use crate::solve::{Config, DEFAULT_MAX_POSITIONS};

/// Bounds on the work one query may do. Each has a command-line flag.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most positions a search may memoise (`--max-positions`).
    pub max_positions: usize,
    /// Largest heap whose value may be computed by filling a table of all
    /// smaller heaps (`--max-heap`); larger heaps need a closed form or a
    /// certified period.
    pub max_heap: u64,
    /// Most moves one component may list (`--max-moves`).
    pub max_moves: usize,
    /// Set from another thread (a Ctrl-C handler) to stop long work.
    pub stop: Option<Arc<AtomicBool>>,
    /// Bounds on each call of a scripted game's functions
    /// (`--script-ops`, `--script-depth`, `--script-size`).
    pub script: ScriptLimits,
}

/// Default for [`Limits::max_heap`]: a table of this many values takes
/// seconds and well under a gigabyte.
pub const DEFAULT_MAX_HEAP: u64 = 50_000_000;

/// Default for [`Limits::max_moves`].
pub const DEFAULT_MAX_MOVES: usize = 1_000_000;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_positions: DEFAULT_MAX_POSITIONS,
            max_heap: DEFAULT_MAX_HEAP,
            max_moves: DEFAULT_MAX_MOVES,
            stop: None,
            script: ScriptLimits::default(),
        }
    }
}

impl Limits {
    /// The solver configuration these limits imply.
    pub fn solver_config(&self) -> Config {
        Config {
            max_positions: self.max_positions,
            stop: self.stop.clone(),
            ..Config::default()
        }
    }

    /// `Err(Interrupted)` once the stop flag is set.
    pub fn check_stop(&self) -> crate::Result<()> {
        self.solver_config().check_stop()
    }
}
