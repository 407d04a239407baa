//! A picture of a position for people: one line (or a few) per component,
//! its canonical text and the family's drawing ([`Family::draw`]) when it
//! has one: heaps as rows of tokens, graph tokens with their edges.

use crate::expr::Position;
use crate::family::Family;

/// The lines that show `position`: each component's text, padded to a
/// column, then its picture; further lines of a picture are indented to the
/// same column.
///
/// ```
/// use grundy::{expr::Position, play::board::board};
/// let lines = board(&Position::parse("nim(3,1)").unwrap());
/// assert_eq!(lines, ["nim(3)  ● ● ●", "nim(1)  ●"]);
/// ```
pub fn board(position: &Position) -> Vec<String> {
    let parts: Vec<(String, Option<String>)> = position
        .components()
        .iter()
        .map(|c| {
            let (family, args) = position.component(c);
            (
                position.component_text(c),
                Family::draw(family.as_ref(), args),
            )
        })
        .collect();
    let width = parts
        .iter()
        .map(|(t, _)| t.chars().count())
        .max()
        .unwrap_or(0);
    let mut lines = Vec::new();
    for (text, picture) in parts {
        match picture {
            None => lines.push(text),
            Some(picture) => {
                let pad = width - text.chars().count();
                for (i, row) in picture.lines().enumerate() {
                    if i == 0 {
                        lines.push(format!("{text}{:pad$}  {row}", ""));
                    } else {
                        lines.push(format!("{:width$}  {row}", ""));
                    }
                }
            }
        }
    }
    lines
}
