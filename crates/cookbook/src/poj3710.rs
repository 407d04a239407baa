//! POJ 3710, *Christmas Game* (<http://poj.org/problem?id=3710>).
//!
//! Sally and Harry draw trees rooted on the ground, with gifts hanging in
//! them: simple polygons, each sharing one node with the rest of the tree
//! and no edge with another polygon. They take turns cutting one edge;
//! whatever no longer connects to its root falls away, and the player who
//! cannot cut loses. Sally moves first. **Input:** test cases up to the end
//! of the input, each a line `N` (N < 100, the number of trees) and `N`
//! trees, each a line `m k` (m < 100 nodes numbered 1 to `m`, k < 500
//! edges) and `k` lines `a b`, one per edge; node 1 is the root.
//! **Output:** for each test case the winner, `Sally` or `Harry`.
//!
//! **Theory:** Green Hackenbush (*Winning Ways*, ch. 7). By the fusion
//! principle the nodes of any cycle may be fused into one, its edges
//! becoming loops worth `*1` each, so an odd polygon counts as one edge and
//! an even one as none; the colon principle then values what is left, a
//! tree. [`grundy::hackenbush::fusion::value`] does both in linear time for
//! any picture, so the solution does not rely on the problem's promise about
//! the shape of the gifts. The trees form a sum: Sally wins when the
//! nim-sum of their values is not 0.
//!
//! ```
//! let input = "2\n2 1\n1 2\n4 4\n1 2\n2 3\n2 4\n3 4\n";
//! assert_eq!(grundy_cookbook::poj3710::solve(input).unwrap(), "Sally\n");
//! ```

use std::collections::HashMap;

use grundy::Nimber;
use grundy::hackenbush::{Picture, fusion};

use crate::input::{Input, cases_to_end};
use crate::winner;

/// Answers every test case of the input.
pub fn solve(input: &str) -> Result<String, String> {
    cases_to_end(input, |input| {
        let trees = input.number("the number of trees N")?;
        let mut total = Nimber::ZERO;
        for t in 1..=trees {
            total += tree_value(input).map_err(|e| format!("tree {t}: {e}"))?;
        }
        Ok(Some(winner(total, "Sally", "Harry").into()))
    })
}

/// Reads one tree and values it.
fn tree_value(input: &mut Input) -> Result<Nimber, String> {
    let nodes = input.number_in("the number of nodes m", 1..=u64::MAX)?;
    let edges = input.number("the number of edges k")?;
    // Only the nodes that edges name are kept, numbered densely from the
    // root (node 1), so the picture's size follows the edges read, not `m`.
    let mut index = HashMap::from([(1u64, 0u32)]);
    let mut names = vec!["1".to_string()];
    let mut ends = Vec::new();
    let mut labels = Vec::new();
    for _ in 0..edges {
        let mut end = || -> Result<u32, String> {
            let node = input.number_in("a node", 1..=nodes)?;
            let next = index.len() as u32;
            Ok(*index.entry(node).or_insert_with(|| {
                names.push(node.to_string());
                next
            }))
        };
        let (a, b) = (end()?, end()?);
        ends.push((a, b));
        labels.push(format!("{}-{}", names[a as usize], names[b as usize]));
    }
    let picture = Picture::new(names, 0, ends, labels);
    if let Some(e) = picture.first_floating() {
        return Err(format!(
            "edge {} ({}) does not connect to the root, node 1",
            e + 1,
            picture.label(e)
        ));
    }
    Ok(fusion::value(&picture, &picture.all()))
}
