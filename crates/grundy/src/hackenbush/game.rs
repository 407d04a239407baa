//! Green Hackenbush as a [`Game`] (the literal rule, for search) and as a
//! family of the expression language (the principles, for answers).

use super::file::parse_picture;
use super::picture::Picture;
use super::{cuts, fusion};
use crate::error::{Error, Result};
use crate::family::{Arg, Family, Shape};
use crate::game::Game;
use crate::limits::Limits;
use crate::nimber::Nimber;

/// Green Hackenbush on one picture. A position is the set of edges still
/// standing (`true` at an edge's index). A move cuts one standing edge;
/// whatever no longer reaches the ground falls and is gone.
///
/// [`Game::moves`] is the literal rule, so the reference solver on this
/// game is the brute force ("cut edges one by one") that the colon and
/// fusion principles are tested against; [`Game::closed_form`] is the
/// fusion principle.
pub struct Hackenbush(pub Picture);

impl Game for Hackenbush {
    type Position = Vec<bool>;

    fn moves(&self, standing: &Vec<bool>, out: &mut Vec<Vec<bool>>) {
        for e in (0..standing.len()).filter(|&e| standing[e]) {
            out.push(self.0.cut(standing, e));
        }
    }

    fn closed_form(&self, standing: &Vec<bool>) -> Option<Nimber> {
        Some(fusion::value(&self.0, standing))
    }
}

/// `hackenbush[FILE](1,2,4)`: the picture in `FILE` with only the listed
/// edges standing (numbered from 1 in file order); without parentheses,
/// the whole picture. Values by the fusion principle, winning cuts by
/// [`cuts::cuts_to`].
pub struct HackenbushFamily {
    head: String,
    game: Hackenbush,
}

impl HackenbushFamily {
    /// The family of `picture`, named `head` in expressions.
    pub fn new(head: impl Into<String>, picture: Picture) -> HackenbushFamily {
        HackenbushFamily {
            head: head.into(),
            game: Hackenbush(picture),
        }
    }

    /// Reads the picture in the file at `path`, named `hackenbush[path]`,
    /// refusing a file larger than `max_bytes` (`--max-file-size`).
    pub fn open(path: &str, max_bytes: u64) -> Result<HackenbushFamily> {
        let text = crate::limits::read_text_file(path, max_bytes)?;
        HackenbushFamily::from_text(path, &text)
    }

    /// The picture written in `text` (the format of a picture file), named
    /// `hackenbush[path]`.
    pub fn from_text(path: &str, text: &str) -> Result<HackenbushFamily> {
        Ok(HackenbushFamily::new(
            format!("hackenbush[{path}]"),
            parse_picture(text, path)?,
        ))
    }

    /// The picture.
    pub fn picture(&self) -> &Picture {
        &self.game.0
    }

    /// The standing edges an argument list names; every one must reach the
    /// ground through the others.
    pub fn standing(&self, args: &[Arg]) -> Result<Vec<bool>> {
        let m = self.picture().edge_count();
        let mut standing = vec![false; m];
        for arg in args {
            let k = arg.int("an edge number")?;
            if k == 0 || k > m as u64 {
                return Err(Error::invalid(format!(
                    "there is no edge {k}: the edges are numbered 1 to {m}"
                )));
            }
            if std::mem::replace(&mut standing[k as usize - 1], true) {
                return Err(Error::invalid(format!("edge {k} is listed twice")));
            }
        }
        let grounded = self.picture().grounded(&standing);
        if let Some(e) = (0..m).find(|&e| standing[e] && !grounded[e]) {
            return Err(Error::invalid(format!(
                "edge {} ({}) is not connected to the ground by the listed edges",
                e + 1,
                self.picture().label(e)
            )));
        }
        Ok(standing)
    }

    /// The argument list of a set of standing edges.
    pub fn args(&self, standing: &[bool]) -> Vec<Arg> {
        (0..standing.len())
            .filter(|&e| standing[e])
            .map(|e| Arg::Int(e as u64 + 1))
            .collect()
    }
}

impl Family for HackenbushFamily {
    fn head(&self) -> String {
        self.head.clone()
    }

    fn shape(&self) -> Shape {
        Shape::Whole
    }

    fn check(&self, component: &[Arg], _limits: &Limits) -> Result<()> {
        self.standing(component).map(|_| ())
    }

    fn value(&self, component: &[Arg], _limits: &Limits) -> Result<Nimber> {
        Ok(fusion::value(self.picture(), &self.standing(component)?))
    }

    fn moves(&self, component: &[Arg], limits: &Limits, out: &mut Vec<Vec<Arg>>) -> Result<()> {
        let standing = self.standing(component)?;
        limits.check_moves(component.len() as u64)?;
        let mut options = Vec::new();
        self.game.moves(&standing, &mut options);
        out.extend(options.iter().map(|o| self.args(o)));
        Ok(())
    }

    fn moves_to(
        &self,
        component: &[Arg],
        target: Nimber,
        limits: &Limits,
        out: &mut Vec<Vec<Arg>>,
    ) -> Result<()> {
        let standing = self.standing(component)?;
        for e in cuts::cuts_to(self.picture(), &standing, target, limits)? {
            out.push(self.args(&self.picture().cut(&standing, e)));
        }
        Ok(())
    }

    fn default_args(&self, _limits: &Limits) -> Option<Vec<Arg>> {
        Some(self.args(&self.picture().all()))
    }

    fn draw(&self, component: &[Arg]) -> Option<String> {
        let standing = self.standing(component).ok()?;
        let mut lines = vec![format!(
            "ground {}",
            self.picture().name(self.picture().ground())
        )];
        lines.extend(
            (0..standing.len())
                .filter(|&e| standing[e])
                .map(|e| format!("{:>4}  {}", e + 1, self.picture().label(e))),
        );
        Some(lines.join("\n"))
    }
}
