//! Limits on work that could run away, all raisable by the user, and the
//! options of long computations (progress, stop flag, checkpoint).

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::error::{Error, ErrorKind, LimitKind, Result};

pub mod team;

pub use team::Team;

/// How far a long computation has got, for a progress display.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Units of work done (values computed, positions searched).
    pub done: u64,
    /// Units of work asked for, or 0 when not known ahead (a search).
    pub target: u64,
    /// A line about the state of the engine.
    pub detail: String,
}

/// Receives progress reports, about once a second.
pub type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

/// Which vector instructions the sequence engine uses ([`Limits::simd`]).
/// Every choice computes the same values; a choice the processor cannot
/// run is an error when the computation starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Simd {
    /// The best this processor has: AVX-512, AVX2, or portable code.
    #[default]
    Auto,
    /// Portable code only.
    Portable,
    /// AVX2 (x86-64).
    Avx2,
    /// AVX-512 with the BW and VBMI extensions (x86-64).
    Avx512,
}

impl std::str::FromStr for Simd {
    type Err = Error;

    /// `auto`, `portable`, `avx2` or `avx512`, as `--simd` takes them.
    fn from_str(name: &str) -> Result<Simd> {
        match name {
            "auto" => Ok(Simd::Auto),
            "portable" => Ok(Simd::Portable),
            "avx2" => Ok(Simd::Avx2),
            "avx512" => Ok(Simd::Avx512),
            other => Err(Error::invalid(format!(
                "unknown instruction set `{other}`; choices: auto, portable, avx2, avx512"
            ))),
        }
    }
}

/// Bounds on the work one query may do (each has a command-line flag), and
/// options for long computations.
#[derive(Clone)]
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
    /// Use proven results (a certified period) to stop computing early;
    /// off, tables are computed value by value to the end (`--compute-all`).
    pub shortcuts: bool,
    /// Where long sequence computations save their values and resume from,
    /// and where the Cram and Node Kayles searches on grids keep their
    /// tables (`--checkpoint FILE`).
    pub checkpoint: Option<PathBuf>,
    /// Called about once a second during long computations.
    pub progress: Option<ProgressFn>,
    /// Use only the plain engine for take-and-break sequences (every option
    /// of every heap scanned): the reference, for cross-checks
    /// (`--engine plain`).
    pub plain_engine: bool,
    /// The vector instructions the sequence engine's inner loops use
    /// (`--simd`): the best the processor has, or one named for
    /// cross-checks and measurements.
    pub simd: Simd,
    /// Threads long sequence computations may use (`--threads`; the
    /// default is the machine's cores). With two or more, the engine tries
    /// two threads on dear heaps and keeps them where they measure faster.
    pub threads: usize,
    /// Bounds on each call of a scripted game's functions
    /// (`--script-ops`, `--script-depth`, `--script-size`).
    pub script: ScriptLimits,
    /// When the query must be answered by (`--time-limit`): every search,
    /// table and script checks it with the stop flag.
    pub deadline: Option<Deadline>,
    /// The largest input file a family may read (`--max-file-size`), in
    /// bytes.
    pub max_file_bytes: u64,
    /// The most memory one table or search may take (`--max-memory`), in
    /// bytes; work that would need more is refused before it allocates.
    pub max_memory: u64,
    /// Processes computing one take-and-break sequence together (the
    /// command line's `mpi` feature sets it when started by `mpirun`):
    /// each shares out the long-range work of every block of heaps. `None`:
    /// this process alone.
    pub team: Option<Arc<dyn Team>>,
    /// Where the files named in expressions (`graph[FILE]`,
    /// `hackenbush[FILE]`, `loopy[FILE]`, `script[FILE]`) come from: the
    /// disk, or only texts the caller supplies (a server answering others
    /// must never read its own disk on their behalf).
    pub files: Files,
}

/// The source of the files named in expressions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Files {
    /// Read from disk, each within [`Limits::max_file_bytes`].
    #[default]
    Disk,
    /// Only these texts, by the name used in the expression; the disk is
    /// never touched, and a name not here is refused.
    Given(Arc<BTreeMap<String, String>>),
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

/// `Err` when long work must stop: the stop flag is set
/// ([`ErrorKind::Interrupted`]) or the deadline has passed (the time limit).
/// The one check behind [`Limits::check_stop`] and the solver's.
pub fn check_stop(stop: Option<&AtomicBool>, deadline: Option<&Deadline>) -> Result<()> {
    if stop.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
        return Err(ErrorKind::Interrupted.into());
    }
    deadline.map_or(Ok(()), Deadline::check)
}

/// Reads the text file at `path`, refusing one larger than `max_bytes`
/// (`--max-file-size`) before reading it all: the size on record is checked
/// first, and at most `max_bytes + 1` bytes are read, so a file that grows
/// or has no size (`/dev/zero`, a pipe) is refused as soon as it passes the
/// cap instead of filling memory. The one way input files are read.
pub fn read_text_file(path: &str, max_bytes: u64) -> Result<String> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    let too_big = || Error::limit(LimitKind::FileSize, max_bytes);
    if let Ok(meta) = file.metadata()
        && meta.is_file()
        && meta.len() > max_bytes
    {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    file.take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, e))?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|e| {
        Error::io(
            path,
            format!(
                "not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

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

impl fmt::Debug for Limits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Limits")
            .field("max_positions", &self.max_positions)
            .field("max_heap", &self.max_heap)
            .field("max_moves", &self.max_moves)
            .field("stop", &self.stop)
            .field("shortcuts", &self.shortcuts)
            .field("checkpoint", &self.checkpoint)
            .field("progress", &self.progress.as_ref().map(|_| "callback"))
            .field("plain_engine", &self.plain_engine)
            .field("simd", &self.simd)
            .field("threads", &self.threads)
            .field("script", &self.script)
            .field("deadline", &self.deadline)
            .field("max_file_bytes", &self.max_file_bytes)
            .field("max_memory", &self.max_memory)
            .field("files", &self.files)
            .field(
                "team",
                &self
                    .team
                    .as_ref()
                    .map(|t| format!("member {} of {}", t.rank(), t.size())),
            )
            .finish()
    }
}

/// Default for [`Limits::max_heap`]: a table of this many values takes
/// seconds and well under a gigabyte.
pub const DEFAULT_MAX_HEAP: u64 = 50_000_000;

/// Default for [`Limits::max_moves`].
pub const DEFAULT_MAX_MOVES: usize = 1_000_000;

/// Default for [`Limits::max_positions`]: enough for every classic
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

/// Default for [`Limits::max_file_bytes`]: 64 MiB, far above any game
/// graph or script written by hand, and a quick refusal of `/dev/zero`.
pub const DEFAULT_MAX_FILE_BYTES: u64 = 64 << 20;

/// The least memory one listed move takes: the vector of its arguments
/// (24 bytes) and one argument (32 bytes), rounded up. Used to refuse a
/// listing before it is built.
pub const BYTES_PER_MOVE: u64 = 64;

/// Default for [`Limits::max_memory`]: 4 GiB.
pub const DEFAULT_MAX_MEMORY: u64 = 4 << 30;

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_positions: DEFAULT_MAX_POSITIONS,
            max_heap: DEFAULT_MAX_HEAP,
            max_moves: DEFAULT_MAX_MOVES,
            stop: None,
            shortcuts: true,
            checkpoint: None,
            progress: None,
            plain_engine: false,
            simd: Simd::Auto,
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            script: ScriptLimits::default(),
            deadline: None,
            max_file_bytes: DEFAULT_MAX_FILE_BYTES,
            max_memory: DEFAULT_MAX_MEMORY,
            files: Files::Disk,
            team: None,
        }
    }
}

impl Limits {
    /// The error for a component with more moves than `max_moves`.
    pub fn too_many_moves(&self) -> Error {
        Error::limit(LimitKind::Moves, self.max_moves as u64)
    }

    /// `Err` when a component has more than `max_moves` moves, or when
    /// listing them would take more than the memory budget (at
    /// [`BYTES_PER_MOVE`] each: a raised `--max-moves` must not let a
    /// listing outgrow `--max-memory`). Called before the moves are built.
    pub fn check_moves(&self, count: u64) -> Result<()> {
        if count > self.max_moves as u64 {
            return Err(self.too_many_moves());
        }
        self.check_memory(count.saturating_mul(BYTES_PER_MOVE))
    }

    /// How many positions of `bytes_each` bytes a list of moves may hold:
    /// at most `max_moves`, and within [`Limits::check_listing`]'s share
    /// of the memory budget.
    pub fn listing_room(&self, bytes_each: u64) -> usize {
        let by_memory = (self.max_memory / 16) / bytes_each.max(1);
        self.max_moves
            .min(usize::try_from(by_memory).unwrap_or(usize::MAX))
    }

    /// `Err` when a list of `count` positions of `bytes_each` bytes would
    /// take more than a sixteenth of the memory budget. Lists of moves
    /// (winning moves, `grundy moves`) each hold a whole position per
    /// move; they are a by-product of an answer whose search may need the
    /// rest of the budget, hence the smaller share.
    pub fn check_listing(&self, count: u64, bytes_each: u64) -> Result<()> {
        if count.saturating_mul(bytes_each) > self.max_memory / 16 {
            return Err(Error::limit(LimitKind::Memory, self.max_memory));
        }
        Ok(())
    }

    /// `Err(Interrupted)` once the stop flag is set, the time limit once
    /// the deadline has passed.
    pub fn check_stop(&self) -> Result<()> {
        check_stop(self.stop.as_deref(), self.deadline.as_ref())
    }

    /// The text of the file named `name` in an expression, from where
    /// [`Limits::files`] says, refused beyond [`Limits::max_file_bytes`].
    /// The one way families read their files.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use std::sync::Arc;
    /// use grundy::limits::{Files, Limits};
    /// let given = BTreeMap::from([("g.txt".to_string(), "a b\n".to_string())]);
    /// let limits = Limits { files: Files::Given(Arc::new(given)), ..Limits::default() };
    /// assert_eq!(limits.read_file("g.txt").unwrap(), "a b\n");
    /// let refused = limits.read_file("/etc/passwd").unwrap_err().to_string();
    /// assert!(refused.contains("not read from disk"), "{refused}");
    /// ```
    pub fn read_file(&self, name: &str) -> Result<String> {
        match &self.files {
            Files::Disk => read_text_file(name, self.max_file_bytes),
            Files::Given(texts) => {
                let Some(text) = texts.get(name) else {
                    return Err(Error::invalid(format!(
                        "file `{name}` was not supplied: files are not read from disk here; send the file's content with the request"
                    )));
                };
                if text.len() as u64 > self.max_file_bytes {
                    return Err(Error::limit(LimitKind::FileSize, self.max_file_bytes));
                }
                Ok(text.clone())
            }
        }
    }

    /// `Err` (the memory limit) when `bytes` exceed `max_memory`: called
    /// before a large allocation, so a position too big to solve is refused
    /// at once rather than killed for memory.
    pub fn check_memory(&self, bytes: u64) -> Result<()> {
        if bytes > self.max_memory {
            return Err(Error::limit(LimitKind::Memory, self.max_memory));
        }
        Ok(())
    }
}

/// Reads a count or a heap-size bound as people write it: `10000000`,
/// `1e7` or `10^7` (and `2^40`), with `_` allowed between digits. Every
/// face (command line, web, Python) reads counts through this one function,
/// so they accept the same forms.
///
/// Only whole numbers are accepted: a mantissa with a point (`1.5e2`), a
/// sign, or a value beyond `u64` is an error that says so.
///
/// ```
/// use grundy::limits::parse_count;
/// assert_eq!(parse_count("1e7").unwrap(), 10_000_000);
/// assert_eq!(parse_count("10^7").unwrap(), 10_000_000);
/// assert_eq!(parse_count("2^40").unwrap(), 1 << 40);
/// assert_eq!(parse_count("50_000_000").unwrap(), 50_000_000);
/// assert!(parse_count("1.5e2").unwrap_err().to_string().contains("whole number"));
/// assert!(parse_count("-5").unwrap_err().to_string().contains("negative"));
/// assert!(parse_count("1e20").unwrap_err().to_string().contains("too large"));
/// ```
pub fn parse_count(text: &str) -> Result<u64> {
    let t = text.trim();
    let expected = || {
        Error::invalid(format!(
            "expected a whole number such as 1000000, 1e6 or 10^6, found `{t}`"
        ))
    };
    let too_large = || {
        Error::invalid(format!(
            "`{t}` is too large (at most {} = 2^64 - 1)",
            u64::MAX
        ))
    };
    if t.starts_with('-') {
        return Err(Error::invalid(format!(
            "`{t}` is negative; expected a count of 0 or more"
        )));
    }
    let digits = |s: &str| -> Result<u64> {
        let s = s.strip_prefix('+').unwrap_or(s);
        let plain: String = s.chars().filter(|&c| c != '_').collect();
        let well_formed = !plain.is_empty()
            && plain.bytes().all(|b| b.is_ascii_digit())
            && !s.starts_with('_')
            && !s.ends_with('_');
        if !well_formed {
            return Err(if s.contains('.') {
                Error::invalid(format!(
                    "`{t}` is not a whole number as written; write 150 or 15e1, not 1.5e2"
                ))
            } else {
                expected()
            });
        }
        plain.parse::<u64>().map_err(|_| too_large())
    };
    let (base, exponent) = if let Some((m, e)) = t.split_once(['e', 'E']) {
        (digits(m)?, Some((10, digits(e)?)))
    } else if let Some((b, e)) = t.split_once('^') {
        (1, Some((digits(b)?, digits(e)?)))
    } else {
        (digits(t)?, None)
    };
    match exponent {
        None => Ok(base),
        Some((radix, e)) => {
            let e = u32::try_from(e).map_err(|_| too_large())?;
            radix
                .checked_pow(e)
                .and_then(|p| p.checked_mul(base))
                .ok_or_else(too_large)
        }
    }
}
