//! Take-and-break codes in the expression language: `kayles(10)`,
//! `octal[0.07](12)`, `0.137(5)`, `hex[0.F](9)`, `grundy-game(20)`.
//!
//! Values come from one [`Sequence`] per family, grown on demand with the
//! fast engine and watched for a period; once a period is certified by the
//! Guy–Smith theorem, any heap size is answered from it at once.

use std::ops::ControlFlow;
use std::sync::{Mutex, MutexGuard};

use super::octal::{Code, TakeBreak};
use super::{heap_size, parts_as_args as as_args};
use crate::error::{Error, LimitKind, Result};
use crate::expr::family::{Arg, Family, Shape};
use crate::limits::{Deadline, Limits};
use crate::nimber::Nimber;
use crate::period::Periodicity;
use crate::seq::Sequence;

/// A take-and-break code as an expression family.
pub struct TakeBreakFamily {
    head: String,
    sequence: Mutex<Sequence>,
}

/// Heaps below this are computed directly; for larger ones the sequence is
/// first grown by doubling, so a period is found before a huge table is.
const DIRECT: u64 = 1 << 12;

/// Seconds a single value beyond `--max-heap` may spend looking for a
/// certified period (see `TakeBreakFamily::value_of`).
pub const PERIOD_PROBE_SECONDS: u64 = 5;

impl TakeBreakFamily {
    /// The family of `code`, written `head` in canonical expressions.
    pub fn new(code: Code, head: impl Into<String>) -> TakeBreakFamily {
        TakeBreakFamily {
            head: head.into(),
            sequence: Mutex::new(Sequence::new(TakeBreak::new(code))),
        }
    }

    /// The sequence computed so far (locked).
    pub fn sequence(&self) -> MutexGuard<'_, Sequence> {
        self.sequence.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Grows the sequence until `G(n)` is known (from the table or a
    /// certified period), within `limits.max_heap`.
    /// `G(n)` for one query. A heap beyond `--max-heap` needs a certified
    /// period; the search for one gets [`PERIOD_PROBE_SECONDS`] here
    /// (unless one is already known), so that a code with no period in
    /// sight (Grundy's game, 0.6) is refused in seconds rather than after
    /// computing the whole table to `--max-heap`. Codes with a known
    /// period certify far sooner (kayles within a millisecond, 0.16 in a
    /// fraction of a second); `grundy period` searches without this bound.
    fn value_of(&self, seq: &mut Sequence, n: u64, limits: &Limits) -> Result<Nimber> {
        if n <= limits.max_heap || seq.period().is_some() {
            return self.ensure(seq, n, limits);
        }
        let probe = Deadline::after_seconds(PERIOD_PROBE_SECONDS);
        let sooner = match limits.deadline {
            Some(d) if d.remaining() < probe.remaining() => d,
            _ => probe,
        };
        let probing = Limits {
            deadline: Some(sooner),
            ..limits.clone()
        };
        match self.ensure(seq, n, &probing) {
            Err(e) if e.limit_kind() == Some(LimitKind::Time) && sooner == probe => {
                Err(Error::limit_of(
                    LimitKind::HeapSize,
                    "heap size (and no period was certified in 5 seconds of search; `grundy period` searches further)",
                    limits.max_heap,
                ))
            }
            other => other,
        }
    }

    fn ensure(&self, seq: &mut Sequence, n: u64, limits: &Limits) -> Result<Nimber> {
        let attach = limits.checkpoint.as_deref().filter(|_| seq.is_empty());
        if let Some(path) = attach {
            seq.attach_checkpoint(path)?;
        }
        let shortcut = Limits {
            shortcuts: true,
            ..limits.clone()
        };
        let mut reach = if n < DIRECT { n } else { seq.len().max(DIRECT) };
        loop {
            if let Some(v) = seq.get(n) {
                return Ok(v);
            }
            let target = reach.min(limits.max_heap);
            seq.extend(target, &shortcut)?;
            if seq.get(n).is_none() && target == limits.max_heap {
                return Err(Error::limit(LimitKind::HeapSize, limits.max_heap));
            }
            reach = reach.saturating_mul(2).min(n);
        }
    }
}

/// Calls `each` with the heaps left by each move from a heap of `n`, and
/// stops with the limit error once `max_moves` moves have been seen.
fn walk_options(
    game: &TakeBreak,
    n: u64,
    limits: &Limits,
    mut each: impl FnMut(&[u64]),
) -> Result<()> {
    let mut seen = 0usize;
    let walk = game.try_options(n, &mut |parts| {
        seen += 1;
        if seen > limits.max_moves {
            return ControlFlow::Break(());
        }
        each(parts);
        ControlFlow::Continue(())
    });
    match walk {
        ControlFlow::Break(()) => Err(limits.too_many_moves()),
        ControlFlow::Continue(()) => Ok(()),
    }
}

impl Family for TakeBreakFamily {
    fn head(&self) -> String {
        self.head.clone()
    }

    fn shape(&self) -> Shape {
        Shape::Heaps
    }

    fn check(&self, component: &[Arg]) -> Result<()> {
        heap_size(component).map(|_| ())
    }

    fn value(&self, component: &[Arg], limits: &Limits) -> Result<Nimber> {
        let n = heap_size(component)?;
        let mut seq = self.sequence();
        self.value_of(&mut seq, n, limits)
    }

    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()> {
        let n = heap_size(component)?;
        let seq = self.sequence();
        walk_options(seq.game(), n, limits, |parts| out.push(as_args(parts)))
    }

    /// Walks the options in order, keeping those of value `target`, and
    /// stops with the limit error after `max_moves` options: the moves
    /// found so far stay in `out`.
    fn moves_to(
        &self,
        component: &[Arg],
        target: Nimber,
        limits: &Limits,
        out: &mut Vec<Vec<Arg>>,
    ) -> Result<()> {
        let n = heap_size(component)?;
        let mut seq = self.sequence();
        // Values of every heap below n are needed; a certified period or
        // the table provides them.
        if n > 0 {
            self.value_of(&mut seq, n - 1, limits)?;
        }
        let game = seq.game().clone();
        walk_options(&game, n, limits, |parts| {
            let value: Nimber = parts.iter().map(|&h| seq.get(h).expect("below n")).sum();
            if value == target {
                out.push(as_args(parts));
            }
        })
    }

    fn table(
        &self,
        to: u64,
        limits: &Limits,
        sink: &mut dyn FnMut(Nimber) -> Result<()>,
    ) -> Result<()> {
        let mut seq = self.sequence();
        if limits.checkpoint.is_some() && seq.is_empty() {
            self.ensure(&mut seq, 0, limits)?;
        }
        if to > limits.max_heap {
            // Beyond the table limit only a certified period can answer;
            // a failure other than reaching the limit (an interruption, a
            // damaged checkpoint) is the user's to see.
            let answered = limits.shortcuts
                && match self.ensure(&mut seq, to, limits) {
                    Ok(_) => true,
                    Err(e) if e.limit_kind() == Some(LimitKind::HeapSize) => false,
                    Err(e) => return Err(e),
                };
            if !answered {
                return Err(Error::limit(LimitKind::HeapSize, limits.max_heap));
            }
        }
        seq.extend(to, limits)?;
        seq.stream(to, sink)
    }

    fn periodicity(&self, limits: &Limits) -> Result<Option<Periodicity>> {
        let mut seq = self.sequence();
        if seq.period().is_none() {
            match self.ensure(&mut seq, u64::MAX, limits) {
                Ok(_) => {}
                Err(e) if e.limit_kind() == Some(LimitKind::HeapSize) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(seq.period().cloned())
    }
}
