//! Turning Corners: turn over the four corners of a rectangle whose corner
//! farthest from the origin goes from heads to tails (Winning Ways, ch. 14).
//!
//! Coins sit at `(x, y)`, column and row from 0. A move picks a head at
//! `(x, y)` and `a < x`, `b < y`, and turns `(a, b)`, `(a, y)`, `(x, b)`
//! and `(x, y)`. It is the product of two copies of the one-row game "turn
//! two coins" (whose lone head at `x` is worth `x`), so by the Tartan
//! theorem a lone head at `(x, y)` is worth the nim-product `x ⊗ y`: the
//! coin-turning meaning of nim-multiplication.

use super::{Cell, CoinRule};
use crate::nimber::Nimber;

/// The rules of Turning Corners.
#[derive(Clone, Copy, Debug, Default)]
pub struct Corners;

fn value((x, y): Cell) -> Nimber {
    Nimber(x as u64) * Nimber(y as u64)
}

impl CoinRule for Corners {
    fn name(&self) -> &'static str {
        "corners"
    }

    fn rows(&self) -> bool {
        true
    }

    fn head_value(&self, cell: Cell) -> Nimber {
        value(cell)
    }

    fn move_count(&self, (x, y): Cell) -> u64 {
        x as u64 * y as u64
    }

    fn turns(&self, (x, y): Cell, visit: &mut dyn FnMut(&[Cell])) {
        for a in 0..x {
            for b in 0..y {
                visit(&[(a, b), (a, y), (x, b)]);
            }
        }
    }

    fn turns_to(&self, (x, y): Cell, want: Nimber, visit: &mut dyn FnMut(&[Cell])) {
        // The four corners' values nim-sum to (a ⊕ x) ⊗ (b ⊕ y), by
        // distributivity; so the others must give `want` exactly when
        // (a ⊕ x) ⊗ (b ⊕ y) = want ⊕ x⊗y, which fixes b for each a.
        let target = want + value((x, y));
        for a in 0..x {
            let column_step = Nimber((a ^ x) as u64);
            let row_step = target
                .checked_div(column_step)
                .expect("a ≠ x, so a ⊕ x ≠ 0");
            let b = y as u64 ^ row_step.0;
            if b < y as u64 {
                visit(&[(a, b as usize), (a, y), (x, b as usize)]);
            }
        }
    }
}
