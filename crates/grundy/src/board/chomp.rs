//! Chomp: a bite takes a cell of the chocolate bar and every cell below
//! and to the right of it; whoever must take the poisoned top-left cell
//! loses. Played as normal play, the poisoned cell may not be bitten, and
//! the player left with only it cannot move.
//!
//! A position is a Young diagram: row lengths `l0 ≥ l1 ≥ ...`. A bite
//! never splits the bar, so there is nothing to divide and conquer; what
//! makes Chomp fast is that the diagrams inside an `R × C` bar can be
//! numbered densely. Reading the row lengths from the bottom row up gives a
//! multiset of `R` numbers in `0..=C`, and its rank in colexicographic
//! order, `Σ C(a_k + k - 1, k)` (the combinatorial number system), is a sum
//! of one term per row, so
//!
//! - every value fits an array of `C(R + C, R)` entries with no keys;
//! - a bite only shrinks rows, so an option has a smaller rank, and one
//!   pass in rank order finds every value from values already found;
//! - the rank of an option differs from the rank of the position by a sum
//!   over the bitten rows, kept up to date as the bite moves up a column,
//!   so each option costs one addition and one lookup.

use crate::error::{Error, LimitKind, Result};
use crate::limits::{Limits, Progress};
use crate::nimber::Nimber;

/// Options looked at between two looks at the stop flag and the clock.
const CHECK_EVERY: usize = 1 << 22;

/// The value of every diagram inside an `R × C` bar.
pub struct ChompTable {
    rows: usize,
    cols: usize,
    /// `terms[r * (cols + 1) + x]`: what row `r` of length `x` adds to a rank.
    terms: Vec<u64>,
    values: Vec<u16>,
}

/// `C(n, k)`, saturating at `u64::MAX`.
fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut acc: u128 = 1;
    for i in 0..k {
        acc = acc * (n - i) as u128 / (i + 1) as u128;
        if acc > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    acc as u64
}

impl ChompTable {
    /// The number of diagrams inside an `rows × cols` bar (with empty rows),
    /// saturating.
    pub fn diagrams(rows: usize, cols: usize) -> u64 {
        binomial((rows + cols) as u64, rows as u64)
    }

    /// Computes the table of an `rows × cols` bar within `limits`: its
    /// two bytes a diagram must fit in `--max-memory`.
    pub fn build(rows: usize, cols: usize, limits: &Limits) -> Result<ChompTable> {
        let count = ChompTable::diagrams(rows, cols);
        limits.check_memory(count.saturating_mul(2))?;
        let count = usize::try_from(count)
            .map_err(|_| Error::limit(LimitKind::Memory, limits.bounds.max_memory))?;
        if rows * cols > u16::MAX as usize {
            return Err(Error::invalid(format!(
                "chomp({rows}x{cols}) has more than {} cells",
                u16::MAX
            )));
        }
        let mut terms = vec![0u64; rows * (cols + 1)];
        for r in 0..rows {
            // Row r is element k = rows - r of the ascending multiset.
            let k = (rows - r) as u64;
            for x in 0..=cols {
                terms[r * (cols + 1) + x] = binomial(x as u64 + k - 1, k);
            }
        }
        let mut table = ChompTable {
            rows,
            cols,
            terms,
            values: vec![0; count],
        };
        table.fill(limits)?;
        Ok(table)
    }

    /// The rows and columns of the bar.
    pub fn size(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    fn term(&self, r: usize, x: usize) -> u64 {
        self.terms[r * (self.cols + 1) + x]
    }

    /// The rank of a diagram, given as row lengths from the top.
    fn rank(&self, lengths: &[usize]) -> usize {
        lengths
            .iter()
            .enumerate()
            .map(|(r, &x)| self.term(r, x))
            .sum::<u64>() as usize
    }

    /// Whether a diagram lies inside the bar.
    pub fn holds(&self, lengths: &[usize]) -> bool {
        lengths.len() <= self.rows && lengths.iter().all(|&x| x <= self.cols)
    }

    /// The value of a diagram inside the bar (row lengths from the top,
    /// non-increasing, the first at least 1).
    pub fn value(&self, lengths: &[usize]) -> Nimber {
        debug_assert!(self.holds(lengths));
        Nimber(self.values[self.rank(lengths)] as u64)
    }

    /// One pass over every diagram in rank order.
    fn fill(&mut self, limits: &Limits) -> Result<()> {
        let (rows, cols) = (self.rows, self.cols);
        let started = std::time::Instant::now();
        let mut last_report = started;
        // The current diagram, row lengths from the top.
        let mut lengths = vec![0usize; rows];
        let mut seen = vec![0u32; rows * cols + 1];
        let mut stamp = 0u32;
        let total = self.values.len();
        // Options looked at since the last look at the clock: counted, not
        // ranks, since a diagram of a long bar has thousands of options.
        let mut work = 0usize;
        for rank in 0..total {
            if work >= CHECK_EVERY {
                work = 0;
                limits.check_stop()?;
                if let Some(report) = &limits.run.progress
                    && last_report.elapsed().as_secs() >= 1
                {
                    last_report = std::time::Instant::now();
                    report(&Progress {
                        done: rank as u64,
                        target: total as u64,
                        detail: format!(
                            "chomp {rows}x{cols}: {rank} of {total} diagrams, {:.0?}",
                            started.elapsed()
                        ),
                    });
                }
            }
            if lengths[0] > 0 {
                stamp = stamp.wrapping_add(1);
                if stamp == 0 {
                    seen.fill(0);
                    stamp = 1;
                }
                // Bites in column c take from every row longer than c; the
                // rows longer than c are a prefix 0..longer of the diagram.
                let mut longer = rows;
                for c in 0..lengths[0] {
                    while longer > 0 && lengths[longer - 1] <= c {
                        longer -= 1;
                    }
                    let mut shrink = 0u64;
                    for r in (0..longer).rev() {
                        shrink += self.term(r, lengths[r]) - self.term(r, c);
                        if r == 0 && c == 0 {
                            break; // the poisoned cell
                        }
                        let v = self.values[rank - shrink as usize];
                        seen[v as usize] = stamp;
                        work += 1;
                    }
                }
                let mut mex = 0;
                while seen[mex] == stamp {
                    mex += 1;
                }
                self.values[rank] = mex as u16;
            }
            next_diagram(&mut lengths, cols);
        }
        Ok(())
    }
}

/// Steps `lengths` to the diagram of the next rank: the lowest row that
/// can grow (staying no longer than the row above) grows by one, and every
/// row below it empties.
fn next_diagram(lengths: &mut [usize], cols: usize) {
    for r in (0..lengths.len()).rev() {
        let limit = if r == 0 { cols } else { lengths[r - 1] };
        if lengths[r] < limit {
            lengths[r] += 1;
            for x in &mut lengths[r + 1..] {
                *x = 0;
            }
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_follow_the_order_of_the_pass() {
        let t = ChompTable::build(3, 4, &Limits::default()).unwrap();
        let mut lengths = vec![0; 3];
        for rank in 0..t.values.len() {
            assert_eq!(t.rank(&lengths), rank, "{lengths:?}");
            next_diagram(&mut lengths, 4);
        }
    }

    #[test]
    fn one_row_is_a_nim_heap() {
        let t = ChompTable::build(1, 9, &Limits::default()).unwrap();
        for n in 1..=9 {
            assert_eq!(t.value(&[n]), Nimber(n as u64 - 1));
        }
    }
}
