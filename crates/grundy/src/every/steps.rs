//! Step counts: how long a game lasts when its winner drags it out and
//! its loser cuts it short.
//!
//! Under the every-move rule every component must move while it can, so
//! the sum ends when its longest-lasting component ends, and the player
//! who makes the last move of that component makes the last move of all.
//! Each player therefore wants the components they win to last as long as
//! possible and the ones they lose to end as soon as possible. The step
//! count of a position `p` is the length of play under that policy (Jia
//! Zhihao, 2009, "Every-SG"; the *suspense number* of C. A. B. Smith's
//! continued conjunctive compounds, *Winning Ways*, ch. 9):
//!
//! - `step(p) = 0` when `p` has no move;
//! - `step(p) = 1 + max { step(q) : q an option, step(q) even }` when some
//!   option has an even count (the player to move wins `p`: the even
//!   options are the ones lost by the opponent, and the longest is chosen);
//! - `step(p) = 1 + min { step(q) : q an option }` otherwise (the player to
//!   move loses `p` and ends it as soon as possible).
//!
//! The parity of `step(p)` is the normal-play outcome: odd for an
//! N-position, even for a P-position. A sum of components, played under
//! the every-move rule, is won by the player to move exactly when the
//! largest step count is odd, and the step count of a sum is the largest
//! of its components' (so a heap that splits into pieces is handled by
//! taking the largest count among the pieces).

use crate::error::Result;
use crate::game::Game;
use crate::limits::Limits;
use crate::solve::explore::{Explored, Links};

/// The step count of every explored position (explore with `split`, so
/// that a sum's count is the largest of its components').
pub fn step_counts<P>(explored: &Explored<P>) -> Vec<u64> {
    explored.fold(|i, steps: &[u64]| {
        let children = explored.children(i).iter().map(|&c| steps[c]);
        match explored.links(i) {
            Links::Components => children.max().unwrap_or(0),
            Links::Options if explored.children(i).is_empty() => 0,
            Links::Options => match children.clone().filter(|s| s % 2 == 0).max() {
                Some(longest_win) => 1 + longest_win,
                None => 1 + children.min().expect("a position with options"),
            },
        }
    })
}

/// The step count of `root` in `game`, exploring every position it can
/// reach (splitting sums into components where the game says how).
///
/// ```
/// use grundy::{Game, Limits};
/// use grundy::every::steps;
///
/// /// Take one or two tokens.
/// struct TakeOneOrTwo;
/// impl Game for TakeOneOrTwo {
///     type Position = u64;
///     fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
///         out.extend((1..=2).filter(|&k| k <= n).map(|k| n - k));
///     }
/// }
/// // 3 is lost (value 0): the loser takes 1 or 2, the winner then ends it.
/// assert_eq!(steps(&TakeOneOrTwo, &3, &Limits::default()).unwrap(), 2);
/// // From 4 the winner moves to 3, the only lost option: 1 + 2 = 3 moves.
/// assert_eq!(steps(&TakeOneOrTwo, &4, &Limits::default()).unwrap(), 3);
/// ```
pub fn steps<G: Game>(game: &G, root: &G::Position, limits: &Limits) -> Result<u64> {
    let explored = Explored::new(game, root, true, limits)?;
    Ok(step_counts(&explored)[0])
}
