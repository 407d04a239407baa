//! The machine words a board's cells are kept in.
//!
//! A board of at most 64 cells (Cram 5×8, 6×7, 7×9 less one row, Node
//! Kayles on most graphs) fits in a `u64`, where every shift and mask of
//! the search is one instruction; a `u128` takes two or more, and a shift
//! by a variable amount (a row's width) several. Measured on Cram 5×8,
//! the whole search ran in about half the time with `u64` cells, so the
//! search is written once over [`Bits`] and picks the narrow word when the
//! board fits (see `super::search`).

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr, Sub};

/// An unsigned machine word used as a set of cells: `u64` or `u128`.
pub trait Bits:
    Copy
    + Default
    + Debug
    + Eq
    + Ord
    + Hash
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Sub<Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// The set of cell 0.
    const ONE: Self;
    /// The most cells the word holds.
    const BITS: u32;
    /// The number of cells.
    fn count_ones(self) -> u32;
    /// The lowest cell (or `BITS` for the empty set).
    fn trailing_zeros(self) -> u32;
    /// `BITS - 1` less the highest cell (or `BITS` for the empty set).
    fn leading_zeros(self) -> u32;
    /// The cells in the reverse order of the word.
    fn reverse_bits(self) -> Self;
    /// The two's complement (`x & x.wrapping_neg()` is the lowest cell).
    fn wrapping_neg(self) -> Self;
    /// The product, modulo `2^BITS` (moves many cells with one
    /// instruction when no two products of bits meet).
    fn wrapping_mul(self, other: Self) -> Self;
    /// `self << n`, or the empty set when `n` is `BITS` or more (a row
    /// as wide as the word, moved a row up, leaves the word).
    fn shl_out(self, n: u32) -> Self;
    /// `self >> n`, or the empty set when `n` is `BITS` or more.
    fn shr_out(self, n: u32) -> Self;
    /// The low `BITS` bits of a `u128`.
    fn from_wide(x: u128) -> Self;
    /// The word as a `u128`.
    fn wide(self) -> u128;
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline(always)]
            fn reverse_bits(self) -> Self {
                <$t>::reverse_bits(self)
            }
            #[inline(always)]
            fn wrapping_neg(self) -> Self {
                <$t>::wrapping_neg(self)
            }
            #[inline(always)]
            fn wrapping_mul(self, other: Self) -> Self {
                <$t>::wrapping_mul(self, other)
            }
            #[inline(always)]
            fn shl_out(self, n: u32) -> Self {
                self.checked_shl(n).unwrap_or(0)
            }
            #[inline(always)]
            fn shr_out(self, n: u32) -> Self {
                self.checked_shr(n).unwrap_or(0)
            }
            #[inline(always)]
            fn from_wide(x: u128) -> Self {
                x as $t
            }
            #[inline(always)]
            fn wide(self) -> u128 {
                self as u128
            }
        }
    };
}

bits!(u64);
bits!(u128);

/// A mask of the low `n` bits (`n` at most `B::BITS`).
#[inline]
pub fn low_bits<B: Bits>(n: u32) -> B {
    if n >= B::BITS {
        !B::ZERO
    } else {
        (B::ONE << n) - B::ONE
    }
}

/// The highest cell of a non-empty set.
#[inline]
pub fn highest<B: Bits>(x: B) -> u32 {
    B::BITS - 1 - x.leading_zeros()
}

/// The lowest cell of a non-empty set, as a set.
#[inline]
pub fn lowest<B: Bits>(x: B) -> B {
    x & x.wrapping_neg()
}
