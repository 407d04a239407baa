//! Pattern finding and plots, held against the plain definition.
//!
//! A period reported by `pattern` predicts values beyond the ones it was
//! found on; those predictions are checked against tables filled by the
//! definition (the mex over every option, `heap::fill_table`) far past the
//! checked range, and against the brute-force reference on small heaps.

use grundy::expr::family_named;
use grundy::heap::fill_table;
use grundy::heap::subtraction::{AllBut, Subtraction, SubtractionSet};
use grundy::pattern::plane::{Line, Plane, plane_pattern};
use grundy::pattern::sequence::sequence_pattern;
use grundy::period::exceptions::exceptions;
use grundy::period::observe::{enough_evidence, observe};
use grundy::period::{Periodicity, Proof};
use grundy::plot::{Labels, heat_map, scatter};
use grundy::{Limits, Nimber};
use proptest::prelude::*;

use super::common::reference_value;

/// `G(0..=to)` of a heap game by the definition alone.
fn plain_table(game: &impl grundy::heap::HeapGame, to: u64) -> Vec<Nimber> {
    let mut table = Vec::new();
    fill_table(game, &mut table, to, &Limits::default()).unwrap();
    table
}

/// What a period says `G(n)` is for `n` past the pre-period, written out
/// here rather than taken from the library (which, rightly, will not
/// extend an observed period past the values it was seen on).
fn extend(period: &Periodicity, base: &[Nimber], n: u64) -> Nimber {
    let (n0, p) = (period.preperiod, period.period);
    let cycles = (n - n0) / p;
    Nimber(base[(n0 + (n - n0) % p) as usize].0 + cycles * period.saltus)
}

/// Asserts that `period` predicts every value of `truth`, and that its
/// exceptions are exactly the heaps below the pre-period that break it.
fn assert_predicts(family: &str, period: &Periodicity, base: &[Nimber], truth: &[Nimber]) {
    for (n, &want) in truth.iter().enumerate() {
        let n = n as u64;
        if n >= period.preperiod {
            assert_eq!(
                extend(period, base, n),
                want,
                "{family}: G({n}) predicted by {period:?}"
            );
        }
    }
    let listed: Vec<u64> = exceptions(base, period).iter().map(|e| e.n).collect();
    let breaking: Vec<u64> = (0..period.preperiod)
        .filter(|&n| {
            // Extended backwards: G(n) = G(n + kp) - ks for the first k
            // reaching the periodic part.
            let k = (period.preperiod - n).div_ceil(period.period);
            let ahead = truth[(n + k * period.period) as usize].0;
            ahead.checked_sub(k * period.saltus) != Some(truth[n as usize].0)
        })
        .collect();
    assert_eq!(listed, breaking, "{family}");
    assert_eq!(listed.last().copied(), period.last_exception(), "{family}");
}

#[test]
fn sub_256_has_a_proven_period_of_11() {
    let family = family_named("sub{2,5,6}").unwrap();
    let found = sequence_pattern(family.as_ref(), 1000, &Limits::default()).unwrap();
    let p = found.period.clone().unwrap();
    assert_eq!((p.preperiod, p.period, p.saltus), (0, 11, 0));
    assert_eq!(p.proof, Proof::Window { width: 6 });
    assert!(found.exceptions.is_empty());
    assert_eq!(found.block, [0, 0, 1, 1, 0, 2, 1, 3, 0, 2, 1].map(Nimber));
    let truth = plain_table(
        &Subtraction::new(SubtractionSet::Finite(vec![2, 5, 6])),
        20_000,
    );
    assert_predicts("sub{2,5,6}", &p, &found.values, &truth);
    assert_table_is_the_brute_force("sub{2,5,6}", &truth[..=40]);
}

/// The first values of a table against the brute-force reference.
fn assert_table_is_the_brute_force(family: &str, values: &[Nimber]) {
    for (n, &want) in values.iter().enumerate() {
        assert_eq!(
            reference_value(&format!("{family}({n})")),
            want,
            "{family}({n})"
        );
    }
}

#[test]
fn allbut_237_grows_by_2_every_4_observed() {
    let family = family_named("allbut{2,3,7}").unwrap();
    let found = sequence_pattern(family.as_ref(), 1000, &Limits::default()).unwrap();
    let p = found.period.clone().unwrap();
    assert_eq!((p.preperiod, p.period, p.saltus), (0, 4, 2));
    assert!(
        !p.certified(),
        "no theorem is known to the engine for all-but games"
    );
    assert_eq!(p.checked_to, 1001);
    // The observed pattern goes on holding well past the values it was
    // seen on.
    let truth = plain_table(&AllBut::new(vec![2, 3, 7]), 4000);
    assert_predicts("allbut{2,3,7}", &p, &found.values, &truth);
    assert_table_is_the_brute_force("allbut{2,3,7}", &truth[..=30]);
}

#[test]
fn nim_is_arithmetic_with_saltus_1() {
    let family = family_named("nim").unwrap();
    let p = sequence_pattern(family.as_ref(), 1000, &Limits::default())
        .unwrap()
        .period
        .unwrap();
    assert_eq!((p.preperiod, p.period, p.saltus), (0, 1, 1));
}

#[test]
fn a_preperiod_lists_its_exceptions() {
    // sub{1,4,10} is periodic with period 11 from n = 16 only.
    let family = family_named("sub{1,4,10}").unwrap();
    let found = sequence_pattern(family.as_ref(), 1000, &Limits::default()).unwrap();
    let p = found.period.clone().unwrap();
    assert_eq!((p.preperiod, p.period), (16, 11));
    assert!(p.certified());
    let truth = plain_table(
        &Subtraction::new(SubtractionSet::Finite(vec![1, 4, 10])),
        5000,
    );
    assert_predicts("sub{1,4,10}", &p, &found.values, &truth);
    let listed: Vec<u64> = found.exceptions.iter().map(|e| e.n).collect();
    assert_eq!(listed, [0, 1, 10, 11, 12, 15]);
}

/// The subtraction games with infinite sets: reported as found, honestly.
/// Subtract-a-square is known not to be periodic (its P-positions have
/// density zero: Golomb, "A mathematical investigation of games of
/// take-away", J. Combin. Theory 1, 1966), and no period of the Fibonacci
/// game shows in the first thousand values.
#[test]
fn infinite_subtraction_sets_show_no_period_up_to_1000() {
    for name in ["sub{squares}", "sub{fib}"] {
        let family = family_named(name).unwrap();
        let found = sequence_pattern(family.as_ref(), 1000, &Limits::default()).unwrap();
        assert!(found.period.is_none(), "{name}: {:?}", found.period);
        assert_eq!(found.values.len(), 1001);
    }
}

/// A sequence with a known pattern: `garbage` values, then a block that
/// repeats `times` times, rising by `saltus` each time.
fn built(garbage: &[u64], block: &[u64], saltus: u64, times: u64) -> Vec<Nimber> {
    let mut v: Vec<Nimber> = garbage.iter().copied().map(Nimber).collect();
    for k in 0..times {
        v.extend(block.iter().map(|&b| Nimber(b + k * saltus)));
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, ..ProptestConfig::default() })]

    /// Every finite subtraction game gets a proven period from `pattern`,
    /// and the period predicts the definition's values three times further
    /// than it was checked; its exceptions are exactly the values that
    /// break it; and single heaps agree with the brute force.
    #[test]
    fn finite_subtraction_periods_predict_the_definition(
        set in proptest::collection::btree_set(1u64..=12, 1..=4),
    ) {
        let set: Vec<u64> = set.into_iter().collect();
        let text = set.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let name = format!("sub{{{text}}}");
        let family = family_named(&name).unwrap();
        let found = sequence_pattern(family.as_ref(), 1500, &Limits::default()).unwrap();
        let p = found.period.clone().unwrap();
        prop_assert!(p.certified());
        let truth = plain_table(&Subtraction::new(SubtractionSet::Finite(set)), 4500);
        assert_predicts(&name, &p, &found.values, &truth);
        for n in [0u64, 1, 5, 13, 24] {
            prop_assert_eq!(reference_value(&format!("{name}({n})")), truth[n as usize]);
        }
    }

    /// Observed detection recovers a planted pattern (or a shorter one that
    /// explains the same values), with enough evidence, and its exceptions
    /// are exactly the values before the pre-period that break it.
    #[test]
    fn observed_detection_recovers_planted_patterns(
        garbage in proptest::collection::vec(0u64..20, 0..12),
        block in proptest::collection::vec(0u64..6, 1..7),
        saltus in 0u64..3,
        times in 3u64..8,
    ) {
        let values = built(&garbage, &block, saltus, times);
        let len = values.len() as u64;
        prop_assume!(2 * (len - garbage.len() as u64) >= len);
        let p = observe(&values).expect("a planted pattern is found");
        prop_assert!(p.period <= block.len() as u64);
        if p.period == block.len() as u64 {
            prop_assert!(p.preperiod <= garbage.len() as u64);
        }
        prop_assert!(enough_evidence(len, p.preperiod, p.period));
        for n in p.preperiod..len - p.period {
            prop_assert_eq!(values[(n + p.period) as usize].0, values[n as usize].0 + p.saltus);
        }
        assert_predicts("planted", &p, &values, &values);
    }
}

/// Wythoff's P-pairs by their classic construction: `a_k` is the smallest
/// number not yet used, `b_k = a_k + k` (Wythoff 1907; OEIS A000201 and
/// A001950).
fn wythoff_pairs(up_to: u64) -> Vec<(u64, u64)> {
    let mut used = std::collections::BTreeSet::new();
    let mut pairs = Vec::new();
    let mut k = 0;
    loop {
        let a = (0..).find(|x| !used.contains(x)).unwrap();
        if a > up_to {
            break;
        }
        let b = a + k;
        used.insert(a);
        used.insert(b);
        pairs.push((a, b));
        k += 1;
    }
    pairs
}

#[test]
fn wythoff_table_marks_the_classic_p_positions() {
    let family = family_named("wythoff").unwrap();
    let table = Plane::compute(family.as_ref(), 40, 40, &Limits::default()).unwrap();
    let found = plane_pattern(&table);
    let mut want: Vec<(u64, u64)> = wythoff_pairs(40)
        .into_iter()
        .flat_map(|(a, b)| [(a, b), (b, a)])
        .filter(|&(a, b)| a <= 40 && b <= 40)
        .collect();
    want.sort();
    want.dedup();
    assert_eq!(found.p_positions, want);
    assert!(found.symmetric && found.one_p_per_line && !found.nim_sum);
    // Row 0 is Nim (G = b); rows 1 and 2 rise by 3 every 3 (Dress,
    // Flammenkamp and Pink 1999 prove every row arithmetic-periodic).
    let rows: Vec<(u64, u64, u64)> = found
        .regular
        .iter()
        .filter_map(|r| match r.line {
            Line::Row(a) if a <= 2 => Some((a, r.period.period, r.period.saltus)),
            _ => None,
        })
        .collect();
    assert_eq!(rows, [(0, 1, 1), (1, 3, 3), (2, 3, 3)]);
    for a in 0..8 {
        for b in 0..8 {
            assert_eq!(
                table.get(a, b),
                reference_value(&format!("wythoff({a},{b})")),
                "({a},{b})"
            );
        }
    }
}

#[test]
fn grid_is_the_nim_sum_and_staircase_is_not_symmetric() {
    let grid = family_named("grid").unwrap();
    let found = plane_pattern(&Plane::compute(grid.as_ref(), 30, 30, &Limits::default()).unwrap());
    assert!(found.nim_sum && found.symmetric);
    assert_eq!(
        found.p_positions,
        (0..=30).map(|a| (a, a)).collect::<Vec<_>>()
    );
    // staircase(a, b) = a: each row is constant, each column counts up.
    let stairs = family_named("staircase").unwrap();
    let table = Plane::compute(stairs.as_ref(), 20, 20, &Limits::default()).unwrap();
    let found = plane_pattern(&table);
    assert!(!found.symmetric && !found.nim_sum);
    let regular = |line| {
        found
            .regular
            .iter()
            .find(|r| r.line == line)
            .map(|r| (r.period.period, r.period.saltus))
    };
    assert_eq!(regular(Line::Row(3)), Some((1, 0)));
    assert_eq!(regular(Line::Column(3)), Some((1, 1)));
}

#[test]
fn tables_refuse_to_run_away() {
    let family = family_named("wythoff").unwrap();
    let limits = Limits::default().with_max_positions(100);
    let err = Plane::compute(family.as_ref(), 10, 10, &limits).unwrap_err();
    assert!(err.to_string().contains("--max-positions"), "{err}");
}

fn labels() -> Labels {
    Labels {
        title: "a <title> & more".into(),
        x: "n".into(),
        y: "G(n)".into(),
    }
}

/// Elements of a parsed SVG whose class list contains `class`.
fn with_class(doc: &roxmltree::Document, element: &str, class: &str) -> usize {
    doc.descendants()
        .filter(|n| n.has_tag_name(element))
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == class))
        })
        .count()
}

#[test]
fn scatter_plot_is_xml_with_one_point_per_value() {
    let family = family_named("sub{2,5,6}").unwrap();
    let values = grundy::pattern::values(family.as_ref(), 500, &Limits::default()).unwrap();
    let svg = scatter(&values, &labels());
    let doc = roxmltree::Document::parse(&svg).expect("the scatter plot is well-formed XML");
    assert!(
        doc.root_element()
            .has_tag_name(("http://www.w3.org/2000/svg", "svg"))
    );
    assert_eq!(with_class(&doc, "circle", "point"), 501);
    let zeros = values.iter().filter(|v| v.is_zero()).count();
    assert_eq!(with_class(&doc, "circle", "p-position"), zeros);
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("a <title> & more"));
    for class in ["title", "x-label", "y-label"] {
        assert_eq!(with_class(&doc, "text", class), 1, "{class}");
    }
}

#[test]
fn heat_map_is_xml_with_one_cell_per_position() {
    let family = family_named("wythoff").unwrap();
    let table = Plane::compute(family.as_ref(), 25, 18, &Limits::default()).unwrap();
    let svg = heat_map(&table, &labels());
    let doc = roxmltree::Document::parse(&svg).expect("the heat map is well-formed XML");
    assert_eq!(with_class(&doc, "rect", "cell"), 26 * 19);
    assert_eq!(
        with_class(&doc, "circle", "p-position"),
        table.p_positions().len()
    );
    assert!(
        doc.descendants().any(|n| n.has_tag_name("linearGradient")),
        "a colour bar legend"
    );
}

/// Kayles (octal game 0.77), written out here only to try the observed
/// detection on real data: knock down one pin or two adjacent pins from a
/// row, which may split it in two.
struct Kayles;

impl grundy::heap::HeapGame for Kayles {
    fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for k in 1..=2.min(n) {
            for a in 0..=(n - k) / 2 {
                visit(&[a, n - k - a]);
            }
        }
    }
}

/// Grundy's game, likewise: split a heap into two unequal heaps.
struct GrundysGame;

impl grundy::heap::HeapGame for GrundysGame {
    fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for a in 1..n.div_ceil(2) {
            visit(&[a, n - a]);
        }
    }
}

/// Kayles is periodic with period 12 from n = 71, its last exception being
/// n = 70 (Guy and Smith 1956; Winning Ways, ch. 4): the observed detection
/// finds exactly that in the first thousand values. Grundy's game has shown
/// no period in millions of values (Winning Ways, ch. 4), and the detection
/// claims none.
#[test]
fn observed_detection_on_kayles_and_grundys_game() {
    let kayles = plain_table(&Kayles, 1000);
    // The table (nim-sums of the parts) against the brute force over rows
    // of pins played as one game; and the start of OEIS A002186.
    let rows = grundy::heap::HeapSum(Kayles);
    for n in 0..=14 {
        let whole = grundy::solve::reference::value(
            &rows,
            &grundy::heap::HeapSum::<Kayles>::position(&[n]),
        )
        .unwrap();
        assert_eq!(whole, kayles[n as usize], "n={n}");
    }
    let start: Vec<u64> = kayles[..13].iter().map(|v| v.0).collect();
    assert_eq!(start, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
    let p = observe(&kayles).unwrap();
    assert_eq!((p.preperiod, p.period, p.saltus), (71, 12, 0));
    assert_eq!(p.last_exception(), Some(70));
    let grundy = plain_table(&GrundysGame, 3000);
    assert_eq!(observe(&grundy), None);
}
