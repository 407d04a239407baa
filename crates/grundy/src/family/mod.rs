//! Game families with positions written as argument lists: the one
//! interface every game offers to the layers above it.
//!
//! A [`Family`] is one rules value (`sub{1,3,4}`, `kayles`, a graph file)
//! whose positions are lists of [`Arg`]s (numbers and words): it names
//! itself canonically, checks argument lists, and answers values and moves
//! for positions so written. It knows nothing of how positions are typed
//! or parsed; the expression language ([`crate::expr`]) sits above it and
//! turns text into families and their arguments. [`searched`] serves any
//! [`crate::Game`] through this interface by search. Families keep their own caches (tables, transposition tables)
//! behind a lock, so one family serves every term of a sum and every turn of
//! a game in play.

pub mod layout;
pub mod searched;

use std::fmt;

use crate::error::{Error, Result};
use crate::limits::Limits;
use crate::nimber::Nimber;
use crate::nimber::generalised::Gamma;
use crate::period::PeriodSearch;
use layout::Layout;

/// One argument of a resolved term: a number or a word.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Arg {
    /// A non-negative integer: a heap size, a coordinate, a vertex number.
    Int(u64),
    /// A word: a coin row such as `THTTH`, a vertex name.
    Word(String),
}

impl Arg {
    /// The number, or an error naming what was expected.
    pub fn int(&self, what: &str) -> Result<u64> {
        match self {
            Arg::Int(n) => Ok(*n),
            Arg::Word(w) => Err(Error::invalid(format!(
                "expected {what} (a number), found `{w}`"
            ))),
        }
    }
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Int(n) => write!(f, "{n}"),
            Arg::Word(w) => f.write_str(w),
        }
    }
}

/// How a family's argument list describes a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Each argument is an independent heap: `nim(3,5,7)` is the sum
    /// `nim(3) + nim(5) + nim(7)`, and a move changes one argument into the
    /// heaps it leaves (none, one, or several).
    Heaps,
    /// The arguments together form one position: `wythoff(3,5)`.
    Whole,
}

/// The most values [`Family::table_chunks`] (and the sequence engine's
/// `stream_chunks`) hand over at once: a slice of them fits the
/// first-level cache.
pub const TABLE_CHUNK: usize = 4096;

/// A game family usable in expressions.
///
/// A *component* is the argument slice of one independent game: a single
/// argument for [`Shape::Heaps`] families, the whole list otherwise.
pub trait Family: Send + Sync {
    /// The canonical name with its parameter: `sub{1,3,4}`, `octal[0.07]`.
    fn head(&self) -> String;

    /// How arguments form positions.
    fn shape(&self) -> Shape;

    /// Checks one component's arguments, with a message saying what is
    /// wrong (wrong count, a word where a number belongs, out of range).
    fn check(&self, component: &[Arg], limits: &Limits) -> Result<()>;

    /// The Grundy value of one component.
    fn value(&self, component: &[Arg], limits: &Limits) -> Result<Nimber>;

    /// Appends every option of one component to `out`, each as the argument
    /// list that replaces the component (for [`Shape::Heaps`], the heaps the
    /// move leaves, `[0]` when it leaves none).
    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()>;

    /// Appends the options of one component whose value is `target`.
    /// Families with many options (a Nim heap) answer this directly. The
    /// default compares generalised values ([`Family::loopy_value`]), which
    /// are the Grundy values for families without cycles and never equal a
    /// nimber when infinite.
    fn moves_to(
        &self,
        component: &[Arg],
        target: Nimber,
        limits: &Limits,
        out: &mut Vec<Vec<Arg>>,
    ) -> Result<()> {
        let mut options = Vec::new();
        self.moves(component, limits, &mut options)?;
        for option in options {
            if loopy_value_of_parts(self, &option, limits)? == Gamma::Finite(target) {
                out.push(option);
            }
        }
        Ok(())
    }

    /// The arguments used when a term is written without parentheses, for
    /// families whose position comes from elsewhere (a graph file's start
    /// vertex, a script's `start()`); `None` when arguments are required.
    fn default_args(&self, _limits: &Limits) -> Option<Vec<Arg>> {
        None
    }

    /// Streams `G(0), G(1), ..., G(to)` of a one-heap family into `sink`.
    fn table(
        &self,
        to: u64,
        limits: &Limits,
        sink: &mut dyn FnMut(Nimber) -> Result<()>,
    ) -> Result<()> {
        if self.shape() != Shape::Heaps {
            return Err(Error::invalid(format!(
                "`{}` is not a one-heap family, so it has no table G(0), G(1), ...",
                self.head()
            )));
        }
        for n in 0..=to {
            limits.check_stop()?;
            sink(self.value(&[Arg::Int(n)], limits)?)?;
        }
        Ok(())
    }

    /// [`Family::table`] a slice at a time: `sink` gets `G(0), ..., G(to)`
    /// in order, in slices of at most [`TABLE_CHUNK`] values, never empty,
    /// which spares a caller writing 10^9 values a call per value. Families
    /// that keep their values in a table copy them out a slice at a time,
    /// as they are computed (so a caller can write them out meanwhile, and
    /// an error from `sink` stops the computation); the others gather the
    /// values of [`Family::table`]. Stopped early, the computation has
    /// handed over the values before the error.
    fn table_chunks(
        &self,
        to: u64,
        limits: &Limits,
        sink: &mut dyn FnMut(&[Nimber]) -> Result<()>,
    ) -> Result<()> {
        self.table_chunks_from(0, to, limits, sink)
    }

    /// [`Family::table_chunks`] for `G(from), ..., G(to)` (nothing when
    /// `from > to`): the values below `from` are computed but not handed
    /// over. A bounded take-and-break table resumed from its checkpoint
    /// hands over only values it still keeps, and says so when `from` is
    /// before them.
    fn table_chunks_from(
        &self,
        from: u64,
        to: u64,
        limits: &Limits,
        sink: &mut dyn FnMut(&[Nimber]) -> Result<()>,
    ) -> Result<()> {
        let mut chunk = Vec::with_capacity(TABLE_CHUNK);
        let mut n = 0;
        self.table(to, limits, &mut |v| {
            if n >= from {
                chunk.push(v);
            }
            n += 1;
            if chunk.len() == TABLE_CHUNK {
                sink(&chunk)?;
                chunk.clear();
            }
            Ok(())
        })?;
        if chunk.is_empty() {
            Ok(())
        } else {
            sink(&chunk)
        }
    }

    /// A picture of one component for people (rows of tokens, a row of
    /// coins), as `grundy play` shows positions; `None` when the canonical
    /// text is picture enough.
    fn draw(&self, _component: &[Arg]) -> Option<String> {
        None
    }

    /// One component laid out as a board for a face to draw and let a
    /// player point at (see [`layout`]); `None` for games not played on a
    /// board of cells or vertices.
    fn layout(&self, _component: &[Arg]) -> Option<Layout> {
        None
    }

    /// Searches the family's Grundy sequence for a period it can prove,
    /// computing at most `limits.bounds.max_heap` values: the period found, or how
    /// many values were looked at without finding one. Families without a
    /// search of their own answer [`PeriodSearch::NotSearched`].
    fn periodicity(&self, _limits: &Limits) -> Result<PeriodSearch> {
        Ok(PeriodSearch::NotSearched)
    }

    /// For a one-heap family whose moves follow fixed rules: calls `visit`
    /// with the heaps each move from a heap of `n` leaves (heaps of 0 may
    /// appear), without listing them as arguments, and returns `true`.
    /// Families without such rules return `false` and visit nothing.
    fn heap_options(&self, _n: u64, _visit: &mut dyn FnMut(&[u64])) -> bool {
        false
    }

    /// For a one-heap family: the theorem that proves a period of its
    /// heaps from finitely many of them (the moves remove a bounded number
    /// of tokens and leave a bounded number of heaps), if its rules admit
    /// one. The misère quotient proves periods of its heap images by the
    /// same bound.
    fn period_proof(&self) -> Option<crate::period::Proof> {
        None
    }

    /// Whether play in this family can return to a position (a game graph
    /// with cycles). Such a family answers [`Family::loopy_value`], its
    /// [`Family::value`] fails on components of infinite value, and sums
    /// with it are analysed by [`crate::analysis::loopy::analyze`].
    fn loopy(&self) -> bool {
        false
    }

    /// The generalised Sprague–Grundy value of one component (see
    /// [`crate::loopy`]); for a family without cycles, its Grundy value.
    fn loopy_value(&self, component: &[Arg], limits: &Limits) -> Result<Gamma> {
        self.value(component, limits).map(Gamma::Finite)
    }
}

/// The value of the heaps (or whole position) an option leaves: the nim-sum
/// over its heaps for [`Shape::Heaps`] families.
pub fn value_of_parts<F: Family + ?Sized>(
    family: &F,
    parts: &[Arg],
    limits: &Limits,
) -> Result<Nimber> {
    match family.shape() {
        Shape::Heaps => parts.iter().try_fold(Nimber::ZERO, |acc, part| {
            Ok(acc + family.value(std::slice::from_ref(part), limits)?)
        }),
        Shape::Whole => family.value(parts, limits),
    }
}

/// The generalised value (see [`crate::loopy`]) of what an option leaves:
/// the generalised nim-sum over its heaps (or tokens) for [`Shape::Heaps`]
/// families.
pub fn loopy_value_of_parts<F: Family + ?Sized>(
    family: &F,
    parts: &[Arg],
    limits: &Limits,
) -> Result<Gamma> {
    match family.shape() {
        Shape::Heaps => parts
            .iter()
            .map(|part| family.loopy_value(std::slice::from_ref(part), limits))
            .sum(),
        Shape::Whole => family.loopy_value(parts, limits),
    }
}
