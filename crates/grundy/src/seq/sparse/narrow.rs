//! The register path: `G(n)` where every value is below 64, no block runs,
//! and the heap is so far past the rare positions that every split pairs
//! with all of them. The options, the sift and the confirming scan then
//! stay in registers, heap after heap.
//!
//! It is a fast path with its own conditions, its own blocks (see
//! [`crate::seq::register_block`]) and its own scans, held against the
//! general path heap by heap in its tests; apart from it, the general path
//! reads without these special cases.

use crate::seq::kernel::Scan;
use crate::seq::plain::direct_bits;
use crate::seq::rules::{Rules, last_pair};
use crate::seq::store::Cell;

use super::sift::narrow_sift;
use super::state::Sparse;

/// Pairs [`Sparse::confirm_split`] scans in a register before it calls
/// the scan kernels.
const NARROW_WARM_UP: usize = 8;

/// The register path marks the long-range pairs a few heaps at a time
/// (see [`crate::seq::register_block`]) once there are this many rare
/// positions: with none (4.07) a block costs more than it saves, with 15
/// (0.106) it saves a quarter of the time; the bar between those is not
/// measured finer.
const REGISTER_BLOCK_MIN_RARE: usize = 4;

impl Sparse {
    /// [`Sparse::value`] where it is simplest: every value below 64, no
    /// block, and heap `n = g.len()` so far past the rare positions that
    /// every split pairs with all of them and none is its middle heap. The
    /// options, the sift and a scan of several splits then stay in
    /// registers, with no ranges to cut and no needed set in memory (b-files
    /// to 10^7 on one thread of an Intel Xeon: 4.07 from 0.258 s to
    /// 0.167 s, 0.106 from 0.510 s to 0.422 s). `None` where it does not
    /// apply.
    #[inline]
    pub(super) fn value_narrow<T: Cell>(&mut self, g: &[T], rules: &Rules) -> Option<u32> {
        self.narrow_applies(g.len(), rules)
            .then(|| self.narrow_value(g, rules))
    }

    /// Heaps `g.len()..end` by the register path, appended to `g`, while
    /// it applies (see [`Sparse::value_narrow`]): checked once for the
    /// first heap, it then holds for every later one until a rare position
    /// is added or the capacity grows, so the loop is only the work of each
    /// heap. Stops before a heap whose value is a rare position or reaches
    /// the capacity, and returns that value, not appended, for the caller
    /// to record; `None` when it reached `end`, the path does not apply, or
    /// a heap outran a bounded table (see [`Sparse::bound_reads`]).
    /// The caller must be one that would start no block, alone or shared,
    /// at any of these heaps (none starts below [`crate::seq::block::MIN_RARE`] rare
    /// positions), since a block changes the path.
    pub(crate) fn run_narrow<T: Cell>(
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
            if self.outran {
                return None;
            }
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
    /// [`crate::seq::register_block`]).
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
        let (last, cut) = self.scan_end(last_pair(s, unequal));
        let warm_up = last.min(NARROW_WARM_UP);
        for a in 1..=warm_up {
            needed &= !(1 << ((g[a].get() ^ g[s - a].get()) & 63));
        }
        self.scanned += warm_up as u64;
        if needed == 0 {
            self.scanned_to(warm_up, false, cut);
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
        self.scanned_to(warm_up + scanned as usize, left != 0, cut);
        if left == 0 || self.outran {
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
        let (end, cut) = self.scan_end(longest);
        for a in 1..=end {
            for &(i, unequal) in &rules.split_two {
                let s = n - i as usize;
                if a <= last_pair(s, unequal) {
                    needed &= !(1 << ((g[a].get() ^ g[s - a].get()) & 63));
                }
            }
            if needed == 0 {
                self.scanned += a as u64;
                self.scanned_to(a, false, cut);
                return candidate;
            }
        }
        self.scanned += end as u64;
        self.scanned_to(end, true, cut);
        if self.outran {
            return candidate;
        }
        self.full_scans += 1;
        needed.trailing_zeros()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::octal::Code;
    use crate::heap::octal::TakeBreak;
    use crate::seq::kernel::Kernel;
    use crate::seq::marks::Marks;
    use crate::seq::mask::Class;

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
            let plain: Vec<u32> = crate::seq::plain_table(&game, to)
                .iter()
                .map(|v| v.0 as u32)
                .collect();
            let cap = (plain.iter().max().unwrap() + 1).next_power_of_two().max(2);
            if cap > 64 {
                continue;
            }
            let domain = crate::seq::scheduler::Engine::new(rules.clone())
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
            let plain: Vec<u32> = crate::seq::plain_table(&game, to)
                .iter()
                .map(|v| v.0 as u32)
                .collect();
            let cap = (plain.iter().max().unwrap() + 1).next_power_of_two().max(2);
            assert!(cap <= 64, "{code}");
            // The classification the engine chooses, which leaves few
            // rare positions, so that runs are long.
            let mut seq = crate::seq::Sequence::new(game.clone());
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
            let want = crate::seq::plain::value(&table, &rules, &mut marks, 64);
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
