//! The table of a two-parameter family (`wythoff(a,b)`, `grid(x,y)`) and
//! the regularities a reader would look for in it: the P-positions,
//! symmetry, the nim-sum formula, and rows, columns and diagonals that are
//! periodic or arithmetic-periodic.
//!
//! Every regularity is *observed* on the table only. Rows of Wythoff's game,
//! for instance, are known to be arithmetic-periodic (Dress, Flammenkamp and
//! Pink, "Additive periodicity of the Sprague-Grundy function of certain Nim
//! games", Adv. Appl. Math. 22, 1999), but the table cannot tell which
//! family is which, so it claims nothing beyond what it shows.

use serde::Serialize;

use crate::error::{Error, LimitKind, Result};
use crate::family::{Arg, Family};
use crate::limits::Limits;
use crate::nimber::Nimber;
use crate::period::Periodicity;
use crate::period::observe::observe;

/// Lines shorter than this are not searched for periods, and a period must
/// hold on at least this many values of a line: a few values prove too
/// little.
pub const MIN_LINE: usize = 12;

/// `G(a, b)` for `a <= rows`, `b <= columns`.
#[derive(Clone, Debug, Serialize)]
pub struct Plane {
    /// The family, canonical.
    pub family: String,
    /// `values[a][b] = G(a, b)`.
    pub values: Vec<Vec<Nimber>>,
}

impl Plane {
    /// Computes the table of `family` (positions of two numbers). The number
    /// of cells is bounded by `limits.bounds.max_positions` (a search memoises at
    /// least that many positions anyway).
    pub fn compute(family: &dyn Family, rows: u64, columns: u64, limits: &Limits) -> Result<Plane> {
        let cells = (rows as u128 + 1) * (columns as u128 + 1);
        if cells > limits.bounds.max_positions as u128 {
            return Err(Error::limit_of(
                LimitKind::Positions,
                "table cells",
                limits.bounds.max_positions as u64,
            ));
        }
        let mut values = Vec::with_capacity(rows as usize + 1);
        for a in 0..=rows {
            limits.check_stop()?;
            let row = (0..=columns)
                .map(|b| family.value(&[Arg::Int(a), Arg::Int(b)], limits))
                .collect::<Result<Vec<_>>>()?;
            values.push(row);
        }
        Ok(Plane {
            family: family.head(),
            values,
        })
    }

    /// The largest first argument.
    pub fn rows(&self) -> u64 {
        self.values.len() as u64 - 1
    }

    /// The largest second argument.
    pub fn columns(&self) -> u64 {
        self.values[0].len() as u64 - 1
    }

    /// `G(a, b)`.
    pub fn get(&self, a: u64, b: u64) -> Nimber {
        self.values[a as usize][b as usize]
    }

    /// Every cell `(a, b)` of value 0, row by row.
    pub fn p_positions(&self) -> Vec<(u64, u64)> {
        self.cells()
            .filter(|&(a, b)| self.get(a, b).is_zero())
            .collect()
    }

    fn cells(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        (0..=self.rows()).flat_map(move |a| (0..=self.columns()).map(move |b| (a, b)))
    }

    /// The values along a line of the table.
    pub fn line(&self, line: Line) -> Vec<Nimber> {
        let (rows, columns) = (self.rows(), self.columns());
        match line {
            Line::Row(a) => self.values[a as usize].clone(),
            Line::Column(b) => (0..=rows).map(|a| self.get(a, b)).collect(),
            Line::Diagonal(d) if d >= 0 => {
                let d = d as u64;
                (0..=rows)
                    .take_while(|&a| a + d <= columns)
                    .map(|a| self.get(a, a + d))
                    .collect()
            }
            Line::Diagonal(d) => {
                let d = d.unsigned_abs();
                (0..=columns)
                    .take_while(|&b| b + d <= rows)
                    .map(|b| self.get(b + d, b))
                    .collect()
            }
        }
    }
}

/// A line of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "index", rename_all = "lowercase")]
pub enum Line {
    /// `G(a, 0), G(a, 1), ...` for a fixed first argument `a`.
    Row(u64),
    /// `G(0, b), G(1, b), ...` for a fixed second argument `b`.
    Column(u64),
    /// The cells with `b - a = d`, from the edge of the table outwards.
    Diagonal(i64),
}

impl std::fmt::Display for Line {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Line::Row(a) => write!(f, "row a = {a}"),
            Line::Column(b) => write!(f, "column b = {b}"),
            Line::Diagonal(d) => write!(f, "diagonal b - a = {d}"),
        }
    }
}

/// A line whose values are (arithmetic-)periodic along it.
#[derive(Clone, Debug, Serialize)]
pub struct RegularLine {
    /// Which line.
    pub line: Line,
    /// Its period, observed.
    pub period: Periodicity,
}

/// What [`plane_pattern`] found in a table.
#[derive(Clone, Debug, Serialize)]
pub struct PlanePattern {
    /// Every P-position in the table.
    pub p_positions: Vec<(u64, u64)>,
    /// Whether `G(a, b) = G(b, a)` wherever both are in the table.
    pub symmetric: bool,
    /// Whether `G(a, b) = a ⊕ b` everywhere in the table.
    pub nim_sum: bool,
    /// Whether no row and no column holds two P-positions.
    pub one_p_per_line: bool,
    /// The lines found periodic or arithmetic-periodic.
    pub regular: Vec<RegularLine>,
    /// How many lines of at least [`MIN_LINE`] values were searched.
    pub lines_searched: usize,
}

/// Looks for regularities in a table.
///
/// Rows are always searched; columns and the diagonals below the main one
/// only when the table is not symmetric (otherwise they repeat the rows and
/// upper diagonals).
///
/// ```
/// use grundy::{Limits, expr::family_named, pattern::plane::{Plane, plane_pattern}};
/// let grid = family_named("grid").unwrap();
/// let table = Plane::compute(grid.as_ref(), 20, 20, &Limits::default()).unwrap();
/// let found = plane_pattern(&table);
/// assert!(found.nim_sum && found.symmetric && found.one_p_per_line);
/// assert_eq!(found.p_positions.len(), 21); // the diagonal a = b
/// ```
pub fn plane_pattern(table: &Plane) -> PlanePattern {
    let (rows, columns) = (table.rows(), table.columns());
    let square = rows.min(columns);
    let symmetric = (0..=square).all(|a| (0..a).all(|b| table.get(a, b) == table.get(b, a)));
    let nim_sum = table.cells().all(|(a, b)| table.get(a, b) == Nimber(a ^ b));
    let p_positions = table.p_positions();
    let one_p_per_line = {
        let mut in_row = vec![0u32; rows as usize + 1];
        let mut in_column = vec![0u32; columns as usize + 1];
        for &(a, b) in &p_positions {
            in_row[a as usize] += 1;
            in_column[b as usize] += 1;
        }
        in_row.iter().chain(&in_column).all(|&c| c <= 1)
    };
    let mut lines: Vec<Line> = (0..=rows).map(Line::Row).collect();
    lines.extend((0..=columns as i64).map(Line::Diagonal));
    if !symmetric {
        lines.extend((0..=columns).map(Line::Column));
        lines.extend((1..=rows as i64).map(|d| Line::Diagonal(-d)));
    }
    let mut regular = Vec::new();
    let mut lines_searched = 0;
    for line in lines {
        let values = table.line(line);
        if values.len() < MIN_LINE {
            continue;
        }
        lines_searched += 1;
        // The periodic stretch itself must be long enough to mean
        // something: a short increasing run at the end of a row is not a
        // pattern.
        if let Some(period) =
            observe(&values).filter(|p| values.len() as u64 - p.preperiod >= MIN_LINE as u64)
        {
            regular.push(RegularLine { line, period });
        }
    }
    PlanePattern {
        p_positions,
        symmetric,
        nim_sum,
        one_p_per_line,
        regular,
        lines_searched,
    }
}
