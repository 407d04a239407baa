//! Parse and analyse under small limits: an answer or an error, never a
//! panic, a hang or an out-of-memory kill.
#![no_main]

use grundy::analysis::{self, Method};
use grundy::expr::Play;
use grundy::limits::Deadline;
use grundy::Limits;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let limits = Limits::default()
        .with_max_positions(10_000)
        .with_max_moves(1_000)
        .with_max_heap(100_000)
        .with_deadline(Some(Deadline::after_seconds(2)))
        .with_max_memory(256 << 20)
        .with_threads(1);
    // Through the front door, as every face calls it: the wrappers
    // (`misere(...)`, `every(...)`) choose the convention.
    if let Ok(p) = analysis::parse(text, Play::Normal, &limits) {
        let _ = analysis::analyze(&p.position, p.play, Method::Auto, &limits);
        let _ = analysis::moves(&p.position, p.play, Method::Auto, &limits);
    }
});
