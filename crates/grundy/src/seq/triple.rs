//! The triple engine: `G(n)` in time `O(n)` per heap instead of `O(n²)`
//! for codes whose moves may leave three heaps (hexadecimal codes).
//!
//! For a heap of `m` tokens let `S2(m)` be the set of values
//! `G(b) ⊕ G(m - b)` over its splits into two non-empty heaps
//! (`1 <= b <= m - 1`, equal heaps allowed). A move removing `i` tokens and
//! leaving three non-empty heaps `a + b + c = s = n - i` has the value
//! `G(a) ⊕ (G(b) ⊕ G(c))`, and `(b, c)` is a split of `s - a`; conversely
//! every `a` in `1..=s-2` with every split of `s - a` is such a move. So the
//! three-heap options of removal `i` are `∪_a G(a) ⊕ S2(s - a)`, and
//!
//! > `v` is an option iff `v ⊕ G(a) ∈ S2(s - a)` for some `a`,
//!
//! one bit test per `a`. The engine keeps `S2(m)` for every `m` as a row of
//! bits (values are below `cap`, a power of two, so XORs of them are too);
//! row `n` is built from `G(1..n)` before heap `n` is computed, one bit per
//! split, which is also the two-heap option set of every removal that may
//! leave two heaps. Then `G(n)` is found candidate by candidate: `v` runs
//! over the values that no removal leaving at most two heaps reaches, in
//! increasing order, and each is tested against the three-heap moves by a
//! scan over `a` that stops at the first witness. Only `G(n)` itself needs
//! the scan to the end. When the values stay small, every value below the
//! mex has many witnesses, the scans are short, and a heap costs `O(n)` bit
//! operations (`n/2` for its row, about `n` for the final scan, a few for
//! each value below `G(n)`) where listing every triple costs `n²/12`.
//!
//! When the values grow (arithmetic-periodic codes such as 0.8, where
//! `G(n) = ⌊(n - 1)/3⌋`), values just below the mex need the three heaps'
//! values to add without carries, and have few witnesses (in 0.8 at heap
//! 2000, 24 to 384 of the 2000 choices of `a`): the scans then cost about
//! as much as listing every triple. So each heap's scans have a budget, the
//! number of triples; a heap that exceeds it is handed to the plain engine,
//! and so are the next heaps, a stretch that doubles (up to
//! `MAX_BACKOFF`) while the scans keep losing. The answer is exact either
//! way; the cost stays within about twice the cheaper method's.
//!
//! The rows take `cap` bits a heap: since most hexadecimal codes have
//! values growing like `n/2` or `n/3`, that is `O(N²)` bits for `N` heaps,
//! and the engine gives way to the plain one when the rows would outgrow
//! their share of the memory limit.
//!
//! Digits with `!` that leave three heaps want pairwise different heaps,
//! which do not split as `a` plus any split of the rest; but every such
//! triple is still found at each of its heaps, so the scan stands, and a
//! hit at `a` is kept only once a split `b < c` of `s - a` with neither
//! heap of `a` tokens and the right value is found (the search is charged
//! to the budget). A miss needs no check: the row holds every split. (For
//! two-heap digits with `!`, see `zero_only_from_middle`.)
//!
//! Not tried: the rare/common classes of the sparse engine, which would
//! replace the final scan of a heap with common value by a pass over the
//! rare positions. They need small values, and with three heaps most codes'
//! values grow (each of the 128 codes `0.d1d2` with a three-heap digit
//! passes 140 by heap 600); where values do stay small (0.B7E, below 20)
//! this engine is already `O(n)` a heap.

use super::marks::Marks;
use super::plain;
use super::rules::Rules;
use super::store::Cell;

/// The state of the triple engine: the rows `S2(m)`.
#[derive(Clone, Debug)]
pub(crate) struct Triple {
    /// Words (64 values) per row.
    words: usize,
    /// Row `m` is `rows[m * words..(m + 1) * words]`, for `m` below the
    /// number of heaps seen.
    rows: Vec<u64>,
    /// Bit `m`: the value 0 is in `S2(m)` only through the split into two
    /// equal heaps, so a two-heap move demanding unequal heaps misses it.
    zero_only_from_middle: Vec<u64>,
    /// Scratch: the options of the current heap, a bit per value.
    options: Vec<u64>,
    /// Heaps still to be left to the plain engine (which lists every
    /// triple), after a heap whose witness scans cost more than that: in
    /// arithmetic-periodic codes values near the mex have few witnesses.
    /// The budget and this backoff keep the cost within about twice the
    /// cheaper method's.
    listing_left: u32,
    /// How many heaps the next such fallback lasts (doubling while the
    /// scans keep losing, back to one when they win).
    backoff: u32,
    /// Statistics: heaps whose scans ran out of budget.
    pub fallbacks: u64,
}

/// The longest fallback to the plain engine, in heaps: the scans are tried
/// again at least this often.
const MAX_BACKOFF: u32 = 1024;

/// Words of a row for values below `cap`.
fn words_for(cap: u32) -> usize {
    (cap as usize).div_ceil(64).max(1)
}

/// Whether the triple engine computes this code: some move leaves three
/// heaps.
pub(crate) fn applies(rules: &Rules) -> bool {
    !rules.split_three.is_empty()
}

impl Triple {
    /// The state for values below `cap` (a power of two), with the rows of
    /// every heap of `g`.
    pub fn new<T: Cell>(cap: u32, g: &[T]) -> Triple {
        let mut t = Triple {
            words: words_for(cap),
            rows: Vec::new(),
            zero_only_from_middle: Vec::new(),
            options: vec![0; words_for(cap)],
            listing_left: 0,
            backoff: 1,
            fallbacks: 0,
        };
        t.rows.reserve(g.len() * t.words);
        for m in 0..g.len() {
            t.push_row(&g[..m]);
        }
        t
    }

    /// Bytes the rows take for heaps `0..heaps` once values reach `cap`.
    pub fn bytes_at(cap: u32, heaps: usize) -> u64 {
        (heaps as u64).saturating_mul(words_for(cap) as u64 * 8)
    }

    /// Makes room for the rows of heaps below `heaps`.
    pub fn reserve(&mut self, heaps: usize) {
        let want = heaps.saturating_mul(self.words);
        self.rows.reserve(want.saturating_sub(self.rows.len()));
    }

    /// Widens the rows for values below `cap`.
    pub fn set_capacity(&mut self, cap: u32) {
        let words = words_for(cap);
        if words <= self.words {
            return;
        }
        let heaps = self.rows.len() / self.words;
        let mut rows = vec![0u64; heaps * words];
        for (new, old) in rows
            .chunks_exact_mut(words)
            .zip(self.rows.chunks_exact(self.words))
        {
            new[..self.words].copy_from_slice(old);
        }
        self.rows = rows;
        self.words = words;
        self.options = vec![0; words];
    }

    fn row(&self, m: usize) -> &[u64] {
        &self.rows[m * self.words..(m + 1) * self.words]
    }

    #[inline(always)]
    fn row_has(&self, m: usize, v: u32) -> bool {
        self.rows[m * self.words + v as usize / 64] & (1 << (v % 64)) != 0
    }

    /// Whether 0 is a two-heap option of a heap of `m` only through its
    /// two equal halves.
    fn zero_only_from_middle(&self, m: usize) -> bool {
        self.zero_only_from_middle
            .get(m / 64)
            .is_some_and(|w| w & (1 << (m % 64)) != 0)
    }

    /// Appends row `m = g.len()`: `S2(m)` from `G(1..m)`.
    fn push_row<T: Cell>(&mut self, g: &[T]) {
        let m = g.len();
        let start = self.rows.len();
        self.rows.resize(start + self.words, 0);
        let row = &mut self.rows[start..];
        // Pairs `b < m - b`, then the middle pair of an even heap apart, to
        // know whether 0 needs it.
        let last_unequal = m.saturating_sub(1) / 2;
        if self.words == 1 {
            row[0] = plain::pair_bits(g, m, last_unequal);
        } else {
            for b in 1..=last_unequal {
                let v = g[b].get() ^ g[m - b].get();
                row[v as usize / 64] |= 1 << (v % 64);
            }
        }
        let middle = m >= 2 && m.is_multiple_of(2);
        if m / 64 >= self.zero_only_from_middle.len() {
            self.zero_only_from_middle.push(0);
        }
        if middle {
            if row[0] & 1 == 0 {
                self.zero_only_from_middle[m / 64] |= 1 << (m % 64);
            }
            row[0] |= 1;
        }
    }

    /// `G(n)` for `n = g.len()` from `g = G(0..n)`: appends row `n` first.
    /// Every value in `g` must be below `cap` (a power of two, the
    /// capacity), and the rules must pass [`applies`]. `marks` is room for
    /// the plain engine, which takes over heaps where the scans lose.
    pub fn value<T: Cell>(&mut self, g: &[T], rules: &Rules, marks: &mut Marks, cap: u32) -> u32 {
        let n = g.len();
        debug_assert_eq!(self.rows.len(), n * self.words, "rows of every heap");
        self.push_row(g);
        if self.listing_left > 0 {
            self.listing_left -= 1;
            return plain::value(g, rules, marks, cap);
        }
        let triples: u64 = rules
            .split_three
            .iter()
            .filter_map(|&(i, _)| n.checked_sub(i as usize))
            .map(|s| (s as u64 * s as u64) / 12 + 1)
            .sum();
        let mut options = std::mem::take(&mut self.options);
        options.fill(0);
        let mut mark = |v: u32| options[v as usize / 64] |= 1 << (v % 64);
        for &i in &rules.leave_none {
            if n == i as usize {
                mark(0);
            }
        }
        for &i in &rules.leave_one {
            if n > i as usize {
                mark(g[n - i as usize].get());
            }
        }
        // Value 0 is tracked apart: a two-heap move demanding unequal heaps
        // loses the split into equal halves, which is worth 0, and 0 may
        // still come from another move.
        let mut zero = options[0] & 1 != 0;
        for &(i, unequal) in &rules.split_two {
            let Some(m) = n.checked_sub(i as usize).filter(|&m| m >= 2) else {
                continue;
            };
            let row = self.row(m);
            for (o, &r) in options.iter_mut().zip(row) {
                *o |= r;
            }
            zero |= row[0] & 1 != 0 && !(unequal && self.zero_only_from_middle(m));
        }
        options[0] = (options[0] & !1) | u64::from(zero);
        let v = self.mex_by_scans(g, rules, &mut options, triples);
        self.options = options;
        match v {
            Some(v) => {
                self.backoff = 1;
                v
            }
            None => {
                self.fallbacks += 1;
                self.listing_left = self.backoff - 1;
                self.backoff = (2 * self.backoff).min(MAX_BACKOFF);
                plain::value(g, rules, marks, cap)
            }
        }
    }

    /// The smallest value that is neither in `options` nor a three-heap
    /// option, values found to be three-heap options being added; `None`
    /// (with `options` to be completed) once the scans pass `budget` bit
    /// tests.
    fn mex_by_scans<T: Cell>(
        &self,
        g: &[T],
        rules: &Rules,
        options: &mut [u64],
        mut budget: u64,
    ) -> Option<u32> {
        let mut v = 0u32;
        loop {
            v = next_absent(options, v);
            if v as usize >= options.len() * 64
                || !self.is_triple_option(g, rules, v, &mut budget)?
            {
                return Some(v);
            }
            options[v as usize / 64] |= 1 << (v % 64);
        }
    }

    /// Whether some move of heap `g.len()` leaving three heaps has value
    /// `v`: a scan over the first heap `a`, stopping at a witness. Each bit
    /// test is charged to `budget`; `None` when it runs out.
    fn is_triple_option<T: Cell>(
        &self,
        g: &[T],
        rules: &Rules,
        v: u32,
        budget: &mut u64,
    ) -> Option<bool> {
        let n = g.len();
        for &(i, unequal) in &rules.split_three {
            let Some(s) = n.checked_sub(i as usize).filter(|&s| s >= 3) else {
                continue;
            };
            let mut from = 1;
            while from <= s - 2 {
                let scanned = (from..=s - 2).position(|a| self.row_has(s - a, v ^ g[a].get()));
                let Some(k) = scanned else {
                    *budget = budget.checked_sub((s - 1 - from) as u64)?;
                    break;
                };
                *budget = budget.checked_sub(k as u64 + 1)?;
                let a = from + k;
                if !unequal {
                    return Some(true);
                }
                // The row also holds splits of `s - a` into equal heaps or
                // using a heap of `a` tokens: look for one that qualifies.
                let (found, cost) = unequal_pair(g, s - a, v ^ g[a].get(), a);
                *budget = budget.checked_sub(cost)?;
                if found {
                    return Some(true);
                }
                from = a + 1;
            }
        }
        Some(false)
    }
}

/// Whether `m` splits into heaps `b < c`, neither of `a` tokens, with
/// `G(b) ⊕ G(c) = w`, and how many splits were tried.
fn unequal_pair<T: Cell>(g: &[T], m: usize, w: u32, a: usize) -> (bool, u64) {
    let last = m.saturating_sub(1) / 2;
    let found = (1..=last).position(|b| b != a && m - b != a && g[b].get() ^ g[m - b].get() == w);
    (found.is_some(), found.map_or(last as u64, |k| k as u64 + 1))
}

/// The smallest value `>= from` whose bit is clear (the bit count of
/// `set` if there is none).
fn next_absent(set: &[u64], from: u32) -> u32 {
    let mut word = from as usize / 64;
    if word >= set.len() {
        return from;
    }
    let mut bits = !set[word] & (u64::MAX << (from % 64));
    loop {
        if bits != 0 {
            return (word * 64) as u32 + bits.trailing_zeros();
        }
        word += 1;
        if word == set.len() {
            return (word * 64) as u32;
        }
        bits = !set[word];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::octal::{Code, TakeBreak};
    use crate::limits::Limits;
    use crate::nimber::Nimber;
    use crate::seq::{Sequence, plain_table};
    use proptest::prelude::*;

    const HEX: &[u8; 16] = b"0123456789ABCDEF";

    fn game(code: &str) -> TakeBreak {
        TakeBreak::new(Code::parse(code, code, 1, true).unwrap())
    }

    /// `G(0..=to)` by the whole engine, checking that the triple engine
    /// ran to the end.
    fn by_triple(game: &TakeBreak, to: u64, limits: &Limits) -> Vec<Nimber> {
        let mut seq = Sequence::new(game.clone());
        seq.extend(to, limits).unwrap();
        assert!(seq.uses_triple_engine(), "{}", game.code());
        (0..=to).map(|n| seq.get(n).unwrap()).collect()
    }

    fn all_values() -> Limits {
        Limits::default().with_shortcuts(false)
    }

    /// Every code `d0.d1d2` with hexadecimal digits and a digit leaving
    /// three heaps (`d0` splits only: 0, 4, 8 or C), against the plain
    /// engine's mex over every option.
    #[test]
    fn every_two_digit_hex_code_matches_the_plain_engine() {
        let mut checked = 0;
        for d0 in [b'0', b'4', b'8', b'C'] {
            for digits in 0..256 {
                let code = format!(
                    "{}.{}{}",
                    d0 as char,
                    HEX[digits / 16] as char,
                    HEX[digits % 16] as char
                );
                let g = game(&code);
                if !applies(&Rules::new(g.code())) {
                    continue;
                }
                assert_eq!(
                    by_triple(&g, 160, &all_values()),
                    plain_table(&g, 160),
                    "{code}"
                );
                checked += 1;
            }
        }
        // Of the 1024 codes, all but those `0.d1d2` and `4.d1d2` with both
        // digits below 8.
        assert_eq!(checked, 1024 - 2 * 64);
    }

    /// Three-digit codes, a fixed sample, and `!` on digits that leave
    /// two heaps (the middle split of value 0 is not a move there).
    #[test]
    fn three_digit_and_unequal_hex_codes_match_the_plain_engine() {
        let mut rng = crate::lcg::Lcg(2024);
        let mut digit = || HEX[(rng.next() >> 60) as usize] as char;
        let mut codes: Vec<String> = (0..60)
            .map(|_| format!("0.{}{}{}", digit(), digit(), digit()))
            .collect();
        codes.extend(
            [
                "0.4!8", "0.6!9", "0.48!", "4!.8", "0.F4!", "C.4!", "0.84!4!", "0.5!A",
            ]
            .map(String::from),
        );
        for code in codes {
            let g = game(&code);
            if !applies(&Rules::new(g.code())) {
                continue;
            }
            assert_eq!(
                by_triple(&g, 300, &all_values()),
                plain_table(&g, 300),
                "{code}"
            );
        }
    }

    /// Digits demanding three unequal heaps: a hit is kept only with a
    /// qualifying split, found within the budget, or the plain engine
    /// takes the heap.
    #[test]
    fn unequal_three_heap_digits_match_the_plain_engine() {
        for code in [
            "0.8!", "0.C!", "0.48!8", "8!.0", "0.F!", "0.B!7", "4.8!F", "0.9!",
        ] {
            let g = game(code);
            assert_eq!(
                by_triple(&g, 400, &all_values()),
                plain_table(&g, 400),
                "{code}"
            );
        }
    }

    /// When the rows outgrow their budget, the plain engine takes over and
    /// the values do not change. (0.8's values grow like `n/3`, so its rows
    /// widen as the table grows.)
    #[test]
    fn the_plain_engine_takes_over_when_rows_outgrow_the_memory_limit() {
        let g = game("0.8");
        let mut seq = Sequence::new(g.clone());
        seq.extend(100, &all_values()).unwrap();
        assert!(seq.uses_triple_engine());
        let tight = all_values().with_max_memory(2 * 8 * 400);
        seq.extend(600, &tight).unwrap();
        assert!(!seq.uses_triple_engine());
        let got: Vec<Nimber> = (0..=600).map(|n| seq.get(n).unwrap()).collect();
        assert_eq!(got, plain_table(&g, 600));
    }

    /// Past heap 1000 the values of these codes pass 256: the table widens
    /// to two bytes while the rows widen with the values. In 0.F8 values
    /// near the mex have few witnesses, so scans run out of budget and the
    /// plain engine takes some heaps.
    #[test]
    fn long_runs_across_wider_values_match_the_plain_engine() {
        for code in ["0.8", "0.F8", "4.9"] {
            let g = game(code);
            assert_eq!(
                by_triple(&g, 1100, &all_values()),
                plain_table(&g, 1100),
                "{code}"
            );
        }
        let mut seq = Sequence::new(game("0.F8"));
        seq.extend(1100, &all_values()).unwrap();
        assert!(seq.engine.triple.as_ref().unwrap().fallbacks > 0);
    }

    /// A run saved to a checkpoint resumes with the triple engine (its rows
    /// rebuilt from the saved values) and continues with the same values.
    #[test]
    fn checkpoints_resume_on_the_triple_engine() {
        let dir = std::env::temp_dir().join(format!("grundy-triple-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("hex.ckpt");
        let _ = std::fs::remove_file(&path);
        let g = game("0.48");
        let mut first = Sequence::new(g.clone());
        first.attach_checkpoint(&path).unwrap();
        first.extend(500, &all_values()).unwrap();
        let mut resumed = Sequence::new(g.clone());
        resumed.attach_checkpoint(&path).unwrap();
        assert_eq!(resumed.len(), 501);
        resumed.extend(900, &all_values()).unwrap();
        assert!(resumed.uses_triple_engine());
        let got: Vec<Nimber> = (0..=900).map(|n| resumed.get(n).unwrap()).collect();
        assert_eq!(got, plain_table(&g, 900));
        std::fs::remove_file(&path).unwrap();
    }

    /// With no budget every scan gives up, and with a large one the scans
    /// find the value: the same as the plain engine's.
    #[test]
    fn scans_give_up_only_when_the_budget_runs_out() {
        let g = game("0.F8");
        let rules = Rules::new(g.code());
        let want = plain_table(&g, 200);
        let table: Vec<u16> = want.iter().map(|v| v.0 as u16).collect();
        let t = Triple::new(256, &table[..=200]);
        let mut options = vec![0u64; 4];
        assert_eq!(t.mex_by_scans(&table[..200], &rules, &mut options, 0), None);
        options.fill(0);
        // Heap 200's two-heap options, as `value` marks them.
        for (o, &r) in options.iter_mut().zip(t.row(199)) {
            *o |= r;
        }
        let one_heap = u32::from(table[199]);
        options[one_heap as usize / 64] |= 1 << (one_heap % 64);
        let v = t.mex_by_scans(&table[..200], &rules, &mut options, u64::MAX);
        assert_eq!(v.map(u64::from), Some(want[200].0));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Random codes of up to four hexadecimal digits, some marked `!`
        /// (where the digit leaves two or three heaps).
        #[test]
        fn random_hex_codes_match_the_plain_engine(
            digits in proptest::collection::vec((0usize..16, any::<bool>()), 1..=4),
            d0 in prop_oneof![Just('0'), Just('4'), Just('8')],
        ) {
            let mut code = format!("{d0}.");
            for &(d, bang) in &digits {
                code.push(HEX[d] as char);
                if bang && d & 12 != 0 {
                    code.push('!');
                }
            }
            let g = game(&code);
            prop_assume!(applies(&Rules::new(g.code())));
            prop_assert_eq!(by_triple(&g, 120, &all_values()), plain_table(&g, 120), "{}", code);
        }

        /// `next_absent` is the first clear bit from `from` on.
        #[test]
        fn next_absent_finds_the_first_clear_bit(
            set in proptest::collection::vec(any::<u64>(), 1..4),
            from in 0u32..300,
        ) {
            let bits = set.len() as u32 * 64;
            let want = (from..bits)
                .find(|&v| set[v as usize / 64] & (1 << (v % 64)) == 0)
                .unwrap_or(bits.max(from));
            prop_assert_eq!(next_absent(&set, from), want);
        }
    }
}
