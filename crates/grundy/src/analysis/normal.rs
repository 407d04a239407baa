//! Normal-play analysis of a position written in the expression language:
//! its value, outcome, the values of its components, and its moves.
//!
//! By the Sprague–Grundy theorem a sum's value is the nim-sum of its
//! components' values, and the winning moves are exactly the moves that
//! change one component of value `g` into one of value `g ⊕ total`. Such a
//! move surely exists when `g ⊕ total < g` (the mex reaches every smaller
//! value), but a component may also move *up* to `g ⊕ total`: a `0`
//! component moving to `*1` beside another `*1`. So every component is asked
//! for its moves to its target value.

use serde::Serialize;

use crate::error::{LimitKind, Result};
use crate::expr::position::term_text;
use crate::expr::{ComponentRef, Position};
use crate::family::Arg;
use crate::family::{Family, value_of_parts};
use crate::game::Outcome;
use crate::limits::Limits;
use crate::nimber::Nimber;

/// The value of one component of a sum.
#[derive(Clone, Debug, Serialize)]
pub struct ComponentValue {
    /// The component as a term: `nim(5)`.
    pub component: String,
    /// Its Grundy value.
    pub grundy: Nimber,
}

/// A move in a sum: which component, what it becomes, where the sum goes.
#[derive(Clone, Debug, Serialize)]
pub struct Move {
    /// Index of the component (in [`Analysis::components`] order).
    pub component: usize,
    /// The component before the move: `nim(7)`.
    pub from: String,
    /// What the component becomes: `nim(6)`, or `kayles(3,5)` after a split.
    pub to: String,
    /// The whole position after the move, canonical.
    #[serde(serialize_with = "as_text")]
    pub position: Position,
    /// The Grundy value of the position after the move.
    pub grundy: Nimber,
}

pub(crate) fn as_text<S: serde::Serializer>(
    p: &Position,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    s.collect_str(p)
}

/// Everything a normal-play analysis finds.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    /// The position, canonical.
    #[serde(serialize_with = "as_text")]
    pub position: Position,
    /// Its Grundy value: the nim-sum of the components' values.
    pub grundy: Nimber,
    /// Who wins.
    pub outcome: Outcome,
    /// The components and their values.
    pub components: Vec<ComponentValue>,
    /// Every move to a position of value 0 (the first ones found, when
    /// `winning_moves_complete` is false).
    pub winning_moves: Vec<Move>,
    /// False when a component had more moves than `Bounds::max_moves`
    /// allows examining, so more winning moves may exist.
    pub winning_moves_complete: bool,
}

/// Analyses a position: value, outcome, component values, winning moves.
///
/// ```
/// use grundy::analysis::normal::analyze;
/// use grundy::{expr::Position, Limits, Nimber, Outcome};
/// let p = Position::parse("nim(3,5,7)").unwrap();
/// let a = analyze(&p, &Limits::default()).unwrap();
/// assert_eq!(a.grundy, Nimber(1));
/// assert_eq!(a.outcome, Outcome::N);
/// let moves: Vec<String> = a.winning_moves.iter().map(|m| m.position.to_string()).collect();
/// assert_eq!(moves, ["nim(2,5,7)", "nim(3,4,7)", "nim(3,5,6)"]);
/// ```
pub fn analyze(position: &Position, limits: &Limits) -> Result<Analysis> {
    let parts = position.components();
    let components = component_values(position, &parts, limits)?;
    let total: Nimber = components.iter().map(|c| c.grundy).sum();
    let mut winning_moves = Vec::new();
    let mut winning_moves_complete = true;
    if !total.is_zero() {
        // Each move holds the whole position after it: with thousands of
        // components, listing every winning move would copy the position
        // thousands of times, so the list stops within the limits.
        let bytes_each = position.move_bytes();
        for (i, (c, cv)) in parts.iter().zip(&components).enumerate() {
            limits.check_stop()?;
            let target = cv.grundy + total;
            let (family, args) = position.component(c);
            let mut options = Vec::new();
            winning_moves_complete &=
                moves_to_within_limit(family.as_ref(), args, target, limits, &mut options)?;
            let room = limits
                .listing_room(bytes_each)
                .saturating_sub(winning_moves.len());
            if options.len() > room {
                options.truncate(room);
                winning_moves_complete = false;
            }
            winning_moves.extend(
                options
                    .iter()
                    .map(|o| make_move(position, i, c, o, Nimber::ZERO)),
            );
            if room == 0 {
                break;
            }
        }
    }
    Ok(Analysis {
        position: position.clone(),
        grundy: total,
        outcome: Outcome::of(total),
        components,
        winning_moves,
        winning_moves_complete,
    })
}

/// Appends the options of one component whose value is `target`, as
/// [`Family::moves_to`]; returns `false` when the component has more moves
/// than `limits` allows examining (the options found are kept, and more
/// may exist).
pub(crate) fn moves_to_within_limit(
    family: &dyn Family,
    component: &[Arg],
    target: Nimber,
    limits: &Limits,
    out: &mut Vec<Vec<Arg>>,
) -> Result<bool> {
    match family.moves_to(component, target, limits, out) {
        Ok(()) => Ok(true),
        // Both are checked before the moves are built, so the value stands
        // and only the list is cut short.
        Err(e) if matches!(e.limit_kind(), Some(LimitKind::Moves | LimitKind::Memory)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// The Grundy value of a position (the nim-sum of its components).
pub fn value(position: &Position, limits: &Limits) -> Result<Nimber> {
    let parts = position.components();
    Ok(component_values(position, &parts, limits)?
        .iter()
        .map(|c| c.grundy)
        .sum())
}

/// Every move of a position, with the value each leads to.
pub fn moves(position: &Position, limits: &Limits) -> Result<Vec<Move>> {
    let parts = position.components();
    let components = component_values(position, &parts, limits)?;
    let total: Nimber = components.iter().map(|c| c.grundy).sum();
    position.each_move(limits, |i, c, family, option| {
        let after = total + components[i].grundy + value_of_parts(family, option, limits)?;
        Ok(make_move(position, i, c, option, after))
    })
}

fn component_values(
    position: &Position,
    parts: &[ComponentRef],
    limits: &Limits,
) -> Result<Vec<ComponentValue>> {
    parts
        .iter()
        .map(|c| {
            let (family, args) = position.component(c);
            Ok(ComponentValue {
                component: term_text(family.as_ref(), args),
                grundy: family.value(args, limits)?,
            })
        })
        .collect()
}

pub(crate) fn make_move(
    position: &Position,
    index: usize,
    c: &ComponentRef,
    option: &[Arg],
    grundy: Nimber,
) -> Move {
    let (family, args) = position.component(c);
    Move {
        component: index,
        from: term_text(family.as_ref(), args),
        to: term_text(family.as_ref(), option),
        position: position.replace(c, option),
        grundy,
    }
}

/// The one-sentence argument for the value: the component values and
/// their nim-sum.
pub fn reason(a: &Analysis) -> String {
    let parts: Vec<String> = a
        .components
        .iter()
        .map(|c| format!("G({}) = {:#}", c.component, c.grundy))
        .collect();
    if a.components.len() == 1 {
        return parts[0].clone();
    }
    let terms: Vec<String> = a
        .components
        .iter()
        .map(|c| format!("{:#}", c.grundy))
        .collect();
    let sum = if a.grundy.is_zero() {
        format!("{} = 0", terms.join(" ⊕ "))
    } else {
        format!("{} = {:#} ≠ 0", terms.join(" ⊕ "), a.grundy)
    };
    format!("{}; nim-sum {sum}", parts.join(", "))
}
