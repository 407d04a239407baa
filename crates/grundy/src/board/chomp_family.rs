//! Chomp as a family of the expression language: `chomp(RxC)` is a full
//! bar, `chomp(5,5,3,1)` a bar with row lengths from the top (the row with
//! the poisoned cell first). A position prints as `RxC` when its rows are
//! equal, else as its row lengths.

use std::sync::{Arc, Mutex};

use super::chomp::ChompTable;
use super::text;
use crate::error::{Error, Result};
use crate::family::layout::{BoardGame, Layout, Placement, Spot, SpotState};
use crate::family::{Arg, Family, Shape};
use crate::limits::Limits;
use crate::nimber::Nimber;

/// `chomp(RxC)`, `chomp(l1,l2,...)`: values from the tables of the bars
/// asked about, kept for the family's lifetime.
#[derive(Default)]
pub struct ChompFamily {
    tables: Mutex<Vec<Arc<ChompTable>>>,
}

impl ChompFamily {
    /// The family, with no table computed yet.
    pub fn new() -> ChompFamily {
        ChompFamily::default()
    }

    /// The row lengths (no empty rows) an argument list describes.
    fn rows(&self, args: &[Arg]) -> Result<Vec<usize>> {
        let rows: Vec<usize> = match args {
            [Arg::Word(size)] => {
                let (r, c) = text::parse_any_size(size, "chomp(4x5)")?;
                if r.saturating_mul(c) > u16::MAX as u64 {
                    return Err(Error::invalid(format!(
                        "chomp({size}) has more than {} cells",
                        u16::MAX
                    )));
                }
                vec![c as usize; r as usize]
            }
            [] => {
                return Err(Error::invalid(
                    "chomp needs a bar, as chomp(4x5) or row lengths chomp(5,5,3,1)",
                ));
            }
            _ => {
                let mut rows = Vec::with_capacity(args.len());
                for a in args {
                    let n = a.int("a row length")?;
                    if n > u16::MAX as u64 {
                        return Err(Error::invalid(format!("a row of {n} is too long")));
                    }
                    rows.push(n as usize);
                }
                rows
            }
        };
        if rows.first().is_none_or(|&n| n == 0) {
            return Err(Error::invalid(
                "the first row holds the poisoned cell, so it has at least one cell",
            ));
        }
        if let Some(w) = rows.windows(2).find(|w| w[1] > w[0]) {
            return Err(Error::invalid(format!(
                "row lengths must not grow from the top down: {} then {}",
                w[0], w[1]
            )));
        }
        let cells: usize = rows.iter().sum();
        if cells > u16::MAX as usize {
            return Err(Error::invalid(format!(
                "a bar of {cells} cells is too large (at most {})",
                u16::MAX
            )));
        }
        Ok(rows.into_iter().filter(|&n| n > 0).collect())
    }

    /// The argument list of a diagram.
    fn encode(rows: &[usize]) -> Vec<Arg> {
        let rows: Vec<usize> = rows.iter().copied().filter(|&n| n > 0).collect();
        if rows.len() > 1 && rows.iter().all(|&n| n == rows[0]) {
            return vec![Arg::Word(format!("{}x{}", rows.len(), rows[0]))];
        }
        rows.into_iter().map(|n| Arg::Int(n as u64)).collect()
    }

    /// A table holding the diagram, computed when none does yet.
    fn table(&self, rows: &[usize], limits: &Limits) -> Result<Arc<ChompTable>> {
        let mut tables = self.tables.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(t) = tables.iter().find(|t| t.holds(rows)) {
            return Ok(t.clone());
        }
        let table = Arc::new(ChompTable::build(rows.len(), rows[0], limits)?);
        tables.push(table.clone());
        Ok(table)
    }
}

impl Family for ChompFamily {
    fn head(&self) -> String {
        "chomp".into()
    }

    fn shape(&self) -> Shape {
        Shape::Whole
    }

    fn check(&self, component: &[Arg], _limits: &Limits) -> Result<()> {
        self.rows(component).map(|_| ())
    }

    fn value(&self, component: &[Arg], limits: &Limits) -> Result<Nimber> {
        let rows = self.rows(component)?;
        Ok(self.table(&rows, limits)?.value(&rows))
    }

    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()> {
        let rows = self.rows(component)?;
        let cells: usize = rows.iter().sum();
        limits.check_moves(cells as u64 - 1)?;
        for (r, &len) in rows.iter().enumerate() {
            for c in 0..len {
                if (r, c) == (0, 0) {
                    continue; // the poisoned cell is never bitten
                }
                let bitten: Vec<usize> = rows
                    .iter()
                    .enumerate()
                    .map(|(i, &n)| if i >= r { n.min(c) } else { n })
                    .collect();
                out.push(ChompFamily::encode(&bitten));
            }
        }
        Ok(())
    }

    fn draw(&self, component: &[Arg]) -> Option<String> {
        let rows = self.rows(component).ok()?;
        let lines: Vec<String> = rows
            .iter()
            .enumerate()
            .map(|(r, &n)| {
                let mut line = "■ ".repeat(n);
                if r == 0 {
                    line.replace_range(0..'■'.len_utf8(), "☠");
                }
                line.trim_end().to_string()
            })
            .collect();
        Some(lines.join("\n"))
    }

    fn layout(&self, component: &[Arg]) -> Option<Layout> {
        let rows = self.rows(component).ok()?;
        let mut spots = Vec::new();
        for (r, &len) in rows.iter().enumerate() {
            for c in 0..len {
                spots.push(Spot {
                    name: text::cell_name(r as u32, c as u32),
                    row: r as u32,
                    column: c as u32,
                    state: if (r, c) == (0, 0) {
                        SpotState::Poisoned
                    } else {
                        SpotState::Free
                    },
                });
            }
        }
        Some(Layout {
            game: BoardGame::Chomp,
            placement: Placement::Grid,
            rows: rows.len() as u32,
            columns: rows[0] as u32,
            spots,
            edges: Vec::new(),
        })
    }
}
