//! The plain engine: `G(n)` as the mex over every option, scanning the
//! table directly. `O(n)` per heap for two-heap splits, `O(n²)` for
//! three-heap splits. It is the reference the sparse engine is tested
//! against, and the fallback where the sparse method does not pay.

use super::marks::Marks;
use super::rules::{Rules, last_pair};
use super::store::Cell;

/// `G(n)` from `g = G(0..n)`. Every value in `g` is below `cap`, a power
/// of two (so XORs of stored values are too), and `marks` holds values
/// below `cap`.
pub(crate) fn value<T: Cell>(g: &[T], rules: &Rules, marks: &mut Marks, cap: u32) -> u32 {
    if cap <= 64 && rules.split_three.is_empty() {
        return value_small(g, rules);
    }
    let n = g.len();
    marks.clear();
    mark_direct(g, rules, marks);
    for &(i, unequal) in &rules.split_two {
        let i = i as usize;
        if n < i + 2 {
            continue;
        }
        let m = n - i;
        for a in 1..=m / 2 {
            let b = m - a;
            if unequal && a == b {
                continue;
            }
            marks.mark(g[a].get() ^ g[b].get());
        }
    }
    for &(i, unequal) in &rules.split_three {
        let i = i as usize;
        if n < i + 3 {
            continue;
        }
        let m = n - i;
        for a in 1..=m / 3 {
            for b in a..=(m - a) / 2 {
                let c = m - a - b;
                if unequal && (a == b || b == c) {
                    continue;
                }
                marks.mark(g[a].get() ^ g[b].get() ^ g[c].get());
            }
        }
    }
    marks.mex()
}

/// Marks the options that leave no heap or one heap.
#[inline]
pub(crate) fn mark_direct<T: Cell>(g: &[T], rules: &Rules, marks: &mut Marks) {
    mark_direct_at(g, g.len(), rules, marks)
}

/// [`mark_direct`] for heap `n`, skipping options beyond `g`.
#[inline]
pub(crate) fn mark_direct_at<T: Cell>(g: &[T], n: usize, rules: &Rules, marks: &mut Marks) {
    each_direct(g, n, rules, |v| marks.mark(v));
}

/// [`mark_direct_at`] for values below 64, as a bit set.
#[inline]
pub(crate) fn direct_bits<T: Cell>(g: &[T], n: usize, rules: &Rules) -> u64 {
    let mut seen = 0u64;
    each_direct(g, n, rules, |v| {
        debug_assert!(v < 64, "a value of {v} where all are below 64");
        seen |= 1 << (v & 63);
    });
    seen
}

/// Calls `option(v)` for the value of every option of heap `n` that
/// leaves no heap or one heap inside `g`.
#[inline(always)]
fn each_direct<T: Cell>(g: &[T], n: usize, rules: &Rules, mut option: impl FnMut(u32)) {
    for &i in &rules.leave_none {
        if n == i as usize {
            option(0);
        }
    }
    for &i in &rules.leave_one {
        let i = i as usize;
        if n > i && n - i < g.len() {
            option(g[n - i].get());
        }
    }
}

/// [`value`] for values below 64: the options form a 64-bit set, built by
/// OR-ing bits in four independent lanes, which keeps the loop free of
/// stores and lets pairs overlap in the processor.
fn value_small<T: Cell>(g: &[T], rules: &Rules) -> u32 {
    let n = g.len();
    let mut seen = direct_bits(g, n, rules);
    for &(i, unequal) in &rules.split_two {
        let i = i as usize;
        if n < i + 2 {
            continue;
        }
        let s = n - i;
        seen |= pair_bits(g, s, last_pair(s, unequal));
    }
    (!seen).trailing_zeros()
}

/// The values `G(a) ⊕ G(s - a)` for `a` in `1..=last`, all below 64, as a
/// 64-bit set, OR-ed in four independent lanes.
pub(crate) fn pair_bits<T: Cell>(g: &[T], s: usize, last: usize) -> u64 {
    let mut lanes = [0u64; 4];
    let mut a = 1;
    while a + 3 <= last {
        for (k, lane) in lanes.iter_mut().enumerate() {
            *lane |= 1 << (g[a + k].get() ^ g[s - a - k].get());
        }
        a += 4;
    }
    while a <= last {
        lanes[0] |= 1 << (g[a].get() ^ g[s - a].get());
        a += 1;
    }
    lanes[0] | lanes[1] | lanes[2] | lanes[3]
}

/// `G(n)` for `n = g.len()` from the definition, if it is at most `limit`:
/// the mex of the options' values, with options above `limit` ignored (they
/// cannot change whether the mex is at most `limit`). Unlike [`value`] it
/// needs no bound on the values in `g`, so it can check a table that is not
/// yet trusted: a loaded checkpoint. Its room, `limit + 1` bits, is first cut
/// to the number of options, which bounds every mex.
pub(crate) fn mex_up_to<T: Cell>(g: &[T], rules: &Rules, limit: u32) -> Option<u32> {
    let n = g.len();
    let limit = limit.min(u32::try_from(option_bound(n, rules)).unwrap_or(u32::MAX));
    let mut seen = vec![0u64; limit as usize / 64 + 1];
    let mut mark = |v: u32| {
        if v <= limit {
            seen[v as usize / 64] |= 1 << (v % 64);
        }
    };
    each_direct(g, n, rules, &mut mark);
    for &(i, unequal) in &rules.split_two {
        let m = match n.checked_sub(i as usize) {
            Some(m) if m >= 2 => m,
            _ => continue,
        };
        for a in 1..=m / 2 {
            if !(unequal && 2 * a == m) {
                mark(g[a].get() ^ g[m - a].get());
            }
        }
    }
    for &(i, unequal) in &rules.split_three {
        let m = match n.checked_sub(i as usize) {
            Some(m) if m >= 3 => m,
            _ => continue,
        };
        for a in 1..=m / 3 {
            for b in a..=(m - a) / 2 {
                let c = m - a - b;
                if !(unequal && (a == b || b == c)) {
                    mark(g[a].get() ^ g[b].get() ^ g[c].get());
                }
            }
        }
    }
    (0..=limit).find(|&v| seen[v as usize / 64] & (1 << (v % 64)) == 0)
}

/// At least the number of options of a heap of `n`, and so at least its
/// value (a mex of that many values).
fn option_bound(n: usize, rules: &Rules) -> u64 {
    let m = n as u64;
    let two = (rules.split_two.len() as u64).saturating_mul(m / 2);
    // Partitions of at most m into three parts: at most m^2/12 + m + 1.
    let three = (rules.split_three.len() as u64).saturating_mul(m.saturating_mul(m) / 12 + m + 1);
    ((rules.leave_none.len() + rules.leave_one.len()) as u64)
        .saturating_add(two)
        .saturating_add(three)
}
