//! The reference solver: the definition of the Grundy value, nothing more.
//!
//! `G(p) = mex { G(q) : q an option of p }`, memoised, over [`Game::moves`]
//! only. It ignores closed forms and decompositions into components, so a
//! sum is searched as one game: agreement with [`crate::Solver`] on sums is
//! a check of the Sprague–Grundy theorem's use as well as of the formulas.
//! It recurses, so it is meant for the small positions tests use.

use std::collections::HashMap;

use crate::error::{ErrorKind, Result};
use crate::game::{Game, Outcome};
use crate::nimber::{Mex, Nimber};

/// A plain memoised-mex solver over explicit moves.
pub struct Reference<'g, G: Game> {
    game: &'g G,
    memo: HashMap<G::Position, Option<Nimber>>,
}

impl<'g, G: Game> Reference<'g, G> {
    /// A reference solver for `game`.
    pub fn new(game: &'g G) -> Reference<'g, G> {
        Reference {
            game,
            memo: HashMap::new(),
        }
    }

    /// The Grundy value of `p` by brute force. Errors only on a cycle.
    pub fn value(&mut self, p: &G::Position) -> Result<Nimber> {
        match self.memo.get(p) {
            Some(Some(v)) => return Ok(*v),
            Some(None) => {
                return Err(ErrorKind::Cycle {
                    vertex: format!("{p:?}"),
                }
                .into());
            }
            None => {}
        }
        self.memo.insert(p.clone(), None);
        let mut options = Vec::new();
        self.game.moves(p, &mut options);
        let mut values = Vec::with_capacity(options.len());
        for q in &options {
            values.push(self.value(q)?);
        }
        let v = Mex::new().of(values);
        self.memo.insert(p.clone(), Some(v));
        Ok(v)
    }
}

/// The Grundy value of `p` in `game` by brute force (see [`Reference`]).
pub fn value<G: Game>(game: &G, p: &G::Position) -> Result<Nimber> {
    Reference::new(game).value(p)
}

/// Who wins a game when the player to move has no move left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Normal play: the player who cannot move loses.
    LastMoverWins,
    /// Misère play: the player who cannot move wins (the opponent made the
    /// last move, and the last player to move loses).
    LastMoverLoses,
}

/// The outcome of `p` by the definition alone, with no Grundy values: a
/// position without moves is won by whoever `ending` says, and any other
/// position is an N-position exactly when some move leads to a
/// P-position. Tests hold the shortcuts of misère play and of the
/// every-move rule, where the Sprague–Grundy theorem does not apply,
/// against it. Errors only on a cycle.
pub fn outcome<G: Game>(game: &G, p: &G::Position, ending: Ending) -> Result<Outcome> {
    fn visit<G: Game>(
        game: &G,
        p: &G::Position,
        ending: Ending,
        memo: &mut HashMap<G::Position, Option<Outcome>>,
    ) -> Result<Outcome> {
        match memo.get(p) {
            Some(Some(o)) => return Ok(*o),
            Some(None) => {
                return Err(ErrorKind::Cycle {
                    vertex: format!("{p:?}"),
                }
                .into());
            }
            None => {}
        }
        memo.insert(p.clone(), None);
        let mut options = Vec::new();
        game.moves(p, &mut options);
        let o = if options.is_empty() {
            match ending {
                Ending::LastMoverWins => Outcome::P,
                Ending::LastMoverLoses => Outcome::N,
            }
        } else {
            let mut o = Outcome::P;
            for q in &options {
                if visit(game, q, ending, memo)? == Outcome::P {
                    o = Outcome::N;
                    break;
                }
            }
            o
        };
        memo.insert(p.clone(), Some(o));
        Ok(o)
    }
    visit(game, p, ending, &mut HashMap::new())
}
