//! `grundy`: the command line of the grundy engine.
//!
//! A thin layer: it parses arguments, calls the library, and prints. Errors
//! print one line on stderr and exit with code 2; a closed output pipe
//! (`grundy table ... | head`) ends the program quietly with success.

mod cmd;
mod out;
mod script;

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use grundy::Limits;

/// Sprague–Grundy values, outcomes, winning moves and tables of impartial games.
#[derive(Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    limits: LimitArgs,
}

/// Limits on work that could run away.
#[derive(Args)]
struct LimitArgs {
    /// Most positions a search may remember.
    #[arg(long, global = true, value_name = "N", default_value_t = grundy::solve::DEFAULT_MAX_POSITIONS)]
    max_positions: usize,
    /// Largest heap computed by filling a table (beyond it, only closed forms and proven periods answer).
    #[arg(long, global = true, value_name = "N", default_value_t = grundy::limits::DEFAULT_MAX_HEAP)]
    max_heap: u64,
    /// Most moves one component may list.
    #[arg(long, global = true, value_name = "N", default_value_t = grundy::limits::DEFAULT_MAX_MOVES)]
    max_moves: usize,
    #[command(flatten)]
    script: script::ScriptLimitArgs,
}

impl LimitArgs {
    fn limits(&self) -> Limits {
        Limits {
            max_positions: self.max_positions,
            max_heap: self.max_heap,
            max_moves: self.max_moves,
            stop: None,
            script: self.script.limits(),
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// The Grundy value, the outcome and every winning move of a position.
    Value(cmd::value::ValueArgs),
    /// Every move of a position, with the value it leads to.
    Moves(cmd::value::MovesArgs),
    /// The Grundy values G(0), ..., G(N) of a one-heap family.
    Table(cmd::table::TableArgs),
    /// The built-in game families and how to write them.
    Families,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let limits = cli.limits.limits();
    let mut stdout = out::Stdout::new();
    let result = match &cli.command {
        Command::Value(args) => cmd::value::value(args, &limits, &mut stdout),
        Command::Moves(args) => cmd::value::moves(args, &limits, &mut stdout),
        Command::Table(args) => cmd::table::table(args, &limits, &mut stdout),
        Command::Families => cmd::families(&mut stdout),
    }
    .and_then(|()| stdout.flush());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(out::Failure::ClosedPipe) => ExitCode::SUCCESS,
        Err(out::Failure::Error(e)) => {
            eprintln!("grundy: {e}");
            ExitCode::from(2)
        }
    }
}
