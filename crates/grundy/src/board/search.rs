//! The search for Cram and Node Kayles values: a position splits into its
//! connected pieces, which are independent games, so its value is the
//! nim-sum of theirs (Sprague–Grundy); each piece is searched once, in its
//! canonical form, and remembered in a bounded [`Table`].
//!
//! On a grid a piece is kept as the least image of its shape (see
//! [`Region::canonical`]), so a shape met anywhere on any board, turned
//! or reflected, is searched once. A piece that is its own half turn with
//! no cell next to its own image is a second-player win by the mirror
//! strategy and costs nothing. On a general graph a piece is its set of
//! vertices.

use std::sync::Arc;
use std::time::{Duration, Instant};

use super::grid::Region;
use super::table::{Facts, Key, Table};
use crate::error::Result;
use crate::limits::{Limits, Progress};
use crate::nimber::Nimber;

/// The rule of a board game played by removing cells (or vertices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Cram: cover two adjacent free cells with a domino.
    Cram,
    /// Node Kayles: take a vertex; it and its neighbours are removed.
    NodeKayles,
}

/// The cells that are still in play: part of a grid box, or a set of
/// vertices of the search's graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cells {
    /// Free cells of a grid box.
    Grid(Region),
    /// Remaining vertices of the graph (see [`Search::on_graph`]).
    Graph(u128),
}

/// Positions searched between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1 << 14;

/// A search with its table, kept between questions so that every answer
/// about one game (a value, then the value of each option) shares it.
pub struct Search {
    rule: Rule,
    /// Neighbours of each vertex of the graph, for [`Cells::Graph`].
    adjacent: Arc<Vec<u128>>,
    table: Table,
    nodes: u64,
    started: Instant,
    last_report: Instant,
    strategy: Strategy,
    scratch: Vec<Scratch>,
}

/// How a piece's value is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Every option's value, then their mex: the plain search, kept to
    /// check the other against.
    Mex,
    /// "Is the value k?" for k = 0, 1, ..., each answered with the first
    /// option that settles it (see `equals`).
    Bounds,
}

/// The buffers of one level of the search.
#[derive(Default)]
struct Scratch {
    options: Vec<Cells>,
    pieces: Vec<Cells>,
}

/// The table key of a piece and its cells.
fn key_of(piece: Cells) -> (u128, Key) {
    match piece {
        Cells::Grid(r) => (
            r.bits,
            Key {
                bits: r.bits,
                tag: (r.h as u16) << 8 | r.w as u16,
            },
        ),
        Cells::Graph(bits) => (bits, Key { bits, tag: 0 }),
    }
}

/// The number of cells (or vertices) of a piece.
fn cell_count(piece: Cells) -> u32 {
    key_of(piece).0.count_ones()
}

impl Search {
    /// A search for `rule` on grids.
    pub fn new(rule: Rule) -> Search {
        Search::on_graph(rule, Arc::new(Vec::new()))
    }

    /// A search for `rule` on grids and on the graph whose vertex `v` has
    /// the neighbours `adjacent[v]` (at most 128 vertices).
    pub fn on_graph(rule: Rule, adjacent: Arc<Vec<u128>>) -> Search {
        Search {
            rule,
            adjacent,
            // Sized by the first query's `--max-memory` (see `value`).
            table: Table::new(0),
            nodes: 0,
            started: Instant::now(),
            last_report: Instant::now(),
            strategy: Strategy::Bounds,
            scratch: Vec::new(),
        }
    }

    /// The same search with another strategy (the plain one, to check).
    pub fn with_strategy(mut self, strategy: Strategy) -> Search {
        self.strategy = strategy;
        self
    }

    /// The table, for statistics.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The Grundy value of a position, within `limits`: the table keeps to
    /// half of `--max-memory`, and the search stops with an error at the
    /// deadline or when the stop flag is set.
    pub fn value(&mut self, cells: Cells, limits: &Limits) -> Result<Nimber> {
        self.table.set_budget(limits.max_memory / 2);
        self.started = Instant::now();
        self.last_report = self.started;
        let mut pieces = Vec::new();
        self.split(cells, &mut pieces);
        let mut sum = 0u8;
        for piece in pieces {
            sum ^= self.piece_value(piece, 0, limits)?;
        }
        Ok(Nimber(sum as u64))
    }

    /// Appends the connected pieces of `cells` to `out` that can change
    /// the value (a lone cell of Cram takes no domino), in their
    /// canonical forms (grid pieces too small to search are left as found).
    fn split(&self, cells: Cells, out: &mut Vec<Cells>) {
        match cells {
            Cells::Grid(region) => {
                let mut rest = region;
                while rest.bits != 0 {
                    let piece = rest.piece_of(rest.bits & rest.bits.wrapping_neg());
                    rest.bits &= !piece;
                    let found = Region::new(region.h, region.w, piece);
                    match (self.rule, piece.count_ones()) {
                        (Rule::Cram, 1) => {}
                        (Rule::Cram, ..=3) | (Rule::NodeKayles, ..=2) => {
                            out.push(Cells::Grid(found))
                        }
                        _ => out.push(Cells::Grid(found.canonical())),
                    }
                }
            }
            Cells::Graph(mut rest) => {
                while rest != 0 {
                    let mut piece = rest & rest.wrapping_neg();
                    let mut frontier = piece;
                    while frontier != 0 {
                        let v = frontier.trailing_zeros() as usize;
                        frontier &= frontier - 1;
                        let new = self.adjacent[v] & rest & !piece;
                        piece |= new;
                        frontier |= new;
                    }
                    out.push(Cells::Graph(piece));
                    rest &= !piece;
                }
            }
        }
    }

    /// What is known of a piece without searching: small pieces and
    /// mirror-symmetric ones have known values, others what the table holds.
    fn facts(&self, piece: Cells) -> Facts {
        let (bits, key) = key_of(piece);
        let cells = bits.count_ones();
        match self.rule {
            // One cell takes no domino; two or three connected cells take
            // exactly one.
            Rule::Cram if cells < 2 => return Facts::value(0),
            Rule::Cram if cells <= 3 => return Facts::value(1),
            // One vertex, or two adjacent ones: one move ends the game.
            Rule::NodeKayles if cells <= 2 => return Facts::value(cells.min(1) as u8),
            _ => {}
        }
        if let Cells::Grid(r) = piece
            && r.mirror_wins()
        {
            return Facts::value(0);
        }
        self.table.get(key).unwrap_or_default()
    }

    /// Appends what each move leaves of a connected piece.
    fn options(&self, piece: Cells, out: &mut Vec<Cells>) {
        match (self.rule, piece) {
            (Rule::Cram, Cells::Grid(r)) => {
                for (pairs, step) in [(r.horizontal_pairs(), 1), (r.vertical_pairs(), r.w as u32)] {
                    let mut rest = pairs;
                    while rest != 0 {
                        let i = rest.trailing_zeros();
                        rest &= rest - 1;
                        let taken = (1u128 << i) | (1u128 << (i + step));
                        out.push(Cells::Grid(Region::new(r.h, r.w, r.bits & !taken)));
                    }
                }
            }
            (Rule::NodeKayles, Cells::Grid(r)) => {
                let mut rest = r.bits;
                while rest != 0 {
                    let cell = rest & rest.wrapping_neg();
                    rest &= rest - 1;
                    out.push(Cells::Grid(Region::new(r.h, r.w, r.bits & !r.grow(cell))));
                }
            }
            // Only Node Kayles is played on graphs (Cram needs a grid).
            (_, Cells::Graph(bits)) => {
                let mut rest = bits;
                while rest != 0 {
                    let v = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    out.push(Cells::Graph(bits & !self.adjacent[v] & !(1u128 << v)));
                }
            }
        }
    }

    /// Takes the scratch buffers of one depth (given back by `give`), so
    /// no allocation happens once the search has been that deep.
    fn take(&mut self, depth: usize) -> Scratch {
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Scratch::default);
        }
        let mut s = std::mem::take(&mut self.scratch[depth]);
        s.options.clear();
        s.pieces.clear();
        s
    }

    fn give(&mut self, depth: usize, s: Scratch) {
        self.scratch[depth] = s;
    }

    /// The value of a connected piece.
    fn piece_value(&mut self, piece: Cells, depth: usize, limits: &Limits) -> Result<u8> {
        if let Some(v) = self.facts(piece).value {
            return Ok(v);
        }
        match self.strategy {
            Strategy::Mex => self.mex_value(piece, depth, limits),
            Strategy::Bounds => {
                // The least k it is not shown to differ from, then the next.
                let mut k = 0u8;
                while !self.equals(piece, k, depth, limits)? {
                    k += 1;
                }
                Ok(k)
            }
        }
    }

    /// The plain search: the mex of the values of every option.
    fn mex_value(&mut self, piece: Cells, depth: usize, limits: &Limits) -> Result<u8> {
        let before = self.nodes;
        self.tick(limits)?;
        let mut scratch = self.take(depth);
        self.options(piece, &mut scratch.options);
        let mut seen = [0u64; 4];
        let mut result = Ok(());
        for i in 0..scratch.options.len() {
            scratch.pieces.clear();
            self.split(scratch.options[i], &mut scratch.pieces);
            let mut sum = 0u8;
            for j in 0..scratch.pieces.len() {
                match self.piece_value(scratch.pieces[j], depth + 1, limits) {
                    Ok(v) => sum ^= v,
                    Err(e) => result = Err(e),
                }
                if result.is_err() {
                    break;
                }
            }
            if result.is_err() {
                break;
            }
            seen[sum as usize / 64] |= 1 << (sum % 64);
        }
        self.give(depth, scratch);
        result?;
        let value = mex(&seen);
        self.table
            .put(key_of(piece).1, Facts::value(value), self.nodes - before);
        Ok(value)
    }

    /// Whether the value of a connected piece is `k`: the question the
    /// bounds search asks instead of computing every option's value.
    ///
    /// The value is `k` when it is none of `0..k` and no option has value
    /// `k` (the mex rule, read one value at a time). Showing that it is not
    /// `k` takes one option of value `k`, so the search stops at the first
    /// (the winning-move cut of an outcome search of the piece plus a Nim
    /// heap of `k`), and what it learns, "the value is not `k`", is kept in
    /// the table for the next question.
    fn equals(&mut self, piece: Cells, k: u8, depth: usize, limits: &Limits) -> Result<bool> {
        let mut facts = self.facts(piece);
        if let Some(v) = facts.value {
            return Ok(v == k);
        }
        if k < 64 && facts.not >> k & 1 == 1 {
            return Ok(false);
        }
        for j in 0..k {
            if (j >= 64 || facts.not >> j & 1 == 0) && self.equals(piece, j, depth, limits)? {
                return Ok(false);
            }
            if j < 64 {
                facts.not |= 1 << j;
            }
        }
        let before = self.nodes;
        self.tick(limits)?;
        let mut scratch = self.take(depth);
        self.options(piece, &mut scratch.options);
        // Each option's pieces, kept for two passes: the first settles
        // what the table already knows (an option of value k ends the
        // search at once; one known not to be k needs no search), the
        // second searches the options left, smallest first, as those are
        // the cheapest to settle.
        let mut open = Vec::new();
        let mut found = Ok(false);
        for i in 0..scratch.options.len() {
            let start = scratch.pieces.len();
            self.split(scratch.options[i], &mut scratch.pieces);
            let end = scratch.pieces.len();
            match self.settled(&scratch.pieces[start..end], k) {
                Some(true) => {
                    found = Ok(true);
                    break;
                }
                Some(false) => {}
                None => {
                    let size: u32 = scratch.pieces[start..end]
                        .iter()
                        .map(|&p| cell_count(p))
                        .sum();
                    open.push((size, start, end));
                }
            }
        }
        if matches!(found, Ok(false)) {
            open.sort_unstable();
            for &(_, start, end) in &open {
                found = self.sum_equals(&mut scratch.pieces[start..end], k, depth + 1, limits);
                if !matches!(found, Ok(false)) {
                    break;
                }
            }
        }
        self.give(depth, scratch);
        let found = found?;
        if found {
            if k < 64 {
                facts.not |= 1 << k;
            }
        } else {
            facts = Facts::value(k);
        }
        self.table.put(key_of(piece).1, facts, self.nodes - before);
        Ok(!found)
    }

    /// Whether the nim-sum of the values of `pieces` is `k`, when the
    /// table settles it without a search: every value known, or all known
    /// but one piece, known not to have the value that would make `k`.
    fn settled(&self, pieces: &[Cells], mut k: u8) -> Option<bool> {
        let mut open = None;
        for &p in pieces {
            let facts = self.facts(p);
            match facts.value {
                Some(v) => k ^= v,
                None if open.is_none() => open = Some(facts.not),
                None => return None,
            }
        }
        match open {
            None => Some(k == 0),
            Some(not) if k < 64 && not >> k & 1 == 1 => Some(false),
            Some(_) => None,
        }
    }

    /// Whether the nim-sum of the values of `pieces` is `k`. Pieces of
    /// known value fold into `k`; of the others, all but the largest are
    /// valued, and the largest is asked whether it equals what is left.
    fn sum_equals(
        &mut self,
        pieces: &mut [Cells],
        mut k: u8,
        depth: usize,
        limits: &Limits,
    ) -> Result<bool> {
        let mut unknown = 0;
        for i in 0..pieces.len() {
            match self.facts(pieces[i]).value {
                Some(v) => k ^= v,
                None => {
                    pieces.swap(unknown, i);
                    unknown += 1;
                }
            }
        }
        let pieces = &mut pieces[..unknown];
        let Some(largest) = (0..pieces.len()).max_by_key(|&i| cell_count(pieces[i])) else {
            return Ok(k == 0);
        };
        pieces.swap(0, largest);
        for &piece in &pieces[1..] {
            k ^= self.piece_value(piece, depth, limits)?;
        }
        self.equals(pieces[0], k, depth, limits)
    }

    /// Counts a searched position; now and then looks at the stop flag and
    /// the deadline, and reports progress about once a second.
    fn tick(&mut self, limits: &Limits) -> Result<()> {
        self.nodes += 1;
        // The first position looks too, so a stop already asked for is seen.
        if self.nodes % CHECK_EVERY == 1 {
            limits.check_stop()?;
            if let Some(report) = &limits.progress
                && self.last_report.elapsed() >= Duration::from_secs(1)
            {
                self.last_report = Instant::now();
                report(&Progress {
                    done: self.nodes,
                    target: 0,
                    detail: format!(
                        "{} positions searched, {} in the table ({} MiB, {} replaced), {:.0?}",
                        self.nodes,
                        self.table.len(),
                        self.table.bytes() >> 20,
                        self.table.replaced(),
                        self.started.elapsed()
                    ),
                });
            }
        }
        Ok(())
    }
}

/// The least value not marked in `seen` (values below 256).
fn mex(seen: &[u64; 4]) -> u8 {
    for (i, word) in seen.iter().enumerate() {
        if *word != u64::MAX {
            return (i * 64) as u8 + word.trailing_ones() as u8;
        }
    }
    // Unreachable: a value is at most the number of options, and a piece
    // of at most 128 cells has fewer than 2 * 128 - 2 of them.
    255
}
