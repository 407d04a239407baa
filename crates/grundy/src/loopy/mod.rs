//! Games with cycles: play may return to a position, and may go on for
//! ever (a draw).
//!
//! The Sprague–Grundy function needs an acyclic game. C. A. B. Smith
//! ("Graphs and composite games", J. Combin. Theory 1, 1966) generalised it:
//! each position gets a finite value, which behaves exactly as a Nim heap in
//! every sum, or the value `∞(K)`, where `K` is the set of finite values
//! among its options ([`Gamma`]). The value gives the outcome, win, lose or
//! draw ([`LoopyOutcome`]), and the value of a sum is the generalised
//! nim-sum of the components' values.
//!
//! - [`gamma()`] labels every vertex of a [`Graph`](crate::graph::Graph), by
//!   the algorithm of Fraenkel and Yesha, level by level in `O(V + E)` each;
//! - [`solve`] does the same for any [`Game`] whose reachable positions are
//!   finite, after laying them out with [`explore()`];
//! - [`retrograde`] is the plain win/lose/draw analysis that the tests hold
//!   the values and the sum rule against;
//! - [`LoopyFamily`] is `loopy[FILE](v,...)` as a game family; the
//!   analysis of a sum with such components is
//!   [`crate::analysis::loopy`], which the front door uses whenever one is
//!   present.
//!
//! ```
//! use grundy::{Game, Limits};
//! use grundy::loopy::{Gamma, LoopyOutcome, solve};
//!
//! /// A token on 0..=3 steps left or right; on 0 the game is over.
//! struct Walk;
//! impl Game for Walk {
//!     type Position = u8;
//!     fn moves(&self, &p: &u8, out: &mut Vec<u8>) {
//!         if p > 0 { out.push(p - 1); }
//!         if p > 0 && p < 3 { out.push(p + 1); }
//!     }
//! }
//! let value = |p| solve(&Walk, &p, &Limits::default()).unwrap();
//! // From 1, step to 0 and win. From 2, stepping to 1 loses, so step to 3;
//! // the opponent must step back: nobody wins.
//! assert_eq!(value(1), Gamma::infinite([0]));
//! assert_eq!(value(1).outcome(), LoopyOutcome::Win);
//! assert_eq!(value(2), Gamma::infinite([]));
//! assert_eq!(value(2).outcome(), LoopyOutcome::Draw);
//! ```

pub(crate) mod explore;
pub mod family;
pub mod gamma;
pub mod retrograde;

pub use crate::nimber::generalised::{Gamma, LoopyOutcome};
pub use explore::{Explored, explore};
pub use family::LoopyFamily;
pub use gamma::gamma;

use crate::error::Result;
use crate::game::Game;
use crate::limits::Limits;

/// The generalised Sprague–Grundy value of `start` in `game`, whose
/// positions reachable from `start` must be finite in number (at most
/// `limits.bounds.max_positions`).
pub fn solve<G: Game>(game: &G, start: &G::Position, limits: &Limits) -> Result<Gamma> {
    let explored = explore(game, start, limits)?;
    let mut values = gamma(&explored.graph, limits)?;
    Ok(values.swap_remove(0))
}

/// The examples of `docs/LOOPY.md`, run as doctests so that the guide stays
/// true.
#[cfg(doctest)]
#[doc = include_str!("../../../../docs/LOOPY.md")]
pub struct LoopyGuide;
