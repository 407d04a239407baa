//! `grundy genus`: the misère values and genus of each heap of a one-heap
//! family.

use std::io::Write;

use clap::Args;
use grundy::expr::{Arg, Shape};
use grundy::misere::{Genus, genus};
use grundy::{Error, Limits};

use crate::out::{self, Outcome};

/// Arguments of `grundy genus`.
#[derive(Args)]
pub struct GenusArgs {
    /// The family, for example "sub{1,3,4}" or "nim".
    family: String,
    /// The largest heap size.
    #[arg(long, value_name = "N")]
    to: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn genus_table(args: &GenusArgs, limits: &Limits, w: &mut impl Write) -> Outcome {
    let family = grundy::expr::family_named(&args.family)?;
    if family.shape() != Shape::Heaps {
        return Err(Error::invalid(format!(
            "`{}` is not a one-heap family; for the genus of a position use `grundy value --misere`",
            family.head()
        ))
        .into());
    }
    let mut genera: Vec<Genus> = Vec::new();
    for n in 0..=args.to {
        limits.check_stop()?;
        genera.push(genus::of_component(&family, &[Arg::Int(n)], limits)?);
    }
    if args.json {
        #[derive(serde::Serialize)]
        struct GenusJson<'a> {
            family: String,
            genera: &'a [Genus],
        }
        return out::json(
            w,
            &GenusJson {
                family: family.head(),
                genera: &genera,
            },
        );
    }
    writeln!(w, "{:>8}  {:>4}  {:>4}  genus", "n", "G", "G⁻")?;
    for (n, g) in genera.iter().enumerate() {
        writeln!(
            w,
            "{n:>8}  {:>4}  {:>4}  {g}",
            g.grundy.0,
            g.misere_grundy().0
        )?;
    }
    Ok(())
}
