//! Integration tests of the engine.
//!
//! - `agreement`: every built-in family against the brute-force reference,
//!   alone and in sums;
//! - `properties`: the laws (value of a sum, winning moves, round trips);
//! - `published`: values from the literature, with citations.

mod agreement;
mod common;
mod properties;
mod published;
mod multi;
mod loopy;
