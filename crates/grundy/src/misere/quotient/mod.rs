//! Misère quotients of one-heap games (Plambeck and Siegel).
//!
//! Let `A` be the sums of heaps `0..=N` of one game (closed under moves:
//! an option of a heap is a sum of smaller heaps). Two sums are
//! *indistinguishable*, `a ≡ b`, when `a + c` and `b + c` have the same
//! misère outcome for every `c` in `A`. The classes form a commutative
//! monoid `Q = A/≡`, the *misère quotient*; `P ⊂ Q` holds the classes of
//! misère P-positions, and `Φ(n)` is the class of heap `n`. A sum is lost
//! by the player to move exactly when the product of its heaps' `Φ` lies
//! in `P`, so a finite quotient solves the game on those heaps as the
//! nim-sum does in normal play. (T. E. Plambeck, "Taming the wild in
//! impartial combinatorial games", INTEGERS 5 (2005) G05; T. E. Plambeck
//! and A. N. Siegel, "Misère quotients for impartial games", JCTA 115
//! (2008), arXiv math/0609825, with appendices arXiv 0705.2404; A. N.
//! Siegel, "Misère games and misère quotients", Games of No Chance 5.)
//!
//! # How the quotient is computed
//!
//! Heap by heap ([`Quotient::extend_to`]). The P-positions of the sums of
//! heaps `1..=n` are a set `L` of count vectors, and `Q` is its syntactic
//! monoid: the states of the least automaton that reads a sum heap by
//! heap and accepts `L`. Module `slices` builds that automaton exactly,
//! cutting `L` by the number of heaps of the largest size into slices
//! that are the same kind of set for one size fewer, with the boundary
//! of each slice (the sums where the player to move wins outright) taken
//! from the slice before. The slices repeat after a few, every set met
//! is recognised by `Q` itself, and each is solved once and kept, so
//! heap `n + 1` reuses what heap `n` solved. Nothing is guessed and
//! nothing needs checking afterwards; the tests still hold each built
//! quotient against the independent check of module `verify` (the finite
//! form of "a sum is lost exactly when its image is in `P`") and against
//! plain search.
//!
//! Two cheaper steps come first. A heap whose options have the images of
//! an earlier heap's options is indistinguishable from it and is adjoined
//! at once (the common case once `Φ` is periodic). Otherwise up to two
//! guesses (module `candidate`): the quotient so far times
//! `⟨x | x^k = x^(k+2)⟩` for the new heap, reduced and checked exactly
//! (module `verify`); a failed check names a sum, and the second guess
//! gives a heap of it a cyclic factor of its own. A guess that passes is
//! the quotient. The slices are the answer when none passes, which is
//! when the new heap tells apart sums the smaller heaps merged (Dawson's
//! Kayles at heap 25). The guesses matter for speed only: the slices pay
//! for every heap size as a letter of their automata, so Kayles to heap
//! 168 takes 3.4 s by slices alone and 0.04 s with the guesses first. A quotient that grows without bound (a wild
//! game whose quotients keep growing) runs into the limits
//! ([`crate::Limits`]: positions, memory, time, the stop flag), which stop
//! it with an error naming the flag.
//!
//! # What it gives
//!
//! [`Quotient::report`] gives the order, `P`, the elements as words in
//! generators, `Φ`, a presentation, the table of a small quotient, whether
//! it is tame, and a period of `Φ` when one is seen ([`QuotientReport`]).
//! [`Quotient::outcome`] and [`Quotient::winning_move`] play sums of heaps
//! in one product per heap.
//!
//! ```
//! use grundy::Limits;
//! use grundy::heap::octal::{Code, TakeBreak};
//! use grundy::misere::quotient::Quotient;
//!
//! // 0.75: the quotient R8 of order 8 with two P-positions (Plambeck 2005).
//! let code = Code::parse("0.75", "0.75", 1, false).unwrap();
//! let mut q = Quotient::new(TakeBreak::new(code));
//! q.extend_to(20, &Limits::default()).unwrap();
//! let report = q.report();
//! assert_eq!((report.order, report.p_count), (8, 2));
//! // A winning move from heaps 3, 4, 7, if the sum is won.
//! if !q.is_p_position(&[3, 4, 7]).unwrap() {
//!     let m = q.winning_move(&[3, 4, 7]).unwrap().unwrap();
//!     let mut after = vec![3, 4, 7];
//!     after.remove(m.index);
//!     after.extend(&m.to);
//!     assert!(q.is_p_position(&after).unwrap());
//! }
//! ```

mod candidate;
mod eval;
mod grow;
mod listed;
mod monoid;
mod period;
mod present;
mod report;
mod rules;
mod slices;
mod tame;
mod verify;

pub use eval::{QuotientMove, WinningMoves};
pub use grow::Quotient;
pub use listed::ListedHeaps;
pub use period::{PhiPeriod, Status};
pub use report::{Generator, QuotientReport, Relation, TABLE_MAX, Tameness};

use crate::error::Result;
use crate::heap::HeapGame;
use crate::limits::Limits;

/// The report of the misère quotient of heaps `0..=to` of `game`.
pub fn quotient<H: HeapGame>(game: H, to: u64, limits: &Limits) -> Result<QuotientReport> {
    let mut q = Quotient::new(game);
    q.extend_to(to, limits)?;
    Ok(q.report())
}

#[cfg(test)]
mod tests;
