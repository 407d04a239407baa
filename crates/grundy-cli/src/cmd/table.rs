//! `grundy table`: G(0..=N) of a one-heap family, streamed.

use std::io::Write;

use clap::{Args, ValueEnum};
use grundy::{Limits, Nimber};

use crate::out::{self, Failure, Outcome};
use crate::script::ScriptArg;

/// Arguments of `grundy table`.
#[derive(Args)]
pub struct TableArgs {
    /// The family, for example "sub{1,3,4}" or "allbut{2,3,7}".
    #[arg(required_unless_present = "script", conflicts_with = "script")]
    family: Option<String>,
    #[command(flatten)]
    script: ScriptArg,
    /// The largest heap size.
    #[arg(long, value_name = "N", value_parser = crate::count)]
    to: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Same as --format json.
    #[arg(long)]
    json: bool,
}

/// How `table` writes values.
#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    /// Rows of ten values, each row led by its first heap size.
    Text,
    /// `n,grundy` lines under a header.
    Csv,
    /// `{"values":[...]}`.
    Json,
    /// An OEIS b-file: `n G(n)` per line.
    Bfile,
}

pub fn table(args: &TableArgs, limits: &Limits, w: &mut impl Write) -> Outcome {
    let family =
        grundy::expr::family_named_with(&args.script.or_text(args.family.as_deref())?, limits)?;
    let format = if args.json { Format::Json } else { args.format };
    match format {
        Format::Csv => writeln!(w, "n,grundy")?,
        Format::Json => write!(w, "{{\"values\":[")?,
        Format::Text | Format::Bfile => {}
    }
    let mut n: u64 = 0;
    // The sink can only return library errors, so an output error is kept
    // aside and reported once the table stops.
    let mut io_error: Option<std::io::Error> = None;
    // Tables run to 10^9 values: lines are assembled by hand into one large
    // buffer, with the heap size kept as decimal digits that are counted up.
    let mut buf: Vec<u8> = Vec::with_capacity(FLUSH_AT + 64);
    let mut index = Counter::default();
    let small = SmallValues::new();
    let mut sink = |g: Nimber| -> grundy::Result<()> {
        match format {
            Format::Text if n.is_multiple_of(10) => {
                if n > 0 {
                    buf.push(b'\n');
                }
                out::pad_number(&mut buf, n, 8);
                buf.extend_from_slice(b": ");
                out::pad_number(&mut buf, g.0, 3);
            }
            Format::Text => {
                buf.push(b' ');
                out::pad_number(&mut buf, g.0, 3);
            }
            Format::Csv | Format::Bfile => {
                buf.extend_from_slice(index.digits());
                buf.push(if matches!(format, Format::Csv) {
                    b','
                } else {
                    b' '
                });
                small.push(&mut buf, g.0);
                buf.push(b'\n');
            }
            Format::Json => {
                if n > 0 {
                    buf.push(b',');
                }
                small.push(&mut buf, g.0);
            }
        }
        n += 1;
        index.increment();
        if buf.len() >= FLUSH_AT {
            let written = w.write_all(&buf);
            buf.clear();
            written.map_err(|e| {
                io_error = Some(e);
                grundy::Error::from(grundy::ErrorKind::Interrupted)
            })?;
        }
        Ok(())
    };
    let result = family.table(args.to, limits, &mut sink);
    if let Some(e) = io_error {
        return Err(Failure::from(e));
    }
    result?;
    w.write_all(&buf)?;
    match format {
        Format::Text => writeln!(w)?,
        Format::Json => writeln!(w, "]}}")?,
        Format::Csv | Format::Bfile => {}
    }
    Ok(())
}

/// Output is handed to the writer in pieces of about this many bytes.
const FLUSH_AT: usize = 1 << 20;

/// A decimal number counted up in place: `0`, `1`, ..., `10`, ...
struct Counter {
    digits: [u8; 20],
    start: usize,
}

impl Default for Counter {
    fn default() -> Counter {
        let mut digits = [b'0'; 20];
        digits[19] = b'0';
        Counter { digits, start: 19 }
    }
}

impl Counter {
    fn digits(&self) -> &[u8] {
        &self.digits[self.start..]
    }

    fn increment(&mut self) {
        let mut i = self.digits.len() - 1;
        loop {
            if self.digits[i] < b'9' {
                self.digits[i] += 1;
                break;
            }
            self.digits[i] = b'0';
            if i == 0 {
                break; // 20 digits hold every u64
            }
            i -= 1;
        }
        self.start = self.start.min(i);
    }
}

/// The decimal text of the values below 1024, looked up rather than
/// converted (Grundy values of a table are mostly small).
struct SmallValues {
    text: Vec<u8>,
    ends: Vec<usize>,
}

impl SmallValues {
    fn new() -> SmallValues {
        let (mut text, mut ends) = (Vec::new(), Vec::new());
        for v in 0..1024 {
            out::push_number(&mut text, v);
            ends.push(text.len());
        }
        SmallValues { text, ends }
    }

    fn push(&self, buf: &mut Vec<u8>, v: u64) {
        match usize::try_from(v).ok().filter(|&v| v < self.ends.len()) {
            Some(v) => {
                let start = if v == 0 { 0 } else { self.ends[v - 1] };
                buf.extend_from_slice(&self.text[start..self.ends[v]]);
            }
            None => out::push_number(buf, v),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counter_counts_in_decimal() {
        let mut c = Counter::default();
        let mut seen = Vec::new();
        for _ in 0..=1001 {
            seen.push(String::from_utf8(c.digits().to_vec()).unwrap());
            c.increment();
        }
        let want: Vec<String> = (0..=1001).map(|n: u32| n.to_string()).collect();
        assert_eq!(seen, want);
    }

    #[test]
    fn small_values_are_written_like_large_ones() {
        let small = SmallValues::new();
        for v in [0, 1, 9, 10, 99, 100, 1023, 1024, 65535, u64::MAX] {
            let mut buf = Vec::new();
            small.push(&mut buf, v);
            assert_eq!(String::from_utf8(buf).unwrap(), v.to_string());
        }
    }
}
