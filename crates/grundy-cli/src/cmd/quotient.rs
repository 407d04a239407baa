//! `grundy quotient`: the misère quotient of a one-heap family, the monoid
//! in which a misère sum of its heaps is decided as normal play's nim-sum
//! decides a normal one (docs/MISERE.md).

use std::io::Write;

use clap::Args;
use grundy::Limits;
use grundy::analysis::quotient::{QuotientReport, Status, quotient};

use crate::out::{self, Outcome};

/// Arguments of `grundy quotient`.
#[derive(Args)]
pub struct QuotientArgs {
    /// The family, for example "kayles", "octal[0.75]" or "sub{2,3,7}".
    family: String,
    /// The largest heap: the quotient is of every sum of heaps 0..=N.
    #[arg(long, value_name = "N", default_value_t = 30, value_parser = crate::count)]
    to: u64,
    /// Also print the multiplication table (quotients of at most 64 elements).
    #[arg(long)]
    table: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn quotient_of(args: &QuotientArgs, limits: &Limits, w: &mut impl Write) -> Outcome {
    let family = grundy::expr::family_named_with(&args.family, limits)?;
    let report = quotient(&family, args.to, limits)?;
    if args.json {
        return out::json(w, &report);
    }
    write_text(&family.head(), &report, args.table, w)?;
    Ok(())
}

fn write_text(
    family: &str,
    q: &QuotientReport,
    table: bool,
    w: &mut impl Write,
) -> std::io::Result<()> {
    let tame = match (q.tame.tame, q.tame.nim_quotient) {
        (true, Some(k)) => format!("tame (misère Nim's T{k})"),
        _ => "wild".to_string(),
    };
    writeln!(
        w,
        "misère quotient of {family}, heaps 0..{}: order {}, |P| = {}, {tame} (verified)",
        q.heaps, q.order, q.p_count
    )?;
    let gens: Vec<String> = q
        .generators
        .iter()
        .map(|g| format!("{} = Φ({})", g.name, g.heap))
        .collect();
    writeln!(w, "generators: {}", gens.join(", "))?;
    let rels: Vec<String> = q
        .relations
        .iter()
        .map(|r| format!("{} = {}", r.left, r.right))
        .collect();
    writeln!(w, "relations: {}", rels.join(", "))?;
    let p: Vec<&str> = q
        .p_positions
        .iter()
        .map(|&i| q.elements[i].as_str())
        .collect();
    writeln!(w, "P: {}", p.join(", "))?;
    writeln!(w, "Φ(0..{}): {}", q.heaps, q.phi_names.join(" "))?;
    match &q.period {
        Some(p) => {
            let why = match (p.status, p.heaps_needed) {
                (Status::Proved, Some(n)) => format!(
                    "proved for every heap by the periodicity theorem, which needs heaps up to {n}: this is the quotient of all heaps"
                ),
                (_, Some(n)) => format!(
                    "observed on the heaps computed; the periodicity theorem would prove it with heaps up to {n}"
                ),
                (_, None) => {
                    "observed on the heaps computed; no periodicity theorem covers these rules"
                        .to_string()
                }
            };
            writeln!(
                w,
                "Φ is periodic with period {} from heap {} ({why})",
                p.period, p.preperiod
            )?
        }
        None => writeln!(w, "no period of Φ seen on the heaps computed")?,
    }
    if table {
        let Some(rows) = &q.table else {
            writeln!(w, "(no table: the order exceeds 64)")?;
            return Ok(());
        };
        let width = q
            .elements
            .iter()
            .map(|e| e.chars().count())
            .max()
            .unwrap_or(1)
            + 1;
        let cell = |i: usize| {
            let mark = if q.p_positions.contains(&i) { "*" } else { "" };
            format!("{}{mark}", q.elements[i])
        };
        write!(w, "{:>width$}", "·")?;
        for y in 0..q.order {
            write!(w, " {:>width$}", cell(y))?;
        }
        writeln!(w)?;
        for (x, row) in rows.iter().enumerate() {
            write!(w, "{:>width$}", cell(x))?;
            for &z in row {
                write!(w, " {:>width$}", cell(z))?;
            }
            writeln!(w)?;
        }
        writeln!(w, "(* marks the elements of P)")?;
    }
    Ok(())
}
