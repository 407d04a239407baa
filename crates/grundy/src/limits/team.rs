//! A team of processes computing one take-and-break sequence together:
//! the collective operations a run option hands to the engine (see the
//! sequence engine's `team` module for how it uses them).
//!
//! The trait lives with the limits because a team is chosen by whoever
//! starts the run (the command line's `mpi` feature, or a test's team of
//! threads), like the number of threads; the engine only calls it.

/// A group of processes computing one sequence together: the collective
/// operations every member calls in the same order.
pub trait Team: Send + Sync {
    /// This member's number, `0..size`. Member 0 writes the output and
    /// the checkpoint.
    fn rank(&self) -> usize;

    /// How many members there are.
    fn size(&self) -> usize;

    /// Replaces `words`, on every member, with the bitwise OR of every
    /// member's `words` (all of the same length).
    ///
    /// There is no error to return: a member that cannot take part (a
    /// process that died, a broken link) ends the whole job, as MPI's
    /// default error handler does, since the others could only wait.
    fn or_all(&self, words: &mut [u64]);

    /// Replaces `bytes`, on every member, with member 0's.
    fn broadcast(&self, bytes: &mut Vec<u8>);
}
