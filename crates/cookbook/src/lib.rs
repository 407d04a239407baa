//! # A cookbook of classic exercises
//!
//! The exercises that teach Sprague–Grundy theory, each solved with the
//! `grundy` engine: a module per problem whose `solve` reads the problem's
//! usual input and returns its usual output, and a program of the same name
//! (`src/bin/`) that does so on standard input:
//!
//! ```text
//! cargo run -p grundy-cookbook --bin hdu1847 < crates/cookbook/samples/hdu1847.in
//! ```
//!
//! | module | problem | what it exercises |
//! |---|---|---|
//! | [`hdu1847`] | Good Luck in CET-4 Everybody! | a subtraction game, `sub{pow2}` |
//! | [`hdu1848`] | Fibonacci again and again | a sum of subtraction games, `sub{fib}` |
//! | [`hdu1850`] | Being a Good Boy in Spring Festival | the winning moves of Nim |
//! | [`hdu1536`] | S-Nim | a table of a subtraction game, summed |
//! | [`hdu1907`] | John | misère Nim (anti-Nim) |
//! | [`luogu_p4018`] | Roy&October之取石子 | a subtraction game whose period the engine certifies |
//! | [`luogu_p4279`] | 小约翰的游戏 (the same game) | misère Nim |
//! | [`luogu_p2148`] | E&D | a sum of games with a closed form, `ed(a,b)` |
//! | [`luogu_p2575`] | 高手过招 | a new [`grundy::Game`] solved by [`grundy::Solver`] |
//! | [`luogu_p3480`] | KAM-Pebbles | Staircase Nim |
//! | [`poj3710`] | Christmas Game | Green Hackenbush, the fusion principle |
//! | [`poj2234`] | Matches Game | Nim |
//!
//! Each `solve` refuses malformed input with a one-line message that names
//! the line, and never panics. The numbers are otherwise taken as given: a
//! judge's bounds are checked only where they bound the work (the size of a
//! table, the width of a board).

#![deny(missing_docs)]

pub mod hdu1536;
pub mod hdu1847;
pub mod hdu1848;
pub mod hdu1850;
pub mod hdu1907;
pub mod input;
pub mod luogu_p2148;
pub mod luogu_p2575;
pub mod luogu_p3480;
pub mod luogu_p4018;
pub mod luogu_p4279;
pub mod poj2234;
pub mod poj3710;

use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::sync::Arc;

use grundy::expr::{Arg, Family, Position, Term};
use grundy::{Nimber, Outcome};

/// A problem's solution: the whole input in, the whole output (or a
/// one-line complaint) out.
pub type Solve = fn(&str) -> Result<String, String>;

/// The `main` of every program in `src/bin`: reads standard input, prints
/// the answer, or prints `name: message` on standard error and exits with
/// code 2. A closed output pipe is not an error (as with `head`).
pub fn run(name: &str, solve: Solve) -> ExitCode {
    let mut input = String::new();
    if let Err(e) = io::stdin().read_to_string(&mut input) {
        eprintln!("{name}: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    match solve(&input) {
        Ok(output) => match io::stdout().lock().write_all(output.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{name}: cannot write standard output: {e}");
                ExitCode::from(2)
            }
        },
        Err(message) => {
            eprintln!("{name}: {message}");
            ExitCode::from(2)
        }
    }
}

/// The sum of heaps of one heap family, as the expression language writes
/// it: `heaps(&fib, &[1, 4, 1])` is `sub{fib}(1,4,1)`. One family value is
/// shared by every position built from it, so its table is computed once.
pub fn heaps(family: &Arc<dyn Family>, heaps: &[u64]) -> Position {
    Position {
        terms: vec![Term {
            family: Arc::clone(family),
            args: heaps.iter().map(|&h| Arg::Int(h)).collect(),
        }],
    }
}

/// The name a problem prints for the winner of a position of value
/// `value`: `first` when the player to move wins, `second` otherwise.
pub fn winner(value: Nimber, first: &'static str, second: &'static str) -> &'static str {
    match Outcome::of(value) {
        Outcome::N => first,
        Outcome::P => second,
    }
}

/// An engine error as a one-line message.
fn engine(e: grundy::Error) -> String {
    e.to_string()
}
