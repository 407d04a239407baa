//! The colon principle (Winning Ways, ch. 7): branches at a vertex may be
//! replaced by any branches of the same value.
//!
//! So a rooted tree is valued from the leaves up: the branch formed by the
//! edge to a child `c` and everything above it is a bamboo stalk of
//! `G(c) + 1` edges (the subtree at `c` is a stalk of `G(c)`, standing on
//! one more edge), and the branches at a vertex add by nim-sum:
//! `G(v) = own(v) ⊕ ⨁ (G(c) + 1)` over the children `c` of `v`, where
//! `own(v)` is the value of whatever else sits on `v` (the loops left at a
//! fused vertex).

use crate::nimber::Nimber;

/// A tree valued by the colon principle: every vertex's subtree value.
#[derive(Clone, Debug)]
pub struct Rooted {
    /// `value[v]` is the value of the subtree at `v` (`G(v)` above); for
    /// vertices not reached from the root it is their `own` value.
    pub value: Vec<Nimber>,
    /// `parent[v]`, the root's parent being the root; `usize::MAX` for
    /// vertices not reached.
    pub parent: Vec<usize>,
    /// The reached vertices, each after its parent.
    pub order: Vec<usize>,
}

/// Values every subtree of the tree with the given adjacency lists (each
/// tree edge listed at both ends) rooted at `root`, where vertex `v`
/// carries `own[v]` besides its branches. Iterative, so a stalk of a
/// million edges needs no deep call stack.
pub fn subtree_values(adjacency: &[Vec<usize>], root: usize, own: &[Nimber]) -> Rooted {
    let mut parent = vec![usize::MAX; adjacency.len()];
    let mut order = Vec::with_capacity(adjacency.len());
    let mut stack = vec![root];
    parent[root] = root;
    while let Some(v) = stack.pop() {
        order.push(v);
        for &w in &adjacency[v] {
            if parent[w] == usize::MAX {
                parent[w] = v;
                stack.push(w);
            }
        }
    }
    let mut value = own.to_vec();
    for &v in order.iter().rev().filter(|&&v| v != root) {
        let branch = Nimber(value[v].0 + 1);
        value[parent[v]] += branch;
    }
    Rooted {
        value,
        parent,
        order,
    }
}

/// The value of the tree rooted at `root` (see [`subtree_values`]).
///
/// ```
/// use grundy::hackenbush::colon::tree_value;
/// use grundy::Nimber;
/// // A root with a stalk of 2 and a stalk of 1: *2 ⊕ *1 = *3.
/// let adjacency = vec![vec![1, 3], vec![0, 2], vec![1], vec![0]];
/// assert_eq!(tree_value(&adjacency, 0, &[Nimber(0); 4]), Nimber(3));
/// ```
pub fn tree_value(adjacency: &[Vec<usize>], root: usize, own: &[Nimber]) -> Nimber {
    subtree_values(adjacency, root, own).value[root]
}
