//! A small random number generator for the library's unit tests: varied
//! cases, the same on every run.

/// A small linear congruential generator for the engines' tests: varied
/// cases, the same on every run.
pub struct Lcg(pub u64);

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
