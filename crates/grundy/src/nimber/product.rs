//! Nim-multiplication: the nimbers below `2^64` as the finite field `GF(2^64)`.
//!
//! Conway (*On Numbers and Games*, ch. 6) defines the nim-product by
//! `x ⊗ y = mex { x'⊗y ⊕ x⊗y' ⊕ x'⊗y' : x' < x, y' < y }` and shows that
//! with the nim-sum `⊕` (XOR) it makes the nimbers below every *Fermat
//! 2-power* `F = 2^(2^n)` a field. Lenstra ("Nim multiplication", 1978)
//! turns the definition into arithmetic with two rules:
//!
//! - `F ⊗ x = F·x` (the ordinary product) for `x < F`;
//! - `F ⊗ F = 3F/2 = F ⊕ F/2`.
//!
//! Writing `x = a·F ⊕ b` and `y = c·F ⊕ d` with `a, b, c, d < F`, the field
//! laws give
//!
//! `x ⊗ y = (a⊗c ⊕ a⊗d ⊕ b⊗c)·F ⊕ b⊗d ⊕ (a⊗c)⊗(F/2)`,
//!
//! and `a⊗c ⊕ a⊗d ⊕ b⊗c = (a⊕b)⊗(c⊕d) ⊕ b⊗d`, so a product of `2k`-bit
//! nimbers costs three products of `k`-bit ones plus one by `F/2`
//! (Karatsuba's trick). [`product_plain`] runs this recursion down to single
//! bits, where `⊗` is AND; [`product`] stops at 8 bits and looks the answer
//! up in a 256 × 256 table filled once by [`product_plain`]. The tests hold
//! both against the mex definition.
//!
//! Every non-zero `x` has an inverse. [`inverse_plain`] uses the order of
//! the multiplicative group of `GF(2^64)`, `2^64 - 1`: `x^(-1) = x^(2^64 - 2)`,
//! about 126 products. [`inverse`] recurses through the subfields instead:
//! `F` is a root of `X² + X + F/2` over the nimbers below `F`, whose other
//! root is `F ⊕ 1`, so `x = a·F ⊕ b` has the conjugate `a·F ⊕ (a ⊕ b)` and
//! the norm `N = x ⊗ conj(x) = a²⊗(F/2) ⊕ a⊗b ⊕ b²`, which lies in the
//! subfield; then `x^(-1) = conj(x) ⊗ N^(-1)` needs one inverse of half
//! the size and a few half-size products.

use std::ops::{Mul, MulAssign};
use std::sync::OnceLock;

use super::Nimber;

/// Products of all pairs of bytes, `TABLE[x << 8 | y] = x ⊗ y`. The nimbers
/// below 256 are a subfield, so every entry is a byte.
static TABLE: OnceLock<Box<[u8]>> = OnceLock::new();

fn byte_table() -> &'static [u8] {
    TABLE.get_or_init(|| {
        (0..1u64 << 16)
            .map(|i| product_plain(i >> 8, i & 0xff) as u8)
            .collect()
    })
}

/// The nim-product `x ⊗ y` of two 64-bit nimbers.
///
/// ```
/// use grundy::nimber::product::product;
/// assert_eq!(product(6, 13), 15);
/// assert_eq!(product(2, 2), 3); // 2 is a Fermat 2-power: 2 ⊗ 2 = 3·2/2
/// assert_eq!(product(16, 16), 24);
/// ```
pub fn product(x: u64, y: u64) -> u64 {
    product_below(x, y, 64)
}

/// The product of two nimbers below `2^bits` (`bits` a power of two), with
/// the byte table at the bottom of the recursion.
fn product_below(x: u64, y: u64, bits: u32) -> u64 {
    let table = byte_table();
    halves(
        x,
        y,
        bits,
        |a, b| u64::from(table[(a << 8 | b) as usize]),
        8,
    )
}

/// The nim-product by the recursion alone, down to single bits: the plain
/// version [`product`] is tested against.
pub fn product_plain(x: u64, y: u64) -> u64 {
    halves(x, y, 64, |a, b| a & b, 1)
}

/// The product of two nimbers below `2^bits` (`bits` a power of two) by
/// splitting at the Fermat 2-power `F = 2^(bits/2)`, until `bits` reaches
/// `base_bits`, where `base` answers.
fn halves<B: Fn(u64, u64) -> u64 + Copy>(
    x: u64,
    y: u64,
    bits: u32,
    base: B,
    base_bits: u32,
) -> u64 {
    if bits <= base_bits {
        return base(x, y);
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a, b) = (x >> half, x & mask);
    let (c, d) = (y >> half, y & mask);
    let below = |p, q| halves(p, q, half, base, base_bits);
    if a == 0 && c == 0 {
        return below(b, d); // both in the subfield
    }
    if a == 0 {
        return (below(b, c) << half) | below(b, d); // b ⊗ (c·F ⊕ d), as F ⊗ b = F·b
    }
    if c == 0 {
        return (below(a, d) << half) | below(b, d);
    }
    let ac = below(a, c);
    let bd = below(b, d);
    let cross = below(a ^ b, c ^ d);
    ((cross ^ bd) << half) | (bd ^ below(ac, 1 << (half - 1)))
}

/// `x` to the power `e` in the nim-field (`x^0 = 1`), by repeated squaring.
pub fn power(x: u64, mut e: u64) -> u64 {
    let (mut base, mut acc) = (x, 1);
    while e > 0 {
        if e & 1 == 1 {
            acc = product(acc, base);
        }
        base = product(base, base);
        e >>= 1;
    }
    acc
}

/// The nim-inverse of `x`: the `y` with `x ⊗ y = 1`, or `None` for 0.
///
/// ```
/// use grundy::nimber::product::{inverse, product};
/// let y = inverse(6).unwrap();
/// assert_eq!(product(6, y), 1);
/// assert_eq!(inverse(0), None);
/// ```
pub fn inverse(x: u64) -> Option<u64> {
    (x != 0).then(|| inverse_below(x, 64))
}

/// The inverse of a non-zero nimber below `2^bits` by the norm to the
/// subfield below `F = 2^(bits/2)` (see the module documentation).
fn inverse_below(x: u64, bits: u32) -> u64 {
    if bits == 1 {
        return x; // the only non-zero nimber below 2 is 1
    }
    let half = bits / 2;
    let (a, b) = (x >> half, x & ((1u64 << half) - 1));
    let mul = |p, q| product_below(p, q, half);
    let norm = mul(mul(a, a), 1 << (half - 1)) ^ mul(a, b) ^ mul(b, b);
    let norm_inverse = inverse_below(norm, half);
    (mul(a, norm_inverse) << half) | mul(a ^ b, norm_inverse)
}

/// The nim-inverse as `x^(2^64 - 2)` (the multiplicative group has order
/// `2^64 - 1`): the plain version [`inverse`] is tested against.
pub fn inverse_plain(x: u64) -> Option<u64> {
    (x != 0).then(|| power(x, u64::MAX - 1))
}

/// The nim-quotient `x ⊘ y = x ⊗ y^(-1)`, or `None` when `y` is 0.
pub fn quotient(x: u64, y: u64) -> Option<u64> {
    inverse(y).map(|inv| product(x, inv))
}

/// `*` is the nim-product.
///
/// ```
/// use grundy::Nimber;
/// assert_eq!(Nimber(6) * Nimber(13), Nimber(15));
/// ```
impl Mul for Nimber {
    type Output = Nimber;
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(product(self.0, rhs.0))
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = *self * rhs;
    }
}

impl Nimber {
    /// The nim-inverse, `None` for 0 (see [`inverse`]).
    pub fn inverse(self) -> Option<Nimber> {
        inverse(self.0).map(Nimber)
    }

    /// The nim-quotient `self ⊗ rhs^(-1)`, `None` when `rhs` is 0.
    pub fn checked_div(self, rhs: Nimber) -> Option<Nimber> {
        quotient(self.0, rhs.0).map(Nimber)
    }

    /// `self` to the power `e` in the nim-field.
    pub fn pow(self, e: u64) -> Nimber {
        Nimber(power(self.0, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fermat_two_powers_square_to_three_halves() {
        for n in 0..6 {
            let f = 1u64 << (1 << n);
            assert_eq!(product(f, f), f ^ (f >> 1), "F = {f}");
            assert_eq!(product_plain(f, f), f ^ (f >> 1), "F = {f}");
        }
    }

    #[test]
    fn the_byte_table_matches_the_recursion_above_it() {
        for (x, y) in [
            (0xdead_beef, 0x1234_5678_9abc),
            (u64::MAX, u64::MAX),
            (1 << 63, 3),
        ] {
            assert_eq!(product(x, y), product_plain(x, y));
        }
    }
}
