//! "Take from all": heaps of tokens; a move chooses `k >= 1` and every heap
//! with at least `k` tokens loses `k`. A move touches several heaps at once,
//! so the position is not a sum of its heaps and no formula is known: the
//! exercise that shows why a general solver is needed.

use super::ints;
use crate::error::Result;
use crate::family::Arg;
use crate::family::searched::Positional;
use crate::game::Game;

/// The rules; a position is the multiset of heap sizes, sorted, without
/// empty heaps.
#[derive(Clone, Copy, Debug, Default)]
pub struct TakeAll;

/// The canonical position of the given heaps.
pub fn position(heaps: &[u64]) -> Vec<u64> {
    let mut p: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    p.sort_unstable();
    p
}

impl Game for TakeAll {
    type Position = Vec<u64>;

    /// One move per amount `k` up to the largest heap (positions keep
    /// their heaps sorted, so it is the last).
    fn move_count(&self, heaps: &Vec<u64>) -> Option<u64> {
        Some(heaps.last().copied().unwrap_or(0))
    }

    fn position_bytes(&self, heaps: &Vec<u64>) -> u64 {
        8 * heaps.len() as u64
    }

    fn moves(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        let largest = self.move_count(heaps).unwrap_or(0);
        for k in 1..=largest {
            let next: Vec<u64> = heaps
                .iter()
                .map(|&h| if h >= k { h - k } else { h })
                .collect();
            out.push(position(&next));
        }
    }
}

impl Positional for TakeAll {
    fn head(&self) -> String {
        "takeall".into()
    }

    fn decode(&self, args: &[Arg]) -> Result<Vec<u64>> {
        // `takeall()` (no heaps left) is the finished game.
        Ok(position(&ints(args, "a heap size")?))
    }

    fn encode(&self, heaps: &Vec<u64>) -> Vec<Arg> {
        heaps.iter().map(|&h| Arg::Int(h)).collect()
    }
}
