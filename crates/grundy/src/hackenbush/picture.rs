//! A Green Hackenbush picture: vertices, numbered edges and the ground.

use crate::error::{Error, Result};

/// An undirected multigraph standing on a ground vertex. Loops and parallel
/// edges are allowed. Several ground vertices of a drawing are one vertex
/// here (the ground is all one piece).
#[derive(Clone, Debug)]
pub struct Picture {
    names: Vec<String>,
    ground: u32,
    edges: Vec<(u32, u32)>,
    /// How each edge is written for people: `a-b`.
    labels: Vec<String>,
    /// Edges at vertex `v` are `incidence[offsets[v]..offsets[v + 1]]`, each
    /// as (edge, other end); a loop appears once.
    offsets: Vec<u32>,
    incidence: Vec<(u32, u32)>,
}

impl Picture {
    /// A picture with named vertices, the ground's index, and edges between
    /// vertex indices with their labels. It may have edges that do not reach
    /// the ground; see [`Picture::first_floating`].
    pub fn new(
        names: Vec<String>,
        ground: u32,
        edges: Vec<(u32, u32)>,
        labels: Vec<String>,
    ) -> Picture {
        let n = names.len();
        let mut offsets = vec![0u32; n + 1];
        for &(u, v) in &edges {
            offsets[u as usize + 1] += 1;
            if u != v {
                offsets[v as usize + 1] += 1;
            }
        }
        for v in 0..n {
            offsets[v + 1] += offsets[v];
        }
        let mut fill = offsets.clone();
        let mut incidence = vec![(0, 0); offsets[n] as usize];
        for (e, &(u, v)) in edges.iter().enumerate() {
            incidence[fill[u as usize] as usize] = (e as u32, v);
            fill[u as usize] += 1;
            if u != v {
                incidence[fill[v as usize] as usize] = (e as u32, u);
                fill[v as usize] += 1;
            }
        }
        Picture {
            names,
            ground,
            edges,
            labels,
            offsets,
            incidence,
        }
    }

    /// A picture on vertices `0..vertices` named by their numbers, standing
    /// on `ground`, with every edge connected to it.
    ///
    /// ```
    /// use grundy::hackenbush::Picture;
    /// let p = Picture::from_edges(3, &[(0, 1), (1, 2)], 0).unwrap();
    /// assert_eq!(p.edge_count(), 2);
    /// let err = Picture::from_edges(4, &[(0, 1), (2, 3)], 0).unwrap_err();
    /// assert_eq!(err.to_string(), "edge 2 (2-3) is not connected to the ground (vertex 0)");
    /// ```
    pub fn from_edges(vertices: usize, edges: &[(usize, usize)], ground: usize) -> Result<Picture> {
        if ground >= vertices {
            return Err(Error::invalid(format!(
                "the ground is vertex {ground}, but there are {vertices} vertices (0 to {})",
                vertices.saturating_sub(1)
            )));
        }
        if vertices > u32::MAX as usize || edges.len() > u32::MAX as usize {
            return Err(Error::invalid(
                "picture too large (at most 2^32 - 1 vertices and edges)",
            ));
        }
        for (i, &(u, v)) in edges.iter().enumerate() {
            if let Some(w) = [u, v].into_iter().find(|&w| w >= vertices) {
                return Err(Error::invalid(format!(
                    "edge {} ({u}-{v}) names vertex {w}, but there are {vertices} vertices (0 to {})",
                    i + 1,
                    vertices - 1
                )));
            }
        }
        let picture = Picture::new(
            (0..vertices).map(|v| v.to_string()).collect(),
            ground as u32,
            edges.iter().map(|&(u, v)| (u as u32, v as u32)).collect(),
            edges.iter().map(|(u, v)| format!("{u}-{v}")).collect(),
        );
        match picture.first_floating() {
            Some(e) => Err(Error::invalid(format!(
                "edge {} ({}) is not connected to the ground (vertex {ground})",
                e + 1,
                picture.label(e)
            ))),
            None => Ok(picture),
        }
    }

    /// The number of vertices, ground included.
    pub fn vertex_count(&self) -> usize {
        self.names.len()
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The ground vertex.
    pub fn ground(&self) -> u32 {
        self.ground
    }

    /// The name of vertex `v`.
    pub fn name(&self, v: u32) -> &str {
        &self.names[v as usize]
    }

    /// The ends of edge `e` (0-based).
    pub fn edge(&self, e: usize) -> (u32, u32) {
        self.edges[e]
    }

    /// Edge `e` as written: `a-b`.
    pub fn label(&self, e: usize) -> &str {
        &self.labels[e]
    }

    /// The edges at `v`, each with its other end.
    pub(crate) fn incident(&self, v: u32) -> &[(u32, u32)] {
        &self.incidence[self.offsets[v as usize] as usize..self.offsets[v as usize + 1] as usize]
    }

    /// Every edge standing: the whole picture.
    pub fn all(&self) -> Vec<bool> {
        vec![true; self.edge_count()]
    }

    /// Of the `standing` edges, those still joined to the ground through
    /// standing edges: what remains after the rest falls.
    pub fn grounded(&self, standing: &[bool]) -> Vec<bool> {
        let mut reached = vec![false; self.vertex_count()];
        reached[self.ground as usize] = true;
        let mut queue = vec![self.ground];
        while let Some(v) = queue.pop() {
            for &(e, w) in self.incident(v) {
                if standing[e as usize] && !reached[w as usize] {
                    reached[w as usize] = true;
                    queue.push(w);
                }
            }
        }
        self.edges
            .iter()
            .zip(standing)
            .map(|(&(u, _), &s)| s && reached[u as usize])
            .collect()
    }

    /// The first edge of the whole picture not joined to the ground, if any.
    pub fn first_floating(&self) -> Option<usize> {
        self.grounded(&self.all()).iter().position(|&g| !g)
    }

    /// The picture after cutting edge `e` from `standing`: the edge and all
    /// that no longer reaches the ground are gone.
    pub fn cut(&self, standing: &[bool], e: usize) -> Vec<bool> {
        let mut next = standing.to_vec();
        next[e] = false;
        self.grounded(&next)
    }
}
