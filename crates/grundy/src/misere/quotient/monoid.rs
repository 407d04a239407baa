//! Finite commutative monoids given by their multiplication table or by
//! their generators' products alone, and the reduction of one with a
//! marked subset `P` to its quotient by indistinguishability.
//!
//! Elements are indices `0..size`; index 0 is always the identity.

use crate::error::{Error, LimitKind, Result};
use crate::limits::Limits;
use crate::word_hash::WordHashMap;

/// A finite commutative monoid: its full multiplication table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Monoid {
    size: usize,
    /// `table[a * size + b] = a·b`.
    table: Vec<u32>,
}

impl Monoid {
    /// The monoid of one element.
    pub(crate) fn trivial() -> Monoid {
        Monoid {
            size: 1,
            table: vec![0],
        }
    }

    /// The monoid of the given table (`size` × `size`, identity 0).
    pub(crate) fn from_table(size: usize, table: Vec<u32>) -> Monoid {
        debug_assert_eq!(table.len(), size * size);
        Monoid { size, table }
    }

    /// How many elements.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    /// `a·b`.
    #[inline]
    pub(crate) fn mul(&self, a: u32, b: u32) -> u32 {
        self.table[a as usize * self.size + b as usize]
    }

    /// The row of `a`: `a·b` for every `b`.
    pub(crate) fn row(&self, a: u32) -> &[u32] {
        let start = a as usize * self.size;
        &self.table[start..start + self.size]
    }
}

/// The image of the sum of `parts`.
pub(crate) fn image(m: &Monoid, phi: &[u32], parts: &[u32]) -> u32 {
    parts.iter().fold(0, |e, &h| m.mul(e, phi[h as usize]))
}

/// The distinct images of a heap's options, sorted: with the heap's own
/// image, all that sums containing it can learn of it.
pub(crate) fn option_images(m: &Monoid, phi: &[u32], options: &[Box<[u32]>]) -> Vec<u32> {
    let mut images: Vec<u32> = options.iter().map(|o| image(m, phi, o)).collect();
    images.sort_unstable();
    images.dedup();
    images
}

/// A deterministic automaton whose letters are heap sizes (the first
/// `letters` of them): state 0 is the start (the empty sum).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Automaton {
    letters: usize,
    /// `next[s * letters + i]`: where letter `i` leads from state `s`.
    next: Vec<u32>,
    /// `accept[s]`: whether the sums reaching `s` are in the set.
    accept: Vec<bool>,
}

impl Automaton {
    /// The automaton with `next` (`states × letters`, row by row) and
    /// `accept`, starting at state 0.
    pub(crate) fn new(letters: usize, next: Vec<u32>, accept: Vec<bool>) -> Automaton {
        debug_assert_eq!(next.len(), accept.len() * letters);
        Automaton {
            letters,
            next,
            accept,
        }
    }

    /// The same automaton accepting `accept` instead.
    pub(crate) fn with_accept(self, accept: Vec<bool>) -> Automaton {
        debug_assert_eq!(accept.len(), self.accept.len());
        Automaton { accept, ..self }
    }

    /// How many letters.
    pub(crate) fn letters(&self) -> usize {
        self.letters
    }

    /// How many states.
    pub(crate) fn states(&self) -> usize {
        self.accept.len()
    }

    /// Where letter `i` leads from `s`.
    #[inline]
    pub(crate) fn step(&self, s: u32, i: usize) -> u32 {
        self.next[s as usize * self.letters + i]
    }

    /// Where the letters of `word` lead from `s`.
    pub(crate) fn run(&self, s: u32, word: &[u32]) -> u32 {
        word.iter().fold(s, |s, &i| self.step(s, i as usize))
    }

    /// Whether `s` accepts.
    pub(crate) fn accepts(&self, s: u32) -> bool {
        self.accept[s as usize]
    }
}

/// `Err` when a monoid of `size` elements, each taking `bytes_each` bytes,
/// passes the positions limit or the memory limit.
pub(crate) fn check_size(size: usize, bytes_each: u64, limits: &Limits) -> Result<()> {
    if size > limits.bounds.max_positions {
        return Err(Error::limit_of(
            LimitKind::Positions,
            "positions (states of an automaton of the misère quotient construction)",
            limits.bounds.max_positions as u64,
        ));
    }
    limits.check_memory((size as u64).saturating_mul(bytes_each))
}

/// The coarsest partition of the states of an automaton finer than
/// `labels` that its letters respect: `succ(s, i)` is where letter `i`
/// leads from state `s`, for `letters` letters and states `0..labels.len()`
/// (Moore's algorithm, splitting blocks by their successors' blocks until
/// nothing splits). Returns each state's block, numbered from 0, and the
/// count.
pub(crate) fn refine_automaton(
    letters: usize,
    succ: impl Fn(u32, usize) -> u32,
    labels: Vec<u32>,
    limits: &Limits,
) -> Result<(Vec<u32>, usize)> {
    let n = labels.len();
    let mut signature = WordHashMap::default();
    let mut block: Vec<u32> = labels
        .iter()
        .map(|&l| {
            let fresh = signature.len() as u32;
            *signature.entry(l).or_insert(fresh)
        })
        .collect();
    let mut count = signature.len();
    let mut signature = WordHashMap::default();
    let mut key = Vec::with_capacity(letters + 1);
    loop {
        limits.check_stop()?;
        signature.clear();
        let mut next = vec![0u32; n];
        for e in 0..n {
            key.clear();
            key.push(block[e]);
            key.extend((0..letters).map(|i| block[succ(e as u32, i) as usize]));
            let fresh = signature.len() as u32;
            next[e] = *signature.entry(key.clone()).or_insert(fresh);
        }
        let new_count = signature.len();
        block = next;
        if new_count == count {
            return Ok((block, count));
        }
        count = new_count;
    }
}

/// A monoid reduced by indistinguishability, and where each element of the
/// original went.
pub(crate) struct Reduced {
    /// The quotient monoid.
    pub(crate) monoid: Monoid,
    /// Which of its elements are in `P`.
    pub(crate) p: Vec<bool>,
    /// `class[e]`: the element of the quotient that `e` became.
    pub(crate) class: Vec<u32>,
}

/// The quotient of `m` by `x ~ y` ⟺ (for every `z`: `xz ∈ P` ⟺ `yz ∈ P`).
///
/// The relation is the Nerode equivalence of the automaton whose states
/// are the elements, whose letters are the generators (a letter
/// multiplies), whose start is the identity and whose accepting states are
/// `P`: every `z` is a word in the generators. Moore's partition
/// refinement computes it, starting from {P, not P} and splitting blocks by
/// the blocks their successors fall in, until nothing splits.
/// Commutativity makes it a congruence (`x ~ y` gives `xz ~ yz`), so the
/// classes multiply. The quotient's elements are numbered in breadth-first
/// order from the identity over the generators taken in the order `order`
/// (indices of generators), so the identity stays 0.
pub(crate) fn reduce(m: &Automaton, order: &[usize], limits: &Limits) -> Result<Reduced> {
    let labels = (0..m.states() as u32)
        .map(|e| m.accepts(e) as u32)
        .collect();
    let (block, count) = refine_automaton(m.letters(), |e, i| m.step(e, i), labels, limits)?;
    // A row of the table each.
    check_size(count, count as u64 * 4, limits)?;
    // Number the blocks breadth-first from the identity's, noting how each
    // was reached: (the element it was reached from, the generator).
    let mut number = vec![u32::MAX; count];
    let mut rep = Vec::with_capacity(count);
    let mut reached: Vec<(u32, usize)> = Vec::with_capacity(count);
    number[block[0] as usize] = 0;
    rep.push(0u32);
    reached.push((0, 0));
    let mut at = 0;
    while at < rep.len() {
        let e = rep[at];
        for &g in order {
            let f = m.step(e, g);
            let b = block[f as usize] as usize;
            if number[b] == u32::MAX {
                number[b] = rep.len() as u32;
                rep.push(f);
                reached.push((at as u32, g));
            }
        }
        at += 1;
    }
    debug_assert_eq!(rep.len(), count, "the generators generate the monoid");
    let class: Vec<u32> = block.iter().map(|&b| number[b as usize]).collect();
    // The table row by row: for `a = r·g` (`r` numbered before `a`),
    // `a·b = (r·b)·g`.
    let mut table = vec![0u32; count * count];
    table[..count]
        .iter_mut()
        .zip(0..)
        .for_each(|(cell, e)| *cell = e);
    for (a, &(r, g)) in reached.iter().enumerate().skip(1) {
        if a % 256 == 0 {
            limits.check_stop()?;
        }
        let (done, rest) = table.split_at_mut(a * count);
        let from = &done[r as usize * count..][..count];
        for (cell, &rb) in rest[..count].iter_mut().zip(from) {
            *cell = class[m.step(rep[rb as usize], g) as usize];
        }
    }
    let p = rep.iter().map(|&e| m.accepts(e)).collect();
    Ok(Reduced {
        monoid: Monoid::from_table(count, table),
        p,
        class,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Z/4 under addition, generated by 1, accepting `p`.
    fn z4(p: [bool; 4]) -> Automaton {
        Automaton::new(1, vec![1, 2, 3, 0], p.to_vec())
    }

    #[test]
    fn reduction_merges_what_p_cannot_tell_apart() {
        // P = {0, 2} in Z/4 cannot tell 0 from 2 or 1 from 3.
        let r = reduce(&z4([true, false, true, false]), &[0], &Limits::default()).unwrap();
        assert_eq!(r.monoid.size(), 2);
        assert_eq!(r.class, [0, 1, 0, 1]);
        assert_eq!(r.p, [true, false]);
        // P = {1} tells all four apart.
        let r = reduce(&z4([false, true, false, false]), &[0], &Limits::default()).unwrap();
        assert_eq!(r.monoid.size(), 4);
    }
}
