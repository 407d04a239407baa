//! Every-SG: sums in which every component that can move must move on
//! each turn; the last player to move wins.
//!
//! Such a sum ends when its longest-lasting component ends, so what
//! matters of each component is not its Grundy value but how long it lasts
//! when its winner drags it out and its loser cuts it short: its step
//! count ([`steps`](mod@steps)). The player to move wins exactly when the largest step
//! count is odd. [`EveryGame`] is the every-move rule itself, searched
//! directly, against which the tests hold the theory; [`analysis`] applies
//! both to expressions, `every(...)`.

pub mod analysis;
pub(crate) mod game;
pub(crate) mod steps;

pub use analysis::{EveryAnalysis, EveryComponent, EveryMove, Method, PartMove, analyze, moves};
pub use game::{EveryGame, EveryStep, every_steps};
pub use steps::{step_counts, steps};
