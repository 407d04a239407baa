//! The front door for a game given as rules: any [`Game`], under normal
//! play, misère play or the every-move rule, answered with the same
//! questions and the same kind of report as an expression.
//!
//! What each convention needs of the game:
//!
//! - normal play: only [`Game::moves`] (components and closed forms are
//!   used when the game gives them);
//! - misère play: the SJ theorem when [`Game::components`] splits the
//!   position and the theorem's condition holds on every position each
//!   component reaches (its outcome then follows from normal values), and
//!   otherwise a search of the whole game ([`MisereSolver`]);
//! - the every-move rule: step counts, the largest over the components
//!   (Every-SG), so again only moves and, where the game gives them,
//!   components.
//!
//! ```
//! use grundy::analysis::game::analyze_game;
//! use grundy::analysis::{Method, Value, Verdict};
//! use grundy::expr::Play;
//! use grundy::{Game, Limits, Nimber};
//!
//! /// Take 1, 3 or 4 tokens.
//! struct Sub134;
//! impl Game for Sub134 {
//!     type Position = u64;
//!     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
//!         out.extend([1, 3, 4].iter().filter(|&&s| s <= n).map(|&s| n - s));
//!     }
//! }
//! let limits = Limits::default();
//! // G repeats 0, 1, 0, 1, 2, 3, 2 with period 7: heap 9 is lost, heap 5 won.
//! let r = analyze_game(&Sub134, &9, Play::Normal, Method::Auto, &limits).unwrap();
//! assert_eq!((r.value, r.verdict), (Some(Value::Grundy(Nimber(0))), Verdict::P));
//! let r = analyze_game(&Sub134, &5, Play::Normal, Method::Auto, &limits).unwrap();
//! assert_eq!(r.winning_moves, [2]);
//! let r = analyze_game(&Sub134, &9, Play::Misere, Method::Auto, &limits).unwrap();
//! assert_eq!(r.method, "search");
//! for q in &r.winning_moves {
//!     let after = analyze_game(&Sub134, q, Play::Misere, Method::Search, &limits).unwrap();
//!     assert_eq!(after.verdict, Verdict::P);
//! }
//! ```

use std::collections::HashSet;

use super::{Method, Value, Verdict};
use crate::error::{Error, Result};
use crate::every::steps;
use crate::expr::Play;
use crate::game::{Game, Outcome};
use crate::limits::Limits;
use crate::misere::MisereSolver;
use crate::misere::sj;
use crate::nimber::Nimber;
use crate::solve::Solver;

/// The answer for a position of a [`Game`]: the fields of
/// [`super::Report`], with positions of the game's own type.
#[derive(Clone, Debug)]
pub struct GameReport<P> {
    /// How the position is played.
    pub play: Play,
    /// What is known of its value.
    pub value: Option<Value>,
    /// Who wins.
    pub verdict: Verdict,
    /// Every winning move, as the position it leads to.
    pub winning_moves: Vec<P>,
    /// False when not every winning move could be listed (the every-move
    /// rule on a sum: see `method_note`).
    pub winning_moves_complete: bool,
    /// The argument for the verdict, in one sentence.
    pub reason: String,
    /// The method that decided, as in [`super::Report::method`].
    pub method: &'static str,
    /// Why that method, or what was left out.
    pub method_note: Option<String>,
}

/// Analyses `position` of `game` played under `play`, decided by `method`.
pub fn analyze_game<G: Game>(
    game: &G,
    position: &G::Position,
    play: Play,
    method: Method,
    limits: &Limits,
) -> Result<GameReport<G::Position>> {
    let mut report = match play {
        Play::Normal if method == Method::Auto => normal(game, position, limits),
        Play::Normal => Err(Error::invalid(
            "a method applies to misère and every-move play only",
        )),
        Play::Misere => misere(game, position, method, limits),
        Play::Every => every(game, position, method, limits),
    }?;
    // Two moves that lead to the same position are one winning move.
    let mut seen = HashSet::new();
    report.winning_moves.retain(|q| seen.insert(q.clone()));
    Ok(report)
}

fn normal<G: Game>(game: &G, p: &G::Position, limits: &Limits) -> Result<GameReport<G::Position>> {
    let mut solver = Solver::new(game, limits.solver_config());
    let g = solver.value(p)?;
    let winning_moves = solver.winning_moves(p)?;
    Ok(GameReport {
        play: Play::Normal,
        value: Some(Value::Grundy(g)),
        verdict: Outcome::of(g).into(),
        winning_moves,
        winning_moves_complete: true,
        reason: format!("G = {g:#}, by the mex rule over every option"),
        method: "sprague-grundy",
        method_note: None,
    })
}

/// The components of `p`, or `p` alone.
fn parts<G: Game>(game: &G, p: &G::Position) -> Vec<G::Position> {
    let mut out = Vec::new();
    if game.components(p, &mut out) {
        out
    } else {
        vec![p.clone()]
    }
}

/// Whether the SJ theorem's condition holds on every component of `p`;
/// `Err` for failures other than a limit (which only means "unknown").
fn sj_holds<G: Game>(game: &G, parts: &[G::Position], limits: &Limits) -> Result<Option<String>> {
    for part in parts {
        match sj::check_game(game, part, limits) {
            Ok(None) => {}
            Ok(Some((at, violation))) => {
                return Ok(Some(format!(
                    "its condition fails at {at:?}: {}",
                    violation.describe()
                )));
            }
            Err(e) if e.limit_kind().is_some() => {
                return Ok(Some(format!("its condition could not be checked: {e}")));
            }
            Err(e) => return Err(e),
        }
    }
    Ok(None)
}

fn misere<G: Game>(
    game: &G,
    p: &G::Position,
    method: Method,
    limits: &Limits,
) -> Result<GameReport<G::Position>> {
    let components = parts(game, p);
    let sj_failure = match method {
        Method::Auto | Method::Sj => sj_holds(game, &components, limits)?,
        Method::Search => Some("search was asked for".into()),
        Method::Bouton | Method::Steps | Method::Quotient => {
            return Err(Error::invalid(format!(
                "--method {} does not apply to a game given as rules under misère play; use auto, sj or search",
                method.name()
            )));
        }
    };
    match (sj_failure, method) {
        (None, _) => misere_by_sj(game, p, limits),
        (Some(why), Method::Sj) => Err(Error::invalid(format!(
            "the SJ theorem does not apply: {why}; use --method search"
        ))),
        (Some(why), _) => {
            let mut solver = MisereSolver::new(game, limits.solver_config());
            let v = solver.value(p)?;
            let winning_moves = solver.winning_moves(p)?;
            Ok(GameReport {
                play: Play::Misere,
                value: Some(Value::MisereGrundy(v)),
                verdict: Outcome::of(v).into(),
                winning_moves,
                winning_moves_complete: true,
                reason: format!("G⁻ = {v:#}, by search over the whole game"),
                method: "search",
                method_note: (method == Method::Auto)
                    .then(|| format!("the SJ theorem was not used: {why}")),
            })
        }
    }
}

/// The first player wins a misère sum under the SJ theorem's condition
/// when the nim-sum and "some component above 1" agree (Anti-SG).
fn sj_verdict<G: Game>(
    solver: &mut Solver<&G>,
    game: &G,
    p: &G::Position,
) -> Result<(Verdict, Vec<Nimber>)> {
    let values = parts(game, p)
        .iter()
        .map(|c| solver.value(c))
        .collect::<Result<Vec<_>>>()?;
    let wins = sj::first_player_wins(&values);
    Ok((if wins { Verdict::N } else { Verdict::P }, values))
}

fn misere_by_sj<G: Game>(
    game: &G,
    p: &G::Position,
    limits: &Limits,
) -> Result<GameReport<G::Position>> {
    let mut solver = Solver::new(game, limits.solver_config());
    let (verdict, values) = sj_verdict(&mut solver, game, p)?;
    let mut winning_moves = Vec::new();
    if verdict == Verdict::N {
        let mut options = Vec::new();
        game.moves(p, &mut options);
        limits.check_moves(options.len() as u64)?;
        for q in options {
            if sj_verdict(&mut solver, game, &q)?.0 == Verdict::P {
                winning_moves.push(q);
            }
        }
    }
    let total: Nimber = values.iter().copied().sum();
    let above = values.iter().any(|v| v.0 > 1);
    Ok(GameReport {
        play: Play::Misere,
        value: None,
        verdict,
        winning_moves,
        winning_moves_complete: true,
        reason: format!(
            "the SJ theorem (its condition checked on every reachable position): nim-sum {total:#}, {} component above 1",
            if above { "a" } else { "no" }
        ),
        method: "sj",
        method_note: None,
    })
}

fn every<G: Game>(
    game: &G,
    p: &G::Position,
    method: Method,
    limits: &Limits,
) -> Result<GameReport<G::Position>> {
    if !matches!(method, Method::Auto | Method::Steps) {
        return Err(Error::invalid(format!(
            "--method {} does not apply to a game given as rules under the every-move rule; use auto or steps",
            method.name()
        )));
    }
    let count = steps::steps(game, p, limits)?;
    let verdict = if count % 2 == 1 {
        Verdict::N
    } else {
        Verdict::P
    };
    let split = parts(game, p).len() > 1;
    // One component moves as in normal play, so its winning moves are the
    // options of even count. A sum's moves move every component at once,
    // and a Game does not say how to build a sum from moved parts.
    let mut winning_moves = Vec::new();
    if verdict == Verdict::N && !split {
        let mut options = Vec::new();
        game.moves(p, &mut options);
        limits.check_moves(options.len() as u64)?;
        for q in options {
            if steps::steps(game, &q, limits)? % 2 == 0 {
                winning_moves.push(q);
            }
        }
    }
    Ok(GameReport {
        play: Play::Every,
        value: Some(Value::Steps(count)),
        verdict,
        winning_moves,
        winning_moves_complete: !(split && verdict == Verdict::N),
        reason: format!(
            "the step count is {count}, {}: the player who makes the last move of the longest component makes the last move of all",
            if count % 2 == 1 { "odd" } else { "even" }
        ),
        method: "steps",
        method_note: (split && verdict == Verdict::N).then(|| {
            "the winning moves of a sum move every component at once; they are not listed for a game given as rules".to_string()
        }),
    })
}
