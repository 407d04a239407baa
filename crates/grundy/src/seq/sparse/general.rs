//! The general path: `G(n)` for any heap, from a complete table or (for
//! the pipeline and the speculation) one that stops short of it. The
//! candidate comes from the direct options, the rare pairs and the block's
//! marks; the confirming scan of the ordinary pairs runs when an abundant
//! value below it is missing.
//!
//! It is the path every heap can take, in two halves that callers may run
//! apart ([`Sparse::candidate`] ahead, [`Sparse::confirm`] once the table
//! reaches the heap), and the reference the register path is tested
//! against.

use crate::seq::block::Pieces;
use crate::seq::kernel::{self, Scan};
use crate::seq::marks::Marks;
use crate::seq::plain::{direct_bits, mark_direct_at};
use crate::seq::rules::{Rules, last_pair};
use crate::seq::store::Cell;

use super::sift::{sift, sift_bits, sift_words, words_below};
use super::state::Sparse;
use super::words::{MAX_OPTION_WORDS, option_words};

impl Sparse {
    /// The mex over the options of heap `n` that only reach heaps in `g`
    /// (`g` may stop short of `n`; options reaching further are skipped).
    /// With `g = G(0..n)` this is `G(n)`; the pipeline uses shorter prefixes
    /// to start a heap before its predecessor is known.
    pub(crate) fn value_of<T: Cell>(
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
    pub(crate) fn candidate<T: Cell>(
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
            .map(|b| b.row())
            .filter(|row| self.option_words_fit(row.values()))
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
    pub(crate) fn confirm<T: Cell>(
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
                let (last, cut) = self.scan_end(last_pair(s, unequal));
                let first = first_pair(s, g.len());
                let scan = Scan {
                    g,
                    s,
                    first,
                    last,
                    cap: self.cap,
                };
                let (left, scanned) = scan.run(self.kernel, &mut self.needed[..words], missing);
                self.scanned += scanned;
                self.scanned_to(first + scanned as usize - 1, left != 0, cut);
                left
            }
            _ => self.scan_many(g, n, rules, missing),
        };
        if missing == 0 || self.outran {
            // Leave no bit set for a later heap to count.
            self.needed[..words].fill(0);
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

    /// The set of abundant values [`Sparse::candidate`] leaves for
    /// [`Sparse::confirm`]: a bit a value, below the capacity. It is empty
    /// between heaps.
    pub(crate) fn needed_mut(&mut self) -> &mut [u64] {
        &mut self.needed
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
        let (end, cut) = self.scan_end(longest);
        let mut depth = 0;
        for a in 1..=end {
            for &(s, first, last) in &splits {
                if first <= a && a <= last {
                    missing -= kernel::clear(&mut self.needed, g[a].get() ^ g[s - a].get());
                }
            }
            self.scanned += 1;
            depth = a;
            if missing == 0 {
                break;
            }
        }
        self.scanned_to(depth, missing != 0, cut);
        self.splits = splits;
        missing
    }
}

/// The smallest `a >= 1` whose pair `(a, s - a)` lies within the first
/// `known` heaps.
fn first_pair(s: usize, known: usize) -> usize {
    (s + 1).saturating_sub(known).max(1)
}
