//! The syntax tree of a game expression, before names are resolved.

/// A sum of terms: `sub{1,3,4}(9) + nim(2)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// The summands, at least one.
    pub terms: Vec<Term>,
}

/// One summand: a family name, an optional parameter and optional arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// The family name (`nim`, `sub`, `kayles`) or an octal code (`0.07`).
    pub name: String,
    /// 1-based column of the name.
    pub column: usize,
    /// The parameter in braces or brackets, if any.
    pub param: Option<Param>,
    /// The arguments in parentheses, if the term has parentheses.
    pub args: Option<Vec<Arg>>,
}

/// Which brackets enclosed a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bracket {
    /// `{...}`, used for sets: `sub{1,3,4}`.
    Brace,
    /// `[...]`, used for codes and file names: `octal[0.07]`.
    Square,
}

/// The raw text of a parameter; each family parses its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// The enclosing brackets.
    pub bracket: Bracket,
    /// The text between the brackets, untrimmed.
    pub text: String,
    /// 1-based column of the first character of `text`.
    pub column: usize,
}

/// One argument in parentheses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A non-negative integer (a heap size, a coordinate).
    Int {
        /// The number.
        value: u64,
        /// 1-based column.
        column: usize,
    },
    /// A bare word (a coin string `THTTH`, a vertex name).
    Word {
        /// The word.
        text: String,
        /// 1-based column.
        column: usize,
    },
    /// A nested game expression (as in `misere(kayles(4) + nim(2))`).
    Expr(Expr),
}
