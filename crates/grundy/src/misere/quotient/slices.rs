//! The quotient computed exactly, slice by slice, with no guess.
//!
//! The P-positions of the sums of heaps `1..=n` form a set `L` of count
//! vectors (how many heaps of each size), and the quotient is the
//! syntactic monoid of `L`: the states of the least automaton that reads a
//! sum heap by heap and accepts `L` (the order of reading does not matter,
//! so the automaton's states multiply). This module builds that automaton
//! directly from the rules.
//!
//! Take the largest heap `g` and cut `L` into slices by the number `k` of
//! heaps of `g`: `L_k = {t : t + k·g ∈ L}`, `t` a sum of smaller heaps.
//! More generally, for a set `B` of sums where the player to move is
//! declared to win (the *boundary*; misère play is `B = {the empty sum}`),
//! let `L(B) = {s ∉ B : no option of s is in L(B)}`. Then
//!
//! `L(B)_k = L'(B_k ∪ E_k)`, where `L'` is the same construction on the
//! smaller heaps, `B_k = {t : t + k·g ∈ B}`, and `E_k` holds the `t` with
//! a move of one heap `g` into `L(B)_(k-1)` (`t + o ∈ L(B)_(k-1)` for an
//! option `o` of `g`; `E_0` is empty).
//!
//! That is: a sum with `k` heaps of `g` is lost exactly when it is not in
//! the boundary, no move in a heap of `g` reaches a lost sum (those moves
//! are what `E_k` collects), and no move in the smaller heaps does (the
//! recursion). Each slice depends only on `B`'s state after `k` heaps of
//! `g` and on the slice before, so once that pair repeats the slices
//! repeat, and `L(B)` is recognised by the product of the distinct
//! slices' automata with a counter of `k` modulo that cycle. Minimising
//! it (Moore's partition refinement) gives its least automaton.
//!
//! Every set met on the way is recognised by the quotient being computed
//! (a slice or a boundary is a set of sums `t` with `t + u` lost, for
//! fixed heaps `u` of larger sizes), so no automaton outgrows it, and a
//! set met twice is solved once: results are kept per level (number of
//! heap sizes) for every boundary, and they stay true as heaps are added,
//! so growing `n` by one reuses them. Every step is exact; no check is
//! needed afterwards.

use std::sync::Arc;

use super::monoid::{Automaton, check_size, refine_automaton};
use super::rules::Heaps;
use crate::error::Result;
use crate::limits::Limits;
use crate::word_hash::WordHashMap;

/// The least automaton over `letters` letters equivalent to the one whose
/// states are reached from `start` by `step` and accept by `accept`,
/// numbered breadth-first from the start with letters in order (so that
/// equal sets give equal automata).
fn least<T, S, A>(
    letters: usize,
    start: T,
    step: S,
    accept: A,
    limits: &Limits,
) -> Result<Automaton>
where
    T: Clone + Eq + std::hash::Hash,
    S: Fn(&T, usize) -> T,
    A: Fn(&T) -> bool,
{
    // Every state reachable from the start, with its successors.
    let mut number: WordHashMap<T, u32> = WordHashMap::default();
    let mut states: Vec<T> = vec![start.clone()];
    number.insert(start, 0);
    let mut next: Vec<u32> = Vec::new();
    let mut at = 0;
    while at < states.len() {
        if at % 1024 == 0 {
            limits.check_stop()?;
        }
        for i in 0..letters {
            let t = step(&states[at], i);
            let fresh = states.len() as u32;
            let n = *number.entry(t.clone()).or_insert_with(|| {
                states.push(t);
                fresh
            });
            next.push(n);
        }
        at += 1;
        check_size(states.len(), letters as u64 * 4 + 16, limits)?;
    }
    let labels: Vec<u32> = states.iter().map(|t| accept(t) as u32).collect();
    let (block, count) = refine_automaton(
        letters,
        |s, i| next[s as usize * letters + i],
        labels,
        limits,
    )?;
    // Renumber the blocks breadth-first from the start's.
    let mut renumber = vec![u32::MAX; count];
    let mut rep: Vec<u32> = vec![0];
    renumber[block[0] as usize] = 0;
    let mut out_next = Vec::with_capacity(count * letters);
    let mut at = 0;
    while at < rep.len() {
        let s = rep[at] as usize;
        for i in 0..letters {
            let t = next[s * letters + i];
            let b = block[t as usize] as usize;
            if renumber[b] == u32::MAX {
                renumber[b] = rep.len() as u32;
                rep.push(t);
            }
            out_next.push(renumber[b]);
        }
        at += 1;
    }
    let accept = rep.iter().map(|&s| accept(&states[s as usize])).collect();
    Ok(Automaton::new(letters, out_next, accept))
}

/// The heaps as the construction reads them, and what it has solved.
#[derive(Default)]
pub(crate) struct Slices {
    /// The heap of each letter: the heaps with a move, in increasing order
    /// (a heap with no move is the identity and needs no letter).
    heap_of: Vec<usize>,
    /// `options[i]`: the options of letter `i`'s heap as words in smaller
    /// letters.
    options: Vec<Vec<Box<[u32]>>>,
    /// `solved[j]`: `L(B)` for each boundary `B` over the first `j`
    /// letters.
    solved: Vec<WordHashMap<Arc<Automaton>, Arc<Automaton>>>,
    /// `interned[j]`: one copy of each automaton over `j` letters solved,
    /// so that equal slices are the same pointer.
    interned: Vec<WordHashMap<Arc<Automaton>, Arc<Automaton>>>,
    /// The states of every automaton kept, for the memory limit.
    kept: u64,
}

impl Slices {
    /// Adds the heaps of `heaps` not yet read (heaps only grow).
    fn sync(&mut self, heaps: &Heaps) {
        let known = self.heap_of.last().map_or(1, |&h| h + 1);
        if self.solved.is_empty() {
            self.solved.push(WordHashMap::default());
            self.interned.push(WordHashMap::default());
        }
        for h in known..heaps.len() {
            if heaps.terminal(h) {
                continue;
            }
            let letter_of = |part: u32| -> Option<u32> {
                self.heap_of
                    .binary_search(&(part as usize))
                    .ok()
                    .map(|i| i as u32)
            };
            // Parts with no move are the identity and are left out.
            let options = heaps.options[h]
                .iter()
                .map(|o| o.iter().filter_map(|&p| letter_of(p)).collect())
                .collect();
            self.heap_of.push(h);
            self.options.push(options);
            self.solved.push(WordHashMap::default());
            self.interned.push(WordHashMap::default());
        }
    }

    /// The least automaton of the misère P-positions of sums of every
    /// heap in `heaps`: the quotient, its states the elements, letter `i`
    /// the image of heap `heap_of()[i]`.
    pub(crate) fn quotient(&mut self, heaps: &Heaps, limits: &Limits) -> Result<Arc<Automaton>> {
        self.sync(heaps);
        let letters = self.heap_of.len();
        // The boundary of misère play: the empty sum, where the player to
        // move (who has no move) wins.
        let empty = if letters == 0 {
            Automaton::new(0, Vec::new(), vec![true])
        } else {
            Automaton::new(letters, vec![1; 2 * letters], vec![true, false])
        };
        self.solve(letters, Arc::new(empty), limits)
    }

    /// The heaps with a move, in letter order.
    pub(crate) fn heap_of(&self) -> &[usize] {
        &self.heap_of
    }

    /// `L(B)` over the first `j` letters, `B` least.
    fn solve(
        &mut self,
        j: usize,
        boundary: Arc<Automaton>,
        limits: &Limits,
    ) -> Result<Arc<Automaton>> {
        if let Some(done) = self.solved[j].get(&boundary) {
            return Ok(done.clone());
        }
        limits.check_stop()?;
        let solved = if j == 0 {
            // The empty sum alone: lost unless the boundary holds it.
            Automaton::new(0, Vec::new(), vec![!boundary.accepts(0)])
        } else {
            self.by_slices(j, &boundary, limits)?
        };
        let solved = match self.interned[j].get(&solved) {
            Some(same) => same.clone(),
            None => {
                self.kept += solved.states() as u64 * (j as u64 + 1);
                limits.check_memory(self.kept.saturating_mul(4))?;
                let solved = Arc::new(solved);
                self.interned[j].insert(solved.clone(), solved.clone());
                solved
            }
        };
        self.solved[j].insert(boundary, solved.clone());
        Ok(solved)
    }

    /// `L(B)` over the first `j ≥ 1` letters, from its slices by the
    /// number of heaps of letter `j - 1`.
    fn by_slices(&mut self, j: usize, boundary: &Automaton, limits: &Limits) -> Result<Automaton> {
        let g = j - 1;
        // The slices in order, and where the cycle starts once the pair
        // (boundary state, previous slice) repeats.
        let mut slices: Vec<Arc<Automaton>> = Vec::new();
        let mut seen: WordHashMap<(u32, usize), usize> = WordHashMap::default();
        let mut state = 0u32;
        let cycle_start = loop {
            let previous = slices.last().map_or(0, |s| Arc::as_ptr(s) as usize);
            if let Some(&k) = seen.get(&(state, previous)) {
                break k;
            }
            seen.insert((state, previous), slices.len());
            let slice_boundary = self.slice_boundary(g, boundary, state, slices.last(), limits)?;
            let slice = self.solve(g, Arc::new(slice_boundary), limits)?;
            slices.push(slice);
            state = boundary.step(state, g);
        };
        // The distinct slices, and which one each count takes.
        let mut distinct: Vec<Arc<Automaton>> = Vec::new();
        let which: Vec<usize> = slices
            .iter()
            .map(|s| match distinct.iter().position(|d| Arc::ptr_eq(d, s)) {
                Some(i) => i,
                None => {
                    distinct.push(s.clone());
                    distinct.len() - 1
                }
            })
            .collect();
        let len = slices.len();
        // A state: the count of heaps of `g` (folded into the cycle) and
        // the state of each distinct slice.
        let start: Vec<u32> = vec![0; distinct.len() + 1];
        least(
            j,
            start,
            |s, i| {
                let mut t = s.clone();
                if i == g {
                    let k = t[0] as usize + 1;
                    t[0] = if k < len { k } else { cycle_start } as u32;
                } else {
                    for (x, d) in t[1..].iter_mut().zip(&distinct) {
                        *x = d.step(*x, i);
                    }
                }
                t
            },
            |s| {
                let d = which[s[0] as usize];
                distinct[d].accepts(s[d + 1])
            },
            limits,
        )
    }

    /// The boundary of slice `k` over the first `g` letters: the sums `t`
    /// with `t + k·g` in `boundary` (`state` is where `k` heaps of `g`
    /// lead), or with a move of one heap `g` into the previous slice.
    fn slice_boundary(
        &self,
        g: usize,
        boundary: &Automaton,
        state: u32,
        previous: Option<&Arc<Automaton>>,
        limits: &Limits,
    ) -> Result<Automaton> {
        let Some(previous) = previous else {
            return least(
                g,
                state,
                |&s, i| boundary.step(s, i),
                |&s| boundary.accepts(s),
                limits,
            );
        };
        // The states of the previous slice with a move of `g` into it.
        let into: Vec<bool> = (0..previous.states() as u32)
            .map(|s| {
                self.options[g]
                    .iter()
                    .any(|o| previous.accepts(previous.run(s, o)))
            })
            .collect();
        least(
            g,
            (state, 0u32),
            |&(s, p), i| (boundary.step(s, i), previous.step(p, i)),
            |&(s, p)| boundary.accepts(s) || into[p as usize],
            limits,
        )
    }
}
