//! Games written in Python, solved by the library's solvers.
//!
//! A position here is a sum of parts, each either a Python game object or
//! one component of a built-in family (a heap of `sub{1,3,4}`, a whole
//! `wythoff(3,5)`). [`MixGame`] is the [`Game`] over such sums: its
//! `components` splits a sum into its parts, so under normal play the
//! solver values each part on its own and combines them by nim-sum (the
//! Sprague–Grundy theorem), with one memo shared by every part; a
//! built-in part answers its value from its family (tables, periods,
//! formulas) through `closed_form`, and only its moves are listed when a
//! search needs them. Misère play and the every-move rule go through the
//! same [`analyze_game`](grundy::analysis::game::analyze_game) as any
//! other game, so every convention works for Python games too.
//!
//! Python parts are compared by their `key()` (or the object itself, when
//! `key()` returns `None`) together with their class, and hashed by the
//! key's hash, computed once per part.
//!
//! The solver runs on the calling thread with the GIL held, since every
//! expansion calls Python. The [`Game`] interface cannot return an error,
//! so a Python exception (or Ctrl-C, checked every [`SIGNAL_EVERY`] calls
//! of `moves()`) is kept aside and the stop flag set; the search then ends
//! at its next check and the kept exception is raised.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use grundy::analysis::Value;
use grundy::analysis::game::{GameReport, analyze_game as analyze_rules};
use grundy::expr::Shape;
use grundy::expr::position::term_text;
use grundy::expr::{Arg, Family};
use grundy::{Game, Limits, Nimber, Solver};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyType};

use crate::errors::{invalid, to_py};

/// How many calls of Python `moves()` pass between two checks for Ctrl-C.
const SIGNAL_EVERY: u64 = 256;

thread_local! {
    /// An exception raised by a key's `__eq__`, which [`PartialEq`] cannot
    /// return; reported when the search ends.
    static EQ_ERROR: RefCell<Option<PyErr>> = const { RefCell::new(None) };
}

/// A Python game object, with the key it is compared by.
#[derive(Clone)]
pub struct PyPart<'py> {
    obj: Bound<'py, PyAny>,
    key: Bound<'py, PyAny>,
    hash: isize,
    class: usize,
}

impl PartialEq for PyPart<'_> {
    fn eq(&self, other: &Self) -> bool {
        if self.class != other.class || self.hash != other.hash {
            return false;
        }
        if self.key.is(&other.key) {
            return true;
        }
        self.key.eq(&other.key).unwrap_or_else(|e| {
            EQ_ERROR.with(|slot| {
                slot.borrow_mut().get_or_insert(e);
            });
            false
        })
    }
}

impl Eq for PyPart<'_> {}

impl Hash for PyPart<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.class.hash(state);
        self.hash.hash(state);
    }
}

/// One summand: a Python game, or one component of a built-in family (an
/// index into [`MixGame::families`] and the component's arguments).
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Part<'py> {
    /// A game written in Python.
    Py(PyPart<'py>),
    /// A component of a built-in family.
    Expr {
        /// The family's index in [`MixGame::families`].
        family: usize,
        /// The component's arguments.
        args: Vec<Arg>,
    },
}

impl fmt::Debug for Part<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Part::Py(p) => match p.obj.repr() {
                Ok(r) => write!(f, "{r}"),
                Err(_) => f.write_str("<python game>"),
            },
            Part::Expr { family, args } => write!(f, "family {family} {args:?}"),
        }
    }
}

/// A sum of parts; the empty sum is the finished game.
pub type Sum<'py> = Vec<Part<'py>>;

/// The game of sums of Python games and built-in components.
pub struct MixGame<'py> {
    py: Python<'py>,
    families: RefCell<Vec<Arc<dyn Family>>>,
    by_head: RefCell<HashMap<String, usize>>,
    limits: Limits,
    stop: Arc<AtomicBool>,
    error: RefCell<Option<PyErr>>,
    calls: Cell<u64>,
    sum_class: Bound<'py, PyType>,
    position_class: Bound<'py, PyType>,
}

impl<'py> MixGame<'py> {
    /// A game with `limits` (their stop flag replaced by the game's own).
    fn new(py: Python<'py>, mut limits: Limits) -> PyResult<MixGame<'py>> {
        let stop = Arc::new(AtomicBool::new(false));
        limits.run.stop = Some(stop.clone());
        let module = py.import("grundy")?;
        Ok(MixGame {
            py,
            families: RefCell::new(Vec::new()),
            by_head: RefCell::new(HashMap::new()),
            limits,
            stop,
            error: RefCell::new(None),
            calls: Cell::new(0),
            sum_class: module.getattr("Sum")?.cast_into::<PyType>()?,
            position_class: module.getattr("Position")?.cast_into::<PyType>()?,
        })
    }

    /// Keeps the first error and stops the search.
    fn fail(&self, e: PyErr) {
        self.error.borrow_mut().get_or_insert(e);
        self.stop.store(true, Ordering::Relaxed);
    }

    fn failed(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The outcome of a search: the kept Python error if there is one,
    /// otherwise the library's result.
    fn finish<T>(&self, result: grundy::Result<T>) -> PyResult<T> {
        if let Some(e) = self.error.borrow_mut().take() {
            return Err(e);
        }
        if let Some(e) = EQ_ERROR.with(|slot| slot.borrow_mut().take()) {
            return Err(e);
        }
        result.map_err(|e| to_py(self.py, &e))
    }

    /// The index of `family`, added on first sight.
    fn family_index(&self, family: &Arc<dyn Family>) -> usize {
        let head = family.head();
        if let Some(&i) = self.by_head.borrow().get(&head) {
            return i;
        }
        let mut families = self.families.borrow_mut();
        families.push(family.clone());
        self.by_head.borrow_mut().insert(head, families.len() - 1);
        families.len() - 1
    }

    fn family(&self, i: usize) -> Arc<dyn Family> {
        self.families.borrow()[i].clone()
    }

    /// The parts of a position written in the expression language.
    fn parts_of_text(&self, text: &str, out: &mut Sum<'py>) -> PyResult<()> {
        let played = grundy::analysis::parse(text, grundy::expr::Play::Normal, &self.limits)
            .map_err(|e| to_py(self.py, &e))?;
        if let Some(name) = played.play.wrapper() {
            return Err(invalid(format!(
                "`{name}(...)` is a rule for the whole game and cannot be part of a sum with games written in Python; pass play=\"{name}\" instead"
            )));
        }
        let position = played.position;
        for c in position.components() {
            let (family, args) = position.component(&c);
            if family.loopy() {
                return Err(invalid(format!(
                    "`{}` is a game with cycles; such games cannot be summed with games written in Python",
                    family.head()
                )));
            }
            let family = self.family_index(family);
            out.push(Part::Expr {
                family,
                args: args.to_vec(),
            });
        }
        Ok(())
    }

    /// The parts of a Python value: a `grundy.Sum` (its parts), a
    /// `grundy.Position` or a string (an expression), or a game object.
    fn parts_of(&self, obj: &Bound<'py, PyAny>, out: &mut Sum<'py>) -> PyResult<()> {
        if let Ok(text) = obj.cast::<PyString>() {
            return self.parts_of_text(&text.to_cow()?, out);
        }
        if obj.is_instance(&self.sum_class)? {
            for part in obj.getattr("parts")?.try_iter()? {
                self.parts_of(&part?, out)?;
            }
            return Ok(());
        }
        if obj.is_instance(&self.position_class)? {
            let text: String = obj.getattr("text")?.extract()?;
            return self.parts_of_text(&text, out);
        }
        if !obj.hasattr("moves")? {
            return Err(invalid(format!(
                "{} is not a game: a game written in Python needs a moves() method (subclass grundy.Game)",
                obj.repr()?
            )));
        }
        let key = match obj.getattr("key") {
            Ok(key) => key.call0()?,
            Err(_) => self.py.None().into_bound(self.py),
        };
        let key = if key.is_none() { obj.clone() } else { key };
        let hash = key.hash().map_err(|e| {
            invalid(format!(
                "the key of {} cannot be hashed ({e}); key() must return a hashable value such as an int or a tuple",
                obj.repr().map(|r| r.to_string()).unwrap_or_default()
            ))
        })?;
        out.push(Part::Py(PyPart {
            class: obj.get_type().as_ptr() as usize,
            obj: obj.clone(),
            key,
            hash,
        }));
        Ok(())
    }

    /// The options of one Python game.
    fn py_moves(&self, part: &PyPart<'py>, out: &mut Vec<Sum<'py>>) -> PyResult<()> {
        let calls = self.calls.get() + 1;
        self.calls.set(calls);
        if calls % SIGNAL_EVERY == 0 {
            self.py.check_signals()?;
        }
        let moves = part.obj.call_method0("moves")?;
        let start = out.len();
        for m in moves.try_iter()? {
            let mut sum = Vec::new();
            self.parts_of(&m?, &mut sum)?;
            out.push(sum);
        }
        self.limits
            .check_moves((out.len() - start) as u64)
            .map_err(|e| to_py(self.py, &e))
    }

    /// The options of one built-in component.
    fn expr_moves(
        &self,
        family: usize,
        args: &[Arg],
        out: &mut Vec<Sum<'py>>,
    ) -> grundy::Result<()> {
        let f = self.family(family);
        let mut options = Vec::new();
        f.moves(args, &self.limits, &mut options)?;
        for o in options {
            out.push(match f.shape() {
                Shape::Heaps => o
                    .into_iter()
                    .map(|a| Part::Expr {
                        family,
                        args: vec![a],
                    })
                    .collect(),
                Shape::Whole => vec![Part::Expr { family, args: o }],
            });
        }
        Ok(())
    }

    fn part_moves(&self, part: &Part<'py>, out: &mut Vec<Sum<'py>>) {
        let result = match part {
            Part::Py(p) => self.py_moves(p, out),
            Part::Expr { family, args } => self
                .expr_moves(*family, args, out)
                .map_err(|e| to_py(self.py, &e)),
        };
        if let Err(e) = result {
            self.fail(e);
        }
    }

    /// A part as Python sees it: the game object, or the text of a
    /// built-in component.
    fn to_python(&self, part: &Part<'py>) -> Bound<'py, PyAny> {
        match part {
            Part::Py(p) => p.obj.clone(),
            Part::Expr { family, args } => {
                PyString::new(self.py, &term_text(self.family(*family).as_ref(), args)).into_any()
            }
        }
    }

    fn sum_to_python(&self, sum: &Sum<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(self.py, sum.iter().map(|p| self.to_python(p)))
    }
}

impl<'py> Game for MixGame<'py> {
    type Position = Sum<'py>;

    fn moves(&self, p: &Sum<'py>, out: &mut Vec<Sum<'py>>) {
        if self.failed() {
            return;
        }
        if let [part] = p.as_slice() {
            return self.part_moves(part, out);
        }
        for (i, part) in p.iter().enumerate() {
            let mut options = Vec::new();
            self.part_moves(part, &mut options);
            for o in options {
                let mut next = Vec::with_capacity(p.len() + o.len());
                next.extend_from_slice(&p[..i]);
                next.extend(o);
                next.extend_from_slice(&p[i + 1..]);
                out.push(next);
            }
        }
    }

    fn components(&self, p: &Sum<'py>, out: &mut Vec<Sum<'py>>) -> bool {
        if p.len() < 2 {
            return false;
        }
        out.extend(p.iter().map(|part| vec![part.clone()]));
        true
    }

    fn closed_form(&self, p: &Sum<'py>) -> Option<Nimber> {
        let [Part::Expr { family, args }] = p.as_slice() else {
            return None;
        };
        match self.family(*family).value(args, &self.limits) {
            Ok(v) => Some(v),
            Err(e) => {
                self.fail(to_py(self.py, &e));
                None
            }
        }
    }
}

/// A value as the Python half reads it: `(kind, value)` or `None`.
fn value_to_python<'py>(py: Python<'py>, value: &Option<Value>) -> PyResult<Bound<'py, PyAny>> {
    let pair = match value {
        None => return Ok(py.None().into_bound(py)),
        Some(Value::Grundy(g)) => ("grundy", g.0),
        Some(Value::MisereGrundy(g)) => ("misere_grundy", g.0),
        Some(Value::Steps(s)) => ("steps", *s),
        Some(other) => {
            return Err(invalid(format!(
                "internal error: unexpected value {other} for a game written in Python"
            )));
        }
    };
    Ok(pair.into_pyobject(py)?.into_any())
}

fn verdict_name(v: grundy::analysis::Verdict) -> &'static str {
    match v {
        grundy::analysis::Verdict::N => "N",
        grundy::analysis::Verdict::P => "P",
        grundy::analysis::Verdict::D => "D",
    }
}

fn play_name(p: grundy::expr::Play) -> &'static str {
    p.wrapper().unwrap_or("normal")
}

fn report_to_python<'py>(
    game: &MixGame<'py>,
    r: &GameReport<Sum<'py>>,
) -> PyResult<Bound<'py, PyDict>> {
    let py = game.py;
    let d = PyDict::new(py);
    d.set_item("play", play_name(r.play))?;
    d.set_item("value", value_to_python(py, &r.value)?)?;
    d.set_item("verdict", verdict_name(r.verdict))?;
    let moves = PyList::empty(py);
    for m in &r.winning_moves {
        moves.append(game.sum_to_python(m)?)?;
    }
    d.set_item("winning_moves", moves)?;
    d.set_item("winning_moves_complete", r.winning_moves_complete)?;
    // A game of the user's lists its moves: all of them counted when the
    // list is complete.
    let count = r.winning_moves_complete.then_some(r.winning_moves.len());
    d.set_item("winning_move_count", count)?;
    d.set_item("reason", &r.reason)?;
    d.set_item("method", r.method)?;
    d.set_item("method_note", &r.method_note)?;
    Ok(d)
}

/// The game and start position of a list of parts (games, expression
/// texts, `grundy.Position`s and `grundy.Sum`s).
fn start<'py>(
    py: Python<'py>,
    parts: &Bound<'py, PyAny>,
    limits: &Bound<'py, PyDict>,
) -> PyResult<(MixGame<'py>, Sum<'py>)> {
    let game = MixGame::new(py, crate::limits::from_dict(limits)?)?;
    let mut position = Vec::new();
    for part in parts.try_iter()? {
        game.parts_of(&part?, &mut position)?;
    }
    Ok((game, position))
}

/// The report of `analysis::game::analyze_game` for a sum with games
/// written in Python.
#[pyfunction]
#[pyo3(signature = (parts, play, method, limits))]
pub fn analyze_game<'py>(
    py: Python<'py>,
    parts: &Bound<'py, PyAny>,
    play: &str,
    method: &str,
    limits: &Bound<'py, PyDict>,
) -> PyResult<Bound<'py, PyDict>> {
    let (play, method) = (crate::play_of(play)?, crate::method_of(py, method)?);
    let (game, position) = start(py, parts, limits)?;
    let report = analyze_rules(&game, &position, play, method, &game.limits);
    let report = game.finish(report)?;
    let d = report_to_python(&game, &report)?;
    d.set_item("positions_expanded", game.calls.get())?;
    Ok(d)
}

/// Every move of a sum with games written in Python, each with what is
/// known of the position it leads to.
#[pyfunction]
#[pyo3(signature = (parts, play, method, limits))]
pub fn game_moves<'py>(
    py: Python<'py>,
    parts: &Bound<'py, PyAny>,
    play: &str,
    method: &str,
    limits: &Bound<'py, PyDict>,
) -> PyResult<Bound<'py, PyList>> {
    let (play, method) = (crate::play_of(play)?, crate::method_of(py, method)?);
    let (game, position) = start(py, parts, limits)?;
    let mut options = Vec::new();
    game.moves(&position, &mut options);
    game.finish(Ok(()))?;
    let out = PyList::empty(py);
    let mut solver = Solver::new(&game, game.limits.solver_config());
    for option in options {
        let d = PyDict::new(py);
        d.set_item("position", game.sum_to_python(&option)?)?;
        if play == grundy::expr::Play::Normal && method == grundy::analysis::Method::Auto {
            let v = game.finish(solver.value(&option))?;
            d.set_item("value", ("grundy", v.0))?;
            d.set_item("verdict", if v.is_zero() { "P" } else { "N" })?;
        } else {
            let r = analyze_rules(&game, &option, play, method, &game.limits);
            let r = game.finish(r)?;
            d.set_item("value", value_to_python(py, &r.value)?)?;
            d.set_item("verdict", verdict_name(r.verdict))?;
        }
        out.append(d)?;
    }
    Ok(out)
}
