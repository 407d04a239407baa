//! `grundy value` and `grundy moves` under the every-move rule (Every-SG).

use std::io::Write;

use grundy::Limits;
use grundy::every::{self, EveryAnalysis, EveryMove};
use grundy::expr::Position;

use super::play::PlayArgs;
use crate::out::{self, Outcome};

pub fn value(
    position: &Position,
    play: &PlayArgs,
    json: bool,
    limits: &Limits,
    w: &mut impl Write,
) -> Outcome {
    let a = every::analyze(position, play.every_method()?, limits)?;
    if json {
        return out::json(w, &with_move_texts(&a)?);
    }
    writeln!(w, "{} under the every-move rule", a.outcome.describe())?;
    writeln!(w, "reason: {}", a.reason)?;
    writeln!(w, "method: {}", a.method.name())?;
    if let Some(s) = a.steps {
        writeln!(w, "steps: {s}")?;
    }
    let parts: Vec<String> = a
        .components
        .iter()
        .map(|c| match c.steps {
            Some(s) => format!("{}: {s}", c.component),
            None => c.component.clone(),
        })
        .collect();
    if a.steps.is_some() {
        writeln!(w, "component steps: {}", parts.join(", "))?;
    }
    if a.winning_moves.is_empty() {
        writeln!(
            w,
            "winning moves: none (every move leaves a position the opponent wins)"
        )?;
    } else {
        let moves: Vec<String> = a
            .winning_moves
            .iter()
            .map(|m| format!("every({})", m.position))
            .collect();
        writeln!(w, "winning moves: {}", moves.join("  "))?;
    }
    Ok(())
}

/// The analysis as JSON, with `winning_moves` as position texts and the
/// move objects under `winning_move_details`.
fn with_move_texts(a: &EveryAnalysis) -> grundy::Result<serde_json::Value> {
    let mut v = serde_json::to_value(a).map_err(|e| grundy::Error::invalid(e.to_string()))?;
    let texts: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| format!("every({})", m.position))
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
    let (method, moves) = every::moves(position, play.every_method()?, limits)?;
    if json {
        #[derive(serde::Serialize)]
        struct MovesJson<'a> {
            position: String,
            play: &'static str,
            method: every::Method,
            moves: &'a [EveryMove],
        }
        return out::json(
            w,
            &MovesJson {
                position: format!("every({position})"),
                play: "every",
                method,
                moves: &moves,
            },
        );
    }
    if moves.is_empty() {
        writeln!(
            w,
            "no moves: every({position}) is over, and the player to move has lost"
        )?;
        return Ok(());
    }
    let texts: Vec<String> = moves
        .iter()
        .map(|m| format!("every({})", m.position))
        .collect();
    let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    for (m, text) in moves.iter().zip(&texts) {
        let pad = width - text.chars().count();
        let steps = m.steps.map(|s| format!("  steps {s}")).unwrap_or_default();
        let mark = if m.outcome == grundy::Outcome::P {
            "  winning"
        } else {
            ""
        };
        writeln!(w, "{text}{:pad$}  {}{steps}{mark}", "", m.outcome)?;
    }
    writeln!(w, "method: {}", method.name())?;
    Ok(())
}
