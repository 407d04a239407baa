//! Periods of the heap images `Φ(n)`, and the theorem that proves one for
//! every heap.
//!
//! # The periodicity theorem for quotients
//!
//! Let the rules be those of a take-and-break code with no "unequal" digit
//! (or a finite subtraction set): a move removes at most `t` tokens and
//! leaves at most `k` heaps, and whether it is legal depends only on how
//! many tokens it removes and how many heaps it leaves ([`Proof`]). Let the
//! quotient of heaps `0..=N` be verified, and `Φ(n + p) = Φ(n)` for every
//! `n0 ≤ n ≤ N - p`, with `n0 ≥ 1` and `N ≥ k·(n0 + p) + t - 1`. Then the
//! quotient of heaps `0..=N` is the quotient of all heaps, and
//! `Φ(n + p) = Φ(n)` for every `n ≥ n0`.
//!
//! Extend `Φ` by `Φ(n) = Φ(n - p)` for `n > N`. The claim to check is that
//! a heap `h > N` has the same set of option images as heap `h - p`; the
//! verified condition (a sum is lost exactly when its image is in `P`)
//! then carries over from sums of heaps `≤ N` to every sum, by induction
//! on the sum, since replacing a heap `h > N` by `h - p` keeps the sum's
//! image and the images of its options. An option of `h` removes
//! `j ≤ t` tokens and leaves `i ≤ k` heaps summing to `s = h - j ≥
//! N + 1 - t ≥ k·(n0 + p)`. Its largest heap is at least `s/i ≥ n0 + p`,
//! so shortening it by `p` keeps its image and gives an option of `h - p`
//! (every heap still non-empty, as `n0 ≥ 1`). Conversely the largest heap
//! of an option of `h - p` is at least `(s - p)/i ≥ n0`, so lengthening it
//! by `p` keeps its image and gives an option of `h`. With no heap left
//! (`h = j`) there is nothing to show: `h > N ≥ t`.
//!
//! This is the argument of the Guy–Smith theorem for Grundy values carried
//! over to the quotient, as Plambeck and Siegel do ("Misère quotients for
//! impartial games", JCTA 115 (2008), the periodicity theorem for
//! quotients; Siegel, "Misère games and misère quotients", Games of No
//! Chance 5, where it is proved). The bound is the one
//! [`Proof::values_needed`] gives for Grundy values, with `n0` at least 1.

use serde::Serialize;

use crate::period::Proof;

/// How a statement was established.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Proved: the quotient passed the finite check of
    /// the module `verify`, which is equivalent to the definition.
    Verified,
    /// Holds for every heap: a theorem whose finite hypotheses were checked
    /// on the heaps computed (the periodicity theorem, module `period`).
    Proved,
    /// Seen on the heaps computed, with no theorem applied that would make
    /// it hold beyond them.
    Observed,
}

/// A period of the heap images `Φ(n)`: `Φ(n + period) = Φ(n)` for every
/// `n ≥ preperiod` within the heaps computed, and for every heap when
/// proved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PhiPeriod {
    /// The first heap of the periodic part.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// `proved`: by the periodicity theorem for quotients (Plambeck and
    /// Siegel, JCTA 115 (2008); Siegel, *Misère games and misère
    /// quotients*, Games of No Chance 5), whose hypothesis, the period on
    /// heaps up to [`PhiPeriod::heaps_needed`], was checked on the verified
    /// quotient, so the quotient and the period hold for every heap.
    /// `observed`: over at least three periods, with the theorem not
    /// applicable (rules it does not cover) or not yet reached.
    pub status: Status,
    /// The largest heap the theorem needs computed to prove this period
    /// (`k·(n0 + p) + t - 1` for moves removing at most `t` and leaving at
    /// most `k` heaps, `n0` the preperiod but at least 1); `None` when no
    /// theorem covers the rules.
    pub heaps_needed: Option<u64>,
}

/// The least period of `phi` (the images of heaps `0..phi.len()`) that the
/// periodicity theorem proves for every heap under the rules `proof`
/// describes; failing one, the least that holds from some heap on over at
/// least three periods (observed only).
pub(crate) fn phi_period(phi: &[u32], proof: Option<&Proof>) -> Option<PhiPeriod> {
    let len = phi.len();
    let mut observed = None;
    for period in 1..len {
        // The periodic part starts after the last heap that breaks it.
        let start = (0..len - period)
            .rev()
            .find(|&n| phi[n] != phi[n + period])
            .map_or(0, |n| n + 1);
        let (p, n0) = (period as u64, start.max(1) as u64);
        let needed = proof.and_then(|proof| proof.values_needed(n0, p));
        let found = |status| PhiPeriod {
            preperiod: start as u64,
            period: p,
            status,
            heaps_needed: needed.map(|n| n - 1),
        };
        if needed.is_some_and(|needed| needed <= len as u64) {
            return Some(found(Status::Proved));
        }
        if observed.is_none() && len - start >= 3 * period {
            observed = Some(found(Status::Observed));
        }
    }
    observed
}

/// A period of `Φ` proved for every heap: heap `h` beyond the heaps
/// computed has the image, and (shifted) the options, of a heap within
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Periodic {
    /// The first heap of the periodic part.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// The largest heap computed.
    pub top: u64,
}

impl Periodic {
    /// The heap within the last period computed (`top - period < h' ≤ top`)
    /// congruent to `h` modulo the period; `h` itself when `h ≤ top`.
    pub fn fold(self, h: u64) -> u64 {
        if h <= self.top {
            return h;
        }
        let periods = (h - self.top).div_ceil(self.period);
        h - periods * self.period
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_need_three_turns_unless_proved() {
        let p = phi_period(&[0, 5, 1, 2, 1, 2, 1, 2], None).unwrap();
        assert_eq!((p.preperiod, p.period, p.status), (2, 2, Status::Observed));
        // Two turns are not enough to be seen.
        assert_eq!(phi_period(&[0, 5, 1, 2, 1, 2], None), None);
        // A subtraction game {1, 2} (t = 2, k = 1) from heap 2 with period
        // 2 needs heaps up to 1·(2 + 2) + 2 - 1 = 5: proved on 0..=7.
        let window = Proof::Window { width: 2 };
        let p = phi_period(&[0, 5, 1, 2, 1, 2, 1, 2], Some(&window)).unwrap();
        assert_eq!((p.status, p.heaps_needed), (Status::Proved, Some(5)));
        // Kayles-like rules (k = 2, t = 2) need 2·(2 + 2) + 2 - 1 = 9.
        let kayles = Proof::GuySmith {
            heaps: 2,
            max_take: 2,
        };
        let p = phi_period(&[0, 5, 1, 2, 1, 2, 1, 2], Some(&kayles)).unwrap();
        assert_eq!((p.status, p.heaps_needed), (Status::Observed, Some(9)));
    }

    #[test]
    fn a_period_from_heap_0_is_proved_from_heap_1() {
        // n0 = 0 is raised to 1: 1·(1 + 1) + 1 - 1 = 2 heaps.
        let p = phi_period(&[3, 3, 3], Some(&Proof::Window { width: 1 })).unwrap();
        assert_eq!((p.preperiod, p.period, p.heaps_needed), (0, 1, Some(2)));
    }

    #[test]
    fn fold_lands_in_the_last_period() {
        let q = Periodic {
            preperiod: 71,
            period: 12,
            top: 200,
        };
        assert_eq!(q.fold(150), 150);
        assert_eq!(q.fold(201), 189);
        assert_eq!(q.fold(212), 200);
        assert_eq!(q.fold(1_000_000) % 12, 1_000_000 % 12);
        assert!((189..=200).contains(&q.fold(1_000_000)));
    }
}
