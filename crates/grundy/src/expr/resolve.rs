//! From a parsed expression to a position: each term's family found in the
//! [`registry`], its arguments checked, one family shared
//! between equal heads; and the wrappers `misere(...)` and `every(...)`
//! that choose how the whole sum is played.

use std::collections::HashMap;
use std::sync::Arc;

use super::ast;
use super::parse::parse;
use super::play::{Play, Played};
use super::position::{Position, Term};
use super::registry;
use crate::error::{Error, Result};
use crate::family::{Arg, Family, Shape};
use crate::limits::Limits;

impl Position {
    /// Parses and resolves an expression; families that run user code
    /// while resolving (a script's `position(n)`) run within `limits`.
    ///
    /// ```
    /// use grundy::{expr::Position, Limits};
    /// let p = Position::parse_with("nim( 3,5 ,7)+sub{4,1,3}(9)", &Limits::default()).unwrap();
    /// assert_eq!(p.to_string(), "nim(3,5,7) + sub{1,3,4}(9)");
    /// ```
    pub fn parse_with(input: &str, limits: &Limits) -> Result<Position> {
        resolve(&parse(input)?, input, limits)
    }

    /// [`Position::parse_with`] under the default limits: for examples and
    /// tests; a face (command line, server) passes the user's limits.
    pub fn parse(input: &str) -> Result<Position> {
        Position::parse_with(input, &Limits::default())
    }
}

impl Played {
    /// [`Played::parse_with`] under the default limits: for examples and
    /// tests; a face passes the user's limits.
    pub fn parse(input: &str) -> Result<Played> {
        Played::parse_with(input, &Limits::default())
    }

    /// Parses an expression, optionally wrapped as a whole in `misere(...)`
    /// or `every(...)`; families that run user code while resolving (a
    /// script's `position(n)`) run within `limits`.
    ///
    /// ```
    /// use grundy::expr::{Play, Played};
    /// use grundy::Limits;
    /// let p = Played::parse_with("misere( nim(1, 2) + sub{4,1,3}(9) )", &Limits::default()).unwrap();
    /// assert_eq!(p.play, Play::Misere);
    /// assert_eq!(p.to_string(), "misere(nim(1,2) + sub{1,3,4}(9))");
    /// assert!(Played::parse_with("misere(nim(1)) + nim(2)", &Limits::default()).is_err());
    /// ```
    pub fn parse_with(input: &str, limits: &Limits) -> Result<Played> {
        let expr = parse(input)?;
        if let [term] = expr.terms.as_slice()
            && let Some(play) = Play::from_wrapper(&term.name)
        {
            return Ok(Played {
                play,
                position: resolve(inner(term, play, input)?, input, limits)?,
            });
        }
        Ok(Played {
            play: Play::Normal,
            position: resolve(&expr, input, limits)?,
        })
    }
}

/// The expression inside a wrapper term, which must be exactly one game
/// expression in parentheses.
fn inner<'t>(term: &'t ast::Term, play: Play, input: &str) -> Result<&'t ast::Expr> {
    let name = play.wrapper().unwrap_or_default();
    let example = format!("write {name}(nim(1,2) + sub{{1,3,4}}(5))");
    let after_name = term.column + name.len();
    if let Some(p) = &term.param {
        return Err(Error::parse(
            input,
            p.column.saturating_sub(1),
            format!("`{name}` takes no parameter; {example}"),
        ));
    }
    match term.args.as_deref() {
        Some([ast::Arg::Expr(e)]) => Ok(e),
        Some([ast::Arg::Int { column, .. } | ast::Arg::Word { column, .. }]) => Err(Error::parse(
            input,
            *column,
            format!("`{name}(...)` needs a game expression inside; {example}"),
        )),
        Some([]) | None => Err(Error::parse(
            input,
            after_name,
            format!("`{name}` needs a game expression in parentheses; {example}"),
        )),
        Some(_) => Err(Error::parse(
            input,
            after_name,
            format!(
                "`{name}(...)` takes one expression; add games with `+`, as {name}(nim(1) + nim(2))"
            ),
        )),
    }
}

/// Resolves a parsed expression into a position: finds each family, checks
/// each argument list, and shares one family between equal heads.
pub fn resolve(expr: &ast::Expr, input: &str, limits: &Limits) -> Result<Position> {
    let mut built: HashMap<(String, Option<String>), Arc<dyn Family>> = HashMap::new();
    let mut terms = Vec::with_capacity(expr.terms.len());
    for t in &expr.terms {
        if let Some(play) = Play::from_wrapper(&t.name) {
            return Err(Error::parse(input, t.column, play.misplaced()));
        }
        let key = (t.name.clone(), t.param.as_ref().map(|p| p.text.clone()));
        let family = match built.get(&key) {
            Some(f) => f.clone(),
            None => {
                let f = registry::family(t, input, limits)?;
                built.insert(key, f.clone());
                f
            }
        };
        let args = resolve_args(t, family.as_ref(), input, limits)?;
        terms.push(Term { family, args });
    }
    Ok(Position { terms })
}

fn resolve_args(
    t: &ast::Term,
    family: &dyn Family,
    input: &str,
    limits: &Limits,
) -> Result<Vec<Arg>> {
    let Some(ast_args) = &t.args else {
        return family.default_args(limits).ok_or_else(|| {
            Error::parse(
                input,
                t.column + t.name.chars().count(),
                format!(
                    "`{}` needs a position in parentheses, as {}(...)",
                    family.head(),
                    family.head()
                ),
            )
        });
    };
    let mut args = Vec::with_capacity(ast_args.len());
    let mut columns = Vec::with_capacity(ast_args.len());
    for a in ast_args {
        match a {
            ast::Arg::Int { value, column } => {
                args.push(Arg::Int(*value));
                columns.push(*column);
            }
            ast::Arg::Word { text, column } => {
                args.push(Arg::Word(text.clone()));
                columns.push(*column);
            }
            ast::Arg::Expr(e) => {
                return Err(Error::parse(
                    input,
                    e.terms[0].column,
                    format!(
                        "`{}` takes numbers or words here, not a game",
                        family.head()
                    ),
                ));
            }
        }
    }
    let at = |i: usize| columns.get(i).copied().unwrap_or(t.column);
    let here = |e: Error, column: usize| match e.kind() {
        crate::error::ErrorKind::Invalid(msg) => Error::parse(input, column, msg.clone()),
        // A parse error inside a word argument (a letter in a row of coins)
        // is placed in the whole expression.
        crate::error::ErrorKind::Parse {
            input: word,
            at: offset,
            unit: crate::error::Unit::Column,
            message,
        } => match args
            .iter()
            .position(|a| matches!(a, Arg::Word(w) if w == word))
        {
            Some(i) => Error::parse(input, at(i) + offset - 1, message.clone()),
            None => e,
        },
        _ => e,
    };
    match family.shape() {
        Shape::Heaps => {
            for (i, a) in args.iter().enumerate() {
                family
                    .check(std::slice::from_ref(a), limits)
                    .map_err(|e| here(e, at(i)))?;
            }
        }
        Shape::Whole => family.check(&args, limits).map_err(|e| here(e, at(0)))?,
    }
    Ok(args)
}
