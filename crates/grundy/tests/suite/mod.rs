//! Integration tests of the engine.
//!
//! - `agreement`: every built-in family against the brute-force reference,
//!   alone and in sums;
//! - `properties`: the laws (value of a sum, winning moves, round trips);
//! - `published`: values from the literature, with citations;
//! - `misere`, `every`: misère play and the every-move rule, each shortcut
//!   against search of the same rules.

mod agreement;
mod common;
mod every;
mod misere;
mod properties;
mod published;
mod small;
