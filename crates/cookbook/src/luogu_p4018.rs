//! Luogu P4018, *Roy&October之取石子* ("Roy and October take stones";
//! <https://www.luogu.com.cn/problem/P4018>).
//!
//! October and Roy share a pile of `n` stones, October first; each turn
//! takes `p^k` stones for a prime `p` and `k >= 0` (so 1 is allowed), and
//! whoever takes the last stone wins. **Input:** `T`, then `T` lines each
//! holding `n`. **Output:** for each, `October wins!` if the first player
//! wins and `Roy wins!` otherwise.
//!
//! **Theory:** a subtraction game whose set `S` is 1 and the prime powers.
//! `S` holds 1, 2, 3, 4 and 5, and no multiple of 6 (a multiple of 6 has
//! the two prime factors 2 and 3). For any such set `G(n) = n mod 6`, by
//! induction on `n`: the move by `s` leads to value `(n − s) mod 6`, which
//! is never `n mod 6` (as `6 ∤ s`), while `s = n mod 6 − r` for `r` below
//! `n mod 6` is in `S` and reaches `r`. So the multiples of 6 are the
//! P-positions, and, by the same argument, the game with `S` cut off at any
//! bound `B >= 5` has the same values.
//!
//! The solution lets the engine find that: it builds the subtraction game
//! of 1 and the prime powers up to [`SET_BOUND`] (a finite set, found by a
//! sieve), whose period the engine certifies by the window theorem for
//! finite subtraction sets, and values each `n` from it, for any `n`. The
//! tests check the answers against a search of the problem's own rules
//! (every prime power, no theorem) and that the period found is 6.
//!
//! ```
//! let out = grundy_cookbook::luogu_p4018::solve("2\n4\n6\n").unwrap();
//! assert_eq!(out, "October wins!\nRoy wins!\n");
//! ```

use std::sync::Arc;

use grundy::Limits;
use grundy::expr::Family;

use crate::input::counted_cases;
use crate::{engine, heaps, winner};

/// The largest prime power put in the engine's set (see the module notes
/// for why a bound of at least 5 gives the same values as all of them).
pub const SET_BOUND: u64 = 64;

/// 1 and the prime powers up to `bound`, increasing.
pub fn prime_powers(bound: u64) -> Vec<u64> {
    let size = bound as usize + 1;
    let mut composite = vec![false; size];
    let mut out = vec![1];
    for p in 2..size {
        if composite[p] {
            continue;
        }
        for multiple in (p * p..size).step_by(p) {
            composite[multiple] = true;
        }
        let mut power = p as u64;
        while power <= bound {
            out.push(power);
            power *= p as u64;
        }
    }
    out.sort_unstable();
    out
}

/// The subtraction family of 1 and the prime powers up to [`SET_BOUND`],
/// in the expression language: `sub{1..5,7..9,11,...}`.
pub fn family() -> Result<Arc<dyn Family>, String> {
    let set: Vec<String> = prime_powers(SET_BOUND).iter().map(u64::to_string).collect();
    grundy::expr::family_named(&format!("sub{{{}}}", set.join(","))).map_err(engine)
}

/// Answers the `T` test cases of the input.
pub fn solve(input: &str) -> Result<String, String> {
    let limits = Limits::default();
    let family = family()?;
    counted_cases(input, "the number of test cases T", |input| {
        let n = input.number("the number of stones n")?;
        let value =
            grundy::analysis::normal::value(&heaps(&family, &[n]), &limits).map_err(engine)?;
        Ok(winner(value, "October wins!", "Roy wins!").into())
    })
}
