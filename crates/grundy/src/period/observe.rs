//! Periods seen on computed values, with no theorem behind them.
//!
//! A finite table never proves a period, but a relation `G(n + p) = G(n) + s`
//! that holds over many repetitions is worth reporting, labelled
//! [`Proof::Observed`]. Short coincidences at the end of a table (three equal
//! values in a row, a short increasing run) must not pass for a period, so a
//! period is accepted only with the evidence [`enough_evidence`] asks for.

use super::{Periodicity, Proof, detect};
use crate::nimber::Nimber;

/// How many full periods must follow the pre-period.
pub const MIN_REPETITIONS: u64 = 3;

/// Whether a period `p` from pre-period `n0` is supported by `len` computed
/// values: at least [`MIN_REPETITIONS`] full periods follow the pre-period,
/// and the periodic part covers at least half of the values (so a short run
/// at the end of an irregular table is not taken for a period).
pub fn enough_evidence(len: u64, n0: u64, p: u64) -> bool {
    n0 + MIN_REPETITIONS * p <= len && 2 * (len - n0) >= len
}

/// The shortest period, ordinary or arithmetic, that `values` support with
/// [`enough_evidence`], labelled observed.
///
/// ```
/// use grundy::Nimber;
/// use grundy::period::observe::observe;
/// // 5 | 0 1 2 0 1 2 ...: period 3 after a pre-period of 1.
/// let values: Vec<Nimber> = std::iter::once(5).chain((0..30).map(|n| n % 3)).map(Nimber).collect();
/// let p = observe(&values).unwrap();
/// assert_eq!((p.preperiod, p.period, p.saltus), (1, 3, 0));
/// assert!(!p.certified());
/// ```
pub fn observe(values: &[Nimber]) -> Option<Periodicity> {
    let len = values.len() as u64;
    let (preperiod, period, saltus) = detect(values, true, |n0, p| enough_evidence(len, n0, p))?;
    Some(Periodicity {
        preperiod,
        period,
        saltus,
        checked_to: len,
        proof: Proof::Observed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(v: impl IntoIterator<Item = u64>) -> Vec<Nimber> {
        v.into_iter().map(Nimber).collect()
    }

    #[test]
    fn a_short_run_at_the_end_is_not_a_period() {
        // An irregular start followed by four equal values: period 1 would
        // hold for the last four only.
        let v = seq([
            3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 6, 6, 6,
        ]);
        assert_eq!(observe(&v), None);
    }

    #[test]
    fn needs_three_repetitions() {
        // 3 0 4 1 2 | 3 0 4 1 2: two repetitions only.
        let block = [3, 0, 4, 1, 2];
        let v = seq((0..10).map(|n| block[n % 5]));
        assert_eq!(observe(&v), None);
        let v = seq((0..15).map(|n| block[n % 5]));
        assert_eq!(observe(&v).map(|p| p.period), Some(5));
    }

    #[test]
    fn finds_arithmetic_periods() {
        // The all-but game allbut{2,3,7}: 0 1 0 1 2 3 2 3 ..., +2 every 4.
        let v = seq((0..100).map(|n| n / 4 * 2 + n % 2));
        let p = observe(&v).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (0, 4, 2));
        assert_eq!(p.checked_to, 100);
    }
}
