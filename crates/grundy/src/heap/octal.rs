//! Take-and-break games given by a code: octal games (Kayles `0.77`,
//! Dawson's Kayles `0.07`, ...), hexadecimal games, and the unequal-split
//! rule of Grundy's game.
//!
//! A code `d0.d1d2d3...` says, for each `i`, what a move that removes `i`
//! tokens from a heap may leave: digit `di` is a sum of
//! - 1: nothing (the heap had exactly `i` tokens),
//! - 2: one non-empty heap,
//! - 4: two non-empty heaps,
//! - 8: three non-empty heaps (hexadecimal codes only).
//!
//! A `!` after a digit requires the heaps it leaves to have different sizes
//! (Grundy's game, "split a heap into two unequal heaps", is `4!.0`). `d0`
//! removes nothing, so it may only split: it is 0, 4, 8 or 12.
//! (Winning Ways, ch. 4; Guy and Smith, "The G-values of various games",
//! 1956.)

use std::fmt;
use std::ops::ControlFlow;

use super::HeapGame;
use crate::error::{Error, Result};
use crate::period::Proof;

/// The longest code accepted (digits after the point): the engines store
/// a removal in 32 bits. Long codes are legitimate (a paint strip of HDU
/// 3980 removes up to its whole length); each digit costs the engines one
/// entry in a list of removals, so nothing else bounds the length.
pub const MAX_DIGITS: usize = u32::MAX as usize;

/// What removing `i` tokens may leave: one digit of a code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Digit {
    /// Bit `k` set: the move may leave exactly `k` non-empty heaps.
    pub bits: u8,
    /// Heaps left must have pairwise different sizes.
    pub unequal: bool,
}

impl Digit {
    /// Whether the move may leave nothing.
    pub fn leave_none(self) -> bool {
        self.bits & 1 != 0
    }
    /// Whether the move may leave one heap.
    pub fn leave_one(self) -> bool {
        self.bits & 2 != 0
    }
    /// Whether the move may leave two heaps.
    pub fn leave_two(self) -> bool {
        self.bits & 4 != 0
    }
    /// Whether the move may leave three heaps.
    pub fn leave_three(self) -> bool {
        self.bits & 8 != 0
    }
}

/// A take-and-break code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    /// `digits[i]` is what removing `i` tokens may leave; `digits[0]` is
    /// `d0`. Trailing zero digits are dropped (at least `d0` and `d1` stay).
    digits: Vec<Digit>,
    /// Written in hexadecimal (`hex[...]`): digits above 7 allowed.
    hex: bool,
}

impl Code {
    /// Parses a code. `input` and `column` (1-based column of `text` in it)
    /// place errors; `hex` allows hexadecimal digits.
    ///
    /// ```
    /// use grundy::heap::octal::Code;
    /// let kayles = Code::parse("0.77", "0.77", 1, false).unwrap();
    /// assert_eq!(kayles.to_string(), "0.77");
    /// assert_eq!(Code::parse(".070", ".070", 1, false).unwrap().to_string(), "0.07");
    /// assert!(Code::parse("0.8", "0.8", 1, false).is_err());
    /// ```
    pub fn parse(text: &str, input: &str, column: usize, hex: bool) -> Result<Code> {
        let lead = text.len() - text.trim_start().len();
        let column = column + text[..lead].chars().count();
        let text = text.trim();
        let err = |offset: usize, msg: String| Error::parse(input, column + offset, msg);
        let chars: Vec<char> = text.chars().collect();
        let Some(point) = chars.iter().position(|&c| c == '.') else {
            return Err(err(
                0,
                format!("expected a code such as 0.77, found `{text}`"),
            ));
        };
        if let Some(second) = chars[point + 1..].iter().position(|&c| c == '.') {
            return Err(err(point + 1 + second, "a code has one '.'".into()));
        }
        let mut digits = Vec::new();
        let mut i = 0;
        let base = if hex { 16 } else { 8 };
        while i < chars.len() {
            let c = chars[i];
            if c == '.' {
                i += 1;
                continue;
            }
            let Some(value) = c.to_digit(16) else {
                return Err(err(i, format!("expected a digit of the code, found '{c}'")));
            };
            if value >= base {
                let hint = if hex {
                    ""
                } else {
                    "; for hexadecimal codes write hex[...]"
                };
                return Err(err(i, format!("'{c}' is not an octal digit (0-7){hint}")));
            }
            let unequal = chars.get(i + 1) == Some(&'!');
            if unequal && value & 0b1100 == 0 {
                return Err(err(
                    i + 1,
                    format!("'!' needs a digit that splits (4, 8 or more), found '{c}'"),
                ));
            }
            digits.push(Digit {
                bits: value as u8,
                unequal,
            });
            i += if unequal { 2 } else { 1 };
        }
        // Before the point: at most one digit (d0), which may be omitted.
        let before = chars[..point].iter().filter(|&&c| c != '!').count();
        if before > 1 {
            return Err(err(0, "a code has one digit before the '.'".into()));
        }
        if before == 0 {
            digits.insert(0, Digit::default());
        }
        if digits.len() < 2 {
            return Err(err(chars.len(), "expected digits after the '.'".into()));
        }
        if digits.len() - 1 > MAX_DIGITS {
            return Err(err(
                0,
                format!("code too long (at most {MAX_DIGITS} digits)"),
            ));
        }
        if digits[0].bits & 3 != 0 {
            return Err(err(
                0,
                format!(
                    "the first digit removes no tokens, so it may only split a heap (0, 4, 8 or C), found {:X}",
                    digits[0].bits
                ),
            ));
        }
        while digits.len() > 2 && digits.last() == Some(&Digit::default()) {
            digits.pop();
        }
        Ok(Code { digits, hex })
    }

    /// The digits, `d0` first.
    pub fn digits(&self) -> &[Digit] {
        &self.digits
    }

    /// The most tokens a move removes (the index of the last digit).
    pub fn max_take(&self) -> u64 {
        (self.digits.len() - 1) as u64
    }

    /// The most heaps a move may leave.
    pub fn max_heaps(&self) -> u64 {
        let bits = self.digits.iter().fold(0, |acc, d| acc | d.bits);
        match bits {
            b if b & 8 != 0 => 3,
            b if b & 4 != 0 => 2,
            _ => 1,
        }
    }

    /// Whether some digit requires unequal heaps.
    pub fn has_unequal(&self) -> bool {
        self.digits.iter().any(|d| d.unequal)
    }

    /// Whether the code was written in hexadecimal.
    pub fn is_hex(&self) -> bool {
        self.hex
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.digits.iter().enumerate() {
            if i == 1 {
                f.write_str(".")?;
            }
            write!(f, "{:X}", d.bits)?;
            if d.unequal {
                f.write_str("!")?;
            }
        }
        Ok(())
    }
}

/// The rules of a take-and-break code.
#[derive(Clone, Debug)]
pub struct TakeBreak {
    code: Code,
}

impl TakeBreak {
    /// The theorem that proves a period of this code: Guy–Smith, unless a
    /// digit demands unequal heaps. With unequal splits, shifting one heap
    /// by the period can make two heaps equal, and the Guy–Smith argument
    /// no longer applies.
    pub fn guy_smith(&self) -> Option<Proof> {
        (!self.code.has_unequal()).then(|| Proof::GuySmith {
            heaps: self.code.max_heaps(),
            max_take: self.code.max_take(),
        })
    }

    /// The game of `code`.
    pub fn new(code: Code) -> TakeBreak {
        TakeBreak { code }
    }

    /// The code.
    pub fn code(&self) -> &Code {
        &self.code
    }
}

/// Calls `visit` with every way to write `m` as three non-empty heaps in
/// non-decreasing order (pairwise different when `unequal`), until `visit`
/// asks to stop.
pub(crate) fn partitions3(
    m: u64,
    unequal: bool,
    visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for a in 1..=m / 3 {
        for b in a..=(m - a) / 2 {
            let c = m - a - b;
            if !(unequal && (a == b || b == c)) {
                visit(&[a, b, c])?;
            }
        }
    }
    ControlFlow::Continue(())
}

impl TakeBreak {
    /// Calls `visit` with the heaps left by each move from a heap of `n`,
    /// until `visit` asks to stop. A heap of a billion has a billion moves,
    /// so callers that want a few stop early; the order makes early moves
    /// varied: first the moves leaving at most one heap, then the two-heap
    /// splits of every removal interleaved by the size of the smaller heap,
    /// then the three-heap splits.
    pub fn try_options(
        &self,
        n: u64,
        visit: &mut dyn FnMut(&[u64]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let removals = || {
            self.code
                .digits
                .iter()
                .enumerate()
                .map(|(i, &d)| (i as u64, d))
                .filter(move |&(i, _)| i <= n)
        };
        for (i, d) in removals() {
            let m = n - i;
            if d.leave_none() && m == 0 {
                visit(&[])?;
            }
            if d.leave_one() && m >= 1 && i >= 1 {
                visit(&[m])?;
            }
        }
        let largest_half = removals()
            .filter(|(_, d)| d.leave_two())
            .map(|(i, _)| (n - i) / 2)
            .max()
            .unwrap_or(0);
        for a in 1..=largest_half {
            for (i, d) in removals() {
                let m = n - i;
                if d.leave_two() && a <= m / 2 && !(d.unequal && a == m - a) {
                    visit(&[a, m - a])?;
                }
            }
        }
        for (i, d) in removals() {
            if d.leave_three() && n - i >= 3 {
                partitions3(n - i, d.unequal, visit)?;
            }
        }
        ControlFlow::Continue(())
    }
}

impl HeapGame for TakeBreak {
    fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        let _ = self.try_options(n, &mut |parts| {
            visit(parts);
            ControlFlow::Continue(())
        });
    }

    fn period_proof(&self) -> Option<Proof> {
        self.guy_smith()
    }
}

/// The named take-and-break games: name, code, description.
pub const NAMED: &[(&str, &str, &str)] = &[
    (
        "kayles",
        "0.77",
        "Kayles: knock down one pin or two adjacent pins from a row",
    ),
    (
        "dawson",
        "0.07",
        "Dawson's Kayles: knock down two adjacent pins",
    ),
    ("dawson-chess", "0.137", "Dawson's chess (0.137)"),
    (
        "double-kayles",
        "0.7777",
        "Double Kayles: knock down one to four adjacent pins",
    ),
    (
        "grundy-game",
        "4!.0",
        "Grundy's game: split a heap into two unequal heaps",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn code(text: &str) -> Result<Code> {
        Code::parse(text, text, 1, false)
    }

    #[test]
    fn codes_print_canonically() {
        for (given, canonical) in [
            ("0.77", "0.77"),
            (".07", "0.07"),
            ("0.1370", "0.137"),
            ("4.07", "4.07"),
            ("4!.0", "4!.0"),
            ("0.6", "0.6"),
            ("0.16", "0.16"),
        ] {
            assert_eq!(code(given).unwrap().to_string(), canonical);
        }
        let hex = Code::parse("0.f8", "0.f8", 1, true).unwrap();
        assert_eq!(hex.to_string(), "0.F8");
        assert_eq!(hex.max_heaps(), 3);
    }

    #[test]
    fn malformed_codes_say_what_and_where() {
        let msg = |t: &str| code(t).unwrap_err().to_string();
        assert!(
            msg("0.8").contains("'8' is not an octal digit"),
            "{}",
            msg("0.8")
        );
        assert!(msg("0.8").contains("column 3"));
        assert!(msg("0.").contains("expected digits after the '.'"));
        assert!(msg("1.2.3").contains("a code has one '.'"));
        assert!(msg("1.2").contains("may only split"));
        assert!(msg("0.7x").contains("found 'x'"));
        assert!(msg("07").contains("expected a code"));
        assert!(msg("44.7").contains("one digit before"));
        assert!(msg("0.3!").contains("'!' needs a digit that splits"));
    }

    #[test]
    fn kayles_options() {
        let k = TakeBreak::new(code("0.77").unwrap());
        let mut got = Vec::new();
        k.options(4, &mut |p| got.push(p.to_vec()));
        // Remove 1 or 2 leaving one heap; then the splits by smaller heap:
        // 3 = 1 + 2 (remove 1) and 2 = 1 + 1 (remove 2).
        assert_eq!(got, vec![vec![3], vec![2], vec![1, 2], vec![1, 1]]);
    }
}
