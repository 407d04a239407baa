//! `--script FILE`: a scripted game named by its file, and the limits on
//! script calls.

use clap::Args;
use grundy::limits::{self, ScriptLimits};

/// `--script FILE`, for commands that take an expression or a family.
#[derive(Args)]
pub struct ScriptArg {
    /// A game scripted in Rhai (see docs/SCRIPTS.md); stands for `script[FILE]`.
    #[arg(long, value_name = "FILE")]
    pub script: Option<String>,
}

impl ScriptArg {
    /// The expression (or family) to work on: the positional text, or the
    /// term `script[FILE]` for `--script FILE`. Without parentheses the
    /// term is the script's `start()` position, and as a family it is the
    /// one-heap family of `position(n)`.
    pub fn or_text(&self, text: Option<&str>) -> grundy::Result<String> {
        match (&self.script, text) {
            (Some(file), None) => {
                if file.contains(['[', ']']) {
                    return Err(grundy::Error::invalid(format!(
                        "--script {file}: a script file name cannot contain '[' or ']'"
                    )));
                }
                Ok(format!("script[{file}]"))
            }
            (None, Some(text)) => Ok(text.to_string()),
            // Clap requires exactly one of the two.
            _ => Err(grundy::Error::invalid(
                "give either an expression or --script FILE, not both",
            )),
        }
    }
}

/// The expression a command was given: `-` reads it from standard input
/// (when `stdin` allows: `grundy play` reads its moves there) and `@FILE`
/// from a file, both capped by `--max-file-size`, for expressions longer
/// than a command line may be; any other text is the expression itself.
pub fn expression(text: String, limits: &grundy::Limits, stdin: bool) -> grundy::Result<String> {
    let read = if text == "-" {
        if !stdin {
            return Err(grundy::Error::invalid(
                "this command reads its moves from standard input: give the position as @FILE instead of -",
            ));
        }
        read_stdin(limits.bounds.max_file_bytes)?
    } else if let Some(file) = text.strip_prefix('@') {
        grundy::limits::read_text_file(file, limits.bounds.max_file_bytes)?
    } else {
        return Ok(text);
    };
    // A file or a pipe usually ends with a line break, which is no part
    // of the expression.
    Ok(read.trim_end().to_string())
}

/// Standard input as text, at most `max_bytes` bytes.
fn read_stdin(max_bytes: u64) -> grundy::Result<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| grundy::Error::io("standard input", e))?;
    if bytes.len() as u64 > max_bytes {
        return Err(grundy::Error::limit(grundy::LimitKind::FileSize, max_bytes));
    }
    String::from_utf8(bytes).map_err(|_| grundy::Error::io("standard input", "not UTF-8 text"))
}

/// Limits on each call of a script function.
#[derive(Args)]
pub struct ScriptLimitArgs {
    /// Most operations one call of a script function may run (stops endless loops).
    #[arg(long, global = true, value_name = "N", default_value_t = limits::DEFAULT_MAX_OPERATIONS,
          value_parser = crate::positive_count)]
    script_ops: u64,
    /// Deepest nesting of calls in a script (stops endless recursion).
    #[arg(long, global = true, value_name = "N", default_value_t = limits::DEFAULT_MAX_CALL_LEVELS,
          value_parser = call_levels)]
    script_depth: usize,
    /// Largest array, string or map a script call may build.
    #[arg(long, global = true, value_name = "N", default_value_t = limits::DEFAULT_MAX_SIZE,
          value_parser = positive_size)]
    script_size: usize,
}

impl ScriptLimitArgs {
    pub fn limits(&self) -> ScriptLimits {
        ScriptLimits::default()
            .with_max_operations(self.script_ops)
            .with_max_call_levels(self.script_depth)
            .with_max_size(self.script_size)
    }
}

fn positive_size(text: &str) -> Result<usize, String> {
    let n = crate::positive_count(text)?;
    usize::try_from(n).map_err(|_| format!("`{text}` is too large for this machine"))
}

fn call_levels(text: &str) -> Result<usize, String> {
    match crate::count_usize(text) {
        Ok(n) if (1..=limits::MAX_CALL_LEVELS).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a number from 1 to {} (deeper recursion would overflow the native stack; write it as a loop)",
            limits::MAX_CALL_LEVELS
        )),
    }
}
