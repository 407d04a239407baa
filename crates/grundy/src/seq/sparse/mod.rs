//! The sparse engine: `G(n)` in time proportional to the number of rare
//! positions instead of `n`, for codes that leave at most two heaps.
//!
//! Classify positions as rare or common (see [`super::mask`]). For a split
//! of `s = a + b` tokens, the parity of `G(a) ⊕ G(b)` is fixed by the
//! classes of `a` and `b` (and, in the domain type, the parity of `s`): one
//! parity — call it *cheap* — arises only from pairs with exactly one rare
//! heap, the other — *abundant* — from pairs of two common heaps (or two
//! rare ones). Hence:
//!
//! 1. every cheap value among the options of `n` comes from a pair
//!    `(r, s - r)` with `r` a rare position: an `O(R)` enumeration finds them
//!    all, and with them the smallest cheap value `c` that is *not* an
//!    option;
//! 2. `G(n) = c` unless some abundant value below `c` is missing too. Such
//!    values come from the plentiful pairs of common heaps, so scanning
//!    pairs `(a, s - a)` from `a = 1` finds each of them after a few steps;
//!    only when an abundant value really is missing does the scan run to the
//!    end, and then it is `G(n)`.
//!
//! When the values grow or a better classification appears, the caller
//! rebuilds the state from the table.
//!
//! The files follow the method. `state` holds what the engine keeps from
//! heap to heap and sends each heap down one of two paths: `narrow`, the
//! register path for the simplest heaps, or `general` for every other.
//! Both take a heap's cheap options from `rare` (step 1) and its candidate
//! and needed set from `sift`, which `words` feeds with options gathered
//! into words; `blocks` marks the long-range rare pairs of many heaps
//! ahead, alone or shared by a team.

mod blocks;
mod general;
mod narrow;
mod rare;
mod sift;
mod state;
mod words;

pub(crate) use sift::words_below;
pub(crate) use state::Sparse;
