//! Staircase Nim: tokens on steps `1..=k`; a move takes tokens from step
//! `i` down to step `i - 1`, or off the staircase from step 1.
//!
//! Moves from even steps to odd ones can be undone by moving the same
//! tokens one step further, so only the odd steps count: the value is the
//! nim-sum `a1 ⊕ a3 ⊕ a5 ⊕ ...` (a move on an odd step changes exactly one
//! odd heap; moves down from odd steps reach every smaller nim-sum).

use super::ints;
use crate::error::{Error, Result};
use crate::family::Arg;
use crate::family::searched::Positional;
use crate::game::Game;
use crate::nimber::Nimber;

/// The rules of Staircase Nim; a position lists the tokens on steps 1, 2, ...
#[derive(Clone, Copy, Debug, Default)]
pub struct Staircase;

impl Game for Staircase {
    type Position = Vec<u64>;

    fn position_bytes(&self, steps: &Vec<u64>) -> u64 {
        8 * steps.len() as u64
    }

    fn moves(&self, steps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &tokens) in steps.iter().enumerate() {
            for k in 1..=tokens {
                let mut next = steps.clone();
                next[i] -= k;
                if i > 0 {
                    next[i - 1] += k;
                }
                out.push(next);
            }
        }
    }

    /// One move per token: `k` tokens of a step can move in `k` ways.
    fn move_count(&self, steps: &Vec<u64>) -> Option<u64> {
        Some(steps.iter().fold(0u64, |acc, &a| acc.saturating_add(a)))
    }

    fn closed_form(&self, steps: &Vec<u64>) -> Option<Nimber> {
        Some(steps.iter().step_by(2).map(|&a| Nimber(a)).sum())
    }
}

impl Positional for Staircase {
    fn head(&self) -> String {
        "staircase".into()
    }

    fn decode(&self, args: &[Arg]) -> Result<Vec<u64>> {
        if args.is_empty() {
            return Err(Error::invalid(
                "staircase needs the tokens on each step, as staircase(3,1,2)",
            ));
        }
        let steps = ints(args, "a number of tokens")?;
        // Tokens only move down, so a step can end up holding the sum of all
        // tokens above it; keep that sum representable.
        steps
            .iter()
            .try_fold(0u64, |acc, &a| acc.checked_add(a))
            .ok_or_else(|| Error::invalid("staircase: too many tokens in total"))?;
        Ok(steps)
    }

    fn encode(&self, steps: &Vec<u64>) -> Vec<Arg> {
        steps.iter().map(|&a| Arg::Int(a)).collect()
    }
}
