//! Bamboo stalks: Green Hackenbush on paths standing on the ground.
//!
//! Cutting the `k`-th edge of a stalk of `n` (counting from the ground)
//! leaves a stalk of `k - 1`, the moves of a Nim heap, so a stalk of `n`
//! edges is `*n`: `bamboo` is [`NimFamily`] under another name. The tests
//! check the stalks against the brute-force cutting of path pictures.

use crate::heap::nim::NimFamily;

/// `bamboo(3,4,5)`: stalks of 3, 4 and 5 edges.
pub const BAMBOO: NimFamily = NimFamily::named("bamboo", "a stalk length");
