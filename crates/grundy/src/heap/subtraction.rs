//! Subtraction games: remove `s` tokens from a heap, for `s` in a set.
//!
//! Finite sets `sub{1,3,4}` and ranges `sub{1..3}` (the Bash game), the
//! infinite sets `sub{fib}`, `sub{squares}`, `sub{pow2}`, and all-but sets
//! `allbut{2,3,7}` (remove any number except those listed).

use std::fmt::Write as _;

use super::HeapGame;
use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::nimber::Nimber;

/// The set of amounts a move may remove.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubtractionSet {
    /// A finite set, sorted, without duplicates, all positive.
    Finite(Vec<u64>),
    /// The Fibonacci numbers 1, 2, 3, 5, 8, ...
    Fibonacci,
    /// The squares 1, 4, 9, ...
    Squares,
    /// The powers of two 1, 2, 4, 8, ...
    PowersOfTwo,
}

/// The most elements a finite set written with ranges may have.
pub const MAX_SET_SIZE: u64 = 1 << 20;

impl SubtractionSet {
    /// Parses the text between the braces of `sub{...}`. `column` is the
    /// 1-based column of that text within `input`, for error positions.
    ///
    /// ```
    /// use grundy::heap::subtraction::SubtractionSet;
    /// let s = SubtractionSet::parse(" 4, 1..3 ", "sub{ 4, 1..3 }", 5).unwrap();
    /// assert_eq!(s, SubtractionSet::Finite(vec![1, 2, 3, 4]));
    /// assert_eq!(s.to_string(), "1..4");
    /// ```
    pub fn parse(text: &str, input: &str, column: usize) -> Result<SubtractionSet> {
        let trimmed = text.trim();
        match trimmed {
            "fib" | "fibonacci" => return Ok(SubtractionSet::Fibonacci),
            "squares" => return Ok(SubtractionSet::Squares),
            "pow2" => return Ok(SubtractionSet::PowersOfTwo),
            "" => {
                return Err(Error::parse(
                    input,
                    column,
                    "empty set: expected numbers such as {1,3,4}, a range {1..3}, or fib, squares, pow2",
                ));
            }
            _ => {}
        }
        let mut set = parse_numbers(text, input, column, "subtraction")?;
        set.sort_unstable();
        set.dedup();
        Ok(SubtractionSet::Finite(set))
    }

    /// How many elements are at most `n`, without listing them.
    pub fn count_up_to(&self, n: u64) -> u64 {
        match self {
            SubtractionSet::Finite(set) => set.partition_point(|&s| s <= n) as u64,
            // The Fibonacci numbers above grow by at least 3/2 each, so
            // fewer than 110 steps reach any u64.
            SubtractionSet::Fibonacci => {
                let mut count = 0;
                self.for_each_up_to(n, |_| count += 1);
                count
            }
            SubtractionSet::Squares => n.isqrt(),
            SubtractionSet::PowersOfTwo => match n {
                0 => 0,
                _ => u64::from(n.ilog2()) + 1,
            },
        }
    }

    /// Calls `f` with each element not above `n`, in increasing order.
    pub fn for_each_up_to(&self, n: u64, mut f: impl FnMut(u64)) {
        match self {
            SubtractionSet::Finite(set) => set.iter().take_while(|&&s| s <= n).for_each(|&s| f(s)),
            SubtractionSet::Fibonacci => {
                let (mut a, mut b) = (1u64, 2u64);
                while a <= n {
                    f(a);
                    (a, b) = (b, a.saturating_add(b));
                }
            }
            SubtractionSet::Squares => {
                let mut k = 1u64;
                while k.saturating_mul(k) <= n {
                    f(k * k);
                    k += 1;
                }
            }
            SubtractionSet::PowersOfTwo => {
                let mut p = 1u64;
                while p <= n {
                    f(p);
                    match p.checked_mul(2) {
                        Some(q) => p = q,
                        None => break,
                    }
                }
            }
        }
    }
}

/// Parses comma-separated positive numbers and ranges `a..b`.
pub(crate) fn parse_numbers(
    text: &str,
    input: &str,
    column: usize,
    what: &str,
) -> Result<Vec<u64>> {
    let mut out = Vec::new();
    let mut offset = 0;
    for item in text.split(',') {
        let lead = item.len() - item.trim_start().len();
        let at = column + text[..offset].chars().count() + item[..lead].chars().count();
        offset += item.len() + 1;
        let item = item.trim();
        let number = |s: &str, at: usize| -> Result<u64> {
            match s.trim().parse::<u64>() {
                Ok(0) => Err(Error::parse(
                    input,
                    at,
                    format!("a {what} set holds positive numbers, found 0"),
                )),
                Ok(v) => Ok(v),
                Err(_) if s.trim().is_empty() => Err(Error::parse(input, at, "expected a number")),
                Err(_) => Err(Error::parse(
                    input,
                    at,
                    format!(
                        "expected a positive number or a range a..b, found `{}`",
                        s.trim()
                    ),
                )),
            }
        };
        match item.split_once("..") {
            Some((lo, hi)) => {
                let (lo_v, hi_v) = (number(lo, at)?, number(hi, at + lo.len() + 2)?);
                if lo_v > hi_v {
                    return Err(Error::parse(
                        input,
                        at,
                        format!("empty range {lo_v}..{hi_v}"),
                    ));
                }
                if hi_v - lo_v >= MAX_SET_SIZE || out.len() as u64 + (hi_v - lo_v) >= MAX_SET_SIZE {
                    return Err(Error::parse(
                        input,
                        at,
                        format!("set too large (at most {MAX_SET_SIZE} elements)"),
                    ));
                }
                out.extend(lo_v..=hi_v);
            }
            None => out.push(number(item, at)?),
        }
    }
    Ok(out)
}

/// Writes a sorted set canonically: runs of three or more as ranges.
pub(crate) fn write_numbers(set: &[u64]) -> String {
    let mut s = String::new();
    let mut i = 0;
    while i < set.len() {
        let mut j = i;
        while j + 1 < set.len() && set[j + 1] == set[j] + 1 {
            j += 1;
        }
        if !s.is_empty() {
            s.push(',');
        }
        if j >= i + 2 {
            write!(s, "{}..{}", set[i], set[j]).expect("writing to a String cannot fail");
            i = j + 1;
        } else {
            write!(s, "{}", set[i]).expect("writing to a String cannot fail");
            i += 1;
        }
    }
    s
}

impl std::fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SubtractionSet::Finite(set) => f.write_str(&write_numbers(set)),
            SubtractionSet::Fibonacci => f.write_str("fib"),
            SubtractionSet::Squares => f.write_str("squares"),
            SubtractionSet::PowersOfTwo => f.write_str("pow2"),
        }
    }
}

/// The subtraction game of a set.
#[derive(Clone, Debug)]
pub struct Subtraction {
    set: SubtractionSet,
}

impl Subtraction {
    /// The game of `set`.
    pub fn new(set: SubtractionSet) -> Subtraction {
        Subtraction { set }
    }

    /// The set.
    pub fn set(&self) -> &SubtractionSet {
        &self.set
    }
}

impl HeapGame for Subtraction {
    fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        self.set.for_each_up_to(n, |s| visit(&[n - s]));
    }

    fn option_count(&self, n: u64) -> Option<u64> {
        Some(self.set.count_up_to(n))
    }

    fn closed_form(&self, n: u64) -> Option<Nimber> {
        match &self.set {
            // The Bash game: with {1..k}, multiples of k+1 are the P-positions
            // and G(n) = n mod (k+1).
            SubtractionSet::Finite(set)
                if set.first() == Some(&1) && set.last() == Some(&(set.len() as u64)) =>
            {
                Some(Nimber(n % (set.len() as u64 + 1)))
            }
            // No power of two is a multiple of 3 and 1, 2 are in the set, so
            // G(n) = n mod 3 (the classic exercise HDU 1847).
            SubtractionSet::PowersOfTwo => Some(Nimber(n % 3)),
            _ => None,
        }
    }

    fn window(&self) -> Option<u64> {
        match &self.set {
            SubtractionSet::Finite(set) => set.last().copied(),
            _ => None,
        }
    }
}

/// The all-but subtraction game: remove any positive number of tokens
/// except the listed ones. Its values grow without bound; they are
/// arithmetic-periodic (see `docs/PERIODS.md`).
#[derive(Clone, Debug)]
pub struct AllBut {
    excluded: Vec<u64>,
}

impl AllBut {
    /// The game excluding `excluded` (sorted, deduplicated here).
    pub fn new(mut excluded: Vec<u64>) -> AllBut {
        excluded.sort_unstable();
        excluded.dedup();
        AllBut { excluded }
    }

    /// The excluded amounts.
    pub fn excluded(&self) -> &[u64] {
        &self.excluded
    }
}

impl HeapGame for AllBut {
    fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for k in 1..=n {
            if self.excluded.binary_search(&k).is_err() {
                visit(&[n - k]);
            }
        }
    }

    fn arithmetic(&self) -> bool {
        true
    }

    fn option_count(&self, n: u64) -> Option<u64> {
        let excluded = self.excluded.partition_point(|&e| e <= n) as u64;
        Some(n - excluded)
    }

    /// The options of `n` are all smaller heaps but a few, so the mex is
    /// found from counts: `count[v]` heaps below `n` have value `v`; the
    /// excluded heaps lower some counts, and the mex is the smallest value
    /// whose count is then zero. `O(|excluded|)` a heap instead of `O(n)`.
    fn fill(&self, table: &mut Vec<Nimber>, to: u64, limits: &Limits) -> Result<()> {
        let mut count: Vec<u32> = Vec::new();
        let bump = |count: &mut Vec<u32>, v: u64| {
            let v = v as usize;
            if count.len() <= v {
                count.resize(v + 1, 0);
            }
            count[v] += 1;
        };
        for &v in table.iter() {
            bump(&mut count, v.0);
        }
        let mut global_mex = count.iter().position(|&c| c == 0).unwrap_or(count.len()) as u64;
        let mut lowered: Vec<(u64, u32)> = Vec::with_capacity(self.excluded.len());
        while (table.len() as u64) <= to {
            let n = table.len() as u64;
            if n.is_multiple_of(65_536) {
                limits.check_stop()?;
            }
            lowered.clear();
            for &e in self.excluded.iter().take_while(|&&e| e <= n) {
                let v = table[(n - e) as usize].0;
                match lowered.iter_mut().find(|(w, _)| *w == v) {
                    Some((_, c)) => *c += 1,
                    None => lowered.push((v, 1)),
                }
            }
            let mut mex = global_mex;
            for &(v, c) in &lowered {
                if v < mex && count[v as usize] == c {
                    mex = v;
                }
            }
            table.push(Nimber(mex));
            bump(&mut count, mex);
            while (global_mex as usize) < count.len() && count[global_mex as usize] > 0 {
                global_mex += 1;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::fill_table;

    fn set(text: &str) -> Result<SubtractionSet> {
        let input = format!("sub{{{text}}}");
        SubtractionSet::parse(text, &input, 5)
    }

    #[test]
    fn parses_and_prints_canonically() {
        assert_eq!(set("4,1,3").unwrap().to_string(), "1,3,4");
        assert_eq!(set("1..3").unwrap().to_string(), "1..3");
        assert_eq!(set("1,2,3,5,6,9").unwrap().to_string(), "1..3,5,6,9");
        assert_eq!(set(" fib ").unwrap(), SubtractionSet::Fibonacci);
    }

    #[test]
    fn bad_sets_name_the_column() {
        assert!(set("").unwrap_err().to_string().contains("empty set"));
        assert!(
            set("1,0")
                .unwrap_err()
                .to_string()
                .contains("found 0 at column 7")
        );
        assert!(
            set("1,x")
                .unwrap_err()
                .to_string()
                .contains("found `x` at column 7")
        );
        assert!(set("3..1").unwrap_err().to_string().contains("empty range"));
        assert!(
            set("1..99999999999")
                .unwrap_err()
                .to_string()
                .contains("too large")
        );
        assert!(
            set("1,,2")
                .unwrap_err()
                .to_string()
                .contains("expected a number")
        );
    }

    #[test]
    fn infinite_sets_enumerate_in_order() {
        let mut v = Vec::new();
        SubtractionSet::Fibonacci.for_each_up_to(20, |s| v.push(s));
        assert_eq!(v, [1, 2, 3, 5, 8, 13]);
        v.clear();
        SubtractionSet::Squares.for_each_up_to(20, |s| v.push(s));
        assert_eq!(v, [1, 4, 9, 16]);
        v.clear();
        SubtractionSet::PowersOfTwo.for_each_up_to(20, |s| v.push(s));
        assert_eq!(v, [1, 2, 4, 8, 16]);
    }

    #[test]
    fn allbut_counting_fill_matches_the_definition() {
        for excluded in [vec![2, 3, 7], vec![1], vec![1, 2, 4], vec![5, 6], vec![3]] {
            let game = AllBut::new(excluded.clone());
            let mut fast = Vec::new();
            game.fill(&mut fast, 300, &Limits::default()).unwrap();
            let mut plain = Vec::new();
            fill_table(&game, &mut plain, 300, &Limits::default()).unwrap();
            assert_eq!(fast, plain, "allbut{excluded:?}");
        }
    }
}
