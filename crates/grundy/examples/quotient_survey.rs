//! The misère quotients of every octal game with at most three code digits
//! after the point (and 4.7), each grown heap by heap to a heap bound or
//! until a limit stops it, printed as a Markdown table: how far it got,
//! `|Q|`, `|P|`, tame or wild, the period of `Φ` when one is seen (proved
//! or observed), and the seconds taken.
//!
//! ```text
//! cargo run --release -p grundy --example quotient_survey -- [TO] [SECONDS] [MEMORY_MIB]
//! ```
//!
//! `TO` (default 30) is the largest heap; `SECONDS` (default 2) and
//! `MEMORY_MIB` (default 1024) bound each game. `benches/quotients.sh` runs
//! it; docs/MISERE.md holds the table it printed.

use std::time::Instant;

use grundy::Limits;
use grundy::heap::octal::{Code, TakeBreak};
use grundy::limits::Deadline;
use grundy::misere::quotient::{Quotient, Status};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("arguments are whole numbers"))
        .collect();
    let to = args.first().copied().unwrap_or(30);
    let seconds = args.get(1).copied().unwrap_or(2);
    let memory = args.get(2).copied().unwrap_or(1024) << 20;

    let mut codes: Vec<String> = Vec::new();
    for digits in 1..512u32 {
        let text: String = format!("{:03o}", digits);
        // 0.d1d2d3 with trailing zeros is the shorter code: listed once.
        codes.push(format!("0.{}", text.trim_end_matches('0')));
    }
    codes.push("4.7".to_string());

    println!("| code | heaps | order | \\|P\\| | tame | period of Φ | seconds | stopped by |");
    println!("|---|---|---|---|---|---|---|---|");
    let started = Instant::now();
    let (mut finished, mut proved) = (0, 0);
    for code in &codes {
        let parsed = Code::parse(code, code, 1, false).expect("survey codes parse");
        let limits = Limits::default()
            .with_max_memory(memory)
            .with_deadline(Some(Deadline::after_seconds(seconds)));
        let mut q = Quotient::new(TakeBreak::new(parsed));
        let clock = Instant::now();
        let stopped = q.extend_to(to, &limits).err();
        let took = clock.elapsed().as_secs_f64();
        let r = q.report();
        let period = match &r.period {
            Some(p) => {
                let how = if p.status == Status::Proved {
                    proved += 1;
                    "proved"
                } else {
                    "observed"
                };
                format!("{} from {} ({how})", p.period, p.preperiod)
            }
            None => "—".to_string(),
        };
        let tame = if r.tame.tame { "tame" } else { "wild" };
        let why = match &stopped {
            Some(e) => e.to_string().replace('|', "\\|"),
            None => {
                finished += 1;
                String::new()
            }
        };
        println!(
            "| {code} | 0..={} | {} | {} | {tame} | {period} | {took:.2} | {why} |",
            r.heaps, r.order, r.p_count
        );
    }
    eprintln!(
        "{} games, {finished} to heap {to}, {proved} with a proved period, in {:.0} s",
        codes.len(),
        started.elapsed().as_secs_f64()
    );
}
