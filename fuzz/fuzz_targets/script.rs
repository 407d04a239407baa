//! Script compilation: syntax errors and missing functions are errors.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = grundy::script::Script::compile("fuzz.rhai", text.to_string());
    }
});
