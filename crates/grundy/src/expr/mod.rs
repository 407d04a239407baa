//! The game expression language (specified in `docs/LANGUAGE.md`).
//!
//! `sub{1,3,4}(9) + nim(2)` is parsed into a syntax tree, its names are
//! resolved through the registry of families ([`families`]) into a [`Position`]: a sum
//! of terms, each a [`Family`] with arguments. A position displays in
//! canonical form, which parses back to the same position.

pub(crate) mod ast;
pub(crate) mod canonical;
mod listing;
pub(crate) mod parse;
pub mod play;
pub mod position;
pub(crate) mod registry;
pub(crate) mod resolve;
pub(crate) mod sum_game;

pub use crate::family::{Arg, Family, Shape};
pub use canonical::CanonicalSum;
pub use parse::{parse, parse_family};
pub use play::{Play, Played};
pub use position::{ComponentRef, Position, Term};
pub use sum_game::SumGame;

use std::sync::Arc;

use crate::error::Result;

/// One built-in family, for help texts: its name, how to write it, and
/// what it is.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct FamilyHelp {
    /// The name used in expressions.
    pub name: &'static str,
    /// How to write it.
    pub syntax: &'static str,
    /// What it is.
    pub about: &'static str,
}

/// Every built-in family, in the order of `grundy families`.
pub fn families() -> impl Iterator<Item = FamilyHelp> {
    registry::FAMILIES.iter().map(|e| FamilyHelp {
        name: e.name,
        syntax: e.syntax,
        about: e.about,
    })
}

/// Parses and resolves a family written without arguments, as `table`
/// takes it: `sub{1,3,4}`, `kayles`.
///
/// ```
/// let f = grundy::expr::family_named("sub{ 3,1 }").unwrap();
/// assert_eq!(f.head(), "sub{1,3}");
/// ```
pub fn family_named(input: &str) -> Result<Arc<dyn Family>> {
    family_named_with(input, &crate::limits::Limits::default())
}

/// [`family_named`], reading the files it names as `limits` allow (a
/// server passes [`crate::limits::Files::Given`] so that no request reads
/// its disk).
pub fn family_named_with(input: &str, limits: &crate::limits::Limits) -> Result<Arc<dyn Family>> {
    registry::family(&parse_family(input)?, input, limits)
}
