//! Integration tests of the engine.
//!
//! - `agreement`: every built-in family against the brute-force reference,
//!   alone and in sums;
//! - `properties`: the laws (value of a sum, winning moves, round trips);
//! - `published`: values from the literature, with citations;
//! - `patterns`: periods, tables and plots against the definition;
//! - `play`: the opponent of `grundy play` against the brute force.

mod agreement;
mod common;
mod periods;
mod properties;
mod published;
mod patterns;
mod play;
