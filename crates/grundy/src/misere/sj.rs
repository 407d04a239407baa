//! The Anti-SG game and the SJ theorem (Jia Zhihao, 2009 training-team
//! paper, ch. 2.1).
//!
//! **Theorem.** In a misère sum of games that ends exactly when every
//! component has Grundy value 0, the player to move wins if and only if
//! either the nim-sum of the components' values is non-zero and some
//! component has a value above 1, or the nim-sum is zero and no component
//! has a value above 1.
//!
//! Anti-Nim is the case of Nim heaps ([`super::nim`]). The theorem's
//! condition holds when, in every component, the positions of value 0 are
//! exactly the terminal ones; [`violation`] checks that on every position a
//! component can reach. Components that split into several games
//! (Multi-SG) need one more check, because the proof moves a component of
//! value 1 to an option of value 0, or the one component above 1 to an
//! option of value 0 or 1, and relies on every piece of such an option
//! having a value of at most 1. Without it the theorem fails: a game `A`
//! whose options are the end and a split into `B + B`, where `B = {0, C}`
//! and `C = {0}`, has value 1, and the theorem calls `A` lost for the
//! player to move, yet `A → B + B` wins.
//!
//! So the check is, on every reachable position:
//!
//! 1. a single game (not a sum) of value 0 has no move, and
//! 2. a sum of pieces of value 0 or 1 has no piece of value above 1.
//!
//! Under both, the four kinds of positions (value ≠ 0 with a piece above 1,
//! value 0 with none: the player to move wins; value 0 with a piece above
//! 1, value ≠ 0 with none: the player to move loses) follow the proof in
//! the paper case by case, each step only looking at the option's pieces.

use std::collections::HashSet;

use serde::Serialize;

use crate::error::{ErrorKind, Result};
use crate::expr::position::term_text;
use crate::expr::{CanonicalSum, Position, Term};
use crate::game::Game;
use crate::limits::Limits;
use crate::nimber::Nimber;
use crate::solve::explore::{Explored, Links};

/// The SJ theorem's verdict from the Grundy values of the components:
/// whether the player to move wins the misère sum. Valid only under the
/// theorem's condition (see the module documentation and [`condition`]).
///
/// ```
/// use grundy::Nimber;
/// use grundy::misere::sj;
/// // Anti-Nim with heaps 1, 1: the player to move takes one and wins.
/// assert!(sj::first_player_wins(&[Nimber(1), Nimber(1)]));
/// assert!(!sj::first_player_wins(&[Nimber(2), Nimber(2)]));
/// ```
pub fn first_player_wins(values: &[Nimber]) -> bool {
    let total: Nimber = values.iter().copied().sum();
    let above_one = values.iter().any(|v| v.0 > 1);
    total.is_zero() != above_one
}

/// How a reachable position breaks the theorem's condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Violation {
    /// A single game of value 0 that still has moves.
    ZeroNotTerminal,
    /// A sum of value 0 or 1 with a piece of value above 1.
    BigPiece,
}

impl Violation {
    /// What is wrong with a position that breaks the condition.
    pub fn describe(self) -> &'static str {
        match self {
            Violation::ZeroNotTerminal => "has Grundy value 0 but is not terminal",
            Violation::BigPiece => "has Grundy value 0 or 1 but a piece of value above 1",
        }
    }
}

/// The first reachable position (in an order where options come first)
/// that breaks the theorem's condition, if any. Explore with `split` so
/// that sums are seen as sums.
pub fn violation<P>(explored: &Explored<P>) -> Option<(usize, Violation)> {
    let values = explored.grundy_values();
    explored.postorder().iter().find_map(|&i| {
        let children = explored.children(i);
        match explored.links(i) {
            Links::Options if values[i].is_zero() && !children.is_empty() => {
                Some((i, Violation::ZeroNotTerminal))
            }
            Links::Components if values[i].0 <= 1 && children.iter().any(|&c| values[c].0 > 1) => {
                Some((i, Violation::BigPiece))
            }
            _ => None,
        }
    })
}

/// Whether the SJ theorem applies to a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "condition", rename_all = "snake_case")]
pub enum Condition {
    /// Every component satisfies the condition on every reachable position.
    Holds,
    /// A component can reach a position that breaks it.
    Fails {
        /// The component, as a term.
        component: String,
        /// The position it can reach that breaks the condition.
        witness: String,
        /// How it breaks it.
        violation: Violation,
    },
    /// A component was too large to check within the limits.
    Unknown {
        /// The component, as a term.
        component: String,
        /// The limit that stopped the check.
        reason: String,
    },
}

impl Condition {
    /// A sentence for people, `None` when the condition holds.
    pub fn explain(&self) -> Option<String> {
        match self {
            Condition::Holds => None,
            Condition::Fails {
                component,
                witness,
                violation,
            } if component == witness => Some(format!("{witness} {}", violation.describe())),
            Condition::Fails {
                component,
                witness,
                violation,
            } => Some(format!(
                "{witness}, reachable from {component}, {}",
                violation.describe()
            )),
            Condition::Unknown { component, reason } => Some(format!(
                "the condition could not be checked on {component}: {reason}"
            )),
        }
    }
}

/// Checks the SJ theorem's condition on every component of `position`, by
/// exploring all positions each component can reach (see [`violation`]).
///
/// Nim heaps are known to satisfy it without a search: `G(n) = n` is 0 only
/// for the empty heap, and a move leaves one heap.
pub fn condition(position: &Position, limits: &Limits) -> Result<Condition> {
    let mut checked = HashSet::new();
    for c in position.components() {
        let (family, args) = position.component(&c);
        let component = term_text(family.as_ref(), args);
        if family.head() == "nim" || !checked.insert(component.clone()) {
            continue;
        }
        let single = Position {
            terms: vec![Term {
                family: family.clone(),
                args: args.to_vec(),
            }],
        };
        let (game, start) = CanonicalSum::new(&single, limits);
        let explored =
            Explored::new(&game, &start, true, limits).and_then(|e| game.check().map(|()| e));
        let explored = match explored {
            Ok(e) => e,
            Err(e) if matches!(e.kind(), ErrorKind::Limit { .. }) => {
                return Ok(Condition::Unknown {
                    component,
                    reason: e.to_string(),
                });
            }
            Err(e) => return Err(e),
        };
        if let Some((i, violation)) = violation(&explored) {
            return Ok(Condition::Fails {
                component,
                witness: game.position(explored.position(i)).to_string(),
                violation,
            });
        }
    }
    Ok(Condition::Holds)
}

/// The Grundy values of every component of `position`.
pub(crate) fn component_values(position: &Position, limits: &Limits) -> Result<Vec<Nimber>> {
    position
        .components()
        .iter()
        .map(|c| {
            let (family, args) = position.component(c);
            family.value(args, limits)
        })
        .collect()
}

/// Explores a game from `root` and checks the theorem's condition on it:
/// `Ok(None)` when it holds, or the first position that breaks it.
pub fn check_game<G: Game>(
    game: &G,
    root: &G::Position,
    limits: &Limits,
) -> Result<Option<(G::Position, Violation)>> {
    let explored = Explored::new(game, root, true, limits)?;
    Ok(violation(&explored).map(|(i, v)| (explored.position(i).clone(), v)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_covers_all_four_cases() {
        let v = |xs: &[u64]| xs.iter().map(|&x| Nimber(x)).collect::<Vec<_>>();
        assert!(
            first_player_wins(&v(&[2, 3])),
            "nim-sum ≠ 0, a value above 1"
        );
        assert!(
            !first_player_wins(&v(&[2, 2])),
            "nim-sum 0, a value above 1"
        );
        assert!(first_player_wins(&v(&[1, 1, 0])), "nim-sum 0, none above 1");
        assert!(!first_player_wins(&v(&[1, 0])), "nim-sum ≠ 0, none above 1");
        assert!(
            first_player_wins(&[]),
            "the empty sum: no move, the player to move has won"
        );
    }

    #[test]
    fn condition_of_expressions() {
        let limits = Limits::default();
        let check = |e: &str| condition(&Position::parse(e).unwrap(), &limits).unwrap();
        assert_eq!(check("nim(1000000000000,3)"), Condition::Holds);
        let fails = check("nim(4) + sub{1,3,4}(9)");
        assert!(
            matches!(&fails, Condition::Fails { component, witness, violation: Violation::ZeroNotTerminal }
                if component == "sub{1,3,4}(9)" && witness == "sub{1,3,4}(2)"),
            "{fails:?}"
        );
        assert_eq!(
            fails.explain().unwrap(),
            "sub{1,3,4}(2), reachable from sub{1,3,4}(9), has Grundy value 0 but is not terminal"
        );
        // Heaps of sub{2,5,6} below 2 are terminal; 2 and 3 have value 1,
        // but 4 (value 0) can move to 2.
        assert_eq!(check("sub{2,5,6}(3)"), Condition::Holds);
        assert!(matches!(check("sub{2,5,6}(4)"), Condition::Fails { .. }));
        let small = Limits::default().with_max_positions(10);
        let unknown = condition(&Position::parse("sub{2,5,6}(100)").unwrap(), &small).unwrap();
        assert!(matches!(unknown, Condition::Unknown { .. }), "{unknown:?}");
    }
}
