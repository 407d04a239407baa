//! How script positions are written as arguments of a term, so that every
//! position grundy prints (a move, a winning move) parses back to itself.
//!
//! The expression language has two kinds of argument: non-negative numbers
//! and words (`[A-Za-z_][A-Za-z0-9_-]*`). Script positions are richer, so:
//!
//! - a non-negative integer is written as a number, a string that is a
//!   word (starting with a letter) as that word;
//! - any other value is written as a word starting with `_` that spells it
//!   out (the *coded* form below), so nothing is ever unprintable;
//! - a whole position that is an array is written as its elements, one
//!   argument each (`[1,2,3]` is `(1,2,3)`); the few positions this cannot
//!   express unambiguously are written whole, coded, after `__`.
//!
//! The coded form, after the leading `_`:
//!
//! ```text
//! value := "i" digits          a non-negative integer      _i7
//!        | "n" digits          a negative integer          _n3 is -3
//!        | "t" | "f" | "u"     true, false, ()
//!        | "c" hex "_"         a character (code point)    _c41_ is 'A'
//!        | "s" hex "_"         a string (UTF-8 bytes)      _s4142_ is "AB"
//!        | "a" value* "_"      an array                    _ai1i2_ is [1, 2]
//! ```

use super::value::Value;
use crate::family::Arg;

/// Whether a script's whole positions are arrays (written as their
/// elements) or single values (written as one argument). A script's
/// `start()` decides; positions of the other kind are written coded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Positions are arrays: `(1,2,3)` is `[1, 2, 3]`, `(5)` is `[5]`.
    Array,
    /// Positions are single values: `(5)` is `5`, `(HT)` is `"HT"`.
    Scalar,
}

impl Layout {
    /// The layout of a script whose start position is `start`.
    pub fn of(start: &Value) -> Layout {
        match start {
            Value::Array(_) => Layout::Array,
            _ => Layout::Scalar,
        }
    }
}

/// One argument read back: a number (whose meaning the family decides: the
/// integer itself, or a heap built by `position(n)`) or a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// A plain number argument.
    Number(u64),
    /// Any other argument, decoded.
    Value(Value),
}

/// The argument that writes `v`. `number` says whether a non-negative
/// integer may be written as a plain number (a one-heap family allows it
/// only where the number means that very integer).
pub fn element_arg(v: &Value, number: bool) -> Arg {
    match v {
        Value::Int(i) if *i >= 0 && number => Arg::Int(*i as u64),
        Value::Str(s) if is_plain_word(s) => Arg::Word(s.clone()),
        _ => Arg::Word(format!("_{}", code(v))),
    }
}

/// Reads one argument written by [`element_arg`].
pub fn element_value(arg: &Arg) -> Result<Written, String> {
    match arg {
        Arg::Int(n) => Ok(Written::Number(*n)),
        Arg::Word(w) if w.starts_with("__") => Err(format!(
            "`{w}` stands for a whole position, so it must be the only argument"
        )),
        Arg::Word(w) => match w.strip_prefix('_') {
            Some(coded) => decode(coded)
                .map(Written::Value)
                .map_err(|e| format!("`{w}` is not a coded script value: {e}")),
            None => Ok(Written::Value(Value::Str(w.clone()))),
        },
    }
}

/// The argument list that writes a whole position, for a script of the
/// given layout. Never empty (an empty list means the start position).
pub fn whole_args(v: &Value, layout: Layout) -> Vec<Arg> {
    match (v, layout) {
        (Value::Array(items), Layout::Array) if !items.is_empty() => {
            items.iter().map(|item| element_arg(item, true)).collect()
        }
        (Value::Array(items), Layout::Scalar) if items.len() >= 2 => {
            items.iter().map(|item| element_arg(item, true)).collect()
        }
        (Value::Array(_), _) | (_, Layout::Array) => vec![Arg::Word(format!("__{}", code(v)))],
        (_, Layout::Scalar) => vec![element_arg(v, true)],
    }
}

/// Reads a whole position written by [`whole_args`] (a non-empty list).
pub fn whole_value(args: &[Arg], layout: Layout) -> Result<Value, String> {
    let number = |w: Written| -> Result<Value, String> {
        match w {
            Written::Number(n) => i64::try_from(n)
                .map(Value::Int)
                .map_err(|_| format!("{n} is larger than a script integer (at most {})", i64::MAX)),
            Written::Value(v) => Ok(v),
        }
    };
    if let [Arg::Word(w)] = args
        && let Some(coded) = w.strip_prefix("__")
    {
        return decode(coded).map_err(|e| format!("`{w}` is not a coded script position: {e}"));
    }
    let items = args
        .iter()
        .map(|a| element_value(a).and_then(number))
        .collect::<Result<Vec<_>, _>>()?;
    match (layout, <[Value; 1]>::try_from(items)) {
        (Layout::Scalar, Ok([single])) => Ok(single),
        (_, Ok([single])) => Ok(Value::Array(vec![single])),
        (_, Err(items)) => Ok(Value::Array(items)),
    }
}

/// Whether `s` can stand as a word argument meaning itself: a letter, then
/// letters, digits, `_` and `-` (a leading `_` marks the coded form).
pub fn is_plain_word(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// The coded form of `v` (without the leading `_`).
pub fn code(v: &Value) -> String {
    let mut out = String::new();
    write_code(v, &mut out);
    out
}

fn write_code(v: &Value, out: &mut String) {
    match v {
        Value::Int(i) if *i >= 0 => out.push_str(&format!("i{i}")),
        Value::Int(i) => out.push_str(&format!("n{}", i.unsigned_abs())),
        Value::Bool(true) => out.push('t'),
        Value::Bool(false) => out.push('f'),
        Value::Unit => out.push('u'),
        Value::Char(c) => out.push_str(&format!("c{:x}_", *c as u32)),
        Value::Str(s) => {
            out.push('s');
            for b in s.bytes() {
                out.push_str(&format!("{b:02x}"));
            }
            out.push('_');
        }
        Value::Array(items) => {
            out.push('a');
            for item in items {
                write_code(item, out);
            }
            out.push('_');
        }
    }
}

/// Reads a coded value (without the leading `_`); the whole text must be
/// one value.
pub fn decode(text: &str) -> Result<Value, String> {
    let mut reader = Reader {
        bytes: text.as_bytes(),
        at: 0,
        depth: 0,
    };
    let v = reader.value()?;
    if reader.at != text.len() {
        return Err(format!(
            "unexpected `{}` after the value",
            &text[reader.at..]
        ));
    }
    Ok(v)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    depth: usize,
}

impl Reader<'_> {
    fn next(&mut self) -> Option<u8> {
        let b = self.bytes.get(self.at).copied();
        self.at += usize::from(b.is_some());
        b
    }

    fn value(&mut self) -> Result<Value, String> {
        match self.next() {
            Some(b'i') => self
                .digits()
                .and_then(|n| i64::try_from(n).map(Value::Int).map_err(|_| too_large(n))),
            Some(b'n') => {
                let n = self.digits()?;
                0i64.checked_sub_unsigned(n)
                    .map(Value::Int)
                    .ok_or_else(|| too_large(n))
            }
            Some(b't') => Ok(Value::Bool(true)),
            Some(b'f') => Ok(Value::Bool(false)),
            Some(b'u') => Ok(Value::Unit),
            Some(b'c') => {
                let code = u32::from_str_radix(self.hex_until_end()?, 16)
                    .map_err(|_| "a bad character code".to_string())?;
                char::from_u32(code)
                    .map(Value::Char)
                    .ok_or_else(|| format!("{code:x} is not a character"))
            }
            Some(b's') => {
                let hex = self.hex_until_end()?;
                if hex.len() % 2 != 0 {
                    return Err("a string needs two hex digits per byte".into());
                }
                let bytes = (0..hex.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(&hex[i..i + 2], 16))
                    .collect::<Result<Vec<u8>, _>>()
                    .map_err(|_| "a bad hex digit in a string".to_string())?;
                String::from_utf8(bytes)
                    .map(Value::Str)
                    .map_err(|_| "a string that is not UTF-8".to_string())
            }
            Some(b'a') => {
                self.depth += 1;
                if self.depth > super::value::MAX_NESTING {
                    return Err("arrays nested too deeply".into());
                }
                let mut items = Vec::new();
                while self.bytes.get(self.at) != Some(&b'_') {
                    if self.at >= self.bytes.len() {
                        return Err("an array without its closing `_`".into());
                    }
                    items.push(self.value()?);
                }
                self.at += 1;
                self.depth -= 1;
                Ok(Value::Array(items))
            }
            Some(other) => Err(format!("unexpected `{}`", other as char)),
            None => Err("a value is missing".into()),
        }
    }

    fn digits(&mut self) -> Result<u64, String> {
        let start = self.at;
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        let text = std::str::from_utf8(&self.bytes[start..self.at]).expect("ASCII digits");
        if text.is_empty() {
            return Err("a number is missing".into());
        }
        text.parse::<u64>()
            .map_err(|_| format!("{text} is too large"))
    }

    /// Lowercase hex digits up to the closing `_`, which is consumed.
    fn hex_until_end(&mut self) -> Result<&str, String> {
        let start = self.at;
        while self
            .bytes
            .get(self.at)
            .is_some_and(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b))
        {
            self.at += 1;
        }
        let hex = std::str::from_utf8(&self.bytes[start..self.at]).expect("ASCII hex");
        match self.next() {
            Some(b'_') => Ok(hex),
            _ => Err("hex digits must end with `_`".into()),
        }
    }
}

fn too_large(n: u64) -> String {
    format!("{n} does not fit a script integer")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(i: i64) -> Value {
        Value::Int(i)
    }

    fn array(items: &[Value]) -> Value {
        Value::Array(items.to_vec())
    }

    #[test]
    fn simple_positions_read_as_plain_arguments() {
        let heaps = array(&[int(1), int(2), int(3)]);
        assert_eq!(
            whole_args(&heaps, Layout::Array),
            [Arg::Int(1), Arg::Int(2), Arg::Int(3)]
        );
        assert_eq!(whole_args(&array(&[int(5)]), Layout::Array), [Arg::Int(5)]);
        assert_eq!(
            whole_args(&Value::Str("HTTH".into()), Layout::Scalar),
            [Arg::Word("HTTH".into())]
        );
        assert_eq!(whole_args(&int(5), Layout::Scalar), [Arg::Int(5)]);
    }

    #[test]
    fn everything_else_is_coded() {
        assert_eq!(
            code(&array(&[int(1), int(-2), Value::Str("a b".into())])),
            "ai1n2s612062__"
        );
        assert_eq!(
            whole_args(&array(&[]), Layout::Array),
            [Arg::Word("__a_".into())]
        );
        assert_eq!(
            whole_args(&int(5), Layout::Array),
            [Arg::Word("__i5".into())]
        );
        assert_eq!(
            whole_args(&array(&[int(5)]), Layout::Scalar),
            [Arg::Word("__ai5_".into())]
        );
        assert_eq!(
            element_arg(&Value::Str("_x".into()), true),
            Arg::Word("_s5f78_".into())
        );
        assert_eq!(element_arg(&int(4), false), Arg::Word("_i4".into()));
    }

    #[test]
    fn bad_codes_say_what_is_wrong() {
        assert!(decode("ai1").unwrap_err().contains("closing"));
        assert!(decode("s6").unwrap_err().contains("`_`"));
        assert!(decode("i").unwrap_err().contains("missing"));
        assert!(decode("i1x").unwrap_err().contains("after the value"));
        assert!(
            element_value(&Arg::Word("__i1".into()))
                .unwrap_err()
                .contains("only argument")
        );
        assert_eq!(decode("n9223372036854775808").unwrap(), int(i64::MIN));
        assert!(decode("i9223372036854775808").is_err());
    }
}
