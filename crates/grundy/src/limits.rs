//! Limits on work that could run away, all raisable by the user, and the
//! options of long computations (progress, stop flag, checkpoint).

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::script::ScriptLimits;
use crate::solve::{Config, DEFAULT_MAX_POSITIONS};

/// How far a long computation has got, for a progress display.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Units of work done (values computed, positions searched).
    pub done: u64,
    /// Units of work asked for.
    pub target: u64,
    /// A line about the state of the engine.
    pub detail: String,
}

/// Receives progress reports, about once a second.
pub type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

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
    /// Where long sequence computations save their values and resume from
    /// (`--checkpoint FILE`).
    pub checkpoint: Option<PathBuf>,
    /// Called about once a second during long computations.
    pub progress: Option<ProgressFn>,
    /// Use only the plain engine for take-and-break sequences (every option
    /// of every heap scanned): the reference, for cross-checks
    /// (`--engine plain`).
    pub plain_engine: bool,
    /// Threads long sequence computations may use (`--threads`; the
    /// default is the machine's cores). With two or more, the engine tries
    /// the two-thread pipeline and keeps it where it measures faster.
    pub threads: usize,
    /// Bounds on each call of a scripted game's functions
    /// (`--script-ops`, `--script-depth`, `--script-size`).
    pub script: ScriptLimits,
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
            .field("threads", &self.threads)
            .field("script", &self.script)
            .finish()
    }
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
            shortcuts: true,
            checkpoint: None,
            progress: None,
            plain_engine: false,
            threads: std::thread::available_parallelism().map_or(1, usize::from),
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

    /// The error for a component with more moves than `max_moves`.
    pub fn too_many_moves(&self) -> crate::Error {
        crate::Error::limit("moves", self.max_moves as u64, "--max-moves")
    }

    /// `Err` when a component has more than `max_moves` moves.
    pub fn check_moves(&self, count: u64) -> crate::Result<()> {
        if count > self.max_moves as u64 {
            return Err(self.too_many_moves());
        }
        Ok(())
    }

    /// `Err(Interrupted)` once the stop flag is set.
    pub fn check_stop(&self) -> crate::Result<()> {
        self.solver_config().check_stop()
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
pub fn parse_count(text: &str) -> crate::Result<u64> {
    use crate::Error;
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
    let digits = |s: &str| -> crate::Result<u64> {
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
