//! Family names: from a parsed term to a [`Family`].
//!
//! Each built-in family is one row of [`FAMILIES`]: its name, its syntax,
//! a line of description, and a function that builds it from the term's
//! parameter. New families add a row.

use std::sync::Arc;

use super::ast::{self, Bracket};
use crate::board::{BoardFamily, ChompFamily};
use crate::coins::{CoinFamily, Corners, MockTurtles, Ruler, Turtles};
use crate::error::{Error, Result};
use crate::family::Family;
use crate::family::searched::Searched;
use crate::games::ed::EdFamily;
use crate::games::{grid::Grid, staircase::Staircase, takeall::TakeAll, wythoff::Wythoff};
use crate::graph::GraphFamily;
use crate::hackenbush::{BAMBOO, HackenbushFamily};
use crate::heap::HeapFamily;
use crate::heap::lasker::Lasker;
use crate::heap::nim::NimFamily;
use crate::heap::octal::{self, Code};
use crate::heap::split::{Parts, Split};
use crate::heap::subtraction::{self, AllBut, Subtraction, SubtractionSet};
use crate::limits::Limits;
use crate::loopy::LoopyFamily;
use crate::script::ScriptFamily;
use crate::seq::TakeBreakFamily;

/// What a builder sees: the term, the whole input (for error columns) and
/// the query's limits (which also say where named files come from).
pub struct Spec<'a> {
    /// The parsed term.
    pub term: &'a ast::Term,
    /// The whole expression text.
    pub input: &'a str,
    /// The limits of the query.
    pub limits: &'a Limits,
}

impl Spec<'_> {
    /// An error at a column of the input.
    pub fn error(&self, column: usize, message: impl Into<String>) -> Error {
        Error::parse(self.input, column, message)
    }

    /// Refuses a parameter on a family that takes none.
    pub fn no_param(&self) -> Result<()> {
        match &self.term.param {
            None => Ok(()),
            Some(p) => Err(self.error(
                p.column.saturating_sub(1),
                format!("`{}` takes no parameter", self.term.name),
            )),
        }
    }

    /// The parameter in the given brackets, required.
    pub fn param(&self, bracket: Bracket, example: &str) -> Result<&ast::Param> {
        match &self.term.param {
            Some(p) if p.bracket == bracket => Ok(p),
            Some(p) => Err(self.error(
                p.column.saturating_sub(1),
                format!("wrong brackets: write {example}"),
            )),
            None => Err(self.error(
                self.term.column + self.term.name.chars().count(),
                format!("`{}` needs a parameter: write {example}", self.term.name),
            )),
        }
    }
}

impl Spec<'_> {
    /// The file named in the term's square brackets (`graph[g.txt]`) and
    /// its text, read as the limits allow (from disk, or only from the
    /// texts a server was sent).
    fn file(&self, example: &str, what: &str) -> Result<(&str, String)> {
        let p = self.param(Bracket::Square, example)?;
        let path = p.text.trim();
        if path.is_empty() {
            return Err(self.error(p.column, format!("expected {what}")));
        }
        Ok((path, self.limits.read_file(path)?))
    }
}

/// Builds a family from its term.
pub type Build = fn(&Spec) -> Result<Arc<dyn Family>>;

/// One built-in family.
pub struct Entry {
    /// The name used in expressions.
    pub name: &'static str,
    /// How to write it.
    pub syntax: &'static str,
    /// What it is.
    pub about: &'static str,
    /// Its builder.
    pub build: Build,
}

/// Every built-in family, in the order `grundy families` lists them.
pub static FAMILIES: &[Entry] = &[
    Entry {
        name: "nim",
        syntax: "nim(3,5,7)",
        about: "Nim heaps: take any number from one heap; G(n) = n",
        build: |s| {
            s.no_param()?;
            Ok(Arc::new(NimFamily::NIM))
        },
    },
    Entry {
        name: "sub",
        syntax: "sub{1,3,4}(n)  sub{1..3}(n)  sub{fib|squares|pow2}(n)",
        about: "subtraction game: remove s tokens, s in the set",
        build: |s| {
            let p = s.param(Bracket::Brace, "sub{1,3,4}")?;
            let set = SubtractionSet::parse(&p.text, s.input, p.column)?;
            let head = format!("sub{{{set}}}");
            Ok(Arc::new(HeapFamily::new(Subtraction::new(set), head)))
        },
    },
    Entry {
        name: "bash",
        syntax: "bash{3}(n)",
        about: "the Bash game: remove 1 to k tokens (same as sub{1..k})",
        build: |s| {
            let p = s.param(Bracket::Brace, "bash{3}")?;
            let k = match p.text.trim().parse::<u64>() {
                Ok(k) if (1..=subtraction::MAX_SET_SIZE).contains(&k) => k,
                _ => {
                    return Err(s.error(p.column, "expected the largest amount k >= 1, as bash{3}"));
                }
            };
            let set = SubtractionSet::Finite((1..=k).collect());
            let head = format!("sub{{{set}}}");
            Ok(Arc::new(HeapFamily::new(Subtraction::new(set), head)))
        },
    },
    Entry {
        name: "allbut",
        syntax: "allbut{2,3,7}(n)",
        about: "all-but subtraction game: remove any number except those listed",
        build: |s| {
            let p = s.param(Bracket::Brace, "allbut{2,3,7}")?;
            if p.text.trim().is_empty() {
                return Err(s.error(p.column, "empty set: allbut{} is Nim, write nim(n)"));
            }
            let game = AllBut::new(subtraction::parse_numbers(
                &p.text, s.input, p.column, "excluded",
            )?);
            let head = format!("allbut{{{}}}", subtraction::write_numbers(game.excluded()));
            Ok(Arc::new(HeapFamily::new(game, head)))
        },
    },
    Entry {
        name: "wythoff",
        syntax: "wythoff(3,5)",
        about: "Wythoff's game: take from one heap, or the same from both",
        build: |s| {
            s.no_param()?;
            Ok(Arc::new(Searched::new(Wythoff)))
        },
    },
    Entry {
        name: "grid",
        syntax: "grid(x,y)",
        about: "a token on a grid moves any distance left or down; G = x xor y",
        build: |s| {
            s.no_param()?;
            Ok(Arc::new(Searched::new(Grid)))
        },
    },
    Entry {
        name: "staircase",
        syntax: "staircase(a1,a2,...)",
        about: "Staircase Nim: move tokens from step i to step i-1, or off step 1",
        build: |s| {
            s.no_param()?;
            Ok(Arc::new(Searched::new(Staircase)))
        },
    },
    Entry {
        name: "takeall",
        syntax: "takeall(1,2,3,4,5)",
        about: "choose k; every heap with at least k tokens loses k (solved by search)",
        build: |s| {
            s.no_param()?;
            Ok(Arc::new(Searched::new(TakeAll)))
        },
    },
    Entry {
        name: "graph",
        syntax: "graph[FILE](v,...)",
        about: "tokens on the vertices of a game graph read from FILE (edge list or JSON)",
        build: |s| {
            let (path, text) = s.file("graph[game.txt]", "a file name")?;
            Ok(Arc::new(GraphFamily::from_text(path, &text)?))
        },
    },
    Entry {
        name: "octal",
        syntax: "octal[0.07](n)  or  0.07(n)",
        about: "take-and-break game given by an octal code (4!.0: unequal splits)",
        build: |s| code_family(s, false),
    },
    Entry {
        name: "hex",
        syntax: "hex[0.F](n)",
        about: "take-and-break game given by a hexadecimal code (digit 8: leave three heaps)",
        build: |s| code_family(s, true),
    },
    Entry {
        name: "kayles",
        syntax: "kayles(n)",
        about: "Kayles (0.77): knock down one pin or two adjacent pins",
        build: |s| named_code(s, "kayles"),
    },
    Entry {
        name: "dawson",
        syntax: "dawson(n)",
        about: "Dawson's Kayles (0.07): knock down two adjacent pins",
        build: |s| named_code(s, "dawson"),
    },
    Entry {
        name: "dawson-chess",
        syntax: "dawson-chess(n)",
        about: "Dawson's chess (0.137)",
        build: |s| named_code(s, "dawson-chess"),
    },
    Entry {
        name: "double-kayles",
        syntax: "double-kayles(n)",
        about: "Double Kayles (0.7777): knock down one to four adjacent pins",
        build: |s| named_code(s, "double-kayles"),
    },
    Entry {
        name: "grundy-game",
        syntax: "grundy-game(n)",
        about: "Grundy's game (4!.0): split a heap into two unequal heaps",
        build: |s| named_code(s, "grundy-game"),
    },
    Entry {
        name: "turtles",
        syntax: "turtles(THTTH)",
        about: "Turning Turtles: turn 1 or 2 coins, the rightmost H to T; a head at x (from 1) is *x",
        build: |s| {
            s.no_param()?;
            Ok(Arc::new(CoinFamily::new(Turtles)))
        },
    },
    Entry {
        name: "mock",
        syntax: "mock(THTTH)",
        about: "Mock Turtles: turn 1 to 3 coins, the rightmost H to T; a head at x is the x-th odious number",
        build: |s| {
            s.no_param()?;
            Ok(Arc::new(CoinFamily::new(MockTurtles)))
        },
    },
    Entry {
        name: "ruler",
        syntax: "ruler(THTTH)",
        about: "Ruler: turn a run of adjacent coins, the rightmost H to T; a head at x is the largest 2^k dividing x",
        build: |s| {
            s.no_param()?;
            Ok(Arc::new(CoinFamily::new(Ruler)))
        },
    },
    Entry {
        name: "corners",
        syntax: "corners(TTT,THT,TTH)",
        about: "Turning Corners: turn a rectangle's corners, the far one H to T; a head at (x,y) is x*y (nim-product)",
        build: |s| {
            s.no_param()?;
            Ok(Arc::new(CoinFamily::new(Corners)))
        },
    },
    Entry {
        name: "bamboo",
        syntax: "bamboo(3,4,5)",
        about: "Green Hackenbush bamboo stalks: cut an edge, what falls is gone; a stalk of n edges is *n",
        build: |s| {
            s.no_param()?;
            Ok(Arc::new(BAMBOO))
        },
    },
    Entry {
        name: "hackenbush",
        syntax: "hackenbush[FILE](e,...)",
        about: "Green Hackenbush on a picture from FILE (edges and a ground); the listed edges stand",
        build: |s| {
            let (path, text) = s.file("hackenbush[tree.txt]", "a file name")?;
            Ok(Arc::new(HackenbushFamily::from_text(path, &text)?))
        },
    },
    Entry {
        name: "script",
        syntax: "script[FILE]()  script[FILE](n,...)",
        about: "a game scripted in Rhai: moves(s), and start() or position(n) (docs/SCRIPTS.md)",
        build: |s| {
            let (path, text) = s.file("script[game.rhai]", "a script file name")?;
            Ok(Arc::new(ScriptFamily::from_text(path, text)?))
        },
    },
    Entry {
        name: "lasker",
        syntax: "lasker(n,...)",
        about: "Lasker's Nim: take any number from a heap, or split it into two non-empty heaps",
        build: |s| {
            s.no_param()?;
            Ok(Arc::new(HeapFamily::new(Lasker, "lasker")))
        },
    },
    Entry {
        name: "split",
        syntax: "split(n)  split{3}(n)  split{2,3}(n)",
        about: "split a heap into two (or three, or two or three) non-empty heaps",
        build: |s| {
            let game = match &s.term.param {
                None => Split::new(Parts::Two),
                Some(_) => {
                    let p = s.param(Bracket::Brace, "split{2,3}")?;
                    Split::parse(&p.text, s.input, p.column)?
                }
            };
            Ok(Arc::new(HeapFamily::new(game, game.to_string())))
        },
    },
    Entry {
        name: "ed",
        syntax: "ed(a,b)",
        about: "E&D: remove one of two heaps, split the other into two non-empty heaps",
        build: |s| {
            s.no_param()?;
            Ok(Arc::new(EdFamily))
        },
    },
    Entry {
        name: "loopy",
        syntax: "loopy[FILE](v,...)",
        about: "tokens on a game graph that may have cycles: generalised values, win/lose/draw",
        build: |s| {
            let (path, text) = s.file("loopy[game.txt]", "a file name")?;
            Ok(Arc::new(LoopyFamily::from_text(path, &text)?))
        },
    },
    Entry {
        name: "cram",
        syntax: "cram(RxC)  cram[FILE]",
        about: "Cram: place a domino on two adjacent free cells (board file: . free, # blocked)",
        build: |s| {
            board_family(
                s,
                BoardFamily::cram,
                "cram[board.txt]",
                BoardFamily::cram_from_text,
            )
        },
    },
    Entry {
        name: "nodekayles",
        syntax: "nodekayles(grid,RxC)  nodekayles(path,n)  nodekayles(cycle,n)  nodekayles[FILE]",
        about: "Node Kayles: take a vertex; it and its neighbours are removed (graph file as graph[FILE])",
        build: |s| {
            board_family(
                s,
                BoardFamily::node_kayles,
                "nodekayles[graph.txt]",
                BoardFamily::node_kayles_from_text,
            )
        },
    },
    Entry {
        name: "chomp",
        syntax: "chomp(RxC)  chomp(l1,l2,...)",
        about: "Chomp: bite a cell and all below and right of it; the poisoned corner is never bitten",
        build: |s| {
            s.no_param()?;
            Ok(Arc::new(ChompFamily::new()))
        },
    },
];

/// A board game's family: its built-in shapes when the term has no square
/// brackets (`cram(5x8)`), otherwise the board or graph of the file named
/// in them (`cram[room.txt]`), read within the query's limits.
fn board_family(
    s: &Spec,
    shapes: fn() -> BoardFamily,
    example: &str,
    from_file: fn(&str, &str) -> Result<BoardFamily>,
) -> Result<Arc<dyn Family>> {
    if s.term.param.is_none() {
        return Ok(Arc::new(shapes()));
    }
    let (path, text) = s.file(example, "a file name")?;
    Ok(Arc::new(from_file(path, &text)?))
}

/// `octal[CODE]`, `hex[CODE]`, or a bare code such as `0.07`.
fn code_family(s: &Spec, hex: bool) -> Result<Arc<dyn Family>> {
    let kind = if hex { "hex" } else { "octal" };
    let (text, column) = if s
        .term
        .name
        .starts_with(|c: char| c.is_ascii_digit() || c == '.')
    {
        s.no_param()?;
        (s.term.name.as_str(), s.term.column)
    } else {
        let p = s.param(Bracket::Square, &format!("{kind}[0.77]"))?;
        (p.text.as_str(), p.column)
    };
    let code = Code::parse(text, s.input, column, hex)?;
    let head = format!("{kind}[{code}]");
    Ok(Arc::new(TakeBreakFamily::new(code, head)))
}

/// One of the named take-and-break games.
fn named_code(s: &Spec, name: &str) -> Result<Arc<dyn Family>> {
    s.no_param()?;
    let &(_, code, _) = octal::NAMED
        .iter()
        .find(|(n, _, _)| *n == name)
        .expect("a named code");
    let code = Code::parse(code, code, 1, false).expect("built-in codes parse");
    Ok(Arc::new(TakeBreakFamily::new(code, name)))
}

/// Resolves a family name and parameter (the term's arguments are ignored);
/// files it names are read as `limits` allow.
pub fn family(term: &ast::Term, input: &str, limits: &Limits) -> Result<Arc<dyn Family>> {
    let spec = Spec {
        term,
        input,
        limits,
    };
    if term
        .name
        .starts_with(|c: char| c.is_ascii_digit() || c == '.')
    {
        return code_family(&spec, false);
    }
    match FAMILIES.iter().find(|e| e.name == term.name) {
        Some(entry) => (entry.build)(&spec),
        None => Err(Error::parse(
            input,
            term.column,
            format!(
                "unknown game `{}`; known games: {}",
                term.name,
                FAMILIES
                    .iter()
                    .map(|e| e.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )),
    }
}
