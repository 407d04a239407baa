//! A [`SumGame`] whose positions are kept in a canonical form, so that a
//! search meets each position once, and which splits a sum into its
//! components.
//!
//! Searches that cannot use the Sprague–Grundy theorem (misère play, the
//! every-move rule) visit the whole sum, where `nim(3,5)` and `nim(5,3)` are
//! the same game. The heaps of a heap family are therefore kept sorted, and
//! a heap with no moves is dropped: it adds no move to any sum, so it
//! changes nothing under any ending rule.

use super::position::{ComponentRef, Position};
use super::sum_game::{Args, SumGame};
use crate::error::Result;
use crate::family::{Arg, Shape};
use crate::game::Game;
use crate::limits::Limits;

/// The game of a position's sum with canonical positions.
pub struct CanonicalSum {
    sum: SumGame,
    /// Per term: its family is a heap family (arguments are summands).
    heaps: Vec<bool>,
    /// Per term: a heap of 0 of this heap family has no moves.
    empty_zero: Vec<bool>,
}

impl CanonicalSum {
    /// The game of `position`'s families, with its canonical start.
    pub fn new(position: &Position, limits: &Limits) -> (CanonicalSum, Args) {
        let (sum, start) = SumGame::new(position, limits);
        let heaps: Vec<bool> = position
            .terms
            .iter()
            .map(|t| t.family.shape() == Shape::Heaps)
            .collect();
        let empty_zero = position
            .terms
            .iter()
            .zip(&heaps)
            .map(|(t, &heap)| {
                let mut options = Vec::new();
                heap && t.family.moves(&[Arg::Int(0)], limits, &mut options).is_ok()
                    && options.is_empty()
            })
            .collect();
        let game = CanonicalSum {
            sum,
            heaps,
            empty_zero,
        };
        let start = game.canonical(start);
        (game, start)
    }

    /// The canonical form of `args`: heaps sorted, heaps without moves gone.
    pub fn canonical(&self, mut args: Args) -> Args {
        for (t, term) in args.iter_mut().enumerate() {
            if self.heaps[t] {
                if self.empty_zero[t] {
                    term.retain(|a| *a != Arg::Int(0));
                }
                term.sort_unstable();
            }
        }
        args
    }

    /// The arguments of a position, in canonical form.
    pub fn args_of(&self, position: &Position) -> Args {
        self.canonical(position.terms.iter().map(|t| t.args.clone()).collect())
    }

    /// The position that `args` describe.
    pub fn position(&self, args: &Args) -> Position {
        self.sum.position(args)
    }

    /// The one-component position of component `c` of `args`: the other
    /// terms are left empty.
    pub fn component(&self, args: &Args, c: &ComponentRef) -> Args {
        let mut only: Args = vec![Vec::new(); args.len()];
        only[c.term] = args[c.term][c.args.clone()].to_vec();
        only
    }

    /// The first error a family reported while listing moves (see
    /// [`SumGame::check`]); a search over this game must check it.
    pub fn check(&self) -> Result<()> {
        self.sum.check()
    }
}

impl Game for CanonicalSum {
    type Position = Args;

    fn moves(&self, p: &Args, out: &mut Vec<Args>) {
        let start = out.len();
        self.sum.moves(p, out);
        for option in &mut out[start..] {
            *option = self.canonical(std::mem::take(option));
        }
    }

    fn position_bytes(&self, p: &Args) -> u64 {
        self.sum.position_bytes(p)
    }

    fn components(&self, p: &Args, out: &mut Vec<Args>) -> bool {
        let components = self.position(p).components();
        if components.len() < 2 {
            return false;
        }
        out.extend(components.iter().map(|c| self.component(p, c)));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heaps_are_sorted_and_empty_heaps_dropped() {
        let p = Position::parse("nim(5,0,3) + wythoff(0,2) + sub{2}(1,0)").unwrap();
        let (game, start) = CanonicalSum::new(&p, &Limits::default());
        let ints = |v: &[u64]| v.iter().map(|&n| Arg::Int(n)).collect::<Vec<_>>();
        // A heap of 1 in sub{2} has no move, but only heaps of 0 are dropped.
        assert_eq!(start, vec![ints(&[3, 5]), ints(&[0, 2]), ints(&[1])]);
        let mut options = Vec::new();
        game.moves(&start, &mut options);
        assert!(options.contains(&vec![ints(&[3]), ints(&[0, 2]), ints(&[1])]));
        let mut parts = Vec::new();
        assert!(game.components(&start, &mut parts));
        assert_eq!(parts.len(), 4);
        assert_eq!(parts[1], vec![ints(&[5]), vec![], vec![]]);
    }
}
