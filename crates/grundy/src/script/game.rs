//! A script as a [`Game`]: positions are [`Value`]s, moves come from the
//! script's `moves(s)`, sums from its optional `components(s)`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use super::source::{Function, Script};
use super::value::Value;
use crate::error::{Error, Result};
use crate::game::Game;

/// The game a script defines.
///
/// [`Game::moves`] cannot fail, but a script can. The first failure is kept
/// and every later call answers "no moves" at once, so a search ends
/// quickly; whoever ran the search must then call [`ScriptGame::check`],
/// because the values it computed after the failure are meaningless.
///
/// ```
/// use grundy::script::{Script, ScriptGame, Value};
/// use grundy::solve::reference;
/// use grundy::Nimber;
///
/// let text = "fn start() { 7 }  fn moves(n) { [1, 2].filter(|k| k <= n).map(|k| n - k) }";
/// let game = ScriptGame::new(Script::compile("bash.rhai", text.into()).unwrap().into());
/// let v = reference::value(&game, &Value::Int(7)).unwrap();
/// game.check().unwrap();
/// assert_eq!(v, Nimber(1)); // 7 mod 3
/// ```
#[derive(Clone)]
pub struct ScriptGame {
    script: Arc<Script>,
    failed: Arc<AtomicBool>,
    failure: Arc<Mutex<Option<Error>>>,
}

impl ScriptGame {
    /// The game of `script`.
    pub fn new(script: Arc<Script>) -> ScriptGame {
        ScriptGame {
            script,
            failed: Arc::new(AtomicBool::new(false)),
            failure: Arc::new(Mutex::new(None)),
        }
    }

    /// The script.
    pub fn script(&self) -> &Arc<Script> {
        &self.script
    }

    /// The first failure of the script since the last check, if any (and
    /// clears it).
    pub fn check(&self) -> Result<()> {
        self.failed.store(false, Ordering::Relaxed);
        match self
            .failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
        {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// The options of `p`, or the script's error.
    pub fn options(&self, p: &Value) -> Result<Vec<Value>> {
        self.script.call_for_list(Function::Moves, p)
    }

    /// The parts of `p` when the script's `components(s)` splits it:
    /// `Some(parts)` when it returns an array (of any length) other than
    /// `[s]`, `None` when it returns anything else or is not defined.
    pub fn parts(&self, p: &Value) -> Result<Option<Vec<Value>>> {
        if !self.script.defines(Function::Components) {
            return Ok(None);
        }
        let returned = self
            .script
            .call(Function::Components, vec![p.to_dynamic()])?;
        if !returned.is_array() {
            return Ok(None);
        }
        let parts = self
            .script
            .positions_returned(Function::Components, p, returned)?;
        Ok(match parts.as_slice() {
            [only] if only == p => None,
            _ => Some(parts),
        })
    }

    fn fail(&self, e: Error) {
        self.failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert(e);
        self.failed.store(true, Ordering::Relaxed);
    }

    fn has_failed(&self) -> bool {
        self.failed.load(Ordering::Relaxed)
    }
}

impl Game for ScriptGame {
    type Position = Value;

    fn position_bytes(&self, p: &Value) -> u64 {
        p.heap_bytes()
    }

    fn moves(&self, p: &Value, out: &mut Vec<Value>) {
        if self.has_failed() {
            return;
        }
        match self.options(p) {
            Ok(options) => out.extend(options),
            Err(e) => self.fail(e),
        }
    }

    fn components(&self, p: &Value, out: &mut Vec<Value>) -> bool {
        if self.has_failed() {
            return false;
        }
        match self.parts(p) {
            Ok(Some(parts)) => {
                out.extend(parts);
                true
            }
            Ok(None) => false,
            Err(e) => {
                self.fail(e);
                false
            }
        }
    }
}
