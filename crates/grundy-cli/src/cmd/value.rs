//! `grundy value` and `grundy moves`: a position through the library's
//! front door, printed as the analysis that answered prefers.

use std::io::Write;

use clap::Args;
use grundy::analysis::{self, Analysis, Details, MovesDetails};
use grundy::{Limits, Nimber};

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
    match &report.details {
        Details::Normal(a) => normal_value(a, &report, args.json, limits, w),
        Details::Loopy(a) => super::loopy::value(a, &report, args.json, limits, w),
        Details::Misere(a) => super::misere::value(a, &report, args.json, w),
        Details::Every(a) => super::every::value(a, &report, args.json, w),
    }
}

fn normal_value(
    a: &Analysis,
    report: &analysis::Report,
    json: bool,
    limits: &Limits,
    w: &mut impl Write,
) -> Outcome {
    if json {
        return out::json(w, &ValueJson::from(a));
    }
    writeln!(w, "{:#}  {}", a.grundy, a.outcome.describe())?;
    writeln!(w, "reason: {}", report.reason)?;
    let moves: Vec<String> = report.winning_moves.iter().map(|m| m.to_string()).collect();
    let none = "none (every move leads to a non-zero value)";
    write_winning_moves(w, &moves, none, a.winning_moves_complete, limits)
}

#[derive(serde::Serialize)]
struct ValueJson<'a> {
    position: String,
    grundy: Nimber,
    outcome: grundy::Outcome,
    components: &'a [analysis::ComponentValue],
    winning_moves: Vec<String>,
    winning_moves_complete: bool,
    winning_move_details: &'a [analysis::Move],
}

impl<'a> From<&'a Analysis> for ValueJson<'a> {
    fn from(a: &'a Analysis) -> ValueJson<'a> {
        ValueJson {
            position: a.position.to_string(),
            grundy: a.grundy,
            outcome: a.outcome,
            components: &a.components,
            winning_moves: a
                .winning_moves
                .iter()
                .map(|m| m.position.to_string())
                .collect(),
            winning_moves_complete: a.winning_moves_complete,
            winning_move_details: &a.winning_moves,
        }
    }
}

pub fn moves<W: Write>(args: &MovesArgs, limits: &Limits, w: &mut W) -> Outcome {
    let played = args.played(limits)?;
    let position = &played.position;
    let report = analysis::moves(position, played.play, args.play.method(), limits)?;
    match &report.details {
        MovesDetails::Normal(moves) => normal_moves(position, moves, args.json, w),
        MovesDetails::Loopy(moves) => super::loopy::moves(position, moves, args.json, w),
        MovesDetails::Misere {
            method,
            note,
            moves,
        } => super::misere::moves(position, *method, note.as_deref(), moves, args.json, w),
        MovesDetails::Every { method, moves } => {
            super::every::moves(position, *method, moves, args.json, w)
        }
    }
}

fn normal_moves(
    position: &grundy::expr::Position,
    moves: &[analysis::Move],
    json: bool,
    w: &mut impl Write,
) -> Outcome {
    if json {
        #[derive(serde::Serialize)]
        struct MovesJson<'a> {
            position: String,
            moves: &'a [analysis::Move],
        }
        return out::json(
            w,
            &MovesJson {
                position: position.to_string(),
                moves,
            },
        );
    }
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
