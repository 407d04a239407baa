//! # grundy
//!
//! An engine for impartial combinatorial games: Sprague–Grundy values
//! (nimbers), outcomes, winning moves, tables and periods.
//!
//! Describe a position in the expression language and ask the front door,
//! [`analyze`], how it is played (normal, misère, every-move) and by which
//! method (or let it choose):
//!
//! ```
//! use grundy::{Limits, Method, Nimber, Play, Position, Value, Verdict, analyze};
//!
//! // Three Nim heaps: 3 ⊕ 5 ⊕ 7 = 1, so the first player wins.
//! let limits = Limits::default();
//! let position = Position::parse_with("nim(3,5,7)", &limits).unwrap();
//! let report = analyze(&position, Play::Normal, Method::Auto, &limits).unwrap();
//! assert_eq!(report.value, Some(Value::Grundy(Nimber(1))));
//! assert_eq!(report.verdict, Verdict::N);
//!
//! // Taking 6 from the heap of 7 is not winning (3 ⊕ 5 ⊕ 1 = 7);
//! // the winning moves make the nim-sum 0.
//! let winning: Vec<String> = report.winning_moves.iter().map(|m| m.to_string()).collect();
//! assert_eq!(winning, ["nim(2,5,7)", "nim(3,4,7)", "nim(3,5,6)"]);
//! ```
//!
//! Or implement [`Game`] for your own rules and use a [`Solver`]:
//!
//! ```
//! use grundy::{Config, Game, Nimber, Solver};
//!
//! /// Remove 1, 3 or 4 tokens.
//! struct Sub134;
//! impl Game for Sub134 {
//!     type Position = u32;
//!     fn moves(&self, &n: &u32, out: &mut Vec<u32>) {
//!         out.extend([1, 3, 4].iter().filter(|&&s| s <= n).map(|&s| n - s));
//!     }
//! }
//! let mut solver = Solver::new(Sub134, Config::default());
//! assert_eq!(solver.value(&5).unwrap(), Nimber(3)); // options 4, 2, 1 have values 2, 0, 1
//! ```
//!
//! The map of the crate follows the theory:
//!
//! - [`nimber`]: values, mex, nim-multiplication; [`game`]: the abstraction;
//!   [`solve`]: search and the brute-force reference;
//! - [`heap`]: one-heap families (Nim, subtraction, take-and-break codes,
//!   Lasker's Nim and splitting games); [`seq`]: the sequence engine for
//!   codes; [`period`]: periodicity, detected and proven;
//! - [`games`]: Wythoff, the grid, Staircase Nim, E&D, "take from all";
//!   [`graph`]: explicit game graphs; [`loopy`]: games with cycles;
//!   [`board`]: Cram, Node Kayles and Chomp, with a search made for boards;
//!   [`coins`]: coin-turning games; [`hackenbush`]: Green Hackenbush;
//! - [`misere`]: misère play and the SJ theorem; [`every`]: the every-move
//!   rule (Every-SG);
//! - [`family`]: every game seen as positions written as argument lists;
//!   [`script`]: games scripted in Rhai; [`expr`]: the expression language
//!   over the families;
//! - [`analysis`]: the front door, values, outcomes and winning moves of a
//!   position under any convention;
//! - on top of them: [`pattern`] (the periods and regularities of a
//!   family's values), [`plot`] (SVG pictures of values) and [`play`] (a
//!   perfect opponent).

#![deny(missing_docs)]

pub mod analysis;
pub mod board;
pub mod coins;
pub mod error;
pub mod every;
pub mod expr;
pub mod family;
pub mod game;
pub mod games;
pub mod graph;
pub mod hackenbush;
pub mod heap;
#[cfg(test)]
mod lcg;
pub mod limits;
pub mod loopy;
pub mod misere;
pub mod nimber;
pub mod pattern;
pub mod period;
pub mod play;
pub mod plot;
pub mod script;
pub mod seq;
pub mod solve;
mod word_hash;

// The front door: what a user needs, at the root.
pub use analysis::hackenbush::HackenbushReport;
pub use analysis::quotient::QuotientReport;
pub use analysis::{
    GenusTable, Method, MoveReport, MovesReport, Report, Value, Verdict, analyze, moves,
};
pub use error::{Error, ErrorKind, LimitKind, Result};
pub use expr::{Play, Played, Position};
pub use game::{Game, Outcome};
pub use limits::{Limits, Progress};
pub use nimber::{Mex, Nimber};
pub use pattern::PatternReport;
pub use pattern::sequence::PeriodReport;
pub use solve::{Config, Solver};
