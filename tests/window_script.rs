//! Plays the tutorial's first turns through the real window in its scripted-input
//! mode (`--script tests/data/tutorial_script.txt`): select the Major and see his
//! chain, pick a move among the reachable hexes, aim a fire and read the odds, fire
//! and read the combat dialog, then the log. Checks that every screenshot shows a
//! real picture, and that the save the window wrote replays headless to the same
//! state hash. Needs Xvfb and Mesa's Vulkan driver, so it is ignored by a plain
//! `cargo test`; `.ci/run` runs it with `cargo test --test window_script -- --ignored`.

use std::process::Command;

mod common;
use common::{colours, count_near};

#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn the_tutorial_plays_through_the_window_to_the_same_hash_as_headless() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let shots = root.join("target/screenshots/script");
    let _ = std::fs::remove_dir_all(&shots);
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_drumfire"))
        .args(["--seed", "7", "--script"])
        .arg(root.join("tests/data/tutorial_script.txt"))
        .arg("--shots")
        .arg(&shots)
        .current_dir(root)
        .status()
        .expect("xvfb-run must be installed (apt-get install xvfb mesa-vulkan-drivers libvulkan1)");
    assert!(status.success(), "drumfire exited with {status}");

    let mut pictures = Vec::new();
    for name in ["01-chain", "02-reachable", "03-odds", "04-combat", "05-log"] {
        let path = shots.join(format!("{name}.png"));
        let img = image::open(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .to_rgba8();
        assert_eq!((img.width(), img.height()), (1280, 800), "{name}");
        assert!(colours(&img) > 200, "{name} looks blank");
        pictures.push((name, img));
    }
    // The reachable hexes are shaded blue over the map.
    let (_, reach) = &pictures[1];
    let (_, chain) = &pictures[0];
    let blue = |img: &image::RgbaImage| count_near(img, [174, 184, 180], 6);
    assert!(
        blue(reach) > blue(chain) + 5_000,
        "no blue shading of reachable hexes ({} vs {})",
        blue(reach),
        blue(chain)
    );
    // Each step changed the picture.
    for w in pictures.windows(2) {
        assert!(
            w[0].1 != w[1].1,
            "{} and {} are the same picture",
            w[0].0,
            w[1].0
        );
    }

    // The window's game replays headless to the hash the window recorded.
    let save_path = shots.join("game.ron");
    let text = std::fs::read_to_string(&save_path).unwrap();
    let save = drumfire_core::save::parse("game.ron", &text).unwrap_or_else(|e| panic!("{}", e[0]));
    assert!(
        save.file.orders.len() >= 8,
        "only {} orders were played",
        save.file.orders.len()
    );
    let (_, replayed) = drumfire_core::save::replay(&save);
    assert_eq!(replayed, Ok(save.state_hash));
}
