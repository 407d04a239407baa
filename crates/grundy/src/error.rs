//! The one error type of the library.
//!
//! Every fallible operation returns [`Error`]: a [`ErrorKind`] saying what
//! went wrong and, for text input, where. The library never prints; the
//! command line decides how to show an error and which exit code to use.

use std::fmt;

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Text that does not parse: an expression, a code, a file.
    Parse {
        /// The text (or file name) that failed.
        input: String,
        /// 1-based column (or line, for files; see `unit`) of the problem.
        at: usize,
        /// Whether `at` counts columns of a text or lines of a file.
        unit: Unit,
        /// What was expected or found.
        message: String,
    },
    /// Input that parses but describes no valid game or position.
    Invalid(String),
    /// A computation would exceed a limit the user can raise.
    Limit {
        /// Which limit.
        kind: LimitKind,
        /// What ran out, in words ("positions", "table cells", ...).
        what: &'static str,
        /// The limit that was hit.
        limit: u64,
    },
    /// A game graph that must be acyclic has a cycle through this vertex.
    Cycle {
        /// A vertex on the cycle, as the user named it.
        vertex: String,
    },
    /// A file could not be read or written.
    Io {
        /// The file.
        path: String,
        /// The operating system's message.
        message: String,
    },
    /// A user script failed.
    Script {
        /// The script file.
        file: String,
        /// 1-based line, when known.
        line: Option<usize>,
        /// The script engine's message.
        message: String,
    },
    /// A long computation was interrupted (its progress was saved where the
    /// operation supports it).
    Interrupted,
}

/// What the position of a parse error counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Columns of a one-line text (an expression, a code).
    Column,
    /// Lines of a file.
    Line,
}

/// The limits a user can raise, each with its command-line flag (and the
/// field of [`crate::Limits`] of the same meaning).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum LimitKind {
    /// Positions a search may memoise (`--max-positions`).
    Positions,
    /// The largest heap a table may be filled to (`--max-heap`).
    HeapSize,
    /// Moves one component may list (`--max-moves`).
    Moves,
    /// Points in a plot (`--max-points`).
    PlotPoints,
    /// Seconds one query may run (`--time-limit`).
    Time,
    /// Bytes read from one input file (`--max-file-size`).
    FileSize,
    /// Bytes of memory one table or search may take (`--max-memory`).
    Memory,
    /// Operations, call depth or sizes inside a script call (`--script-ops`).
    Script,
}

impl LimitKind {
    /// The command-line flag that raises this limit.
    pub fn flag(self) -> &'static str {
        match self {
            LimitKind::Positions => "--max-positions",
            LimitKind::HeapSize => "--max-heap",
            LimitKind::Moves => "--max-moves",
            LimitKind::PlotPoints => "--max-points",
            LimitKind::Time => "--time-limit",
            LimitKind::FileSize => "--max-file-size",
            LimitKind::Memory => "--max-memory",
            LimitKind::Script => "--script-ops",
        }
    }

    /// What the limit counts, in words.
    pub fn unit(self) -> &'static str {
        match self {
            LimitKind::Positions => "positions",
            LimitKind::HeapSize => "heap size",
            LimitKind::Moves => "moves",
            LimitKind::PlotPoints => "points in a plot",
            LimitKind::Time => "seconds",
            LimitKind::FileSize => "bytes in a file",
            LimitKind::Memory => "bytes of memory",
            LimitKind::Script => "script operations",
        }
    }
}

/// The error type of every fallible operation in the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

/// Shorthand for results whose error is [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// A parse error at a 1-based column of `input`.
    pub fn parse(input: &str, column: usize, message: impl Into<String>) -> Error {
        ErrorKind::Parse {
            input: input.to_string(),
            at: column,
            unit: Unit::Column,
            message: message.into(),
        }
        .into()
    }

    /// A parse error at a 1-based line of a file.
    pub fn parse_line(file: &str, line: usize, message: impl Into<String>) -> Error {
        ErrorKind::Parse {
            input: file.to_string(),
            at: line,
            unit: Unit::Line,
            message: message.into(),
        }
        .into()
    }

    /// Input that describes no valid game or position.
    pub fn invalid(message: impl Into<String>) -> Error {
        ErrorKind::Invalid(message.into()).into()
    }

    /// A limit that the computation would exceed.
    pub fn limit(kind: LimitKind, limit: u64) -> Error {
        Error::limit_of(kind, kind.unit(), limit)
    }

    /// A limit that the computation would exceed, with what ran out said
    /// more precisely than [`LimitKind::unit`] ("table cells" for a
    /// positions limit, say).
    pub fn limit_of(kind: LimitKind, what: &'static str, limit: u64) -> Error {
        ErrorKind::Limit { kind, what, limit }.into()
    }

    /// Which limit this error reports, if it reports one.
    pub fn limit_kind(&self) -> Option<LimitKind> {
        match self.kind {
            ErrorKind::Limit { kind, .. } => Some(kind),
            _ => None,
        }
    }

    /// A file that could not be read or written.
    pub fn io(path: impl fmt::Display, err: impl fmt::Display) -> Error {
        ErrorKind::Io {
            path: path.to_string(),
            message: err.to_string(),
        }
        .into()
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Error {
        Error { kind }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Parse {
                input,
                at,
                unit: Unit::Line,
                message,
            } => write!(f, "{input}:{at}: {message}"),
            ErrorKind::Parse {
                input,
                at,
                unit: Unit::Column,
                message,
            } => write!(f, "{message} at column {at} in \"{}\"", window(input, *at)),
            ErrorKind::Invalid(message) => f.write_str(message),
            ErrorKind::Limit { kind, what, limit } => write!(
                f,
                "limit of {limit} {what} exceeded; raise it with {}",
                kind.flag()
            ),
            ErrorKind::Cycle { vertex } => write!(
                f,
                "the game graph has a cycle through vertex {vertex}; this needs an acyclic graph (use `loopy` analysis for games with cycles)"
            ),
            ErrorKind::Io { path, message } => write!(f, "{path}: {message}"),
            ErrorKind::Script {
                file,
                line: Some(line),
                message,
            } => write!(f, "{file}:{line}: {message}"),
            ErrorKind::Script {
                file,
                line: None,
                message,
            } => write!(f, "{file}: {message}"),
            ErrorKind::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for Error {}

/// Characters of the input quoted on each side of the column in a parse
/// error: enough to see the mistake, short enough for one line.
const WINDOW: usize = 30;

/// The part of `input` around the 1-based character `column`, on one line:
/// at most [`WINDOW`] characters either side, with `…` where text is left
/// out, line breaks shown as `⏎` and other control characters escaped, so
/// a 100 KB or many-line input still gives a one-line message.
fn window(input: &str, column: usize) -> String {
    let at = column.saturating_sub(1);
    let start = at.saturating_sub(WINDOW);
    let mut out = String::new();
    if start > 0 {
        out.push('…');
    }
    let mut shown = input.chars().skip(start);
    for c in shown.by_ref().take(2 * WINDOW) {
        match c {
            '\n' => out.push('⏎'),
            '\r' => {}
            c if c.is_control() => out.extend(c.escape_default()),
            c => out.push(c),
        }
    }
    if shown.next().is_some() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_error_names_column_and_input() {
        let e = Error::parse("octal[0.77](10", 15, "expected ')'");
        assert_eq!(
            e.to_string(),
            "expected ')' at column 15 in \"octal[0.77](10\""
        );
    }

    #[test]
    fn long_and_multi_line_inputs_are_quoted_in_a_window_on_one_line() {
        let long = format!("{}x{}", "nim(1)+".repeat(1000), "nim(1)+".repeat(1000));
        let e = Error::parse(&long, 7001, "expected a game").to_string();
        assert!(e.len() < 160, "{e}");
        assert!(
            e.contains("in \"…") && e.contains("nim(1)+xnim(1)") && e.ends_with("…\""),
            "{e}"
        );
        assert!(e.contains("at column 7001"), "{e}");
        let e = Error::parse("nim(3)\n+ nim(4", 15, "expected ')'").to_string();
        assert_eq!(e, "expected ')' at column 15 in \"nim(3)⏎+ nim(4\"");
        assert!(!e.contains('\n'));
    }

    #[test]
    fn file_errors_name_the_line() {
        let e = Error::parse_line("g.txt", 3, "expected two vertices");
        assert_eq!(e.to_string(), "g.txt:3: expected two vertices");
    }
}
