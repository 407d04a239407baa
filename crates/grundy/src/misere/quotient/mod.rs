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
//! Heap by heap ([`Quotient::extend_to`]), from the quotient of the
//! smaller heaps:
//!
//! 1. **Guess** a candidate (module `candidate`): a finite monoid `M` with heap
//!    images `φ`, first the quotient so far times `⟨x | x^k = x^(k+2)⟩`
//!    for the new heap; `P_M` follows from the game's rule on one sum of
//!    each element, options before the sums they come from.
//! 2. **Reduce** it (module `monoid`): merge elements no `z` tells apart
//!    (`xz ∈ P ⟺ yz ∈ P` for all `z`), by partition refinement.
//! 3. **Check** it (module `verify`): `φ(a) ∈ P` ⟺ (`a` has a move and no
//!    option of `a` is in `P`) for every sum `a`, by finitely many tests
//!    equivalent to it. Passing proves by induction that `P` holds exactly
//!    the images of misère P-positions; then `φ(a) = φ(b)` implies
//!    `a ≡ b`, and the reduced monoid is the quotient itself.
//! 4. On failure the check names a sum; a heap of it is counted apart in a
//!    factor of its own (heap `n` may tell apart sums the smaller heaps
//!    could not: in Kayles, heap 9 tells apart sums with two heaps of 5
//!    that the heaps below 9 could not), or
//!    the exponent `k` grows, and the guess is tried again.
//!
//! Only step 3 decides; a wrong guess costs time, never a wrong answer.
//! A quotient that grows without bound (a wild game whose quotients keep
//! growing) runs into the limits ([`crate::Limits`]: positions, memory,
//! time, the stop flag), which stop it with an error naming the flag.
//! The refinement of step 4 can also fail to find a candidate within its
//! rounds; the error says so (Dawson's Kayles `0.07` at heap 25 is such a
//! case: its quotient grows fast there and the candidates outgrow the
//! memory limit).
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
