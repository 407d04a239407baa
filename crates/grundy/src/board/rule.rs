//! The rules the board search knows.

/// The rule of a board game played by removing cells (or vertices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Cram: cover two adjacent free cells with a domino.
    Cram,
    /// Node Kayles: take a vertex; it and its neighbours are removed.
    NodeKayles,
}
