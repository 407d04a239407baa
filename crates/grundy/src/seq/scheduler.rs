//! The engine's scheduler: which engine computes each heap (plain,
//! sparse, triple), when two threads or a team share the work, and the
//! measurements that decide it. [`super::Sequence`] owns one and asks it
//! for heaps.

use std::sync::Arc;

use super::marks::Marks;
use super::rules::Rules;
use super::sparse::Sparse;
use super::stop::{Ended, STOP_EVERY, StopCheck};
use super::store::Cell;
use super::team::{Team, TeamStats};
use super::triple::Triple;
use super::{block, dense, kernel, mask, pipeline, plain, speculate, triple};
use std::time::Instant;

/// How two threads share the heaps of a sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwoThreads {
    /// Each thread takes alternate heaps, starting a heap before the value
    /// of the one before it is known (see `seq/pipeline.rs`).
    Pipeline,
    /// One thread takes each heap's candidate for its value and goes on;
    /// the other confirms the candidates behind it (see
    /// `seq/speculate.rs`).
    Speculation,
}

impl TwoThreads {
    /// 0 or 1, to index what is kept for each way.
    fn index(self) -> usize {
        match self {
            TwoThreads::Pipeline => 0,
            TwoThreads::Speculation => 1,
        }
    }
}

/// Heaps computed between checks of the stop flag, clock and period.
pub(super) const CHUNK: usize = 1 << 14;

/// Chunks speculation runs, once past its trial, hold this many times
/// [`CHUNK`] heaps: each run ends by waiting for the second thread to scan
/// the heaps its ring still holds (up to about a millisecond of Officers'
/// heaps) and starts by starting it again. With four times the heaps,
/// Officers to 10^7 on two threads took 6.39 s instead of 6.92 s (median
/// of six, AMD EPYC).
pub(super) const SPECULATION_CHUNKS: usize = 4;

/// The sparse engine is used while at most this fraction of the positions
/// are rare; beyond it, scanning every pair costs about the same.
pub(super) const MAX_RARE_FRACTION: f64 = 0.25;

/// The per-heap machinery, apart from the table itself.
#[derive(Clone)]
pub(super) struct Engine {
    pub(super) rules: Rules,
    /// `histogram[k][v]`: positions `n >= 1` with value `v` and `n % 2 == k`.
    /// Its length, a power of two, bounds every value and every XOR of values.
    pub(super) histogram: [Vec<u64>; 2],
    /// `Some(t mod 2)` when every split removal `t` has the same parity, so
    /// the domain type of classification can be used.
    pub(super) domain: Option<u8>,
    pub(super) marks: Marks,
    pub(super) sparse: Option<Sparse>,
    /// The engine for codes leaving three heaps, while its rows fit.
    pub(super) triple: Option<Triple>,
    /// The triple engine's rows outgrew [`Engine::row_budget`]: the plain
    /// engine goes on.
    pub(super) triple_refused: bool,
    /// Bytes the triple engine's rows may take: half the memory limit.
    pub(super) row_budget: u64,
    pub(super) next_review: u64,
    pub(super) rare_at_review: usize,
    /// Threads the engine may use (two threads need two).
    pub(super) threads: usize,
    /// Never use the sparse engine.
    pub(super) plain_only: bool,
    /// The inner loops the sparse and dense engines' scans run.
    pub(super) kernel: kernel::Kernel,
    /// Scratch for the dense engine.
    pub(super) needed: Vec<u64>,
    /// Nanoseconds a heap took in the last chunk the sparse engine ran on
    /// one thread (since its classification was chosen).
    pub(super) heap_cost: Option<f64>,
    /// Nanoseconds a heap took in the last chunk run on two threads.
    pub(super) two_thread_cost: Option<f64>,
    /// Run two threads this way whatever a heap costs (see
    /// [`Sequence::force_two_threads`]).
    pub(super) forced: Option<TwoThreads>,
    /// Every chunk holds [`CHUNK`] heaps (see [`Engine::chunk_heaps`]):
    /// the tests of bounded tables count on values moving, and runs
    /// stopping, every so many heaps within short runs.
    pub(super) short_chunks: bool,
    /// Rare positions the last chunk found (see [`Engine::way`]).
    pub(super) rare_found: usize,
    /// The way [`Engine::two_thread_cost`] was measured for (the way two
    /// threads run next, once a chunk has been run).
    pub(super) last_way: Option<TwoThreads>,
    /// The last cost measured for each way ([`TwoThreads::index`]), kept
    /// while the other way runs.
    pub(super) way_costs: [Option<f64>; 2],
    /// Heaps speculation's ring holds ([`speculate::RING_HEAPS`]; tests
    /// use small rings, to reach the paths where it is full).
    pub(super) ring_heaps: usize,
    /// Runs on two threads that ended for a heap computed in full (a
    /// statistic the tests read).
    pub(super) full_runs: u64,
    /// Chunks run so far (see [`Engine::use_two_threads`]).
    pub(super) chunks: u64,
    /// Of those, the chunks run on two threads.
    pub(super) two_thread_chunks: u64,
    /// Chunks run on two threads since one thread last ran.
    pub(super) two_thread_streak: u32,
    /// From this chunk on, the way that lost runs again to be measured.
    pub(super) next_remeasure: u64,
    /// Chunks between two such measures: doubled each time the loser
    /// loses again, back to [`REMEASURE_EVERY`] when the choice changes.
    pub(super) remeasure_gap: u64,
    /// Whether two threads were the cheaper way at the last chunk.
    pub(super) two_threads_cheaper: Option<bool>,
    /// The processes sharing the work ([`RunOptions::team`](crate::limits::RunOptions::team)).
    pub(super) team: Option<Arc<dyn Team>>,
    /// What the shared blocks cost.
    pub(super) team_stats: TeamStats,
    /// Rare positions a code needs before blocks are shared
    /// ([`TEAM_MIN_RARE`]; tests lower it to share every block).
    pub(super) team_min_rare: usize,
    /// When the current shared block's exchange ended: its heaps are being
    /// finished.
    pub(super) finishing: Option<Instant>,
    /// Whether the table is bounded (see [`Engine::bound_reads`]).
    pub(super) bounded: bool,
    /// Whether a review wanted another engine, which would read values a
    /// bounded table no longer keeps.
    pub(super) review_refused: bool,
}

/// Heaps in a block shared by a team: the exchange per block is this many
/// heaps' bits, and the rare positions below it are left to each heap.
pub(super) const TEAM_HEAPS: usize = 256;

/// A team shares blocks from this heap on; below it every member computes
/// alone (the same values).
pub(super) const TEAM_FROM: usize = 16 * TEAM_HEAPS;

/// A team shares blocks only for codes with at least this many rare
/// positions; with fewer, a block's shared work is smaller than its two
/// exchanges, and every member computing alone is faster (0.1777, 15 rare
/// positions, certified in 109-127 s alone and 192 s shared by two processes,
/// on an AMD EPYC; see docs/DISTRIBUTED.md).
pub(super) const TEAM_MIN_RARE: usize = 256;

/// Two threads run once a heap costs this many nanoseconds on one thread.
/// The pipeline hands each value between the threads, which costs a few
/// hundred nanoseconds, so well below a microsecond a heap one thread is
/// faster (measured on an AMD EPYC: the pipeline takes Officers from 4.7
/// to 2.7 µs a heap, and slows 0.106 and 0.16, whose heaps cost 0.1-0.2
/// µs). Speculation hands over only the heaps that need a scan, but it too
/// was slower than one thread on 0.106 (60-90 ns a heap on one thread,
/// 50-150 on two), whose scans are a small part of a heap's work. Officers'
/// heaps cost 1.45 µs on one thread of an Intel Xeon, and 0.9 on two:
/// the bar is below that, and the measured costs decide the rest.
pub(super) const PIPELINE_MIN_NS: f64 = 800.0;

/// Two threads run by speculation while the last chunk found at most this
/// many rare positions. Each one stops the speculating threads, which start
/// again after it (some 50 µs), and throws away what the first thread
/// computed past it: the heaps the ring holds, about 1.4 ms of Officers'
/// heaps when the second thread lags that far, and the heaps after them
/// up to the first thread's next look at the ring. Against some
/// 25 ms for a chunk of heaps dear enough for two threads, these cost a
/// quarter of a chunk at worst, and little where the second thread keeps
/// up; the cost measured decides in the end.
pub(super) const SPECULATE_MAX_RARE: usize = 4;

/// Heaps below this are always computed on one thread.
pub(super) const MIN_PIPELINE: usize = 1024;

/// Once both two threads and one thread have been measured, the way that
/// lost runs again after this many chunks, to measure it again: how busy a
/// shared machine is changes while a table runs.
pub(super) const REMEASURE_EVERY: u64 = 32;

/// The most chunks between two such measures. Each time the loser loses
/// again the wait doubles, so a way many times slower costs a few percent.
pub(super) const MAX_REMEASURE_GAP: u64 = 512;

/// Two threads that start run this many chunks and are judged on the last:
/// the pipeline's first chunks were dearer (for Officers 2.11, 2.01, 1.90,
/// then 1.42 µs a heap, on a loaded machine), and speculation gets the same
/// trial.
pub(super) const TRIAL_CHUNKS: u32 = 4;

impl Engine {
    pub(super) fn new(rules: Rules) -> Engine {
        let same_parity = rules.split_two.windows(2).all(|w| w[0].0 % 2 == w[1].0 % 2);
        let domain = rules
            .split_two
            .first()
            .filter(|_| same_parity)
            .map(|&(t, _)| (t % 2) as u8);
        let mut e = Engine {
            rules,
            histogram: [vec![0; 2], vec![0; 2]],
            domain,
            marks: Marks::default(),
            sparse: None,
            triple: None,
            triple_refused: false,
            row_budget: crate::limits::DEFAULT_MAX_MEMORY / 2,
            next_review: 64,
            rare_at_review: 0,
            threads: 1,
            plain_only: false,
            kernel: kernel::Kernel::best(),
            needed: Vec::new(),
            heap_cost: None,
            two_thread_cost: None,
            forced: None,
            short_chunks: false,
            rare_found: 0,
            last_way: None,
            way_costs: [None; 2],
            ring_heaps: speculate::RING_HEAPS,
            full_runs: 0,
            chunks: 0,
            two_thread_chunks: 0,
            two_thread_streak: 0,
            next_remeasure: REMEASURE_EVERY,
            remeasure_gap: REMEASURE_EVERY,
            two_threads_cheaper: None,
            team: None,
            team_stats: TeamStats::default(),
            team_min_rare: TEAM_MIN_RARE,
            finishing: None,
            bounded: false,
            review_refused: false,
        };
        e.marks.ensure(2);
        e
    }

    pub(super) fn capacity(&self) -> u32 {
        self.histogram[0].len() as u32
    }

    /// The largest value recorded so far (the capacity is only a power of
    /// two above it).
    pub(super) fn largest(&self) -> usize {
        let [even, odd] = &self.histogram;
        (0..even.len())
            .rev()
            .find(|&v| even[v] + odd[v] > 0)
            .unwrap_or(0)
    }

    /// Accounts for `G(n) = v`, growing the value capacity when needed.
    /// (A run of values below the capacity and not rare is accounted for
    /// by [`Engine::count_values`] instead: what this does for such a
    /// value must be done there too.)
    pub(super) fn record(&mut self, n: usize, v: u32) {
        if v >= self.capacity() {
            let cap = (v as usize + 1).next_power_of_two();
            self.histogram[0].resize(cap, 0);
            self.histogram[1].resize(cap, 0);
            self.marks.ensure(cap);
            if let Some(s) = &mut self.sparse {
                s.set_capacity(cap as u32);
            }
            if Triple::bytes_at(cap as u32, n + 1) > self.row_budget {
                self.drop_triple();
            } else if let Some(t) = &mut self.triple {
                t.set_capacity(cap as u32);
            }
        }
        self.count(n, v);
        if let Some(s) = &mut self.sparse {
            s.record(n, v);
        }
    }

    /// Counts `G(n) = v` in the histogram (`v` below the capacity).
    #[inline]
    pub(super) fn count(&mut self, n: usize, v: u32) {
        if n >= 1 {
            self.histogram[n % 2][v as usize] += 1;
        }
    }

    /// Whether [`Sparse::run_narrow`] may run from heap `n`: the sparse
    /// engine, no block running, and too few rare positions for a block
    /// to start (alone or shared by a team) on any later heap.
    pub(super) fn narrow_runs(&self, n: usize) -> bool {
        self.sparse.as_ref().is_some_and(|s| {
            let rare = s.rare_count();
            n >= s.block_end()
                && rare < block::MIN_RARE
                && (self.team.is_none() || rare < self.team_min_rare)
        })
    }

    /// Accounts for the values `g[from..]`, none of them a rare position
    /// and all below the capacity: [`Engine::record`] for a run of them,
    /// with nothing to grow and nothing for the sparse engine to add.
    pub(super) fn count_values<T: Cell>(&mut self, g: &[T], from: usize) {
        for (p, v) in g.iter().enumerate().skip(from) {
            self.count(p, v.get());
        }
    }

    /// Computes heaps `g.len()..end`, on two threads where that pays;
    /// stops early (returning the value) when a value does not fit `T`.
    ///
    /// Returns early, with fewer values, once `stop` says so: it is asked
    /// every [`STOP_EVERY`] heaps, so a deadline is kept to within a few
    /// milliseconds even when each heap costs microseconds, or when two
    /// threads wait on each other on a busy machine.
    pub(super) fn run<T: Cell>(
        &mut self,
        g: &mut Vec<T>,
        end: usize,
        stop: &StopCheck<'_>,
    ) -> Option<u32> {
        let (from, started) = (g.len(), std::time::Instant::now());
        self.chunks += 1;
        let way = self.choose_way();
        let two_threads = self.use_two_threads(from);
        let rare_before = self.sparse.as_ref().map_or(0, Sparse::rare_count);
        let overflow = if two_threads {
            self.two_thread_chunks += 1;
            self.run_two_threads(g, end, stop, way)
        } else {
            self.run_sequential(g, end, stop)
        };
        let measured = overflow.is_none() && g.len() > from && self.sparse.is_some();
        let cost = measured.then(|| started.elapsed().as_nanos() as f64 / (g.len() - from) as f64);
        self.rare_found = self
            .sparse
            .as_ref()
            .map_or(0, |s| s.rare_count().saturating_sub(rare_before));
        self.record_chunk(two_threads, cost);
        overflow
    }

    /// Accounts for a chunk run on two threads or not, which cost `cost`
    /// nanoseconds a heap (`None`: not a measure to go by).
    pub(super) fn record_chunk(&mut self, two_threads: bool, cost: Option<f64>) {
        self.two_thread_streak = if two_threads {
            self.two_thread_streak.saturating_add(1)
        } else {
            0
        };
        if cost.is_some() {
            if two_threads {
                self.two_thread_cost = cost;
            } else {
                self.heap_cost = cost;
            }
        }
        self.schedule_remeasure(two_threads);
    }

    /// After a chunk run on two threads or not: when the way that lost has
    /// just been measured again (and is not in the middle of a trial), sets
    /// when it runs next.
    pub(super) fn schedule_remeasure(&mut self, two_threads: bool) {
        let (Some(one), Some(two)) = (self.heap_cost, self.two_thread_cost) else {
            return;
        };
        let cheaper = two < one;
        match self.two_threads_cheaper {
            // Both ways measured for the first time.
            None => self.next_remeasure = self.chunks + REMEASURE_EVERY,
            Some(before) if before != cheaper => self.remeasure_gap = REMEASURE_EVERY,
            Some(_) => {}
        }
        self.two_threads_cheaper = Some(cheaper);
        if self.chunks < self.next_remeasure || (two_threads && self.in_trial()) {
            return;
        }
        if two_threads != cheaper {
            self.remeasure_gap = (2 * self.remeasure_gap).min(MAX_REMEASURE_GAP);
        }
        self.next_remeasure = self.chunks + self.remeasure_gap;
    }

    /// Whether two threads are starting: they have run fewer than
    /// [`TRIAL_CHUNKS`] chunks in a row and are not far behind one thread.
    pub(super) fn in_trial(&self) -> bool {
        let dear = match (self.heap_cost, self.two_thread_cost) {
            (Some(one), Some(two)) => two >= 1.5 * one,
            _ => false,
        };
        (1..TRIAL_CHUNKS).contains(&self.two_thread_streak) && !dear
    }

    /// Whether heaps from `n` on go to two threads (the pipeline or
    /// speculation, see [`Engine::way`]): when two threads are
    /// allowed, the sparse engine runs, a heap measured on one thread costs
    /// more than [`PIPELINE_MIN_NS`], and the last measure of two threads
    /// was cheaper. The threads wait on each other, so on a busy machine,
    /// where a waiting thread may have to wait for the scheduler, two
    /// threads can be many times slower than one, and how busy the machine
    /// is changes while a table runs: so the way that lost runs again from
    /// time to time (see [`Engine::schedule_remeasure`]), and two threads
    /// that start get a trial of a few chunks.
    pub(super) fn use_two_threads(&self, n: usize) -> bool {
        let possible = self.threads >= 2
            && self.team.is_none()
            && n >= MIN_PIPELINE
            && self.sparse.is_some()
            && self.rules.split_three.is_empty();
        if !possible {
            return false;
        }
        if self.forced.is_some() {
            return true;
        }
        match (self.heap_cost, self.two_thread_cost) {
            (None, _) => false,
            (Some(one), _) if one < PIPELINE_MIN_NS => false,
            (Some(_), None) => true,
            _ if self.in_trial() => true,
            (Some(one), Some(two)) => (two < one) != (self.chunks >= self.next_remeasure),
        }
    }

    /// How many heaps from heap `n` on the next chunk holds: [`CHUNK`], or
    /// [`SPECULATION_CHUNKS`] times that when two threads run it by
    /// speculation past their trial.
    pub(super) fn chunk_heaps(&self, n: usize) -> usize {
        let settled_speculation = !self.short_chunks
            && self.use_two_threads(n)
            && !self.in_trial()
            && self.way() == TwoThreads::Speculation;
        if settled_speculation {
            SPECULATION_CHUNKS * CHUNK
        } else {
            CHUNK
        }
    }

    /// The way two threads run next ([`Engine::way`]), with the cost last
    /// measured for it: speculation slowed by many rare positions says
    /// nothing of the pipeline, so each way keeps its own cost, and a way
    /// that starts again gets a trial.
    pub(super) fn choose_way(&mut self) -> TwoThreads {
        let way = self.way();
        if let Some(last) = self.last_way.filter(|&last| last != way) {
            self.way_costs[last.index()] = self.two_thread_cost;
            self.two_thread_cost = self.way_costs[way.index()];
            self.two_threads_cheaper = None;
            self.two_thread_streak = 0;
        }
        self.last_way = Some(way);
        way
    }

    /// How two threads run: by speculation ([`speculate`]) when the last
    /// chunk found at most
    /// [`SPECULATE_MAX_RARE`] rare positions, since each one ends a run of
    /// speculation.
    pub(super) fn way(&self) -> TwoThreads {
        match self.forced {
            Some(way) => way,
            None if self.rare_found <= SPECULATE_MAX_RARE => TwoThreads::Speculation,
            None => TwoThreads::Pipeline,
        }
    }

    /// Computes heaps `g.len()..end` on two threads, by speculation or
    /// with the pipeline; returns early as [`Engine::run`] does.
    pub(super) fn run_two_threads<T: Cell>(
        &mut self,
        g: &mut Vec<T>,
        end: usize,
        stop: &StopCheck<'_>,
        way: TwoThreads,
    ) -> Option<u32> {
        while g.len() < end {
            let start = g.len();
            let cap = self.capacity();
            let sparse = self
                .sparse
                .as_mut()
                .expect("two threads run the sparse engine");
            let rules = &self.rules;
            let ended = match way {
                TwoThreads::Pipeline => pipeline::run(g, end, sparse, rules, cap, stop),
                TwoThreads::Speculation => {
                    speculate::run(g, end, sparse, rules, cap, stop, self.ring_heaps)
                }
            };
            // Values after a heap that outran a bounded table may be wrong:
            // the caller computes again from heap 0 and never reads them.
            if self.outran() {
                break;
            }
            for (p, v) in g.iter().enumerate().skip(start) {
                self.record(p, v.get());
            }
            match ended {
                Ended::Reached => break,
                Ended::Next(v) => {
                    if v > T::MAX {
                        return Some(v);
                    }
                    let n = g.len();
                    g.push(T::from_u32(v));
                    self.record(n, v);
                }
                Ended::Stopped => break,
                Ended::Full => {
                    self.full_runs += 1;
                    let next = g.len() + 1;
                    if let Some(v) = self.run_sequential(g, next, stop) {
                        return Some(v);
                    }
                    // Runs that end at once must still heed the stop.
                    if stop() {
                        break;
                    }
                }
            }
        }
        None
    }

    pub(super) fn run_sequential<T: Cell>(
        &mut self,
        g: &mut Vec<T>,
        end: usize,
        stop: &StopCheck<'_>,
    ) -> Option<u32> {
        let from = g.len();
        self.prepare_triple(g, end);
        // A heap leaving three heaps costs `O(n)` or more: ask more often.
        let stop_every = if self.rules.split_three.is_empty() {
            STOP_EVERY
        } else {
            STOP_EVERY / 16
        };
        while g.len() < end {
            let n = g.len();
            if self.outran() {
                break;
            }
            // Some values are computed first, so that every run makes
            // progress.
            if n > from && (n - from).is_multiple_of(stop_every) && stop() {
                break;
            }
            // Where the register path applies, it runs to the next check
            // of the stop flag at once.
            if self.narrow_runs(n) {
                let stop_at = (n + stop_every - (n - from) % stop_every).min(end);
                let s = self.sparse.as_mut().expect("the register path is sparse");
                let pending = s.run_narrow(g, stop_at, &self.rules);
                if g.len() > n || pending.is_some() {
                    self.count_values(g, n);
                    if let Some(v) = pending {
                        // At most 64 (the capacity), which every cell
                        // holds; checked as at the other pushes.
                        if v > T::MAX {
                            return Some(v);
                        }
                        g.push(T::from_u32(v));
                        self.record(g.len() - 1, v);
                    }
                    continue;
                }
            }
            let cap = self.capacity();
            let v = match (&mut self.sparse, &mut self.triple) {
                (Some(s), _) => {
                    if n >= s.block_end() {
                        let share = n >= TEAM_FROM && s.rare_count() >= self.team_min_rare;
                        if let Some(team) = self.team.as_deref().filter(|_| share) {
                            close_block(&mut self.finishing, &mut self.team_stats);
                            let len = TEAM_HEAPS.min(end - n);
                            s.start_team_block(g, len, &self.rules, team, &mut self.team_stats);
                            self.finishing = Some(Instant::now());
                        } else if s.wants_block(n) {
                            s.start_block(g, block::BLOCK_HEAPS.min(end - n), &self.rules);
                        }
                    }
                    s.value(g, &self.rules, &mut self.marks)
                }
                (None, Some(t)) => t.value(g, &self.rules, &mut self.marks, cap),
                (None, None) if self.rules.split_three.is_empty() && !self.plain_only => {
                    dense::value(
                        g,
                        &self.rules,
                        &mut self.marks,
                        cap,
                        self.kernel,
                        &mut self.needed,
                    )
                }
                (None, None) => plain::value(g, &self.rules, &mut self.marks, cap),
            };
            if self.outran() {
                break;
            }
            if v > T::MAX {
                return Some(v);
            }
            g.push(T::from_u32(v));
            self.record(n, v);
        }
        close_block(&mut self.finishing, &mut self.team_stats);
        None
    }

    /// Promises that the table's heaps `limit..` will be moved (see
    /// [`crate::seq::window`]): only the sparse engine reads such a table,
    /// within the limits [`Sparse::bound_reads`] sets.
    pub(super) fn bound_reads(&mut self, limit: usize) {
        self.bounded = true;
        if let Some(s) = &mut self.sparse {
            s.bound_reads(limit);
        }
    }

    /// Whether a heap, or the review, needed a value a bounded table no
    /// longer keeps (see [`Engine::bound_reads`]): the caller must
    /// recompute.
    #[inline]
    pub(super) fn outran(&self) -> bool {
        self.review_refused || self.sparse.as_ref().is_some_and(Sparse::outran)
    }

    /// Starts the triple engine for heaps up to `end` where it applies and
    /// its rows fit the budget (building the rows of the heaps in `g`).
    pub(super) fn prepare_triple<T: Cell>(&mut self, g: &[T], end: usize) {
        if self.plain_only || self.triple_refused || !triple::applies(&self.rules) {
            self.triple = None;
            return;
        }
        if Triple::bytes_at(self.capacity(), end) > self.row_budget {
            self.drop_triple();
            return;
        }
        let cap = self.capacity();
        self.triple
            .get_or_insert_with(|| Triple::new(cap, g))
            .reserve(end);
    }

    /// Gives up the triple engine for good: its rows would not fit.
    pub(super) fn drop_triple(&mut self) {
        self.triple = None;
        self.triple_refused = true;
    }

    /// Chooses the engine for the next stretch: the best mask from the
    /// histogram, if it makes rare positions few enough.
    pub(super) fn review<T: Cell>(&mut self, g: &[T]) {
        let n = g.len() as u64;
        let current = self.sparse.as_ref().map(Sparse::rare_count);
        let due =
            n >= self.next_review || current.is_some_and(|r| r > 2 * self.rare_at_review.max(64));
        if !due
            || self.plain_only
            || !self.rules.split_three.is_empty()
            || self.rules.split_two.is_empty()
        {
            return;
        }
        let (class, rare) = mask::best_class(&self.histogram[0], &self.histogram[1], self.domain);
        let change = rare as f64 > MAX_RARE_FRACTION * n as f64
            || current.is_none_or(|r| rare * 5 < r as u64 * 4);
        if change && self.bounded {
            // Another engine would read values a bounded table no longer
            // keeps: the caller recomputes with every value kept here.
            self.review_refused = true;
            return;
        }
        if rare as f64 > MAX_RARE_FRACTION * n as f64 {
            self.sparse = None;
        } else if current.is_none_or(|r| rare * 5 < r as u64 * 4) {
            let mut sparse = Sparse::new(class, self.capacity(), g);
            sparse.kernel = self.kernel;
            self.sparse = Some(sparse);
            // A new classification costs differently: measure it again.
            self.heap_cost = None;
            self.two_thread_cost = None;
            self.way_costs = [None; 2];
            self.two_threads_cheaper = None;
        }
        self.rare_at_review = self.sparse.as_ref().map_or(0, Sparse::rare_count);
        self.next_review = (2 * n).max(n + 4096);
    }
}

/// What a bounded table's engine has learned that its kept values no
/// longer show: the classification of the sparse engine, the count of
/// each value over every heap (which the review reads), and the deepest
/// scan. A bounded table's checkpoint saves it (see
/// [`crate::seq::window`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(super) struct Learned {
    /// The sparse engine's mask.
    pub mask: u32,
    /// Whether its classification is of the domain type.
    pub domain: bool,
    /// The class bit of rare positions.
    pub rare: u8,
    /// The deepest smaller heap a confirming scan has read.
    pub deepest: usize,
    /// The table length at which the next review is due.
    pub next_review: u64,
    /// Rare positions at the last review.
    pub rare_at_review: usize,
    /// [`Engine::histogram`]; its length is the value capacity.
    pub histogram: [Vec<u64>; 2],
}

/// The largest value capacity a saved state may claim: far above any
/// sequence the sparse engine runs, and small enough that a forged file
/// cannot make the engine allocate much.
const MOST_SAVED_CAPACITY: usize = 1 << 20;

impl Engine {
    /// What the engine has learned, while the sparse engine runs.
    pub(super) fn learned(&self) -> Option<Learned> {
        let sparse = self.sparse.as_ref()?;
        let class = sparse.class();
        Some(Learned {
            mask: class.mask,
            domain: class.domain,
            rare: class.rare,
            deepest: sparse.reach().0,
            next_review: self.next_review,
            rare_at_review: self.rare_at_review,
            histogram: self.histogram.clone(),
        })
    }

    /// Takes up what a bounded table's engine had learned, with the kept
    /// values `g` at their places, whose rare positions must all lie below
    /// `prefix`. An error says what does not fit.
    pub(super) fn restore<T: Cell>(
        &mut self,
        learned: Learned,
        g: &[T],
        prefix: usize,
    ) -> std::result::Result<(), String> {
        let cap = learned.histogram[0].len();
        if !cap.is_power_of_two()
            || !(2..=MOST_SAVED_CAPACITY).contains(&cap)
            || learned.histogram[1].len() != cap
        {
            return Err(format!("a value capacity of {cap}"));
        }
        if let Some(v) = g.iter().map(|v| v.get()).find(|&v| v as usize >= cap) {
            return Err(format!("the value {v}, not below the capacity {cap}"));
        }
        let class = mask::Class {
            mask: learned.mask,
            domain: learned.domain,
            rare: learned.rare & 1,
        };
        let mut sparse = Sparse::new(class, cap as u32, g);
        let (_, largest_rare) = sparse.reach();
        if largest_rare >= prefix.max(1) {
            return Err(format!(
                "a rare position at place {largest_rare}, past the prefix of {prefix}"
            ));
        }
        sparse.kernel = self.kernel;
        sparse.resume_depth(learned.deepest);
        self.histogram = learned.histogram;
        self.marks.ensure(cap);
        self.sparse = Some(sparse);
        self.next_review = learned.next_review;
        self.rare_at_review = learned.rare_at_review;
        Ok(())
    }
}

/// Adds the time since a shared block's exchange to its unshared part.
/// (Heaps after a widening of the table are counted as the next run's,
/// which leaves the sum unchanged.)
pub(super) fn close_block(finishing: &mut Option<Instant>, stats: &mut TeamStats) {
    if let Some(since) = finishing.take() {
        stats.finish_ns += since.elapsed().as_nanos() as u64;
    }
}
