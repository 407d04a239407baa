//! `grundy value` and `grundy moves`.

use std::io::Write;

use clap::Args;
use grundy::{Analysis, Limits, Nimber, analysis};

use super::convention::{Handler, PlayArgs};
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

/// How a command answers the positions normal play does not cover.
struct Others<W: Write> {
    /// Misère play and the every-move rule.
    plays: (Handler<W>, Handler<W>),
    /// Games with cycles.
    loopy: fn(&grundy::expr::Position, bool, &Limits, &mut W) -> Outcome,
}

/// The position to analyse under normal play, or `None` when `others`
/// already answered (misère or every-move play, or a game with cycles).
fn normal_play_position<W: Write>(
    args: &ValueArgs,
    limits: &Limits,
    w: &mut W,
    others: Others<W>,
) -> Result<Option<grundy::expr::Position>, crate::out::Failure> {
    let text = crate::script::expression(args.script.or_text(args.expr.as_deref())?, limits, true)?;
    let Some(position) = args
        .play
        .answer_other_plays(&text, args.json, limits, w, others.plays)?
    else {
        return Ok(None);
    };
    if grundy::loopy::involves_cycles(&position) {
        (others.loopy)(&position, args.json, limits, w)?;
        return Ok(None);
    }
    Ok(Some(position))
}

/// Winning moves listed in text output; `--json` lists all.
const SHOWN_MOVES: usize = 12;

pub fn value<W: Write>(args: &ValueArgs, limits: &Limits, w: &mut W) -> Outcome {
    let others = Others {
        plays: (super::misere::value, super::every::value),
        loopy: super::loopy::value,
    };
    let Some(position) = normal_play_position(args, limits, w, others)? else {
        return Ok(());
    };
    let a = grundy::analyze(&position, limits)?;
    if args.json {
        return out::json(w, &ValueJson::from(&a));
    }
    writeln!(w, "{:#}  {}", a.grundy, a.outcome.describe())?;
    writeln!(w, "reason: {}", reason(&a))?;
    let moves: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| m.position.to_string())
        .collect();
    let none = "none (every move leads to a non-zero value)";
    write_winning_moves(w, &moves, none, a.winning_moves_complete, limits)
}

/// The `winning moves:` line (the first [`SHOWN_MOVES`], or `none`), and
/// a note when the list may be incomplete.
pub(super) fn write_winning_moves(
    w: &mut impl Write,
    moves: &[String],
    none: &str,
    complete: bool,
    limits: &Limits,
) -> Outcome {
    if moves.is_empty() {
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
            limits.max_moves
        )?;
    }
    Ok(())
}

/// The one-line argument for the value: the component values and their
/// nim-sum.
fn reason(a: &Analysis) -> String {
    let parts: Vec<String> = a
        .components
        .iter()
        .map(|c| format!("G({}) = {:#}", c.component, c.grundy))
        .collect();
    if a.components.len() == 1 {
        return parts[0].clone();
    }
    let terms: Vec<String> = a
        .components
        .iter()
        .map(|c| format!("{:#}", c.grundy))
        .collect();
    let relation = if a.grundy.is_zero() { "= 0" } else { "≠ 0" };
    let sum = if a.grundy.is_zero() {
        format!("{} = 0", terms.join(" ⊕ "))
    } else {
        format!("{} = {:#} {relation}", terms.join(" ⊕ "), a.grundy)
    };
    format!("{}; nim-sum {sum}", parts.join(", "))
}

#[derive(serde::Serialize)]
struct ValueJson<'a> {
    position: String,
    grundy: Nimber,
    outcome: grundy::Outcome,
    components: &'a [grundy::analysis::ComponentValue],
    winning_moves: Vec<String>,
    winning_moves_complete: bool,
    winning_move_details: &'a [grundy::Move],
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
    let others = Others {
        plays: (super::misere::moves, super::every::moves),
        loopy: super::loopy::moves,
    };
    let Some(position) = normal_play_position(args, limits, w, others)? else {
        return Ok(());
    };
    let moves = analysis::moves(&position, limits)?;
    if args.json {
        #[derive(serde::Serialize)]
        struct MovesJson<'a> {
            position: String,
            moves: &'a [grundy::Move],
        }
        return out::json(
            w,
            &MovesJson {
                position: position.to_string(),
                moves: &moves,
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
    for m in &moves {
        let text = m.position.to_string();
        let pad = width - text.chars().count();
        let mark = if m.grundy.is_zero() { "  winning" } else { "" };
        writeln!(w, "{text}{:pad$}  {:#}{mark}", "", m.grundy)?;
    }
    Ok(())
}
