//! Scripted games against the same games built in: positions searched per
//! second, and the time of a table (see docs/BENCHMARKS.md, "Scripted
//! games").

use std::sync::Arc;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use grundy::expr::family_named;
use grundy::games::takeall::{TakeAll, position};
use grundy::script::{Script, ScriptGame, Value};
use grundy::{Config, Limits, Solver};

fn example(name: &str) -> String {
    format!(
        "{}/../../examples/scripts/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The same positions solved by the built-in `takeall` and by
/// `examples/scripts/takeall.rhai`, from an empty transposition table.
fn takeall(c: &mut Criterion) {
    let script = Arc::new(
        Script::open(
            &example("takeall.rhai"),
            grundy::limits::DEFAULT_MAX_FILE_BYTES,
        )
        .unwrap(),
    );
    let mut group = c.benchmark_group("script/takeall");
    group.sample_size(10);
    for heaps in [vec![1, 2, 3, 4, 5], vec![5, 11, 17, 23, 29]] {
        let start = position(&heaps);
        let mut probe = Solver::new(TakeAll, Config::default());
        probe.value(&start).unwrap();
        let expanded = probe.expanded();
        group.throughput(Throughput::Elements(expanded));
        let name = format!("{heaps:?}");
        group.bench_with_input(BenchmarkId::new("built-in", &name), &start, |b, start| {
            b.iter(|| {
                Solver::new(TakeAll, Config::default())
                    .value(start)
                    .unwrap()
            })
        });
        let scripted_start = Value::Array(heaps.iter().map(|&h| Value::Int(h as i64)).collect());
        // Same rules, same canonical positions: the same number expanded.
        let mut probe = Solver::new(ScriptGame::new(script.clone()), Config::default());
        probe.value(&scripted_start).unwrap();
        assert_eq!(probe.expanded(), expanded);
        group.bench_with_input(
            BenchmarkId::new("script", &name),
            &scripted_start,
            |b, start| {
                b.iter(|| {
                    let game = ScriptGame::new(script.clone());
                    let v = Solver::new(game.clone(), Config::default())
                        .value(start)
                        .unwrap();
                    game.check().unwrap();
                    v
                })
            },
        );
    }
    group.finish();
}

/// `grundy table` of `sub{1,3,4}` to 1000: the built-in family and
/// `examples/scripts/subtraction.rhai`, each built afresh (the script is
/// compiled in every iteration, as the command line does once).
fn subtraction_table(c: &mut Criterion) {
    let mut group = c.benchmark_group("script/sub{1,3,4} table to 1000");
    group.sample_size(10);
    group.throughput(Throughput::Elements(1001));
    let limits = Limits::default();
    for (name, family) in [
        ("built-in", "sub{1,3,4}".to_string()),
        ("script", format!("script[{}]", example("subtraction.rhai"))),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let f = family_named(&family).unwrap();
                let mut sum = 0u64;
                f.table(1000, &limits, &mut |v| {
                    sum += v.0;
                    Ok(())
                })
                .unwrap();
                sum
            })
        });
    }
    group.finish();
}

criterion_group!(benches, takeall, subtraction_table);
criterion_main!(benches);
