//! Sets of Grundy values below 256, as 256-bit masks: the sets of values
//! the board search asks about ("is the value one of these?") and the
//! values a piece may still have while its options are examined.
//!
//! A board piece has at most 128 cells and so fewer than 256 moves, and a
//! value is at most the number of moves, so every value fits.

/// A set of values `0..=255`, bit `v` for value `v`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ValueSet([u64; 4]);

/// Masks of the low half of every block of `1 << k` bits, for swapping
/// neighbouring blocks within a word (`xor_each`).
const LOW_HALVES: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

impl ValueSet {
    /// No value.
    pub const EMPTY: ValueSet = ValueSet([0; 4]);

    /// Every value.
    pub const ALL: ValueSet = ValueSet([u64::MAX; 4]);

    /// The values `0..=n`.
    pub fn up_to(n: u8) -> ValueSet {
        let mut words = [0u64; 4];
        for (i, word) in words.iter_mut().enumerate() {
            let first = i as u32 * 64;
            let n = n as u32;
            if n >= first + 63 {
                *word = u64::MAX;
            } else if n >= first {
                *word = (1u64 << (n - first + 1)) - 1;
            }
        }
        ValueSet(words)
    }

    /// The one value `v`.
    pub fn single(v: u8) -> ValueSet {
        let mut s = ValueSet::EMPTY;
        s.insert(v);
        s
    }

    /// The values below 64 whose bits are set in `mask`.
    pub fn from_low(mask: u64) -> ValueSet {
        ValueSet([mask, 0, 0, 0])
    }

    /// The values below 64 in the set, as a mask.
    pub fn low(self) -> u64 {
        self.0[0]
    }

    /// Whether `v` is in the set.
    pub fn contains(self, v: u8) -> bool {
        self.0[v as usize / 64] >> (v % 64) & 1 == 1
    }

    /// Adds `v`.
    pub fn insert(&mut self, v: u8) {
        self.0[v as usize / 64] |= 1 << (v % 64);
    }

    /// Removes `v`.
    pub fn remove(&mut self, v: u8) {
        self.0[v as usize / 64] &= !(1 << (v % 64));
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }

    /// The least value, if any.
    pub fn min(self) -> Option<u8> {
        let i = self.0.iter().position(|&w| w != 0)?;
        Some((i * 64) as u8 + self.0[i].trailing_zeros() as u8)
    }

    /// The greatest value, if any.
    pub fn max(self) -> Option<u8> {
        let i = self.0.iter().rposition(|&w| w != 0)?;
        Some((i * 64) as u8 + 63 - self.0[i].leading_zeros() as u8)
    }

    /// The set without its greatest value.
    pub fn without_max(self) -> ValueSet {
        let mut s = self;
        if let Some(v) = self.max() {
            s.remove(v);
        }
        s
    }

    /// The values in both sets.
    pub fn and(self, other: ValueSet) -> ValueSet {
        ValueSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// The values of `self` that are not in `other`.
    pub fn and_not(self, other: ValueSet) -> ValueSet {
        ValueSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// `{ v ^ x : v in self }`: the values a sum with a game of value `x`
    /// needs from its other part to have one of the values of `self`.
    pub fn xor_each(self, x: u8) -> ValueSet {
        let (words, bits) = (x as usize >> 6, x as u32 & 63);
        let mut out = [0u64; 4];
        for (i, &word) in self.0.iter().enumerate() {
            // XOR with the low bits of x within a word swaps neighbouring
            // blocks of 1, 2, 4, ... bits; the high bits swap words.
            let mut w = word;
            for (k, &low) in LOW_HALVES.iter().enumerate() {
                if bits >> k & 1 == 1 {
                    let s = 1u32 << k;
                    w = ((w & low) << s) | ((w >> s) & low);
                }
            }
            out[i ^ words] = w;
        }
        ValueSet(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members(s: ValueSet) -> Vec<u8> {
        (0..=255u8).filter(|&v| s.contains(v)).collect()
    }

    #[test]
    fn up_to_min_max_and_without_max() {
        for n in [0u8, 1, 62, 63, 64, 127, 128, 200, 255] {
            let s = ValueSet::up_to(n);
            assert_eq!(members(s), (0..=n).collect::<Vec<_>>(), "{n}");
            assert_eq!((s.min(), s.max()), (Some(0), Some(n)));
            assert_eq!(s.without_max().max(), n.checked_sub(1));
        }
        assert_eq!(ValueSet::EMPTY.min(), None);
        assert_eq!(ValueSet::single(77).min(), Some(77));
    }

    #[test]
    fn xor_each_maps_every_member() {
        let mut s = ValueSet::EMPTY;
        for v in [0u8, 3, 5, 63, 64, 100, 130, 255] {
            s.insert(v);
        }
        for x in 0..=255u8 {
            let mut want: Vec<u8> = members(s).iter().map(|&v| v ^ x).collect();
            want.sort_unstable();
            assert_eq!(members(s.xor_each(x)), want, "x = {x}");
        }
    }
}
