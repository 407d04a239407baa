//! Games with cycles: the generalised Sprague–Grundy values and the sum
//! rule against plain retrograde win/lose/draw analysis.
//!
//! The retrograde analysis knows nothing of values: it labels positions of
//! an explicit graph won, lost or drawn. Values are held against it in
//! three ways: a value's outcome is the position's outcome; a value is
//! pinned down completely by the outcomes of the position plus a Nim heap
//! (`γ(u) = g` finite iff `u + *g` is lost; `γ(u) = ∞(K)` iff no `u + *k` is
//! lost and `u + *k` is won exactly for `k ∈ K`); and the value of a sum,
//! from the generalised nim-sum, is the value the labelling finds on the
//! sum's own (product) graph and gives the product's retrograde outcome.

use grundy::expr::{Position, SumGame};
use grundy::graph::Graph;
use grundy::loopy::{Gamma, LoopyOutcome, explore, gamma, retrograde};
use grundy::{Game, Limits, Nimber};
use proptest::prelude::*;

use super::common::TempFile;

/// One token on each of several graphs: the sum of their games.
struct Tokens<'g>(Vec<&'g Graph>);

impl Game for Tokens<'_> {
    type Position = Vec<u32>;

    fn moves(&self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, graph) in self.0.iter().enumerate() {
            for &w in graph.successors(p[i]) {
                let mut q = p.clone();
                q[i] = w;
                out.push(q);
            }
        }
    }
}

fn graph(n: usize, edges: &[(u32, u32)]) -> Graph {
    Graph::new((0..n).map(|v| format!("v{v}")).collect(), edges, None).unwrap()
}

/// The Nim heap `*k` as a graph: vertex `i` moves to every `j < i`.
fn nim_heap(k: u32) -> Graph {
    let edges: Vec<(u32, u32)> = (0..=k).flat_map(|i| (0..i).map(move |j| (i, j))).collect();
    graph(k as usize + 1, &edges)
}

fn values(g: &Graph) -> Vec<Gamma> {
    gamma(g, &Limits::default()).unwrap()
}

/// The value the labelling finds on the product graph of a sum, and the
/// retrograde outcome of the same graph, at the start position.
fn sum_by_search(graphs: &[&Graph], start: &[u32]) -> (Gamma, LoopyOutcome) {
    let limits = Limits::default();
    let explored = explore(&Tokens(graphs.to_vec()), &start.to_vec(), &limits).unwrap();
    let value = gamma(&explored.graph, &limits).unwrap().swap_remove(0);
    (
        value,
        retrograde::outcomes(&explored.graph, &limits).unwrap()[0],
    )
}

/// The outcome of `u + *k` that the value `γ(u)` predicts.
fn predicted_with_heap(value: &Gamma, k: u64) -> LoopyOutcome {
    match value {
        Gamma::Finite(g) if g.0 == k => LoopyOutcome::Lose,
        Gamma::Finite(_) => LoopyOutcome::Win,
        Gamma::Infinite(reachable) if reachable.contains(&k) => LoopyOutcome::Win,
        Gamma::Infinite(_) => LoopyOutcome::Draw,
    }
}

/// All three checks on one graph: outcomes, values through Nim heaps, and
/// sums of two tokens on it.
fn check_graph(g: &Graph) {
    let limits = Limits::default();
    let vals = values(g);
    let outcomes = retrograde::outcomes(g, &limits).unwrap();
    let n = g.len() as u32;
    for v in 0..n {
        assert_eq!(
            vals[v as usize].outcome(),
            outcomes[v as usize],
            "vertex {v} of {g:?}"
        );
        for k in 0..=n + 1 {
            let (_, outcome) = sum_by_search(&[g, &nim_heap(k)], &[v, k]);
            let want = predicted_with_heap(&vals[v as usize], u64::from(k));
            assert_eq!(
                outcome, want,
                "v{v} + *{k} with γ = {} in {g:?}",
                vals[v as usize]
            );
        }
    }
    for u in 0..n {
        for v in u..n {
            let rule = vals[u as usize].clone() + vals[v as usize].clone();
            let (value, outcome) = sum_by_search(&[g, g], &[u, v]);
            assert_eq!(value, rule, "v{u} + v{v} in {g:?}");
            assert_eq!(outcome, rule.outcome(), "v{u} + v{v} in {g:?}");
        }
    }
}

/// The graph on `n` vertices whose edges are the set bits of `mask`
/// (bit `n·u + v` for the edge `u -> v`).
fn graph_of_mask(n: usize, mask: u32) -> Graph {
    let edges: Vec<(u32, u32)> = (0..n * n)
        .filter(|b| mask >> b & 1 == 1)
        .map(|b| ((b / n) as u32, (b % n) as u32))
        .collect();
    graph(n, &edges)
}

/// Every directed graph on one, two and three vertices, self-loops
/// included: 2 + 16 + 512 graphs, in every vertex order (the labelling
/// visits vertices in index order, and one bug depended on it).
#[test]
fn every_graph_on_up_to_three_vertices() {
    for n in 1..=3usize {
        for mask in 0u32..1 << (n * n) {
            check_graph(&graph_of_mask(n, mask));
        }
    }
}

/// Every directed graph on four vertices up to isomorphism: 3044 of the
/// 65536 edge sets (OEIS A000595, binary relations on unlabelled points);
/// a graph is checked when its edge set is the smallest of its 24
/// relabellings.
#[test]
fn every_graph_on_four_vertices_up_to_isomorphism() {
    const N: usize = 4;
    let perms: Vec<[usize; N]> = (0..N.pow(N as u32))
        .map(|code| [0, 1, 2, 3].map(|i| code / N.pow(i) % N))
        .filter(|p| (0..N).all(|v| p.contains(&v)))
        .collect();
    assert_eq!(perms.len(), 24);
    let relabel = |mask: u32, p: &[usize; N]| {
        (0..N * N)
            .filter(|b| mask >> b & 1 == 1)
            .map(|b| 1u32 << (N * p[b / N] + p[b % N]))
            .sum::<u32>()
    };
    let mut checked = 0;
    for mask in 0u32..1 << (N * N) {
        if perms.iter().all(|p| relabel(mask, p) >= mask) {
            check_graph(&graph_of_mask(N, mask));
            checked += 1;
        }
    }
    assert_eq!(checked, 3044);
}

#[test]
fn acyclic_graphs_get_their_ordinary_grundy_values() {
    // A DAG with several paths: the labelling must give the plain mex.
    let g = grundy::graph::parse_graph("a b c d\nb d e\nc e f\nd f\ne f g\nf g\ng\n", "dag.txt")
        .unwrap();
    let mut plain = vec![None; g.len()];
    for v in 0..g.len() as u32 {
        let want = g.solve_from(v, &mut plain, &Limits::default()).unwrap();
        assert_eq!(values(&g)[v as usize], Gamma::Finite(want), "{}", g.name(v));
    }
}

/// A random graph on `1..=max` vertices, each edge (self-loops included)
/// present with probability about one in three.
fn random_graph(max: usize) -> impl Strategy<Value = Graph> {
    (1..=max)
        .prop_flat_map(|n| (Just(n), proptest::collection::vec(0u8..3, n * n)))
        .prop_map(|(n, bits)| {
            let edges: Vec<(u32, u32)> = (0..n * n)
                .filter(|&b| bits[b] == 0)
                .map(|b| ((b / n) as u32, (b % n) as u32))
                .collect();
            graph(n, &edges)
        })
}

/// Smith's defining conditions, checked on a labelling: (A) a finite value
/// is the mex of the finite values of the options; (B) from a finite value
/// `g`, every option of larger (or infinite) value has an option of value
/// `g`; (C) an infinite vertex has an infinite option none of whose options
/// has the value `mex` of the vertex's options.
fn assert_smith_conditions(g: &Graph, vals: &[Gamma]) {
    let mex = |u: u32| {
        let finite: Vec<u64> = g
            .successors(u)
            .iter()
            .filter_map(|&w| vals[w as usize].finite())
            .map(|n| n.0)
            .collect();
        (0..).find(|m| !finite.contains(m)).unwrap()
    };
    for u in 0..g.len() as u32 {
        match &vals[u as usize] {
            Gamma::Finite(value) => {
                assert_eq!(value.0, mex(u), "A at {u}");
                for &v in g.successors(u) {
                    let larger = vals[v as usize].finite().is_none_or(|x| x > *value);
                    if larger {
                        let back = g
                            .successors(v)
                            .iter()
                            .any(|&w| vals[w as usize] == Gamma::Finite(*value));
                        assert!(back, "B at {u} -> {v}");
                    }
                }
            }
            Gamma::Infinite(reachable) => {
                let m = mex(u);
                let escape = g.successors(u).iter().any(|&v| {
                    !vals[v as usize].is_finite()
                        && g.successors(v)
                            .iter()
                            .all(|&w| vals[w as usize] != Gamma::Finite(Nimber(m)))
                });
                assert!(escape, "C at {u}");
                let mut k: Vec<u64> = g
                    .successors(u)
                    .iter()
                    .filter_map(|&w| vals[w as usize].finite())
                    .map(|n| n.0)
                    .collect();
                k.sort_unstable();
                k.dedup();
                assert_eq!(&k, reachable, "K at {u}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, ..ProptestConfig::default() })]

    /// Graphs of up to seven vertices: outcomes, values through Nim heaps,
    /// and sums of two tokens, as on the small graphs above.
    #[test]
    fn random_graphs_agree_with_retrograde_analysis(g in random_graph(7)) {
        check_graph(&g);
    }

    /// Sums over two different graphs, two or three tokens: the generalised
    /// nim-sum is the value and the outcome of the product graph.
    #[test]
    fn sums_across_graphs_follow_the_sum_rule(
        g in random_graph(6),
        h in random_graph(6),
        picks in proptest::collection::vec(0u32..6, 3),
        three in any::<bool>(),
    ) {
        let (gv, hv) = (values(&g), values(&h));
        let (u, v, w) = (picks[0] % g.len() as u32, picks[1] % h.len() as u32, picks[2] % g.len() as u32);
        let (graphs, start, rule) = if three {
            (vec![&g, &h, &g], vec![u, v, w], gv[u as usize].clone() + hv[v as usize].clone() + gv[w as usize].clone())
        } else {
            (vec![&g, &h], vec![u, v], gv[u as usize].clone() + hv[v as usize].clone())
        };
        let (value, outcome) = sum_by_search(&graphs, &start);
        prop_assert_eq!(&value, &rule);
        prop_assert_eq!(outcome, rule.outcome());
    }

    /// The labelling satisfies Smith's definition on larger graphs.
    #[test]
    fn values_satisfy_smith_conditions(g in random_graph(14)) {
        assert_smith_conditions(&g, &values(&g));
    }
}

/// Writes a graph as an edge-list file.
fn graph_file(name: &str, g: &Graph) -> TempFile {
    let mut text = String::new();
    for v in 0..g.len() as u32 {
        text.push_str(g.name(v));
        for &w in g.successors(v) {
            text.push(' ');
            text.push_str(g.name(w));
        }
        text.push('\n');
    }
    TempFile::new(name, &text)
}

/// The analysis of an expression against the retrograde analysis of the
/// whole sum played as one game (its families' moves only): the outcome,
/// the winning moves (exactly the moves to lost positions), and the outcome
/// reported for every move.
fn assert_analysis_matches_retrograde(expr: &str) {
    let limits = Limits::default();
    let p = Position::parse(expr).unwrap_or_else(|e| panic!("{expr}: {e}"));
    let a = grundy::analysis::loopy::analyze(&p, &limits).unwrap();
    let (game, start) = SumGame::new(&p, &limits);
    let explored = explore(&game, &start, &limits).unwrap();
    game.check().unwrap();
    let outcomes = retrograde::outcomes(&explored.graph, &limits).unwrap();
    assert_eq!(a.outcome, outcomes[0], "{expr}");
    let text = |v: u32| game.position(&explored.positions[v as usize]).to_string();
    let mut lost: Vec<String> = explored
        .graph
        .successors(0)
        .iter()
        .filter(|&&w| outcomes[w as usize] == LoopyOutcome::Lose)
        .map(|&w| text(w))
        .collect();
    let mut winning: Vec<String> = a
        .winning_moves
        .iter()
        .map(|m| m.position.to_string())
        .collect();
    for list in [&mut lost, &mut winning] {
        list.sort();
        list.dedup();
    }
    assert_eq!(winning, lost, "{expr}");
    let mut reported: Vec<(String, LoopyOutcome)> = grundy::analysis::loopy::moves(&p, &limits)
        .unwrap()
        .into_iter()
        .map(|m| (m.position.to_string(), m.outcome))
        .collect();
    let mut searched: Vec<(String, LoopyOutcome)> = explored
        .graph
        .successors(0)
        .iter()
        .map(|&w| (text(w), outcomes[w as usize]))
        .collect();
    for list in [&mut reported, &mut searched] {
        list.sort();
        list.dedup();
    }
    assert_eq!(reported, searched, "{expr}");
}

#[test]
fn loopy_expressions_mixed_with_other_games_match_retrograde_analysis() {
    // a <-> b, b -> d (finished), c -> c, a -> c; e -> e, e -> f.
    let file = TempFile::new("loopy.txt", "a b c\nb a d\nc c\nd\ne e f\nf\n");
    let path = file.path();
    for v in ["a", "b", "c", "d", "e", "f"] {
        assert_analysis_matches_retrograde(&format!("loopy[{path}]({v})"));
        for extra in ["nim(1)", "nim(2)", "lasker(3)", "ed(2,3)"] {
            assert_analysis_matches_retrograde(&format!("loopy[{path}]({v}) + {extra}"));
        }
    }
    for pair in ["a,b", "b,e", "e,e", "d,f", "b,b", "c,d"] {
        assert_analysis_matches_retrograde(&format!("loopy[{path}]({pair})"));
    }
    assert_analysis_matches_retrograde(&format!("loopy[{path}](b) + split(4) + nim(3)"));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// Random graphs written to files and read by `loopy[FILE]`, with a Nim
    /// heap beside: outcome, winning moves and move outcomes as above.
    #[test]
    fn random_loopy_files_match_retrograde_analysis(g in random_graph(6), picks in proptest::collection::vec(0u32..6, 2), heap in 0u64..4) {
        let file = graph_file("random.txt", &g);
        let (u, v) = (picks[0] % g.len() as u32, picks[1] % g.len() as u32);
        let (u, v) = (g.name(u), g.name(v));
        assert_analysis_matches_retrograde(&format!("loopy[{}]({u},{v}) + nim({heap})", file.path()));
    }
}

#[test]
fn finite_loopy_values_are_nimbers_and_infinite_ones_are_refused() {
    let file = TempFile::new("refuse.txt", "a b\nb a c\nc\nx y\ny x\n");
    let p = Position::parse(&format!("loopy[{}](a)", file.path())).unwrap();
    // a = 0 (its only move, to b, is answered by b -> c), so plain analysis works.
    assert_eq!(
        grundy::analysis::normal::value(&p, &Limits::default()).unwrap(),
        Nimber(0)
    );
    let p = Position::parse(&format!("loopy[{}](x)", file.path())).unwrap();
    let err = grundy::analysis::normal::value(&p, &Limits::default())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("∞{}") && err.contains("played for ever"),
        "{err}"
    );
    assert!(grundy::analysis::loopy::involves_cycles(&p));
    assert!(!grundy::analysis::loopy::involves_cycles(
        &Position::parse("nim(3) + lasker(2)").unwrap()
    ));
}

/// Regression: the moves of a sum with cycles were listed without the
/// running-total guard of normal play, so `grundy moves --max-moves 10
/// "loopy[g.txt](a) + nim(6,6)"` listed all 14 moves while `nim(6,6)`
/// alone (12 moves) was refused. Both now go through one listing.
#[test]
fn loopy_moves_keep_the_listing_limits_of_normal_play() {
    let file = TempFile::new("listing.txt", "a b c\nb a d\nc c\nd\n");
    let p = Position::parse(&format!("loopy[{}](a) + nim(6,6)", file.path())).unwrap();
    let tight = Limits::default().with_max_moves(10);
    let normal = Position::parse("nim(6,6)").unwrap();
    for e in [
        grundy::analysis::loopy::moves(&p, &tight).unwrap_err(),
        grundy::analysis::normal::moves(&normal, &tight).unwrap_err(),
    ] {
        assert_eq!(
            e.to_string(),
            "limit of 10 moves exceeded; raise it with --max-moves"
        );
    }
    // Each component alone is within the limit: it is the total.
    assert_eq!(
        grundy::analysis::loopy::moves(&p, &Limits::default())
            .unwrap()
            .len(),
        14
    );
    // The listing's share of the memory budget is the other guard.
    let small = Limits::default().with_max_memory(16 * 1000);
    let e = grundy::analysis::loopy::moves(&p, &small).unwrap_err();
    assert!(e.to_string().contains("--max-memory"), "{e}");
}
