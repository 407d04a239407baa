//! Two threads on one table: one takes each heap's candidate for its value
//! and goes on, the other confirms the candidates behind it.
//!
//! The sparse engine's work for a heap has two halves (see
//! [`super::sparse`]): the pass over the rare positions, which gives the
//! candidate and the few abundant values below it not yet seen among the
//! options, and the confirming scan, which looks for those values among
//! the pairs of common heaps. When the scan finds them all, the candidate
//! is the value; when it does not, the heap is a new rare position. Once
//! rare positions stop appearing (Officers: the last near heap 20 627,
//! Grundy's game near 82 860), every scan finds them all.
//!
//! So here the first thread takes every candidate for the value, writes
//! it to the table and goes on, and hands each heap that needs a scan to
//! the second thread through a ring of needed sets. The second runs the
//! scans in order of heaps: heap `n`'s scan reads `G(0..n)`, which is right
//! once every earlier scan succeeded. When a scan fails, its heap's value
//! is the smallest value it did not find; the values from that heap on are
//! thrown away, and the caller records that value and starts again.
//!
//! Unlike [`super::pipeline`], the threads never wait for each other's
//! values: the first only waits when the ring is full, the second when it
//! is empty.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::block::BLOCK_HEAPS;
use super::marks::Marks;
use super::rules::Rules;
use super::sparse::{Sparse, words_below};
use super::stop::{Ended, STOP_EVERY, StopCheck, pause};
use super::store::Cell;

/// Heaps the ring holds: enough that the confirming thread, whose scans
/// vary from a few pairs to thousands, seldom runs dry or holds up the
/// other (about 1.4 ms of Officers' heaps). Officers to 2·10^6 took
/// the same time, within the noise, with 256 or 4 096.
pub(crate) const RING_HEAPS: usize = 1024;

/// No heap.
const NONE: usize = usize::MAX;

/// The table both threads read: the first writes each slot once, before
/// handing on any heap after it, and the second reads only slots below
/// the heaps it was handed.
struct Table<T> {
    ptr: *mut T,
}

// SAFETY: slot `n` is written by the first thread before it pushes (with a
// release store) any heap after `n` to the ring; the second thread reads
// only `G(0..m)` for a heap `m` it popped (with an acquire load). Neither
// writes a slot the other reads.
unsafe impl<T: Send + Sync> Sync for Table<T> {}

impl<T: Cell> Table<T> {
    /// `G(0..len)`, which must all be written.
    fn prefix(&self, len: usize) -> &[T] {
        // SAFETY: `ptr` is the start of the vector of `end` values `run`
        // holds, unmoved until both threads are joined, and `len <= end`
        // (a heap below `end`). The first thread asks for slots it wrote
        // itself; the second for `G(0..n)` of a heap `n` it popped, all
        // written before `n` was published (see the `Sync` implementation),
        // and no slot below `len` is written again.
        unsafe { std::slice::from_raw_parts(self.ptr, len) }
    }

    /// Writes slot `n`, which must not have been handed on yet.
    fn write(&self, n: usize, v: T) {
        // SAFETY: `n < end` (the first thread's heaps), so the slot lies in
        // the vector; it is the first thread's alone until it pushes a heap
        // after it, and the second reads only below the heaps pushed.
        unsafe { self.ptr.add(n).write(v) };
    }
}

/// A counter on a cache line of its own, so that the two threads' counters
/// do not share one.
#[repr(align(128))]
#[derive(Default)]
struct Counter(AtomicUsize);

/// The heaps handed from the first thread to the second: for each, the
/// heap, its candidate, how many values it needs, and the needed set.
struct Ring {
    /// `size` entries of `stride` words: `[n, candidate | missing << 32,
    /// needed...]`, the needed set's words up to the candidate's.
    slots: *mut u64,
    size: usize,
    stride: usize,
    pushed: Counter,
    popped: Counter,
    /// The first thread pushes no more.
    finished: AtomicBool,
    /// The first thread was told to stop: the second leaves its scans.
    stopping: AtomicBool,
    /// The heap whose scan failed ([`NONE`]: none); 0 if the second thread
    /// unwound.
    failed: Counter,
}

// SAFETY: entry `k % size` is written by the first thread only while
// `k - popped < size` and before `pushed` passes `k` (release); it is
// read by the second only while `k < pushed` (acquire) and before `popped`
// passes `k` (release, read by the first with acquire).
unsafe impl Sync for Ring {}

/// Entries a side handles before it tells the other (and whenever it is
/// about to wait): each telling moves a cache line between the cores.
const BATCH: usize = 16;

/// The first thread's end of the ring.
struct Sender<'a> {
    ring: &'a Ring,
    /// Entries pushed, and of those the ones the other side was told of.
    pushed: usize,
    told: usize,
    /// Entries may be pushed up to here (entries popped, as last seen,
    /// plus the ring's size).
    room: usize,
}

impl Sender<'_> {
    /// Pushes heap `n`, its candidate and the needed set `needed` (which
    /// holds `missing` values, all below the candidate); waits while the
    /// ring is full. `false` when a scan has failed, so that the heaps
    /// after it are of no use, or when `stop` says so while it waits.
    fn push(
        &mut self,
        (n, candidate, missing): (usize, u32, u32),
        needed: &[u64],
        stop: &StopCheck<'_>,
    ) -> bool {
        let ring = self.ring;
        if self.pushed == self.room {
            self.tell();
            let mut spins = 0u32;
            loop {
                self.room = ring.popped.0.load(Ordering::Acquire) + ring.size;
                if self.pushed < self.room {
                    break;
                }
                if ring.failed.0.load(Ordering::Acquire) != NONE {
                    return false;
                }
                if spins.is_multiple_of(STOP_EVERY as u32) && stop() {
                    ring.stopping.store(true, Ordering::Relaxed);
                    return false;
                }
                pause(&mut spins);
            }
        }
        let k = self.pushed;
        // SAFETY: `k % size * stride + stride <= size * stride`, the
        // length of the ring's vector, so the entry lies in it; and it is
        // no longer read by the second thread: `k < room`, a value of
        // `popped` (acquire) plus `size`, so the second thread has copied
        // out entry `k - size`, the last use of this slot.
        let entry = unsafe {
            std::slice::from_raw_parts_mut(ring.slots.add(k % ring.size * ring.stride), ring.stride)
        };
        entry[0] = n as u64;
        entry[1] = u64::from(candidate) | u64::from(missing) << 32;
        let words = words_below(candidate);
        entry[2..2 + words].copy_from_slice(&needed[..words]);
        self.pushed += 1;
        if self.pushed - self.told >= BATCH {
            self.tell();
        }
        true
    }

    /// Publishes the entries pushed so far.
    fn tell(&mut self) {
        self.ring.pushed.0.store(self.pushed, Ordering::Release);
        self.told = self.pushed;
    }
}

impl Drop for Sender<'_> {
    /// Publishes the last entries and says there will be no more, however
    /// the first thread ends (a panic included), so that the second does
    /// not wait for ever.
    fn drop(&mut self) {
        self.tell();
        self.ring.finished.store(true, Ordering::Release);
    }
}

/// The second thread's end of the ring.
struct Receiver<'a> {
    ring: &'a Ring,
    /// Entries popped, and of those the ones the other side was told of.
    popped: usize,
    told: usize,
    /// Entries pushed, as last seen.
    available: usize,
}

impl Receiver<'_> {
    /// The next entry, copied to `entry`; waits while the ring is empty.
    /// `false` once the first thread has finished and every entry is taken.
    fn pop(&mut self, entry: &mut [u64]) -> bool {
        let ring = self.ring;
        if self.popped == self.available {
            self.tell();
            let mut spins = 0u32;
            loop {
                // `finished` is set after the last entries are published:
                // read it first.
                let finished = ring.finished.load(Ordering::Acquire);
                self.available = ring.pushed.0.load(Ordering::Acquire);
                if self.popped < self.available {
                    break;
                }
                if finished {
                    return false;
                }
                pause(&mut spins);
            }
        }
        let k = self.popped;
        // SAFETY: the entry lies in the ring's vector (as in `push`); it
        // was written before the release store of `pushed` loaded above
        // (`k < available`), and the first thread does not rewrite it
        // before `popped` passes `k`, which this thread tells only after
        // the copy.
        let slot = unsafe {
            std::slice::from_raw_parts(ring.slots.add(k % ring.size * ring.stride), ring.stride)
        };
        entry.copy_from_slice(slot);
        self.popped += 1;
        if self.popped - self.told >= BATCH {
            self.tell();
        }
        true
    }

    /// Frees the entries popped so far for the first thread to reuse.
    fn tell(&mut self) {
        self.ring.popped.0.store(self.popped, Ordering::Release);
        self.told = self.popped;
    }
}

impl Drop for Receiver<'_> {
    /// Tells the first thread, if the second unwinds, that nothing it was
    /// handed will be confirmed, so that it stops instead of waiting for
    /// room in the ring.
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.ring.failed.0.store(0, Ordering::Release);
        }
    }
}

/// Computes heaps `g.len()..end` of `g` (resized here), starting from the
/// sparse engine's state `sparse` for the values in `g`, with values below
/// `cap`, through a ring of `ring_heaps` heaps. Ends with
/// - [`Ended::Reached`] when every heap up to `end` is computed;
/// - [`Ended::Next`] at the first heap whose scan failed (a new rare
///   position), with its value;
/// - [`Ended::Full`] at the first heap whose candidate does not fit below
///   `cap` or in `T`, which the caller computes in full;
/// - [`Ended::Stopped`] once `stop` says so: the table then keeps only the
///   heaps confirmed, which may be fewer than the first thread computed.
pub(crate) fn run<T: Cell>(
    g: &mut Vec<T>,
    end: usize,
    sparse: &mut Sparse,
    rules: &Rules,
    cap: u32,
    stop: &StopCheck<'_>,
    ring_heaps: usize,
) -> Ended {
    let start = g.len();
    g.resize(end, T::default());
    let table = Table {
        ptr: g.as_mut_ptr(),
    };
    let mut first = sparse.clone();
    let mut second = sparse.clone();
    let stride = first.needed_mut().len() + 2;
    let mut slots = vec![0u64; ring_heaps * stride];
    let ring = Ring {
        slots: slots.as_mut_ptr(),
        size: ring_heaps,
        stride,
        pushed: Counter::default(),
        popped: Counter::default(),
        finished: AtomicBool::new(false),
        stopping: AtomicBool::new(false),
        failed: Counter(AtomicUsize::new(NONE)),
    };
    let limit = cap.min(T::MAX + u32::from(T::MAX < u32::MAX));
    let ((stopped, full), confirmed) = std::thread::scope(|scope| {
        let (table, ring) = (&table, &ring);
        let second = &mut second;
        let confirming = scope.spawn(move || confirm(second, table, ring, rules));
        let sides = (table, ring);
        let ended = take_candidates(&mut first, sides, (start, end), rules, (cap, limit), stop);
        // A panic of the second thread reaches the caller as it was.
        let confirmed = confirming
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        (ended, confirmed)
    });
    drop(slots);
    // Under a bounded table a scan may have needed values no longer kept:
    // the caller learns it, and computes again. The first thread's copy
    // says nothing of the kind: it scans nothing, and the candidates it
    // records may be wrong (a rare position among them is found by the
    // caller, which records the values that stand).
    sparse.absorb(&second);
    let (keep, ended) = match confirmed {
        Confirmed::Failed(n, v) => (n, Ended::Next(v)),
        Confirmed::Left(n) => (n.min(stopped), Ended::Stopped),
        Confirmed::All if stopped == end => (end, Ended::Reached),
        Confirmed::All if full => (stopped, Ended::Full),
        Confirmed::All => (stopped, Ended::Stopped),
    };
    g.truncate(keep);
    ended
}

/// The first thread: writes the candidates of heaps `start..end`, pushing
/// those that need a scan, until the end, a failed scan, `stop`, or a
/// candidate that does not fit below `limit` (then `true`). Returns the
/// heap it stopped at.
fn take_candidates<T: Cell>(
    sparse: &mut Sparse,
    (table, ring): (&Table<T>, &Ring),
    (start, end): (usize, usize),
    rules: &Rules,
    (cap, limit): (u32, u32),
    stop: &StopCheck<'_>,
) -> (usize, bool) {
    let mut sender = Sender {
        ring,
        pushed: 0,
        told: 0,
        room: ring.size,
    };
    let mut marks = Marks::default();
    marks.ensure(cap as usize);
    for n in start..end {
        if n > start && (n - start).is_multiple_of(STOP_EVERY) {
            // A failed scan makes the heaps from here on of no use, even
            // those that need no scan.
            if ring.failed.0.load(Ordering::Relaxed) != NONE {
                return (n, false);
            }
            if stop() {
                ring.stopping.store(true, Ordering::Relaxed);
                return (n, false);
            }
        }
        let g = table.prefix(n);
        if sparse.wants_block(n) {
            sparse.start_block(g, BLOCK_HEAPS.min(end - n), rules);
        }
        let (candidate, missing) = sparse.candidate(g, n, rules, &mut marks);
        if candidate >= limit {
            return (n, true);
        }
        if missing > 0 {
            let needed = sparse.needed_mut();
            let pushed = sender.push((n, candidate, missing), needed, stop);
            needed[..words_below(candidate)].fill(0);
            // After a failed scan, the heaps from here on are of no use.
            if !pushed || ring.failed.0.load(Ordering::Relaxed) != NONE {
                return (n, false);
            }
        }
        table.write(n, T::from_u32(candidate));
        sparse.record(n, candidate);
    }
    (end, false)
}

/// How the second thread ended.
enum Confirmed {
    /// Every scan it was handed found its values.
    All,
    /// The scan of this heap failed, and the heap has this value.
    Failed(usize, u32),
    /// The first thread was stopped; this heap's scan and those after it
    /// were left.
    Left(usize),
}

/// The second thread: runs the scans it is handed, in order, until the
/// first thread has finished or was stopped, or a scan fails.
fn confirm<T: Cell>(
    sparse: &mut Sparse,
    table: &Table<T>,
    ring: &Ring,
    rules: &Rules,
) -> Confirmed {
    let mut receiver = Receiver {
        ring,
        popped: 0,
        told: 0,
        available: 0,
    };
    let mut entry = vec![0u64; ring.stride];
    while receiver.pop(&mut entry) {
        let n = entry[0] as usize;
        if ring.stopping.load(Ordering::Relaxed) {
            return Confirmed::Left(n);
        }
        let (candidate, missing) = (entry[1] as u32, (entry[1] >> 32) as u32);
        let words = words_below(candidate);
        sparse.needed_mut()[..words].copy_from_slice(&entry[2..2 + words]);
        let v = sparse.confirm(table.prefix(n), n, rules, candidate, missing);
        if v != candidate {
            ring.failed.0.store(n, Ordering::Release);
            return Confirmed::Failed(n, v);
        }
    }
    Confirmed::All
}
