//! The dense engine: `G(n)` as the mex over every option, like the plain
//! engine, but with the two-heap splits walked by the sparse engine's scan
//! kernels (see [`super::kernel`]).
//!
//! Where no classification makes rare positions few (Dawson's Kayles and
//! many other codes whose values stay small), every split of every heap
//! must be looked at. The mex is then a scan that starts with every value
//! below the capacity needed and clears the values the splits give; the
//! AVX-512 kernels take 64 one-byte XORs a step, looked up in the needed
//! set (or, with eight values or fewer needed, compared with each), where
//! the plain engine's loop sets a bit per split. The plain engine stays the
//! reference (`--engine plain`) that this one is tested against.

use super::kernel::{Kernel, Scan};
use super::marks::Marks;
use super::plain::mark_direct;
use super::rules::{Rules, last_pair};
use super::store::Cell;

/// `G(n)` from `g = G(0..n)`, for codes whose moves leave at most two
/// heaps. Every value in `g` is below `cap`, a power of two, and `marks`
/// holds values below `cap`; `needed` is scratch.
pub(crate) fn value<T: Cell>(
    g: &[T],
    rules: &Rules,
    marks: &mut Marks,
    cap: u32,
    kernel: Kernel,
    needed: &mut Vec<u64>,
) -> u32 {
    debug_assert!(rules.split_three.is_empty());
    let n = g.len();
    marks.clear();
    mark_direct(g, rules, marks);
    needed.clear();
    needed.resize(cap as usize / 64 + 1, 0);
    let mut missing = 0;
    for v in (0..cap).filter(|&v| !marks.has(v)) {
        needed[v as usize / 64] |= 1 << (v % 64);
        missing += 1;
    }
    for &(i, unequal) in &rules.split_two {
        let i = i as usize;
        if missing == 0 || n < i + 2 {
            continue;
        }
        let s = n - i;
        let scan = Scan {
            g,
            s,
            first: 1,
            last: last_pair(s, unequal),
            cap,
        };
        missing = scan.run(kernel, needed, missing).0;
    }
    needed
        .iter()
        .position(|&w| w != 0)
        .map_or(cap, |w| (w * 64) as u32 + needed[w].trailing_zeros())
        .min(cap)
}
