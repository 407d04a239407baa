//! The answer to "what pattern do this family's values follow", the one
//! shape `grundy pattern --json` gives: for a one-parameter family its
//! period, pre-period and exceptions ([`SequenceReport`]); for a
//! two-parameter family its table and the regularities seen in it
//! ([`PlaneReport`]).

use serde::Serialize;

use super::plane::{Plane, PlanePattern};
use super::sequence::SequencePattern;
use crate::nimber::Nimber;
use crate::period::exceptions::Exception;
use crate::period::{Periodicity, Proof};

/// The pattern of a family's values, of one parameter or two. Serialised
/// as the report it holds, without a tag: a sequence report has `kind`, a
/// plane report `values`.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum PatternReport {
    /// A one-parameter family: `G(0..=to)`.
    Sequence(SequenceReport),
    /// A two-parameter family: `G(a, b)` over a table.
    Plane(PlaneReport),
}

/// Whether a one-parameter family was found periodic, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PatternKind {
    /// No period was found in the values computed.
    None,
    /// `G(n + p) = G(n)` from the pre-period on.
    Periodic,
    /// `G(n + p) = G(n) + s` from the pre-period on, `s` the saltus.
    Arithmetic,
}

/// The pattern of a one-parameter family's values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SequenceReport {
    /// The family, canonical.
    pub family: String,
    /// Periodic, arithmetic-periodic, or neither.
    pub kind: PatternKind,
    /// The period `p`, when one was found.
    pub period: Option<u64>,
    /// The pre-period `n0`: the relation holds for every `n >= n0`.
    pub preperiod: Option<u64>,
    /// The saltus (0 for ordinary periodicity).
    pub saltus: Option<u64>,
    /// The last heap size that breaks the period (`None` when periodic
    /// from 0 or when no period was found).
    pub last_exception: Option<u64>,
    /// Whether a theorem proves the period for every heap size.
    pub certified: bool,
    /// The theorem behind the period found (`observed` where none
    /// applies), as [`super::sequence::PeriodReport::proof`] gives it.
    pub proof: Option<Proof>,
    /// Why the period holds, in one sentence
    /// ([`super::sequence::proof_text`]).
    pub proof_text: Option<String>,
    /// Values computed and compared: `G(0..checked_to)`, as
    /// [`super::sequence::PeriodReport::checked_to`] counts them.
    pub checked_to: u64,
    /// The heap sizes before the pre-period that break the pattern.
    pub exceptions: Vec<Exception>,
    /// One period of values from the pre-period on (empty without a
    /// period).
    pub block: Vec<Nimber>,
}

impl SequenceReport {
    /// The report of what [`super::sequence::sequence_pattern`] found.
    pub fn of(found: &SequencePattern) -> SequenceReport {
        let p = found.period.as_ref();
        SequenceReport {
            family: found.family.clone(),
            kind: match p {
                None => PatternKind::None,
                Some(p) if p.saltus == 0 => PatternKind::Periodic,
                Some(_) => PatternKind::Arithmetic,
            },
            period: p.map(|p| p.period),
            preperiod: p.map(|p| p.preperiod),
            saltus: p.map(|p| p.saltus),
            last_exception: p.and_then(Periodicity::last_exception),
            certified: p.is_some_and(Periodicity::certified),
            proof: p.map(|p| p.proof.clone()),
            proof_text: found.proof_text(),
            checked_to: p.map_or(found.to.saturating_add(1), |p| p.checked_to),
            exceptions: found.exceptions.clone(),
            block: found.block.clone(),
        }
    }
}

/// The table of a two-parameter family and the regularities observed in
/// it, in one object: the table's fields (`family`, `values`) beside the
/// pattern's.
#[derive(Clone, Debug, Serialize)]
pub struct PlaneReport {
    /// `G(a, b)` over the table.
    #[serde(flatten)]
    pub table: Plane,
    /// What was observed in it.
    #[serde(flatten)]
    pub pattern: PlanePattern,
}
