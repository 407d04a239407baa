//! The long-range pairs of a few heaps at once, as bit sets: the register
//! path of the sparse engine (every value below 64) across heaps.
//!
//! Heap by heap, the rare pass of [`super::sparse`] loads `G(s − r)` for
//! every rare position `r` and sets bit `G(r) ⊕ G(s − r)` of the heap's
//! options. For the heaps `first..first + HEAPS` and a split removal `i`,
//! every rare `r >= HEAPS − i` (see [`super::block::long_range_from`]) pairs
//! with heaps `s − r` below `first`, which are known when the block starts
//! and lie in one run as `n` goes through the block. So each such `r` costs
//! one load of [`HEAPS`] values, an XOR, a shift and an OR in vector
//! registers for the whole block, where heap by heap it cost that many
//! scalar rounds. The smaller rare positions, whose pairs reach into the
//! block, are left to each heap.
//!
//! Ordinary pairs `(a, s − a)` are marked the same way (`G(a)` in the place
//! of `G(r)`), [`WINDOW_PAIRS`] of them from the first `a` whose pair lies
//! below the block for all its heaps: the confirming scan looks for the
//! abundant values among the first pairs and finds most of them there, so
//! most heaps need no scan at all.
//!
//! Measured on an Intel Xeon, one thread, b-files to 10^7, before the
//! register path ran heaps in runs (`Sparse::run_narrow`):
//! - 0.106 (15 rare positions) went from 0.40 s to 0.31 s;
//! - 0.16 (52) stayed at 0.46 s;
//! - 4.07 (no rare position, and scans that end within a few pairs) took
//!   0.25 s with blocks against 0.17 s without, so blocks start only from
//!   `REGISTER_BLOCK_MIN_RARE` rare positions (`super::sparse::narrow`).

use super::block::long_range_from;
use super::kernel::Kernel;
use super::rules::{Rules, last_pair};
use super::store::Cell;

/// Heaps in a block: one AVX-512 register of 64-bit sets. Larger blocks
/// leave more rare positions to each heap (those below the block's length)
/// for no fewer instructions a heap.
const HEAPS: usize = 8;

/// Ordinary pairs a block marks for each heap beside its rare pairs (a
/// shared block marks more, `super::sparse::blocks::WINDOW_PAIRS`, since its
/// scans are long). 16 and 32 measured the same on 0.106.
const WINDOW_PAIRS: usize = 16;

/// For each heap of a block, the values of its long-range pairs: rare
/// pairs and the window of ordinary ones.
#[derive(Clone, Debug, Default)]
pub(crate) struct RegisterBlock {
    /// The first heap.
    first: usize,
    /// Whether the block holds marks (cleared when the rare positions
    /// change).
    active: bool,
    /// `seen[j]` has bit `v` when a long-range pair of heap `first + j`
    /// has value `v`.
    seen: [u64; HEAPS],
    /// For each split removal, in the order of `Rules::split_two`, how
    /// many of the smallest rare positions are left to each heap.
    short: Vec<usize>,
}

impl RegisterBlock {
    /// The long-range marks of heap `n`, and for each split removal (in
    /// the order of `Rules::split_two`) how many of the smallest rare
    /// positions the heap must pair itself; `None` when `n` is not in the
    /// block.
    #[inline]
    pub fn heap(&self, n: usize) -> Option<(u64, &[usize])> {
        let j = n.wrapping_sub(self.first);
        (self.active && j < HEAPS).then(|| (self.seen[j], self.short.as_slice()))
    }

    /// Forgets the marks: a rare position was added.
    pub fn clear(&mut self) {
        self.active = false;
    }

    /// Starts the block of heaps `g.len()..g.len() + HEAPS`, marking the
    /// pairs of every rare position `r` (ascending, with values
    /// `rare_value`) whose other heap lies below the block, and the window
    /// of ordinary pairs. Every split must be wider than twice the last
    /// rare position, as the register path checks before it starts a
    /// block: every rare position then pairs with every heap of the block,
    /// and none is the middle of a split.
    pub fn start<T: Cell>(
        &mut self,
        g: &[T],
        rules: &Rules,
        (rare, rare_value): (&[u32], &[u32]),
        kernel: Kernel,
    ) {
        let first = g.len();
        debug_assert!(rules.split_two.iter().all(|&(i, _)| {
            let far = rare.last().map_or(1, |&r| 2 * r as usize);
            first.checked_sub(i as usize).is_some_and(|s| s > far)
        }));
        self.first = first;
        self.active = true;
        self.seen = [0; HEAPS];
        self.short.clear();
        for &(i, unequal) in &rules.split_two {
            let (i, s0) = (i as usize, first - i as usize);
            let from = long_range_from(HEAPS, i);
            let short = rare.partition_point(|&r| (r as usize) < from);
            self.short.push(short);
            let pairs = rare[short..].iter().zip(&rare_value[short..]);
            let runs = pairs.map(|(&r, &v)| (s0 - r as usize, v));
            mark(kernel, &mut self.seen, g, runs);
            // The window ends at the middle of the first heap's split, so
            // that each pair is a legal split for every heap.
            let end = (from + WINDOW_PAIRS).min(last_pair(s0, unequal) + 1);
            let runs = (from..end).map(|a| (s0 - a, g[a].get()));
            mark(kernel, &mut self.seen, g, runs);
        }
    }
}

/// Sets, for each `(b, v)` of `runs` and each `j < HEAPS`, bit
/// `v ⊕ G(b + j)` of `seen[j]`, by the widest vectors `kernel` allows.
fn mark<T: Cell>(
    kernel: Kernel,
    seen: &mut [u64; HEAPS],
    g: &[T],
    runs: impl Iterator<Item = (usize, u32)>,
) {
    #[cfg(target_arch = "x86_64")]
    match kernel {
        // SAFETY: `Avx512` stands for a check that the processor has
        // AVX-512 F, BW and VBMI (see `Kernel`); `mark_avx512` needs F and
        // BW, and reads `g` only through checked slices.
        Kernel::Avx512 => return unsafe { mark_avx512(seen, g, runs) },
        // SAFETY: `Avx2` stands for a check that the processor has AVX2
        // (see `Kernel`), all `mark_avx2` needs.
        Kernel::Avx2 => return unsafe { mark_avx2(seen, g, runs) },
        Kernel::Portable => {}
    }
    let _ = kernel;
    mark_portable(seen, g, runs);
}

/// [`mark`] in plain Rust, which the compiler vectorises as far as the
/// instructions enabled allow (variable shifts need AVX2).
#[inline(always)]
fn mark_portable<T: Cell>(
    seen: &mut [u64; HEAPS],
    g: &[T],
    runs: impl Iterator<Item = (usize, u32)>,
) {
    for (b, v) in runs {
        let run: &[T; HEAPS] = g[b..b + HEAPS].try_into().expect("a whole run");
        for (bits, x) in seen.iter_mut().zip(run) {
            *bits |= 1 << ((v ^ x.get()) & 63);
        }
    }
}

/// [`mark_portable`] compiled for AVX-512.
///
/// # Safety
/// The processor must have AVX-512 F and BW.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn mark_avx512<T: Cell>(
    seen: &mut [u64; HEAPS],
    g: &[T],
    runs: impl Iterator<Item = (usize, u32)>,
) {
    mark_portable(seen, g, runs);
}

/// [`mark_portable`] compiled for AVX2.
///
/// # Safety
/// The processor must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn mark_avx2<T: Cell>(
    seen: &mut [u64; HEAPS],
    g: &[T],
    runs: impl Iterator<Item = (usize, u32)>,
) {
    mark_portable(seen, g, runs);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::octal::Code;
    use crate::lcg::Lcg;

    /// Every kernel marks, for each heap of a block, the pairs of every
    /// rare position it does not leave to the heap, and the first ordinary
    /// pairs below the block; every value it marks is an option of the
    /// heap; and it leaves to the heap only rare positions whose pairs
    /// reach into the block. Codes with one split removal and with
    /// several, equal heaps allowed or not, removals below the block's
    /// length and beyond it.
    #[test]
    fn blocks_mark_the_long_range_pairs_of_each_heap() {
        let mut rng = Lcg(8);
        for code in [
            "0.106",
            "4.07",
            "0.6",
            "0.0000404",
            "0.137",
            "0.4!",
            "4!.07",
            "0.000000004",
        ] {
            let rules = Rules::new(&Code::parse(code, code, 1, false).unwrap());
            // Blocks start once every split is more than twice the last
            // rare position: near the start too, where the window of
            // ordinary pairs is cut short by the middle of the split.
            // Values below 8 as well as below 64, so that a value marked
            // where no pair gives it shows among the few the pairs give.
            for (first, below) in [(30usize, 64), (45, 8), (200, 64), (333, 8), (1000, 64)] {
                let g: Vec<u8> = (0..first).map(|_| rng.below(below) as u8).collect();
                let last_rare = (first / 2 - 8) as u64;
                let mut rare: Vec<u32> = (0..12).map(|_| 1 + rng.below(last_rare) as u32).collect();
                rare.sort_unstable();
                rare.dedup();
                let values: Vec<u32> = rare.iter().map(|_| rng.below(below) as u32).collect();
                for kernel in Kernel::available() {
                    let mut block = RegisterBlock::default();
                    block.start(&g, &rules, (&rare, &values), kernel);
                    for j in 0..HEAPS {
                        let n = first + j;
                        let (seen, short) = block.heap(n).expect("in the block");
                        let (mut must, mut may) = (0u64, 0u64);
                        for (k, &(i, unequal)) in rules.split_two.iter().enumerate() {
                            let (i, s) = (i as usize, n - i as usize);
                            // Left to the heaps only when some heap of
                            // the block pairs it with a heap inside.
                            for &r in &rare[..short[k]] {
                                assert!(r as usize + i < HEAPS, "{code}: {r} left to the heaps");
                            }
                            for (&r, &v) in rare.iter().zip(&values).skip(short[k]) {
                                must |= 1 << (v ^ u32::from(g[s - r as usize]));
                            }
                            let known = s.saturating_sub(first - 1).max(1);
                            for a in known..=last_pair(s, unequal) {
                                let x = u32::from(g[a] ^ g[s - a]);
                                may |= 1 << x;
                                // The window: pairs below the block for
                                // every heap of it, up to the middle of
                                // its first heap's split.
                                let window = a < known + WINDOW_PAIRS && a + i >= HEAPS;
                                if window && a <= last_pair(first - i, unequal) {
                                    must |= 1 << x;
                                }
                            }
                        }
                        let mut rare_options = 0u64;
                        for (&r, &v) in rare.iter().zip(&values) {
                            for &(i, _) in &rules.split_two {
                                if let Some(&x) = g.get(n - i as usize - r as usize) {
                                    rare_options |= 1 << (v ^ u32::from(x));
                                }
                            }
                        }
                        assert_eq!(
                            seen & must,
                            must,
                            "{code} {kernel:?} heap {n}: a pair missing"
                        );
                        assert_eq!(
                            seen & !(may | rare_options),
                            0,
                            "{code} {kernel:?} heap {n}: a value no pair gives"
                        );
                    }
                    assert!(block.heap(first + HEAPS).is_none());
                    block.clear();
                    assert!(block.heap(first).is_none());
                }
            }
        }
    }
}
