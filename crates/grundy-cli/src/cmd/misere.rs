//! `grundy value` and `grundy moves` under misère play.

use std::io::Write;

use grundy::expr::Position;
use grundy::misere::{self, MisereAnalysis, MisereMove};
use grundy::{Limits, Nimber};

use super::play::PlayArgs;
use crate::out::{self, Outcome};

pub fn value(
    position: &Position,
    play: &PlayArgs,
    json: bool,
    limits: &Limits,
    w: &mut impl Write,
) -> Outcome {
    let a = misere::analyze(position, play.misere_method()?, limits)?;
    if json {
        return out::json(w, &with_move_texts(&a)?);
    }
    writeln!(w, "{} under misère play", a.outcome.describe())?;
    writeln!(w, "reason: {}", a.reason)?;
    writeln!(w, "method: {}", a.method.name())?;
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
    if a.winning_moves.is_empty() {
        // An N-position without winning moves has no moves at all.
        let why = match a.outcome {
            grundy::Outcome::N => {
                "none needed: no move is left, and the opponent made the last one"
            }
            grundy::Outcome::P => "none (every move leaves a position the opponent wins)",
        };
        writeln!(w, "winning moves: {why}")?;
    } else {
        let moves: Vec<String> = a
            .winning_moves
            .iter()
            .map(|m| format!("misere({})", m.position))
            .collect();
        writeln!(w, "winning moves: {}", moves.join("  "))?;
    }
    Ok(())
}

/// The analysis as JSON, with `winning_moves` as position texts (as in
/// normal play) and the move objects under `winning_move_details`.
fn with_move_texts(a: &MisereAnalysis) -> grundy::Result<serde_json::Value> {
    let mut v = serde_json::to_value(a).map_err(|e| grundy::Error::invalid(e.to_string()))?;
    let texts: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| format!("misere({})", m.position))
        .collect();
    v["winning_move_details"] = v["winning_moves"].take();
    v["winning_moves"] = serde_json::json!(texts);
    Ok(v)
}

pub fn moves(
    position: &Position,
    play: &PlayArgs,
    json: bool,
    limits: &Limits,
    w: &mut impl Write,
) -> Outcome {
    let (method, note, moves) = misere::moves(position, play.misere_method()?, limits)?;
    if json {
        #[derive(serde::Serialize)]
        struct MovesJson<'a> {
            position: String,
            play: &'static str,
            method: misere::Method,
            note: Option<String>,
            moves: &'a [MisereMove],
        }
        return out::json(
            w,
            &MovesJson {
                position: format!("misere({position})"),
                play: "misere",
                method,
                note,
                moves: &moves,
            },
        );
    }
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
    let texts: Vec<String> = moves
        .iter()
        .map(|m| format!("misere({})", m.position))
        .collect();
    let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    for (m, text) in moves.iter().zip(&texts) {
        let pad = width - text.chars().count();
        let value = m
            .misere_grundy
            .map(|v: Nimber| format!("  G⁻ = {v:#}"))
            .unwrap_or_default();
        let mark = if m.outcome == grundy::Outcome::P {
            "  winning"
        } else {
            ""
        };
        writeln!(w, "{text}{:pad$}  {}{value}{mark}", "", m.outcome)?;
    }
    writeln!(w, "method: {}", method.name())?;
    Ok(())
}
