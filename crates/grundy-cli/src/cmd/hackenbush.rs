//! `grundy hackenbush`: a Green Hackenbush picture's value, how the fusion
//! and colon principles find it, and the edges to cut to win.

use std::io::Write;

use clap::Args;
use grundy::Limits;
use grundy::analysis;
use grundy::analysis::details::Fused;

use crate::out::{self, Outcome};

/// Arguments of `grundy hackenbush`.
#[derive(Args)]
pub struct HackenbushArgs {
    /// The picture: one edge per line (`u v`) and a line `ground VERTEX`.
    file: String,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn hackenbush(args: &HackenbushArgs, limits: &Limits, w: &mut impl Write) -> Outcome {
    let report = analysis::hackenbush::picture(&args.file, limits)?;
    if args.json {
        return out::json(w, &report);
    }
    writeln!(w, "{:#}  {}", report.grundy, report.outcome.describe())?;
    writeln!(w, "reason: {}", reason(&report.fused, report.bridges))?;
    if report.winning_cuts.is_empty() {
        writeln!(w, "winning cuts: none (every cut leaves a non-zero value)")?;
    } else {
        let list: Vec<String> = report
            .winning_cuts
            .iter()
            .map(|c| format!("edge {} ({})", c.edge, c.label))
            .collect();
        writeln!(w, "winning cuts: {}", list.join("  "))?;
    }
    Ok(())
}

/// What the principles did: the fused groups and the tree left.
fn reason(fused: &[Fused], bridges: usize) -> String {
    let mut parts = Vec::new();
    if !fused.is_empty() {
        let groups: Vec<String> = fused
            .iter()
            .map(|f| {
                let parity = if f.edges % 2 == 1 {
                    "odd: one edge"
                } else {
                    "even: a vertex"
                };
                let edges = match f.edges {
                    1 => "1 edge".to_string(),
                    n => format!("{n} edges"),
                };
                format!("{{{}}} with {edges} ({parity})", f.vertices.join(","))
            })
            .collect();
        parts.push(format!("fusion principle: {}", groups.join(", ")));
    }
    parts.push(format!(
        "colon principle on the tree of {bridges} bridges left"
    ));
    parts.join("; ")
}
