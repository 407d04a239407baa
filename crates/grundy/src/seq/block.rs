//! The long-range part of the sparse engine's pass over the rare
//! positions, done for a block of heaps at once.
//!
//! For heap `n` and a split removal `i`, the rare pass marks
//! `G(r) ⊕ G(s − r)` with `s = n − i` for every rare `r`. Heap by heap, each
//! pair costs three scattered loads (`r`, `G(r)`, `G(s − r)`) and a store.
//! For the heaps `first..first + len` of a block, every rare `r` with
//! `len − i <= r < first − i` pairs with heaps `s − r` that all lie below
//! `first`, in one contiguous run as `n` goes through the block: `G(r)` is
//! loaded once and the run of `G(s − r)` is read in order, which the
//! compiler turns into vector loads. The block keeps, for each of its
//! heaps, the values so marked; the few other rare positions (the smallest
//! ones, those inside the block, and for codes whose heaps must differ
//! those near `s / 2`) are done heap by heap.

use std::ops::Range;

use super::kernel::Kernel;
use super::store::Cell;

/// Heaps in a block: enough to amortise a rare position's loads, few
/// enough that the marks of the whole block stay in the first-level cache.
pub(crate) const BLOCK_HEAPS: usize = 32;

/// Blocks are used once there are this many rare positions: with fewer,
/// the pass over them is short anyway and a block's upkeep is not repaid
/// (0.106 to 10^7 was a third slower with blocks).
pub(crate) const MIN_RARE: usize = 256;

/// The first heap from which blocks are used: below it the rare positions
/// a block leaves to be done heap by heap are a large share of them all.
pub(crate) const FIRST_BLOCK: usize = 16 * BLOCK_HEAPS;

/// The smallest heap `a` whose pairs `(a, s − a)` with split removal `i`
/// lie below a block of `len` heaps for every heap `first + j` of it
/// (`s = first + j − i`, so `s − a < first` for every `j < len`), and at
/// least 1.
pub(crate) fn long_range_from(len: usize, i: usize) -> usize {
    len.saturating_sub(i).max(1)
}

/// For each heap of a block, the values of its rare pairs whose two heaps
/// are both below the block's first heap.
#[derive(Clone, Debug, Default)]
pub(crate) struct Block {
    /// The first heap.
    first: usize,
    /// How many heaps (0: no block).
    len: usize,
    /// Every value marked is below this.
    cap: usize,
    /// `stamp[j * cap + v] == tick` when `v` is marked for heap `first + j`.
    stamp: Vec<u8>,
    /// `rows[j] = j * cap`.
    rows: Vec<u32>,
    tick: u8,
    /// A shared block (see [`super::team`]) keeps its marks as bits, which
    /// the team ORs together: `bits[j * words + v / 64]` has bit `v % 64`
    /// when `v` is marked for heap `first + j`. Empty for other blocks.
    bits: Vec<u64>,
    /// Words of `bits` a heap.
    words: usize,
    /// For each split removal, the indices into the rare positions the
    /// block covers.
    covered: Vec<[Range<usize>; 2]>,
}

impl Block {
    /// Starts an empty block of heaps `first..first + len`, values below
    /// `cap`.
    pub fn start(&mut self, first: usize, len: usize, cap: usize) {
        self.first = first;
        self.len = len;
        self.cap = cap;
        self.covered.clear();
        self.bits.clear();
        self.tick = self.tick.wrapping_add(1);
        assert!(len <= BLOCK_HEAPS && len * cap <= u32::MAX as usize);
        if self.rows.get(1) != Some(&(cap as u32)) {
            self.rows = (0..BLOCK_HEAPS as u32).map(|j| j * cap as u32).collect();
        }
        if self.tick == 0 || self.stamp.len() < len * cap {
            self.stamp.clear();
            self.stamp.resize(BLOCK_HEAPS * cap, 0);
            self.tick = 1;
        }
    }

    /// Starts an empty shared block of heaps `first..first + len`, values
    /// below `cap`, marked in bits (any number of heaps).
    pub fn start_bits(&mut self, first: usize, len: usize, cap: usize) {
        self.first = first;
        self.len = len;
        self.cap = cap;
        self.covered.clear();
        self.words = cap.div_ceil(64);
        self.bits.clear();
        self.bits.resize(len * self.words, 0);
    }

    /// Heap `first + j`'s bits in a shared block.
    pub fn bits_row_mut(&mut self, j: usize) -> &mut [u64] {
        &mut self.bits[j * self.words..(j + 1) * self.words]
    }

    /// Adds heap `first + j`'s stamps, as bits, to `row` (a block marked by
    /// [`Block::mark_run`]).
    pub fn or_stamps_into(&self, j: usize, row: &mut [u64]) {
        let (cap, tick) = (self.cap, self.tick);
        let stamp = &self.stamp[j * cap..(j + 1) * cap];
        for (word, chunk) in row.iter_mut().zip(stamp.chunks(64)) {
            *word |= stamp_bits(chunk, tick);
        }
    }

    /// Adds the values in `more` (laid out as the block's bits) to a
    /// shared block's marks.
    pub fn or_bits(&mut self, more: &[u64]) {
        self.bits.iter_mut().zip(more).for_each(|(b, m)| *b |= m);
    }

    /// The bits of a shared block, for the team to OR together.
    pub fn bits_mut(&mut self) -> &mut [u64] {
        &mut self.bits
    }

    /// Marks `v ⊕ run[j]` for each heap `first + j` of the block; `run`
    /// has one value for each heap.
    ///
    /// This loop runs once for every rare position and every heap, so it
    /// is written for the processor: the indices are computed first in a
    /// loop the compiler vectorises, then stored to without bounds checks.
    #[inline]
    pub fn mark_run<T: Cell>(&mut self, v: u32, run: &[T]) {
        let (cap, tick, len) = (self.cap, self.tick, self.len);
        assert!(run.len() == len && len <= BLOCK_HEAPS && cap.is_power_of_two());
        // `rows` is rebuilt by `start` alone, while `start_bits` changes
        // `cap` too: the unchecked stores below need the rows of this
        // capacity (`rows[j] = j * rows[1]`).
        assert!(self.stamp.len() >= len * cap);
        assert!(self.rows.get(1).is_none_or(|&r| r as usize == cap));
        let mask = (cap - 1) as u32;
        let mut index = [0u32; BLOCK_HEAPS];
        for ((slot, b), row) in index.iter_mut().zip(run).zip(&self.rows) {
            // Values are below `cap`; the mask only keeps a broken
            // invariant inside the heap's own marks.
            *slot = row + ((v ^ b.get()) & mask);
        }
        for &i in &index[..len] {
            // SAFETY: `i = rows[j] + (x & (cap - 1))` for some `j < len`,
            // and `rows[j] = j * cap` (the row width is `cap`, asserted
            // above), so `i < len * cap <= stamp.len()`. (Were `rows` never
            // built, `i` is 0, and `len * cap >= 1` here.)
            unsafe { *self.stamp.get_unchecked_mut(i as usize) = tick };
        }
    }

    /// Marks [`Block::mark_run`] for each rare position `r` of `rare`
    /// (values `values`) with the run of `G(s0 − r)` on: the rare pairs
    /// of one split removal, `s0` being the block's first heap less the
    /// tokens removed.
    ///
    /// With AVX-512, one- or two-byte values and a whole block, a run's 32
    /// indices are computed in two vectors: the portable loop's code (SSE2 only,
    /// the build's baseline) was a third of this pass on Officers.
    pub fn mark_rare_runs<T: Cell>(
        &mut self,
        kernel: Kernel,
        rare: &[u32],
        values: &[u32],
        g: &[T],
        s0: usize,
    ) {
        #[cfg(target_arch = "x86_64")]
        if kernel == Kernel::Avx512 && self.len == BLOCK_HEAPS && T::BYTES <= 2 {
            use std::any::TypeId;
            // `Cell` is a public trait: `BYTES` does not by itself make `T`
            // a `u8` or a `u16`, so the type is checked. (Both comparisons
            // are decided at compile time.)
            let bytes = if TypeId::of::<T>() == TypeId::of::<u8>() {
                1
            } else {
                assert!(TypeId::of::<T>() == TypeId::of::<u16>());
                2
            };
            // SAFETY: `Avx512` stands for a check that the processor has
            // AVX-512 F and BW (see `Kernel`); the block holds 32 heaps,
            // and `bytes` is the size of `T`, a `u8` or a `u16` (checked
            // above).
            unsafe {
                self.mark_rare_runs_avx512(rare, values, g.as_ptr().cast(), g.len(), bytes, s0)
            };
            return;
        }
        let _ = kernel;
        for (&r, &v) in rare.iter().zip(values) {
            let b = s0 - r as usize;
            self.mark_run(v, &g[b..b + self.len]);
        }
    }

    /// [`Block::mark_rare_runs`] with AVX-512 for a block of
    /// [`BLOCK_HEAPS`] heaps, the table `g` of `len` values of `bytes`
    /// bytes each (1 or 2).
    ///
    /// # Safety
    /// The processor must have AVX-512 F and BW; `g` must point to `len`
    /// values of `bytes` bytes each.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw")]
    unsafe fn mark_rare_runs_avx512(
        &mut self,
        rare: &[u32],
        values: &[u32],
        g: *const u8,
        len: usize,
        bytes: usize,
        s0: usize,
    ) {
        use std::arch::x86_64::*;
        const { assert!(BLOCK_HEAPS == 32) };
        let (cap, tick) = (self.cap, self.tick);
        // Every index `j * cap + x` below is under `32 * cap`.
        assert!(self.len == BLOCK_HEAPS && cap.is_power_of_two() && cap <= 1 << 16);
        assert!(self.stamp.len() >= BLOCK_HEAPS * cap);
        let mask = _mm512_set1_epi16((cap - 1) as u16 as i16);
        let step = _mm512_set1_epi32(cap as i32);
        let first_rows = _mm512_mullo_epi32(
            _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
            step,
        );
        let rows = [
            first_rows,
            _mm512_add_epi32(first_rows, _mm512_slli_epi32::<4>(step)),
        ];
        let mut index = [0u32; BLOCK_HEAPS];
        for (&r, &v) in rare.iter().zip(values) {
            let b = s0 - r as usize;
            assert!(b + BLOCK_HEAPS <= len, "a run past the table");
            // The 32 values of the run widened to 16 bits, XOR-ed with the
            // rare position's value, within the capacity.
            // SAFETY: the run's 32 values lie in the table (asserted
            // above), `32 * bytes` bytes from `b * bytes` on.
            let x = unsafe {
                let at = g.add(b * bytes);
                if bytes == 1 {
                    _mm512_cvtepu8_epi16(_mm256_loadu_si256(at.cast()))
                } else {
                    _mm512_loadu_si512(at.cast())
                }
            };
            let x = _mm512_and_si512(
                _mm512_xor_si512(x, _mm512_set1_epi16(v as u16 as i16)),
                mask,
            );
            let halves = [
                _mm512_cvtepu16_epi32(_mm512_castsi512_si256(x)),
                _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64::<1>(x)),
            ];
            for (k, (half, row)) in halves.into_iter().zip(rows).enumerate() {
                // SAFETY: `index` holds 32 values, 16 stored from `16 k`.
                unsafe {
                    _mm512_storeu_si512(
                        index.as_mut_ptr().add(16 * k).cast(),
                        _mm512_add_epi32(half, row),
                    );
                }
            }
            for &i in &index {
                // SAFETY: `i = j * cap + (x & (cap - 1)) < 32 * cap <=
                // stamp.len()` (asserted above).
                unsafe { *self.stamp.get_unchecked_mut(i as usize) = tick };
            }
        }
    }

    /// Records which rare positions (indices) a split removal's marks
    /// covered; called once per split removal, in the order of the rules.
    pub fn cover(&mut self, ranges: [Range<usize>; 2]) {
        self.covered.push(ranges);
    }

    /// The block's part for heap `n`, if the block holds it.
    pub fn heap(&self, n: usize) -> Option<HeapMarks<'_>> {
        (self.len > 0 && n >= self.first && n < self.first + self.len).then(|| {
            let j = n - self.first;
            let row = if self.bits.is_empty() {
                Row::Stamps(&self.stamp[j * self.cap..(j + 1) * self.cap], self.tick)
            } else {
                Row::Bits(&self.bits[j * self.words..(j + 1) * self.words])
            };
            HeapMarks {
                row,
                covered: &self.covered,
            }
        })
    }

    /// The heap after the block's last.
    pub fn end(&self) -> usize {
        self.first + self.len
    }
}

/// One heap's part of a [`Block`].
#[derive(Clone, Copy)]
pub(crate) struct HeapMarks<'a> {
    row: Row<'a>,
    covered: &'a [[Range<usize>; 2]],
}

/// A heap's marks: byte stamps equal to a tick, or bits.
#[derive(Clone, Copy)]
pub enum Row<'a> {
    /// Value `v` is marked when `stamps[v]` equals the tick.
    Stamps(&'a [u8], u8),
    /// Value `v` is marked when bit `v % 64` of word `v / 64` is set.
    Bits(&'a [u64]),
}

impl Row<'_> {
    /// The values the row holds room for.
    pub fn values(&self) -> usize {
        match self {
            Row::Stamps(stamps, _) => stamps.len(),
            Row::Bits(words) => 64 * words.len(),
        }
    }

    /// The marks of values `64 w .. 64 w + 64` as bits (`w` below
    /// `values() / 64`).
    pub fn word(&self, w: usize) -> u64 {
        match *self {
            Row::Stamps(stamps, tick) => stamp_bits(&stamps[64 * w..64 * w + 64], tick),
            Row::Bits(words) => words[w],
        }
    }
}

impl<'a> HeapMarks<'a> {
    /// The row of marks.
    pub fn row(self) -> Row<'a> {
        self.row
    }

    /// Whether `v` is the value of a covered rare pair (or, in a shared
    /// block, of a pair of its window).
    #[inline(always)]
    pub fn has(&self, v: u32) -> bool {
        match self.row {
            Row::Stamps(stamp, tick) => stamp.get(v as usize) == Some(&tick),
            Row::Bits(bits) => bits
                .get(v as usize / 64)
                .is_some_and(|w| w >> (v % 64) & 1 != 0),
        }
    }

    /// The rare positions (indices) covered for the `split`-th split
    /// removal.
    pub fn covered(&self, split: usize) -> &[Range<usize>; 2] {
        &self.covered[split]
    }
}

/// Up to four index ranges: a range with others cut out of it.
#[derive(Clone, Debug)]
pub(crate) struct Pieces {
    ranges: [Range<usize>; 4],
    len: usize,
}

impl Pieces {
    /// The whole of `range`.
    pub fn new(range: Range<usize>) -> Pieces {
        Pieces {
            ranges: [range, 0..0, 0..0, 0..0],
            len: 1,
        }
    }

    /// Removes `cut`. At most three cuts may be made.
    pub fn cut(&mut self, cut: Range<usize>) {
        if cut.is_empty() {
            return;
        }
        let mut kept = Pieces {
            ranges: [0..0, 0..0, 0..0, 0..0],
            len: 0,
        };
        for piece in &self.ranges[..self.len] {
            for part in [
                piece.start..cut.start.min(piece.end),
                cut.end.max(piece.start)..piece.end,
            ] {
                if !part.is_empty() {
                    kept.ranges[kept.len] = part;
                    kept.len += 1;
                }
            }
        }
        *self = kept;
    }

    /// The ranges left, ascending.
    pub fn ranges(&self) -> &[Range<usize>] {
        &self.ranges[..self.len]
    }
}

/// Bit `b` set for each byte `chunk[b]` equal to `tick` (at most 64 bytes).
#[inline]
fn stamp_bits(chunk: &[u8], tick: u8) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if chunk.len() == 64 {
        use std::arch::x86_64::*;
        let mut bits = 0u64;
        for k in 0..4 {
            // SAFETY: SSE2 is part of every x86-64 processor; the 16 bytes
            // read lie in `chunk`, 64 bytes long.
            let lane = unsafe {
                let x = _mm_loadu_si128(chunk.as_ptr().add(16 * k).cast());
                _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(tick as i8))) as u16
            };
            bits |= u64::from(lane) << (16 * k);
        }
        return bits;
    }
    let mut bits = 0u64;
    for (b, &x) in chunk.iter().enumerate() {
        bits |= u64::from(x == tick) << b;
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A block's heap shows its byte stamps, a shared block's its bits,
    /// each as wide as the capacity.
    #[test]
    fn blocks_show_their_rows() {
        let mut block = Block::default();
        block.start(100, 4, 64);
        let row = block.heap(101).expect("a heap of the block").row();
        assert!(matches!(row, Row::Stamps(stamps, _) if stamps.len() == 64));
        assert_eq!(row.values(), 64);
        block.start_bits(100, 4, 128);
        let row = block.heap(101).expect("a heap of the block").row();
        assert!(matches!(row, Row::Bits(words) if words.len() == 2));
        assert_eq!(row.values(), 128);
    }

    /// Stamps become bits byte by byte: chunks of 64 bytes (the compares)
    /// and shorter ones (the loop), ticks with the top bit set among them.
    #[test]
    fn stamps_become_their_bits() {
        let mut rng = crate::lcg::Lcg(41);
        for len in [64, 63, 17, 1] {
            for tick in [1u8, 0x80, 0xff] {
                let chunk: Vec<u8> = (0..len)
                    .map(|_| match rng.below(3) {
                        0 => tick,
                        1 => tick.wrapping_add(1),
                        _ => rng.below(256) as u8,
                    })
                    .collect();
                let want = chunk
                    .iter()
                    .enumerate()
                    .filter(|&(_, &x)| x == tick)
                    .fold(0u64, |bits, (b, _)| bits | 1 << b);
                assert_eq!(stamp_bits(&chunk, tick), want, "{len} bytes, tick {tick}");
            }
        }
    }

    /// The marks of rare runs are those of [`Block::mark_run`] called run
    /// by run, with every kernel this processor runs, on random tables of
    /// one- and two-byte values and every capacity they allow (the vector
    /// path takes the whole blocks, the loop the shorter ones).
    #[test]
    fn rare_runs_are_marked_as_run_by_run() {
        fn check<T: Cell>(rng: &mut crate::lcg::Lcg, cap: usize, len: usize) {
            let table: Vec<T> = (0..600)
                .map(|_| T::from_u32(rng.below(cap as u64) as u32))
                .collect();
            let rare: Vec<u32> = (0..40).map(|k| 31 + 7 * k).collect();
            let values: Vec<u32> = rare.iter().map(|_| rng.below(cap as u64) as u32).collect();
            let (first, s0) = (550, 549);
            let marks = |kernel: Option<Kernel>| {
                let mut block = Block::default();
                // A block used before, so stale stamps of another tick lie
                // about.
                block.start(first - 100, len, cap);
                block.mark_run(1, &table[..len]);
                block.start(first, len, cap);
                match kernel {
                    Some(k) => block.mark_rare_runs(k, &rare, &values, &table, s0),
                    None => {
                        for (&r, &v) in rare.iter().zip(&values) {
                            let b = s0 - r as usize;
                            block.mark_run(v, &table[b..b + len]);
                        }
                    }
                }
                (first..first + len)
                    .map(|n| {
                        let heap = block.heap(n).expect("a heap of the block");
                        (0..cap as u32).filter(|&v| heap.has(v)).collect::<Vec<_>>()
                    })
                    .collect::<Vec<_>>()
            };
            let want = marks(None);
            for kernel in Kernel::available() {
                assert_eq!(
                    marks(Some(kernel)),
                    want,
                    "{kernel:?}, {} bytes, cap {cap}, {len} heaps",
                    T::BYTES
                );
            }
        }
        let mut rng = crate::lcg::Lcg(99);
        for len in [BLOCK_HEAPS, 5] {
            for cap in [1, 2, 16, 64, 256] {
                check::<u8>(&mut rng, cap, len);
            }
            for cap in [1, 64, 512, 1024, 1 << 16] {
                check::<u16>(&mut rng, cap, len);
            }
        }
    }

    #[test]
    fn cuts_leave_what_is_outside_them() {
        let mut p = Pieces::new(0..20);
        p.cut(5..8);
        p.cut(10..12);
        p.cut(15..30);
        assert_eq!(p.ranges(), &[0..5, 8..10, 12..15]);
        let mut q = Pieces::new(3..6);
        q.cut(0..4);
        q.cut(5..5);
        assert_eq!(q.ranges().to_vec(), vec![4..6]);
        q.cut(0..10);
        assert!(q.ranges().is_empty());
    }
}
