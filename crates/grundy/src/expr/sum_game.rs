//! A position of the expression language as one [`Game`], played as a
//! whole: its moves are the moves of every component.
//!
//! This is what a search over a sum needs when the Sprague–Grundy theorem
//! does not apply (misère play) or must not be assumed (the brute-force
//! reference that tests the theorem's use). Values of components are never
//! asked for; only the families' moves are used.

use std::sync::{Arc, Mutex};

use super::position::{Position, Term};
use crate::error::{Error, Result};
use crate::family::{Arg, Family};
use crate::game::Game;
use crate::limits::Limits;

/// The arguments of each term of a position, in term order.
pub type Args = Vec<Vec<Arg>>;

/// The game of a position's sum, with positions written as [`Args`] over
/// the families of a template position.
pub struct SumGame {
    families: Vec<Arc<dyn Family>>,
    limits: Limits,
    error: Mutex<Option<Error>>,
}

impl SumGame {
    /// The game of `position`'s families; returns it with the start position.
    pub fn new(position: &Position, limits: &Limits) -> (SumGame, Args) {
        let game = SumGame {
            families: position.terms.iter().map(|t| t.family.clone()).collect(),
            limits: limits.clone(),
            error: Mutex::new(None),
        };
        (
            game,
            position.terms.iter().map(|t| t.args.clone()).collect(),
        )
    }

    /// The position that `args` describe.
    pub fn position(&self, args: &Args) -> Position {
        Position {
            terms: self
                .families
                .iter()
                .zip(args)
                .map(|(f, a)| Term {
                    family: f.clone(),
                    args: a.clone(),
                })
                .collect(),
        }
    }

    /// The first error a family reported while listing moves (the
    /// [`Game`] interface cannot return it). A search that used this game
    /// must check it: its answer is unreliable when this is `Err`.
    pub fn check(&self) -> Result<()> {
        match self.error.lock().unwrap_or_else(|e| e.into_inner()).take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

impl Game for SumGame {
    type Position = Args;

    fn moves(&self, p: &Args, out: &mut Vec<Args>) {
        let position = self.position(p);
        for c in position.components() {
            let (family, args) = position.component(&c);
            let mut options = Vec::new();
            if let Err(e) = family.moves(args, &self.limits, &mut options) {
                self.error
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(e);
                return;
            }
            for o in options {
                // The arguments are spliced directly: a whole `Position`
                // per option would also copy every term's family handle.
                let mut next = p.clone();
                next[c.term].splice(c.args.clone(), o);
                out.push(next);
            }
        }
    }

    fn position_bytes(&self, p: &Args) -> u64 {
        args_bytes(p)
    }
}

/// About how many bytes the arguments of a position own: each term's list
/// and each argument (words by length). For budgets, not exact.
pub fn args_bytes(args: &Args) -> u64 {
    let list = std::mem::size_of::<Vec<Arg>>() as u64;
    let arg = std::mem::size_of::<Arg>() as u64;
    args.iter()
        .map(|term| {
            list + term
                .iter()
                .map(|a| match a {
                    Arg::Int(_) => arg,
                    Arg::Word(w) => arg + w.len() as u64,
                })
                .sum::<u64>()
        })
        .sum()
}
