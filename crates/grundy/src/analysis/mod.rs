//! The front door: one question, "analyse this position under this
//! convention", answered by one call and one report type.
//!
//! [`analyze`] takes a parsed position, how it is played ([`Play`]: normal,
//! misère or the every-move rule) and a [`Method`] (or [`Method::Auto`]),
//! chooses the analysis that answers it (games with cycles get generalised
//! values; misère play Bouton's rule, the SJ theorem or search; the
//! every-move rule step counts or search) and returns a [`Report`]: the
//! value, who wins, every winning move and whether the list is complete,
//! the reason in one sentence, and which method decided and why. [`moves`]
//! does the same for every move. The command line, and any other face,
//! only parses its input, calls these, and prints.
//!
//! ```
//! use grundy::analysis::{analyze, Method, Value, Verdict};
//! use grundy::expr::{Play, Position};
//! use grundy::{Limits, Nimber};
//!
//! let limits = Limits::default();
//! let p = Position::parse_with("nim(3,5,7)", &limits).unwrap();
//! let normal = analyze(&p, Play::Normal, Method::Auto, &limits).unwrap();
//! assert_eq!(normal.value, Some(Value::Grundy(Nimber(1))));
//! assert_eq!(normal.verdict, Verdict::N);
//! assert_eq!(normal.winning_moves.len(), 3);
//!
//! let misere = analyze(&p, Play::Misere, Method::Auto, &limits).unwrap();
//! assert_eq!(misere.method, "bouton");
//! ```
//!
//! For a game given as rules ([`crate::Game`]) rather than an expression,
//! [`game::analyze_game`] answers the same question with the same report.

pub mod game;
pub mod game_graph;
pub mod hackenbush;
pub mod loopy;
pub mod normal;
pub mod quotient;
mod report;

pub use normal::{Analysis, ComponentValue, Move};
pub use report::{Details, MoveReport, MovesDetails, MovesReport, Report, Value, Verdict};

/// The genus of each heap of a one-heap family (`grundy genus`).
pub use crate::misere::genus::{GenusTable, table as genus_table};

/// The detailed results behind each [`Report`], by analysis: what a face
/// shows beyond the report's common words. The faces name them here, not
/// in the rules modules they come from.
pub mod details {
    pub use crate::every::{EveryAnalysis, EveryMove, Method as EveryMethod};
    pub use crate::hackenbush::Fused;
    pub use crate::loopy::{Gamma, LoopyOutcome};
    pub use crate::misere::genus::Genus;
    pub use crate::misere::{Method as MisereMethod, MisereAnalysis, MisereComponent, MisereMove};
}

use serde::Serialize;

use crate::error::{Error, Result};
use crate::every;
use crate::expr::{Play, Played, Position};
use crate::limits::Limits;
use crate::misere;

/// How to decide a position; [`Method::Auto`] lets the library choose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// The fastest exact method that applies (misère: Bouton's rule, the SJ
    /// theorem, search; every-move: step counts; normal play: the
    /// Sprague–Grundy theorem over the components).
    #[default]
    Auto,
    /// Search over the whole game (misère or every-move play).
    Search,
    /// Bouton's rule (misère Nim only).
    Bouton,
    /// The SJ theorem (misère play; fails if its condition does not hold).
    Sj,
    /// Step counts (the every-move rule).
    Steps,
    /// The misère quotient of the heaps of the one game every component
    /// is a heap of (misère play).
    Quotient,
}

impl Method {
    /// The name used in output and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Search => "search",
            Method::Bouton => "bouton",
            Method::Sj => "sj",
            Method::Steps => "steps",
            Method::Quotient => "quotient",
        }
    }

    /// The method called `name`, or an error listing the names.
    pub fn from_name(name: &str) -> Result<Method> {
        [
            Method::Auto,
            Method::Search,
            Method::Bouton,
            Method::Sj,
            Method::Steps,
            Method::Quotient,
        ]
        .into_iter()
        .find(|m| m.name() == name)
        .ok_or_else(|| {
            Error::invalid(format!(
                "unknown method `{name}`; methods: auto, search, bouton, sj, steps, quotient"
            ))
        })
    }

    /// The misère method this asks for (`None`: choose), or why it does not
    /// apply to misère play.
    fn misere(self) -> Result<Option<misere::Method>> {
        match self {
            Method::Auto => Ok(None),
            Method::Search => Ok(Some(misere::Method::Search)),
            Method::Bouton => Ok(Some(misere::Method::Bouton)),
            Method::Sj => Ok(Some(misere::Method::Sj)),
            Method::Quotient => Ok(Some(misere::Method::Quotient)),
            Method::Steps => Err(Error::invalid(
                "--method steps is for the every-move rule; misère play takes auto, search, bouton, sj or quotient",
            )),
        }
    }

    /// The every-move method this asks for (`None`: choose), or why it does
    /// not apply to the every-move rule.
    fn every(self) -> Result<Option<every::Method>> {
        match self {
            Method::Auto => Ok(None),
            Method::Steps => Ok(Some(every::Method::Steps)),
            Method::Search => Ok(Some(every::Method::Search)),
            Method::Bouton | Method::Sj | Method::Quotient => Err(Error::invalid(
                "--method bouton, sj and quotient are for misère play; the every-move rule takes auto, steps or search",
            )),
        }
    }
}

/// Checks that `play` and `method` fit `position`: games with cycles are
/// analysed under normal play only, and a method is chosen only for misère
/// or every-move play.
fn check_question(position: &Position, play: Play, method: Method) -> Result<()> {
    if play != Play::Normal && loopy::involves_cycles(position) {
        return Err(Error::invalid(
            "games with cycles (loopy[...]) are analysed under normal play only; misère and every-move play are not supported for them",
        ));
    }
    if play == Play::Normal && method != Method::Auto {
        return Err(Error::invalid(
            "--method applies to misère and every-move play (add --misere or --every, or wrap the expression)",
        ));
    }
    Ok(())
}

/// Parses a position for the front door: the text may wrap the whole sum
/// in `misere(...)` or `every(...)`, and `play` (a face's flag) must agree
/// with such a wrapper; `Play::Normal` leaves the text's choice.
///
/// ```
/// use grundy::analysis::parse;
/// use grundy::expr::Play;
/// use grundy::Limits;
/// let p = parse("misere(nim(1,2))", Play::Normal, &Limits::default()).unwrap();
/// assert_eq!(p.play, Play::Misere);
/// assert!(parse("every(nim(1))", Play::Misere, &Limits::default()).is_err());
/// ```
pub fn parse(text: &str, play: Play, limits: &Limits) -> Result<Played> {
    Played::parse_with(text, limits)?.with_play(play)
}

/// Analyses `position` played under `play`, decided by `method`: the one
/// entry point every face calls.
pub fn analyze(position: &Position, play: Play, method: Method, limits: &Limits) -> Result<Report> {
    check_question(position, play, method)?;
    match play {
        Play::Normal if loopy::involves_cycles(position) => {
            Ok(Report::from_loopy(loopy::analyze(position, limits)?))
        }
        Play::Normal => Ok(Report::from_normal(normal::analyze(position, limits)?)),
        Play::Misere => Ok(Report::from_misere(misere::analyze(
            position,
            method.misere()?,
            limits,
        )?)),
        Play::Every => Ok(Report::from_every(every::analyze(
            position,
            method.every()?,
            limits,
        )?)),
    }
}

/// Every move of `position` played under `play`, each with what is known
/// of the position it leads to.
pub fn moves(
    position: &Position,
    play: Play,
    method: Method,
    limits: &Limits,
) -> Result<MovesReport> {
    check_question(position, play, method)?;
    match play {
        Play::Normal if loopy::involves_cycles(position) => Ok(MovesReport::from_loopy(
            position,
            loopy::moves(position, limits)?,
        )),
        Play::Normal => Ok(MovesReport::from_normal(
            position,
            normal::moves(position, limits)?,
        )),
        Play::Misere => {
            let (method, note, moves) = misere::moves(position, method.misere()?, limits)?;
            Ok(MovesReport::from_misere(position, method, note, moves))
        }
        Play::Every => {
            let (method, moves) = every::moves(position, method.every()?, limits)?;
            Ok(MovesReport::from_every(position, method, moves))
        }
    }
}
