//! The positions a game can reach, as an explicit graph.
//!
//! Games with cycles cannot be solved by a depth-first search (a position
//! may depend on itself), so they are first laid out in full: every position
//! reachable from the start, with its moves as edges. Both the generalised
//! Sprague–Grundy labelling and the retrograde analysis then run on the
//! graph.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use crate::error::{Error, LimitKind, Result};
use crate::game::Game;
use crate::graph::Graph;
use crate::limits::{Limits, options_budget, too_many_options};
use crate::solve::options_cost;

/// The reachable part of a game: vertex `i` of `graph` is `positions[i]`,
/// and the start is vertex 0. Vertices are named by the positions' `Debug`
/// text.
pub struct Explored<P> {
    /// The moves between the positions.
    pub graph: Graph,
    /// The position of each vertex.
    pub positions: Vec<P>,
}

/// Lays out every position reachable from `start`, breadth first. At most
/// `limits.bounds.max_positions` positions are kept (a clear error beyond).
pub fn explore<G: Game>(
    game: &G,
    start: &G::Position,
    limits: &Limits,
) -> Result<Explored<G::Position>> {
    let mut index: HashMap<G::Position, u32> = HashMap::new();
    let mut positions = vec![start.clone()];
    index.insert(start.clone(), 0);
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut options = Vec::new();
    let mut next = 0;
    let mut listed = 0u64;
    while next < positions.len() {
        if next % 4096 == 0 {
            limits.check_stop()?;
        }
        options.clear();
        game.moves(&positions[next], &mut options);
        listed = listed.saturating_add(options_cost(game, &options).0);
        // The edges are kept, so the budget bounds both the time and the
        // memory of the exploration.
        if listed > options_budget(limits.bounds.max_positions) {
            return Err(too_many_options(limits.bounds.max_positions));
        }
        for option in options.drain(..) {
            let target = match index.entry(option) {
                Entry::Occupied(e) => *e.get(),
                Entry::Vacant(e) => {
                    if positions.len() >= limits.bounds.max_positions {
                        return Err(Error::limit(
                            LimitKind::Positions,
                            limits.bounds.max_positions as u64,
                        ));
                    }
                    let v = positions.len() as u32;
                    positions.push(e.key().clone());
                    e.insert(v);
                    v
                }
            };
            edges.push((next as u32, target));
        }
        next += 1;
    }
    let names = positions.iter().map(|p| format!("{p:?}")).collect();
    let graph = Graph::new(names, &edges, Some(0))?;
    Ok(Explored { graph, positions })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counting up for ever: every position has one move, to the next.
    struct Upward;
    impl Game for Upward {
        type Position = u64;
        fn moves(&self, &n: &u64, out: &mut Vec<u64>) {
            out.push(n + 1);
        }
    }

    #[test]
    fn endless_games_stop_at_the_position_limit() {
        let limits = Limits::default().with_max_positions(1000);
        let err = explore(&Upward, &0, &limits)
            .err()
            .expect("the limit stops it");
        assert!(err.to_string().contains("--max-positions"), "{err}");
    }

    #[test]
    fn positions_and_edges_are_laid_out_from_the_start() {
        /// 0 -> 1, 0 -> 2, 1 -> 2, 2 -> 0.
        struct Triangle;
        impl Game for Triangle {
            type Position = u8;
            fn moves(&self, &p: &u8, out: &mut Vec<u8>) {
                out.extend_from_slice([&[1, 2][..], &[2], &[0]][p as usize]);
            }
        }
        let e = explore(&Triangle, &0, &Limits::default()).unwrap();
        assert_eq!(e.positions, [0, 1, 2]);
        assert_eq!(e.graph.successors(0), [1, 2]);
        assert_eq!(e.graph.successors(1), [2]);
        assert_eq!(e.graph.successors(2), [0]);
        assert_eq!(e.graph.start(), Some(0));
    }
}
