//! Splitting games: a move splits one heap into two, or three, non-empty
//! heaps, and nothing is taken. Every move leaves more heaps than it found,
//! the plainest Multi-SG games: the value of a position is the nim-sum of
//! its heaps' values, and a heap's value is the mex over its splits of the
//! nim-sums of the parts.
//!
//! Two of the three variants have a closed form, proved by induction on
//! the heap size (and checked in the tests against the definition):
//!
//! - **two parts** (`split`): `G(n) = 1` for even `n >= 2`, else `0`. An odd
//!   heap splits into an odd and an even part (values `0` and `1`), so every
//!   option is `*1`; an even heap splits into two odd or two even parts, so
//!   every option is `0`.
//! - **three parts** (`split{3}`): `G(n) = ⌊(n-1)/2⌋` for `n >= 1`. The
//!   split `(k, k, n-2k)` has value `⌊(n-2k-1)/2⌋ = G(n) - k`, so every
//!   smaller value is reached; and any split `(a, b, c)` has value at most
//!   `G(a) + G(b) + G(c) <= (n-3)/2 < G(n)`, so `G(n)` is not.
//!
//! Splitting into two *or* three parts (`split{2,3}`) has no known formula;
//! its values come from a table, at a cost of about `n²/12` options a heap.

use std::fmt;
use std::ops::ControlFlow;

use super::{HeapGame, fill_table};
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::nimber::Nimber;

/// Into how many parts a heap may be split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parts {
    /// Two non-empty parts.
    Two,
    /// Three non-empty parts.
    Three,
    /// Two or three non-empty parts.
    TwoOrThree,
}

/// The rules of a splitting game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    parts: Parts,
}

/// How many heaps the table of a table-filled variant grows at a time
/// between checks of the stop flag (a heap may have a million options).
const FILL_CHUNK: u64 = 256;

impl Split {
    /// The game that splits heaps into `parts` parts.
    pub fn new(parts: Parts) -> Split {
        Split { parts }
    }

    /// Which splits are allowed.
    pub fn parts(&self) -> Parts {
        self.parts
    }

    /// The game of a parameter's text (`2`, `3`, `2,3`), which starts at
    /// `column` of `input`.
    pub fn parse(text: &str, input: &str, column: usize) -> Result<Split> {
        let mut counts = super::subtraction::parse_numbers(text, input, column, "parts")?;
        counts.sort_unstable();
        counts.dedup();
        let parts = match counts.as_slice() {
            [2] => Parts::Two,
            [3] => Parts::Three,
            [2, 3] => Parts::TwoOrThree,
            _ => {
                return Err(Error::parse(
                    input,
                    column,
                    "a heap splits into 2 or 3 parts: write split, split{3} or split{2,3}",
                ));
            }
        };
        Ok(Split { parts })
    }

    /// How many options a heap of `n` has (saturating at `u64::MAX`).
    pub fn option_count(&self, n: u64) -> u64 {
        let two = n / 2;
        let three = || three_part_count(n);
        match self.parts {
            Parts::Two => two,
            Parts::Three => three(),
            Parts::TwoOrThree => two.saturating_add(three()),
        }
    }
}

/// The number of ways to write `n` as `a + b + c` with `1 <= a <= b <= c`:
/// the partitions of `n` into exactly three parts, `round(n²/12)` (a
/// classical result: G. E. Andrews, The Theory of Partitions, and OEIS
/// A069905), saturating at `u64::MAX`.
pub fn three_part_count(n: u64) -> u64 {
    let n = u128::from(n);
    u64::try_from((n * n + 6) / 12).unwrap_or(u64::MAX)
}

/// The canonical family name: `split`, `split{3}`, `split{2,3}`.
impl fmt::Display for Split {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.parts {
            Parts::Two => "split",
            Parts::Three => "split{3}",
            Parts::TwoOrThree => "split{2,3}",
        })
    }
}

impl HeapGame for Split {
    fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        if self.parts != Parts::Three {
            for a in 1..=n / 2 {
                visit(&[a, n - a]);
            }
        }
        if self.parts != Parts::Two {
            for a in 1..=n / 3 {
                for b in a..=(n - a) / 2 {
                    visit(&[a, b, n - a - b]);
                }
            }
        }
    }

    fn closed_form(&self, n: u64) -> Option<Nimber> {
        match self.parts {
            Parts::Two => Some(Nimber(u64::from(n >= 2 && n.is_multiple_of(2)))),
            Parts::Three => Some(Nimber(n.saturating_sub(1) / 2)),
            Parts::TwoOrThree => None,
        }
    }

    fn option_count(&self, n: u64) -> Option<u64> {
        Some(Split::option_count(self, n))
    }

    /// The options of value `t` of the variants with a closed form.
    ///
    /// Two parts: every split of an odd heap is an odd and an even part,
    /// of values 0 and 1, and every split of an even heap two parts of the
    /// same parity, of equal values; so all options share the value `n mod
    /// 2`, and the options of value `t` are all splits or none (in the
    /// order of [`HeapGame::options`]).
    ///
    /// Three parts: `G(x) = ⌊(x − 1)/2⌋`, and
    /// [`crate::heap::preimage::three_part_splits`] lists the triples with
    /// that XOR, each once.
    fn options_to(
        &self,
        n: u64,
        target: Nimber,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> Option<ControlFlow<()>> {
        match self.parts {
            Parts::Two => Some((|| {
                if target.0 == n % 2 {
                    for a in 1..=n / 2 {
                        visit(&[a, n - a])?;
                    }
                }
                ControlFlow::Continue(())
            })()),
            Parts::Three => Some(super::preimage::three_part_splits(n, target.0, visit)),
            Parts::TwoOrThree => None,
        }
    }

    /// The definition, with two guards: a heap with more options than
    /// `--max-moves` allows is refused before the work starts (the table's
    /// cost grows as the cube of the heap), and the stop flag is checked
    /// every few heaps.
    fn fill(&self, table: &mut Vec<Nimber>, to: u64, limits: &Limits) -> Result<()> {
        limits.check_moves(self.option_count(to))?;
        while (table.len() as u64) <= to {
            limits.check_stop()?;
            let end = (table.len() as u64 + FILL_CHUNK - 1).min(to);
            fill_table(self, table, end, limits)?;
        }
        Ok(())
    }
}

/// The examples of `docs/MULTI_SG.md`, run as doctests so that the guide
/// stays true.
#[cfg(doctest)]
#[doc = include_str!("../../../../docs/MULTI_SG.md")]
pub struct MultiSgGuide;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::fill_table;

    fn definition(game: &Split, to: u64) -> Vec<Nimber> {
        let mut table = Vec::new();
        fill_table(game, &mut table, to, &Limits::default()).unwrap();
        table
    }

    #[test]
    fn closed_forms_match_the_definition() {
        for parts in [Parts::Two, Parts::Three] {
            let game = Split::new(parts);
            for (n, v) in definition(&game, 400).into_iter().enumerate() {
                assert_eq!(game.closed_form(n as u64), Some(v), "{game}({n})");
            }
        }
    }

    #[test]
    fn option_counts_match_the_options() {
        for parts in [Parts::Two, Parts::Three, Parts::TwoOrThree] {
            let game = Split::new(parts);
            for n in 0..60 {
                let mut count = 0;
                game.options(n, &mut |parts| {
                    assert!(parts.iter().all(|&p| p > 0) && parts.iter().sum::<u64>() == n);
                    count += 1;
                });
                assert_eq!(game.option_count(n), count, "{game}({n})");
            }
        }
    }

    #[test]
    fn two_or_three_parts_fills_by_definition_and_refuses_huge_heaps() {
        let game = Split::new(Parts::TwoOrThree);
        let mut table = Vec::new();
        game.fill(&mut table, 700, &Limits::default()).unwrap();
        assert_eq!(table, definition(&game, 700));
        // The first values by hand: G(4) = mex{G(1)+G(3), G(2)+G(2),
        // G(1)+G(1)+G(2)} = mex{*2, 0, *1} = *3, and so on.
        assert_eq!(
            table[..12],
            [0, 0, 1, 2, 3, 1, 4, 3, 2, 4, 5, 6].map(Nimber)
        );
        let err = game
            .fill(&mut table, 1_000_000, &Limits::default())
            .unwrap_err();
        assert!(err.to_string().contains("--max-moves"), "{err}");
    }

    #[test]
    fn parameters_parse_and_print_canonically() {
        let parse = |text: &str| Split::parse(text, &format!("split{{{text}}}"), 7);
        assert_eq!(parse("2").unwrap().to_string(), "split");
        assert_eq!(parse(" 3 ").unwrap().to_string(), "split{3}");
        assert_eq!(parse("3,2,3").unwrap().to_string(), "split{2,3}");
        let err = parse("4").unwrap_err().to_string();
        assert!(
            err.contains("2 or 3 parts") && err.contains("column 7"),
            "{err}"
        );
        assert!(parse("0").unwrap_err().to_string().contains("positive"));
    }
}
