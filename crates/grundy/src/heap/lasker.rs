//! Lasker's Nim: take any positive number of tokens from one heap, or split
//! a heap into two non-empty heaps.
//!
//! A move may leave two heaps where there was one, so a position is a sum
//! that grows (a Multi-SG game); its value is still the nim-sum of the
//! heaps' values. The heaps' values have a closed form (Winning Ways for
//! your Mathematical Plays, Berlekamp, Conway and Guy, "Lasker's Nim"):
//! `G(0) = 0` and for `k >= 0`
//!
//! ```text
//! G(4k+1) = 4k+1   G(4k+2) = 4k+2   G(4k+3) = 4k+4   G(4k+4) = 4k+3
//! ```
//!
//! The tests hold the formula against the definition (the mex over every
//! option, splits included) and against a search of whole sums.

use std::ops::ControlFlow;

use super::HeapGame;
use crate::nimber::Nimber;

/// The rules of Lasker's Nim.
#[derive(Clone, Copy, Debug, Default)]
pub struct Lasker;

/// `G(n)` of Lasker's Nim; `None` only for `u64::MAX`, whose value `2^64`
/// does not fit a nimber.
pub fn value(n: u64) -> Option<Nimber> {
    match n % 4 {
        0 if n == 0 => Some(Nimber(0)),
        1 | 2 => Some(Nimber(n)),
        3 => n.checked_add(1).map(Nimber),
        _ => Some(Nimber(n - 1)),
    }
}

impl HeapGame for Lasker {
    fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for rest in (0..n).rev() {
            visit(&[rest]);
        }
        for a in 1..=n / 2 {
            visit(&[a, n - a]);
        }
    }

    fn closed_form(&self, n: u64) -> Option<Nimber> {
        value(n)
    }

    /// `n` smaller heaps and `⌊n/2⌋` splits.
    fn option_count(&self, n: u64) -> Option<u64> {
        Some(n + n / 2)
    }

    /// The options of value `t`, in the order [`HeapGame::options`] gives
    /// them. A smaller heap: `G` swaps `4k+3` and `4k+4` and fixes the
    /// rest, so it is its own inverse and the one heap of value `t` is
    /// `G(t)`, an option when below `n`. A split `a + b = n` of value
    /// `G(a) ⊕ G(b) = t`: all of them, by
    /// [`crate::heap::preimage::lasker_splits`] (the sum-and-XOR identity
    /// applied above the two low bits, which `G` permutes).
    fn options_to(
        &self,
        n: u64,
        target: Nimber,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        Some((|| {
            if let Some(Nimber(heap)) = value(target.0)
                && heap < n
            {
                visit(&[heap])?;
            }
            super::preimage::lasker_splits(n, target.0, &mut |a, b| visit(&[a, b]))
        })())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::fill_table;
    use crate::limits::Limits;

    #[test]
    fn closed_form_matches_the_definition() {
        let mut table = Vec::new();
        fill_table(&Lasker, &mut table, 1500, &Limits::default()).unwrap();
        for (n, &v) in table.iter().enumerate() {
            assert_eq!(value(n as u64), Some(v), "G({n})");
        }
    }

    #[test]
    fn the_largest_heap_has_no_nimber_value() {
        assert_eq!(value(u64::MAX), None);
        assert_eq!(value(u64::MAX - 1), Some(Nimber(u64::MAX - 1)));
        assert_eq!(value(u64::MAX - 3), Some(Nimber(u64::MAX - 4)));
    }
}
