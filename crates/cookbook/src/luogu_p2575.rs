//! Luogu P2575, *高手过招* ("masters' duel";
//! <https://www.luogu.com.cn/problem/P2575>).
//!
//! A board of `n` rows and 20 columns holds some pieces. A turn picks one
//! piece and moves it right: to the next cell if that is empty, or else
//! jumping the run of pieces to its right to land on the first empty cell;
//! a piece with no empty cell to its right cannot move. The player who
//! cannot move loses; AKN moves first. **Input:** `T` (T ≤ 100) test
//! cases, each a line `n` (n ≤ 1000) and `n` rows, each a line `m p1 ...
//! pm`: the number of pieces in the row and their columns (1 ≤ pj ≤ 20).
//! **Output:** for each, `YES` if the first player wins and `NO`
//! otherwise.
//!
//! **Theory:** the rows never interact, so the board is a sum of rows and
//! its value is the nim-sum of the rows' values (Sprague–Grundy). A row is
//! a game of its own: [`Row`] implements [`grundy::Game`] on a 20-bit mask,
//! and one [`grundy::Solver`] serves the whole input, so each of the 2^20
//! row positions is searched at most once however many rows ask for it.
//! (The row is also Staircase Nim on the gaps between empty cells, which
//! is how it is usually solved by hand; the search needs no such insight.)
//!
//! ```
//! let input = "2\n1\n2 19 20\n2\n1 19\n1 18\n";
//! assert_eq!(grundy_cookbook::luogu_p2575::solve(input).unwrap(), "NO\nYES\n");
//! ```

use grundy::{Game, Limits, Nimber, Solver};

use crate::input::{Input, counted_cases};
use crate::{engine, winner};

/// The width of the problem's board.
pub const WIDTH: u32 = 20;

/// One row of the board, `width` cells wide. A position is a mask whose
/// bit `c - 1` is set when column `c` holds a piece (column 1 is the
/// leftmost; pieces move towards higher columns).
#[derive(Clone, Copy, Debug)]
pub struct Row {
    width: u32,
}

impl Row {
    /// A row of `width` cells, at most 32.
    ///
    /// # Panics
    ///
    /// When `width` exceeds 32, the bits of a position.
    pub fn new(width: u32) -> Row {
        assert!(width <= 32, "a row is at most 32 cells wide");
        Row { width }
    }

    /// The mask of every cell of the row.
    fn cells(self) -> u64 {
        (1u64 << self.width) - 1
    }
}

impl Game for Row {
    type Position = u32;

    fn moves(&self, &row: &u32, out: &mut Vec<u32>) {
        let row = u64::from(row);
        let empty = !row & self.cells();
        for c in 0..self.width {
            let piece = 1u64 << c;
            if row & piece == 0 {
                continue;
            }
            // The first empty cell right of the piece: the next cell, or
            // the one after the run of pieces it jumps.
            let empty_right = empty & !((piece << 1) - 1);
            if empty_right != 0 {
                let landing = empty_right & empty_right.wrapping_neg();
                // The result keeps within `width` bits, so it fits a u32.
                out.push((row & !piece | landing) as u32);
            }
        }
    }
}

/// Answers the `T` test cases of the input.
pub fn solve(input: &str) -> Result<String, String> {
    let mut solver = Solver::new(Row::new(WIDTH), Limits::default().solver_config());
    counted_cases(input, "the number of test cases T", |input| {
        let rows = input.number("the number of rows n")?;
        let mut total = Nimber::ZERO;
        for _ in 0..rows {
            let row = read_row(input)?;
            total += solver.value(&row).map_err(engine)?;
        }
        Ok(winner(total, "YES", "NO").into())
    })
}

/// Reads one row, `m p1 ... pm`, as a mask.
fn read_row(input: &mut Input) -> Result<u32, String> {
    let pieces = input.number_in("the number of pieces m in a row", 0..=u64::from(WIDTH))?;
    let mut row = 0u32;
    for _ in 0..pieces {
        let column = input.number_in("a column", 1..=u64::from(WIDTH))?;
        let bit = 1u32 << (column - 1);
        if row & bit != 0 {
            return Err(format!(
                "line {}: column {column} holds two pieces of the same row",
                input.line()
            ));
        }
        row |= bit;
    }
    Ok(row)
}
