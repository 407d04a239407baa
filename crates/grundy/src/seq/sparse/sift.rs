//! The sift, between the two steps of the method: from the options of a
//! heap found so far, its candidate (the smallest cheap value that is not
//! an option) and the abundant values below it still to be found (the
//! needed set that the confirming scan clears).
//!
//! It comes in three shapes, which must agree: over marks value by value,
//! in a register for values below 64, and over words of options. They are
//! plain functions of the options and the values by parity, with no state
//! of the engine, so they stand together and are tested one against
//! another.

/// The candidate (the smallest value of the cheap parity, `1 ^ flip`, that
/// is not an `option` so far, or `cap`) and, in `needed`, the abundant
/// values below it that are not options so far; returns the candidate and
/// how many values are needed. `by_parity` lists the values below `cap` by
/// parity.
pub(super) fn sift(
    by_parity: &[Vec<u32>; 2],
    flip: usize,
    cap: u32,
    option: impl Fn(u32) -> bool,
    needed: &mut [u64],
) -> (u32, u32) {
    let candidate = by_parity[1 ^ flip]
        .iter()
        .copied()
        .find(|&c| !option(c))
        .unwrap_or(cap);
    let mut missing = 0u32;
    needed[..words_below(candidate)].fill(0);
    for &u in by_parity[flip].iter().take_while(|&&u| u < candidate) {
        if !option(u) {
            needed[u as usize / 64] |= 1 << (u % 64);
            missing += 1;
        }
    }
    (candidate, missing)
}

/// [`sift`] for values below 64 (`cap <= 64`), the options given as the
/// bit set `seen` and the values by parity as `parity_bits`.
pub(super) fn sift_bits(
    parity_bits: [u64; 2],
    flip: usize,
    cap: u32,
    seen: u64,
    needed: &mut [u64],
) -> (u32, u32) {
    let (candidate, left) = narrow_sift(parity_bits, flip, cap, seen);
    // Set word by word: `fill` on a slice this short is a call to `memset`.
    needed[0] = left;
    if candidate == 64 {
        needed[1] = 0;
    }
    (candidate, left.count_ones())
}

/// The candidate and the needed set of [`sift_bits`], in a register.
#[inline]
pub(super) fn narrow_sift(parity_bits: [u64; 2], flip: usize, cap: u32, seen: u64) -> (u32, u64) {
    debug_assert!(cap <= 64);
    let (cheap, abundant) = (parity_bits[1 ^ flip], parity_bits[flip]);
    let candidate = (cheap & !seen).trailing_zeros().min(cap);
    let below = if candidate >= 64 {
        !0
    } else {
        (1u64 << candidate) - 1
    };
    (candidate, abundant & !seen & below)
}

/// [`sift`] with the options as bit words (`options[w]` bit `b` for value
/// `64 w + b`, every value below `cap` covered) and the values by parity
/// as `parity_words`.
pub(super) fn sift_words(
    parity_words: &[Vec<u64>; 2],
    flip: usize,
    cap: u32,
    options: &[u64],
    needed: &mut [u64],
) -> (u32, u32) {
    let (cheap, abundant) = (&parity_words[1 ^ flip], &parity_words[flip]);
    debug_assert!(cheap.len() == options.len() && 64 * options.len() == cap as usize);
    let candidate = cheap
        .iter()
        .zip(options)
        .enumerate()
        .find_map(|(w, (&c, &o))| {
            let free = c & !o;
            (free != 0).then(|| (w * 64) as u32 + free.trailing_zeros())
        })
        .unwrap_or(cap);
    let mut missing = 0;
    for (w, slot) in needed[..words_below(candidate)].iter_mut().enumerate() {
        let below = match (candidate as usize).saturating_sub(64 * w) {
            0 => 0,
            n if n >= 64 => !0,
            n => (1u64 << n) - 1,
        };
        let word = match (abundant.get(w), options.get(w)) {
            (Some(&a), Some(&o)) => a & !o & below,
            _ => 0,
        };
        *slot = word;
        missing += word.count_ones();
    }
    (candidate, missing)
}

/// The words of a needed set that hold the values below `candidate` (the
/// sifts write these, the scans and the ring read them).
pub(crate) fn words_below(candidate: u32) -> usize {
    candidate as usize / 64 + 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seq::mask::Class;
    use crate::seq::sparse::state::Sparse;

    /// The register path's sift gives the candidate and needed set of the
    /// sift over marks, for every capacity up to 64, both parities of
    /// every mask the classification may use, and option sets from none
    /// to all (every cheap value below 64 an option gives the candidate
    /// 64 and a second needed word).
    #[test]
    fn sift_in_a_register_matches_sift_over_marks() {
        let mut rng = crate::lcg::Lcg(12345);
        let mut random = || rng.next();
        for cap in [1u32, 2, 4, 8, 16, 32, 64] {
            for mask in 1..cap.max(2) {
                let class = Class {
                    mask,
                    domain: false,
                    rare: 0,
                };
                let sparse = Sparse::new::<u8>(class, cap, &[0]);
                for trial in 0..40 {
                    let seen = match trial {
                        0 => 0,
                        1 => !0,
                        2 => sparse.parity_bits[1],
                        _ => random() & random(),
                    };
                    for flip in 0..2 {
                        // The same stale words in both: each must write
                        // the words the other writes.
                        let stale = vec![random(); cap as usize / 64 + 1];
                        let (mut by_marks, mut by_bits) = (stale.clone(), stale);
                        let option = |v: u32| seen >> v & 1 != 0;
                        let want = sift(&sparse.by_parity, flip, cap, option, &mut by_marks);
                        let got = sift_bits(sparse.parity_bits, flip, cap, seen, &mut by_bits);
                        assert_eq!(
                            (got, &by_bits),
                            (want, &by_marks),
                            "cap {cap}, mask {mask}, flip {flip}, seen {seen:#x}"
                        );
                    }
                }
            }
        }
    }
}
