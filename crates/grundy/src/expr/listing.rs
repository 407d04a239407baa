//! The moves of a position listed within the limits: the one listing, and
//! the one guard on its length, behind `grundy moves` under every
//! convention (normal play with cycles or without, misère play, the
//! every-move rule). A listing holds a whole position per move, so it is
//! refused before it is built, not cut short after.

use crate::error::Result;
use crate::expr::{ComponentRef, Position};
use crate::family::{Arg, Family};
use crate::limits::Limits;

impl Position {
    /// About how many bytes a copy of the position takes: the terms and
    /// their arguments (words counted by length). For budgets, not exact.
    pub(crate) fn bytes(&self) -> u64 {
        let arg = std::mem::size_of::<Arg>() as u64;
        self.terms
            .iter()
            .map(|t| {
                let words: u64 = t
                    .args
                    .iter()
                    .map(|a| match a {
                        Arg::Int(_) => 0,
                        Arg::Word(w) => w.len() as u64,
                    })
                    .sum();
                std::mem::size_of_val(t) as u64 + arg * t.args.len() as u64 + words
            })
            .sum()
    }

    /// About how many bytes one listed move of the position takes: the
    /// whole position after it, and the texts of the component before and
    /// after, each at most the size of a position (regression: 2,600 moves
    /// of `turtles(H×100000)` were budgeted at 256 MB and took 1.3 GB).
    pub(crate) fn move_bytes(&self) -> u64 {
        self.bytes().saturating_mul(3)
    }

    /// `Err` when a listing of `count` moves of the position would pass
    /// `--max-moves` ([`Limits::check_moves`]) or the listing's share of
    /// the memory budget ([`Limits::check_listing`]). Called with the
    /// running total before the moves are made.
    pub(crate) fn check_listing(&self, count: u64, limits: &Limits) -> Result<()> {
        limits.check_moves(count)?;
        limits.check_listing(count, self.move_bytes())
    }

    /// Every move of the position, each made by `make` from the index of
    /// the component moved in, the component, its family and the option.
    /// The running total goes through [`Position::check_listing`] before
    /// each component's moves are made into listed moves.
    pub(crate) fn each_move<T>(
        &self,
        limits: &Limits,
        mut make: impl FnMut(usize, &ComponentRef, &dyn Family, &[Arg]) -> Result<T>,
    ) -> Result<Vec<T>> {
        let mut out = Vec::new();
        for (i, c) in self.components().iter().enumerate() {
            let (family, args) = self.component(c);
            let mut options = Vec::new();
            family.moves(args, limits, &mut options)?;
            self.check_listing((out.len() + options.len()) as u64, limits)?;
            for option in &options {
                out.push(make(i, c, family.as_ref(), option)?);
            }
        }
        Ok(out)
    }
}
