//! `grundy value` and `grundy moves`: a position through the library's
//! front door, printed as the analysis that answered prefers.

use std::io::Write;

use clap::Args;
use grundy::Limits;
use grundy::analysis::{self, Analysis, Details, MovesDetails};

use super::convention::{PlayArgs, write_winning_moves};
use crate::out::{self, Outcome};
use crate::script::ScriptArg;

/// Arguments of `grundy value` and `grundy moves`.
#[derive(Args)]
pub struct ValueArgs {
    /// The position, for example "nim(3,5,7)" or "sub{1,3,4}(9) + nim(2)"; `-` reads it from standard input, `@FILE` from a file.
    #[arg(
        required_unless_present = "script",
        conflicts_with = "script",
        allow_hyphen_values = true
    )]
    expr: Option<String>,
    #[command(flatten)]
    script: ScriptArg,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    play: PlayArgs,
}

/// `grundy moves` takes the same arguments as `grundy value`.
pub type MovesArgs = ValueArgs;

impl ValueArgs {
    /// The position with its play, from the text (or script) and flags.
    fn played(&self, limits: &Limits) -> grundy::Result<grundy::expr::Played> {
        let text =
            crate::script::expression(self.script.or_text(self.expr.as_deref())?, limits, true)?;
        analysis::parse(&text, self.play.play(), limits)
    }
}

pub fn value<W: Write>(args: &ValueArgs, limits: &Limits, w: &mut W) -> Outcome {
    let played = args.played(limits)?;
    let report = analysis::analyze(&played.position, played.play, args.play.method(), limits)?;
    if args.json {
        // The library's report, as the web API and Python give it.
        return out::json(w, &report);
    }
    match &report.details {
        Details::Normal(a) => normal_value(a, &report, limits, w),
        Details::Loopy(a) => super::loopy::value(a, &report, limits, w),
        Details::Misere(a) => super::misere::value(a, &report, w),
        Details::Every(a) => super::every::value(a, &report, w),
    }
}

fn normal_value(
    a: &Analysis,
    report: &analysis::Report,
    limits: &Limits,
    w: &mut impl Write,
) -> Outcome {
    writeln!(w, "{:#}  {}", a.grundy, a.outcome.describe())?;
    writeln!(w, "reason: {}", report.reason)?;
    let moves: Vec<String> = report.winning_moves.iter().map(|m| m.to_string()).collect();
    let none = "none (every move leads to a non-zero value)";
    write_winning_moves(w, &moves, none, a.winning_moves_complete, limits)
}

pub fn moves<W: Write>(args: &MovesArgs, limits: &Limits, w: &mut W) -> Outcome {
    let played = args.played(limits)?;
    let position = &played.position;
    let report = analysis::moves(position, played.play, args.play.method(), limits)?;
    if args.json {
        return out::json(w, &report);
    }
    match &report.details {
        MovesDetails::Normal(moves) => normal_moves(position, moves, w),
        MovesDetails::Loopy(moves) => super::loopy::moves(position, moves, w),
        MovesDetails::Misere {
            method,
            note,
            moves,
        } => super::misere::moves(position, *method, note.as_deref(), moves, w),
        MovesDetails::Every { method, moves } => super::every::moves(position, *method, moves, w),
    }
}

fn normal_moves(
    position: &grundy::expr::Position,
    moves: &[analysis::Move],
    w: &mut impl Write,
) -> Outcome {
    if moves.is_empty() {
        writeln!(w, "no moves: {position} is a finished game (value 0)")?;
        return Ok(());
    }
    let width = moves
        .iter()
        .map(|m| m.position.to_string().chars().count())
        .max()
        .unwrap_or(0);
    for m in moves {
        let text = m.position.to_string();
        let pad = width - text.chars().count();
        let mark = if m.grundy.is_zero() { "  winning" } else { "" };
        writeln!(w, "{text}{:pad$}  {:#}{mark}", "", m.grundy)?;
    }
    Ok(())
}
