//! Solver throughput: positions expanded per second by the general search,
//! on games with no formula (see docs/BENCHMARKS.md).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use grundy::games::takeall::{TakeAll, position};
use grundy::heap::{
    HeapSum,
    subtraction::{Subtraction, SubtractionSet},
};
use grundy::{Config, Solver};

fn takeall(c: &mut Criterion) {
    let mut group = c.benchmark_group("search/takeall");
    group.sample_size(20);
    for heaps in [
        vec![1, 2, 3, 4, 5],
        vec![5, 11, 17, 23, 29, 35, 41],
        vec![10, 20, 30, 40, 50, 60],
    ] {
        let start = position(&heaps);
        // Count the positions one full solve expands, to report positions/s.
        let mut probe = Solver::new(TakeAll, Config::default());
        probe.value(&start).unwrap();
        group.throughput(Throughput::Elements(probe.expanded()));
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{heaps:?}")),
            &start,
            |b, start| {
                b.iter(|| {
                    Solver::new(TakeAll, Config::default())
                        .value(start)
                        .unwrap()
                })
            },
        );
    }
    group.finish();
}

fn heap_sums(c: &mut Criterion) {
    // Sums of subtraction heaps searched as sums: components, memo, mex.
    let mut group = c.benchmark_group("search/sub{1,3,4} heaps");
    let game = HeapSum(Subtraction::new(SubtractionSet::Finite(vec![1, 3, 4])));
    let start = vec![30, 40, 50];
    let mut probe = Solver::new(&game, Config::default());
    probe.value(&start).unwrap();
    group.throughput(Throughput::Elements(probe.expanded()));
    group.bench_function("30+40+50", |b| {
        b.iter(|| Solver::new(&game, Config::default()).value(&start).unwrap())
    });
    group.finish();
}

criterion_group!(benches, takeall, heap_sums);
criterion_main!(benches);
