//! A script in the expression language: the family `script[FILE]`.
//!
//! With `position(n)` the script is a one-heap family (each argument a heap,
//! `table` works); otherwise the arguments together are one position and a
//! term without arguments, `script[FILE]()`, is the script's `start()`. How
//! positions are written as arguments is in [`super::written`].

use std::sync::{Arc, Mutex, MutexGuard};

use super::game::ScriptGame;
use super::source::{Function, Script};
use super::value::Value;
use super::written::{self, Layout, Written};
use crate::error::{Error, ErrorKind, Result};
use crate::family::{Arg, Family, Shape};
use crate::limits::Limits;
use crate::nimber::Nimber;
use crate::solve::{Config, Solver};

/// A scripted game family, solved by search with one transposition table
/// kept for the family's lifetime.
pub struct ScriptFamily {
    head: String,
    shape: Shape,
    state: Mutex<State>,
}

struct State {
    game: ScriptGame,
    solver: Solver<ScriptGame>,
    /// `start()`, once computed.
    start: Option<Value>,
}

impl ScriptFamily {
    /// The family of the script in `file` (read and compiled now),
    /// refusing a file larger than `max_bytes`.
    pub fn open(file: &str, max_bytes: u64) -> Result<ScriptFamily> {
        Ok(ScriptFamily::new(Arc::new(Script::open(file, max_bytes)?)))
    }

    /// The family of the script `text`, named `file`.
    pub fn from_text(file: &str, text: String) -> Result<ScriptFamily> {
        Ok(ScriptFamily::new(Arc::new(Script::compile(file, text)?)))
    }

    /// The family of a compiled script.
    pub fn new(script: Arc<Script>) -> ScriptFamily {
        let shape = if script.defines(Function::Position) {
            Shape::Heaps
        } else {
            Shape::Whole
        };
        let game = ScriptGame::new(script);
        ScriptFamily {
            head: format!("script[{}]", game.script().file()),
            shape,
            state: Mutex::new(State {
                // Every use sets the caller's limits first (see `solver` / `with`).
                solver: Solver::new(game.clone(), Config::default()),
                game,
                start: None,
            }),
        }
    }

    /// Runs `work` with the engine and solver set to `limits`. On any
    /// failure the transposition table is dropped (values found after a
    /// script error are meaningless), and the script's own error, which
    /// caused the rest, is the one reported.
    fn with<T>(&self, limits: &Limits, work: impl FnOnce(&mut State) -> Result<T>) -> Result<T> {
        let mut state = self.lock();
        state.game.script().configure(limits);
        state.solver.set_config(limits.solver_config());
        let result = work(&mut state);
        let failure = state.game.check();
        match (result, failure) {
            (Ok(v), Ok(())) => Ok(v),
            (result, failure) => {
                state.solver = Solver::new(state.game.clone(), limits.solver_config());
                let e = failure.err().or(result.err()).expect("one of them failed");
                Err(self.explain(&state, e))
            }
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // The state is rebuilt after every failure, so a poisoned lock is
        // still consistent.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A cycle among script positions is the script's doing: say so in its
    /// words.
    fn explain(&self, state: &State, e: Error) -> Error {
        match e.kind() {
            ErrorKind::Cycle { vertex } => state.game.script().error(format!(
                "the moves lead back to position {vertex}, so play could go on for ever; grundy needs every play to end"
            )),
            _ => e,
        }
    }
}

impl State {
    fn script(&self) -> &Script {
        self.game.script()
    }

    fn start(&mut self) -> Result<Value> {
        if let Some(v) = &self.start {
            return Ok(v.clone());
        }
        if !self.script().defines(Function::Start) {
            return Err(self.script().error(
                "the script defines no `start()`, so a term needs a position in parentheses".into(),
            ));
        }
        let v = self.script().call_for_value(Function::Start, Vec::new())?;
        self.start = Some(v.clone());
        Ok(v)
    }

    /// The layout of whole positions: that of `start()`.
    fn layout(&mut self) -> Result<Layout> {
        self.start().map(|s| Layout::of(&s))
    }

    /// Heap `n` of a one-heap script.
    fn heap(&self, n: u64) -> Result<Value> {
        let n = i64::try_from(n)
            .map_err(|_| Error::invalid(format!("heap {n} is larger than a script integer")))?;
        self.script()
            .call_for_value(Function::Position, vec![rhai::Dynamic::from_int(n)])
    }

    /// The position one component's arguments describe.
    fn decode(&mut self, shape: Shape, component: &[Arg]) -> Result<Value> {
        match shape {
            Shape::Heaps => match component {
                [arg] => match written::element_value(arg).map_err(Error::invalid)? {
                    Written::Number(n) => self.heap(n),
                    Written::Value(v) => Ok(v),
                },
                _ => Err(Error::invalid(
                    "a one-heap script takes one argument per heap",
                )),
            },
            Shape::Whole if component.is_empty() => self.start(),
            Shape::Whole => {
                let layout = self.layout()?;
                written::whole_value(component, layout).map_err(Error::invalid)
            }
        }
    }

    /// The arguments that write an option of a component.
    fn encode(&mut self, shape: Shape, option: &Value) -> Result<Vec<Arg>> {
        match shape {
            Shape::Heaps => {
                // A move leaves the parts `components` gives (none, one or
                // several heaps), each written as one argument.
                let parts = match self.game.parts(option)? {
                    Some(parts) => parts,
                    None => vec![option.clone()],
                };
                parts.iter().map(|part| self.heap_arg(part)).collect()
            }
            Shape::Whole => {
                let layout = self.layout()?;
                Ok(written::whole_args(option, layout))
            }
        }
    }

    /// A heap written as a plain number only where `position(n)` gives that
    /// very number, so the number reads back as the same heap.
    fn heap_arg(&self, part: &Value) -> Result<Arg> {
        let number = match part {
            Value::Int(i) if *i >= 0 => self.heap(*i as u64)? == *part,
            _ => false,
        };
        Ok(written::element_arg(part, number))
    }
}

impl Family for ScriptFamily {
    fn head(&self) -> String {
        self.head.clone()
    }

    fn shape(&self) -> Shape {
        self.shape
    }

    fn check(&self, component: &[Arg], limits: &Limits) -> Result<()> {
        self.with(limits, |state| {
            state.decode(self.shape, component).map(|_| ())
        })
    }

    fn value(&self, component: &[Arg], limits: &Limits) -> Result<Nimber> {
        self.with(limits, |state| {
            let p = state.decode(self.shape, component)?;
            state.solver.value(&p)
        })
    }

    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()> {
        self.with(limits, |state| {
            let p = state.decode(self.shape, component)?;
            let options = state.game.options(&p)?;
            limits.check_moves(options.len() as u64)?;
            for option in &options {
                out.push(state.encode(self.shape, option)?);
            }
            Ok(())
        })
    }

    fn default_args(&self, limits: &Limits) -> Option<Vec<Arg>> {
        match self.shape {
            // The empty list stands for `start()`, so a failing `start()`
            // is reported when the position is first used.
            Shape::Whole => Some(Vec::new()),
            // Heaps must be written out; a failing `start()` here can only
            // mean "no default" (the trait has no error to return).
            Shape::Heaps => self
                .with(limits, |state| {
                    let start = state.start()?;
                    state.encode(Shape::Heaps, &start)
                })
                .ok(),
        }
    }

    fn draw(&self, component: &[Arg]) -> Option<String> {
        let mut state = self.lock();
        if !state.script().defines(Function::Show) {
            return None;
        }
        let shown = state
            .decode(self.shape, component)
            .and_then(|p| state.script().call(Function::Show, vec![p.to_dynamic()]));
        Some(match shown {
            Ok(picture) => picture.to_string(),
            Err(e) => format!("(show failed: {e})"),
        })
    }
}
