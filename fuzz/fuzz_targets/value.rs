//! Parse and analyse under small limits: an answer or an error, never a
//! panic, a hang or an out-of-memory kill.
#![no_main]

use grundy::Limits;
use grundy::limits::Deadline;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let limits = Limits {
        max_positions: 10_000,
        max_moves: 1_000,
        max_heap: 100_000,
        deadline: Some(Deadline::after_seconds(2)),
        max_memory: 256 << 20,
        threads: 1,
        ..Limits::default()
    };
    if let Ok(p) = grundy::expr::Position::parse(text) {
        let _ = grundy::analyze(&p, &limits);
    }
});
