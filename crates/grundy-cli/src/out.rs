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
pub struct Stdout(BufWriter<io::Stdout>);

impl Stdout {
    pub fn new() -> Stdout {
        Stdout(BufWriter::with_capacity(1 << 16, io::stdout()))
    }

    pub fn flush(&mut self) -> Outcome {
        self.0.flush().map_err(Failure::from)
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// Prints a value as one line of JSON.
pub fn json(w: &mut impl Write, value: &impl serde::Serialize) -> Outcome {
    serde_json::to_writer(&mut *w, value).map_err(io::Error::from)?;
    writeln!(w)?;
    Ok(())
}
