//! Playing a game against a perfect opponent: the engine's choice of move
//! with its reason ([`engine`]), reading a player's move ([`input`]), and a
//! picture of the position ([`board`]).
//!
//! The conversation itself (prompts, turns, the end of the game) belongs to
//! the program that hosts it; `grundy play` is one. All a host needs is
//! here, so the decision "which move" is made in one place,
//! [`engine::choose_move`].

pub mod board;
pub mod engine;
pub mod input;

pub use engine::{Choice, Rng, choose_move};
pub use input::{Input, find_move};
