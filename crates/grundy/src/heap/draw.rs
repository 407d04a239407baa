//! Heaps drawn as rows of tokens, for people playing.

/// Heaps larger than this are drawn with their middle elided.
pub const MAX_DRAWN: u64 = 30;

/// A heap of `n` tokens: `● ● ●`, `(empty)` for none, and for large heaps
/// the first and last few tokens around the count.
///
/// ```
/// use grundy::heap::draw::tokens;
/// assert_eq!(tokens(3), "● ● ●");
/// assert_eq!(tokens(0), "(empty)");
/// assert_eq!(tokens(1000), "● ● ● ● ● ● ● ● ● ● … ● ● ● ● ● (1000 tokens)");
/// ```
pub fn tokens(n: u64) -> String {
    let row = |k: u64| vec!["●"; k as usize].join(" ");
    match n {
        0 => "(empty)".to_string(),
        n if n <= MAX_DRAWN => row(n),
        n => format!("{} … {} ({n} tokens)", row(10), row(5)),
    }
}
