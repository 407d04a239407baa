//! Pictures of values as SVG documents, written by hand: a Grundy sequence
//! as a scatter plot of `G(n)` against `n` ([`scatter`]), and the table of a
//! two-parameter family as a heat map with its P-positions marked
//! ([`heat_map`]).
//!
//! SVG is plain XML text, so a few string builders do the job with no
//! system libraries and no dependencies. The functions return the document;
//! writing it anywhere is the caller's business (the library prints nothing).

mod axis;
mod heat_map;
mod scatter;
mod svg;

pub use heat_map::heat_map;
pub use scatter::scatter;

use crate::error::{Error, LimitKind, Result};

/// The words on a plot.
#[derive(Clone, Debug)]
pub struct Labels {
    /// The title above the plot.
    pub title: String,
    /// What the horizontal axis shows.
    pub x: String,
    /// What the vertical axis shows.
    pub y: String,
}

/// The default bound on points (or cells) in one picture: beyond it a file
/// grows to tens of megabytes and stops being useful to look at.
pub const DEFAULT_MAX_POINTS: u64 = 250_000;

/// Refuses a picture of more than `max` points, naming the flag that
/// raises the bound.
pub fn check_points(points: u128, max: u64) -> Result<()> {
    if points > u128::from(max) {
        return Err(Error::limit(LimitKind::PlotPoints, max));
    }
    Ok(())
}
