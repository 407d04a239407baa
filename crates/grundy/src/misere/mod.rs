//! Misère play: the last player to move loses.
//!
//! The Sprague–Grundy theorem does not carry over: misère values of a sum
//! do not follow from the values of its parts. What is exact:
//!
//! - [`search`]: the misère Grundy value of any finite game by search, and
//!   its winning moves;
//! - [`outcome`]: who wins a sum of components written in the expression
//!   language, by a search over the whole sum that stops at the first
//!   winning move (and, within a budget, its misère Grundy value);
//! - [`nim`]: Bouton's rule for misère Nim (anti-Nim), as plain functions
//!   on heap sizes;
//! - [`sj`]: the SJ theorem (Anti-SG games), which decides a misère sum
//!   from the normal values of its components when its condition holds,
//!   and the check of that condition;
//! - [`genus`](mod@genus): Conway's genus of a game, computed exactly;
//! - [`quotient`]: the misère quotient (Plambeck–Siegel) of the heaps of a
//!   one-heap game, proved by a finite check, and play from it;
//! - [`analysis`]: all of it applied to expressions, `misere(...)`.

pub mod analysis;
pub mod genus;
pub mod nim;
pub mod outcome;
pub mod quotient;
pub mod search;
pub mod sj;

pub use analysis::{Method, MisereAnalysis, MisereComponent, MisereMove, analyze, moves};
pub use genus::{Genus, genus};
pub use outcome::SumSearch;
pub use search::{MisereForm, MisereSolver};
