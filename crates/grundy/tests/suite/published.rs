//! Published values, read from `tests/data/published.txt`.

use grundy::expr::{Arg, family_named};
use grundy::{Limits, Nimber};

struct Record {
    family: String,
    kind: String,
    numbers: Vec<u64>,
    source: String,
}

fn records() -> Vec<Record> {
    let text = include_str!("../data/published.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(fields.len(), 4, "malformed record: {line}");
            Record {
                family: fields[0].to_string(),
                kind: fields[1].to_string(),
                numbers: fields[2]
                    .split_whitespace()
                    .map(|n| n.parse().unwrap())
                    .collect(),
                source: fields[3].to_string(),
            }
        })
        .collect()
}

/// Both the streamed table and single-heap queries.
fn values(family: &str, to: u64) -> Vec<Nimber> {
    let f = family_named(family).unwrap();
    let limits = Limits::default();
    let mut table = Vec::new();
    f.table(to, &limits, &mut |v| {
        table.push(v);
        Ok(())
    })
    .unwrap();
    for n in 0..=to {
        assert_eq!(
            f.value(&[Arg::Int(n)], &limits).unwrap(),
            table[n as usize],
            "{family}({n})"
        );
    }
    table
}

#[test]
fn published_sequences() {
    let records = records();
    assert!(!records.is_empty());
    for r in records {
        match r.kind.as_str() {
            "values" => {
                let got = values(&r.family, r.numbers.len() as u64 - 1);
                let want: Vec<Nimber> = r.numbers.iter().map(|&v| Nimber(v)).collect();
                assert_eq!(got, want, "{} ({})", r.family, r.source);
            }
            "p-positions" => {
                let last = *r.numbers.last().unwrap();
                let got: Vec<u64> = values(&r.family, last)
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| v.is_zero())
                    .map(|(n, _)| n as u64)
                    .collect();
                assert_eq!(got, r.numbers, "{} ({})", r.family, r.source);
            }
            other => panic!("unknown kind {other}"),
        }
    }
}
