//! Reading a judge's input: whitespace-separated whole numbers, each
//! remembered with its line so that every complaint can say where.
//!
//! Judges do not care how numbers are split into lines, so neither does
//! this reader; it only keeps the line of each number for messages.

use std::ops::RangeInclusive;

/// The numbers of an input, read front to back.
pub struct Input<'a> {
    tokens: Vec<(usize, &'a str)>,
    next: usize,
    /// The number of the last line, for "the input ends" messages.
    last_line: usize,
}

impl<'a> Input<'a> {
    /// Splits `text` into its words.
    pub fn new(text: &'a str) -> Input<'a> {
        let mut tokens = Vec::new();
        let mut last_line = 1;
        for (i, line) in text.lines().enumerate() {
            last_line = i + 1;
            tokens.extend(line.split_whitespace().map(|word| (i + 1, word)));
        }
        Input {
            tokens,
            next: 0,
            last_line,
        }
    }

    /// True when every word has been read.
    pub fn is_empty(&self) -> bool {
        self.next == self.tokens.len()
    }

    /// The line of the word read last (line 1 before any).
    pub fn line(&self) -> usize {
        self.next.checked_sub(1).map_or(1, |i| self.tokens[i].0)
    }

    /// Reads a whole number; `what` names it in messages ("the number of
    /// piles").
    pub fn number(&mut self, what: &str) -> Result<u64, String> {
        let Some(&(line, word)) = self.tokens.get(self.next) else {
            return Err(format!(
                "line {}: the input ends where {what} was expected",
                self.last_line
            ));
        };
        self.next += 1;
        word.parse::<u64>().map_err(|_| {
            format!(
                "line {line}: expected {what} (a whole number from 0 to 2^64 - 1), found `{word}`"
            )
        })
    }

    /// Reads a whole number that must lie in `range`.
    pub fn number_in(&mut self, what: &str, range: RangeInclusive<u64>) -> Result<u64, String> {
        let n = self.number(what)?;
        if range.contains(&n) {
            return Ok(n);
        }
        let allowed = match (*range.start(), *range.end()) {
            (low, u64::MAX) => format!("at least {low}"),
            (low, high) => format!("from {low} to {high}"),
        };
        Err(format!(
            "line {}: {what} must be {allowed}, found {n}",
            self.line()
        ))
    }

    /// Reads `count` numbers in `range`.
    pub fn numbers_in(
        &mut self,
        count: u64,
        what: &str,
        range: RangeInclusive<u64>,
    ) -> Result<Vec<u64>, String> {
        // No capacity from `count`: it comes from the input, and the words
        // run out long before a wrong count could exhaust memory.
        let mut numbers = Vec::new();
        for _ in 0..count {
            numbers.push(self.number_in(what, range.clone())?);
        }
        Ok(numbers)
    }

    /// Reads `count` whole numbers of any size.
    pub fn numbers(&mut self, count: u64, what: &str) -> Result<Vec<u64>, String> {
        self.numbers_in(count, what, 0..=u64::MAX)
    }

    /// Succeeds when nothing is left; `after` names what came last ("the
    /// closing 0").
    pub fn finish(&self, after: &str) -> Result<(), String> {
        match self.tokens.get(self.next) {
            None => Ok(()),
            Some(&(line, word)) => Err(format!("line {line}: unexpected `{word}` after {after}")),
        }
    }
}

/// Answers test cases that run to the end of the input. `case` reads one
/// and returns its answer line, or `None` at a closing marker (having
/// checked that nothing follows it).
pub fn cases_to_end(
    text: &str,
    mut case: impl FnMut(&mut Input) -> Result<Option<String>, String>,
) -> Result<String, String> {
    let mut input = Input::new(text);
    let mut out = Vec::new();
    while !input.is_empty() {
        match case(&mut input)? {
            Some(answer) => out.push(answer),
            None => break,
        }
    }
    Ok(lines(out))
}

/// Answers the test cases of an input that starts with their number
/// (`what` names it); `case` reads one and returns its answer line.
pub fn counted_cases(
    text: &str,
    what: &str,
    mut case: impl FnMut(&mut Input) -> Result<String, String>,
) -> Result<String, String> {
    let mut input = Input::new(text);
    let count = input.number(what)?;
    let mut out = Vec::new();
    for _ in 0..count {
        out.push(case(&mut input)?);
    }
    input.finish("the last test case")?;
    Ok(lines(out))
}

/// The output lines, each ended by a newline.
pub fn lines<S: AsRef<str>>(lines: impl IntoIterator<Item = S>) -> String {
    let mut out = String::new();
    for line in lines {
        out.push_str(line.as_ref());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_carry_their_lines_into_messages() {
        let mut input = Input::new("3\n1 x\n");
        assert_eq!(input.number("the count"), Ok(3));
        assert_eq!(input.number("a pile"), Ok(1));
        assert_eq!(
            input.number("a pile"),
            Err("line 2: expected a pile (a whole number from 0 to 2^64 - 1), found `x`".into())
        );
        assert_eq!(
            input.number("a pile"),
            Err("line 2: the input ends where a pile was expected".into())
        );
    }

    #[test]
    fn ranges_and_leftovers_are_reported() {
        let mut input = Input::new("0\n7 8");
        assert_eq!(
            input.number_in("an element of S", 1..=10),
            Err("line 1: an element of S must be from 1 to 10, found 0".into())
        );
        assert_eq!(
            input.finish("the closing 0"),
            Err("line 2: unexpected `7` after the closing 0".into())
        );
    }

    #[test]
    fn output_lines_end_in_newlines() {
        assert_eq!(lines(["Kiki", "Cici"]), "Kiki\nCici\n");
        assert_eq!(lines(Vec::<String>::new()), "");
    }
}
