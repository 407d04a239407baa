//! Looking for patterns in the values of a family, as a person does with a
//! printed table: the period of a one-parameter family ([`sequence`]), and
//! the regular rows, columns and diagonals of a two-parameter family
//! ([`plane`]).
//!
//! Everything here works on any [`Family`] through its trait: built-in,
//! scripted or added later. A claim is labelled *proven* only when a theorem
//! the family names (through [`Family::periodicity`]) backs it, and
//! *observed* otherwise.

/// The period types of the reports, named here for the faces.
pub use crate::period::exceptions::Exception;
pub use crate::period::observe::MIN_REPETITIONS;
pub use crate::period::{Periodicity, Proof};

pub mod plane;
pub mod report;
pub mod sequence;

use crate::error::{Error, LimitKind, Result};
use crate::family::{Arg, Family, Shape};
use crate::limits::Limits;
use crate::nimber::Nimber;

pub use plane::{Plane, PlanePattern};
pub use report::{PatternKind, PatternReport, PlaneReport, SequenceReport};
pub use sequence::SequencePattern;

/// How far to tabulate: `G(0..=n)`, or `G(a, b)` for `a <= rows`, `b <= columns`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Extent {
    /// One parameter, `0..=n`.
    One(u64),
    /// Two parameters, `0..=rows` by `0..=columns`.
    Two(u64, u64),
}

impl Extent {
    /// Parses `N` or `AxB` (as the command line's `--to` takes it).
    ///
    /// ```
    /// use grundy::pattern::Extent;
    /// assert_eq!(Extent::parse("5000").unwrap(), Extent::One(5000));
    /// assert_eq!(Extent::parse("40x30").unwrap(), Extent::Two(40, 30));
    /// assert!(Extent::parse("40x").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Extent> {
        let number = |s: &str, column: usize| {
            crate::limits::parse_count(s).map_err(|_| {
                Error::parse(
                    text,
                    column,
                    format!(
                        "expected a number such as 1000, 1e6 or 40x40, found `{}`",
                        s.trim()
                    ),
                )
            })
        };
        match text.split_once(['x', 'X']) {
            Some((a, b)) => Ok(Extent::Two(
                number(a, 1)?,
                number(b, a.chars().count() + 2)?,
            )),
            None => Ok(Extent::One(number(text, 1)?)),
        }
    }
}

impl std::fmt::Display for Extent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Extent::One(n) => write!(f, "{n}"),
            Extent::Two(a, b) => write!(f, "{a}x{b}"),
        }
    }
}

/// How many numbers a family's positions take, as far as patterns go:
/// heap families and families accepting one number are one-parameter;
/// families whose positions are pairs of numbers are two-parameter.
pub fn parameters(family: &dyn Family, limits: &Limits) -> Result<Vec<usize>> {
    if family.shape() == Shape::Heaps {
        return Ok(vec![1]);
    }
    let accepts = |k: usize| family.check(&vec![Arg::Int(0); k], limits).is_ok();
    let counts: Vec<usize> = [2, 1].into_iter().filter(|&k| accepts(k)).collect();
    if counts.is_empty() {
        return Err(Error::invalid(format!(
            "`{}` positions are not one or two numbers, so it has no table of values",
            family.head()
        )));
    }
    Ok(counts)
}

/// The extent to use for `family` when the user gave `requested` (or
/// nothing): a two-parameter family defaults to a square, a one-parameter
/// family to a range, and an extent of the wrong kind is refused.
pub fn extent_for(
    family: &dyn Family,
    requested: Option<Extent>,
    one: u64,
    two: u64,
    limits: &Limits,
) -> Result<Extent> {
    let counts = parameters(family, limits)?;
    match requested {
        None if counts[0] == 2 => Ok(Extent::Two(two, two)),
        None => Ok(Extent::One(one)),
        Some(Extent::One(n)) if counts.contains(&1) => Ok(Extent::One(n)),
        Some(Extent::One(n)) => Err(Error::invalid(format!(
            "`{}` positions take two numbers: write --to {n}x{n}",
            family.head()
        ))),
        Some(e @ Extent::Two(..)) if counts.contains(&2) => Ok(e),
        Some(Extent::Two(a, _)) => Err(Error::invalid(format!(
            "`{}` positions take one number: write --to {a}",
            family.head()
        ))),
    }
}

/// `G(0), ..., G(to)` of a one-parameter family: the family's own table for
/// heap families, one value per position otherwise.
pub fn values(family: &dyn Family, to: u64, limits: &Limits) -> Result<Vec<Nimber>> {
    let mut out = Vec::new();
    if family.shape() == Shape::Heaps {
        family.table(to, limits, &mut |v| {
            out.push(v);
            Ok(())
        })?;
        return Ok(out);
    }
    if to > limits.bounds.max_heap {
        return Err(Error::limit(LimitKind::HeapSize, limits.bounds.max_heap));
    }
    for n in 0..=to {
        limits.check_stop()?;
        out.push(family.value(&[Arg::Int(n)], limits)?);
    }
    Ok(out)
}
