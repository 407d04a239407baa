//! Starting blocks of heaps (see [`crate::seq::block`]): the rare pairs
//! whose two heaps lie below a block are marked for all of its heaps at
//! once, by one process, or shared by a team, which then also runs its
//! confirming scans early.
//!
//! Blocks change no value, only where the general path finds its
//! options: it reads them heap by heap, and they are filled here, ahead of
//! the heaps, with the team's share of the work and its exchanges kept out
//! of the paths.

use std::ops::Range;
use std::time::Instant;

use crate::seq::block::{self, BLOCK_HEAPS, Block, Row};
use crate::seq::kernel::Scan;
use crate::seq::rules::{Rules, last_pair};
use crate::seq::store::Cell;
use crate::seq::team::{self, Team, TeamStats};

use super::sift::{sift, sift_words, words_below};
use super::state::Sparse;

/// Ordinary pairs each heap of a shared block gets marked, beside its rare
/// pairs: the confirming scan finds most missing values within its first
/// 64 pairs, so with these marked it seldom runs on the unshared path.
const WINDOW_PAIRS: usize = 64;

/// Most pairs a shared block's early confirming scan looks at for one heap
/// (see [`Sparse::scan_below`]); Officers needs about 2 800 on average.
const SCAN_BELOW_PAIRS: usize = 1 << 16;

impl Sparse {
    /// The heap after the current block (0 before the first).
    pub(crate) fn block_end(&self) -> usize {
        self.block.end()
    }

    /// Whether heap `n` starts a new block (see [`Sparse::start_block`]):
    /// it is past the current one, and blocks pay for this many rare
    /// positions and heaps this large.
    pub(crate) fn wants_block(&self, n: usize) -> bool {
        n >= self.block_end() && n >= block::FIRST_BLOCK && self.rare.len() >= block::MIN_RARE
    }

    /// Starts a block of `len` heaps from `g.len()` on (see
    /// [`crate::seq::block`]): marks, for each of them, the rare pairs whose two
    /// heaps lie below the block.
    ///
    /// (Filling the next block on a second thread while the heaps of this
    /// one are computed was tried: Officers to 10^6 took 2.07–2.34 s
    /// against 2.11–2.26 s for the two-heap pipeline of `crate::seq::pipeline`,
    /// on an AMD EPYC, so the simpler pipeline stayed.)
    pub(crate) fn start_block<T: Cell>(&mut self, g: &[T], len: usize, rules: &Rules) {
        let first = g.len();
        // Taken out while it is filled from the rare positions.
        let mut block = std::mem::take(&mut self.block);
        block.start(first, len, self.cap as usize);
        self.each_long_range(first, len, rules, |s0, ranges| {
            for range in ranges.clone() {
                let (rare, values) = (&self.rare[range.clone()], &self.rare_value[range]);
                block.mark_rare_runs(self.kernel, rare, values, g, s0);
            }
            block.cover(ranges);
        });
        self.block = block;
    }

    /// Starts a block of `len` heaps from `g.len()` on shared by a team
    /// (see [`crate::seq::team`]): this member marks its share of the rare pairs
    /// whose two heaps lie below the block, and of a window of
    /// [`WINDOW_PAIRS`] ordinary pairs for each split removal (so that the
    /// confirming scan seldom has to run), then the team ORs the marks.
    /// Every member must call it with the same table and `len`.
    pub(crate) fn start_team_block<T: Cell>(
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
                let part = range.start + skip..range.start + keep;
                if *rare {
                    let (rare, values) = (&self.rare[part.clone()], &self.rare_value[part]);
                    stamps.mark_rare_runs(self.kernel, rare, values, g, s0 + sub);
                } else {
                    // The window's ordinary pairs (a, s - a).
                    for a in part {
                        let b = s0 + sub - a;
                        stamps.mark_run(g[a].get(), &g[b..b + heaps]);
                    }
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
            // The bits are the options as words: sifted a word at a time
            // (value by value, this sift was a sixth of a member's time).
            let (candidate, mut missing) = match marks.row() {
                Row::Bits(words) if self.cap >= 64 && 64 * words.len() == self.cap as usize => {
                    sift_words(&self.parity_words, flip, self.cap, words, &mut self.needed)
                }
                _ => sift(
                    &self.by_parity,
                    flip,
                    self.cap,
                    |v| marks.has(v),
                    &mut self.needed,
                ),
            };
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
}
