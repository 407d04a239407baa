//! HDU 1536, *S-Nim* (<http://acm.hdu.edu.cn/showproblem.php?pid=1536>;
//! also POJ 2960, from the Norwegian championship 2004).
//!
//! Nim in which a turn may remove only an amount that belongs to a given
//! set `S`; the player who cannot move loses. **Input:** test cases, each
//! a line `k s1 ... sk` giving `S` (0 < k ≤ 100, 0 < si ≤ 10000), a line
//! `m` (0 < m ≤ 100), and `m` positions, each a line `l h1 ... hl` of heap
//! sizes (0 < l ≤ 100, 0 ≤ hi ≤ 10000); a lone `0` ends the input.
//! **Output:** for each test case one line with a letter per position, `W`
//! for a winning position (for the player to move) and `L` for a losing
//! one.
//!
//! **Theory:** each heap is the subtraction game of `S`; a position is a
//! sum, so its value is the nim-sum of its heaps' values. A test case fills
//! one table `G(0..=H)` of its set with [`grundy::heap::fill_table`], `H`
//! being its largest heap, and reads every heap from it.
//!
//! Elements of `S` and heap sizes are limited to the problem's 10000: they
//! set the size and cost of the table.
//!
//! ```
//! let input = "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n";
//! assert_eq!(grundy_cookbook::hdu1536::solve(input).unwrap(), "LWW\n");
//! ```

use grundy::heap::fill_table;
use grundy::heap::subtraction::{Subtraction, SubtractionSet};
use grundy::{Limits, Nimber};

use crate::engine;
use crate::input::cases_to_end;

/// The largest element of `S` and the largest heap the problem allows.
pub const MAX_NUMBER: u64 = 10_000;

/// Answers every test case up to the closing `0` (or the end of the input).
pub fn solve(input: &str) -> Result<String, String> {
    let limits = Limits::default();
    cases_to_end(input, |input| {
        let size = input.number("the size k of the set S")?;
        if size == 0 {
            input.finish("the closing 0")?;
            return Ok(None);
        }
        let mut set = input.numbers_in(size, "an element of S", 1..=MAX_NUMBER)?;
        set.sort_unstable();
        set.dedup();
        let game = Subtraction::new(SubtractionSet::Finite(set));

        let count = input.number("the number of positions m")?;
        let mut positions = Vec::new();
        for _ in 0..count {
            let heaps = input.number("the number of heaps l")?;
            positions.push(input.numbers_in(heaps, "a heap size", 0..=MAX_NUMBER)?);
        }

        let largest = positions.iter().flatten().copied().max().unwrap_or(0);
        let mut table = Vec::new();
        fill_table(&game, &mut table, largest, &limits).map_err(engine)?;
        let letters: String = positions
            .iter()
            .map(|heaps| {
                let value: Nimber = heaps.iter().map(|&h| table[h as usize]).sum();
                if value.is_zero() { 'L' } else { 'W' }
            })
            .collect();
        Ok(Some(letters))
    })
}
