//! The library's errors as Python exceptions, with the command line's
//! messages.
//!
//! The classes are written in Python (`grundy/errors.py`, where they can
//! also derive from `ValueError` and `OSError`); this module picks the class
//! for an [`ErrorKind`] and fills in what a caller may want to read. A
//! stop asked for by Ctrl-C is Python's own `KeyboardInterrupt`.

use grundy::{Error, ErrorKind, LimitKind};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError};
use pyo3::prelude::*;

/// The keyword argument that raises a limit: the command line's flag in
/// Python's spelling.
pub fn keyword(kind: LimitKind) -> &'static str {
    match kind {
        LimitKind::Positions => "max_positions",
        LimitKind::HeapSize => "max_heap",
        LimitKind::Moves => "max_moves",
        LimitKind::PlotPoints => "max_points",
        LimitKind::Time => "time_limit",
        LimitKind::FileSize => "max_file_size",
        LimitKind::Memory => "max_memory",
        LimitKind::Script => "script_ops",
        _ => "",
    }
}

/// An exception of class `name` from `grundy.errors` with `message`.
pub fn raise(py: Python<'_>, name: &str, message: String) -> PyErr {
    let class = py.import("grundy.errors").and_then(|m| m.getattr(name));
    match class {
        Ok(class) => match class.call1((message,)) {
            Ok(value) => PyErr::from_value(value),
            Err(e) => e,
        },
        Err(e) => PyRuntimeError::new_err(format!("grundy.errors is missing ({e}): {message}")),
    }
}

/// The Python exception for a library error; the message is the error's
/// `Display`, as the command line prints it after `grundy: `.
pub fn to_py(py: Python<'_>, e: &Error) -> PyErr {
    let message = e.to_string();
    match e.kind() {
        ErrorKind::Parse { at, .. } => {
            let err = raise(py, "ParseError", message);
            let _ = err.value(py).setattr("at", *at);
            err
        }
        ErrorKind::Invalid(_) => raise(py, "InvalidError", message),
        ErrorKind::Limit { kind, limit, what } => {
            let err = raise(py, "LimitError", message);
            let value = err.value(py);
            let _ = value.setattr("keyword", keyword(*kind));
            let _ = value.setattr("flag", kind.flag());
            let _ = value.setattr("limit", *limit);
            let _ = value.setattr("what", *what);
            err
        }
        ErrorKind::Cycle { .. } => raise(py, "CycleError", message),
        ErrorKind::Io { .. } => raise(py, "FileError", message),
        ErrorKind::Script { .. } => raise(py, "ScriptError", message),
        ErrorKind::Interrupted => PyKeyboardInterrupt::new_err(message),
        _ => raise(py, "GrundyError", message),
    }
}

/// An invalid argument of the Python interface itself.
pub fn invalid(message: impl Into<String>) -> PyErr {
    Python::attach(|py| raise(py, "InvalidError", message.into()))
}
