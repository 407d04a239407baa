//! Board positions laid out for drawing: where each cell or vertex sits,
//! whether it is still in play, and which cells a move played.
//!
//! A face that draws a board (the web page) asks a family for the
//! [`Layout`] of a component ([`super::Family::layout`]) and lets a player
//! point at cells; [`played`] says which cells a move played, by comparing
//! the layouts before and after it, so that a click can be matched to a
//! move of the family's own list, and [`removed`] which cells it took out
//! of play, so that a face can show them (a Chomp bite's cells, which the
//! layout after it no longer lists).

use serde::Serialize;

/// Which game is played on the board: how a move is pointed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BoardGame {
    /// Cram: a move covers two free cells side by side or one above the
    /// other (a domino).
    Cram,
    /// Node Kayles: a move takes one vertex, and its neighbours go with it.
    NodeKayles,
    /// Chomp: a move bites one cell, and every cell below and to the right
    /// of it goes too; the poisoned corner is never bitten.
    Chomp,
}

/// How the spots are placed on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Placement {
    /// On the rows and columns of a grid.
    Grid,
    /// On a circle, in order (a cycle, or a graph read from a file, which
    /// has no drawing of its own).
    Circle,
}

/// What is on a cell or vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SpotState {
    /// In play.
    Free,
    /// Taken by a move: covered by a domino, or a vertex removed.
    Taken,
    /// Not part of the board (a `#` of a Cram board file).
    Blocked,
    /// Chomp's poisoned corner: in play, never bitten.
    Poisoned,
}

/// One cell or vertex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Spot {
    /// Its name in positions: `b3` for a cell, `5` or `a` for a vertex.
    pub name: String,
    /// Its row, from 0 at the top (0 for every spot of a circle).
    pub row: u32,
    /// Its column, from 0 at the left (its place on a circle).
    pub column: u32,
    /// What is on it.
    pub state: SpotState,
}

/// A board position laid out for drawing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Layout {
    /// The game played on it.
    pub game: BoardGame,
    /// How the spots are placed.
    pub placement: Placement,
    /// Rows of the grid (1 for a circle).
    pub rows: u32,
    /// Columns of the grid (the number of spots for a circle).
    pub columns: u32,
    /// Every cell or vertex, in board order. A Chomp layout lists the
    /// cells still there only.
    pub spots: Vec<Spot>,
    /// The edges of a Node Kayles graph, as indices into `spots`, each
    /// once (empty for Cram and Chomp, whose neighbours are the grid's).
    pub edges: Vec<[usize; 2]>,
}

impl Layout {
    /// Whether the spot named `name` is in play and may be moved on.
    fn open(&self, name: &str) -> bool {
        self.spots
            .iter()
            .any(|s| s.name == name && s.state == SpotState::Free)
    }
}

/// The spots of `before` (by index, in board order) that the move to
/// `after` took out of play: a domino's two cells, the vertex taken with
/// its free neighbours, the cell bitten with every cell below and to the
/// right of it. A Chomp layout after the bite no longer lists these cells,
/// so a face that shows which cells went draws them from `before`. Both
/// layouts must be of the same board.
///
/// ```
/// use grundy::expr::{Arg, family_named};
/// use grundy::family::layout::removed;
/// let chomp = family_named("chomp").unwrap();
/// let before = chomp.layout(&[Arg::Word("2x3".into())]).unwrap();
/// let after = chomp.layout(&[Arg::Int(3), Arg::Int(1)]).unwrap();
/// let cells: Vec<&str> = removed(&before, &after).iter().map(|&i| before.spots[i].name.as_str()).collect();
/// assert_eq!(cells, ["b2", "c2"]);
/// ```
pub fn removed(before: &Layout, after: &Layout) -> Vec<usize> {
    // Absent from the layout after the move (a Chomp bite), or no longer
    // free there.
    (0..before.spots.len())
        .filter(|&i| before.spots[i].state == SpotState::Free && !after.open(&before.spots[i].name))
        .collect()
}

/// The spots of `before` (by index) that the move to `after` played: the
/// two cells of a Cram domino, the vertex a Node Kayles move took (not
/// the neighbours that went with it), the cell a Chomp move bit. Both
/// layouts must be of the same board.
///
/// ```
/// use grundy::expr::family_named;
/// use grundy::expr::Arg;
/// use grundy::family::layout::played;
/// let cram = family_named("cram").unwrap();
/// let before = cram.layout(&[Arg::Word("2x3".into())]).unwrap();
/// let after = cram
///     .layout(&[Arg::Word("2x3".into()), Arg::Word("a1".into()), Arg::Word("b1".into())])
///     .unwrap();
/// let cells: Vec<&str> = played(&before, &after).iter().map(|&i| before.spots[i].name.as_str()).collect();
/// assert_eq!(cells, ["a1", "b1"]);
/// ```
pub fn played(before: &Layout, after: &Layout) -> Vec<usize> {
    played_among(before, &removed(before, after))
}

/// The spots of `before` that a move played, given the spots `gone` it
/// took out of play (as [`removed`] finds them): for a face that needs
/// both without comparing the layouts twice.
pub fn played_among(before: &Layout, gone: &[usize]) -> Vec<usize> {
    match before.game {
        BoardGame::Cram => gone.to_vec(),
        // The bite is the corner of what went: its least row, and the
        // least column within that row.
        BoardGame::Chomp => gone
            .iter()
            .copied()
            .min_by_key(|&i| (before.spots[i].row, before.spots[i].column))
            .into_iter()
            .collect(),
        // The vertex whose free closed neighbourhood is exactly what went
        // (two such vertices make the same move, so either names it).
        BoardGame::NodeKayles => gone
            .iter()
            .copied()
            .find(|&v| {
                let mut reach: Vec<usize> = before
                    .edges
                    .iter()
                    .filter_map(|&[a, b]| match (a == v, b == v) {
                        (true, _) => Some(b),
                        (_, true) => Some(a),
                        _ => None,
                    })
                    .filter(|&w| before.spots[w].state == SpotState::Free)
                    .chain([v])
                    .collect();
                reach.sort_unstable();
                reach.dedup();
                reach == gone
            })
            .into_iter()
            .collect(),
    }
}
