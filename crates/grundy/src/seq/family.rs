//! Take-and-break codes as game families: `kayles(10)`, `octal[0.07](12)`,
//! `0.137(5)`, `hex[0.F](9)`, `grundy-game(20)`.
//!
//! Values come from one [`Sequence`] per family, grown on demand with the
//! fast engine and watched for a period; once a period is certified by the
//! Guy–Smith theorem, any heap size is answered from it at once.

use std::ops::ControlFlow;
use std::sync::{Mutex, MutexGuard};

use super::sequence::Sequence;
use crate::error::{Error, LimitKind, Result};
use crate::family::TABLE_CHUNK;
use crate::family::{Arg, Family, Shape};
use crate::heap::octal::{Code, TakeBreak, partitions3};
use crate::heap::preimage::{PeriodicTail, periodic_pairs};
use crate::heap::{HeapGame, heap_size, parts_as_args as as_args};
use crate::limits::{Deadline, Limits};
use crate::nimber::Nimber;
use crate::period::{PeriodSearch, Proof};

/// A take-and-break code as a game family.
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
    /// certified period), within `limits.bounds.max_heap`.
    /// `G(n)` for one query. A heap beyond `--max-heap` needs a certified
    /// period; the search for one gets [`PERIOD_PROBE_SECONDS`] here
    /// (unless one is already known), so that a code with no period in
    /// sight (Grundy's game, 0.6) is refused in seconds rather than after
    /// computing the whole table to `--max-heap`. Codes with a known
    /// period certify far sooner (kayles within a millisecond, 0.16 in a
    /// fraction of a second); `grundy period` searches without this bound.
    fn value_of(&self, seq: &mut Sequence, n: u64, limits: &Limits) -> Result<Nimber> {
        if n <= limits.bounds.max_heap || seq.period().is_some() {
            return self.ensure(seq, n, limits);
        }
        let probe = Deadline::after_seconds(PERIOD_PROBE_SECONDS);
        let sooner = match limits.bounds.deadline {
            Some(d) if d.remaining() < probe.remaining() => d,
            _ => probe,
        };
        let probing = limits.clone().with_deadline(Some(sooner));
        match self.ensure(seq, n, &probing) {
            Err(e) if e.limit_kind() == Some(LimitKind::Time) && sooner == probe => {
                Err(Error::limit_of(
                    LimitKind::HeapSize,
                    "heap size (and no period was certified in 5 seconds of search; `grundy period` searches further)",
                    limits.bounds.max_heap,
                ))
            }
            other => other,
        }
    }

    fn ensure(&self, seq: &mut Sequence, n: u64, limits: &Limits) -> Result<Nimber> {
        // Refused before the checkpoint is opened (and created), not after.
        if let Some(least) = limits.run.window {
            if limits.run.team.is_some() {
                return Err(super::sequence::needs_every_value());
            }
            // Set before the checkpoint is opened, which may be a bounded
            // table's.
            seq.bound_table(least);
        }
        let attach = limits.run.checkpoint.as_deref().filter(|_| seq.is_empty());
        match (attach, &limits.run.team) {
            (Some(path), Some(team)) => seq.attach_checkpoint_in(path, team.as_ref())?,
            (Some(path), None) => seq.attach_checkpoint(path)?,
            (None, _) => {}
        }
        let shortcut = limits.clone().with_shortcuts(true);
        let mut reach = if n < DIRECT { n } else { seq.len().max(DIRECT) };
        loop {
            if let Some(v) = seq.get(n) {
                return Ok(v);
            }
            if n < seq.len() {
                return Err(Error::invalid(format!(
                    "G({n}) is no longer kept: the table is bounded (--window)"
                )));
            }
            let target = reach.min(limits.bounds.max_heap);
            seq.extend(target, &shortcut)?;
            if seq.get(n).is_none() && target == limits.bounds.max_heap {
                return Err(Error::limit(LimitKind::HeapSize, limits.bounds.max_heap));
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
        if seen > limits.bounds.max_moves {
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

    fn check(&self, component: &[Arg], _limits: &Limits) -> Result<()> {
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

    fn heap_options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) -> bool {
        self.sequence().game().options(n, visit);
        true
    }

    fn period_proof(&self) -> Option<Proof> {
        self.sequence().game().period_proof()
    }

    /// The options of value `target`, found move kind by move kind without
    /// walking every option:
    ///
    /// - removals leaving nothing or one heap: one option each, checked;
    /// - removals of `i` leaving two heaps `a + b = n − i`: with a
    ///   certified period (Guy–Smith), by the residues of `a`
    ///   ([`crate::heap::preimage::periodic_pairs`], which proves each pair
    ///   of value `target` is found once); without one the heap lies within
    ///   the table and each `a` up to the middle is checked;
    /// - removals leaving three heaps: those splits are walked, at most
    ///   `max_moves` of them, after which the list is reported incomplete
    ///   (the limit error), as no inversion is known here.
    ///
    /// After `max_moves` options of value `target` the limit error says
    /// more exist; the moves found so far stay in `out`.
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
        let seq = &*seq;
        let value = |h: u64| seq.get(h).expect("heaps below n have values").0;
        let tail = seq
            .period()
            .filter(|p| p.certified() && p.saltus == 0)
            .map(|p| {
                let values: Vec<u64> = (p.preperiod..p.preperiod + p.period).map(value).collect();
                (p.preperiod, values)
            });
        let t = target.0;
        let digits = seq.game().code().digits();
        let removals = || {
            digits
                .iter()
                .enumerate()
                .map(|(i, &d)| (i as u64, d))
                .filter(|&(i, _)| i <= n)
        };
        let mut found = 0usize;
        let mut more = false;
        let mut keep = |parts: &[u64]| {
            if found == limits.bounds.max_moves {
                more = true;
                return ControlFlow::Break(());
            }
            found += 1;
            out.push(as_args(parts));
            ControlFlow::Continue(())
        };
        let (mut three_examined, mut three_cut) = (0usize, false);
        let _ = (|| {
            for (i, d) in removals() {
                let m = n - i;
                if d.leave_none() && m == 0 && t == 0 {
                    keep(&[])?;
                }
                if d.leave_one() && m >= 1 && i >= 1 && value(m) == t {
                    keep(&[m])?;
                }
            }
            for (i, d) in removals().filter(|(_, d)| d.leave_two()) {
                let m = n - i;
                match &tail {
                    Some((preperiod, values)) => {
                        let tail = PeriodicTail {
                            preperiod: *preperiod,
                            values,
                        };
                        periodic_pairs(m, t, d.unequal, tail, &value, &mut |a, b| keep(&[a, b]))?;
                    }
                    None => {
                        for a in 1..=m / 2 {
                            if !(d.unequal && 2 * a == m) && value(a) ^ value(m - a) == t {
                                keep(&[a, m - a])?;
                            }
                        }
                    }
                }
            }
            for (i, d) in removals().filter(|(_, d)| d.leave_three()) {
                partitions3(n - i, d.unequal, &mut |parts| {
                    three_examined += 1;
                    if three_examined > limits.bounds.max_moves {
                        three_cut = true;
                        return ControlFlow::Break(());
                    }
                    if parts.iter().fold(0, |acc, &h| acc ^ value(h)) == t {
                        keep(parts)?;
                    }
                    ControlFlow::Continue(())
                })?;
            }
            ControlFlow::Continue(())
        })();
        if more || three_cut {
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
        self.table_chunks(to, limits, &mut |chunk| {
            chunk.iter().try_for_each(|&v| sink(v))
        })
    }

    fn table_chunks_from(
        &self,
        from: u64,
        to: u64,
        limits: &Limits,
        sink: &mut dyn FnMut(&[Nimber]) -> Result<()>,
    ) -> Result<()> {
        let mut seq = self.sequence();
        if limits.run.checkpoint.is_some() && seq.is_empty() {
            self.ensure(&mut seq, 0, limits)?;
        }
        let first = seq.first_streamable();
        if from < first && from <= to {
            return Err(Error::invalid(format!(
                "the bounded table (--window) resumed from its checkpoint keeps the values from heap {first} on (the earlier ones went out in the earlier run); ask for them from there (`grundy table --from {first}`)"
            )));
        }
        if to > limits.bounds.max_heap {
            // Beyond the table limit only a certified period can answer;
            // a failure other than reaching the limit (an interruption, a
            // damaged checkpoint) is the user's to see.
            let answered = limits.run.shortcuts
                && match self.ensure(&mut seq, to, limits) {
                    Ok(_) => true,
                    Err(e) if e.limit_kind() == Some(LimitKind::HeapSize) => false,
                    Err(e) => return Err(e),
                };
            if !answered {
                return Err(Error::limit(LimitKind::HeapSize, limits.bounds.max_heap));
            }
        }
        // The values go to the sink as they are computed, in whole slices,
        // so that a caller may write them out while the next are computed.
        // A team's go once it has finished: `mpirun`, stopping its
        // processes on Ctrl-C, stops reading their output, and member 0
        // blocked on a write would never reach the heap where the team
        // stops together.
        let live = limits.run.team.is_none();
        let mut streamed = from;
        // The values a checkpoint gave go first: a bounded table may move
        // some of them out before the first chunk is computed.
        let known = seq.len().min(to.saturating_add(1));
        if live && known > streamed {
            seq.stream_chunks_from(streamed, known - 1, sink)?;
            streamed = known;
        }
        seq.extend_with(to, limits, &mut |seq| {
            let ready =
                seq.len().min(to.saturating_add(1)) / TABLE_CHUNK as u64 * TABLE_CHUNK as u64;
            if live && ready > streamed {
                seq.stream_chunks_from(streamed, ready - 1, sink)?;
                streamed = ready;
            }
            Ok(())
        })?;
        seq.stream_chunks_from(streamed, to, sink)
    }

    fn periodicity(&self, limits: &Limits) -> Result<PeriodSearch> {
        if limits.run.window.is_some() {
            return Err(Error::invalid(
                "a period search reads values a bounded table (--window) does not keep",
            ));
        }
        let mut seq = self.sequence();
        // A code demanding unequal heaps has no theorem to certify with; its
        // values are still watched, and a period they show is observed.
        let proof = seq.game().guy_smith().unwrap_or(Proof::Observed);
        if seq.period().is_none() {
            match self.ensure(&mut seq, u64::MAX, limits) {
                Ok(_) => {}
                Err(e) if e.limit_kind() == Some(LimitKind::HeapSize) => {}
                Err(e) => return Err(e),
            }
        }
        // Every value computed was watched for a period as it came (see
        // `period::watch`), so the table's length is how far the search
        // looked.
        Ok(
            match seq.period().cloned().or_else(|| seq.observed_period()) {
                Some(p) => PeriodSearch::Found(p),
                None => PeriodSearch::NotFound {
                    checked_to: seq.len(),
                    proof,
                },
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A heap whose value a bounded table no longer keeps is an error, not
    /// a search that never ends; the heaps it keeps still answer, and a
    /// period search is refused.
    #[test]
    fn a_bounded_table_refuses_values_it_dropped() {
        let code = Code::parse("4.07", "4.07", 1, false).unwrap();
        let family = TakeBreakFamily::new(code.clone(), "octal[4.07]");
        let limits = Limits::default().with_window(Some(64));
        let plain = super::super::plain_table(&TakeBreak::new(code), 60_000);
        let value = |n: u64| family.value(&[Arg::Int(n)], &limits);
        assert_eq!(value(60_000).unwrap(), plain[60_000]);
        assert_eq!(value(10).unwrap(), plain[10]);
        let dropped = value(30_000).unwrap_err().to_string();
        assert!(dropped.contains("--window"), "{dropped}");
        assert!(family.periodicity(&limits).is_err());
    }
}
