//! Luogu P4279, *\[SHOI2008\] 小约翰的游戏* ("Little John's game";
//! <https://www.luogu.com.cn/problem/P4279>, also BZOJ 1022).
//!
//! Little John and his elder brother take turns removing any positive
//! number of stones from one of `n` piles, John first; whoever takes the
//! last stone loses. **Input:** `T` (T ≤ 500) test cases, each a line `N`
//! (N ≤ 50) and a line of the `N` pile sizes (each at most 5000).
//! **Output:** for each, `John` if the first player wins and `Brother`
//! otherwise.
//!
//! It is HDU 1907's game in the same input and output format, so the
//! solution is [`crate::hdu1907::solve`]: misère Nim by Bouton's rule.
//!
//! ```
//! let out = grundy_cookbook::luogu_p4279::solve("2\n3\n3 5 1\n1\n1\n").unwrap();
//! assert_eq!(out, "John\nBrother\n");
//! ```

/// Answers the `T` test cases of the input.
pub fn solve(input: &str) -> Result<String, String> {
    crate::hdu1907::solve(input)
}
