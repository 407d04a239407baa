//! Solvers: Grundy values of positions of any [`Game`].
//!
//! [`Solver`] is the general engine: an iterative depth-first search with a
//! transposition table (memo), so a game a million moves deep needs no deep
//! call stack, and a position limit turns a runaway search into a clear error
//! instead of an out-of-memory kill. It uses a game's decomposition into
//! components and its closed forms. [`reference`](mod@reference) is the plain brute force
//! that the tests hold every shortcut against.

pub(crate) mod explore;
pub mod reference;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::error::{Error, ErrorKind, LimitKind, Result};
use crate::game::{Game, Outcome};
use crate::limits::{Deadline, Limits, option_cost, options_budget, too_many_options};
use crate::nimber::{Mex, Nimber};

/// Limits and switches for a [`Solver`].
#[derive(Clone, Debug)]
pub struct Config {
    /// The most positions the transposition table may hold.
    pub max_positions: usize,
    /// Use [`Game::closed_form`] where it answers.
    pub closed_forms: bool,
    /// Use [`Game::components`] to split sums.
    pub decompose: bool,
    /// Set from another thread (for example a Ctrl-C handler) to stop a
    /// search with [`ErrorKind::Interrupted`].
    pub stop: Option<Arc<AtomicBool>>,
    /// Stop with the time limit once this has passed.
    pub deadline: Option<Deadline>,
    /// The most options one position may have ([`Bounds::max_moves`](crate::limits::Bounds::max_moves)),
    /// checked by [`Game::move_count`] before they are built.
    pub max_moves: usize,
    /// The most bytes the search's own tables may take
    /// ([`Bounds::max_memory`](crate::limits::Bounds::max_memory)), estimated from the sizes of positions.
    pub max_memory: u64,
}

pub use crate::limits::DEFAULT_MAX_POSITIONS;

impl Default for Config {
    fn default() -> Config {
        Config {
            max_positions: DEFAULT_MAX_POSITIONS,
            closed_forms: true,
            decompose: true,
            stop: None,
            deadline: None,
            max_moves: crate::limits::DEFAULT_MAX_MOVES,
            max_memory: crate::limits::DEFAULT_MAX_MEMORY,
        }
    }
}

impl Config {
    pub(crate) fn check_stop(&self) -> Result<()> {
        crate::limits::check_stop(self.stop.as_deref(), self.deadline.as_ref())
    }
}

impl Limits {
    /// The solver configuration these limits imply.
    pub fn solver_config(&self) -> Config {
        Config {
            max_positions: self.bounds.max_positions,
            stop: self.run.stop.clone(),
            deadline: self.bounds.deadline,
            max_moves: self.bounds.max_moves,
            max_memory: self.bounds.max_memory,
            ..Config::default()
        }
    }
}

/// What listing `options` counts against a search's budget of option
/// bytes ([`options_budget`]), each option's inline size and what it owns
/// counted as at least [`crate::limits::MIN_OPTION_BYTES`]; and the bytes
/// they take.
pub fn options_cost<G: Game>(game: &G, options: &[G::Position]) -> (u64, u64) {
    let inline = std::mem::size_of::<G::Position>() as u64;
    options.iter().fold((0, 0), |(cost, bytes), o| {
        let size = inline + game.position_bytes(o);
        (cost + option_cost(size), bytes + size)
    })
}

/// A memo entry: a position is `Pending` while it is on the search stack,
/// which is how a cycle is detected.
#[derive(Clone, Copy, Debug)]
enum Memo {
    Pending,
    Done(Nimber),
}

/// How a frame's value follows from its children's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Combine {
    /// The position is a sum: nim-sum of the components.
    Sum,
    /// Ordinary position: mex of the options.
    Mex,
}

/// One position being evaluated. Its children live in the solver's arena at
/// `start..end`; `cursor` is the next child to look at.
struct Frame<P> {
    pos: P,
    combine: Combine,
    start: usize,
    end: usize,
    cursor: usize,
    /// Where the parent wants this frame's value (arena index), if any.
    slot: Option<usize>,
    /// The bytes this frame holds besides the memo: its copy of the
    /// position and its children in the arena.
    bytes: u64,
}

/// A memoising Grundy-value solver for a game.
pub struct Solver<G: Game> {
    game: G,
    config: Config,
    memo: HashMap<G::Position, Memo>,
    // Children of all frames on the stack, stacked in frame order.
    arena: Vec<G::Position>,
    values: Vec<Nimber>,
    stack: Vec<Frame<G::Position>>,
    mex: Mex,
    steps: u64,
    /// Bytes of options listed by the current search, for its budget
    /// ([`crate::limits::options_budget`]).
    options: u64,
    /// About how many bytes the memo holds, for `max_memory`.
    memo_bytes: u64,
    /// About how many bytes the frames on the search stack hold (see
    /// [`Frame::bytes`]): a position on the stack is held three times, as
    /// the memo's key, the frame's and its parent's child.
    stack_bytes: u64,
}

impl<G: Game> Solver<G> {
    /// A solver for `game` (pass `&game` to keep ownership).
    pub fn new(game: G, config: Config) -> Solver<G> {
        Solver {
            game,
            config,
            memo: HashMap::new(),
            arena: Vec::new(),
            values: Vec::new(),
            stack: Vec::new(),
            mex: Mex::new(),
            steps: 0,
            options: 0,
            memo_bytes: 0,
            stack_bytes: 0,
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The solver's configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Replaces the configuration; the transposition table is kept. If it
    /// already holds more positions than the new limit allows, the next
    /// search that needs a new position fails with the limit error.
    pub fn set_config(&mut self, config: Config) {
        self.config = config;
    }

    /// How many positions the transposition table holds.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// How many positions have been expanded (evaluated from their moves or
    /// components) since the solver was made: a measure of search work.
    pub fn expanded(&self) -> u64 {
        self.steps
    }

    /// The Grundy value of `p`.
    pub fn value(&mut self, p: &G::Position) -> Result<Nimber> {
        let result = self.search(p);
        if result.is_err() {
            self.abandon();
        }
        result
    }

    /// Who wins from `p`.
    pub fn outcome(&mut self, p: &G::Position) -> Result<Outcome> {
        self.value(p).map(Outcome::of)
    }

    /// Every move from `p` to a position of value 0.
    pub fn winning_moves(&mut self, p: &G::Position) -> Result<Vec<G::Position>> {
        self.check_move_count(p, 0)?;
        let mut options = Vec::new();
        self.game.moves(p, &mut options);
        let mut winning = Vec::new();
        for option in options {
            if self.value(&option)?.is_zero() {
                winning.push(option);
            }
        }
        Ok(winning)
    }

    /// Every move from `p` with the value it leads to.
    pub fn valued_moves(&mut self, p: &G::Position) -> Result<Vec<(G::Position, Nimber)>> {
        self.check_move_count(p, 0)?;
        let mut options = Vec::new();
        self.game.moves(p, &mut options);
        options
            .into_iter()
            .map(|o| self.value(&o).map(|v| (o, v)))
            .collect()
    }

    /// A value known without search: closed form or memo. `Err` on a cycle.
    fn known(&self, p: &G::Position) -> Result<Option<Nimber>> {
        if self.config.closed_forms
            && let Some(v) = self.game.closed_form(p)
        {
            return Ok(Some(v));
        }
        match self.memo.get(p) {
            Some(Memo::Done(v)) => Ok(Some(*v)),
            Some(Memo::Pending) => Err(ErrorKind::Cycle {
                vertex: format!("{p:?}"),
            }
            .into()),
            None => Ok(None),
        }
    }

    fn search(&mut self, root: &G::Position) -> Result<Nimber> {
        if let Some(v) = self.known(root)? {
            return Ok(v);
        }
        self.options = 0;
        self.push(root.clone(), None)?;
        loop {
            let top = self
                .stack
                .last_mut()
                .expect("search stack is never empty here");
            if top.cursor < top.end {
                let i = top.cursor;
                top.cursor += 1;
                match self.known(&self.arena[i])? {
                    Some(v) => self.values[i] = v,
                    None => {
                        let child = self.arena[i].clone();
                        self.push(child, Some(i))?;
                    }
                }
                continue;
            }
            let frame = self.stack.pop().expect("checked above");
            self.stack_bytes -= frame.bytes;
            let children = &self.values[frame.start..frame.end];
            let value = match frame.combine {
                Combine::Sum => children.iter().copied().sum(),
                Combine::Mex => self.mex.of(children.iter().copied()),
            };
            self.arena.truncate(frame.start);
            self.values.truncate(frame.start);
            self.memo.insert(frame.pos, Memo::Done(value));
            match frame.slot {
                Some(slot) => self.values[slot] = value,
                None => return Ok(value),
            }
        }
    }

    fn push(&mut self, pos: G::Position, slot: Option<usize>) -> Result<()> {
        if self.memo.len() >= self.config.max_positions {
            return Err(Error::limit(
                LimitKind::Positions,
                self.config.max_positions as u64,
            ));
        }
        // Checked before the position is marked pending, so an
        // interrupted search leaves no pending mark behind.
        self.steps += 1;
        if self.steps.is_multiple_of(4096) {
            self.config.check_stop()?;
        }
        let bytes = self.entry_bytes(&pos);
        if self.memo_bytes.saturating_add(bytes) > self.config.max_memory {
            return Err(Error::limit(LimitKind::Memory, self.config.max_memory));
        }
        self.memo.insert(pos.clone(), Memo::Pending);
        self.memo_bytes += bytes;
        let start = self.arena.len();
        let combine = if self.config.decompose && self.game.components(&pos, &mut self.arena) {
            Combine::Sum
        } else {
            self.arena.truncate(start);
            if let Err(e) = self.check_move_count(&pos, start) {
                self.forget(&pos);
                return Err(e);
            }
            self.game.moves(&pos, &mut self.arena);
            Combine::Mex
        };
        let end = self.arena.len();
        // Games that cannot count their moves are checked once they are
        // listed: the children of every position on the search stack stay
        // in the arena until it is done.
        let each = (std::mem::size_of::<G::Position>() + std::mem::size_of::<Nimber>()) as u64;
        let (cost, children) = options_cost(&self.game, &self.arena[start..end]);
        self.options = self.options.saturating_add(cost);
        let frame_bytes = children.saturating_add(bytes);
        let held = self
            .memo_bytes
            .saturating_add(self.stack_bytes)
            .saturating_add(frame_bytes);
        let over = if (end as u64).saturating_mul(each) > self.config.max_memory
            || held > self.config.max_memory
        {
            Some(Error::limit(LimitKind::Memory, self.config.max_memory))
        } else if self.options > options_budget(self.config.max_positions) {
            Some(too_many_options(self.config.max_positions))
        } else {
            None
        };
        if let Some(e) = over {
            self.arena.truncate(start);
            self.forget(&pos);
            return Err(e);
        }
        self.values.resize(end, Nimber::ZERO);
        self.stack_bytes += frame_bytes;
        self.stack.push(Frame {
            pos,
            combine,
            start,
            end,
            cursor: start,
            slot,
            bytes: frame_bytes,
        });
        Ok(())
    }

    /// `Err` when the options of `p`, counted by [`Game::move_count`],
    /// are more than `max_moves`, or would take the children already
    /// stacked (`stacked` of them) past the memory budget: checked before
    /// the options are built. Positions are counted at their inline size,
    /// a lower bound for positions that own heap data.
    fn check_move_count(&self, p: &G::Position, stacked: usize) -> Result<()> {
        let Some(count) = self.game.move_count(p) else {
            return Ok(());
        };
        if count > self.config.max_moves as u64 {
            return Err(Error::limit(LimitKind::Moves, self.config.max_moves as u64));
        }
        let each = (std::mem::size_of::<G::Position>() + std::mem::size_of::<Nimber>()) as u64;
        let bytes = (stacked as u64).saturating_add(count).saturating_mul(each);
        if bytes > self.config.max_memory {
            return Err(Error::limit(LimitKind::Memory, self.config.max_memory));
        }
        Ok(())
    }

    /// The memory one memo entry for `p` takes, about: the position, its
    /// value and the hash table's overhead, and what the position owns.
    fn entry_bytes(&self, p: &G::Position) -> u64 {
        (std::mem::size_of::<G::Position>() + std::mem::size_of::<Memo>() + 16) as u64
            + self.game.position_bytes(p)
    }

    /// Removes a pending position from the memo.
    fn forget(&mut self, p: &G::Position) {
        if self.memo.remove(p).is_some() {
            self.memo_bytes = self.memo_bytes.saturating_sub(self.entry_bytes(p));
        }
    }

    /// After an error mid-search, forget the positions left pending so the
    /// solver stays usable (their values were never computed).
    fn abandon(&mut self) {
        for frame in std::mem::take(&mut self.stack) {
            if let Some(Memo::Pending) = self.memo.get(&frame.pos) {
                self.forget(&frame.pos);
            }
        }
        self.arena.clear();
        self.values.clear();
        self.stack_bytes = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain 0 <- 1 <- 2 <- ... : position n has the single move to n-1.
    struct Chain;
    impl Game for Chain {
        type Position = u64;
        fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
            if n > 0 {
                out.push(n - 1);
            }
        }
    }

    #[test]
    fn deep_chain_needs_no_call_stack() {
        let mut s = Solver::new(Chain, Config::default());
        assert_eq!(s.value(&1_000_000).unwrap(), Nimber(0));
        assert_eq!(s.value(&999_999).unwrap(), Nimber(1));
    }

    #[test]
    fn position_limit_is_a_clear_error_and_solver_recovers() {
        let config = Config {
            max_positions: 100,
            ..Config::default()
        };
        let mut s = Solver::new(Chain, config);
        let err = s.value(&1000).unwrap_err();
        assert!(matches!(
            err.kind(),
            ErrorKind::Limit {
                kind: LimitKind::Positions,
                limit: 100,
                ..
            }
        ));
        // Nothing pending is left behind, so smaller questions still work.
        assert_eq!(s.value(&10).unwrap(), Nimber(0));
    }

    /// Two positions that move to each other.
    struct Loop;
    impl Game for Loop {
        type Position = u8;
        fn moves(&self, &p: &u8, out: &mut Vec<u8>) {
            out.push(1 - p);
        }
    }

    #[test]
    fn cycles_are_reported() {
        let err = Solver::new(Loop, Config::default()).value(&0).unwrap_err();
        assert!(matches!(err.kind(), ErrorKind::Cycle { .. }), "{err}");
    }

    #[test]
    fn stop_flag_interrupts() {
        let stop = Arc::new(AtomicBool::new(true));
        let config = Config {
            stop: Some(stop),
            ..Config::default()
        };
        let err = Solver::new(Chain, config).value(&100_000).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::Interrupted);
    }
}
