//! Nimbers: the values of impartial games.
//!
//! Every impartial game under normal play is equivalent to a Nim heap `*n`
//! (Sprague–Grundy theorem); `n` is its Grundy value. Nimbers add by XOR
//! (the nim-sum), and the value of a position is the *mex* (minimum excluded
//! value) of the values of its options.
//!
//! One width serves the whole crate: `u64`. Nim heaps, Staircase Nim and
//! nim-products of 64-bit numbers need it, and a machine word costs nothing
//! extra in the solvers. The sequence engine for take-and-break games stores
//! its tables compactly (one or two bytes a value) and converts at the edge.
//!
//! Nimbers also multiply: [`product`] gives the nim-product that makes the
//! nimbers below `2^64` a field (`*` on [`Nimber`]), and [`arith`] evaluates
//! nimber arithmetic written as text (`6*13`, `inv(7)`).

pub mod arith;
pub mod generalised;
pub mod product;

use std::fmt;
use std::ops::{Add, AddAssign};

/// A nimber `*n`, the Grundy value of an impartial game.
///
/// `+` is the nim-sum (XOR). Displays as `0`, `*` (for `*1`) and `*n`.
///
/// ```
/// use grundy::Nimber;
/// let sum = Nimber(3) + Nimber(5) + Nimber(7);
/// assert_eq!(sum, Nimber(1));
/// assert_eq!(sum.to_string(), "*");
/// assert_eq!(Nimber(6).to_string(), "*6");
/// ```
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(transparent)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The value of a finished game (a second-player win).
    pub const ZERO: Nimber = Nimber(0);

    /// The integer behind the nimber.
    pub const fn value(self) -> u64 {
        self.0
    }

    /// True for `0`, the value of every P-position (the player to move loses).
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

// Nim addition is XOR by definition, which the lint cannot know.
#[allow(clippy::suspicious_arithmetic_impl)]
impl Add for Nimber {
    type Output = Nimber;
    fn add(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

#[allow(clippy::suspicious_op_assign_impl)]
impl AddAssign for Nimber {
    fn add_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

impl From<u64> for Nimber {
    fn from(n: u64) -> Nimber {
        Nimber(n)
    }
}

/// `0`, `*`, `*n`; the alternate form `{:#}` always writes the number
/// (`*1`), which reads better in a column of values.
impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("0"),
            1 if !f.alternate() => f.write_str("*"),
            n => write!(f, "*{n}"),
        }
    }
}

/// Reusable scratch space for computing the mex of many small sets.
///
/// The mex of `k` values is at most `k`, so only values below `k` matter and
/// a vector of "seen" stamps indexed by value replaces a hash set. Stamps
/// avoid clearing the vector between calls: a slot counts as seen only when
/// it holds the current stamp.
#[derive(Clone, Debug, Default)]
pub struct Mex {
    seen: Vec<u32>,
    stamp: u32,
}

impl Mex {
    /// An empty scratch space; it grows to the largest set it meets.
    pub fn new() -> Mex {
        Mex::default()
    }

    /// The minimum excluded value of `values`.
    ///
    /// ```
    /// use grundy::{Mex, Nimber};
    /// let mut mex = Mex::new();
    /// assert_eq!(mex.of([0, 1, 3].map(Nimber)), Nimber(2));
    /// assert_eq!(mex.of([]), Nimber(0));
    /// ```
    pub fn of<I>(&mut self, values: I) -> Nimber
    where
        I: IntoIterator<Item = Nimber>,
        I::IntoIter: ExactSizeIterator,
    {
        let values = values.into_iter();
        let bound = values.len();
        self.begin(bound);
        for v in values {
            self.insert(v);
        }
        self.finish()
    }

    /// Starts a new set of at most `bound` values (larger sets still give a
    /// correct answer as long as values at or above `bound` can be ignored,
    /// which holds whenever the set has at most `bound` elements).
    pub fn begin(&mut self, bound: usize) {
        if self.seen.len() < bound + 1 {
            self.seen.resize(bound + 1, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // The stamp wrapped: old slots could alias the new stamp.
            self.seen.fill(0);
            self.stamp = 1;
        }
    }

    /// Adds one value to the current set.
    #[inline]
    pub fn insert(&mut self, v: Nimber) {
        if let Some(slot) = usize::try_from(v.0).ok().and_then(|i| self.seen.get_mut(i)) {
            *slot = self.stamp;
        }
    }

    /// The mex of the values inserted since [`Mex::begin`].
    pub fn finish(&self) -> Nimber {
        let first_free = self.seen.iter().position(|&s| s != self.stamp);
        Nimber(first_free.unwrap_or(self.seen.len()) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_follows_convention() {
        assert_eq!(Nimber(0).to_string(), "0");
        assert_eq!(Nimber(1).to_string(), "*");
        assert_eq!(Nimber(12).to_string(), "*12");
        assert_eq!(format!("{:#}", Nimber(1)), "*1");
        assert_eq!(format!("{:#}", Nimber(0)), "0");
    }

    #[test]
    fn mex_ignores_large_values_and_reuses_space() {
        let mut mex = Mex::new();
        assert_eq!(mex.of([Nimber(5), Nimber(0)]), Nimber(1));
        assert_eq!(mex.of([Nimber(1)]), Nimber(0));
        assert_eq!(mex.of([Nimber(u64::MAX), Nimber(0), Nimber(1)]), Nimber(2));
        assert_eq!(mex.of((0..10u32).map(|v| Nimber(v.into()))), Nimber(10));
    }

    #[test]
    fn mex_survives_stamp_wraparound() {
        let mut mex = Mex::new();
        mex.stamp = u32::MAX - 1;
        for _ in 0..4 {
            assert_eq!(mex.of([Nimber(0), Nimber(2)]), Nimber(1));
        }
    }
}
