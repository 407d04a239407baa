//! Serving a [`HeapGame`] to the expression language.

use std::ops::ControlFlow;
use std::sync::Mutex;

use super::{HeapGame, heap_size};
use crate::error::{Error, LimitKind, Result};
use crate::family::{Arg, Family, Shape};
use crate::limits::Limits;
use crate::nimber::{Mex, Nimber};
use crate::period::{self, PeriodSearch, Periodicity, Proof};

/// A one-heap family in expressions: values from the closed form, a table
/// grown on demand, or a proven period for heaps beyond the table.
pub struct HeapFamily<H> {
    game: H,
    head: String,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// `G(0..table.len())`.
    table: Vec<Nimber>,
    /// The certified period, once found.
    period: Option<Periodicity>,
    /// The table length up to which a period search found none.
    searched_to: u64,
}

/// Heaps below this are answered by filling the table without first
/// looking for a period.
const SMALL_HEAP: u64 = 1 << 12;

impl<H: HeapGame> HeapFamily<H> {
    /// A family with canonical name `head` (such as `sub{1,3,4}`).
    pub fn new(game: H, head: impl Into<String>) -> HeapFamily<H> {
        HeapFamily {
            game,
            head: head.into(),
            state: Mutex::new(State::default()),
        }
    }

    /// The rules.
    pub fn game(&self) -> &H {
        &self.game
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic elsewhere cannot leave the table inconsistent (it only
        // grows after each value is complete), so a poisoned lock is usable.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn grow(&self, state: &mut State, to: u64, limits: &Limits) -> Result<()> {
        if to > limits.bounds.max_heap {
            return Err(Error::limit(LimitKind::HeapSize, limits.bounds.max_heap));
        }
        if self.game.closed_form(0).is_some() {
            // A game with a formula (the Bash game) needs no search for
            // its table, only for its period's certificate.
            limits.check_memory(
                to.saturating_add(1)
                    .saturating_mul(size_of::<Nimber>() as u64),
            )?;
            let from = state.table.len() as u64;
            let formula = |n| {
                self.game
                    .closed_form(n)
                    .expect("closed forms cover every heap")
            };
            state.table.extend((from..=to).map(formula));
            return Ok(());
        }
        self.game.fill(&mut state.table, to, limits)
    }

    /// `G(n)` with the lock held: from the table, a certified period, or
    /// the table grown to `n`.
    fn value_in(&self, state: &mut State, n: u64, limits: &Limits) -> Result<Nimber> {
        if let Some(&v) = state.table.get(n as usize) {
            return Ok(v);
        }
        if n >= SMALL_HEAP {
            self.search_period(state, n.min(limits.bounds.max_heap), limits)?;
            if let Some(v) = state
                .period
                .as_ref()
                .and_then(|p| p.value_at(n, &state.table))
            {
                return Ok(v);
            }
        }
        self.grow(state, n, limits)?;
        Ok(state.table[n as usize])
    }

    /// The value of a heap an option leaves, with the lock held.
    fn part_value(&self, state: &mut State, n: u64, limits: &Limits) -> Result<Nimber> {
        match self.game.closed_form(n) {
            Some(v) => Ok(v),
            None => self.value_in(state, n, limits),
        }
    }

    /// Looks for a proven period, doubling the table up to `limit` values.
    fn search_period(&self, state: &mut State, limit: u64, limits: &Limits) -> Result<()> {
        let Some(proof) = self.game.period_proof() else {
            return Ok(());
        };
        // No certificate fits within `limit` values: the table is grown
        // where needed, without a search.
        if proof.values_needed(0, 1).is_some_and(|n| n > limit) {
            return Ok(());
        }
        let mut len = (state.searched_to * 2).max(SMALL_HEAP);
        while state.period.is_none() && state.searched_to < limit {
            len = len.min(limit);
            self.grow(state, len - 1, limits)?;
            state.period = find_period(&state.table, &proof, self.game.arithmetic());
            state.searched_to = len;
            len *= 2;
        }
        Ok(())
    }
}

/// The shortest period of `table` that `proof` certifies.
pub(crate) fn find_period(
    table: &[Nimber],
    proof: &Proof,
    arithmetic: bool,
) -> Option<Periodicity> {
    let len = table.len() as u64;
    let (preperiod, period, saltus) = period::detect(table, arithmetic, |n0, p| {
        proof.values_needed(n0, p).is_some_and(|need| need <= len)
    })?;
    Some(Periodicity {
        preperiod,
        period,
        saltus,
        checked_to: len,
        proof: proof.clone(),
    })
}

impl<H: HeapGame> Family for HeapFamily<H> {
    fn head(&self) -> String {
        self.head.clone()
    }

    fn shape(&self) -> Shape {
        Shape::Heaps
    }

    fn check(&self, component: &[Arg], _limits: &Limits) -> Result<()> {
        heap_size(component).map(|_| ())
    }

    fn value(&self, component: &[Arg], limits: &Limits) -> Result<Nimber> {
        let n = heap_size(component)?;
        if let Some(v) = self.game.closed_form(n) {
            return Ok(v);
        }
        let mut state = self.lock();
        self.value_in(&mut state, n, limits)
    }

    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()> {
        let n = heap_size(component)?;
        // Counted by formula first, so a heap of 10^12 is refused at once
        // rather than walked.
        if let Some(count) = self.game.option_count(n) {
            limits.check_moves(count)?;
        }
        let mut count = 0usize;
        self.game.options(n, &mut |parts| {
            count += 1;
            if count <= limits.bounds.max_moves {
                out.push(super::parts_as_args(parts));
            }
        });
        limits.check_moves(count as u64)?;
        Ok(())
    }

    /// The options of value `target`, from the game's inversion of its
    /// closed form when it has one (Lasker's Nim, the splitting games), and
    /// otherwise by walking the options with values from the closed form,
    /// the table or the certified period (a finite subtraction set has at
    /// most one option per element; a table-filled game such as an all-but
    /// set only reaches here for a heap within `--max-heap`, whose value
    /// was needed first). Every option of value `target` is examined, so a
    /// winning move is listed whenever one exists; after `max_moves` of
    /// them the limit error says more exist.
    fn moves_to(
        &self,
        component: &[Arg],
        target: Nimber,
        limits: &Limits,
        out: &mut Vec<Vec<Arg>>,
    ) -> Result<()> {
        let n = heap_size(component)?;
        let mut found = 0usize;
        let mut more = false;
        let mut keep = |parts: &[u64]| {
            if found == limits.bounds.max_moves {
                more = true;
                return ControlFlow::Break(());
            }
            found += 1;
            out.push(super::parts_as_args(parts));
            ControlFlow::Continue(())
        };
        if self.game.options_to(n, target, &mut keep).is_none() {
            let mut state = self.lock();
            if n > 0 && self.game.closed_form(n - 1).is_none() {
                self.value_in(&mut state, n - 1, limits)?;
            }
            let (mut stopped, mut failure) = (false, None);
            self.game.options(n, &mut |parts| {
                if stopped {
                    return;
                }
                let mut value = Nimber::ZERO;
                for &h in parts {
                    match self.part_value(&mut state, h, limits) {
                        Ok(v) => value += v,
                        Err(e) => {
                            failure = Some(e);
                            stopped = true;
                            return;
                        }
                    }
                }
                if value == target && keep(parts).is_break() {
                    stopped = true;
                }
            });
            if let Some(e) = failure {
                return Err(e);
            }
        }
        if more {
            return Err(limits.too_many_moves());
        }
        Ok(())
    }

    fn table(
        &self,
        to: u64,
        limits: &Limits,
        sink: &mut dyn FnMut(Nimber) -> Result<()>,
    ) -> Result<()> {
        if self.game.closed_form(0).is_some() {
            for n in 0..=to {
                if n % 65_536 == 0 {
                    limits.check_stop()?;
                }
                let v = self
                    .game
                    .closed_form(n)
                    .expect("closed forms cover every heap");
                sink(v)?;
            }
            return Ok(());
        }
        if let Some(width) = self.game.window() {
            return stream_window(&self.game, width, to, limits, sink);
        }
        let mut state = self.lock();
        if to > limits.bounds.max_heap {
            self.search_period(&mut state, limits.bounds.max_heap, limits)?;
        }
        match &state.period {
            Some(p) if to >= state.table.len() as u64 => {
                for n in 0..=to {
                    sink(p.value_at(n, &state.table).expect("certified"))?;
                }
            }
            _ => {
                self.grow(&mut state, to, limits)?;
                for &v in &state.table[..=to as usize] {
                    sink(v)?;
                }
            }
        }
        Ok(())
    }

    fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) -> bool {
        self.game.options(n, visit);
        true
    }

    fn period_proof(&self) -> Option<Proof> {
        self.game.period_proof()
    }

    fn periodicity(&self, limits: &Limits) -> Result<PeriodSearch> {
        let Some(proof) = self.game.period_proof() else {
            return Ok(PeriodSearch::NotSearched);
        };
        // Refused at once when even the shortest certificate (period 1
        // from heap 0) needs more values than the table may hold:
        // `sub{1,2^40}` depends on the previous 2^40 values.
        if proof
            .values_needed(0, 1)
            .is_some_and(|n| n > limits.bounds.max_heap)
        {
            return Err(Error::limit_of(
                LimitKind::HeapSize,
                "heap size (a certified period needs more values than that)",
                limits.bounds.max_heap,
            ));
        }
        let mut state = self.lock();
        self.search_period(&mut state, limits.bounds.max_heap, limits)?;
        Ok(match &state.period {
            Some(p) => PeriodSearch::Found(p.clone()),
            None => PeriodSearch::NotFound {
                checked_to: state.searched_to,
                proof,
            },
        })
    }

    fn draw(&self, component: &[Arg]) -> Option<String> {
        heap_size(component).ok().map(super::draw::tokens)
    }
}

/// Streams the table of a game whose values depend on the previous `width`
/// values only, keeping just those in a ring buffer.
fn stream_window<H: HeapGame + ?Sized>(
    game: &H,
    width: u64,
    to: u64,
    limits: &Limits,
    sink: &mut dyn FnMut(Nimber) -> Result<()>,
) -> Result<()> {
    if width > limits.bounds.max_heap {
        return Err(Error::limit(LimitKind::HeapSize, limits.bounds.max_heap));
    }
    let ring = width as usize + 1;
    limits.check_memory((ring as u64).saturating_mul(size_of::<Nimber>() as u64))?;
    let mut recent = vec![Nimber::ZERO; ring];
    let mut mex = Mex::new();
    let mut seen = Vec::new();
    let mut pace = super::Pace::default();
    for n in 0..=to {
        seen.clear();
        game.options(n, &mut |parts| {
            seen.push(
                parts
                    .iter()
                    .map(|&h| recent[(h % ring as u64) as usize])
                    .sum(),
            );
        });
        pace.step(seen.len() as u64, limits)?;
        let v = mex.of(seen.drain(..));
        recent[(n % ring as u64) as usize] = v;
        sink(v)?;
    }
    Ok(())
}
