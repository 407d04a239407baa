//! The confirming scan of the sparse engine, with inner loops chosen at
//! run time for the processor.
//!
//! The scan walks the splits `(a, s − a)` of `s` tokens from `a = first`
//! to `a = last` and clears, in a bit set of needed values, every value
//! `G(a) ⊕ G(s − a)` it meets, until none is left or the splits run out
//! (see [`super::sparse`] for why). It is most of the sparse engine's work:
//! a few thousand pairs a heap for Officers, many of them while only a
//! handful of values are still needed.
//!
//! Three kernels do the same work:
//! - [`Kernel::Portable`]: plain Rust, on every processor;
//! - [`Kernel::Avx2`]: 16 (two-byte values) or 32 (one-byte values) pairs a
//!   step, compared against up to eight needed values at once; while more
//!   are needed, it uses the portable loop;
//! - [`Kernel::Avx512`]: 32 or 64 pairs a step, each XOR looked up in the
//!   whole needed set held in registers (a lane permutation fetches the
//!   word of the set holding the value, a shifted bit tests it), so the
//!   step costs the same however many values are needed; the values that
//!   hit are packed into a register and cleared from the set a few steps
//!   at a time (see `x86::avx512_u16`). Values must be below 1024. With
//!   one-byte values and at most eight of them needed, a cheaper kernel
//!   compares each step with every needed value instead, from the first
//!   split on (most scans of small-valued codes such as 0.16 and 0.106 are
//!   of this kind). Where every value is below 64 and the processor also
//!   has BITALG, [`Scan::run_one_word`] keeps the needed set in one
//!   register and a bit shuffle looks 64 XORs up in it at once.
//!
//! Each kernel is held against the portable one (and the plain engine) in
//! the tests, on every processor that has it. The test
//! `tests::every_kernel_the_cpu_has_is_tested` (at the end of this file)
//! prints which kernels ran and which were skipped for want of processor
//! features, and fails if one the processor has went untested.

use super::store::Cell;
use crate::error::{Error, Result};
use crate::limits::Simd;

/// Pairs scanned between checks for completion in the portable loops.
const BLOCK: usize = 32;

/// Pairs a scan starts with in the portable loop, unless it goes to the
/// AVX-512 kernel for a few one-byte values (see [`Scan::run`]).
const WARM_UP: usize = 64;

/// The inner loops the scan runs.
///
/// A value other than `Portable` stands for a check that the processor
/// has the kernel's features: the unsafe calls into the x86 kernels (here,
/// in `super::sparse` and in `super::register_block`) rely on it. Build one
/// only through [`Kernel::best`], [`Kernel::choose`] or
/// [`Kernel::available`], which return only kernels
/// [`Kernel::is_available`] found; no other code names a vector variant
/// except to match on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// Plain Rust.
    Portable,
    /// AVX2 (x86-64).
    Avx2,
    /// AVX-512 F, BW, VBMI and VBMI2 (x86-64), with POPCNT and BMI1 (as
    /// every processor with those has); with BITALG too, one scan more.
    Avx512,
}

impl Kernel {
    /// The fastest kernel this processor runs.
    pub fn best() -> Kernel {
        [Kernel::Avx512, Kernel::Avx2]
            .into_iter()
            .find(|k| k.is_available())
            .unwrap_or(Kernel::Portable)
    }

    /// The kernel `simd` asks for; an error when the processor lacks it.
    pub fn choose(simd: Simd) -> Result<Kernel> {
        let kernel = match simd {
            Simd::Auto => return Ok(Kernel::best()),
            Simd::Portable => Kernel::Portable,
            Simd::Avx2 => Kernel::Avx2,
            Simd::Avx512 => Kernel::Avx512,
        };
        if kernel.is_available() {
            Ok(kernel)
        } else {
            Err(Error::invalid(format!(
                "this processor cannot run the {} kernel; kernels it runs: {}",
                kernel.name(),
                Kernel::available()
                    .iter()
                    .map(|k| k.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            )))
        }
    }

    /// Every kernel this processor runs, the portable one first.
    pub fn available() -> Vec<Kernel> {
        [Kernel::Portable, Kernel::Avx2, Kernel::Avx512]
            .into_iter()
            .filter(|k| k.is_available())
            .collect()
    }

    /// The name `--simd` knows it by.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            Kernel::Avx2 => "avx2",
            Kernel::Avx512 => "avx512",
        }
    }

    /// Whether this processor has the kernel's features.
    fn is_available(self) -> bool {
        match self {
            Kernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => {
                std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512bw")
                    && std::arch::is_x86_feature_detected!("avx512vbmi")
                    && std::arch::is_x86_feature_detected!("avx512vbmi2")
                    && std::arch::is_x86_feature_detected!("popcnt")
                    && std::arch::is_x86_feature_detected!("bmi1")
            }
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }
}

/// One scan: the splits `(a, s − a)` for `a` in `first..=last`, all within
/// `g`. `needed` holds the values still to be found (`missing` of them);
/// every value of `g` is below `cap`, a power of two.
#[derive(Clone, Copy)]
pub(crate) struct Scan<'a, T> {
    pub g: &'a [T],
    pub s: usize,
    pub first: usize,
    pub last: usize,
    pub cap: u32,
}

impl<T: Cell> Scan<'_, T> {
    /// Clears from `needed` the values the splits give; returns how many
    /// values are still missing and how many pairs were looked at.
    pub fn run(&self, kernel: Kernel, needed: &mut [u64], missing: u32) -> (u32, u64) {
        if self.first > self.last || missing == 0 {
            return (missing, 0);
        }
        // The kernels read the splits without bounds checks: this is what
        // keeps them inside the table.
        self.assert_inside();
        // With one-byte values and few of them needed, the AVX-512 kernel
        // that compares each step with every needed value is cheap enough
        // to start at once.
        #[cfg(target_arch = "x86_64")]
        if kernel == Kernel::Avx512 && T::BYTES == 1 && self.cap <= 256 && missing <= 8 {
            let scan = self.bytes();
            // SAFETY: `kernel` is `Avx512`, so the processor has AVX-512 F,
            // BW and VBMI (see `Kernel`); every split of `scan` lies in the
            // table (`assert_inside` above), and the kernel loads only
            // splits `a..a + 64` with `a + 63 <= last`.
            return unsafe {
                if missing <= 4 {
                    x86::avx512_u8_few::<4>(&scan, needed, missing)
                } else {
                    x86::avx512_u8_few::<8>(&scan, needed, missing)
                }
            };
        }
        // Otherwise most scans end within a few dozen splits, where setting
        // up the vector registers costs more than it saves: the portable
        // loop starts every scan.
        let warm_up = Scan {
            last: self.last.min(self.first + WARM_UP - 1),
            ..*self
        };
        let (missing, scanned) = portable(&warm_up, self.first, needed, missing);
        if missing == 0 || warm_up.last == self.last {
            return (missing, scanned);
        }
        let rest = Scan {
            first: warm_up.last + 1,
            ..*self
        };
        let (missing, more) = rest.vector(kernel, needed, missing);
        (missing, scanned + more)
    }

    /// [`Scan::run`] where every needed value is below 64, the needed set
    /// in a register: returns the values still needed and the splits
    /// scanned. Pairs whose value is 64 or more are passed over, as no
    /// needed value is among them.
    pub fn run_one_word(&self, kernel: Kernel, needed: u64) -> (u64, u64) {
        if self.first > self.last || needed == 0 {
            return (needed, 0);
        }
        self.assert_inside();
        #[cfg(target_arch = "x86_64")]
        if kernel == Kernel::Avx512
            && T::BYTES == 1
            && std::arch::is_x86_feature_detected!("avx512bitalg")
        {
            // SAFETY: `kernel` is `Avx512`, so the processor has AVX-512 F,
            // BW and VBMI (see `Kernel`); BITALG is checked just above; the
            // splits lie in the table (`assert_inside` above).
            return unsafe { x86::avx512_u8_one_word(&self.bytes(), needed) };
        }
        let mut words = [needed];
        let (_, scanned) = self.run(kernel, &mut words, needed.count_ones());
        (words[0], scanned)
    }

    /// [`Scan::run`] with `kernel` from the first split on.
    fn vector(&self, kernel: Kernel, needed: &mut [u64], missing: u32) -> (u32, u64) {
        // Each kernel below needs the processor features its variant of
        // `Kernel` stands for (AVX-512 F, BW, VBMI and VBMI2; AVX2), and
        // the splits of `self` inside `g`: `vector` is called only from
        // `run`, after its `assert_inside`, on a part of the scan it
        // checked.
        #[cfg(target_arch = "x86_64")]
        match (kernel, T::BYTES) {
            (Kernel::Avx512, 1) if self.cap <= 256 => {
                // SAFETY: `Avx512` was found on this processor (see
                // `Kernel`); the splits lie in the table (see above).
                return unsafe { x86::avx512_u8(&self.bytes(), needed, missing) };
            }
            (Kernel::Avx512, 2) if self.cap <= 1024 => {
                // SAFETY: as above; `avx512_u16` needs F, BW and VBMI2.
                return unsafe { x86::avx512_u16(&self.words(), needed, missing) };
            }
            (Kernel::Avx2, 1) => {
                // SAFETY: `Avx2` was found on this processor (see `Kernel`);
                // the splits lie in the table (see above).
                return unsafe { x86::avx2_u8(&self.bytes(), needed, missing) };
            }
            (Kernel::Avx2, 2) => {
                // SAFETY: as above.
                return unsafe { x86::avx2_u16(&self.words(), needed, missing) };
            }
            _ => {}
        }
        let _ = kernel;
        portable(self, self.first, needed, missing)
    }

    /// Panics unless every split `(a, s − a)`, `first <= a <= last`, lies
    /// in the table: `a <= last < g.len()` and `1 <= s − last <= s − a <=
    /// s − first < g.len()`. The vector kernels rely on it to read the
    /// splits without bounds checks.
    fn assert_inside(&self) {
        assert!(
            self.last < self.s && self.last < self.g.len() && self.s - self.first < self.g.len(),
            "scan of {}..={} of {} outside a table of {}",
            self.first,
            self.last,
            self.s,
            self.g.len()
        );
    }

    /// The same scan over the table seen as bytes (`T` is `u8`).
    #[cfg(target_arch = "x86_64")]
    fn bytes(&self) -> Scan<'_, u8> {
        // `Cell` is a public trait: `BYTES == 1`, which the callers check,
        // does not by itself make `T` a byte. (The comparison of type ids
        // is decided at compile time.)
        assert!(std::any::TypeId::of::<T>() == std::any::TypeId::of::<u8>());
        // SAFETY: `T` is `u8` (asserted above), so the pointer and length
        // of `self.g` describe the same `u8` slice, borrowed as long.
        let g = unsafe { std::slice::from_raw_parts(self.g.as_ptr().cast::<u8>(), self.g.len()) };
        self.with_table(g)
    }

    /// The same scan over the table seen as `u16` (`T` is `u16`).
    #[cfg(target_arch = "x86_64")]
    fn words(&self) -> Scan<'_, u16> {
        assert!(std::any::TypeId::of::<T>() == std::any::TypeId::of::<u16>());
        // SAFETY: `T` is `u16` (asserted above), so the pointer and length
        // of `self.g` describe the same `u16` slice, borrowed as long.
        let g = unsafe { std::slice::from_raw_parts(self.g.as_ptr().cast::<u16>(), self.g.len()) };
        self.with_table(g)
    }

    #[cfg(target_arch = "x86_64")]
    fn with_table<'b, U>(&self, g: &'b [U]) -> Scan<'b, U> {
        Scan {
            g,
            s: self.s,
            first: self.first,
            last: self.last,
            cap: self.cap,
        }
    }
}

/// The portable scan of the splits of `scan` from `a = first` on.
/// When every needed value is below 64 the set lives in a register;
/// otherwise the values seen are cleared from `needed` one by one.
pub(crate) fn portable<T: Cell>(
    scan: &Scan<'_, T>,
    first: usize,
    needed: &mut [u64],
    mut missing: u32,
) -> (u32, u64) {
    let (g, s, last) = (scan.g, scan.s, scan.last);
    let words = needed.iter().rposition(|&w| w != 0).map_or(0, |w| w + 1);
    if words == 1 {
        let (left, scanned) = one_word(g, s, first, last, needed[0]);
        needed[0] = left;
        return (left.count_ones(), scanned);
    }
    if scan.cap as usize <= 64 * WIDE_WORDS {
        return few_words(g, s, first, last, &mut needed[..words]);
    }
    let mut scanned = 0;
    let mut a = first;
    while a <= last && missing > 0 {
        let end = (a + BLOCK).min(last + 1);
        let left = &g[a..end];
        let right = &g[s + 1 - end..=s - a];
        for (x, y) in left.iter().zip(right.iter().rev()) {
            missing -= clear(needed, x.get() ^ y.get());
        }
        scanned += (end - a) as u64;
        a = end;
    }
    (missing, scanned)
}

/// [`portable`] when every needed value is below 64: the values seen in a
/// block are OR-ed into four independent bit sets (updating one set pair
/// by pair would chain every pair on the previous one), and the needed set
/// is updated once a block.
fn one_word<T: Cell>(g: &[T], s: usize, first: usize, last: usize, mut needed: u64) -> (u64, u64) {
    let mut scanned = 0;
    let mut a = first;
    while a <= last && needed != 0 {
        let end = (a + BLOCK).min(last + 1);
        let left = &g[a..end];
        let right = &g[s + 1 - end..=s - a];
        // Values of 64 and above are never needed here.
        let bit = |x: &T, y: &T| {
            let v = x.get() ^ y.get();
            u64::from(v < 64) << (v & 63)
        };
        // Pair k is (left[k], right[len - 1 - k]): walk left forwards and
        // right backwards, four pairs at a time.
        let (mut l0, mut l1, mut l2, mut l3) = (0u64, 0u64, 0u64, 0u64);
        let (lefts, rights) = (left.chunks_exact(4), right.rchunks_exact(4));
        let (left_rest, right_rest) = (lefts.remainder(), rights.remainder());
        for (l, r) in lefts.zip(rights) {
            l0 |= bit(&l[0], &r[3]);
            l1 |= bit(&l[1], &r[2]);
            l2 |= bit(&l[2], &r[1]);
            l3 |= bit(&l[3], &r[0]);
        }
        for (x, y) in left_rest.iter().zip(right_rest.iter().rev()) {
            l0 |= bit(x, y);
        }
        needed &= !(l0 | l1 | l2 | l3);
        scanned += (end - a) as u64;
        a = end;
    }
    (needed, scanned)
}

/// The most words of needed values [`few_words`] takes.
const WIDE_WORDS: usize = 16;

/// Pairs [`few_words`] scans between updates of the needed set.
const WIDE_BLOCK: usize = 64;

/// [`portable`] when the needed values are below 1024: as in [`one_word`],
/// the values seen in a block go to four independent sets (on the stack
/// now, a bit per value below 1024), merged into `needed` once a block.
fn few_words<T: Cell>(
    g: &[T],
    s: usize,
    first: usize,
    last: usize,
    needed: &mut [u64],
) -> (u32, u64) {
    let mut missing: u32 = needed.iter().map(|w| w.count_ones()).sum();
    let mut scanned = 0;
    let mut a = first;
    while a <= last && missing > 0 {
        let end = (a + WIDE_BLOCK).min(last + 1);
        let left = &g[a..end];
        let right = &g[s + 1 - end..=s - a];
        let mut seen = [[0u64; WIDE_WORDS]; 4];
        let mut see = |lane: usize, x: &T, y: &T| {
            // Every value is below 1024 (the caller checks the capacity).
            let v = (x.get() ^ y.get()) as usize;
            seen[lane][(v >> 6) % WIDE_WORDS] |= 1 << (v & 63);
        };
        let (lefts, rights) = (left.chunks_exact(4), right.rchunks_exact(4));
        let (left_rest, right_rest) = (lefts.remainder(), rights.remainder());
        for (l, r) in lefts.zip(rights) {
            see(0, &l[0], &r[3]);
            see(1, &l[1], &r[2]);
            see(2, &l[2], &r[1]);
            see(3, &l[3], &r[0]);
        }
        for (x, y) in left_rest.iter().zip(right_rest.iter().rev()) {
            see(0, x, y);
        }
        missing = 0;
        for (w, word) in needed.iter_mut().enumerate() {
            *word &= !(seen[0][w] | seen[1][w] | seen[2][w] | seen[3][w]);
            missing += word.count_ones();
        }
        scanned += (end - a) as u64;
        a = end;
    }
    (missing, scanned)
}

/// Clears the bit of `x` in `needed` if it is set; returns 1 if it was.
#[inline(always)]
pub(crate) fn clear(needed: &mut [u64], x: u32) -> u32 {
    let Some(word) = needed.get_mut(x as usize / 64) else {
        return 0;
    };
    let bit = 1u64 << (x % 64);
    let hit = *word & bit;
    *word ^= hit;
    (hit != 0) as u32
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    //! The x86-64 kernels. Each walks whole vectors of splits and leaves
    //! the last few splits (fewer than a vector) to the portable loop.

    use std::arch::x86_64::*;

    use super::{Scan, clear, one_word, portable};

    /// Byte `k` is `63 - k`: a permutation with it reverses 64 bytes.
    const REVERSE_BYTES: [u8; 64] = {
        let mut bytes = [0u8; 64];
        let mut k = 0;
        while k < 64 {
            bytes[k] = 63 - k as u8;
            k += 1;
        }
        bytes
    };

    /// The XORs of 64 splits of one-byte values: lane `k` holds
    /// `G(a + k) ⊕ G(s − a − k)`.
    ///
    /// # Safety
    /// The processor must have AVX-512 F, BW and VBMI; the 64 splits must
    /// lie in the table: `a + 63 < g.len()`, `a + 63 <= s` and `s − a <
    /// g.len()`.
    #[inline]
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    unsafe fn xor_bytes(g: &[u8], s: usize, a: usize, reverse: __m512i) -> __m512i {
        let g = g.as_ptr();
        // SAFETY: the caller keeps both 64-byte loads inside the table.
        let (left, right) = unsafe {
            (
                _mm512_loadu_si512(g.add(a).cast()),
                _mm512_loadu_si512(g.add(s - a - 63).cast()),
            )
        };
        _mm512_xor_si512(left, _mm512_permutexvar_epi8(reverse, right))
    }

    /// [`Scan::run_one_word`] with AVX-512: a bit shuffle (BITALG) looks
    /// each of 64 splits' values up in the needed set at once, however
    /// many values are needed.
    ///
    /// # Safety
    /// The processor must have AVX-512 F, BW, VBMI and BITALG; `scan`'s
    /// splits must lie in its table.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512bitalg")]
    pub unsafe fn avx512_u8_one_word(scan: &Scan<'_, u8>, mut needed: u64) -> (u64, u64) {
        const LANES: usize = 64;
        // SAFETY: the constant holds the 64 bytes loaded.
        let reverse = unsafe { _mm512_loadu_si512(REVERSE_BYTES.as_ptr().cast()) };
        let (mut wanted, below_64) = (_mm512_set1_epi64(needed as i64), _mm512_set1_epi8(64));
        let mut a = scan.first;
        let mut scanned = 0;
        while a + LANES <= scan.last + 1 {
            // SAFETY: `a + 63 <= last < g.len()` and `s - a - 63 >= s - last
            // >= 1` (the invariant `Scan::run_one_word` checks).
            let x = unsafe { xor_bytes(scan.g, scan.s, a, reverse) };
            // Lane j: bit x_j of the needed set; the shuffle reads six bits
            // of x_j, so larger values (none, while the values stay below
            // 64) are left out rather than read as others.
            let mut hit =
                _mm512_bitshuffle_epi64_mask(wanted, x) & _mm512_cmplt_epu8_mask(x, below_64);
            a += LANES;
            scanned += LANES as u64;
            if hit == 0 {
                continue;
            }
            while hit != 0 {
                // Lane j's value, moved to lane 0 (in registers: through
                // memory, the load waited for the store).
                let j = _mm512_set1_epi8(hit.trailing_zeros() as i8);
                let v =
                    _mm_cvtsi128_si32(_mm512_castsi512_si128(_mm512_permutexvar_epi8(j, x))) as u8;
                needed &= !(1 << (v & 63));
                hit &= !_mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(v as i8));
            }
            if needed == 0 {
                return (0, scanned);
            }
            wanted = _mm512_set1_epi64(needed as i64);
        }
        // The last splits, fewer than a vector.
        let (left, rest) = one_word(scan.g, scan.s, a, scan.last, needed);
        (left, scanned + rest)
    }

    /// The first `N` values of `needed`, ascending, the first repeated to
    /// fill the slots, and how many there were.
    fn slots<const N: usize>(needed: &[u64]) -> ([u32; N], usize) {
        let mut values = [0u32; N];
        let mut count = 0;
        for (w, &word) in needed.iter().enumerate() {
            let mut bits = word;
            while bits != 0 && count < N {
                values[count] = (w * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                count += 1;
            }
        }
        // (A map, not a loop from `count`, which becomes a call to
        // `memset`.)
        let first = values[0];
        let filled = std::array::from_fn(|k| if k < count { values[k] } else { first });
        (filled, count)
    }

    /// Needed values compared at once by the AVX2 kernels; with more, they
    /// run the portable loop until enough are found.
    const FEW: usize = 8;

    /// Vectors the AVX2 kernels scan between checks of their matches.
    const AVX2_ROUND: usize = 4;

    /// Steps the AVX-512 kernels with the needed set in registers take
    /// between looks at what they found (see [`avx512_u16`]): 2 and 8
    /// measured slower on Officers.
    const ROUND: usize = 4;

    /// The AVX-512 kernel for two-byte values below 1024.
    ///
    /// Each step looks the XORs of 32 splits up in the needed set, held in
    /// two registers, and packs the values that hit into the first lanes
    /// of a register (a compress, VBMI2). Only after [`ROUND`] steps are
    /// they cleared from the set, each value moved to the first lane by a
    /// permutation and cleared in the registers. Clearing each hit as it
    /// came, through a copy of the step in memory, cost more than the
    /// whole vector loop on Officers (a branch that could not be
    /// predicted, and each value read back from a store just made); now a
    /// round costs one such branch at most, and nothing goes through
    /// memory. Within a round the set may still hold values already
    /// found, which only adds values to clear twice. The splits scanned
    /// are counted to the step that found the last value, as when each hit
    /// was cleared at once.
    ///
    /// # Safety
    /// The processor must have AVX-512 F, BW and VBMI2, POPCNT and BMI1;
    /// `scan`'s splits must lie in its table.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,popcnt,bmi1")]
    pub unsafe fn avx512_u16(scan: &Scan<'_, u16>, needed: &mut [u64], missing: u32) -> (u32, u64) {
        const LANES: usize = 32;
        if missing == 0 {
            return (0, 0);
        }
        // The needed set as 64 words of 16 bits, in two registers.
        let mut set = [0u64; 16];
        let words = needed.len().min(16);
        set[..words].copy_from_slice(&needed[..words]);
        // SAFETY: `set` holds 16 words, 128 bytes: the two 64-byte loads
        // read its first and second halves. (AVX-512 F is a precondition of
        // this function.)
        let (mut low, mut high) = unsafe {
            (
                _mm512_loadu_si512(set.as_ptr().cast()),
                _mm512_loadu_si512(set.as_ptr().add(8).cast()),
            )
        };
        let reverse = _mm512_set_epi16(
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
            24, 25, 26, 27, 28, 29, 30, 31,
        );
        let (one, fifteen) = (_mm512_set1_epi16(1), _mm512_set1_epi16(15));
        let (g, s) = (scan.g.as_ptr(), scan.s);
        // Each step's values that hit, packed, and how many.
        let mut packed = [_mm512_setzero_si512(); ROUND];
        let mut counts = [0u32; ROUND];
        let mut a = scan.first;
        let mut scanned = 0;
        'scan: while a + LANES <= scan.last + 1 {
            let (mut any, mut steps) = (0, 0);
            while steps < ROUND && a + LANES <= scan.last + 1 {
                // Lane k holds the split (a + k, s − a − k).
                // SAFETY: `a + 31 <= last < g.len()` and `s - a - 31 >= s -
                // last >= 1` (the invariant `Scan::run` checks).
                let (left, right) = unsafe {
                    (
                        _mm512_loadu_si512(g.add(a).cast()),
                        _mm512_loadu_si512(g.add(s - a - (LANES - 1)).cast()),
                    )
                };
                let x = _mm512_xor_si512(left, _mm512_permutexvar_epi16(reverse, right));
                let word = _mm512_permutex2var_epi16(low, _mm512_srli_epi16::<4>(x), high);
                let bit = _mm512_sllv_epi16(one, _mm512_and_si512(x, fifteen));
                let hits = _mm512_test_epi16_mask(word, bit);
                packed[steps] = _mm512_maskz_compress_epi16(hits, x);
                counts[steps] = hits.count_ones();
                any |= hits;
                steps += 1;
                a += LANES;
                scanned += LANES as u64;
            }
            if any == 0 {
                continue;
            }
            for step in 0..steps {
                for k in 0..counts[step] {
                    let lane = _mm512_set1_epi16(k as i16);
                    let v = _mm_cvtsi128_si32(_mm512_castsi512_si128(_mm512_permutexvar_epi16(
                        lane,
                        packed[step],
                    ))) as u32;
                    let (word, bit) = (1u64 << ((v >> 4) & 63), (1u16 << (v & 15)) as i16);
                    low = _mm512_andnot_si512(_mm512_maskz_set1_epi16(word as u32, bit), low);
                    high = _mm512_andnot_si512(
                        _mm512_maskz_set1_epi16((word >> 32) as u32, bit),
                        high,
                    );
                }
                let either = _mm512_or_si512(low, high);
                if counts[step] != 0 && _mm512_test_epi64_mask(either, either) == 0 {
                    // The steps after the one that found the last value.
                    let after = (steps - 1 - step) * LANES;
                    a -= after;
                    scanned -= after as u64;
                    break 'scan;
                }
            }
        }
        // SAFETY: the two 64-byte stores fill the two halves of `set`'s
        // 128 bytes, as the loads above read them.
        unsafe {
            _mm512_storeu_si512(set.as_mut_ptr().cast(), low);
            _mm512_storeu_si512(set.as_mut_ptr().add(8).cast(), high);
        }
        let missing = set.iter().map(|w| w.count_ones()).sum();
        needed[..words].copy_from_slice(&set[..words]);
        finish(scan, a, needed, missing, scanned)
    }

    /// The AVX-512 kernel for one-byte values, in rounds as
    /// [`avx512_u16`].
    ///
    /// # Safety
    /// The processor must have AVX-512 F, BW, VBMI and VBMI2, POPCNT and
    /// BMI1; `scan`'s splits must lie in its table.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vbmi2,popcnt,bmi1")]
    pub unsafe fn avx512_u8(scan: &Scan<'_, u8>, needed: &mut [u64], missing: u32) -> (u32, u64) {
        const LANES: usize = 64;
        if missing == 0 {
            return (0, 0);
        }
        // The needed set as 32 bytes (values below 256), padded to 64.
        let mut set = [0u64; 8];
        let words = needed.len().min(4);
        set[..words].copy_from_slice(&needed[..words]);
        // SAFETY: `set` is 8 words, the 64 bytes loaded.
        let mut bytes = unsafe { _mm512_loadu_si512(set.as_ptr().cast()) };
        // SAFETY: the constant holds the 64 bytes loaded.
        let reverse = unsafe { _mm512_loadu_si512(REVERSE_BYTES.as_ptr().cast()) };
        // The bit of `v & 7` in a byte, looked up in each 128-bit lane.
        let bits = _mm512_broadcast_i32x4(_mm_setr_epi8(
            1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, 0,
        ));
        let (seven, thirty_one) = (_mm512_set1_epi8(7), _mm512_set1_epi8(31));
        let mut packed = [_mm512_setzero_si512(); ROUND];
        let mut counts = [0u32; ROUND];
        let mut a = scan.first;
        let mut scanned = 0;
        'scan: while a + LANES <= scan.last + 1 {
            let (mut any, mut steps) = (0, 0);
            while steps < ROUND && a + LANES <= scan.last + 1 {
                // SAFETY: `a + 63 <= last < g.len()` and `s - a - 63 >= s -
                // last >= 1` (the invariant `Scan::run` checks).
                let x = unsafe { xor_bytes(scan.g, scan.s, a, reverse) };
                let byte_index = _mm512_and_si512(_mm512_srli_epi16::<3>(x), thirty_one);
                let byte = _mm512_permutexvar_epi8(byte_index, bytes);
                let bit = _mm512_shuffle_epi8(bits, _mm512_and_si512(x, seven));
                let hits = _mm512_test_epi8_mask(byte, bit);
                packed[steps] = _mm512_maskz_compress_epi8(hits, x);
                counts[steps] = hits.count_ones();
                any |= hits;
                steps += 1;
                a += LANES;
                scanned += LANES as u64;
            }
            if any == 0 {
                continue;
            }
            for step in 0..steps {
                for k in 0..counts[step] {
                    let lane = _mm512_set1_epi8(k as i8);
                    let v = _mm_cvtsi128_si32(_mm512_castsi512_si128(_mm512_permutexvar_epi8(
                        lane,
                        packed[step],
                    ))) as u8;
                    let one = _mm512_maskz_set1_epi8(1u64 << (v >> 3), (1u8 << (v & 7)) as i8);
                    bytes = _mm512_andnot_si512(one, bytes);
                }
                if counts[step] != 0 && _mm512_test_epi64_mask(bytes, bytes) == 0 {
                    // The steps after the one that found the last value.
                    let after = (steps - 1 - step) * LANES;
                    a -= after;
                    scanned -= after as u64;
                    break 'scan;
                }
            }
        }
        // SAFETY: `set` is 8 words, the 64 bytes stored.
        unsafe { _mm512_storeu_si512(set.as_mut_ptr().cast(), bytes) };
        let missing = set.iter().map(|w| w.count_ones()).sum();
        needed[..words].copy_from_slice(&set[..words]);
        finish(scan, a, needed, missing, scanned)
    }

    /// The AVX-512 kernel for one-byte values when at most `SLOTS` (fewer
    /// than 32) are needed: each needed value is broadcast once, and each
    /// step of 64 splits is compared with every one of them, which costs
    /// less than the lookup of [`avx512_u8`] and needs no warm-up in the
    /// portable loop. Needed values must be below 256 (the scan's capacity
    /// at most 256).
    ///
    /// # Safety
    /// The processor must have AVX-512 F, BW and VBMI; `scan`'s splits must
    /// lie in its table.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub unsafe fn avx512_u8_few<const SLOTS: usize>(
        scan: &Scan<'_, u8>,
        needed: &mut [u64],
        missing: u32,
    ) -> (u32, u64) {
        const { assert!(SLOTS >= 1 && SLOTS < 32) };
        const LANES: usize = 64;
        let (slot, count) = slots::<SLOTS>(needed);
        debug_assert!(count == missing as usize && slot.iter().all(|&v| v < 256));
        if count == 0 {
            return (missing, 0);
        }
        let wanted = slot.map(|v| _mm512_set1_epi8(v as u8 as i8));
        // SAFETY: the constant holds the 64 bytes loaded.
        let reverse = unsafe { _mm512_loadu_si512(REVERSE_BYTES.as_ptr().cast()) };
        // A bit per slot still not found.
        let mut open = (1u32 << SLOTS) - 1;
        let mut a = scan.first;
        let mut scanned = 0;
        while open != 0 && a + LANES <= scan.last + 1 {
            // SAFETY: `a + 63 <= last < g.len()` and `s - a - 63 >= s - last
            // >= 1` (the invariant `Scan::run` checks).
            let x = unsafe { xor_bytes(scan.g, scan.s, a, reverse) };
            let mut seen = 0;
            for (k, &v) in wanted.iter().enumerate() {
                seen |= u32::from(_mm512_cmpeq_epi8_mask(x, v) != 0) << k;
            }
            open &= !seen;
            a += LANES;
            scanned += LANES as u64;
        }
        let mut missing = missing;
        for (k, &v) in slot.iter().enumerate().take(count) {
            if open & (1 << k) == 0 {
                missing -= clear(needed, v);
            }
        }
        finish(scan, a, needed, missing, scanned)
    }

    /// The AVX2 kernel for two-byte values.
    ///
    /// # Safety
    /// The processor must have AVX2; `scan`'s splits must lie in its table.
    #[target_feature(enable = "avx2")]
    pub unsafe fn avx2_u16(scan: &Scan<'_, u16>, needed: &mut [u64], missing: u32) -> (u32, u64) {
        // Reverses the words of each 128-bit lane; the lanes are then
        // swapped.
        let reverse = _mm256_setr_epi8(
            14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6,
            7, 4, 5, 2, 3, 0, 1,
        );
        let g = scan.g.as_ptr();
        // SAFETY: `avx2_few` calls `pairs(a)` only with `a + 15 <= last`,
        // so both 32-byte loads, `G(a..=a + 15)` and `G(s − a − 15..=s −
        // a)`, lie in the table: `a + 15 <= last < g.len()` and `s − a − 15
        // >= s − last >= 1`, `s − a <= s − first < g.len()` (the caller's
        // precondition). AVX2 is this function's precondition, and the
        // closure is called only from `avx2_few`, which needs it too.
        let pairs = |a: usize| unsafe {
            let left = _mm256_loadu_si256(g.add(a).cast());
            let right = _mm256_loadu_si256(g.add(scan.s - a - 15).cast());
            let right = _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(right, reverse));
            _mm256_xor_si256(left, right)
        };
        let matches =
            |x: __m256i, v: u32| _mm256_cmpeq_epi16(x, _mm256_set1_epi16(v as u16 as i16));
        // SAFETY: the processor has AVX2 and the splits lie in the table
        // (this function's preconditions); `pairs` loads 16 splits.
        unsafe { avx2_few(scan, needed, missing, 16, pairs, matches) }
    }

    /// The AVX2 kernel for one-byte values.
    ///
    /// # Safety
    /// The processor must have AVX2; `scan`'s splits must lie in its table.
    #[target_feature(enable = "avx2")]
    pub unsafe fn avx2_u8(scan: &Scan<'_, u8>, needed: &mut [u64], missing: u32) -> (u32, u64) {
        let reverse = _mm256_setr_epi8(
            15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8, 7,
            6, 5, 4, 3, 2, 1, 0,
        );
        let g = scan.g.as_ptr();
        // SAFETY: `avx2_few` calls `pairs(a)` only with `a + 31 <= last`,
        // so both 32-byte loads lie in the table, as in `avx2_u16`.
        let pairs = |a: usize| unsafe {
            let left = _mm256_loadu_si256(g.add(a).cast());
            let right = _mm256_loadu_si256(g.add(scan.s - a - 31).cast());
            let right = _mm256_permute4x64_epi64::<0x4E>(_mm256_shuffle_epi8(right, reverse));
            _mm256_xor_si256(left, right)
        };
        let matches = |x: __m256i, v: u32| {
            // A needed value of 256 or more never matches a byte.
            if v < 256 {
                _mm256_cmpeq_epi8(x, _mm256_set1_epi8(v as u8 as i8))
            } else {
                _mm256_setzero_si256()
            }
        };
        // SAFETY: the processor has AVX2 and the splits lie in the table
        // (this function's preconditions); `pairs` loads 32 splits.
        unsafe { avx2_few(scan, needed, missing, 32, pairs, matches) }
    }

    /// The AVX2 scan: while more than [`FEW`] values are needed, a round's
    /// worth of splits at a time goes through the portable loop; then the
    /// needed values are broadcast and compared with each vector of XORs
    /// (`pairs(a)`: lane k is the XOR of the split `(a + k, s − a − k)`),
    /// the matches gathered over [`AVX2_ROUND`] vectors at a time.
    ///
    /// It calls `pairs(a)` only for `a + lanes <= last + 1`, the vector of
    /// splits `a..a + lanes` inside the scan: the callers' closures load
    /// without bounds checks on that promise.
    ///
    /// # Safety
    /// The processor must have AVX2; `scan`'s splits must lie in its table.
    #[target_feature(enable = "avx2")]
    unsafe fn avx2_few<T: crate::seq::store::Cell>(
        scan: &Scan<'_, T>,
        needed: &mut [u64],
        mut missing: u32,
        lanes: usize,
        pairs: impl Fn(usize) -> __m256i,
        matches: impl Fn(__m256i, u32) -> __m256i,
    ) -> (u32, u64) {
        let mut a = scan.first;
        let mut scanned = 0;
        let round = lanes * AVX2_ROUND;
        while missing > 0 && a + round <= scan.last + 1 {
            if missing as usize > FEW {
                let part = Scan {
                    last: a + round - 1,
                    ..*scan
                };
                let (left, seen) = portable(&part, a, needed, missing);
                (missing, scanned, a) = (left, scanned + seen, a + round);
                continue;
            }
            // The needed values, the first repeated to fill the slots.
            let (few, count) = slots::<FEW>(needed);
            let mut seen = [_mm256_setzero_si256(); FEW];
            for step in 0..AVX2_ROUND {
                let x = pairs(a + step * lanes);
                for (acc, &v) in seen.iter_mut().zip(&few) {
                    *acc = _mm256_or_si256(*acc, matches(x, v));
                }
            }
            for (acc, &v) in seen.iter().zip(&few[..count]) {
                if _mm256_testz_si256(*acc, *acc) == 0 {
                    missing -= clear(needed, v);
                }
            }
            a += round;
            scanned += round as u64;
        }
        finish(scan, a, needed, missing, scanned)
    }

    /// The splits from `a` on that did not fill a vector.
    fn finish<T: crate::seq::store::Cell>(
        scan: &Scan<'_, T>,
        a: usize,
        needed: &mut [u64],
        missing: u32,
        scanned: u64,
    ) -> (u32, u64) {
        if missing == 0 || a > scan.last {
            return (missing, scanned);
        }
        let (missing, rest) = portable(scan, a, needed, missing);
        (missing, scanned + rest)
    }
}

// Tried and dropped: the pass over the rare positions with AVX-512 gathers
// (sixteen `G(s − r)` a step, the XORs added to a bit set of values) took
// Officers to 500 000 from 1.1 s to 1.9 s on an AMD EPYC: the gathers cost
// more than the scalar loads they replace. The block pass of
// `super::block` gives the vector units contiguous loads instead.

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lcg::Lcg;

    /// Every kernel this processor runs leaves the same needed set as the
    /// portable loop, on random tables of one- and two-byte values with
    /// capacities on both sides of the vector kernels' limits, and needed
    /// sets from one value to all of them.
    #[test]
    fn every_kernel_finds_what_the_portable_loop_finds() {
        for kernel in Kernel::available() {
            finds_what_the_portable_loop_finds(kernel, 3000);
        }
    }

    /// The check of [`every_kernel_finds_what_the_portable_loop_finds`]
    /// for one kernel, over the first `cases` cases.
    fn finds_what_the_portable_loop_finds(kernel: Kernel, cases: usize) {
        let mut rng = Lcg(7);
        for case in 0..cases {
            let cap = [4u32, 64, 256, 512, 1024, 4096][case % 6];
            let len = 40 + rng.below(600) as usize;
            // Few distinct values in some tables, so that some needed
            // values are never found and scans run to the end.
            let spread = if case % 3 == 0 { cap.min(8) } else { cap };
            let values: Vec<u32> = (0..len)
                .map(|_| rng.below(u64::from(spread)) as u32)
                .collect();
            let s = len / 2 + rng.below(len as u64 / 2) as usize;
            let first = (s + 1).saturating_sub(len).max(1);
            let last = if case % 2 == 0 { s / 2 } else { (s - 1) / 2 };
            let words = cap as usize / 64 + 1;
            let mut needed = vec![0u64; words];
            let wanted = 1 + rng.below(u64::from(cap.min(300))) as u32;
            for _ in 0..wanted {
                let v = rng.below(u64::from(cap)) as u32;
                needed[v as usize / 64] |= 1 << (v % 64);
            }
            let missing: u32 = needed.iter().map(|w| w.count_ones()).sum();
            let run = |kernel: Kernel, needed: &mut [u64]| -> u32 {
                if cap <= 256 {
                    let g: Vec<u8> = values.iter().map(|&v| v as u8).collect();
                    let scan = Scan {
                        g: &g,
                        s,
                        first,
                        last,
                        cap,
                    };
                    scan.run(kernel, needed, missing).0
                } else {
                    let g: Vec<u16> = values.iter().map(|&v| v as u16).collect();
                    let scan = Scan {
                        g: &g,
                        s,
                        first,
                        last,
                        cap,
                    };
                    scan.run(kernel, needed, missing).0
                }
            };
            let mut expected = needed.clone();
            let left = run(Kernel::Portable, &mut expected);
            // The portable loop against the definition.
            let mut definition = needed.clone();
            for a in first..=last {
                clear(&mut definition, values[a] ^ values[s - a]);
            }
            assert_eq!(expected, definition, "case {case}");
            assert_eq!(left, definition.iter().map(|w| w.count_ones()).sum::<u32>());
            let mut got = needed.clone();
            let got_left = run(kernel, &mut got);
            assert_eq!(
                (got_left, &got),
                (left, &expected),
                "{kernel:?}, case {case}"
            );
        }
    }

    /// The scan with the needed set in a register leaves what the
    /// definition leaves, by every kernel, on one- and two-byte tables of
    /// values below 64 (and, to check the vector path leaves larger ones
    /// out, below 128), for scans shorter and longer than a vector, needed
    /// sets of one value to all 64 and values no split gives.
    #[test]
    fn scans_in_one_word_find_what_the_definition_finds() {
        for kernel in Kernel::available() {
            one_word_finds_what_the_definition_finds(kernel, 4000);
        }
    }

    /// The check of [`scans_in_one_word_find_what_the_definition_finds`]
    /// for one kernel, over the first `cases` cases.
    fn one_word_finds_what_the_definition_finds(kernel: Kernel, cases: usize) {
        let mut rng = Lcg(64);
        for case in 0..cases {
            let spread = [2u64, 8, 64, 128][case % 4];
            let len = 3 + rng.below(500) as usize;
            let values: Vec<u32> = (0..len).map(|_| rng.below(spread) as u32).collect();
            let s = len / 2 + rng.below(len as u64 / 2 + 1) as usize;
            let s = s.clamp(2, len);
            let first = (s + 1).saturating_sub(len).max(1) + rng.below(3) as usize;
            let last = if case % 2 == 0 { s / 2 } else { (s - 1) / 2 };
            let needed = match case % 3 {
                0 => 1 << rng.below(64),
                1 => rng.next(),
                _ => !0,
            };
            let want = (first..=last).fold(needed, |left, a| {
                let v = values[a] ^ values[s - a];
                if v < 64 { left & !(1 << v) } else { left }
            });
            fn left<T: Cell>(
                g: &[T],
                s: usize,
                first: usize,
                last: usize,
                kernel: Kernel,
                needed: u64,
            ) -> u64 {
                let scan = Scan {
                    g,
                    s,
                    first,
                    last,
                    cap: 64,
                };
                scan.run_one_word(kernel, needed).0
            }
            let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
            let words: Vec<u16> = values.iter().map(|&v| v as u16).collect();
            let got8 = left(&bytes, s, first, last, kernel, needed);
            let got16 = left(&words, s, first, last, kernel, needed);
            assert_eq!(got8, want, "{kernel:?} bytes, case {case}");
            assert_eq!(got16, want, "{kernel:?} words, case {case}");
        }
    }

    /// Scans for one to nine values (the AVX-512 kernel for few one-byte
    /// values takes up to eight), some of which no split gives and some of
    /// which several lanes of one step give: every kernel leaves the set
    /// the definition leaves, through `Scan::run` and, where the processor
    /// has AVX-512, through each instance of the few-values kernel called
    /// directly (with as many values as slots, and with fewer, so that the
    /// padded slots are used), for scans shorter and longer than a vector.
    #[test]
    fn few_needed_values_are_found_by_every_kernel() {
        for kernel in Kernel::available() {
            finds_few_needed_values(kernel, 4000);
        }
    }

    /// The check of [`few_needed_values_are_found_by_every_kernel`] for
    /// one kernel, over the first `cases` cases.
    fn finds_few_needed_values(kernel: Kernel, cases: usize) {
        let mut rng = Lcg(11);
        for case in 0..cases {
            let spread = [2u64, 4, 16, 64, 256][case % 5];
            let len = 3 + rng.below(400) as usize;
            let g: Vec<u8> = (0..len).map(|_| rng.below(spread) as u8).collect();
            let s = len / 2 + rng.below(len as u64 / 2 + 1) as usize;
            let s = s.clamp(2, len - 1);
            let first = (s + 1).saturating_sub(len).max(1);
            let last = if case % 2 == 0 { s / 2 } else { (s - 1) / 2 };
            let mut needed = vec![0u64; 5];
            // Values up to twice the spread: some are never met.
            for _ in 0..1 + rng.below(9) {
                let v = rng.below(2 * spread).min(255) as u32;
                needed[v as usize / 64] |= 1 << (v % 64);
            }
            let missing: u32 = needed.iter().map(|w| w.count_ones()).sum();
            let mut definition = needed.clone();
            for a in first..=last {
                clear(&mut definition, u32::from(g[a] ^ g[s - a]));
            }
            let left: u32 = definition.iter().map(|w| w.count_ones()).sum();
            let scan = Scan {
                g: &g,
                s,
                first,
                last,
                cap: 256,
            };
            let mut got = needed.clone();
            let got_left = scan.run(kernel, &mut got, missing).0;
            assert_eq!(
                (got_left, &got),
                (left, &definition),
                "{kernel:?}, case {case}"
            );
            #[cfg(target_arch = "x86_64")]
            if kernel == Kernel::Avx512 && scan.first <= scan.last {
                let direct = |slots: usize, needed: &mut [u64]| {
                    scan.assert_inside();
                    // SAFETY: the processor has AVX-512 F, BW and VBMI
                    // (`kernel` came from `Kernel::available`), and the
                    // splits lie in the table (`assert_inside` just above).
                    unsafe {
                        match slots {
                            4 => x86::avx512_u8_few::<4>(&scan, needed, missing),
                            _ => x86::avx512_u8_few::<8>(&scan, needed, missing),
                        }
                    }
                    .0
                };
                for slots in [4, 8] {
                    if missing as usize <= slots {
                        let mut got = needed.clone();
                        let got_left = direct(slots, &mut got);
                        assert_eq!(
                            (got_left, &got),
                            (left, &definition),
                            "{slots} slots, case {case}"
                        );
                    }
                }
            }
        }
    }

    /// Whether the processor has `kernel`'s features, asked of the
    /// processor here rather than through [`Kernel::available`], so that a
    /// kernel dropped from that list by mistake is missed by the check
    /// below. The match is exhaustive: a new kernel must be added here.
    fn processor_has(kernel: Kernel) -> bool {
        match kernel {
            Kernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => {
                std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512bw")
                    && std::arch::is_x86_feature_detected!("avx512vbmi")
                    && std::arch::is_x86_feature_detected!("avx512vbmi2")
                    && std::arch::is_x86_feature_detected!("popcnt")
                    && std::arch::is_x86_feature_detected!("bmi1")
            }
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx2 | Kernel::Avx512 => false,
        }
    }

    /// The kernel tests above loop over [`Kernel::available`], so a kernel
    /// missing from it would go untested without a word. This test runs
    /// each of their checks (on fewer cases) for every kernel in that list,
    /// fails unless the kernels exercised are exactly those the processor
    /// has, and prints, outside the test harness's capture so that every
    /// run shows it, a line such as
    /// `SIMD kernels exercised: portable, avx2, avx512; skipped (CPU lacks): none`.
    #[test]
    fn every_kernel_the_cpu_has_is_tested() {
        let all = [Kernel::Portable, Kernel::Avx2, Kernel::Avx512];
        let mut exercised = Vec::new();
        for kernel in Kernel::available() {
            finds_what_the_portable_loop_finds(kernel, 300);
            one_word_finds_what_the_definition_finds(kernel, 400);
            finds_few_needed_values(kernel, 400);
            exercised.push(kernel);
        }
        let names = |kernels: &[Kernel]| match kernels {
            [] => "none".to_string(),
            _ => kernels
                .iter()
                .map(|k| k.name())
                .collect::<Vec<_>>()
                .join(", "),
        };
        let skipped: Vec<Kernel> = all.into_iter().filter(|k| !exercised.contains(k)).collect();
        let report = format!(
            "SIMD kernels exercised: {}; skipped (CPU lacks): {}",
            names(&exercised),
            names(&skipped)
        );
        // (`eprintln!` would be captured, and shown only on failure or
        // with `--nocapture`.)
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "{report}");
        let has: Vec<Kernel> = all.into_iter().filter(|&k| processor_has(k)).collect();
        assert_eq!(exercised, has, "{report}");
    }

    #[test]
    fn a_kernel_the_processor_lacks_is_refused_by_name() {
        assert_eq!(Kernel::choose(Simd::Portable).unwrap(), Kernel::Portable);
        assert_eq!(Kernel::choose(Simd::Auto).unwrap(), Kernel::best());
        for (simd, kernel) in [(Simd::Avx2, Kernel::Avx2), (Simd::Avx512, Kernel::Avx512)] {
            match Kernel::choose(simd) {
                Ok(k) => assert!(k == kernel && Kernel::available().contains(&kernel)),
                Err(e) => {
                    assert!(!Kernel::available().contains(&kernel));
                    assert!(e.to_string().contains(kernel.name()), "{e}");
                }
            }
        }
    }
}
