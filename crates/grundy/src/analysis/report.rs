//! The one report type of the front door, and its moves.
//!
//! Every analysis (normal play, games with cycles, misère play, the
//! every-move rule) has its own detailed result, kept whole in
//! [`Details`]; the [`Report`] beside it says what every face needs in the
//! same words whatever the analysis: the value, who wins, the winning
//! moves and whether that list is complete, the reason, and the method.

use std::fmt;

use serde::Serialize;

use super::loopy::{LoopyAnalysis, LoopyMove};
use super::normal::{self, Analysis, Move};
use crate::every::{self, EveryAnalysis, EveryMove};
use crate::expr::{Play, Played, Position};
use crate::game::Outcome;
use crate::loopy::{Gamma, LoopyOutcome};
use crate::misere::{self, MisereAnalysis, MisereMove};
use crate::nimber::Nimber;

/// What is known of a position's value, in the terms of its analysis.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "value")]
pub enum Value {
    /// The Grundy value (normal play).
    Grundy(Nimber),
    /// The generalised Sprague–Grundy value of a game with cycles.
    Generalised(Gamma),
    /// The misère Grundy value (misère play, where the method gives it).
    MisereGrundy(Nimber),
    /// The number of moves the game lasts with best play (the every-move
    /// rule decided by step counts): odd when the player to move wins.
    Steps(u64),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Grundy(g) => write!(f, "{g:#}"),
            Value::Generalised(g) => write!(f, "{g}"),
            Value::MisereGrundy(g) => write!(f, "G⁻ = {g:#}"),
            Value::Steps(s) => write!(f, "steps {s}"),
        }
    }
}

/// Who wins with best play, for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Verdict {
    /// The player to move wins (an N-position).
    N,
    /// The player who just moved wins (a P-position).
    P,
    /// Neither can force a win: best play goes on for ever (only in games
    /// with cycles).
    D,
}

impl Verdict {
    /// A phrase for people: "first player wins (N-position)".
    pub fn describe(self) -> &'static str {
        match self {
            Verdict::N => "first player wins (N-position)",
            Verdict::P => "second player wins (P-position)",
            Verdict::D => "draw (D-position: neither player can force a win)",
        }
    }
}

impl From<Outcome> for Verdict {
    fn from(o: Outcome) -> Verdict {
        match o {
            Outcome::N => Verdict::N,
            Outcome::P => Verdict::P,
        }
    }
}

impl From<LoopyOutcome> for Verdict {
    fn from(o: LoopyOutcome) -> Verdict {
        match o {
            LoopyOutcome::Win => Verdict::N,
            LoopyOutcome::Lose => Verdict::P,
            LoopyOutcome::Draw => Verdict::D,
        }
    }
}

/// The full result of the analysis that answered, for faces that show
/// more than the [`Report`] does.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Details {
    /// Normal play: component values and moves.
    Normal(Analysis),
    /// Games with cycles: generalised values.
    Loopy(LoopyAnalysis),
    /// Misère play: components, genus, misère values.
    Misere(MisereAnalysis),
    /// The every-move rule: step counts.
    Every(EveryAnalysis),
}

fn as_text<T: fmt::Display, S: serde::Serializer>(
    items: &[T],
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    s.collect_seq(items.iter().map(ToString::to_string))
}

fn one_as_text<T: fmt::Display, S: serde::Serializer>(
    item: &T,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    s.collect_str(item)
}

/// The answer to "analyse this position under this convention".
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The position with its play: `misere(nim(1,2))`.
    #[serde(serialize_with = "one_as_text")]
    pub position: Played,
    /// The play convention: `normal`, `misere` or `every`.
    pub play: Play,
    /// What is known of its value; `None` when the method decides the
    /// outcome without a value (the SJ theorem, say).
    pub value: Option<Value>,
    /// Who wins.
    pub verdict: Verdict,
    /// Every winning move (the first ones found when
    /// `winning_moves_complete` is false), each as the position it leads
    /// to, with its play.
    #[serde(serialize_with = "as_text")]
    pub winning_moves: Vec<Played>,
    /// False when a component had more moves than `Bounds::max_moves`
    /// allows examining and no formula listed them all, so more winning
    /// moves may exist.
    pub winning_moves_complete: bool,
    /// How many winning moves there are, when known: all of them counted,
    /// listed or not (the misère quotient counts without listing); `None`
    /// when the list is incomplete and the rest were not counted.
    pub winning_move_count: Option<u64>,
    /// The argument for the verdict, in one sentence.
    pub reason: String,
    /// The method that decided: `sprague-grundy`, `generalised`, `bouton`,
    /// `sj`, `search` or `steps`.
    pub method: &'static str,
    /// Why that method rather than the one asked for or the fastest, if so.
    pub method_note: Option<String>,
    /// The full result of the analysis.
    pub details: Details,
}

/// Where each of `moves` leads, with `play`.
fn with_play<M: HasPosition>(play: Play, moves: &[M]) -> Vec<Played> {
    moves.iter().map(|m| played(play, m.position())).collect()
}

impl Report {
    /// The report of a normal-play analysis.
    pub fn from_normal(a: Analysis) -> Report {
        Report {
            position: played(Play::Normal, &a.position),
            play: Play::Normal,
            value: Some(Value::Grundy(a.grundy)),
            verdict: a.outcome.into(),
            winning_moves: with_play(Play::Normal, &a.winning_moves),
            winning_moves_complete: a.winning_moves_complete,
            winning_move_count: a
                .winning_moves_complete
                .then_some(a.winning_moves.len() as u64),
            reason: normal::reason(&a),
            method: "sprague-grundy",
            method_note: None,
            details: Details::Normal(a),
        }
    }

    /// The report of an analysis of a game with cycles.
    pub fn from_loopy(a: LoopyAnalysis) -> Report {
        Report {
            position: played(Play::Normal, &a.position),
            play: Play::Normal,
            value: Some(Value::Generalised(a.value.clone())),
            verdict: a.outcome.into(),
            winning_moves: with_play(Play::Normal, &a.winning_moves),
            winning_moves_complete: a.winning_moves_complete,
            winning_move_count: a
                .winning_moves_complete
                .then_some(a.winning_moves.len() as u64),
            reason: a.reason(),
            method: "generalised",
            method_note: None,
            details: Details::Loopy(a),
        }
    }

    /// The report of a misère analysis.
    pub fn from_misere(a: MisereAnalysis) -> Report {
        Report {
            position: played(Play::Misere, &a.position),
            play: Play::Misere,
            value: a.misere_grundy.map(Value::MisereGrundy),
            verdict: a.outcome.into(),
            winning_moves: with_play(Play::Misere, &a.winning_moves),
            winning_moves_complete: a.winning_moves_complete,
            winning_move_count: Some(a.winning_move_count),
            reason: a.reason.clone(),
            method: a.method.name(),
            method_note: a.note.clone(),
            details: Details::Misere(a),
        }
    }

    /// The report of an every-move analysis.
    pub fn from_every(a: EveryAnalysis) -> Report {
        Report {
            position: played(Play::Every, &a.position),
            play: Play::Every,
            value: a.steps.map(Value::Steps),
            verdict: a.outcome.into(),
            winning_moves: with_play(Play::Every, &a.winning_moves),
            winning_moves_complete: true,
            winning_move_count: Some(a.winning_moves.len() as u64),
            reason: a.reason.clone(),
            method: a.method.name(),
            method_note: None,
            details: Details::Every(a),
        }
    }
}

/// One move, in the same words whatever the analysis.
#[derive(Clone, Debug, Serialize)]
pub struct MoveReport {
    /// The position the move leads to, with its play.
    #[serde(serialize_with = "one_as_text")]
    pub position: Played,
    /// What is known of that position's value.
    pub value: Option<Value>,
    /// Who wins that position, for the player then to move (the opponent
    /// of the one who moved): `P` means the move wins.
    pub verdict: Verdict,
}

impl MoveReport {
    /// Whether the move wins: it leaves the opponent a lost position.
    pub fn winning(&self) -> bool {
        self.verdict == Verdict::P
    }
}

/// The full list of moves of the analysis that answered.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum MovesDetails {
    /// Normal play.
    Normal(Vec<Move>),
    /// Games with cycles.
    Loopy(Vec<LoopyMove>),
    /// Misère play, with the method and its note.
    Misere {
        /// The method that decided.
        method: misere::Method,
        /// Why that method, if not the fastest.
        note: Option<String>,
        /// The moves.
        moves: Vec<MisereMove>,
    },
    /// The every-move rule, with the method.
    Every {
        /// The method that decided.
        method: every::Method,
        /// The moves.
        moves: Vec<EveryMove>,
    },
}

/// Every move of a position, with what is known of where each leads.
#[derive(Clone, Debug, Serialize)]
pub struct MovesReport {
    /// The position with its play.
    #[serde(serialize_with = "one_as_text")]
    pub position: Played,
    /// The play convention: `normal`, `misere` or `every`.
    pub play: Play,
    /// The moves.
    pub moves: Vec<MoveReport>,
    /// The method that decided, as in [`Report::method`].
    pub method: &'static str,
    /// Why that method, if not the one asked for or the fastest.
    pub method_note: Option<String>,
    /// The full result of the analysis.
    pub details: MovesDetails,
}

fn played(play: Play, position: &Position) -> Played {
    Played {
        play,
        position: position.clone(),
    }
}

/// The common words for each of `moves`: the position it leads to, with
/// `play`, and what `read` knows of it.
fn move_reports<M: HasPosition>(
    play: Play,
    moves: &[M],
    read: impl Fn(&M) -> (Option<Value>, Verdict),
) -> Vec<MoveReport> {
    moves
        .iter()
        .map(|m| {
            let (value, verdict) = read(m);
            MoveReport {
                position: played(play, m.position()),
                value,
                verdict,
            }
        })
        .collect()
}

/// The moves of every analysis say where they lead.
trait HasPosition {
    fn position(&self) -> &Position;
}

macro_rules! has_position {
    ($($t:ty),*) => {$(
        impl HasPosition for $t {
            fn position(&self) -> &Position {
                &self.position
            }
        }
    )*};
}

has_position!(Move, LoopyMove, MisereMove, EveryMove);

impl MovesReport {
    /// The moves of a normal-play position.
    pub fn from_normal(position: &Position, moves: Vec<Move>) -> MovesReport {
        MovesReport {
            position: played(Play::Normal, position),
            play: Play::Normal,
            moves: move_reports(Play::Normal, &moves, |m| {
                (Some(Value::Grundy(m.grundy)), Outcome::of(m.grundy).into())
            }),
            method: "sprague-grundy",
            method_note: None,
            details: MovesDetails::Normal(moves),
        }
    }

    /// The moves of a position with components that have cycles.
    pub fn from_loopy(position: &Position, moves: Vec<LoopyMove>) -> MovesReport {
        MovesReport {
            position: played(Play::Normal, position),
            play: Play::Normal,
            moves: move_reports(Play::Normal, &moves, |m| {
                (Some(Value::Generalised(m.value.clone())), m.outcome.into())
            }),
            method: "generalised",
            method_note: None,
            details: MovesDetails::Loopy(moves),
        }
    }

    /// The moves of a position under misère play.
    pub fn from_misere(
        position: &Position,
        method: misere::Method,
        note: Option<String>,
        moves: Vec<MisereMove>,
    ) -> MovesReport {
        MovesReport {
            position: played(Play::Misere, position),
            play: Play::Misere,
            moves: move_reports(Play::Misere, &moves, |m| {
                (m.misere_grundy.map(Value::MisereGrundy), m.outcome.into())
            }),
            method: method.name(),
            method_note: note.clone(),
            details: MovesDetails::Misere {
                method,
                note,
                moves,
            },
        }
    }

    /// The moves of a position under the every-move rule.
    pub fn from_every(
        position: &Position,
        method: every::Method,
        moves: Vec<EveryMove>,
    ) -> MovesReport {
        MovesReport {
            position: played(Play::Every, position),
            play: Play::Every,
            moves: move_reports(Play::Every, &moves, |m| {
                (m.steps.map(Value::Steps), m.outcome.into())
            }),
            method: method.name(),
            method_note: None,
            details: MovesDetails::Every { method, moves },
        }
    }
}
