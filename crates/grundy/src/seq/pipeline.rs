//! Two heaps at once, on two threads.
//!
//! Heap `n` reads `G(n - 1)` only through a few options: removing one token
//! and leaving one heap (`n - 1`), and, when the code splits without removing
//! (`d0 = 4`), the split `1 + (n - 1)`. Every other option reaches heaps of
//! at most `n - 2`. So while one thread finishes heap `n - 1`, the other
//! computes heap `n` without those options: the mex `R'` of the rest. Once
//! `G(n - 1)` is known, the skipped options are evaluated: if none has value
//! `R'`, then `G(n) = R'` (every smaller value is an option already, and `R'`
//! still is not); otherwise heap `n` is computed again in full. Threads take
//! alternate heaps, and an atomic counter publishes how many values are final.
//!
//! A heap costs from a hundred nanoseconds to microseconds, and handing a
//! value between cores costs a few hundred, so the pipeline pays only for
//! expensive heaps: the engine tries two threads once a heap measured on
//! one thread costs more than 0.8 µs, and keeps them while they measure
//! cheaper (see `Engine::use_two_threads`).
//! On the reference machine it takes 0.6 from 4.7 to 2.8 s for 10^6 values
//! and Grundy's game from 4.7 to 2.9 s (docs/BENCHMARKS.md).

use std::sync::atomic::{AtomicUsize, Ordering};

use super::marks::Marks;
use super::rules::Rules;
use super::sparse::Sparse;
use super::stop::{Ended, STOP_EVERY, StopCheck, pause};
use super::store::Cell;

/// A table shared by the two threads: slots below `done` are final and only
/// read; the slot `done` is written by the one thread that owns that heap.
struct Shared<T> {
    ptr: *mut T,
    done: AtomicUsize,
    /// Heaps from here on are abandoned (a value that does not fit).
    stop: AtomicUsize,
}

// SAFETY: the threads write disjoint slots (alternate heaps), each before
// publishing it with a release store of `done`, and read only slots below a
// value of `done` they loaded with acquire ordering.
unsafe impl<T: Send + Sync> Sync for Shared<T> {}

impl<T: Cell> Shared<T> {
    /// The final values `G(0..len)`; `len` must not exceed `done`.
    fn prefix(&self, len: usize) -> &[T] {
        debug_assert!(len <= self.done.load(Ordering::Relaxed));
        // SAFETY: `ptr` is the start of the vector of `end` values `run`
        // holds, unmoved until both threads are joined, and every caller
        // has seen `done >= len` (an acquire load in `wait_for`), with
        // `done <= end`: the slots below `len` were written (or held
        // `G(0..start)` from the start) before their release store, and
        // neither thread writes them again.
        unsafe { std::slice::from_raw_parts(self.ptr, len) }
    }

    /// Waits until `G(0..len)` is final; `false` if the run was stopped
    /// before that.
    fn wait_for(&self, len: usize) -> bool {
        let mut spins = 0u32;
        loop {
            if self.done.load(Ordering::Acquire) >= len {
                return true;
            }
            if self.stop.load(Ordering::Acquire) < len {
                return false;
            }
            pause(&mut spins);
        }
    }
}

/// One thread's state: its copy of the sparse engine (rare positions are
/// added as values become final) and what it computed.
struct Worker {
    sparse: Sparse,
    marks: Marks,
    /// Positions below this are in `sparse`'s rare list if rare.
    seen: usize,
}

/// The values of the options of heap `n` that reach heap `n - 1`, which a
/// speculative computation of heap `n` skipped.
fn skipped_values<T: Cell>(g: &[T], n: usize, rules: &Rules, out: &mut Vec<u32>) {
    out.clear();
    let last = g[n - 1].get();
    if n >= 2 && rules.leave_one.contains(&1) {
        out.push(last);
    }
    for &(i, unequal) in &rules.split_two {
        // The split (1, n - 1) after removing nothing.
        if i == 0 && n >= 2 && !(unequal && n == 2) {
            out.push(g[1].get() ^ last);
        }
    }
}

/// Computes heaps `start..end` of `g` (which holds `G(0..start)` and is
/// resized here) with two threads. Ends with [`Ended::Next`] when the value
/// of the heap after the table's last is not below `cap` or does not fit
/// `T`, for the caller to record. Stops early, with `g` holding the values
/// that are final, once `stop` says so.
pub(crate) fn run<T: Cell>(
    g: &mut Vec<T>,
    end: usize,
    sparse: &mut Sparse,
    rules: &Rules,
    cap: u32,
    stop: &StopCheck<'_>,
) -> Ended {
    let start = g.len();
    g.resize(end, T::default());
    let shared = Shared {
        ptr: g.as_mut_ptr(),
        done: AtomicUsize::new(start),
        stop: AtomicUsize::new(end),
    };
    let limit = cap.min(T::MAX + u32::from(T::MAX < u32::MAX));
    let mut workers: Vec<Worker> = (0..2)
        .map(|_| {
            let mut worker = Worker {
                sparse: sparse.clone(),
                marks: Marks::default(),
                seen: start,
            };
            worker.marks.ensure(cap as usize);
            worker
        })
        .collect();
    let overflow = std::thread::scope(|scope| {
        let handles: Vec<_> = workers
            .iter_mut()
            .enumerate()
            .map(|(first, worker)| {
                let shared = &shared;
                scope.spawn(move || work(worker, shared, (start + first, end), rules, limit, stop))
            })
            .collect();
        handles
            .into_iter()
            .filter_map(|h| h.join().expect("a pipeline thread panicked"))
            .min()
    });
    // Under a bounded table a worker's heap may have needed values no
    // longer kept: the caller learns it, and computes again.
    for worker in &workers {
        sparse.absorb(&worker.sparse);
    }
    let done = shared.done.load(Ordering::Acquire);
    g.truncate(done);
    match overflow {
        Some((n, v)) => {
            debug_assert_eq!(n, done);
            Ended::Next(v)
        }
        None if done == end => Ended::Reached,
        None => Ended::Stopped,
    }
}

/// Stops the other thread if this one unwinds, so that it does not wait for
/// a value that will never come (the panic then reaches the caller).
struct StopOnUnwind<'a>(&'a AtomicUsize);

impl Drop for StopOnUnwind<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(0, Ordering::Release);
        }
    }
}

/// One thread: heaps `first, first + 2, ...` below `end`, until `stop`
/// says so.
fn work<T: Cell>(
    w: &mut Worker,
    shared: &Shared<T>,
    (first, end): (usize, usize),
    rules: &Rules,
    limit: u32,
    stop: &StopCheck<'_>,
) -> Option<(usize, u32)> {
    let _guard = StopOnUnwind(&shared.stop);
    let mut skipped = Vec::new();
    let mut n = first;
    while n < end {
        // Heaps from n on are abandoned: the other thread stops at its
        // next wait, and the caller keeps the values below n.
        if n > first && ((n - first) / 2).is_multiple_of(STOP_EVERY) && stop() {
            shared.stop.fetch_min(n, Ordering::AcqRel);
            return None;
        }
        // Heaps below n - 1 are final: this thread did n - 2, and the other
        // thread's n - 3 was published before that.
        if !shared.wait_for(n.saturating_sub(1)) {
            return None;
        }
        let known = n.saturating_sub(1);
        let g = shared.prefix(known);
        for (p, v) in g.iter().enumerate().take(known).skip(w.seen) {
            w.sparse.record(p, v.get());
        }
        w.seen = w.seen.max(known);
        let outran_before = w.sparse.outran();
        let guess = w.sparse.value_of(g, n, rules, &mut w.marks);
        // A guess lacks the options through heap n - 1, so its scan may
        // run on where the heap's own would stop: under a bounded table, a
        // guess that outran the table proves nothing, and the heap is
        // computed in full.
        let guess = if w.sparse.outran() && !outran_before {
            w.sparse.forget_outrun();
            None
        } else {
            Some(guess)
        };
        if !shared.wait_for(n) {
            return None;
        }
        let g = shared.prefix(n);
        let v = if let (0, Some(guess)) = (n, guess) {
            guess
        } else {
            skipped_values(g, n, rules, &mut skipped);
            if let Some(guess) = guess.filter(|guess| !skipped.contains(guess)) {
                guess
            } else {
                // Compute again with every option; heap n - 1 may be a rare
                // position the split (n - 1) + 1 comes in through.
                for (p, v) in g.iter().enumerate().skip(w.seen) {
                    w.sparse.record(p, v.get());
                }
                w.seen = n;
                w.sparse.value_of(g, n, rules, &mut w.marks)
            }
        };
        if v >= limit {
            shared.stop.fetch_min(n, Ordering::AcqRel);
            return Some((n, v));
        }
        // SAFETY: `n < end`, so the slot lies in the vector. It belongs to
        // this thread (heaps alternate) and is not yet published: `done`
        // is `n` (waited for above, and only this thread moves it past
        // `n`), so the other thread reads only slots below `n`.
        unsafe { shared.ptr.add(n).write(T::from_u32(v)) };
        shared.done.store(n + 1, Ordering::Release);
        n += 2;
    }
    None
}
