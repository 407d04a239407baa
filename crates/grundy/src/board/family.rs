//! Cram and Node Kayles as families of the expression language.
//!
//! A position is written as its board followed by the cells (or vertices)
//! no longer in play, in order: `cram(4x5,b2,c2)` is the 4 × 5 board with
//! one domino on b2–c2; `nodekayles(path,9,4,5,6)` is a path of nine
//! vertices after vertex 5 was taken. The board part is
//!
//! - `cram(RxC)` or, from a board file, `cram[FILE]` (then no board words);
//! - `nodekayles(grid,RxC)`, `nodekayles(path,N)`, `nodekayles(cycle,N)`,
//!   or `nodekayles[FILE]` for a graph file in the format of `graph[FILE]`,
//!   its edges taken both ways.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::grid::{MAX_CELLS, Region, low_bits};
use super::rule::Rule;
use super::search::{Cells, Search};
use super::text;
use crate::error::{Error, Result};
use crate::family::layout::{BoardGame, Layout, Placement, Spot, SpotState};
use crate::family::{Arg, Family, Shape};
use crate::graph::Graph;
use crate::limits::Limits;
use crate::nimber::Nimber;

/// Where a position's cells live and how they are named.
#[derive(Clone, Debug)]
enum Space {
    /// The free cells of a grid board at the start; cells are named `b3`.
    Grid(Region),
    /// A path of `n` vertices named 1 to `n`, searched as a `1 × n` grid.
    Path(u8),
    /// A graph: vertex names and neighbours (vertex `v` is bit `v`).
    Graph {
        names: Arc<Vec<Arg>>,
        adjacent: Arc<Vec<u128>>,
    },
}

impl Space {
    /// Every cell or vertex in play at the start.
    fn start(&self) -> u128 {
        match self {
            Space::Grid(r) => r.bits,
            Space::Path(n) => low_bits(*n as u32),
            Space::Graph { names, .. } => low_bits(names.len() as u32),
        }
    }

    /// The name of cell or vertex `i`.
    fn name(&self, i: u32) -> Arg {
        match self {
            Space::Grid(r) => Arg::Word(text::cell_name(i / r.w as u32, i % r.w as u32)),
            Space::Path(_) => Arg::Int(i as u64 + 1),
            Space::Graph { names, .. } => names[i as usize].clone(),
        }
    }

    /// The cell or vertex a name stands for.
    fn index(&self, name: &Arg) -> Result<u32> {
        match self {
            Space::Grid(r) => {
                let Arg::Word(w) = name else {
                    return Err(Error::invalid(format!(
                        "expected a cell such as a1 or c4, found `{name}`"
                    )));
                };
                let (row, col) = text::parse_cell(w, r.h, r.w)?;
                Ok(row * r.w as u32 + col)
            }
            Space::Path(n) => match name {
                Arg::Int(v) if (1..=*n as u64).contains(v) => Ok(*v as u32 - 1),
                _ => Err(Error::invalid(format!(
                    "expected a vertex of the path, 1 to {n}, found `{name}`"
                ))),
            },
            Space::Graph { names, .. } => names
                .iter()
                .position(|n| n == name)
                .map(|i| i as u32)
                .ok_or_else(|| Error::invalid(format!("vertex `{name}` is not in the graph"))),
        }
    }

    /// The cells of `free` as the search takes them.
    fn cells(&self, free: u128) -> Cells {
        match self {
            Space::Grid(r) => Cells::Grid(Region::new(r.h, r.w, free)),
            Space::Path(n) => Cells::Grid(Region::new(1, *n, free)),
            Space::Graph { .. } => Cells::Graph(free),
        }
    }

    /// Appends what each move of `rule` leaves of `free`.
    fn options(&self, rule: Rule, free: u128, out: &mut Vec<u128>) {
        match (self.cells(free), self) {
            (Cells::Grid(r), _) if rule == Rule::Cram => {
                for (pairs, step) in [(r.horizontal_pairs(), 1), (r.vertical_pairs(), r.w)] {
                    let mut rest = pairs;
                    while rest != 0 {
                        let i = rest.trailing_zeros();
                        rest &= rest - 1;
                        out.push(free & !(1u128 << i) & !(1u128 << (i + step as u32)));
                    }
                }
            }
            (Cells::Grid(r), _) => {
                let mut rest = free;
                while rest != 0 {
                    let cell = rest & rest.wrapping_neg();
                    rest &= rest - 1;
                    out.push(free & !r.grow(cell));
                }
            }
            (Cells::Graph(_), Space::Graph { adjacent, .. }) => {
                let mut rest = free;
                while rest != 0 {
                    let v = rest.trailing_zeros();
                    rest &= rest - 1;
                    out.push(free & !adjacent[v as usize] & !(1u128 << v));
                }
            }
            (Cells::Graph(_), _) => unreachable!("graph cells come from a graph space"),
        }
    }
}

/// A position: the board (its words and space) and the cells still free.
struct Board {
    /// The arguments that name the board (`5x8`; `grid,3x4`; none for files).
    words: Vec<Arg>,
    space: Space,
    free: u128,
}

/// `cram(RxC)`, `cram[FILE]`, `nodekayles(SHAPE,SIZE)`, `nodekayles[FILE]`.
pub struct BoardFamily {
    rule: Rule,
    head: String,
    /// The board of a file family; `None` when the arguments name it.
    file: Option<Space>,
    /// One search for every grid (shapes are shared between boards).
    grids: Mutex<Search>,
    /// One search per graph, by the words that name it.
    graphs: Mutex<HashMap<Vec<Arg>, Search>>,
}

impl BoardFamily {
    /// `cram(RxC)`: Cram on any rectangle named in the arguments.
    pub fn cram() -> BoardFamily {
        BoardFamily::with(Rule::Cram, "cram".into(), None)
    }

    /// `cram[FILE]`: Cram on the board drawn in `drawing`, the content of
    /// the file `path` (`.` free, `#` blocked), read by the caller within
    /// its limits.
    pub fn cram_from_text(path: &str, drawing: &str) -> Result<BoardFamily> {
        let board = text::parse_board(drawing, path)?;
        Ok(BoardFamily::with(
            Rule::Cram,
            format!("cram[{path}]"),
            Some(Space::Grid(board)),
        ))
    }

    /// `nodekayles(SHAPE,SIZE)`: Node Kayles on a grid, path or cycle.
    pub fn node_kayles() -> BoardFamily {
        BoardFamily::with(Rule::NodeKayles, "nodekayles".into(), None)
    }

    /// `nodekayles[FILE]`: Node Kayles on the graph in `edges`, the content
    /// of the file `path` (the format of `graph[FILE]`; every edge counts
    /// both ways, a `start` line is ignored), read by the caller within its
    /// limits.
    pub fn node_kayles_from_text(path: &str, edges: &str) -> Result<BoardFamily> {
        let graph = crate::graph::parse_graph(edges, path)?;
        BoardFamily::node_kayles_graph(path, &graph)
    }

    /// Node Kayles on `graph` (its edges taken both ways), named
    /// `nodekayles[path]`.
    pub fn node_kayles_graph(path: &str, graph: &Graph) -> Result<BoardFamily> {
        let space = graph_space(graph, path)?;
        Ok(BoardFamily::with(
            Rule::NodeKayles,
            format!("nodekayles[{path}]"),
            Some(space),
        ))
    }

    fn with(rule: Rule, head: String, file: Option<Space>) -> BoardFamily {
        BoardFamily {
            rule,
            head,
            file,
            grids: Mutex::new(Search::new(rule)),
            graphs: Mutex::new(HashMap::new()),
        }
    }

    /// The board words at the front of `args` and the space they name.
    fn space(&self, args: &[Arg]) -> Result<(usize, Space)> {
        if let Some(space) = &self.file {
            return Ok((0, space.clone()));
        }
        match self.rule {
            Rule::Cram => {
                let Some(Arg::Word(size)) = args.first() else {
                    return Err(Error::invalid(
                        "cram needs the board size first, as cram(4x5)",
                    ));
                };
                let (h, w) = text::parse_size(size, "cram(4x5)")?;
                let all = low_bits(h as u32 * w as u32);
                Ok((1, Space::Grid(Region::new(h, w, all))))
            }
            Rule::NodeKayles => {
                let example = "as nodekayles(grid,3x4), nodekayles(path,9) or nodekayles(cycle,9)";
                let shape = match args.first() {
                    Some(Arg::Word(s)) => s.as_str(),
                    _ => {
                        return Err(Error::invalid(format!(
                            "nodekayles needs a graph shape first, {example}"
                        )));
                    }
                };
                let size = args.get(1);
                match (shape, size) {
                    ("grid", Some(Arg::Word(size))) => {
                        let (h, w) = text::parse_size(size, "nodekayles(grid,4x5)")?;
                        let all = low_bits(h as u32 * w as u32);
                        Ok((2, Space::Grid(Region::new(h, w, all))))
                    }
                    ("path" | "cycle", Some(&Arg::Int(n))) => {
                        if n == 0 || n > MAX_CELLS as u64 {
                            return Err(Error::invalid(format!(
                                "a {shape} has 1 to {MAX_CELLS} vertices (the bitboard's width), found {n}"
                            )));
                        }
                        if shape == "path" {
                            return Ok((2, Space::Path(n as u8)));
                        }
                        let n = n as usize;
                        let names = (1..=n as u64).map(Arg::Int).collect();
                        let adjacent = (0..n)
                            .map(|v| {
                                if n == 1 {
                                    return 0;
                                }
                                (1u128 << ((v + 1) % n)) | (1u128 << ((v + n - 1) % n))
                            })
                            .collect();
                        Ok((
                            2,
                            Space::Graph {
                                names: Arc::new(names),
                                adjacent: Arc::new(adjacent),
                            },
                        ))
                    }
                    ("grid" | "path" | "cycle", _) => Err(Error::invalid(format!(
                        "nodekayles({shape},...) needs its size next, {example}"
                    ))),
                    _ => Err(Error::invalid(format!(
                        "unknown graph shape `{shape}`; write {}",
                        &example[3..]
                    ))),
                }
            }
        }
    }

    /// The position an argument list describes.
    fn board(&self, args: &[Arg]) -> Result<Board> {
        let (skip, space) = self.space(args)?;
        let start = space.start();
        let mut gone = 0u128;
        for name in &args[skip..] {
            let i = space.index(name)?;
            let bit = 1u128 << i;
            if start & bit == 0 {
                return Err(Error::invalid(format!(
                    "cell {name} is blocked on the board already"
                )));
            }
            if gone & bit != 0 {
                return Err(Error::invalid(format!("`{name}` is listed twice")));
            }
            gone |= bit;
        }
        Ok(Board {
            words: args[..skip].to_vec(),
            space,
            free: start & !gone,
        })
    }

    /// Runs `f` with the search of the board's grid or graph (one search
    /// per graph, one for all grids, each kept between queries). With
    /// `--checkpoint FILE`, the grids' table is read from FILE first and
    /// saved to it after, also when `f` was stopped (by the time limit or
    /// Ctrl-C), so a rerun resumes with what was found.
    fn with_search<T>(
        &self,
        board: &Board,
        limits: &Limits,
        f: impl FnOnce(&mut Search) -> Result<T>,
    ) -> Result<T> {
        match &board.space {
            Space::Graph { adjacent, .. } => {
                let mut graphs = self.graphs.lock().unwrap_or_else(|e| e.into_inner());
                let search = graphs
                    .entry(board.words.clone())
                    .or_insert_with(|| Search::on_graph(self.rule, adjacent.clone()));
                f(search)
            }
            _ => {
                let mut search = self.grids.lock().unwrap_or_else(|e| e.into_inner());
                let Some(path) = &limits.run.checkpoint else {
                    return f(&mut search);
                };
                search.open_table(path, limits)?;
                let result = f(&mut search);
                let saved = search.save_table();
                // An error of the search (a stop) is the one to report.
                let answer = result?;
                saved.map(|()| answer)
            }
        }
    }

    /// The argument list of the board with `free` cells left.
    fn encode(&self, board: &Board, free: u128) -> Vec<Arg> {
        let mut args = board.words.clone();
        let mut gone = board.space.start() & !free;
        while gone != 0 {
            args.push(board.space.name(gone.trailing_zeros()));
            gone &= gone - 1;
        }
        args
    }
}

/// The undirected neighbours of a graph read from a file, refusing more
/// than [`MAX_CELLS`] vertices and names that would not read back.
fn graph_space(graph: &Graph, path: &str) -> Result<Space> {
    let n = graph.len();
    if n > MAX_CELLS {
        return Err(Error::invalid(format!(
            "{path} has {n} vertices; Node Kayles graphs are searched as 128-bit bitboards, so at most {MAX_CELLS}"
        )));
    }
    let mut adjacent = vec![0u128; n];
    let mut names = Vec::with_capacity(n);
    for v in 0..n as u32 {
        let name = graph.name(v);
        names.push(match name.parse::<u64>() {
            Ok(k) if k.to_string() == name => Arg::Int(k),
            _ if name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') =>
            {
                Arg::Word(name.to_string())
            }
            _ => {
                return Err(Error::invalid(format!(
                    "vertex `{name}` in {path}: Node Kayles names vertices in positions, so a name must be a number or a word of letters, digits, '_' and '-'"
                )));
            }
        });
        for &w in graph.successors(v) {
            if w != v {
                adjacent[v as usize] |= 1u128 << w;
                adjacent[w as usize] |= 1u128 << v;
            }
        }
    }
    Ok(Space::Graph {
        names: Arc::new(names),
        adjacent: Arc::new(adjacent),
    })
}

impl Family for BoardFamily {
    fn head(&self) -> String {
        self.head.clone()
    }

    fn shape(&self) -> Shape {
        Shape::Whole
    }

    fn check(&self, component: &[Arg], _limits: &Limits) -> Result<()> {
        self.board(component).map(|_| ())
    }

    fn value(&self, component: &[Arg], limits: &Limits) -> Result<Nimber> {
        let board = self.board(component)?;
        let cells = board.space.cells(board.free);
        self.with_search(&board, limits, |search| search.value(cells, limits))
    }

    /// Asks the search "is this option's value `target`?" rather than for
    /// each option's value: a winning move needs only that.
    fn moves_to(
        &self,
        component: &[Arg],
        target: Nimber,
        limits: &Limits,
        out: &mut Vec<Vec<Arg>>,
    ) -> Result<()> {
        let board = self.board(component)?;
        let mut options = Vec::new();
        board.space.options(self.rule, board.free, &mut options);
        limits.check_moves(options.len() as u64)?;
        self.with_search(&board, limits, |search| {
            for &free in &options {
                if search.value_is(board.space.cells(free), target, limits)? {
                    out.push(self.encode(&board, free));
                }
            }
            Ok(())
        })
    }

    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()> {
        let board = self.board(component)?;
        let mut options = Vec::new();
        board.space.options(self.rule, board.free, &mut options);
        limits.check_moves(options.len() as u64)?;
        out.extend(options.iter().map(|&free| self.encode(&board, free)));
        Ok(())
    }

    fn default_args(&self, _limits: &Limits) -> Option<Vec<Arg>> {
        self.file.as_ref().map(|_| Vec::new())
    }

    fn draw(&self, component: &[Arg]) -> Option<String> {
        let board = self.board(component).ok()?;
        match board.space.cells(board.free) {
            Cells::Grid(r) => Some(text::draw(&r)),
            Cells::Graph(_) => None,
        }
    }

    fn layout(&self, component: &[Arg]) -> Option<Layout> {
        let board = self.board(component).ok()?;
        Some(board.layout(self.rule))
    }
}

impl Board {
    /// The board laid out for drawing: a grid's cells in their rows and
    /// columns, a path in one row, other graphs on a circle; for Node
    /// Kayles, the edges between vertices.
    fn layout(&self, rule: Rule) -> Layout {
        let start = self.space.start();
        let (placement, rows, columns) = match &self.space {
            Space::Grid(r) => (Placement::Grid, r.h as u32, r.w as u32),
            Space::Path(n) => (Placement::Grid, 1, *n as u32),
            Space::Graph { names, .. } => (Placement::Circle, 1, names.len() as u32),
        };
        let spots = (0..rows * columns)
            .map(|i| {
                let bit = 1u128 << i;
                Spot {
                    name: self.space.name(i).to_string(),
                    row: i / columns,
                    column: i % columns,
                    state: if start & bit == 0 {
                        SpotState::Blocked
                    } else if self.free & bit == 0 {
                        SpotState::Taken
                    } else {
                        SpotState::Free
                    },
                }
            })
            .collect();
        let mut edges = Vec::new();
        if rule == Rule::NodeKayles {
            for v in 0..rows * columns {
                let neighbours = match &self.space {
                    Space::Graph { adjacent, .. } => adjacent[v as usize],
                    Space::Grid(r) => r.grow(1u128 << v) & !(1u128 << v) & start,
                    Space::Path(n) => Region::new(1, *n, start).grow(1u128 << v) & !(1u128 << v),
                };
                let mut later = neighbours & !low_bits::<u128>(v + 1);
                while later != 0 {
                    edges.push([v as usize, later.trailing_zeros() as usize]);
                    later &= later - 1;
                }
            }
        }
        Layout {
            game: match rule {
                Rule::Cram => BoardGame::Cram,
                Rule::NodeKayles => BoardGame::NodeKayles,
            },
            placement,
            rows,
            columns,
            spots,
            edges,
        }
    }
}
