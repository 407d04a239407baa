//! Ruler: turn over any run of consecutive coins, the rightmost from heads
//! to tails (Winning Ways, ch. 14; Ferguson, *Game Theory*, I.5).
//!
//! A lone head at coin `x` (numbered from 1) is worth the largest power of
//! 2 dividing `x` (OEIS A006519): 1, 2, 1, 4, 1, 2, 1, 8, ... the marks of
//! a ruler, which gives the game its name.
//!
//! The values of coins `1..=k` nim-sum to the Gray code `k ⊕ (k >> 1)`
//! (going from `k - 1` to `k` flips exactly the bit `lowbit(k)` of the Gray
//! code), so the run of coins `a+1..=x` is worth `gray(x) ⊕ gray(a)`: the
//! run with a given value is found without trying every run.

use super::{Cell, CoinRule};
use crate::nimber::Nimber;

/// The rules of Ruler.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ruler;

fn gray(k: u64) -> u64 {
    k ^ (k >> 1)
}

/// The `k` whose Gray code is `g`.
fn from_gray(g: u64) -> u64 {
    let mut k = g;
    for shift in [1, 2, 4, 8, 16, 32] {
        k ^= k >> shift;
    }
    k
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

    fn turns(&self, (x, y): Cell, visit: &mut dyn FnMut(&[Cell])) {
        // The runs ending at column x, shortest first.
        let mut others = Vec::with_capacity(x);
        visit(&others);
        for a in (0..x).rev() {
            others.push((a, y));
            visit(&others);
        }
    }

    fn search_cost(&self, _cell: Cell) -> u64 {
        1
    }

    fn turns_to(&self, (x, y): Cell, want: Nimber, visit: &mut dyn FnMut(&[Cell])) {
        // The other coins are columns a..x (coins a+1..=x), worth
        // gray(x) ⊕ gray(a); exactly one a has the wanted value.
        let a = from_gray(gray(x as u64) ^ want.0);
        if a <= x as u64 {
            let others: Vec<Cell> = (a as usize..x).map(|c| (c, y)).collect();
            visit(&others);
        }
    }
}
