//! The values of strips, the pieces of one row, for both rules, computed
//! once by the mex rule so that the search never searches a strip.
//!
//! Cram on a strip of `n` cells is Dawson's Kayles, the octal game 0.07: a
//! domino takes two neighbouring cells, leaving strips of `i` and
//! `n - 2 - i`. Node Kayles on a path of `n` vertices is Dawson's chess,
//! 0.137: a vertex goes with its neighbours, leaving paths of `i - 1` and
//! `n - i - 2` (fewer at the ends). The tests check both against the
//! take-and-break engine and against plain searches.

use std::sync::OnceLock;

use super::grid::MAX_CELLS;
use super::rule::Rule;

/// The value of a strip of `n` cells (`n` at most [`MAX_CELLS`]).
pub fn strip_value(rule: Rule, n: u32) -> u8 {
    static CRAM: OnceLock<Vec<u8>> = OnceLock::new();
    static NODE_KAYLES: OnceLock<Vec<u8>> = OnceLock::new();
    let table = match rule {
        Rule::Cram => CRAM.get_or_init(|| {
            strip_values(|n| (0..n.saturating_sub(1)).map(move |i| (i, n - 2 - i)))
        }),
        Rule::NodeKayles => NODE_KAYLES.get_or_init(|| {
            strip_values(|n| (0..n).map(move |i| (i.saturating_sub(1), (n - i).saturating_sub(2))))
        }),
    };
    table[n as usize]
}

/// The values of strips of `0..=MAX_CELLS` cells, where a move on a strip
/// of `n` leaves the pairs of strips that `options(n)` lists.
fn strip_values<I: Iterator<Item = (usize, usize)>>(options: impl Fn(usize) -> I) -> Vec<u8> {
    let mut values: Vec<u8> = Vec::with_capacity(MAX_CELLS + 1);
    for n in 0..=MAX_CELLS {
        let mut seen = [false; 256];
        for (a, b) in options(n) {
            seen[(values[a] ^ values[b]) as usize] = true;
        }
        values.push(seen.iter().position(|&s| !s).unwrap_or(255) as u8);
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_values_are_the_published_ones() {
        // Dawson's Kayles 0.07 from 0 (Winning Ways, chapter 4) and
        // Dawson's chess 0.137 from 0 (OEIS A002187 from n = 0).
        let kayles: Vec<u8> = (0..14).map(|n| strip_value(Rule::Cram, n)).collect();
        assert_eq!(kayles, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2]);
        let chess: Vec<u8> = (0..14).map(|n| strip_value(Rule::NodeKayles, n)).collect();
        assert_eq!(chess, [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4]);
    }
}
