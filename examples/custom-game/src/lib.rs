//! # Defining a game in Rust
//!
//! This crate shows how to give the grundy engine a game it does not know,
//! at native speed: implement [`grundy::Game`] for a rules type and hand it
//! to a [`grundy::Solver`]. (For quick experiments a script needs no Rust at
//! all: see `docs/SCRIPTS.md`.)
//!
//! The game is **Lasker's Nim**: heaps of tokens; a move either removes any
//! positive number of tokens from one heap, or splits one heap into two
//! non-empty heaps. A move that splits leaves several heaps, so a position
//! is a multiset of heaps and its value is the nim-sum of its heaps' values
//! (the Sprague–Grundy theorem); a single heap has the closed form
//! `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`, `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3`
//! (T. S. Ferguson, *Game Theory*, Part I: Impartial Combinatorial Games,
//! section 3, "Lasker's Nim").
//!
//! Three pieces of the [`Game`] trait are used:
//!
//! - [`Game::moves`], the rules, is the only one required;
//! - [`Game::components`] tells the solver that several heaps form a sum, so
//!   it solves each heap once instead of every combination;
//! - [`Game::closed_form`] answers a single heap without search.
//!
//! Both shortcuts are optional and must agree with `moves`: the tests of
//! this crate check them against [`grundy::solve::reference`], the plain
//! memoised search over `moves` alone, as the engine's own tests do.
//!
//! ```
//! use grundy::{Config, Game, Nimber, Solver};
//! use grundy_example_custom_game::{LaskersNim, position};
//!
//! let mut solver = Solver::new(LaskersNim, Config::default());
//! let p = position(&[2, 5, 7]);
//! // G = 2 ⊕ 5 ⊕ 8 = 15: the first player wins.
//! assert_eq!(solver.value(&p).unwrap(), Nimber(15));
//! // Splitting the 7 into 2 and 5 leaves 2 ⊕ 5 ⊕ 2 ⊕ 5 = 0.
//! assert!(solver.winning_moves(&p).unwrap().contains(&position(&[2, 2, 5, 5])));
//! ```

use grundy::{Game, Nimber};

/// The rules of Lasker's Nim. A position is the sorted list of its heap
/// sizes, without empty heaps ([`position`] makes one), so that equal
/// positions are equal values and the solver remembers each once.
#[derive(Clone, Copy, Debug, Default)]
pub struct LaskersNim;

/// The canonical position of some heaps: sorted, empty heaps dropped.
pub fn position(heaps: &[u64]) -> Vec<u64> {
    let mut p: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    p.sort_unstable();
    p
}

/// The value of one heap of `n` tokens, by Ferguson's formula.
pub fn heap_value(n: u64) -> Nimber {
    Nimber(match n % 4 {
        0 if n == 0 => 0,
        0 => n - 1,
        3 => n + 1,
        _ => n,
    })
}

impl Game for LaskersNim {
    type Position = Vec<u64>;

    /// Every move of the whole position: in any one heap, take some tokens
    /// or split it in two.
    fn moves(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue; // equal heaps have the same moves
            }
            let others = || {
                heaps
                    .iter()
                    .enumerate()
                    .filter(move |&(j, _)| j != i)
                    .map(|(_, &x)| x)
            };
            for left in 0..h {
                out.push(position(&others().chain([left]).collect::<Vec<_>>()));
            }
            for a in 1..=h / 2 {
                out.push(position(&others().chain([a, h - a]).collect::<Vec<_>>()));
            }
        }
    }

    /// Several heaps are a sum of single heaps.
    fn components(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> bool {
        if heaps.len() < 2 {
            return false;
        }
        out.extend(heaps.iter().map(|&h| vec![h]));
        true
    }

    /// A single heap (or none) has a formula.
    fn closed_form(&self, heaps: &Vec<u64>) -> Option<Nimber> {
        match heaps.as_slice() {
            [] => Some(Nimber::ZERO),
            [h] => Some(heap_value(*h)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::solve::reference;
    use grundy::{Config, Solver};

    /// The formula is a shortcut: the search without it must find the same.
    #[test]
    fn closed_form_agrees_with_search_on_single_heaps() {
        let plain = Config {
            closed_forms: false,
            decompose: false,
            ..Config::default()
        };
        let mut solver = Solver::new(LaskersNim, plain);
        // Without components the search meets every multiset of smaller
        // heaps, so it stays on small heaps.
        for n in 0..=24 {
            assert_eq!(
                solver.value(&position(&[n])).unwrap(),
                heap_value(n),
                "heap {n}"
            );
        }
    }

    /// Components and closed forms together against the brute-force
    /// reference, which plays every position as one game over `moves`.
    #[test]
    fn shortcuts_agree_with_the_reference_on_small_positions() {
        let mut solver = Solver::new(LaskersNim, Config::default());
        let mut cases = 0;
        for a in 0..=6 {
            for b in a..=6 {
                for c in b..=6 {
                    let p = position(&[a, b, c]);
                    assert_eq!(
                        solver.value(&p).unwrap(),
                        reference::value(&LaskersNim, &p).unwrap(),
                        "{p:?}"
                    );
                    cases += 1;
                }
            }
        }
        assert_eq!(cases, 84);
    }

    /// Ferguson's formula (Game Theory, Part I, section 3) worked by hand:
    /// heaps 0 to 8 have values 0, 1, 2, 4, 3, 5, 6, 8, 7.
    #[test]
    fn first_values_are_the_published_ones() {
        let values: Vec<u64> = (0..=8).map(|n| heap_value(n).0).collect();
        assert_eq!(values, [0, 1, 2, 4, 3, 5, 6, 8, 7]);
    }

    #[test]
    fn winning_moves_lead_to_zero() {
        let mut solver = Solver::new(LaskersNim, Config::default());
        let p = position(&[3, 6, 9]);
        let winning = solver.winning_moves(&p).unwrap();
        assert!(!winning.is_empty());
        for w in winning {
            assert_eq!(
                reference::value(&LaskersNim, &w).unwrap(),
                Nimber::ZERO,
                "{w:?}"
            );
        }
    }
}
