//! The sparse engine's state for one classification: the rare positions,
//! the values by parity in the form each sift reads, the current blocks
//! and the scratch the paths share, with what builds and grows it, and the
//! entry point that sends a heap down the register path or the general
//! one.
//!
//! The paths and the blocks all read and update this one struct; kept
//! here, apart from them, what the engine carries from heap to heap is
//! seen in one place.

use crate::seq::block::Block;
use crate::seq::kernel::Kernel;
use crate::seq::marks::Marks;
use crate::seq::mask::Class;
use crate::seq::register_block::RegisterBlock;
use crate::seq::rules::Rules;
use crate::seq::store::Cell;

/// The state of the sparse engine for one classification.
#[derive(Clone, Debug)]
pub(crate) struct Sparse {
    pub(super) class: Class,
    /// Values are below this power of two.
    pub(super) cap: u32,
    /// Positions `>= 1` that are rare, ascending.
    pub(super) rare: Vec<u32>,
    /// Their values, in the same order: read beside `rare`, so the pass
    /// over the rare positions reads one table entry per pair, not two.
    pub(super) rare_value: Vec<u32>,
    /// The inner loops of the confirming scan.
    pub(crate) kernel: Kernel,
    /// The values below the capacity by parity, ascending.
    pub(super) by_parity: [Vec<u32>; 2],
    /// The same below 64, as bit sets (for the narrow paths of
    /// [`Sparse::value_of`] and [`Sparse::value_narrow`]).
    pub(super) parity_bits: [u64; 2],
    /// The same below the capacity, a bit a value in words of 64 (for the
    /// sift over bit sets of [`Sparse::candidate`]).
    pub(super) parity_words: [Vec<u64>; 2],
    /// The long-range rare pairs of the current block of heaps.
    pub(super) block: Block,
    /// The same for the register path, a few heaps at a time.
    pub(super) register_block: RegisterBlock,
    /// Scratch for a shared block: the stamps of a part of it.
    pub(super) stamps: Block,
    /// Scratch: a bit per value, the abundant values still to be found.
    pub(super) needed: Vec<u64>,
    /// Scratch for [`Sparse::scan_many`], kept so that a heap's scan
    /// allocates nothing (the allocation was 7% of 4.07's time).
    pub(super) splits: Vec<(usize, usize, usize)>,
    /// Statistics: heaps that needed a scan, pairs scanned, and scans that
    /// ran to the end.
    pub(super) scans: u64,
    /// See `scans`.
    pub(super) scanned: u64,
    /// See `scans`.
    pub(super) full_scans: u64,
    /// Statistics: register blocks started (see [`crate::seq::register_block`]).
    pub(crate) register_blocks: u64,
    /// The last smaller heap a confirming scan may read (see
    /// [`Sparse::bound_reads`]); `usize::MAX` while every value is kept.
    pub(super) scan_limit: usize,
    /// Whether a new rare position breaks the bounded table's promise
    /// (see [`Sparse::bound_reads`]).
    pub(super) rare_fixed: bool,
    /// Whether a heap needed a value the bounded table no longer keeps:
    /// the heap's value was not found, and the caller must recompute.
    pub(super) outran: bool,
    /// The deepest smaller heap a confirming scan that found every value
    /// it needed has read.
    pub(super) deepest: usize,
}

impl Sparse {
    /// The state for `class`, with values below `cap` (a power of two),
    /// built from the table `g`.
    pub(crate) fn new<T: Cell>(class: Class, cap: u32, g: &[T]) -> Sparse {
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
            scan_limit: usize::MAX,
            rare_fixed: false,
            outran: false,
            deepest: 0,
        };
        s.set_capacity(cap);
        for (p, v) in g.iter().enumerate().skip(1) {
            s.record(p, v.get());
        }
        s
    }

    /// Adapts the value lists to values below `cap`.
    pub(crate) fn set_capacity(&mut self, cap: u32) {
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
    pub(crate) fn class(&self) -> Class {
        self.class
    }

    /// How many rare positions there are.
    pub(crate) fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// Promises that from now on the table's heaps `limit..` are moved
    /// (see [`crate::seq::window`]): a confirming scan reads no smaller
    /// heap past `limit - 1`, and no rare position is added. A heap that
    /// would break the promise sets [`Sparse::outran`] instead of a value.
    /// The blocks, marked for heaps at the old places, are dropped.
    pub(crate) fn bound_reads(&mut self, limit: usize) {
        self.scan_limit = limit - 1;
        self.rare_fixed = true;
        self.block = Block::default();
        self.register_block.clear();
    }

    /// Whether a heap needed a value the bounded table no longer keeps
    /// (see [`Sparse::bound_reads`]).
    #[inline]
    pub(crate) fn outran(&self) -> bool {
        self.outran
    }

    /// The deepest smaller heap a confirming scan that found every value
    /// it needed has read, and the largest rare position (0 if none).
    pub(crate) fn reach(&self) -> (usize, usize) {
        (self.deepest, self.rare.last().map_or(0, |&r| r as usize))
    }

    /// Forgets that a heap outran the bounded table, for a caller that
    /// computed the heap from fewer options than it has (a guess) and
    /// computes it again in full.
    pub(crate) fn forget_outrun(&mut self) {
        self.outran = false;
    }

    /// Takes up what a copy of this state learned about the reads of a
    /// bounded table while another thread computed with it: whether a heap
    /// outran the table, and the deepest scan.
    pub(crate) fn absorb(&mut self, copy: &Sparse) {
        self.outran |= copy.outran;
        self.deepest = self.deepest.max(copy.deepest);
    }

    /// Takes up the deepest scan of an earlier run (from a checkpoint).
    pub(crate) fn resume_depth(&mut self, deepest: usize) {
        self.deepest = self.deepest.max(deepest);
    }

    /// The last pair a scan whose last pair is `last` may read under the
    /// limit, and whether the limit cuts it short.
    #[inline]
    pub(super) fn scan_end(&self, last: usize) -> (usize, bool) {
        (last.min(self.scan_limit), last > self.scan_limit)
    }

    /// Accounts for a confirming scan that read pairs up to `depth` and
    /// left `missing` values unfound, cut short by the limit or not.
    #[inline]
    pub(super) fn scanned_to(&mut self, depth: usize, missing: bool, cut: bool) {
        if !missing {
            self.deepest = self.deepest.max(depth);
        } else if cut {
            self.outran = true;
        }
    }

    /// Records `G(n) = v` for the position just computed.
    #[inline]
    pub(crate) fn record(&mut self, n: usize, v: u32) {
        if n >= 1 && self.class.is_rare(n, v) {
            // `each_rare_pair` reads without bounds checks on the promise
            // that the rare positions ascend (and fit `u32`); a position
            // recorded twice or out of order would break it. Rare positions
            // are few, so the check costs nothing measurable.
            assert!(
                u32::try_from(n).is_ok() && self.rare.last().is_none_or(|&r| (r as usize) < n),
                "rare position {n} recorded out of order"
            );
            // Under a bounded table the pairs of a new rare position would
            // reach values no longer kept.
            self.outran |= self.rare_fixed;
            self.rare.push(n as u32);
            self.rare_value.push(v);
            self.register_block.clear();
        }
    }

    /// `G(n)` from `g = G(0..n)`. The rules must leave at most two heaps,
    /// and for the domain type all split removals must have one parity.
    pub(crate) fn value<T: Cell>(&mut self, g: &[T], rules: &Rules, marks: &mut Marks) -> u32 {
        if let Some(v) = self.value_narrow(g, rules) {
            return v;
        }
        self.value_of(g, g.len(), rules, marks)
    }

    /// Which parity of value is abundant for a split of `s` tokens (0 or
    /// 1, as `sift` takes it): in the domain type it follows `s`.
    pub(super) fn flip(&self, s: usize) -> usize {
        if self.class.domain { s & 1 } else { 0 }
    }
}
