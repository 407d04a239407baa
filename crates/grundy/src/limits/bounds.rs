//! Bounds: how much work one query may do (positions, moves, heap sizes,
//! memory, time, file sizes, script calls), each raisable by a
//! command-line flag. Work that would pass one is refused with an error
//! that names the flag.

use std::time::{Duration, Instant};

use crate::error::{Error, LimitKind, Result};

/// How much work one query may do, each bound with a command-line flag.
/// Built from [`Bounds::default`] and the `with_` methods, so that a new
/// bound breaks no caller.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Bounds {
    /// Most positions a search may memoise (`--max-positions`).
    pub max_positions: usize,
    /// Largest heap whose value may be computed by filling a table of all
    /// smaller heaps (`--max-heap`); larger heaps need a closed form or a
    /// certified period.
    pub max_heap: u64,
    /// Most moves one component may list (`--max-moves`).
    pub max_moves: usize,
    /// The most memory one table or search may take (`--max-memory`), in
    /// bytes; work that would need more is refused before it allocates.
    pub max_memory: u64,
    /// The largest input file a family may read (`--max-file-size`), in
    /// bytes.
    pub max_file_bytes: u64,
    /// When the query must be answered by (`--time-limit`): every search,
    /// table and script checks it with the stop flag.
    pub deadline: Option<Deadline>,
    /// Bounds on each call of a scripted game's functions
    /// (`--script-ops`, `--script-depth`, `--script-size`).
    pub script: ScriptLimits,
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds {
            max_positions: DEFAULT_MAX_POSITIONS,
            max_heap: DEFAULT_MAX_HEAP,
            max_moves: DEFAULT_MAX_MOVES,
            max_memory: DEFAULT_MAX_MEMORY,
            max_file_bytes: DEFAULT_MAX_FILE_BYTES,
            deadline: None,
            script: ScriptLimits::default(),
        }
    }
}

/// A point in time by which a query must be answered, with the limit it
/// came from (for the message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    at: Instant,
    seconds: u64,
}

impl Deadline {
    /// The deadline `seconds` from now.
    pub fn after_seconds(seconds: u64) -> Deadline {
        let now = Instant::now();
        Deadline {
            at: now
                .checked_add(Duration::from_secs(seconds))
                .unwrap_or(now + Duration::from_secs(u32::MAX as u64)),
            seconds,
        }
    }

    /// The deadline `millis` milliseconds from now (for tests and short
    /// probes; the message rounds up to whole seconds).
    pub fn after_millis(millis: u64) -> Deadline {
        Deadline {
            at: Instant::now() + Duration::from_millis(millis),
            seconds: millis.div_ceil(1000),
        }
    }

    /// `Err` (the time limit) once the deadline has passed.
    pub fn check(&self) -> Result<()> {
        if Instant::now() >= self.at {
            return Err(Error::limit(LimitKind::Time, self.seconds));
        }
        Ok(())
    }

    /// The time left, zero once passed.
    pub fn remaining(&self) -> Duration {
        self.at.saturating_duration_since(Instant::now())
    }
}

/// Bounds on one call of a script function, each with a command-line flag.
/// Together with `--max-positions` (the number of positions a search may
/// visit) they stop a script that loops, recurses or grows without end.
/// As in the Rhai engine, 0 means "no limit" for operations and sizes;
/// the command line refuses 0. Built like [`Bounds`], from the default
/// and the `with_` methods.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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

/// Default for [`Bounds::max_heap`]: a table of this many values takes
/// seconds and well under a gigabyte.
pub const DEFAULT_MAX_HEAP: u64 = 50_000_000;

/// Default for [`Bounds::max_moves`].
pub const DEFAULT_MAX_MOVES: usize = 1_000_000;

/// Default for [`Bounds::max_positions`]: enough for every classic
/// exercise, small enough (a few hundred MB at worst) to fail safely.
pub const DEFAULT_MAX_POSITIONS: usize = 5_000_000;

/// Bytes of options a search may list for each position it may keep: a
/// search limited to `--max-positions` N lists options of at most 256 N
/// bytes in all (counting repeats, each option at least
/// [`MIN_OPTION_BYTES`]). The position limit bounds memory; this bounds
/// the time of a search whose positions each have hundreds of moves
/// (`takeall(1000,2000,3000)`, a misère sum of Kayles heaps), which would
/// otherwise take many minutes to reach the position limit. Listing an
/// option costs time in proportion to its size (it is built, hashed and
/// compared), hence a budget in bytes. At the default limit that is 20
/// million small options, a few seconds of search.
pub const OPTION_BYTES_PER_POSITION: u64 = 4 * MIN_OPTION_BYTES;

/// The least an option counts against [`OPTION_BYTES_PER_POSITION`].
pub const MIN_OPTION_BYTES: u64 = 64;

/// The budget of option bytes of a search limited to `max_positions`
/// positions.
pub fn options_budget(max_positions: usize) -> u64 {
    (max_positions as u64).saturating_mul(OPTION_BYTES_PER_POSITION)
}

/// What listing one option of `bytes` bytes (its inline size and what it
/// owns) counts against [`options_budget`].
pub fn option_cost(bytes: u64) -> u64 {
    bytes.max(MIN_OPTION_BYTES)
}

/// The error of a search that listed more options than
/// [`options_budget`] allows: the position limit, whose flag raises both.
pub fn too_many_options(max_positions: usize) -> Error {
    Error::limit_of(
        LimitKind::Positions,
        "positions (a search may list 256 bytes of options for each position allowed)",
        max_positions as u64,
    )
}

/// Default for [`Bounds::max_file_bytes`]: 64 MiB, far above any game
/// graph or script written by hand, and a quick refusal of `/dev/zero`.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 64 << 20;

/// The least memory one listed move takes: the vector of its arguments
/// (24 bytes) and one argument (32 bytes), rounded up. Used to refuse a
/// listing before it is built.
pub const BYTES_PER_MOVE: u64 = 64;

/// Default for [`Bounds::max_memory`]: 4 GiB.
pub const DEFAULT_MAX_MEMORY: u64 = 4 << 30;
