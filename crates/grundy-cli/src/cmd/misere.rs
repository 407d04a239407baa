//! `grundy value` and `grundy moves` under misère play.

use std::io::Write;

use grundy::Outcome as Who;
use grundy::analysis::Report;
use grundy::analysis::details::{MisereAnalysis, MisereMethod as Method, MisereMove};
use grundy::expr::{Play, Position};

use super::convention::{wrapped, write_header, write_move_table};
use crate::out::Outcome;

pub fn value(a: &MisereAnalysis, report: &Report, w: &mut impl Write) -> Outcome {
    let moves = wrapped(Play::Misere, a.winning_moves.iter().map(|m| &m.position));
    write_header(w, a.outcome, "misère play", &report.reason, report.method)?;
    if let Some(note) = &a.note {
        writeln!(w, "note: {note}")?;
    }
    if let Some(v) = a.misere_grundy {
        writeln!(w, "misère Grundy value: {v:#}")?;
    }
    writeln!(w, "components:")?;
    for c in &a.components {
        let details = match (&c.genus, &c.genus_note) {
            (Some(g), _) => format!(", G⁻ = {:#}, genus {g}", g.misere_grundy()),
            (None, Some(note)) => format!(" ({note})"),
            (None, None) => String::new(),
        };
        writeln!(w, "  {}: G = {:#}{details}", c.component, c.grundy)?;
    }
    let moves = match (moves.is_empty(), a.outcome) {
        (false, _) => moves.join("  "),
        // An N-position without winning moves has no moves at all.
        (true, Who::N) => "none needed: no move is left, and the opponent made the last one".into(),
        (true, Who::P) => "none (every move leaves a position the opponent wins)".into(),
    };
    writeln!(w, "winning moves: {moves}")?;
    Ok(())
}

pub fn moves(
    position: &Position,
    method: Method,
    note: Option<&str>,
    moves: &[MisereMove],
    w: &mut impl Write,
) -> Outcome {
    if let Some(note) = note {
        writeln!(w, "note: {note}")?;
    }
    if moves.is_empty() {
        writeln!(
            w,
            "no moves: misere({position}) is over, and the player to move has won"
        )?;
        return Ok(());
    }
    let rows: Vec<(String, String, bool)> = moves
        .iter()
        .map(|m| {
            let value = m
                .misere_grundy
                .map(|v| format!("  G⁻ = {v:#}"))
                .unwrap_or_default();
            (
                format!("misere({})", m.position),
                format!("{}{value}", m.outcome),
                m.outcome == Who::P,
            )
        })
        .collect();
    write_move_table(w, &rows)?;
    writeln!(w, "method: {}", method.name())?;
    Ok(())
}
