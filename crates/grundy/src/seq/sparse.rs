//! The sparse engine: `G(n)` in time proportional to the number of rare
//! positions instead of `n`, for codes that leave at most two heaps.
//!
//! Classify positions as rare or common (see [`super::mask`]). For a split
//! of `s = a + b` tokens, the parity of `G(a) ⊕ G(b)` is fixed by the
//! classes of `a` and `b` (and, in the domain type, the parity of `s`): one
//! parity — call it *cheap* — arises only from pairs with exactly one rare
//! heap, the other — *abundant* — from pairs of two common heaps (or two
//! rare ones). Hence:
//!
//! 1. every cheap value among the options of `n` comes from a pair
//!    `(r, s - r)` with `r` a rare position: an `O(R)` enumeration finds them
//!    all, and with them the smallest cheap value `c` that is *not* an
//!    option;
//! 2. `G(n) = c` unless some abundant value below `c` is missing too. Such
//!    values come from the plentiful pairs of common heaps, so scanning
//!    pairs `(a, s - a)` from `a = 1` finds each of them after a few steps;
//!    only when an abundant value really is missing does the scan run to the
//!    end, and then it is `G(n)`.
//!
//! When the values grow or a better classification appears, the caller
//! rebuilds the state from the table.

use std::ops::Range;
use std::time::Instant;

use super::block::{self, BLOCK_HEAPS, Block, Pieces};
use super::kernel::{self, Kernel, Scan};
use super::marks::Marks;
use super::mask::Class;
use super::plain::{direct_bits, mark_direct_at};
use super::register_block::RegisterBlock;
use super::rules::{Rules, last_pair};
use super::store::Cell;
use super::team::{self, Team, TeamStats};

/// Ordinary pairs each heap of a shared block gets marked, beside its rare
/// pairs: the confirming scan finds most missing values within its first
/// 64 pairs, so with these marked it seldom runs on the unshared path.
const WINDOW_PAIRS: usize = 64;

/// Pairs [`Sparse::confirm_split`] scans in a register before it calls
/// the scan kernels.
const NARROW_WARM_UP: usize = 8;

/// The register path marks the long-range pairs a few heaps at a time
/// (see [`super::register_block`]) once there are this many rare
/// positions: with none (4.07) a block costs more than it saves, with 15
/// (0.106) it saves a quarter of the time; the bar between those is not
/// measured finer.
const REGISTER_BLOCK_MIN_RARE: usize = 4;

/// Most pairs a shared block's early confirming scan looks at for one heap
/// (see [`Sparse::scan_below`]); Officers needs about 2 800 on average.
const SCAN_BELOW_PAIRS: usize = 1 << 16;

/// The state of the sparse engine for one classification.
#[derive(Clone, Debug)]
pub(crate) struct Sparse {
    class: Class,
    /// Values are below this power of two.
    cap: u32,
    /// Positions `>= 1` that are rare, ascending.
    rare: Vec<u32>,
    /// Their values, in the same order: read beside `rare`, so the pass
    /// over the rare positions reads one table entry per pair, not two.
    rare_value: Vec<u32>,
    /// The inner loops of the confirming scan.
    pub kernel: Kernel,
    /// The values below the capacity by parity, ascending.
    by_parity: [Vec<u32>; 2],
    /// The same below 64, as bit sets (for the narrow paths of
    /// [`Sparse::value_of`] and [`Sparse::value_narrow`]).
    parity_bits: [u64; 2],
    /// The same below the capacity, a bit a value in words of 64 (for the
    /// sift over bit sets of [`Sparse::candidate`]).
    parity_words: [Vec<u64>; 2],
    /// The long-range rare pairs of the current block of heaps.
    block: Block,
    /// The same for the register path, a few heaps at a time.
    register_block: RegisterBlock,
    /// Scratch for a shared block: the stamps of a part of it.
    stamps: Block,
    /// Scratch: a bit per value, the abundant values still to be found.
    needed: Vec<u64>,
    /// Scratch for [`Sparse::scan_many`], kept so that a heap's scan
    /// allocates nothing (the allocation was 7% of 4.07's time).
    splits: Vec<(usize, usize, usize)>,
    /// Statistics: heaps that needed a scan, pairs scanned, and scans that
    /// ran to the end.
    pub scans: u64,
    /// See `scans`.
    pub scanned: u64,
    /// See `scans`.
    pub full_scans: u64,
    /// Statistics: register blocks started (see [`super::register_block`]).
    pub register_blocks: u64,
}

impl Sparse {
    /// The state for `class`, with values below `cap` (a power of two),
    /// built from the table `g`.
    pub fn new<T: Cell>(class: Class, cap: u32, g: &[T]) -> Sparse {
        let mut s = Sparse {
            class,
            cap,
            rare: Vec::new(),
            rare_value: Vec::new(),
            kernel: Kernel::best(),
            by_parity: [Vec::new(), Vec::new()],
            parity_bits: [0; 2],
            parity_words: [Vec::new(), Vec::new()],
            block: Block::default(),
            register_block: RegisterBlock::default(),
            stamps: Block::default(),
            needed: Vec::new(),
            splits: Vec::new(),
            scans: 0,
            scanned: 0,
            full_scans: 0,
            register_blocks: 0,
        };
        s.set_capacity(cap);
        for (p, v) in g.iter().enumerate().skip(1) {
            s.record(p, v.get());
        }
        s
    }

    /// Adapts the value lists to values below `cap`.
    pub fn set_capacity(&mut self, cap: u32) {
        self.cap = cap;
        for parity in 0..2 {
            self.by_parity[parity] = (0..cap)
                .filter(|&v| self.class.parity(v) as usize == parity)
                .collect();
            let mut words = vec![0u64; (cap as usize).div_ceil(64)];
            for &v in &self.by_parity[parity] {
                words[v as usize / 64] |= 1 << (v % 64);
            }
            self.parity_bits[parity] = words[0];
            self.parity_words[parity] = words;
        }
        self.needed = vec![0; cap as usize / 64 + 1];
    }

    /// The classification.
    pub fn class(&self) -> Class {
        self.class
    }

    /// How many rare positions there are.
    pub fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// Records `G(n) = v` for the position just computed.
    #[inline]
    pub fn record(&mut self, n: usize, v: u32) {
        if n >= 1 && self.class.is_rare(n, v) {
            // `each_rare_pair` reads without bounds checks on the promise
            // that the rare positions ascend (and fit `u32`); a position
            // recorded twice or out of order would break it. Rare positions
            // are few, so the check costs nothing measurable.
            assert!(
                u32::try_from(n).is_ok() && self.rare.last().is_none_or(|&r| (r as usize) < n),
                "rare position {n} recorded out of order"
            );
            self.rare.push(n as u32);
            self.rare_value.push(v);
            self.register_block.clear();
        }
    }

    /// `G(n)` from `g = G(0..n)`. The rules must leave at most two heaps,
    /// and for the domain type all split removals must have one parity.
    pub fn value<T: Cell>(&mut self, g: &[T], rules: &Rules, marks: &mut Marks) -> u32 {
        if let Some(v) = self.value_narrow(g, rules) {
            return v;
        }
        self.value_of(g, g.len(), rules, marks)
    }

    /// [`Sparse::value`] where it is simplest: every value below 64, no
    /// block, and heap `n = g.len()` so far past the rare positions that
    /// every split pairs with all of them and none is its middle heap. The
    /// options, the sift and a scan of several splits then stay in
    /// registers, with no ranges to cut and no needed set in memory (b-files
    /// to 10^7 on one thread of an Intel Xeon: 4.07 from 0.258 s to
    /// 0.167 s, 0.106 from 0.510 s to 0.422 s). `None` where it does not
    /// apply.
    #[inline]
    fn value_narrow<T: Cell>(&mut self, g: &[T], rules: &Rules) -> Option<u32> {
        self.narrow_applies(g.len(), rules)
            .then(|| self.narrow_value(g, rules))
    }

    /// Heaps `g.len()..end` by the register path, appended to `g`, while
    /// it applies (see [`Sparse::value_narrow`]): checked once for the
    /// first heap, it then holds for every later one until a rare position
    /// is added or the capacity grows, so the loop is only the work of each
    /// heap. Stops before a heap whose value is a rare position or reaches
    /// the capacity, and returns that value, not appended, for the caller
    /// to record; `None` when it reached `end` or the path does not apply.
    /// The caller must be one that would start no block, alone or shared,
    /// at any of these heaps (none starts below [`block::MIN_RARE`] rare
    /// positions), since a block changes the path.
    pub fn run_narrow<T: Cell>(
        &mut self,
        g: &mut Vec<T>,
        end: usize,
        rules: &Rules,
    ) -> Option<u32> {
        if g.len() >= end || !self.narrow_applies(g.len(), rules) {
            return None;
        }
        g.reserve(end - g.len());
        while g.len() < end {
            let v = self.narrow_value(g, rules);
            if v >= self.cap || self.class.is_rare(g.len(), v) {
                return Some(v);
            }
            g.push(T::from_u32(v));
        }
        None
    }

    /// Whether the register path applies to heap `n`: every value below
    /// 64, no block, and every split wider than twice the last rare
    /// position (and of two tokens at least), so that it pairs with every
    /// rare position and its middle heap is common.
    #[inline(always)]
    fn narrow_applies(&self, n: usize, rules: &Rules) -> bool {
        if self.cap > 64 || self.block.heap(n).is_some() {
            return false;
        }
        let far = self.rare.last().map_or(1, |&r| 2 * r as usize);
        let widest = rules.split_two.iter().map(|&(i, _)| i as usize).max();
        n.checked_sub(widest.unwrap_or(0)).is_some_and(|s| s > far)
    }

    /// `G(n)` for heap `n = g.len()` by the register path, where it is
    /// known to apply: the candidate, and the scan when some abundant value
    /// below it is not yet seen among the options.
    #[inline(always)]
    fn narrow_value<T: Cell>(&mut self, g: &[T], rules: &Rules) -> u32 {
        let (candidate, needed) = self.narrow_candidate(g, rules);
        if needed == 0 {
            candidate
        } else {
            self.confirm_narrow(g, rules, candidate, needed)
        }
    }

    /// The first half of [`Sparse::narrow_value`]: the candidate for heap
    /// `n = g.len()` and the abundant values below it not yet seen among
    /// the options, as a bit set.
    #[inline(always)]
    fn narrow_candidate<T: Cell>(&mut self, g: &[T], rules: &Rules) -> (u32, u64) {
        let n = g.len();
        if self.register_block.heap(n).is_none() && self.rare.len() >= REGISTER_BLOCK_MIN_RARE {
            self.start_register_block(g, rules);
        }
        let mut seen = direct_bits(g, n, rules);
        let mut flip = 0;
        // Two loops, not one with the rare positions' end chosen inside
        // it: that one made 4.07 (no block) 15% slower.
        match self.register_block.heap(n) {
            Some((long, short)) => {
                seen |= long;
                for (&(i, _), &short) in rules.split_two.iter().zip(short) {
                    let s = n - i as usize;
                    flip = self.flip(s);
                    seen |= self.rare_pair_bits(g, s, 0..short);
                }
            }
            None => {
                for &(i, _) in &rules.split_two {
                    let s = n - i as usize;
                    flip = self.flip(s);
                    seen |= self.rare_pair_bits(g, s, 0..self.rare.len());
                }
            }
        }
        narrow_sift(self.parity_bits, flip, self.cap, seen)
    }

    /// Starts a block of the register path at heap `g.len()` (see
    /// [`super::register_block`]).
    #[inline(never)]
    fn start_register_block<T: Cell>(&mut self, g: &[T], rules: &Rules) {
        self.register_blocks += 1;
        self.register_block
            .start(g, rules, (&self.rare, &self.rare_value), self.kernel);
    }

    /// The second half of [`Sparse::narrow_value`]: `G(n)` for heap
    /// `n = g.len()`, given its candidate and the abundant values below it
    /// not yet seen among the options (`needed`, not empty), with values
    /// below 64.
    #[inline(always)]
    fn confirm_narrow<T: Cell>(
        &mut self,
        g: &[T],
        rules: &Rules,
        candidate: u32,
        needed: u64,
    ) -> u32 {
        debug_assert!(self.cap <= 64 && needed != 0);
        if let &[(i, unequal)] = rules.split_two.as_slice() {
            return self.confirm_split(g, g.len() - i as usize, unequal, candidate, needed);
        }
        self.scan_narrow(g, rules, candidate, needed)
    }

    /// The confirming scan of [`Sparse::confirm_narrow`] for one split of
    /// `s` tokens: its first [`NARROW_WARM_UP`] pairs in a register, the
    /// rest by the scan kernels. On 0.106 to 10^7 half the scans end
    /// within six pairs, a quarter need more than fourteen.
    fn confirm_split<T: Cell>(
        &mut self,
        g: &[T],
        s: usize,
        unequal: bool,
        candidate: u32,
        mut needed: u64,
    ) -> u32 {
        self.scans += 1;
        let last = last_pair(s, unequal);
        let warm_up = last.min(NARROW_WARM_UP);
        for a in 1..=warm_up {
            needed &= !(1 << ((g[a].get() ^ g[s - a].get()) & 63));
        }
        self.scanned += warm_up as u64;
        if needed == 0 {
            return candidate;
        }
        let scan = Scan {
            g,
            s,
            first: warm_up + 1,
            last,
            cap: self.cap,
        };
        let (left, scanned) = scan.run_one_word(self.kernel, needed);
        self.scanned += scanned;
        if left == 0 {
            return candidate;
        }
        self.full_scans += 1;
        left.trailing_zeros()
    }

    /// The confirming scan of [`Sparse::confirm_narrow`] over several splits,
    /// interleaved by the smaller heap, the `needed` values in a register.
    fn scan_narrow<T: Cell>(
        &mut self,
        g: &[T],
        rules: &Rules,
        candidate: u32,
        mut needed: u64,
    ) -> u32 {
        let n = g.len();
        self.scans += 1;
        let longest = rules
            .split_two
            .iter()
            .map(|&(i, unequal)| last_pair(n - i as usize, unequal))
            .max()
            .unwrap_or(0);
        for a in 1..=longest {
            for &(i, unequal) in &rules.split_two {
                let s = n - i as usize;
                if a <= last_pair(s, unequal) {
                    needed &= !(1 << ((g[a].get() ^ g[s - a].get()) & 63));
                }
            }
            if needed == 0 {
                self.scanned += a as u64;
                return candidate;
            }
        }
        self.scanned += longest as u64;
        self.full_scans += 1;
        needed.trailing_zeros()
    }

    /// The mex over the options of heap `n` that only reach heaps in `g`
    /// (`g` may stop short of `n`; options reaching further are skipped).
    /// With `g = G(0..n)` this is `G(n)`; the pipeline uses shorter prefixes
    /// to start a heap before its predecessor is known.
    pub fn value_of<T: Cell>(
        &mut self,
        g: &[T],
        n: usize,
        rules: &Rules,
        marks: &mut Marks,
    ) -> u32 {
        let (candidate, missing) = self.candidate(g, n, rules, marks);
        self.confirm(g, n, rules, candidate, missing)
    }

    /// The first half of [`Sparse::value_of`]: the candidate for heap `n`
    /// (the smallest cheap value that is not an option) and how many
    /// abundant values below it are not yet known to be options; those are
    /// left in the needed set (see [`Sparse::needed_mut`]).
    pub fn candidate<T: Cell>(
        &mut self,
        g: &[T],
        n: usize,
        rules: &Rules,
        marks: &mut Marks,
    ) -> (u32, u32) {
        let known = g.len();
        // 1. Pairs with a rare heap: all cheap options, some abundant ones.
        // The block holds those that reach below it (when `g` is complete).
        let block = if known == n { self.block.heap(n) } else { None };
        // Values below 64 are marked in a register (`seen`), not in `marks`.
        let narrow = self.cap <= 64 && block.is_none();
        let mut seen = 0u64;
        if narrow {
            seen = direct_bits(g, n, rules);
        } else {
            marks.clear();
            mark_direct_at(g, n, rules, marks);
        }
        let mut flip = 0usize;
        for (split, &(i, unequal)) in rules.split_two.iter().enumerate() {
            let i = i as usize;
            if n < i + 2 {
                continue;
            }
            let s = n - i;
            flip = self.flip(s);
            if self.rare.is_empty() {
                continue;
            }
            // The rare r with r < s and s - r < known, apart from r = s / 2
            // when the heaps must differ, and apart from the block's.
            let mut pieces = Pieces::new(self.rare_between(s + 1 - known.min(s + 1), s.min(known)));
            if let Some(block) = &block {
                let [a, b] = block.covered(split);
                pieces.cut(a.clone());
                pieces.cut(b.clone());
            }
            if unequal && s.is_multiple_of(2) {
                let half = self.rare.partition_point(|&r| (r as usize) < s / 2);
                let past = half + usize::from(self.rare.get(half) == Some(&((s / 2) as u32)));
                pieces.cut(half..past);
            }
            for range in pieces.ranges() {
                if narrow {
                    seen |= self.rare_pair_bits(g, s, range.clone());
                } else {
                    self.mark_rare_pairs(g, s, range.clone(), marks);
                }
            }
        }

        // 2. Every abundant value below the candidate must be an option too.
        if narrow {
            sift_bits(self.parity_bits, flip, self.cap, seen, &mut self.needed)
        } else if let Some(row) = block
            .and_then(|b| b.stamps())
            .filter(|row| self.option_words_fit(row.0.len()))
        {
            // With a block row as wide as the capacity and the AVX-512
            // kernel, the options are gathered into words first: on
            // Officers the value-by-value sift below was most of this
            // function.
            let mut options = [0u64; MAX_OPTION_WORDS];
            let options = &mut options[..self.cap as usize / 64];
            let (stamp, tick) = marks.raw();
            option_words(self.kernel, (stamp, tick), row, options);
            sift_words(
                &self.parity_words,
                flip,
                self.cap,
                options,
                &mut self.needed,
            )
        } else {
            let option = |v: u32| marks.has(v) || block.is_some_and(|b| b.has(v));
            sift(&self.by_parity, flip, self.cap, option, &mut self.needed)
        }
    }

    /// The second half of [`Sparse::value_of`]: `G(n)`, given the
    /// candidate and the `missing` abundant values below it in the needed
    /// set, from `g = G(0..n)`. The needed set is left empty.
    pub fn confirm<T: Cell>(
        &mut self,
        g: &[T],
        n: usize,
        rules: &Rules,
        candidate: u32,
        mut missing: u32,
    ) -> u32 {
        let words = words_below(candidate);
        if missing == 0 {
            return candidate;
        }
        self.scans += 1;
        missing = match rules.split_two.as_slice() {
            &[(i, unequal)] => {
                let s = n - i as usize;
                let scan = Scan {
                    g,
                    s,
                    first: first_pair(s, g.len()),
                    last: last_pair(s, unequal),
                    cap: self.cap,
                };
                let (left, scanned) = scan.run(self.kernel, &mut self.needed[..words], missing);
                self.scanned += scanned;
                left
            }
            _ => self.scan_many(g, n, rules, missing),
        };
        if missing == 0 {
            return candidate;
        }
        self.full_scans += 1;
        let word = self.needed[..words]
            .iter()
            .position(|&w| w != 0)
            .expect("a value is missing");
        let smallest = (word * 64) as u32 + self.needed[word].trailing_zeros();
        // Leave no bit set for a later heap to count.
        self.needed[..words].fill(0);
        smallest
    }

    /// Whether [`Sparse::candidate`] gathers the options into words, with
    /// a block row of `row` values: for capacities from 64 to 1024, a row
    /// as wide as the capacity (a block started before the capacity grew
    /// is not), and the AVX-512 kernel (gathered by the portable loop,
    /// Officers to 10^6 took 1.97 s on one thread, against 1.49 s for the
    /// sift value by value and 1.38 s with AVX-512, on an Intel Xeon).
    /// The marks must hold `cap` values too, as every caller of
    /// [`Sparse::candidate`] ensures (and `mark_rare_pairs` asserts).
    fn option_words_fit(&self, row: usize) -> bool {
        let cap = self.cap as usize;
        (64..=64 * MAX_OPTION_WORDS).contains(&cap)
            && cap.is_power_of_two()
            && row >= cap
            && self.kernel == Kernel::Avx512
    }

    /// Starts a block of `len` heaps from `g.len()` on (see
    /// [`super::block`]): marks, for each of them, the rare pairs whose two
    /// heaps lie below the block.
    ///
    /// (Filling the next block on a second thread while the heaps of this
    /// one are computed was tried: Officers to 10^6 took 2.07–2.34 s
    /// against 2.11–2.26 s for the two-heap pipeline of `super::pipeline`,
    /// on an AMD EPYC, so the simpler pipeline stayed.)
    pub fn start_block<T: Cell>(&mut self, g: &[T], len: usize, rules: &Rules) {
        let first = g.len();
        // Taken out while it is filled from the rare positions.
        let mut block = std::mem::take(&mut self.block);
        block.start(first, len, self.cap as usize);
        self.each_long_range(first, len, rules, |s0, ranges| {
            for range in ranges.clone() {
                for (&r, &v) in self.rare[range.clone()].iter().zip(&self.rare_value[range]) {
                    let b = s0 - r as usize;
                    block.mark_run(v, &g[b..b + len]);
                }
            }
            block.cover(ranges);
        });
        self.block = block;
    }

    /// Starts a block of `len` heaps from `g.len()` on shared by a team
    /// (see [`super::team`]): this member marks its share of the rare pairs
    /// whose two heaps lie below the block, and of a window of
    /// [`WINDOW_PAIRS`] ordinary pairs for each split removal (so that the
    /// confirming scan seldom has to run), then the team ORs the marks.
    /// Every member must call it with the same table and `len`.
    pub fn start_team_block<T: Cell>(
        &mut self,
        g: &[T],
        len: usize,
        rules: &Rules,
        team: &dyn Team,
        stats: &mut TeamStats,
    ) {
        let started = Instant::now();
        let first = g.len();
        let mut block = std::mem::take(&mut self.block);
        block.start_bits(first, len, self.cap as usize);
        // The work as (s0, pair heap, its value) jobs in a fixed order,
        // shared out by position in that order.
        let mut jobs: Vec<(usize, Range<usize>, bool)> = Vec::new();
        self.each_long_range(first, len, rules, |s0, ranges| {
            for range in ranges.clone() {
                jobs.push((s0, range, true));
            }
            // Pairs (a, s - a) with a >= len have s - a below the block; a
            // below s0 / 2 is a legal split for every heap, equal or not.
            let window = len..len + WINDOW_PAIRS;
            if 2 * window.end < s0 {
                jobs.push((s0, window, false));
            }
            block.cover(ranges);
        });
        // The work is split two ways: by parts of the block (BLOCK_HEAPS
        // heaps each), whose stamps only the members marking them pack
        // into bits, and, with more members than parts, by slices of the
        // pairs within a part.
        let total: usize = jobs.iter().map(|(_, range, _)| range.len()).sum();
        let parts = len.div_ceil(BLOCK_HEAPS);
        let slices = team.size().div_ceil(parts);
        let mut stamps = std::mem::take(&mut self.stamps);
        for item in team::share(parts * slices, team.rank(), team.size()) {
            let (sub, slice) = (item / slices * BLOCK_HEAPS, item % slices);
            let heaps = BLOCK_HEAPS.min(len - sub);
            let mine = team::share(total, slice, slices);
            // Marked as byte stamps, in the first-level cache as in the
            // one-process block pass, then packed into bits.
            stamps.start(first + sub, heaps, self.cap as usize);
            let mut at = 0;
            for (s0, range, rare) in &jobs {
                let skip = mine.start.max(at).min(at + range.len()) - at;
                let keep = mine.end.max(at).min(at + range.len()) - at;
                at += range.len();
                for k in range.start + skip..range.start + keep {
                    let (a, v) = if *rare {
                        (self.rare[k] as usize, self.rare_value[k])
                    } else {
                        (k, g[k].get())
                    };
                    let b = s0 - a + sub;
                    stamps.mark_run(v, &g[b..b + heaps]);
                }
            }
            for j in 0..heaps {
                stamps.or_stamps_into(j, block.bits_row_mut(sub + j));
            }
        }
        self.stamps = stamps;
        let marked = Instant::now();
        team.or_all(block.bits_mut());
        let exchanged = Instant::now();
        // Second round: the confirming scans, over the pairs below the
        // block, each member for its share of the heaps.
        let mut found = vec![0; block.bits_mut().len()];
        let heaps = team::share(len, team.rank(), team.size());
        self.scan_below(g, len, rules, &block, heaps, &mut found);
        let scanned = Instant::now();
        team.or_all(&mut found);
        block.or_bits(&found);
        stats.blocks += 1;
        stats.heaps += len as u64;
        stats.mark_ns += ((marked - started) + (scanned - exchanged)).as_nanos() as u64;
        stats.exchange_ns += ((exchanged - marked) + scanned.elapsed()).as_nanos() as u64;
        stats.bytes += 16 * found.len() as u64;
        self.block = block;
    }

    /// The confirming scans of a shared block's `heaps` (offsets into the
    /// block), done early: for each, the abundant values below its
    /// candidate that the block's marks leave missing are looked for among
    /// the pairs `(a, s - a)` with `a >= len` (whose heaps are all below the
    /// block, so known to every member), and those found go into the
    /// heap's row of `found`. The heap's own candidate, which the rare pairs
    /// inside the block may raise, is not known yet, so this looks for the
    /// values below a candidate no larger: every value found is an option,
    /// and what is left the heap's own scan finds. A value missing from
    /// every pair (the heap's value, or one only pairs inside the block
    /// give) would make the scan run to the end; the scan stops after
    /// [`SCAN_BELOW_PAIRS`] pairs, leaving it to the heap's own scan.
    fn scan_below<T: Cell>(
        &mut self,
        g: &[T],
        len: usize,
        rules: &Rules,
        block: &Block,
        heaps: Range<usize>,
        found: &mut [u64],
    ) {
        let first = g.len();
        // `found` is laid out as the block's bits.
        let words = found.len() / len.max(1);
        // The values looked for, kept to tell which the scan found.
        let mut wanted = vec![0u64; self.cap as usize / 64 + 1];
        for j in heaps {
            let n = first + j;
            let marks = block.heap(n).expect("a shared block holds its heaps");
            // Every split removal has one parity where the flip matters.
            let flip = rules
                .split_two
                .first()
                .map_or(0, |&(i, _)| self.flip(n - i as usize));
            let (candidate, mut missing) = sift(
                &self.by_parity,
                flip,
                self.cap,
                |v| marks.has(v),
                &mut self.needed,
            );
            if missing == 0 {
                continue;
            }
            let w = words_below(candidate);
            wanted[..w].copy_from_slice(&self.needed[..w]);
            for &(i, unequal) in &rules.split_two {
                let s = n - i as usize;
                let last = last_pair(s, unequal);
                let scan = Scan {
                    g,
                    s,
                    first: len,
                    last: last.min(len + SCAN_BELOW_PAIRS - 1),
                    cap: self.cap,
                };
                missing = scan.run(self.kernel, &mut self.needed[..w], missing).0;
                if missing == 0 {
                    break;
                }
            }
            let row = &mut found[j * words..(j + 1) * words];
            for ((out, want), left) in row.iter_mut().zip(&wanted).zip(&self.needed[..w]) {
                *out |= want & !left;
            }
            self.needed[..w].fill(0);
        }
    }

    /// Calls `each(s0, ranges)` for each split removal, in the order of the
    /// rules, with `s0 = first - i` and the indices of the rare positions
    /// whose pairs lie below `first` for every heap of `first..first + len`.
    fn each_long_range(
        &self,
        first: usize,
        len: usize,
        rules: &Rules,
        mut each: impl FnMut(usize, [Range<usize>; 2]),
    ) {
        for &(i, unequal) in &rules.split_two {
            let i = i as usize;
            // Splits of s = first + j - i tokens, j < len: the rare r from
            // `from` on pair with heaps s - r < first, and r < s0 makes
            // every pair a legal split.
            let s0 = first.saturating_sub(i);
            let from = block::long_range_from(len, i);
            let spans = if unequal {
                // Leave out r = s / 2 for every heap of the block.
                [from..s0 / 2, ((s0 + len - 1) / 2 + 1).max(from)..s0]
            } else {
                [from..s0, s0..s0]
            };
            each(
                s0,
                spans.map(|span| {
                    if span.is_empty() {
                        0..0
                    } else {
                        self.rare_between(span.start, span.end)
                    }
                }),
            );
        }
    }

    /// Which parity of value is abundant for a split of `s` tokens (0 or
    /// 1, as `sift` takes it): in the domain type it follows `s`.
    fn flip(&self, s: usize) -> usize {
        if self.class.domain { s & 1 } else { 0 }
    }

    /// The indices of the rare positions `r` with `from <= r < below`.
    #[inline]
    fn rare_between(&self, from: usize, below: usize) -> std::ops::Range<usize> {
        match (self.rare.first(), self.rare.last()) {
            // Far from the start, every rare position is in range: no
            // search needed.
            (Some(&f), Some(&l)) if f as usize >= from && (l as usize) < below => {
                0..self.rare.len()
            }
            _ => {
                self.rare.partition_point(|&r| (r as usize) < from)
                    ..self.rare.partition_point(|&r| (r as usize) < below)
            }
        }
    }

    /// The heap after the current block (0 before the first).
    pub fn block_end(&self) -> usize {
        self.block.end()
    }

    /// Whether heap `n` starts a new block (see [`Sparse::start_block`]):
    /// it is past the current one, and blocks pay for this many rare
    /// positions and heaps this large.
    pub fn wants_block(&self, n: usize) -> bool {
        n >= self.block_end() && n >= block::FIRST_BLOCK && self.rare.len() >= block::MIN_RARE
    }

    /// The set of abundant values [`Sparse::candidate`] leaves for
    /// [`Sparse::confirm`]: a bit a value, below the capacity. It is empty
    /// between heaps.
    pub fn needed_mut(&mut self) -> &mut [u64] {
        &mut self.needed
    }

    /// Marks `G(r) ⊕ G(s − r)` for the rare positions `rare[range]`, all
    /// below `s` with `s − r` inside `g`.
    #[inline]
    fn mark_rare_pairs<T: Cell>(
        &self,
        g: &[T],
        s: usize,
        range: std::ops::Range<usize>,
        marks: &mut Marks,
    ) {
        let (stamp, tick) = marks.raw();
        let cap = self.cap as usize;
        assert!(cap.is_power_of_two() && stamp.len() >= cap);
        self.each_rare_pair(g, s, range, |x| {
            // Values are below the capacity; the mask only keeps a broken
            // invariant from writing out of bounds.
            // SAFETY: the index is below `cap <= stamp.len()`.
            unsafe { *stamp.get_unchecked_mut(x as usize & (cap - 1)) = tick };
        });
    }

    /// [`Sparse::mark_rare_pairs`] for values below 64, as a bit set.
    #[inline]
    fn rare_pair_bits<T: Cell>(&self, g: &[T], s: usize, range: std::ops::Range<usize>) -> u64 {
        debug_assert!(self.cap <= 64);
        let mut seen = 0u64;
        self.each_rare_pair(g, s, range, |x| seen |= 1 << (x & 63));
        seen
    }

    /// Calls `pair(G(r) ⊕ G(s − r))` for the rare positions `rare[range]`,
    /// all below `s` with `s − r` inside `g`.
    ///
    /// This loop runs over every rare position for every heap, so its
    /// reads are unchecked; the check made once before it covers every
    /// index it uses.
    #[inline(always)]
    fn each_rare_pair<T: Cell>(
        &self,
        g: &[T],
        s: usize,
        range: std::ops::Range<usize>,
        mut pair: impl FnMut(u32),
    ) {
        let (rare, values) = (&self.rare[range.clone()], &self.rare_value[range]);
        let (Some(&first), Some(&last)) = (rare.first(), rare.last()) else {
            return;
        };
        // The rare positions ascend (`Sparse::record` checks it), so the
        // first gives the largest `s - r` and the last the smallest.
        assert!((last as usize) < s && s - (first as usize) < g.len());
        for (&r, &v) in rare.iter().zip(values) {
            // SAFETY: `rare` ascends (checked as it grows, in `record`), so
            // `first <= r <= last`, and `0 < s - r < g.len()` by the
            // assertion above.
            let b = unsafe { g.get_unchecked(s - r as usize) }.get();
            debug_assert!(v < self.cap && b < self.cap);
            pair(v ^ b);
        }
    }

    /// Scans the splits of every split removal, interleaved by the smaller
    /// heap.
    fn scan_many<T: Cell>(&mut self, g: &[T], n: usize, rules: &Rules, mut missing: u32) -> u32 {
        let mut splits = std::mem::take(&mut self.splits);
        splits.clear();
        splits.extend(
            rules
                .split_two
                .iter()
                .filter(|&&(i, _)| n >= i as usize + 2)
                .map(|&(i, unequal)| {
                    let s = n - i as usize;
                    (s, first_pair(s, g.len()), last_pair(s, unequal))
                }),
        );
        let longest = splits.iter().map(|&(_, _, last)| last).max().unwrap_or(0);
        for a in 1..=longest {
            for &(s, first, last) in &splits {
                if first <= a && a <= last {
                    missing -= kernel::clear(&mut self.needed, g[a].get() ^ g[s - a].get());
                }
            }
            self.scanned += 1;
            if missing == 0 {
                break;
            }
        }
        self.splits = splits;
        missing
    }
}

/// The candidate (the smallest value of the cheap parity, `1 ^ flip`, that
/// is not an `option` so far, or `cap`) and, in `needed`, the abundant
/// values below it that are not options so far; returns the candidate and
/// how many values are needed. `by_parity` lists the values below `cap` by
/// parity.
fn sift(
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
fn sift_bits(
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
fn narrow_sift(parity_bits: [u64; 2], flip: usize, cap: u32, seen: u64) -> (u32, u64) {
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

/// Words of options [`Sparse::candidate`] gathers at most: values below
/// 1024. Larger capacities sift value by value.
const MAX_OPTION_WORDS: usize = 16;

/// The options among values `0..64 * out.len()` as bits: `v` is one when
/// `marks.0[v] == marks.1` or `row.0[v] == row.1`. Both slices must hold
/// that many values.
fn option_words(kernel: Kernel, marks: (&[u32], u32), row: (&[u8], u8), out: &mut [u64]) {
    let values = 64 * out.len();
    assert!(marks.0.len() >= values && row.0.len() >= values);
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
        let (stamps, bytes) = (&marks.0[span.clone()], &row.0[span]);
        *word = stamps
            .iter()
            .zip(bytes)
            .enumerate()
            .fold(0, |bits, (b, (&s, &t))| {
                bits | u64::from(s == marks.1 || t == row.1) << b
            });
    }
}

/// [`option_words`] with AVX-512: 64 values a word in five compares.
///
/// # Safety
/// The processor must have AVX-512 F and BW, and both slices must hold
/// `64 * out.len()` values.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn option_words_avx512(marks: (&[u32], u32), row: (&[u8], u8), out: &mut [u64]) {
    use std::arch::x86_64::*;
    let (stamp, byte) = (
        _mm512_set1_epi32(marks.1 as i32),
        _mm512_set1_epi8(row.1 as i8),
    );
    for (w, word) in out.iter_mut().enumerate() {
        // SAFETY: `w < out.len()`, so values `64 w .. 64 w + 64` lie in
        // both slices (the caller's precondition): one 64-byte load of
        // `row.0`, four of 16 stamps each of `marks.0`.
        unsafe {
            let s = marks.0.as_ptr().add(64 * w);
            let mut bits =
                _mm512_cmpeq_epi8_mask(_mm512_loadu_si512(row.0.as_ptr().add(64 * w).cast()), byte);
            for k in 0..4 {
                let quarter =
                    _mm512_cmpeq_epi32_mask(_mm512_loadu_si512(s.add(16 * k).cast()), stamp);
                bits |= u64::from(quarter) << (16 * k);
            }
            *word = bits;
        }
    }
}

/// [`sift`] with the options as bit words (`options[w]` bit `b` for value
/// `64 w + b`, every value below `cap` covered) and the values by parity
/// as `parity_words`.
fn sift_words(
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

/// The smallest `a >= 1` whose pair `(a, s - a)` lies within the first
/// `known` heaps.
fn first_pair(s: usize, known: usize) -> usize {
    (s + 1).saturating_sub(known).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Options gathered into words, by every kernel this processor runs,
    /// are the options, and give the sift over marks' candidate and needed
    /// set: capacities 64 to 1024, small, middling and full masks, both
    /// flips, stale needed words, and options from none to all, some only
    /// in the marks, some only in the block's row, with stamps of other
    /// ticks beside them (ticks with the top bit set among them).
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
                        for kernel in Kernel::available() {
                            let mut options = vec![0u64; cap as usize / 64];
                            option_words(kernel, (&stamps, tick), (&row, byte), &mut options);
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

#[cfg(test)]
mod narrow_tests {
    use super::*;
    use crate::heap::octal::Code;
    use crate::heap::octal::TakeBreak;

    /// The register path of [`Sparse::value`] gives the plain engine's
    /// value on every three-digit octal code with values below 64, under
    /// several classifications of both types and by every kernel this
    /// processor runs, and counts the scans the general path counts; the
    /// counts guard against the path, its scan of several splits, or its
    /// scans that run to the end going untried.
    #[test]
    fn narrow_path_matches_the_plain_engine() {
        let to = 400;
        let (mut narrow, mut many_splits, mut in_blocks) = (0u64, 0u64, 0u64);
        // Scans that ran to the end, with one split and with several.
        let mut full = [0u64; 2];
        for digits in 0..1024 {
            let (d0, d) = (digits / 512 * 4, digits % 512);
            let code = format!("{d0}.{}{}{}", d / 64, d / 8 % 8, d % 8);
            let game = TakeBreak::new(Code::parse(&code, &code, 1, false).unwrap());
            let rules = Rules::new(game.code());
            if rules.split_two.is_empty() {
                continue;
            }
            let plain: Vec<u32> = super::super::plain_table(&game, to)
                .iter()
                .map(|v| v.0 as u32)
                .collect();
            let cap = (plain.iter().max().unwrap() + 1).next_power_of_two().max(2);
            if cap > 64 {
                continue;
            }
            let domain = super::super::scheduler::Engine::new(rules.clone())
                .domain
                .is_some();
            let classes = narrow_classes(cap).filter(|c| domain || !c.domain);
            for (class, kernel) in
                classes.flat_map(|c| Kernel::available().into_iter().map(move |k| (c, k)))
            {
                let start = 20;
                let mut table: Vec<u8> = plain[..start].iter().map(|&v| v as u8).collect();
                let mut sparse = Sparse::new(class, cap, &table);
                sparse.kernel = kernel;
                // The general path in step, to hold the statistics against.
                let mut general = sparse.clone();
                let mut marks = Marks::default();
                marks.ensure(cap as usize);
                while table.len() < plain.len() {
                    let n = table.len();
                    let full_before = sparse.full_scans;
                    let scans_before = (sparse.scans, general.scans);
                    let by_register = sparse.value_narrow(&table, &rules);
                    let v = by_register.unwrap_or_else(|| sparse.value(&table, &rules, &mut marks));
                    let want = general.value_of(&table, n, &rules, &mut marks);
                    assert_eq!(v, plain[n], "{code} {class:?} {kernel:?} heap {n}");
                    assert_eq!(want, plain[n], "{code} {class:?} general, heap {n}");
                    // The register blocks' ordinary pairs spare scans, never
                    // one that runs to the end.
                    let blocked = sparse.register_block.heap(n).is_some();
                    in_blocks += u64::from(blocked);
                    let scanned = (
                        sparse.scans - scans_before.0,
                        general.scans - scans_before.1,
                    );
                    assert!(
                        scanned.0 <= scanned.1 && (blocked || scanned.0 == scanned.1),
                        "{code} {class:?} {kernel:?} heap {n}: scans {scanned:?}"
                    );
                    assert_eq!(sparse.full_scans, general.full_scans, "{code} heap {n}");
                    if by_register.is_some() {
                        narrow += 1;
                        many_splits += u64::from(rules.split_two.len() > 1);
                        full[usize::from(rules.split_two.len() > 1)] +=
                            sparse.full_scans - full_before;
                    }
                    sparse.record(n, v);
                    general.record(n, v);
                    table.push(v as u8);
                }
            }
        }
        // For each kernel, as many run as the processor has (one on
        // aarch64): about 293 000 heaps on the register path, 205 000 with
        // several splits, 8 000 in register blocks, and 1 and 14 scans to
        // the end.
        let kernels = Kernel::available().len() as u64;
        let [narrow, in_blocks, many_splits] =
            [narrow, in_blocks, many_splits].map(|c| c / kernels);
        assert!(narrow > 200_000, "{narrow} heaps on the register path");
        assert!(in_blocks > 5_000, "{in_blocks} heaps in register blocks");
        assert!(many_splits > 100_000, "{many_splits} with several splits");
        let full = full.map(|c| c / kernels);
        assert!(full[0] > 0 && full[1] > 10, "{full:?} scans ran to the end");
    }

    /// The register scans find the values the pairs give and return the
    /// smallest they do not, over heaps short and long enough for the
    /// vector kernels, with one split and with two, by every kernel.
    #[test]
    fn narrow_scans_return_the_smallest_missing_value() {
        let mut rng = crate::lcg::Lcg(106);
        let class = Class {
            mask: 1,
            domain: false,
            rare: 0,
        };
        let two = Rules::new(&Code::parse("4.07", "4.07", 1, false).unwrap());
        for kernel in Kernel::available() {
            for n in [5usize, 12, 40, 300, 1000] {
                // Values 0..4 only, so pairs give 0..4 and never 5 or 9.
                let g: Vec<u8> = (0..n).map(|_| (rng.next() >> 60) as u8 % 4).collect();
                let given = |s: usize, last: usize| {
                    (1..=last).fold(0u64, |bits, a| bits | 1 << (g[a] ^ g[s - a]))
                };
                let mut sparse = Sparse::new(class, 64, &g);
                sparse.kernel = kernel;
                for needed in [1u64 << 5 | 1 << 9, 0b1110, 0b1111 | 1 << 9] {
                    let s = n - 1;
                    let want = (needed & !given(s, s / 2)).trailing_zeros().min(63);
                    let got = sparse.confirm_split(&g, s, false, 63, needed);
                    assert_eq!(got, want, "{kernel:?} n {n} needed {needed:b}");
                    // 4.07 splits `n` and `n - 2` tokens.
                    let given = given(n, n / 2) | given(n - 2, (n - 2) / 2);
                    let want = (needed & !given).trailing_zeros().min(63);
                    let got = sparse.scan_narrow(&g, &two, 63, needed);
                    assert_eq!(got, want, "two splits, n {n} needed {needed:b}");
                }
            }
        }
    }

    /// Runs of the register path append the plain engine's values, none
    /// of them rare, and stop before a rare position (or a value that
    /// reaches the capacity), returning it; where the path does not apply
    /// they append nothing. Runs of varied lengths on codes with one split
    /// removal and with several, under the classification the engine
    /// chooses; the counts guard against runs or their stops going
    /// untried.
    #[test]
    fn runs_stop_before_rare_positions() {
        let to = 2500;
        let (mut in_runs, mut at_rare) = (0u64, 0u64);
        for code in ["0.106", "0.16", "0.356", "4.07", "4.600", "4.464"] {
            let game = TakeBreak::new(Code::parse(code, code, 1, false).unwrap());
            let rules = Rules::new(game.code());
            let plain: Vec<u32> = super::super::plain_table(&game, to)
                .iter()
                .map(|v| v.0 as u32)
                .collect();
            let cap = (plain.iter().max().unwrap() + 1).next_power_of_two().max(2);
            assert!(cap <= 64, "{code}");
            // The classification the engine chooses, which leaves few
            // rare positions, so that runs are long.
            let mut seq = super::super::Sequence::new(game.clone());
            let all = crate::Limits::default().with_shortcuts(false);
            seq.extend(to, &all).unwrap();
            let class = seq.engine.sparse.as_ref().expect(code).class();
            {
                let start = 20;
                let mut table: Vec<u8> = plain[..start].iter().map(|&v| v as u8).collect();
                let first_cap = (plain[..start].iter().max().unwrap() + 1).next_power_of_two();
                let mut sparse = Sparse::new(class, first_cap.max(2), &table);
                let mut marks = Marks::default();
                marks.ensure(cap as usize);
                let mut length = 0;
                while table.len() < plain.len() {
                    let n = table.len();
                    length = length % 40 + 7;
                    let end = (n + length).min(plain.len());
                    let pending = sparse.run_narrow(&mut table, end, &rules);
                    for (p, &v) in table.iter().enumerate().skip(n) {
                        assert_eq!(u32::from(v), plain[p], "{code} {class:?} heap {p}");
                        assert!(!class.is_rare(p, u32::from(v)), "{code}: {p} is rare");
                    }
                    in_runs += (table.len() - n) as u64;
                    let m = table.len();
                    let v = match pending {
                        Some(v) => {
                            assert!(v >= sparse.cap || class.is_rare(m, v), "{code} heap {m}");
                            at_rare += u64::from(class.is_rare(m, v));
                            v
                        }
                        None if m == n => {
                            assert!(!sparse.narrow_applies(n, &rules), "{code} heap {n}");
                            sparse.value(&table, &rules, &mut marks)
                        }
                        None => {
                            assert_eq!(m, end, "{code}: a run stopped early");
                            continue;
                        }
                    };
                    assert_eq!(v, plain[m], "{code} {class:?} heap {m}");
                    if v >= sparse.cap {
                        sparse.set_capacity((v + 1).next_power_of_two());
                    }
                    sparse.record(m, v);
                    table.push(v as u8);
                }
            }
        }
        assert!(in_runs > 5_000, "{in_runs} heaps in runs");
        assert!(at_rare > 0, "{at_rare} runs stopped at a rare position");
    }

    /// A run stops before a value that reaches the capacity and returns
    /// it, the mex the plain engine finds: random tables of values below 4
    /// under 4.07's two split removals, classified with no rare position
    /// so that the path applies from the start, whose options soon hold
    /// all four values.
    #[test]
    fn runs_stop_where_a_value_reaches_the_capacity() {
        let mut rng = crate::lcg::Lcg(4);
        let rules = Rules::new(&Code::parse("4.07", "4.07", 1, false).unwrap());
        let class = Class {
            mask: 0,
            domain: false,
            rare: 1,
        };
        let mut stops = 0;
        for _ in 0..50 {
            let mut table: Vec<u8> = (0..40).map(|_| rng.below(4) as u8).collect();
            let mut marks = Marks::default();
            marks.ensure(64);
            let want = super::super::plain::value(&table, &rules, &mut marks, 64);
            let mut sparse = Sparse::new(class, 4, &table);
            match sparse.run_narrow(&mut table, 41, &rules) {
                Some(v) => {
                    assert!(v >= 4 && table.len() == 40, "{v} returned");
                    assert_eq!(v, want);
                    stops += 1;
                }
                None => assert_eq!((table.len(), u32::from(table[40])), (41, want)),
            }
        }
        assert!(stops > 10, "{stops} runs stopped at the capacity");
    }

    /// Classifications for values below `cap`: small and full masks, of
    /// both types, with either parity rare.
    fn narrow_classes(cap: u32) -> impl Iterator<Item = Class> {
        [1, 2, 3, cap - 1]
            .into_iter()
            .filter(move |&mask| mask < cap)
            .flat_map(|mask| {
                [(false, 0), (true, 0), (true, 1)].map(|(domain, rare)| Class {
                    mask,
                    domain,
                    rare,
                })
            })
    }
}
