//! The pass over the rare positions, step 1 of the method: for a split of
//! `s` tokens, `G(r) ⊕ G(s − r)` for each rare position `r`, which gives
//! every cheap option of a heap and some abundant ones.
//!
//! Both paths run it, the register path into a bit set and the general
//! path into marks. It is the one loop that runs over every rare position
//! for every heap, so its reads are unchecked; it stands alone here with
//! the check that covers them.

use crate::seq::marks::Marks;
use crate::seq::store::Cell;

use super::state::Sparse;

impl Sparse {
    /// The indices of the rare positions `r` with `from <= r < below`.
    #[inline]
    pub(super) fn rare_between(&self, from: usize, below: usize) -> std::ops::Range<usize> {
        match (self.rare.first(), self.rare.last()) {
            // Far from the start, every rare position is in range: no
            // search needed.
            (Some(&f), Some(&l)) if f as usize >= from && (l as usize) < below => {
                0..self.rare.len()
            }
            _ => {
                self.rare.partition_point(|&r| (r as usize) < from)
                    ..self.rare.partition_point(|&r| (r as usize) < below)
            }
        }
    }

    /// Marks `G(r) ⊕ G(s − r)` for the rare positions `rare[range]`, all
    /// below `s` with `s − r` inside `g`.
    #[inline]
    pub(super) fn mark_rare_pairs<T: Cell>(
        &self,
        g: &[T],
        s: usize,
        range: std::ops::Range<usize>,
        marks: &mut Marks,
    ) {
        let (stamp, tick) = marks.raw();
        let cap = self.cap as usize;
        assert!(cap.is_power_of_two() && stamp.len() >= cap);
        self.each_rare_pair(g, s, range, |x| {
            // Values are below the capacity; the mask only keeps a broken
            // invariant from writing out of bounds.
            // SAFETY: the index is below `cap <= stamp.len()`.
            unsafe { *stamp.get_unchecked_mut(x as usize & (cap - 1)) = tick };
        });
    }

    /// [`Sparse::mark_rare_pairs`] for values below 64, as a bit set.
    #[inline]
    pub(super) fn rare_pair_bits<T: Cell>(
        &self,
        g: &[T],
        s: usize,
        range: std::ops::Range<usize>,
    ) -> u64 {
        debug_assert!(self.cap <= 64);
        let mut seen = 0u64;
        self.each_rare_pair(g, s, range, |x| seen |= 1 << (x & 63));
        seen
    }

    /// Calls `pair(G(r) ⊕ G(s − r))` for the rare positions `rare[range]`,
    /// all below `s` with `s − r` inside `g`.
    ///
    /// This loop runs over every rare position for every heap, so its
    /// reads are unchecked; the check made once before it covers every
    /// index it uses.
    #[inline(always)]
    fn each_rare_pair<T: Cell>(
        &self,
        g: &[T],
        s: usize,
        range: std::ops::Range<usize>,
        mut pair: impl FnMut(u32),
    ) {
        let (rare, values) = (&self.rare[range.clone()], &self.rare_value[range]);
        let (Some(&first), Some(&last)) = (rare.first(), rare.last()) else {
            return;
        };
        // The rare positions ascend (`Sparse::record` checks it), so the
        // first gives the largest `s - r` and the last the smallest.
        assert!((last as usize) < s && s - (first as usize) < g.len());
        for (&r, &v) in rare.iter().zip(values) {
            // SAFETY: `rare` ascends (checked as it grows, in `record`), so
            // `first <= r <= last`, and `0 < s - r < g.len()` by the
            // assertion above.
            let b = unsafe { g.get_unchecked(s - r as usize) }.get();
            debug_assert!(v < self.cap && b < self.cap);
            pair(v ^ b);
        }
    }
}
