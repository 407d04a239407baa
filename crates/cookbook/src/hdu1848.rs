//! HDU 1848, *Fibonacci again and again*
//! (<http://acm.hdu.edu.cn/showproblem.php?pid=1848>).
//!
//! Three piles hold `m`, `n` and `p` stones. Two players take turns; a turn
//! removes a Fibonacci number of stones (1, 2, 3, 5, 8, ...) from one pile,
//! and whoever takes the last stone wins. **Input:** one test case per
//! line, `m n p` (1 ≤ m, n, p ≤ 1000), ended by the line `0 0 0`.
//! **Output:** for each, `Fibo` if the first player wins and `Nacci`
//! otherwise.
//!
//! **Theory:** each pile is the subtraction game `sub{fib}`, which has no
//! simple formula, and the three piles form a sum: by the Sprague–Grundy
//! theorem its value is `G(m) ⊕ G(n) ⊕ G(p)`. One `sub{fib}` family serves
//! every line, so its table of values is filled once, up to the largest
//! pile seen.
//!
//! Pile sizes are limited to the problem's 1000 (0 is accepted too): they
//! set the size of the table.
//!
//! ```
//! let out = grundy_cookbook::hdu1848::solve("1 1 1\n1 4 1\n0 0 0\n").unwrap();
//! assert_eq!(out, "Fibo\nNacci\n");
//! ```

use grundy::Limits;

use crate::input::cases_to_end;
use crate::{engine, heaps, winner};

/// The largest pile the problem allows.
pub const MAX_PILE: u64 = 1000;

/// Answers every line up to `0 0 0` (or the end of the input).
pub fn solve(input: &str) -> Result<String, String> {
    let limits = Limits::default();
    let fib = grundy::expr::family_named("sub{fib}").map_err(engine)?;
    cases_to_end(input, |input| {
        let piles = input.numbers_in(3, "a pile size", 0..=MAX_PILE)?;
        if piles == [0, 0, 0] {
            input.finish("the closing line 0 0 0")?;
            return Ok(None);
        }
        let value =
            grundy::analysis::normal::value(&heaps(&fib, &piles), &limits).map_err(engine)?;
        Ok(Some(winner(value, "Fibo", "Nacci").into()))
    })
}
