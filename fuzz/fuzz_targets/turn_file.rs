//! Any bytes as a turn file that came by e-mail, opened by the player it is sent to
//! (both players' folders are made once, at the start of a game between fixed
//! secrets): a located error or a file that opens; nothing panics, nothing is written.
#![no_main]

#[path = "common.rs"]
mod common;

use drumfire_net::post;
use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The two players' folders: side 1 has sent its invitation, side 2 has joined.
fn folders() -> &'static [PathBuf; 2] {
    static DIRS: OnceLock<[PathBuf; 2]> = OnceLock::new();
    DIRS.get_or_init(|| {
        let root = std::env::temp_dir().join(format!("drumfire-fuzz-post-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let dirs = [root.join("a"), root.join("b")];
        let scenario = root.join("ukhozi_drift.ron");
        std::fs::create_dir_all(&root).expect("a temporary folder");
        std::fs::write(
            &scenario,
            include_str!("../../scenarios/portable/ukhozi_drift.ron"),
        )
        .expect("the scenario written");
        let invitation = post::start(&scenario, 0, &dirs[0], Some([1; 32])).expect("a game");
        let mut joined =
            post::open("invitation", invitation, &dirs[1], Some([2; 32])).expect("joined");
        joined.finish().expect("the answer kept");
        dirs
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let dirs = folders();
    match post::read_text("fuzz.turn.ron", text) {
        Ok(file) => {
            let to = usize::from(file.to.min(1));
            // A player joining by this file gets the fixed secret (whose chain is kept
            // built), not a fresh one: a chain takes 2^20 hashes.
            let _ = post::open("fuzz.turn.ron", file, &dirs[to], Some([3; 32]));
        }
        Err(e) => assert!(e.starts_with("fuzz.turn.ron:"), "{e}"),
    }
});
