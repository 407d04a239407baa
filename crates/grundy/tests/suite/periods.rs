//! Periods of take-and-break games, certified by the Guy–Smith theorem,
//! against the published ones.

use grundy::expr::family_named;
use grundy::period::Proof;
use grundy::{Limits, Nimber};

/// (family, period, last exception, source)
const PUBLISHED: &[(&str, u64, u64, &str)] = &[
    ("kayles", 12, 70, "OEIS A002186; Guy 1949"),
    (
        "dawson",
        34,
        52,
        "OEIS A002187 (exceptions of .137 up to 51, shifted by one)",
    ),
    ("dawson-chess", 34, 51, "OEIS A002187"),
    ("double-kayles", 24, 141, "OEIS A071074"),
    ("octal[0.177]", 20, 496, "OEIS A071435"),
    (
        "octal[0.16]",
        149459,
        105350,
        "OEIS A071430; Gangolli and Plambeck 1989",
    ),
];

#[test]
fn published_periods_are_found_and_certified() {
    for &(family, period, last_exception, source) in PUBLISHED {
        let f = family_named(family).unwrap();
        let p = f
            .periodicity(&Limits::default())
            .unwrap()
            .unwrap_or_else(|| panic!("{family}: no period ({source})"));
        assert_eq!(p.period, period, "{family} ({source})");
        assert_eq!(
            p.last_exception(),
            Some(last_exception),
            "{family} ({source})"
        );
        assert_eq!(p.saltus, 0);
        assert!(
            matches!(p.proof, Proof::GuySmith { heaps: 2, .. }),
            "{family}: {:?}",
            p.proof
        );
        assert!(p.certified());
        // The theorem's bound was reached: 2·n0 + p + t values compared.
        assert!(
            p.checked_to >= p.theorem_bound().unwrap() + p.period,
            "{family}"
        );
    }
}

#[test]
fn kayles_bound_is_the_one_of_the_theorem() {
    let p = family_named("kayles")
        .unwrap()
        .periodicity(&Limits::default())
        .unwrap()
        .unwrap();
    // Pre-period 0..70, period 12, at most 2 tokens removed: 2·71 + 12 + 2.
    assert_eq!(p.preperiod, 71);
    assert_eq!(p.theorem_bound(), Some(2 * 71 + 12 + 2));
}

#[test]
fn huge_heaps_are_answered_from_the_period() {
    let f = family_named("kayles").unwrap();
    let limits = Limits::default();
    let arg = |n| [grundy::expr::Arg::Int(n)];
    // Kayles' period from 71: 4 1 2 8 1 4 7 2 1 8 2 7 (n mod 12 = 0..11).
    let period = [4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7];
    for n in [1_000_000_000u64, 999_999_999_999, u64::MAX / 2] {
        assert_eq!(
            f.value(&arg(n), &limits).unwrap(),
            Nimber(period[(n % 12) as usize]),
            "kayles({n})"
        );
    }
}

#[test]
fn unequal_splits_are_not_certified() {
    // Grundy's game: no period is known, and the Guy–Smith argument does
    // not cover unequal splits, so nothing may be claimed.
    let limits = Limits {
        max_heap: 20_000,
        ..Limits::default()
    };
    assert!(
        family_named("grundy-game")
            .unwrap()
            .periodicity(&limits)
            .unwrap()
            .is_none()
    );
}

#[test]
fn finite_subtraction_games_are_certified_by_the_window_argument() {
    let p = family_named("sub{1,3,4}")
        .unwrap()
        .periodicity(&Limits::default())
        .unwrap()
        .unwrap();
    assert_eq!((p.preperiod, p.period), (0, 7));
    assert_eq!(p.proof, Proof::Window { width: 4 });
}
