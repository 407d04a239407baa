//! Nim-multiplication against its definition and the field laws. (The
//! published table, OEIS A051775, is in `tests/data/nimbers.toml`.)

use grundy::Nimber;
use grundy::nimber::arith::evaluate;
use grundy::nimber::product::{inverse, inverse_plain, power, product, product_plain, quotient};
use proptest::prelude::*;

/// The nim-products of all `x, y < n` by Conway's definition (On Numbers
/// and Games, ch. 6): `x ⊗ y = mex { x'⊗y ⊕ x⊗y' ⊕ x'⊗y' : x' < x, y' < y }`.
fn products_by_definition(n: usize) -> Vec<Vec<u64>> {
    let mut table = vec![vec![0u64; n]; n];
    let mut seen = vec![false; n * n + 1];
    for x in 0..n {
        for y in 0..n {
            seen.iter_mut().for_each(|s| *s = false);
            for a in 0..x {
                for b in 0..y {
                    let v = table[a][y] ^ table[x][b] ^ table[a][b];
                    if let Some(s) = seen.get_mut(v as usize) {
                        *s = true;
                    }
                }
            }
            table[x][y] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
    }
    table
}

#[test]
fn products_below_64_match_the_definition() {
    let table = products_by_definition(64);
    for (x, row) in table.iter().enumerate() {
        for (y, &want) in row.iter().enumerate() {
            assert_eq!(product(x as u64, y as u64), want, "{x} ⊗ {y}");
            assert_eq!(product_plain(x as u64, y as u64), want, "{x} ⊗ {y} (plain)");
        }
    }
}

#[test]
fn six_times_thirteen_is_fifteen() {
    assert_eq!(Nimber(6) * Nimber(13), Nimber(15));
    assert_eq!(evaluate("6*13").unwrap(), Nimber(15));
    assert_eq!(evaluate("15 / 13").unwrap(), Nimber(6));
}

#[test]
fn every_nonzero_byte_has_an_inverse_in_its_subfield() {
    for x in 1..256u64 {
        let y = inverse(x).unwrap();
        assert!(y < 256, "inv({x}) = {y} left GF(256)");
        assert_eq!(product(x, y), 1, "x = {x}");
    }
}

/// A nimber below `2^(2^k)` for a random `k`, so that small subfields are
/// exercised as well as the whole field.
fn nimber() -> impl Strategy<Value = u64> {
    (0u32..=6, any::<u64>()).prop_map(|(k, x)| {
        if k == 6 {
            x
        } else {
            x & ((1u64 << (1 << k)) - 1)
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn fast_and_plain_products_agree(x in any::<u64>(), y in any::<u64>()) {
        prop_assert_eq!(product(x, y), product_plain(x, y));
    }

    #[test]
    fn field_laws(x in nimber(), y in nimber(), z in nimber()) {
        prop_assert_eq!(product(x, y), product(y, x));
        prop_assert_eq!(product(product(x, y), z), product(x, product(y, z)));
        prop_assert_eq!(product(x, y ^ z), product(x, y) ^ product(x, z));
        prop_assert_eq!(product(x, 1), x);
        prop_assert_eq!(product(x, 0), 0);
    }

    /// The nimbers below a Fermat 2-power 2^(2^k) are closed under ⊗ and
    /// inverses (they form the subfield GF(2^(2^k))).
    #[test]
    fn subfields_are_closed(k in 0u32..6, x in any::<u64>(), y in any::<u64>()) {
        let bound = 1u64 << (1 << k);
        let (x, y) = (x % bound, y % bound);
        prop_assert!(product(x, y) < bound);
        if x != 0 {
            prop_assert!(inverse(x).unwrap() < bound);
        }
    }

    #[test]
    fn inverse_and_quotient(x in nimber(), y in nimber()) {
        match inverse(x) {
            None => prop_assert_eq!(x, 0),
            Some(i) => {
                prop_assert_eq!(product(x, i), 1);
                prop_assert_eq!(Some(i), inverse_plain(x));
                prop_assert_eq!(power(x, u64::MAX), 1); // the group has order 2^64 - 1
            }
        }
        if y != 0 {
            prop_assert_eq!(product(quotient(x, y).unwrap(), y), x);
        } else {
            prop_assert_eq!(quotient(x, y), None);
        }
    }

    /// The text form gives what the functions give.
    #[test]
    fn expressions_evaluate_as_the_functions_do(x in nimber(), y in nimber(), z in 1u64..u64::MAX) {
        let text = format!("{x} * {y} + inv({z}) / 0x{z:x}");
        let want = product(x, y) ^ quotient(inverse(z).unwrap(), z).unwrap();
        prop_assert_eq!(evaluate(&text).unwrap(), Nimber(want));
        prop_assert_eq!(evaluate(&format!("{z}^-1")).unwrap(), Nimber(inverse(z).unwrap()));
    }
}
