//! The misère quotient of a one-heap family written in the expression
//! language (`grundy quotient kayles`): the family's moves listed once as
//! heap sizes, then [`crate::misere::quotient`] over them.

use std::sync::Arc;

use crate::error::Result;
use crate::family::Family;
use crate::limits::Limits;
use crate::misere::quotient::ListedHeaps;

pub use crate::misere::quotient::{
    Generator, PhiPeriod, QuotientReport, Relation, Status, TABLE_MAX, Tameness,
};

/// The misère quotient of the sums of heaps `0..=to` of `family`, which
/// must be a one-heap family (`to` is bounded by `limits.bounds.max_heap`).
pub fn quotient(family: &Arc<dyn Family>, to: u64, limits: &Limits) -> Result<QuotientReport> {
    let heaps = ListedHeaps::of(family, to, limits)?;
    crate::misere::quotient::quotient(heaps, to, limits)
}
