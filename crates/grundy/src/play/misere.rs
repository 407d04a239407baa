//! The engine under misère play: the player who makes the last move
//! loses, so a position with no move is won by the player to move.
//!
//! The engine takes the winning moves of the misère analysis (Bouton's
//! rule, the SJ theorem, the misère quotient of a sum of heaps of one
//! game, or search: [`crate::misere::analyze`] chooses), and from a lost
//! position it moves at random among its moves, since under misère play no
//! value ranks them.

use super::engine::{Choice, Hint, Rng};
use crate::analysis::normal::{self as analysis, Move};
use crate::error::Result;
use crate::expr::Position;
use crate::limits::Limits;
use crate::misere::{self, MisereAnalysis, MisereMove};

/// The engine's move from `position` under misère play, or `None` when it
/// has no move (under misère play the player to move has then won).
///
/// ```
/// use grundy::{Limits, Outcome, expr::Position, play::{Rng, misere::choose_move}};
/// use grundy::misere::analyze;
/// // Misère Kayles on heaps 1, 2, 3, 5: through the quotient.
/// let p = Position::parse("kayles(1) + kayles(2) + kayles(3) + kayles(5)").unwrap();
/// let limits = Limits::default();
/// let won = analyze(&p, None, &limits).unwrap().outcome == Outcome::N;
/// let choice = choose_move(&p, &limits, &mut Rng::new(1)).unwrap().unwrap();
/// assert_eq!(choice.winning, won);
/// let after = analyze(&choice.chosen.position, None, &limits).unwrap();
/// assert_eq!(after.outcome == Outcome::P, won);
/// ```
pub fn choose_move(position: &Position, limits: &Limits, rng: &mut Rng) -> Result<Option<Choice>> {
    let moves = analysis::moves(position, limits)?;
    if moves.is_empty() {
        return Ok(None);
    }
    let a = misere::analyze(position, None, limits)?;
    let winning = listed(&moves, &a.winning_moves);
    let (chosen, won) = if winning.is_empty() {
        (moves[rng.below(moves.len())].clone(), false)
    } else {
        (winning[rng.below(winning.len())].clone(), true)
    };
    let reason = if won {
        format!(
            "{}, so the player to move wins under misère play: I move {} to {}, leaving a position you lose.",
            a.reason, chosen.from, chosen.to
        )
    } else {
        format!(
            "{}: every move leaves a position the player to move then wins under misère play, so I cannot force a win. I move {} to {}.",
            a.reason, chosen.from, chosen.to
        )
    };
    Ok(Some(Choice {
        chosen,
        before: a.grundy,
        winning: won,
        winning_replies: None,
        reason,
    }))
}

/// The hint for the player to move in `position` under misère play.
pub fn hint(position: &Position, limits: &Limits) -> Result<Hint> {
    let moves = analysis::moves(position, limits)?;
    let a: MisereAnalysis = misere::analyze(position, None, limits)?;
    let winning_moves = listed(&moves, &a.winning_moves);
    let reason = if winning_moves.is_empty() {
        format!("{}: no move wins against perfect play", a.reason)
    } else {
        format!(
            "{}: a move to a position the player to move then loses wins",
            a.reason
        )
    };
    Ok(Hint {
        grundy: a.grundy,
        winning_moves,
        reason,
    })
}

/// The moves of `moves` (the listing every face numbers) that lead where
/// the misère analysis's winning moves lead.
fn listed(moves: &[Move], winning: &[MisereMove]) -> Vec<Move> {
    moves
        .iter()
        .filter(|m| {
            winning
                .iter()
                .any(|w| w.component == m.component && w.to == m.to)
        })
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;

    /// Every move the engine calls winning leads to a misère P-position by
    /// search, and it has one exactly when search says the position is won.
    #[test]
    fn winning_moves_lead_to_p_positions_by_search() {
        let limits = Limits::default();
        let search = Some(misere::Method::Search);
        for text in [
            "kayles(4) + kayles(5) + kayles(7)",
            "0.75(3) + 0.75(6) + 0.75(9)",
            "sub{1,3,4}(5) + sub{1,3,4}(9)",
            "nim(1,1,1)",
            "nim(2,2)",
            "kayles(1)",
        ] {
            let p = Position::parse(text).unwrap();
            let truth = misere::analyze(&p, search, &limits).unwrap().outcome;
            let choice = choose_move(&p, &limits, &mut Rng::new(3)).unwrap().unwrap();
            assert_eq!(choice.winning, truth == Outcome::N, "{text}");
            let after = misere::analyze(&choice.chosen.position, search, &limits).unwrap();
            assert_eq!(after.outcome == Outcome::P, choice.winning, "{text}");
            let h = hint(&p, &limits).unwrap();
            assert_eq!(h.winning_moves.is_empty(), truth == Outcome::P, "{text}");
        }
    }

    #[test]
    fn no_move_means_none() {
        let p = Position::parse("nim(0)").unwrap();
        assert!(
            choose_move(&p, &Limits::default(), &mut Rng::new(1))
                .unwrap()
                .is_none()
        );
    }
}
