//! The reachable part of a game, explored once and kept as an explicit graph.
//!
//! Some questions about a game are not a single mex per position: the genus
//! of misère play needs the values of every reachable position at each of
//! several levels, the step counts of Every-SG take a maximum or a minimum
//! depending on parity, and checking the condition of the SJ theorem looks
//! at every reachable position. [`Explored`] lists the reachable positions
//! with their links (options, or components when asked to split sums) in an
//! order where each position comes after everything it links to, so each of
//! those questions is one pass over a vector ([`Explored::fold`]).
//!
//! The search is iterative (a game a million moves deep needs no deep call
//! stack), bounded by [`Bounds::max_positions`](crate::limits::Bounds::max_positions), and reports a cycle as an
//! error naming a position on it.

use std::collections::HashMap;
use std::ops::Range;

use crate::error::{Error, ErrorKind, LimitKind, Result};
use crate::game::Game;
use crate::limits::{Limits, options_budget, too_many_options};
use crate::nimber::{Mex, Nimber};

/// What the links of a position are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Links {
    /// Its options (the positions one move away); none for a terminal
    /// position.
    Options,
    /// Its components: the position is a sum of independent games
    /// (only when exploring with `split`).
    Components,
}

/// The reachable positions of a game and the links between them.
pub struct Explored<P> {
    positions: Vec<P>,
    index: HashMap<P, usize>,
    links: Vec<Links>,
    ranges: Vec<Range<usize>>,
    targets: Vec<usize>,
    order: Vec<usize>,
    /// Bytes of options listed so far, for the search's budget
    /// ([`options_budget`]).
    listed: u64,
}

/// How a position is being visited by the depth-first search.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Visit {
    Open,
    Done,
}

impl<P: Clone + Eq + std::hash::Hash + std::fmt::Debug> Explored<P> {
    /// Explores every position reachable from `root` (which gets index 0).
    ///
    /// With `split`, a position that [`Game::components`] splits is linked
    /// to its components instead of its options, and the components are
    /// explored in turn; without it, only options are followed.
    pub fn new<G: Game<Position = P>>(
        game: &G,
        root: &P,
        split: bool,
        limits: &Limits,
    ) -> Result<Explored<P>> {
        let mut graph = Explored {
            positions: Vec::new(),
            index: HashMap::new(),
            links: Vec::new(),
            ranges: Vec::new(),
            targets: Vec::new(),
            order: Vec::new(),
            listed: 0,
        };
        let mut visit: Vec<Option<Visit>> = Vec::new();
        let mut buffer = Vec::new();
        graph.add(root.clone(), &mut visit, limits)?;
        graph.expand(game, 0, split, &mut buffer, &mut visit, limits)?;
        let mut stack = vec![(0usize, graph.ranges[0].start)];
        let mut expanded = 1u64;
        while let Some(top) = stack.last_mut() {
            let (node, cursor) = *top;
            if cursor < graph.ranges[node].end {
                top.1 += 1;
                let child = graph.targets[cursor];
                match visit[child] {
                    Some(Visit::Done) => {}
                    Some(Visit::Open) => {
                        return Err(ErrorKind::Cycle {
                            vertex: format!("{:?}", graph.positions[child]),
                        }
                        .into());
                    }
                    None => {
                        expanded += 1;
                        if expanded.is_multiple_of(4096) {
                            limits.check_stop()?;
                        }
                        graph.expand(game, child, split, &mut buffer, &mut visit, limits)?;
                        stack.push((child, graph.ranges[child].start));
                    }
                }
            } else {
                stack.pop();
                visit[node] = Some(Visit::Done);
                graph.order.push(node);
            }
        }
        Ok(graph)
    }

    /// The index of a reachable position.
    pub fn index_of(&self, position: &P) -> Option<usize> {
        self.index.get(position).copied()
    }

    /// Gives `position` an index, unless it has one.
    fn add(
        &mut self,
        position: P,
        visit: &mut Vec<Option<Visit>>,
        limits: &Limits,
    ) -> Result<usize> {
        if let Some(&i) = self.index.get(&position) {
            return Ok(i);
        }
        if self.positions.len() >= limits.bounds.max_positions {
            return Err(Error::limit(
                LimitKind::Positions,
                limits.bounds.max_positions as u64,
            ));
        }
        let i = self.positions.len();
        self.index.insert(position.clone(), i);
        self.positions.push(position);
        self.links.push(Links::Options);
        self.ranges.push(0..0);
        visit.push(None);
        Ok(i)
    }

    /// Lists the links of position `node` and opens it.
    fn expand<G: Game<Position = P>>(
        &mut self,
        game: &G,
        node: usize,
        split: bool,
        buffer: &mut Vec<P>,
        visit: &mut Vec<Option<Visit>>,
        limits: &Limits,
    ) -> Result<()> {
        buffer.clear();
        let position = &self.positions[node];
        self.links[node] = if split && game.components(position, buffer) {
            Links::Components
        } else {
            buffer.clear();
            game.moves(position, buffer);
            Links::Options
        };
        let start = self.targets.len();
        self.listed = self
            .listed
            .saturating_add(super::options_cost(game, buffer).0);
        // The links are kept, so the budget bounds both the time and the
        // memory of the exploration.
        if self.listed > options_budget(limits.bounds.max_positions) {
            return Err(too_many_options(limits.bounds.max_positions));
        }
        for child in buffer.drain(..) {
            let i = self.add(child, visit, limits)?;
            self.targets.push(i);
        }
        self.ranges[node] = start..self.targets.len();
        visit[node] = Some(Visit::Open);
        Ok(())
    }
}

impl<P> Explored<P> {
    /// How many positions are reachable.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Always false: the root is reachable from itself.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The position with index `i` (the root is 0).
    pub fn position(&self, i: usize) -> &P {
        &self.positions[i]
    }

    /// What the links of position `i` are.
    pub fn links(&self, i: usize) -> Links {
        self.links[i]
    }

    /// The indices that position `i` links to (with repeats, if two moves
    /// lead to the same position).
    pub fn children(&self, i: usize) -> &[usize] {
        &self.targets[self.ranges[i].clone()]
    }

    /// Every index, each after all the indices it links to.
    pub fn postorder(&self) -> &[usize] {
        &self.order
    }

    /// The normal-play Grundy value of every position: the mex of its
    /// options' values, or the nim-sum of its components' values.
    pub fn grundy_values(&self) -> Vec<Nimber> {
        let mut mex = Mex::new();
        self.fold(|i, values: &[Nimber]| {
            let children = self.children(i).iter().map(|&c| values[c]);
            match self.links(i) {
                Links::Options => mex.of(children),
                Links::Components => children.sum(),
            }
        })
    }

    /// Computes a value for every position, children first: `value(i,
    /// values)` may read `values[c]` for each child `c` of `i`.
    pub fn fold<T: Clone + Default>(&self, mut value: impl FnMut(usize, &[T]) -> T) -> Vec<T> {
        let mut values = vec![T::default(); self.len()];
        for &i in &self.order {
            values[i] = value(i, &values);
        }
        values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Heaps of "take 1 or 2"; a pair of heaps splits into its two heaps.
    struct TakeOneOrTwo;
    impl Game for TakeOneOrTwo {
        type Position = Vec<u64>;
        fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            for i in 0..p.len() {
                for k in 1..=2.min(p[i]) {
                    let mut q = p.clone();
                    q[i] -= k;
                    out.push(q);
                }
            }
        }
        fn components(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
            if p.len() < 2 {
                return false;
            }
            out.extend(p.iter().map(|&h| vec![h]));
            true
        }
    }

    #[test]
    fn children_come_first_and_values_agree_with_or_without_split() {
        let limits = Limits::default();
        let whole = Explored::new(&TakeOneOrTwo, &vec![4, 5], false, &limits).unwrap();
        let split = Explored::new(&TakeOneOrTwo, &vec![4, 5], true, &limits).unwrap();
        assert_eq!(whole.len(), 30);
        assert_eq!(split.len(), 1 + 6, "the pair and the single heaps 0..=5");
        for graph in [&whole, &split] {
            let mut seen = vec![false; graph.len()];
            for &i in graph.postorder() {
                assert!(graph.children(i).iter().all(|&c| seen[c]));
                seen[i] = true;
            }
            assert_eq!(graph.postorder().len(), graph.len());
        }
        // (4 mod 3) xor (5 mod 3) = 1 xor 2 = 3.
        assert_eq!(whole.grundy_values()[0], Nimber(3));
        assert_eq!(split.grundy_values()[0], Nimber(3));
    }

    #[test]
    fn limit_and_cycle_are_errors() {
        let limits = Limits::default().with_max_positions(10);
        let err = Explored::new(&TakeOneOrTwo, &vec![20], false, &limits)
            .err()
            .unwrap();
        assert!(
            matches!(
                err.kind(),
                ErrorKind::Limit {
                    kind: LimitKind::Positions,
                    ..
                }
            ),
            "{err}"
        );

        struct Loop;
        impl Game for Loop {
            type Position = u8;
            fn moves(&self, &p: &u8, out: &mut Vec<u8>) {
                out.push((p + 1) % 3);
            }
        }
        let err = Explored::new(&Loop, &0, false, &Limits::default())
            .err()
            .unwrap();
        assert!(matches!(err.kind(), ErrorKind::Cycle { .. }), "{err}");
    }
}
