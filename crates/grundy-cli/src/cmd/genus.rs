//! `grundy genus`: the misère values and genus of each heap of a one-heap
//! family.

use std::io::Write;

use clap::Args;
use grundy::expr::{Arg, Shape};
use grundy::misere::{Genus, genus};
use grundy::{Error, LimitKind, Limits};

use crate::out::Outcome;

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
    if family.shape() != Shape::Heaps {
        return Err(Error::invalid(format!(
            "`{}` is not a one-heap family; for the genus of a position use `grundy value --misere`",
            family.head()
        ))
        .into());
    }
    let head = family.head();
    if args.json {
        write!(w, "{{\"family\":{},\"genera\":[", serde_json::json!(head))?;
    } else {
        writeln!(w, "{:>8}  {:>4}  {:>4}  genus", "n", "G", "G⁻")?;
    }
    let mut row = |n: u64, g: &Genus| -> std::io::Result<()> {
        if args.json {
            let comma = if n == 0 { "" } else { "," };
            write!(
                w,
                "{comma}{}",
                serde_json::to_string(g).map_err(std::io::Error::from)?
            )
        } else {
            writeln!(
                w,
                "{n:>8}  {:>4}  {:>4}  {g}",
                g.grundy.0,
                g.misere_grundy().0
            )
        }
    };
    if head == "nim" {
        // The formula answers any heap; stream the rows.
        for n in 0..=args.to {
            if n % 65_536 == 0 {
                limits.check_stop()?;
            }
            row(n, &Genus::of_nim_heap(n))?;
        }
    } else {
        // Every heap is a position of one exploration.
        if args.to >= limits.max_positions as u64 {
            return Err(Error::limit(LimitKind::Positions, limits.max_positions as u64).into());
        }
        let heaps: Vec<Vec<Arg>> = (0..=args.to).map(|n| vec![Arg::Int(n)]).collect();
        for (n, g) in (0..).zip(&genus::of_components(&family, &heaps, limits)?) {
            row(n, g)?;
        }
    }
    if args.json {
        writeln!(w, "]}}")?;
    }
    Ok(())
}
