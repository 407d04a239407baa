//! Green Hackenbush (Winning Ways, ch. 7): a picture of edges standing on
//! the ground; a move cuts one edge, and whatever no longer reaches the
//! ground falls and is gone. The player who cannot cut loses.
//!
//! The theory values any picture without search:
//!
//! - a *bamboo stalk* of `n` edges is the Nim heap `*n` ([`BAMBOO`]);
//! - the *colon principle* values a rooted tree from its branches
//!   ([`colon`], [`tree_value`]);
//! - the *fusion principle* fuses the vertices of every cycle, which turns
//!   any picture into a tree with loops ([`fusion`], [`rooted_value`]): an
//!   odd cycle becomes one edge and an even one a vertex, which settles the
//!   Christmas Game's trees with polygons hanging on them (POJ 3710).
//!
//! [`Hackenbush`] keeps the literal rule of cutting, so the tests hold both
//! principles against a brute-force search of every small picture.

mod bamboo;
pub mod colon;
pub mod cuts;
mod file;
pub mod fusion;
mod game;
mod picture;

pub use bamboo::BAMBOO;
pub use file::parse_picture;
pub use fusion::{Fused, Reduction};
pub use game::{Hackenbush, HackenbushFamily};
pub use picture::Picture;

use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::nimber::Nimber;

/// The value of a rooted tree by the colon principle. Vertices are
/// `0..vertices`, `edges` join them, `root` stands on the ground. An edge
/// not joined to the root, a loop or a cycle is an error (use
/// [`rooted_value`] for pictures with cycles).
///
/// ```
/// use grundy::hackenbush::tree_value;
/// use grundy::Nimber;
/// // A root with a stalk of 2 and a fork of two single edges on top of one edge:
/// // *2 ⊕ (0 ⊕ *1 ⊕ *1) + 1 = *2 ⊕ *1 = *3.
/// let edges = [(0, 1), (1, 2), (0, 3), (3, 4), (3, 5)];
/// assert_eq!(tree_value(6, &edges, 0).unwrap(), Nimber(3));
/// assert!(tree_value(3, &[(0, 1), (1, 2), (2, 0)], 0).is_err());
/// ```
pub fn tree_value(vertices: usize, edges: &[(usize, usize)], root: usize) -> Result<Nimber> {
    Picture::from_edges(vertices, edges, root)?;
    let mut adjacency = vec![Vec::new(); vertices];
    for &(u, v) in edges {
        adjacency[u].push(v);
        adjacency[v].push(u);
    }
    // Connected to the root, so it is a tree exactly when it has one edge
    // fewer than the vertices it touches.
    let touched = (0..vertices)
        .filter(|&v| v == root || !adjacency[v].is_empty())
        .count();
    if edges.len() != touched - 1 {
        return Err(Error::invalid(format!(
            "not a tree: {} edges on {touched} vertices make a cycle (rooted_value handles cycles)",
            edges.len()
        )));
    }
    Ok(colon::tree_value(
        &adjacency,
        root,
        &vec![Nimber::ZERO; vertices],
    ))
}

/// The value of any picture on vertices `0..vertices` standing on `root`:
/// trees, the Christmas Game's trees with polygons (POJ 3710), any graph
/// with loops and parallel edges. By the fusion principle, `O(V + E)`.
///
/// The Christmas Game's sample: a single edge (`*1`), and an edge under a
/// triangle (the odd cycle fuses to a loop, worth `*1`, so the edge below
/// it makes a stalk of 2). `*1 ⊕ *2 ≠ 0`: Sally, who moves first, wins.
///
/// ```
/// use grundy::hackenbush::rooted_value;
/// use grundy::Nimber;
/// // Vertices numbered from 1 as in the problem: vertex 0 is unused.
/// let first = rooted_value(3, &[(1, 2)], 1).unwrap();
/// let second = rooted_value(5, &[(1, 2), (2, 3), (2, 4), (3, 4)], 1).unwrap();
/// assert_eq!((first, second), (Nimber(1), Nimber(2)));
/// assert!(!(first + second).is_zero());
/// ```
pub fn rooted_value(vertices: usize, edges: &[(usize, usize)], root: usize) -> Result<Nimber> {
    let picture = Picture::from_edges(vertices, edges, root)?;
    Ok(fusion::value(&picture, &picture.all()))
}

/// The standing edges whose cut leaves a position of value 0: the winning
/// moves, none when the position is already 0 (see [`cuts::cuts_to`]).
///
/// ```
/// use grundy::hackenbush::{winning_cuts, Picture};
/// use grundy::Limits;
/// // A stalk of 2 beside a stalk of 1: cut the top of the stalk of 2.
/// let p = Picture::from_edges(4, &[(0, 1), (1, 2), (0, 3)], 0).unwrap();
/// assert_eq!(winning_cuts(&p, &p.all(), &Limits::default()).unwrap(), [1]);
/// ```
pub fn winning_cuts(picture: &Picture, standing: &[bool], limits: &Limits) -> Result<Vec<usize>> {
    cuts::cuts_to(picture, standing, Nimber::ZERO, limits)
}
