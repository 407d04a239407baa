//! One-heap families: Nim, subtraction and all-but games, take-and-break
//! codes (`octal`), Lasker's Nim and splitting games, and Grundy's game
//! (`draw` draws heaps as rows of tokens). The fast engine for long tables of
//! codes is `seq`, above this module.
//!
//! A [`HeapGame`] gives the moves from a single heap; a move may leave no
//! heap, one heap or several (a split: Multi-SG). Everything else follows:
//! a [`HeapSum`] is the [`Game`] of a multiset of heaps (so the general
//! solvers and the reference can check the rules), [`fill_table`] computes
//! `G(0..=n)` bottom-up, and [`HeapFamily`] serves the expression language
//! from a growing table and, where one is proven, a period.

pub mod draw;
pub mod family;
pub mod lasker;
pub mod nim;
pub mod octal;
pub mod preimage;
pub mod split;
pub mod subtraction;

pub use family::HeapFamily;

use std::ops::ControlFlow;

use crate::error::Result;
use crate::game::Game;
use crate::limits::Limits;
use crate::nimber::{Mex, Nimber};
use crate::period::Proof;

/// The rules of a one-heap family.
pub trait HeapGame: Send + Sync {
    /// Calls `visit` once for each move from a heap of `n`, with the heaps
    /// the move leaves (empty when none; heaps of size 0 may appear and count
    /// as nothing).
    fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64]));

    /// `G(n)` from a formula, when one is known. A game has a closed form
    /// for every heap or for none.
    fn closed_form(&self, _n: u64) -> Option<Nimber> {
        None
    }

    /// How many options a heap of `n` has, by a formula (never by walking
    /// them), so that `--max-moves` is checked before any is listed; `None`
    /// when the game has no formula (its options are then counted).
    fn option_count(&self, _n: u64) -> Option<u64> {
        None
    }

    /// Calls `visit` with each option of a heap of `n` whose value is
    /// `target`, each once, until `visit` breaks, found by inverting the
    /// closed form rather than walking every option; `None` when the game
    /// cannot (the options are then walked and their values compared).
    fn options_to(
        &self,
        _n: u64,
        _target: Nimber,
        _visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        None
    }

    /// `Some(w)` when `G(n)` depends only on `G(n-w..n)` (a finite
    /// subtraction set with largest element `w`): tables then stream in
    /// constant memory.
    fn window(&self) -> Option<u64> {
        None
    }

    /// The theorem that turns an observed period into a proven one, if any.
    fn period_proof(&self) -> Option<Proof> {
        self.window().map(|width| Proof::Window { width })
    }

    /// Whether the values may grow without bound in an arithmetic period
    /// (so detection should look for a saltus).
    fn arithmetic(&self) -> bool {
        false
    }

    /// Extends `table` (holding `G(0..table.len())`) to hold `G(0..=to)`.
    /// Engines with a faster method override this; the default is the
    /// definition: the mex over all options of each heap.
    fn fill(&self, table: &mut Vec<Nimber>, to: u64, limits: &Limits) -> Result<()> {
        fill_table(self, table, to, limits)
    }
}

/// The size of a one-heap component (`nim(5)`'s `5`), or what is wrong.
pub fn heap_size(component: &[crate::family::Arg]) -> Result<u64> {
    match component {
        [a] => a.int("a heap size"),
        _ => Err(crate::error::Error::invalid(
            "a heap family takes one size per heap",
        )),
    }
}

/// The heaps a move leaves, as the arguments that replace the heap in an
/// expression (`0` when it leaves none).
pub fn parts_as_args(parts: &[u64]) -> Vec<crate::family::Arg> {
    use crate::family::Arg;
    if parts.is_empty() {
        vec![Arg::Int(0)]
    } else {
        parts.iter().map(|&h| Arg::Int(h)).collect()
    }
}

/// Extends `table` to `G(0..=to)` by the definition of the Grundy value.
pub fn fill_table<H: HeapGame + ?Sized>(
    game: &H,
    table: &mut Vec<Nimber>,
    to: u64,
    limits: &Limits,
) -> Result<()> {
    limits.check_memory(
        to.saturating_add(1)
            .saturating_mul(size_of::<Nimber>() as u64),
    )?;
    let mut mex = Mex::new();
    let mut seen = Vec::new();
    let mut pace = Pace::default();
    while (table.len() as u64) <= to {
        let n = table.len() as u64;
        seen.clear();
        game.options(n, &mut |parts| {
            seen.push(parts.iter().map(|&h| table[h as usize]).sum());
        });
        pace.step(seen.len() as u64, limits)?;
        table.push(mex.of(seen.drain(..)));
    }
    Ok(())
}

/// Asks the stop flag and the deadline once per [`Pace::WORK`] options
/// walked, rather than once per so many heaps: a heap of a game with a
/// hundred thousand options (`sub{1..100000}` without its formula) costs
/// as much as a hundred thousand heaps of Kayles.
#[derive(Default)]
pub(crate) struct Pace {
    work: u64,
}

impl Pace {
    /// Options walked between two checks.
    const WORK: u64 = 1 << 16;

    /// Accounts for one heap of `options` options; `Err` once the work
    /// must stop.
    pub(crate) fn step(&mut self, options: u64, limits: &Limits) -> Result<()> {
        self.work = self.work.saturating_add(options.max(1));
        if self.work >= Pace::WORK {
            self.work = 0;
            limits.check_stop()?;
        }
        Ok(())
    }
}

/// The game of a multiset of heaps under one [`HeapGame`]'s rules.
///
/// Positions are sorted heap sizes without zeros. A position of two or more
/// heaps decomposes into single heaps, and a single heap has the game's
/// closed form, so [`crate::Solver`] uses both while the reference solver
/// plays the multiset as one game.
pub struct HeapSum<H>(pub H);

impl<H: HeapGame> HeapSum<H> {
    /// The canonical position of the given heaps.
    pub fn position(heaps: &[u64]) -> Vec<u64> {
        let mut p: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        p.sort_unstable();
        p
    }
}

impl<H: HeapGame> Game for HeapSum<H> {
    type Position = Vec<u64>;

    fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in p.iter().enumerate() {
            if i > 0 && p[i - 1] == h {
                continue; // equal heaps have the same moves
            }
            self.0.options(h, &mut |parts| {
                let mut next = p.clone();
                next.remove(i);
                next.extend(parts.iter().copied().filter(|&x| x > 0));
                next.sort_unstable();
                out.push(next);
            });
        }
    }

    fn components(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
        if p.len() < 2 {
            return false;
        }
        out.extend(p.iter().map(|&h| vec![h]));
        true
    }

    fn closed_form(&self, p: &Vec<u64>) -> Option<Nimber> {
        match p.as_slice() {
            [] => Some(Nimber::ZERO),
            [h] => self.0.closed_form(*h),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Config, Solver, reference};

    /// Split a heap into two non-empty heaps (and nothing else).
    struct Split;
    impl HeapGame for Split {
        fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
            for a in 1..=n / 2 {
                visit(&[a, n - a]);
            }
        }
    }

    #[test]
    fn table_agrees_with_both_solvers_on_a_splitting_game() {
        let mut table = Vec::new();
        fill_table(&Split, &mut table, 30, &Limits::default()).unwrap();
        let sum = HeapSum(Split);
        let mut solver = Solver::new(&sum, Config::default());
        for n in 0..=14 {
            let p = HeapSum::<Split>::position(&[n]);
            assert_eq!(
                reference::value(&sum, &p).unwrap(),
                table[n as usize],
                "n={n}"
            );
            assert_eq!(solver.value(&p).unwrap(), table[n as usize], "n={n}");
        }
        for n in 0..=30 {
            let p = HeapSum::<Split>::position(&[n]);
            assert_eq!(solver.value(&p).unwrap(), table[n as usize], "n={n}");
        }
    }
}
