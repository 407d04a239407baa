//! Compact storage of a Grundy sequence: one, two or four bytes a value,
//! widened when a value no longer fits.

use crate::nimber::Nimber;
use crate::period::Values;

/// An unsigned integer type a sequence can be stored in.
pub trait Cell: Copy + Eq + Default + Send + Sync + 'static {
    /// Bytes per value.
    const BYTES: u8;
    /// The largest storable value.
    const MAX: u32;
    /// Widens to `u32`.
    fn get(self) -> u32;
    /// Narrows from `u32`; the caller checks `v <= MAX`.
    fn from_u32(v: u32) -> Self;
}

macro_rules! cell {
    ($t:ty, $bytes:expr) => {
        impl Cell for $t {
            const BYTES: u8 = $bytes;
            const MAX: u32 = <$t>::MAX as u32;
            #[inline(always)]
            fn get(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn from_u32(v: u32) -> Self {
                v as $t
            }
        }
    };
}
cell!(u8, 1);
cell!(u16, 2);
cell!(u32, 4);

/// `G(0), G(1), ...` in the narrowest width that holds them all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Store {
    /// Every value below 256.
    U8(Vec<u8>),
    /// Every value below 65536.
    U16(Vec<u16>),
    /// Anything else that fits 32 bits.
    U32(Vec<u32>),
}

impl Default for Store {
    fn default() -> Store {
        Store::U8(Vec::new())
    }
}

impl Store {
    /// How many values are stored.
    pub fn len(&self) -> usize {
        match self {
            Store::U8(v) => v.len(),
            Store::U16(v) => v.len(),
            Store::U32(v) => v.len(),
        }
    }

    /// Whether no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)`, if stored.
    pub fn get(&self, n: u64) -> Option<Nimber> {
        let n = usize::try_from(n).ok()?;
        let v = match self {
            Store::U8(v) => v.get(n)?.get(),
            Store::U16(v) => v.get(n)?.get(),
            Store::U32(v) => v.get(n)?.get(),
        };
        Some(Nimber(v.into()))
    }

    /// Bytes per value.
    pub fn width(&self) -> u8 {
        match self {
            Store::U8(_) => 1,
            Store::U16(_) => 2,
            Store::U32(_) => 4,
        }
    }

    /// Moves to the next wider representation.
    pub fn widen(&mut self) {
        *self = match std::mem::take(self) {
            Store::U8(v) => Store::U16(v.into_iter().map(u16::from).collect()),
            Store::U16(v) => Store::U32(v.into_iter().map(u32::from).collect()),
            Store::U32(v) => Store::U32(v),
        };
    }

    /// Appends a value, widening as needed.
    pub fn push(&mut self, value: u32) {
        loop {
            match self {
                Store::U8(v) if value <= u8::MAX as u32 => return v.push(value as u8),
                Store::U16(v) if value <= u16::MAX as u32 => return v.push(value as u16),
                Store::U32(v) => return v.push(value),
                _ => self.widen(),
            }
        }
    }

    /// Keeps only the first `len` values.
    pub fn truncate(&mut self, len: usize) {
        match self {
            Store::U8(v) => v.truncate(len),
            Store::U16(v) => v.truncate(len),
            Store::U32(v) => v.truncate(len),
        }
    }

    /// Removes the values in `range`, moving those after it down.
    pub(crate) fn remove(&mut self, range: std::ops::Range<usize>) {
        match self {
            Store::U8(v) => drop(v.drain(range)),
            Store::U16(v) => drop(v.drain(range)),
            Store::U32(v) => drop(v.drain(range)),
        }
    }

    /// The largest stored value.
    pub fn max(&self) -> u32 {
        match self {
            Store::U8(v) => v.iter().copied().max().map_or(0, u32::from),
            Store::U16(v) => v.iter().copied().max().map_or(0, u32::from),
            Store::U32(v) => v.iter().copied().max().unwrap_or(0),
        }
    }

    /// Reserves room for `more` values.
    pub fn reserve(&mut self, more: usize) {
        match self {
            Store::U8(v) => v.reserve(more),
            Store::U16(v) => v.reserve(more),
            Store::U32(v) => v.reserve(more),
        }
    }

    /// The first heap holding the largest value, and that value (`None`
    /// when empty).
    pub fn first_max(&self) -> Option<(usize, u32)> {
        fn first_max<T: Cell>(g: &[T]) -> Option<(usize, u32)> {
            let max = g.iter().map(|v| v.get()).max()?;
            g.iter().position(|v| v.get() == max).map(|n| (n, max))
        }
        match self {
            Store::U8(v) => first_max(v),
            Store::U16(v) => first_max(v),
            Store::U32(v) => first_max(v),
        }
    }

    /// The raw little-endian bytes of the values in `range`, for
    /// checkpoints.
    pub fn le_bytes(&self, range: std::ops::Range<usize>) -> Vec<u8> {
        match self {
            Store::U8(v) => v[range].to_vec(),
            Store::U16(v) => v[range].iter().flat_map(|x| x.to_le_bytes()).collect(),
            Store::U32(v) => v[range].iter().flat_map(|x| x.to_le_bytes()).collect(),
        }
    }

    /// An empty store of `width` bytes a value, if that is 1, 2 or 4.
    pub fn with_width(width: u8) -> Option<Store> {
        Some(match width {
            1 => Store::U8(Vec::new()),
            2 => Store::U16(Vec::new()),
            4 => Store::U32(Vec::new()),
            _ => return None,
        })
    }

    /// Appends values given as raw little-endian bytes of the store's
    /// width; a trailing partial value is ignored.
    pub fn extend_from_le_bytes(&mut self, bytes: &[u8]) {
        match self {
            Store::U8(v) => v.extend_from_slice(bytes),
            Store::U16(v) => v.extend(
                bytes
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]])),
            ),
            Store::U32(v) => v.extend(
                bytes
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            ),
        }
    }
}

/// Period detection reads stored values directly, without widening the
/// whole table to nimbers.
impl<T: Cell> Values for [T] {
    fn count(&self) -> usize {
        self.len()
    }
    #[inline]
    fn at(&self, i: usize) -> u64 {
        self[i].get().into()
    }
    /// Compared in the stored width, which the compiler turns into a few
    /// vector compares (with the values widened to `u64` first, the
    /// period watcher took 7.4% of 0.106's table to 10^7; compared as
    /// stored, 4.5%).
    #[inline]
    fn equal_bits(&self, from: usize, value: u64) -> u64 {
        let Some(value) = u32::try_from(value).ok().filter(|&v| v <= T::MAX) else {
            return 0;
        };
        let value = T::from_u32(value);
        let window: &[T; 64] = self[from..from + 64].try_into().expect("64 values");
        let equal: [u8; 64] = std::array::from_fn(|t| u8::from(window[t] == value));
        // Eight bytes of 0 or 1 to eight bits: the product puts byte i's
        // bit at 56 + i, with no carries.
        equal
            .chunks_exact(8)
            .enumerate()
            .fold(0, |bits, (k, bytes)| {
                let x = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
                bits | (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k)
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stored width's `equal_bits` agrees with comparing value by
    /// value, for each width, at every offset of a window, for values
    /// present, absent and too wide for the width.
    #[test]
    fn equal_bits_in_the_stored_width_match_value_by_value() {
        fn check<T: Cell>(values: &[T]) {
            for from in 0..=values.len() - 64 {
                for value in [0, 1, 2, 3, 7, u64::from(T::MAX) + 1, u64::MAX] {
                    let want = (0..64).fold(0u64, |bits, t| {
                        bits | u64::from(values.at(from + t) == value) << t
                    });
                    assert_eq!(values.equal_bits(from, value), want, "{from} {value}");
                }
            }
        }
        let mut rng = crate::lcg::Lcg(64);
        let small: Vec<u32> = (0..200).map(|_| (rng.next() >> 62) as u32).collect();
        check(&small.iter().map(|&v| v as u8).collect::<Vec<u8>>());
        check(&small.iter().map(|&v| v as u16).collect::<Vec<u16>>());
        check(&small);
        assert!(small.contains(&3) && small.contains(&0));
    }

    #[test]
    fn widens_when_needed_and_keeps_values() {
        let mut s = Store::default();
        s.push(3);
        s.push(255);
        assert_eq!(s.width(), 1);
        s.push(256);
        assert_eq!(s.width(), 2);
        s.push(70_000);
        assert_eq!(s.width(), 4);
        let got: Vec<u64> = (0..4).map(|n| s.get(n).unwrap().0).collect();
        assert_eq!(got, [3, 255, 256, 70_000]);
        assert_eq!(s.max(), 70_000);
        assert_eq!(s.first_max(), Some((3, 70_000)));
        let mut round = Store::with_width(4).unwrap();
        round.extend_from_le_bytes(&s.le_bytes(0..2));
        round.extend_from_le_bytes(&s.le_bytes(2..4));
        assert_eq!(round, s);
        assert_eq!(Store::with_width(3), None);
        assert_eq!(Store::default().first_max(), None);
    }
}
