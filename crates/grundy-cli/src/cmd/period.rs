//! `grundy period`: the period of a one-heap family, proven where a
//! theorem applies, otherwise observed (and said so).

use std::io::Write;

use clap::Args;
use grundy::Limits;
use grundy::pattern::Proof;
use grundy::pattern::sequence::{PeriodReport, find_period};

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

pub fn period(args: &PeriodArgs, limits: &Limits, w: &mut impl Write) -> Outcome {
    let family = grundy::expr::family_named_with(&args.family, limits)?;
    let limits = limits.clone().with_max_heap(args.max);
    // The table's bound is `--max` here, so a refusal names that flag.
    let renamed = |e: grundy::Error| match e.kind() {
        grundy::ErrorKind::Limit {
            kind: grundy::LimitKind::HeapSize,
            what,
            limit,
        } => grundy::Error::invalid(format!(
            "limit of {limit} {} exceeded; raise it with --max",
            what.replacen("heap size", "values", 1)
        )),
        _ => e,
    };
    let found = find_period(family.as_ref(), &limits).map_err(renamed)?;
    let report = PeriodReport::of_search(&family.head(), &found);
    if args.json {
        return out::json(w, &report);
    }
    writeln!(w, "{}", describe(&report))?;
    Ok(())
}

fn describe(r: &PeriodReport) -> String {
    let (Some(period), Some(n0)) = (r.period, r.preperiod) else {
        let how = match r.search {
            Proof::GuySmith { .. } => "none certified by the Guy–Smith theorem".to_string(),
            Proof::Window { width } => format!("no window of {width} values repeats"),
            Proof::Observed => "no theorem applies, and none is observed".to_string(),
        };
        return format!(
            "{}: no period found up to {} ({} values computed; {how})",
            r.family,
            r.checked_to.saturating_sub(1),
            r.checked_to
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
            "observed only, not proven by a theorem ({} values computed)",
            r.checked_to
        ),
    };
    format!("{}: period {period}{saltus}, {pre}, {why}", r.family)
}
