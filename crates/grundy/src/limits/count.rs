//! Counts as people write them on every face: `1e7`, `10^7`, `50_000_000`.

use crate::error::{Error, Result};

/// Reads a count or a heap-size bound as people write it: `10000000`,
/// `1e7` or `10^7` (and `2^40`), with `_` allowed between digits. Every
/// face (command line, web, Python) reads counts through this one function,
/// so they accept the same forms.
///
/// Only whole numbers are accepted: a mantissa with a point (`1.5e2`), a
/// sign, or a value beyond `u64` is an error that says so.
///
/// ```
/// use grundy::limits::parse_count;
/// assert_eq!(parse_count("1e7").unwrap(), 10_000_000);
/// assert_eq!(parse_count("10^7").unwrap(), 10_000_000);
/// assert_eq!(parse_count("2^40").unwrap(), 1 << 40);
/// assert_eq!(parse_count("50_000_000").unwrap(), 50_000_000);
/// assert!(parse_count("1.5e2").unwrap_err().to_string().contains("whole number"));
/// assert!(parse_count("-5").unwrap_err().to_string().contains("negative"));
/// assert!(parse_count("1e20").unwrap_err().to_string().contains("too large"));
/// ```
pub fn parse_count(text: &str) -> Result<u64> {
    let t = text.trim();
    let expected = || {
        Error::invalid(format!(
            "expected a whole number such as 1000000, 1e6 or 10^6, found `{t}`"
        ))
    };
    let too_large = || {
        Error::invalid(format!(
            "`{t}` is too large (at most {} = 2^64 - 1)",
            u64::MAX
        ))
    };
    if t.starts_with('-') {
        return Err(Error::invalid(format!(
            "`{t}` is negative; expected a count of 0 or more"
        )));
    }
    let digits = |s: &str| -> Result<u64> {
        let s = s.strip_prefix('+').unwrap_or(s);
        let plain: String = s.chars().filter(|&c| c != '_').collect();
        let well_formed = !plain.is_empty()
            && plain.bytes().all(|b| b.is_ascii_digit())
            && !s.starts_with('_')
            && !s.ends_with('_');
        if !well_formed {
            return Err(if s.contains('.') {
                Error::invalid(format!(
                    "`{t}` is not a whole number as written; write 150 or 15e1, not 1.5e2"
                ))
            } else {
                expected()
            });
        }
        plain.parse::<u64>().map_err(|_| too_large())
    };
    let (base, exponent) = if let Some((m, e)) = t.split_once(['e', 'E']) {
        (digits(m)?, Some((10, digits(e)?)))
    } else if let Some((b, e)) = t.split_once('^') {
        (1, Some((digits(b)?, digits(e)?)))
    } else {
        (digits(t)?, None)
    };
    match exponent {
        None => Ok(base),
        Some((radix, e)) => {
            let e = u32::try_from(e).map_err(|_| too_large())?;
            radix
                .checked_pow(e)
                .and_then(|p| p.checked_mul(base))
                .ok_or_else(too_large)
        }
    }
}
