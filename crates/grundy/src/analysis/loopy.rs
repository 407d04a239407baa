//! Analysis of a sum in which some components can be played for ever.
//!
//! The value of the sum is the generalised nim-sum of the components'
//! values (Smith 1966; see [`Gamma`]): finite values add by XOR, a finite
//! `a` shifts `∞(K)` to `∞(K ⊕ a)`, and two infinite components give
//! `∞(∅)`, a draw. Components of ordinary families have finite values.
//!
//! A move wins when it leads to a sum of value 0, that is when every
//! component is then finite with nim-sum 0. So a move in component `i` wins
//! exactly when the other components have a finite sum `r` and the move
//! takes component `i` to value `r`: to `g ⊕ t` when all are finite (as in
//! the acyclic case, possibly raising the component's value), and, when
//! only component `i` is infinite, to the finite option of value `r ∈ K`.

use serde::Serialize;

use super::normal::{self, as_text, moves_to_within_limit};
use crate::error::Result;
use crate::expr::{ComponentRef, Position};
use crate::family::Arg;
use crate::family::loopy_value_of_parts;
use crate::limits::Limits;
use crate::loopy::{Gamma, LoopyOutcome};
use crate::nimber::Nimber;

/// The value of one component of a sum.
#[derive(Clone, Debug, Serialize)]
pub struct LoopyComponent {
    /// The component as a term: `loopy[g.txt](a)`.
    pub component: String,
    /// Its generalised Sprague–Grundy value.
    #[serde(flatten)]
    pub value: Gamma,
}

/// A move in a sum, with what it leads to.
#[derive(Clone, Debug, Serialize)]
pub struct LoopyMove {
    /// Index of the component moved in (in [`LoopyAnalysis::components`]
    /// order).
    pub component: usize,
    /// The component before the move.
    pub from: String,
    /// What the component becomes.
    pub to: String,
    /// The whole position after the move, canonical.
    #[serde(serialize_with = "as_text")]
    pub position: Position,
    /// The value of the position after the move.
    #[serde(flatten)]
    pub value: Gamma,
    /// The outcome of the position after the move, for the player then to
    /// move (the opponent): `lose` marks a winning move.
    pub outcome: LoopyOutcome,
}

/// Everything `grundy value` reports on a position with loopy components.
#[derive(Clone, Debug, Serialize)]
pub struct LoopyAnalysis {
    /// The position, canonical.
    #[serde(serialize_with = "as_text")]
    pub position: Position,
    /// Its value: the generalised nim-sum of the components' values.
    #[serde(flatten)]
    pub value: Gamma,
    /// Who wins, or a draw.
    pub outcome: LoopyOutcome,
    /// The components and their values.
    pub components: Vec<LoopyComponent>,
    /// Every move to a position the opponent loses (the first ones found,
    /// when `winning_moves_complete` is false).
    pub winning_moves: Vec<LoopyMove>,
    /// False when a component had more moves than `Bounds::max_moves`
    /// allows examining, so more winning moves may exist.
    pub winning_moves_complete: bool,
}

impl LoopyAnalysis {
    /// The one-sentence argument: the component values, their generalised
    /// nim-sum, and for an infinite value whether a move reaches 0 (a win)
    /// or not (a draw).
    pub fn reason(&self) -> String {
        let parts: Vec<String> = self
            .components
            .iter()
            .map(|c| format!("γ({}) = {}", c.component, c.value))
            .collect();
        let mut text = parts.join(", ");
        if self.components.len() > 1 {
            let terms: Vec<String> = self
                .components
                .iter()
                .map(|c| c.value.to_string())
                .collect();
            text += &format!(
                "; generalised nim-sum {} = {}",
                terms.join(" ⊕ "),
                self.value
            );
        }
        match &self.value {
            Gamma::Finite(_) => text,
            Gamma::Infinite(_) if self.outcome == LoopyOutcome::Win => {
                format!("{text}; infinite, and a move reaches 0")
            }
            Gamma::Infinite(_) => format!("{text}; infinite, and no move reaches 0"),
        }
    }
}

/// Whether some component of `position` belongs to a family with cycles,
/// so that it needs this analysis rather than [`crate::analyze`].
pub fn involves_cycles(position: &Position) -> bool {
    position.terms.iter().any(|t| t.family.loopy())
}

/// Analyses a position whose components may have infinite values.
///
/// ```
/// use grundy::expr::Position;
/// use grundy::analysis::loopy::analyze;
/// use grundy::loopy::LoopyOutcome;
/// use grundy::Limits;
///
/// // A nim heap of 2 beside a heap of 2: the second player wins, as always.
/// let a = analyze(&Position::parse("nim(2,2)").unwrap(), &Limits::default()).unwrap();
/// assert_eq!((a.value.to_string(), a.outcome), ("0".to_string(), LoopyOutcome::Lose));
/// ```
pub fn analyze(position: &Position, limits: &Limits) -> Result<LoopyAnalysis> {
    let parts = position.components();
    let values = component_values(position, &parts, limits)?;
    let total: Gamma = values.iter().cloned().sum();
    let outcome = total.outcome();
    let mut winning_moves = Vec::new();
    let mut winning_moves_complete = true;
    if outcome == LoopyOutcome::Win {
        for ((i, c), rest) in parts.iter().enumerate().zip(rests(&values)) {
            let Gamma::Finite(target) = rest else {
                continue;
            };
            let (family, args) = position.component(c);
            let mut options = Vec::new();
            winning_moves_complete &=
                moves_to_within_limit(family.as_ref(), args, target, limits, &mut options)?;
            for option in &options {
                winning_moves.push(make_move(
                    position,
                    i,
                    c,
                    option,
                    Gamma::Finite(Nimber::ZERO),
                ));
            }
        }
    }
    Ok(LoopyAnalysis {
        position: position.clone(),
        value: total,
        outcome,
        components: parts
            .iter()
            .zip(values)
            .map(|(c, value)| LoopyComponent {
                component: position.component_text(c),
                value,
            })
            .collect(),
        winning_moves,
        winning_moves_complete,
    })
}

/// The value of a position: the generalised nim-sum of its components'.
pub fn value(position: &Position, limits: &Limits) -> Result<Gamma> {
    let parts = position.components();
    Ok(component_values(position, &parts, limits)?
        .into_iter()
        .sum())
}

/// Every move of a position, with the value and outcome it leads to,
/// listed within the same limits as [`normal::moves`].
pub fn moves(position: &Position, limits: &Limits) -> Result<Vec<LoopyMove>> {
    let parts = position.components();
    let rests = rests(&component_values(position, &parts, limits)?);
    position.each_move(limits, |i, c, family, option| {
        let after = rests[i].clone() + loopy_value_of_parts(family, option, limits)?;
        Ok(make_move(position, i, c, option, after))
    })
}

fn component_values(
    position: &Position,
    parts: &[ComponentRef],
    limits: &Limits,
) -> Result<Vec<Gamma>> {
    parts
        .iter()
        .map(|c| {
            let (family, args) = position.component(c);
            family.loopy_value(args, limits)
        })
        .collect()
}

/// For each component, the sum of all the others.
fn rests(values: &[Gamma]) -> Vec<Gamma> {
    let mut before = Vec::with_capacity(values.len());
    let mut sum = Gamma::Finite(Nimber::ZERO);
    for v in values {
        before.push(sum.clone());
        sum = sum + v.clone();
    }
    let mut after = Gamma::Finite(Nimber::ZERO);
    let mut rests = vec![Gamma::Finite(Nimber::ZERO); values.len()];
    for i in (0..values.len()).rev() {
        rests[i] = before[i].clone() + after.clone();
        after = after + values[i].clone();
    }
    rests
}

/// The move, described as [`crate::analysis`] describes it, with the value
/// and outcome it leads to.
fn make_move(
    position: &Position,
    index: usize,
    c: &ComponentRef,
    option: &[Arg],
    value: Gamma,
) -> LoopyMove {
    let plain = normal::make_move(position, index, c, option, Nimber::ZERO);
    LoopyMove {
        component: plain.component,
        from: plain.from,
        to: plain.to,
        position: plain.position,
        outcome: value.outcome(),
        value,
    }
}
