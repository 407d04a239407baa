//! The board search: Cram and Node Kayles values from an empty table, and
//! the same Cram shape searched in 64-bit and in 128-bit words (see
//! docs/BENCHMARKS.md, "Board games").

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use grundy::Limits;
use grundy::board::{Cells, Region, Rule, Search};

/// A full `h × w` board, in a box `box_w` columns wide (the columns past
/// `w` blocked): a box of more than 64 cells makes the search use `u128`.
fn board(h: u8, w: u8, box_w: u8) -> Cells {
    let mut bits = 0u128;
    for r in 0..h as u32 {
        for c in 0..w as u32 {
            bits |= 1 << (r * box_w as u32 + c);
        }
    }
    Cells::Grid(Region::new(h, box_w, bits))
}

fn fresh_values(c: &mut Criterion) {
    let limits = Limits::default();
    let mut group = c.benchmark_group("board/value");
    group.sample_size(10);
    for (rule, name, h, w) in [
        (Rule::Cram, "cram", 5, 5),
        (Rule::Cram, "cram", 5, 6),
        (Rule::NodeKayles, "nodekayles", 6, 7),
    ] {
        let cells = board(h, w, w);
        group.bench_with_input(
            BenchmarkId::new(name, format!("{h}x{w}")),
            &cells,
            |b, &cells| b.iter(|| Search::new(rule).value(cells, &limits).unwrap()),
        );
    }
    group.finish();
}

fn words(c: &mut Criterion) {
    let limits = Limits::default();
    let mut group = c.benchmark_group("board/cram 3x11 by word");
    group.sample_size(10);
    // 3 × 11 in its own box (33 cells, u64) and in a 3 × 22 box (66
    // cells, u128): the same pieces, the same table entries.
    for (word, box_w) in [("u64", 11), ("u128", 22)] {
        let cells = board(3, 11, box_w);
        group.bench_with_input(BenchmarkId::from_parameter(word), &cells, |b, &cells| {
            b.iter(|| Search::new(Rule::Cram).value(cells, &limits).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, fresh_values, words);
criterion_main!(benches);
