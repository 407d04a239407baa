//! Prints the values of Lasker's Nim and the winning moves of a position.
//!
//! ```text
//! cargo run -p grundy-example-custom-game -- 2 5 7
//! ```

use grundy::{Config, Solver};
use grundy_example_custom_game::{LaskersNim, position};

fn main() -> std::process::ExitCode {
    let heaps: Result<Vec<u64>, _> = std::env::args().skip(1).map(|a| a.parse::<u64>()).collect();
    let heaps = match heaps {
        Ok(h) if !h.is_empty() => h,
        Ok(_) => vec![2, 5, 7],
        Err(e) => {
            eprintln!("custom-game: heap sizes must be non-negative numbers ({e})");
            return std::process::ExitCode::from(2);
        }
    };
    let mut solver = Solver::new(LaskersNim, Config::default());
    let table: Vec<String> = (0..=16)
        .map(|n| solver.value(&vec![n]).map(|v| v.0.to_string()))
        .collect::<Result<_, _>>()
        .expect("single heaps have a formula");
    println!("Lasker's Nim, G(0..=16): {}", table.join(" "));
    let p = position(&heaps);
    match solver
        .value(&p)
        .and_then(|v| solver.winning_moves(&p).map(|w| (v, w)))
    {
        Ok((value, winning)) => {
            println!(
                "heaps {heaps:?}: value {value:#}, {}",
                grundy::Outcome::of(value).describe()
            );
            for w in winning {
                println!("  winning move: to {w:?}");
            }
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("custom-game: {e}");
            std::process::ExitCode::from(2)
        }
    }
}
