//! Boards as people write them: sizes `5x8`, cell names `b3`, and board
//! files of `.` (free) and `#` (blocked).
//!
//! Cells are named as in a spreadsheet: the column as letters (`a` to `z`,
//! then `aa`, `ab`, ...) and the row as a number from 1 at the top, so
//! `b3` is the second cell of the third row.

use super::grid::{MAX_CELLS, Region};
use crate::error::{Error, Result};

/// Reads a board size `RxC` (rows by columns), refusing an empty board
/// and one of more than [`MAX_CELLS`] cells (the bitboard's width).
pub fn parse_size(text: &str, example: &str) -> Result<(u8, u8)> {
    let (r, c) = parse_any_size(text, example)?;
    if r.saturating_mul(c) > MAX_CELLS as u64 {
        return Err(Error::invalid(format!(
            "a {text} board has {} cells; boards are searched as 128-bit bitboards, so at most {MAX_CELLS} cells",
            r.saturating_mul(c)
        )));
    }
    Ok((r as u8, c as u8))
}

/// Reads a size `RxC` of at least one row and one column, with no bound;
/// `example` shows a term with a size in messages (`cram(4x5)`).
pub fn parse_any_size(text: &str, example: &str) -> Result<(u64, u64)> {
    let bad = || {
        Error::invalid(format!(
            "expected a board size ROWSxCOLUMNS such as {example}, found `{text}`"
        ))
    };
    let (r, c) = text.split_once('x').ok_or_else(bad)?;
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit()) && !s.is_empty();
    if !digits(r) || !digits(c) {
        return Err(bad());
    }
    let (Ok(r), Ok(c)) = (r.parse::<u64>(), c.parse::<u64>()) else {
        return Err(bad());
    };
    if r == 0 || c == 0 {
        return Err(Error::invalid(format!(
            "a board needs at least one row and one column, found {text}"
        )));
    }
    Ok((r, c))
}

/// The name of the cell in row `r` and column `c` (both from 0).
pub fn cell_name(r: u32, c: u32) -> String {
    let mut letters = Vec::new();
    let mut n = c + 1;
    while n > 0 {
        letters.push(b'a' + ((n - 1) % 26) as u8);
        n = (n - 1) / 26;
    }
    letters.reverse();
    format!("{}{}", String::from_utf8(letters).expect("ASCII"), r + 1)
}

/// The cell (row, column, from 0) a name such as `b3` stands for, checked
/// against an `h × w` board.
pub fn parse_cell(name: &str, h: u8, w: u8) -> Result<(u32, u32)> {
    let bad = || {
        Error::invalid(format!(
            "expected a cell such as a1 or c4 (column letter, row number), found `{name}`"
        ))
    };
    let split = name.find(|ch: char| ch.is_ascii_digit()).ok_or_else(bad)?;
    let (letters, digits) = name.split_at(split);
    if letters.is_empty()
        || !letters.bytes().all(|b| b.is_ascii_lowercase())
        || !digits.bytes().all(|b| b.is_ascii_digit())
        || digits.starts_with('0')
        || letters.len() > 3
    {
        return Err(bad());
    }
    let column = letters
        .bytes()
        .fold(0u32, |acc, b| acc * 26 + (b - b'a') as u32 + 1)
        - 1;
    let row = digits.parse::<u32>().map_err(|_| bad())? - 1;
    if row >= h as u32 || column >= w as u32 {
        return Err(Error::invalid(format!(
            "cell {name} is off the {h}x{w} board (columns a to {}, rows 1 to {h})",
            cell_name(0, w as u32 - 1).trim_end_matches('1')
        )));
    }
    Ok((row, column))
}

/// Reads a board file: one line per row, `.` a free cell and `#` a
/// blocked one; shorter lines are blocked to the right, a `%` starts a
/// comment, and blank lines at the ends are ignored. `path` names the file
/// in errors.
pub fn parse_board(text: &str, path: &str) -> Result<Region> {
    let mut rows: Vec<(usize, Vec<bool>)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('%').next().unwrap_or("").trim_end();
        let mut row = Vec::new();
        for (col, ch) in line.chars().enumerate() {
            match ch {
                '.' => row.push(true),
                '#' => row.push(false),
                other => {
                    return Err(Error::parse_line(
                        path,
                        i + 1,
                        format!(
                            "unexpected '{other}' in column {}: a board has '.' (free) and '#' (blocked)",
                            col + 1
                        ),
                    ));
                }
            }
        }
        rows.push((i + 1, row));
    }
    while rows.last().is_some_and(|(_, r)| r.is_empty()) {
        rows.pop();
    }
    let first = rows
        .iter()
        .position(|(_, r)| !r.is_empty())
        .unwrap_or(rows.len());
    rows.drain(..first);
    let h = rows.len();
    let w = rows.iter().map(|(_, r)| r.len()).max().unwrap_or(0);
    if h == 0 {
        return Err(Error::parse_line(
            path,
            1,
            "no board: expected rows of '.' (free) and '#' (blocked)",
        ));
    }
    if h * w > MAX_CELLS {
        return Err(Error::parse_line(
            path,
            rows[0].0,
            format!(
                "the board is {h}x{w} = {} cells; boards are searched as 128-bit bitboards, so at most {MAX_CELLS}",
                h * w
            ),
        ));
    }
    let mut bits = 0u128;
    for (r, (_, row)) in rows.iter().enumerate() {
        for (c, &free) in row.iter().enumerate() {
            if free {
                bits |= 1 << (r * w + c);
            }
        }
    }
    Ok(Region::new(h as u8, w as u8, bits))
}

/// A board for people: one line per row, `.` free and `#` taken or blocked.
pub fn draw(region: &Region) -> String {
    let w = region.w as u32;
    let mut s = String::new();
    for r in 0..region.h as u32 {
        if r > 0 {
            s.push('\n');
        }
        for c in 0..w {
            s.push(if region.bits >> (r * w + c) & 1 == 1 {
                '.'
            } else {
                '#'
            });
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_round_trip() {
        for (r, c) in [(0, 0), (2, 1), (9, 25), (0, 26), (3, 27), (0, 127)] {
            assert_eq!(parse_cell(&cell_name(r, c), 10, 128).unwrap(), (r, c));
        }
        assert_eq!(cell_name(2, 1), "b3");
        assert_eq!(cell_name(0, 26), "aa1");
        assert!(
            parse_cell("c1", 2, 2)
                .unwrap_err()
                .to_string()
                .contains("off the 2x2 board")
        );
        assert!(parse_cell("a0", 2, 2).is_err());
        assert!(parse_cell("A1", 2, 2).is_err());
    }

    #[test]
    fn sizes_and_files_are_checked() {
        assert_eq!(parse_size("5x8", "cram(4x5)").unwrap(), (5, 8));
        assert!(
            parse_size("12x12", "cram(4x5)")
                .unwrap_err()
                .to_string()
                .contains("at most 128")
        );
        assert!(parse_size("0x3", "cram(4x5)").is_err());
        assert!(parse_size("5by8", "cram(4x5)").is_err());
        let b = parse_board("..#\n...\n\n", "b.txt").unwrap();
        assert_eq!((b.h, b.w, b.len()), (2, 3, 5));
        assert!(
            parse_board("..x\n", "b.txt")
                .unwrap_err()
                .to_string()
                .contains("b.txt:1:")
        );
        assert!(parse_board("\n\n", "b.txt").is_err());
    }
}
