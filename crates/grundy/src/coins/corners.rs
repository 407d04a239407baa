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

    fn search_cost(&self, (x, y): Cell) -> u64 {
        x.min(y) as u64
    }

    fn turns_to(&self, (x, y): Cell, want: Nimber, visit: &mut dyn FnMut(&[Cell])) {
        // The four corners' values nim-sum to (a ⊕ x) ⊗ (b ⊕ y), by
        // distributivity; so the others must give `want` exactly when
        // (a ⊕ x) ⊗ (b ⊕ y) = want ⊕ x⊗y, which fixes b for each a (and a
        // for each b): run over the shorter side.
        let target = want + value((x, y));
        let solve = |step: usize, far: usize| -> Option<usize> {
            let other = target
                .checked_div(Nimber((step ^ far) as u64))
                .expect("step < far, so step ⊕ far ≠ 0");
            usize::try_from(other.0).ok()
        };
        if x <= y {
            for a in 0..x {
                if let Some(b) = solve(a, x).map(|d| d ^ y).filter(|&b| b < y) {
                    visit(&[(a, b), (a, y), (x, b)]);
                }
            }
        } else {
            for b in 0..y {
                if let Some(a) = solve(b, y).map(|d| d ^ x).filter(|&a| a < x) {
                    visit(&[(a, b), (a, y), (x, b)]);
                }
            }
        }
    }
}
