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

/// The answer to "what is the period of this family": the one shape that
/// `grundy period --json`, the web page's table and Python's
/// `grundy.period` all give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PeriodReport {
    /// The family, canonical.
    pub family: String,
    /// The period `p`, when one was found.
    pub period: Option<u64>,
    /// The pre-period `n0`: the relation holds for every `n >= n0`.
    pub preperiod: Option<u64>,
    /// The last heap size that breaks the period (`None` when periodic
    /// from 0 or when no period was found).
    pub last_exception: Option<u64>,
    /// The saltus (0 for ordinary periodicity).
    pub saltus: Option<u64>,
    /// Whether a theorem proves the period for every heap size.
    pub certified: bool,
    /// Values computed and compared: `G(0..checked_to)`.
    pub checked_to: u64,
    /// The theorem behind the period found (`observed` where none applies).
    pub proof: Option<Proof>,
    /// [`proof_text`]: why the period holds, in one sentence.
    pub proof_text: Option<String>,
    /// What the search looked for: the theorem a period found would rest
    /// on (`observed` where no theorem applies), also when none was found.
    pub search: Proof,
    /// For a proof by the Guy–Smith theorem: the bound up to which the
    /// relation had to be verified.
    pub theorem_bound: Option<u64>,
}

impl PeriodReport {
    /// The report of a search for `family`'s period (a family without a
    /// search of its own reports an observation of nothing).
    pub fn of_search(family: &str, search: &PeriodSearch) -> PeriodReport {
        match search.period() {
            Some(p) => PeriodReport::of_period(family, p),
            None => PeriodReport {
                family: family.to_string(),
                period: None,
                preperiod: None,
                last_exception: None,
                saltus: None,
                certified: false,
                checked_to: search.checked_to().unwrap_or(0),
                proof: None,
                proof_text: None,
                search: search.proof().cloned().unwrap_or(Proof::Observed),
                theorem_bound: None,
            },
        }
    }

    /// The report of a period found in `family`'s values.
    pub fn of_period(family: &str, p: &Periodicity) -> PeriodReport {
        PeriodReport {
            family: family.to_string(),
            period: Some(p.period),
            preperiod: Some(p.preperiod),
            last_exception: p.last_exception(),
            saltus: Some(p.saltus),
            certified: p.certified(),
            checked_to: p.checked_to,
            proof: Some(p.proof.clone()),
            proof_text: Some(proof_text(p)),
            search: p.proof.clone(),
            theorem_bound: p.theorem_bound(),
        }
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

/// The period to show beside a short table of `family`'s values: proven
/// by the family where it can within half the time left (a certified
/// period may need far more values than the table shows), otherwise
/// observed in `values` with [`observe`]'s evidence rule.
pub fn table_period(
    family: &dyn Family,
    values: &[Nimber],
    limits: &Limits,
) -> Option<Periodicity> {
    let remaining = limits
        .bounds
        .deadline
        .map_or(1000, |d| d.remaining().as_millis() as u64);
    let probe = limits
        .clone()
        .with_max_heap(100_000)
        .with_deadline(Some(crate::limits::Deadline::after_millis(remaining / 2)));
    match family.periodicity(&probe) {
        Ok(PeriodSearch::Found(p)) if p.certified() => Some(p),
        _ => observe(values),
    }
}

/// The last heap size an observational look reaches (see [`find_period`]):
/// a family without a search of its own is observed on at most
/// `G(0..=OBSERVED_UP_TO)`.
pub const OBSERVED_UP_TO: u64 = 100_000;

/// The period of a one-heap family, as `grundy period` reports it: the
/// family's own search ([`Family::periodicity`], proven periods) within
/// `limits.bounds.max_heap` values, or for a family without one, a period
/// observed on `G(0..=min(max_heap, OBSERVED_UP_TO))` with [`observe`]'s
/// evidence rule. Never [`PeriodSearch::NotSearched`]: a failed search says
/// how many values it looked at.
///
/// ```
/// use grundy::{Limits, expr::family_named, pattern::sequence::find_period};
/// use grundy::period::PeriodSearch;
/// let limits = Limits::default().with_max_heap(2000);
/// let kayles = find_period(family_named("kayles").unwrap().as_ref(), &limits).unwrap();
/// assert_eq!(kayles.period().map(|p| p.period), Some(12));
/// // Grundy's game: 2001 values computed and watched, no period certified.
/// let grundy = find_period(family_named("grundy-game").unwrap().as_ref(), &limits).unwrap();
/// assert!(matches!(grundy, PeriodSearch::NotFound { checked_to: 2001, .. }));
/// ```
pub fn find_period(family: &dyn Family, limits: &Limits) -> Result<PeriodSearch> {
    match family.periodicity(limits)? {
        PeriodSearch::NotSearched => {
            let values = values(family, limits.bounds.max_heap.min(OBSERVED_UP_TO), limits)?;
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
    let within = limits
        .clone()
        .with_max_heap(limits.bounds.max_heap.min(to.saturating_add(1)));
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
