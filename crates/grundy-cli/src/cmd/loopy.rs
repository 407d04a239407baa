//! `grundy value` and `grundy moves` for positions with components that can
//! be played for ever (`loopy[FILE]`): generalised values, win/lose/draw.

use std::io::Write;

use grundy::Limits;
use grundy::expr::Position;
use grundy::loopy::{self, Gamma, LoopyAnalysis, LoopyOutcome};

use super::convention::{json_with_move_texts, write_move_table};
use super::value::write_winning_moves;
use crate::out::{self, Outcome};

pub fn value(position: &Position, json: bool, limits: &Limits, w: &mut impl Write) -> Outcome {
    let a = loopy::analyze(position, limits)?;
    let moves: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| m.position.to_string())
        .collect();
    if json {
        return out::json(w, &json_with_move_texts(&a, moves)?);
    }
    writeln!(w, "{}  {}", a.value, a.outcome.describe())?;
    writeln!(w, "reason: {}", reason(&a))?;
    let none = match a.outcome {
        LoopyOutcome::Draw => {
            "none (no move leaves the opponent lost; `grundy moves` shows the drawing ones)"
        }
        _ => "none (every move leaves the opponent a win)",
    };
    write_winning_moves(w, &moves, none, a.winning_moves_complete, limits)
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
    // The value each move leads to; a draw is marked beside it, a win for
    // the mover (the opponent lost) by the table's `winning`.
    let rows: Vec<(String, String, bool)> = moves
        .iter()
        .map(|m| {
            let details = match m.outcome {
                LoopyOutcome::Draw => format!("{}  drawing", m.value),
                _ => m.value.to_string(),
            };
            (
                m.position.to_string(),
                details,
                m.outcome == LoopyOutcome::Lose,
            )
        })
        .collect();
    write_move_table(w, &rows)?;
    Ok(())
}
