//! The expression parser and resolver on arbitrary text: errors, no panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = grundy::expr::Position::parse(text);
        let _ = grundy::expr::Played::parse(text);
    }
});
