//! Octal and hexadecimal codes: `octal[...]` and `hex[...]` terms.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(code) = std::str::from_utf8(data) {
        let _ = grundy::heap::octal::Code::parse(code, code, 1, false);
        let _ = grundy::heap::octal::Code::parse(code, code, 1, true);
    }
});
