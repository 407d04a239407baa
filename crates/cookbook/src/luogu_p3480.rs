//! Luogu P3480, *\[POI 2009\] KAM-Pebbles*
//! (<https://www.luogu.com.cn/problem/P3480>).
//!
//! Piles of pebbles stand in a row, each at least as high as the one to
//! its left. Johny and Margaret take turns removing any positive number of
//! pebbles from one pile, but no pile may become smaller than its left
//! neighbour; the player who cannot move loses, and Johny moves first.
//! **Input:** `u` (1 ≤ u ≤ 10) arrangements, each a line `n`
//! (1 ≤ n ≤ 1000) and a line of the `n` pile sizes `a1 ≤ a2 ≤ ... ≤ an`
//! (at most 1000 pebbles in all). **Output:** for each, `TAK` (yes) if
//! Johny wins and `NIE` (no) otherwise.
//!
//! **Theory:** Staircase Nim. Write `d_i = a_i - a_(i-1)` (with `a_0 = 0`).
//! Taking `k` pebbles from pile `i` lowers `d_i` by `k` and raises
//! `d_(i+1)` by `k`, or, from the last pile, just lowers `d_n`: `k`
//! tokens go one step down a staircase whose step 1 is `d_n`, step 2 is
//! `d_(n-1)`, and so on ([`staircase_steps`]). That is
//! [`grundy::games::staircase::Staircase`], whose value is the nim-sum of
//! the odd steps `d_n ⊕ d_(n-2) ⊕ ...`; the tests check it against the
//! pebble game itself.
//!
//! ```
//! let input = "2\n2\n2 2\n3\n1 2 4\n";
//! assert_eq!(grundy_cookbook::luogu_p3480::solve(input).unwrap(), "NIE\nTAK\n");
//! ```

use grundy::games::staircase::Staircase;
use grundy::{Limits, Solver};

use crate::input::counted_cases;
use crate::{engine, winner};

/// The Staircase Nim position of non-decreasing piles: step 1 holds the
/// difference between the last two piles, the last step holds the first
/// pile.
///
/// ```
/// use grundy_cookbook::luogu_p3480::staircase_steps;
/// assert_eq!(staircase_steps(&[1, 2, 4]), [2, 1, 1]);
/// ```
pub fn staircase_steps(piles: &[u64]) -> Vec<u64> {
    let below = std::iter::once(0).chain(piles.iter().copied());
    let mut steps: Vec<u64> = piles.iter().zip(below).map(|(&a, b)| a - b).collect();
    steps.reverse();
    steps
}

/// Answers the `u` arrangements of the input.
pub fn solve(input: &str) -> Result<String, String> {
    counted_cases(input, "the number of arrangements u", |input| {
        let count = input.number("the number of piles n")?;
        let mut piles = Vec::new();
        for i in 1..=count {
            let pile = input.number("a pile size")?;
            if let Some(&left) = piles.last()
                && pile < left
            {
                return Err(format!(
                    "line {}: pile {i} has {pile} pebbles, fewer than the {left} of the pile to its left",
                    input.line()
                ));
            }
            piles.push(pile);
        }
        let mut solver = Solver::new(Staircase, Limits::default().solver_config());
        let value = solver.value(&staircase_steps(&piles)).map_err(engine)?;
        Ok(winner(value, "TAK", "NIE").into())
    })
}
