//! The check that a candidate gives every sum of heaps its misère outcome.
//!
//! # The criterion
//!
//! Let `φ` send the heaps into a finite commutative monoid `M` that they
//! generate, and sums to products, and let `P ⊂ M`. Then `φ(a) ∈ P` ⟺ `a`
//! is a misère P-position, for every sum `a`, if and only if every sum `a`
//! satisfies
//!
//! > `φ(a) ∈ P` ⟺ `a` has a move and no option `a'` has `φ(a') ∈ P`
//!
//! (compare the verification of guessed quotients in Plambeck and Siegel,
//! "Misère quotients for impartial games", JCTA 115 (2008), arXiv
//! math/0609825; the proof here is self-contained). "Only if" is the
//! definition of a
//! misère P-position. "If": by induction on the total height of `a` (a
//! move lowers it, [`super::rules::Heaps::height`]), the options of `a`
//! have their outcomes read correctly from `φ`, and the condition is then
//! the definition of a P-position for `a`.
//!
//! There are infinitely many sums; the checks below are finite and, taken
//! together, equivalent to the condition for all of them. Heaps with no
//! move go to the identity and add no move, so they are left out.
//!
//! 1. The empty sum has no move: `1 ∉ P`.
//! 2. No P-option from a P-sum. A sum containing heap `i` is `b + Hᵢ`, and
//!    `φ(b)` ranges over all of `M` as `b` ranges over the sums (the heaps
//!    generate `M`). Its moves in that heap lead to `φ(b)·φ(h)` for the
//!    options `h` of heap `i`. So: for every `y ∈ M` and every heap `i`
//!    with a move, `y·φ(i) ∈ P` implies `y·φ(h) ∉ P` for every option `h`.
//! 3. A P-option from every N-sum with a move (and check 2 again). Keep
//!    for a sum `a` its *state* `(φ(a), Opt(a))`, where `Opt(a)` is the
//!    set of images of the options of `a`. The options of `a + H` are the
//!    options of `a` plus `H` and `a` plus the options of `H`, so the state
//!    of `a + H` is `(φ(a)·φ(H), Opt(a)·φ(H) ∪ φ(a)·φ(options of H))`: a
//!    function of the state of `a` and of `H`'s image and option images
//!    alone (its *kind*). The states of all sums are therefore found by a
//!    breadth-first search from the empty sum's `(1, ∅)`, and there are
//!    finitely many (subsets of a finite monoid). Each state reached is
//!    tested: `φ(a) ∈ P` exactly when `Opt(a)` is not empty and misses
//!    `P`. A failing state names a sum (the kinds on its path), which the
//!    caller uses to refine its guess.

use std::collections::{HashMap, HashSet};

use super::candidate::image;
use super::monoid::Monoid;
use super::rules::Heaps;
use crate::error::{Error, LimitKind, Result};
use crate::limits::Limits;

/// The heaps with a move that share one image and one set of option images.
struct Kind {
    /// The image of these heaps.
    image: u32,
    /// The distinct images of their options.
    options: Vec<u32>,
    /// One such heap.
    heap: usize,
}

/// What the checks found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Every sum's outcome is read correctly from its image.
    Holds,
    /// A sum (its heaps) for which the condition fails: the candidate gives
    /// it or one of its options the wrong outcome.
    Fails(Vec<usize>),
}

/// Whether `(m, p, phi)` passes the three checks above: `Holds` proves that
/// `φ(a) ∈ P` exactly for the misère P-positions `a`. The search of check
/// 3 keeps at most `limits.bounds.max_positions` states.
pub(crate) fn verify(
    m: &Monoid,
    p: &[bool],
    phi: &[u32],
    heaps: &Heaps,
    limits: &Limits,
) -> Result<Verdict> {
    if p[0] {
        return Ok(Verdict::Fails(Vec::new()));
    }
    let kinds = kinds(m, phi, heaps);
    if let Some((y, kind)) = no_p_option_from_p(m, p, &kinds, limits)? {
        let mut sum = sum_of(m, &kinds, y);
        sum.push(kinds[kind].heap);
        return Ok(Verdict::Fails(sum));
    }
    p_option_from_every_n(m, p, &kinds, limits)
}

/// The heaps of one sum whose image is `y` (breadth-first over the kinds).
fn sum_of(m: &Monoid, kinds: &[Kind], y: u32) -> Vec<usize> {
    let mut parent = vec![(u32::MAX, usize::MAX); m.size()];
    parent[0] = (0, usize::MAX);
    let mut queue = vec![0u32];
    let mut at = 0;
    while at < queue.len() && parent[y as usize].0 == u32::MAX {
        let e = queue[at];
        at += 1;
        for (i, k) in kinds.iter().enumerate() {
            let f = m.mul(e, k.image);
            if parent[f as usize].0 == u32::MAX {
                parent[f as usize] = (e, i);
                queue.push(f);
            }
        }
    }
    let mut sum = Vec::new();
    let mut e = y;
    while e != 0 && parent[e as usize].0 != u32::MAX {
        let (from, i) = parent[e as usize];
        sum.push(kinds[i].heap);
        e = from;
    }
    sum
}

/// The kinds of the heaps with a move.
fn kinds(m: &Monoid, phi: &[u32], heaps: &Heaps) -> Vec<Kind> {
    let mut seen: HashMap<(u32, Vec<u32>), ()> = HashMap::new();
    let mut out = Vec::new();
    for h in 1..heaps.len() {
        if heaps.terminal(h) {
            continue;
        }
        let mut options: Vec<u32> = heaps.options[h].iter().map(|o| image(m, phi, o)).collect();
        options.sort_unstable();
        options.dedup();
        if seen.insert((phi[h], options.clone()), ()).is_none() {
            out.push(Kind {
                image: phi[h],
                options,
                heap: h,
            });
        }
    }
    out
}

/// Check 2: `None` when it holds, else an element `y` and a kind whose
/// heap added to `y` breaks it.
fn no_p_option_from_p(
    m: &Monoid,
    p: &[bool],
    kinds: &[Kind],
    limits: &Limits,
) -> Result<Option<(u32, usize)>> {
    for y in 0..m.size() as u32 {
        if y % 256 == 0 {
            limits.check_stop()?;
        }
        let row = m.row(y);
        for (i, kind) in kinds.iter().enumerate() {
            if p[row[kind.image as usize] as usize]
                && kind.options.iter().any(|&o| p[row[o as usize] as usize])
            {
                return Ok(Some((y, i)));
            }
        }
    }
    Ok(None)
}

/// Check 3 (and check 2 again) on every sum at once, by the search of the
/// module documentation. The caller runs it on a reduced monoid, where no
/// two elements have the same future, so keeping elements rather than
/// anything coarser loses no sharing of states.
fn p_option_from_every_n(
    m: &Monoid,
    p: &[bool],
    kinds: &[Kind],
    limits: &Limits,
) -> Result<Verdict> {
    let size = m.size();
    let words = size.div_ceil(64);
    let state_bytes = ((words as u64 + 1) * 8 + 48).saturating_mul(2);
    // A state: `[φ(a), bits of Opt(a)...]`.
    let mut start = vec![0u64; words + 1];
    start[0] = 0;
    let mut seen: HashSet<Box<[u64]>> = HashSet::new();
    let mut queue: Vec<Box<[u64]>> = Vec::new();
    seen.insert(start.clone().into_boxed_slice());
    queue.push(start.into_boxed_slice());
    let mut at = 0;
    let mut next = vec![0u64; words + 1];
    // How each state was first reached: (its parent's place, the kind).
    let mut parent: Vec<(usize, usize)> = vec![(usize::MAX, 0)];
    while at < queue.len() {
        let state = queue[at].clone();
        at += 1;
        if at % 256 == 0 {
            limits.check_stop()?;
        }
        let y = state[0] as u32;
        for (ki, kind) in kinds.iter().enumerate() {
            next.iter_mut().for_each(|w| *w = 0);
            next[0] = m.mul(y, kind.image) as u64;
            let row = m.row(kind.image);
            for (w, &bits) in state[1..].iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let e = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let f = row[e] as usize;
                    next[1 + f / 64] |= 1 << (f % 64);
                }
            }
            let ry = m.row(y);
            for &o in &kind.options {
                let f = ry[o as usize] as usize;
                next[1 + f / 64] |= 1 << (f % 64);
            }
            if seen.contains(next.as_slice()) {
                continue;
            }
            let mut p_option = false;
            for (w, &bits) in next[1..].iter().enumerate() {
                let mut bits = bits;
                while bits != 0 && !p_option {
                    let e = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    p_option = p[e];
                }
            }
            // `Opt` is not empty: the kind has a move.
            if p[next[0] as usize] == p_option {
                let mut sum = vec![kind.heap];
                let mut s = at - 1;
                while parent[s].0 != usize::MAX {
                    sum.push(kinds[parent[s].1].heap);
                    s = parent[s].0;
                }
                return Ok(Verdict::Fails(sum));
            }
            if seen.len() >= limits.bounds.max_positions {
                return Err(Error::limit_of(
                    LimitKind::Positions,
                    "positions (states of the misère quotient's check)",
                    limits.bounds.max_positions as u64,
                ));
            }
            limits.check_memory((seen.len() as u64 + 1).saturating_mul(state_bytes))?;
            seen.insert(next.clone().into_boxed_slice());
            queue.push(next.clone().into_boxed_slice());
            parent.push((at - 1, ki));
        }
    }
    Ok(Verdict::Holds)
}
