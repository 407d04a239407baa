//! The sequence engine for take-and-break codes: `G(0..N)` for `N` up to
//! about 10^9, one or two bytes a value.
//!
//! [`Sequence`] owns the table and grows it heap by heap. Each heap is
//! computed by the sparse engine (`sparse`: time proportional to the rare
//! positions) when the value statistics give a good mask, by the triple
//! engine (`triple`: three-heap moves by bit rows of two-heap values) for
//! codes whose moves may leave three heaps, or by the plain engine
//! (`plain`: every option scanned), which is also the reference the others
//! are tested against. The mask is reviewed as the table grows
//! (Walsh–Hadamard transform of the histogram, `mask`). A
//! [`crate::period::watch::Watch`] looks for a period as values arrive and
//! certifies it with the Guy–Smith theorem, after which computing can stop
//! (for codes the theorem does not cover, it only observes).
//! Long runs report progress, honour the stop flag, and save to a
//! [`checkpoint`] file from which they resume.

mod block;
pub mod checkpoint;
mod dense;
pub mod family;
mod kernel;
mod marks;
mod mask;
mod pipeline;
mod plain;
mod register_block;
pub mod rules;
mod sparse;
mod speculate;
pub mod store;
pub mod team;
mod triple;

/// A small linear congruential generator for the engines' tests: varied
/// cases, the same on every run.
#[cfg(test)]
pub(crate) struct Lcg(pub u64);

#[cfg(test)]
impl Lcg {
    /// The next state; its high bits are the most random.
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        (self.next() >> 33) % n
    }
}

use std::sync::Arc;
use std::time::{Duration, Instant};

pub use family::TakeBreakFamily;
pub use store::{Cell, Store};

use self::checkpoint::Checkpoint;
use self::marks::Marks;
use self::rules::Rules;
use self::sparse::Sparse;
use self::team::{Team, TeamStats};
use self::triple::Triple;
use crate::error::Result;
use crate::heap::octal::TakeBreak;
use crate::limits::{Limits, Progress};
use crate::nimber::Nimber;
use crate::period::watch::Watch;
use crate::period::{Periodicity, Proof};

/// The most values [`Sequence::stream_chunks`] hands over at once: a
/// slice of them fits the first-level cache.
pub const TABLE_CHUNK: usize = 4096;

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

/// How a run on two threads ended; the table holds the values that are
/// final.
#[derive(Debug, PartialEq)]
enum Ended {
    /// Every heap up to the end asked for.
    Reached,
    /// The heap after the table's last has this value, for the caller to
    /// record (it may not fit the table, or may be a new rare position).
    Next(u32),
    /// The heap after the table's last is for the caller to compute in
    /// full (its value may not fit the capacity).
    Full,
    /// The stop check said so.
    Stopped,
}

/// Heaps computed between checks of the stop flag, clock and period.
const CHUNK: usize = 1 << 14;

/// Whether a computation must stop now (the stop flag or the deadline),
/// asked by the engines between heaps; shared by the pipeline's threads.
pub(crate) type StopCheck<'a> = dyn Fn() -> bool + Sync + 'a;

/// Waits a moment for another thread: spins a while, then gives the
/// processor away, since on a busy machine the other thread may be waiting
/// for it.
pub(crate) fn pause(spins: &mut u32) {
    *spins += 1;
    if *spins < 1 << 10 {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
}

/// Heaps computed between two questions to a [`StopCheck`].
pub(crate) const STOP_EVERY: usize = 256;

/// The sparse engine is used while at most this fraction of the positions
/// are rare; beyond it, scanning every pair costs about the same.
const MAX_RARE_FRACTION: f64 = 0.25;

/// The per-heap machinery, apart from the table itself.
#[derive(Clone)]
struct Engine {
    rules: Rules,
    /// `histogram[k][v]`: positions `n >= 1` with value `v` and `n % 2 == k`.
    /// Its length, a power of two, bounds every value and every XOR of values.
    histogram: [Vec<u64>; 2],
    /// `Some(t mod 2)` when every split removal `t` has the same parity, so
    /// the domain type of classification can be used.
    domain: Option<u8>,
    marks: Marks,
    sparse: Option<Sparse>,
    /// The engine for codes leaving three heaps, while its rows fit.
    triple: Option<Triple>,
    /// The triple engine's rows outgrew [`Engine::row_budget`]: the plain
    /// engine goes on.
    triple_refused: bool,
    /// Bytes the triple engine's rows may take: half the memory limit.
    row_budget: u64,
    next_review: u64,
    rare_at_review: usize,
    /// Threads the engine may use (two threads need two).
    threads: usize,
    /// Never use the sparse engine.
    plain_only: bool,
    /// The inner loops the sparse and dense engines' scans run.
    kernel: kernel::Kernel,
    /// Scratch for the dense engine.
    needed: Vec<u64>,
    /// Nanoseconds a heap took in the last chunk the sparse engine ran on
    /// one thread (since its classification was chosen).
    heap_cost: Option<f64>,
    /// Nanoseconds a heap took in the last chunk run on two threads.
    two_thread_cost: Option<f64>,
    /// Run two threads this way whatever a heap costs (see
    /// [`Sequence::force_two_threads`]).
    forced: Option<TwoThreads>,
    /// Rare positions the last chunk found (see [`Engine::way`]).
    rare_found: usize,
    /// The way [`Engine::two_thread_cost`] was measured for (the way two
    /// threads run next, once a chunk has been run).
    last_way: Option<TwoThreads>,
    /// The last cost measured for each way ([`TwoThreads::index`]), kept
    /// while the other way runs.
    way_costs: [Option<f64>; 2],
    /// Heaps speculation's ring holds ([`speculate::RING_HEAPS`]; tests
    /// use small rings, to reach the paths where it is full).
    ring_heaps: usize,
    /// Runs on two threads that ended for a heap computed in full (a
    /// statistic the tests read).
    full_runs: u64,
    /// Chunks run so far (see [`Engine::use_two_threads`]).
    chunks: u64,
    /// Of those, the chunks run on two threads.
    two_thread_chunks: u64,
    /// Chunks run on two threads since one thread last ran.
    two_thread_streak: u32,
    /// From this chunk on, the way that lost runs again to be measured.
    next_remeasure: u64,
    /// Chunks between two such measures: doubled each time the loser
    /// loses again, back to [`REMEASURE_EVERY`] when the choice changes.
    remeasure_gap: u64,
    /// Whether two threads were the cheaper way at the last chunk.
    two_threads_cheaper: Option<bool>,
    /// The processes sharing the work ([`Limits::team`]).
    team: Option<Arc<dyn Team>>,
    /// What the shared blocks cost.
    team_stats: TeamStats,
    /// Rare positions a code needs before blocks are shared
    /// ([`TEAM_MIN_RARE`]; tests lower it to share every block).
    team_min_rare: usize,
    /// When the current shared block's exchange ended: its heaps are being
    /// finished.
    finishing: Option<Instant>,
}

/// Heaps in a block shared by a team: the exchange per block is this many
/// heaps' bits, and the rare positions below it are left to each heap.
const TEAM_HEAPS: usize = 256;

/// A team shares blocks from this heap on; below it every member computes
/// alone (the same values).
const TEAM_FROM: usize = 16 * TEAM_HEAPS;

/// A team shares blocks only for codes with at least this many rare
/// positions; with fewer, a block's shared work is smaller than its two
/// exchanges, and every member computing alone is faster (0.1777, 15 rare
/// positions, certified in 109-127 s alone and 192 s shared by two processes,
/// on an AMD EPYC; see docs/DISTRIBUTED.md).
const TEAM_MIN_RARE: usize = 256;

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
const PIPELINE_MIN_NS: f64 = 800.0;

/// Two threads run by speculation while the last chunk found at most this
/// many rare positions. Each one stops the speculating threads, which start
/// again after it (some 50 µs), and throws away what the first thread
/// computed past it: the heaps the ring holds, about 1.4 ms of Officers'
/// heaps when the second thread lags that far, and the heaps after them
/// up to the first thread's next look at the ring. Against some
/// 25 ms for a chunk of heaps dear enough for two threads, these cost a
/// quarter of a chunk at worst, and little where the second thread keeps
/// up; the cost measured decides in the end.
const SPECULATE_MAX_RARE: usize = 4;

/// Heaps below this are always computed on one thread.
const MIN_PIPELINE: usize = 1024;

/// Once both two threads and one thread have been measured, the way that
/// lost runs again after this many chunks, to measure it again: how busy a
/// shared machine is changes while a table runs.
const REMEASURE_EVERY: u64 = 32;

/// The most chunks between two such measures. Each time the loser loses
/// again the wait doubles, so a way many times slower costs a few percent.
const MAX_REMEASURE_GAP: u64 = 512;

/// Two threads that start run this many chunks and are judged on the last:
/// the pipeline's first chunks were dearer (for Officers 2.11, 2.01, 1.90,
/// then 1.42 µs a heap, on a loaded machine), and speculation gets the same
/// trial.
const TRIAL_CHUNKS: u32 = 4;

impl Engine {
    fn new(rules: Rules) -> Engine {
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
        };
        e.marks.ensure(2);
        e
    }

    fn capacity(&self) -> u32 {
        self.histogram[0].len() as u32
    }

    /// The largest value recorded so far (the capacity is only a power of
    /// two above it).
    fn largest(&self) -> usize {
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
    fn record(&mut self, n: usize, v: u32) {
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
    fn count(&mut self, n: usize, v: u32) {
        if n >= 1 {
            self.histogram[n % 2][v as usize] += 1;
        }
    }

    /// Whether [`Sparse::run_narrow`] may run from heap `n`: the sparse
    /// engine, no block running, and too few rare positions for a block
    /// to start (alone or shared by a team) on any later heap.
    fn narrow_runs(&self, n: usize) -> bool {
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
    fn count_values<T: Cell>(&mut self, g: &[T], from: usize) {
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
    fn run<T: Cell>(&mut self, g: &mut Vec<T>, end: usize, stop: &StopCheck<'_>) -> Option<u32> {
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
    fn record_chunk(&mut self, two_threads: bool, cost: Option<f64>) {
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
    fn schedule_remeasure(&mut self, two_threads: bool) {
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
    fn in_trial(&self) -> bool {
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
    fn use_two_threads(&self, n: usize) -> bool {
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

    /// The way two threads run next ([`Engine::way`]), with the cost last
    /// measured for it: speculation slowed by many rare positions says
    /// nothing of the pipeline, so each way keeps its own cost, and a way
    /// that starts again gets a trial.
    fn choose_way(&mut self) -> TwoThreads {
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
    fn way(&self) -> TwoThreads {
        match self.forced {
            Some(way) => way,
            None if self.rare_found <= SPECULATE_MAX_RARE => TwoThreads::Speculation,
            None => TwoThreads::Pipeline,
        }
    }

    /// Computes heaps `g.len()..end` on two threads, by speculation or
    /// with the pipeline; returns early as [`Engine::run`] does.
    fn run_two_threads<T: Cell>(
        &mut self,
        g: &mut Vec<T>,
        end: usize,
        stop: &StopCheck<'_>,
        way: TwoThreads,
    ) -> Option<u32> {
        while g.len() < end {
            let start = g.len();
            let sparse = self
                .sparse
                .as_ref()
                .expect("two threads run the sparse engine");
            let (rules, cap) = (&self.rules, self.capacity());
            let ended = match way {
                TwoThreads::Pipeline => pipeline::run(g, end, sparse, rules, cap, stop),
                TwoThreads::Speculation => {
                    speculate::run(g, end, sparse, rules, cap, stop, self.ring_heaps)
                }
            };
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

    fn run_sequential<T: Cell>(
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
            if v > T::MAX {
                return Some(v);
            }
            g.push(T::from_u32(v));
            self.record(n, v);
        }
        close_block(&mut self.finishing, &mut self.team_stats);
        None
    }

    /// Starts the triple engine for heaps up to `end` where it applies and
    /// its rows fit the budget (building the rows of the heaps in `g`).
    fn prepare_triple<T: Cell>(&mut self, g: &[T], end: usize) {
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
    fn drop_triple(&mut self) {
        self.triple = None;
        self.triple_refused = true;
    }

    /// Chooses the engine for the next stretch: the best mask from the
    /// histogram, if it makes rare positions few enough.
    fn review<T: Cell>(&mut self, g: &[T]) {
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

/// Adds the time since a shared block's exchange to its unshared part.
/// (Heaps after a widening of the table are counted as the next run's,
/// which leaves the sum unchanged.)
fn close_block(finishing: &mut Option<Instant>, stats: &mut TeamStats) {
    if let Some(since) = finishing.take() {
        stats.finish_ns += since.elapsed().as_nanos() as u64;
    }
}

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
    game: TakeBreak,
    code: String,
    store: Store,
    engine: Engine,
    watch: Watch,
    period: Option<Periodicity>,
    checkpoint: Option<Checkpoint>,
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
        }
    }

    /// The rules.
    pub fn game(&self) -> &TakeBreak {
        &self.game
    }

    /// How many values are known: `G(0..len)`.
    pub fn len(&self) -> u64 {
        self.store.len() as u64
    }

    /// Whether no value is computed yet.
    pub fn is_empty(&self) -> bool {
        self.store.is_empty()
    }

    /// `G(n)` if computed, or if a certified period gives it.
    pub fn get(&self, n: u64) -> Option<Nimber> {
        if let Some(v) = self.store.get(n) {
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
    /// `from > to`).
    pub fn stream_chunks_from(
        &self,
        from: u64,
        to: u64,
        sink: &mut dyn FnMut(&[Nimber]) -> Result<()>,
    ) -> Result<()> {
        let computed = self.len().min(to.saturating_add(1)) as usize;
        let first = usize::try_from(from).unwrap_or(usize::MAX).min(computed);
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
        let from = from.max(computed as u64);
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

    /// The computed values.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The sparse engine's mask, whether it uses the domain type, and how
    /// many rare positions it tracks (`None` while the plain engine runs).
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
    pub fn two_thread_chunks(&self) -> u64 {
        self.engine.two_thread_chunks
    }

    /// Runs two threads, the way given, wherever they can run (two
    /// threads allowed, the sparse engine in use, from heap 1024 on),
    /// however cheap a heap is and however many rare positions appear: for
    /// tests that hold each way against one thread on sequences where it
    /// would not pay.
    pub fn force_two_threads(&mut self, way: TwoThreads) {
        self.engine.forced = Some(way);
    }

    /// Saves to (and first resumes from) a checkpoint file. Its values are
    /// checked before they are used (checksums, and a sample derived again
    /// from the definition); a damaged or foreign file is an error.
    pub fn attach_checkpoint(&mut self, path: &std::path::Path) -> Result<()> {
        let (cp, saved) = Checkpoint::open(path, &self.code, &self.engine.rules)?;
        if saved.len() > self.store.len() {
            self.replace_store(saved);
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

    fn review(&mut self) {
        match &self.store {
            Store::U8(g) => self.engine.review(g.as_slice()),
            Store::U16(g) => self.engine.review(g.as_slice()),
            Store::U32(g) => self.engine.review(g.as_slice()),
        }
    }

    fn advance_watch(&mut self) {
        if self.period.is_some() {
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
    /// certified when `limits.shortcuts` allows stopping there.
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
        self.engine.threads = limits.threads;
        self.engine.plain_only = limits.plain_engine;
        self.engine.kernel = kernel::Kernel::choose(limits.simd)?;
        if let Some(sparse) = &mut self.engine.sparse {
            sparse.kernel = self.engine.kernel;
        }
        self.engine.row_budget = limits.max_memory / 2;
        self.engine.team = limits.team.clone();
        if limits.plain_engine {
            self.engine.sparse = None;
            self.engine.triple = None;
        }
        let started = Instant::now();
        let mut last_report = started;
        let mut last_save = started;
        let from = self.len();
        while self.len() <= to {
            if self.period.is_some() && limits.shortcuts {
                self.save()?;
                return Ok(Reached::Period);
            }
            // The first chunk stops where the pipeline may start, so that
            // the classification chosen after it is there when it does.
            let chunk_end = if self.len() < MIN_PIPELINE as u64 {
                MIN_PIPELINE as u64
            } else {
                self.len() + CHUNK as u64
            };
            let end = chunk_end.min(to + 1) as usize;
            self.store.reserve(end - self.store.len());
            // A team's members must stop at the same heap: they agree on
            // it after each chunk, never in the middle of one.
            let stop_now = || limits.check_stop().is_err();
            let stop: &StopCheck<'_> = if limits.team.is_some() {
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
            self.review();
            self.advance_watch();
            let handed = after_chunk(self);
            let now = Instant::now();
            if now - last_save >= Duration::from_secs(2) {
                self.save()?;
                last_save = now;
            }
            if let Some(report) = &limits.progress
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
            let team_stops = match &limits.team {
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

    fn save(&mut self) -> Result<()> {
        match &mut self.checkpoint {
            Some(cp) => cp.save(&self.store),
            None => Ok(()),
        }
    }

    fn progress(&self, from: u64, to: u64, started: Instant) -> Progress {
        let done = self.len();
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        let rate = (done - from) as f64 / secs;
        let engine = match self.sparse_state() {
            Some((mask, domain, rare)) => format!(
                "sparse engine ({} type, mask {mask:#x}, {rare} rare positions)",
                if domain { "domain" } else { "range" }
            ),
            None if self.engine.triple.is_some() => "triple engine".to_string(),
            None => "plain engine".to_string(),
        };
        let mut period = match (&self.period, self.watch.target()) {
            (Some(p), _) => format!("; period {} certified", p.period),
            (None, Some(t)) => format!("; a period candidate needs {t} values"),
            _ => String::new(),
        };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::heap::fill_table;
    use crate::heap::octal::Code;

    /// `extend_with` hands over the values chunk by chunk as they are
    /// added, and an error from its callback stops the extension there.
    #[test]
    fn extension_hands_over_each_chunk_and_stops_on_an_error() {
        let limits = Limits {
            shortcuts: false,
            ..Limits::default()
        };
        let mut seq = Sequence::new(game("0.106", false));
        let mut lens = Vec::new();
        seq.extend_with(100_000, &limits, &mut |s| {
            lens.push(s.len());
            Ok(())
        })
        .unwrap();
        assert!(lens.len() > 3, "{lens:?}");
        assert!(lens.windows(2).all(|w| w[0] < w[1]), "{lens:?}");
        assert_eq!(lens.last(), Some(&100_001));
        let mut seq = Sequence::new(game("0.106", false));
        let stopped = seq.extend_with(100_000, &limits, &mut |s| {
            if s.len() > 20_000 {
                Err(ErrorKind::Interrupted.into())
            } else {
                Ok(())
            }
        });
        assert_eq!(stopped.unwrap_err().kind(), &ErrorKind::Interrupted);
        assert!((20_000..100_000).contains(&seq.len()), "{}", seq.len());
    }

    /// Streaming from any heap gives the tail of the whole stream, across
    /// the end of the computed table into the certified period.
    #[test]
    fn streaming_from_a_heap_gives_the_tail_of_the_stream() {
        let mut seq = Sequence::new(game("0.77", false));
        seq.extend(100_000, &Limits::default()).unwrap();
        let computed = seq.len();
        assert!(seq.period().is_some() && computed < 20_000, "{computed}");
        let to = computed + 3 * TABLE_CHUNK as u64;
        let mut all = Vec::new();
        seq.stream(to, &mut |v| {
            all.push(v);
            Ok(())
        })
        .unwrap();
        for from in [0, 1, computed - 5, computed, computed + 1, to, to + 1] {
            let mut tail = Vec::new();
            seq.stream_chunks_from(from, to, &mut |chunk| {
                assert!(!chunk.is_empty() && chunk.len() <= TABLE_CHUNK);
                tail.extend_from_slice(chunk);
                Ok(())
            })
            .unwrap();
            assert_eq!(tail, all[(from as usize).min(all.len())..], "from {from}");
        }
    }

    /// The 1024 octal codes `0.d1d2d3` and `4.d1d2d3`.
    fn three_digit_codes() -> impl Iterator<Item = String> {
        (0..1024).map(|digits| {
            let (d0, d) = (digits / 512 * 4, digits % 512);
            format!("{d0}.{}{}{}", d / 64, d / 8 % 8, d % 8)
        })
    }

    fn game(code: &str, hex: bool) -> TakeBreak {
        TakeBreak::new(Code::parse(code, code, 1, hex).unwrap())
    }

    fn computed(game: &TakeBreak, to: u64) -> Vec<Nimber> {
        let mut seq = Sequence::new(game.clone());
        let all = Limits {
            shortcuts: false,
            ..Limits::default()
        };
        seq.extend(to, &all).unwrap();
        (0..=to).map(|n| seq.get(n).unwrap()).collect()
    }

    /// Limits that compute every value (no period taken as a shortcut),
    /// on `threads`.
    fn every_value(threads: usize) -> Limits {
        Limits {
            shortcuts: false,
            threads,
            ..Limits::default()
        }
    }

    fn definition(game: &TakeBreak, to: u64) -> Vec<Nimber> {
        let mut table = Vec::new();
        fill_table(game, &mut table, to, &Limits::default()).unwrap();
        table
    }

    /// The engine (sparse where it pays, plain elsewhere, with mask
    /// reviews) against the definition — the mex over the options of the
    /// code — on every octal code `0.d1d2d3` and `4.d1d2d3`.
    #[test]
    fn every_octal_code_of_up_to_three_digits_matches_the_definition() {
        for d0 in ["0", "4"] {
            for digits in 0..512 {
                let code = format!("{d0}.{}{}{}", digits / 64, digits / 8 % 8, digits % 8);
                let g = game(&code, false);
                assert_eq!(computed(&g, 300), definition(&g, 300), "{code}");
            }
        }
    }

    /// Far past their rare positions, the register path marks most pairs
    /// a few heaps at a time (see `register_block.rs`): every three-digit
    /// code that gets there by heap 3 000 (with a handful of rare positions
    /// to tens of them, and from one to four split removals), against the
    /// plain engine.
    #[test]
    fn register_blocks_match_the_plain_engine() {
        let to = 3000;
        let mut ran = 0;
        for code in three_digit_codes() {
            let g = game(&code, false);
            let mut seq = Sequence::new(g.clone());
            let limits = every_value(1);
            seq.extend(to, &limits).unwrap();
            if seq
                .engine
                .sparse
                .as_ref()
                .is_none_or(|s| s.register_blocks == 0)
            {
                continue;
            }
            ran += 1;
            let got: Vec<Nimber> = (0..=to).map(|n| seq.get(n).unwrap()).collect();
            assert_eq!(got, plain_table(&g, to), "{code}");
        }
        assert!(ran > 50, "{ran} codes reached register blocks");
    }

    /// Runs of the register path end at each check of the stop flag, so
    /// that it is asked every `STOP_EVERY` heaps as before, and heeded.
    #[test]
    fn runs_of_the_register_path_ask_the_stop_flag() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let mut seq = Sequence::new(game("0.106", false));
        let limits = every_value(1);
        seq.extend(5000, &limits).unwrap();
        let Store::U8(table) = &mut seq.store else {
            panic!("0.106 keeps one byte a value");
        };
        let (from, blocks) = (
            table.len(),
            seq.engine.sparse.as_ref().unwrap().register_blocks,
        );
        let asked = AtomicUsize::new(0);
        let stop = || asked.fetch_add(1, Ordering::Relaxed) == 2;
        seq.engine.run(table, from + 10 * STOP_EVERY, &stop);
        assert_eq!(asked.load(Ordering::Relaxed), 3);
        assert_eq!(table.len(), from + 3 * STOP_EVERY);
        let sparse = seq.engine.sparse.as_ref().unwrap();
        assert!(
            sparse.register_blocks >= blocks + 3 * STOP_EVERY as u64 / 8 - 1,
            "not in runs"
        );
    }

    #[test]
    fn unequal_and_hexadecimal_codes_match_the_definition() {
        for (code, hex) in [
            ("4!.0", false),
            ("0.4!", false),
            ("4!.07", false),
            ("0.F", true),
            ("0.8", true),
            ("8.0", true),
            ("0.1C!", true),
        ] {
            let g = game(code, hex);
            assert_eq!(computed(&g, 150), definition(&g, 150), "{code}");
        }
    }

    /// The sparse engine is exact for *any* classification (it only affects
    /// its speed), so it is run from heap 20 on under every mask, of both
    /// types where allowed, and compared with the plain engine.
    #[test]
    fn sparse_engine_matches_plain_under_every_mask() {
        for (code, to) in [
            ("0.77", 1200),
            ("0.07", 1200),
            ("0.137", 1200),
            ("0.16", 1200),
            ("0.6", 3000),
            ("4.07", 1200),
            ("0.106", 1200),
            ("4!.0", 1200),
            ("0.1777", 1200),
            ("0.7777", 1200),
        ] {
            let g = game(code, false);
            let plain = plain_table(&g, to);
            let cap = (plain.iter().map(|v| v.0).max().unwrap() as usize + 1).next_power_of_two();
            let rules = Rules::new(g.code());
            let domain = Engine::new(rules.clone()).domain.is_some();
            let classes = (0..cap as u32)
                .flat_map(|mask| {
                    [(false, 0), (false, 1), (true, 0), (true, 1)]
                        .map(|(domain, rare)| mask::Class { mask, domain, rare })
                })
                .filter(|c| c.mask > 0 || c.domain)
                .filter(|c| domain || !c.domain);
            for class in classes {
                let mask = (class.mask, class.domain);
                let start = 20;
                let mut table: Vec<u16> = plain[..start].iter().map(|v| v.0 as u16).collect();
                let mut sparse = Sparse::new(class, cap as u32, &table);
                let mut marks = Marks::default();
                marks.ensure(cap);
                while table.len() < plain.len() {
                    let v = sparse.value(&table, &rules, &mut marks);
                    assert_eq!(
                        u64::from(v),
                        plain[table.len()].0,
                        "{code} mask {mask:?} heap {}",
                        table.len()
                    );
                    sparse.record(table.len(), v);
                    table.push(v as u16);
                }
            }
        }
    }

    /// Both ways of running two threads give the plain engine's values on
    /// every three-digit octal code that the sparse engine takes, past the
    /// heap where they may start: the pipeline, which starts each heap on a
    /// table that stops short of it (so the sparse engine's register path
    /// and its marks run on prefixes), and speculation, whose confirming
    /// scans fail at every rare position.
    #[test]
    fn two_threads_match_the_plain_engine_on_every_three_digit_code() {
        let to = MIN_PIPELINE as u64 + 150;
        for way in [TwoThreads::Pipeline, TwoThreads::Speculation] {
            let mut ran = 0;
            for code in three_digit_codes() {
                let g = game(&code, false);
                let mut seq = Sequence::new(g.clone());
                seq.force_two_threads(way);
                let limits = every_value(2);
                seq.extend(to, &limits).unwrap();
                if seq.engine.two_thread_cost.is_none() {
                    continue;
                }
                ran += 1;
                let got: Vec<Nimber> = (0..=to).map(|n| seq.get(n).unwrap()).collect();
                assert_eq!(got, plain_table(&g, to), "{code} {way:?}");
            }
            // Most codes have a classification by then, which both ways
            // need (the count guards the test against running none).
            assert!(ran > 500, "{ran} codes ran {way:?}");
        }
    }

    /// The choice between one thread and the pipeline follows the cheaper
    /// last measure, runs the dearer way again when a remeasure is due,
    /// and gives a pipeline that has just started a few chunks unless it
    /// was far behind.
    #[test]
    fn the_pipeline_is_chosen_by_its_last_measure_and_measured_again() {
        let mut seq = officers_to(2000);
        let e = &mut seq.engine;
        let n = 2000;
        assert!(!e.use_two_threads(n), "one thread allowed");
        e.threads = 2;
        e.heap_cost = None;
        assert!(!e.use_two_threads(n), "one thread is measured first");
        e.heap_cost = Some(PIPELINE_MIN_NS / 2.0);
        assert!(!e.use_two_threads(n), "heaps too cheap to hand over");
        e.heap_cost = Some(2.0 * PIPELINE_MIN_NS);
        assert!(e.use_two_threads(n), "the pipeline is measured next");
        assert!(
            !e.use_two_threads(MIN_PIPELINE - 1),
            "never below MIN_PIPELINE"
        );
        let one = 2.0 * PIPELINE_MIN_NS;
        let due = 40;
        e.next_remeasure = due;
        for (two, streak, chunk, want) in [
            // The cheaper way, and the dearer one when a remeasure is due.
            (0.8 * one, 0, 1, true),
            (0.8 * one, 0, due, false),
            (0.8 * one, TRIAL_CHUNKS + 5, 1, true),
            (1.2 * one, 0, 1, false),
            (1.2 * one, 0, due, true),
            // A trial goes on unless the pipeline is far behind.
            (1.2 * one, 1, 1, true),
            (1.2 * one, 1, due, true),
            (1.2 * one, TRIAL_CHUNKS - 1, 1, true),
            (1.2 * one, TRIAL_CHUNKS, 1, false),
            (2.0 * one, 1, 1, false),
        ] {
            e.two_thread_cost = Some(two);
            e.two_thread_streak = streak;
            e.chunks = chunk;
            assert_eq!(e.use_two_threads(n), want, "{two} {streak} {chunk}");
        }
        e.forced = Some(TwoThreads::Pipeline);
        assert!(e.use_two_threads(n), "forced");
    }

    /// A pipeline three times as dear as one thread is tried once (no
    /// trial: it is far behind), then measured again less and less often,
    /// down to once every [`MAX_REMEASURE_GAP`] chunks; once it becomes
    /// the cheaper way, it takes over at once.
    #[test]
    fn a_losing_pipeline_is_measured_again_less_often() {
        let mut seq = officers_to(2000);
        let e = &mut seq.engine;
        e.threads = 2;
        let one = 2.0 * PIPELINE_MIN_NS;
        e.heap_cost = Some(one);
        // Chunks as `Engine::run` counts, chooses and records them.
        let chunk = |e: &mut Engine, two: f64| {
            e.chunks += 1;
            let pipeline = e.use_two_threads(2000);
            e.record_chunk(pipeline, Some(if pipeline { two } else { one }));
            pipeline
        };
        let piped: Vec<u64> = (0..3000)
            .filter_map(|_| chunk(e, 3.0 * one).then_some(e.chunks))
            .collect();
        let gaps: Vec<u64> = piped.windows(2).map(|w| w[1] - w[0]).collect();
        assert_eq!(
            gaps[..5],
            [
                REMEASURE_EVERY,
                REMEASURE_EVERY * 2,
                REMEASURE_EVERY * 4,
                REMEASURE_EVERY * 8,
                MAX_REMEASURE_GAP
            ],
            "{piped:?}"
        );
        assert!(
            gaps[5..].iter().all(|&g| g == MAX_REMEASURE_GAP),
            "{piped:?}"
        );
        // The next remeasure finds the pipeline cheaper: it stays, and now
        // one thread is measured again 32 chunks after the trial ends,
        // then 64 chunks later.
        while !chunk(e, 0.5 * one) {}
        assert_eq!(e.remeasure_gap, REMEASURE_EVERY);
        let piped: Vec<bool> = (0..100).map(|_| chunk(e, 0.5 * one)).collect();
        let alone: Vec<usize> = (0..100).filter(|&i| !piped[i]).collect();
        let first = TRIAL_CHUNKS as usize - 2 + REMEASURE_EVERY as usize;
        assert_eq!(alone, [first, first + 2 * REMEASURE_EVERY as usize]);
    }

    /// Each way of running two threads keeps its own cost: a chunk with
    /// many rare positions turns speculation into the pipeline, which is
    /// measured on its own (a trial), and speculation comes back with its
    /// last cost.
    #[test]
    fn each_way_keeps_its_own_cost() {
        let mut seq = officers_to(2000);
        let e = &mut seq.engine;
        e.threads = 2;
        e.heap_cost = Some(2.0 * PIPELINE_MIN_NS);
        e.rare_found = 0;
        assert_eq!(e.choose_way(), TwoThreads::Speculation);
        assert!(e.use_two_threads(2000));
        e.chunks += 1;
        e.record_chunk(true, Some(PIPELINE_MIN_NS));
        e.rare_found = SPECULATE_MAX_RARE + 1;
        assert_eq!(e.choose_way(), TwoThreads::Pipeline);
        assert_eq!(e.two_thread_cost, None, "the pipeline is not measured yet");
        assert!(e.use_two_threads(2000), "so it runs");
        e.chunks += 1;
        e.record_chunk(true, Some(3.0 * PIPELINE_MIN_NS));
        e.rare_found = 0;
        assert_eq!(e.choose_way(), TwoThreads::Speculation);
        assert_eq!(e.two_thread_cost, Some(PIPELINE_MIN_NS));
        assert_eq!(
            e.two_thread_streak, 0,
            "a way that starts again gets a trial"
        );
        e.rare_found = SPECULATE_MAX_RARE + 1;
        e.choose_way();
        assert_eq!(e.two_thread_cost, Some(3.0 * PIPELINE_MIN_NS));
        assert!(!e.use_two_threads(2000), "the pipeline lost to one thread");
    }

    fn officers_to(n: u64) -> Sequence {
        let mut seq = Sequence::new(game("0.6", false));
        let limits = every_value(1);
        seq.extend(n, &limits).unwrap();
        assert!(
            seq.engine.sparse.is_some(),
            "Officers has a classification by {n}"
        );
        seq
    }

    /// Every kernel this processor runs, with the block pass (from heap
    /// [`block::FIRST_BLOCK`] on) and in the dense engine (codes with no
    /// good classification), gives the plain engine's values: on every
    /// three-digit octal code through the whole engine (one-byte tables),
    /// and with two-byte tables and the engine's own classification on the
    /// codes of the benchmarks, unequal splits included.
    #[test]
    fn every_kernel_with_blocks_matches_the_plain_engine() {
        let simd = |k: kernel::Kernel| match k {
            kernel::Kernel::Portable => crate::limits::Simd::Portable,
            kernel::Kernel::Avx2 => crate::limits::Simd::Avx2,
            kernel::Kernel::Avx512 => crate::limits::Simd::Avx512,
        };
        let to = block::FIRST_BLOCK as u64 + 3 * block::BLOCK_HEAPS as u64 + 7;
        for code in three_digit_codes() {
            let g = game(&code, false);
            let plain = plain_table(&g, to);
            for k in kernel::Kernel::available() {
                let mut seq = Sequence::new(g.clone());
                let limits = Limits {
                    shortcuts: false,
                    simd: simd(k),
                    threads: 1,
                    ..Limits::default()
                };
                seq.extend(to, &limits).unwrap();
                let got: Vec<Nimber> = (0..=to).map(|n| seq.get(n).unwrap()).collect();
                assert_eq!(got, plain, "{code} with {k:?}");
            }
        }
        for (code, to) in [
            ("0.6", 6000),
            ("0.16", 3000),
            ("4!.0", 3000),
            ("4!.07", 3000),
            ("0.1777", 3000),
            ("0.454", 3000),
        ] {
            let g = game(code, false);
            let plain = plain_table(&g, to);
            let rules = Rules::new(g.code());
            let mut engine = Engine::new(rules.clone());
            let start = 400;
            let table: Vec<u16> = plain[..start].iter().map(|v| v.0 as u16).collect();
            for (n, v) in table.iter().enumerate() {
                engine.record(n, u32::from(*v));
            }
            engine.next_review = 0;
            engine.review(&table);
            assert!(engine.sparse.is_some(), "{code}: no classification");
            for k in kernel::Kernel::available() {
                let mut engine = Engine {
                    kernel: k,
                    ..engine.clone()
                };
                if let Some(sparse) = &mut engine.sparse {
                    sparse.kernel = k;
                }
                let mut table = table.clone();
                while table.len() < plain.len() {
                    let n = table.len();
                    let sparse = engine.sparse.as_mut().expect("classified");
                    if n >= block::FIRST_BLOCK && n >= sparse.block_end() {
                        sparse.start_block(&table, block::BLOCK_HEAPS.min(plain.len() - n), &rules);
                    }
                    let v = sparse.value(&table, &rules, &mut engine.marks);
                    assert_eq!(u64::from(v), plain[n].0, "{code} with {k:?}, heap {n}");
                    table.push(v as u16);
                    engine.record(n, v);
                }
            }
        }
    }

    /// The progress line names the largest value computed, not the power
    /// of two the engine has room for.
    #[test]
    fn progress_names_the_largest_value() {
        let mut seq = Sequence::new(game("0.6", false));
        let all = every_value(1);
        seq.extend(12_000, &all).unwrap();
        let largest = (0..=12_000).map(|n| seq.get(n).unwrap().0).max().unwrap();
        assert!(largest > 256 && largest < 511, "{largest}");
        let line = seq.progress(0, 12_000, Instant::now()).detail;
        assert!(line.contains(&format!("largest value {largest}")), "{line}");
    }

    /// Codes longer than the old cap of 256 digits (HDU 3980's paint
    /// strips need one as long as the strip): the fast engine, the
    /// definition and a search of whole sums agree on small heaps.
    #[test]
    fn codes_of_hundreds_of_digits_match_the_definition() {
        use crate::heap::HeapSum;
        use crate::solve::reference;
        // Digits from a small linear congruential generator: varied, and
        // the same on every run.
        let mut rng = Lcg(12345);
        let mut digit = || (rng.next() >> 61) as u8;
        for len in [300usize, 640, 1000] {
            let mut code = String::from("0.");
            code.extend((0..len).map(|_| char::from(b'0' + digit())));
            code.push('7'); // a last non-zero digit keeps the length
            let g = game(&code, false);
            assert_eq!(g.code().max_take(), len as u64 + 1);
            let fast = computed(&g, 500);
            let mut definition = Vec::new();
            fill_table(&g, &mut definition, 500, &Limits::default()).unwrap();
            assert_eq!(fast, definition, "code of {len} digits");
            let sum = HeapSum(g.clone());
            for n in 0..=14 {
                let p = HeapSum::<TakeBreak>::position(&[n]);
                assert_eq!(
                    reference::value(&sum, &p).unwrap(),
                    fast[n as usize],
                    "{len} digits, heap {n}"
                );
            }
        }
        // And a long code is accepted as written.
        let long = format!("0.{}", "7".repeat(5000));
        assert_eq!(
            Code::parse(&long, &long, 1, false).unwrap().max_take(),
            5000
        );
    }

    /// Removing 1 to 256 tokens (leaving nothing or one heap, digit 3) is
    /// the subtraction game {1..256}: G(n) = n mod 257, so the table must
    /// widen to two bytes.
    #[test]
    fn tables_widen_when_values_outgrow_a_byte() {
        let code = format!("0.{}", "3".repeat(256));
        let g = game(&code, false);
        let values = computed(&g, 600);
        assert!(
            values
                .iter()
                .enumerate()
                .all(|(n, v)| v.0 == n as u64 % 257)
        );
    }

    #[test]
    fn checkpoints_resume_without_recomputing() {
        let dir = std::env::temp_dir().join(format!("grundy-seq-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("d.ckpt");
        let _ = std::fs::remove_file(&path);
        let all = Limits {
            shortcuts: false,
            ..Limits::default()
        };
        let mut first = Sequence::new(game("0.07", false));
        first.attach_checkpoint(&path).unwrap();
        first.extend(1000, &all).unwrap();
        let mut resumed = Sequence::new(game("0.07", false));
        resumed.attach_checkpoint(&path).unwrap();
        assert_eq!(resumed.len(), 1001);
        resumed.extend(2000, &all).unwrap();
        let fresh = computed(&game("0.07", false), 2000);
        assert_eq!(
            (0..=2000)
                .map(|n| resumed.get(n).unwrap())
                .collect::<Vec<_>>(),
            fresh
        );
        std::fs::remove_file(&path).unwrap();
    }

    /// Both ways of running two threads against the plain engine, from
    /// heap 20 on, under the best classification and a few poor ones: codes
    /// whose heap `n` reads `G(n - 1)` by removing one token (0.6, 0.16
    /// ...), by splitting without removing (4.07, and 4!.0 with unequal
    /// heaps), or not at all. Under the poor classifications rare positions
    /// abound: speculation's confirming scans fail at each, and candidates
    /// reach the capacity. Every failure and every halt must leave the
    /// values before it final, for the engine to record the next heap.
    #[test]
    fn two_threads_match_plain() {
        let codes = [
            "0.6", "0.16", "0.106", "4.07", "4!.0", "0.77", "0.137", "0.1777", "4.7", "0.56",
        ];
        // Speculation also with a ring of three heaps, so that the first
        // thread often finds it full and its entries wrap around.
        let ways = [
            (TwoThreads::Pipeline, speculate::RING_HEAPS),
            (TwoThreads::Speculation, speculate::RING_HEAPS),
            (TwoThreads::Speculation, 3),
        ];
        let mut full_runs = 0;
        for (code, (way, ring)) in codes.into_iter().flat_map(|c| ways.map(|w| (c, w))) {
            let g = game(code, false);
            let plain = plain_table(&g, 2500);
            let cap = (plain.iter().map(|v| v.0).max().unwrap() as usize + 1).next_power_of_two();
            let mut engine = Engine::new(Rules::new(g.code()));
            engine.marks.ensure(cap);
            engine.ring_heaps = ring;
            let mut histogram = [vec![0; cap], vec![0; cap]];
            for (n, v) in plain.iter().enumerate().skip(1) {
                histogram[n % 2][v.0 as usize] += 1;
            }
            let best = mask::best_class(&histogram[0], &histogram[1], engine.domain).0;
            let others = [1, 3, cap as u32 - 1].map(|mask| mask::Class {
                mask,
                domain: false,
                rare: 0,
            });
            let want: Vec<u64> = plain.iter().map(|v| v.0).collect();
            // Rare positions found past heap 20 (for speculation, each one
            // a failed scan).
            let mut found = 0;
            for class in std::iter::once(best).chain(others) {
                let mut table: Vec<u16> = plain[..20].iter().map(|v| v.0 as u16).collect();
                engine.histogram = histogram.clone();
                engine.sparse = Some(Sparse::new(class, cap as u32, &table));
                let rare_before = engine.sparse.as_ref().map_or(0, Sparse::rare_count);
                let overflow = engine.run_two_threads(&mut table, plain.len(), &|| false, way);
                assert_eq!(overflow, None, "{code} {class:?} {way:?}");
                let sparse = engine.sparse.as_ref().expect("no review runs here");
                found += sparse.rare_count() - rare_before;
                let got: Vec<u64> = table.iter().map(|&v| v.into()).collect();
                assert_eq!(got, want, "{code} {class:?} {way:?}");
            }
            assert!(found > 1000, "{code} {way:?}: {found} rare positions");
            if ring < speculate::RING_HEAPS {
                full_runs += engine.full_runs;
            }
        }
        // Candidates reached the capacity (the values are below it, so
        // these are heaps under a poor classification).
        assert!(full_runs > 0, "no candidate reached the capacity");
    }

    /// Speculation stopped at many points, with a ring of three heaps that
    /// is often full and under classifications where many scans fail,
    /// keeps only final values: the first thread's heaps whose scans were
    /// left are not kept.
    #[test]
    fn stopped_speculation_keeps_only_confirmed_values() {
        let g = game("0.6", false);
        let plain: Vec<u64> = plain_table(&g, 2500).iter().map(|v| v.0).collect();
        let cap = (*plain.iter().max().unwrap() as usize + 1).next_power_of_two();
        let mut histogram = [vec![0; cap], vec![0; cap]];
        for (n, &v) in plain.iter().enumerate().skip(1) {
            histogram[n % 2][v as usize] += 1;
        }
        use std::sync::atomic::{AtomicUsize, Ordering};
        let mut stops = 0;
        for mask in [1, 3, 0x6e, cap as u32 - 1] {
            for after in [1, 2, 3, 5, 8, 13] {
                let mut engine = Engine::new(Rules::new(g.code()));
                engine.marks.ensure(cap);
                engine.ring_heaps = 3;
                engine.histogram = histogram.clone();
                let class = mask::Class {
                    mask,
                    domain: false,
                    rare: 0,
                };
                let mut table: Vec<u16> = plain[..20].iter().map(|&v| v as u16).collect();
                engine.sparse = Some(Sparse::new(class, cap as u32, &table));
                let asked = AtomicUsize::new(0);
                let stop = || asked.fetch_add(1, Ordering::Relaxed) + 1 >= after;
                let way = TwoThreads::Speculation;
                while table.len() < plain.len() {
                    let before = table.len();
                    engine.run_two_threads(&mut table, plain.len(), &stop, way);
                    let got: Vec<u64> = table.iter().map(|&v| v.into()).collect();
                    assert_eq!(got, plain[..got.len()], "mask {mask:#x}, stop {after}");
                    if table.len() < plain.len() {
                        stops += 1;
                        asked.store(0, Ordering::Relaxed);
                    }
                    // A stop asked for at once may keep nothing new: go on
                    // with one heap on one thread, as the engine does.
                    if table.len() == before {
                        engine.run_sequential(&mut table, before + 1, &|| false);
                    }
                }
            }
        }
        assert!(stops > 50, "{stops} stops");
    }

    /// A panic on the first thread of either way reaches the caller, and
    /// neither thread is left waiting for the other.
    #[test]
    fn a_panic_on_two_threads_reaches_the_caller() {
        let g = game("0.6", false);
        let plain = plain_table(&g, 3000);
        for way in [TwoThreads::Pipeline, TwoThreads::Speculation] {
            let mut seq = Sequence::new(g.clone());
            let one = every_value(1);
            seq.extend(2000, &one).unwrap();
            seq.engine.ring_heaps = 3;
            let Store::U8(table) = &mut seq.store else {
                panic!("0.6 first reaches 256 at heap 10 344")
            };
            let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                seq.engine
                    .run_two_threads(table, plain.len(), &|| panic!("asked to stop"), way)
            }));
            assert!(caught.is_err(), "{way:?}");
        }
    }

    /// Speculation stopped from outside keeps the values it computed, all
    /// right, and goes on from them.
    #[test]
    fn stopped_speculation_keeps_final_values() {
        let g = game("0.6", false);
        let plain: Vec<u64> = plain_table(&g, 6000).iter().map(|v| v.0).collect();
        let mut seq = Sequence::new(g);
        let one = every_value(1);
        seq.extend(2000, &one).unwrap();
        let Store::U8(table) = &mut seq.store else {
            panic!("0.6 first reaches 256 at heap 10 344")
        };
        use std::sync::atomic::{AtomicUsize, Ordering};
        let asked = AtomicUsize::new(0);
        let stop = || asked.fetch_add(1, Ordering::Relaxed) >= 3;
        let overflow = seq
            .engine
            .run_two_threads(table, 6001, &stop, TwoThreads::Speculation);
        assert_eq!(overflow, None);
        let stopped = table.len();
        assert!((2001..6001).contains(&stopped), "stopped at {stopped}");
        let got: Vec<u64> = table.iter().map(|&v| v.into()).collect();
        assert_eq!(got, plain[..stopped]);
        let overflow = seq
            .engine
            .run_two_threads(table, 6001, &|| false, TwoThreads::Speculation);
        assert_eq!(overflow, None);
        let got: Vec<u64> = table.iter().map(|&v| v.into()).collect();
        assert_eq!(got, plain);
    }

    /// The whole engine with each way of running two threads forced on (as
    /// if heaps were dear) equals the engine on one thread, across the
    /// widening of the table from one byte to two (0.6 first reaches 256 at
    /// heap 10344, a candidate that does not fit a byte).
    #[test]
    fn two_threads_equal_one() {
        let one = every_value(1);
        let two = Limits {
            threads: 2,
            ..one.clone()
        };
        for (code, to) in [("0.6", 12_000), ("4!.0", 6000), ("0.16", 20_000)] {
            let mut single = Sequence::new(game(code, false));
            single.extend(to, &one).unwrap();
            for way in [TwoThreads::Pipeline, TwoThreads::Speculation] {
                let mut double = Sequence::new(game(code, false));
                double.extend(2000, &one).unwrap();
                double.force_two_threads(way);
                double.extend(to, &two).unwrap();
                assert_eq!(double.store(), single.store(), "{code} {way:?}");
            }
        }
    }

    #[test]
    fn interrupting_stops_with_the_values_kept() {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let limits = Limits {
            stop: Some(stop),
            shortcuts: false,
            ..Limits::default()
        };
        let mut seq = Sequence::new(game("0.16", false));
        let err = seq.extend(1_000_000, &limits).unwrap_err();
        assert_eq!(err.kind(), &ErrorKind::Interrupted);
        assert!(!seq.is_empty() && seq.len() < 1_000_000);
    }
}
