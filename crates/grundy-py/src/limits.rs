//! Keyword arguments to [`Limits`]: every limit the command line has a
//! flag for, under the flag's name in Python's spelling.

use std::path::PathBuf;

use grundy::Limits;
use grundy::limits::{Deadline, ScriptLimits};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::invalid;

/// The names [`from_dict`] accepts, for the message about one it does not.
const NAMES: &str = "max_positions, max_heap, max_moves, time_limit, checkpoint, compute_all, \
                     engine, threads, max_file_size, max_memory, script_ops, script_depth, script_size";

/// The limits a dict of keyword arguments asks for; `None` values mean
/// "the default", as an absent flag does.
pub fn from_dict(kwargs: &Bound<'_, PyDict>) -> PyResult<Limits> {
    // A face has no progress display of its own here.
    let mut limits = Limits::default().with_progress(None);
    let mut script = ScriptLimits::default();
    for (key, value) in kwargs.iter() {
        let key: String = key.extract()?;
        if value.is_none() {
            continue;
        }
        let positive = |what: &str| -> PyResult<u64> {
            let n: u64 = value.extract().map_err(|_| {
                invalid(format!(
                    "{what} must be a non-negative integer, not {value}"
                ))
            })?;
            Ok(n)
        };
        match key.as_str() {
            "max_positions" => {
                limits.bounds.max_positions = usize::try_from(positive(&key)?).unwrap_or(usize::MAX)
            }
            "max_heap" => limits.bounds.max_heap = positive(&key)?,
            "max_moves" => {
                limits.bounds.max_moves = usize::try_from(positive(&key)?).unwrap_or(usize::MAX)
            }
            "time_limit" => limits.bounds.deadline = Some(Deadline::after_seconds(positive(&key)?)),
            "checkpoint" => {
                let path: PathBuf = value
                    .extract()
                    .map_err(|_| invalid(format!("checkpoint must be a path, not {value}")))?;
                limits.run.checkpoint = Some(path);
            }
            "compute_all" => limits.run.shortcuts = !value.is_truthy()?,
            "engine" => {
                limits.run.plain_engine = match value.extract::<String>()?.as_str() {
                    "auto" => false,
                    "plain" => true,
                    other => {
                        return Err(invalid(format!(
                            "unknown engine `{other}`; engines: auto, plain"
                        )));
                    }
                }
            }
            "simd" => {
                limits.run.simd = value
                    .extract::<String>()?
                    .parse()
                    .map_err(|e: grundy::Error| invalid(e.to_string()))?;
            }
            "threads" => {
                let n = positive(&key)?;
                if n == 0 {
                    return Err(invalid("threads must be at least 1"));
                }
                limits.run.threads = usize::try_from(n).unwrap_or(usize::MAX);
            }
            "max_file_size" => limits.bounds.max_file_bytes = positive(&key)?,
            "max_memory" => limits.bounds.max_memory = positive(&key)?,
            "script_ops" | "script_depth" | "script_size" => {
                let n = positive(&key)?;
                if n == 0 {
                    return Err(invalid(format!("{key} must be at least 1")));
                }
                match key.as_str() {
                    "script_ops" => script.max_operations = n,
                    "script_depth" => {
                        let max = grundy::limits::MAX_CALL_LEVELS;
                        if n > max as u64 {
                            return Err(invalid(format!("script_depth must be at most {max}")));
                        }
                        script.max_call_levels = n as usize;
                    }
                    _ => script.max_size = usize::try_from(n).unwrap_or(usize::MAX),
                }
            }
            other => {
                return Err(invalid(format!(
                    "unknown keyword argument `{other}`; limits: {NAMES}"
                )));
            }
        }
    }
    limits.bounds.script = script;
    Ok(limits)
}
