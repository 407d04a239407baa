//! The fusion principle (Winning Ways, ch. 7): the vertices of any cycle
//! may be fused into one vertex without changing the value; the cycle's
//! edges become loops there, and a loop is worth a stalk of one edge.
//!
//! Fusing cycle after cycle ends with every *2-edge-connected component*
//! (the vertices joined by edges that lie on cycles) fused to one vertex
//! carrying one loop per edge inside it; an even number of loops is worth 0
//! and an odd number `*1`. So an odd cycle becomes one edge and an even one
//! a vertex, as in the Christmas Game (POJ 3710). What is left is a tree
//! of bridges, valued by the colon principle ([`super::colon`]).
//!
//! Bridges are found by Tarjan's low-link method (an edge `p - v` of the
//! depth-first tree is a bridge when nothing below `v` reaches above it),
//! with an explicit stack, in `O(V + E)`.

use super::colon::{self, Rooted};
use super::picture::Picture;
use crate::nimber::Nimber;

/// A group of vertices fused by the fusion principle.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Fused {
    /// The vertices (a single vertex when only loops sit there).
    pub vertices: Vec<String>,
    /// The edges inside the group, loops included: they become loops, worth
    /// `*1` when odd in number and 0 when even.
    pub edges: usize,
}

/// The value of a picture and how it was found.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Reduction {
    /// The Grundy value.
    pub value: Nimber,
    /// The groups fused (each with at least one cycle or loop).
    pub fused: Vec<Fused>,
    /// The bridges left: the edges of the tree the colon principle values.
    pub bridges: usize,
}

/// Marks a vertex not reached from the ground.
pub(crate) const UNSEEN: u32 = u32::MAX;

/// The standing picture split into fused components joined by bridges.
pub(crate) struct Decomposition {
    /// The component of each vertex; [`UNSEEN`] for vertices the standing
    /// edges do not join to the ground.
    pub component: Vec<u32>,
    /// The reached vertices in depth-first order from the ground.
    pub order: Vec<u32>,
    /// Which standing edges are bridges.
    pub is_bridge: Vec<bool>,
    /// For each component, its neighbours in the tree of bridges, with the
    /// bridge: `(component, edge)`.
    pub tree: Vec<Vec<(usize, usize)>>,
    /// For each component, the standing edges inside it (loops included).
    pub inside: Vec<usize>,
}

impl Decomposition {
    /// Splits the `standing` edges of `picture`; fallen edges are ignored.
    pub fn new(picture: &Picture, standing: &[bool]) -> Decomposition {
        let (order, is_bridge) = bridges(picture, standing);
        let mut component = vec![UNSEEN; picture.vertex_count()];
        let mut count = 0u32;
        for &start in &order {
            if component[start as usize] != UNSEEN {
                continue;
            }
            component[start as usize] = count;
            let mut stack = vec![start];
            while let Some(v) = stack.pop() {
                for &(e, w) in picture.incident(v) {
                    if standing[e as usize]
                        && !is_bridge[e as usize]
                        && component[w as usize] == UNSEEN
                    {
                        component[w as usize] = count;
                        stack.push(w);
                    }
                }
            }
            count += 1;
        }
        let mut inside = vec![0usize; count as usize];
        let mut tree = vec![Vec::new(); count as usize];
        for e in (0..picture.edge_count()).filter(|&e| standing[e]) {
            let (u, v) = picture.edge(e);
            let (cu, cv) = (component[u as usize], component[v as usize]);
            if cu == UNSEEN {
                continue; // fallen
            }
            if is_bridge[e] {
                tree[cu as usize].push((cv as usize, e));
                tree[cv as usize].push((cu as usize, e));
            } else {
                inside[cu as usize] += 1;
            }
        }
        Decomposition {
            component,
            order,
            is_bridge,
            tree,
            inside,
        }
    }

    /// The ground's component: the root of the tree of bridges.
    pub fn root(&self, picture: &Picture) -> usize {
        self.component[picture.ground() as usize] as usize
    }

    /// Values the tree of bridges by the colon principle. Each component
    /// carries its loops' parity and the nim-sum of `extra` over its
    /// vertices (the value of things hanging there); `extra` may be empty.
    pub fn colon(&self, picture: &Picture, extra: &[Nimber]) -> Rooted {
        let mut own: Vec<Nimber> = self.inside.iter().map(|&k| Nimber(k as u64 % 2)).collect();
        for (v, &x) in extra.iter().enumerate() {
            if let Some(&c) = self.component.get(v).filter(|&&c| c != UNSEEN) {
                own[c as usize] += x;
            }
        }
        let adjacency: Vec<Vec<usize>> = self
            .tree
            .iter()
            .map(|n| n.iter().map(|&(c, _)| c).collect())
            .collect();
        colon::subtree_values(&adjacency, self.root(picture), &own)
    }
}

/// The value of the `standing` edges of `picture` by the fusion and colon
/// principles, with the fused groups for people. Edges that do not reach
/// the ground are ignored (they have fallen).
pub fn reduce(picture: &Picture, standing: &[bool]) -> Reduction {
    let d = Decomposition::new(picture, standing);
    let mut members = vec![Vec::new(); d.inside.len()];
    for &v in &d.order {
        members[d.component[v as usize] as usize].push(picture.name(v).to_string());
    }
    let fused = members
        .into_iter()
        .zip(&d.inside)
        .filter(|&(_, &k)| k > 0)
        .map(|(vertices, &edges)| Fused { vertices, edges })
        .collect();
    Reduction {
        value: d.colon(picture, &[]).value[d.root(picture)],
        fused,
        bridges: d.is_bridge.iter().filter(|&&b| b).count(),
    }
}

/// The value of the `standing` edges of `picture` (see [`reduce`]).
pub fn value(picture: &Picture, standing: &[bool]) -> Nimber {
    value_with(picture, standing, &[])
}

/// The value when, besides the standing edges, each vertex `v` carries
/// branches worth `extra[v]` in all (`extra` may be empty).
pub(crate) fn value_with(picture: &Picture, standing: &[bool], extra: &[Nimber]) -> Nimber {
    let d = Decomposition::new(picture, standing);
    d.colon(picture, extra).value[d.root(picture)]
}

/// The vertices reached from the ground in depth-first order, and which
/// standing edges are bridges (loops never are; of two parallel edges,
/// neither is).
fn bridges(picture: &Picture, standing: &[bool]) -> (Vec<u32>, Vec<bool>) {
    let n = picture.vertex_count();
    let mut entered = vec![UNSEEN; n];
    let mut low = vec![UNSEEN; n];
    let mut is_bridge = vec![false; picture.edge_count()];
    let mut order = Vec::new();
    // Frames: (vertex, the edge that led to it, next incidence to look at).
    let ground = picture.ground();
    let mut stack: Vec<(u32, u32, usize)> = vec![(ground, UNSEEN, 0)];
    entered[ground as usize] = 0;
    low[ground as usize] = 0;
    order.push(ground);
    while let Some(&mut (v, via, ref mut next)) = stack.last_mut() {
        if let Some(&(e, w)) = picture.incident(v).get(*next) {
            *next += 1;
            if !standing[e as usize] || e == via || w == v {
                continue;
            }
            if entered[w as usize] == UNSEEN {
                let time = order.len() as u32;
                entered[w as usize] = time;
                low[w as usize] = time;
                order.push(w);
                stack.push((w, e, 0));
            } else {
                low[v as usize] = low[v as usize].min(entered[w as usize]);
            }
            continue;
        }
        stack.pop();
        if let Some(&(p, _, _)) = stack.last() {
            low[p as usize] = low[p as usize].min(low[v as usize]);
            if low[v as usize] > entered[p as usize] {
                is_bridge[via as usize] = true;
            }
        }
    }
    (order, is_bridge)
}
