//! The take-and-break sequence engine: a table computed value by value
//! (no period shortcut), on one thread, with each scan kernel the
//! processor runs (see docs/BENCHMARKS.md, "Take-and-break games").
//!
//! 0.16, 0.106 and 4.07 keep their values below 64 (the register path and
//! the one-byte kernels); Officers (0.6) has values up to 512 (two-byte
//! tables and the block pass).

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use grundy::Limits;
use grundy::heap::octal::{Code, TakeBreak};
use grundy::limits::Simd;
use grundy::seq::Sequence;

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("sequence/table");
    group.sample_size(10);
    for (code, to) in [
        ("0.16", 200_000u64),
        ("0.106", 200_000),
        ("4.07", 200_000),
        ("0.6", 50_000),
    ] {
        let game = TakeBreak::new(Code::parse(code, code, 1, false).expect("a valid code"));
        for (name, simd) in [
            ("portable", Simd::Portable),
            ("avx2", Simd::Avx2),
            ("avx512", Simd::Avx512),
        ] {
            let limits = Limits::default()
                .with_shortcuts(false)
                .with_threads(1)
                .with_simd(simd);
            // A kernel this processor lacks is refused: leave it out.
            if Sequence::new(game.clone()).extend(1, &limits).is_err() {
                continue;
            }
            group.bench_with_input(BenchmarkId::new(code, name), &limits, |b, limits| {
                b.iter(|| {
                    let mut seq = Sequence::new(game.clone());
                    seq.extend(to, limits).expect("the table is computed");
                    seq.len()
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, tables);
criterion_main!(benches);
