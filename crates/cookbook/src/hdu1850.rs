//! HDU 1850, *Being a Good Boy in Spring Festival*
//! (<http://acm.hdu.edu.cn/showproblem.php?pid=1850>).
//!
//! Nim with `M` piles of cards: a turn takes any number of cards from one
//! pile, and whoever takes the last card wins. The question is not who
//! wins but in how many ways the first player can start and still win.
//! **Input:** test cases of two lines, `M` (1 < M ≤ 100) and then the `M`
//! pile sizes (each at most 1 000 000); `M = 0` ends the input.
//! **Output:** for each, the number of winning first moves (0 when the
//! first player loses).
//!
//! **Theory:** Bouton's theorem. A move wins exactly when it leaves nim-sum
//! 0; for a pile `a` and total `t ≠ 0` that means leaving `a ⊕ t` cards,
//! possible when `a ⊕ t < a`. [`grundy::analyze`] lists the winning moves
//! of any sum by asking each component for its moves to the value that
//! zeroes the total, so the answer is the length of that list.
//!
//! ```
//! assert_eq!(grundy_cookbook::hdu1850::solve("3\n5 7 9\n0\n").unwrap(), "1\n");
//! ```

use grundy::Limits;

use crate::input::cases_to_end;
use crate::{engine, heaps};

/// Answers every case up to `M = 0` (or the end of the input).
pub fn solve(input: &str) -> Result<String, String> {
    let limits = Limits::default();
    let nim = grundy::expr::family_named("nim").map_err(engine)?;
    cases_to_end(input, |input| {
        let count = input.number("the number of piles M")?;
        if count == 0 {
            input.finish("the closing 0")?;
            return Ok(None);
        }
        let piles = input.numbers(count, "a pile size")?;
        let analysis =
            grundy::analysis::normal::analyze(&heaps(&nim, &piles), &limits).map_err(engine)?;
        // A Nim pile answers "the move to value g" directly, so the list is
        // always complete; the check keeps a wrong count from ever printing.
        if !analysis.winning_moves_complete {
            return Err(format!(
                "line {}: too many moves to examine within the move limit",
                input.line()
            ));
        }
        Ok(Some(analysis.winning_moves.len().to_string()))
    })
}
