//! Computing the generalised Sprague–Grundy function of a finite graph.
//!
//! The function `γ` (Smith 1966) is fixed, value by value, by the labelling
//! algorithm of Fraenkel and Yesha (J. Combin. Theory A 43, 1986; also in
//! Fraenkel's survey "Scenic trails ascending from sea-level Nim to alpine
//! chess", 1996). At level `i`, the vertices still open are those with
//! options of every value below `i` (so `i` is their mex so far):
//!
//! 1. Label `i` any open vertex `u` that has no option labelled `i` and
//!    whose every option that is open or labelled `∞` has an option
//!    labelled `i`. Repeat while such a vertex exists. (Moving from `u` to
//!    a larger value lets the opponent move back to `i`: condition B of
//!    the definition.)
//! 2. Label `∞` every open vertex with no option labelled `i`: its mex is
//!    at most `i` but it is not `i`, so it is not finite.
//! 3. The open vertices left have an option labelled `i`; go to level
//!    `i+1` if there are any.
//!
//! A vertex labelled `∞` gets the value `∞(K)`, `K` the finite labels of
//! its options.
//!
//! Step 1 is a retrograde pass driven by counters: `count[u]` is the number
//! of `u`'s edges to open or `∞` vertices not yet known to reach a vertex
//! labelled `i`. Labelling `u` marks its predecessors as reaching `i`; each
//! newly marked vertex lowers the counters of its own predecessors; a
//! counter that falls to zero labels its vertex. Every edge is looked at a
//! bounded number of times per level, so a level costs `O(V + E)`, and there
//! are at most `1 + max γ` levels, where a vertex of finite value `γ` has at
//! least `γ` options.

use crate::error::Result;
use crate::graph::Graph;
use crate::limits::Limits;
use crate::nimber::Nimber;

use crate::nimber::generalised::Gamma;

/// The state of a vertex during the labelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    /// Its value is at least the current level, or infinite.
    Open,
    /// A finite value (at most the number of edges, so 32 bits suffice:
    /// small labels keep the arrays of a large graph in cache).
    Finite(u32),
    /// Infinite; the set `K` is filled in at the end.
    Infinite,
}

/// The edges of a graph turned around: `of(v)` lists every `u` with an
/// edge `u -> v` (once per edge).
pub(crate) struct Predecessors {
    offsets: Vec<u32>,
    sources: Vec<u32>,
}

impl Predecessors {
    pub(crate) fn of_graph(graph: &Graph) -> Predecessors {
        let n = graph.len();
        let mut offsets = vec![0u32; n + 1];
        for u in 0..n as u32 {
            for &v in graph.successors(u) {
                offsets[v as usize + 1] += 1;
            }
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets.clone();
        let mut sources = vec![0u32; offsets[n] as usize];
        for u in 0..n as u32 {
            for &v in graph.successors(u) {
                sources[fill[v as usize] as usize] = u;
                fill[v as usize] += 1;
            }
        }
        Predecessors { offsets, sources }
    }

    pub(crate) fn of(&self, v: u32) -> &[u32] {
        &self.sources[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }
}

/// The generalised Sprague–Grundy value of every vertex of `graph`.
///
/// ```
/// use grundy::graph::parse_graph;
/// use grundy::loopy::{Gamma, gamma};
/// use grundy::{Limits, Nimber};
///
/// // a <-> b, b -> c (c has no move): from b, moving to c wins; from a the
/// // only move is to b.
/// let g = parse_graph("a b\nb a c\nc\n", "g.txt").unwrap();
/// let values = gamma(&g, &Limits::default()).unwrap();
/// assert_eq!(values, [Gamma::Finite(Nimber(0)), Gamma::Finite(Nimber(1)), Gamma::Finite(Nimber(0))]);
///
/// // A lone cycle a <-> b: play never ends, and no option is finite.
/// let g = parse_graph("a b\nb a\n", "g.txt").unwrap();
/// assert_eq!(gamma(&g, &Limits::default()).unwrap(), [Gamma::infinite([]), Gamma::infinite([])]);
/// ```
pub fn gamma(graph: &Graph, limits: &Limits) -> Result<Vec<Gamma>> {
    let n = graph.len();
    let preds = Predecessors::of_graph(graph);
    let mut label = vec![Label::Open; n];
    // `reaches[v] == level + 1`: `v` has an option labelled `level`.
    let mut reaches = vec![0u32; n];
    let mut count = vec![0u32; n];
    let mut open: Vec<u32> = (0..n as u32).collect();
    let mut labelled: Vec<u32> = Vec::new();
    // A vertex of value `g` needs options of every smaller value, each with
    // options of its own: `g(g+1)/2 <= E < 2^32` edges, so levels stay far
    // below `u32::MAX`.
    let mut level = 0u32;
    while !open.is_empty() {
        limits.check_stop()?;
        let mark = level + 1;
        // Count first, label after: a vertex labelled at this level still
        // counts as an option of its predecessors.
        for &u in &open {
            count[u as usize] = graph
                .successors(u)
                .iter()
                .filter(|&&w| !matches!(label[w as usize], Label::Finite(_)))
                .count() as u32;
        }
        for &u in &open {
            if count[u as usize] == 0 {
                label[u as usize] = Label::Finite(level);
                labelled.push(u);
            }
        }
        while let Some(u) = labelled.pop() {
            for &p in preds.of(u) {
                if matches!(label[p as usize], Label::Finite(_)) || reaches[p as usize] == mark {
                    continue;
                }
                // `p` is open or infinite and now has an option labelled
                // `level`: an edge into `p` no longer blocks a label.
                reaches[p as usize] = mark;
                for &q in preds.of(p) {
                    let q = q as usize;
                    if label[q] == Label::Open && reaches[q] != mark {
                        count[q] -= 1;
                        if count[q] == 0 {
                            label[q] = Label::Finite(level);
                            labelled.push(q as u32);
                        }
                    }
                }
            }
        }
        open.retain(|&u| {
            let u = u as usize;
            match label[u] {
                Label::Open if reaches[u] == mark => true,
                Label::Open => {
                    label[u] = Label::Infinite;
                    false
                }
                Label::Finite(_) | Label::Infinite => false,
            }
        });
        level += 1;
    }
    Ok((0..n as u32)
        .map(|u| match label[u as usize] {
            Label::Finite(v) => Gamma::Finite(Nimber(v.into())),
            _ => Gamma::infinite(graph.successors(u).iter().filter_map(|&w| {
                match label[w as usize] {
                    Label::Finite(v) => Some(v.into()),
                    _ => None,
                }
            })),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::parse_graph;

    fn values(text: &str) -> Vec<String> {
        let g = parse_graph(text, "g.txt").unwrap();
        gamma(&g, &Limits::default())
            .unwrap()
            .iter()
            .map(Gamma::to_string)
            .collect()
    }

    #[test]
    fn acyclic_graphs_get_their_grundy_values() {
        // The diamond of the graph module's tests: d = 0, b = c = 1, a = 0.
        assert_eq!(values("a b c\nb d\nc d\nd\n"), ["0", "1", "1", "0"]);
    }

    /// Regression: counting and labelling in one pass labelled `b` with 0
    /// once `a` (listed first) was labelled, as if `a` were not an option.
    #[test]
    fn a_vertex_labelled_at_a_level_still_counts_as_an_option() {
        assert_eq!(values("a\nb a\n"), ["0", "1"]);
    }

    #[test]
    fn a_self_loop_beside_an_exit_is_a_win() {
        // a -> a, a -> b: a can move to the finished b, so a wins; its
        // value is infinite because the loop lets it avoid every value.
        assert_eq!(values("a a b\nb\n"), ["∞{0}", "0"]);
    }

    #[test]
    fn a_cycle_with_a_finite_exit_is_finite_when_it_reverses() {
        // a -> b -> c -> a, and b -> d (finished). a moves only to b,
        // which can answer by moving to d = 0, so a = 0 (the move to a
        // larger value reverses); c moves only to a, so c = 1; b has
        // options of values 1 and 0, so b = 2.
        assert_eq!(values("a b\nb c d\nc a\nd\n"), ["0", "2", "1", "0"]);
    }

    #[test]
    fn smith_example_values() {
        // A two-cycle u <-> v where u also reaches a finished vertex:
        // u = 1, v = 0. A three-cycle with no exits: all ∞{}.
        assert_eq!(values("u v t\nv u\nt\n"), ["1", "0", "0"]);
        assert_eq!(values("x y\ny z\nz x\n"), ["∞{}", "∞{}", "∞{}"]);
    }
}
