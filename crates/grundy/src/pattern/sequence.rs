//! The pattern of a one-parameter family: its period or arithmetic period,
//! the pre-period and its exceptions, proven or observed.
//!
//! The family is first asked for a period it can prove
//! ([`Family::periodicity`]: a finite subtraction set repeats once a window
//! of `max(S)` values repeats; take-and-break games by the Guy–Smith
//! theorem). Failing that, the computed values are searched for a period
//! with [`observe`]'s evidence rule, and the answer says it is only observed.

use serde::Serialize;

use super::values;
use crate::error::Result;
use crate::family::Family;
use crate::limits::Limits;
use crate::nimber::Nimber;
use crate::period::exceptions::{Exception, exceptions, repeating_block};
use crate::period::observe::observe;
use crate::period::{PeriodSearch, Periodicity, Proof};

/// What [`sequence_pattern`] found.
#[derive(Clone, Debug, Serialize)]
pub struct SequencePattern {
    /// The family, canonical.
    pub family: String,
    /// The values were computed for heaps `0..=to`.
    pub to: u64,
    /// `G(0..=to)`, extended when a proven period needs more.
    #[serde(skip)]
    pub values: Vec<Nimber>,
    /// The period found, if any.
    pub period: Option<Periodicity>,
    /// One period of values from the pre-period on (empty without a period).
    pub block: Vec<Nimber>,
    /// The heap sizes before the pre-period that break the pattern.
    pub exceptions: Vec<Exception>,
}

impl SequencePattern {
    /// A sentence naming why the period holds, or saying it is only seen.
    pub fn proof_text(&self) -> Option<String> {
        self.period.as_ref().map(proof_text)
    }
}

/// Why a period holds, for people.
pub fn proof_text(period: &Periodicity) -> String {
    match &period.proof {
        Proof::Observed => format!(
            "observed on G(0..{}), not proven: no theorem applies",
            period.checked_to.saturating_sub(1)
        ),
        Proof::Window { width } => format!(
            "proven: each value depends only on the previous {width} values, and a whole window of {width} values repeats"
        ),
        Proof::GuySmith { .. } => format!(
            "proven by the Guy–Smith periodicity theorem (Winning Ways, ch. 4), checked on G(0..{})",
            period.checked_to.saturating_sub(1)
        ),
    }
}

/// The last heap size an observational look reaches (see [`find_period`]):
/// a family without a search of its own is observed on at most
/// `G(0..=OBSERVED_UP_TO)`.
pub const OBSERVED_UP_TO: u64 = 100_000;

/// The period of a one-heap family, as `grundy period` reports it: the
/// family's own search ([`Family::periodicity`], proven periods) within
/// `limits.max_heap` values, or for a family without one, a period
/// observed on `G(0..=min(max_heap, OBSERVED_UP_TO))` with [`observe`]'s
/// evidence rule. Never [`PeriodSearch::NotSearched`]: a failed search says
/// how many values it looked at.
///
/// ```
/// use grundy::{Limits, expr::family_named, pattern::sequence::find_period};
/// use grundy::period::PeriodSearch;
/// let limits = Limits { max_heap: 2000, ..Limits::default() };
/// let kayles = find_period(family_named("kayles").unwrap().as_ref(), &limits).unwrap();
/// assert_eq!(kayles.period().map(|p| p.period), Some(12));
/// // Grundy's game: 2001 values computed and watched, no period certified.
/// let grundy = find_period(family_named("grundy-game").unwrap().as_ref(), &limits).unwrap();
/// assert!(matches!(grundy, PeriodSearch::NotFound { checked_to: 2001, .. }));
/// ```
pub fn find_period(family: &dyn Family, limits: &Limits) -> Result<PeriodSearch> {
    match family.periodicity(limits)? {
        PeriodSearch::NotSearched => {
            let values = values(family, limits.max_heap.min(OBSERVED_UP_TO), limits)?;
            Ok(match observe(&values) {
                Some(p) => PeriodSearch::Found(p),
                None => PeriodSearch::NotFound {
                    checked_to: values.len() as u64,
                    proof: Proof::Observed,
                },
            })
        }
        searched => Ok(searched),
    }
}

/// Computes `G(0..=to)` of `family` and looks for its pattern.
///
/// ```
/// use grundy::{Limits, expr::family_named, pattern::sequence::sequence_pattern};
/// let family = family_named("sub{2,5,6}").unwrap();
/// let found = sequence_pattern(family.as_ref(), 1000, &Limits::default()).unwrap();
/// let p = found.period.unwrap();
/// assert_eq!((p.preperiod, p.period, p.saltus), (0, 11, 0));
/// assert!(p.certified());
/// ```
pub fn sequence_pattern(family: &dyn Family, to: u64, limits: &Limits) -> Result<SequencePattern> {
    let mut values = values(family, to, limits)?;
    // The proof is searched for within the computed range only, so what is
    // reported was checked on the values the user asked for.
    let within = Limits {
        max_heap: limits.max_heap.min(to.saturating_add(1)),
        ..limits.clone()
    };
    // A period the family only observed (a take-and-break code the
    // theorem does not cover) is looked for again in these values, with
    // saltus, as for every family without a proof.
    let period = match family.periodicity(&within)?.into_period() {
        Some(p) if p.certified() => Some(p),
        _ => observe(&values),
    };
    let (block, exceptions) = match &period {
        Some(p) => {
            let needed = p.preperiod + p.period;
            if needed > values.len() as u64 {
                values = super::values(family, needed - 1, limits)?;
            }
            (repeating_block(&values, p).to_vec(), exceptions(&values, p))
        }
        None => (Vec::new(), Vec::new()),
    };
    Ok(SequencePattern {
        family: family.head(),
        to,
        values,
        period,
        block,
        exceptions,
    })
}
