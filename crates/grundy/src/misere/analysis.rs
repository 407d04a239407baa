//! Misère analysis of a position written in the expression language: who
//! wins, every winning move, and how that was decided.
//!
//! Four methods, each exact where it is used:
//!
//! - `bouton`: Bouton's rule, for positions made only of Nim heaps;
//! - `sj`: the SJ theorem, when its condition is checked to hold on every
//!   position each component can reach ([`super::sj::condition`]);
//! - `quotient`: the misère quotient of the heaps of the one game every
//!   component is a heap of ([`super::quotient`]), grown to the largest
//!   heap of the sum or until a proved period of its heap images covers
//!   every heap;
//! - `search`: a search over the whole sum ([`super::SumSearch`]), which
//!   needs no theory; it finds who wins, stopping at the first winning
//!   move, and gives the misère Grundy value of the whole position when
//!   that takes at most [`VALUE_BUDGET`] positions more.
//!
//! Left to choose, the analysis takes the first that applies, in that
//! order; the quotient within a budget of its own ([`QUOTIENT_BUDGET`],
//! [`QUOTIENT_HEAPS`]), and it says why it fell back to search. Asked for
//! a method that does not apply, it fails with a message saying why.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde::Serialize;

use super::genus::{self, Genus};
use super::nim;
use super::outcome::SumSearch;
use super::quotient::{ListedHeaps, Quotient};
use super::sj::{self, Condition};
use crate::error::{Error, ErrorKind, LimitKind, Result};
use crate::expr::position::term_text;
use crate::expr::{ComponentRef, Position};
use crate::family::{Arg, Family};
use crate::game::Outcome;
use crate::limits::Limits;
use crate::nimber::Nimber;

/// How a misère position was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Search over the whole sum.
    Search,
    /// Bouton's rule for misère Nim.
    Bouton,
    /// The SJ theorem, its condition checked.
    Sj,
    /// The misère quotient of the heaps of the one game every component
    /// is a heap of ([`super::quotient`]).
    Quotient,
}

impl Method {
    /// The name used in output and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Method::Search => "search",
            Method::Bouton => "bouton",
            Method::Sj => "sj",
            Method::Quotient => "quotient",
        }
    }
}

/// One component of a misère position.
#[derive(Clone, Debug, Serialize)]
pub struct MisereComponent {
    /// The component as a term: `nim(5)`.
    pub component: String,
    /// Its normal-play Grundy value (what the SJ theorem looks at).
    pub grundy: Nimber,
    /// Its misère Grundy value as a game on its own, when computed.
    pub misere_grundy: Option<Nimber>,
    /// Its genus, when computed.
    pub genus: Option<Genus>,
    /// Why the genus is missing, when it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub genus_note: Option<String>,
}

/// A move in a misère sum.
#[derive(Clone, Debug, Serialize)]
pub struct MisereMove {
    /// Index of the component moved in.
    pub component: usize,
    /// The component before the move: `nim(7)`.
    pub from: String,
    /// What it becomes: `nim(6)`.
    pub to: String,
    /// The whole position after the move, as `misere(...)`.
    #[serde(serialize_with = "as_misere")]
    pub position: Position,
    /// Who wins after the move (`P`: the player who made it).
    pub outcome: Outcome,
    /// The misère Grundy value after the move, when the method gives it.
    pub misere_grundy: Option<Nimber>,
}

/// Everything `grundy value --misere` reports.
#[derive(Clone, Debug, Serialize)]
pub struct MisereAnalysis {
    /// The position, written `misere(...)`.
    #[serde(serialize_with = "as_misere")]
    pub position: Position,
    /// Always "misere".
    pub play: &'static str,
    /// Who wins under misère play.
    pub outcome: Outcome,
    /// How it was decided.
    pub method: Method,
    /// The argument, in one sentence.
    pub reason: String,
    /// Why the method is not the one asked for or the fastest, if so.
    pub note: Option<String>,
    /// The normal-play value of the sum (the nim-sum of the components').
    pub grundy: Nimber,
    /// The misère Grundy value of the whole position, when the method
    /// gives it: Bouton's rule for Nim, and search within
    /// [`VALUE_BUDGET`] (the note says when search did not).
    pub misere_grundy: Option<Nimber>,
    /// The components.
    pub components: Vec<MisereComponent>,
    /// Every move to a position the player to move then loses (the first
    /// `Limits::max_moves` when the quotient counts more).
    pub winning_moves: Vec<MisereMove>,
    /// False when more winning moves exist than are listed.
    pub winning_moves_complete: bool,
    /// How many winning moves there are in all.
    pub winning_move_count: u64,
}

fn as_misere<S: serde::Serializer>(p: &Position, s: S) -> std::result::Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("misere({p})"))
}

/// Analyses `position` under misère play with the given method, or the
/// best one that applies when `method` is `None`.
///
/// ```
/// use grundy::{expr::Position, Limits, Outcome};
/// use grundy::misere::{analyze, Method};
///
/// let p = Position::parse("nim(1,1,5)").unwrap();
/// let a = analyze(&p, None, &Limits::default()).unwrap();
/// assert_eq!((a.outcome, a.method), (Outcome::N, Method::Bouton));
/// // Leave an odd number of heaps of one.
/// assert_eq!(a.winning_moves[0].position.to_string(), "nim(1,1,1)");
///
/// // sub{1,3,4}(2) has value 0 but can move: the SJ theorem does not apply.
/// let p = Position::parse("sub{1,3,4}(9) + nim(2)").unwrap();
/// let a = analyze(&p, None, &Limits::default()).unwrap();
/// assert_eq!(a.method, Method::Search);
/// assert!(a.note.unwrap().contains("sub{1,3,4}(2)"));
/// assert!(analyze(&p, Some(Method::Sj), &Limits::default()).is_err());
/// ```
pub fn analyze(
    position: &Position,
    method: Option<Method>,
    limits: &Limits,
) -> Result<MisereAnalysis> {
    let (mut judge, note) = Judge::choose(position, method, limits)?;
    let values = sj::component_values(position, limits)?;
    let grundy: Nimber = values.iter().copied().sum();
    let (outcome, misere_grundy, missing) = judge.evaluate(position, true, limits)?;
    let note = match (note, missing) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.or(b),
    };
    let reason = judge.reason(position, &values, outcome, misere_grundy);
    let (winning_moves, winning_move_count) = if outcome == Outcome::N {
        judge.winning_moves(position, &values, limits)?
    } else {
        (Vec::new(), 0)
    };
    Ok(MisereAnalysis {
        position: position.clone(),
        play: "misere",
        outcome,
        method: judge.method(),
        reason,
        note,
        grundy,
        misere_grundy,
        components: components(position, &values, limits)?,
        winning_moves_complete: winning_moves.len() as u64 == winning_move_count,
        winning_moves,
        winning_move_count,
    })
}

/// Every move of `position` under misère play, with who wins after it;
/// also returns the method used and the note on its choice.
pub fn moves(
    position: &Position,
    method: Option<Method>,
    limits: &Limits,
) -> Result<(Method, Option<String>, Vec<MisereMove>)> {
    let (mut judge, note) = Judge::choose(position, method, limits)?;
    let out = position.each_move(limits, |i, c, _, o| {
        judge.make_move(position, i, c, o, true, limits)
    })?;
    Ok((judge.method(), note, out))
}

/// The most positions the search for the misère Grundy value of one
/// position may add to those of its outcome's search. The outcome stops
/// at the first winning move; the value `k` needs the outcomes of
/// `X + *0, ..., X + *k`, several times as many positions (five to eight
/// times on sums of three Kayles rows), and is only an extra: it is given
/// while it stays within this budget, a fraction of a second of search.
pub const VALUE_BUDGET: usize = 250_000;

/// The chosen way of deciding positions.
enum Judge {
    Bouton,
    Sj,
    /// The quotient of the heaps `0..=N` of the family every component is
    /// a heap of, `N` the largest heap of the position (moves only make
    /// heaps smaller).
    Quotient(Arc<Quotient<ListedHeaps>>),
    Search {
        search: Box<SumSearch>,
        /// Whether misère Grundy values are still looked for: not once
        /// one has needed more than [`VALUE_BUDGET`] positions.
        values: bool,
    },
}

impl Judge {
    /// Picks the method: the one asked for, which must apply, or the best
    /// that applies, with a note when falling back to search.
    fn choose(
        position: &Position,
        method: Option<Method>,
        limits: &Limits,
    ) -> Result<(Judge, Option<String>)> {
        let all_nim = position.terms.iter().all(|t| t.family.head() == "nim");
        let search = || Judge::Search {
            search: Box::new(SumSearch::new(limits)),
            values: true,
        };
        match method {
            Some(Method::Search) => Ok((search(), None)),
            Some(Method::Quotient) => Ok((
                Judge::Quotient(quotient_of(one_heap_family(position)?, position, limits)?),
                None,
            )),
            Some(Method::Bouton) if all_nim => Ok((Judge::Bouton, None)),
            Some(Method::Bouton) => Err(Error::invalid(format!(
                "Bouton's rule is for Nim heaps only, and misere({position}) has other games; \
                 use --method sj or --method search"
            ))),
            None if all_nim => Ok((Judge::Bouton, None)),
            Some(Method::Sj) | None => match sj_condition(position, method, limits)? {
                Condition::Holds => Ok((Judge::Sj, None)),
                failed => {
                    let why = failed.explain().unwrap_or_default();
                    let verdict = match failed {
                        Condition::Unknown { .. } => "could not be checked",
                        _ => "does not apply",
                    };
                    if method.is_some() {
                        return Err(Error::invalid(format!(
                            "the SJ theorem {verdict} for misere({position}): {why}; use --method search"
                        )));
                    }
                    let sj = format!("the SJ theorem {verdict} ({why})");
                    match auto_quotient(position, limits)? {
                        Ok(q) => Ok((Judge::Quotient(q), None)),
                        Err(None) => Ok((
                            search(),
                            Some(format!("{sj}; solved by search over the whole sum")),
                        )),
                        Err(Some(refused)) => Ok((
                            search(),
                            Some(format!(
                                "{sj}, and the misère quotient {refused}; solved by search over the whole sum"
                            )),
                        )),
                    }
                }
            },
        }
    }

    fn method(&self) -> Method {
        match self {
            Judge::Bouton => Method::Bouton,
            Judge::Sj => Method::Sj,
            Judge::Quotient(_) => Method::Quotient,
            Judge::Search { .. } => Method::Search,
        }
    }

    /// Who wins `position`, its misère Grundy value if the method gives
    /// it, and why search did not give it, if so. Search looks for the
    /// value of an N-position only when `value` asks for it (a winning move
    /// needs only the outcome; that of a P-position is 0).
    fn evaluate(
        &mut self,
        position: &Position,
        value: bool,
        limits: &Limits,
    ) -> Result<(Outcome, Option<Nimber>, Option<String>)> {
        match self {
            Judge::Bouton => {
                let v = nim::misere_grundy(&nim_heaps(position)?);
                Ok((Outcome::of(v), Some(v), None))
            }
            Judge::Sj => {
                let wins = sj::first_player_wins(&sj::component_values(position, limits)?);
                Ok((if wins { Outcome::N } else { Outcome::P }, None, None))
            }
            Judge::Quotient(q) => Ok((q.outcome(&heap_sizes(position)?)?, None, None)),
            Judge::Search { search, values } => {
                let outcome = search.outcome(position)?;
                if outcome == Outcome::P {
                    return Ok((outcome, Some(Nimber::ZERO), None));
                }
                if !value {
                    return Ok((outcome, None, None));
                }
                if !*values {
                    return Ok((outcome, None, Some(not_computed(""))));
                }
                match search.misere_grundy(position, VALUE_BUDGET) {
                    Ok(Some(v)) => Ok((outcome, Some(v), None)),
                    Ok(None) => {
                        *values = false;
                        let why = format!(
                            ": it needs more than {VALUE_BUDGET} positions beyond those that decided the outcome"
                        );
                        Ok((outcome, None, Some(not_computed(&why))))
                    }
                    Err(e) if matches!(e.kind(), ErrorKind::Limit { .. }) => {
                        *values = false;
                        Ok((outcome, None, Some(not_computed(&format!(" ({e})")))))
                    }
                    Err(e) => Err(e),
                }
            }
        }
    }

    /// The one-sentence argument for the outcome.
    fn reason(
        &self,
        position: &Position,
        values: &[Nimber],
        outcome: Outcome,
        misere_grundy: Option<Nimber>,
    ) -> String {
        let total: Nimber = values.iter().copied().sum();
        match self {
            Judge::Bouton => {
                let heaps = values.iter().filter(|v| v.0 == 1).count();
                if values.iter().all(|v| v.0 <= 1) {
                    let parity = if heaps % 2 == 0 { "even" } else { "odd" };
                    format!(
                        "Bouton's rule: no heap has more than one token, and the number of heaps of one ({heaps}) is {parity}"
                    )
                } else {
                    format!(
                        "Bouton's rule: a heap has two or more tokens, so play as in normal Nim: {}",
                        nim_sum(total)
                    )
                }
            }
            Judge::Sj => {
                let above = if values.iter().any(|v| v.0 > 1) {
                    "a component has value above 1"
                } else {
                    "no component has value above 1"
                };
                format!(
                    "SJ theorem (its condition holds on every reachable position): {}, {above}",
                    nim_sum(total)
                )
            }
            Judge::Quotient(q) => {
                let lost = if outcome == Outcome::P {
                    "in"
                } else {
                    "not in"
                };
                format!(
                    "misère quotient of the heaps 0..{} (order {}): the product of the heaps' images is {lost} P",
                    q.heaps(),
                    q.order()
                )
            }
            Judge::Search { .. } => match (misere_grundy, outcome) {
                (Some(v), _) => format!(
                    "search over the whole sum: misère Grundy value of misere({position}) is {v:#}"
                ),
                (None, Outcome::N) => format!(
                    "search over the whole sum: misere({position}) has a move to a position the player to move then loses"
                ),
                (None, Outcome::P) => format!(
                    "search over the whole sum: every move from misere({position}) leads to a position the player to move then wins"
                ),
            },
        }
    }

    /// The winning moves (the position must be an N-position), and how
    /// many there are: all of them, but for the quotient, which lists the
    /// first `limits.max_moves` and counts the rest.
    fn winning_moves(
        &mut self,
        position: &Position,
        values: &[Nimber],
        limits: &Limits,
    ) -> Result<(Vec<MisereMove>, u64)> {
        let parts = position.components();
        let mut out = Vec::new();
        let mut count = None;
        match self {
            Judge::Bouton => {
                for (i, t) in nim::winning_moves(&nim_heaps(position)?) {
                    out.push(self.make_move(
                        position,
                        i,
                        &parts[i],
                        &[Arg::Int(t)],
                        false,
                        limits,
                    )?);
                }
            }
            Judge::Sj => {
                // After a move, the sum is lost for the player to move when
                // its nim-sum is 0 with a component above 1, or non-zero
                // with none: the moved component's new value is the nim-sum
                // of the others, or 0 or 1 (see `nim::winning_moves`).
                let total: Nimber = values.iter().copied().sum();
                for (i, c) in parts.iter().enumerate() {
                    let (family, args) = position.component(c);
                    let mut targets = vec![total + values[i], Nimber(0), Nimber(1)];
                    targets.sort_unstable();
                    targets.dedup();
                    for target in targets {
                        let mut options = Vec::new();
                        family.moves_to(args, target, limits, &mut options)?;
                        for o in &options {
                            let m = self.make_move(position, i, c, o, false, limits)?;
                            if m.outcome == Outcome::P {
                                out.push(m);
                            }
                        }
                    }
                }
                out.sort_by_key(|m| m.component);
            }
            Judge::Quotient(q) => {
                // The quotient names the winning options from their images,
                // without a search.
                let found = q.all_winning_moves(&heap_sizes(position)?, limits.bounds.max_moves)?;
                count = Some(found.count);
                for m in found.moves {
                    let option: Vec<Arg> = if m.to.is_empty() {
                        vec![Arg::Int(0)]
                    } else {
                        m.to.iter().map(|&h| Arg::Int(h)).collect()
                    };
                    out.push(self.make_move(
                        position,
                        m.index,
                        &parts[m.index],
                        &option,
                        false,
                        limits,
                    )?);
                }
            }
            Judge::Search { .. } => {
                for (i, c) in parts.iter().enumerate() {
                    let (family, args) = position.component(c);
                    let mut options = Vec::new();
                    family.moves(args, limits, &mut options)?;
                    for o in &options {
                        let m = self.make_move(position, i, c, o, false, limits)?;
                        if m.outcome == Outcome::P {
                            out.push(m);
                        }
                    }
                }
            }
        }
        let count = count.unwrap_or(out.len() as u64);
        Ok((out, count))
    }

    /// The move that replaces component `c` (index `index`) by `option`;
    /// `value` asks search for the misère Grundy value after it.
    fn make_move(
        &mut self,
        position: &Position,
        index: usize,
        c: &ComponentRef,
        option: &[Arg],
        value: bool,
        limits: &Limits,
    ) -> Result<MisereMove> {
        let (family, args) = position.component(c);
        let after = position.replace(c, option);
        let (outcome, misere_grundy, _) = self.evaluate(&after, value, limits)?;
        Ok(MisereMove {
            component: index,
            from: term_text(family.as_ref(), args),
            to: term_text(family.as_ref(), option),
            position: after,
            outcome,
            misere_grundy,
        })
    }
}

/// The most elements the quotient chosen without being asked for may
/// have (its multiplication table then takes at most 64 MiB), and the
/// most states its check may keep: beyond them the analysis falls back to
/// search.
pub const QUOTIENT_BUDGET: usize = 4096;

/// The largest heap the quotient chosen without being asked for is grown
/// to: a larger heap of the sum is reached only through a proved period.
pub const QUOTIENT_HEAPS: u64 = 400;

/// The quotient for a method left to choose: `Ok` when the position is a
/// sum of heaps of one game whose quotient is found within
/// [`QUOTIENT_BUDGET`] and [`QUOTIENT_HEAPS`]; `Err(None)` when the
/// position is not such a sum, `Err(Some(why))` when the quotient was not
/// found within them. A stop (Ctrl-C, the time limit) is not a refusal: it
/// ends the analysis.
fn auto_quotient(
    position: &Position,
    limits: &Limits,
) -> Result<std::result::Result<Arc<Quotient<ListedHeaps>>, Option<String>>> {
    let Ok(family) = one_heap_family(position) else {
        return Ok(Err(None));
    };
    if heap_sizes(position).is_err() {
        return Ok(Err(None));
    }
    let mut budget = limits.clone();
    budget.bounds.max_positions = budget.bounds.max_positions.min(QUOTIENT_BUDGET);
    budget.bounds.max_heap = budget.bounds.max_heap.min(QUOTIENT_HEAPS);
    match quotient_of(family, position, &budget) {
        Ok(q) => Ok(Ok(q)),
        Err(e)
            if matches!(
                e.kind(),
                ErrorKind::Interrupted
                    | ErrorKind::Limit {
                        kind: LimitKind::Time,
                        ..
                    }
            ) =>
        {
            Err(e)
        }
        Err(e) => Ok(Err(Some(format!("was not found within its budget ({e})")))),
    }
}

/// The one one-heap family every component of `position` is a heap of.
fn one_heap_family(position: &Position) -> Result<&Arc<dyn Family>> {
    let Some(first) = position.terms.first() else {
        return Err(Error::invalid(
            "--method quotient needs heaps of a one-heap family; the position is empty",
        ));
    };
    let heads: Vec<String> = position.terms.iter().map(|t| t.family.head()).collect();
    if heads.iter().any(|h| *h != heads[0]) {
        return Err(Error::invalid(format!(
            "--method quotient needs the heaps of one game, and misere({position}) mixes {}; use --method search",
            heads.join(", ")
        )));
    }
    Ok(&first.family)
}

/// Quotients proved for every heap, by game. Such a quotient is the
/// game's whatever the sum or the limits, so the process keeps it: the web
/// server, Python and the play engine ask about the same game again and
/// again, and Kayles' takes a second or two to prove. Only games whose
/// rules carry a periodicity theorem (fixed by their canonical name) are
/// kept, at most [`KEPT_QUOTIENTS`] of them.
static PROVED: Mutex<Vec<(String, Arc<Quotient<ListedHeaps>>)>> = Mutex::new(Vec::new());

/// The most proved quotients the process keeps (the oldest goes first).
pub const KEPT_QUOTIENTS: usize = 32;

/// The quotient of the heaps of `family`, of which every component of
/// `position` is a heap: grown until a proved period of its heap images
/// covers every heap, or to the largest heap of `position`.
fn quotient_of(
    family: &Arc<dyn Family>,
    position: &Position,
    limits: &Limits,
) -> Result<Arc<Quotient<ListedHeaps>>> {
    let heaps = heap_sizes(position)?;
    let top = heaps.iter().copied().max().unwrap_or(0);
    if family.period_proof().is_none() {
        let mut q = Quotient::new(ListedHeaps::of(family, top, limits)?);
        q.extend_to(top, limits)?;
        return Ok(Arc::new(q));
    }
    // Rules with a periodicity theorem: the heaps are walked by the rules
    // as the quotient grows, and it stops once its period is proved,
    // however large the heaps of the sum.
    let head = family.head();
    let kept = |list: &Vec<(String, Arc<Quotient<ListedHeaps>>)>| {
        list.iter()
            .find(|(h, _)| *h == head)
            .map(|(_, q)| q.clone())
    };
    if let Some(q) = kept(&PROVED.lock().unwrap_or_else(|e| e.into_inner())) {
        return Ok(q);
    }
    let mut q = Quotient::new(ListedHeaps::of(family, 0, limits)?);
    if !q.extend_until_periodic(top.min(limits.bounds.max_heap), limits)? {
        q.extend_to(top, limits)?;
    }
    let q = Arc::new(q);
    if q.proved_period().is_some() {
        let mut list = PROVED.lock().unwrap_or_else(|e| e.into_inner());
        if kept(&list).is_none() {
            if list.len() == KEPT_QUOTIENTS {
                list.remove(0);
            }
            list.push((head, q.clone()));
        }
    }
    Ok(q)
}

/// The heap sizes of a position whose components are single heaps.
fn heap_sizes(position: &Position) -> Result<Vec<u64>> {
    position
        .components()
        .iter()
        .map(|c| match position.component(c).1 {
            [Arg::Int(n)] => Ok(*n),
            other => Err(Error::invalid(format!(
                "--method quotient needs single heaps, and a component of misere({position}) is ({})",
                other.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
            ))),
        })
        .collect()
}

/// The note when search does not give the misère Grundy value.
fn not_computed(why: &str) -> String {
    format!("the misère Grundy value was not computed{why}")
}

fn nim_sum(total: Nimber) -> String {
    if total.is_zero() {
        "nim-sum 0".to_string()
    } else {
        format!("nim-sum {total:#} ≠ 0")
    }
}

/// The heaps of a position made of Nim terms only.
fn nim_heaps(position: &Position) -> Result<Vec<u64>> {
    position
        .terms
        .iter()
        .flat_map(|t| t.args.iter())
        .map(|a| a.int("a heap size"))
        .collect()
}

/// The most positions the genus of one small component may explore for
/// the report: the genus is an extra beside the outcome, and a large
/// heap's genus needs far more (every sum of smaller heaps it reaches).
/// A heap of `n` lists up to about `n` options at each position, so its
/// budget is this times `16 / (n + 16)` (at least [`GENUS_FLOOR`]): the
/// work, positions times options, stays about the same. `grundy genus`
/// computes larger ones within `--max-positions`.
pub const GENUS_BUDGET: usize = 250_000;

/// The least budget of positions worth trying: a heap whose scaled budget
/// is smaller (a heap above about 2,000) is not explored for the report.
pub const GENUS_FLOOR: usize = 2_000;

/// The limits for exploring every position a heap of `n` reaches, beside
/// the answer (the genus, or the SJ condition when no method was asked
/// for): [`GENUS_BUDGET`] positions scaled by the heap's size, `None` when
/// that is below [`GENUS_FLOOR`].
fn component_budget(limits: &Limits, n: u64) -> Option<Limits> {
    let scaled = (GENUS_BUDGET as u64).saturating_mul(16) / n.saturating_add(16);
    if scaled < GENUS_FLOOR as u64 {
        return None;
    }
    let mut budget = limits.clone();
    budget.bounds.max_positions = budget.bounds.max_positions.min(scaled as usize);
    Some(budget)
}

/// The SJ condition on `position`: within the user's limits when the
/// method was asked for, and within the budget of its largest heap
/// ([`component_budget`]) when the analysis chooses, since other methods
/// follow.
fn sj_condition(position: &Position, method: Option<Method>, limits: &Limits) -> Result<Condition> {
    if method.is_some() {
        return sj::condition(position, limits);
    }
    let largest = position
        .components()
        .iter()
        .map(|c| match position.component(c).1 {
            [Arg::Int(n)] => *n,
            _ => 0,
        })
        .max()
        .unwrap_or(0);
    match component_budget(limits, largest) {
        Some(budget) => sj::condition(position, &budget),
        None => Ok(Condition::Unknown {
            component: position.to_string(),
            reason: format!("a heap of {largest} is beyond what is explored to check it"),
        }),
    }
}

/// The components with their values and genera. A genus beyond
/// [`GENUS_BUDGET`] is left out with a note rather than failing the
/// analysis, whose answer does not depend on it. Heaps are tried smallest
/// first, so that once one heap of a game is out of reach the larger heaps
/// of that game are not tried: a sum of hundreds of large heaps costs one
/// failed exploration, not hundreds.
fn components(
    position: &Position,
    values: &[Nimber],
    limits: &Limits,
) -> Result<Vec<MisereComponent>> {
    let parts = position.components();
    let mut order: Vec<usize> = (0..parts.len()).collect();
    let size = |i: usize| match position.component(&parts[i]).1 {
        [Arg::Int(n)] => *n,
        _ => 0,
    };
    order.sort_by_key(|&i| size(i));
    let mut genera: HashMap<String, std::result::Result<Genus, String>> = HashMap::new();
    // The smallest heap of each game whose genus was out of reach.
    let mut out_of_reach: HashMap<String, (u64, String)> = HashMap::new();
    for &i in &order {
        let (family, args) = position.component(&parts[i]);
        let component = term_text(family.as_ref(), args);
        if genera.contains_key(&component) {
            continue;
        }
        let head = family.head();
        let budget = component_budget(limits, size(i));
        let genus = match (out_of_reach.get(&head), args, budget) {
            (Some((_, note)), [Arg::Int(_)], _) => Err(note.clone()),
            (_, _, None) => Err(format!(
                "genus not computed: a heap of {} is beyond what the report explores (`grundy genus` computes larger ones)",
                size(i)
            )),
            (_, _, Some(budget)) => match genus::of_component(family, args, &budget) {
                Ok(g) => Ok(g),
                Err(e) if matches!(e.kind(), ErrorKind::Limit { .. }) => {
                    let note = format!("genus not computed: {e}");
                    if let [Arg::Int(n)] = args {
                        out_of_reach.insert(head, (*n, note.clone()));
                    }
                    Err(note)
                }
                Err(e) => return Err(e),
            },
        };
        genera.insert(component, genus);
    }
    let mut out = Vec::new();
    for (c, &grundy) in parts.iter().zip(values) {
        let (family, args) = position.component(c);
        let component = term_text(family.as_ref(), args);
        let (genus, genus_note) = match &genera[&component] {
            Ok(g) => (Some(g.clone()), None),
            Err(note) => (None, Some(note.clone())),
        };
        out.push(MisereComponent {
            component,
            grundy,
            misere_grundy: genus.as_ref().map(Genus::misere_grundy),
            genus,
            genus_note,
        });
    }
    Ok(out)
}
