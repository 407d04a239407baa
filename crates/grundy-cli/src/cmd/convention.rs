//! The flags that choose how a position is played (`--misere`, `--every`
//! and `--method`, shared by `grundy value` and `grundy moves`), and the
//! output pieces that misère play and the every-move rule share.

use std::io::Write;

use clap::{Args, ValueEnum};
use grundy::expr::{Play, Played, Position};
use grundy::{Error, Limits, every, misere};
use serde::Serialize;
use serde_json::Value;

use crate::out::{Failure, Outcome};

/// How the position is played, and how to decide it.
#[derive(Args)]
pub struct PlayArgs {
    /// Misère play: the last player to move loses (same as writing misere(EXPR)).
    #[arg(long, conflicts_with = "every")]
    misere: bool,
    /// The every-move rule (Every-SG): every component that can move must move (same as every(EXPR)).
    #[arg(long)]
    every: bool,
    /// How to decide misère or every-move positions.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    method: MethodArg,
}

/// What `grundy value` or `grundy moves` was asked, once parsed.
pub struct Request<'a> {
    /// The position.
    pub position: &'a Position,
    /// The play flags.
    pub play: &'a PlayArgs,
    /// Whether to print JSON.
    pub json: bool,
    /// The limits.
    pub limits: &'a Limits,
}

/// A command for one play: `grundy value` under misère play, say.
pub type Handler<W> = fn(&Request, &mut W) -> Outcome;

/// A method asked for on the command line.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// The fastest exact method that applies (misère: bouton, sj, search; every: steps).
    Auto,
    /// Search over the whole game (misère or every-move).
    Search,
    /// Bouton's rule (misère Nim only).
    Bouton,
    /// The SJ theorem (misère; fails if its condition does not hold).
    Sj,
    /// Step counts (every-move rule).
    Steps,
}

impl PlayArgs {
    /// Parses `expr` and applies the flags.
    pub fn played(&self, expr: &str) -> grundy::Result<Played> {
        let play = if self.misere {
            Play::Misere
        } else if self.every {
            Play::Every
        } else {
            Play::Normal
        };
        let played = Played::parse_with(expr, limits)?.with_play(play)?;
        if played.play != Play::Normal && grundy::loopy::involves_cycles(&played.position) {
            return Err(Error::invalid(
                "games with cycles (loopy[...]) are analysed under normal play only; misère and every-move play are not supported for them",
            ));
        }
        if played.play == Play::Normal && self.method != MethodArg::Auto {
            return Err(Error::invalid(
                "--method applies to misère and every-move play (add --misere or --every, or wrap the expression)",
            ));
        }
        Ok(played)
    }

    /// Parses `expr` with the flags. A position played under misère play or
    /// the every-move rule is answered here by the first or second handler,
    /// giving `None`; a normally played position is returned to the caller.
    pub fn answer_other_plays<W: Write>(
        &self,
        expr: &str,
        json: bool,
        limits: &Limits,
        w: &mut W,
        (misere, every): (Handler<W>, Handler<W>),
    ) -> Result<Option<Position>, Failure> {
        let played = self.played(expr)?;
        let request = Request {
            position: &played.position,
            play: self,
            json,
            limits,
        };
        match played.play {
            Play::Normal => return Ok(Some(played.position)),
            Play::Misere => misere(&request, w)?,
            Play::Every => every(&request, w)?,
        }
        Ok(None)
    }

    /// The misère method asked for (`None`: automatic).
    pub fn misere_method(&self) -> grundy::Result<Option<misere::Method>> {
        match self.method {
            MethodArg::Auto => Ok(None),
            MethodArg::Search => Ok(Some(misere::Method::Search)),
            MethodArg::Bouton => Ok(Some(misere::Method::Bouton)),
            MethodArg::Sj => Ok(Some(misere::Method::Sj)),
            MethodArg::Steps => Err(Error::invalid(
                "--method steps is for the every-move rule; misère play takes auto, search, bouton or sj",
            )),
        }
    }

    /// The every-move method asked for (`None`: automatic).
    pub fn every_method(&self) -> grundy::Result<Option<every::Method>> {
        match self.method {
            MethodArg::Auto => Ok(None),
            MethodArg::Steps => Ok(Some(every::Method::Steps)),
            MethodArg::Search => Ok(Some(every::Method::Search)),
            MethodArg::Bouton | MethodArg::Sj => Err(Error::invalid(
                "--method bouton and --method sj are for misère play; the every-move rule takes auto, steps or search",
            )),
        }
    }
}

/// Positions written under a play's wrapper: `misere(nim(1))`.
pub fn wrapped<'a>(play: Play, positions: impl Iterator<Item = &'a Position>) -> Vec<String> {
    let name = play.wrapper().unwrap_or_default();
    positions.map(|p| format!("{name}({p})")).collect()
}

/// The first lines of `grundy value` under a play: who wins under `rule`,
/// the reason, and the method.
pub fn write_header(
    w: &mut impl Write,
    outcome: grundy::Outcome,
    rule: &str,
    reason: &str,
    method: &str,
) -> std::io::Result<()> {
    writeln!(w, "{} under {rule}", outcome.describe())?;
    writeln!(w, "reason: {reason}")?;
    writeln!(w, "method: {method}")
}

/// `winning_moves` as position texts (as normal play prints them) and the
/// move objects under `winning_move_details`.
pub fn json_with_move_texts(
    analysis: &impl Serialize,
    texts: Vec<String>,
) -> grundy::Result<Value> {
    let mut v = serde_json::to_value(analysis).map_err(|e| Error::invalid(e.to_string()))?;
    v["winning_move_details"] = v["winning_moves"].take();
    v["winning_moves"] = serde_json::json!(texts);
    Ok(v)
}

/// `grundy moves --json` under misère play or the every-move rule.
#[derive(Serialize)]
pub struct MovesJson<'a, M: Serialize> {
    /// The position, wrapped: `misere(...)`.
    pub position: String,
    /// `misere` or `every`.
    pub play: Play,
    /// The method that decided the moves.
    pub method: &'static str,
    /// Why the method fell back, if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Every move.
    pub moves: &'a [M],
}

/// One line per move: the position after it, padded to a column, what is
/// known of it, and `winning` for the winning ones.
pub fn write_move_table(
    w: &mut impl Write,
    rows: &[(String, String, bool)],
) -> std::io::Result<()> {
    let width = rows
        .iter()
        .map(|(text, ..)| text.chars().count())
        .max()
        .unwrap_or(0);
    for (text, details, winning) in rows {
        let pad = width - text.chars().count();
        let mark = if *winning { "  winning" } else { "" };
        writeln!(w, "{text}{:pad$}  {details}{mark}", "")?;
    }
    Ok(())
}
