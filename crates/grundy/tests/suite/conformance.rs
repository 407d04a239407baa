//! One conformance suite: the published facts of `tests/data/*.toml`, each
//! record run through every engine that can answer it (as regex runs its
//! `testdata/*.toml` through every regex engine).
//!
//! | data file | engines |
//! |---|---|
//! | `sequences.toml` | the reference search (small heaps), the family's table and its single-heap values, the equivalent code's family, and the sequence engine plain, sparse (one thread), and on two threads as the pipeline and by speculation, on a table long enough for each to run |
//! | `periods.toml` | the family's period finder, the sequence engine's watcher, the values up to the theorem's bound, heaps far beyond the table by the family, by the certified sequence and streamed |
//! | `misere.toml` | genus: Nim's formula, the genus by search, each γn by misère search; outcome: Bouton's rule, the SJ theorem, search, and the definition |
//! | `coins.toml` | the family's formula, search of the coin game, sums of two heads |
//! | `nimbers.toml` | the fast and the plain nim-product, the nimber parser, Turning Corners by family and by search |
//! | `cookbook.toml` | each sample case by the engine and by the definition, against the sample's own `.out` |
//!
//! A failure names the record, its source and the engine. Nothing is
//! printed on success; with `GRUNDY_CONFORMANCE_REPORT` set, each test
//! prints how many records, engines and checks it ran (run with
//! `--nocapture`).

use std::collections::BTreeMap;
use std::sync::Arc;

use grundy::expr::{Arg, Family, Position, SumGame, family_named};
use grundy::heap::octal::{Code, TakeBreak};
use grundy::misere::{self, Genus, Method};
use grundy::nimber::arith::evaluate;
use grundy::nimber::product::{product, product_plain};
use grundy::period::{Periodicity, Proof};
use grundy::seq::{Reached, Sequence, TwoThreads};
use grundy::solve::reference::{self, Ending};
use grundy::{Limits, Nimber, Outcome};
use serde::Deserialize;

use super::common::reference_value;

// ---------------------------------------------------------------------------
// Bookkeeping: which engines ran, how many checks.

/// The engines a test ran and the checks each made, for the report.
#[derive(Default)]
struct Tally {
    records: usize,
    checks: BTreeMap<&'static str, usize>,
}

impl Tally {
    /// Asserts `got == want` for `record` (from `source`) by `engine`.
    fn check<T: PartialEq + std::fmt::Debug>(
        &mut self,
        engine: &'static str,
        record: &str,
        source: &str,
        got: T,
        want: T,
    ) {
        *self.checks.entry(engine).or_default() += 1;
        assert!(
            got == want,
            "{record} ({source}) by {engine}:\n  got  {got:?}\n  want {want:?}"
        );
    }

    /// Prints the tally when asked to, and asserts the data was read.
    fn report(&self, kind: &str) {
        assert!(self.records > 0, "{kind}: no records");
        if std::env::var_os("GRUNDY_CONFORMANCE_REPORT").is_some() {
            let total: usize = self.checks.values().sum();
            eprintln!(
                "{kind}: {} records, {} engines, {total} checks: {:?}",
                self.records,
                self.checks.len(),
                self.checks
            );
        }
    }
}

fn load<T: for<'de> Deserialize<'de>>(name: &str, text: &str) -> T {
    toml::from_str(text).unwrap_or_else(|e| panic!("tests/data/{name}: {e}"))
}

fn family(name: &str) -> Arc<dyn Family> {
    family_named(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn value(f: &dyn Family, n: u64, limits: &Limits) -> Nimber {
    f.value(&[Arg::Int(n)], limits)
        .unwrap_or_else(|e| panic!("{}({n}): {e}", f.head()))
}

fn table(f: &dyn Family, to: u64, limits: &Limits) -> Vec<Nimber> {
    let mut t = Vec::new();
    f.table(to, limits, &mut |v| {
        t.push(v);
        Ok(())
    })
    .unwrap_or_else(|e| panic!("{} to {to}: {e}", f.head()));
    t
}

/// The take-and-break rules of `code` (`hex[...]` for hexadecimal).
fn rules(code: &str) -> TakeBreak {
    let (text, hex) = match code.strip_prefix("hex[") {
        Some(rest) => (rest.trim_end_matches(']'), true),
        None => (code, false),
    };
    TakeBreak::new(Code::parse(text, text, 1, hex).unwrap_or_else(|e| panic!("{code}: {e}")))
}

/// The family that serves `code`: `octal[0.77]` or `hex[0.F]`.
fn code_family(code: &str) -> String {
    if code.starts_with("hex[") {
        code.to_string()
    } else {
        format!("octal[{code}]")
    }
}

/// Limits for a sequence computed value by value to the end, on one
/// thread unless said otherwise.
fn all_values(plain: bool, threads: usize) -> Limits {
    Limits::default()
        .with_shortcuts(false)
        .with_plain_engine(plain)
        .with_threads(threads)
}

/// How a sequence engine is set up.
#[derive(Clone, Copy)]
enum SeqEngine {
    Plain,
    Sparse,
    Pipeline,
    Speculation,
}

/// `G(0..=to)` by the sequence engine; `None` when that engine does not
/// run on this code (no sparse space: it would be the plain one again).
fn sequence(game: &TakeBreak, to: u64, engine: SeqEngine) -> Option<Vec<Nimber>> {
    let mut seq = Sequence::new(game.clone());
    let limits = match engine {
        SeqEngine::Plain => all_values(true, 1),
        SeqEngine::Sparse => all_values(false, 1),
        SeqEngine::Pipeline => {
            seq.force_two_threads(TwoThreads::Pipeline);
            all_values(false, 2)
        }
        SeqEngine::Speculation => {
            seq.force_two_threads(TwoThreads::Speculation);
            all_values(false, 2)
        }
    };
    seq.extend(to, &limits).unwrap();
    let ran = matches!(engine, SeqEngine::Plain) || seq.sparse_state().is_some();
    if ran && matches!(engine, SeqEngine::Pipeline | SeqEngine::Speculation) {
        assert!(seq.two_thread_chunks() > 0, "two threads never ran");
    }
    ran.then(|| (0..=to).map(|n| seq.get(n).unwrap()).collect())
}

/// The heaps of a position after `n`, with at least two heaps: whether the
/// family splits heaps (then the reference search, which plays the whole
/// multiset of heaps, is kept to small heaps).
fn splits(f: &dyn Family, limits: &Limits) -> bool {
    let mut options = Vec::new();
    f.moves(&[Arg::Int(12)], limits, &mut options).unwrap();
    options.iter().any(|o| o.len() >= 2)
}

// ---------------------------------------------------------------------------
// Grundy sequences.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SequenceRecord {
    family: String,
    values: Option<Vec<u64>>,
    p_positions: Option<Vec<u64>>,
    code: Option<String>,
    source: String,
}

#[derive(Deserialize)]
struct Sequences {
    sequence: Vec<SequenceRecord>,
}

/// Heaps computed by the sequence engines: long enough for the sparse
/// engine to choose a mask (from heap 64) and for the pipeline (from heap
/// 1024), short enough for the plain engine's `O(N²)`.
const LONG: u64 = 3000;

/// What a record claims about `G(0..=to)`.
enum Claim {
    Values(Vec<Nimber>),
    Zeros(Vec<u64>),
}

impl Claim {
    fn of(r: &SequenceRecord) -> Claim {
        match (&r.values, &r.p_positions) {
            (Some(v), None) => Claim::Values(v.iter().map(|&v| Nimber(v)).collect()),
            (None, Some(p)) => Claim::Zeros(p.clone()),
            _ => panic!("{}: give values or p_positions", r.family),
        }
    }

    /// The last heap the claim covers.
    fn to(&self) -> u64 {
        match self {
            Claim::Values(v) => v.len() as u64 - 1,
            Claim::Zeros(p) => *p.last().unwrap(),
        }
    }

    /// The claimed value of heap `n`, or for P-positions, whether it is 0.
    fn expected(&self, n: u64) -> Expect {
        match self {
            Claim::Values(v) => Expect::Value(v[n as usize]),
            Claim::Zeros(p) => Expect::Zero(p.contains(&n)),
        }
    }

    fn seen(&self, v: Nimber) -> Expect {
        match self {
            Claim::Values(_) => Expect::Value(v),
            Claim::Zeros(_) => Expect::Zero(v.is_zero()),
        }
    }
}

#[derive(Debug, PartialEq)]
enum Expect {
    Value(Nimber),
    Zero(bool),
}

impl Tally {
    /// Checks values `got[0..]` against the claim, heap by heap.
    fn sequence(
        &mut self,
        engine: &'static str,
        r: &SequenceRecord,
        claim: &Claim,
        got: &[Nimber],
    ) {
        let to = claim.to().min(got.len() as u64 - 1);
        let want: Vec<Expect> = (0..=to).map(|n| claim.expected(n)).collect();
        let seen: Vec<Expect> = got[..=to as usize].iter().map(|&v| claim.seen(v)).collect();
        self.check(engine, &r.family, &r.source, seen, want);
    }
}

#[test]
fn published_sequences_by_every_engine() {
    let data: Sequences = load("sequences.toml", include_str!("../data/sequences.toml"));
    let limits = Limits::default();
    let mut tally = Tally::default();
    for r in &data.sequence {
        tally.records += 1;
        let claim = Claim::of(r);
        let to = claim.to();
        let f = family(&r.family);

        // The family as expressions use it: its table, and each heap alone.
        let got = table(f.as_ref(), to, &limits);
        tally.sequence("family table", r, &claim, &got);
        let single: Vec<Nimber> = (0..=to).map(|n| value(f.as_ref(), n, &limits)).collect();
        tally.sequence("family value", r, &claim, &single);

        // The definition: mex over the moves of the whole position, by
        // brute force, on the heaps where that is quick.
        // (A sum of split heaps has as many positions as the partitions
        // of the heap, each with many moves: Lasker's Nim at 16 takes
        // minutes, at 12 a fraction of a second.)
        let small = if r.family.starts_with("script") {
            10
        } else if splits(f.as_ref(), &limits) {
            12
        } else {
            100
        };
        let searched: Vec<Nimber> = (0..=to.min(small))
            .map(|n| reference_value(&format!("{}({n})", r.family)))
            .collect();
        tally.sequence("reference search", r, &claim, &searched);

        // The same game written as a code, and the sequence engine on it.
        let code = r.code.clone().or_else(|| {
            let name = &r.family;
            name.strip_prefix("octal[")
                .map(|c| c.trim_end_matches(']').to_string())
                .or_else(|| name.starts_with("hex[").then(|| name.clone()))
        });
        let Some(code) = code else { continue };
        let as_code = family(&code_family(&code));
        tally.sequence(
            "code family",
            r,
            &claim,
            &table(as_code.as_ref(), to, &limits),
        );
        let game = rules(&code);
        // (A code standing for an infinite one, as 0.333... for Nim,
        // agrees on the listed heaps only, and only those are compared
        // with the record. Such long codes cost more a heap: past heap
        // 1024, where the pipeline starts, is enough.)
        let long = if code.len() > 10 { 1500 } else { LONG }.max(to);
        let plain = sequence(&game, long, SeqEngine::Plain).unwrap();
        tally.sequence("sequence plain", r, &claim, &plain);
        for (engine, name) in [
            (SeqEngine::Sparse, "sequence sparse"),
            (SeqEngine::Pipeline, "sequence pipeline"),
            (SeqEngine::Speculation, "sequence speculation"),
        ] {
            if let Some(got) = sequence(&game, long, engine) {
                tally.sequence(name, r, &claim, &got);
                // Beyond the published values, against the plain engine.
                let against = format!("{}; beyond it, the plain engine", r.source);
                tally.check(name, &r.family, &against, got, plain.clone());
            }
        }
    }
    tally.report("sequences");
}

// ---------------------------------------------------------------------------
// Periods.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PeriodRecord {
    family: String,
    code: Option<String>,
    period: u64,
    last_exception: Option<u64>,
    proof: String,
    source: String,
}

#[derive(Deserialize)]
struct Periods {
    period: Vec<PeriodRecord>,
}

/// Plain-engine tables up to this length are quick; 0.16's (360 000
/// values) comes from the sparse engine.
const PLAIN_PERIOD_TABLE: u64 = 5000;

/// Far heaps: `BASE + k` for `k < FAR`.
const FAR_BASES: [u64; 3] = [1_000_000_000, 1_000_000_000_000_000, u64::MAX / 3];
const FAR: u64 = 40;

#[test]
fn published_periods_by_every_engine() {
    let data: Periods = load("periods.toml", include_str!("../data/periods.toml"));
    // One thread: the pipeline is held against one thread on the
    // sequences above, and on a loaded machine its two threads wait on
    // each other for far longer than the one-thread engine takes.
    let limits = Limits::default().with_threads(1);
    let mut tally = Tally::default();
    for r in &data.period {
        tally.records += 1;
        let (name, source) = (&r.family, &r.source);
        let claim = |p: &Periodicity| (p.period, p.last_exception(), p.saltus, p.certified());
        let want = (r.period, r.last_exception, 0, true);
        let preperiod = r.last_exception.map_or(0, |e| e + 1);

        // The family's own period finder.
        let f = family(name);
        let found = f
            .periodicity(&limits)
            .unwrap()
            .into_period()
            .unwrap_or_else(|| panic!("{name}: no period ({source})"));
        tally.check("family period", name, source, claim(&found), want);
        let proof = match found.proof {
            Proof::GuySmith { .. } => "guy-smith",
            Proof::Window { .. } => "window",
            Proof::Observed => "observed",
        };
        tally.check("family period", name, source, proof, r.proof.as_str());
        let bound = found.theorem_bound().unwrap();
        tally.check(
            "family period",
            name,
            source,
            found.checked_to >= bound,
            true,
        );

        // The sequence engine's watcher, which stops once it certifies.
        let Some(code) = &r.code else { continue };
        let game = rules(code);
        let mut seq = Sequence::new(game.clone());
        let reached = seq.extend(10_000_000, &limits).unwrap();
        tally.check("sequence watcher", name, source, reached, Reached::Period);
        let certified = seq.period().unwrap().clone();
        tally.check("sequence watcher", name, source, claim(&certified), want);

        // The values themselves, by the plain engine where it is quick:
        // periodic from the pre-period up to the theorem's bound, and not
        // periodic at the last exception.
        let bound = certified.theorem_bound().unwrap();
        let (engine, values): (&'static str, Vec<Nimber>) = if bound <= PLAIN_PERIOD_TABLE {
            (
                "plain values",
                sequence(&game, bound + r.period, SeqEngine::Plain).unwrap(),
            )
        } else {
            (
                "sparse values",
                (0..seq.len()).map(|n| seq.get(n).unwrap()).collect(),
            )
        };
        let p = r.period as usize;
        let breaks: Vec<usize> = (preperiod as usize..values.len() - p)
            .filter(|&n| values[n] != values[n + p])
            .collect();
        tally.check(engine, name, source, breaks, vec![]);
        if let Some(e) = r.last_exception {
            let e = e as usize;
            tally.check(engine, name, source, values[e] != values[e + p], true);
        }

        // Heaps far beyond any table, answered from the certified period,
        // against the value at their residue.
        let residue = |n: u64| preperiod + (n - preperiod) % r.period;
        let far: Vec<u64> = FAR_BASES
            .iter()
            .flat_map(|&b| (0..FAR).map(move |k| b + k))
            .collect();
        let want: Vec<Nimber> = far.iter().map(|&n| values[residue(n) as usize]).collect();
        let by_family: Vec<Nimber> = far.iter().map(|&n| value(f.as_ref(), n, &limits)).collect();
        tally.check("far heaps, family", name, source, by_family, want.clone());
        let by_sequence: Vec<Nimber> = far.iter().map(|&n| seq.get(n).unwrap()).collect();
        tally.check("far heaps, sequence", name, source, by_sequence, want);
        // Streamed past the table, two periods on.
        let to = seq.len() + 2 * r.period;
        let mut streamed = Vec::new();
        seq.stream(to, &mut |v| {
            streamed.push(v);
            Ok(())
        })
        .unwrap();
        let want: Vec<Nimber> = (0..=to)
            .map(|n| {
                values[if n < values.len() as u64 {
                    n
                } else {
                    residue(n)
                } as usize]
            })
            .collect();
        tally.check("streamed period", name, source, streamed, want);
    }
    tally.report("periods");
}

// ---------------------------------------------------------------------------
// Misère play.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GenusRecord {
    position: String,
    genus: String,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OutcomeRecord {
    position: String,
    outcome: String,
    source: String,
}

#[derive(Deserialize)]
struct Misere {
    genus: Vec<GenusRecord>,
    outcome: Vec<OutcomeRecord>,
}

fn parse(expr: &str) -> Position {
    Position::parse(expr).unwrap_or_else(|e| panic!("{expr}: {e}"))
}

/// The superscripts of `g^{...}`: digits, or numbers between commas.
fn superscripts(genus: &str) -> Vec<u64> {
    let inner = genus.split_once("^{").unwrap().1.trim_end_matches('}');
    if inner.contains(',') {
        inner
            .split(',')
            .map(|s| s.trim().parse().unwrap())
            .collect()
    } else {
        inner
            .chars()
            .map(|c| c.to_digit(10).unwrap().into())
            .collect()
    }
}

/// Whether every term of `p` is Nim.
fn all_nim(p: &Position) -> bool {
    p.terms.iter().all(|t| t.family.head() == "nim")
}

fn outcome_of(o: Outcome) -> String {
    format!("{o:?}")
}

#[test]
fn published_misere_values_by_every_engine() {
    let data: Misere = load("misere.toml", include_str!("../data/misere.toml"));
    let limits = Limits::default();
    let mut tally = Tally::default();
    for r in &data.genus {
        tally.records += 1;
        let (name, source) = (&r.position, &r.source);
        let p = parse(name);
        if let [term] = p.terms.as_slice()
            && term.family.head() == "nim"
            && let [Arg::Int(n)] = term.args.as_slice()
        {
            let formula = Genus::of_nim_heap(*n).to_string();
            tally.check(
                "Nim's genus formula",
                name,
                source,
                formula,
                r.genus.clone(),
            );
        }
        let (game, start) = grundy::expr::CanonicalSum::new(&p, &limits);
        let searched = misere::genus(&game, &start, &limits).unwrap();
        tally.check(
            "genus by search",
            name,
            source,
            searched.to_string(),
            r.genus.clone(),
        );
        // γk is the misère Grundy value of the position plus k heaps of 2.
        let gammas: Vec<u64> = (0..superscripts(&r.genus).len())
            .map(|k| {
                let twos = vec!["nim(2)"; k].join(" + ");
                let sum = if k == 0 {
                    name.clone()
                } else {
                    format!("{name} + {twos}")
                };
                misere::analyze(&parse(&sum), Some(Method::Search), &limits)
                    .unwrap()
                    .misere_grundy
                    .expect("search finds the misère Grundy value")
                    .0
            })
            .collect();
        tally.check(
            "γn by misère search",
            name,
            source,
            gammas,
            superscripts(&r.genus),
        );
    }
    for r in &data.outcome {
        tally.records += 1;
        let (name, source) = (&r.position, &r.source);
        let p = parse(name);
        let mut methods = vec![
            (None, "misère analysis"),
            (Some(Method::Search), "misère search"),
        ];
        if all_nim(&p) {
            methods.push((Some(Method::Bouton), "Bouton's rule"));
        }
        if misere::sj::condition(&p, &limits)
            .unwrap()
            .explain()
            .is_none()
        {
            methods.push((Some(Method::Sj), "SJ theorem"));
        }
        for (method, engine) in methods {
            let a = misere::analyze(&p, method, &limits).unwrap();
            tally.check(
                engine,
                name,
                source,
                outcome_of(a.outcome),
                r.outcome.clone(),
            );
        }
        let (game, start) = SumGame::new(&p, &limits);
        let by_definition = reference::outcome(&game, &start, Ending::LastMoverLoses).unwrap();
        tally.check(
            "misère definition",
            name,
            source,
            outcome_of(by_definition),
            r.outcome.clone(),
        );
    }
    tally.report("misère");
}

// ---------------------------------------------------------------------------
// Coin-turning games and nim-multiplication.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CoinsRecord {
    family: String,
    head_values: Vec<u64>,
    source: String,
}

#[derive(Deserialize)]
struct CoinsData {
    coins: Vec<CoinsRecord>,
}

/// A row of `len` tails with heads at the given coins (from 1).
fn row(len: usize, heads: &[usize]) -> String {
    (1..=len)
        .map(|x| if heads.contains(&x) { 'H' } else { 'T' })
        .collect()
}

/// Rows searched as coin games: 2^12 positions at most.
const SEARCHED_ROW: usize = 12;

#[test]
fn published_coin_values_by_every_engine() {
    let data: CoinsData = load("coins.toml", include_str!("../data/coins.toml"));
    let limits = Limits::default();
    let mut tally = Tally::default();
    for r in &data.coins {
        tally.records += 1;
        let (name, source) = (&r.family, &r.source);
        let want: Vec<Nimber> = r.head_values.iter().map(|&v| Nimber(v)).collect();
        let f = family(name);
        let value_of =
            |heads: &[usize], len: usize| f.value(&[Arg::Word(row(len, heads))], &limits).unwrap();
        let by_family: Vec<Nimber> = (1..=want.len()).map(|x| value_of(&[x], x)).collect();
        tally.check("family formula", name, source, by_family, want.clone());
        let len = want.len().min(SEARCHED_ROW);
        let searched: Vec<Nimber> = (1..=len)
            .map(|x| reference_value(&format!("{name}({})", row(x, &[x]))))
            .collect();
        tally.check(
            "coin game search",
            name,
            source,
            searched,
            want[..len].to_vec(),
        );
        // Two heads are the nim-sum of one head each (the coins are
        // independent: Winning Ways, ch. 14).
        let pairs: Vec<(usize, usize)> = (1..=len)
            .flat_map(|x| (x + 1..=len).map(move |y| (x, y)))
            .collect();
        let sums: Vec<Nimber> = pairs
            .iter()
            .map(|&(x, y)| want[x - 1] + want[y - 1])
            .collect();
        let by_family: Vec<Nimber> = pairs.iter().map(|&(x, y)| value_of(&[x, y], y)).collect();
        tally.check("two heads, family", name, source, by_family, sums.clone());
        let searched: Vec<Nimber> = pairs
            .iter()
            .filter(|&&(_, y)| y <= 8)
            .map(|&(x, y)| reference_value(&format!("{name}({})", row(y, &[x, y]))))
            .collect();
        let want: Vec<Nimber> = pairs
            .iter()
            .zip(&sums)
            .filter(|((_, y), _)| *y <= 8)
            .map(|(_, &s)| s)
            .collect();
        tally.check("two heads, search", name, source, searched, want);
    }
    tally.report("coins");
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Antidiagonals {
    values: Vec<u64>,
    source: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProductRecord {
    x: u64,
    y: u64,
    product: u64,
    source: String,
}

#[derive(Deserialize)]
struct Nimbers {
    antidiagonals: Vec<Antidiagonals>,
    product: Vec<ProductRecord>,
}

/// Turning Corners with a lone head at column `x`, row `y` (from 0).
fn corners(x: u64, y: u64) -> String {
    let tails = "T".repeat(x as usize + 1);
    let mut rows = vec![tails; y as usize];
    rows.push(format!("{}H", "T".repeat(x as usize)));
    format!("corners({})", rows.join(","))
}

#[test]
fn published_nim_products_by_every_engine() {
    let data: Nimbers = load("nimbers.toml", include_str!("../data/nimbers.toml"));
    let mut tally = Tally::default();
    let mut facts: Vec<(u64, u64, u64, String, String)> = Vec::new();
    for r in &data.antidiagonals {
        tally.records += 1;
        let mut cells = (0u64..).flat_map(|d| (0..=d).map(move |k| (k, d - k)));
        for (i, &v) in r.values.iter().enumerate() {
            let (x, y) = cells.next().unwrap();
            facts.push((x, y, v, format!("term {i}"), r.source.clone()));
        }
    }
    for r in &data.product {
        tally.records += 1;
        facts.push((r.x, r.y, r.product, String::new(), r.source.clone()));
    }
    for (x, y, want, term, source) in &facts {
        let (x, y, want) = (*x, *y, *want);
        let name = format!("{x} ⊗ {y} {term}");
        tally.check("product", &name, source, product(x, y), want);
        tally.check("plain product", &name, source, product_plain(x, y), want);
        let parsed = evaluate(&format!("{x}*{y}")).unwrap();
        tally.check("nimber parser", &name, source, parsed, Nimber(want));
        if x <= 16 && y <= 16 {
            let by_family = super::common::engine_value(&corners(x, y));
            tally.check("Turning Corners", &name, source, by_family, Nimber(want));
        }
        if x * y <= 6 {
            let searched = reference_value(&corners(x, y));
            tally.check(
                "Turning Corners search",
                &name,
                source,
                searched,
                Nimber(want),
            );
        }
    }
    tally.report("nimbers");
}

// ---------------------------------------------------------------------------
// The cookbook's samples.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SampleRecord {
    sample: String,
    play: String,
    positions: Vec<String>,
    win: Option<String>,
    lose: Option<String>,
    answer: String,
    source: String,
}

#[derive(Deserialize)]
struct Cookbook {
    sample: Vec<SampleRecord>,
}

/// Whether the player to move wins `p`, by the engine.
fn engine_wins(p: &Position, misere_play: bool, limits: &Limits) -> bool {
    if misere_play {
        misere::analyze(p, None, limits).unwrap().outcome == Outcome::N
    } else {
        !grundy::analysis::normal::value(p, limits)
            .unwrap()
            .is_zero()
    }
}

/// Whether the player to move wins `p`, by the definition alone.
fn definition_wins(p: &Position, misere_play: bool, limits: &Limits) -> bool {
    let (game, start) = SumGame::new(p, limits);
    let ending = if misere_play {
        Ending::LastMoverLoses
    } else {
        Ending::LastMoverWins
    };
    reference::outcome(&game, &start, ending).unwrap() == Outcome::N
}

/// The number of winning moves of `p` (normal play), by the definition:
/// moves to positions the player to move loses.
fn definition_winning_moves(p: &Position, limits: &Limits) -> usize {
    use grundy::Game;
    let (game, start) = SumGame::new(p, limits);
    let mut options = Vec::new();
    game.moves(&start, &mut options);
    options
        .iter()
        .filter(|q| reference::outcome(&game, q, Ending::LastMoverWins).unwrap() == Outcome::P)
        .count()
}

#[test]
fn cookbook_samples_by_every_engine() {
    let data: Cookbook = load("cookbook.toml", include_str!("../data/cookbook.toml"));
    let limits = Limits::default();
    let samples = concat!(env!("CARGO_MANIFEST_DIR"), "/../cookbook/samples");
    let mut tally = Tally::default();
    for r in &data.sample {
        tally.records += 1;
        let (name, source) = (&r.sample, &r.source);
        let out = std::fs::read_to_string(format!("{samples}/{name}.out"))
            .unwrap_or_else(|e| panic!("{name}.out: {e}"));
        let misere_play = match r.play.as_str() {
            "normal" => false,
            "misere" => true,
            other => panic!("{name}: unknown play {other}"),
        };
        let positions: Vec<Position> = r.positions.iter().map(|e| parse(e)).collect();
        let say = |wins: bool| {
            if wins { r.win.clone() } else { r.lose.clone() }
                .unwrap_or_else(|| panic!("{name}: win and lose"))
        };
        let answers = |wins: &dyn Fn(&Position) -> bool| -> String {
            let words: Vec<String> = positions.iter().map(|p| say(wins(p))).collect();
            match r.answer.as_str() {
                "outcome" => words.iter().map(|w| format!("{w}\n")).collect(),
                "outcome-letters" => words.concat(),
                other => panic!("{name}: unknown answer {other}"),
            }
        };
        let want = match r.answer.as_str() {
            "outcome-letters" => out.lines().collect::<String>(),
            _ => out.clone(),
        };
        if r.answer == "winning-moves" {
            let by_engine: String = positions
                .iter()
                .map(|p| {
                    let n = grundy::analysis::normal::analyze(p, &limits)
                        .unwrap()
                        .winning_moves
                        .len();
                    format!("{n}\n")
                })
                .collect();
            tally.check("engine", name, source, by_engine, want.clone());
            let by_definition: String = positions
                .iter()
                .map(|p| format!("{}\n", definition_winning_moves(p, &limits)))
                .collect();
            tally.check("definition", name, source, by_definition, want);
            continue;
        }
        let by_engine = answers(&|p| engine_wins(p, misere_play, &limits));
        tally.check("engine", name, source, by_engine, want.clone());
        let by_definition = answers(&|p| definition_wins(p, misere_play, &limits));
        tally.check("definition", name, source, by_definition, want);
    }
    tally.report("cookbook");
}
