//! Which pieces the two threads of one board search are searching now, so
//! that a thread can put off a piece the other is in the middle of (the
//! deferral of J.-C. Weill, "The ABDADA distributed minimax search
//! algorithm", ACM Computer Science Conference, 1996): by the time it comes back to the piece, the other
//! thread has usually stored its answer in the shared table.
//!
//! The marks are hints. A mark may be missing (its slot was taken by
//! another piece) or, rarely, stand for another piece with the same
//! fingerprint; either only changes the order in which a thread asks its
//! options, never what it concludes (see `Engine::value_in`).

use std::sync::atomic::{AtomicU64, Ordering};

use super::table::{Key, hash};

/// A table of marks: for each slot, the fingerprint of the piece being
/// searched and the thread searching it, or 0.
pub struct Busy {
    slots: Box<[AtomicU64]>,
}

/// A mark made by [`Busy::enter`], to be taken away by [`Busy::leave`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    slot: usize,
    word: u64,
}

impl Busy {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> Busy {
        Busy {
            slots: (0..1usize << bits).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// The slot of `key` and the word that marks it searched by `thread`
    /// (0 or 1): the hash's high bits, then a set bit, so never 0, then the
    /// thread.
    fn place(&self, key: Key, thread: usize) -> (usize, u64) {
        let h = hash(key.bits, key.tag) as u64;
        let slot = h as usize & (self.slots.len() - 1);
        (slot, (h >> 20) << 2 | 2 | thread as u64)
    }

    /// Marks `key` as searched by `thread`, unless its slot holds a mark
    /// already (of this piece or another).
    pub fn enter(&self, key: Key, thread: usize) -> Option<Mark> {
        let (slot, word) = self.place(key, thread);
        self.slots[slot]
            .compare_exchange(0, word, Ordering::Relaxed, Ordering::Relaxed)
            .ok()
            .map(|_| Mark { slot, word })
    }

    /// Takes away a mark [`Busy::enter`] made.
    pub fn leave(&self, mark: Mark) {
        // Only the thread that made the mark clears its slot, and nothing
        // else writes a marked slot, so a plain store suffices.
        debug_assert_eq!(self.slots[mark.slot].load(Ordering::Relaxed), mark.word);
        self.slots[mark.slot].store(0, Ordering::Relaxed);
    }

    /// Whether the thread other than `thread` is searching `key` now, as
    /// far as the marks tell.
    pub fn by_other(&self, key: Key, thread: usize) -> bool {
        let (slot, word) = self.place(key, 1 - thread);
        self.slots[slot].load(Ordering::Relaxed) == word
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(i: u64) -> Key {
        Key {
            bits: i as u128 * 0x9E37_79B9,
            tag: 4 << 8 | 4,
        }
    }

    /// A piece one thread marks is busy for the other, not for itself,
    /// until the mark is taken away; a slot holds one mark at a time.
    #[test]
    fn a_mark_is_seen_by_the_other_thread_until_it_is_left() {
        let busy = Busy::new(4);
        let mark = busy.enter(key(1), 0).expect("the slot is free");
        assert!(busy.by_other(key(1), 1));
        assert!(!busy.by_other(key(1), 0));
        assert!(!busy.by_other(key(2), 1));
        assert_eq!(busy.enter(key(1), 1), None, "the slot is taken");
        busy.leave(mark);
        assert!(!busy.by_other(key(1), 1));
        let again = busy.enter(key(1), 1).expect("the slot is free again");
        assert!(busy.by_other(key(1), 0));
        busy.leave(again);
    }

    /// Many pieces marked in a small table: each one marked is seen, and
    /// once all are left the table is empty.
    #[test]
    fn marks_in_a_crowded_table_are_each_seen_and_all_cleared() {
        let busy = Busy::new(6);
        let marks: Vec<_> = (0..200)
            .filter_map(|i| Some((i, busy.enter(key(i), 1)?)))
            .collect();
        assert!(marks.len() > 20 && marks.len() <= 64, "{}", marks.len());
        for &(i, _) in &marks {
            assert!(busy.by_other(key(i), 0));
        }
        for &(_, mark) in &marks {
            busy.leave(mark);
        }
        assert!(busy.slots.iter().all(|s| s.load(Ordering::Relaxed) == 0));
    }
}
