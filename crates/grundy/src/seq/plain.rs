//! The plain engine: `G(n)` as the mex over every option, scanning the
//! table directly. `O(n)` per heap for two-heap splits, `O(n²)` for
//! three-heap splits. It is the reference the sparse engine is tested
//! against, and the fallback where the sparse method does not pay.

use super::marks::Marks;
use super::rules::Rules;
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
    for &i in &rules.leave_none {
        if n == i as usize {
            marks.mark(0);
        }
    }
    for &i in &rules.leave_one {
        let i = i as usize;
        if n > i && n - i < g.len() {
            marks.mark(g[n - i].get());
        }
    }
}

/// [`value`] for values below 64: the options form a 64-bit set, built by
/// OR-ing bits in four independent lanes, which keeps the loop free of
/// stores and lets pairs overlap in the processor.
fn value_small<T: Cell>(g: &[T], rules: &Rules) -> u32 {
    let n = g.len();
    let mut seen = 0u64;
    for &i in &rules.leave_none {
        if n == i as usize {
            seen |= 1;
        }
    }
    for &i in &rules.leave_one {
        if n > i as usize {
            seen |= 1 << g[n - i as usize].get();
        }
    }
    for &(i, unequal) in &rules.split_two {
        let i = i as usize;
        if n < i + 2 {
            continue;
        }
        let s = n - i;
        let last = if unequal { (s - 1) / 2 } else { s / 2 };
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
        seen |= lanes[0] | lanes[1] | lanes[2] | lanes[3];
    }
    (!seen).trailing_zeros()
}
