//! Coin-turning games in the expression language: `turtles(THTTH)`.

use super::{Cell, CoinGame, CoinRule, Coins};
use crate::error::{Error, LimitKind, Result};
use crate::family::{Arg, Family, Shape};
use crate::game::Game;
use crate::limits::Limits;
use crate::nimber::Nimber;

/// A coin-turning game as a family: the whole row (or board) is one
/// component, valued by the nim-sum of its heads' values.
pub struct CoinFamily<R>(CoinGame<R>);

impl<R: CoinRule> CoinFamily<R> {
    /// The family of `rule`.
    pub fn new(rule: R) -> CoinFamily<R> {
        CoinFamily(CoinGame(rule))
    }

    fn rule(&self) -> &R {
        &self.0.0
    }

    fn coins(&self, component: &[Arg]) -> Result<Coins> {
        Coins::from_args(component, self.rule().name(), self.rule().rows())
    }
}

impl<R: CoinRule> Family for CoinFamily<R> {
    fn head(&self) -> String {
        self.rule().name().to_string()
    }

    fn shape(&self) -> Shape {
        Shape::Whole
    }

    fn check(&self, component: &[Arg], _limits: &Limits) -> Result<()> {
        self.coins(component).map(|_| ())
    }

    fn value(&self, component: &[Arg], _limits: &Limits) -> Result<Nimber> {
        Ok(self.0.value_of(&self.coins(component)?))
    }

    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()> {
        let coins = self.coins(component)?;
        let count = coins.heads().map(|c| self.rule().move_count(c)).sum();
        limits.check_moves(count)?;
        let mut options = Vec::new();
        self.0.moves(&coins, &mut options);
        out.extend(options.iter().map(Coins::to_args));
        Ok(())
    }

    fn moves_to(
        &self,
        component: &[Arg],
        target: Nimber,
        limits: &Limits,
        out: &mut Vec<Vec<Arg>>,
    ) -> Result<()> {
        let coins = self.coins(component)?;
        let cost = coins.heads().map(|c| self.rule().search_cost(c)).sum();
        limits.check_moves(cost)?;
        let change = self.0.value_of(&coins) + target;
        let mut found: Vec<(Cell, Vec<Cell>)> = Vec::new();
        for cell in coins.heads() {
            let want = change + self.rule().head_value(cell);
            self.rule().turns_to(cell, want, &mut |others| {
                found.push((cell, others.to_vec()))
            });
        }
        // Each move is a copy of the whole row: with many coins, listing
        // every winning move could take gigabytes, so the list stops at
        // the room the limits give (and says so with the limit error).
        let bytes_each = component
            .iter()
            .map(|a| match a {
                Arg::Word(w) => w.len() as u64 + 32,
                Arg::Int(_) => 32,
            })
            .sum();
        let room = limits.listing_room(bytes_each);
        out.extend(
            found
                .iter()
                .take(room)
                .map(|(cell, others)| coins.turned(*cell, others).to_args()),
        );
        if found.len() > room {
            return Err(Error::limit(LimitKind::Memory, limits.bounds.max_memory));
        }
        Ok(())
    }

    fn draw(&self, component: &[Arg]) -> Option<String> {
        self.coins(component)
            .ok()
            .map(|c| c.draw(self.rule().rows()))
    }
}
