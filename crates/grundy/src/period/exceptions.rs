//! Reading a period back: the repeating block, and the exceptions before it.
//!
//! With pre-period `n0`, period `p` and saltus `s`, the pattern extended
//! backwards gives `G(n) = G(n + kp) - ks` for `n < n0` (the smallest `k`
//! with `n + kp >= n0`). The heap sizes where the true value differs are the
//! *exceptions*; by the minimality of the pre-period the last one is
//! `n0 - 1`.

use serde::Serialize;

use super::Periodicity;
use crate::nimber::Nimber;

/// A heap size in the pre-period whose value breaks the periodic pattern.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Exception {
    /// The heap size.
    pub n: u64,
    /// Its Grundy value.
    pub value: Nimber,
    /// What the pattern extended backwards gives there (`None` when that
    /// would be negative, as an arithmetic pattern may give near 0).
    pub pattern: Option<Nimber>,
}

/// The value the pattern gives at `n`, extended backwards below the
/// pre-period. `values` must hold `G(0..preperiod + period)`.
pub fn pattern_value(values: &[Nimber], period: &Periodicity, n: u64) -> Option<Nimber> {
    if n >= period.preperiod {
        return period.value_at(n, values);
    }
    let k = (period.preperiod - n).div_ceil(period.period);
    let at = values[usize::try_from(n + k * period.period).ok()?];
    at.0.checked_sub(k.checked_mul(period.saltus)?).map(Nimber)
}

/// Every exception: the heap sizes below the pre-period whose values differ
/// from the pattern. `values` must hold `G(0..preperiod + period)`.
///
/// ```
/// use grundy::Nimber;
/// use grundy::period::{Periodicity, Proof, exceptions::exceptions};
/// // 5 1 | 0 1 0 1 ...: heap 0 breaks the pattern, heap 1 follows it.
/// let values: Vec<Nimber> = [5, 1, 0, 1, 0, 1].map(Nimber).to_vec();
/// let p = Periodicity { preperiod: 2, period: 2, saltus: 0, checked_to: 6, proof: Proof::Observed };
/// let e = exceptions(&values, &p);
/// assert_eq!(e.len(), 1);
/// assert_eq!((e[0].n, e[0].value, e[0].pattern), (0, Nimber(5), Some(Nimber(0))));
/// ```
pub fn exceptions(values: &[Nimber], period: &Periodicity) -> Vec<Exception> {
    (0..period.preperiod)
        .filter_map(|n| {
            let value = values[n as usize];
            let pattern = pattern_value(values, period, n);
            (pattern != Some(value)).then_some(Exception { n, value, pattern })
        })
        .collect()
}

/// The values of one period from the pre-period on: `G(n0..n0 + p)`.
pub fn repeating_block<'v>(values: &'v [Nimber], period: &Periodicity) -> &'v [Nimber] {
    &values[period.preperiod as usize..(period.preperiod + period.period) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::period::Proof;

    #[test]
    fn arithmetic_pattern_below_zero_is_an_exception() {
        // 0 | 0 1 2 3 ... (G(n) = n - 1 for n >= 1, saltus 1): extended back,
        // heap 0 would have value -1.
        let values: Vec<Nimber> = [0, 0, 1, 2, 3, 4, 5].map(Nimber).to_vec();
        let p = Periodicity {
            preperiod: 1,
            period: 1,
            saltus: 1,
            checked_to: 7,
            proof: Proof::Observed,
        };
        let e = exceptions(&values, &p);
        assert_eq!(
            e,
            [Exception {
                n: 0,
                value: Nimber(0),
                pattern: None
            }]
        );
        assert_eq!(repeating_block(&values, &p), [Nimber(0)]);
    }

    #[test]
    fn the_last_exception_is_the_end_of_the_preperiod() {
        // 7 2 9 | 1 2 3 1 2 3 ...: heap 1 follows the pattern (2), heaps 0
        // and 2 break it (7 against 1, 9 against 3).
        let mut values: Vec<Nimber> = [7, 2, 9].map(Nimber).to_vec();
        values.extend((0..12).map(|i| Nimber(i % 3 + 1)));
        let p = Periodicity {
            preperiod: 3,
            period: 3,
            saltus: 0,
            checked_to: values.len() as u64,
            proof: Proof::Observed,
        };
        let e: Vec<u64> = exceptions(&values, &p).iter().map(|e| e.n).collect();
        assert_eq!(e, [0, 2]);
        assert_eq!(p.last_exception(), Some(2));
    }
}
