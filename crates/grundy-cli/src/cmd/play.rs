//! `grundy play`: a game against a perfect opponent, in the terminal or
//! through pipes (see docs/PLAY.md).
//!
//! The loop only reads lines, prints, and keeps turns; the engine's choice,
//! the reading of moves and the picture of the position come from
//! `grundy::play`. Every message is an [`Event`], printed as text for people
//! or as one JSON object a line with `--json`.

use std::io::{BufRead, IsTerminal, Read, Write};

use clap::{Args, ValueEnum};
use grundy::Limits;
use grundy::analysis::normal::{self as analysis, Move};
use grundy::expr::{Play, Played, Position};
use grundy::play::board::board;
use grundy::play::{Input, Rng, choose_move_in, find_move, hint_in};
use serde::Serialize;

use crate::out::{self, Outcome};
use crate::script::ScriptArg;

/// Arguments of `grundy play`.
#[derive(Args)]
pub struct PlayArgs {
    /// The starting position, for example "kayles(9) + nim(3)"; `@FILE` reads it from a file.
    #[arg(
        required_unless_present = "script",
        conflicts_with = "script",
        allow_hyphen_values = true
    )]
    expr: Option<String>,
    #[command(flatten)]
    script: ScriptArg,
    /// Who moves first (asked when not given).
    #[arg(long, value_enum)]
    first: Option<Side>,
    /// Seed for the engine's choice among equally good moves (default: from the clock).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Print one JSON object per event instead of text.
    #[arg(long)]
    json: bool,
}

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The person typing.
    #[value(alias = "you")]
    Me,
    /// The engine.
    Engine,
}

/// A move as listed: its number and what it changes.
#[derive(Serialize)]
struct Listed<'a> {
    number: usize,
    from: &'a str,
    to: &'a str,
    position: String,
}

/// Everything the game says.
#[derive(Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
enum Event<'a> {
    Start {
        position: String,
        first: Side,
        seed: u64,
    },
    AskFirst,
    YourTurn {
        position: String,
        board: Vec<String>,
        moves: usize,
    },
    YouMoved {
        from: &'a str,
        to: &'a str,
        position: String,
    },
    EngineMoved {
        from: &'a str,
        to: &'a str,
        position: String,
        winning: bool,
        reason: &'a str,
    },
    Refused {
        input: &'a str,
        reason: String,
    },
    Hint {
        grundy: u64,
        winning_moves: Vec<Listed<'a>>,
        reason: &'a str,
    },
    Moves {
        moves: Vec<Listed<'a>>,
    },
    Help {
        text: &'static str,
    },
    End {
        winner: Option<Side>,
        reason: &'a str,
        position: String,
    },
}

const HELP: &str = "Type one of:
  a number       the move with that number in the list `moves` shows
  a position     the position after your move, e.g. nim(3,5,6) (finished heaps may be left out)
  moves          list your moves, numbered
  hint           show the winning moves and why
  quit           resign";

struct Session<'w, W: Write> {
    out: &'w mut W,
    json: bool,
    /// Echo what was read, so a transcript of piped input reads well.
    echo: bool,
}

impl<W: Write> Session<'_, W> {
    fn emit(&mut self, event: &Event) -> Outcome {
        if self.json {
            out::json(self.out, event)?;
            return self.out.flush().map_err(Into::into);
        }
        let w = &mut *self.out;
        match event {
            Event::Start {
                position, first, ..
            } => {
                let who = if *first == Side::Me {
                    "You move"
                } else {
                    "I move"
                };
                writeln!(
                    w,
                    "Playing {position} against a perfect opponent. {who} first."
                )?;
                writeln!(w, "Type `help` for what you can type.")?;
            }
            Event::AskFirst => write!(w, "Who moves first, `me` or `engine`? ")?,
            Event::YourTurn { board, .. } => {
                writeln!(w)?;
                for line in board {
                    writeln!(w, "  {line}")?;
                }
                write!(w, "your move> ")?;
            }
            Event::YouMoved { from, to, position } => {
                writeln!(w, "You move {from} to {to}: the position is {position}.")?
            }
            Event::EngineMoved {
                from,
                to,
                position,
                reason,
                ..
            } => {
                writeln!(w, "I move {from} to {to}: the position is {position}.")?;
                writeln!(w, "  Why: {reason}")?;
            }
            Event::Refused { reason, .. } => writeln!(w, "Refused: {reason}.")?,
            Event::Hint {
                winning_moves,
                reason,
                ..
            } => {
                writeln!(w, "Hint: {reason}.")?;
                for m in winning_moves {
                    writeln!(w, "  {:>3}. {} → {}", m.number, m.from, m.to)?;
                }
            }
            Event::Moves { moves } => {
                for m in moves {
                    writeln!(w, "  {:>3}. {} → {}", m.number, m.from, m.to)?;
                }
            }
            Event::Help { text } => writeln!(w, "{text}")?,
            Event::End { winner, reason, .. } => {
                let verdict = match winner {
                    Some(Side::Me) => " You win.",
                    Some(Side::Engine) => " I win.",
                    None => "",
                };
                writeln!(w, "{reason}.{verdict}")?;
            }
        }
        self.out.flush().map_err(Into::into)
    }

    /// A re-prompt after a message, in text mode.
    fn prompt(&mut self) -> Outcome {
        if !self.json {
            write!(self.out, "your move> ")?;
            self.out.flush()?;
        }
        Ok(())
    }

    /// The next input line; a line that is not UTF-8 text is refused with
    /// a message and the next one read, so a stray byte does not end the
    /// game.
    fn read(&mut self, input: &mut impl BufRead) -> Result<Option<String>, out::Failure> {
        loop {
            let mut bytes = Vec::new();
            // A line longer than any move is read in pieces, each refused.
            let read = input
                .by_ref()
                .take(MAX_LINE)
                .read_until(b'\n', &mut bytes)
                .map_err(|e| grundy::Error::io("standard input", e))?;
            match String::from_utf8(bytes) {
                Ok(line) => return self.got(read, line),
                Err(e) => {
                    let shown = String::from_utf8_lossy(e.as_bytes()).trim().to_string();
                    self.emit(&Event::Refused {
                        input: &shown,
                        reason: "this line is not UTF-8 text; type a move, its number, or `help`"
                            .into(),
                    })?;
                    self.prompt()?;
                }
            }
        }
    }

    fn got(&mut self, read: usize, line: String) -> Result<Option<String>, out::Failure> {
        if read == 0 {
            if !self.json {
                writeln!(self.out)?;
            }
            return Ok(None);
        }
        if self.echo && !self.json {
            writeln!(self.out, "{}", line.trim_end())?;
        }
        Ok(Some(line))
    }
}

/// The longest input line read at once, in bytes.
const MAX_LINE: u64 = 1 << 16;

fn listed(moves: &[Move], pick: impl Fn(&Move) -> bool) -> Vec<Listed<'_>> {
    moves
        .iter()
        .enumerate()
        .filter(|(_, m)| pick(m))
        .map(|(i, m)| Listed {
            number: i + 1,
            from: &m.from,
            to: &m.to,
            position: m.position.to_string(),
        })
        .collect()
}

pub fn play(args: &PlayArgs, limits: &Limits, w: &mut impl Write) -> Outcome {
    let text =
        crate::script::expression(args.script.or_text(args.expr.as_deref())?, limits, false)?;
    let Played { play, position } = Played::parse_with(&text, limits)?;
    let mut position = position;
    if play == Play::Every {
        return Err(grundy::Error::invalid(
            "the engine plays under normal and misère play, not every(...)",
        )
        .into());
    }
    // Under misère play the player left without a move has won.
    let stuck = |side: Side| match play {
        Play::Misere => side,
        _ => other(side),
    };
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let mut input = stdin.lock();
    let mut s = Session {
        out: w,
        json: args.json,
        echo,
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let mut rng = Rng::new(seed);
    let first = match args.first {
        Some(side) => side,
        None => match ask_first(&mut s, &mut input)? {
            Some(side) => side,
            None => return end(&mut s, None, "Input ended before the game began", &position),
        },
    };
    s.emit(&Event::Start {
        position: shown(play, &position),
        first,
        seed,
    })?;
    let mut turn = first;
    loop {
        if turn == Side::Engine {
            let Some(choice) = choose_move_in(&position, play, limits, &mut rng)? else {
                return end(
                    &mut s,
                    Some(stuck(Side::Engine)),
                    "I have no move left",
                    &position,
                );
            };
            let m = &choice.chosen;
            s.emit(&Event::EngineMoved {
                from: &m.from,
                to: &m.to,
                position: m.position.to_string(),
                winning: choice.winning,
                reason: &choice.reason,
            })?;
            position = choice.chosen.position;
            turn = Side::Me;
            continue;
        }
        let moves = analysis::moves(&position, limits)?;
        if moves.is_empty() {
            return end(
                &mut s,
                Some(stuck(Side::Me)),
                "You have no move left",
                &position,
            );
        }
        s.emit(&Event::YourTurn {
            position: position.to_string(),
            board: board(&position),
            moves: moves.len(),
        })?;
        loop {
            let Some(line) = s.read(&mut input)? else {
                return end(
                    &mut s,
                    None,
                    "Input ended; the game stops unfinished",
                    &position,
                );
            };
            let typed = Input::read(&line);
            match typed {
                Input::Empty => {}
                Input::Quit => return end(&mut s, Some(Side::Engine), "You resign", &position),
                Input::Help => s.emit(&Event::Help { text: HELP })?,
                Input::Moves => s.emit(&Event::Moves {
                    moves: listed(&moves, |_| true),
                })?,
                Input::Hint => {
                    let h = hint_in(&position, play, limits)?;
                    let winning: Vec<String> = h
                        .winning_moves
                        .iter()
                        .map(|m| m.position.to_string())
                        .collect();
                    s.emit(&Event::Hint {
                        grundy: h.grundy.0,
                        winning_moves: listed(&moves, |m| {
                            winning.contains(&m.position.to_string())
                        }),
                        reason: &h.reason,
                    })?;
                }
                Input::Number(_) | Input::Position(_) => {
                    match find_move(&position, &moves, &typed, limits) {
                        Ok(i) => {
                            let m = &moves[i];
                            s.emit(&Event::YouMoved {
                                from: &m.from,
                                to: &m.to,
                                position: m.position.to_string(),
                            })?;
                            position = m.position.clone();
                            turn = Side::Engine;
                            break;
                        }
                        Err(e) => s.emit(&Event::Refused {
                            input: line.trim(),
                            reason: e.to_string(),
                        })?,
                    }
                }
            }
            s.prompt()?;
        }
    }
}

fn ask_first<W: Write>(
    s: &mut Session<'_, W>,
    input: &mut impl BufRead,
) -> Result<Option<Side>, out::Failure> {
    loop {
        s.emit(&Event::AskFirst)?;
        let Some(line) = s.read(input)? else {
            return Ok(None);
        };
        match Side::from_str(line.trim(), true) {
            Ok(side) => return Ok(Some(side)),
            Err(_) => s.emit(&Event::Refused {
                input: line.trim(),
                reason: "type `me` or `engine`".into(),
            })?,
        }
    }
}

fn end<W: Write>(
    s: &mut Session<'_, W>,
    winner: Option<Side>,
    reason: &str,
    position: &Position,
) -> Outcome {
    s.emit(&Event::End {
        winner,
        reason,
        position: position.to_string(),
    })
}

/// The other player.
fn other(side: Side) -> Side {
    match side {
        Side::Me => Side::Engine,
        Side::Engine => Side::Me,
    }
}

/// The position as typed back: with its `misere(...)` wrapper when played
/// so.
fn shown(play: Play, position: &Position) -> String {
    match play.wrapper() {
        Some(w) => format!("{w}({position})"),
        None => position.to_string(),
    }
}

/// A seed that differs from run to run.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
