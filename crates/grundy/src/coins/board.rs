//! Positions of coin-turning games: rows of `H` (heads) and `T` (tails).

use std::fmt::Write;

use super::Cell;
use crate::error::{Error, Result};
use crate::family::Arg;

/// A rectangle of coins, stored row by row; one-row games use one row.
///
/// In expressions a row is a word such as `THTTH`, and a board is its rows
/// as separate arguments: `corners(TTT,THT,TTH)`, the first row being row 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Coins {
    width: usize,
    /// `true` for heads, row-major.
    heads: Vec<bool>,
}

impl Coins {
    /// A single row, from `H`/`T` text.
    ///
    /// ```
    /// use grundy::coins::Coins;
    /// let row = Coins::row("THTTH").unwrap();
    /// assert_eq!(row.heads().collect::<Vec<_>>(), [(1, 0), (4, 0)]);
    /// assert!(Coins::row("THX").is_err());
    /// ```
    pub fn row(text: &str) -> Result<Coins> {
        Coins::from_args(&[Arg::Word(text.to_string())], "coins", false)
    }

    /// Reads a position from a term's arguments: one word for a row game,
    /// one word per row for a board (`rows`); no arguments is no coins.
    /// `family` names the game in messages.
    pub fn from_args(args: &[Arg], family: &str, rows: bool) -> Result<Coins> {
        if !rows && args.len() > 1 {
            return Err(Error::invalid(format!(
                "{family} takes one row of coins, as {family}(THTTH); found {} arguments",
                args.len()
            )));
        }
        let mut width = None;
        let mut heads = Vec::new();
        for (r, arg) in args.iter().enumerate() {
            let Arg::Word(word) = arg else {
                return Err(Error::invalid(format!(
                    "expected a row of coins such as THTTH (H heads, T tails), found {arg}"
                )));
            };
            read_row(word, &mut heads)?;
            let len = word.chars().count();
            match width {
                None => width = Some(len),
                Some(w) if w != len => {
                    return Err(Error::invalid(format!(
                        "row {} has {len} coins but row 1 has {w}: a board is a rectangle",
                        r + 1
                    )));
                }
                Some(_) => {}
            }
        }
        Ok(Coins {
            width: width.unwrap_or(0),
            heads,
        })
    }

    /// The number of coins in a row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.heads.len().checked_div(self.width).unwrap_or(0)
    }

    /// Whether the coin at `(x, y)` shows heads.
    pub fn is_heads(&self, (x, y): Cell) -> bool {
        self.heads[y * self.width + x]
    }

    /// The cells showing heads, row by row.
    pub fn heads(&self) -> impl Iterator<Item = Cell> + '_ {
        let width = self.width;
        self.heads
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h)
            .map(move |(i, _)| (i % width, i / width))
    }

    /// The position after turning `cell` (a head) and `others` over.
    pub fn turned(&self, cell: Cell, others: &[Cell]) -> Coins {
        debug_assert!(self.is_heads(cell), "the last coin turned must show heads");
        let mut next = self.clone();
        for &(x, y) in others.iter().chain([&cell]) {
            let coin = &mut next.heads[y * self.width + x];
            *coin = !*coin;
        }
        next
    }

    /// The rows as words, for an expression's arguments.
    pub fn to_args(&self) -> Vec<Arg> {
        self.rows()
            .map(|row| Arg::Word(row.iter().map(|&h| if h { 'H' } else { 'T' }).collect()))
            .collect()
    }

    fn rows(&self) -> impl Iterator<Item = &[bool]> {
        self.heads.chunks(self.width.max(1))
    }

    /// The coins for people. A row: `H`/`T` under the coin numbers (from
    /// 1). A `board` (Turning Corners): rows and columns numbered from 0.
    ///
    /// ```
    /// use grundy::coins::Coins;
    /// assert_eq!(Coins::row("THTTH").unwrap().draw(false), "1 2 3 4 5\nT H T T H");
    /// ```
    pub fn draw(&self, board: bool) -> String {
        let first = usize::from(!board);
        let cell = (self.width + first).saturating_sub(1).to_string().len();
        let margin = if board {
            self.height().saturating_sub(1).to_string().len() + 1
        } else {
            0
        };
        let mut s = format!("{:margin$}", "");
        let numbers: Vec<String> = (0..self.width)
            .map(|x| format!("{:>cell$}", x + first))
            .collect();
        s.push_str(&numbers.join(" "));
        for (y, row) in self.rows().enumerate() {
            s.push('\n');
            if board {
                write!(s, "{y:>w$} ", w = margin - 1).expect("writing to a String cannot fail");
            }
            let coins: Vec<String> = row
                .iter()
                .map(|&h| format!("{:>cell$}", if h { 'H' } else { 'T' }))
                .collect();
            s.push_str(&coins.join(" "));
        }
        s
    }
}

/// Appends a row's coins; a letter other than `H` or `T` is an error at its
/// column within the word (the expression parser places it in the input).
fn read_row(word: &str, heads: &mut Vec<bool>) -> Result<()> {
    for (i, c) in word.chars().enumerate() {
        match c {
            'H' => heads.push(true),
            'T' => heads.push(false),
            _ => {
                return Err(Error::parse(
                    word,
                    i + 1,
                    format!("expected a coin, H (heads) or T (tails), found '{c}'"),
                ));
            }
        }
    }
    Ok(())
}
