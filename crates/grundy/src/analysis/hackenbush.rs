//! A Green Hackenbush picture read from a file: its value, how the fusion
//! and colon principles find it, and every winning cut, as one report.

use serde::Serialize;

use crate::error::Result;
use crate::expr::position::term_text;
use crate::game::Outcome;
use crate::hackenbush::{self, Fused, HackenbushFamily};
use crate::limits::Limits;
use crate::nimber::Nimber;

/// A cut that wins: the opponent is left a position of value 0.
#[derive(Clone, Debug, Serialize)]
pub struct Cut {
    /// The edge's number (from 1, in file order).
    pub edge: usize,
    /// The edge as written: `a-b`.
    pub label: String,
    /// The position after the cut, as an expression.
    pub position: String,
}

/// What `grundy hackenbush FILE` reports.
#[derive(Clone, Debug, Serialize)]
pub struct HackenbushReport {
    /// The file, as named.
    pub file: String,
    /// How many edges the picture has.
    pub edges: usize,
    /// The Grundy value of the whole picture.
    pub grundy: Nimber,
    /// Who wins.
    pub outcome: Outcome,
    /// The groups the fusion principle fused (each with a cycle or loop).
    pub fused: Vec<Fused>,
    /// The bridges left, a tree the colon principle reduces.
    pub bridges: usize,
    /// Every cut to a position of value 0.
    pub winning_cuts: Vec<Cut>,
}

/// Reads the picture in `file` (within `limits.bounds.max_file_bytes`) and
/// analyses it.
pub fn picture(file: &str, limits: &Limits) -> Result<HackenbushReport> {
    let family = HackenbushFamily::open(file, limits.bounds.max_file_bytes)?;
    let picture = family.picture();
    let standing = picture.all();
    let reduction = hackenbush::fusion::reduce(picture, &standing);
    let winning_cuts = hackenbush::winning_cuts(picture, &standing, limits)?
        .into_iter()
        .map(|e| Cut {
            edge: e + 1,
            label: picture.label(e).to_string(),
            position: term_text(&family, &family.args(&picture.cut(&standing, e))),
        })
        .collect();
    Ok(HackenbushReport {
        file: file.to_string(),
        edges: standing.len(),
        grundy: reduction.value,
        outcome: Outcome::of(reduction.value),
        fused: reduction.fused,
        bridges: reduction.bridges,
        winning_cuts,
    })
}
