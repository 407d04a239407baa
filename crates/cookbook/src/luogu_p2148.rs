//! Luogu P2148, *[SDOI2009] E&D* (<https://www.luogu.com.cn/problem/P2148>).
//!
//! `2n` piles of stones are paired, piles `2k - 1` and `2k` forming a
//! group. A move takes one pile away and splits the other pile of its
//! group into two non-empty piles, which become the new group; every pile
//! must keep at least one stone. A player who cannot move (all piles hold
//! one stone) loses. **Input:** `T` (T ≤ 20) test cases, each a line `N`
//! (even) and a line of the `N` pile sizes. **Output:** for each, `YES` if
//! the first player wins and `NO` otherwise.
//!
//! **Theory:** a sum of independent games (the groups), each solved by the
//! closed form of E&D: `G(a, b)` is the index of the lowest 0 bit of
//! `(a - 1) | (b - 1)`. Each group is the term `ed(a,b)` of the expression
//! language, valued by [`grundy::analysis::value`].
//!
//! ```
//! let out = grundy_cookbook::luogu_p2148::solve("2\n4\n1 2 3 1\n6\n1 1 1 1 1 1\n").unwrap();
//! assert_eq!(out, "YES\nNO\n");
//! ```

use grundy::Limits;
use grundy::expr::{Arg, Position, Term};

use crate::input::counted_cases;
use crate::{engine, winner};

/// Answers the `T` test cases of the input.
pub fn solve(input: &str) -> Result<String, String> {
    let limits = Limits::default();
    let ed = grundy::expr::family_named("ed").map_err(engine)?;
    counted_cases(input, "the number of test cases T", |input| {
        let count = input.number("the number of piles N")?;
        let line = input.line();
        if count % 2 != 0 {
            return Err(format!(
                "line {line}: the number of piles must be even, found {count}"
            ));
        }
        let piles = input.numbers(count, "a pile size")?;
        let piles_line = input.line();
        let mut terms = Vec::with_capacity(piles.len() / 2);
        for pair in piles.chunks_exact(2) {
            let args = vec![Arg::Int(pair[0]), Arg::Int(pair[1])];
            ed.check(&args, &limits)
                .map_err(|e| format!("line {piles_line}: {e}"))?;
            terms.push(Term {
                family: ed.clone(),
                args,
            });
        }
        let value =
            grundy::analysis::normal::value(&Position { terms }, &limits).map_err(engine)?;
        Ok(winner(value, "YES", "NO").into())
    })
}
