//! Integration tests of the engine.
//!
//! - `boards`: Cram, Node Kayles and Chomp against plain references on
//!   every small board, random boards and graphs, and published facts;
//! - `agreement`: every built-in family against the brute-force reference,
//!   alone and in sums;
//! - `preimages`: options of a given value found by inverting closed forms
//!   and periods, against filtering every option;
//! - `properties`: the laws (value of a sum, winning moves, round trips);
//! - `conformance`: the published facts of `tests/data/*.toml` (sequences,
//!   periods, misère play, coins, nim-products, the cookbook's samples),
//!   each run through every engine that can answer it;
//! - `periods`: periods, their proofs and huge heaps;
//! - `patterns`: periods, tables and plots against the definition;
//! - `play`: the opponent of `grundy play` against the brute force;
//! - `misere`, `every`: misère play and the every-move rule, each shortcut
//!   against search of the same rules;
//! - `coins`, `hackenbush`, `nimber_field`: coin-turning games, Green
//!   Hackenbush and nim-multiplication against brute force and the laws;
//! - `script`: scripted games against built-in families and brute force;
//! - `ladder`: the imports of the library's modules and of the faces,
//!   against the floors of docs/DESIGN.md;
//! - `checkpoint`: damaged checkpoint files are cut back or refused, never
//!   loaded with wrong values.

mod agreement;
mod boards;
mod checkpoint;
mod coins;
mod common;
mod conformance;
mod every;
mod front_door;
mod hackenbush;
mod ladder;
mod loopy;
mod misere;
mod multi;
mod nimber_field;
mod patterns;
mod periods;
mod play;
mod preimages;
mod properties;
mod robust;
mod script;
mod small;
