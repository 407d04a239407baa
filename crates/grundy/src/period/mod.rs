//! Periodicity of Grundy sequences: detection and proof.
//!
//! A sequence is *periodic* with pre-period `n0` and period `p` when
//! `G(n + p) = G(n)` for all `n >= n0`, and *arithmetic-periodic* with saltus
//! `s` when `G(n + p) = G(n) + s`. Seeing the relation on finitely many values
//! only suggests it; a [`Proof`] says why it holds for all `n`.

pub mod exceptions;
pub mod observe;
pub(crate) mod watch;

use serde::Serialize;

use crate::nimber::Nimber;

/// Why a detected period holds for every heap size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Proof {
    /// Only observed on the computed values; no theorem applies.
    Observed,
    /// `G(n)` is a fixed function of the previous `width` values (a finite
    /// subtraction game once `n >= width`), and a whole window of `width`
    /// values repeats, so the sequence repeats from there on.
    Window {
        /// How many previous values determine the next.
        width: u64,
    },
    /// The Guy–Smith periodicity theorem for take-and-break games whose moves
    /// leave at most `heaps` heaps and remove at most `max_take` tokens:
    /// periodicity checked for `n0 <= n < heaps·n0 + (heaps-1)·p + max_take`
    /// holds for all `n >= n0` (Winning Ways, ch. 4; the bound for more than
    /// two heaps follows the same argument, see `docs/PERIODS.md`).
    GuySmith {
        /// Most heaps a move may leave.
        heaps: u64,
        /// Largest number of tokens a move may remove.
        max_take: u64,
    },
}

/// A period found in a Grundy sequence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// Length of the pre-period: the relation holds for all `n >= preperiod`.
    pub preperiod: u64,
    /// The period `p`.
    pub period: u64,
    /// The saltus `s` (0 for ordinary periodicity).
    pub saltus: u64,
    /// The values `G(0..checked_to)` were computed and agree.
    pub checked_to: u64,
    /// Why it holds beyond `checked_to`.
    pub proof: Proof,
}

impl Periodicity {
    /// Whether the period is proven for all heap sizes.
    pub fn certified(&self) -> bool {
        self.proof != Proof::Observed
    }

    /// The last heap size that does not follow the period (`None` when
    /// the sequence is periodic from 0).
    pub fn last_exception(&self) -> Option<u64> {
        self.preperiod.checked_sub(1)
    }

    /// `G(n)` for any `n`, given the values `G(0..preperiod + period)`.
    ///
    /// Returns `None` when `n` is beyond the checked range and the period is
    /// not certified, or when `base` is too short.
    pub fn value_at(&self, n: u64, base: &[Nimber]) -> Option<Nimber> {
        let (index, lift) = self.reduce(n)?;
        let at = *base.get(usize::try_from(index).ok()?)?;
        Some(Nimber(at.0.checked_add(lift)?))
    }

    /// Where `G(n)` comes from: `G(n) = G(index) + lift` with
    /// `index < preperiod + period`. `None` when `n` is beyond the checked
    /// range and the period is not certified (or the lift overflows).
    pub fn reduce(&self, n: u64) -> Option<(u64, u64)> {
        if n >= self.checked_to && !self.certified() {
            return None;
        }
        if n < self.preperiod + self.period {
            return Some((n, 0));
        }
        let cycles = (n - self.preperiod) / self.period;
        Some((n - cycles * self.period, cycles.checked_mul(self.saltus)?))
    }

    /// For a Guy–Smith proof, the bound `B` of the theorem: periodicity
    /// verified for `preperiod <= n < B` holds for every `n`.
    pub fn theorem_bound(&self) -> Option<u64> {
        self.proof.bound(self.preperiod, self.period)
    }
}

/// What a family's search for a period found: the answer of
/// [`Family::periodicity`](crate::family::Family::periodicity).
///
/// A search that finds nothing still says how far it looked, so that a
/// report of "no period" names the values really computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeriodSearch {
    /// A period, with the reason it holds ([`Periodicity::proof`]).
    Found(Periodicity),
    /// The values `G(0..checked_to)` were computed and looked at, and no
    /// period that `proof` certifies was found among them (for
    /// [`Proof::Observed`]: none with the evidence
    /// [`observe::enough_evidence`] asks for).
    NotFound {
        /// How many values were computed and looked at: `G(0..checked_to)`.
        checked_to: u64,
        /// What a period found there would have rested on.
        proof: Proof,
    },
    /// The family has no search of its own (no theorem bounds how far its
    /// values must be computed); its values may still be looked at with
    /// [`observe`].
    NotSearched,
}

impl PeriodSearch {
    /// The period found, if any.
    pub fn period(&self) -> Option<&Periodicity> {
        match self {
            PeriodSearch::Found(p) => Some(p),
            _ => None,
        }
    }

    /// The period found, if any, by value.
    pub fn into_period(self) -> Option<Periodicity> {
        match self {
            PeriodSearch::Found(p) => Some(p),
            _ => None,
        }
    }

    /// How many values the search computed and looked at (`None` when
    /// there was no search).
    pub fn checked_to(&self) -> Option<u64> {
        match self {
            PeriodSearch::Found(p) => Some(p.checked_to),
            PeriodSearch::NotFound { checked_to, .. } => Some(*checked_to),
            PeriodSearch::NotSearched => None,
        }
    }

    /// The kind of proof the search looked for (`None` when there was no
    /// search): a found period's own proof, or what a period found would
    /// have rested on.
    pub fn proof(&self) -> Option<&Proof> {
        match self {
            PeriodSearch::Found(p) => Some(&p.proof),
            PeriodSearch::NotFound { proof, .. } => Some(proof),
            PeriodSearch::NotSearched => None,
        }
    }
}

/// The Guy–Smith bound: for a take-and-break game whose moves remove at
/// most `t` tokens and leave at most `k` heaps, `G(n + p) = G(n)` for
/// `n0 <= n < k·n0 + (k-1)·p + t` implies it for all `n >= n0`.
///
/// For `k = 2` this is the theorem of Guy and Smith (Winning Ways, ch. 4).
/// The same induction gives general `k`: an option of `N + p` splits
/// `N + p - i` into `k` heaps, the largest of which is at least
/// `(N + p - i)/k >= n0 + p` once `N >= k·n0 + (k-1)·p + t`, so it can be
/// shortened by `p`; conversely the largest heap of an option of `N` is at
/// least `(N - i)/k >= n0`, so it can be lengthened by `p`.
pub fn guy_smith_bound(k: u64, t: u64, n0: u64, p: u64) -> u64 {
    k.saturating_mul(n0)
        .saturating_add(k.saturating_sub(1).saturating_mul(p))
        .saturating_add(t)
}

impl Proof {
    /// The bound `B` of the theorem for a candidate pre-period `n0` and
    /// period `p`: periodicity verified for `n0 <= n < B` holds for every
    /// `n`. `None` for an observed period, which no theorem proves.
    pub fn bound(&self, n0: u64, p: u64) -> Option<u64> {
        match *self {
            Proof::GuySmith { heaps, max_take } => Some(guy_smith_bound(heaps, max_take, n0, p)),
            Proof::Window { width } => Some(n0.saturating_add(width)),
            Proof::Observed => None,
        }
    }

    /// How many values `G(0..len)` prove the candidate: the relation at
    /// `n < B` compares `G(n)` with `G(n + p)`, so `B + p` of them.
    pub fn values_needed(&self, n0: u64, p: u64) -> Option<u64> {
        self.bound(n0, p).map(|b| b.saturating_add(p))
    }
}

/// Finds the shortest period of `values` whose tail covers enough evidence.
///
/// For each candidate period `p` (shortest first) the pre-period `n0` is the
/// smallest index from which `G(n + p) = G(n) + s` holds up to the end, with
/// `s = G(last) - G(last - p)`; `enough(n0, p)` decides whether the computed
/// values are enough to accept it (for example the Guy–Smith bound). With
/// `arithmetic` false only `s = 0` is considered.
pub fn detect(
    values: &[Nimber],
    arithmetic: bool,
    enough: impl FnMut(u64, u64) -> bool,
) -> Option<(u64, u64, u64)> {
    detect_in(values, arithmetic, enough)
}

/// A sequence of values that period detection can read.
pub trait Values {
    /// How many values there are.
    fn count(&self) -> usize;
    /// The value at `i < count()`.
    fn at(&self, i: usize) -> u64;
    /// Bit `t` set where the value at `from + t` is `value`, for `t` in
    /// `0..64` (`from + 64 <= count()`).
    fn equal_bits(&self, from: usize, value: u64) -> u64 {
        (0..64).fold(0, |bits, t| {
            bits | u64::from(self.at(from + t) == value) << t
        })
    }
}

impl Values for [Nimber] {
    fn count(&self) -> usize {
        self.len()
    }
    #[inline]
    fn at(&self, i: usize) -> u64 {
        self[i].0
    }
}

/// [`detect`] over any [`Values`].
pub fn detect_in<V: Values + ?Sized>(
    values: &V,
    arithmetic: bool,
    mut enough: impl FnMut(u64, u64) -> bool,
) -> Option<(u64, u64, u64)> {
    let len = values.count();
    let reach = tail_reach(values);
    for (p, &r) in reach.iter().enumerate().take(len / 2 + 1).skip(1) {
        let last = len - 1;
        let saltus = match values.at(last).checked_sub(values.at(last - p)) {
            Some(0) => 0,
            Some(s) if arithmetic => s,
            _ => continue,
        };
        let n = if saltus == 0 {
            len - p - r
        } else {
            tail_start(values, p, saltus)
        };
        if enough(n as u64, p as u64) {
            return Some((n as u64, p as u64, saltus));
        }
    }
    None
}

/// For each shift `p`, how far back from the end `G(n + p) = G(n)` holds:
/// the longest `r` with `G(len - 1 - i) = G(len - 1 - p - i)` for every
/// `i < r` (so [`tail_start`] with saltus 0 is `len - p - r`). It is the
/// Z-function of the values read backwards (Gusfield, *Algorithms on
/// Strings, Trees and Sequences*, 1997, §1.4), linear in the length: a
/// scan per candidate period is quadratic on sequences such as
/// `sub{1,65536}`, which repeat with many short periods over long
/// stretches before their true period.
fn tail_reach<V: Values + ?Sized>(values: &V) -> Vec<usize> {
    let len = values.count();
    let at = |i: usize| values.at(len - 1 - i);
    let mut z = vec![0usize; len];
    if len == 0 {
        return z;
    }
    z[0] = len;
    let (mut left, mut right) = (0usize, 0usize);
    for i in 1..len {
        let mut k = if i < right {
            z[i - left].min(right - i)
        } else {
            0
        };
        while i + k < len && at(k) == at(i + k) {
            k += 1;
        }
        z[i] = k;
        if i + k > right {
            (left, right) = (i, i + k);
        }
    }
    z
}

/// The smallest `n0` such that `G(n + p) = G(n) + saltus` for every
/// `n0 <= n < len - p`: the relation is checked backwards from the end.
pub fn tail_start<V: Values + ?Sized>(values: &V, p: usize, saltus: u64) -> usize {
    let len = values.count();
    let mut n = len - 1 - p;
    loop {
        if values.at(n + p) != values.at(n).wrapping_add(saltus) {
            return n + 1;
        }
        if n == 0 {
            return 0;
        }
        n -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(v: &[u64]) -> Vec<Nimber> {
        v.iter().copied().map(Nimber).collect()
    }

    /// The linear-time reach agrees with the plain scan backwards.
    #[test]
    fn tail_reach_agrees_with_the_scan() {
        let sequences: [Vec<u64>; 4] = [
            vec![5, 7, 0, 1, 2, 0, 1, 2, 0, 1, 2],
            (0..50).map(|n| (n * n) % 7).collect(),
            (0..40).map(|n| u64::from(n % 5 == 0)).collect(),
            vec![3; 9],
        ];
        for v in sequences {
            let v = seq(&v);
            let reach = tail_reach(v.as_slice());
            for (p, &r) in reach.iter().enumerate().skip(1) {
                assert_eq!(v.len() - p - r, tail_start(v.as_slice(), p, 0), "{v:?} {p}");
            }
        }
    }

    #[test]
    fn finds_preperiod_and_period() {
        // 5 7 | 0 1 2 0 1 2 0 1 2 ...
        let mut v = vec![5, 7];
        for i in 0..30 {
            v.push(i % 3);
        }
        let (n0, p, s) = detect(&seq(&v), false, |n0, p| v.len() as u64 >= n0 + 3 * p).unwrap();
        assert_eq!((n0, p, s), (2, 3, 0));
    }

    #[test]
    fn finds_arithmetic_periods() {
        // G(n) = n / 2 * 3 + n % 2: period 2, saltus 3.
        let v: Vec<u64> = (0..40).map(|n| n / 2 * 3 + n % 2).collect();
        let enough = |n0: u64, p: u64| n0 + 3 * p <= 40;
        assert_eq!(detect(&seq(&v), false, enough), None);
        assert_eq!(detect(&seq(&v), true, enough), Some((0, 2, 3)));
    }

    #[test]
    fn value_at_uses_the_period() {
        let p = Periodicity {
            preperiod: 2,
            period: 3,
            saltus: 1,
            checked_to: 50,
            proof: Proof::Window { width: 3 },
        };
        let base = seq(&[9, 9, 0, 1, 2]);
        assert_eq!(p.value_at(1, &base), Some(Nimber(9)));
        assert_eq!(p.value_at(5, &base), Some(Nimber(1)));
        assert_eq!(p.value_at(2 + 3 * 1000, &base), Some(Nimber(1000)));
        let observed = Periodicity {
            proof: Proof::Observed,
            ..p
        };
        assert_eq!(observed.value_at(49, &base), Some(Nimber(17)));
        assert_eq!(observed.value_at(50, &base), None);
    }
}
