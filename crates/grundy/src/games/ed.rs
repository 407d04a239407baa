//! E&D: two non-empty heaps; a move removes one heap and splits the other
//! into two non-empty heaps. The player who cannot move (facing two heaps of
//! one token) loses. Several pairs side by side form a sum.
//!
//! The problem is "E&D" of SDOI 2009 (Luogu P2148, listed in the notes
//! behind this project), whose known solution is the closed form
//!
//! ```text
//! G(a, b) = the index of the lowest 0 bit of (a-1) | (b-1)
//! ```
//!
//! so `G(1, 1) = 0` and `G(2, 3) = 2`. Why, by induction on `a + b`: let
//! `S(n)` be the values reachable by splitting a heap of `n`, so that
//! `G(a, b) = mex(S(a) ∪ S(b))`. Then `S(n)` is the set of positions of the
//! 1 bits of `n-1`, and the mex of the union is the lowest bit position set
//! in neither `a-1` nor `b-1`, as claimed. For the claim, write a split as
//! `(p+1, q+1)` with `p + q = n-2`; by induction its value is `k`, the lowest
//! bit clear in `p | q`. Below bit `k` every bit is set in `p` or `q`, so the
//! low `k+1` bits of `p` and `q` add to between `2^k - 1` and `2^(k+1) - 2`,
//! those of `n-1 = p + q + 1` lie between `2^k` and `2^(k+1) - 1`, and bit
//! `k` of `n-1` is 1. Conversely, when bit `k`
//! of `n-1` is 1, the split `q = 2^k - 1`, `p = n-1-2^k` has value `k`.
//!
//! The tests also hold the formula against a search of the rules on every
//! `a, b` up to a few dozen, and on sums of pairs.

use std::ops::ControlFlow;

use super::pair;
use crate::error::{Error, Result};
use crate::family::{Arg, Family, Shape};
use crate::game::Game;
use crate::limits::Limits;
use crate::nimber::Nimber;

/// The rules of E&D; a position is the pair of heap sizes, both at least 1.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ed;

/// `G(a, b)` of E&D, for heaps of at least one token (`None` otherwise).
pub fn value(a: u64, b: u64) -> Option<Nimber> {
    if a == 0 || b == 0 {
        return None;
    }
    Some(Nimber(u64::from(((a - 1) | (b - 1)).trailing_ones())))
}

impl Game for Ed {
    type Position = (u64, u64);

    /// Keep one heap's place for the first part: removing `b` and splitting
    /// `a` gives `(x, a-x)`. Splits are listed once each (`x <= a-x`), and
    /// when `a = b` splitting either heap gives the same positions.
    fn moves(&self, &(a, b): &(u64, u64), out: &mut Vec<(u64, u64)>) {
        out.extend((1..=a / 2).map(|x| (x, a - x)));
        if a != b {
            out.extend((1..=b / 2).map(|y| (y, b - y)));
        }
    }

    fn closed_form(&self, &(a, b): &(u64, u64)) -> Option<Nimber> {
        value(a, b)
    }
}

/// `ed(a,b)` in expressions.
#[derive(Clone, Copy, Debug, Default)]
pub struct EdFamily;

fn heaps(component: &[Arg]) -> Result<(u64, u64)> {
    match pair(component, "ed")? {
        (0, _) | (_, 0) => Err(Error::invalid(
            "ed takes two non-empty heaps, as ed(3,5); found an empty heap",
        )),
        p => Ok(p),
    }
}

impl Family for EdFamily {
    fn head(&self) -> String {
        "ed".into()
    }

    fn shape(&self) -> Shape {
        Shape::Whole
    }

    fn check(&self, component: &[Arg], _limits: &Limits) -> Result<()> {
        heaps(component).map(|_| ())
    }

    fn value(&self, component: &[Arg], _limits: &Limits) -> Result<Nimber> {
        let (a, b) = heaps(component)?;
        Ok(value(a, b).expect("heaps are non-empty"))
    }

    /// Counted before listing, so a pair of huge heaps is refused rather
    /// than enumerated.
    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()> {
        let (a, b) = heaps(component)?;
        // Splitting either of two equal heaps gives the same positions.
        limits.check_moves(if a == b { a / 2 } else { a / 2 + b / 2 })?;
        let mut options = Vec::new();
        Ed.moves(&(a, b), &mut options);
        out.extend(
            options
                .into_iter()
                .map(|(x, y)| vec![Arg::Int(x), Arg::Int(y)]),
        );
        Ok(())
    }

    /// The options of value `t`, in the order of [`Ed`]'s moves, without
    /// listing the others: the splits `(x, h − x)` of the kept heap `h`
    /// whose value, the lowest clear bit of `(x − 1) | (h − x − 1)`, is `t`.
    /// With `p = x − 1`, `q = h − x − 1` (so `p + q = h − 2`) these are
    /// exactly the pairs of [`crate::heap::preimage::ed_splits`], which
    /// proves that each is found once. After `max_moves` of them the limit
    /// error says more exist.
    fn moves_to(
        &self,
        component: &[Arg],
        target: Nimber,
        limits: &Limits,
        out: &mut Vec<Vec<Arg>>,
    ) -> Result<()> {
        let (a, b) = heaps(component)?;
        let Ok(bit) = u32::try_from(target.0) else {
            return Ok(()); // no split has a value of 2^32 or more
        };
        let mut found = 0usize;
        let mut more = false;
        let kept = if a == b { vec![a] } else { vec![a, b] };
        for h in kept.into_iter().filter(|&h| h >= 2) {
            let flow = crate::heap::preimage::ed_splits(h - 2, bit, &mut |p, q| {
                if found == limits.bounds.max_moves {
                    more = true;
                    return ControlFlow::Break(());
                }
                found += 1;
                out.push(vec![Arg::Int(p + 1), Arg::Int(q + 1)]);
                ControlFlow::Continue(())
            });
            if flow.is_break() {
                break;
            }
        }
        if more {
            return Err(limits.too_many_moves());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{Config, Solver, reference};

    #[test]
    fn closed_form_matches_search() {
        let plain = Config {
            closed_forms: false,
            ..Config::default()
        };
        let mut solver = Solver::new(Ed, plain);
        for a in 1..=48 {
            for b in 1..=48 {
                assert_eq!(
                    Some(solver.value(&(a, b)).unwrap()),
                    value(a, b),
                    "ed({a},{b})"
                );
            }
        }
        assert_eq!(
            reference::value(&Ed, &(7, 12)).unwrap(),
            value(7, 12).unwrap()
        );
    }

    #[test]
    fn small_values() {
        // (1,1) has no move; (1,2) and (2,1) move only to (1,1); (2,3): the
        // options (1,1), (1,2) have values 0, 1.
        assert_eq!(value(1, 1), Some(Nimber(0)));
        assert_eq!(value(1, 2), Some(Nimber(1)));
        assert_eq!(value(2, 3), Some(Nimber(2)));
        assert_eq!(value(0, 3), None);
        assert_eq!(value(u64::MAX, u64::MAX), Some(Nimber(0)));
    }

    #[test]
    fn bad_positions_are_refused_and_huge_ones_limited() {
        assert!(
            EdFamily
                .check(&[Arg::Int(0), Arg::Int(3)], &Limits::default())
                .unwrap_err()
                .to_string()
                .contains("non-empty")
        );
        assert!(
            EdFamily
                .check(&[Arg::Int(3)], &Limits::default())
                .unwrap_err()
                .to_string()
                .contains("two numbers")
        );
        let huge = [Arg::Int(1 << 40), Arg::Int(3)];
        assert_eq!(
            EdFamily.value(&huge, &Limits::default()).unwrap(),
            Nimber(40)
        );
        let err = EdFamily
            .moves(&huge, &Limits::default(), &mut Vec::new())
            .unwrap_err();
        assert!(err.to_string().contains("--max-moves"), "{err}");
    }
}
