//! Any bytes as a save file: a located error, or a save that replays to its hash or
//! to a reported divergence.
#![no_main]

use drumfire_core::save;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match save::parse("fuzz.save.ron", text, &drumfire_core::rules::ALL) {
        Ok(s) => {
            let _ = save::replay(&s).1;
        }
        Err(errors) => {
            assert!(!errors.is_empty());
            for e in errors {
                assert!(e.line >= 1 && e.col >= 1 && e.file == "fuzz.save.ron", "{e}");
            }
        }
    }
});
