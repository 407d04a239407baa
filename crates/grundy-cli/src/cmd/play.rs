//! The flags that choose how a position is played: `--misere`, `--every`
//! and `--method`, shared by `grundy value` and `grundy moves`.

use clap::{Args, ValueEnum};
use grundy::expr::{Play, Played};
use grundy::{Error, every, misere};

/// How the position is played, and how to decide it.
#[derive(Args)]
pub struct PlayArgs {
    /// Misère play: the last player to move loses (same as writing misere(EXPR)).
    #[arg(long, conflicts_with = "every")]
    misere: bool,
    /// The every-move rule (Every-SG): every component that can move must move (same as every(EXPR)).
    #[arg(long)]
    every: bool,
    /// How to decide misère or every-move positions.
    #[arg(long, value_enum, default_value_t = MethodArg::Auto)]
    method: MethodArg,
}

/// A method asked for on the command line.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// The fastest exact method that applies (misère: bouton, sj, search; every: steps).
    Auto,
    /// Search over the whole game (misère or every-move).
    Search,
    /// Bouton's rule (misère Nim only).
    Bouton,
    /// The SJ theorem (misère; fails if its condition does not hold).
    Sj,
    /// Step counts (every-move rule).
    Steps,
}

impl PlayArgs {
    /// Parses `expr` and applies the flags.
    pub fn played(&self, expr: &str) -> grundy::Result<Played> {
        let play = if self.misere {
            Play::Misere
        } else if self.every {
            Play::Every
        } else {
            Play::Normal
        };
        let played = Played::parse(expr)?.with_play(play)?;
        if played.play == Play::Normal && self.method != MethodArg::Auto {
            return Err(Error::invalid(
                "--method applies to misère and every-move play (add --misere or --every, or wrap the expression)",
            ));
        }
        Ok(played)
    }

    /// The misère method asked for (`None`: automatic).
    pub fn misere_method(&self) -> grundy::Result<Option<misere::Method>> {
        match self.method {
            MethodArg::Auto => Ok(None),
            MethodArg::Search => Ok(Some(misere::Method::Search)),
            MethodArg::Bouton => Ok(Some(misere::Method::Bouton)),
            MethodArg::Sj => Ok(Some(misere::Method::Sj)),
            MethodArg::Steps => Err(Error::invalid(
                "--method steps is for the every-move rule; misère play takes auto, search, bouton or sj",
            )),
        }
    }

    /// The every-move method asked for (`None`: automatic).
    pub fn every_method(&self) -> grundy::Result<Option<every::Method>> {
        match self.method {
            MethodArg::Auto => Ok(None),
            MethodArg::Steps => Ok(Some(every::Method::Steps)),
            MethodArg::Search => Ok(Some(every::Method::Search)),
            MethodArg::Bouton | MethodArg::Sj => Err(Error::invalid(
                "--method bouton and --method sj are for misère play; the every-move rule takes auto, steps or search",
            )),
        }
    }
}
