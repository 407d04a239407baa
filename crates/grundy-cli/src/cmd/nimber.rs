//! `grundy nimber`: arithmetic in the field of nimbers.

use std::io::Write;

use clap::Args;
use grundy::Nimber;

use crate::out::{self, Outcome};

/// Arguments of `grundy nimber`.
#[derive(Args)]
pub struct NimberArgs {
    /// The expression: nim-sum `+`, nim-product `*`, nim-quotient `/`,
    /// `inv(x)` or `x^-1`, powers `x^n`, parentheses; numbers in decimal,
    /// `0x` hex or `0b` binary. For example "6*13".
    expr: String,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(serde::Serialize)]
struct NimberJson<'a> {
    expression: &'a str,
    value: Nimber,
}

pub fn nimber(args: &NimberArgs, w: &mut impl Write) -> Outcome {
    let value = grundy::nimber::arith::evaluate(&args.expr)?;
    if args.json {
        return out::json(
            w,
            &NimberJson {
                expression: &args.expr,
                value,
            },
        );
    }
    writeln!(w, "{}", value.0)?;
    Ok(())
}
