//! Playing a game against a perfect opponent: the engine's choice of move
//! with its reason ([`engine`] under normal play, [`misere`] under misère
//! play), reading a player's move ([`input`]), and a picture of the
//! position ([`board`]).
//!
//! The conversation itself (prompts, turns, the end of the game) belongs to
//! the program that hosts it; `grundy play` is one. All a host needs is
//! here, so the decision "which move" is made in one place,
//! [`engine::choose_move`].

pub mod board;
pub mod engine;
pub mod input;
pub mod misere;

pub use engine::{Choice, Rng, choose_move};
pub use input::{Input, find_move};

use crate::error::{Error, Result};
use crate::expr::{Play, Position};
use crate::limits::Limits;

/// The engine's move from `position` played as `play` (normal or misère),
/// or `None` when it has no move; the every-move rule is refused.
pub fn choose_move_in(
    position: &Position,
    play: Play,
    limits: &Limits,
    rng: &mut Rng,
) -> Result<Option<Choice>> {
    match play {
        Play::Normal => choose_move(position, limits, rng),
        Play::Misere => misere::choose_move(position, limits, rng),
        Play::Every => Err(every_refused()),
    }
}

/// The hint for the player to move in `position` played as `play`.
pub fn hint_in(position: &Position, play: Play, limits: &Limits) -> Result<engine::Hint> {
    match play {
        Play::Normal => engine::hint(position, limits),
        Play::Misere => misere::hint(position, limits),
        Play::Every => Err(every_refused()),
    }
}

fn every_refused() -> Error {
    Error::invalid(
        "the engine plays under normal and misère play; every(...) moves every component at once, which it does not play",
    )
}
