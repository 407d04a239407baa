//! The game abstraction: rules separate from positions.
//!
//! A value implementing [`Game`] describes the rules of a whole family (a
//! subtraction set, an octal code, a graph); positions are cheap values of
//! its associated type. Only [`Game::moves`] is required. A game may also say
//! that a position is a sum of independent components (the Sprague–Grundy
//! theorem then gives its value as the nim-sum of theirs) and may know a
//! closed form for some values; solvers use both as shortcuts, and the
//! reference solver ignores both, so tests can check the shortcuts.

use std::fmt::Debug;
use std::hash::Hash;

use crate::nimber::Nimber;

/// The rules of an impartial game under normal play.
///
/// ```
/// use grundy::{Game, Limits, Nimber, Solver};
///
/// /// Take one or two tokens from a single heap.
/// struct TakeOneOrTwo;
///
/// impl Game for TakeOneOrTwo {
///     type Position = u64;
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend((1..=2).filter(|&k| k <= n).map(|k| n - k));
///     }
/// }
///
/// // Values come from a solver, which keeps its memo between questions.
/// let mut solver = Solver::new(TakeOneOrTwo, Limits::default().solver_config());
/// assert_eq!(solver.value(&7).unwrap(), Nimber(1)); // 7 mod 3
/// assert!(solver.winning_moves(&6).unwrap().is_empty()); // a P-position
/// ```
pub trait Game {
    /// A position of the game. Positions are compared and hashed for
    /// memoisation, so two equal values must be the same position.
    type Position: Clone + Eq + Hash + Debug;

    /// Appends every option (position reachable in one move) of `p` to `out`.
    ///
    /// When `p` is a sum (see [`Game::components`]), these are the moves of
    /// the whole sum: a move in any one component.
    fn moves(&self, p: &Self::Position, out: &mut Vec<Self::Position>);

    /// The number of options of `p` when a formula gives it without
    /// listing them, or `None`. Solvers ask this before [`Game::moves`],
    /// so a position with more moves than a limit allows is refused before
    /// its options are built (a heap of 10^18 tokens has 10^18 of them).
    /// An answer may be larger than the true count (an upper bound), never
    /// smaller.
    fn move_count(&self, _p: &Self::Position) -> Option<u64> {
        None
    }

    /// The bytes `p` owns beyond its own size (the contents of a vector
    /// or string it holds), about. Solvers add it up over the positions
    /// they remember to keep within the memory budget, so positions that
    /// grow without end are refused before they fill memory.
    fn position_bytes(&self, _p: &Self::Position) -> u64 {
        0
    }

    /// If `p` is a sum of independent games, appends its components to `out`
    /// and returns `true`; returns `false` (and appends nothing) otherwise.
    ///
    /// A component must never decompose into itself.
    fn components(&self, _p: &Self::Position, _out: &mut Vec<Self::Position>) -> bool {
        false
    }

    /// The Grundy value of `p` from a known formula, or `None`.
    fn closed_form(&self, _p: &Self::Position) -> Option<Nimber> {
        None
    }
}

impl<G: Game + ?Sized> Game for &G {
    type Position = G::Position;
    fn moves(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        (**self).moves(p, out)
    }
    fn move_count(&self, p: &Self::Position) -> Option<u64> {
        (**self).move_count(p)
    }
    fn position_bytes(&self, p: &Self::Position) -> u64 {
        (**self).position_bytes(p)
    }
    fn components(&self, p: &Self::Position, out: &mut Vec<Self::Position>) -> bool {
        (**self).components(p, out)
    }
    fn closed_form(&self, p: &Self::Position) -> Option<Nimber> {
        (**self).closed_form(p)
    }
}

/// Who wins with perfect play under normal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Outcome {
    /// The player to move (the "Next" player) wins: value non-zero.
    N,
    /// The player who just moved (the "Previous" player) wins: value zero.
    P,
}

impl Outcome {
    /// The outcome of a position with Grundy value `g`.
    pub fn of(g: Nimber) -> Outcome {
        if g.is_zero() { Outcome::P } else { Outcome::N }
    }

    /// A phrase for people: "first player wins (N-position)".
    pub fn describe(self) -> &'static str {
        match self {
            Outcome::N => "first player wins (N-position)",
            Outcome::P => "second player wins (P-position)",
        }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::N => "N",
            Outcome::P => "P",
        })
    }
}
