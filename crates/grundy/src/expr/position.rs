//! Resolved positions: sums of terms whose families are known.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use crate::family::{Arg, Family, Shape};

/// One summand of a position: a family and its arguments.
#[derive(Clone)]
pub struct Term {
    /// The family (shared between terms and positions).
    pub family: Arc<dyn Family>,
    /// The arguments: heaps for [`Shape::Heaps`] families, the position
    /// otherwise.
    pub args: Vec<Arg>,
}

impl fmt::Debug for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_term(f, &self.family.head(), &self.args)
    }
}

fn write_term(f: &mut impl fmt::Write, head: &str, args: &[Arg]) -> fmt::Result {
    f.write_str(head)?;
    f.write_char('(')?;
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            f.write_char(',')?;
        }
        write!(f, "{a}")?;
    }
    f.write_char(')')
}

/// A position: the sum of its terms. Displays in canonical form, which
/// parses back to the same position.
#[derive(Clone, Debug)]
pub struct Position {
    /// The summands, at least one.
    pub terms: Vec<Term>,
}

/// One independent component of a position: a term and the range of its
/// arguments that forms the component (one heap, or all arguments).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentRef {
    /// Index of the term.
    pub term: usize,
    /// The component's arguments within the term.
    pub args: Range<usize>,
}

impl Position {
    /// The independent components, in order.
    pub fn components(&self) -> Vec<ComponentRef> {
        let mut out = Vec::new();
        for (t, term) in self.terms.iter().enumerate() {
            match term.family.shape() {
                Shape::Heaps => out.extend((0..term.args.len()).map(|i| ComponentRef {
                    term: t,
                    args: i..i + 1,
                })),
                Shape::Whole => out.push(ComponentRef {
                    term: t,
                    args: 0..term.args.len(),
                }),
            }
        }
        out
    }

    /// The family and arguments of a component.
    pub fn component(&self, c: &ComponentRef) -> (&Arc<dyn Family>, &[Arg]) {
        let term = &self.terms[c.term];
        (&term.family, &term.args[c.args.clone()])
    }

    /// A component written as a term: `nim(5)`.
    pub fn component_text(&self, c: &ComponentRef) -> String {
        let (family, args) = self.component(c);
        term_text(family.as_ref(), args)
    }

    /// The position after replacing component `c` by `replacement`.
    pub fn replace(&self, c: &ComponentRef, replacement: &[Arg]) -> Position {
        let mut next = self.clone();
        next.terms[c.term]
            .args
            .splice(c.args.clone(), replacement.iter().cloned());
        next
    }
}

/// A family applied to arguments, written canonically: `kayles(3,5)`.
pub fn term_text(family: &dyn Family, args: &[Arg]) -> String {
    let mut s = String::new();
    write_term(&mut s, &family.head(), args).expect("writing to a String cannot fail");
    s
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, term) in self.terms.iter().enumerate() {
            if i > 0 {
                f.write_str(" + ")?;
            }
            write!(f, "{term}")?;
        }
        Ok(())
    }
}
