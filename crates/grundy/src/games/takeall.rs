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
            out.push(take_from_all(heaps, k));
        }
    }
}

/// The position after taking `k` from every heap of at least `k`. The
/// heaps below `k` and the reduced ones are each still sorted, so the
/// result is their merge (without the heaps that become empty): one
/// allocation and no sort, as the search lists millions of these.
fn take_from_all(heaps: &[u64], k: u64) -> Vec<u64> {
    let split = heaps.partition_point(|&h| h < k);
    let (low, high) = heaps.split_at(split);
    let mut next = Vec::with_capacity(heaps.len());
    let mut high = high.iter().map(|&h| h - k).filter(|&h| h > 0).peekable();
    for &h in low {
        while let Some(r) = high.next_if(|&r| r < h) {
            next.push(r);
        }
        next.push(h);
    }
    next.extend(high);
    next
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The merge gives what the rule says: take `k` from every heap of at
    /// least `k`, then sort and drop empty heaps.
    #[test]
    fn merge_agrees_with_the_rule() {
        let samples: [&[u64]; 5] = [
            &[],
            &[1],
            &[1, 2, 3, 4, 5],
            &[2, 2, 7, 9, 9],
            &[3, 10, 11, 30],
        ];
        for heaps in samples {
            for k in 1..=heaps.last().copied().unwrap_or(0) + 1 {
                let plain: Vec<u64> = heaps
                    .iter()
                    .map(|&h| if h >= k { h - k } else { h })
                    .collect();
                assert_eq!(take_from_all(heaps, k), position(&plain), "{heaps:?} k={k}");
            }
        }
    }
}
