//! Winning cuts: the edges whose cut leaves a position of a given value.
//!
//! [`cuts_to_by_recomputing`] is the plain way: cut each edge and value
//! what is left, `O(E · (V + E))`. [`cuts_to`] walks the tree of bridges
//! from the ground instead, carrying the value each subtree must take:
//!
//! - cutting the bridge from component `c` to a child `d` removes the
//!   branch worth `G(d) + 1`, so it wins when `G(c) ⊕ (G(d) + 1)` is the
//!   value `c` must take;
//! - a change inside `d`'s subtree wins when it gives `d` the value `x`
//!   with `G(c) ⊕ (G(d) + 1) ⊕ (x + 1)` the value `c` must take, which
//!   fixes `x` (colon principle: only the branch's value matters);
//! - a cut inside a fused component changes its cycles, so that component
//!   is valued again with its child branches as fixed values at their
//!   vertices: `O(size²)` for each component.
//!
//! Trees and pictures of small cycles (the Christmas Game) take linear
//! time; the tests hold both methods against each other. The quadratic
//! part is bounded: the vertices and edges it looks at count against
//! [`Bounds::max_positions`](crate::limits::Bounds::max_positions).

use super::colon::Rooted;
use super::fusion::{self, Decomposition, UNSEEN};
use super::picture::Picture;
use crate::error::{Error, LimitKind, Result};
use crate::limits::Limits;
use crate::nimber::Nimber;

/// The standing edges whose cut leaves the value `target`, by recomputing
/// the value after each cut (the plain version of [`cuts_to`]).
pub fn cuts_to_by_recomputing(picture: &Picture, standing: &[bool], target: Nimber) -> Vec<usize> {
    (0..standing.len())
        .filter(|&e| standing[e] && fusion::value(picture, &picture.cut(standing, e)) == target)
        .collect()
}

/// The standing edges whose cut leaves the value `target`, in increasing
/// order (see the module documentation). Errors when valuing the cuts
/// inside large cycles would look at more than `limits.bounds.max_positions`
/// vertices and edges.
pub fn cuts_to(
    picture: &Picture,
    standing: &[bool],
    target: Nimber,
    limits: &Limits,
) -> Result<Vec<usize>> {
    let d = Decomposition::new(picture, standing);
    let tree = d.colon(picture, &[]);
    let g = &tree.value;
    let mut members = vec![Vec::new(); d.tree.len()];
    for &v in &d.order {
        members[d.component[v as usize] as usize].push(v);
    }
    let mut local = vec![UNSEEN; picture.vertex_count()];
    let mut want: Vec<Option<Nimber>> = vec![None; d.tree.len()];
    want[d.root(picture)] = Some(target);
    let mut cuts = Vec::new();
    let mut work = 0u64;
    for &c in &tree.order {
        let Some(goal) = want[c] else { continue };
        for &(child, bridge) in d.tree[c].iter().filter(|&&(n, _)| tree.parent[n] == c) {
            let without = g[c] + Nimber(g[child].0 + 1);
            if without == goal {
                cuts.push(bridge);
            }
            // The branch must become worth `need`: a stalk of `need` edges
            // on the bridge, so the child itself must be worth `need - 1`.
            let need = without + goal;
            if need.0 >= 1 {
                want[child] = Some(Nimber(need.0 - 1));
            }
        }
        if d.inside[c] > 0 {
            let size = (members[c].len() + d.inside[c]) as u64;
            work = work.saturating_add(size.saturating_mul(d.inside[c] as u64));
            if work > limits.bounds.max_positions as u64 {
                return Err(Error::limit_of(
                    LimitKind::Positions,
                    "vertices and edges looked at to value cuts inside cycles",
                    limits.bounds.max_positions as u64,
                ));
            }
            limits.check_stop()?;
            let component = Component {
                picture,
                standing,
                d: &d,
                tree: &tree,
                c,
            };
            cuts.extend(component.cuts_to(&members[c], &mut local, goal));
        }
    }
    cuts.sort_unstable();
    Ok(cuts)
}

/// A fused component with cycles, seen alone: its own edges, the vertex
/// where it hangs from its parent (the ground for the root), and the
/// branches above it held fixed as values at their vertices.
struct Component<'a> {
    picture: &'a Picture,
    standing: &'a [bool],
    d: &'a Decomposition,
    tree: &'a Rooted,
    c: usize,
}

impl Component<'_> {
    /// The cuts of its own edges that give it the value `goal`. `local` is
    /// scratch space of one slot per vertex, all [`UNSEEN`], left so.
    fn cuts_to(&self, members: &[u32], local: &mut [u32], goal: Nimber) -> Vec<usize> {
        let (picture, d, c) = (self.picture, self.d, self.c);
        for (i, &v) in members.iter().enumerate() {
            local[v as usize] = i as u32;
        }
        let mut edges = Vec::new();
        let mut ids = Vec::new();
        let mut extra = vec![Nimber::ZERO; members.len()];
        let mut attach = 0;
        for (here, &v) in members.iter().enumerate() {
            if v == picture.ground() {
                attach = here as u32;
            }
            for &(e, w) in picture.incident(v) {
                let e = e as usize;
                if !self.standing[e] {
                    continue;
                }
                if !d.is_bridge[e] {
                    // Each edge once: from its first end (a loop has one).
                    if picture.edge(e).0 == v {
                        edges.push((local[v as usize], local[w as usize]));
                        ids.push(e);
                    }
                    continue;
                }
                let other = d.component[w as usize] as usize;
                if self.tree.parent[other] == c && other != c {
                    extra[here] += Nimber(self.tree.value[other].0 + 1);
                } else {
                    attach = here as u32;
                }
            }
        }
        for &v in members {
            local[v as usize] = UNSEEN;
        }
        let names = members
            .iter()
            .map(|&v| picture.name(v).to_string())
            .collect();
        let labels = ids.iter().map(|&e| picture.label(e).to_string()).collect();
        let part = Picture::new(names, attach, edges, labels);
        let all = part.all();
        (0..ids.len())
            .filter(|&i| fusion::value_with(&part, &part.cut(&all, i), &extra) == goal)
            .map(|i| ids[i])
            .collect()
    }
}
