//! The values of the generalised Sprague–Grundy function and the outcomes
//! they give.

use std::fmt;
use std::ops::Add;

use serde::Serialize;
use serde::ser::SerializeStruct;

use crate::nimber::Nimber;

/// A value `γ(u)` of the generalised Sprague–Grundy function (C. A. B.
/// Smith, "Graphs and composite games", 1966).
///
/// A finite value `n` says the position acts as the Nim heap `*n` in every
/// sum. The value `∞(K)` belongs to a position from which play can go on
/// for ever; `K` is the set of finite values among its options.
///
/// `+` is the generalised nim-sum, the value of a sum of games (Smith 1966;
/// A. S. Fraenkel and Y. Yesha, "The generalized Sprague–Grundy function
/// and its invariance under certain mappings", J. Combin. Theory A 43,
/// 1986): finite values add by XOR, `a + ∞(K) = ∞(K ⊕ a)` with
/// `K ⊕ a = {k ⊕ a : k ∈ K}`, and `∞(K) + ∞(L) = ∞(∅)`.
///
/// ```
/// use grundy::loopy::{Gamma, LoopyOutcome};
/// use grundy::Nimber;
///
/// let token = Gamma::infinite([0, 2]);
/// assert_eq!(token.to_string(), "∞{0,2}");
/// assert_eq!(token.outcome(), LoopyOutcome::Win); // a move reaches 0
/// let sum = token.clone() + Gamma::Finite(Nimber(2));
/// assert_eq!(sum, Gamma::infinite([2, 0]));
/// assert_eq!((Gamma::Finite(Nimber(1)) + Gamma::infinite([1])).outcome(), LoopyOutcome::Win);
/// assert_eq!((token.clone() + token).outcome(), LoopyOutcome::Draw);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Gamma {
    /// A finite value `n`: the position is equivalent to `*n`.
    Finite(Nimber),
    /// `∞(K)`, with `K` sorted and without repeats.
    Infinite(Vec<u64>),
}

impl Gamma {
    /// `∞(K)` for the values in `reachable`, in any order.
    pub fn infinite(reachable: impl IntoIterator<Item = u64>) -> Gamma {
        let mut k: Vec<u64> = reachable.into_iter().collect();
        k.sort_unstable();
        k.dedup();
        Gamma::Infinite(k)
    }

    /// The finite value, if the value is finite.
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            Gamma::Finite(n) => Some(*n),
            Gamma::Infinite(_) => None,
        }
    }

    /// Whether the value is finite.
    pub fn is_finite(&self) -> bool {
        matches!(self, Gamma::Finite(_))
    }

    /// The set `K` of an infinite value `∞(K)`; `None` for a finite value.
    pub fn reachable(&self) -> Option<&[u64]> {
        match self {
            Gamma::Finite(_) => None,
            Gamma::Infinite(k) => Some(k),
        }
    }

    /// Who wins a position of this value (Smith 1966): `0` is a loss for
    /// the player to move, any other finite value a win; `∞(K)` is a win
    /// when `0 ∈ K` (move to that option) and a draw otherwise.
    pub fn outcome(&self) -> LoopyOutcome {
        match self {
            Gamma::Finite(n) if n.is_zero() => LoopyOutcome::Lose,
            Gamma::Finite(_) => LoopyOutcome::Win,
            Gamma::Infinite(k) if k.first() == Some(&0) => LoopyOutcome::Win,
            Gamma::Infinite(_) => LoopyOutcome::Draw,
        }
    }
}

impl Add for Gamma {
    type Output = Gamma;

    fn add(self, rhs: Gamma) -> Gamma {
        match (self, rhs) {
            (Gamma::Finite(a), Gamma::Finite(b)) => Gamma::Finite(a + b),
            (Gamma::Finite(a), Gamma::Infinite(k)) | (Gamma::Infinite(k), Gamma::Finite(a)) => {
                Gamma::infinite(k.into_iter().map(|x| (Nimber(x) + a).0))
            }
            (Gamma::Infinite(_), Gamma::Infinite(_)) => Gamma::Infinite(Vec::new()),
        }
    }
}

impl std::iter::Sum for Gamma {
    fn sum<I: Iterator<Item = Gamma>>(iter: I) -> Gamma {
        iter.fold(Gamma::Finite(Nimber::ZERO), |a, b| a + b)
    }
}

/// `3`, or `∞{0,2}` (`∞{}` when no option is finite).
impl fmt::Display for Gamma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gamma::Finite(n) => write!(f, "{}", n.0),
            Gamma::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "∞{{{}}}", k.join(","))
            }
        }
    }
}

/// Three fields, so that they can be flattened into a larger object:
/// `"value"` (the number, or `null` when infinite), `"infinite"`, and
/// `"reachable"` (the set `K`, or `null` when finite).
impl Serialize for Gamma {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Gamma", 3)?;
        out.serialize_field("value", &self.finite())?;
        out.serialize_field("infinite", &!self.is_finite())?;
        out.serialize_field("reachable", &self.reachable())?;
        out.end()
    }
}

/// Who wins a game that may never end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LoopyOutcome {
    /// The player to move can force a win.
    Win,
    /// The player to move loses against best play.
    Lose,
    /// Neither player can force a win: best play goes on for ever.
    Draw,
}

impl LoopyOutcome {
    /// A phrase for people: "first player wins (N-position)".
    pub fn describe(self) -> &'static str {
        match self {
            LoopyOutcome::Win => "first player wins (N-position)",
            LoopyOutcome::Lose => "second player wins (P-position)",
            LoopyOutcome::Draw => "draw (D-position: neither player can force a win)",
        }
    }
}

impl fmt::Display for LoopyOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LoopyOutcome::Win => "win",
            LoopyOutcome::Lose => "lose",
            LoopyOutcome::Draw => "draw",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generalised_nim_sum_is_commutative_and_associative() {
        let values = [
            Gamma::Finite(Nimber(0)),
            Gamma::Finite(Nimber(3)),
            Gamma::Finite(Nimber(5)),
            Gamma::infinite([]),
            Gamma::infinite([0, 1]),
            Gamma::infinite([2, 7]),
        ];
        for a in &values {
            for b in &values {
                assert_eq!(a.clone() + b.clone(), b.clone() + a.clone());
                for c in &values {
                    let left = (a.clone() + b.clone()) + c.clone();
                    let right = a.clone() + (b.clone() + c.clone());
                    assert_eq!(left, right, "{a} {b} {c}");
                }
            }
        }
    }

    #[test]
    fn values_print_and_serialise() {
        assert_eq!(Gamma::Finite(Nimber(3)).to_string(), "3");
        assert_eq!(Gamma::infinite([]).to_string(), "∞{}");
        let json = serde_json::to_string(&Gamma::infinite([2, 0])).unwrap();
        assert_eq!(json, r#"{"value":null,"infinite":true,"reachable":[0,2]}"#);
        let json = serde_json::to_string(&Gamma::Finite(Nimber(4))).unwrap();
        assert_eq!(json, r#"{"value":4,"infinite":false,"reachable":null}"#);
    }
}
