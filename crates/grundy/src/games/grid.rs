//! The grid game of the classic texts: a token on a board moves any number
//! of cells left or down; the player who cannot move loses.
//!
//! From cell `(x, y)` the moves reach `(x', y)` and `(x, y')` for smaller
//! coordinates: two Nim heaps, so `G(x, y) = x ⊕ y`.

use super::pair;
use crate::error::Result;
use crate::family::Arg;
use crate::family::searched::Positional;
use crate::game::Game;
use crate::nimber::Nimber;

/// The rules of the grid game; a position is the token's cell `(x, y)`,
/// where `(0, 0)` is the bottom-left corner.
#[derive(Clone, Copy, Debug, Default)]
pub struct Grid;

impl Game for Grid {
    type Position = (u64, u64);

    fn moves(&self, &(x, y): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((0..x).map(|x2| (x2, y)));
        out.extend((0..y).map(|y2| (x, y2)));
    }

    fn move_count(&self, &(x, y): &(u64, u64)) -> Option<u64> {
        Some(x.saturating_add(y))
    }

    fn closed_form(&self, &(x, y): &(u64, u64)) -> Option<Nimber> {
        Some(Nimber(x ^ y))
    }
}

impl Positional for Grid {
    fn head(&self) -> String {
        "grid".into()
    }

    fn decode(&self, args: &[Arg]) -> Result<(u64, u64)> {
        pair(args, "grid")
    }

    fn encode(&self, &(x, y): &(u64, u64)) -> Vec<Arg> {
        vec![Arg::Int(x), Arg::Int(y)]
    }
}
