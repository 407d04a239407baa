//! `grundy genus`: the misère values and genus of each heap of a one-heap
//! family.

use std::io::Write;

use clap::Args;
use grundy::Limits;
use grundy::analysis;

use crate::out::{self, Outcome};

/// Arguments of `grundy genus`.
#[derive(Args)]
pub struct GenusArgs {
    /// The family, for example "sub{1,3,4}" or "nim".
    family: String,
    /// The largest heap size.
    #[arg(long, value_name = "N", value_parser = crate::count)]
    to: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn genus_table(args: &GenusArgs, limits: &Limits, w: &mut impl Write) -> Outcome {
    let family = grundy::expr::family_named_with(&args.family, limits)?;
    let table = analysis::genus_table(&family, args.to, limits)?;
    if args.json {
        return out::json(w, &table);
    }
    writeln!(w, "{:>8}  {:>4}  {:>4}  genus", "n", "G", "G⁻")?;
    for (n, g) in table.genera.iter().enumerate() {
        writeln!(
            w,
            "{n:>8}  {:>4}  {:>4}  {g}",
            g.grundy.0,
            g.misere_grundy().0
        )?;
    }
    Ok(())
}
