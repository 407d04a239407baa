//! Games played on a board or a row of heaps as one position: Wythoff's
//! game, the rook on a grid, Staircase Nim, and "take from all".

pub mod ed;
pub mod grid;
pub mod staircase;
pub mod takeall;
pub mod wythoff;

use crate::error::{Error, Result};
use crate::family::Arg;

/// Reads every argument as a number (`what` names one in messages).
pub(crate) fn ints(args: &[Arg], what: &str) -> Result<Vec<u64>> {
    args.iter().map(|a| a.int(what)).collect()
}

/// Reads exactly two numbers, as `family(a,b)`.
pub(crate) fn pair(args: &[Arg], family: &str) -> Result<(u64, u64)> {
    match ints(args, "a coordinate")?.as_slice() {
        &[a, b] => Ok((a, b)),
        other => Err(Error::invalid(format!(
            "{family} takes two numbers, as {family}(3,5); found {}",
            other.len()
        ))),
    }
}
