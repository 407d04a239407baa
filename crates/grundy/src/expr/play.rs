//! How a position is played: the rule that ends it and how its sum moves.
//!
//! An expression is played under normal play unless it is wrapped, as a
//! whole, in `misere(...)` (the last player to move loses) or `every(...)`
//! (every component that can move must move on each turn; the last player
//! to move wins). A wrapper inside a sum would be meaningless, since the
//! rule is a property of the whole game, so it is an error there.

use std::fmt;

use serde::Serialize;

use super::position::Position;
use crate::error::{Error, Result};

/// The way a sum is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Play {
    /// Normal play: a move in one component; the last player to move wins.
    #[default]
    Normal,
    /// Misère play: a move in one component; the last player to move loses.
    Misere,
    /// The every-move rule (Every-SG): every component that can move must
    /// move; the last player to move wins.
    Every,
}

impl Play {
    /// The wrappers of the expression language, by name.
    pub const WRAPPERS: [(&'static str, Play); 2] =
        [("misere", Play::Misere), ("every", Play::Every)];

    /// The play a wrapper name stands for: `misere`, `every`.
    pub fn from_wrapper(name: &str) -> Option<Play> {
        Play::WRAPPERS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, p)| p)
    }

    /// The wrapper's name, `None` for normal play.
    pub fn wrapper(self) -> Option<&'static str> {
        Play::WRAPPERS
            .iter()
            .find(|(_, p)| *p == self)
            .map(|&(n, _)| n)
    }

    /// The message for a wrapper written where a game belongs.
    pub(crate) fn misplaced(self) -> String {
        let name = self.wrapper().unwrap_or("normal");
        format!(
            "`{name}(...)` is a rule for the whole game and must enclose the whole expression, \
             as {name}(nim(1,2) + sub{{1,3,4}}(5)); it cannot be part of a sum or nested"
        )
    }
}

/// A position and the way it is played. Displays canonically
/// (`misere(nim(1,2))`), and the text parses back to the same thing.
#[derive(Clone, Debug)]
pub struct Played {
    /// The way the position is played.
    pub play: Play,
    /// The position (its sum of terms).
    pub position: Position,
}

impl Played {
    /// Applies a play asked for apart from the text (a command-line flag):
    /// `Normal` leaves the text's play; another play must agree with the
    /// text's wrapper, if it has one.
    pub fn with_play(self, play: Play) -> Result<Played> {
        match (self.play, play) {
            (_, Play::Normal) => Ok(self),
            (Play::Normal, asked) => Ok(Played {
                play: asked,
                ..self
            }),
            (written, asked) if written == asked => Ok(self),
            (written, asked) => Err(Error::invalid(format!(
                "the expression is written for {} play but {} play was asked for",
                written.wrapper().unwrap_or("normal"),
                asked.wrapper().unwrap_or("normal"),
            ))),
        }
    }
}

impl fmt::Display for Played {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.play.wrapper() {
            Some(name) => write!(f, "{name}({})", self.position),
            None => write!(f, "{}", self.position),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(input: &str) -> String {
        Played::parse(input).unwrap_err().to_string()
    }

    #[test]
    fn wrappers_round_trip() {
        for (input, printed) in [
            ("nim(3,5,7)", "nim(3,5,7)"),
            ("misere(nim(3,5,7))", "misere(nim(3,5,7))"),
            (
                " every ( sub{1..3}(4) + nim(2) ) ",
                "every(sub{1..3}(4) + nim(2))",
            ),
        ] {
            let p = Played::parse(input).unwrap();
            assert_eq!(p.to_string(), printed);
            assert_eq!(Played::parse(printed).unwrap().to_string(), printed);
        }
    }

    #[test]
    fn misplaced_or_malformed_wrappers_are_clear_errors() {
        assert!(err("misere(nim(1)) + nim(2)").contains("must enclose the whole expression"));
        assert!(err("nim(2) + every(nim(1))").contains("at column 10"));
        assert!(err("misere(every(nim(1)))").contains("cannot be part of a sum or nested"));
        assert!(err("misere(3)").contains("needs a game expression inside"));
        assert!(err("misere(nim)").contains("needs a game expression inside"));
        assert!(err("misere").contains("needs a game expression in parentheses"));
        assert!(err("misere()").contains("at column 7"));
        assert!(err("misere(nim(1), nim(2))").contains("takes one expression"));
        assert!(err("every{3}(nim(1))").contains("takes no parameter"));
    }

    #[test]
    fn flags_agree_with_wrappers() {
        let plain = Played::parse("nim(1,2)").unwrap();
        assert_eq!(
            plain.with_play(Play::Misere).unwrap().to_string(),
            "misere(nim(1,2))"
        );
        let misere = Played::parse("misere(nim(1,2))").unwrap();
        assert_eq!(
            misere.clone().with_play(Play::Misere).unwrap().play,
            Play::Misere
        );
        assert_eq!(
            misere.clone().with_play(Play::Normal).unwrap().play,
            Play::Misere
        );
        let e = misere.with_play(Play::Every).unwrap_err().to_string();
        assert!(e.contains("written for misere play but every play"), "{e}");
    }
}
