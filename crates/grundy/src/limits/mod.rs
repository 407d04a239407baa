//! Limits on work that could run away, all raisable by the user
//! ([`Bounds`]), and the options of long computations ([`RunOptions`]:
//! threads, progress, stop flag, checkpoint), travelling together as
//! [`Limits`] from the face to the loop that honours them.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::{Error, ErrorKind, LimitKind, Result};

mod bounds;
mod count;
mod run;
pub mod team;

pub use bounds::{
    BYTES_PER_MOVE, Bounds, DEFAULT_MAX_CALL_LEVELS, DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_HEAP,
    DEFAULT_MAX_MEMORY, DEFAULT_MAX_MOVES, DEFAULT_MAX_OPERATIONS, DEFAULT_MAX_POSITIONS,
    DEFAULT_MAX_SIZE, Deadline, MAX_CALL_LEVELS, MIN_OPTION_BYTES, OPTION_BYTES_PER_POSITION,
    ScriptLimits, option_cost, options_budget, too_many_options,
};
pub use count::parse_count;
pub use run::{DEFAULT_WINDOW, Files, Progress, ProgressFn, RunOptions, Simd, WINDOW_KEEP_SHARE};
pub use team::Team;

/// What one query may do and how it runs: the bounds on its work (each
/// with a command-line flag) and the options of long computations. Every
/// face builds one and passes it down by reference; every loop that could
/// run away checks it.
///
/// ```
/// use grundy::Limits;
/// let limits = Limits::default().with_max_heap(2000).with_threads(1);
/// assert_eq!(limits.bounds.max_heap, 2000);
/// assert_eq!(limits.run.threads, 1);
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Limits {
    /// How much work the query may do.
    pub bounds: Bounds,
    /// How it goes about that work.
    pub run: RunOptions,
}

/// Defines a `with_` method for each field of a part of [`Limits`]
/// (`Bounds`, `RunOptions`, `ScriptLimits`) and, given the name of the
/// part within [`Limits`] (`via bounds`), the same method on [`Limits`],
/// so that `Limits::default().with_max_moves(40)` reads as it would if
/// the limits were one struct.
macro_rules! setters {
    ($part:ident, $($field:ident: $type:ty => $with:ident),* $(,)?) => {
        impl $part {
            $(
                #[doc = concat!("Sets [`", stringify!($part), "::", stringify!($field), "`].")]
                #[must_use]
                pub fn $with(mut self, value: $type) -> Self {
                    self.$field = value;
                    self
                }
            )*
        }
    };
    ($part:ident via $within:ident, $($field:ident: $type:ty => $with:ident),* $(,)?) => {
        setters!($part, $($field: $type => $with),*);
        impl Limits {
            $(
                #[doc = concat!("Sets [`", stringify!($part), "::", stringify!($field), "`].")]
                #[must_use]
                pub fn $with(mut self, value: $type) -> Self {
                    self.$within.$field = value;
                    self
                }
            )*
        }
    };
}

// The setters live here, beside the macro, so that the parts' files know
// nothing of `Limits`: the arrows run from this file down to them.
setters! {
    Bounds via bounds,
    max_positions: usize => with_max_positions,
    max_heap: u64 => with_max_heap,
    max_moves: usize => with_max_moves,
    max_memory: u64 => with_max_memory,
    max_file_bytes: u64 => with_max_file_bytes,
    deadline: Option<Deadline> => with_deadline,
    script: ScriptLimits => with_script,
}

setters! {
    ScriptLimits,
    max_operations: u64 => with_max_operations,
    max_call_levels: usize => with_max_call_levels,
    max_size: usize => with_max_size,
}

setters! {
    RunOptions via run,
    threads: usize => with_threads,
    simd: Simd => with_simd,
    plain_engine: bool => with_plain_engine,
    shortcuts: bool => with_shortcuts,
    window: Option<usize> => with_window,
    window_keep: u64 => with_window_keep,
    progress: Option<ProgressFn> => with_progress,
    stop: Option<Arc<AtomicBool>> => with_stop,
    checkpoint: Option<PathBuf> => with_checkpoint,
    team: Option<Arc<dyn Team>> => with_team,
    files: Files => with_files,
}

impl Limits {
    /// Limits made of these bounds and run options.
    pub fn new(bounds: Bounds, run: RunOptions) -> Limits {
        Limits { bounds, run }
    }

    /// The error for a component with more moves than [`Bounds::max_moves`].
    pub fn too_many_moves(&self) -> Error {
        Error::limit(LimitKind::Moves, self.bounds.max_moves as u64)
    }

    /// `Err` when a component has more than `max_moves` moves, or when
    /// listing them would take more than the memory budget (at
    /// [`BYTES_PER_MOVE`] each: a raised `--max-moves` must not let a
    /// listing outgrow `--max-memory`). Called before the moves are built.
    pub fn check_moves(&self, count: u64) -> Result<()> {
        if count > self.bounds.max_moves as u64 {
            return Err(self.too_many_moves());
        }
        self.check_memory(count.saturating_mul(BYTES_PER_MOVE))
    }

    /// How many positions of `bytes_each` bytes a list of moves may hold:
    /// at most `max_moves`, and within [`Limits::check_listing`]'s share
    /// of the memory budget.
    pub fn listing_room(&self, bytes_each: u64) -> usize {
        let by_memory = (self.bounds.max_memory / 16) / bytes_each.max(1);
        self.bounds
            .max_moves
            .min(usize::try_from(by_memory).unwrap_or(usize::MAX))
    }

    /// `Err` when a list of `count` positions of `bytes_each` bytes would
    /// take more than a sixteenth of the memory budget. Lists of moves
    /// (winning moves, `grundy moves`) each hold a whole position per
    /// move; they are a by-product of an answer whose search may need the
    /// rest of the budget, hence the smaller share.
    pub fn check_listing(&self, count: u64, bytes_each: u64) -> Result<()> {
        if count.saturating_mul(bytes_each) > self.bounds.max_memory / 16 {
            return Err(Error::limit(LimitKind::Memory, self.bounds.max_memory));
        }
        Ok(())
    }

    /// `Err(Interrupted)` once the stop flag is set, the time limit once
    /// the deadline has passed.
    pub fn check_stop(&self) -> Result<()> {
        check_stop(self.run.stop.as_deref(), self.bounds.deadline.as_ref())
    }

    /// The text of the file named `name` in an expression, from where
    /// [`RunOptions::files`] says, refused beyond [`Bounds::max_file_bytes`].
    /// The one way families read their files.
    ///
    /// ```
    /// use std::collections::BTreeMap;
    /// use std::sync::Arc;
    /// use grundy::limits::{Files, Limits};
    /// let given = BTreeMap::from([("g.txt".to_string(), "a b\n".to_string())]);
    /// let limits = Limits::default().with_files(Files::Given(Arc::new(given)));
    /// assert_eq!(limits.read_file("g.txt").unwrap(), "a b\n");
    /// let refused = limits.read_file("/etc/passwd").unwrap_err().to_string();
    /// assert!(refused.contains("not read from disk"), "{refused}");
    /// ```
    pub fn read_file(&self, name: &str) -> Result<String> {
        match &self.run.files {
            Files::Disk => read_text_file(name, self.bounds.max_file_bytes),
            Files::Given(texts) => {
                let Some(text) = texts.get(name) else {
                    return Err(Error::invalid(format!(
                        "file `{name}` was not supplied: files are not read from disk here; send the file's content with the request"
                    )));
                };
                if text.len() as u64 > self.bounds.max_file_bytes {
                    return Err(Error::limit(
                        LimitKind::FileSize,
                        self.bounds.max_file_bytes,
                    ));
                }
                Ok(text.clone())
            }
        }
    }

    /// `Err` (the memory limit) when `bytes` exceed `max_memory`: called
    /// before a large allocation, so a position too big to solve is refused
    /// at once rather than killed for memory.
    pub fn check_memory(&self, bytes: u64) -> Result<()> {
        if bytes > self.bounds.max_memory {
            return Err(Error::limit(LimitKind::Memory, self.bounds.max_memory));
        }
        Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A `with_` method on `Limits` sets the same field as the one on its
    /// part, and leaves the rest at their defaults.
    #[test]
    fn setters_on_limits_reach_the_parts() {
        let flat = Limits::default()
            .with_max_moves(40)
            .with_max_heap(2000)
            .with_threads(3)
            .with_shortcuts(false);
        let parts = Limits::new(
            Bounds::default().with_max_moves(40).with_max_heap(2000),
            RunOptions::default().with_threads(3).with_shortcuts(false),
        );
        assert_eq!(flat.bounds, parts.bounds);
        assert_eq!(flat.run.threads, parts.run.threads);
        assert_eq!(flat.run.shortcuts, parts.run.shortcuts);
        let unset = Bounds::default();
        assert_eq!(flat.bounds.max_positions, unset.max_positions);
        assert_eq!(flat.bounds.max_memory, DEFAULT_MAX_MEMORY);
        assert_eq!(flat.run.simd, Simd::Auto);
        assert!(flat.run.stop.is_none() && flat.run.progress.is_none());
    }
}
