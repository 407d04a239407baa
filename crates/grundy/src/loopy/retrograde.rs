//! Win, lose or draw by retrograde analysis: the plain definition, kept
//! apart from the generalised Sprague–Grundy labelling so that the tests
//! can hold one against the other.
//!
//! On a finite game graph under normal play a position is *lost* when every
//! move leads to a won position (in particular when there is no move), and
//! *won* when some move leads to a lost one. Applying the two rules until
//! nothing changes labels exactly the positions where one player can force
//! a win in a bounded number of moves; every other position is a *draw*:
//! neither player can force a win, and best play goes on for ever.

use crate::error::Result;
use crate::game::Game;
use crate::graph::Graph;
use crate::limits::Limits;

use super::explore::explore;
use crate::nimber::generalised::LoopyOutcome;

/// The outcome of every vertex of `graph`, by sweeping the two rules over
/// all vertices until a sweep changes nothing (at most `V + 1` sweeps).
pub fn outcomes(graph: &Graph, limits: &Limits) -> Result<Vec<LoopyOutcome>> {
    let mut known: Vec<Option<LoopyOutcome>> = vec![None; graph.len()];
    let mut changed = true;
    while changed {
        limits.check_stop()?;
        changed = false;
        for v in 0..graph.len() as u32 {
            if known[v as usize].is_some() {
                continue;
            }
            let options = graph.successors(v);
            let outcome_of = |w: &u32| known[*w as usize];
            if options
                .iter()
                .any(|w| outcome_of(w) == Some(LoopyOutcome::Lose))
            {
                known[v as usize] = Some(LoopyOutcome::Win);
                changed = true;
            } else if options
                .iter()
                .all(|w| outcome_of(w) == Some(LoopyOutcome::Win))
            {
                known[v as usize] = Some(LoopyOutcome::Lose);
                changed = true;
            }
        }
    }
    Ok(known
        .into_iter()
        .map(|k| k.unwrap_or(LoopyOutcome::Draw))
        .collect())
}

/// The outcome of `start` in `game`, over every position it can reach
/// (at most `limits.bounds.max_positions`).
///
/// ```
/// use grundy::loopy::{LoopyOutcome, retrograde};
/// use grundy::{Game, Limits};
///
/// /// A token on 0..=3 moves one step left; from 1 it may also jump to 3.
/// struct Track;
/// impl Game for Track {
///     type Position = u8;
///     fn moves(&self, &p: &u8, out: &mut Vec<u8>) {
///         if p > 0 { out.push(p - 1); }
///         if p == 1 { out.push(3); }
///     }
/// }
/// let outcome = |p| retrograde::outcome(&Track, &p, &Limits::default()).unwrap();
/// assert_eq!(outcome(1), LoopyOutcome::Win); // move to 0
/// assert_eq!(outcome(2), LoopyOutcome::Lose); // the only move is to 1
/// assert_eq!(outcome(3), LoopyOutcome::Win); // move to 2
///
/// /// Two positions that only move to each other: nobody can win.
/// struct Swap;
/// impl Game for Swap {
///     type Position = bool;
///     fn moves(&self, &p: &bool, out: &mut Vec<bool>) { out.push(!p); }
/// }
/// assert_eq!(retrograde::outcome(&Swap, &true, &Limits::default()).unwrap(), LoopyOutcome::Draw);
/// ```
pub fn outcome<G: Game>(game: &G, start: &G::Position, limits: &Limits) -> Result<LoopyOutcome> {
    let explored = explore(game, start, limits)?;
    Ok(outcomes(&explored.graph, limits)?[0])
}
