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
//!
//! A piece is searched by asking whether its value lies in a set of values
//! (Beling and Rogalski's pruning, see `Engine::value_in`), not by
//! computing every option's value; Cram positions are first simplified
//! (extra dead ends and bridges go, pinched squares are cut, see
//! [`Region`]). The plain search (every option's value, then the mex) is
//! kept beside it as [`Strategy::Mex`], and the tests compare the two.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::bits::{Bits, highest, lowest};
use super::busy::Busy;
use super::grid::{Region, low_bits};
use super::rule::Rule;
use super::saved;
use super::shared::{Put, SharedBits, SharedTable};
use super::small::{is_small_box, small_value};
use super::strip::strip_value;
use super::table::{Facts, Key, Table};
use super::values::ValueSet;
use crate::error::{ErrorKind, Result};
use crate::limits::{Limits, Progress};
use crate::nimber::Nimber;

/// The cells that are still in play: part of a grid box, or a set of
/// vertices of the search's graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cells<B: Bits = u128> {
    /// Free cells of a grid box.
    Grid(Region<B>),
    /// Remaining vertices of the graph (see [`Search::on_graph`]).
    Graph(B),
}

/// Options split and fetched ahead together (see `Engine::scan_options`).
const PREFETCH_BATCH: usize = 4;

/// Positions searched between two looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 1 << 14;

/// Boards of fewer cells are searched on one thread even when more are
/// allowed: they take well under a second, less than starting a second
/// thread and sharing the table saves. From 30 cells on, two threads
/// measured 1.2–1.6 times faster on an idle two-core machine (see
/// BENCHMARKS.md); the tests lower it to check the two-thread search on
/// small boards.
const TWO_THREADS_FROM: u32 = 30;

/// The slots the table has (within the budget) before two threads share
/// it: growing a shared table waits for both threads, and starting at
/// 2^21 slots (32 MiB) took 5–8 % off Cram 5×7 and 5×8 on two threads
/// (2^22 gained nothing more; see BENCHMARKS.md).
const SHARED_FIRST_SLOTS: usize = 1 << 21;

/// The levels of the search (the root is level 0) at which the two
/// threads share out the options of a position they both search (see
/// `Engine::ask_shared`); below, each goes its own way.
const SPLIT_LEVELS: usize = 2;

/// Pieces of fewer cells are not marked busy while a thread of a shared
/// search searches them (see [`Busy`]): their searches are short, so
/// the other thread loses little by searching them too. On Cram 5×9,
/// bounds from 12 to 24 cells saved about as many positions, 6 fewer.
const BUSY_FROM: u32 = 16;

/// The busy marks have `2^BUSY_BITS` slots: each thread marks at most one
/// piece a level of its search, so a few dozen are marked at once, and
/// 4,096 slots (32 KiB) keep them apart.
const BUSY_BITS: u32 = 12;

/// Memory `--max-memory` keeps for the search beside its table (its
/// stacks, the option lists, the program itself): a few tens of megabytes
/// measured, with room to spare.
const SEARCH_RESERVE: u64 = 256 << 20;

/// Slots a thread fills before it adds them to the shared table's count.
const FILLS_TOLD: usize = 64;

/// A search with its table, kept between questions so that every answer
/// about one game (a value, then the value of each option) shares it.
///
/// It searches on cells kept in a `u64` when the question's board has at
/// most 64 cells (or its graph at most 64 vertices), and in a `u128`
/// otherwise (see [`Bits`]). The table moves with the search when the word
/// changes; a table that holds pieces of a box of more than 64 cells keeps
/// the `u128` word for every later question, so that nothing is lost.
pub struct Search {
    engine: Width,
}

/// How full a search's table is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableSize {
    /// Entries stored now.
    pub entries: usize,
    /// The bytes its slots take now.
    pub bytes: u64,
    /// Entries overwritten for room since the table was made.
    pub replaced: u64,
}

impl TableSize {
    fn of<B: Bits>(table: &Table<B>) -> TableSize {
        TableSize {
            entries: table.len(),
            bytes: table.bytes(),
            replaced: table.replaced(),
        }
    }
}

/// The search on one word of cells.
enum Width {
    Narrow(Engine<u64>),
    Wide(Engine<u128>),
}

/// `$body` with `$e` bound to the engine of `$width`, whichever its word:
/// the engines share every field that does not depend on it.
macro_rules! either {
    ($width:expr, $e:ident => $body:expr) => {
        match $width {
            Width::Narrow($e) => $body,
            Width::Wide($e) => $body,
        }
    };
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
            engine: Width::Wide(Engine::on_graph(rule, adjacent)),
        }
    }

    /// The same search with another strategy (the plain one, to check).
    pub fn with_strategy(mut self, strategy: Strategy) -> Search {
        either!(&mut self.engine, e => e.strategy = strategy);
        self
    }

    /// The size of the table, for statistics.
    pub fn table_size(&self) -> TableSize {
        either!(&self.engine, e => TableSize::of(&e.table))
    }

    /// Reads the table saved in `path` (see [`super::saved`]) unless it was
    /// read from there already; a file that does not exist yet is an empty
    /// table. A search on a graph keeps no file: its table is of that
    /// graph's vertices only.
    pub fn open_table(&mut self, path: &Path, limits: &Limits) -> Result<()> {
        let (rule, read, graph) = either!(&self.engine, e => (
            e.rule,
            e.saved_to.as_deref() == Some(path),
            !e.adjacent.is_empty(),
        ));
        if read || graph {
            return Ok(());
        }
        // The saved table is checked by searching a sample of its pieces
        // again with the plain search.
        let mut plain = Search::new(rule).with_strategy(Strategy::Mex);
        let mut check = |region| Ok(plain.value(Cells::Grid(region), limits)?.0);
        let checked = saved::load(rule, path, &mut check)?;
        // Pieces of boxes of more than 64 cells need the wide word.
        if self.can_narrow() && !checked.is_wide() {
            self.narrow().open_table(path, &checked, limits)
        } else {
            self.wide().open_table(path, &checked, limits)
        }
    }

    /// Saves the table to the file [`Search::open_table`] read, when
    /// anything was searched since it was read or last saved.
    pub fn save_table(&mut self) -> Result<()> {
        either!(&mut self.engine, e => e.save_table())
    }

    /// The Grundy value of a position, within `limits`: the table keeps
    /// within `--max-memory` (see `table_budget`), and the
    /// search stops with an error at the deadline or when the stop flag is
    /// set.
    pub fn value(&mut self, cells: Cells, limits: &Limits) -> Result<Nimber> {
        match self.narrow_cells(cells) {
            Some(narrow) => self.narrow().value_on_threads(narrow, limits),
            None => self.wide().value_on_threads(cells, limits),
        }
    }

    /// Whether the value of a position is `target`, within `limits` as
    /// [`Search::value`]. Cheaper than the value: the search stops as soon
    /// as it knows the answer (for `target` 0, at the first winning move
    /// of each option it examines), which is how winning moves are found.
    pub fn value_is(&mut self, cells: Cells, target: Nimber, limits: &Limits) -> Result<bool> {
        match self.narrow_cells(cells) {
            Some(narrow) => self.narrow().value_is(narrow, target, limits),
            None => self.wide().value_is(cells, target, limits),
        }
    }

    /// Whether the search may move to the `u64` word without losing
    /// table entries.
    fn can_narrow(&self) -> bool {
        match &self.engine {
            Width::Narrow(_) => true,
            Width::Wide(e) => !e.table.holds_beyond_u64(),
        }
    }

    /// `cells` in a `u64`, when they and every cell the search may reach
    /// from them (the rest of the box, the rest of the graph) fit, and the
    /// table may move to that word (see [`Search::can_narrow`]).
    fn narrow_cells(&self, cells: Cells) -> Option<Cells<u64>> {
        if !self.can_narrow() {
            return None;
        }
        let vertices = either!(&self.engine, e => e.adjacent.len());
        match cells {
            Cells::Grid(r) if r.h as u32 * r.w as u32 <= u64::BITS => {
                Some(Cells::Grid(Region::new(r.h, r.w, r.bits as u64)))
            }
            Cells::Graph(bits) if vertices <= u64::BITS as usize => Some(Cells::Graph(bits as u64)),
            _ => None,
        }
    }

    /// The search on `u64` cells (moving the table over if need be).
    fn narrow(&mut self) -> &mut Engine<u64> {
        self.turn(true);
        let Width::Narrow(e) = &mut self.engine else {
            unreachable!("the engine was made narrow")
        };
        e
    }

    /// The search on `u128` cells (moving the table over if need be).
    fn wide(&mut self) -> &mut Engine<u128> {
        self.turn(false);
        let Width::Wide(e) = &mut self.engine else {
            unreachable!("the engine was made wide")
        };
        e
    }

    /// Moves the search, with its table, to the `u64` word (`narrow`) or
    /// the `u128` word, unless it is there already.
    fn turn(&mut self, narrow: bool) {
        if matches!(self.engine, Width::Narrow(_)) == narrow {
            return;
        }
        let rule = either!(&self.engine, e => e.rule);
        // An empty engine holds the place while the table moves.
        let empty = Width::Wide(Engine::on_graph(rule, Arc::new(Vec::new())));
        self.engine = match std::mem::replace(&mut self.engine, empty) {
            Width::Narrow(e) => Width::Wide(e.into_word()),
            Width::Wide(e) => Width::Narrow(e.into_word()),
        };
    }
}

/// The search itself, on cells kept in the word `B`.
struct Engine<B: SharedBits> {
    rule: Rule,
    /// Neighbours of each vertex of the graph, for [`Cells::Graph`].
    adjacent: Arc<Vec<u128>>,
    table: Table<B>,
    nodes: u64,
    started: Instant,
    last_report: Instant,
    strategy: Strategy,
    scratch: Vec<Scratch<B>>,
    /// The file the table is saved to, once read from it.
    saved_to: Option<PathBuf>,
    /// Positions searched when the table was last read or saved.
    saved_at: u64,
    /// While two threads search together, what they share; the table of
    /// the field `table` is then not used.
    sharing: Option<Arc<Sharing<B>>>,
    /// Which of the two threads this is (0 or 1).
    thread: usize,
    /// Slots filled in the shared table, not yet added to its count.
    fills: usize,
    /// Boards of fewer cells are searched on one thread (see
    /// [`TWO_THREADS_FROM`]; the tests lower it).
    two_threads_from: u32,
    /// Pieces of fewer cells are not marked busy (see [`BUSY_FROM`]; the
    /// tests lower it, so that small boards put options off too).
    busy_from: u32,
    /// How far the question at the root has come, for the progress line.
    root: RootProgress,
}

/// The question being asked of the root piece and how many of its options
/// have answered it, for the progress line of a long search.
#[derive(Clone, Copy, Debug, Default)]
struct RootProgress {
    /// The value asked about ("is it `k`?"), when the root is asked one
    /// value at a time.
    asking: Option<u8>,
    /// Options of the root.
    options: usize,
    /// Of those, the options answered: valued from the table at once, or
    /// searched.
    answered: usize,
}

impl RootProgress {
    /// The progress line's account of the root, empty before it is known.
    fn describe(&self) -> String {
        if self.options == 0 {
            return String::new();
        }
        let question = match self.asking {
            Some(k) => format!("is the value {k}?"),
            None => "its value".to_string(),
        };
        format!(
            "; root: {question} {} of {} moves answered",
            self.answered, self.options
        )
    }
}

/// What the two threads of one search share: the table, which options of
/// the first levels each is asking (see `Engine::ask_shared`), and
/// whether one of them has the answer.
struct Sharing<B: SharedBits> {
    table: SharedTable<B>,
    claims: Mutex<HashMap<Claim, Owner>>,
    /// The pieces each thread is searching now (those of at least
    /// [`BUSY_FROM`] cells).
    busy: Busy,
    finished: AtomicBool,
    /// The positions the second thread has searched, as it last told (every
    /// [`CHECK_EVERY`]), for the first thread's progress line.
    helper_nodes: AtomicU64,
}

/// One option asked in one question: the position's key, the values asked
/// about, and the option's key.
type Claim = (Key, u8, Key);

/// Who asks an option of the first levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Owner {
    /// This thread asks it now.
    Asking(usize),
    /// Asked: the table has the answer (unless it was replaced since).
    Done,
}

impl<B: SharedBits> Sharing<B> {
    /// What thread `me` should do with the option `claim`: ask it
    /// (`true`, claimed now or already answered) or leave it for later,
    /// since the other thread is asking it (`false`).
    fn claim(&self, claim: Claim, me: usize) -> bool {
        let mut claims = self.claims.lock().unwrap_or_else(|e| e.into_inner());
        match claims.get(&claim) {
            Some(Owner::Asking(other)) if *other != me => false,
            Some(_) => true,
            None => {
                claims.insert(claim, Owner::Asking(me));
                true
            }
        }
    }

    /// Whether the option `claim` has been asked, its answer in the table.
    fn is_done(&self, claim: Claim) -> bool {
        let claims = self.claims.lock().unwrap_or_else(|e| e.into_inner());
        claims.get(&claim) == Some(&Owner::Done)
    }

    /// Marks the option `claim` asked.
    fn done(&self, claim: Claim) {
        let mut claims = self.claims.lock().unwrap_or_else(|e| e.into_inner());
        claims.insert(claim, Owner::Done);
    }
}

/// What is known of how a Cram region hangs together (see
/// `Engine::split_cram`).
#[derive(Clone, Copy, Debug)]
enum Joined<B: Bits> {
    /// Nothing.
    Unknown,
    /// It is connected.
    Connected,
    /// It is connected with these cells (not in it) added back.
    Less(B),
}

/// How a piece's value is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Every option's value, then their mex: the plain search, kept to
    /// check the other against.
    Mex,
    /// "Is the value k?" for k = 0, 1, ... at the top, and below it "is
    /// the value one of these?", each answered by asking the options only
    /// as much as the question needs (see `value_in`).
    Bounds,
}

/// The buffers of one level of the search.
#[derive(Default)]
struct Scratch<B: Bits> {
    options: Vec<Cells<B>>,
    /// The pieces of the options whose values are not known at once.
    pieces: Vec<Cells<B>>,
    /// Those options, each a range of `pieces`.
    open: Vec<Open>,
    /// Where each option's pieces end in `pieces`, before they are settled.
    ends: Vec<usize>,
    /// Open options put off while the other thread searches them (indices
    /// into `open`).
    later: Vec<usize>,
}

/// An option whose value needs a search: its pieces `pieces[start..end]`
/// and the nim-sum `known` of the pieces it has of known value.
#[derive(Clone, Copy)]
struct Open {
    /// The option's place among the position's options.
    index: u32,
    /// How hard it looks: the sum of the squares of its pieces' sizes.
    cost: u32,
    /// How far the move is from the middle (see `off_centre`), to try
    /// first, among options that look as hard, the moves that cut a piece.
    centre: u32,
    /// Whether the table rules out for the option every value below the
    /// greatest wanted, so that it may well have that one: such options
    /// are asked first (see `rules_out_below`).
    likely_top: bool,
    start: usize,
    end: usize,
    known: u8,
}

/// Where the scan of a position's options stands (see
/// `Engine::value_in`): the values asked about, the values the position
/// may still have, and whether every option asked has told its value.
struct Scan {
    wanted: ValueSet,
    maybe: ValueSet,
    exact: bool,
}

/// How far the cells a move takes lie from the middle of the piece's box:
/// first across the long side, then across the short side (canonical
/// pieces have no more rows than columns). A move near the middle of a
/// long piece cuts it in two, or nearly, which makes the options cheap
/// (Beling and Rogalski's Cram solver tries the middle columns first).
fn off_centre<B: Bits>(piece: Cells<B>, option: Cells<B>) -> u32 {
    let (Cells::Grid(r), Cells::Grid(after)) = (piece, option) else {
        return 0;
    };
    let taken = r.bits & !after.bits;
    if taken == B::ZERO {
        return 0;
    }
    let w = r.w as u32;
    let (first, last) = (taken.trailing_zeros(), highest(taken));
    // Coordinates doubled, so the middle of a box or of two cells is whole.
    let x = first % w + last % w + 1;
    let y = first / w + last / w + 1;
    x.abs_diff(w) << 8 | y.abs_diff(r.h as u32)
}

/// Whether `not`, the values the table rules out for a piece, rules out
/// every value below `top` for the piece summed with a game of value
/// `known`: the piece's values `known ^ j` for each `j` below `top`.
///
/// Why options so ruled out are asked first: a position asked "is your
/// value `top`?" (the last question of a value search, or any question
/// whose greatest value is `top`) answers "no" at once when an option has
/// the value `top`, and an option that earlier questions have shown to be
/// none of the values below is the likeliest to have it. Counted with
/// one thread (positions searched, this order against the cost order
/// alone): Cram 5×9 11.5 against 12.9 million, 5×8 1.20 against 1.24
/// million, 4×11 5.09 against 5.10 million. For `top` 0, the outcome
/// question, nothing is ruled out and the order is the cost order.
fn rules_out_below(not: u64, known: u8, top: u8) -> bool {
    top > 0
        && (0..top).all(|j| {
            let v = known ^ j;
            v < 64 && not >> v & 1 == 1
        })
}

/// Takes one value out of the values a piece may still have: `v`, an
/// option's value, or the greatest when `v` is not among them (see
/// `Search::value_in`).
fn take_out(maybe: &mut ValueSet, v: u8) {
    if maybe.contains(v) {
        maybe.remove(v);
    } else {
        *maybe = maybe.without_max();
    }
}

/// The table key of a piece and its cells.
fn key_of<B: Bits>(piece: Cells<B>) -> (B, Key) {
    match piece {
        Cells::Grid(r) => (
            r.bits,
            Key {
                bits: r.bits.wide(),
                tag: (r.h as u16) << 8 | r.w as u16,
            },
        ),
        Cells::Graph(bits) => (
            bits,
            Key {
                bits: bits.wide(),
                tag: 0,
            },
        ),
    }
}

/// The number of cells (or vertices) of a piece.
fn cell_count<B: Bits>(piece: Cells<B>) -> u32 {
    key_of(piece).0.count_ones()
}

impl<B: SharedBits> Engine<B> {
    /// A search for `rule` on grids and on the graph whose vertex `v` has
    /// the neighbours `adjacent[v]`.
    fn on_graph(rule: Rule, adjacent: Arc<Vec<u128>>) -> Engine<B> {
        Engine {
            rule,
            adjacent,
            // Sized by the first query's `--max-memory` (see `value`).
            table: Table::new(0),
            nodes: 0,
            started: Instant::now(),
            last_report: Instant::now(),
            strategy: Strategy::Bounds,
            scratch: Vec::new(),
            saved_to: None,
            saved_at: 0,
            sharing: None,
            thread: 0,
            fills: 0,
            two_threads_from: TWO_THREADS_FROM,
            busy_from: BUSY_FROM,
            root: RootProgress::default(),
        }
    }

    /// The same search, its table and counts kept, on cells kept in the
    /// word `C`.
    fn into_word<C: SharedBits>(self) -> Engine<C> {
        Engine {
            rule: self.rule,
            adjacent: self.adjacent,
            table: self.table.into_word(),
            nodes: self.nodes,
            started: self.started,
            last_report: self.last_report,
            strategy: self.strategy,
            scratch: Vec::new(),
            saved_to: self.saved_to,
            saved_at: self.saved_at,
            sharing: None,
            thread: 0,
            fills: 0,
            two_threads_from: self.two_threads_from,
            busy_from: self.busy_from,
            root: RootProgress::default(),
        }
    }

    /// Stores the entries of the file `path`, `checked` (see
    /// [`Search::open_table`]), and remembers the file, to save the table
    /// to it. Should the file change under it, the table starts afresh
    /// and the error says so.
    fn open_table(&mut self, path: &Path, checked: &saved::Checked, limits: &Limits) -> Result<()> {
        let budget = table_budget(limits.bounds.max_memory);
        self.table.set_budget(budget);
        let table = &mut self.table;
        if let Err(e) = checked.read(&mut |(key, facts, level)| table.put_level(key, facts, level))
        {
            self.table = Table::new(budget);
            return Err(e);
        }
        self.saved_to = Some(path.to_path_buf());
        self.saved_at = self.nodes;
        Ok(())
    }

    /// Saves the table to the file [`Search::open_table`] read, when
    /// anything was searched since it was read or last saved.
    fn save_table(&mut self) -> Result<()> {
        let Some(path) = &self.saved_to else {
            return Ok(());
        };
        if self.nodes == self.saved_at {
            return Ok(());
        }
        saved::save(&self.table, self.rule, path)?;
        self.saved_at = self.nodes;
        Ok(())
    }

    /// The Grundy value of a position, within `limits`: the table keeps
    /// within `--max-memory` (see `table_budget`), and the
    /// search stops with an error at the deadline or when the stop flag is
    /// set.
    fn value(&mut self, cells: Cells<B>, limits: &Limits) -> Result<Nimber> {
        self.begin(limits);
        let mut pieces = Vec::new();
        self.split(cells, &mut pieces);
        let mut sum = 0u8;
        for piece in pieces {
            sum ^= self.piece_value(piece, 0, limits)?;
        }
        Ok(Nimber(sum as u64))
    }

    /// Whether the value of a position is `target`, within `limits` as
    /// [`Search::value`]. Cheaper than the value: the search stops as soon
    /// as it knows the answer (for `target` 0, at the first winning move
    /// of each option it examines), which is how winning moves are found.
    fn value_is(&mut self, cells: Cells<B>, target: Nimber, limits: &Limits) -> Result<bool> {
        if self.strategy == Strategy::Mex {
            return Ok(self.value(cells, limits)? == target);
        }
        // Every value is below 256 (see `ValueSet`).
        let Ok(target) = u8::try_from(target.0) else {
            return Ok(false);
        };
        self.begin(limits);
        let mut pieces = Vec::new();
        let known = self.split_known(cells, &mut pieces);
        if pieces.is_empty() {
            return Ok(known == target);
        }
        let wanted = ValueSet::single(target);
        self.root.asking = Some(target);
        Ok(self.sum_value_in(&mut pieces, known, wanted, 0, limits)? == Some(target))
    }

    /// Readies the table and the clock for a query within `limits`.
    fn begin(&mut self, limits: &Limits) {
        self.table
            .set_budget(table_budget(limits.bounds.max_memory));
        self.started = Instant::now();
        self.last_report = self.started;
        self.root = RootProgress::default();
    }

    /// Appends the connected pieces of `cells` to `out` that can change
    /// the value (a lone cell of Cram takes no domino), in their
    /// canonical forms (grid pieces too small to search are left as found).
    fn split(&self, cells: Cells<B>, out: &mut Vec<Cells<B>>) {
        match cells {
            Cells::Grid(region) => {
                let mut rest = region;
                while rest.bits != B::ZERO {
                    let piece = rest.piece_of(lowest(rest.bits));
                    rest.bits &= !piece;
                    self.push_piece(Region::new(region.h, region.w, piece), out);
                }
            }
            Cells::Graph(mut rest) => {
                while rest != B::ZERO {
                    let mut piece = lowest(rest);
                    let mut frontier = piece;
                    while frontier != B::ZERO {
                        let v = frontier.trailing_zeros() as usize;
                        frontier = frontier & (frontier - B::ONE);
                        let new = B::from_wide(self.adjacent[v]) & rest & !piece;
                        piece |= new;
                        frontier |= new;
                    }
                    out.push(Cells::Graph(piece));
                    rest &= !piece;
                }
            }
        }
    }

    /// Appends the pieces of a Cram region as [`Engine::split`] does, after
    /// the simplifications that keep the value: extra dead ends and
    /// bridges go ([`Region::without_extra_dead_ends`],
    /// [`Region::without_bridges`]), and a piece with a pinched
    /// square is cut there into two games ([`Region::pinch_cut`]).
    ///
    /// `joined` says what is known of how `region` hangs together; it
    /// lets a region that stays in one piece skip the search for its
    /// pieces, and the search for the last of them.
    fn split_cram(&self, region: Region<B>, joined: Joined<B>, out: &mut Vec<Cells<B>>) {
        let (reduced, bridged) = region.cram_reduced();
        let (h, w) = (region.h, region.w);
        // Cells of `reduced` of which every piece of it holds one, when
        // known: then, once the rest holds one of them, it is one piece.
        let mut marks = None;
        // Dead ends go one at a time from beside a cell that stays, which
        // keeps a region connected and each of its pieces a piece; bridges
        // may cut it.
        if !bridged {
            match joined {
                Joined::Connected => {
                    if reduced.bits != B::ZERO {
                        self.push_cram_piece(reduced, out);
                    }
                    return;
                }
                Joined::Less(removed) => {
                    if region.stays_connected(removed) {
                        if reduced.bits != B::ZERO {
                            self.push_cram_piece(reduced, out);
                        }
                        return;
                    }
                    // Every piece of `region` holds a cell next to
                    // `removed` (the region is connected with it), and
                    // keeps it in `reduced` or, when it was a dead end that
                    // went, the cell it was the dead end of.
                    let around = region.bits & region.grow(removed);
                    let gone = region.bits & !reduced.bits;
                    marks =
                        Some((around & reduced.bits) | (reduced.bits & region.grow(around & gone)));
                }
                Joined::Unknown => {}
            }
        }
        let mut rest = reduced.bits;
        while rest != B::ZERO {
            if let Some(marks) = marks
                && (marks & rest).count_ones() <= 1
            {
                debug_assert_eq!(Region::new(h, w, rest).piece_of(lowest(rest)), rest);
                self.push_cram_piece(Region::new(h, w, rest), out);
                return;
            }
            let piece = Region::new(h, w, rest).piece_of(lowest(rest));
            rest &= !piece;
            self.push_cram_piece(Region::new(h, w, piece), out);
        }
    }

    /// Appends a connected Cram piece, cut first at a pinched square (see
    /// [`Engine::split_cram`]). Both parts of a cut are connected: the
    /// part found holds `a` and its side of the square, and every piece of
    /// the rest holds a cell of the other side (the piece was connected),
    /// whose two cells are next to each other.
    fn push_cram_piece(&self, piece: Region<B>, out: &mut Vec<Cells<B>>) {
        if piece.len() >= 4
            && let Some(part) = piece.pinch_cut()
        {
            let (h, w) = (piece.h, piece.w);
            self.split_cram(Region::new(h, w, part), Joined::Connected, out);
            let rest = Region::new(h, w, piece.bits & !part);
            debug_assert_eq!(rest.piece_of(lowest(rest.bits)), rest.bits);
            self.split_cram(rest, Joined::Connected, out);
        } else {
            self.push_piece(piece, out);
        }
    }

    /// Appends a connected piece of a grid to `out`, in its canonical form
    /// when it is large enough to be searched (a lone cell of Cram, which
    /// takes no domino, is left out).
    fn push_piece(&self, piece: Region<B>, out: &mut Vec<Cells<B>>) {
        match (self.rule, piece.len()) {
            (Rule::Cram, 1) => {}
            (Rule::Cram, ..=3) | (Rule::NodeKayles, ..=2) => out.push(Cells::Grid(piece)),
            _ => {
                // A piece of a small box is valued by its box as it lies
                // (see `small`), so it needs no canonical form.
                let shrunk = piece.shrink();
                if self.strategy == Strategy::Bounds && is_small_box(&shrunk) {
                    out.push(Cells::Grid(shrunk));
                } else {
                    out.push(Cells::Grid(shrunk.least_image()));
                }
            }
        }
    }

    /// What is known of a piece without searching: small pieces and
    /// mirror-symmetric ones have known values, others what the table holds.
    fn facts(&self, piece: Cells<B>) -> Facts {
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
        if let Cells::Grid(r) = piece {
            // The plain search, which checks the others, reads no table.
            if self.strategy == Strategy::Bounds
                && let Some(v) = small_value(self.rule, &r)
            {
                return Facts::value(v);
            }
            if r.mirror_wins() {
                return Facts::value(0);
            }
            // A piece of one row (pieces are kept with no more rows than
            // columns) is a strip.
            if r.h == 1 && r.bits == low_bits(r.w as u32) {
                return Facts::value(strip_value(self.rule, cells));
            }
        }
        self.table_get(key).unwrap_or_default()
    }

    /// The stored facts of `key`, from the table the search uses now.
    fn table_get(&self, key: Key) -> Option<Facts> {
        match &self.sharing {
            Some(sharing) => sharing.table.get(key),
            None => self.table.get(key),
        }
    }

    /// Stores the facts of `key` in the table the search uses now.
    fn table_put(&mut self, key: Key, facts: Facts, work: u64) {
        let Some(sharing) = &self.sharing else {
            self.table.put(key, facts, work);
            return;
        };
        if sharing.table.put(key, facts, work) == Put::Filled {
            self.fills += 1;
            // Counted in batches, so the threads seldom write one counter.
            if self.fills == FILLS_TOLD {
                sharing.table.add_filled(self.fills, self.thread);
                self.fills = 0;
            }
        }
    }

    /// Appends what each move leaves of a connected piece.
    fn options(&self, piece: Cells<B>, out: &mut Vec<Cells<B>>) {
        match (self.rule, piece) {
            (Rule::Cram, Cells::Grid(r)) => {
                for (pairs, step) in [(r.horizontal_pairs(), 1), (r.vertical_pairs(), r.w as u32)] {
                    let mut rest = pairs;
                    while rest != B::ZERO {
                        let i = rest.trailing_zeros();
                        rest = rest & (rest - B::ONE);
                        let taken = (B::ONE << i) | (B::ONE << (i + step));
                        out.push(Cells::Grid(Region::new(r.h, r.w, r.bits & !taken)));
                    }
                }
            }
            (Rule::NodeKayles, Cells::Grid(r)) => {
                let mut rest = r.bits;
                while rest != B::ZERO {
                    let cell = lowest(rest);
                    rest = rest & (rest - B::ONE);
                    out.push(Cells::Grid(Region::new(r.h, r.w, r.bits & !r.grow(cell))));
                }
            }
            // Only Node Kayles is played on graphs (Cram needs a grid).
            (_, Cells::Graph(bits)) => {
                let mut rest = bits;
                while rest != B::ZERO {
                    let v = rest.trailing_zeros() as usize;
                    rest = rest & (rest - B::ONE);
                    out.push(Cells::Graph(
                        bits & !B::from_wide(self.adjacent[v]) & !(B::ONE << v as u32),
                    ));
                }
            }
        }
    }

    /// Takes the scratch buffers of one depth (given back by `give`), so
    /// no allocation happens once the search has been that deep.
    fn take(&mut self, depth: usize) -> Scratch<B> {
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Scratch::default);
        }
        let mut s = std::mem::take(&mut self.scratch[depth]);
        s.options.clear();
        s.pieces.clear();
        s.open.clear();
        s.ends.clear();
        s.later.clear();
        s
    }

    fn give(&mut self, depth: usize, s: Scratch<B>) {
        self.scratch[depth] = s;
    }

    /// The value of a connected piece.
    fn piece_value(&mut self, piece: Cells<B>, depth: usize, limits: &Limits) -> Result<u8> {
        if let Some(v) = self.facts(piece).value {
            return Ok(v);
        }
        match self.strategy {
            Strategy::Mex => self.mex_value(piece, depth, limits),
            Strategy::Bounds => {
                // "Is it 0?", then "is it 1?", ...: the first questions are
                // outcome searches, which stop at the first winning move.
                // A value found on the way (even another) is exact.
                let mut k = 0u8;
                loop {
                    if depth == 0 {
                        self.root.asking = Some(k);
                    }
                    if let Some(v) = self.value_in(piece, ValueSet::single(k), depth, limits)? {
                        return Ok(v);
                    }
                    k += 1;
                }
            }
        }
    }

    /// The plain search: the mex of the values of every option.
    fn mex_value(&mut self, piece: Cells<B>, depth: usize, limits: &Limits) -> Result<u8> {
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
        self.table_put(key_of(piece).1, Facts::value(value), self.nodes - before);
        Ok(value)
    }

    /// The value of a connected piece if it lies in `wanted`: `Some` with
    /// the value, or `None` when the value is not in `wanted`. A value
    /// found outside `wanted` is returned too, as `Some`: it is exact.
    ///
    /// This is the search of P. Beling and M. Rogalski, "On pruning search
    /// trees of impartial games", Artificial Intelligence 283 (2020): the
    /// options are asked in turn whether their values lie in the set of
    /// values the piece may still have, and the search stops as soon as
    /// none of those is wanted, instead of computing every option's value.
    ///
    /// Why it is right: with `m` options the value is at most `m`, so the
    /// values the piece may have start as `maybe = 0..=m`. Each option
    /// takes one value out of `maybe`: its own when it has one in `maybe`,
    /// otherwise the greatest. An option is asked only about `maybe`
    /// without its greatest value (and nothing above the greatest wanted
    /// value), so one that answers "none of those" may have the greatest,
    /// which goes. Values taken out as "the greatest" are greater than
    /// every value still in `maybe`, and the others are values of options,
    /// so every value below the least of `maybe` is an option's value. When
    /// every option has answered, one value `e` is left; no option has it
    /// (an option with value `e` would have taken it out, and one that
    /// answered "none of those" was asked about `e` whenever `e` is at most
    /// the greatest wanted value), so `e` is the mex, the value; when `e`
    /// is above every wanted value, the value is not wanted. And once
    /// `maybe` holds no wanted value the answer is "not wanted" at once,
    /// since the value never leaves `maybe`.
    fn value_in(
        &mut self,
        piece: Cells<B>,
        wanted: ValueSet,
        depth: usize,
        limits: &Limits,
    ) -> Result<Option<u8>> {
        let mut facts = self.facts(piece);
        if let Some(v) = facts.value {
            return Ok(Some(v));
        }
        if self.rule == Rule::Cram
            && let Cells::Grid(r) = piece
            && r.centre_domino_wins()
        {
            facts.not |= 1;
        }
        let wanted = wanted.and_not(ValueSet::from_low(facts.not));
        if wanted.is_empty() {
            return Ok(None);
        }
        let before = self.nodes;
        self.tick(limits)?;
        let mark = match &self.sharing {
            Some(sharing) if cell_count(piece) >= self.busy_from => {
                sharing.busy.enter(key_of(piece).1, self.thread)
            }
            _ => None,
        };
        let mut scratch = self.take(depth);
        let found = self.scan_options(piece, wanted, &mut scratch, depth, limits);
        self.give(depth, scratch);
        if let (Some(mark), Some(sharing)) = (mark, &self.sharing) {
            sharing.busy.leave(mark);
        }
        let found = found?;
        match found {
            Some(v) => facts = Facts::value(v),
            None => facts.not |= wanted.low(),
        }
        self.table_put(key_of(piece).1, facts, self.nodes - before);
        Ok(found)
    }

    /// The options of `piece`, asked as [`Engine::value_in`] explains:
    /// first those whose pieces the table already values (no search), then
    /// the others, the cheapest first (small pieces, and moves that split
    /// the piece, as Beling and Rogalski order them).
    fn scan_options(
        &mut self,
        piece: Cells<B>,
        wanted: ValueSet,
        s: &mut Scratch<B>,
        depth: usize,
        limits: &Limits,
    ) -> Result<Option<u8>> {
        self.options(piece, &mut s.options);
        let top = wanted.max().expect("wanted is not empty");
        // Fewer than 256 options: a piece has at most 128 cells.
        let mut maybe = ValueSet::up_to(s.options.len() as u8);
        // Whether every option has told its value.
        let exact = true;
        // The options go in batches: a batch's pieces first, their table
        // entries fetched as they come, so the lookups find them in the
        // cache. Batches stay small because most scans stop early, and the
        // options after the stop are never split.
        let piece_bits = key_of(piece).0;
        for i in 0..s.options.len() {
            if i % PREFETCH_BATCH == 0 {
                let batch = i..s.options.len().min(i + PREFETCH_BATCH);
                for j in batch {
                    let start = s.pieces.len();
                    let removed = piece_bits & !key_of(s.options[j]).0;
                    self.split_simplified(s.options[j], removed, &mut s.pieces);
                    self.prefetch(&s.pieces[start..]);
                    s.ends.push(s.pieces.len());
                }
            }
            // Settled pieces leave a gap at the end of their option's
            // range, so later ranges keep their places.
            let start = if i == 0 { 0 } else { s.ends[i - 1] };
            let (known, kept) = self.settle(&mut s.pieces[start..s.ends[i]]);
            let end = start + kept;
            if start == end {
                take_out(&mut maybe, known);
                if maybe.and(wanted).is_empty() {
                    return Ok(None);
                }
            } else {
                let cost = s.pieces[start..end]
                    .iter()
                    .map(|&p| cell_count(p).pow(2))
                    .sum();
                // The outcome question (`top` 0), most scans, rules nothing
                // out: no second table read for it.
                let likely_top = kept == 1
                    && top > 0
                    && rules_out_below(self.facts(s.pieces[start]).not, known, top);
                s.open.push(Open {
                    index: i as u32,
                    cost,
                    centre: off_centre(piece, s.options[i]),
                    likely_top,
                    start,
                    end,
                    known,
                });
            }
        }
        s.open
            .sort_unstable_by_key(|o| (!o.likely_top, o.cost, o.centre));
        if depth == 0 {
            self.root.options = s.options.len();
            self.root.answered = s.options.len() - s.open.len();
        }
        let mut scan = Scan {
            wanted,
            maybe,
            exact,
        };
        let open = if depth < SPLIT_LEVELS && self.sharing.is_some() {
            self.ask_shared(piece, &mut scan, s, depth, limits)?
        } else {
            self.ask_in_turn(&mut scan, s, depth, limits)?
        };
        if !open {
            return Ok(None);
        }
        let last = scan.maybe.min().expect("one value is left");
        Ok((scan.exact || last <= top).then_some(last))
    }

    /// Asks the open option `o` (its pieces in `pieces`) about the values
    /// `scan` may still have, as [`Engine::value_in`] explains, and takes
    /// one out; returns `false`, asking nothing, when no wanted value is
    /// left, so the answer is "not wanted".
    fn ask_open(
        &mut self,
        o: Open,
        pieces: &mut [Cells<B>],
        scan: &mut Scan,
        depth: usize,
        limits: &Limits,
    ) -> Result<bool> {
        if scan.maybe.and(scan.wanted).is_empty() {
            return Ok(false);
        }
        let top = scan.wanted.max().expect("wanted is not empty");
        let ask = scan.maybe.without_max().and(ValueSet::up_to(top));
        let answer = if ask.is_empty() {
            None
        } else {
            let range = &mut pieces[o.start..o.end];
            self.sum_value_in(range, o.known, ask, depth + 1, limits)?
        };
        match answer {
            Some(v) => take_out(&mut scan.maybe, v),
            None => {
                scan.maybe = scan.maybe.without_max();
                scan.exact = false;
            }
        }
        if depth == 0 {
            self.root.answered += 1;
        }
        Ok(true)
    }

    /// Asks the open options of `s.open` in turn, as [`Engine::value_in`]
    /// explains, until no wanted value is left; returns as
    /// [`Engine::ask_open`]. In a shared search an option with a piece the
    /// other thread is searching now is put off to the end (see [`Busy`]),
    /// when the table has its answer more often than not.
    fn ask_in_turn(
        &mut self,
        scan: &mut Scan,
        s: &mut Scratch<B>,
        depth: usize,
        limits: &Limits,
    ) -> Result<bool> {
        for i in 0..s.open.len() {
            let o = s.open[i];
            if self.busy_elsewhere(&s.pieces[o.start..o.end]) {
                s.later.push(i);
            } else if !self.ask_open(o, &mut s.pieces, scan, depth, limits)? {
                return Ok(false);
            }
        }
        for j in 0..s.later.len() {
            let o = s.open[s.later[j]];
            if !self.ask_open(o, &mut s.pieces, scan, depth, limits)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether the other thread of a shared search is searching one of
    /// `pieces` now.
    fn busy_elsewhere(&self, pieces: &[Cells<B>]) -> bool {
        let Some(sharing) = &self.sharing else {
            return false;
        };
        pieces.iter().any(|&p| {
            cell_count(p) >= self.busy_from && sharing.busy.by_other(key_of(p).1, self.thread)
        })
    }

    /// Asks every open option of `s.open` as [`Engine::scan_options`]
    /// does, shared out with the other thread, which searches the same
    /// position: an option is claimed before it is asked, one the other
    /// thread is asking is left for later, and one it has answered is
    /// asked as soon as it has (the table then answers at once). Every
    /// option is still asked by this thread, only in another order, and
    /// the reasoning of [`Engine::value_in`] holds in any order; the claims
    /// only say who searches first. Returns as [`Engine::ask_open`].
    fn ask_shared(
        &mut self,
        piece: Cells<B>,
        scan: &mut Scan,
        s: &mut Scratch<B>,
        depth: usize,
        limits: &Limits,
    ) -> Result<bool> {
        let sharing = Arc::clone(self.sharing.as_ref().expect("the search is shared"));
        let (parent, wanted) = (
            key_of(piece).1,
            scan.wanted.max().expect("wanted is not empty"),
        );
        let claim = |o: &Open, options: &[Cells<B>]| -> Claim {
            (parent, wanted, key_of(options[o.index as usize]).1)
        };
        let mut later: Vec<usize> = Vec::new();
        let mut next = 0;
        loop {
            let answered = later
                .iter()
                .position(|&i| sharing.is_done(claim(&s.open[i], &s.options)));
            let i = if let Some(at) = answered {
                later.remove(at)
            } else if next < s.open.len() {
                next += 1;
                if !sharing.claim(claim(&s.open[next - 1], &s.options), self.thread) {
                    later.push(next - 1);
                    continue;
                }
                next - 1
            } else if !later.is_empty() {
                // Only options the other thread is still asking are left:
                // this thread asks them too, and below they are shared out
                // again.
                later.remove(0)
            } else {
                return Ok(true);
            };
            let o = s.open[i];
            if !self.ask_open(o, &mut s.pieces, scan, depth, limits)? {
                return Ok(false);
            }
            sharing.done(claim(&o, &s.options));
        }
    }

    /// The exact value of a connected piece.
    fn exact_value(&mut self, piece: Cells<B>, depth: usize, limits: &Limits) -> Result<u8> {
        // Every value is wanted, so the answer is a value.
        Ok(self
            .value_in(piece, ValueSet::ALL, depth, limits)?
            .expect("a value is found when every value is wanted"))
    }

    /// The value of the sum of `pieces` and a game of value `known`, if it
    /// lies in `wanted` (`Some` also for an exact value outside it). All
    /// pieces but the largest are valued; the largest is then asked whether
    /// its value is one that makes the sum wanted.
    fn sum_value_in(
        &mut self,
        pieces: &mut [Cells<B>],
        known: u8,
        wanted: ValueSet,
        depth: usize,
        limits: &Limits,
    ) -> Result<Option<u8>> {
        let last = pieces.len() - 1;
        let largest = (0..pieces.len())
            .max_by_key(|&i| cell_count(pieces[i]))
            .expect("an open option has a piece");
        pieces.swap(largest, last);
        let mut x = known;
        for &piece in &pieces[..last] {
            x ^= self.exact_value(piece, depth, limits)?;
        }
        Ok(self
            .value_in(pieces[last], wanted.xor_each(x), depth, limits)?
            .map(|v| v ^ x))
    }

    /// Appends to `out` the pieces of `cells` whose values are not known
    /// without a search, and returns the nim-sum of the values of the
    /// others. Two equal pieces cancel (their values are equal, so their
    /// nim-sum is 0), so neither is appended.
    fn split_known(&self, cells: Cells<B>, out: &mut Vec<Cells<B>>) -> u8 {
        let start = out.len();
        self.split_simplified(cells, B::ZERO, out);
        let (known, kept) = self.settle(&mut out[start..]);
        out.truncate(start + kept);
        known
    }

    /// Appends the pieces of `cells` to `out` as [`Engine::split`] does,
    /// after Cram's simplifications (see [`Engine::split_cram`]).
    /// `removed` names cells whose return would make `cells` connected
    /// (the cells a move took from a piece), or is 0.
    fn split_simplified(&self, cells: Cells<B>, removed: B, out: &mut Vec<Cells<B>>) {
        match (self.rule, cells) {
            (Rule::Cram, Cells::Grid(r)) => {
                let joined = if removed == B::ZERO {
                    Joined::Unknown
                } else {
                    Joined::Less(removed)
                };
                self.split_cram(r, joined, out)
            }
            _ => self.split(cells, out),
        }
    }

    /// Asks the table to fetch the entries of the pieces `pieces` that
    /// [`Engine::facts`] will look up (see [`Table::prefetch`]).
    fn prefetch(&self, pieces: &[Cells<B>]) {
        for &piece in pieces {
            if cell_count(piece) > 3 && !matches!(piece, Cells::Grid(r) if is_small_box(&r)) {
                match &self.sharing {
                    Some(sharing) => sharing.table.prefetch(key_of(piece).1),
                    None => self.table.prefetch(key_of(piece).1),
                }
            }
        }
    }

    /// Of the pieces `pieces`, moves those whose values are not known
    /// without a search to the front, two equal ones cancelling (see
    /// [`Engine::split_known`]); returns the nim-sum of the others' values
    /// and how many were kept.
    fn settle(&self, pieces: &mut [Cells<B>]) -> (u8, usize) {
        let mut known = 0u8;
        let mut kept = 0;
        for i in 0..pieces.len() {
            match self.facts(pieces[i]).value {
                Some(v) => known ^= v,
                None => {
                    pieces[kept] = pieces[i];
                    kept += 1;
                }
            }
        }
        if kept >= 2 {
            let open = &mut pieces[..kept];
            open.sort_unstable();
            let mut w = 0;
            let mut i = 0;
            while i < kept {
                if i + 1 < kept && open[i] == open[i + 1] {
                    i += 2;
                } else {
                    open[w] = open[i];
                    w += 1;
                    i += 1;
                }
            }
            kept = w;
        }
        (known, kept)
    }

    /// Counts a searched position; now and then looks at the stop flag and
    /// the deadline, and reports progress about once a second.
    fn tick(&mut self, limits: &Limits) -> Result<()> {
        self.nodes += 1;
        // The first position looks too, so a stop already asked for is seen.
        if self.nodes % CHECK_EVERY == 1 {
            limits.check_stop()?;
            if let Some(sharing) = &self.sharing {
                // Between table calls: buckets the table grew out of may go.
                sharing.table.quiet(self.thread);
                if self.thread == 1 {
                    sharing.helper_nodes.store(self.nodes, Ordering::Relaxed);
                }
                // The other thread has the answer: this one's is not needed.
                if sharing.finished.load(Ordering::Relaxed) {
                    return Err(ErrorKind::Interrupted.into());
                }
            }
            if limits.run.progress.is_some() && self.last_report.elapsed() >= Duration::from_secs(1)
            {
                self.report(limits);
            }
        }
        Ok(())
    }

    /// Reports the positions searched, the table's fill and the root's
    /// question on the progress line, if there is one.
    fn report(&mut self, limits: &Limits) {
        let Some(report) = &limits.run.progress else {
            return;
        };
        self.last_report = Instant::now();
        let (size, nodes) = match &self.sharing {
            Some(sharing) => (
                TableSize {
                    entries: sharing.table.len(),
                    bytes: sharing.table.bytes(),
                    replaced: sharing.table.replaced(),
                },
                // Both threads' positions, as the count after the
                // search has them.
                self.nodes + sharing.helper_nodes.load(Ordering::Relaxed),
            ),
            None => (TableSize::of(&self.table), self.nodes),
        };
        report(&Progress {
            done: nodes,
            target: 0,
            detail: format!(
                "{} positions searched, {} in the table ({} MiB, {} replaced), {:.0?}{}",
                nodes,
                size.entries,
                size.bytes >> 20,
                size.replaced,
                self.started.elapsed(),
                self.root.describe()
            ),
        });
    }
}

impl<B: SharedBits> Engine<B> {
    /// [`Engine::value`], on two threads when `limits` allows two, the
    /// strategy is the bounds search and the position has at least
    /// `two_threads_from` cells (see [`TWO_THREADS_FROM`]), in either
    /// word of cells. Both threads search the whole position with the
    /// table shared (see [`SharedTable`]), sharing out the
    /// options of the first levels (see [`Engine::ask_shared`]); the first
    /// to finish answers and the other stops. Each runs the one-thread
    /// search with a table that holds only true facts, so either answer is
    /// the one-thread answer.
    fn value_on_threads(&mut self, cells: Cells<B>, limits: &Limits) -> Result<Nimber> {
        let value = self.value_on_threads_quietly(cells, limits);
        // A search long enough to have shown progress shows its last
        // count too, so a record of the run has the whole count.
        if self.started.elapsed() >= Duration::from_secs(1) {
            self.report(limits);
        }
        value
    }

    /// [`Engine::value_on_threads`] without its last progress line.
    fn value_on_threads_quietly(&mut self, cells: Cells<B>, limits: &Limits) -> Result<Nimber> {
        if limits.run.threads < 2
            || self.strategy != Strategy::Bounds
            || cell_count(cells) < self.two_threads_from
        {
            return self.value(cells, limits);
        }
        self.begin(limits);
        self.table.grow_to(SHARED_FIRST_SLOTS);
        let table = std::mem::replace(&mut self.table, Table::new(0));
        let sharing = Arc::new(Sharing {
            table: SharedTable::new(table),
            claims: Mutex::default(),
            busy: Busy::new(BUSY_BITS),
            finished: AtomicBool::new(false),
            helper_nodes: AtomicU64::new(0),
        });
        let mut helper = Engine::<B>::on_graph(self.rule, Arc::clone(&self.adjacent));
        helper.sharing = Some(Arc::clone(&sharing));
        helper.thread = 1;
        helper.busy_from = self.busy_from;
        self.sharing = Some(Arc::clone(&sharing));
        // Progress is reported by this thread alone.
        let mut quiet = limits.clone();
        quiet.run.progress = None;
        let (mine, theirs) = std::thread::scope(|scope| {
            let other = scope.spawn(|| {
                let value = helper.value(cells, &quiet);
                sharing.finished.store(true, Ordering::Relaxed);
                value
            });
            let mine = self.value(cells, limits);
            sharing.finished.store(true, Ordering::Relaxed);
            (mine, other.join())
        });
        let theirs = theirs.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        self.sharing = None;
        self.nodes += helper.nodes;
        drop(helper);
        let sharing = Arc::into_inner(sharing).expect("both threads are done");
        self.table = sharing.table.into_table();
        match (mine, theirs) {
            (Ok(value), _) | (Err(_), Ok(value)) => Ok(value),
            (Err(e), Err(_)) => Err(e),
        }
    }
}

/// The bytes a board search's table may take of `max_memory`: all but
/// [`SEARCH_RESERVE`], or half if that is more. At the default 4 GB, half
/// made a table of 1 GiB (a power of two of slots within two thirds of
/// the budget), and Cram 6×7 took 293 s with it against 270 s with 2 GiB.
/// A table read from a file takes as much: the file is read a chunk at a
/// time (see [`saved`]).
fn table_budget(max_memory: u64) -> u64 {
    // A small limit keeps half for the rest.
    max_memory
        .saturating_sub(SEARCH_RESERVE)
        .max(max_memory / 2)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The table takes all of `--max-memory` but the reserve, or half of
    /// a small one; at the default 4 GB and at 8 GB that makes tables of
    /// 2 and 4 GiB of `u64` slots.
    #[test]
    fn the_table_budget_leaves_room_for_the_rest() {
        let gb = 1_000_000_000;
        assert_eq!(table_budget(4 * gb), 4 * gb - SEARCH_RESERVE);
        assert_eq!(table_budget(100_000_000), 50_000_000);
        assert_eq!(table_budget(0), 0);
        for (limit, gib) in [(4 * gb, 2), (8 * gb, 4)] {
            let table = Table::<u64>::new(table_budget(limit));
            assert_eq!(table.most_bytes(), gib << 30, "{limit}");
        }
    }

    /// An option is put first only when the table rules out, for its
    /// value summed with `known`, every value below the one asked.
    #[test]
    fn options_ruled_out_below_the_value_asked_go_first() {
        // The piece is not 0 and not 1: summed with 0 it is not 0 or 1.
        assert!(rules_out_below(0b11, 0, 2));
        assert!(!rules_out_below(0b11, 0, 3));
        // Summed with 1, the values below 2 are the piece's 1 and 0.
        assert!(rules_out_below(0b11, 1, 2));
        // Summed with 2, they are the piece's 2 and 3, not ruled out.
        assert!(!rules_out_below(0b11, 2, 2));
        assert!(rules_out_below(0b1100, 2, 2));
        // The outcome question rules nothing out in advance.
        assert!(!rules_out_below(u64::MAX, 0, 0));
        // Values of 64 and more are never ruled out by the table.
        assert!(!rules_out_below(u64::MAX, 64, 1));
    }

    /// The last progress line of a search counts every position searched,
    /// both threads' when two search.
    #[test]
    fn the_last_progress_line_has_the_whole_count() {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let told = Arc::clone(&lines);
        let mut limits = Limits::default().with_threads(2);
        limits.run.progress = Some(Arc::new(move |p: &Progress| {
            told.lock().unwrap().push(p.done);
        }));
        let mut engine = Engine::<u64>::on_graph(Rule::Cram, Arc::new(Vec::new()));
        engine.two_threads_from = 4;
        let board = Cells::Grid(Region::new(4, 5, (1u64 << 20) - 1));
        engine.value_on_threads(board, &limits).unwrap();
        engine.report(&limits);
        assert_eq!(lines.lock().unwrap().last(), Some(&engine.nodes));
        assert!(engine.nodes > 1);
    }

    /// The search gives the same values on `u64` cells as on `u128` cells,
    /// with both strategies, on random boards of up to 20 cells, and a
    /// search that moves between the words keeps a table that agrees.
    #[test]
    fn both_words_give_the_same_values() {
        let limits = Limits::default();
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for rule in [Rule::Cram, Rule::NodeKayles] {
            let mut moving = Search::new(rule);
            for h in 1..=4u8 {
                for w in h..=5u8 {
                    for _ in 0..6 {
                        crate::board::xorshift(&mut x);
                        let n = h as u32 * w as u32;
                        let free = (x | x >> 23) & low_bits::<u64>(n);
                        let narrow = Cells::Grid(Region::new(h, w, free));
                        let wide = Cells::Grid(Region::new(h, w, free as u128));
                        let mut values = Vec::new();
                        for strategy in [Strategy::Bounds, Strategy::Mex] {
                            let mut e64 = Engine::<u64>::on_graph(rule, Arc::new(Vec::new()));
                            let mut e128 = Engine::<u128>::on_graph(rule, Arc::new(Vec::new()));
                            e64.strategy = strategy;
                            e128.strategy = strategy;
                            values.push(e64.value(narrow, &limits).unwrap());
                            values.push(e128.value(wide, &limits).unwrap());
                        }
                        // The facade, its table moved to the wide word and
                        // back in between (the board fits a `u64`).
                        values.push(moving.value(wide, &limits).unwrap());
                        moving.turn(false);
                        values.push(moving.value(wide, &limits).unwrap());
                        assert!(
                            values.iter().all(|&v| v == values[0]),
                            "{rule:?} {h}x{w} {free:b}: {values:?}"
                        );
                    }
                }
            }
        }
    }

    /// Splitting an option knowing the cells the move took (which skips
    /// the search for pieces when the rest is sure to be one piece) gives
    /// the pieces that splitting it knowing nothing gives, in the same
    /// order, on every move of random connected pieces of up to 30 cells.
    #[test]
    fn splitting_an_option_with_its_move_agrees_with_the_plain_split() {
        let engine = Engine::<u64>::on_graph(Rule::Cram, Arc::new(Vec::new()));
        let mut x = 0x5851_F42D_4C95_7F2Du64;
        let mut compared = 0;
        for h in 2..=5u8 {
            for w in h..=6u8 {
                for _ in 0..100 {
                    crate::board::xorshift(&mut x);
                    let n = h as u32 * w as u32;
                    let free = Region::new(h, w, (x | x.rotate_left(19)) & low_bits::<u64>(n));
                    if free.is_empty() {
                        continue;
                    }
                    let piece = Region::new(h, w, free.piece_of(lowest(free.bits)));
                    let mut options = Vec::new();
                    engine.options(Cells::Grid(piece), &mut options);
                    for option in options {
                        let Cells::Grid(after) = option else {
                            unreachable!("Cram options are grid regions")
                        };
                        let removed = piece.bits & !after.bits;
                        let (mut fast, mut plain) = (Vec::new(), Vec::new());
                        engine.split_cram(after, Joined::Less(removed), &mut fast);
                        engine.split_cram(after, Joined::Unknown, &mut plain);
                        assert_eq!(fast, plain, "{piece:?} less {removed:b}");
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 10_000, "{compared}");
    }

    /// A search whose positions of any size are searched on two threads
    /// (when `limits` allows two).
    fn on_two_threads(rule: Rule) -> Search {
        let mut search = Search::new(rule);
        either!(&mut search.engine, e => {
            e.two_threads_from = 0;
            e.busy_from = 4;
        });
        search
    }

    /// The two-thread search gives the values of the one-thread search and
    /// of the plain search, on random positions of up to 20 cells (one
    /// search, its table kept from position to position, and a new one for
    /// each) and on boards whose Cram values are published.
    #[test]
    fn two_threads_give_the_one_thread_values() {
        let two = Limits::default().with_threads(2);
        let one = Limits::default().with_threads(1);
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for rule in [Rule::Cram, Rule::NodeKayles] {
            let mut kept = on_two_threads(rule);
            for h in 1..=4u8 {
                for w in h..=5u8 {
                    for _ in 0..8 {
                        crate::board::xorshift(&mut x);
                        let n = h as u32 * w as u32;
                        let free = (x | x >> 29) & low_bits::<u128>(n) as u64;
                        let cells = Cells::Grid(Region::new(h, w, free as u128));
                        let plain = Search::new(rule).with_strategy(Strategy::Mex);
                        let want = plain.value_once(cells, &one);
                        let single = Search::new(rule).value_once(cells, &one);
                        let fresh = on_two_threads(rule).value_once(cells, &two);
                        let shared = kept.value(cells, &two).unwrap();
                        assert_eq!(single, want, "{rule:?} {h}x{w} {free:b}");
                        assert_eq!(fresh, want, "{rule:?} {h}x{w} {free:b}");
                        assert_eq!(shared, want, "{rule:?} {h}x{w} {free:b}");
                    }
                }
            }
        }
        for (h, w, want) in [(4, 5, 2), (4, 6, 0), (4, 7, 3), (5, 6, 2)] {
            let cells = Cells::Grid(Region::new(h, w, low_bits::<u128>(h as u32 * w as u32)));
            let value = on_two_threads(Rule::Cram).value_once(cells, &two);
            let transposed = Cells::Grid(Region::new(w, h, low_bits::<u128>(h as u32 * w as u32)));
            assert_eq!(value, Nimber(want), "{h}x{w}");
            assert_eq!(
                on_two_threads(Rule::Cram).value_once(transposed, &two),
                Nimber(want)
            );
        }
    }

    /// A stop asked for before a two-thread search starts ends it with an
    /// error, as on one thread, and the search can be asked again.
    #[test]
    fn a_stopped_two_thread_search_stops() {
        let stop = Arc::new(AtomicBool::new(true));
        let stopped = Limits::default().with_threads(2).with_stop(Some(stop));
        let cells = Cells::Grid(Region::new(4, 5, low_bits::<u128>(20)));
        let mut search = on_two_threads(Rule::Cram);
        assert!(search.value(cells, &stopped).is_err());
        let limits = Limits::default().with_threads(2);
        assert_eq!(search.value(cells, &limits).unwrap(), Nimber(2));
    }

    impl Search {
        /// The value of `cells`, which must be found.
        fn value_once(mut self, cells: Cells, limits: &Limits) -> Nimber {
            self.value(cells, limits).unwrap()
        }
    }

    /// Boards of more than 64 cells run on `u128` cells: the same shape in
    /// a 3 × 22 box (66 cells) and in a 3 × 21 box (63 cells) has the same
    /// value, and the plain search and two threads (sharing a table of
    /// `u128` cells) agree.
    #[test]
    fn a_board_over_64_cells_runs_wide_and_agrees() {
        let limits = Limits::default();
        let two = Limits::default().with_threads(2);
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for rule in [Rule::Cram, Rule::NodeKayles] {
            for _ in 0..8 {
                crate::board::xorshift(&mut x);
                // About 20 free cells among the first 21 columns.
                let (mut narrow, mut wide) = (0u128, 0u128);
                for cell in 0..63 {
                    if x.rotate_left(cell) & 3 == 0 || (x >> (cell % 64)) & 5 == 5 {
                        let (r, c) = (cell / 21, cell % 21);
                        narrow |= 1 << (r * 21 + c);
                        wide |= 1 << (r * 22 + c);
                    }
                }
                let mut search = Search::new(rule);
                let in_22 = search
                    .value(Cells::Grid(Region::new(3, 22, wide)), &limits)
                    .unwrap();
                assert!(matches!(search.engine, Width::Wide(_)));
                let in_21 =
                    Search::new(rule).value(Cells::Grid(Region::new(3, 21, narrow)), &limits);
                let plain = Search::new(rule)
                    .with_strategy(Strategy::Mex)
                    .value(Cells::Grid(Region::new(3, 22, wide)), &limits);
                let mut shared = on_two_threads(rule);
                let on_two = shared.value(Cells::Grid(Region::new(3, 22, wide)), &two);
                assert!(matches!(shared.engine, Width::Wide(_)));
                assert_eq!(in_22, in_21.unwrap(), "{rule:?} {wide:b}");
                assert_eq!(in_22, plain.unwrap(), "{rule:?} {wide:b}");
                assert_eq!(in_22, on_two.unwrap(), "{rule:?} {wide:b}");
            }
        }
    }

    /// A saved table that holds pieces of a board over 64 cells keeps them
    /// through a later query on a small board and its save.
    #[test]
    fn a_saved_wide_table_survives_a_small_query() {
        let limits = Limits::default();
        let path = std::env::temp_dir().join(format!(
            "grundy-wide-table-{}-{:?}.table",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_file(&path);
        // Node Kayles on 3 x 22 less a corner: its canonical form has cells
        // past bit 63, and no mirror strategy values it at once.
        let big = Cells::Grid(Region::new(3, 22, low_bits::<u128>(66) & !1));
        let small = Cells::Grid(Region::new(3, 5, low_bits::<u128>(15) & !1));
        let mut first = Search::new(Rule::NodeKayles);
        first.open_table(&path, &limits).unwrap();
        let value = first.value(big, &limits).unwrap();
        first.save_table().unwrap();
        let saved = first.table_size().entries;
        assert!(saved > 0);

        let mut second = Search::new(Rule::NodeKayles);
        second.open_table(&path, &limits).unwrap();
        assert!(matches!(second.engine, Width::Wide(_)));
        second.value(small, &limits).unwrap();
        assert!(matches!(second.engine, Width::Wide(_)));
        second.save_table().unwrap();

        let mut third = Search::new(Rule::NodeKayles);
        third.open_table(&path, &limits).unwrap();
        // Reloading re-files every entry, and a full bucket replaces one,
        // so a few may go; the wide ones were kept by the second save.
        assert!(
            third.table_size().entries >= saved / 4 * 3,
            "{:?} {saved}",
            third.table_size()
        );
        assert_eq!(third.value(big, &limits).unwrap(), value);
        let Width::Wide(e) = &third.engine else {
            panic!("a table of a wide board stays wide");
        };
        assert_eq!(e.nodes, 0, "the saved table answers at once");
        let _ = std::fs::remove_file(&path);
    }
}
