//! [`Sequence`]: the Grundy sequence of a take-and-break code, as far as
//! computed, grown heap by heap by the scheduler, watched for a period,
//! saved to and resumed from a checkpoint.

use super::checkpoint::{Bounded, Checkpoint};
use super::rules::Rules;
use super::scheduler::{Engine, MIN_PIPELINE, TwoThreads};
use super::stop::StopCheck;
use super::store::{Cell, Store};
use super::team;
use super::team::{Team, TeamStats};
use super::window::Window;
use super::{kernel, plain};
use crate::error::Result;
use crate::family::TABLE_CHUNK;
use crate::heap::octal::TakeBreak;
use crate::limits::{Limits, Progress};
use crate::nimber::Nimber;
use crate::period::watch::Watch;
use crate::period::{Periodicity, Proof};
use std::time::{Duration, Instant};

/// Kept values of a bounded table's checkpoint past its prefix that are
/// computed again on loading, as the last values of a table with every
/// value are derived again from the definition.
const CHECKED_AGAIN: usize = 8;

/// How often a run saves its checkpoint. A bounded table's file is written
/// whole each time (its values move), a few megabytes, so it is saved
/// less often; a stop saves either at once.
const SAVE_EVERY: Duration = Duration::from_secs(2);

/// See [`SAVE_EVERY`].
const SAVE_BOUNDED_EVERY: Duration = Duration::from_secs(30);

/// Why [`Sequence::extend`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reached {
    /// The table holds every requested value.
    Target,
    /// A period was certified and computing stopped early; values beyond
    /// the table follow from [`Sequence::period`].
    Period,
}

/// The Grundy sequence of a take-and-break code, as far as computed.
pub struct Sequence {
    pub(super) game: TakeBreak,
    pub(super) code: String,
    pub(super) store: Store,
    pub(super) engine: Engine,
    pub(super) watch: Watch,
    pub(super) period: Option<Periodicity>,
    pub(super) checkpoint: Option<Checkpoint>,
    /// Where the values sit when only those the engine reads are kept
    /// (see [`crate::limits::RunOptions::window`]); `None`: every value,
    /// at its own place.
    pub(super) window: Option<Window>,
}

impl Sequence {
    /// An empty sequence for `game`.
    pub fn new(game: TakeBreak) -> Sequence {
        let code = game.code().to_string();
        let engine = Engine::new(Rules::new(game.code()));
        let watch = Watch::new(game.guy_smith().unwrap_or(Proof::Observed));
        Sequence {
            game,
            code,
            store: Store::default(),
            engine,
            watch,
            period: None,
            checkpoint: None,
            window: None,
        }
    }

    /// The rules.
    pub fn game(&self) -> &TakeBreak {
        &self.game
    }

    /// How many values are known: `G(0..len)` (under a bounded table, not
    /// all of them kept; see [`Sequence::get`]).
    pub fn len(&self) -> u64 {
        self.store.len() as u64 + self.window.as_ref().map_or(0, Window::moved)
    }

    /// The first heap a stream of values may start at: 0, or under a
    /// bounded table whose values have moved, the first heap of its window
    /// (every value from it on is kept, or not yet computed).
    pub fn first_streamable(&self) -> u64 {
        self.window.as_ref().map_or(0, Window::first_streamable)
    }

    /// Whether no value is computed yet.
    pub fn is_empty(&self) -> bool {
        self.store.is_empty()
    }

    /// `G(n)` if computed (and, under a bounded table, still kept), or
    /// if a certified period gives it.
    pub fn get(&self, n: u64) -> Option<Nimber> {
        if let Some(v) = self.place(n).and_then(|i| self.store.get(i)) {
            return Some(v);
        }
        let (index, lift) = self.period.as_ref()?.reduce(n)?;
        Some(Nimber(self.store.get(index)?.0 + lift))
    }

    /// Calls `sink` with `G(0), ..., G(to)`: computed values first, then
    /// (beyond the table) values from the certified period, walked without a
    /// division per value. Values beyond both are an error.
    pub fn stream(&self, to: u64, sink: &mut dyn FnMut(Nimber) -> Result<()>) -> Result<()> {
        self.stream_chunks(to, &mut |chunk| chunk.iter().try_for_each(|&v| sink(v)))
    }

    /// [`Sequence::stream`] in slices of at most [`TABLE_CHUNK`] values,
    /// never empty.
    pub fn stream_chunks(
        &self,
        to: u64,
        sink: &mut dyn FnMut(&[Nimber]) -> Result<()>,
    ) -> Result<()> {
        self.stream_chunks_from(0, to, sink)
    }

    /// [`Sequence::stream_chunks`] for `G(from), ..., G(to)` (nothing when
    /// `from > to`). Under a bounded table, computed values no longer kept
    /// are an error.
    pub fn stream_chunks_from(
        &self,
        from: u64,
        to: u64,
        sink: &mut dyn FnMut(&[Nimber]) -> Result<()>,
    ) -> Result<()> {
        let end = self.len().min(to.saturating_add(1));
        let heaps = from.min(end)..end;
        let Some(places) = self
            .window
            .as_ref()
            .map_or(Some(heaps.clone()), |w| w.places(heaps))
        else {
            return Err(crate::error::Error::invalid(format!(
                "G({from}) is no longer kept: the table is bounded (--window)"
            )));
        };
        let (first, computed) = (places.start as usize, places.end as usize);
        let mut chunk = [Nimber(0); TABLE_CHUNK];
        fn each<T: Cell>(
            g: &[T],
            chunk: &mut [Nimber; TABLE_CHUNK],
            sink: &mut dyn FnMut(&[Nimber]) -> Result<()>,
        ) -> Result<()> {
            for piece in g.chunks(TABLE_CHUNK) {
                for (out, v) in chunk.iter_mut().zip(piece) {
                    *out = Nimber(v.get().into());
                }
                sink(&chunk[..piece.len()])?;
            }
            Ok(())
        }
        match &self.store {
            Store::U8(g) => each(&g[first..computed], &mut chunk, sink)?,
            Store::U16(g) => each(&g[first..computed], &mut chunk, sink)?,
            Store::U32(g) => each(&g[first..computed], &mut chunk, sink)?,
        }
        let from = from.max(end);
        if from > to {
            return Ok(());
        }
        let (period, (mut index, mut lift)) = match &self.period {
            Some(p) if p.reduce(from).is_some() => (p, p.reduce(from).expect("checked")),
            _ => {
                return Err(crate::error::Error::invalid(format!(
                    "G({from}) is not computed"
                )));
            }
        };
        let end_of_block = period.preperiod + period.period;
        let mut filled = 0;
        for _ in from..=to {
            chunk[filled] = Nimber(
                self.store
                    .get(index)
                    .expect("the period's block is computed")
                    .0
                    + lift,
            );
            filled += 1;
            if filled == TABLE_CHUNK {
                sink(&chunk)?;
                filled = 0;
            }
            index += 1;
            if index == end_of_block {
                index = period.preperiod;
                lift += period.saltus;
            }
        }
        if filled > 0 {
            sink(&chunk[..filled])?;
        }
        Ok(())
    }

    /// Where heap `n` sits in the store, if it is kept.
    fn place(&self, n: u64) -> Option<u64> {
        self.window.as_ref().map_or(Some(n), |w| w.place(n))
    }

    /// The certified period, once found.
    pub fn period(&self) -> Option<&Periodicity> {
        self.period.as_ref()
    }

    /// A period seen on the values computed so far but not certified (the
    /// Guy–Smith bound not yet reached, or a code it does not cover), when
    /// the values give it the evidence of [`crate::period::observe`].
    pub fn observed_period(&self) -> Option<Periodicity> {
        self.watch.observed()
    }

    /// The computed values (under a bounded table, only those kept, moved
    /// together; see [`crate::limits::RunOptions::window`]).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The sparse engine's mask, whether it uses the domain type, and how
    /// many rare positions it tracks (`None` while the plain engine runs).
    #[doc(hidden)] // a test hook, not API
    pub fn sparse_state(&self) -> Option<(u32, bool, usize)> {
        self.engine
            .sparse
            .as_ref()
            .map(|s| (s.class().mask, s.class().domain, s.rare_count()))
    }

    /// Whether the triple engine computes the next heaps (a code leaving
    /// three heaps, while the engine's rows fit the memory limit).
    pub fn uses_triple_engine(&self) -> bool {
        self.engine.triple.is_some()
    }

    /// How many chunks of heaps (16 384, fewer at the ends) this
    /// `Sequence` computed on two threads since it was made, counting
    /// chunks cut short by a stop (a sequence resumed from a checkpoint
    /// starts again from 0): for tests that must know two threads ran.
    #[doc(hidden)] // a test hook, not API
    pub fn two_thread_chunks(&self) -> u64 {
        self.engine.two_thread_chunks
    }

    /// Runs two threads, the way given, wherever they can run (two
    /// threads allowed, the sparse engine in use, from heap 1024 on),
    /// however cheap a heap is and however many rare positions appear: for
    /// tests that hold each way against one thread on sequences where it
    /// would not pay.
    #[doc(hidden)] // a test hook, not API
    pub fn force_two_threads(&mut self, way: TwoThreads) {
        self.engine.forced = Some(way);
    }

    /// Keeps only the values the engine reads from now on, with a prefix
    /// and a window of at least `least` values once values move (see
    /// [`crate::limits::RunOptions::window`]); called before a checkpoint
    /// is attached, it also lets the run resume a bounded table's file.
    pub fn bound_table(&mut self, least: usize) {
        if self.window.is_none() {
            self.window = Some(Window::new(least));
        }
    }

    /// Saves to (and first resumes from) a checkpoint file. Its values are
    /// checked before they are used (checksums, and a sample derived again
    /// from the definition); a damaged or foreign file is an error. A
    /// bounded table (see [`Sequence::bound_table`]) resumes a bounded
    /// table's file or one with every value; a table with every value
    /// refuses a bounded table's file, which lacks values it needs.
    pub fn attach_checkpoint(&mut self, path: &std::path::Path) -> Result<()> {
        let (cp, saved, bounded) = Checkpoint::open(path, &self.code, &self.engine.rules)?;
        let shown = path.display();
        match bounded {
            Some(b) if self.window.is_none() => {
                return Err(crate::error::Error::invalid(format!(
                    "{shown}: this checkpoint is of a bounded table (--window), which keeps {} of its {} values; resume it with --window",
                    saved.len(),
                    saved.len() as u64 + b.moved
                )));
            }
            Some(b) if saved.len() as u64 + b.moved > self.len() => {
                self.resume_bounded(saved, &b).map_err(|why| {
                    crate::error::Error::invalid(format!(
                        "{shown}: the bounded table's checkpoint does not hold together ({why}); the file is damaged; delete the file to compute the values again"
                    ))
                })?;
            }
            None if saved.len() > self.store.len() => self.replace_store(saved),
            _ => {}
        }
        self.checkpoint = Some(cp);
        Ok(())
    }

    /// [`Sequence::attach_checkpoint`] for a member of a team: member 0
    /// opens the file and sends its values to the others, who never touch
    /// it (they may not share its disk). Every member must call this.
    pub fn attach_checkpoint_in(&mut self, path: &std::path::Path, team: &dyn Team) -> Result<()> {
        // Member 0 sends the width and the values, or one zero byte when
        // it could not open the file (it reports why itself).
        let mut message = Vec::new();
        let opened = if team.rank() == 0 {
            let opened = self.attach_checkpoint(path);
            message.push(if opened.is_ok() {
                self.store.width()
            } else {
                0
            });
            message.extend(self.store.le_bytes(0..self.store.len()));
            Some(opened)
        } else {
            None
        };
        team.broadcast(&mut message);
        if let Some(opened) = opened {
            return opened;
        }
        let (&width, values) = message.split_first().unwrap_or((&0, &[]));
        let Some(mut store) = Store::with_width(width) else {
            return Err(crate::error::Error::invalid(format!(
                "member 0 of the team could not open the checkpoint {}",
                path.display()
            )));
        };
        store.extend_from_le_bytes(values);
        if store.len() > self.store.len() {
            self.replace_store(store);
        }
        Ok(())
    }

    /// What the blocks shared by a team cost so far (zero without a team).
    pub fn team_stats(&self) -> TeamStats {
        self.engine.team_stats
    }

    /// Takes over values computed earlier (from a checkpoint).
    fn replace_store(&mut self, store: Store) {
        let mut fresh = Sequence::new(self.game.clone());
        for n in 0..store.len() {
            let v = store.get(n as u64).expect("in range").0 as u32;
            fresh.engine.record(n, v);
        }
        fresh.store = store;
        fresh.engine.next_review = 0;
        self.store = fresh.store;
        self.engine = fresh.engine;
        self.review();
        self.advance_watch();
    }

    /// Takes over the values of a bounded table's checkpoint, `bounded`
    /// saying where they sit, and what its engine had learned; then
    /// derives its last values again with the engine (the definition
    /// cannot: their options read values no longer kept). An error says
    /// what does not hold together.
    fn resume_bounded(
        &mut self,
        store: Store,
        bounded: &Bounded,
    ) -> std::result::Result<(), String> {
        let (window, learned) = Window::resumed(bounded)?;
        let moved = window.moved();
        let own_places = if moved > 0 {
            bounded.prefix
        } else {
            store.len()
        };
        self.replace_store(store);
        let Some(learned) = learned else {
            // Nothing moved: the values were replayed like any others.
            self.window = Some(window);
            return Ok(());
        };
        match &self.store {
            Store::U8(g) => self.engine.restore(learned, g, own_places),
            Store::U16(g) => self.engine.restore(learned, g, own_places),
            Store::U32(g) => self.engine.restore(learned, g, own_places),
        }?;
        if moved > 0 {
            self.engine.bound_reads(own_places);
        }
        self.window = Some(window);
        self.period = None;
        self.derive_last_again(own_places)
    }

    /// Computes the last [`CHECKED_AGAIN`] kept values past `own_places`
    /// again, from the values before them, with a copy of the engine; a
    /// value that differs is an error.
    fn derive_last_again(&self, own_places: usize) -> std::result::Result<(), String> {
        let len = self.store.len();
        let from = len - CHECKED_AGAIN.min(len - own_places.min(len));
        let mut engine = self.engine.clone();
        let mut again = self.store.clone();
        again.truncate(from);
        let never = || false;
        let overflow = match &mut again {
            Store::U8(g) => engine.run(g, len, &never),
            Store::U16(g) => engine.run(g, len, &never),
            Store::U32(g) => engine.run(g, len, &never),
        };
        // A heap that read past the kept values proves nothing either way;
        // the run computes it again if it must.
        if engine.outran() || overflow.is_some() {
            return Ok(());
        }
        let moved = self.window.as_ref().map_or(0, Window::moved);
        for place in from..again.len().min(len) {
            let (saved, derived) = (self.store.get(place as u64), again.get(place as u64));
            if saved != derived {
                let n = place as u64 + moved;
                return Err(format!(
                    "G({n}) is {} in it but {} by the engine from the values before it",
                    saved.map_or(0, |v| v.0),
                    derived.map_or(0, |v| v.0)
                ));
            }
        }
        Ok(())
    }

    fn review(&mut self) {
        match &self.store {
            Store::U8(g) => self.engine.review(g.as_slice()),
            Store::U16(g) => self.engine.review(g.as_slice()),
            Store::U32(g) => self.engine.review(g.as_slice()),
        }
    }

    fn advance_watch(&mut self) {
        // A bounded table does not keep the values a period search reads.
        if self.period.is_some() || self.window.is_some() {
            return;
        }
        let w = &mut self.watch;
        self.period = match &self.store {
            Store::U8(g) => w.advance(g.as_slice()),
            Store::U16(g) => w.advance(g.as_slice()),
            Store::U32(g) => w.advance(g.as_slice()),
        };
    }

    /// Computes values until `G(to)` is known, or until a period is
    /// certified when `limits.run.shortcuts` allows stopping there.
    pub fn extend(&mut self, to: u64, limits: &Limits) -> Result<Reached> {
        self.extend_with(to, limits, &mut |_| Ok(()))
    }

    /// [`Sequence::extend`], calling `after_chunk` each time a chunk of
    /// values has been added (so that they can be used while the next
    /// are computed); an error from it stops the extension and is
    /// returned, the values so far saved.
    pub fn extend_with(
        &mut self,
        to: u64,
        limits: &Limits,
        after_chunk: &mut dyn FnMut(&Sequence) -> Result<()>,
    ) -> Result<Reached> {
        if let Some(least) = limits.run.window
            && self.window.is_none()
        {
            self.window = Some(Window::new(least));
        }
        if self.window.is_some() && limits.run.team.is_some() {
            return Err(needs_every_value());
        }
        self.configure(limits)?;
        let started = Instant::now();
        let mut last_report = started;
        let mut last_save = started;
        let from = self.len();
        while self.len() <= to {
            if self.period.is_some() && limits.run.shortcuts {
                self.save()?;
                return Ok(Reached::Period);
            }
            // The first chunk stops where the pipeline may start, so that
            // the classification chosen after it is there when it does.
            let chunk_end = if self.len() < MIN_PIPELINE as u64 {
                MIN_PIPELINE as u64
            } else {
                self.len() + self.engine.chunk_heaps(self.len() as usize) as u64
            };
            if let Some(window) = &mut self.window {
                window.move_out(&mut self.store, &mut self.engine, limits.run.window_keep);
            }
            let moved = self.window.as_ref().map_or(0, Window::moved);
            let end = (chunk_end.min(to + 1) - moved) as usize;
            self.store.reserve(end - self.store.len());
            // A team's members must stop at the same heap: they agree on
            // it after each chunk, never in the middle of one.
            let stop_now = || limits.check_stop().is_err();
            let stop: &StopCheck<'_> = if limits.run.team.is_some() {
                &|| false
            } else {
                &stop_now
            };
            let overflow = match &mut self.store {
                Store::U8(g) => self.engine.run(g, end, stop),
                Store::U16(g) => self.engine.run(g, end, stop),
                Store::U32(g) => self.engine.run(g, end, stop),
            };
            if let Some(v) = overflow {
                let n = self.store.len();
                self.store.push(v);
                self.engine.record(n, v);
            }
            if self.engine.outran() {
                self.recompute(limits)?;
                continue;
            }
            self.review();
            self.advance_watch();
            let handed = after_chunk(self);
            let now = Instant::now();
            let every = if self.window.is_some() {
                SAVE_BOUNDED_EVERY
            } else {
                SAVE_EVERY
            };
            if now - last_save >= every {
                self.save()?;
                last_save = now;
            }
            if let Some(report) = &limits.run.progress
                && now - last_report >= Duration::from_secs(1)
            {
                report(&self.progress(from, to, started));
                last_report = now;
            }
            // The callback's error, the stop flag or the time limit: the
            // values so far are saved either way, and the error says which.
            // A team's members stop together whichever of them has a
            // reason to (one whose output closed among them).
            let stopped = handed.and_then(|()| limits.check_stop());
            let team_stops = match &limits.run.team {
                Some(team) => team::any(team.as_ref(), stopped.is_err()),
                None => false,
            };
            if stopped.is_err() || team_stops {
                self.save()?;
                // A member stopped by another reports the interruption.
                return Err(stopped
                    .err()
                    .unwrap_or_else(|| crate::error::ErrorKind::Interrupted.into()));
            }
        }
        self.save()?;
        Ok(if self.period.is_some() {
            Reached::Period
        } else {
            Reached::Target
        })
    }

    /// Sets up the engine for `limits`.
    fn configure(&mut self, limits: &Limits) -> Result<()> {
        self.engine.threads = limits.run.threads;
        self.engine.plain_only = limits.run.plain_engine;
        self.engine.kernel = kernel::Kernel::choose(limits.run.simd)?;
        if let Some(sparse) = &mut self.engine.sparse {
            sparse.kernel = self.engine.kernel;
        }
        self.engine.row_budget = limits.bounds.max_memory / 2;
        self.engine.team = limits.run.team.clone();
        if limits.run.plain_engine {
            self.engine.sparse = None;
            self.engine.triple = None;
        }
        Ok(())
    }

    /// Computes again from heap 0, after a heap of a bounded table needed
    /// values it no longer keeps (see [`crate::seq::window`]).
    fn recompute(&mut self, limits: &Limits) -> Result<()> {
        let failed = self.len();
        let mut window = self.window.take().expect("only a bounded table outruns");
        window.restart(failed);
        let short_chunks = self.engine.short_chunks;
        *self = Sequence {
            window: Some(window),
            checkpoint: self.checkpoint.take(),
            ..Sequence::new(self.game.clone())
        };
        self.engine.short_chunks = short_chunks;
        self.configure(limits)
    }

    fn save(&mut self) -> Result<()> {
        match (&mut self.checkpoint, &self.window) {
            (Some(cp), Some(window)) => cp.save_bounded(&self.store, &window.saved(&self.engine)),
            (Some(cp), None) => cp.save(&self.store),
            (None, _) => Ok(()),
        }
    }

    pub(super) fn progress(&self, from: u64, to: u64, started: Instant) -> Progress {
        let done = self.len();
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        let rate = (done - from) as f64 / secs;
        // The largest rare position and the deepest scan are what a bounded
        // table must keep (module `window`).
        let reach = self.engine.sparse.as_ref().map(|s| s.reach());
        let engine = match (self.sparse_state(), reach) {
            (Some((mask, domain, rare)), Some((_, largest_rare))) => format!(
                "sparse engine ({} type, mask {mask:#x}, {rare} rare positions, the largest {largest_rare})",
                if domain { "domain" } else { "range" }
            ),
            _ if self.engine.triple.is_some() => "triple engine".to_string(),
            _ => "plain engine".to_string(),
        };
        let mut period = match (&self.period, self.watch.target()) {
            (Some(p), _) => format!("; period {} certified", p.period),
            (None, Some(t)) => format!("; a period candidate needs {t} values"),
            _ => String::new(),
        };
        if let Some(window) = &self.window {
            // The threads' scans are taken up by the engine after each run
            // on two threads, so this is the deepest of all.
            let deepest = reach.map_or(0, |(deepest, _)| deepest);
            period += &format!(
                "; bounded table: {} values kept, deepest scan {deepest}, computed again {} times",
                self.store.len(),
                window.recomputed()
            );
        }
        if let Some(team) = &self.engine.team {
            let stats = self.engine.team_stats;
            period += &format!("; team of {}: {}", team.size(), stats.describe());
        }
        Progress {
            done,
            target: to + 1,
            detail: format!(
                "{}: {:.2} M values/s, {engine}, largest value {}{period}",
                self.code,
                rate / 1e6,
                self.engine.largest()
            ),
        }
    }
}

/// Why a bounded table refuses a team.
pub(super) fn needs_every_value() -> crate::error::Error {
    crate::error::Error::invalid(
        "a bounded table (--window) keeps too few values for a team, which needs every value",
    )
}

/// `G(0..=to)` by the plain engine alone: the reference for the sparse one.
pub fn plain_table(game: &TakeBreak, to: u64) -> Vec<Nimber> {
    let mut engine = Engine::new(Rules::new(game.code()));
    let mut g: Vec<u32> = Vec::new();
    while g.len() as u64 <= to {
        let cap = engine.capacity();
        let v = plain::value(&g, &engine.rules, &mut engine.marks, cap);
        engine.record(g.len(), v);
        g.push(v);
    }
    g.into_iter().map(|v| Nimber(v.into())).collect()
}
