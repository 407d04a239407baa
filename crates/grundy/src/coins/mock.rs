//! Mock Turtles: turn over one, two or three coins, the rightmost from heads
//! to tails (Winning Ways, ch. 14).
//!
//! A lone head at coin `x` (numbered from 1) is worth the `x`-th *odious*
//! number (a number with an odd count of 1 bits; OEIS A000069):
//! 1, 2, 4, 7, 8, 11, 13, ... Equivalently `2(x-1)` or `2(x-1) + 1`,
//! whichever is odious. Why: the options of a lone head are worth 0, one
//! smaller odious number, or the nim-sum of two (which has an even count of
//! 1 bits), and the mex of all of these is the next odious number.

use super::{Cell, CoinRule};
use crate::nimber::Nimber;

/// The rules of Mock Turtles.
#[derive(Clone, Copy, Debug, Default)]
pub struct MockTurtles;

/// The value of the coin at 0-based column `x`: `2x` or `2x + 1`, whichever
/// has an odd number of 1 bits.
fn odious(x: usize) -> u64 {
    let even = 2 * x as u64;
    even | u64::from(even.count_ones().is_multiple_of(2))
}

/// The column whose coin is worth `v`, if `v` is odious.
fn column_of(v: Nimber) -> Option<usize> {
    (v.0.count_ones() % 2 == 1).then_some((v.0 / 2) as usize)
}

impl CoinRule for MockTurtles {
    fn name(&self) -> &'static str {
        "mock"
    }

    fn head_value(&self, (x, _): Cell) -> Nimber {
        Nimber(odious(x))
    }

    fn move_count(&self, (x, _): Cell) -> u64 {
        let x = x as u64;
        1 + x + x * x.saturating_sub(1) / 2
    }

    fn turns(&self, (x, y): Cell, visit: &mut dyn FnMut(&[Cell])) {
        visit(&[]);
        for a in 0..x {
            visit(&[(a, y)]);
            for b in a + 1..x {
                visit(&[(a, y), (b, y)]);
            }
        }
    }

    fn search_cost(&self, (x, _): Cell) -> u64 {
        x as u64 + 1
    }

    fn turns_to(&self, (x, y): Cell, want: Nimber, visit: &mut dyn FnMut(&[Cell])) {
        if want.is_zero() {
            visit(&[]);
        }
        if let Some(a) = column_of(want).filter(|&a| a < x) {
            visit(&[(a, y)]);
        }
        // Two other coins a < b: the second's value is fixed by the first's.
        // Two odious numbers nim-sum to a non-zero evil number (an even
        // count of 1 bits), so other wants need no search.
        if want.is_zero() || want.0.count_ones() % 2 == 1 {
            return;
        }
        for a in 0..x {
            let rest = want + Nimber(odious(a));
            if let Some(b) = column_of(rest).filter(|&b| a < b && b < x) {
                visit(&[(a, y), (b, y)]);
            }
        }
    }
}
