//! Run options: how a computation goes about its work (threads, vector
//! instructions, progress, stop flag, checkpoint, team), as opposed to how
//! much work it may do (`Bounds`). None of them changes an answer.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use super::team::Team;
use crate::error::{Error, Result};

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

/// The least prefix and window of a bounded table ([`RunOptions::window`])
/// that `--window` asks for, in values: a few megabytes, which holds every
/// value Officers reads to 10^8 (its deepest confirming scan reads 615,745
/// pairs).
pub const DEFAULT_WINDOW: usize = 1 << 20;

/// The share of `--max-memory` a bounded table started by `--window`
/// fills with every value before it keeps only a prefix and a window
/// ([`RunOptions::window_keep`]): a sixteenth, 256 MiB of the default 4
/// GiB, which holds Grundy's game past its last rare position (48,399,022)
/// so that it is computed once, not three times.
pub const WINDOW_KEEP_SHARE: u64 = 16;

/// Receives progress reports, about once a second.
pub type ProgressFn = Arc<dyn Fn(&Progress) + Send + Sync>;

/// Which vector instructions the sequence engine uses ([`RunOptions::simd`]).
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
    /// AVX-512 with the BW, VBMI and VBMI2 extensions (x86-64).
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

/// The source of the files named in expressions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Files {
    /// Read from disk, each within `Bounds::max_file_bytes`.
    #[default]
    Disk,
    /// Only these texts, by the name used in the expression; the disk is
    /// never touched, and a name not here is refused.
    Given(Arc<BTreeMap<String, String>>),
}

/// How a computation goes about its work: none of these options changes
/// an answer, only how it is reached, watched or shared. Built from
/// [`RunOptions::default`] and the `with_` methods, so that a new option
/// breaks no caller.
#[derive(Clone)]
#[non_exhaustive]
pub struct RunOptions {
    /// Threads long sequence computations may use (`--threads`; the
    /// default is the machine's cores). With two or more, the engine tries
    /// two threads on dear heaps and keeps them where they measure faster.
    pub threads: usize,
    /// The vector instructions the sequence engine's inner loops use
    /// (`--simd`): the best the processor has, or one named for
    /// cross-checks and measurements.
    pub simd: Simd,
    /// Use only the plain engine for take-and-break sequences (every option
    /// of every heap scanned): the reference, for cross-checks
    /// (`--engine plain`).
    pub plain_engine: bool,
    /// Use proven results (a certified period) to stop computing early;
    /// off, tables are computed value by value to the end (`--compute-all`).
    pub shortcuts: bool,
    /// Keep only the values the sparse engine reads of a take-and-break
    /// sequence, with a prefix and a window of at least this many values
    /// (`--window`): a few megabytes instead of every value, for tables
    /// streamed out as they grow. The values no longer kept cannot be asked
    /// for afterwards, no period is watched for, and no team shares the
    /// run; a checkpoint keeps the values kept, in a format of its own
    /// (see `docs/PERIODS.md`). `None`: keep every value.
    pub window: Option<usize>,
    /// A bounded table ([`RunOptions::window`]) keeps every value until
    /// they take this many bytes, and only then keeps a prefix and a
    /// window. A rare position that appears after values have moved costs
    /// a recomputation from heap 0 (see `seq::window`); below this share
    /// it costs nothing. Grundy's game has two such positions, at 7,250,049
    /// and 48,399,022, which about 100 MB of two-byte values pass. 0 (the
    /// default): values move as soon as the window allows.
    pub window_keep: u64,
    /// Called about once a second during long computations.
    pub progress: Option<ProgressFn>,
    /// Set from another thread (a Ctrl-C handler) to stop long work.
    pub stop: Option<Arc<AtomicBool>>,
    /// Where long sequence computations save their values and resume from,
    /// and where the Cram and Node Kayles searches on grids keep their
    /// tables (`--checkpoint FILE`).
    pub checkpoint: Option<PathBuf>,
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

impl Default for RunOptions {
    fn default() -> RunOptions {
        RunOptions {
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            simd: Simd::Auto,
            plain_engine: false,
            shortcuts: true,
            window: None,
            window_keep: 0,
            progress: None,
            stop: None,
            checkpoint: None,
            team: None,
            files: Files::Disk,
        }
    }
}

// The progress callback and the team are not `Debug`; they are shown by
// whether they are set.
impl fmt::Debug for RunOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RunOptions")
            .field("threads", &self.threads)
            .field("simd", &self.simd)
            .field("plain_engine", &self.plain_engine)
            .field("shortcuts", &self.shortcuts)
            .field("window", &self.window)
            .field("window_keep", &self.window_keep)
            .field("progress", &self.progress.as_ref().map(|_| "callback"))
            .field("stop", &self.stop)
            .field("checkpoint", &self.checkpoint)
            .field(
                "team",
                &self
                    .team
                    .as_ref()
                    .map(|t| format!("member {} of {}", t.rank(), t.size())),
            )
            .field("files", &self.files)
            .finish()
    }
}
