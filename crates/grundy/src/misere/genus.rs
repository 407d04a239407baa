//! The genus of a game (Conway, *On Numbers and Games*, ch. 12; *Winning
//! Ways*, ch. 13): `g^{γ0 γ1 γ2 ...}`, where `g` is the normal Grundy value,
//! `γ0` the misère Grundy value, and `γn` the misère Grundy value of the
//! game plus `n` Nim heaps of size 2. A single Nim heap of 0 has genus
//! `0^{120}` (the superscripts go on 1, 2, 0, 2, 0, ...), `*1` has
//! `1^{031}` and `*n`, `n ≥ 2`, has `n^{n, n⊕2}`; by convention the
//! superscripts are written up to the point where the last two alternate
//! for ever.
//!
//! # How it is computed, and why the answer is exact
//!
//! Write `F(p, a, b)` for the misère Grundy value of `p + a·*2 + b·*1`. The
//! options of that sum are `p' + a·*2 + b·*1` for the options `p'` of `p`,
//! a heap of 2 becoming 1 or 0, and a heap of 1 becoming 0, so `F` is a mex
//! over those (with `F = 1` when nothing can move). Two heaps of 1 change
//! no misère outcome: `X + *1 + *1` and `X` are won by the same player for
//! every `X` (induction on `X`: with no move in `X` both are won by the
//! player to move; if some option `X'` is lost, so is `X' + *1 + *1`;
//! otherwise every `X' + *1 + *1` is won, and so is `X + *1`, which moves
//! to `X`). As `G⁻(Y) = k` exactly when `Y + *k` is a misère P-position
//! ([`super::search`]), `b` only matters modulo 2.
//!
//! Then the values at level `a` (all `p`, `b = 0, 1`) are a fixed function
//! of the values at level `a - 1`. The values are bounded (a mex over at
//! most `options + 3` values), so the levels repeat; once a level equals an
//! earlier one, every later level follows, and the sequence
//! `γa = F(root, a, 0)` is known for ever. The answer is the exact genus,
//! not a guess from a finite prefix.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use serde::{Serialize, Serializer};

use crate::error::{Error, Result};
use crate::expr::{CanonicalSum, Position, Term};
use crate::family::{Arg, Family};
use crate::game::Game;
use crate::limits::Limits;
use crate::nimber::{Mex, Nimber};
use crate::solve::explore::Explored;

/// The genus of a game: its normal Grundy value and the sequence of misère
/// Grundy values of the game plus 0, 1, 2, ... heaps of size 2, which is
/// `prefix` followed by `cycle` repeated for ever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// The normal-play Grundy value `g`.
    pub grundy: Nimber,
    /// `γ0, γ1, ...` before the repeating part.
    pub prefix: Vec<u64>,
    /// The part that repeats for ever (two values for every game the
    /// literature knows: `g` and `g ⊕ 2`, in some order).
    pub cycle: Vec<u64>,
}

impl Genus {
    /// The genus of a Nim heap of `n`: `0^{120}`, `1^{031}`, `n^{n,n⊕2}`
    /// (*Winning Ways*, ch. 13).
    pub fn of_nim_heap(n: u64) -> Genus {
        let (prefix, cycle) = match n {
            0 => (vec![1], vec![2, 0]),
            1 => (vec![0], vec![3, 1]),
            n => (vec![], vec![n, n ^ 2]),
        };
        Genus {
            grundy: Nimber(n),
            prefix,
            cycle,
        }
    }

    /// The misère Grundy value `γ0`: the player to move loses under misère
    /// play exactly when it is 0.
    pub fn misere_grundy(&self) -> Nimber {
        Nimber(self.term(0))
    }

    /// `γn`: the misère Grundy value of the game plus `n` heaps of 2.
    pub fn term(&self, n: usize) -> u64 {
        match self.prefix.get(n) {
            Some(&v) => v,
            None => self.cycle[(n - self.prefix.len()) % self.cycle.len()],
        }
    }

    /// The superscripts as written in the literature: the prefix and one
    /// turn of the cycle (two turns of a cycle of one value), so that the
    /// last two values alternate for ever.
    pub fn superscripts(&self) -> Vec<u64> {
        let mut s = self.prefix.clone();
        s.extend(&self.cycle);
        if self.cycle.len() == 1 {
            s.extend(&self.cycle);
        }
        s
    }
}

/// `0^{120}`; values of 10 or more are separated by commas (`12^{12,14}`),
/// and a cycle longer than two is shown in parentheses.
impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let all = self.prefix.iter().chain(&self.cycle);
        let sep = if all.clone().any(|&v| v >= 10) {
            ","
        } else {
            ""
        };
        let join = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(sep);
        if self.cycle.len() <= 2 {
            write!(f, "{}^{{{}}}", self.grundy.0, join(&self.superscripts()))
        } else {
            let lead = if self.prefix.is_empty() { "" } else { sep };
            write!(
                f,
                "{}^{{{}{lead}({})}}",
                self.grundy.0,
                join(&self.prefix),
                join(&self.cycle)
            )
        }
    }
}

impl Serialize for Genus {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shown<'a> {
            text: String,
            grundy: Nimber,
            misere_grundy: Nimber,
            superscripts: Vec<u64>,
            prefix: &'a [u64],
            cycle: &'a [u64],
        }
        Shown {
            text: self.to_string(),
            grundy: self.grundy,
            misere_grundy: self.misere_grundy(),
            superscripts: self.superscripts(),
            prefix: &self.prefix,
            cycle: &self.cycle,
        }
        .serialize(s)
    }
}

/// Levels computed before giving up on finding a repeat (none of the
/// games in the literature needs more than a handful).
pub const MAX_LEVELS: usize = 256;

/// The genus of `root` in `game`, exactly (see the module documentation).
/// Explores every position `root` can reach, within `limits`.
pub fn genus<G: Game>(game: &G, root: &G::Position, limits: &Limits) -> Result<Genus> {
    Ok(genera(game, std::slice::from_ref(root), limits)?.remove(0))
}

/// The genus of each of `roots`, from one exploration of everything they
/// can reach: the levels do not depend on the root, so one pass serves all.
pub fn genera<G: Game>(game: &G, roots: &[G::Position], limits: &Limits) -> Result<Vec<Genus>> {
    let start = Roots {
        game,
        roots: roots.to_vec(),
    };
    let explored = Explored::new(&start, &None, false, limits)?;
    let index: Vec<usize> = roots
        .iter()
        .map(|r| {
            explored
                .index_of(&Some(r.clone()))
                .expect("every root is an option of the start")
        })
        .collect();
    let grundy = explored.grundy_values();
    let mut mex = Mex::new();
    let mut seen: HashMap<Vec<u64>, usize> = HashMap::new();
    let mut gammas: Vec<Vec<u64>> = vec![Vec::new(); roots.len()];
    let mut previous: Option<Vec<u64>> = None;
    for level in 0..=MAX_LEVELS {
        limits.check_stop()?;
        let current = next_level(&explored, previous.as_deref(), &mut mex);
        for (g, &i) in gammas.iter_mut().zip(&index) {
            g.push(current[2 * i]);
        }
        if let Some(&start) = seen.get(&current) {
            return Ok(index
                .iter()
                .zip(&gammas)
                .map(|(&i, g)| shortest(grundy[i], g, start, level - start))
                .collect());
        }
        seen.insert(current.clone(), level);
        previous = Some(current);
    }
    Err(Error::invalid(format!(
        "the genus sequence did not repeat within {MAX_LEVELS} terms"
    )))
}

/// A start position (`None`) whose options are the given roots, so that
/// one exploration reaches everything they can reach.
struct Roots<'g, G: Game> {
    game: &'g G,
    roots: Vec<G::Position>,
}

impl<G: Game> Game for Roots<'_, G> {
    type Position = Option<G::Position>;

    fn position_bytes(&self, p: &Self::Position) -> u64 {
        p.as_ref().map_or(0, |p| self.game.position_bytes(p))
    }

    fn moves(&self, p: &Self::Position, out: &mut Vec<Self::Position>) {
        match p {
            None => out.extend(self.roots.iter().cloned().map(Some)),
            Some(p) => {
                let mut options = Vec::new();
                self.game.moves(p, &mut options);
                out.extend(options.into_iter().map(Some));
            }
        }
    }
}

/// The values `F(p, a, b)` of level `a` (stored at `2p + b`) from those of
/// level `a - 1` (`None` for level 0).
fn next_level<P>(explored: &Explored<P>, previous: Option<&[u64]>, mex: &mut Mex) -> Vec<u64> {
    let mut current = vec![0u64; 2 * explored.len()];
    for &i in explored.postorder() {
        let children = explored.children(i);
        for b in 0..2 {
            if children.is_empty() && previous.is_none() && b == 0 {
                current[2 * i] = 1; // nothing can move: misère value 1
                continue;
            }
            let mut values: Vec<u64> = children.iter().map(|&c| current[2 * c + b]).collect();
            if let Some(prev) = previous {
                values.push(prev[2 * i + (b + 1) % 2]); // a 2 becomes a 1
                values.push(prev[2 * i + b]); // a 2 becomes 0
            }
            if b == 1 {
                values.push(current[2 * i]); // the 1 becomes 0
            }
            current[2 * i + b] = mex.of(values.into_iter().map(Nimber)).0;
        }
    }
    current
}

/// The genus with the shortest prefix and cycle, given `γ` up to a level
/// that repeats level `start` (so `γ` has period `period` from `start`).
fn shortest(grundy: Nimber, gammas: &[u64], start: usize, period: usize) -> Genus {
    let at = |n: usize| {
        if n < gammas.len() {
            gammas[n]
        } else {
            gammas[start + (n - start) % period]
        }
    };
    let cycle_len = (1..=period)
        .filter(|l| period.is_multiple_of(*l))
        .find(|&l| (start..start + period).all(|n| at(n) == at(n + l)))
        .unwrap_or(period);
    let mut from = start;
    while from > 0 && at(from - 1) == at(from - 1 + cycle_len) {
        from -= 1;
    }
    Genus {
        grundy,
        prefix: (0..from).map(at).collect(),
        cycle: (from..from + cycle_len).map(at).collect(),
    }
}

/// The genus of one component of an expression (a single heap of a heap
/// family, or a whole position): Nim heaps by their formula, anything else
/// by [`genus`] over the positions it can reach.
pub fn of_component(family: &Arc<dyn Family>, args: &[Arg], limits: &Limits) -> Result<Genus> {
    if family.head() == "nim"
        && let [Arg::Int(n)] = args
    {
        return Ok(Genus::of_nim_heap(*n));
    }
    of_components(family, &[args.to_vec()], limits).map(|mut g| g.remove(0))
}

/// The genus of each of several components of one family (heaps `0..=n`
/// for a table), from one exploration (see [`genera`]).
pub fn of_components(
    family: &Arc<dyn Family>,
    components: &[Vec<Arg>],
    limits: &Limits,
) -> Result<Vec<Genus>> {
    let empty = Position {
        terms: vec![Term {
            family: family.clone(),
            args: Vec::new(),
        }],
    };
    let (game, _) = CanonicalSum::new(&empty, limits);
    let roots: Vec<_> = components
        .iter()
        .map(|c| game.canonical(vec![c.clone()]))
        .collect();
    let genera = genera(&game, &roots, limits);
    game.check()?;
    genera
}

/// The misère values and genus of each heap of a one-heap family: the one
/// shape `grundy genus` prints, as text or `--json`.
#[derive(Clone, Debug, Serialize)]
pub struct GenusTable {
    /// The family, canonical.
    pub family: String,
    /// The genus of heaps `0, 1, 2, ...` in order.
    pub genera: Vec<Genus>,
}

/// The genus of heaps `0..=to` of a one-heap family: Nim by its formula,
/// anything else from one exploration of every position the heaps reach.
/// The table is held whole, so `to` is bounded by `limits.bounds.max_positions`.
pub fn table(family: &Arc<dyn Family>, to: u64, limits: &Limits) -> Result<GenusTable> {
    use crate::error::LimitKind;
    use crate::family::Shape;
    if family.shape() != Shape::Heaps {
        return Err(Error::invalid(format!(
            "`{}` is not a one-heap family; for the genus of a position use `grundy value --misere`",
            family.head()
        )));
    }
    if to >= limits.bounds.max_positions as u64 {
        return Err(Error::limit(
            LimitKind::Positions,
            limits.bounds.max_positions as u64,
        ));
    }
    let genera = if family.head() == "nim" {
        (0..=to).map(Genus::of_nim_heap).collect()
    } else {
        let heaps: Vec<Vec<Arg>> = (0..=to).map(|n| vec![Arg::Int(n)]).collect();
        of_components(family, &heaps, limits)?
    };
    Ok(GenusTable {
        family: family.head(),
        genera,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_follows_winning_ways() {
        assert_eq!(Genus::of_nim_heap(0).to_string(), "0^{120}");
        assert_eq!(Genus::of_nim_heap(1).to_string(), "1^{031}");
        assert_eq!(Genus::of_nim_heap(2).to_string(), "2^{20}");
        assert_eq!(Genus::of_nim_heap(3).to_string(), "3^{31}");
        assert_eq!(Genus::of_nim_heap(12).to_string(), "12^{12,14}");
        let g = Genus::of_nim_heap(0);
        assert_eq!(
            (0..6).map(|n| g.term(n)).collect::<Vec<_>>(),
            [1, 2, 0, 2, 0, 2]
        );
        assert_eq!(g.misere_grundy(), Nimber(1));
    }

    #[test]
    fn shortest_form_finds_the_earliest_repeat() {
        // 1, 4, 2, 0, 2, 0, ... seen as repeating with period 4 from 2.
        let g = shortest(Nimber(2), &[1, 4, 2, 0, 2, 0, 2], 2, 4);
        assert_eq!(
            (g.prefix.as_slice(), g.cycle.as_slice()),
            ([1, 4].as_slice(), [2, 0].as_slice())
        );
        assert_eq!(g.to_string(), "2^{1420}");
    }
}
