//! `grundy._grundy`: the native half of the `grundy` Python package.
//!
//! A face like the command line: it turns Python arguments into the
//! library's inputs (text, [`Play`], [`Method`], [`Limits`]), calls the
//! library's entry points, and hands results back as JSON text or plain
//! values, which the pure-Python half (`python/grundy/`) turns into typed
//! objects. Every decision (which analysis, which method) is the library's.
//!
//! Long work on built-in games runs on a worker thread with the GIL
//! released, while the calling thread checks for Ctrl-C every few
//! milliseconds and sets [`RunOptions::stop`](grundy::limits::RunOptions::stop) when it comes (see [`run`]).
//! Games written in Python are solved on the calling thread, which holds
//! the GIL to call their `moves()` (see [`pygame`]).

mod errors;
mod limits;
mod pygame;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use grundy::analysis::{self, Method};
use grundy::expr::Play;
use grundy::pattern::{Extent, Plane, extent_for};
use grundy::plot::{Labels, check_points, heat_map, scatter};
use grundy::{Limits, Nimber};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict};

use errors::to_py;

/// How often the calling thread looks for Ctrl-C while a worker computes.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// Runs `work` on a worker thread with the GIL released, and turns Ctrl-C
/// into a stop: the calling thread (the one Python delivers signals to)
/// waits for the result in slices of [`SIGNAL_POLL`], checking signals
/// between them; on `KeyboardInterrupt` it sets the stop flag, waits for
/// the worker to stop cleanly (saving its checkpoint) and raises.
fn run<T: Send>(
    py: Python<'_>,
    mut limits: Limits,
    work: impl FnOnce(&Limits) -> grundy::Result<T> + Send,
) -> PyResult<T> {
    let stop = Arc::new(AtomicBool::new(false));
    limits.run.stop = Some(stop.clone());
    let (result, signal) = py.detach(|| {
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::channel();
            let limits = &limits;
            scope.spawn(move || {
                let _ = tx.send(work(limits));
            });
            let mut signal: Option<PyErr> = None;
            loop {
                match rx.recv_timeout(SIGNAL_POLL) {
                    Ok(result) => return (Some(result), signal),
                    Err(mpsc::RecvTimeoutError::Disconnected) => return (None, signal),
                    Err(mpsc::RecvTimeoutError::Timeout) if signal.is_none() => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            stop.store(true, Ordering::Relaxed);
                            signal = Some(e);
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                }
            }
        })
    });
    if let Some(e) = signal {
        return Err(e);
    }
    match result {
        Some(r) => r.map_err(|e| to_py(py, &e)),
        None => Err(errors::raise(
            py,
            "GrundyError",
            "internal error: the computation ended without an answer".into(),
        )),
    }
}

fn play_of(name: &str) -> PyResult<Play> {
    match name {
        "normal" => Ok(Play::Normal),
        "misere" | "misère" => Ok(Play::Misere),
        "every" => Ok(Play::Every),
        other => Err(errors::invalid(format!(
            "unknown play `{other}`; plays: normal, misere, every"
        ))),
    }
}

fn method_of(py: Python<'_>, name: &str) -> PyResult<Method> {
    Method::from_name(name).map_err(|e| to_py(py, &e))
}

fn json<T: serde::Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| errors::invalid(format!("internal error: {e}")))
}

/// The canonical text of a position (with its play wrapper, if any), or
/// the parse error.
#[pyfunction]
#[pyo3(signature = (text, play, limits))]
fn canonical(
    py: Python<'_>,
    text: &str,
    play: &str,
    limits: &Bound<'_, PyDict>,
) -> PyResult<(String, String)> {
    let limits = limits::from_dict(limits)?;
    let play = play_of(play)?;
    let text = text.to_owned();
    let played = run(py, limits, move |l| analysis::parse(&text, play, l))?;
    let name = played.play.wrapper().unwrap_or("normal").to_owned();
    Ok((played.position.to_string(), name))
}

/// The report of `analysis::analyze`, as JSON.
#[pyfunction]
#[pyo3(signature = (text, play, method, limits))]
fn analyze(
    py: Python<'_>,
    text: &str,
    play: &str,
    method: &str,
    limits: &Bound<'_, PyDict>,
) -> PyResult<String> {
    report_json(py, text, play, method, limits, analysis::analyze)
}

/// The report of `analysis::moves`, as JSON.
#[pyfunction]
#[pyo3(signature = (text, play, method, limits))]
fn moves(
    py: Python<'_>,
    text: &str,
    play: &str,
    method: &str,
    limits: &Bound<'_, PyDict>,
) -> PyResult<String> {
    report_json(py, text, play, method, limits, analysis::moves)
}

/// Parses `text` under `play` and hands the position to `report` (the
/// front door's `analyze` or `moves`) with the GIL released; the result as
/// JSON.
fn report_json<R: serde::Serialize + Send>(
    py: Python<'_>,
    text: &str,
    play: &str,
    method: &str,
    limits: &Bound<'_, PyDict>,
    report: fn(&grundy::expr::Position, Play, Method, &Limits) -> grundy::Result<R>,
) -> PyResult<String> {
    let limits = limits::from_dict(limits)?;
    let (play, method) = (play_of(play)?, method_of(py, method)?);
    let text = text.to_owned();
    let result = run(py, limits, move |l| {
        let p = analysis::parse(&text, play, l)?;
        report(&p.position, p.play, method, l)
    })?;
    json(&result)
}

/// `G(0..=to)` of a one-heap family: its canonical name, the width of a
/// value in bytes (1, 2, 4 or 8, the narrowest that holds them all) and
/// the values as native-endian unsigned integers of that width in a
/// `bytearray`.
#[pyfunction]
#[pyo3(signature = (family, to, limits))]
fn table<'py>(
    py: Python<'py>,
    family: &str,
    to: u64,
    limits: &Bound<'py, PyDict>,
) -> PyResult<(String, usize, Bound<'py, PyByteArray>)> {
    let limits = limits::from_dict(limits)?;
    let family = family.to_owned();
    let (head, values) = run(py, limits, move |l| {
        let family = grundy::expr::family_named_with(&family, l)?;
        let count = usize::try_from(to.saturating_add(1)).unwrap_or(usize::MAX);
        l.check_memory(count as u64)?;
        let mut values = NarrowValues::with_capacity(count);
        family.table(to, l, &mut |g: Nimber| values.push(g.0, l))?;
        Ok((family.head(), values))
    })?;
    Ok((head, values.width, PyByteArray::new(py, &values.bytes)))
}

/// Values kept in the narrowest unsigned width (1, 2, 4 or 8 bytes) that
/// holds every value so far, as native-endian bytes: most tables fit in
/// one byte a value, an eighth of what `u64`s would take.
struct NarrowValues {
    width: usize,
    bytes: Vec<u8>,
}

impl NarrowValues {
    fn with_capacity(count: usize) -> Self {
        NarrowValues {
            width: 1,
            bytes: Vec::with_capacity(count),
        }
    }

    /// The width `value` needs.
    fn width_of(value: u64) -> usize {
        match value {
            0..=0xff => 1,
            0x100..=0xffff => 2,
            0x1_0000..=0xffff_ffff => 4,
            _ => 8,
        }
    }

    /// Appends `value`, widening every stored value first when it needs
    /// more bytes; `limits` is asked for the memory of the wider copy.
    fn push(&mut self, value: u64, limits: &Limits) -> grundy::Result<()> {
        let need = Self::width_of(value);
        if need > self.width {
            let count = self.bytes.len() / self.width;
            limits.check_memory((count as u64 + 1).saturating_mul(need as u64))?;
            let old = std::mem::take(&mut self.bytes);
            let old_width = std::mem::replace(&mut self.width, need);
            self.bytes.reserve(old.capacity() / old_width * need);
            for chunk in old.chunks_exact(old_width) {
                self.put(read_ne(chunk));
            }
        }
        self.put(value);
        Ok(())
    }

    fn put(&mut self, value: u64) {
        // `value` fits `self.width` here, so the casts keep every bit.
        match self.width {
            1 => self.bytes.push(value as u8),
            2 => self.bytes.extend_from_slice(&(value as u16).to_ne_bytes()),
            4 => self.bytes.extend_from_slice(&(value as u32).to_ne_bytes()),
            _ => self.bytes.extend_from_slice(&value.to_ne_bytes()),
        }
    }
}

/// The value in `chunk`, native-endian, 1, 2, 4 or 8 bytes wide.
fn read_ne(chunk: &[u8]) -> u64 {
    match *chunk {
        [a] => a.into(),
        [a, b] => u16::from_ne_bytes([a, b]).into(),
        [a, b, c, d] => u32::from_ne_bytes([a, b, c, d]).into(),
        _ => u64::from_ne_bytes(chunk.try_into().expect("8 bytes")),
    }
}

/// The period of a one-heap family, as the command line's `period --json`
/// reports it: proven where a theorem applies, otherwise observed.
#[pyfunction]
#[pyo3(signature = (family, max, limits))]
fn period(py: Python<'_>, family: &str, max: u64, limits: &Bound<'_, PyDict>) -> PyResult<String> {
    let mut limits = limits::from_dict(limits)?;
    limits.bounds.max_heap = max;
    let family = family.to_owned();
    let (head, search) = run(py, limits, move |l| {
        let family = grundy::expr::family_named_with(&family, l)?;
        let search = grundy::pattern::sequence::find_period(family.as_ref(), l)?;
        Ok((family.head(), search))
    })?;
    let report = grundy::pattern::sequence::PeriodReport::of_search(&head, &search);
    json(&report)
}

/// The misère values and genus of heaps `0..=to` of a one-heap family, as
/// the command line's `genus --json` reports them.
#[pyfunction]
#[pyo3(signature = (family, to, limits))]
fn genus(py: Python<'_>, family: &str, to: u64, limits: &Bound<'_, PyDict>) -> PyResult<String> {
    let limits = limits::from_dict(limits)?;
    let family = family.to_owned();
    let table = run(py, limits, move |l| {
        let family = grundy::expr::family_named_with(&family, l)?;
        grundy::analysis::genus_table(&family, to, l)
    })?;
    json(&table)
}

/// The misère quotient of heaps `0..=to` of a one-heap family, as the
/// command line's `quotient --json` reports it.
#[pyfunction]
#[pyo3(signature = (family, to, limits))]
fn quotient(py: Python<'_>, family: &str, to: u64, limits: &Bound<'_, PyDict>) -> PyResult<String> {
    let limits = limits::from_dict(limits)?;
    let family = family.to_owned();
    let report = run(py, limits, move |l| {
        let family = grundy::expr::family_named_with(&family, l)?;
        grundy::analysis::quotient::quotient(&family, to, l)
    })?;
    json(&report)
}

/// The SVG picture the command line's `plot` writes: a scatter plot of a
/// one-parameter family, a heat map of a two-parameter one.
#[pyfunction]
#[pyo3(signature = (family, to, max_points, limits))]
fn plot(
    py: Python<'_>,
    family: &str,
    to: Option<&str>,
    max_points: u64,
    limits: &Bound<'_, PyDict>,
) -> PyResult<String> {
    let limits = limits::from_dict(limits)?;
    let family = family.to_owned();
    let to = to.map(str::to_owned);
    run(py, limits, move |l| {
        let family = grundy::expr::family_named_with(&family, l)?;
        let head = family.head();
        let requested = to.as_deref().map(Extent::parse).transpose()?;
        match extent_for(family.as_ref(), requested, 1000, 40, l)? {
            Extent::One(to) => {
                check_points(u128::from(to) + 1, max_points)?;
                let values = grundy::pattern::values(family.as_ref(), to, l)?;
                let labels = Labels {
                    title: format!("Grundy values of {head}, n = 0..{to}"),
                    x: "n (heap size)".into(),
                    y: "G(n)".into(),
                };
                Ok(scatter(&values, &labels))
            }
            Extent::Two(rows, columns) => {
                check_points(
                    (u128::from(rows) + 1) * (u128::from(columns) + 1),
                    max_points,
                )?;
                let table = Plane::compute(family.as_ref(), rows, columns, l)?;
                let labels = Labels {
                    title: format!(
                        "Grundy values of {head}(a, b), a = 0..{rows}, b = 0..{columns}"
                    ),
                    x: "a (first number)".into(),
                    y: "b (second number)".into(),
                };
                Ok(heat_map(&table, &labels))
            }
        }
    })
}

/// The nim-product of `a` and `b`.
#[pyfunction]
fn nim_product(a: u64, b: u64) -> u64 {
    (Nimber(a) * Nimber(b)).0
}

/// The nim-power `a^e`.
#[pyfunction]
fn nim_power(a: u64, e: u64) -> u64 {
    Nimber(a).pow(e).0
}

/// The nim-inverse of `a`, or `None` for 0.
#[pyfunction]
fn nim_inverse(a: u64) -> Option<u64> {
    Nimber(a).inverse().map(|n| n.0)
}

/// The value of a nimber expression, as `grundy nimber` reads it ("6*13").
#[pyfunction]
fn nim_evaluate(py: Python<'_>, text: &str) -> PyResult<u64> {
    grundy::nimber::arith::evaluate(text)
        .map(|n| n.0)
        .map_err(|e| to_py(py, &e))
}

/// The native module.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(canonical, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(moves, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(period, m)?)?;
    m.add_function(wrap_pyfunction!(genus, m)?)?;
    m.add_function(wrap_pyfunction!(quotient, m)?)?;
    m.add_function(wrap_pyfunction!(plot, m)?)?;
    m.add_function(wrap_pyfunction!(nim_product, m)?)?;
    m.add_function(wrap_pyfunction!(nim_power, m)?)?;
    m.add_function(wrap_pyfunction!(nim_inverse, m)?)?;
    m.add_function(wrap_pyfunction!(nim_evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(pygame::analyze_game, m)?)?;
    m.add_function(wrap_pyfunction!(pygame::game_moves, m)?)?;
    Ok(())
}
