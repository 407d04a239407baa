//! `loopy[FILE](v, w, ...)`: tokens on the vertices of a game graph that may
//! have cycles.
//!
//! The file formats and the moves are those of `graph[FILE]` (a move slides
//! one token along an edge); only the values differ: generalised
//! Sprague–Grundy values, computed once for the whole graph.

use std::sync::{Arc, Mutex};

use super::gamma::gamma;
use crate::error::{Error, Result};
use crate::family::{Arg, Family, Shape};
use crate::graph::{Graph, GraphFamily};
use crate::limits::Limits;
use crate::nimber::Nimber;
use crate::nimber::generalised::Gamma;

/// Tokens on a graph with cycles.
pub struct LoopyFamily {
    path: String,
    /// The acyclic family of the same graph: it reads the file, checks
    /// vertex names and lists moves, which do not depend on the values.
    tokens: GraphFamily,
    values: Mutex<Option<Arc<Vec<Gamma>>>>,
}

impl LoopyFamily {
    /// Reads the graph in `path` (the formats of `graph[FILE]`), refusing
    /// a file larger than `max_bytes`.
    pub fn open(path: &str, max_bytes: u64) -> Result<LoopyFamily> {
        Ok(LoopyFamily::with_tokens(
            path,
            GraphFamily::open(path, max_bytes)?,
        ))
    }

    /// The graph written in `text` (the formats of `graph[FILE]`), named
    /// `path`.
    pub fn from_text(path: &str, text: &str) -> Result<LoopyFamily> {
        Ok(LoopyFamily::with_tokens(
            path,
            GraphFamily::from_text(path, text)?,
        ))
    }

    /// A family over an already built graph; `path` is how its head names it.
    pub fn new(path: &str, graph: Graph) -> LoopyFamily {
        LoopyFamily::with_tokens(path, GraphFamily::new(path, graph))
    }

    fn with_tokens(path: &str, tokens: GraphFamily) -> LoopyFamily {
        LoopyFamily {
            path: path.to_string(),
            tokens,
            values: Mutex::new(None),
        }
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        self.tokens.graph()
    }

    /// The value of every vertex, computed on first use.
    pub fn values(&self, limits: &Limits) -> Result<Arc<Vec<Gamma>>> {
        let mut values = self.values.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(v) = values.as_ref() {
            return Ok(v.clone());
        }
        let computed = Arc::new(gamma(self.graph(), limits)?);
        *values = Some(computed.clone());
        Ok(computed)
    }

    /// The value of the token on one vertex.
    pub fn gamma(&self, component: &[Arg], limits: &Limits) -> Result<Gamma> {
        let v = self.vertex(component, limits)?;
        Ok(self.values(limits)?[v as usize].clone())
    }

    fn vertex(&self, component: &[Arg], limits: &Limits) -> Result<u32> {
        self.tokens.check(component, limits)?;
        Ok(self
            .graph()
            .vertex(&component[0].to_string())
            .expect("checked above"))
    }
}

impl Family for LoopyFamily {
    fn head(&self) -> String {
        format!("loopy[{}]", self.path)
    }

    fn shape(&self) -> Shape {
        Shape::Heaps
    }

    fn check(&self, component: &[Arg], limits: &Limits) -> Result<()> {
        self.tokens.check(component, limits)
    }

    /// Only finite values are nimbers; an infinite one is refused with the
    /// value in the message.
    fn value(&self, component: &[Arg], limits: &Limits) -> Result<Nimber> {
        match self.gamma(component, limits)? {
            Gamma::Finite(n) => Ok(n),
            infinite => Err(Error::invalid(format!(
                "{}({}) can be played for ever: its generalised Sprague–Grundy value is {infinite}, not a nimber (use the loopy analysis)",
                self.head(),
                component[0]
            ))),
        }
    }

    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()> {
        self.tokens.moves(component, limits, out)
    }

    fn default_args(&self, limits: &Limits) -> Option<Vec<Arg>> {
        self.tokens.default_args(limits)
    }

    fn loopy(&self) -> bool {
        true
    }

    fn loopy_value(&self, component: &[Arg], limits: &Limits) -> Result<Gamma> {
        self.gamma(component, limits)
    }
}
