//! `grundy play` through pipes, as a script or another program plays it:
//! whole games against scripted and random players.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use grundy::Limits;
use grundy::analysis::normal as analysis;
use grundy::expr::Position;
use grundy::play::Rng;
use serde_json::Value;

/// A running `grundy play --json`, read one event at a time.
struct Game {
    child: Child,
    stdin: ChildStdin,
    events: Receiver<String>,
}

impl Game {
    fn start(expr: &str, first: &str, seed: u64) -> Game {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args([
                "play",
                "--json",
                "--first",
                first,
                "--seed",
                &seed.to_string(),
                expr,
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the grundy binary runs");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        // Lines arrive through a channel so a stuck game fails the test
        // instead of hanging it.
        let (send, events) = channel();
        std::thread::spawn(move || {
            for line in stdout.lines() {
                if send.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Game {
            child,
            stdin,
            events,
        }
    }

    fn next(&mut self) -> Value {
        match self.events.recv_timeout(Duration::from_secs(60)) {
            Ok(line) => serde_json::from_str(&line).unwrap_or_else(|e| panic!("{line}: {e}")),
            Err(e) => {
                let _ = self.child.kill();
                panic!("no event from grundy play: {e}");
            }
        }
    }

    /// The next event, which must be of the given kind.
    fn expect(&mut self, kind: &str) -> Value {
        let event = self.next();
        assert_eq!(event["event"], kind, "{event}");
        event
    }

    fn say(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Waits for the program to end, which it must do cleanly.
    fn finish(mut self) {
        let status = self.child.wait().unwrap();
        assert!(status.success());
    }
}

/// How the person at the keyboard chooses a move.
#[derive(Clone, Copy)]
enum Player {
    /// Any legal move, chosen at random, typed as a number or a position.
    Random,
    /// Asks for a hint and plays a winning move when there is one.
    Perfect,
}

/// Plays one game to its end and returns the winner ("me" or "engine").
fn play_game(expr: &str, first: &str, seed: u64, player: Player) -> String {
    let limits = Limits::default();
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut game = Game::start(expr, first, seed);
    game.expect("start");
    loop {
        let event = game.next();
        match event["event"].as_str().unwrap() {
            "engine_moved" => {
                assert!(
                    event["reason"].as_str().unwrap().starts_with("G = "),
                    "{event}"
                );
            }
            "you_moved" => {}
            "your_turn" => {
                let position = Position::parse(event["position"].as_str().unwrap()).unwrap();
                let moves = analysis::moves(&position, &limits).unwrap();
                assert_eq!(event["moves"], moves.len());
                let mut pick = rng.below(moves.len());
                if let Player::Perfect = player {
                    game.say("hint");
                    let hint = game.expect("hint");
                    if let Some(first) = hint["winning_moves"].as_array().unwrap().first() {
                        pick = first["number"].as_u64().unwrap() as usize - 1;
                    }
                }
                if rng.below(2) == 0 {
                    game.say(&(pick + 1).to_string());
                } else {
                    game.say(&moves[pick].position.to_string());
                }
                let moved = game.expect("you_moved");
                let now = Position::parse(moved["position"].as_str().unwrap()).unwrap();
                assert_eq!(components(&now), components(&moves[pick].position));
            }
            "end" => {
                let winner = event["winner"].as_str().unwrap().to_string();
                game.finish();
                return winner;
            }
            other => panic!("unexpected event {other}: {event}"),
        }
    }
}

/// The components of a position, sorted: equal heaps may be moved in
/// either order, so `nim(0,0,3)` and `nim(3,0,0)` are the same move's result.
fn components(p: &Position) -> Vec<String> {
    let mut c: Vec<String> = p.components().iter().map(|c| p.component_text(c)).collect();
    c.sort();
    c
}

fn value(expr: &str) -> u64 {
    let p = Position::parse(expr).unwrap();
    analysis::value(&p, &Limits::default()).unwrap().0
}

/// P-positions (checked below): whoever moves first loses.
const P_POSITIONS: &[&str] = &[
    "nim(1,2,3)",
    "nim(3,5,6)",
    "sub{1,3,4}(7)",
    "sub{2,5,6}(9) + nim(2)",
    "wythoff(3,5)",
    "allbut{2,3,7}(6) + nim(2)",
    "grid(4,4) + sub{fib}(10)",
];

/// N-positions: whoever moves first wins.
const N_POSITIONS: &[&str] = &[
    "nim(3,5,7)",
    "sub{2,5,6}(9) + nim(3)",
    "wythoff(4,6)",
    "grid(5,3)",
    "allbut{2,3,7}(9)",
    "sub{squares}(20) + nim(1,4)",
];

/// Asserts the engine wins `expr` against random players of several seeds.
fn assert_engine_wins(expr: &str, first: &str) {
    for seed in 0..4 {
        let winner = play_game(expr, first, seed, Player::Random);
        assert_eq!(winner, "engine", "{expr}, {first} first, seed {seed}");
    }
}

#[test]
fn engine_moving_second_from_p_positions_never_loses() {
    for expr in P_POSITIONS {
        assert_eq!(value(expr), 0, "{expr} must be a P-position");
        assert_engine_wins(expr, "me");
        // Even a player who takes every hint loses from a P-position.
        assert_eq!(
            play_game(expr, "me", 99, Player::Perfect),
            "engine",
            "{expr}"
        );
    }
}

#[test]
fn engine_moving_first_from_n_positions_always_wins() {
    for expr in N_POSITIONS {
        assert_ne!(value(expr), 0, "{expr} must be an N-position");
        assert_engine_wins(expr, "engine");
    }
}

#[test]
fn a_player_who_follows_the_hints_wins_from_n_positions() {
    // The opponent does not cheat: the winning moves `hint` shows do win.
    for expr in N_POSITIONS {
        assert_eq!(play_game(expr, "me", 7, Player::Perfect), "me", "{expr}");
    }
}

/// Runs `grundy play` with all of `input` piped at once, in text mode.
fn transcript(args: &[&str], input: &str) -> (String, String, Option<i32>) {
    let out = super::common::grundy_with_input(&[&["play"], args].concat(), input);
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code(),
    )
}

/// From a P-position (sub{2,5,6}(20) = *2 beside nim(2)) a script typing
/// `1` every turn cannot win.
#[test]
fn a_script_that_always_plays_move_1_loses() {
    assert_eq!(value("sub{2,5,6}(20) + nim(2)"), 0);
    let (out, err, code) = transcript(
        &["--first", "me", "--seed", "3", "sub{2,5,6}(20) + nim(2)"],
        &"1\n".repeat(40),
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.trim_end().ends_with("You have no move left. I win."),
        "{out}"
    );
    assert!(out.contains("I move"), "{out}");
    assert!(out.contains("  sub{2,5,6}(20)  ● ● ● ● ●"), "{out}");
}

#[test]
fn illegal_moves_are_refused_with_the_reason_and_play_goes_on() {
    let input = "17\nnim(3,5,9)\nnim(2,4,7)\nnim(3,\nmoves\nhint\nnim(3,5,6)\nquit\n";
    let (out, err, code) = transcript(&["--first", "me", "--seed", "1", "nim(3,5,7)"], input);
    assert_eq!(code, Some(0), "{err}");
    for reason in [
        "Refused: there is no move 17: the moves are numbered 1 to 15",
        "Refused: nim(7) cannot become nim(9) in one move; it can become nim(6), nim(5)",
        "Refused: that changes nim(3) and nim(5); a move changes one component only",
        "Refused: expected a number or an expression, found the end of the input at column 7",
        "Hint: G = *3 ⊕ *5 ⊕ *7 = *1 ≠ 0",
        "You move nim(7) to nim(6): the position is nim(3,5,6).",
        "You resign. I win.",
    ] {
        assert!(out.contains(reason), "missing {reason:?} in\n{out}");
    }
    // The list of moves is numbered from 1.
    assert!(out.contains("  1. nim(3) → nim(2)"), "{out}");
    assert!(out.contains(" 15. nim(7) → nim(0)"), "{out}");
}

#[test]
fn end_of_input_stops_the_game_cleanly() {
    let (out, err, code) = transcript(&["--first", "me", "nim(3,5,7)"], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("Input ended; the game stops unfinished."),
        "{out}"
    );
    // Without --first the game asks, and reads the answer from the input.
    let (out, _, code) = transcript(&["--seed", "2", "nim(1,2)"], "maybe\nengine\n");
    assert_eq!(code, Some(0));
    assert!(out.contains("Refused: type `me` or `engine`."), "{out}");
    assert!(out.contains("I move nim(2) to nim(1)"), "{out}");
}

#[test]
fn a_bad_position_is_an_error_before_the_game() {
    let (out, err, code) = transcript(&["--first", "me", "nim(3,"], "");
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with("grundy: ") && err.contains("column 7"),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1);
    assert!(out.is_empty());
}
