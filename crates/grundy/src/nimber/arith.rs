//! Nimber arithmetic written as text: `6*13`, `inv(7) + 3`, `x^-1`.
//!
//! A small expression language over 64-bit nimbers (see `docs/NIMBERS.md`):
//!
//! ```text
//! sum     := product ( ("+" | "⊕") product )*        nim-sum (XOR)
//! product := power ( ("*" | "⊗" | "/") power )*       nim-product, nim-quotient
//! power   := atom [ "^" ["-"] digits ]                 x^3, x^-1 (the inverse)
//! atom    := number | "inv" "(" sum ")" | "(" sum ")"
//! number  := digits | "0x" hex digits | "0b" binary digits
//! ```
//!
//! Errors name the column: dividing by 0, a number wider than 64 bits, a
//! missing parenthesis.

use super::Nimber;
use crate::error::{Error, Result};

/// Evaluates a nimber expression.
///
/// ```
/// use grundy::nimber::arith::evaluate;
/// use grundy::Nimber;
/// assert_eq!(evaluate("6*13").unwrap(), Nimber(15));
/// assert_eq!(evaluate("2*2 + 1").unwrap(), Nimber(2)); // 3 ⊕ 1
/// assert_eq!(evaluate("inv(2)").unwrap(), Nimber(3)); // 2 ⊗ 3 = 1
/// assert_eq!(evaluate("6 / 6").unwrap(), Nimber(1));
/// assert_eq!(
///     evaluate("5 / (3+3)").unwrap_err().to_string(),
///     "division by zero: the divisor is 0 at column 5 in \"5 / (3+3)\""
/// );
/// ```
pub fn evaluate(input: &str) -> Result<Nimber> {
    let mut p = Parser {
        input,
        chars: input.chars().collect(),
        pos: 0,
        depth: 0,
    };
    let value = p.sum()?;
    p.skip_ws();
    match p.peek() {
        None => Ok(value),
        Some(')') => Err(p.error("unbalanced ')'")),
        Some(c) => Err(p.error(format!(
            "expected an operator (+ * / ^) or the end, found '{c}'"
        ))),
    }
}

struct Parser<'a> {
    input: &'a str,
    chars: Vec<char>,
    pos: usize,
    depth: usize,
}

/// Parentheses nested deeper than this are refused rather than risking the
/// call stack.
const MAX_DEPTH: usize = 256;

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn error(&self, message: impl Into<String>) -> Error {
        self.error_at(self.pos + 1, message)
    }

    fn error_at(&self, column: usize, message: impl Into<String>) -> Error {
        Error::parse(self.input, column, message)
    }

    fn found(&self) -> String {
        self.peek()
            .map_or("the end of the input".to_string(), |c| format!("'{c}'"))
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    /// Consumes one of `ops` after optional whitespace, returning it.
    fn operator(&mut self, ops: &[char]) -> Option<char> {
        self.skip_ws();
        let c = self.peek().filter(|c| ops.contains(c))?;
        self.pos += 1;
        Some(c)
    }

    fn sum(&mut self) -> Result<Nimber> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("parentheses nested too deeply"));
        }
        let mut acc = self.product()?;
        while self.operator(&['+', '⊕']).is_some() {
            acc += self.product()?;
        }
        self.depth -= 1;
        Ok(acc)
    }

    fn product(&mut self) -> Result<Nimber> {
        let mut acc = self.power()?;
        while let Some(op) = self.operator(&['*', '⊗', '/']) {
            self.skip_ws();
            let column = self.pos + 1;
            let rhs = self.power()?;
            acc = if op == '/' {
                acc.checked_div(rhs)
                    .ok_or_else(|| self.error_at(column, "division by zero: the divisor is 0"))?
            } else {
                acc * rhs
            };
        }
        Ok(acc)
    }

    fn power(&mut self) -> Result<Nimber> {
        self.skip_ws();
        let column = self.pos + 1;
        let base = self.atom()?;
        if self.operator(&['^']).is_none() {
            return Ok(base);
        }
        self.skip_ws();
        let negative = self.peek() == Some('-');
        if negative {
            self.pos += 1;
        }
        let exponent = self.number()?;
        if self.operator(&['^']).is_some() {
            return Err(self.error("a chain of powers is ambiguous: write parentheses, as (x^2)^3"));
        }
        if !negative {
            return Ok(base.pow(exponent));
        }
        let inverse = base
            .inverse()
            .ok_or_else(|| self.error_at(column, "0 has no inverse (a negative power of 0)"))?;
        Ok(inverse.pow(exponent))
    }

    fn atom(&mut self) -> Result<Nimber> {
        self.skip_ws();
        let column = self.pos + 1;
        match self.peek() {
            Some('(') => {
                self.pos += 1;
                let inner = self.sum()?;
                self.close(column)?;
                Ok(inner)
            }
            Some(c) if c.is_ascii_digit() => self.number().map(Nimber),
            Some(c) if c.is_alphabetic() => {
                let start = self.pos;
                while self.peek().is_some_and(char::is_alphanumeric) {
                    self.pos += 1;
                }
                let name: String = self.chars[start..self.pos].iter().collect();
                if name != "inv" {
                    return Err(self.error_at(
                        column,
                        format!("unknown function `{name}`; the one function is inv(x)"),
                    ));
                }
                if self.operator(&['(']).is_none() {
                    return Err(
                        self.error(format!("expected '(' after inv, found {}", self.found()))
                    );
                }
                let open = self.pos;
                let inner = self.sum()?;
                self.close(open)?;
                inner
                    .inverse()
                    .ok_or_else(|| self.error_at(column, "0 has no inverse"))
            }
            _ => Err(self.error(format!(
                "expected a number, inv(...) or '(', found {}",
                self.found()
            ))),
        }
    }

    fn close(&mut self, open_column: usize) -> Result<()> {
        if self.operator(&[')']).is_some() {
            return Ok(());
        }
        Err(self.error(format!(
            "expected ')' to close the '(' at column {open_column}, found {}",
            self.found()
        )))
    }

    /// A decimal, `0x` hexadecimal or `0b` binary number below `2^64`.
    fn number(&mut self) -> Result<u64> {
        self.skip_ws();
        let column = self.pos + 1;
        let radix = match (self.peek(), self.chars.get(self.pos + 1)) {
            (Some('0'), Some('x' | 'X')) => 16,
            (Some('0'), Some('b' | 'B')) => 2,
            _ => 10,
        };
        if radix != 10 {
            self.pos += 2;
        }
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric()) {
            self.pos += 1;
        }
        let text: String = self.chars[start..self.pos].iter().collect();
        if text.is_empty() {
            return Err(self.error(format!("expected a number, found {}", self.found())));
        }
        u64::from_str_radix(&text, radix).map_err(|e| {
            let message = match e.kind() {
                std::num::IntErrorKind::PosOverflow => "number wider than 64 bits".to_string(),
                _ => format!("`{text}` is not a base-{radix} number"),
            };
            self.error_at(column, message)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(input: &str) -> String {
        evaluate(input).unwrap_err().to_string()
    }

    #[test]
    fn precedence_and_notation() {
        assert_eq!(evaluate("1 + 2 * 3").unwrap(), Nimber(0)); // 2 ⊗ 3 = 1, 1 ⊕ 1 = 0
        assert_eq!(evaluate("(1 + 2) * 3").unwrap(), Nimber(2)); // 3 ⊗ 3 = 2
        assert_eq!(evaluate("0x10 ⊗ 0b10000").unwrap(), Nimber(24));
        // 2 ⊗ 2 = 3 and 3 ⊗ 2 = 1: 2 generates the 3-element group GF(4)*.
        assert_eq!(evaluate("2^2").unwrap(), Nimber(3));
        assert_eq!(evaluate("2^3").unwrap(), Nimber(1));
        assert_eq!(evaluate("7^-1 * 7").unwrap(), Nimber(1));
        assert_eq!(evaluate("inv(inv(9))").unwrap(), Nimber(9));
        assert_eq!(evaluate("12 / 4 * 4").unwrap(), Nimber(12));
    }

    #[test]
    fn errors_say_where() {
        assert!(err("6*").contains(
            "expected a number, inv(...) or '(', found the end of the input at column 3"
        ));
        assert!(err("(6*13").contains("expected ')' to close the '(' at column 1"));
        assert!(err("6)").contains("unbalanced ')' at column 2"));
        assert!(err("3 / 0").contains("division by zero: the divisor is 0 at column 5"));
        assert!(err("inv(0)").contains("0 has no inverse at column 1"));
        assert!(err("0^-1").contains("0 has no inverse"));
        assert!(err("sqrt(4)").contains("unknown function `sqrt`"));
        assert!(err("18446744073709551616").contains("wider than 64 bits at column 1"));
        assert!(err("0xfg").contains("`fg` is not a base-16 number"));
        assert!(err("2^2^2").contains("write parentheses"));
        assert!(err("6 6").contains("expected an operator"));
        assert!(err(&"(".repeat(1000)).contains("nested too deeply"));
    }
}
