//! The game graph of a small position, with each value worked out by mex
//! from the terminal positions up, as the Sprague–Grundy definition is
//! taught by hand: `G(7) = mex{G(6), G(4), G(3)} = mex{0, 1, 2} = 3`.
//!
//! The graph is explored over canonical positions ([`CanonicalSum`]:
//! heaps sorted, empty heaps dropped), so `nim(1,2)` and `nim(2,1)` are one
//! node, as they are one game. Values are computed on the graph itself, by
//! the definition, not by the families' fast paths; a test checks that the
//! two agree.

use std::collections::HashMap;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::expr::sum_game::Args;
use crate::expr::{CanonicalSum, Position};
use crate::family::{Arg, Shape};
use crate::game::Game;
use crate::limits::Limits;
use crate::nimber::{Mex, Nimber};

/// One position of the graph.
#[derive(Clone, Debug, Serialize)]
pub struct Node {
    /// The position, canonical: `nim(2,5)`.
    pub position: String,
    /// A short name for a position of one term: its arguments (`7`,
    /// `3,5`), or `0` when no heap is left; the whole position otherwise.
    pub label: String,
    /// Its Grundy value: the mex of its options' values.
    pub grundy: Nimber,
    /// The longest run of moves from it to a terminal position (0 for a
    /// terminal position): drawing by height puts every move downwards.
    pub height: u32,
    /// Its options, as indices into [`GameGraph::nodes`], each once.
    pub moves: Vec<usize>,
}

/// The game graph of a position: every position reachable from it.
#[derive(Clone, Debug, Serialize)]
pub struct GameGraph {
    /// The positions; the first is the start.
    pub nodes: Vec<Node>,
    /// The order in which the values are worked out: by height, so every
    /// option's value is known before the mex that uses it.
    pub order: Vec<usize>,
}

/// What exploring a position found.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Explored {
    /// The whole graph, within the size asked for.
    Graph(GameGraph),
    /// More positions than asked for: how many were found before the count
    /// stopped, and whether that is all of them.
    TooLarge {
        /// Positions found.
        positions: usize,
        /// Whether `positions` is the exact size (else a lower bound).
        exact: bool,
        /// The most positions drawn.
        max_nodes: usize,
    },
}

/// How many positions the size of a too-large graph is counted to.
pub const COUNT_TO: usize = 100_000;

/// Explores the game graph of `position` (normal play, no cycles): the
/// whole graph when it has at most `max_nodes` positions, otherwise its
/// size (counted up to [`COUNT_TO`] positions).
///
/// ```
/// use grundy::analysis::game_graph::{explore, Explored};
/// use grundy::{expr::Position, Limits, Nimber};
/// let p = Position::parse("sub{1,3,4}(7)").unwrap();
/// let Explored::Graph(g) = explore(&p, 50, &Limits::default()).unwrap() else { panic!() };
/// assert_eq!(g.nodes.len(), 8);
/// assert_eq!(g.nodes[0].label, "7");
/// assert_eq!(g.nodes[0].grundy, Nimber(0));
/// ```
pub fn explore(position: &Position, max_nodes: usize, limits: &Limits) -> Result<Explored> {
    if crate::analysis::loopy::involves_cycles(position) {
        return Err(Error::invalid(
            "games with cycles have no mex computation to draw (their values are generalised); ask for the value instead",
        ));
    }
    let (game, start) = CanonicalSum::new(position, limits);
    let mut index: HashMap<Args, usize> = HashMap::new();
    let mut positions: Vec<Args> = vec![start.clone()];
    let mut options: Vec<Vec<usize>> = Vec::new();
    index.insert(start, 0);
    let mut buffer = Vec::new();
    // Breadth first, so a refused graph is at least counted level by level.
    let mut next = 0;
    while next < positions.len() {
        limits.check_stop()?;
        if positions.len() > max_nodes {
            return count_rest(&game, positions, index, next, limits).map(|(n, exact)| {
                Explored::TooLarge {
                    positions: n,
                    exact,
                    max_nodes,
                }
            });
        }
        buffer.clear();
        game.moves(&positions[next], &mut buffer);
        game.check()?;
        let mut mine = Vec::with_capacity(buffer.len());
        for option in buffer.drain(..) {
            let i = *index.entry(option.clone()).or_insert_with(|| {
                positions.push(option);
                positions.len() - 1
            });
            if !mine.contains(&i) {
                mine.push(i);
            }
        }
        options.push(mine);
        next += 1;
    }
    if positions.len() > max_nodes {
        return Ok(Explored::TooLarge {
            positions: positions.len(),
            exact: true,
            max_nodes,
        });
    }
    let (grundy, height) = values(&options)?;
    let one_term = position.terms.len() == 1;
    let nodes: Vec<Node> = positions
        .iter()
        .zip(options)
        .enumerate()
        .map(|(i, (args, moves))| {
            let p = game.position(args);
            Node {
                label: label(&p, one_term),
                position: p.to_string(),
                grundy: grundy[i],
                height: height[i],
                moves,
            }
        })
        .collect();
    let mut order: Vec<usize> = (0..nodes.len()).collect();
    order.sort_by_key(|&i| (nodes[i].height, i));
    Ok(Explored::Graph(GameGraph { nodes, order }))
}

/// Goes on exploring without keeping the moves, to say how large the graph
/// is: up to [`COUNT_TO`] positions, or until the time limit.
fn count_rest(
    game: &CanonicalSum,
    mut positions: Vec<Args>,
    mut index: HashMap<Args, usize>,
    mut next: usize,
    limits: &Limits,
) -> Result<(usize, bool)> {
    let mut buffer = Vec::new();
    while next < positions.len() {
        if positions.len() >= COUNT_TO || limits.check_stop().is_err() {
            return Ok((positions.len(), false));
        }
        buffer.clear();
        game.moves(&positions[next], &mut buffer);
        if game.check().is_err() {
            return Ok((positions.len(), false));
        }
        for option in buffer.drain(..) {
            if !index.contains_key(&option) {
                index.insert(option.clone(), positions.len());
                positions.push(option);
            }
        }
        next += 1;
    }
    Ok((positions.len(), true))
}

/// The Grundy value and height of every node, by the definition: a node's
/// value is the mex of its options' values, computed depth first.
fn values(options: &[Vec<usize>]) -> Result<(Vec<Nimber>, Vec<u32>)> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let n = options.len();
    let mut state = vec![NEW; n];
    let mut grundy = vec![Nimber(0); n];
    let mut height = vec![0u32; n];
    let mut mex = Mex::new();
    for root in 0..n {
        if state[root] != NEW {
            continue;
        }
        // An explicit stack of (node, next option to visit): graphs may be
        // deeper than the native stack allows recursion.
        let mut stack = vec![(root, 0usize)];
        state[root] = OPEN;
        while let Some(top) = stack.last_mut() {
            let (v, k) = *top;
            if let Some(&w) = options[v].get(k) {
                top.1 += 1;
                match state[w] {
                    NEW => {
                        state[w] = OPEN;
                        stack.push((w, 0));
                    }
                    OPEN => {
                        return Err(Error::invalid(
                            "this game can return to a position (a cycle), so it has no mex computation to draw",
                        ));
                    }
                    _ => {}
                }
                continue;
            }
            grundy[v] = mex.of(options[v].iter().map(|&w| grundy[w]));
            height[v] = options[v].iter().map(|&w| height[w] + 1).max().unwrap_or(0);
            state[v] = DONE;
            stack.pop();
        }
    }
    Ok((grundy, height))
}

/// The short name of a node (see [`Node::label`]).
fn label(p: &Position, one_term: bool) -> String {
    if !one_term || p.terms.len() != 1 {
        // Canonical form drops empty heaps; a sum reads better with a
        // heap family's last heap written as 0, `nim(0) + sub{1,2}(1)`.
        let terms: Vec<String> = p
            .terms
            .iter()
            .map(|t| match t.family.shape() {
                Shape::Heaps if t.args.is_empty() => format!("{}(0)", t.family.head()),
                _ => t.to_string(),
            })
            .collect();
        return terms.join(" + ");
    }
    let term = &p.terms[0];
    if term.args.is_empty() {
        return match term.family.shape() {
            Shape::Heaps => "0".to_string(),
            Shape::Whole => p.to_string(),
        };
    }
    let args: Vec<String> = term.args.iter().map(Arg::to_string).collect();
    args.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::normal;

    fn graph(text: &str, max: usize) -> GameGraph {
        match explore(&Position::parse(text).unwrap(), max, &Limits::default()).unwrap() {
            Explored::Graph(g) => g,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn values_by_mex_agree_with_the_fast_paths() {
        for text in [
            "sub{1,3,4}(12)",
            "nim(2,3)",
            "kayles(7)",
            "wythoff(3,4)",
            "nim(3) + sub{1,2}(4)",
            "turtles(THTTH)",
            "grundy-game(9)",
        ] {
            let g = graph(text, 5000);
            for node in &g.nodes {
                let p = Position::parse(&node.position).unwrap();
                let fast = normal::value(&p, &Limits::default()).unwrap();
                assert_eq!(node.grundy, fast, "{text}: {}", node.position);
            }
        }
    }

    #[test]
    fn order_puts_options_first_and_heights_point_down() {
        let g = graph("sub{1,3,4}(9) + nim(2)", 500);
        let mut seen = vec![false; g.nodes.len()];
        for &i in &g.order {
            for &w in &g.nodes[i].moves {
                assert!(seen[w], "option computed after its parent");
                assert!(g.nodes[w].height < g.nodes[i].height);
            }
            seen[i] = true;
        }
    }

    #[test]
    fn a_large_graph_is_counted_not_drawn() {
        let p = Position::parse("nim(3,5,7)").unwrap();
        let Explored::TooLarge {
            positions, exact, ..
        } = explore(&p, 10, &Limits::default()).unwrap()
        else {
            panic!("drawn");
        };
        // Canonical nim(a,b,c) with a <= b <= c <= 7 below (3,5,7): counted whole.
        assert!(exact);
        assert!(positions > 10);
    }

    #[test]
    fn labels_are_short_for_one_term() {
        let g = graph("nim(2)", 10);
        let mut labels: Vec<&str> = g.nodes.iter().map(|n| n.label.as_str()).collect();
        labels.sort();
        assert_eq!(labels, ["0", "1", "2"]);
        let g = graph("nim(1) + sub{1}(1)", 10);
        assert_eq!(g.nodes[0].label, "nim(1) + sub{1}(1)");
        // An emptied heap reads as 0 in a sum's label.
        assert!(g.nodes.iter().any(|n| n.label == "nim(0) + sub{1}(1)"));
    }
}
