//! `grundy pattern`: the period of a one-parameter family, or the table and
//! regularities of a two-parameter family.

use std::io::Write;

use clap::Args;
use grundy::pattern::plane::{Line, Plane, PlanePattern, plane_pattern};
use grundy::pattern::sequence::{SequencePattern, proof_text, sequence_pattern};
use grundy::pattern::{Extent, extent_for};
use grundy::pattern::{MIN_REPETITIONS, PatternReport, Periodicity, PlaneReport, SequenceReport};
use grundy::{Limits, Nimber};

use crate::out::{self, Outcome};
use crate::script::ScriptArg;

/// Default range of a one-parameter family.
pub const DEFAULT_TO: u64 = 1000;
/// Default side of a two-parameter family's table.
pub const DEFAULT_SIDE: u64 = 40;
/// Text output lists at most this many values of a repeating block.
const BLOCK_SHOWN: usize = 60;

/// Arguments of `grundy pattern`.
#[derive(Args)]
pub struct PatternArgs {
    /// The family, for example "sub{2,5,6}", "allbut{2,3,7}" or "wythoff".
    #[arg(required_unless_present = "script", conflicts_with = "script")]
    family: Option<String>,
    #[command(flatten)]
    script: ScriptArg,
    /// How far to look: N for G(0..N), AxB for a table of two-parameter
    /// positions (default 1000, or 40x40).
    #[arg(long, value_name = "N|AxB")]
    to: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Reads `--to N` or `--to AxB`, when given. (Read here rather than by the
/// argument parser so a mistake is reported like every other error: one
/// line naming the column.)
pub fn read_extent(to: Option<&str>) -> grundy::Result<Option<Extent>> {
    to.map(Extent::parse).transpose()
}

pub fn pattern(args: &PatternArgs, limits: &Limits, w: &mut impl Write) -> Outcome {
    let family =
        grundy::expr::family_named_with(&args.script.or_text(args.family.as_deref())?, limits)?;
    match extent_for(
        family.as_ref(),
        read_extent(args.to.as_deref())?,
        DEFAULT_TO,
        DEFAULT_SIDE,
        limits,
    )? {
        Extent::One(to) => {
            let found = sequence_pattern(family.as_ref(), to, limits)?;
            if args.json {
                out::json(w, &PatternReport::Sequence(SequenceReport::of(&found)))
            } else {
                write_sequence(w, &found)
            }
        }
        Extent::Two(rows, columns) => {
            let table = Plane::compute(family.as_ref(), rows, columns, limits)?;
            let found = plane_pattern(&table);
            if args.json {
                let report = PlaneReport {
                    table,
                    pattern: found,
                };
                out::json(w, &PatternReport::Plane(report))
            } else {
                write_plane(w, &table, &found)
            }
        }
    }
}

/// "period 11 from n = 0" or "arithmetic period 4, saltus 2, from n = 5".
pub fn describe(p: &Periodicity, variable: &str) -> String {
    if p.saltus == 0 {
        format!("period {} from {variable} = {}", p.period, p.preperiod)
    } else {
        format!(
            "arithmetic period {}, saltus {}, from {variable} = {}",
            p.period, p.saltus, p.preperiod
        )
    }
}

fn values_text(values: &[Nimber], most: usize) -> String {
    let mut shown: Vec<String> = values.iter().take(most).map(|v| v.0.to_string()).collect();
    if values.len() > most {
        shown.push(format!(
            "… ({} values; --json lists them all)",
            values.len()
        ));
    }
    shown.join(" ")
}

fn write_sequence(w: &mut impl Write, found: &SequencePattern) -> Outcome {
    let Some(p) = &found.period else {
        writeln!(w, "{}: no period found up to {}", found.family, found.to)?;
        writeln!(
            w,
            "(a period is reported when it repeats at least {MIN_REPETITIONS} times and covers at least half of G(0..{}); try a larger --to)",
            found.to
        )?;
        return Ok(());
    };
    if p.saltus == 0 {
        writeln!(
            w,
            "{}: periodic with period {} from n = {}",
            found.family, p.period, p.preperiod
        )?;
    } else {
        writeln!(
            w,
            "{}: arithmetic-periodic with period {} and saltus {} from n = {}",
            found.family, p.period, p.saltus, p.preperiod
        )?;
    }
    let rule = if p.saltus == 0 {
        format!("G(n + {}) = G(n)", p.period)
    } else {
        format!("G(n + {}) = G(n) + {}", p.period, p.saltus)
    };
    writeln!(w, "rule: {rule} for every n ≥ {}", p.preperiod)?;
    writeln!(w, "{}", found.proof_text().unwrap_or_else(|| proof_text(p)))?;
    writeln!(
        w,
        "repeating block, n = {}..{}: {}",
        p.preperiod,
        p.preperiod + p.period - 1,
        values_text(&found.block, BLOCK_SHOWN)
    )?;
    match p.last_exception() {
        None => writeln!(w, "pre-period: none (the pattern holds from n = 0)")?,
        Some(last) => {
            writeln!(w, "pre-period: n = 0..{last}; last exception: n = {last}")?;
            let listed: Vec<String> = found
                .exceptions
                .iter()
                .map(|e| match e.pattern {
                    Some(v) => format!("G({}) = {} (pattern: {})", e.n, e.value.0, v.0),
                    None => format!("G({}) = {} (pattern: below 0)", e.n, e.value.0),
                })
                .collect();
            writeln!(w, "exceptions ({}): {}", listed.len(), listed.join(", "))?;
        }
    }
    Ok(())
}

/// The coordinate that runs along a line.
fn along(line: Line) -> &'static str {
    match line {
        Line::Row(_) => "b",
        Line::Column(_) => "a",
        Line::Diagonal(d) if d >= 0 => "a",
        Line::Diagonal(_) => "b",
    }
}

fn write_plane(w: &mut impl Write, table: &Plane, found: &PlanePattern) -> Outcome {
    let (rows, columns) = (table.rows(), table.columns());
    writeln!(
        w,
        "{}(a, b) for a = 0..{rows} (rows) and b = 0..{columns} (columns); P marks a P-position (value 0)",
        table.family
    )?;
    let widest = table
        .values
        .iter()
        .flatten()
        .map(|v| v.0)
        .max()
        .unwrap_or(0)
        .max(columns)
        .max(rows);
    let cell = widest.to_string().len() + 1;
    write!(w, "{:>cell$}", "a\\b")?;
    for b in 0..=columns {
        write!(w, "{b:>cell$}")?;
    }
    writeln!(w)?;
    for a in 0..=rows {
        write!(w, "{a:>cell$}")?;
        for v in &table.values[a as usize] {
            if v.is_zero() {
                write!(w, "{:>cell$}", "P")?;
            } else {
                write!(w, "{:>cell$}", v.0)?;
            }
        }
        writeln!(w)?;
    }
    writeln!(w)?;
    let ps: Vec<String> = found
        .p_positions
        .iter()
        .map(|(a, b)| format!("({a},{b})"))
        .collect();
    writeln!(w, "P-positions ({}): {}", ps.len(), ps.join(" "))?;
    writeln!(w, "observed on this table only:")?;
    if found.symmetric {
        writeln!(w, "  symmetric: G(a, b) = G(b, a)")?;
    }
    if found.nim_sum {
        writeln!(w, "  G(a, b) = a ⊕ b everywhere")?;
    }
    if found.one_p_per_line {
        writeln!(w, "  at most one P-position in each row and each column")?;
    }
    for r in &found.regular {
        writeln!(w, "  {}: {}", r.line, describe(&r.period, along(r.line)))?;
    }
    let irregular = found.lines_searched - found.regular.len();
    let searched = if found.symmetric {
        "rows and upper diagonals (the table is symmetric)"
    } else {
        "rows, columns and diagonals"
    };
    let min = grundy::pattern::plane::MIN_LINE;
    if irregular == 0 {
        writeln!(
            w,
            "  a period was found in each of the {} {searched} of at least {min} values",
            found.lines_searched
        )?;
    } else {
        writeln!(
            w,
            "  no period found in {irregular} of the {} {searched} of at least {min} values",
            found.lines_searched
        )?;
    }
    Ok(())
}
