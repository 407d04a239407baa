//! Turning Turtles: turn over one or two coins, the rightmost from heads to
//! tails (Winning Ways, ch. 14).
//!
//! With coins numbered from 1, a lone head at `x` is the Nim heap `*x`:
//! turning it alone leaves 0, and turning it with the coin at `y < x`
//! leaves a lone head at `y`. Numbered from 0 (as one of the seed texts
//! does) the leftmost coin would be worth 0, yet a lone head there is a
//! first-player win; that numbering belongs to Twins, where a move must turn
//! exactly two coins.

use super::{Cell, CoinRule};
use crate::nimber::Nimber;

/// The rules of Turning Turtles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Turtles;

impl CoinRule for Turtles {
    fn name(&self) -> &'static str {
        "turtles"
    }

    fn head_value(&self, (x, _): Cell) -> Nimber {
        Nimber(x as u64 + 1)
    }

    fn move_count(&self, (x, _): Cell) -> u64 {
        x as u64 + 1
    }

    fn turns(&self, (x, y): Cell, visit: &mut dyn FnMut(&[Cell])) {
        visit(&[]);
        for a in 0..x {
            visit(&[(a, y)]);
        }
    }

    fn search_cost(&self, _cell: Cell) -> u64 {
        1
    }

    fn turns_to(&self, (x, y): Cell, want: Nimber, visit: &mut dyn FnMut(&[Cell])) {
        // The other coin, if any, is worth its number `a + 1`.
        match want.0 {
            0 => visit(&[]),
            w if w <= x as u64 => visit(&[(w as usize - 1, y)]),
            _ => {}
        }
    }
}
