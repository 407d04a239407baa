//! Misère play by search: the misère Grundy value of any finite game.
//!
//! The misère Grundy value (Conway, *On Numbers and Games*, ch. 12;
//! *Winning Ways*, ch. 13) is defined like the normal one, except at the
//! end: `G⁻(p) = 1` when `p` has no move, and otherwise `G⁻(p)` is the mex
//! of the values of its options. A position is a misère P-position exactly
//! when `G⁻(p) = 0`, and more generally `G⁻(p) = k` exactly when `p + *k`
//! is a misère P-position (induction on `p + *k`: a terminal `p` leaves
//! `*k`, lost by the mover only for `k = 1`; otherwise the mex argument of
//! the normal theory goes through unchanged).
//!
//! Misère values do not add: the value of a sum must come from a search of
//! the whole sum. The search reuses the normal-play [`Solver`]: giving
//! every terminal position of `G` one extra move, to a new terminal
//! position, turns `G⁻` into the normal Grundy value of the new game (the
//! mex of `{0}` is `1`; nothing else changes). [`MisereForm`] is that game.

use crate::error::Result;
use crate::game::{Game, Outcome};
use crate::nimber::Nimber;
use crate::solve::{Config, Solver};

/// A position of [`MisereForm`]: a position of the original game, or the
/// extra terminal position that follows its terminal positions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node<P> {
    /// A position of the original game.
    At(P),
    /// The extra end, one move after any terminal position.
    End,
}

/// The game whose normal Grundy values are `G`'s misère Grundy values.
///
/// It does not forward [`Game::components`] or [`Game::closed_form`]: both
/// speak of normal play.
pub struct MisereForm<G>(pub G);

impl<G: Game> Game for MisereForm<G> {
    type Position = Node<G::Position>;

    fn position_bytes(&self, p: &Self::Position) -> u64 {
        match p {
            Node::At(p) => self.0.position_bytes(p),
            Node::End => 0,
        }
    }

    fn move_count(&self, p: &Self::Position) -> Option<u64> {
        match p {
            // A terminal position gets its one extra move.
            Node::At(p) => self.0.move_count(p).map(|n| n.max(1)),
            Node::End => Some(0),
        }
    }

    fn moves(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        let Node::At(p) = p else { return };
        let mut options = Vec::new();
        self.0.moves(p, &mut options);
        if options.is_empty() {
            out.push(Node::End);
        }
        out.extend(options.into_iter().map(Node::At));
    }
}

/// A memoising solver for misère play on any finite game.
///
/// ```
/// use grundy::{Config, Game, Nimber, Outcome};
/// use grundy::misere::MisereSolver;
///
/// /// Nim heaps, sorted.
/// struct Nim;
/// impl Game for Nim {
///     type Position = Vec<u64>;
///     fn moves(&self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
///         for i in 0..p.len() {
///             for k in 0..p[i] {
///                 let mut q = p.clone();
///                 q[i] = k;
///                 q.sort();
///                 out.push(q);
///             }
///         }
///     }
/// }
/// let mut solver = MisereSolver::new(Nim, Config::default());
/// // One heap of one: whoever must take it loses.
/// assert_eq!(solver.outcome(&vec![1]).unwrap(), Outcome::P);
/// // Two heaps of one: take one, and the opponent must take the last.
/// assert_eq!(solver.outcome(&vec![1, 1]).unwrap(), Outcome::N);
/// assert_eq!(solver.value(&vec![2, 2]).unwrap(), Nimber(0));
/// assert_eq!(solver.winning_moves(&vec![1, 3]).unwrap(), [vec![0, 1]]);
/// ```
pub struct MisereSolver<G: Game> {
    solver: Solver<MisereForm<G>>,
}

impl<G: Game> MisereSolver<G> {
    /// A solver for `game` with the limits of `config` (its `closed_forms`
    /// and `decompose` switches are turned off: both are normal-play facts).
    pub fn new(game: G, config: Config) -> MisereSolver<G> {
        let config = Config {
            closed_forms: false,
            decompose: false,
            ..config
        };
        MisereSolver {
            solver: Solver::new(MisereForm(game), config),
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.solver.game().0
    }

    /// How many positions the transposition table holds.
    pub fn positions(&self) -> usize {
        self.solver.positions()
    }

    /// The misère Grundy value of `p`.
    pub fn value(&mut self, p: &G::Position) -> Result<Nimber> {
        self.solver.value(&Node::At(p.clone()))
    }

    /// Who wins `p` under misère play.
    pub fn outcome(&mut self, p: &G::Position) -> Result<Outcome> {
        self.value(p).map(Outcome::of)
    }

    /// Every move from `p` to a misère P-position (none from a terminal
    /// position: it has no move, and the player to move has already won).
    pub fn winning_moves(&mut self, p: &G::Position) -> Result<Vec<G::Position>> {
        Ok(self
            .valued_moves(p)?
            .into_iter()
            .filter(|(_, v)| v.is_zero())
            .map(|(q, _)| q)
            .collect())
    }

    /// Every move from `p` with the misère Grundy value it leads to.
    pub fn valued_moves(&mut self, p: &G::Position) -> Result<Vec<(G::Position, Nimber)>> {
        let mut options = Vec::new();
        self.game().moves(p, &mut options);
        options
            .into_iter()
            .map(|q| self.value(&q).map(|v| (q, v)))
            .collect()
    }
}
