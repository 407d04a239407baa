//! Finite commutative monoids given by their multiplication table, and the
//! reduction of one with a marked subset `P` to its quotient by
//! indistinguishability.
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

/// `Err` when a monoid of `size` elements (its table of `size²` entries)
/// passes the positions limit or the memory limit.
pub(crate) fn check_size(size: usize, limits: &Limits) -> Result<()> {
    if size > limits.bounds.max_positions {
        return Err(Error::limit_of(
            LimitKind::Positions,
            "positions (elements of a candidate misère quotient)",
            limits.bounds.max_positions as u64,
        ));
    }
    limits.check_memory((size as u64).saturating_pow(2).saturating_mul(4))
}

/// The coarsest partition of `m` finer than `labels` that multiplying by
/// each of `gens` respects: `x`, `y` share a block exactly when `xw`, `yw`
/// have the same label for every product `w` of generators (Moore's
/// algorithm, splitting blocks by their successors' blocks until nothing
/// splits). Returns each element's block, numbered from 0, and the count.
pub(crate) fn refine(
    m: &Monoid,
    gens: &[u32],
    labels: Vec<u32>,
    limits: &Limits,
) -> Result<(Vec<u32>, usize)> {
    let n = m.size();
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
    let mut key = Vec::with_capacity(gens.len() + 1);
    loop {
        limits.check_stop()?;
        signature.clear();
        let mut next = vec![0u32; n];
        for e in 0..n {
            key.clear();
            key.push(block[e]);
            key.extend(gens.iter().map(|&g| block[m.mul(e as u32, g) as usize]));
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
/// `gens` must generate `m`. Then the relation is the Nerode equivalence of
/// the automaton whose states are the elements, whose letters are the
/// generators (a letter multiplies), whose start is the identity and whose
/// accepting states are `P`: every `z` is a word in the generators. Moore's
/// partition refinement computes it, starting from {P, not P} and splitting
/// blocks by the blocks their successors fall in, until nothing splits.
/// Commutativity makes it a congruence (`x ~ y` gives `xz ~ yz`), so the
/// classes multiply. The quotient's elements are numbered in breadth-first
/// order from the identity over `gens`, so the identity stays 0.
pub(crate) fn reduce(m: &Monoid, p: &[bool], gens: &[u32], limits: &Limits) -> Result<Reduced> {
    let (block, count) = refine(m, gens, p.iter().map(|&x| x as u32).collect(), limits)?;
    // Number the blocks breadth-first from the identity's.
    let mut order = vec![u32::MAX; count];
    let mut rep = Vec::with_capacity(count);
    order[block[0] as usize] = 0;
    rep.push(0u32);
    let mut at = 0;
    while at < rep.len() {
        let e = rep[at];
        at += 1;
        for &g in gens {
            let f = m.mul(e, g);
            let b = block[f as usize] as usize;
            if order[b] == u32::MAX {
                order[b] = rep.len() as u32;
                rep.push(f);
            }
        }
    }
    debug_assert_eq!(rep.len(), count, "the generators generate the monoid");
    let class: Vec<u32> = block.iter().map(|&b| order[b as usize]).collect();
    let mut table = Vec::with_capacity(count * count);
    for &a in &rep {
        for &b in &rep {
            table.push(class[m.mul(a, b) as usize]);
        }
    }
    let p = rep.iter().map(|&e| p[e as usize]).collect();
    Ok(Reduced {
        monoid: Monoid::from_table(count, table),
        p,
        class,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Z/4 under addition, as a table.
    fn z4() -> Monoid {
        let table = (0..16).map(|i| ((i / 4 + i % 4) % 4) as u32).collect();
        Monoid::from_table(4, table)
    }

    #[test]
    fn reduction_merges_what_p_cannot_tell_apart() {
        // P = {0, 2} in Z/4 cannot tell 0 from 2 or 1 from 3.
        let r = reduce(&z4(), &[true, false, true, false], &[1], &Limits::default()).unwrap();
        assert_eq!(r.monoid.size(), 2);
        assert_eq!(r.class, [0, 1, 0, 1]);
        assert_eq!(r.p, [true, false]);
        // P = {1} tells all four apart.
        let r = reduce(
            &z4(),
            &[false, true, false, false],
            &[1],
            &Limits::default(),
        )
        .unwrap();
        assert_eq!(r.monoid.size(), 4);
    }
}
