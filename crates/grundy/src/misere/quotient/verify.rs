//! The check that a guessed quotient gives every sum of heaps its misère
//! outcome (the tests also hold what module `slices` builds against it).
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
//!    `P`. A failing state names a sum (the kinds on its path).

use std::collections::HashMap;

use super::monoid::Monoid;
use super::monoid::option_images;
use super::rules::Heaps;
use crate::error::{Error, LimitKind, Result};
use crate::limits::Limits;
use crate::word_hash::WordHashSet;

/// The heaps with a move that share one image and one set of option images.
struct Kind {
    /// The image of these heaps.
    image: u32,
    /// The distinct images of their options.
    options: Vec<u32>,
    /// One such heap.
    heap: usize,
}

impl Kind {
    /// Whether the two have the same image and option images.
    fn same(&self, other: &Kind) -> bool {
        self.image == other.image && self.options == other.options
    }
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
/// 3 keeps at most `limits.bounds.max_positions` states; it resumes from
/// `explored` where it can and leaves there what passed.
pub(crate) fn verify(
    m: &Monoid,
    p: &[bool],
    phi: &[u32],
    heaps: &Heaps,
    explored: &mut Option<Explored>,
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
    p_option_from_every_n(m, p, kinds, explored, limits)
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
        let options = option_images(m, phi, &heaps.options[h]);
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
/// module documentation, on states coarsened as below, kept from one check
/// to the next.
///
/// Of `Opt(a)` the future needs only its *signature*
/// `S(Opt(a)) = {z : Opt(a)·z meets P}`: the test reads `1 ∈ S`, and the
/// signature of the next state's option set, `Opt(a)·h ∪ φ(a)·O` (for a
/// heap of image `h` and option images `O`), is `{z : h·z ∈ S} ∪
/// ⋃ sig(φ(a)·o)`, where `sig(e) = {z : e·z ∈ P}`: a function of `φ(a)`
/// and `S` alone. Sums whose option sets differ but whose signatures agree
/// share one state, and the search visits fewer.
///
/// Growing a quotient, most heaps leave the monoid and `P` as they were
/// and add one kind. The states reached with the old kinds are then still
/// reached and still pass; only the new kind applied to them, and what
/// that reaches, is new. So the search is kept ([`Explored`]) and resumed
/// when the next check has the same monoid and `P` and every old kind.
fn p_option_from_every_n(
    m: &Monoid,
    p: &[bool],
    kinds: Vec<Kind>,
    explored: &mut Option<Explored>,
    limits: &Limits,
) -> Result<Verdict> {
    let resumable = explored.as_ref().is_some_and(|e| {
        e.monoid == *m && e.p == p && e.kinds.iter().all(|k| kinds.iter().any(|n| n.same(k)))
    });
    let mut search = match explored.take() {
        Some(e) if resumable => e,
        _ => Explored::new(m, p),
    };
    let old_kinds = search.kinds.len();
    let old_states = search.states.len();
    for kind in kinds {
        if !search.kinds.iter().any(|k| k.same(&kind)) {
            search.kinds.push(kind);
        }
    }
    let verdict = search.run(old_kinds, old_states, limits);
    match verdict {
        Ok(Verdict::Holds) => {
            *explored = Some(search);
            Ok(Verdict::Holds)
        }
        other => {
            // What the failed check added is not known to pass: forget it,
            // and keep what was proved before for the next candidate.
            search.truncate(old_kinds, old_states);
            *explored = Some(search);
            other
        }
    }
}

/// The search of check 3 so far, for one monoid and `P`: every state it
/// reached passed, and every state is expanded with every kind.
pub(crate) struct Explored {
    monoid: Monoid,
    p: Vec<bool>,
    words: usize,
    /// `sig[e * words..][..words]`: the bits of `sig(e)`.
    sig: Vec<u64>,
    kinds: Vec<Kind>,
    /// The states in the order found: `[φ(a), bits of S(Opt(a))...]`.
    states: Vec<Box<[u64]>>,
    /// How each state was first reached: (its parent's place, the kind).
    parent: Vec<(usize, usize)>,
    seen: WordHashSet<Box<[u64]>>,
}

impl Explored {
    /// The search of `(m, p)` with no kinds yet: the empty sum's state
    /// `(1, ∅)` alone.
    fn new(m: &Monoid, p: &[bool]) -> Explored {
        let size = m.size();
        let words = size.div_ceil(64);
        let mut sig = vec![0u64; size * words];
        for e in 0..size as u32 {
            let row = m.row(e);
            let bits = &mut sig[e as usize * words..][..words];
            for z in 0..size {
                if p[row[z] as usize] {
                    bits[z / 64] |= 1 << (z % 64);
                }
            }
        }
        // The empty sum's state is not put in `seen`: a sum with a move
        // whose state has the same bits must still be reached and tested
        // (the empty sum is exempt from the test, such a sum is not).
        let start = vec![0u64; words + 1].into_boxed_slice();
        let seen = WordHashSet::default();
        Explored {
            monoid: m.clone(),
            p: p.to_vec(),
            words,
            sig,
            kinds: Vec::new(),
            states: vec![start],
            parent: vec![(usize::MAX, 0)],
            seen,
        }
    }

    /// Expands the first `old_states` states with the kinds from
    /// `old_kinds` on (the rest they already had), and every later state
    /// with every kind, testing each new state.
    fn run(&mut self, old_kinds: usize, old_states: usize, limits: &Limits) -> Result<Verdict> {
        let Explored {
            monoid: m,
            p,
            words,
            sig,
            kinds,
            states,
            parent,
            seen,
        } = self;
        let words = *words;
        // Each state is held twice (the queue and the set), with the set's
        // overhead; the signatures are held once.
        let state_bytes = ((words as u64 + 1) * 8 + 48).saturating_mul(2);
        let sig_bytes = sig.len() as u64 * 8;
        let mut next = vec![0u64; words + 1];
        let mut at = 0;
        while at < states.len() {
            if at % 256 == 0 {
                limits.check_stop()?;
            }
            let first_kind = if at < old_states { old_kinds } else { 0 };
            let state = states[at].clone();
            let y = state[0] as u32;
            let s = &state[1..];
            let ry = m.row(y);
            for ki in first_kind..kinds.len() {
                let kind = &kinds[ki];
                next.iter_mut().for_each(|w| *w = 0);
                next[0] = ry[kind.image as usize] as u64;
                for (z, &hz) in m.row(kind.image).iter().enumerate() {
                    if s[hz as usize / 64] >> (hz % 64) & 1 == 1 {
                        next[1 + z / 64] |= 1 << (z % 64);
                    }
                }
                for &o in &kind.options {
                    let bits = &sig[ry[o as usize] as usize * words..][..words];
                    for (w, &b) in next[1..].iter_mut().zip(bits) {
                        *w |= b;
                    }
                }
                if seen.contains(next.as_slice()) {
                    continue;
                }
                // `Opt` is not empty (the kind has a move); it meets `P`
                // when the identity is in its signature.
                let p_option = next[1] & 1 == 1;
                if p[next[0] as usize] == p_option {
                    let mut sum = vec![kind.heap];
                    let mut s = at;
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
                limits.check_memory(
                    (seen.len() as u64 + 1)
                        .saturating_mul(state_bytes)
                        .saturating_add(sig_bytes),
                )?;
                let boxed = next.clone().into_boxed_slice();
                seen.insert(boxed.clone());
                states.push(boxed);
                parent.push((at, ki));
            }
            at += 1;
        }
        Ok(Verdict::Holds)
    }

    /// Back to the first `kinds` kinds and `states` states.
    fn truncate(&mut self, kinds: usize, states: usize) {
        for state in self.states.drain(states..) {
            self.seen.remove(&state);
        }
        self.parent.truncate(states);
        self.kinds.truncate(kinds);
    }
}
