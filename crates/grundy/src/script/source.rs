//! A loaded script: its compiled functions, the engine that runs them, and
//! the translation of everything that can go wrong into `file:line:
//! message` errors.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use rhai::{AST, CallFnOptions, Dynamic, Engine, EvalAltResult, Scope};

use super::ScriptLimits;
use super::value::Value;
use crate::error::{Error, ErrorKind, LimitKind, Result};
use crate::limits::{Deadline, Limits};

/// The functions a script may define, with their parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    /// `start()`: the position of a term written without arguments.
    Start,
    /// `position(n)`: heap `n` of a one-heap family.
    Position,
    /// `moves(s)`: the positions reachable from `s` in one move.
    Moves,
    /// `components(s)`: the parts of `s` when it is a sum.
    Components,
    /// `show(s)`: a picture of `s` for people.
    Show,
}

impl Function {
    const ALL: [Function; 5] = [
        Function::Start,
        Function::Position,
        Function::Moves,
        Function::Components,
        Function::Show,
    ];

    /// The function's name in the script.
    pub fn name(self) -> &'static str {
        match self {
            Function::Start => "start",
            Function::Position => "position",
            Function::Moves => "moves",
            Function::Components => "components",
            Function::Show => "show",
        }
    }

    fn params(self) -> usize {
        match self {
            Function::Start => 0,
            _ => 1,
        }
    }
}

/// The engine with the limits it was last configured for.
struct Configured {
    engine: Engine,
    limits: ScriptLimits,
    stop: Option<Arc<AtomicBool>>,
    deadline: Option<Deadline>,
}

/// A compiled script and the engine that runs it.
pub struct Script {
    file: String,
    text: String,
    ast: AST,
    defined: [bool; 5],
    engine: RwLock<Configured>,
}

impl Script {
    /// Reads and compiles the script in `file`, and checks that it defines
    /// `moves(s)` and one of `start()` or `position(n)`, each with the
    /// right number of parameters. A file larger than `max_bytes`
    /// (`--max-file-size`) is refused before it is read.
    pub fn open(file: &str, max_bytes: u64) -> Result<Script> {
        let text = crate::limits::read_text_file(file, max_bytes)?;
        Script::compile(file, text)
    }

    /// Compiles script `text`, naming it `file` in messages.
    pub fn compile(file: &str, text: String) -> Result<Script> {
        let limits = ScriptLimits::default();
        let engine = new_engine(&limits, None, None);
        let ast = engine.compile(&text).map_err(|e| {
            let line = e.position().line();
            script_error(file, line, format!("syntax error: {}", e.err_type()))
        })?;
        let mut script = Script {
            file: file.to_string(),
            text,
            ast,
            defined: [false; 5],
            engine: RwLock::new(Configured {
                engine,
                limits,
                stop: None,
                deadline: None,
            }),
        };
        for f in script.ast.iter_functions() {
            let Some(i) = Function::ALL.iter().position(|g| g.name() == f.name) else {
                continue;
            };
            let wanted = Function::ALL[i];
            if f.params.len() != wanted.params() {
                return Err(script.error_at_definition(
                    wanted,
                    format!(
                        "`{}` must take {} parameter{}, not {}",
                        f.name,
                        wanted.params(),
                        if wanted.params() == 1 { "" } else { "s" },
                        f.params.len()
                    ),
                ));
            }
            script.defined[i] = true;
        }
        if !script.defines(Function::Moves) {
            return Err(script_error(
                file,
                None,
                "the script must define `fn moves(s)`, returning the positions reachable from s"
                    .into(),
            ));
        }
        if !script.defines(Function::Start) && !script.defines(Function::Position) {
            return Err(script_error(
                file,
                None,
                "the script must define `fn start()` (the position to analyse) or `fn position(n)` (heap n of a one-heap family)".into(),
            ));
        }
        Ok(script)
    }

    /// The file name, as given.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// Whether the script defines `function` (with the right parameters).
    pub fn defines(&self, function: Function) -> bool {
        self.defined[function as usize]
    }

    /// Sets the engine's limits (operations, call depth, sizes) and stop
    /// flag to those of `limits`, if they differ.
    pub fn configure(&self, limits: &Limits) {
        let same = |c: &Configured| {
            c.limits == limits.bounds.script
                && match (&c.stop, &limits.run.stop) {
                    (None, None) => true,
                    (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                    _ => false,
                }
                && c.deadline == limits.bounds.deadline
        };
        if same(&self.read()) {
            return;
        }
        let mut c = self.engine.write().unwrap_or_else(|e| e.into_inner());
        *c = Configured {
            engine: new_engine(
                &limits.bounds.script,
                limits.run.stop.clone(),
                limits.bounds.deadline,
            ),
            limits: limits.bounds.script.clone(),
            stop: limits.run.stop.clone(),
            deadline: limits.bounds.deadline,
        };
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Configured> {
        self.engine.read().unwrap_or_else(|e| e.into_inner())
    }

    /// Calls `function` with `args` and returns what it returned.
    pub fn call(&self, function: Function, args: Vec<Dynamic>) -> Result<Dynamic> {
        let c = self.read();
        // The script's top-level statements run before each call, so that
        // functions can read its constants as `global::NAME`.
        let options = CallFnOptions::new().eval_ast(true).rewind_scope(true);
        let outer = CALL_STARTED.replace(Some(Instant::now()));
        let result = c.engine.call_fn_with_options::<Dynamic>(
            options,
            &mut Scope::new(),
            &self.ast,
            function.name(),
            args,
        );
        CALL_STARTED.set(outer);
        result.map_err(|e| self.runtime_error(function, *e, &c.limits))
    }

    /// Calls `function` on one position and converts a returned position.
    pub fn call_for_value(&self, function: Function, args: Vec<Dynamic>) -> Result<Value> {
        let returned = self.call(function, args)?;
        Value::from_dynamic(returned).map_err(|what| {
            self.error_at_definition(
                function,
                format!(
                    "`{}` returned {what}, which cannot be a position; {POSITION_TYPES}",
                    function.name()
                ),
            )
        })
    }

    /// Calls `function` (which must return an array of positions) on `p`.
    pub fn call_for_list(&self, function: Function, p: &Value) -> Result<Vec<Value>> {
        let returned = self.call(function, vec![p.to_dynamic()])?;
        self.positions_returned(function, p, returned)
    }

    /// Converts what `function` returned for `p`, which must be an array of
    /// positions.
    pub fn positions_returned(
        &self,
        function: Function,
        p: &Value,
        returned: Dynamic,
    ) -> Result<Vec<Value>> {
        if !returned.is_array() {
            return Err(self.error_at_definition(
                function,
                format!(
                    "`{}` must return an array of positions, but returned {} ({}) for {p}",
                    function.name(),
                    returned.type_name(),
                    returned
                ),
            ));
        }
        let items = returned.into_array().expect("checked: an array");
        items
            .into_iter()
            .map(Value::from_dynamic)
            .collect::<std::result::Result<Vec<_>, _>>()
            .map_err(|what| {
                self.error_at_definition(
                    function,
                    format!("`{}` returned {what} in its list for {p}, which cannot be a position; {POSITION_TYPES}", function.name()),
                )
            })
    }

    /// An error about `function` located at the line that defines it.
    pub fn error_at_definition(&self, function: Function, message: String) -> Error {
        script_error(
            &self.file,
            definition_line(&self.text, function.name()),
            message,
        )
    }

    /// An error about the script as a whole (no line).
    pub fn error(&self, message: String) -> Error {
        script_error(&self.file, None, message)
    }

    /// Turns a Rhai error raised while running `function` into a message
    /// with a line: limits name their flag, nested calls name the chain.
    fn runtime_error(
        &self,
        function: Function,
        err: EvalAltResult,
        limits: &ScriptLimits,
    ) -> Error {
        // The functions the error passed through, outermost first.
        let mut chain = vec![function.name().to_string()];
        let mut err = err;
        let mut line = err.position().line();
        // Errors inside called functions arrive wrapped, each wrapper at
        // the call site; the innermost error is the one to report.
        while let EvalAltResult::ErrorInFunctionCall(name, _, inner, _) = err {
            chain.push(name);
            err = *inner;
            line = err.position().line().or(line);
        }
        let innermost = chain.last().expect("the chain starts with `function`");
        let within = if chain.len() > 1 {
            let callers: Vec<String> = chain[..chain.len() - 1]
                .iter()
                .rev()
                .map(|f| format!("{f}()"))
                .collect();
            format!("in {innermost}() (called from {})", callers.join(" <- "))
        } else {
            format!("in {innermost}()")
        };
        let message = match err {
            EvalAltResult::ErrorTooManyOperations(_) => format!(
                "{within}: more than {} operations in one call (an endless loop?); raise the limit with --script-ops",
                limits.max_operations
            ),
            EvalAltResult::ErrorStackOverflow(_) => format!(
                "{within}: calls nested more than {} deep (endless recursion?); raise the limit with --script-depth",
                limits.max_call_levels
            ),
            EvalAltResult::ErrorDataTooLarge(ref what, _) => format!(
                "{within}: {} exceeds the limit of {} (an array, string or map grown without end?); raise the limit with --script-size",
                what.to_lowercase(),
                limits.max_size
            ),
            // The deadline ends a call with its number of seconds (see
            // `new_engine`); the stop flag with `()`.
            EvalAltResult::ErrorTerminated(token, _) if token.is_string() => format!(
                "{within}: more than {} operations in one call, counting each microsecond as one (an operation that copies a large or deeply nested array is slow); raise the limit with --script-ops",
                limits.max_operations
            ),
            EvalAltResult::ErrorTerminated(token, _) => {
                return match token.as_int() {
                    Ok(seconds) => Error::limit(LimitKind::Time, seconds.max(0) as u64),
                    Err(_) => ErrorKind::Interrupted.into(),
                };
            }
            mut other => {
                other.set_position(rhai::Position::NONE);
                format!("{within}: {other}")
            }
        };
        // An endless loop reports no position of its own: name the line of
        // the function it ran in, so there is always a line to look at.
        let line = line.or_else(|| definition_line(&self.text, innermost));
        script_error(&self.file, line, message)
    }
}

/// What may be a position, for messages.
const POSITION_TYPES: &str =
    "positions are integers, strings, characters, booleans, () or arrays of these";

fn script_error(file: &str, line: Option<usize>, message: String) -> Error {
    ErrorKind::Script {
        file: file.to_string(),
        line,
        message,
    }
    .into()
}

thread_local! {
    /// When the script call running on this thread began, for the time
    /// its operations may take (see `new_engine`).
    static CALL_STARTED: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// A Rhai engine with grundy's limits. Scripts cannot print (the library
/// prints nothing): `print` and `debug` are silenced.
fn new_engine(
    limits: &ScriptLimits,
    stop: Option<Arc<AtomicBool>>,
    deadline: Option<Deadline>,
) -> Engine {
    let mut engine = Engine::new();
    engine
        .set_max_operations(limits.max_operations)
        .set_max_call_levels(limits.max_call_levels.min(super::MAX_CALL_LEVELS))
        .set_max_string_size(limits.max_size)
        .set_max_array_size(limits.max_size)
        .set_max_map_size(limits.max_size)
        // Fixed, so debug and release builds parse the same scripts.
        .set_max_expr_depths(64, 32)
        .on_print(|_| {})
        .on_debug(|_, _, _| {});
    // A Ctrl-C or the time limit during a long script call ends it like
    // any other work. Checked every 256 operations: one operation may copy
    // a large array, so they can be slow. For the same reason an operation
    // counts against `--script-ops` as a microsecond at least: Rhai counts
    // `a = [a]` as one operation, but each copies and measures the whole
    // nested array, so a loop of 10^5 of them runs for minutes within a
    // million operations.
    let budget = Duration::from_micros(limits.max_operations);
    let timed = limits.max_operations > 0;
    engine.on_progress(move |ops| {
        if ops % 256 != 0 {
            return None;
        }
        if stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Some(Dynamic::UNIT);
        }
        if let Some(Err(e)) = deadline.map(|d| d.check()) {
            let seconds = match e.kind() {
                ErrorKind::Limit { limit, .. } => *limit,
                _ => 0,
            };
            return Some(Dynamic::from(i64::try_from(seconds).unwrap_or(i64::MAX)));
        }
        let slow = CALL_STARTED.get().is_some_and(|t| t.elapsed() > budget);
        (timed && slow).then(|| Dynamic::from("operations took too long"))
    });
    engine
}

/// The 1-based line of `fn name(` in the script text, ignoring `//`
/// comments; `None` if not found.
fn definition_line(text: &str, name: &str) -> Option<usize> {
    let defines = |line: &str| {
        let code = line.split("//").next().unwrap_or("");
        code.match_indices("fn").any(|(i, _)| {
            let before_ok = code[..i]
                .chars()
                .next_back()
                .is_none_or(char::is_whitespace);
            let rest = &code[i + 2..];
            before_ok
                && rest.starts_with(char::is_whitespace)
                && rest
                    .trim_start()
                    .strip_prefix(name)
                    .is_some_and(|after| after.trim_start().starts_with('('))
        })
    };
    text.lines().position(defines).map(|i| i + 1)
}
