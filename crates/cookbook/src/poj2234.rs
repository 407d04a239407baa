//! POJ 2234, *Matches Game* (<http://poj.org/problem?id=2234>).
//!
//! Nim with matches: several piles, a turn takes any positive number of
//! matches from one pile, and the player who takes the last match wins.
//! **Input:** one test case per line up to the end of the input: `M`
//! (1 ≤ M ≤ 20) and then the `M` pile sizes (each at most 10 000 000).
//! **Output:** for each, `Yes` if the first player wins and `No`
//! otherwise.
//!
//! **Theory:** Bouton's theorem: the first player wins exactly when the
//! nim-sum of the piles is not 0. The position is built as `nim(...)` and
//! valued by [`grundy::analysis::value`].
//!
//! ```
//! let out = grundy_cookbook::poj2234::solve("2 45 45\n3 3 6 9\n").unwrap();
//! assert_eq!(out, "No\nYes\n");
//! ```

use grundy::Limits;

use crate::input::cases_to_end;
use crate::{engine, heaps, winner};

/// Answers every line of the input.
pub fn solve(input: &str) -> Result<String, String> {
    let limits = Limits::default();
    let nim = grundy::expr::family_named("nim").map_err(engine)?;
    cases_to_end(input, |input| {
        let count = input.number("the number of piles M")?;
        let piles = input.numbers(count, "a pile size")?;
        let value =
            grundy::analysis::normal::value(&heaps(&nim, &piles), &limits).map_err(engine)?;
        Ok(Some(winner(value, "Yes", "No").into()))
    })
}
