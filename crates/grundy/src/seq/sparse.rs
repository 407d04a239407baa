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
use super::plain::mark_direct;
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
            self.by_parity[parity] = (0..cap).filter(|&v| self.class.parity(v) as usize == parity).collect();
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
        let n = g.len();
        marks.clear();
        mark_direct(g, rules, marks);

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
                if unequal && r == b {
                    continue;
                }
                marks.mark(g[r].get() ^ g[b].get());
            }
        }
        let candidate = self.by_parity[1 ^ flip].iter().copied().find(|&c| !marks.has(c)).unwrap_or(self.cap);

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
            _ => self.scan_many(g, rules, missing),
        };
        if missing == 0 {
            return candidate;
        }
        self.full_scans += 1;
        let word = self.needed[..words].iter().position(|&w| w != 0).expect("a value is missing");
        let smallest = (word * 64) as u32 + self.needed[word].trailing_zeros();
        // Leave no bit set for a later heap to count.
        self.needed[..words].fill(0);
        smallest
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

    /// Scans the splits of `s` tokens (the common case of one split
    /// removal) in blocks, branch-free inside a block.
    fn scan_one<T: Cell>(&mut self, g: &[T], s: usize, unequal: bool, mut missing: u32) -> u32 {
        let last = if unequal { (s - 1) / 2 } else { s / 2 };
        let mut a = 1;
        while a <= last {
            let end = (a + BLOCK).min(last + 1);
            for a in a..end {
                missing -= self.found(g[a].get() ^ g[s - a].get());
            }
            self.scanned += (end - a) as u64;
            if missing == 0 {
                break;
            }
            a = end;
        }
        missing
    }

    /// Scans the splits of every split removal, interleaved by the smaller
    /// heap.
    fn scan_many<T: Cell>(&mut self, g: &[T], rules: &Rules, mut missing: u32) -> u32 {
        let n = g.len();
        let splits: Vec<(usize, usize)> = rules
            .split_two
            .iter()
            .filter(|&&(i, _)| n >= i as usize + 2)
            .map(|&(i, unequal)| {
                let s = n - i as usize;
                (s, if unequal { (s - 1) / 2 } else { s / 2 })
            })
            .collect();
        let longest = splits.iter().map(|&(_, last)| last).max().unwrap_or(0);
        for a in 1..=longest {
            for &(s, last) in &splits {
                if a <= last {
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
