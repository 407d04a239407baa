//! The flags that choose how a position is played (`--misere`, `--every`
//! and `--method`, shared by `grundy value` and `grundy moves`), and the
//! output pieces that the conventions share.

use std::io::Write;

use clap::{Args, ValueEnum};
use grundy::Limits;
use grundy::analysis::Method;
use grundy::expr::{Play, Position};

use crate::out::Outcome;

/// How the position is played, and how to decide it.
#[derive(Args)]
pub struct PlayArgs {
    /// Misère play: the last player to move loses (same as writing misere(EXPR)).
    #[arg(long, conflicts_with = "every")]
    misere: bool,
    /// The every-move rule (Every-SG): every component that can move must move (same as every(EXPR)).
    #[arg(long)]
    every: bool,
    /// How to decide misère or every-move positions.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    method: MethodArg,
}

/// A method asked for on the command line.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// The fastest exact method that applies (misère: bouton, sj, search; every: steps).
    Auto,
    /// Search over the whole game (misère or every-move).
    Search,
    /// Bouton's rule (misère Nim only).
    Bouton,
    /// The SJ theorem (misère; fails if its condition does not hold).
    Sj,
    /// Step counts (every-move rule).
    Steps,
    /// The misère quotient of the heaps of one game (misère sums of heaps of one family).
    Quotient,
}

impl PlayArgs {
    /// The play asked for by the flags (`Normal` leaves the text's choice).
    pub fn play(&self) -> Play {
        if self.misere {
            Play::Misere
        } else if self.every {
            Play::Every
        } else {
            Play::Normal
        }
    }

    /// The method asked for.
    pub fn method(&self) -> Method {
        match self.method {
            MethodArg::Auto => Method::Auto,
            MethodArg::Search => Method::Search,
            MethodArg::Bouton => Method::Bouton,
            MethodArg::Sj => Method::Sj,
            MethodArg::Steps => Method::Steps,
            MethodArg::Quotient => Method::Quotient,
        }
    }
}

/// Positions written under a play's wrapper: `misere(nim(1))`.
pub fn wrapped<'a>(play: Play, positions: impl Iterator<Item = &'a Position>) -> Vec<String> {
    let name = play.wrapper().unwrap_or_default();
    positions.map(|p| format!("{name}({p})")).collect()
}

/// The first lines of `grundy value` under a play: who wins under `rule`,
/// the reason, and the method.
pub fn write_header(
    w: &mut impl Write,
    outcome: grundy::Outcome,
    rule: &str,
    reason: &str,
    method: &str,
) -> std::io::Result<()> {
    writeln!(w, "{} under {rule}", outcome.describe())?;
    writeln!(w, "reason: {reason}")?;
    writeln!(w, "method: {method}")
}

/// One line per move: the position after it, padded to a column, what is
/// known of it, and `winning` for the winning ones.
pub fn write_move_table(
    w: &mut impl Write,
    rows: &[(String, String, bool)],
) -> std::io::Result<()> {
    let width = rows
        .iter()
        .map(|(text, ..)| text.chars().count())
        .max()
        .unwrap_or(0);
    for (text, details, winning) in rows {
        let pad = width - text.chars().count();
        let mark = if *winning { "  winning" } else { "" };
        writeln!(w, "{text}{:pad$}  {details}{mark}", "")?;
    }
    Ok(())
}

/// Winning moves listed in text output; `--json` lists all.
const SHOWN_MOVES: usize = 12;

/// The `winning moves:` line (the first [`SHOWN_MOVES`], or `none`), and
/// a note when the list may be incomplete.
pub fn write_winning_moves(
    w: &mut impl Write,
    moves: &[String],
    none: &str,
    complete: bool,
    limits: &Limits,
) -> Outcome {
    if moves.is_empty() && !complete {
        // "none" would claim every move was examined.
        writeln!(w, "winning moves: none found among the moves examined")?;
    } else if moves.is_empty() {
        writeln!(w, "winning moves: {none}")?;
    } else {
        let shown = &moves[..moves.len().min(SHOWN_MOVES)];
        let more = moves.len() - shown.len();
        let rest = if more > 0 {
            format!("  ... and {more} more (--json lists all)")
        } else {
            String::new()
        };
        writeln!(w, "winning moves: {}{rest}", shown.join("  "))?;
    }
    if !complete {
        writeln!(
            w,
            "(only the moves within the first {} of each component were examined; raise --max-moves to see more)",
            limits.bounds.max_moves
        )?;
    }
    Ok(())
}
