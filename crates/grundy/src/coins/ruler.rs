//! Ruler: turn over any run of consecutive coins, the rightmost from heads
//! to tails (Winning Ways, ch. 14; Ferguson, *Game Theory*, I.5).
//!
//! A lone head at coin `x` (numbered from 1) is worth the largest power of
//! 2 dividing `x` (OEIS A006519): 1, 2, 1, 4, 1, 2, 1, 8, ... the marks of
//! a ruler, which gives the game its name.

use super::{Cell, CoinRule};
use crate::nimber::Nimber;

/// The rules of Ruler.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ruler;

impl Ruler {
    /// Calls `visit` for each run ending at column `x`, longest last, with
    /// the run's other coins and the nim-sum of their values.
    fn runs(&self, (x, y): Cell, visit: &mut dyn FnMut(&[Cell], Nimber)) {
        let mut others = Vec::with_capacity(x);
        let mut sum = Nimber::ZERO;
        visit(&others, sum);
        for a in (0..x).rev() {
            others.push((a, y));
            sum += self.head_value((a, y));
            visit(&others, sum);
        }
    }
}

impl CoinRule for Ruler {
    fn name(&self) -> &'static str {
        "ruler"
    }

    fn head_value(&self, (x, _): Cell) -> Nimber {
        let n = x as u64 + 1;
        Nimber(n & n.wrapping_neg())
    }

    fn move_count(&self, (x, _): Cell) -> u64 {
        x as u64 + 1
    }

    fn turns(&self, cell: Cell, visit: &mut dyn FnMut(&[Cell])) {
        self.runs(cell, &mut |others, _| visit(others));
    }

    fn turns_to(&self, cell: Cell, want: Nimber, visit: &mut dyn FnMut(&[Cell])) {
        self.runs(cell, &mut |others, sum| {
            if sum == want {
                visit(others);
            }
        });
    }
}
