//! A picture of a position for people: one line (or a few) per component,
//! its canonical text and the family's drawing ([`Family::draw`]) when it
//! has one: heaps as rows of tokens, graph tokens with their edges; and,
//! for faces that draw boards and let a player point at cells, each board
//! component's [`Layout`] with the cells every move plays ([`boards`]).

use serde::Serialize;

use crate::error::{Error, Result};
use crate::expr::Position;
use crate::expr::position::term_text;
use crate::family::Family;
use crate::family::layout::{Layout, played_among, removed};
use crate::limits::Limits;

/// A board component of a position, laid out, with its moves.
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    /// Which component of the position (in the order of
    /// [`Position::components`]).
    pub component: usize,
    /// The component written as a term: `cram(3x4,b1,c1)`.
    pub text: String,
    /// Its cells or vertices.
    pub layout: Layout,
    /// Every move on this board.
    pub moves: Vec<BoardMove>,
}

/// One move on a board.
#[derive(Clone, Debug, Serialize)]
pub struct BoardMove {
    /// The spots it plays, as indices into the layout's spots: a domino's
    /// two cells, the vertex taken, the cell bitten.
    pub cells: Vec<usize>,
    /// Every spot it takes out of play, as indices into the layout's
    /// spots: the domino's two cells, the vertex taken and its free
    /// neighbours, the cell bitten and every cell below and to the right
    /// of it (which the layout after a bite no longer lists).
    pub removes: Vec<usize>,
    /// The component after the move, written as a term.
    pub to: String,
    /// The whole position after the move.
    pub position: String,
}

/// The components of `position` played on a board ([`Family::layout`]),
/// each with its moves and the cells they play; components of other
/// games are left out. A board of more than `max_spots` cells or vertices
/// is refused (each move lays the board out again, so the work grows as
/// its square). Listing the moves counts against `limits.bounds.max_moves`, as
/// [`Family::moves`] does; no value is computed.
///
/// ```
/// use grundy::{Limits, expr::Position, play::board::boards};
/// let p = Position::parse("cram(2x3) + nim(2)").unwrap();
/// let views = boards(&p, 400, &Limits::default()).unwrap();
/// assert_eq!(views.len(), 1);
/// let domino = views[0].moves.iter().find(|m| m.to == "cram(2x3,a1,a2)").unwrap();
/// let cells: Vec<&str> = domino.cells.iter().map(|&i| views[0].layout.spots[i].name.as_str()).collect();
/// assert_eq!(cells, ["a1", "a2"]);
/// assert_eq!(domino.position, "cram(2x3,a1,a2) + nim(2)");
/// ```
pub fn boards(position: &Position, max_spots: usize, limits: &Limits) -> Result<Vec<BoardView>> {
    let mut views = Vec::new();
    for (index, c) in position.components().iter().enumerate() {
        let (family, args) = position.component(c);
        let Some(layout) = family.layout(args) else {
            continue;
        };
        if layout.spots.len() > max_spots {
            return Err(Error::invalid(format!(
                "{} has {} cells or vertices; at most {max_spots} are laid out",
                position.component_text(c),
                layout.spots.len()
            )));
        }
        let mut options = Vec::new();
        family.moves(args, limits, &mut options)?;
        let mut moves = Vec::with_capacity(options.len());
        for option in &options {
            limits.check_stop()?;
            let (cells, removes) = family
                .layout(option)
                .map_or_else(Default::default, |after| {
                    let removes = removed(&layout, &after);
                    (played_among(&layout, &removes), removes)
                });
            moves.push(BoardMove {
                cells,
                removes,
                to: term_text(family.as_ref(), option),
                position: position.replace(c, option).to_string(),
            });
        }
        views.push(BoardView {
            component: index,
            text: position.component_text(c),
            layout,
            moves,
        });
    }
    Ok(views)
}

/// The lines that show `position`: each component's text, padded to a
/// column, then its picture; further lines of a picture are indented to the
/// same column.
///
/// ```
/// use grundy::{expr::Position, play::board::board};
/// let lines = board(&Position::parse("nim(3,1)").unwrap());
/// assert_eq!(lines, ["nim(3)  ● ● ●", "nim(1)  ●"]);
/// ```
pub fn board(position: &Position) -> Vec<String> {
    let parts: Vec<(String, Option<String>)> = position
        .components()
        .iter()
        .map(|c| {
            let (family, args) = position.component(c);
            (
                position.component_text(c),
                Family::draw(family.as_ref(), args),
            )
        })
        .collect();
    let width = parts
        .iter()
        .map(|(t, _)| t.chars().count())
        .max()
        .unwrap_or(0);
    let mut lines = Vec::new();
    for (text, picture) in parts {
        match picture {
            None => lines.push(text),
            Some(picture) => {
                let pad = width - text.chars().count();
                for (i, row) in picture.lines().enumerate() {
                    if i == 0 {
                        lines.push(format!("{text}{:pad$}  {row}", ""));
                    } else {
                        lines.push(format!("{:width$}  {row}", ""));
                    }
                }
            }
        }
    }
    lines
}
