//! A take-and-break code compiled into the lists the engines loop over.

use crate::heap::octal::Code;

/// The moves of a code, grouped by what they leave.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// Removals `i` that may leave nothing (legal from a heap of exactly `i`).
    pub leave_none: Vec<u32>,
    /// Removals `i >= 1` that may leave one heap.
    pub leave_one: Vec<u32>,
    /// Removals that may leave two heaps, with the unequal flag.
    pub split_two: Vec<(u32, bool)>,
    /// Removals that may leave three heaps, with the unequal flag.
    pub split_three: Vec<(u32, bool)>,
}

impl Rules {
    /// Compiles a code.
    pub fn new(code: &Code) -> Rules {
        let mut r = Rules::default();
        for (i, d) in code.digits().iter().enumerate() {
            let i = i as u32;
            if d.leave_none() {
                r.leave_none.push(i);
            }
            if d.leave_one() && i >= 1 {
                r.leave_one.push(i);
            }
            if d.leave_two() {
                r.split_two.push((i, d.unequal));
            }
            if d.leave_three() {
                r.split_three.push((i, d.unequal));
            }
        }
        r
    }
}

/// The largest smaller heap `a` of a split of `s` tokens into `a` and
/// `s - a`, the heaps equal or (when `unequal`) not.
#[inline]
pub(crate) fn last_pair(s: usize, unequal: bool) -> usize {
    if unequal { (s - 1) / 2 } else { s / 2 }
}
