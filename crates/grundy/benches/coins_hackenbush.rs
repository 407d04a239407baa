//! Nim-multiplication (fast against plain) and Green Hackenbush on large
//! pictures (see docs/BENCHMARKS.md).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use grundy::Limits;
use grundy::hackenbush::{Picture, fusion, winning_cuts};
use grundy::nimber::product::{inverse, inverse_plain, product, product_plain};

/// Pseudo-random 64-bit nimbers (a fixed xorshift stream, so runs compare).
fn nimbers(count: usize) -> Vec<u64> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    (0..count)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
        .collect()
}

fn nim_product(c: &mut Criterion) {
    let xs = nimbers(1024);
    let mut group = c.benchmark_group("nimber");
    group.throughput(Throughput::Elements(xs.len() as u64));
    group.bench_function("product (byte table)", |b| {
        b.iter(|| xs.windows(2).fold(0, |acc, w| acc ^ product(w[0], w[1])))
    });
    group.bench_function("product_plain (bits)", |b| {
        b.iter(|| {
            xs.windows(2)
                .fold(0, |acc, w| acc ^ product_plain(w[0], w[1]))
        })
    });
    group.bench_function("inverse (subfield norm)", |b| {
        b.iter(|| xs.iter().fold(0, |acc, &x| acc ^ inverse(x).unwrap_or(0)))
    });
    group.bench_function("inverse_plain (x^(2^64-2))", |b| {
        b.iter(|| {
            xs.iter()
                .fold(0, |acc, &x| acc ^ inverse_plain(x).unwrap_or(0))
        })
    });
    group.finish();
}

/// A Christmas-Game picture: a random tree of `n` vertices from the
/// ground, with a triangle or a square hanging from every tenth vertex.
fn christmas_picture(n: usize) -> Picture {
    let r = nimbers(n);
    let mut edges: Vec<(usize, usize)> = (1..n).map(|v| ((r[v] % v as u64) as usize, v)).collect();
    let mut next = n;
    for v in (0..n).step_by(10) {
        let len = 3 + (r[v] % 2) as usize;
        let ring: Vec<usize> = std::iter::once(v).chain(next..next + len - 1).collect();
        next += len - 1;
        edges.extend((0..len).map(|i| (ring[i], ring[(i + 1) % len])));
    }
    Picture::from_edges(next, &edges, 0).unwrap()
}

fn hackenbush(c: &mut Criterion) {
    let mut group = c.benchmark_group("hackenbush");
    group.sample_size(20);
    for n in [10_000, 100_000] {
        let picture = christmas_picture(n);
        let all = picture.all();
        group.throughput(Throughput::Elements(picture.edge_count() as u64));
        group.bench_with_input(BenchmarkId::new("value (fusion)", n), &picture, |b, p| {
            b.iter(|| fusion::value(p, &all))
        });
        group.bench_with_input(BenchmarkId::new("winning cuts", n), &picture, |b, p| {
            b.iter(|| winning_cuts(p, &all, &Limits::default()).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, nim_product, hackenbush);
criterion_main!(benches);
