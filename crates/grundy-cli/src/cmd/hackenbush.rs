//! `grundy hackenbush`: a Green Hackenbush picture's value, how the fusion
//! and colon principles find it, and the edges to cut to win.

use std::io::Write;

use clap::Args;
use grundy::expr::position::term_text;
use grundy::hackenbush::{self, Fused, HackenbushFamily};
use grundy::{Limits, Nimber, Outcome as Who};

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

/// A winning cut, for people and for JSON.
#[derive(serde::Serialize)]
struct Cut {
    /// The edge's number (from 1, in file order).
    edge: usize,
    /// The edge as written: `a-b`.
    label: String,
    /// The position after the cut, as an expression.
    position: String,
}

#[derive(serde::Serialize)]
struct HackenbushJson<'a> {
    file: &'a str,
    edges: usize,
    grundy: Nimber,
    outcome: Who,
    fused: &'a [Fused],
    bridges: usize,
    winning_cuts: &'a [Cut],
}

pub fn hackenbush(args: &HackenbushArgs, limits: &Limits, w: &mut impl Write) -> Outcome {
    let family = HackenbushFamily::open(&args.file, limits.max_file_bytes)?;
    let picture = family.picture();
    let standing = picture.all();
    let reduction = hackenbush::fusion::reduce(picture, &standing);
    let cuts: Vec<Cut> = hackenbush::winning_cuts(picture, &standing, limits)?
        .into_iter()
        .map(|e| Cut {
            edge: e + 1,
            label: picture.label(e).to_string(),
            position: term_text(&family, &family.args(&picture.cut(&standing, e))),
        })
        .collect();
    let outcome = Who::of(reduction.value);
    if args.json {
        return out::json(
            w,
            &HackenbushJson {
                file: &args.file,
                edges: standing.len(),
                grundy: reduction.value,
                outcome,
                fused: &reduction.fused,
                bridges: reduction.bridges,
                winning_cuts: &cuts,
            },
        );
    }
    writeln!(w, "{:#}  {}", reduction.value, outcome.describe())?;
    writeln!(w, "reason: {}", reason(&reduction.fused, reduction.bridges))?;
    if cuts.is_empty() {
        writeln!(w, "winning cuts: none (every cut leaves a non-zero value)")?;
    } else {
        let list: Vec<String> = cuts
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
