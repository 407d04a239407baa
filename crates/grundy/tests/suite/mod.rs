//! Integration tests of the engine.
//!
//! - `agreement`: every built-in family against the brute-force reference,
//!   alone and in sums;
//! - `properties`: the laws (value of a sum, winning moves, round trips);
//! - `published`: values from the literature, with citations;
//! - `periods`: certified periods against the published ones;
//! - `patterns`: periods, tables and plots against the definition;
//! - `play`: the opponent of `grundy play` against the brute force;
//! - `misere`, `every`: misère play and the every-move rule, each shortcut
//!   against search of the same rules;
//! - `coins`, `hackenbush`, `nimber_field`: coin-turning games, Green
//!   Hackenbush and nim-multiplication against brute force and the laws;
//! - `script`: scripted games against built-in families and brute force.

mod agreement;
mod coins;
mod common;
mod every;
mod hackenbush;
mod loopy;
mod misere;
mod multi;
mod nimber_field;
mod patterns;
mod periods;
mod play;
mod properties;
mod published;
mod robust;
mod script;
mod small;
