//! How the engines' loops stop and wait: the stop check they ask between
//! heaps, how often they ask it, how a run on two threads ended, and how a
//! thread waits for the other.

/// How a run on two threads ended; the table holds the values that are
/// final.
#[derive(Debug, PartialEq)]
pub(crate) enum Ended {
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
