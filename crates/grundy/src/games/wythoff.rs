//! Wythoff's game: two heaps; take any number from one heap, or the same
//! number from both.
//!
//! The P-positions are `(⌊kφ⌋, ⌊kφ²⌋)` and their mirror images (Wythoff,
//! 1907), which gives the outcome of any position at once. The non-zero
//! Grundy values have no known formula and come from search.

use super::pair;
use crate::error::Result;
use crate::family::Arg;
use crate::family::searched::Positional;
use crate::game::Game;
use crate::nimber::Nimber;

/// The rules of Wythoff's game; a position is the pair of heap sizes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wythoff;

/// Whether `(a, b)` is a P-position of Wythoff's game: with `a <= b` and
/// `k = b - a`, whether `a = ⌊kφ⌋`.
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    let k = u128::from(b - a);
    // ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋, and √(5k²) is irrational for k > 0, so
    // the integer square root gives the same floor.
    // 5k² overflows u128 only for k > 2^64/√5, when the P-position
    // (⌊kφ⌋, ⌊kφ⌋ + k) would need b ≥ 2.6k > 2^64: not a position at all.
    let Some(five_k2) = (k * k).checked_mul(5) else {
        return false;
    };
    let floor_k_phi = (k + five_k2.isqrt()) / 2;
    u128::from(a) == floor_k_phi
}

impl Game for Wythoff {
    type Position = (u64, u64);

    fn moves(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((0..a).map(|x| (x, b)));
        out.extend((0..b).map(|y| (a, y)));
        out.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
    }

    fn move_count(&self, &(a, b): &(u64, u64)) -> Option<u64> {
        Some(a.saturating_add(b).saturating_add(a.min(b)))
    }

    fn closed_form(&self, &(a, b): &(u64, u64)) -> Option<Nimber> {
        is_p_position(a, b).then_some(Nimber::ZERO)
    }
}

impl Positional for Wythoff {
    fn head(&self) -> String {
        "wythoff".into()
    }

    fn decode(&self, args: &[Arg]) -> Result<(u64, u64)> {
        pair(args, "wythoff")
    }

    fn encode(&self, &(a, b): &(u64, u64)) -> Vec<Arg> {
        vec![Arg::Int(a), Arg::Int(b)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::reference;

    #[test]
    fn p_positions_match_search() {
        let plain = crate::solve::Config {
            closed_forms: false,
            ..Default::default()
        };
        let mut solver = crate::Solver::new(Wythoff, plain);
        for a in 0..25 {
            for b in 0..25 {
                let v = solver.value(&(a, b)).unwrap();
                assert_eq!(v.is_zero(), is_p_position(a, b), "({a},{b})");
            }
        }
        // The first P-positions (OEIS A000201 / A001950).
        for (a, b) in [
            (0, 0),
            (1, 2),
            (3, 5),
            (4, 7),
            (6, 10),
            (8, 13),
            (9, 15),
            (11, 18),
        ] {
            assert!(is_p_position(a, b) && is_p_position(b, a));
        }
        assert_eq!(reference::value(&Wythoff, &(3, 5)).unwrap(), Nimber(0));
    }

    #[test]
    fn huge_positions_are_classified_exactly() {
        // k = 10^12: ⌊kφ⌋ = 1618033988749 (φ = 1.6180339887498948...).
        let k = 1_000_000_000_000u64;
        assert!(is_p_position(1_618_033_988_749, 1_618_033_988_749 + k));
        assert!(!is_p_position(1_618_033_988_750, 1_618_033_988_750 + k));
        // Regression: 5k² overflowed for the largest differences.
        assert!(!is_p_position(0, u64::MAX));
        assert!(!is_p_position(1 << 62, u64::MAX));
    }
}
