//! Impartial games on boards and graphs, with a search made for them:
//! Cram (place a domino on two adjacent free cells), Node Kayles (take a
//! vertex, which removes it and its neighbours) and Chomp (bite a cell and
//! everything below and to the right of it; the poisoned corner is never
//! taken).
//!
//! - [`bits`]: the machine words a board's cells are kept in (`u64` for
//!   boards of at most 64 cells, `u128` up to 128);
//! - [`grid`]: sets of cells as bitboards, their connected pieces and
//!   canonical forms under the symmetries of the rectangle;
//! - [`values`]: sets of values, the questions the search asks;
//! - [`strip`]: the values of one-row pieces, computed once;
//! - [`small`]: the values of every set of cells of a small box, computed
//!   once;
//! - [`rule`]: the rules the search knows (Cram, Node Kayles);
//! - [`table`]: a transposition table that keeps within a memory budget by
//!   replacement;
//! - [`saved`]: that table on disk, read back after checks;
//! - [`shared`]: that table shared by the two threads of one search;
//! - [`search`]: the value of a Cram or Node Kayles position as the nim-sum
//!   of its pieces, each searched once;
//! - [`chomp`]: every Chomp value of a bar, in one pass over a dense table;
//! - [`text`]: board sizes, cell names and board files;
//! - [`family`], [`chomp_family`]: the games as families of the
//!   expression language.

pub(crate) mod bits;
pub(crate) mod busy;
pub mod chomp;
pub mod chomp_family;
pub mod family;
pub mod grid;
pub(crate) mod rule;
pub(crate) mod saved;
pub(crate) mod search;
pub(crate) mod shared;
pub(crate) mod small;
pub(crate) mod strip;
pub(crate) mod table;
pub(crate) mod text;
pub(crate) mod values;

pub use chomp::ChompTable;
pub use chomp_family::ChompFamily;
pub use family::BoardFamily;
pub use grid::Region;
pub use rule::Rule;
pub use search::{Cells, Search, Strategy, TableSize};

/// The next state of a xorshift generator (Marsaglia's 13, 7, 17): the
/// tests' random boards, reproducible from a fixed seed.
#[cfg(test)]
pub(crate) fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}
