//! A set of small values cleared in O(1): a stamp per value.

/// Marks values `0..cap` for one heap at a time; `clear` starts a new set.
#[derive(Clone, Debug, Default)]
pub(crate) struct Marks {
    stamp: Vec<u32>,
    tick: u32,
}

impl Marks {
    /// Makes room for values below `cap`.
    pub fn ensure(&mut self, cap: usize) {
        if self.stamp.len() < cap {
            self.stamp.resize(cap, 0);
        }
    }

    /// Starts an empty set.
    #[inline]
    pub fn clear(&mut self) {
        self.tick = self.tick.wrapping_add(1);
        if self.tick == 0 {
            self.stamp.fill(0);
            self.tick = 1;
        }
    }

    /// Adds `v` (which must be below the capacity).
    #[inline(always)]
    pub fn mark(&mut self, v: u32) {
        self.stamp[v as usize] = self.tick;
    }

    /// The stamps and the current tick, for loops that mark many values:
    /// `stamp[v] = tick` adds `v`.
    #[inline(always)]
    pub fn raw(&mut self) -> (&mut [u32], u32) {
        (&mut self.stamp, self.tick)
    }

    /// Whether `v` is in the set.
    #[inline(always)]
    pub fn has(&self, v: u32) -> bool {
        self.stamp[v as usize] == self.tick
    }

    /// The smallest value not in the set.
    pub fn mex(&self) -> u32 {
        self.stamp
            .iter()
            .position(|&s| s != self.tick)
            .unwrap_or(self.stamp.len()) as u32
    }
}
