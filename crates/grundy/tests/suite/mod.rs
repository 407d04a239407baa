//! Integration tests of the engine.
//!
//! - `agreement`: every built-in family against the brute-force reference,
//!   alone and in sums;
//! - `properties`: the laws (value of a sum, winning moves, round trips);
//! - `published`: values from the literature, with citations;
//! - `coins`, `hackenbush`, `nimber_field`: coin-turning games, Green
//!   Hackenbush and nim-multiplication against brute force and the laws.

mod agreement;
mod coins;
mod common;
mod hackenbush;
mod nimber_field;
mod properties;
mod published;
