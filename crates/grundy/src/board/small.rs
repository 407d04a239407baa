//! The values of every set of cells of a small box, for both rules,
//! computed once by the mex rule so that the search never searches, nor
//! looks up in its table, a piece that fits one.
//!
//! A set of cells of an `h × w` box is a number below `2^(h·w)`, bit
//! `r·w + c` for row `r` and column `c`, the layout of [`Region`]. Every
//! move takes cells away, so each option of a set is a smaller number: one
//! pass in increasing order finds every option's value before the set's
//! own, and the value is the mex of theirs. Sets that fall apart are valued
//! the same way (no splitting is needed), so the table is right for any
//! set, connected or not. This is an endgame database in the sense of
//! Uiterwijk's Cram solver ("Solving Cram Using Combinatorial Game
//! Theory", ACG 2019), kept small enough to build in milliseconds: it
//! replaces, for the many small pieces deep in a search, the canonical
//! form's hashed lookup (a likely cache miss) by one read of a table that
//! stays in the cache, and the searches of those pieces by nothing.

use std::sync::OnceLock;

use super::bits::Bits;
use super::grid::Region;
use super::rule::Rule;

/// Boxes of at most this many cells are valued in full: every box from
/// 2 × 2 to 4 × 4, 2 × 8 and 8 × 2, 2^16 sets at most, 64 KiB each.
pub const BOX_CELLS: u32 = 16;

/// The values of every set of cells of every box of at least two rows,
/// at least two columns and at most [`BOX_CELLS`] cells, for one rule:
/// `boxes[h][w]` holds `2^(h·w)` values, empty where the box is not kept.
struct SmallBoxes {
    boxes: Vec<Vec<Vec<u8>>>,
}

impl SmallBoxes {
    fn build(rule: Rule) -> SmallBoxes {
        let n = BOX_CELLS as usize;
        let mut boxes = vec![vec![Vec::new(); n + 1]; n + 1];
        for (h, row) in boxes.iter_mut().enumerate().skip(2) {
            for (w, values) in row.iter_mut().enumerate().skip(2) {
                if h * w <= n {
                    *values = box_values(rule, h as u32, w as u32);
                }
            }
        }
        SmallBoxes { boxes }
    }
}

/// Whether `region`'s box is one of the small boxes kept: at least two
/// rows and two columns, and at most [`BOX_CELLS`] cells (the box as it
/// stands, whether or not the region fills it out).
#[inline]
pub fn is_small_box<B: Bits>(region: &Region<B>) -> bool {
    let (h, w) = (region.h as u32, region.w as u32);
    h >= 2 && w >= 2 && h * w <= BOX_CELLS
}

/// The value of `region` when its box is a small one (see
/// [`is_small_box`]), or `None`.
#[inline]
pub fn small_value<B: Bits>(rule: Rule, region: &Region<B>) -> Option<u8> {
    if !is_small_box(region) {
        return None;
    }
    let (h, w) = (region.h as usize, region.w as usize);
    static CRAM: OnceLock<SmallBoxes> = OnceLock::new();
    static NODE_KAYLES: OnceLock<SmallBoxes> = OnceLock::new();
    let all = match rule {
        Rule::Cram => CRAM.get_or_init(|| SmallBoxes::build(Rule::Cram)),
        Rule::NodeKayles => NODE_KAYLES.get_or_init(|| SmallBoxes::build(Rule::NodeKayles)),
    };
    // The box has at most BOX_CELLS cells, so the set is below 2^16.
    Some(all.boxes[h][w][region.bits.wide() as usize])
}

/// The value of every set of cells of the `h × w` box, by the mex rule in
/// increasing order of the sets.
fn box_values(rule: Rule, h: u32, w: u32) -> Vec<u8> {
    let mut values = vec![0u8; 1usize << (h * w)];
    for set in 1..values.len() {
        let region = Region::new(h as u8, w as u8, set as u64);
        // Values in a box of at most 64 cells are below 64 under both
        // rules (a game of k moves has a value of at most k).
        let mut seen = 0u64;
        let mut mark = |option: u64| seen |= 1 << values[option as usize];
        // The moves as `Engine::options` makes them, on one word.
        match rule {
            Rule::Cram => {
                for (pairs, step) in [(region.horizontal_pairs(), 1), (region.vertical_pairs(), w)]
                {
                    let mut rest = pairs;
                    while rest != 0 {
                        let i = rest.trailing_zeros();
                        rest &= rest - 1;
                        mark(region.bits & !(1 << i) & !(1 << (i + step)));
                    }
                }
            }
            Rule::NodeKayles => {
                let mut rest = region.bits;
                while rest != 0 {
                    let cell = rest & rest.wrapping_neg();
                    rest &= rest - 1;
                    mark(region.bits & !region.grow(cell));
                }
            }
        }
        values[set] = seen.trailing_ones() as u8;
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::search::{Cells, Search, Strategy};
    use crate::board::xorshift;
    use crate::limits::Limits;

    /// The plain search (every option's value, then the mex) of a set of
    /// cells of a box, split into pieces as the search splits.
    fn plain(rule: Rule, region: Region<u128>) -> u8 {
        let mut search = Search::new(rule).with_strategy(Strategy::Mex);
        search
            .value(Cells::Grid(region), &Limits::default())
            .expect("a small board is valued")
            .0 as u8
    }

    #[test]
    fn every_small_box_agrees_with_the_plain_search_on_random_sets() {
        let mut x = 0x5eed_cafe_u64;
        for rule in [Rule::Cram, Rule::NodeKayles] {
            for h in 2..=8u8 {
                for w in 2..=8u8 {
                    if (h as u32) * (w as u32) > BOX_CELLS {
                        continue;
                    }
                    let full = (1u128 << (h as u32 * w as u32)) - 1;
                    for _ in 0..40 {
                        let bits = (xorshift(&mut x) as u128) & full;
                        let region = Region::new(h, w, bits);
                        let value = small_value(rule, &region).expect("the box is kept");
                        assert_eq!(value, plain(rule, region), "{rule:?} {h}x{w} {bits:#b}");
                    }
                    // The full box, whose value the plain search finds too.
                    let region = Region::new(h, w, full);
                    assert_eq!(small_value(rule, &region), Some(plain(rule, region)));
                }
            }
        }
    }

    #[test]
    fn boards_with_a_symmetry_strategy_have_its_outcome() {
        // Cram on an even × even board is a second-player win (answer each
        // move with its half turn), and on an odd × even board a
        // first-player win (cover the two centre cells, then mirror):
        // Winning Ways, chapter 22.
        let full = |h: u8, w: u8| Region::<u64>::new(h, w, (1u64 << (h as u32 * w as u32)) - 1);
        for (h, w) in [(2, 2), (2, 4), (2, 6), (2, 8), (4, 4)] {
            assert_eq!(small_value(Rule::Cram, &full(h, w)), Some(0), "{h}x{w}");
        }
        for (h, w) in [(2, 3), (2, 5), (2, 7), (3, 4)] {
            assert_ne!(small_value(Rule::Cram, &full(h, w)), Some(0), "{h}x{w}");
        }
    }

    #[test]
    fn boxes_outside_the_kept_sizes_are_not_valued() {
        let strip = Region::<u64>::new(1, 5, 0b11111);
        assert_eq!(small_value(Rule::Cram, &strip), None);
        let column = Region::<u64>::new(4, 1, 0b1111);
        assert_eq!(small_value(Rule::Cram, &column), None);
        let large = Region::<u64>::new(3, 6, (1 << 18) - 1);
        assert_eq!(small_value(Rule::Cram, &large), None);
    }
}
