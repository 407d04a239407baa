//! The generalised Sprague–Grundy labelling of graphs with cycles: edges
//! labelled per second, and how the time grows with the graph (see
//! docs/BENCHMARKS.md).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use grundy::Limits;
use grundy::graph::Graph;
use grundy::loopy::gamma;

/// A graph on `n` vertices where each vertex has 0 to 5 edges, drawn by a
/// fixed linear congruential generator (reproducible, no dependency), to
/// any vertex (`reach = n`) or to one of the next `reach` vertices.
fn random_graph(n: u32, reach: u32) -> Graph {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as u32
    };
    let mut edges = Vec::new();
    for u in 0..n {
        for _ in 0..next() % 6 {
            edges.push((u, (u + next() % reach) % n));
        }
    }
    Graph::new((0..n).map(|v| v.to_string()).collect(), &edges, None).unwrap()
}

/// A single cycle through `n` vertices: every value is infinite.
fn cycle(n: u32) -> Graph {
    let edges: Vec<(u32, u32)> = (0..n).map(|u| (u, (u + 1) % n)).collect();
    Graph::new((0..n).map(|v| v.to_string()).collect(), &edges, None).unwrap()
}

fn labelling(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy/gamma");
    group.sample_size(20);
    for (name, graph) in [
        ("random 10^4", random_graph(10_000, 10_000)),
        ("random 10^5", random_graph(100_000, 100_000)),
        ("random 10^6", random_graph(1_000_000, 1_000_000)),
        ("local 10^5", random_graph(100_000, 64)),
        ("local 10^6", random_graph(1_000_000, 64)),
        ("cycle 10^5", cycle(100_000)),
    ] {
        let edges: usize = (0..graph.len() as u32)
            .map(|v| graph.successors(v).len())
            .sum();
        group.throughput(Throughput::Elements(edges as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), &graph, |b, g| {
            b.iter(|| gamma(g, &Limits::default()).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, labelling);
criterion_main!(benches);
