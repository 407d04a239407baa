//! The heaps `0..=n` of one game as the quotient needs them: each heap's
//! options as multisets of smaller heaps, and each heap's height.

use crate::error::{Error, LimitKind, Result};
use crate::heap::HeapGame;
use crate::limits::Limits;

/// The options and heights of heaps `0..len`, grown one heap at a time.
#[derive(Clone, Debug, Default)]
pub(crate) struct Heaps {
    /// `options[n]`: each option of a heap of `n`, as the non-empty heaps it
    /// leaves, sorted (an empty list: the move leaves nothing).
    pub(crate) options: Vec<Vec<Box<[u32]>>>,
    /// `height[n]`: the most moves a game on a heap of `n` can last. A move
    /// of a sum lowers the sum of its heaps' heights, so this sum orders
    /// the sums for induction (options come first) even for games whose
    /// moves need not remove tokens (`4.7` splits a heap without taking).
    pub(crate) height: Vec<u64>,
    /// Option parts stored so far, for the memory limit.
    stored: u64,
}

impl Heaps {
    /// How many heaps (`0..len`) are known.
    pub(crate) fn len(&self) -> usize {
        self.options.len()
    }

    /// Whether a heap of `n` has no move.
    pub(crate) fn terminal(&self, n: usize) -> bool {
        self.options[n].is_empty()
    }

    /// Adds the heap of 0, which has no move whatever the game lists: a
    /// heap of 0 counts as nothing ([`HeapGame::options`]).
    pub(crate) fn push_empty(&mut self) {
        self.options.push(Vec::new());
        self.height.push(0);
    }

    /// Removes the newest heap (after a failure to adjoin it).
    pub(crate) fn pop(&mut self) {
        if let Some(options) = self.options.pop() {
            self.stored -= options.iter().map(|o| o.len() as u64 + 4).sum::<u64>();
            self.height.pop();
        }
    }

    /// Adds heap `len()`. Its options must only leave smaller heaps (true
    /// of every take-and-break or subtraction game; a split into heaps as
    /// large as the heap is refused).
    pub(crate) fn push(&mut self, game: &dyn HeapGame, limits: &Limits) -> Result<()> {
        let n = self.options.len() as u64;
        let mut options: Vec<Box<[u32]>> = Vec::new();
        let mut bad = None;
        game.options(n, &mut |parts| {
            let mut v: Vec<u32> = Vec::with_capacity(parts.len());
            for &h in parts {
                if h >= n {
                    bad = Some(h);
                } else if h > 0 {
                    v.push(h as u32);
                }
            }
            v.sort_unstable();
            options.push(v.into_boxed_slice());
        });
        if let Some(h) = bad {
            return Err(Error::invalid(format!(
                "a heap of {n} has a move leaving a heap of {h}: a misère quotient needs every move to leave smaller heaps"
            )));
        }
        if options.len() > limits.bounds.max_moves {
            return Err(Error::limit(
                LimitKind::Moves,
                limits.bounds.max_moves as u64,
            ));
        }
        options.sort_unstable();
        options.dedup();
        self.stored += options.iter().map(|o| o.len() as u64 + 4).sum::<u64>();
        limits.check_memory(self.stored.saturating_mul(8))?;
        let height = options
            .iter()
            .map(|o| {
                o.iter()
                    .fold(1u64, |s, &h| s.saturating_add(self.height[h as usize]))
            })
            .max()
            .unwrap_or(0);
        self.options.push(options);
        self.height.push(height);
        Ok(())
    }
}
