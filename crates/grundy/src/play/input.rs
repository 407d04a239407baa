//! What a player types, and which move it is.
//!
//! A move is given by its number in the list of moves (the order of
//! `grundy moves`, from 1), or by the position it leads to, written as an
//! expression. Positions are compared as multisets of components, leaving
//! out finished ones (components with no move): so from `nim(3,5,7)`,
//! `nim(3,5)`, `nim(5,3,0)` and `nim(0) + nim(5,3)` all mean "take the heap
//! of 7". Anything else is refused with the reason.

use std::collections::HashMap;

use crate::analysis::normal::Move;
use crate::error::{Error, Result};
use crate::expr::Position;
use crate::expr::position::term_text;
use crate::family::Family;
use crate::limits::Limits;

/// One line of a player's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Nothing (an empty line).
    Empty,
    /// `hint`: show the winning moves.
    Hint,
    /// `moves`: list the moves with their numbers.
    Moves,
    /// `help`: explain what can be typed.
    Help,
    /// `quit`: stop the game.
    Quit,
    /// A move's number in the list.
    Number(u64),
    /// The position after a move, as an expression.
    Position(String),
}

impl Input {
    /// Reads one line (surrounding spaces ignored; words in any case).
    ///
    /// ```
    /// use grundy::play::Input;
    /// assert_eq!(Input::read(" 3 "), Input::Number(3));
    /// assert_eq!(Input::read("HINT"), Input::Hint);
    /// assert_eq!(Input::read("nim(3,5)"), Input::Position("nim(3,5)".into()));
    /// ```
    pub fn read(line: &str) -> Input {
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => Input::Empty,
            "hint" | "h" | "?" => Input::Hint,
            "moves" | "m" | "list" => Input::Moves,
            "help" => Input::Help,
            "quit" | "q" | "exit" | "resign" => Input::Quit,
            _ => match text.parse::<u64>() {
                Ok(n) => Input::Number(n),
                Err(_) => Input::Position(text.to_string()),
            },
        }
    }
}

/// The index in `moves` (the moves of `current`) of the move a player
/// typed, or an error saying why it is not a move.
pub fn find_move(
    current: &Position,
    moves: &[Move],
    input: &Input,
    limits: &Limits,
) -> Result<usize> {
    match input {
        Input::Number(k) => {
            let count = moves.len() as u64;
            if (1..=count).contains(k) {
                Ok(*k as usize - 1)
            } else {
                Err(Error::invalid(format!(
                    "there is no move {k}: the moves are numbered 1 to {count} (type `moves` to list them)"
                )))
            }
        }
        Input::Position(text) => match_position(current, moves, text, limits),
        Input::Empty | Input::Hint | Input::Moves | Input::Help | Input::Quit => Err(
            Error::invalid("expected a move: its number from `moves`, or the position it leads to"),
        ),
    }
}

/// Every component written canonically, sorted.
fn all_components(p: &Position) -> Vec<String> {
    let mut out: Vec<String> = p.components().iter().map(|c| p.component_text(c)).collect();
    out.sort();
    out
}

/// Components that still have a move, written canonically, sorted; finished
/// ones are left out. `finished` caches the answer per component text.
fn live_components(
    p: &Position,
    limits: &Limits,
    finished: &mut HashMap<String, bool>,
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in p.components() {
        let (family, args) = p.component(&c);
        let text = term_text(family.as_ref(), args);
        let done = *finished
            .entry(text.clone())
            .or_insert_with(|| has_no_move(family.as_ref(), args, limits));
        if !done {
            out.push(text);
        }
    }
    out.sort();
    out
}

fn has_no_move(family: &dyn Family, args: &[crate::expr::Arg], limits: &Limits) -> bool {
    let mut options = Vec::new();
    matches!(family.moves(args, limits, &mut options), Ok(()) if options.is_empty())
}

fn match_position(
    current: &Position,
    moves: &[Move],
    text: &str,
    limits: &Limits,
) -> Result<usize> {
    let wanted = Position::parse_with(text, limits)?;
    // The position exactly as typed (in any order) first: two different
    // finished components (`sub{2,5,6}(1)` and `sub{2,5,6}(0)`) are the same
    // game, but the move the player wrote is the one to show.
    let exact = all_components(&wanted);
    if let Some(i) = moves
        .iter()
        .position(|m| all_components(&m.position) == exact)
    {
        return Ok(i);
    }
    let mut finished = HashMap::new();
    let key = live_components(&wanted, limits, &mut finished);
    for (i, m) in moves.iter().enumerate() {
        if live_components(&m.position, limits, &mut finished) == key {
            return Ok(i);
        }
    }
    Err(Error::invalid(why_not(
        current,
        &key,
        limits,
        &mut finished,
    )))
}

/// Why a position (given by its live components) is not one move away.
fn why_not(
    current: &Position,
    wanted: &[String],
    limits: &Limits,
    finished: &mut HashMap<String, bool>,
) -> String {
    let now = live_components(current, limits, finished);
    let (mut removed, mut added) = (now.clone(), Vec::new());
    for w in wanted {
        match removed.iter().position(|r| r == w) {
            Some(i) => {
                removed.remove(i);
            }
            None => added.push(w.clone()),
        }
    }
    let list = |v: &[String]| v.join(" + ");
    match (removed.len(), added.len()) {
        (0, 0) => "that is the position as it stands: a move must change it".to_string(),
        (0, _) => format!(
            "that adds {} and changes nothing else; a move changes one component",
            list(&added)
        ),
        (1, 0) => format!(
            "{} cannot be finished in one move{}",
            removed[0],
            options_hint(current, &removed[0], limits)
        ),
        (1, _) => format!(
            "{} cannot become {} in one move{}",
            removed[0],
            list(&added),
            options_hint(current, &removed[0], limits)
        ),
        _ => format!(
            "that changes {}; a move changes one component only",
            removed.join(" and ")
        ),
    }
}

/// "; it can become nim(0), nim(1) or nim(2)" for the component written
/// `text`, listing at most a few options.
fn options_hint(current: &Position, text: &str, limits: &Limits) -> String {
    const SHOWN: usize = 6;
    let Some(c) = current
        .components()
        .into_iter()
        .find(|c| current.component_text(c) == text)
    else {
        return String::new();
    };
    let (family, args) = current.component(&c);
    let mut options = Vec::new();
    if family.moves(args, limits, &mut options).is_err() {
        return String::new();
    }
    let mut shown: Vec<String> = options
        .iter()
        .take(SHOWN)
        .map(|o| term_text(family.as_ref(), o))
        .collect();
    match options.len() {
        0 => "; it has no move".to_string(),
        n if n > SHOWN => {
            shown.push(format!("... ({n} options in all)"));
            format!("; it can become {}", shown.join(", "))
        }
        _ => format!("; it can become {}", shown.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::normal as analysis;

    fn find(position: &str, typed: &str) -> Result<String> {
        let p = Position::parse(position).unwrap();
        let limits = Limits::default();
        let moves = analysis::moves(&p, &limits).unwrap();
        find_move(&p, &moves, &Input::read(typed), &limits).map(|i| moves[i].position.to_string())
    }

    #[test]
    fn positions_match_in_any_order_without_finished_heaps() {
        for typed in [
            "nim(3,5)",
            "nim(5,3,0)",
            "nim(0) + nim(5,3)",
            " nim( 3 , 5 , 0 ) ",
        ] {
            assert_eq!(find("nim(3,5,7)", typed).unwrap(), "nim(3,5,0)", "{typed}");
        }
        // Moves are numbered heap by heap, largest result first.
        assert_eq!(find("nim(3,5,7)", "3").unwrap(), "nim(0,5,7)");
        assert_eq!(find("nim(3,5,7)", "4").unwrap(), "nim(3,4,7)");
    }

    #[test]
    fn non_moves_are_refused_with_the_reason() {
        let why = |typed| {
            find("nim(3,5,7) + sub{2,5,6}(4)", typed)
                .unwrap_err()
                .to_string()
        };
        assert!(why("0").contains("no move 0"), "{}", why("0"));
        assert!(why("99").contains("numbered 1 to 16"), "{}", why("99"));
        assert!(why("nim(3,5,9) + sub{2,5,6}(4)").contains("nim(7) cannot become nim(9)"));
        assert!(why("nim(3,5,7) + sub{2,5,6}(3)").contains("it can become sub{2,5,6}(2)"));
        assert!(why("nim(3,5,7) + sub{2,5,6}(0)").contains("sub{2,5,6}(4) cannot be finished"));
        assert!(why("nim(2,4,7) + sub{2,5,6}(4)").contains("a move changes one component only"));
        assert!(why("nim(3,5,7) + sub{2,5,6}(4)").contains("as it stands"));
        assert!(why("nim(3,5,7) + sub{2,5,6}(4) + nim(1)").contains("that adds nim(1)"));
        assert!(why("nim(3,").contains("column 7"));
    }
}
