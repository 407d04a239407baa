//! Game-graph files (edge lists and JSON), read through the size-capped
//! reader.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let path = std::env::temp_dir().join(format!("grundy-fuzz-graph-{}.txt", std::process::id()));
    if std::fs::write(&path, data).is_ok() {
        let _ = grundy::graph::GraphFamily::open(&path.to_string_lossy(), 1 << 20);
    }
});
