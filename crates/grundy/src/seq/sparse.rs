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

use super::marks::Marks;
use super::mask::Class;
use super::plain::mark_direct_at;
use super::rules::Rules;
use super::store::Cell;

/// Pairs scanned between checks for completion.
const BLOCK: usize = 32;

/// The state of the sparse engine for one classification.
#[derive(Clone, Debug)]
pub(crate) struct Sparse {
    class: Class,
    /// Values are below this power of two.
    cap: u32,
    /// Positions `>= 1` that are rare, ascending.
    rare: Vec<u32>,
    /// The values below the capacity by parity, ascending.
    by_parity: [Vec<u32>; 2],
    /// Scratch: a bit per value, the abundant values still to be found.
    needed: Vec<u64>,
    /// Statistics: heaps that needed a scan, pairs scanned, and scans that
    /// ran to the end.
    pub scans: u64,
    /// See `scans`.
    pub scanned: u64,
    /// See `scans`.
    pub full_scans: u64,
}

impl Sparse {
    /// The state for `class`, with values below `cap` (a power of two),
    /// built from the table `g`.
    pub fn new<T: Cell>(class: Class, cap: u32, g: &[T]) -> Sparse {
        let mut s = Sparse {
            class,
            cap,
            rare: Vec::new(),
            by_parity: [Vec::new(), Vec::new()],
            needed: Vec::new(),
            scans: 0,
            scanned: 0,
            full_scans: 0,
        };
        s.set_capacity(cap);
        s.rare = (1..g.len())
            .filter(|&p| class.is_rare(p, g[p].get()))
            .map(|p| p as u32)
            .collect();
        s
    }

    /// Adapts the value lists to values below `cap`.
    pub fn set_capacity(&mut self, cap: u32) {
        self.cap = cap;
        for parity in 0..2 {
            self.by_parity[parity] = (0..cap)
                .filter(|&v| self.class.parity(v) as usize == parity)
                .collect();
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
            self.rare.push(n as u32);
        }
    }

    /// `G(n)` from `g = G(0..n)`. The rules must leave at most two heaps,
    /// and for the domain type all split removals must have one parity.
    pub fn value<T: Cell>(&mut self, g: &[T], rules: &Rules, marks: &mut Marks) -> u32 {
        self.value_of(g, g.len(), rules, marks)
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
        let known = g.len();
        marks.clear();
        mark_direct_at(g, n, rules, marks);

        // 1. Pairs with a rare heap: all cheap options, some abundant ones.
        let mut flip = 0usize;
        for &(i, unequal) in &rules.split_two {
            let i = i as usize;
            if n < i + 2 {
                continue;
            }
            let s = n - i;
            if self.class.domain {
                flip = s & 1;
            }
            for &r in &self.rare {
                let r = r as usize;
                if r >= s {
                    break;
                }
                let b = s - r;
                if (unequal && r == b) || b >= known || r >= known {
                    continue;
                }
                marks.mark(g[r].get() ^ g[b].get());
            }
        }
        let candidate = self.by_parity[1 ^ flip]
            .iter()
            .copied()
            .find(|&c| !marks.has(c))
            .unwrap_or(self.cap);

        // 2. Every abundant value below the candidate must be an option too.
        let mut missing = 0u32;
        let words = candidate as usize / 64 + 1;
        self.needed[..words].fill(0);
        for &u in self.by_parity[flip].iter().take_while(|&&u| u < candidate) {
            if !marks.has(u) {
                self.needed[u as usize / 64] |= 1 << (u % 64);
                missing += 1;
            }
        }
        if missing == 0 {
            return candidate;
        }
        self.scans += 1;
        missing = match rules.split_two.as_slice() {
            &[(i, unequal)] => self.scan_one(g, n - i as usize, unequal, missing),
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

    /// Scans the splits of `s` tokens (the common case of one split
    /// removal). The values seen in a block are OR-ed into four independent
    /// bit sets, and the needed set is updated once a block: updating it
    /// pair by pair would chain every pair on the previous one's store.
    fn scan_one<T: Cell>(&mut self, g: &[T], s: usize, unequal: bool, mut missing: u32) -> u32 {
        let last = if unequal { (s - 1) / 2 } else { s / 2 };
        let first = first_pair(s, g.len());
        let words = self
            .needed
            .iter()
            .rposition(|&w| w != 0)
            .map_or(0, |w| w + 1);
        if words == 1 {
            return self.scan_one_word(g, s, first, last);
        }
        let mut a = first;
        while a <= last {
            let end = (a + BLOCK).min(last + 1);
            let left = &g[a..end];
            let right = &g[s + 1 - end..=s - a];
            for (x, y) in left.iter().zip(right.iter().rev()) {
                missing -= self.found(x.get() ^ y.get());
            }
            self.scanned += (end - a) as u64;
            if missing == 0 {
                break;
            }
            a = end;
        }
        missing
    }

    /// [`Sparse::scan_one`] when every needed value is below 64: the needed
    /// set lives in a register.
    fn scan_one_word<T: Cell>(&mut self, g: &[T], s: usize, first: usize, last: usize) -> u32 {
        let mut needed = self.needed[0];
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
            // Pair k is (left[k], right[len - 1 - k]): walk left forwards
            // and right backwards, four pairs at a time.
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
            self.scanned += (end - a) as u64;
            a = end;
        }
        self.needed[0] = needed;
        needed.count_ones()
    }

    /// Clears the bit of `x` if it is needed; returns 1 if it was.
    #[inline(always)]
    fn found(&mut self, x: u32) -> u32 {
        let word = &mut self.needed[x as usize / 64];
        let bit = 1u64 << (x % 64);
        let hit = *word & bit;
        *word ^= hit;
        (hit != 0) as u32
    }

    /// Scans the splits of every split removal, interleaved by the smaller
    /// heap.
    fn scan_many<T: Cell>(&mut self, g: &[T], n: usize, rules: &Rules, mut missing: u32) -> u32 {
        let splits: Vec<(usize, usize, usize)> = rules
            .split_two
            .iter()
            .filter(|&&(i, _)| n >= i as usize + 2)
            .map(|&(i, unequal)| {
                let s = n - i as usize;
                (
                    s,
                    first_pair(s, g.len()),
                    if unequal { (s - 1) / 2 } else { s / 2 },
                )
            })
            .collect();
        let longest = splits.iter().map(|&(_, _, last)| last).max().unwrap_or(0);
        for a in 1..=longest {
            for &(s, first, last) in &splits {
                if first <= a && a <= last {
                    missing -= self.found(g[a].get() ^ g[s - a].get());
                }
            }
            self.scanned += 1;
            if missing == 0 {
                break;
            }
        }
        missing
    }
}

/// The smallest `a >= 1` whose pair `(a, s - a)` lies within the first
/// `known` heaps.
fn first_pair(s: usize, known: usize) -> usize {
    (s + 1).saturating_sub(known).max(1)
}
