//! Coin-turning games (Winning Ways, ch. 14, "Turn and turn about").
//!
//! A row (or a rectangle) of coins shows heads `H` or tails `T`. A move
//! turns over a set of coins that the rules allow, and the last coin of the
//! set (the rightmost; in two dimensions the corner farthest from the
//! origin) must go from heads to tails, so every game ends.
//!
//! The theory's shortcut: when the allowed sets depend only on where the
//! last coin is, *a position's value is the nim-sum of the values of its
//! heads taken alone*. (Turning a tails coin up is undone by turning it
//! again, so a tails coin acts like a pair of heads on the same spot, whose
//! values cancel; Winning Ways proves it, and Ferguson's *Game Theory*,
//! part I, ch. 5, gives the short proof.) So each game needs only the value
//! of a lone head, and [`CoinGame`] keeps the literal rules for the
//! brute-force search that the tests hold the shortcut against.
//!
//! | game | a move turns | coins | value of a lone head at `x` |
//! |---|---|---|---|
//! | [`Turtles`] (Turning Turtles) | one or two coins | numbered from 1 | `x` |
//! | [`MockTurtles`] | one, two or three coins | numbered from 1 | the `x`-th odious number: 1, 2, 4, 7, 8, ... |
//! | [`Ruler`] | a run of consecutive coins | numbered from 1 | the largest power of 2 dividing `x` |
//! | [`Corners`] (Turning Corners) | the four corners of a rectangle | `(x, y)` from 0 | the nim-product `x ⊗ y` |

mod board;
mod corners;
mod family;
mod mock;
mod ruler;
mod turtles;

pub use board::Coins;
pub use corners::Corners;
pub use family::CoinFamily;
pub use mock::MockTurtles;
pub use ruler::Ruler;
pub use turtles::Turtles;

use crate::game::Game;
use crate::nimber::Nimber;

/// A coin: its column `x` and row `y`, both from 0 (one-row games have
/// `y = 0`; their coin number is `x + 1`).
pub type Cell = (usize, usize);

/// The rules of a coin-turning game: which coins a move may turn over
/// together with the coin that goes from heads to tails.
pub trait CoinRule: Send + Sync {
    /// The family name in expressions: `turtles`.
    fn name(&self) -> &'static str;

    /// Whether positions may have several rows (a board) or only one.
    fn rows(&self) -> bool {
        false
    }

    /// The value of a position whose only head is `cell`: the theory's
    /// formula, which the tests check against search.
    fn head_value(&self, cell: Cell) -> Nimber;

    /// How many moves turn `cell` from heads to tails.
    fn move_count(&self, cell: Cell) -> u64;

    /// Calls `visit` once for each move that turns `cell` from heads to
    /// tails, with the *other* coins it turns over: the literal rules.
    fn turns(&self, cell: Cell, visit: &mut dyn FnMut(&[Cell]));

    /// How many candidate moves [`CoinRule::turns_to`] looks at for `cell`
    /// at most (by default all of them); searches are bounded by it.
    fn search_cost(&self, cell: Cell) -> u64 {
        self.move_count(cell)
    }

    /// Like [`CoinRule::turns`], but only the moves whose other coins'
    /// values nim-sum to `want` (the moves that change the position's value
    /// by `want ⊕ head_value(cell)`). Rules answer this without listing
    /// every move where they can.
    fn turns_to(&self, cell: Cell, want: Nimber, visit: &mut dyn FnMut(&[Cell])) {
        self.turns(cell, &mut |others| {
            if others.iter().map(|&c| self.head_value(c)).sum::<Nimber>() == want {
                visit(others);
            }
        });
    }
}

/// A coin-turning game with its literal rules, as a [`Game`] over
/// [`Coins`]: the brute force. Its closed form is the nim-sum of the heads'
/// values, which the general solvers use and the reference ignores.
pub struct CoinGame<R>(pub R);

impl<R: CoinRule> CoinGame<R> {
    /// The value of `coins` by the theory: the nim-sum over its heads.
    pub fn value_of(&self, coins: &Coins) -> Nimber {
        coins.heads().map(|c| self.0.head_value(c)).sum()
    }
}

impl<R: CoinRule> Game for CoinGame<R> {
    type Position = Coins;

    fn moves(&self, coins: &Coins, out: &mut Vec<Coins>) {
        for cell in coins.heads() {
            self.0
                .turns(cell, &mut |others| out.push(coins.turned(cell, others)));
        }
    }

    fn closed_form(&self, coins: &Coins) -> Option<Nimber> {
        Some(self.value_of(coins))
    }
}
