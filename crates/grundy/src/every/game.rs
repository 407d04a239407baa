//! The every-move rule as one [`Game`], for direct search.
//!
//! A move of the sum picks an option in every component that can move, so
//! the moves of a position are the product of its components' options.
//! That product is the definition the step-count theory is checked
//! against; it grows fast, and [`Bounds::max_moves`](crate::limits::Bounds::max_moves) bounds it.

use std::sync::Mutex;

use crate::error::{Error, Result};
use crate::expr::sum_game::Args;
use crate::expr::{CanonicalSum, Position};
use crate::family::Arg;
use crate::game::Game;
use crate::limits::Limits;

/// One move under the every-move rule: the option taken in each component
/// that can move (by component index), and the position it leaves.
#[derive(Clone, Debug)]
pub struct EveryStep {
    /// `(component index, the arguments it becomes)`, in component order.
    pub parts: Vec<(usize, Vec<Arg>)>,
    /// The position after the move.
    pub position: Position,
}

/// Every move of `position` under the every-move rule, in the order of an
/// odometer over the components' options (the last component turns
/// fastest). Fails, before any step is made, when there are more than
/// [`Bounds::max_moves`](crate::limits::Bounds::max_moves) or their copies of the position would pass the
/// listing's share of the memory budget, as every listing of moves does.
pub fn every_steps(position: &Position, limits: &Limits) -> Result<Vec<EveryStep>> {
    let components = position.components();
    let mut movable: Vec<(usize, Vec<Vec<Arg>>)> = Vec::new();
    for (i, c) in components.iter().enumerate() {
        let (family, args) = position.component(c);
        let mut options = Vec::new();
        family.moves(args, limits, &mut options)?;
        if !options.is_empty() {
            movable.push((i, options));
        }
    }
    if movable.is_empty() {
        return Ok(Vec::new());
    }
    // One step per choice of an option in every movable component: the
    // product, refused (before any step is made) by the guard every
    // listing of moves goes through.
    let count = movable
        .iter()
        .try_fold(1u64, |n, (_, options)| n.checked_mul(options.len() as u64))
        .unwrap_or(u64::MAX);
    position.check_listing(count, limits)?;
    let mut steps = Vec::with_capacity(count as usize);
    let mut choice = vec![0usize; movable.len()];
    loop {
        // Replace from the last component back, so that the argument
        // ranges of the earlier ones stay where they were.
        let mut next = position.clone();
        for (k, (i, options)) in movable.iter().enumerate().rev() {
            next = next.replace(&components[*i], &options[choice[k]]);
        }
        steps.push(EveryStep {
            parts: movable
                .iter()
                .zip(&choice)
                .map(|((i, options), &j)| (*i, options[j].clone()))
                .collect(),
            position: next,
        });
        // Advance the odometer.
        let mut k = movable.len();
        loop {
            if k == 0 {
                return Ok(steps);
            }
            k -= 1;
            choice[k] += 1;
            if choice[k] < movable[k].1.len() {
                break;
            }
            choice[k] = 0;
        }
    }
}

/// A position's sum played under the every-move rule, with canonical
/// positions (see [`CanonicalSum`]).
pub struct EveryGame {
    sum: CanonicalSum,
    limits: Limits,
    error: Mutex<Option<Error>>,
}

impl EveryGame {
    /// The game of `position`'s families, with its canonical start.
    pub fn new(position: &Position, limits: &Limits) -> (EveryGame, Args) {
        let (sum, start) = CanonicalSum::new(position, limits);
        let game = EveryGame {
            sum,
            limits: limits.clone(),
            error: Mutex::new(None),
        };
        (game, start)
    }

    /// The canonical arguments of a position.
    pub fn args_of(&self, position: &Position) -> Args {
        self.sum.args_of(position)
    }

    /// The first error met while listing moves; a search over this game
    /// must check it, as its answer is unreliable when this is `Err`.
    pub fn check(&self) -> Result<()> {
        match self.error.lock().unwrap_or_else(|e| e.into_inner()).take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

impl Game for EveryGame {
    type Position = Args;

    fn position_bytes(&self, p: &Args) -> u64 {
        crate::expr::sum_game::args_bytes(p)
    }

    fn moves(&self, p: &Args, out: &mut Vec<Args>) {
        match every_steps(&self.sum.position(p), &self.limits) {
            Ok(steps) => out.extend(steps.iter().map(|s| self.sum.args_of(&s.position))),
            Err(e) => {
                self.error
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(e);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_component_that_can_move_moves() {
        let p = Position::parse("nim(2,0) + sub{2}(3)").unwrap();
        let steps = every_steps(&p, &Limits::default()).unwrap();
        let texts: Vec<String> = steps.iter().map(|s| s.position.to_string()).collect();
        assert_eq!(texts, ["nim(1,0) + sub{2}(1)", "nim(0,0) + sub{2}(1)"]);
        assert_eq!(
            steps[0].parts,
            [(0, vec![Arg::Int(1)]), (2, vec![Arg::Int(1)])]
        );
        let few = Limits::default().with_max_moves(1);
        assert!(every_steps(&p, &few).is_err());
    }
}
