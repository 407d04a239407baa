//! `grundy`: the command line of the grundy engine.
//!
//! A thin layer: it parses arguments, calls the library, and prints. Errors
//! print one line on stderr and exit with code 2; a closed output pipe
//! (`grundy table ... | head`) ends the program quietly with success.

mod cmd;
mod out;
mod script;
mod serve;
#[cfg(feature = "mpi")]
mod team;

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use grundy::Limits;
use grundy::limits::{Bounds, Deadline, RunOptions, Simd};

/// Sprague–Grundy values, outcomes, winning moves and tables of impartial games.
#[derive(Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    limits: LimitArgs,
}

/// Limits on work that could run away, and options of long runs.
#[derive(Args)]
struct LimitArgs {
    /// Most positions a search may remember (1e7 and 10^7 are accepted); a search may also list 256 bytes of options per position allowed
    #[arg(long, global = true, value_name = "N", default_value_t = grundy::limits::DEFAULT_MAX_POSITIONS, value_parser = count_usize)]
    max_positions: usize,
    /// Largest heap computed by filling a table (beyond it, only closed forms and proven periods answer).
    #[arg(long, global = true, value_name = "N", default_value_t = grundy::limits::DEFAULT_MAX_HEAP, value_parser = count)]
    max_heap: u64,
    /// Most moves one component may list.
    #[arg(long, global = true, value_name = "N", default_value_t = grundy::limits::DEFAULT_MAX_MOVES, value_parser = count_usize)]
    max_moves: usize,
    /// Save computed values of long sequence runs, or the table of a Cram or Node Kayles search on grids, in FILE, and resume from it.
    #[arg(long, global = true, value_name = "FILE")]
    checkpoint: Option<std::path::PathBuf>,
    /// Compute every value even when a proven period already gives them.
    #[arg(long, global = true)]
    compute_all: bool,
    /// Keep only the values of a take-and-break table that its sparse engine still reads (the first ones and a window behind the heap), instead of every value, once every value would take more than a sixteenth of --max-memory: for long tables written out as they grow. Runs without a period search; with --checkpoint it resumes, writing from the heap `--from` names.
    #[arg(long, global = true)]
    window: bool,
    /// Never print progress (by default it is shown when stderr is a terminal).
    #[arg(long, global = true, conflicts_with = "progress")]
    quiet: bool,
    /// Print progress on stderr even when it is not a terminal.
    #[arg(long, global = true)]
    progress: bool,
    /// The engine for take-and-break sequences: `auto` (sparse or triple where it pays) or `plain` (every option scanned: the reference).
    #[arg(long, global = true, value_enum, default_value_t = EngineArg::Auto)]
    engine: EngineArg,
    /// The vector instructions of the take-and-break engine's inner loops: `auto` (the best this processor has) or one named, for cross-checks and measurements.
    #[arg(long, global = true, value_enum, default_value_t = SimdArg::Auto)]
    simd: SimdArg,
    /// Threads a long sequence computation may use (default: all cores); with 2 or more, two threads share dear heaps where they measure faster, and a long table is written out on its own thread while it is computed.
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Stop any computation that runs longer than this many seconds.
    #[arg(long, global = true, value_name = "SECONDS")]
    time_limit: Option<u64>,
    /// Largest input file (graph, Hackenbush picture, script) read, in bytes (`1e6` and `10^6` are accepted).
    #[arg(long, global = true, value_name = "BYTES", default_value_t = grundy::limits::DEFAULT_MAX_FILE_BYTES, value_parser = count)]
    max_file_size: u64,
    /// Most memory one table or search may take, in bytes (`16e9` and `2^34` are accepted); larger work is refused before it starts.
    #[arg(long, global = true, value_name = "BYTES", default_value_t = grundy::limits::DEFAULT_MAX_MEMORY, value_parser = count)]
    max_memory: u64,
    #[command(flatten)]
    script: script::ScriptLimitArgs,
}

/// Reads a count (`10000000`, `1e7`, `10^7`) for a flag, through the
/// library's one reader so every face accepts the same forms.
pub(crate) fn count(text: &str) -> Result<u64, String> {
    grundy::limits::parse_count(text).map_err(|e| e.to_string())
}

/// [`count`] for flags held in a `usize`.
pub(crate) fn count_usize(text: &str) -> Result<usize, String> {
    usize::try_from(count(text)?).map_err(|_| format!("`{text}` is too large for this machine"))
}

/// [`count`] for flags that must be at least 1.
pub(crate) fn positive_count(text: &str) -> Result<u64, String> {
    match count(text)? {
        0 => Err("expected a number of at least 1, found 0".into()),
        n => Ok(n),
    }
}

impl LimitArgs {
    fn limits(&self) -> Limits {
        use std::io::IsTerminal;
        let show = self.progress || (!self.quiet && std::io::stderr().is_terminal());
        let bounds = Bounds::default()
            .with_max_positions(self.max_positions)
            .with_max_heap(self.max_heap)
            .with_max_moves(self.max_moves)
            .with_max_memory(self.max_memory)
            .with_max_file_bytes(self.max_file_size)
            .with_deadline(self.time_limit.map(Deadline::after_seconds))
            .with_script(self.script.limits());
        let run = RunOptions::default();
        let threads = self.threads.map_or(run.threads, usize::from);
        let run = run
            .with_threads(threads)
            .with_simd(match self.simd {
                SimdArg::Auto => Simd::Auto,
                SimdArg::Portable => Simd::Portable,
                SimdArg::Avx2 => Simd::Avx2,
                SimdArg::Avx512 => Simd::Avx512,
            })
            .with_plain_engine(matches!(self.engine, EngineArg::Plain))
            .with_shortcuts(!self.compute_all)
            .with_window(self.window.then_some(grundy::limits::DEFAULT_WINDOW))
            .with_window_keep(self.max_memory / grundy::limits::WINDOW_KEEP_SHARE)
            .with_progress(show.then(out::progress_printer))
            .with_stop(Some(out::stop_on_ctrl_c()))
            .with_checkpoint(self.checkpoint.clone());
        Limits::new(bounds, run)
    }
}

/// `--engine`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum EngineArg {
    /// The sparse engine (or, for three-heap moves, the triple engine)
    /// where it pays, the plain one elsewhere.
    Auto,
    /// The plain engine only.
    Plain,
}

/// `--simd`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum SimdArg {
    /// The best this processor has.
    Auto,
    /// Portable code only.
    Portable,
    /// AVX2 (x86-64).
    Avx2,
    /// AVX-512 with BW, VBMI and VBMI2 (x86-64).
    Avx512,
}

#[derive(Subcommand)]
enum Command {
    /// The Grundy value, the outcome and every winning move of a position.
    Value(cmd::value::ValueArgs),
    /// Every move of a position, with the value it leads to.
    Moves(cmd::value::MovesArgs),
    /// The Grundy values G(0), ..., G(N) of a one-heap family.
    Table(cmd::table::TableArgs),
    /// The period of a one-heap family, with its proof where a theorem applies.
    Period(cmd::period::PeriodArgs),
    /// The built-in game families and how to write them.
    Families,
    /// The period of a one-parameter family, or the table and regularities of a two-parameter one.
    Pattern(cmd::pattern::PatternArgs),
    /// A Grundy sequence (scatter plot) or a two-parameter table (heat map) as an SVG file.
    Plot(cmd::plot::PlotArgs),
    /// Play a position against a perfect opponent (reads moves from standard input).
    Play(cmd::play::PlayArgs),
    /// The misère Grundy values and genus of heaps 0..=N of a one-heap family.
    Genus(cmd::genus::GenusArgs),
    /// The misère quotient (Plambeck–Siegel) of the heaps 0..=N of a one-heap family.
    Quotient(cmd::quotient::QuotientArgs),
    /// Nimber arithmetic: nim-sum, nim-product, quotient, inverse ("6*13" is 15).
    Nimber(cmd::nimber::NimberArgs),
    /// A Green Hackenbush picture from a file: value, reason and winning cuts.
    Hackenbush(cmd::hackenbush::HackenbushArgs),
    /// The web playground: a page and a JSON API on http://127.0.0.1:8080.
    Serve(serve::ServeArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    #[cfg_attr(not(feature = "mpi"), allow(unused_mut))]
    let mut limits = cli.limits.limits();
    let mut stdout = out::Stdout::new();
    // Started by `mpirun` (the `mpi` feature): `table` and `period` share
    // their sequence runs among the processes; any other command runs on
    // member 0 alone while the rest end. Only member 0 prints.
    #[cfg(feature = "mpi")]
    let _universe = match team::start() {
        Some((universe, team)) => {
            use grundy::limits::Team;
            let shared = matches!(cli.command, Command::Table(_) | Command::Period(_));
            if team.rank() != 0 {
                if !shared {
                    return ExitCode::SUCCESS;
                }
                limits.run.progress = None;
                stdout = out::Stdout::silent();
            }
            // One thread a process, as `mpirun` binds each to a core. A
            // team of one has no one to share with: it runs as an
            // ordinary process, so it costs what one does (and may keep
            // a bounded table).
            if shared {
                limits.run.threads = 1;
                if team.size() > 1 {
                    limits.run.team = Some(team);
                }
            }
            Some(universe)
        }
        None => None,
    };
    let result = match &cli.command {
        Command::Value(args) => cmd::value::value(args, &limits, &mut stdout),
        Command::Moves(args) => cmd::value::moves(args, &limits, &mut stdout),
        Command::Table(args) => cmd::table::table(args, &limits, &mut stdout),
        Command::Period(args) => cmd::period::period(args, &limits, &mut stdout),
        Command::Families => cmd::families(&mut stdout),
        Command::Pattern(args) => cmd::pattern::pattern(args, &limits, &mut stdout),
        Command::Plot(args) => cmd::plot::plot(args, &limits, &mut stdout),
        Command::Play(args) => cmd::play::play(args, &limits, &mut stdout),
        Command::Genus(args) => cmd::genus::genus_table(args, &limits, &mut stdout),
        Command::Quotient(args) => cmd::quotient::quotient_of(args, &limits, &mut stdout),
        Command::Nimber(args) => cmd::nimber::nimber(args, &mut stdout),
        Command::Hackenbush(args) => cmd::hackenbush::hackenbush(args, &limits, &mut stdout),
        Command::Serve(args) => serve::serve(args, &limits, &mut stdout),
    }
    .and_then(|()| stdout.flush());
    out::clear_progress();
    // Of a team, process 0 alone speaks for all.
    let speaks = limits.run.team.as_ref().is_none_or(|t| t.rank() == 0);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(out::Failure::ClosedPipe) => ExitCode::SUCCESS,
        Err(out::Failure::Error(e)) if e.kind() == &grundy::ErrorKind::Interrupted => {
            // A team stops together (at the same heap), so every process
            // ends normally.
            if speaks {
                match &limits.run.checkpoint {
                    Some(path) => eprintln!(
                        "grundy: interrupted; the values computed so far are saved in {}: run the same command to resume",
                        path.display()
                    ),
                    None => eprintln!(
                        "grundy: interrupted (use --checkpoint FILE to keep the values of long runs)"
                    ),
                }
            }
            ExitCode::from(130)
        }
        Err(out::Failure::Error(e)) => {
            if speaks {
                eprintln!("grundy: {e}");
            }
            // The other processes of a team may be waiting for this one.
            #[cfg(feature = "mpi")]
            if limits.run.team.is_some() {
                team::abort(2);
            }
            ExitCode::from(2)
        }
    }
}
