//! `grundy period`: the period of a one-heap family, proven where a
//! theorem applies, otherwise observed (and said so).

use std::io::Write;

use clap::Args;
use grundy::period::{self, Periodicity, Proof};
use grundy::{Limits, Nimber};

use crate::out::{self, Outcome};

/// Arguments of `grundy period`.
#[derive(Args)]
pub struct PeriodArgs {
    /// The family, for example "kayles", "octal[0.16]" or "sub{2,5,6}".
    family: String,
    /// Compute at most this many values looking for a period.
    #[arg(long, value_name = "N", default_value_t = 10_000_000, value_parser = crate::count)]
    max: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// What was found, for both output forms.
#[derive(serde::Serialize)]
struct Report {
    family: String,
    period: Option<u64>,
    preperiod: Option<u64>,
    last_exception: Option<u64>,
    saltus: Option<u64>,
    certified: bool,
    /// Values computed and compared.
    checked_to: u64,
    /// The theorem behind a certified period.
    proof: Option<Proof>,
    /// For a proof by theorem: the bound up to which the relation had to be
    /// verified.
    theorem_bound: Option<u64>,
}

pub fn period(args: &PeriodArgs, limits: &Limits, w: &mut impl Write) -> Outcome {
    let family = grundy::expr::family_named_with(&args.family, limits)?;
    let limits = Limits {
        max_heap: args.max,
        ..limits.clone()
    };
    let report = match family.periodicity(&limits)? {
        Some(p) => report(&family.head(), &p),
        None => observed(&family.head(), family.as_ref(), &limits)?,
    };
    if args.json {
        return out::json(w, &report);
    }
    writeln!(w, "{}", describe(&report))?;
    Ok(())
}

fn report(family: &str, p: &Periodicity) -> Report {
    Report {
        family: family.to_string(),
        period: Some(p.period),
        preperiod: Some(p.preperiod),
        last_exception: p.last_exception(),
        saltus: Some(p.saltus),
        certified: p.certified(),
        checked_to: p.checked_to,
        proof: Some(p.proof.clone()),
        theorem_bound: p.theorem_bound(),
    }
}

/// No theorem applies (or none found a period): look at the values.
/// No theorem applies (or none found a period): look at the values, with
/// the evidence rule of `period::observe`.
fn observed(family: &str, f: &dyn grundy::expr::Family, limits: &Limits) -> grundy::Result<Report> {
    let mut values: Vec<Nimber> = Vec::new();
    let to = limits.max_heap.min(100_000);
    f.table(to, limits, &mut |v| {
        values.push(v);
        Ok(())
    })?;
    Ok(match period::observe::observe(&values) {
        Some(p) => report(family, &p),
        None => Report {
            family: family.to_string(),
            period: None,
            preperiod: None,
            last_exception: None,
            saltus: None,
            certified: false,
            checked_to: values.len() as u64,
            proof: None,
            theorem_bound: None,
        },
    })
}

fn describe(r: &Report) -> String {
    let (Some(period), Some(n0)) = (r.period, r.preperiod) else {
        return format!(
            "{}: no period found up to {}",
            r.family,
            r.checked_to.saturating_sub(1)
        );
    };
    let pre = match r.last_exception {
        None => "no pre-period (periodic from 0)".to_string(),
        Some(last) => format!("pre-period 0..{last} (last exception at {last})"),
    };
    let saltus = match r.saltus {
        Some(s) if s > 0 => {
            format!(", saltus {s} (arithmetic-periodic: G(n + {period}) = G(n) + {s})")
        }
        _ => String::new(),
    };
    let why = match (&r.proof, r.theorem_bound) {
        (Some(Proof::GuySmith { heaps, max_take }), Some(bound)) => {
            // The bound k·n0 + (k-1)·p + t, written as the theorem reads.
            let k = heaps;
            let mid = match k {
                1 => String::new(),
                2 => format!("+{period}"),
                _ => format!("+{}·{period}", k - 1),
            };
            format!(
                "certified by the Guy–Smith theorem (checked to {k}·{n0}{mid}+{max_take} = {bound}; {} values computed)",
                r.checked_to
            )
        }
        (Some(Proof::Window { width }), _) => format!(
            "certified: each value depends only on the previous {width}, and {width} values repeat ({} values computed)",
            r.checked_to
        ),
        _ => format!(
            "observed only, not proven (no theorem applies; {} values computed)",
            r.checked_to
        ),
    };
    format!("{}: period {period}{saltus}, {pre}, {why}", r.family)
}
