//! Small positions of every built-in family, for the tests that search
//! whole sums (misère play, the every-move rule), where sizes multiply.

use std::sync::Arc;

use grundy::expr::{Arg, Family, Position, Term};
use grundy::heap::{HeapFamily, HeapGame};
use proptest::prelude::*;

/// A random small component, written with its family.
pub fn component() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u64..5, 0u64..4).prop_map(|(a, b)| format!("nim({a},{b})")),
        (0u64..14).prop_map(|n| format!("sub{{1,3,4}}({n})")),
        (0u64..14).prop_map(|n| format!("sub{{2,5,6}}({n})")),
        (0u64..12).prop_map(|n| format!("sub{{1,2}}({n})")),
        (0u64..12).prop_map(|n| format!("sub{{fib}}({n})")),
        (0u64..9).prop_map(|n| format!("allbut{{2,3,7}}({n})")),
        (0u64..4, 0u64..4).prop_map(|(a, b)| format!("wythoff({a},{b})")),
        (0u64..4, 0u64..3).prop_map(|(a, b)| format!("grid({a},{b})")),
        (0u64..3, 0u64..3).prop_map(|(a, b)| format!("staircase({a},{b})")),
        (0u64..4, 0u64..3).prop_map(|(a, b)| format!("takeall({a},{b})")),
    ]
}

/// A random sum of one to `most` small components.
pub fn sum(most: usize) -> impl Strategy<Value = Position> {
    proptest::collection::vec(component(), 1..=most).prop_map(|parts| parse(&parts.join(" + ")))
}

/// Texts, sorted (to compare sets of moves).
pub fn sorted<T: ToString>(items: impl Iterator<Item = T>) -> Vec<String> {
    let mut v: Vec<String> = items.map(|t| t.to_string()).collect();
    v.sort();
    v
}

/// Parses an expression the test wrote itself.
pub fn parse(expr: &str) -> Position {
    Position::parse(expr).unwrap_or_else(|e| panic!("{expr}: {e}"))
}

/// A term of `family` on the given heaps (or vertices).
pub fn tokens(family: &Arc<dyn Family>, on: &[u64]) -> Term {
    Term {
        family: family.clone(),
        args: on.iter().map(|&v| Arg::Int(v)).collect(),
    }
}

/// Kayles, a heap family whose moves split heaps: knock down one pin or
/// two adjacent pins from a row, leaving up to two rows.
struct Kayles;

impl HeapGame for Kayles {
    fn options(&self, n: u64, visit: &mut dyn FnMut(&[u64])) {
        for take in 1..=2.min(n) {
            for left in 0..=(n - take) / 2 {
                visit(&[left, n - take - left]);
            }
        }
    }
}

/// The Kayles family, as `kayles(...)` (built here: not a built-in).
pub fn kayles() -> Arc<dyn Family> {
    Arc::new(HeapFamily::new(Kayles, "kayles"))
}
