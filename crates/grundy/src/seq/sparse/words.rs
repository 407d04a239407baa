//! A heap's options gathered into words of 64 values, for the sift over
//! words (`sift_words`), where a block row as wide as the capacity and the
//! AVX-512 kernel make it pay.
//!
//! This is the one step before the sift that depends on the processor, an
//! AVX-512 form beside the portable loop, so it stands apart from the
//! sifts themselves.

use crate::seq::block::Row;
use crate::seq::kernel::Kernel;

use super::state::Sparse;

/// Words of options [`Sparse::candidate`] gathers at most: values below
/// 1024. Larger capacities sift value by value.
pub(super) const MAX_OPTION_WORDS: usize = 16;

impl Sparse {
    /// Whether [`Sparse::candidate`] gathers the options into words, with
    /// a block row of `row` values: for capacities from 64 to 1024, a row
    /// as wide as the capacity (a block started before the capacity grew
    /// is not), and the AVX-512 kernel (gathered by the portable loop,
    /// Officers to 10^6 took 1.97 s on one thread, against 1.49 s for the
    /// sift value by value and 1.38 s with AVX-512, on an Intel Xeon).
    /// The marks must hold `cap` values too, as every caller of
    /// [`Sparse::candidate`] ensures (and `mark_rare_pairs` asserts).
    pub(super) fn option_words_fit(&self, row: usize) -> bool {
        let cap = self.cap as usize;
        (64..=64 * MAX_OPTION_WORDS).contains(&cap)
            && cap.is_power_of_two()
            && row >= cap
            && self.kernel == Kernel::Avx512
    }
}

/// The options among values `0..64 * out.len()` as bits: `v` is one when
/// `marks.0[v] == marks.1` or `row` marks `v`. Both must hold that many
/// values.
pub(super) fn option_words(kernel: Kernel, marks: (&[u32], u32), row: Row<'_>, out: &mut [u64]) {
    let values = 64 * out.len();
    assert!(marks.0.len() >= values && row.values() >= values);
    #[cfg(target_arch = "x86_64")]
    if kernel == Kernel::Avx512 {
        // SAFETY: `Avx512` stands for a check that the processor has
        // AVX-512 F, BW and VBMI (see `Kernel`), which covers the F and BW
        // the function needs; both slices hold `64 * out.len()` values
        // (asserted above).
        unsafe { option_words_avx512(marks, row, out) };
        return;
    }
    let _ = kernel;
    for (w, word) in out.iter_mut().enumerate() {
        let span = w * 64..w * 64 + 64;
        let marked = marks.0[span]
            .iter()
            .enumerate()
            .fold(0, |bits, (b, &s)| bits | u64::from(s == marks.1) << b);
        *word = marked | row.word(w);
    }
}

/// [`option_words`] with AVX-512: 64 values a word in five compares.
///
/// # Safety
/// The processor must have AVX-512 F and BW, and both slices must hold
/// `64 * out.len()` values.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn option_words_avx512(marks: (&[u32], u32), row: Row<'_>, out: &mut [u64]) {
    use std::arch::x86_64::*;
    let stamp = _mm512_set1_epi32(marks.1 as i32);
    for (w, word) in out.iter_mut().enumerate() {
        // SAFETY: `w < out.len()`, so values `64 w .. 64 w + 64` lie in
        // the marks and the row (the caller's precondition): four loads of
        // 16 stamps each of `marks.0`, and one 64-byte load of the row's
        // stamps or its word `w`.
        unsafe {
            let s = marks.0.as_ptr().add(64 * w);
            let mut bits = match row {
                Row::Stamps(bytes, tick) => _mm512_cmpeq_epi8_mask(
                    _mm512_loadu_si512(bytes.as_ptr().add(64 * w).cast()),
                    _mm512_set1_epi8(tick as i8),
                ),
                Row::Bits(words) => *words.get_unchecked(w),
            };
            for k in 0..4 {
                let quarter =
                    _mm512_cmpeq_epi32_mask(_mm512_loadu_si512(s.add(16 * k).cast()), stamp);
                bits |= u64::from(quarter) << (16 * k);
            }
            *word = bits;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seq::mask::Class;
    use crate::seq::sparse::sift::{sift, sift_words};

    /// Options gathered into words, by every kernel this processor runs,
    /// are the options, and give the sift over marks' candidate and needed
    /// set: capacities 64 to 1024, small, middling and full masks, both
    /// flips, stale needed words, and options from none to all, some only
    /// in the marks, some only in the block's row (stamps, or a shared
    /// block's bits), with stamps of other ticks beside them (ticks with
    /// the top bit set among them).
    #[test]
    fn sift_over_option_words_matches_sift_over_marks() {
        let mut rng = crate::lcg::Lcg(777);
        for cap in [64u32, 128, 256, 512, 1024] {
            for mask in [1, 3, cap / 2 + 5, cap - 1] {
                let class = Class {
                    mask,
                    domain: false,
                    rare: 0,
                };
                let sparse = Sparse::new::<u16>(class, cap, &[0]);
                for trial in 0..30 {
                    // The share of values that are options, in 64ths.
                    let share = [0, 64, 63, 32][trial % 4];
                    let (tick, byte) = if trial % 2 == 0 {
                        (7 + trial as u32, 3 + trial as u8)
                    } else {
                        (0x8000_0007 + trial as u32, 200 + trial as u8)
                    };
                    let (mut stamps, mut row) = (vec![0u32; cap as usize], vec![0u8; cap as usize]);
                    for v in 0..cap as usize {
                        let option = rng.below(64) < share;
                        let (in_marks, in_row) = match rng.below(3) {
                            0 => (option, false),
                            1 => (false, option),
                            _ => (option, option),
                        };
                        stamps[v] = if in_marks { tick } else { tick - 1 };
                        row[v] = if in_row { byte } else { byte + 1 };
                    }
                    let option = |v: u32| stamps[v as usize] == tick || row[v as usize] == byte;
                    let mut want_words = vec![0u64; cap as usize / 64];
                    for v in (0..cap).filter(|&v| option(v)) {
                        want_words[v as usize / 64] |= 1 << (v % 64);
                    }
                    for flip in 0..2 {
                        let stale = vec![rng.next(); cap as usize / 64 + 1];
                        let mut want_needed = stale.clone();
                        let want = sift(&sparse.by_parity, flip, cap, option, &mut want_needed);
                        // The same row as a shared block's bits.
                        let mut bits = vec![0u64; cap as usize / 64];
                        for (v, &t) in row.iter().enumerate() {
                            bits[v / 64] |= u64::from(t == byte) << (v % 64);
                        }
                        let rows = [Row::Stamps(&row, byte), Row::Bits(&bits)];
                        for (kernel, row) in Kernel::available()
                            .into_iter()
                            .flat_map(|k| rows.map(|r| (k, r)))
                        {
                            let mut options = vec![0u64; cap as usize / 64];
                            option_words(kernel, (&stamps, tick), row, &mut options);
                            assert_eq!(options, want_words, "{kernel:?}, cap {cap}, trial {trial}");
                            let mut needed = stale.clone();
                            let got =
                                sift_words(&sparse.parity_words, flip, cap, &options, &mut needed);
                            assert_eq!(
                                (got, &needed),
                                (want, &want_needed),
                                "{kernel:?}, cap {cap}, mask {mask}, flip {flip}, trial {trial}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Words are gathered only for capacities from 64 to 1024, with a block
    /// row as wide as the capacity (not one started before the capacity
    /// grew), and the AVX-512 kernel.
    #[test]
    fn option_words_are_gathered_only_where_they_fit() {
        let class = Class {
            mask: 1,
            domain: false,
            rare: 0,
        };
        let mut sparse = Sparse::new::<u16>(class, 128, &[0]);
        for kernel in Kernel::available() {
            sparse.kernel = kernel;
            let avx512 = kernel == Kernel::Avx512;
            for (cap, row, fits) in [
                (128, 128, avx512),
                (128, 64, false),
                (32, 32, false),
                (64, 64, avx512),
                (1024, 1024, avx512),
                (2048, 2048, false),
            ] {
                sparse.set_capacity(cap);
                assert_eq!(
                    sparse.option_words_fit(row),
                    fits,
                    "{kernel:?}, cap {cap}, row {row}"
                );
            }
        }
    }
}
