//! Watching a sequence for a period while it is computed.
//!
//! Every so often (when the length has grown by a quarter) the watcher looks
//! for the shortest period whose tail has repeated at least once; from then
//! on each new value is compared with the one a period earlier, in constant
//! time. A candidate that breaks is dropped. Once the values reach the
//! bound of the proof (the Guy–Smith theorem), the period is certified and
//! the computation can stop. Where no theorem applies, the watcher keeps
//! its candidate all the same, to report it as observed once the values
//! support it ([`Watch::observed`]).

use super::observe::enough_evidence;
use super::{Periodicity, Proof, Values, tail_start};

/// A candidate period being confirmed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Candidate {
    preperiod: u64,
    period: u64,
    /// Values below this index have been compared.
    verified: u64,
}

/// Looks for a period as values arrive.
#[derive(Clone, Debug)]
pub struct Watch {
    proof: Proof,
    candidate: Option<Candidate>,
    next_search: u64,
}

/// The least length at which the watcher searches for a candidate.
const FIRST_SEARCH: u64 = 64;

impl Watch {
    /// A watcher certifying with `proof`; with [`Proof::Observed`] it
    /// certifies nothing and only keeps its candidate.
    pub fn new(proof: Proof) -> Watch {
        Watch {
            proof,
            candidate: None,
            next_search: FIRST_SEARCH,
        }
    }

    /// How many values a candidate needs before it is proven.
    fn needed(&self, preperiod: u64, period: u64) -> u64 {
        self.proof
            .values_needed(preperiod, period)
            .unwrap_or(u64::MAX)
    }

    /// The length at which the current candidate (if any) would be proven.
    pub fn target(&self) -> Option<u64> {
        let c = self.candidate?;
        self.proof.values_needed(c.preperiod, c.period)
    }

    /// The current candidate as an observed (unproven) period, when the
    /// values it was compared with give it the evidence
    /// [`enough_evidence`] asks for.
    pub fn observed(&self) -> Option<Periodicity> {
        let c = self.candidate?;
        enough_evidence(c.verified, c.preperiod, c.period).then_some(Periodicity {
            preperiod: c.preperiod,
            period: c.period,
            saltus: 0,
            checked_to: c.verified,
            proof: Proof::Observed,
        })
    }

    /// Looks at the values computed so far; returns the certified period
    /// once the proof's bound is reached.
    pub fn advance<V: Values + ?Sized>(&mut self, values: &V) -> Option<Periodicity> {
        let len = values.count() as u64;
        if let Some(c) = &mut self.candidate {
            let p = c.period;
            let mut n = c.verified.max(c.preperiod + p);
            while n < len {
                if values.at(n as usize) != values.at((n - p) as usize) {
                    self.candidate = None;
                    break;
                }
                n += 1;
            }
            if let Some(c) = &mut self.candidate {
                c.verified = len;
            }
        }
        if self.candidate.is_none() && len >= self.next_search {
            self.candidate = self.search(values);
            self.next_search = len + len / 4;
        }
        let c = self.candidate?;
        (len >= self.needed(c.preperiod, c.period)).then(|| Periodicity {
            preperiod: c.preperiod,
            period: c.period,
            saltus: 0,
            checked_to: len,
            proof: self.proof.clone(),
        })
    }

    /// Whether the values from `n0` to `len` repeating with period `p` are
    /// evidence enough for a candidate: the repeating block was seen at
    /// least twice in full, and the repetition covers a quarter of the
    /// values or already reaches the proof's bound.
    ///
    /// Without the quarter, values with a short local pattern (0.16 repeats
    /// every 3 over stretches of a few dozen heaps) hand most searches a
    /// short candidate that breaks a few values later, and as the searches
    /// are spaced out geometrically, the true period could go unfound to
    /// 10^7. A repetition that reaches the bound is certified at once
    /// whatever its share (moves leaving one heap need only the pre-period
    /// and a period or two).
    fn repeats_enough(&self, len: usize, n0: usize, p: usize) -> bool {
        let (tail, len64) = (len - n0, len as u64);
        tail >= 2 * p && (tail >= len / 4 || len64 >= self.needed(n0 as u64, p as u64))
    }

    /// The shortest period that has repeated at least once at the end,
    /// over at least a quarter of the values (see
    /// [`Watch::repeats_enough`]).
    fn search<V: Values + ?Sized>(&self, values: &V) -> Option<Candidate> {
        let len = values.count();
        let last = values.at(len.checked_sub(1)?);
        let top = len / 2;
        let mut p = 1;
        while p <= top {
            // The periods p..p + 64 whose value one period back equals the
            // last, 64 at a time by `Values::equal_bits` (see its
            // implementation for stored values).
            let mut hits = 0u64;
            if top - p >= 63 {
                // Read forwards, from period p + 63 down to p, then turned.
                hits = values.equal_bits(len - 1 - p - 63, last).reverse_bits();
            } else {
                for k in 0..=top - p {
                    hits |= u64::from(values.at(len - 1 - p - k) == last) << k;
                }
            }
            while hits != 0 {
                let q = p + hits.trailing_zeros() as usize;
                hits &= hits - 1;
                let n0 = tail_start(values, q, 0);
                if self.repeats_enough(len, n0, q) {
                    return Some(Candidate {
                        preperiod: n0 as u64,
                        period: q as u64,
                        verified: len as u64,
                    });
                }
            }
            p += 64;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::Nimber;

    /// A short repetition at the very end (here three equal values closing
    /// each block) is not taken for the period: the search names the block.
    #[test]
    fn a_short_repetition_at_the_end_is_not_a_candidate() {
        let block: Vec<u64> = (0..37).chain([9, 9, 9]).collect();
        let v: Vec<Nimber> = block
            .iter()
            .cycle()
            .take(400)
            .copied()
            .map(Nimber)
            .collect();
        let found = Watch::new(Proof::Observed).search(v.as_slice());
        assert_eq!(found.map(|c| (c.preperiod, c.period)), Some((0, 40)));
    }

    /// Where moves leave one heap, the bound asks for little more than the
    /// pre-period: a period of 5 after 1 000 irregular values needs 1 012
    /// values. The watcher looks at 1 001 values, then at 1 251: there the
    /// repetition (251 values) is short of a quarter but reaches the
    /// bound, so it is certified, not at the next search (1 563).
    #[test]
    fn a_one_heap_game_is_certified_at_its_bound() {
        let mut rng = crate::lcg::Lcg(3);
        let mut watch = Watch::new(Proof::GuySmith {
            heaps: 1,
            max_take: 2,
        });
        let mut v: Vec<Nimber> = (0..1000).map(|n| Nimber(100 + n)).collect();
        let block: Vec<u64> = (0..5).map(|_| rng.next() >> 61).collect();
        let certified = (0..2000).find_map(|i| {
            v.push(Nimber(block[i % 5]));
            watch
                .advance(v.as_slice())
                .map(|p| (v.len(), p.preperiod, p.period))
        });
        assert_eq!(certified, Some((1251, 1000, 5)));
    }

    /// The search by 64 periods at a time finds the candidate of the plain
    /// search period by period: on random sequences over small alphabets
    /// (many repeated values, some periods) of every length up to 400, so
    /// that both the whole steps and the short last one are crossed; with
    /// and without a proof whose bound can accept a short repetition; and
    /// on two copies of a block, whose period is half the length.
    #[test]
    fn search_finds_the_shortest_repeated_tail() {
        fn plain(watch: &Watch, values: &[Nimber]) -> Option<(u64, u64)> {
            let len = values.len();
            (1..=len / 2).find_map(|p| {
                let n0 = tail_start(values, p, 0);
                watch
                    .repeats_enough(len, n0, p)
                    .then_some((n0 as u64, p as u64))
            })
        }
        let found = |watch: &Watch, v: &[Nimber]| watch.search(v).map(|c| (c.preperiod, c.period));
        let mut rng = crate::lcg::Lcg(7);
        let one_heap = Proof::GuySmith {
            heaps: 1,
            max_take: 3,
        };
        for watch in [Watch::new(Proof::Observed), Watch::new(one_heap)] {
            for alphabet in [2, 3, 5] {
                for tail in [0, 3, 70, 150] {
                    let mut v: Vec<Nimber> = Vec::new();
                    for len in 0..400 {
                        let x = if tail > 0 && len >= 200 {
                            v[len - tail].0
                        } else {
                            rng.next() >> 60 & 7
                        };
                        v.push(Nimber(x % alphabet));
                        assert_eq!(
                            found(&watch, &v),
                            plain(&watch, &v),
                            "alphabet {alphabet}, tail {tail}, len {len}"
                        );
                    }
                }
                for block in [1, 63, 64, 65, 100, 197] {
                    let half: Vec<Nimber> = (0..block)
                        .map(|_| Nimber((rng.next() >> 60) % alphabet))
                        .collect();
                    let v = [half.clone(), half].concat();
                    let want = plain(&watch, &v);
                    assert_eq!(found(&watch, &v), want, "block {block}");
                    assert!(want.is_some_and(|(_, p)| p <= block as u64));
                }
            }
        }
    }

    #[test]
    fn certifies_when_the_bound_is_reached() {
        // Pre-period 5 (values 9), then period 3 (0 1 2 ...); a game taking
        // at most 2 tokens and leaving at most 2 heaps: bound 2·5 + 3 + 2 = 15,
        // so 18 values are needed.
        let mut v: Vec<Nimber> = vec![Nimber(9); 5];
        let mut watch = Watch::new(Proof::GuySmith {
            heaps: 2,
            max_take: 2,
        });
        let mut certified = None;
        for n in 5..100u64 {
            v.push(Nimber(n % 3));
            if let Some(p) = watch.advance(v.as_slice()) {
                certified = Some((v.len(), p));
                break;
            }
        }
        let (len, p) = certified.unwrap();
        assert_eq!((p.preperiod, p.period), (5, 3));
        assert!((18..=64 + 16).contains(&len), "{len}");
    }

    #[test]
    fn without_a_theorem_the_candidate_is_only_observed() {
        // 9 9 9 | 0 1 2 0 1 2 ...: never certified, observed once three
        // periods follow the pre-period and cover half the values.
        let mut v: Vec<Nimber> = vec![Nimber(9); 3];
        let mut watch = Watch::new(Proof::Observed);
        for n in 0..200u64 {
            v.push(Nimber(n % 3));
            assert_eq!(watch.advance(v.as_slice()), None);
        }
        assert_eq!(watch.target(), None);
        let p = watch.observed().unwrap();
        assert_eq!((p.preperiod, p.period, p.checked_to), (3, 3, 203));
        assert!(!p.certified());
    }

    #[test]
    fn broken_candidates_are_dropped() {
        // A pre-period of 40 distinct values, then 0 1 0 1 ...: the candidate
        // (40, 2) needs 2·40 + 2 + 1 + 2 = 85 values to be proven.
        let mut v: Vec<Nimber> = (0..64)
            .map(|n| Nimber(if n < 40 { n + 10 } else { n % 2 }))
            .collect();
        let mut watch = Watch::new(Proof::GuySmith {
            heaps: 2,
            max_take: 1,
        });
        assert!(watch.advance(v.as_slice()).is_none());
        assert!(watch.target().is_some());
        v.push(Nimber(7)); // breaks period 2
        assert!(watch.advance(v.as_slice()).is_none());
        assert!(watch.target().is_none());
    }
}
