//! HDU 1907, *John* (<http://acm.hdu.edu.cn/showproblem.php?pid=1907>;
//! also POJ 3480, from SEERC 2007).
//!
//! John and his brother eat M&Ms from a box: a turn eats any positive
//! number of sweets of one colour, John moves first, and whoever eats the
//! last sweet loses (and buys the next box). **Input:** `T`
//! (1 ≤ T ≤ 474) test cases, each a line `N` (1 ≤ N ≤ 47) and a line of
//! the `N` counts of each colour (1 ≤ Ai ≤ 4747). **Output:** for each,
//! `John` if the first player wins and `Brother` otherwise.
//!
//! **Theory:** misère Nim (anti-Nim), settled by Bouton in 1901: with a
//! pile of two or more sweets the first player wins exactly when the
//! nim-sum is not 0, as in normal Nim; when every pile has one sweet, he
//! wins exactly when their number is even. The rule is
//! [`grundy::misere::nim::first_player_wins`]; Jia Zhihao's SJ theorem
//! generalises it to other games.
//!
//! ```
//! let out = grundy_cookbook::hdu1907::solve("2\n3\n3 5 1\n1\n1\n").unwrap();
//! assert_eq!(out, "John\nBrother\n");
//! ```

use grundy::misere::nim::first_player_wins;

use crate::input::counted_cases;

/// Answers the `T` test cases of the input.
pub fn solve(input: &str) -> Result<String, String> {
    counted_cases(input, "the number of test cases T", |input| {
        let count = input.number("the number of colours N")?;
        let piles = input.numbers(count, "a number of sweets")?;
        let john = first_player_wins(&piles);
        Ok(if john { "John" } else { "Brother" }.into())
    })
}
