//! Explicit game graphs: tokens on the vertices of a directed graph; a move
//! slides one token along an edge. Read from an edge-list or JSON file.
//!
//! Values come from one depth-first pass over the vertices reachable from
//! the queried ones, `O(V + E)`, with an explicit stack (a chain of a
//! million vertices needs no deep call stack). A cycle is an error naming a
//! vertex on it: the Sprague–Grundy function is defined on acyclic graphs
//! (games with cycles have the generalised function of `loopy` analysis).

mod file;

use std::collections::HashMap;
use std::sync::Mutex;

use crate::error::{Error, ErrorKind, Result};
use crate::family::{Arg, Family, Shape};
use crate::game::Game;
use crate::limits::Limits;
use crate::nimber::{Mex, Nimber};

pub use file::parse as parse_graph;

/// A directed graph with named vertices, stored as adjacency arrays.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    names: Vec<String>,
    index: HashMap<String, u32>,
    /// Edges out of vertex `v` are `targets[offsets[v]..offsets[v + 1]]`.
    offsets: Vec<u32>,
    targets: Vec<u32>,
    start: Option<u32>,
}

impl Graph {
    /// Builds a graph from vertex names and edges between them (by index).
    pub fn new(names: Vec<String>, edges: &[(u32, u32)], start: Option<u32>) -> Result<Graph> {
        let n = names.len();
        if n > u32::MAX as usize - 1 || edges.len() > u32::MAX as usize {
            return Err(Error::invalid(
                "graph too large (at most 2^32 - 2 vertices and edges)",
            ));
        }
        let mut offsets = vec![0u32; n + 1];
        for &(u, _) in edges {
            offsets[u as usize + 1] += 1;
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets.clone();
        let mut targets = vec![0u32; edges.len()];
        for &(u, v) in edges {
            targets[fill[u as usize] as usize] = v;
            fill[u as usize] += 1;
        }
        let index = names
            .iter()
            .enumerate()
            .map(|(i, s)| (s.clone(), i as u32))
            .collect();
        Ok(Graph {
            names,
            index,
            offsets,
            targets,
            start,
        })
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the graph has no vertices.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The start vertex the file declared, if any.
    pub fn start(&self) -> Option<u32> {
        self.start
    }

    /// The name of vertex `v`.
    pub fn name(&self, v: u32) -> &str {
        &self.names[v as usize]
    }

    /// The vertex called `name`.
    pub fn vertex(&self, name: &str) -> Option<u32> {
        self.index.get(name).copied()
    }

    /// The successors of `v`.
    pub fn successors(&self, v: u32) -> &[u32] {
        &self.targets[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    /// Computes the Grundy value of every vertex reachable from `root` that
    /// `values` does not hold yet (`values[v]` is `None` for unknown).
    pub fn solve_from(
        &self,
        root: u32,
        values: &mut [Option<Nimber>],
        limits: &Limits,
    ) -> Result<Nimber> {
        if let Some(v) = values[root as usize] {
            return Ok(v);
        }
        // On-stack marks detect cycles; (vertex, next successor index).
        let mut on_stack = vec![false; self.len()];
        let mut stack: Vec<(u32, usize)> = vec![(root, 0)];
        on_stack[root as usize] = true;
        let mut mex = Mex::new();
        let mut steps = 0u64;
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            let succ = self.successors(v);
            if let Some(&w) = succ.get(*next) {
                *next += 1;
                if values[w as usize].is_none() {
                    if on_stack[w as usize] {
                        return Err(ErrorKind::Cycle {
                            vertex: self.name(w).to_string(),
                        }
                        .into());
                    }
                    on_stack[w as usize] = true;
                    stack.push((w, 0));
                    steps += 1;
                    if steps.is_multiple_of(65_536) {
                        limits.check_stop()?;
                    }
                }
                continue;
            }
            let value = mex.of(succ
                .iter()
                .map(|&w| values[w as usize].expect("successors are done")));
            values[v as usize] = Some(value);
            on_stack[v as usize] = false;
            stack.pop();
        }
        Ok(values[root as usize].expect("root is done"))
    }
}

impl Game for Graph {
    type Position = u32;

    fn moves(&self, &v: &u32, out: &mut Vec<u32>) {
        out.extend_from_slice(self.successors(v));
    }
}

/// `graph[FILE](v, w, ...)`: a token on each listed vertex (a sum).
pub struct GraphFamily {
    path: String,
    graph: Graph,
    values: Mutex<Vec<Option<Nimber>>>,
}

impl GraphFamily {
    /// Reads the graph in `path` (edge list, or JSON when the file name ends
    /// in `.json` or the text starts with `{`), refusing a file larger than
    /// `max_bytes` (`--max-file-size`).
    pub fn open(path: &str, max_bytes: u64) -> Result<GraphFamily> {
        let text = crate::limits::read_text_file(path, max_bytes)?;
        GraphFamily::from_text(path, &text)
    }

    /// The graph written in `text` (the formats of [`GraphFamily::open`]),
    /// named `path`.
    pub fn from_text(path: &str, text: &str) -> Result<GraphFamily> {
        Ok(GraphFamily::new(path, file::parse(text, path)?))
    }

    /// A family over an already built graph; `path` is how its head names it.
    pub fn new(path: &str, graph: Graph) -> GraphFamily {
        let values = Mutex::new(vec![None; graph.len()]);
        GraphFamily {
            path: path.to_string(),
            graph,
            values,
        }
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    fn vertex(&self, component: &[Arg]) -> Result<u32> {
        let [arg] = component else {
            return Err(Error::invalid("a graph token sits on one vertex"));
        };
        let name = arg.to_string();
        self.graph
            .vertex(&name)
            .ok_or_else(|| Error::invalid(format!("vertex `{name}` is not in {}", self.path)))
    }

    fn arg(&self, v: u32) -> Arg {
        let name = self.graph.name(v);
        match name.parse::<u64>() {
            Ok(n) if n.to_string() == name => Arg::Int(n),
            _ => Arg::Word(name.to_string()),
        }
    }
}

impl Family for GraphFamily {
    fn head(&self) -> String {
        format!("graph[{}]", self.path)
    }

    fn shape(&self) -> Shape {
        Shape::Heaps
    }

    fn check(&self, component: &[Arg], _limits: &Limits) -> Result<()> {
        self.vertex(component).map(|_| ())
    }

    fn value(&self, component: &[Arg], limits: &Limits) -> Result<Nimber> {
        let v = self.vertex(component)?;
        let mut values = self.values.lock().unwrap_or_else(|e| e.into_inner());
        self.graph.solve_from(v, &mut values, limits)
    }

    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()> {
        let v = self.vertex(component)?;
        let succ = self.graph.successors(v);
        limits.check_moves(succ.len() as u64)?;
        out.extend(succ.iter().map(|&w| vec![self.arg(w)]));
        Ok(())
    }

    fn default_args(&self, _limits: &Limits) -> Option<Vec<Arg>> {
        self.graph.start().map(|s| vec![self.arg(s)])
    }

    fn draw(&self, component: &[Arg]) -> Option<String> {
        self.vertex(component)
            .ok()
            .map(|v| self.graph.edges_from(v, DRAWN_VERTICES))
    }
}

/// At most this many vertices' edges are drawn for one token.
const DRAWN_VERTICES: usize = 8;

impl Graph {
    /// The part of the graph a token on `v` can still travel, as an edge
    /// list for people: `token on a`, then `a → b, c` for each reachable
    /// vertex with moves, breadth-first, at most `most` of them.
    ///
    /// ```
    /// let g = grundy::graph::parse_graph("a b c\nb c\n", "g.txt").unwrap();
    /// let v = g.vertex("a").unwrap();
    /// assert_eq!(g.edges_from(v, 8), "token on a\na → b, c\nb → c");
    /// ```
    pub fn edges_from(&self, v: u32, most: usize) -> String {
        let mut lines = vec![format!("token on {}", self.name(v))];
        let mut seen = vec![false; self.len()];
        let mut queue = std::collections::VecDeque::from([v]);
        seen[v as usize] = true;
        let mut with_moves = 0usize;
        while let Some(u) = queue.pop_front() {
            let succ = self.successors(u);
            if succ.is_empty() {
                continue;
            }
            with_moves += 1;
            if with_moves <= most {
                let names: Vec<&str> = succ.iter().map(|&w| self.name(w)).collect();
                lines.push(format!("{} → {}", self.name(u), names.join(", ")));
            }
            for &w in succ {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    queue.push_back(w);
                }
            }
        }
        if with_moves == 0 {
            lines[0].push_str(" (no moves)");
        } else if with_moves > most {
            lines.push(format!(
                "… and {} more vertices with moves",
                with_moves - most
            ));
        }
        lines.join("\n")
    }
}
