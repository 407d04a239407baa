//! HDU 1847, *Good Luck in CET-4 Everybody!*
//! (<http://acm.hdu.edu.cn/showproblem.php?pid=1847>).
//!
//! Kiki and Cici share a pile of `n` cards and take turns drawing from it,
//! Kiki first; each turn draws a power of two (1, 2, 4, 8, ...) cards, and
//! whoever draws the last card wins. **Input:** any number of test cases,
//! one `n` (1 ≤ n ≤ 1000) per line, up to the end of the input. **Output:**
//! for each, `Kiki` if the first player wins and `Cici` otherwise.
//!
//! **Theory:** a subtraction game, `sub{pow2}` in grundy's expression
//! language. No power of two is a multiple of 3, while 1 and 2 are allowed,
//! so the multiples of 3 are exactly the P-positions and `G(n) = n mod 3`;
//! the engine knows this closed form, and the tests hold it against a plain
//! search of the card game.
//!
//! ```
//! assert_eq!(grundy_cookbook::hdu1847::solve("1\n3\n").unwrap(), "Kiki\nCici\n");
//! ```

use grundy::Limits;
use grundy::expr::Position;

use crate::input::cases_to_end;
use crate::{engine, winner};

/// Answers every `n` of the input.
pub fn solve(input: &str) -> Result<String, String> {
    let limits = Limits::default();
    cases_to_end(input, |input| {
        let n = input.number("the number of cards n")?;
        // Written in the expression language, as a user of the engine would.
        let position = Position::parse(&format!("sub{{pow2}}({n})")).map_err(engine)?;
        let value = grundy::analysis::normal::value(&position, &limits).map_err(engine)?;
        Ok(Some(winner(value, "Kiki", "Cici").into()))
    })
}
