//! The engine's move and its reason.
//!
//! Under normal play a position of value `G ≠ 0` is won by moving to value
//! 0 (the Sprague–Grundy theorem: the sum's value is the nim-sum of its
//! components', so a move changing one component of value `g` to `g ⊕ G`
//! makes the sum 0). From a position of value 0 every move loses against
//! perfect play; the engine then makes the opponent's task as hard as it
//! can: it picks the move after which the fewest replies win, then the one
//! leaving the largest value, and breaks remaining ties at random.

use serde::Serialize;

use crate::analysis::normal::{self as analysis, Move, analyze};
use crate::error::{Error, Result};
use crate::expr::Position;
use crate::limits::Limits;
use crate::nimber::Nimber;

/// Above this many moves the engine, when losing, does not look at every
/// reply of every move, and just leaves the largest value.
pub const LOOKAHEAD_MOVES: usize = 1000;

/// A small seeded random number generator (SplitMix64, Steele, Lea and
/// Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014):
/// enough to vary the engine's choice among equally good moves, and
/// reproducible from its seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        // The modulo bias is at most n / 2^64: irrelevant here.
        (self.next_u64() % n as u64) as usize
    }
}

/// The move the engine makes, and why.
#[derive(Clone, Debug, Serialize)]
pub struct Choice {
    /// The move.
    #[serde(rename = "move")]
    pub chosen: Move,
    /// The value of the position before the move.
    pub before: Nimber,
    /// Whether the move wins against any defence (it leaves value 0).
    pub winning: bool,
    /// When losing and the replies were counted: how many of the
    /// opponent's replies win, and how many replies there are.
    pub winning_replies: Option<(usize, usize)>,
    /// The nim-sum argument, in a sentence or two.
    pub reason: String,
}

/// The engine's move from `position` under normal play, or `None` when
/// there is no move (the player to move has lost).
///
/// ```
/// use grundy::{Limits, expr::Position, play::{Rng, choose_move}};
/// let p = Position::parse("nim(3,5,7)").unwrap();
/// let choice = choose_move(&p, &Limits::default(), &mut Rng::new(1)).unwrap().unwrap();
/// assert!(choice.winning && choice.chosen.grundy.is_zero());
/// assert!(choice.reason.starts_with("G = *3 ⊕ *5 ⊕ *7 = *1"));
/// ```
pub fn choose_move(position: &Position, limits: &Limits, rng: &mut Rng) -> Result<Option<Choice>> {
    // In a game with cycles a move to value 0 need not make progress: the
    // winner can go round a cycle of such moves for ever (Smith's counter
    // function decides which ones do), so the engine refuses such games.
    if crate::analysis::loopy::involves_cycles(position) {
        return Err(Error::invalid(
            "the engine plays games without cycles only: with a loopy[...] term, a move to value 0 need not make progress towards a win",
        ));
    }
    let a = analyze(position, limits)?;
    let values: Vec<Nimber> = a.components.iter().map(|c| c.grundy).collect();
    if !a.winning_moves.is_empty() {
        let chosen = a.winning_moves[rng.below(a.winning_moves.len())].clone();
        let reason = winning_reason(&values, a.grundy, &chosen);
        return Ok(Some(Choice {
            chosen,
            before: a.grundy,
            winning: true,
            winning_replies: None,
            reason,
        }));
    }
    let moves = analysis::moves(position, limits)?;
    if moves.is_empty() {
        return Ok(None);
    }
    let (chosen, winning_replies) = hardest_for_the_opponent(moves, limits, rng)?;
    let reason = losing_reason(&values, &chosen, winning_replies);
    Ok(Some(Choice {
        chosen,
        before: a.grundy,
        winning: false,
        winning_replies,
        reason,
    }))
}

/// From a lost position: the move after which the fewest replies win (when
/// there are at most [`LOOKAHEAD_MOVES`] moves), then the one leaving the
/// largest value, ties broken at random.
fn hardest_for_the_opponent(
    moves: Vec<Move>,
    limits: &Limits,
    rng: &mut Rng,
) -> Result<(Move, Option<(usize, usize)>)> {
    let look_ahead = moves.len() <= LOOKAHEAD_MOVES;
    let mut scored = Vec::with_capacity(moves.len());
    for m in moves {
        let replies = if look_ahead {
            let winning = analyze(&m.position, limits)?.winning_moves.len();
            let all = analysis::moves(&m.position, limits)?.len();
            Some((winning, all))
        } else {
            None
        };
        scored.push((m, replies));
    }
    // Sort key: fewest winning replies first, then the largest value left.
    let key = |(m, r): &(Move, Option<(usize, usize)>)| {
        (r.map_or(0, |r| r.0), std::cmp::Reverse(m.grundy))
    };
    let best = scored
        .iter()
        .map(key)
        .min()
        .expect("there is at least one move");
    let mut tied: Vec<(Move, Option<(usize, usize)>)> =
        scored.into_iter().filter(|s| key(s) == best).collect();
    let pick = rng.below(tied.len());
    Ok(tied.swap_remove(pick))
}

/// `*3 ⊕ *5 ⊕ *7`, or `*3` for one component.
fn nim_sum_text(values: &[Nimber]) -> String {
    values
        .iter()
        .map(|v| format!("{v:#}"))
        .collect::<Vec<_>>()
        .join(" ⊕ ")
}

/// `G = *3 ⊕ *5 ⊕ *7 = *1`, or `G = *3` for one component.
fn value_text(values: &[Nimber], total: Nimber) -> String {
    if values.len() == 1 {
        format!("G = {total:#}")
    } else {
        format!("G = {} = {total:#}", nim_sum_text(values))
    }
}

fn winning_reason(values: &[Nimber], total: Nimber, m: &Move) -> String {
    let target = values[m.component] + total;
    let mut after = values.to_vec();
    after[m.component] = target;
    format!(
        "{} ≠ 0, so the player to move wins: I move {} to {} (value {target:#}), and the nim-sum becomes {} = 0.",
        value_text(values, total),
        m.from,
        m.to,
        nim_sum_text(&after)
    )
}

fn losing_reason(values: &[Nimber], m: &Move, replies: Option<(usize, usize)>) -> String {
    let hard = match replies {
        Some((1, all)) => format!("; only 1 of your {all} replies wins"),
        Some((winning, all)) => format!("; {winning} of your {all} replies win"),
        None => String::new(),
    };
    format!(
        "{}: every move leaves a non-zero nim-sum, so I cannot force a win. I move {} to {}, leaving {:#}{hard}.",
        value_text(values, Nimber::ZERO),
        m.from,
        m.to,
        m.grundy
    )
}

/// What `hint` shows a player: the winning moves and the nim-sum argument.
#[derive(Clone, Debug, Serialize)]
pub struct Hint {
    /// The value of the position.
    pub grundy: Nimber,
    /// Every move to value 0.
    pub winning_moves: Vec<Move>,
    /// The argument in a sentence.
    pub reason: String,
}

/// The hint for the player to move in `position`.
///
/// ```
/// use grundy::{Limits, expr::Position, play::engine::hint};
/// let h = hint(&Position::parse("nim(3,5,7)").unwrap(), &Limits::default()).unwrap();
/// assert_eq!(h.winning_moves.len(), 3);
/// assert!(h.reason.starts_with("G = *3 ⊕ *5 ⊕ *7 = *1 ≠ 0"));
/// ```
pub fn hint(position: &Position, limits: &Limits) -> Result<Hint> {
    let a = analyze(position, limits)?;
    let values: Vec<Nimber> = a.components.iter().map(|c| c.grundy).collect();
    let sum = value_text(&values, a.grundy);
    let reason = if a.grundy.is_zero() {
        format!("{sum}: every move leaves a non-zero nim-sum, so no move wins against perfect play")
    } else {
        format!("{sum} ≠ 0: a move that makes the nim-sum 0 wins")
    };
    Ok(Hint {
        grundy: a.grundy,
        winning_moves: a.winning_moves,
        reason,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rng_is_reproducible_and_in_range() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..100 {
            let x = a.below(10);
            assert_eq!(x, b.below(10));
            assert!(x < 10);
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn no_move_means_no_choice() {
        let p = Position::parse("nim(0,0)").unwrap();
        assert!(
            choose_move(&p, &Limits::default(), &mut Rng::new(0))
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn losing_engine_leaves_the_fewest_winning_replies() {
        let p = Position::parse("nim(2,2)").unwrap();
        let c = choose_move(&p, &Limits::default(), &mut Rng::new(3))
            .unwrap()
            .unwrap();
        assert!(!c.winning);
        // From nim(2,2): to nim(2,1) or nim(1,2) (value *3, one winning
        // reply of 3) beats nim(2,0) (value *2, one of 2): same count, larger value.
        assert_eq!(c.chosen.grundy, Nimber(3));
        assert_eq!(c.winning_replies, Some((1, 3)));
        assert!(c.reason.contains("G = *2 ⊕ *2 = 0"), "{}", c.reason);
    }
}
