//! `grundy value` and `grundy moves` for positions with components that can
//! be played for ever (`loopy[FILE]`): generalised values, win/lose/draw.

use std::io::Write;

use grundy::Limits;
use grundy::expr::Position;
use grundy::loopy::{self, Gamma, LoopyAnalysis, LoopyOutcome};

use crate::out::{self, Outcome};

pub fn value(position: &Position, json: bool, limits: &Limits, w: &mut impl Write) -> Outcome {
    let a = loopy::analyze(position, limits)?;
    if json {
        return out::json(w, &ValueJson::from(&a));
    }
    writeln!(w, "{}  {}", a.value, a.outcome.describe())?;
    writeln!(w, "reason: {}", reason(&a))?;
    if a.winning_moves.is_empty() {
        let why = match a.outcome {
            LoopyOutcome::Draw => {
                "no move leaves the opponent lost; `grundy moves` shows the drawing ones"
            }
            _ => "every move leaves the opponent a win",
        };
        writeln!(w, "winning moves: none ({why})")?;
    } else {
        let moves: Vec<String> = a
            .winning_moves
            .iter()
            .map(|m| m.position.to_string())
            .collect();
        writeln!(w, "winning moves: {}", moves.join("  "))?;
    }
    Ok(())
}

/// The component values, their generalised nim-sum, and for an infinite
/// value whether a move reaches 0 (a win) or not (a draw).
fn reason(a: &LoopyAnalysis) -> String {
    let parts: Vec<String> = a
        .components
        .iter()
        .map(|c| format!("γ({}) = {}", c.component, c.value))
        .collect();
    let mut text = parts.join(", ");
    if a.components.len() > 1 {
        let terms: Vec<String> = a.components.iter().map(|c| c.value.to_string()).collect();
        text += &format!("; generalised nim-sum {} = {}", terms.join(" ⊕ "), a.value);
    }
    match &a.value {
        Gamma::Finite(_) => text,
        Gamma::Infinite(_) if a.outcome == LoopyOutcome::Win => {
            format!("{text}; infinite, and a move reaches 0")
        }
        Gamma::Infinite(_) => format!("{text}; infinite, and no move reaches 0"),
    }
}

/// The analysis with the winning moves also as plain positions, as
/// `grundy value --json` gives them for acyclic games.
#[derive(serde::Serialize)]
struct ValueJson<'a> {
    position: String,
    #[serde(flatten)]
    value: &'a Gamma,
    outcome: LoopyOutcome,
    components: &'a [loopy::LoopyComponent],
    winning_moves: Vec<String>,
    winning_move_details: &'a [loopy::LoopyMove],
}

impl<'a> From<&'a LoopyAnalysis> for ValueJson<'a> {
    fn from(a: &'a LoopyAnalysis) -> ValueJson<'a> {
        ValueJson {
            position: a.position.to_string(),
            value: &a.value,
            outcome: a.outcome,
            components: &a.components,
            winning_moves: a
                .winning_moves
                .iter()
                .map(|m| m.position.to_string())
                .collect(),
            winning_move_details: &a.winning_moves,
        }
    }
}

pub fn moves(position: &Position, json: bool, limits: &Limits, w: &mut impl Write) -> Outcome {
    let moves = loopy::analysis::moves(position, limits)?;
    if json {
        let object = serde_json::json!({"position": position.to_string(), "moves": moves});
        return out::json(w, &object);
    }
    if moves.is_empty() {
        writeln!(w, "no moves: {position} is a finished game (value 0)")?;
        return Ok(());
    }
    let texts: Vec<String> = moves.iter().map(|m| m.position.to_string()).collect();
    let values: Vec<String> = moves.iter().map(|m| m.value.to_string()).collect();
    let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    let value_width = values.iter().map(|v| v.chars().count()).max().unwrap_or(0);
    for ((m, text), value) in moves.iter().zip(&texts).zip(&values) {
        let pad = width - text.chars().count();
        let mark = match m.outcome {
            LoopyOutcome::Lose => "  winning",
            LoopyOutcome::Draw => "  drawing",
            LoopyOutcome::Win => "",
        };
        let value_pad = if mark.is_empty() {
            0
        } else {
            value_width - value.chars().count()
        };
        writeln!(w, "{text}{:pad$}  {value}{:value_pad$}{mark}", "", "")?;
    }
    Ok(())
}
