//! Any bytes as a scenario file: a located error or a scenario that sets up a game.
#![no_main]

use drumfire_core::game::Game;
use drumfire_core::scenario;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match scenario::parse("fuzz.ron", text, &drumfire_core::rules::ALL) {
        Ok(s) => {
            let mut game = Game::new(&s, 1);
            let _ = game.state_hash();
        }
        Err(errors) => {
            assert!(!errors.is_empty());
            for e in errors {
                assert!(e.line >= 1 && e.col >= 1 && e.file == "fuzz.ron", "{e}");
            }
        }
    }
});
