//! Output plumbing: buffered stdout, and the failures a command can end in.

use std::io::{self, BufWriter, Write};

/// How a command can fail.
pub enum Failure {
    /// The library refused or failed: print it, exit 2.
    Error(grundy::Error),
    /// The reader of our output went away: stop quietly.
    ClosedPipe,
}

impl From<grundy::Error> for Failure {
    fn from(e: grundy::Error) -> Failure {
        Failure::Error(e)
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Failure::ClosedPipe
        } else {
            Failure::Error(grundy::Error::io("standard output", e))
        }
    }
}

/// What commands return.
pub type Outcome = Result<(), Failure>;

/// Buffered standard output.
pub struct Stdout {
    out: BufWriter<io::Stdout>,
    /// Write nothing: a member of a team other than the first.
    silent: bool,
}

impl Stdout {
    pub fn new() -> Stdout {
        Stdout {
            out: BufWriter::with_capacity(1 << 16, io::stdout()),
            silent: false,
        }
    }

    /// Standard output that takes everything and writes nothing.
    #[cfg_attr(not(feature = "mpi"), allow(dead_code))]
    pub fn silent() -> Stdout {
        Stdout {
            silent: true,
            ..Stdout::new()
        }
    }

    pub fn flush(&mut self) -> Outcome {
        self.out.flush().map_err(Failure::from)
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.silent {
            return Ok(buf.len());
        }
        self.out.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Prints a value as one line of JSON.
pub fn json(w: &mut impl Write, value: &impl serde::Serialize) -> Outcome {
    serde_json::to_writer(&mut *w, value).map_err(io::Error::from)?;
    writeln!(w)?;
    Ok(())
}

/// Whether a progress line is on the terminal and must be cleared.
static PROGRESS_SHOWN: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// A progress callback that rewrites one line of stderr.
pub fn progress_printer() -> grundy::limits::ProgressFn {
    std::sync::Arc::new(|p: &grundy::Progress| {
        let mut err = io::stderr().lock();
        // A search of unknown size (a board game's) has no target: its
        // detail line says how far it has got.
        let _ = if p.target > 0 {
            let percent = 100.0 * p.done as f64 / p.target as f64;
            write!(
                err,
                "\r\x1b[K{} of {} ({percent:.1}%) {}",
                p.done, p.target, p.detail
            )
        } else {
            write!(err, "\r\x1b[K{}", p.detail)
        };
        let _ = err.flush();
        PROGRESS_SHOWN.store(true, std::sync::atomic::Ordering::Relaxed);
    })
}

/// Ends a progress line, if one is shown.
pub fn clear_progress() {
    if PROGRESS_SHOWN.swap(false, std::sync::atomic::Ordering::Relaxed) {
        eprint!("\r\x1b[K");
    }
}

/// A flag that Ctrl-C (SIGINT) sets, and SIGTERM or SIGHUP, so long
/// computations stop cleanly and save their checkpoint (and the server
/// shuts down); a second signal ends the program at once.
pub fn stop_on_ctrl_c() -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    use std::sync::atomic::{AtomicBool, Ordering};
    let flag = std::sync::Arc::new(AtomicBool::new(false));
    let handler_flag = flag.clone();
    // Installing can only fail if a handler exists already; then Ctrl-C
    // keeps its default meaning, which is acceptable.
    let _ = ctrlc::set_handler(move || {
        if handler_flag.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    flag
}

/// Appends the decimal digits of `v`.
pub fn push_number(buf: &mut Vec<u8>, mut v: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

/// Appends `v` right-aligned in `width` columns.
pub fn pad_number(buf: &mut Vec<u8>, v: u64, width: usize) {
    let start = buf.len();
    push_number(buf, v);
    let len = buf.len() - start;
    if len < width {
        buf.splice(start..start, std::iter::repeat_n(b' ', width - len));
    }
}
