//! `grundy plot`: a Grundy sequence as a scatter plot, or a two-parameter
//! table as a heat map, written as an SVG file.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use grundy::pattern::{Extent, Plane, extent_for, values};
use grundy::plot::{DEFAULT_MAX_POINTS, Labels, check_points, heat_map, scatter};
use grundy::{Error, Limits, Nimber};

use super::pattern::{DEFAULT_SIDE, DEFAULT_TO, read_extent};
use crate::out::{self, Outcome};
use crate::script::ScriptArg;

/// Arguments of `grundy plot`.
#[derive(Args)]
pub struct PlotArgs {
    /// The family, for example "sub{2,5,6}" or "wythoff".
    #[arg(required_unless_present = "script", conflicts_with = "script")]
    family: Option<String>,
    #[command(flatten)]
    script: ScriptArg,
    /// How far to plot: N for G(0..N), AxB for a table (default 1000, or 40x40).
    #[arg(long, value_name = "N|AxB")]
    to: Option<String>,
    /// The SVG file to write (`-` for standard output).
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// Most points (or table cells) in one picture.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_POINTS, value_parser = crate::count)]
    max_points: u64,
    /// Print a JSON summary of what was written.
    #[arg(long)]
    json: bool,
}

#[derive(serde::Serialize)]
struct Summary {
    file: String,
    kind: &'static str,
    points: u64,
    p_positions: u64,
    max_value: u64,
}

impl Summary {
    /// The summary of a picture of `values`.
    fn of<'v>(
        file: String,
        kind: &'static str,
        values: impl Iterator<Item = &'v Nimber>,
    ) -> Summary {
        let (mut points, mut p_positions, mut max_value) = (0, 0, 0);
        for v in values {
            points += 1;
            p_positions += u64::from(v.is_zero());
            max_value = max_value.max(v.0);
        }
        Summary {
            file,
            kind,
            points,
            p_positions,
            max_value,
        }
    }
}

pub fn plot(args: &PlotArgs, limits: &Limits, w: &mut impl Write) -> Outcome {
    let to_stdout = args.output.as_os_str() == "-";
    if to_stdout && args.json {
        return Err(Error::invalid(
            "--json prints a summary, so it needs -o FILE rather than -o -",
        )
        .into());
    }
    let family =
        grundy::expr::family_named_with(&args.script.or_text(args.family.as_deref())?, limits)?;
    let head = family.head();
    let extent = extent_for(
        family.as_ref(),
        read_extent(args.to.as_deref())?,
        DEFAULT_TO,
        DEFAULT_SIDE,
        limits,
    )?;
    let (svg, summary) = match extent {
        Extent::One(to) => {
            check_points(u128::from(to) + 1, args.max_points)?;
            let values = values(family.as_ref(), to, limits)?;
            let labels = Labels {
                title: format!("Grundy values of {head}, n = 0..{to}"),
                x: "n (heap size)".into(),
                y: "G(n)".into(),
            };
            let summary = Summary::of(args.output.display().to_string(), "scatter", values.iter());
            (scatter(&values, &labels), summary)
        }
        Extent::Two(rows, columns) => {
            check_points(
                (u128::from(rows) + 1) * (u128::from(columns) + 1),
                args.max_points,
            )?;
            let table = Plane::compute(family.as_ref(), rows, columns, limits)?;
            let labels = Labels {
                title: format!("Grundy values of {head}(a, b), a = 0..{rows}, b = 0..{columns}"),
                x: "a (first number)".into(),
                y: "b (second number)".into(),
            };
            let summary = Summary::of(
                args.output.display().to_string(),
                "heat-map",
                table.values.iter().flatten(),
            );
            (heat_map(&table, &labels), summary)
        }
    };
    if to_stdout {
        w.write_all(svg.as_bytes())?;
        return Ok(());
    }
    std::fs::write(&args.output, svg).map_err(|e| Error::io(args.output.display(), e))?;
    if args.json {
        return out::json(w, &summary);
    }
    let what = if summary.kind == "scatter" {
        "points (G(n) against n)"
    } else {
        "cells (heat map)"
    };
    writeln!(
        w,
        "wrote {}: {} {what}, {} P-positions, largest value {}",
        summary.file, summary.points, summary.p_positions, summary.max_value
    )?;
    Ok(())
}
