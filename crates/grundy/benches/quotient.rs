//! Misère sums of many large heaps through the quotient (see
//! docs/BENCHMARKS.md, "Misère quotients"): growing the quotient until the
//! periodicity theorem proves its period, then the outcome, one winning
//! move, and every winning move (counted, listed) of a sum of 200 heaps of
//! up to a million.

use criterion::{Criterion, criterion_group, criterion_main};
use grundy::Limits;
use grundy::heap::octal::{Code, TakeBreak};
use grundy::misere::quotient::Quotient;

/// 200 heap sizes up to a million, from a fixed linear congruential
/// generator (reproducible, no dependency).
fn heaps() -> Vec<u64> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..200)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            1 + (state >> 33) % 1_000_000
        })
        .collect()
}

fn proved(code: &str) -> Quotient<TakeBreak> {
    let code = Code::parse(code, code, 1, false).unwrap();
    let mut q = Quotient::new(TakeBreak::new(code));
    assert!(q.extend_until_periodic(400, &Limits::default()).unwrap());
    q
}

fn sums(c: &mut Criterion) {
    let mut group = c.benchmark_group("quotient");
    group.sample_size(10);
    let sum = heaps();
    for (name, code) in [("0.75", "0.75"), ("kayles", "0.77")] {
        group.bench_function(format!("{name}/grow until proved"), |b| {
            b.iter(|| proved(code))
        });
        let q = proved(code);
        group.bench_function(format!("{name}/200 heaps: outcome"), |b| {
            b.iter(|| q.outcome(&sum).unwrap())
        });
        group.bench_function(format!("{name}/200 heaps: one winning move"), |b| {
            b.iter(|| q.winning_move(&sum).unwrap())
        });
        group.bench_function(format!("{name}/200 heaps: every winning move"), |b| {
            b.iter(|| q.all_winning_moves(&sum, 1_000_000).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, sums);
criterion_main!(benches);
