//! The parser of game expressions (see `docs/LANGUAGE.md`).
//!
//! A hand-written recursive-descent parser over characters. Whitespace is
//! allowed between any two tokens. Every error names the 1-based column and
//! what was expected there.

use super::ast::{Arg, Bracket, Expr, Param, Term};
use crate::error::{Error, Result};

/// Parses a whole expression: a sum of one or more terms.
///
/// ```
/// use grundy::expr::parse;
/// let e = parse("sub{1,3,4}(9) + nim(2)").unwrap();
/// assert_eq!(e.terms.len(), 2);
/// assert_eq!(e.terms[0].name, "sub");
///
/// let err = parse("nim(3,").unwrap_err();
/// assert_eq!(err.to_string(), "expected a number or an expression, found the end of the input at column 7 in \"nim(3,\"");
/// ```
pub fn parse(input: &str) -> Result<Expr> {
    let mut p = Parser::new(input);
    let expr = p.expr()?;
    p.skip_ws();
    match p.peek() {
        None => Ok(expr),
        Some(')') => Err(p.error("unbalanced ')'")),
        Some(c) => Err(p.error(format!("expected '+' or the end of the input, found '{c}'"))),
    }
}

/// Parses a family without arguments, as `table` and `period` take it:
/// `sub{1,3,4}`, `kayles`, `octal[0.07]`.
pub fn parse_family(input: &str) -> Result<Term> {
    let expr = parse(input)?;
    match <[Term; 1]>::try_from(expr.terms) {
        Ok([term]) if term.args.is_none() => Ok(term),
        Ok([term]) => Err(Error::parse(
            input,
            term.column,
            "expected a family without arguments (for example `sub{1,3,4}`)",
        )),
        Err(_) => Err(Error::parse(
            input,
            1,
            "expected a single family, not a sum",
        )),
    }
}

struct Parser<'a> {
    input: &'a str,
    chars: Vec<char>,
    pos: usize,
    depth: usize,
}

/// Nesting deeper than this is refused rather than risking the call stack.
const MAX_DEPTH: usize = 64;

impl<'a> Parser<'a> {
    fn new(input: &'a str) -> Parser<'a> {
        Parser {
            input,
            chars: input.chars().collect(),
            pos: 0,
            depth: 0,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn column(&self) -> usize {
        self.pos + 1
    }

    fn error(&self, message: impl Into<String>) -> Error {
        Error::parse(self.input, self.column(), message)
    }

    fn found(&self) -> String {
        match self.peek() {
            None => "the end of the input".to_string(),
            Some(c) => format!("'{c}'"),
        }
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expr(&mut self) -> Result<Expr> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("expression nested too deeply"));
        }
        let mut terms = vec![self.term()?];
        while self.eat('+') {
            terms.push(self.term()?);
        }
        self.depth -= 1;
        Ok(Expr { terms })
    }

    fn term(&mut self) -> Result<Term> {
        self.skip_ws();
        let column = self.column();
        let name = self.name()?;
        self.skip_ws();
        let param = match self.peek() {
            Some('{') => Some(self.param('{', '}', Bracket::Brace)?),
            Some('[') => Some(self.param('[', ']', Bracket::Square)?),
            _ => None,
        };
        let args = if self.eat('(') {
            Some(self.args()?)
        } else {
            None
        };
        Ok(Term {
            name,
            column,
            param,
            args,
        })
    }

    /// A family name (`nim`, `grundy-game`) or a take-and-break code
    /// (`0.07`, `4.07`, `4!.0`).
    fn name(&mut self) -> Result<String> {
        let start = self.pos;
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                {
                    self.pos += 1;
                }
            }
            Some(c) if c.is_ascii_digit() || c == '.' => {
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == '.' || c == '!')
                {
                    self.pos += 1;
                }
            }
            _ => {
                return Err(self.error(format!(
                    "expected a game (a name such as `nim` or a code such as `0.07`), found {}",
                    self.found()
                )));
            }
        }
        Ok(self.chars[start..self.pos].iter().collect())
    }

    fn param(&mut self, open: char, close: char, bracket: Bracket) -> Result<Param> {
        let open_column = self.column();
        self.pos += 1; // the opening bracket
        let column = self.column();
        let start = self.pos;
        while let Some(c) = self.peek() {
            if c == close {
                let text = self.chars[start..self.pos].iter().collect();
                self.pos += 1;
                return Ok(Param {
                    bracket,
                    text,
                    column,
                });
            }
            if c == open {
                return Err(self.error(format!("unexpected '{open}' inside '{open}...{close}'")));
            }
            self.pos += 1;
        }
        Err(self.error(format!(
            "expected '{close}' to close the '{open}' at column {open_column}, found the end of the input"
        )))
    }

    fn args(&mut self) -> Result<Vec<Arg>> {
        let mut args = Vec::new();
        if self.eat(')') {
            return Ok(args);
        }
        loop {
            args.push(self.arg()?);
            if self.eat(')') {
                return Ok(args);
            }
            if !self.eat(',') {
                return Err(self.error(format!("expected ',' or ')', found {}", self.found())));
            }
        }
    }

    fn arg(&mut self) -> Result<Arg> {
        self.skip_ws();
        let column = self.column();
        match self.peek() {
            Some('-')
                if self
                    .chars
                    .get(self.pos + 1)
                    .is_some_and(char::is_ascii_digit) =>
            {
                Err(self.error("sizes must be non-negative, found a negative number"))
            }
            Some(c) if c.is_ascii_digit() && self.is_plain_number() => self.number(column),
            Some(c) if c.is_ascii_alphanumeric() || c == '_' || c == '.' => {
                let expr = self.expr()?;
                Ok(match <[Term; 1]>::try_from(expr.terms) {
                    Ok(
                        [
                            Term {
                                name,
                                column,
                                param: None,
                                args: None,
                            },
                        ],
                    ) if !is_code(&name) => Arg::Word { text: name, column },
                    Ok([term]) => Arg::Expr(Expr { terms: vec![term] }),
                    Err(terms) => Arg::Expr(Expr { terms }),
                })
            }
            _ => Err(self.error(format!(
                "expected a number or an expression, found {}",
                self.found()
            ))),
        }
    }

    /// Whether the digits at the cursor form a number on their own (rather
    /// than starting a code such as `0.07` or a word such as `3H`).
    fn is_plain_number(&self) -> bool {
        let rest = &self.chars[self.pos..];
        let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
        !rest
            .get(digits)
            .is_some_and(|&c| c.is_ascii_alphabetic() || c == '.' || c == '!' || c == '_')
    }

    fn number(&mut self, column: usize) -> Result<Arg> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let text: String = self.chars[start..self.pos].iter().collect();
        let value = text.parse::<u64>().map_err(|_| {
            Error::parse(
                self.input,
                column,
                format!("number {text} is too large (the largest is {})", u64::MAX),
            )
        })?;
        Ok(Arg::Int { value, column })
    }
}

/// Whether a bare name is a take-and-break code (`0.07`, `4!.0`), a game
/// on its own, rather than a word. A name that starts with a digit but has
/// no `.` or `!` (a board size `5x8`) cannot be a code, so it is a word.
fn is_code(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_digit() || c == '.') && name.contains(['.', '!'])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(input: &str) -> String {
        parse(input).unwrap_err().to_string()
    }

    #[test]
    fn sums_params_and_args() {
        let e = parse(" sub { 1 , 3 } ( 9 )+nim(2 ,3) + kayles").unwrap();
        assert_eq!(e.terms.len(), 3);
        let sub = &e.terms[0];
        assert_eq!(sub.param.as_ref().unwrap().text, " 1 , 3 ");
        assert_eq!(sub.args.as_ref().unwrap().len(), 1);
        assert!(e.terms[2].args.is_none());
    }

    #[test]
    fn codes_as_names_and_nested_expressions() {
        let e = parse("0.07(12) + misere(kayles(3) + nim(1)) + turtles(THTTH)").unwrap();
        assert_eq!(e.terms[0].name, "0.07");
        let Some(Arg::Expr(inner)) = e.terms[1].args.as_ref().map(|a| a[0].clone()) else {
            panic!("nested expression expected");
        };
        assert_eq!(inner.terms.len(), 2);
        assert!(
            matches!(&e.terms[2].args.as_ref().unwrap()[0], Arg::Word { text, .. } if text == "THTTH")
        );
        let board = parse("cram(5x8,b2)").unwrap();
        assert!(
            matches!(&board.terms[0].args.as_ref().unwrap()[0], Arg::Word { text, .. } if text == "5x8")
        );
    }

    #[test]
    fn errors_name_column_and_expectation() {
        assert_eq!(
            err("nim(3,"),
            "expected a number or an expression, found the end of the input at column 7 in \"nim(3,\""
        );
        assert_eq!(
            err("nim(-1)"),
            "sizes must be non-negative, found a negative number at column 5 in \"nim(-1)\""
        );
        assert!(err("octal[0.77(10").contains("expected ']' to close the '[' at column 6"));
        assert!(err("nim(3))").contains("unbalanced ')' at column 7"));
        assert!(err("nim(3) nim(4)").contains("expected '+' or the end of the input"));
        assert!(err("").contains("expected a game"));
        assert!(err("nim(3 4)").contains("expected ',' or ')', found '4' at column 7"));
        assert!(err("nim(99999999999999999999)").contains("too large"));
        assert!(err("+").contains("column 1"));
    }

    #[test]
    fn deep_nesting_is_refused_not_a_crash() {
        let deep = "misere(".repeat(200) + "nim(1)" + ")".repeat(200).as_str();
        assert!(err(&deep).contains("nested too deeply"));
    }

    #[test]
    fn family_only() {
        assert_eq!(parse_family("sub{1..3}").unwrap().name, "sub");
        assert!(parse_family("nim(3)").is_err());
        assert!(parse_family("nim + nim").is_err());
    }
}
