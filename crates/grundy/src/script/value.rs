//! Script positions as Rust values.
//!
//! A script hands positions over as Rhai values. The solver memoises
//! positions, so each is converted to a [`Value`]: a plain, hashable Rust
//! value with the same content. Integers, strings, characters, booleans,
//! `()` and arrays of these are positions; anything else (an object map, a
//! function pointer) is refused with a message, because it has no equality a
//! memo can rely on.

use std::fmt;

use rhai::{Array, Dynamic};

/// Arrays nested deeper than this are refused rather than converted, so a
/// script cannot make the conversion recurse without end.
pub const MAX_NESTING: usize = 64;

/// A position of a scripted game: a Rhai value in canonical Rust form.
///
/// It displays as a Rhai literal: `[1, 2, "ab", true]`.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// `()`.
    Unit,
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A character: `'x'`.
    Char(char),
    /// A string.
    Str(String),
    /// An array of positions.
    Array(Vec<Value>),
}

impl Value {
    /// Converts a Rhai value, or says what kind of value cannot be a position.
    pub fn from_dynamic(d: Dynamic) -> Result<Value, String> {
        Value::convert(d, 0)
    }

    fn convert(d: Dynamic, depth: usize) -> Result<Value, String> {
        if d.is_unit() {
            Ok(Value::Unit)
        } else if let Ok(b) = d.as_bool() {
            Ok(Value::Bool(b))
        } else if let Ok(i) = d.as_int() {
            Ok(Value::Int(i))
        } else if let Ok(c) = d.as_char() {
            Ok(Value::Char(c))
        } else if d.is_string() {
            let s = d.into_immutable_string().expect("checked: a string");
            Ok(Value::Str(s.to_string()))
        } else if d.is_array() {
            if depth >= MAX_NESTING {
                return Err(format!("an array nested more than {MAX_NESTING} deep"));
            }
            let items = d.into_array().expect("checked: an array");
            items
                .into_iter()
                .map(|item| Value::convert(item, depth + 1))
                .collect::<Result<Vec<_>, _>>()
                .map(Value::Array)
        } else {
            Err(format!("a value of type `{}`", d.type_name()))
        }
    }

    /// The bytes this value owns beyond its own size: string contents and
    /// array items, nested ones included (nesting is bounded, so the
    /// recursion is shallow).
    pub fn heap_bytes(&self) -> u64 {
        match self {
            Value::Str(s) => s.len() as u64,
            Value::Array(items) => items
                .iter()
                .map(|v| std::mem::size_of::<Value>() as u64 + v.heap_bytes())
                .sum(),
            _ => 0,
        }
    }

    /// The Rhai value with the same content, to pass to a script function.
    pub fn to_dynamic(&self) -> Dynamic {
        match self {
            Value::Unit => Dynamic::UNIT,
            Value::Bool(b) => Dynamic::from_bool(*b),
            Value::Int(i) => Dynamic::from_int(*i),
            Value::Char(c) => Dynamic::from_char(*c),
            Value::Str(s) => Dynamic::from(s.clone()),
            Value::Array(items) => {
                Dynamic::from_array(items.iter().map(Value::to_dynamic).collect::<Array>())
            }
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Unit => f.write_str("()"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Char(c) => write!(f, "{c:?}"),
            Value::Str(s) => write!(f, "{s:?}"),
            Value::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
        }
    }
}

/// Positions appear in messages (a cycle through a position), where the
/// script's own notation reads best.
impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Value {
        Value::Array(vec![
            Value::Int(-3),
            Value::Str("HT".into()),
            Value::Array(vec![Value::Bool(true), Value::Char('x'), Value::Unit]),
        ])
    }

    #[test]
    fn round_trips_through_rhai() {
        let v = sample();
        assert_eq!(Value::from_dynamic(v.to_dynamic()).unwrap(), v);
    }

    #[test]
    fn displays_as_a_rhai_literal() {
        assert_eq!(sample().to_string(), r#"[-3, "HT", [true, 'x', ()]]"#);
    }

    #[test]
    fn refuses_maps_and_deep_nesting() {
        let map = Dynamic::from_map(rhai::Map::new());
        assert!(
            Value::from_dynamic(map).unwrap_err().contains("map"),
            "names the type"
        );
        let mut deep = Dynamic::from_int(0);
        for _ in 0..=MAX_NESTING {
            deep = Dynamic::from_array(vec![deep]);
        }
        assert!(Value::from_dynamic(deep).unwrap_err().contains("nested"));
    }
}
