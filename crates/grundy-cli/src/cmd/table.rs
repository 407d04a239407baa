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
    #[arg(long, value_name = "N")]
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
    let family = grundy::expr::family_named(&args.script.or_text(args.family.as_deref())?)?;
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
    // Tables run to 10^9 values: lines are assembled by hand rather than
    // through the formatting machinery.
    let mut line: Vec<u8> = Vec::with_capacity(64);
    let mut sink = |g: Nimber| -> grundy::Result<()> {
        line.clear();
        match format {
            Format::Text if n % 10 == 0 => {
                if n > 0 {
                    line.push(b'\n');
                }
                out::pad_number(&mut line, n, 8);
                line.extend_from_slice(b":");
                line.push(b' ');
                out::pad_number(&mut line, g.0, 3);
            }
            Format::Text => {
                line.push(b' ');
                out::pad_number(&mut line, g.0, 3);
            }
            Format::Csv | Format::Bfile => {
                out::push_number(&mut line, n);
                line.push(if matches!(format, Format::Csv) {
                    b','
                } else {
                    b' '
                });
                out::push_number(&mut line, g.0);
                line.push(b'\n');
            }
            Format::Json => {
                if n > 0 {
                    line.push(b',');
                }
                out::push_number(&mut line, g.0);
            }
        }
        let written = w.write_all(&line);
        n += 1;
        written.map_err(|e| {
            io_error = Some(e);
            grundy::ErrorKind::Interrupted.into()
        })
    };
    let result = family.table(args.to, limits, &mut sink);
    if let Some(e) = io_error {
        return Err(Failure::from(e));
    }
    result?;
    match format {
        Format::Text => writeln!(w)?,
        Format::Json => writeln!(w, "]}}")?,
        Format::Csv | Format::Bfile => {}
    }
    Ok(())
}
