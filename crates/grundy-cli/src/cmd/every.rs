//! `grundy value` and `grundy moves` under the every-move rule (Every-SG).

use std::io::Write;

use grundy::Outcome as Who;
use grundy::analysis::Report;
use grundy::analysis::details::{EveryAnalysis, EveryMethod as Method, EveryMove};
use grundy::expr::{Play, Position};

use super::convention::{wrapped, write_header, write_move_table};
use crate::out::Outcome;

pub fn value(a: &EveryAnalysis, report: &Report, w: &mut impl Write) -> Outcome {
    let moves = wrapped(Play::Every, a.winning_moves.iter().map(|m| &m.position));
    write_header(
        w,
        a.outcome,
        "the every-move rule",
        &report.reason,
        report.method,
    )?;
    if let Some(s) = a.steps {
        writeln!(w, "steps: {s}")?;
        let parts: Vec<String> = a
            .components
            .iter()
            .map(|c| format!("{}: {}", c.component, c.steps.unwrap_or_default()))
            .collect();
        if !parts.is_empty() {
            writeln!(w, "component steps: {}", parts.join(", "))?;
        }
    }
    let moves = match moves.is_empty() {
        false => moves.join("  "),
        true => "none (every move leaves a position the opponent wins)".into(),
    };
    writeln!(w, "winning moves: {moves}")?;
    Ok(())
}

pub fn moves(
    position: &Position,
    method: Method,
    moves: &[EveryMove],
    w: &mut impl Write,
) -> Outcome {
    if moves.is_empty() {
        writeln!(
            w,
            "no moves: every({position}) is over, and the player to move has lost"
        )?;
        return Ok(());
    }
    let rows: Vec<(String, String, bool)> = moves
        .iter()
        .map(|m| {
            let steps = m.steps.map(|s| format!("  steps {s}")).unwrap_or_default();
            (
                format!("every({})", m.position),
                format!("{}{steps}", m.outcome),
                m.outcome == Who::P,
            )
        })
        .collect();
    write_move_table(w, &rows)?;
    writeln!(w, "method: {}", method.name())?;
    Ok(())
}
