//! Periods of take-and-break games and subtraction games: the theorem's
//! bound, huge heaps, and what is not certified. (The published periods
//! are in `tests/data/periods.toml`, run by `conformance`.)

use grundy::expr::family_named;
use grundy::pattern::sequence::find_period;
use grundy::period::{PeriodSearch, Proof};
use grundy::{Limits, Nimber};

#[test]
fn kayles_bound_is_the_one_of_the_theorem() {
    let p = family_named("kayles")
        .unwrap()
        .periodicity(&Limits::default())
        .unwrap()
        .into_period()
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
    // not cover unequal splits, so nothing may be claimed; the search
    // still says how many values it watched.
    let limits = Limits::default().with_max_heap(20_000);
    let search = family_named("grundy-game")
        .unwrap()
        .periodicity(&limits)
        .unwrap();
    assert_eq!(
        search,
        PeriodSearch::NotFound {
            checked_to: 20_001,
            proof: Proof::Observed
        }
    );
}

/// Regression: `grundy period` said "no period found up to 100000" after
/// the engine had computed and watched far more values; the search now
/// names how many it looked at, whichever kind of family it is.
#[test]
fn a_search_without_a_period_says_how_far_it_looked() {
    let limits = Limits::default().with_max_heap(30_000);
    let search = |name: &str| family_named(name).unwrap().periodicity(&limits).unwrap();
    // 0.6 is covered by Guy–Smith (two heaps, one token taken).
    assert_eq!(
        search("octal[0.6]"),
        PeriodSearch::NotFound {
            checked_to: 30_001,
            proof: Proof::GuySmith {
                heaps: 2,
                max_take: 1
            }
        }
    );
    assert_eq!(search("octal[0.6]").checked_to(), Some(30_001));
    // A found period reports the values it was certified on.
    let kayles = search("kayles");
    assert_eq!(kayles.period().map(|p| p.period), Some(12));
    assert_eq!(kayles.checked_to(), kayles.period().map(|p| p.checked_to));
    // A family with no search of its own says so; the faces observe it.
    assert_eq!(search("wythoff"), PeriodSearch::NotSearched);
    let observed = find_period(family_named("sub{squares}").unwrap().as_ref(), &limits).unwrap();
    assert_eq!(observed.checked_to(), Some(30_001));
    assert_eq!(observed.proof(), Some(&Proof::Observed));
}

#[test]
fn finite_subtraction_games_are_certified_by_the_window_argument() {
    let p = family_named("sub{1,3,4}")
        .unwrap()
        .periodicity(&Limits::default())
        .unwrap()
        .into_period()
        .unwrap();
    assert_eq!((p.preperiod, p.period), (0, 7));
    assert_eq!(p.proof, Proof::Window { width: 4 });
}

/// A table in slices holds the values asked for one heap at a time: for
/// take-and-break codes (a short computed table, then the certified
/// period walked across slice boundaries) and for a family of the plain
/// solver.
#[test]
fn tables_in_slices_are_the_values_of_each_heap() {
    let limits = Limits::default();
    for (name, to) in [
        ("kayles", 10_000u64),
        ("octal[4.07]", 9_000),
        ("sub{1,3,4}", 5_000),
    ] {
        let f = family_named(name).unwrap();
        let (mut sliced, mut slices) = (Vec::new(), 0);
        f.table_chunks(to, &limits, &mut |chunk| {
            assert!(!chunk.is_empty() && chunk.len() <= grundy::family::TABLE_CHUNK);
            slices += 1;
            sliced.extend_from_slice(chunk);
            Ok(())
        })
        .unwrap();
        assert_eq!(sliced.len() as u64, to + 1, "{name}");
        assert!(slices >= 2, "{name}: {slices} slices");
        for (n, &v) in sliced.iter().enumerate() {
            let one = f
                .value(&[grundy::expr::Arg::Int(n as u64)], &limits)
                .unwrap();
            assert_eq!(v, one, "{name}: G({n})");
        }
    }
}

/// Officers' rare positions are the published ones, and the list in
/// docs/data/officers-rare.txt is what the engine computes: 1 584 of them
/// with heap 0, the last at 20 627 (Grossman, "Searching for periodicity
/// in Officers", Games of No Chance 5), rare meaning that `G(n) & 0x1ee`
/// has an even number of ones (the engine's mask for Officers).
#[test]
fn officers_rare_positions_are_the_published_ones() {
    let to = 40_000u64;
    let f = family_named("octal[0.6]").unwrap();
    let mut values = Vec::new();
    f.table_chunks(to, &Limits::default(), &mut |chunk| {
        values.extend_from_slice(chunk);
        Ok(())
    })
    .unwrap();
    let rare: Vec<(u64, u64)> = values
        .iter()
        .enumerate()
        .filter(|(_, v)| (v.0 & 0x1ee).count_ones() % 2 == 0)
        .map(|(n, v)| (n as u64, v.0))
        .collect();
    assert_eq!(rare.len(), 1584);
    assert_eq!(rare.last().map(|r| r.0), Some(20_627));
    let listed = include_str!("../../../../docs/data/officers-rare.txt");
    let listed: Vec<(u64, u64)> = listed
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let mut pair = line.split_whitespace().map(|x| x.parse::<u64>().unwrap());
            (pair.next().unwrap(), pair.next().unwrap())
        })
        .collect();
    assert_eq!(listed, rare);
}
