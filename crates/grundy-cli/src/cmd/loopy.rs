//! `grundy value` and `grundy moves` for positions with components that can
//! be played for ever (`loopy[FILE]`): generalised values, win/lose/draw.

use std::io::Write;

use grundy::Limits;
use grundy::analysis::Report;
use grundy::analysis::details::LoopyOutcome;
use grundy::analysis::loopy::{LoopyAnalysis, LoopyMove};
use grundy::expr::Position;

use super::convention::{write_move_table, write_winning_moves};
use crate::out::Outcome;

pub fn value(a: &LoopyAnalysis, report: &Report, limits: &Limits, w: &mut impl Write) -> Outcome {
    let moves: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| m.position.to_string())
        .collect();
    writeln!(w, "{}  {}", a.value, a.outcome.describe())?;
    writeln!(w, "reason: {}", report.reason)?;
    let none = match a.outcome {
        LoopyOutcome::Draw => {
            "none (no move leaves the opponent lost; `grundy moves` shows the drawing ones)"
        }
        _ => "none (every move leaves the opponent a win)",
    };
    write_winning_moves(w, &moves, none, a.winning_moves_complete, limits)
}

pub fn moves(position: &Position, moves: &[LoopyMove], w: &mut impl Write) -> Outcome {
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
