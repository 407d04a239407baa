//! Serving any [`Game`] to the expression language through the general
//! [`Solver`]: the family for games with no table of their own.

use std::sync::Mutex;

use super::{Arg, Family, Shape};
use crate::error::Result;
use crate::game::Game;
use crate::limits::Limits;
use crate::nimber::Nimber;
use crate::solve::{Config, Solver};

/// A game whose positions are written as argument lists.
pub trait Positional: Game + Send + Sync
where
    Self::Position: Send,
{
    /// The canonical family name with parameter: `wythoff`, `graph[g.txt]`.
    fn head(&self) -> String;

    /// The position an argument list describes, or what is wrong with it.
    fn decode(&self, args: &[Arg]) -> Result<Self::Position>;

    /// The argument list of a position (the inverse of `decode`).
    fn encode(&self, p: &Self::Position) -> Vec<Arg>;

    /// The position a term without parentheses stands for, if any.
    fn default_position(&self) -> Option<Self::Position> {
        None
    }
}

/// A [`Positional`] game in expressions, solved by search with one
/// transposition table kept for the family's lifetime.
pub struct Searched<G: Positional>
where
    G::Position: Send,
{
    head: String,
    solver: Mutex<Solver<G>>,
}

impl<G: Positional> Searched<G>
where
    G::Position: Send,
{
    /// The family of `game`.
    pub fn new(game: G) -> Searched<G> {
        Searched {
            head: game.head(),
            // Every use sets the caller's limits first (see `solver` / `with`).
            solver: Mutex::new(Solver::new(game, Config::default())),
        }
    }

    fn solver(&self, limits: &Limits) -> std::sync::MutexGuard<'_, Solver<G>> {
        let mut solver = self.solver.lock().unwrap_or_else(|e| e.into_inner());
        solver.set_config(limits.solver_config());
        solver
    }
}

impl<G: Positional> Family for Searched<G>
where
    G::Position: Send,
{
    fn head(&self) -> String {
        self.head.clone()
    }

    fn shape(&self) -> Shape {
        Shape::Whole
    }

    fn check(&self, component: &[Arg], limits: &Limits) -> Result<()> {
        self.solver(limits).game().decode(component).map(|_| ())
    }

    fn value(&self, component: &[Arg], limits: &Limits) -> Result<Nimber> {
        let mut solver = self.solver(limits);
        let p = solver.game().decode(component)?;
        solver.value(&p)
    }

    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()> {
        let solver = self.solver(limits);
        let game = solver.game();
        let p = game.decode(component)?;
        // Counted first where the game can, so a huge position is refused
        // before its options are built.
        if let Some(count) = game.move_count(&p) {
            limits.check_moves(count)?;
        }
        let mut options = Vec::new();
        game.moves(&p, &mut options);
        limits.check_moves(options.len() as u64)?;
        out.extend(options.iter().map(|o| game.encode(o)));
        Ok(())
    }

    fn default_args(&self, limits: &Limits) -> Option<Vec<Arg>> {
        let solver = self.solver(limits);
        let game = solver.game();
        game.default_position().map(|p| game.encode(&p))
    }
}
