//! Options of a given value, found by inverting a value formula instead of
//! walking every option.
//!
//! A heap of `10^18` in Lasker's Nim has `1.5·10^18` options, but the
//! winning moves are the options of one value `t`, and where `G` has a
//! closed form (or a proven period) those can be solved for. The building
//! block is the identity behind binary addition,
//!
//! ```text
//! a + b = (a ⊕ b) + 2·(a & b)
//! ```
//!
//! so the pairs with a given sum and XOR are few to describe ([`SumXor`]).
//! Each enumeration here lists every option of value `t` exactly once, in a
//! stated order, and can stop after the first few: the caller's visitor
//! returns [`ControlFlow::Break`].

use std::ops::ControlFlow;

/// Every pair `(a, b)` of non-negative integers with `a + b = s` and
/// `a ⊕ b = x`, in increasing order of `a`.
///
/// Why these are all, and each once: `a + b = (a ⊕ b) + 2(a & b)`, so
/// `a & b = d = (s − x) / 2` must be a non-negative whole number, and since
/// a bit cannot be set in both `a & b` and `a ⊕ b`, `d & x = 0`. Then the
/// bits of `d` are set in both numbers, the bits of `x` in exactly one, and
/// all others in neither: `a = d | u` and `b = d | (x ⊕ u)` for a subset `u`
/// of the bits of `x`. Conversely every subset gives a pair with sum
/// `2d + x = s` and XOR `x`. Distinct subsets give distinct `a`, and as `u`
/// runs through the subsets of `x` in increasing order so does `a = d + u`.
#[derive(Clone, Debug)]
pub struct SumXor {
    d: u64,
    x: u64,
    /// The next subset of `x`, or `None` when all have been given.
    next: Option<u64>,
}

impl SumXor {
    /// The pairs with sum `s` and XOR `x` (none when `s < x`, `s − x` is
    /// odd, or `(s − x)/2` shares a bit with `x`).
    pub fn new(s: u128, x: u64) -> SumXor {
        let x128 = u128::from(x);
        let none = SumXor {
            d: 0,
            x: 0,
            next: None,
        };
        if s < x128 || (s - x128) % 2 == 1 {
            return none;
        }
        let Ok(d) = u64::try_from((s - x128) / 2) else {
            return none;
        };
        if d & x != 0 {
            return none;
        }
        SumXor {
            d,
            x,
            next: Some(0),
        }
    }
}

impl Iterator for SumXor {
    type Item = (u64, u64);

    fn next(&mut self) -> Option<(u64, u64)> {
        let u = self.next?;
        // The next larger subset of x: set every bit outside x, add one so
        // the carry runs to the lowest clear bit of x, keep x's bits.
        self.next = (u != self.x).then(|| ((u | !self.x).wrapping_add(1)) & self.x);
        Some((self.d | u, self.d | (self.x ^ u)))
    }
}

/// Lasker's Nim in the coordinates that make its value XOR-friendly: every
/// heap `a >= 1` is `a = 4q + OFFSET[r]` for one residue `r = a mod 4` and
/// one `q >= 0` (`q >= 1` when `r = 3`), and then `G(a) = 4q + LOW[r]`.
/// (With `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`, `G(4k+3) = 4k+4`,
/// `G(4k+4) = 4k+3`: `4k+3 = 4(k+1) − 1` has value `4(k+1) + 0`, and
/// `4k+4 = 4k + 4` has value `4k + 3`.)
const LASKER_OFFSET: [i128; 4] = [4, 1, 2, -1];
/// See [`LASKER_OFFSET`].
const LASKER_LOW: [u64; 4] = [3, 1, 2, 0];

/// Calls `visit(a, n − a)` for every split of a heap of `n` into two
/// non-empty heaps `a <= n − a` whose Lasker values XOR to `t`, in
/// increasing order of `a`, until `visit` breaks.
///
/// Why every such split is found, once: by `LASKER_OFFSET`, `G(a) ⊕ G(b)
/// = 4(qa ⊕ qb) + (LOW[ra] ⊕ LOW[rb])` since the low parts are below 4. So
/// a split of value `t` has `LOW[ra] ⊕ LOW[rb] = t mod 4`, `qa ⊕ qb =
/// t div 4`, and `qa + qb = (n − OFFSET[ra] − OFFSET[rb]) / 4`, where `rb`
/// is fixed by `ra` (`a + b = n`). For each of the four residues `ra`, the
/// pairs `(qa, qb)` with that sum and XOR are exactly [`SumXor`]'s, in
/// increasing `qa`, hence increasing `a`; each gives one `a` (the
/// coordinates are a bijection), and pairs with `a > n − a` or a heap out
/// of range are skipped. The four increasing streams are merged, so the
/// splits come in increasing `a`, each once.
pub fn lasker_splits(
    n: u64,
    t: u64,
    visit: &mut dyn FnMut(u64, u64) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let n128 = i128::from(n);
    // One stream per residue of a: its next a (if any) and its pairs.
    let mut streams: Vec<(Option<u64>, usize, SumXor)> = Vec::new();
    for ra in 0..4usize {
        let rb = ((n128 - ra as i128).rem_euclid(4)) as usize;
        if LASKER_LOW[ra] ^ LASKER_LOW[rb] != t & 3 {
            continue;
        }
        let rest = n128 - LASKER_OFFSET[ra] - LASKER_OFFSET[rb];
        if rest < 0 || rest % 4 != 0 {
            continue;
        }
        let pairs = SumXor::new((rest / 4) as u128, t >> 2);
        let mut stream = (None, ra, pairs);
        advance_lasker(&mut stream, n);
        streams.push(stream);
    }
    loop {
        let Some(best) = streams
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.0.map(|a| (a, i)))
            .min()
        else {
            return ControlFlow::Continue(());
        };
        let (a, i) = best;
        visit(a, n - a)?;
        advance_lasker(&mut streams[i], n);
    }
}

/// Moves a Lasker stream to its next heap `a` with `1 <= a <= n − a`.
fn advance_lasker(stream: &mut (Option<u64>, usize, SumXor), n: u64) {
    let (next, ra, pairs) = stream;
    *next = None;
    for (qa, qb) in pairs.by_ref() {
        let rb = (i128::from(n) - *ra as i128).rem_euclid(4) as usize;
        let a = 4 * i128::from(qa) + LASKER_OFFSET[*ra];
        let b = 4 * i128::from(qb) + LASKER_OFFSET[rb];
        if a < 1 || b < 1 {
            continue; // q = 0 with residue 3 is the heap -1: not a heap
        }
        if a > b {
            return; // a only grows from here
        }
        *next = Some(a as u64);
        return;
    }
}

/// Calls `visit(p, q)` for every pair `p + q = m`, `p <= q`, of
/// non-negative integers with `(p | q)` having its lowest clear bit at
/// position `k`, in increasing order of `p`, until `visit` breaks. (The
/// E&D value of the two heaps `(p + 1, q + 1)` is that bit position.)
///
/// Why all, each once: the condition says bits `0..k` are each set in `p`
/// or `q`, and bit `k` is clear in both. Write `L = 2^k`, `p = ph·2L + pl`
/// with `pl < L` (bit `k` clear), likewise `q`. Then `pl | ql = L − 1`,
/// so `L − 1 <= pl + ql <= 2L − 2 < 2L`: the low parts add without carry
/// out of bit `k`, hence `pl + ql = m mod 2L` (which must lie in that
/// range) and `ph + qh = m div 2L`, any split of it. Since `pl | ql` is
/// fixed, `pl & ql = (pl + ql) − (L − 1)` and `pl ⊕ ql = (L − 1) − (pl &
/// ql)`: the low pairs are [`SumXor`]'s. Taking `ph` in increasing order
/// and, within it, `pl` in increasing order lists `p` increasingly.
pub fn ed_splits(
    m: u64,
    k: u32,
    visit: &mut dyn FnMut(u64, u64) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if k >= 64 {
        return ControlFlow::Continue(());
    }
    let l = 1u128 << k;
    let m128 = u128::from(m);
    let low = m128 % (2 * l);
    if low + 1 < l || low > 2 * l - 2 {
        return ControlFlow::Continue(());
    }
    let high = m128 / (2 * l);
    let all = (l - 1) as u64;
    let and = (low - (l - 1)) as u64;
    let xor = all & !and;
    let mut ph: u128 = 0;
    while ph <= high {
        for (pl, _) in SumXor::new(low, xor) {
            let p = ph * 2 * l + u128::from(pl);
            if 2 * p > m128 {
                return ControlFlow::Continue(());
            }
            visit(p as u64, (m128 - p) as u64)?;
        }
        ph += 1;
    }
    ControlFlow::Continue(())
}

/// A sequence that is periodic from `preperiod` on (without saltus):
/// `values` holds `G(preperiod..preperiod + period)`.
#[derive(Clone, Copy, Debug)]
pub struct PeriodicTail<'a> {
    /// Where the period starts.
    pub preperiod: u64,
    /// One period of values, from `preperiod` on.
    pub values: &'a [u64],
}

/// Calls `visit(a, m − a)` for every `a >= 1` with `a < m − a` (`a <= m −
/// a` unless `unequal`) whose value `G(a) ⊕ G(m − a)` is `t`, in increasing
/// order of `a`, for a sequence with the periodic `tail`; `value` gives `G`
/// below the period. (See [`periodic_pairs_where`].)
pub fn periodic_pairs(
    m: u64,
    t: u64,
    unequal: bool,
    tail: PeriodicTail<'_>,
    value: &dyn Fn(u64) -> u64,
    visit: &mut dyn FnMut(u64, u64) -> ControlFlow<()>,
) -> ControlFlow<()> {
    periodic_pairs_where(m, unequal, tail, value, &|x, y| x ^ y == t, visit)
}

/// Calls `visit(a, m − a)` for every `a >= 1` with `a < m − a` (`a <= m −
/// a` unless `unequal`) whose values satisfy `qualifies(G(a), G(m − a))`,
/// in increasing order of `a`, for a sequence with the periodic `tail`;
/// `value` gives `G` below the period. Normal play asks for a nim-sum
/// (`G(a) ⊕ G(m − a) = t`); the misère quotient for a product in a set.
///
/// Why all, each once: for `a >= preperiod` (so `m − a >= a >=
/// preperiod`), `G(a)` depends only on `(a − preperiod) mod period`, and
/// `G(m − a)` only on `(m − a − preperiod) mod period`, which is fixed by
/// the first; so whether `a` qualifies depends on its residue. The
/// qualifying residues are found once (`O(period)`), and `a` runs through
/// `preperiod + j·period + r` for qualifying `r`, increasing, stopping at
/// the middle. Smaller `a` are checked one by one with `value`.
pub fn periodic_pairs_where(
    m: u64,
    unequal: bool,
    tail: PeriodicTail<'_>,
    value: &dyn Fn(u64) -> u64,
    qualifies: &dyn Fn(u64, u64) -> bool,
    visit: &mut dyn FnMut(u64, u64) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let fits = |a: u64| if unequal { a < m - a } else { a <= m - a };
    let (preperiod, period_values) = (tail.preperiod, tail.values);
    let mut a = 1;
    while a < preperiod && a <= m / 2 {
        if fits(a) && qualifies(value(a), value(m - a)) {
            visit(a, m - a)?;
        }
        a += 1;
    }
    if a > m / 2 || period_values.is_empty() {
        return ControlFlow::Continue(());
    }
    let p = period_values.len() as u64;
    let base = i128::from(m) - 2 * i128::from(preperiod);
    let hits: Vec<u64> = (0..p)
        .filter(|&r| {
            let other = (base - i128::from(r)).rem_euclid(i128::from(p)) as usize;
            qualifies(period_values[r as usize], period_values[other])
        })
        .collect();
    if hits.is_empty() {
        return ControlFlow::Continue(());
    }
    // a = preperiod + j·p + r, starting from the current a.
    let mut j = (a - preperiod) / p;
    loop {
        for &r in &hits {
            let Some(x) = (j.checked_mul(p))
                .and_then(|jp| jp.checked_add(preperiod))
                .and_then(|s| s.checked_add(r))
            else {
                return ControlFlow::Continue(());
            };
            if x < a {
                continue;
            }
            if x > m / 2 {
                return ControlFlow::Continue(());
            }
            if fits(x) {
                visit(x, m - x)?;
            }
        }
        j += 1;
    }
}

/// Calls `visit(&[a, b, c])` for every split of a heap of `n` into three
/// non-empty heaps `a <= b <= c` with `h(a) ⊕ h(b) ⊕ h(c) = t`, where
/// `h(x) = ⌊(x − 1)/2⌋` (the values of `split{3}`), until `visit` breaks.
/// The order is by the parities chosen below, then increasing `(a, b, c)`.
///
/// Why all, each once: every `x >= 1` is `x = 2X + 1 + e` for one `X >= 0`
/// and one `e ∈ {0, 1}`, with `h(x) = X`. For each choice of `(ea, eb,
/// ec)` the condition reads `A + B + C = S = (n − 3 − ea − eb − ec)/2` and
/// `A ⊕ B ⊕ C = t`, with the order `a <= b` meaning `A < B`, or `A = B` and
/// `ea <= eb`. Such triples are the paths of a digit-by-digit search from
/// the top bit down whose state is the carry the lower bits must send up
/// and whether `A = B`, `B = C` so far; a table of which states can be
/// completed (filled from bit 0 up) lets the search enter only states that
/// lead to a solution, so each solution costs at most 64 steps and no time
/// is spent on dead ends. Different paths are different triples.
pub fn three_part_splits(
    n: u64,
    t: u64,
    visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for e in 0..8u64 {
        let (ea, eb, ec) = (e >> 2 & 1, e >> 1 & 1, e & 1);
        let Some(rest) = n.checked_sub(3 + ea + eb + ec) else {
            continue;
        };
        if rest % 2 == 1 {
            continue;
        }
        let search = TripleSearch::new(rest / 2, t, ea <= eb, eb <= ec);
        search.run(&mut |[x, y, z]| visit(&[2 * x + 1 + ea, 2 * y + 1 + eb, 2 * z + 1 + ec]))?;
    }
    ControlFlow::Continue(())
}

/// The digit search of [`three_part_splits`] for one choice of parities.
struct TripleSearch {
    s: u64,
    t: u64,
    /// `done[i][state]`: bits `i-1..=0` can be chosen from `state` (the
    /// carry bits `0..i` must send into bit `i`, and the two equality flags).
    done: [[bool; 12]; 65],
}

/// A state: carry (0..=2) and the flags `A = B so far`, `B = C so far`.
fn state(carry: u64, eq_ab: bool, eq_bc: bool) -> usize {
    carry as usize * 4 + usize::from(eq_ab) * 2 + usize::from(eq_bc)
}

impl TripleSearch {
    /// `tie_ab`: a tie `A = B` to the last bit is allowed (likewise
    /// `tie_bc`); the parities decide the order of tied heaps.
    fn new(s: u64, t: u64, tie_ab: bool, tie_bc: bool) -> TripleSearch {
        let mut search = TripleSearch {
            s,
            t,
            done: [[false; 12]; 65],
        };
        for eq_ab in [false, true] {
            for eq_bc in [false, true] {
                search.done[0][state(0, eq_ab, eq_bc)] = (!eq_ab || tie_ab) && (!eq_bc || tie_bc);
            }
        }
        for i in 0..64 {
            for st in 0..12 {
                let (carry, eq_ab, eq_bc) = (st as u64 / 4, st & 2 != 0, st & 1 != 0);
                let reachable = search
                    .choices(i as u32, carry, eq_ab, eq_bc)
                    .any(|(_, next)| search.done[i][next]);
                search.done[i + 1][st] = reachable;
            }
        }
        search
    }

    /// The digits `(x, y, z)` of bit `i` allowed from a state, with the
    /// state they leave for bit `i − 1`, in increasing order of `(x, y, z)`.
    fn choices(
        &self,
        i: u32,
        carry_out: u64,
        eq_ab: bool,
        eq_bc: bool,
    ) -> impl Iterator<Item = ([u64; 3], usize)> + '_ {
        let (s_bit, t_bit) = (self.s >> i & 1, self.t >> i & 1);
        (0..8u64).filter_map(move |d| {
            let (x, y, z) = (d >> 2 & 1, d >> 1 & 1, d & 1);
            if x ^ y ^ z != t_bit || (eq_ab && x > y) || (eq_bc && y > z) {
                return None;
            }
            // x + y + z + carry_in = 2·carry_out + s_bit.
            let carry_in = (2 * carry_out + s_bit).checked_sub(x + y + z)?;
            if carry_in > 2 {
                return None;
            }
            Some(([x, y, z], state(carry_in, eq_ab && x == y, eq_bc && y == z)))
        })
    }

    fn run(&self, visit: &mut dyn FnMut([u64; 3]) -> ControlFlow<()>) -> ControlFlow<()> {
        let start = state(0, true, true);
        if !self.done[64][start] {
            return ControlFlow::Continue(());
        }
        self.descend(64, start, [0; 3], visit)
    }

    fn descend(
        &self,
        i: u32,
        st: usize,
        acc: [u64; 3],
        visit: &mut dyn FnMut([u64; 3]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if i == 0 {
            return visit(acc);
        }
        let (carry, eq_ab, eq_bc) = (st as u64 / 4, st & 2 != 0, st & 1 != 0);
        for (digits, next) in self.choices(i - 1, carry, eq_ab, eq_bc) {
            if self.done[i as usize - 1][next] {
                let mut deeper = acc;
                for (v, d) in deeper.iter_mut().zip(digits) {
                    *v |= d << (i - 1);
                }
                self.descend(i - 1, next, deeper, visit)?;
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sum_xor_pairs_are_all_pairs() {
        for s in 0..70u64 {
            for x in 0..70u64 {
                let fast: Vec<_> = SumXor::new(u128::from(s), x).collect();
                let plain: Vec<_> = (0..=s)
                    .map(|a| (a, s - a))
                    .filter(|(a, b)| a ^ b == x)
                    .collect();
                assert_eq!(fast, plain, "s={s} x={x}");
            }
        }
    }

    #[test]
    fn ed_splits_are_all_pairs_of_the_bit() {
        for m in 0..90u64 {
            for k in 0..8u32 {
                let mut fast = Vec::new();
                let _ = ed_splits(m, k, &mut |p, q| {
                    fast.push((p, q));
                    ControlFlow::Continue(())
                });
                let plain: Vec<_> = (0..=m / 2)
                    .map(|p| (p, m - p))
                    .filter(|(p, q)| (p | q).trailing_ones() == k)
                    .collect();
                assert_eq!(fast, plain, "m={m} k={k}");
            }
        }
    }

    #[test]
    fn three_part_splits_are_all_triples_of_the_value() {
        let h = |x: u64| (x - 1) / 2;
        for n in 0..60u64 {
            for t in 0..40u64 {
                let mut fast = Vec::new();
                let _ = three_part_splits(n, t, &mut |p| {
                    fast.push(p.to_vec());
                    ControlFlow::Continue(())
                });
                fast.sort();
                let mut plain = Vec::new();
                for a in 1..=n / 3 {
                    for b in a..=(n - a) / 2 {
                        let c = n - a - b;
                        if h(a) ^ h(b) ^ h(c) == t {
                            plain.push(vec![a, b, c]);
                        }
                    }
                }
                assert_eq!(fast, plain, "n={n} t={t}");
            }
        }
    }

    #[test]
    fn periodic_pairs_match_filtering() {
        // A made-up sequence, periodic from 5 with period 3.
        let g = |x: u64| -> u64 {
            if x < 5 {
                [0, 1, 0, 2, 3][x as usize]
            } else {
                [4, 1, 2][((x - 5) % 3) as usize]
            }
        };
        let period: Vec<u64> = (5..8).map(g).collect();
        for m in 0..60u64 {
            for t in 0..8 {
                for unequal in [false, true] {
                    let mut fast = Vec::new();
                    let tail = PeriodicTail {
                        preperiod: 5,
                        values: &period,
                    };
                    let _ = periodic_pairs(m, t, unequal, tail, &g, &mut |a, b| {
                        fast.push((a, b));
                        ControlFlow::Continue(())
                    });
                    let plain: Vec<_> = (1..=m / 2)
                        .filter(|&a| !(unequal && 2 * a == m))
                        .map(|a| (a, m - a))
                        .filter(|&(a, b)| g(a) ^ g(b) == t)
                        .collect();
                    assert_eq!(fast, plain, "m={m} t={t} unequal={unequal}");
                }
            }
        }
    }
}
