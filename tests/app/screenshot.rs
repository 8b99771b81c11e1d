//! Opens the real window under Xvfb with software Vulkan, saves a PNG and
//! checks that the map and the panels are on it. Needs `xvfb-run` and Mesa's
//! Vulkan driver, so it is ignored by a plain `cargo test`; `.ci/run` runs it
//! with `cargo test --test app -- --ignored`.

use std::process::Command;

use crate::common::{colours, count_near};

#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn the_window_shows_the_map_counters_and_panels() {
    let out_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    std::fs::create_dir_all(&out_dir).unwrap();
    let png = out_dir.join("default.png");
    let _ = std::fs::remove_file(&png);
    let status = Command::new("xvfb-run")
        .env("DRUMFIRE_DATA", crate::common::data_dir())
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_drumfire"))
        .args(["--select", "0706", "--screenshot"])
        .arg(&png)
        .status()
        .expect("xvfb-run must be installed (apt-get install xvfb mesa-vulkan-drivers libvulkan1)");
    assert!(status.success(), "drumfire exited with {status}");
    let img = image::open(&png).expect("a PNG was written").to_rgba8();
    assert_eq!((img.width(), img.height()), (1280, 800));

    // Not blank: many distinct colours.
    let colours = colours(&img);
    assert!(
        colours > 200,
        "only {colours} colours: the window looks blank"
    );

    // The map: clear terrain (200, 204, 146) and woods (84, 122, 64) cover real areas.
    let total = (img.width() * img.height()) as usize;
    let clear = count_near(&img, [200, 204, 146], 12);
    let woods = count_near(&img, [84, 122, 64], 14);
    assert!(
        clear > total / 20,
        "clear terrain covers only {clear} pixels: the map is missing"
    );
    assert!(woods > total / 200, "woods cover only {woods} pixels");
    // Counters: the German and British side colours.
    assert!(
        count_near(&img, [143, 163, 179], 8) > 2_000,
        "German counters missing"
    );
    assert!(
        count_near(&img, [201, 173, 116], 8) > 2_000,
        "British counters missing"
    );
}

/// `drumfire edit`: the map drawn by the board, the terrain brush with a swatch per
/// terrain of the rule set, the forces palette, and the live checks.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn the_editor_shows_the_map_the_terrain_brush_and_the_palette() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out_dir = root.join("target/screenshots");
    std::fs::create_dir_all(&out_dir).unwrap();
    let png = out_dir.join("editor.png");
    let _ = std::fs::remove_file(&png);
    let scenario = out_dir.join("editor-marcoing.ron");
    std::fs::copy(
        root.join("scenarios/great_war/marcoing_ridge.ron"),
        &scenario,
    )
    .unwrap();
    let status = Command::new("xvfb-run")
        .env("DRUMFIRE_DATA", crate::common::data_dir())
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_drumfire"))
        .arg("edit")
        .arg(&scenario)
        .arg("--screenshot")
        .arg(&png)
        .status()
        .expect("xvfb-run must be installed (apt-get install xvfb mesa-vulkan-drivers libvulkan1)");
    assert!(status.success(), "drumfire edit exited with {status}");
    let img = image::open(&png).expect("a PNG was written").to_rgba8();
    assert_eq!((img.width(), img.height()), (1280, 800));
    assert!(colours(&img) > 200, "the editor looks blank");
    let total = (img.width() * img.height()) as usize;
    assert!(
        count_near(&img, [200, 204, 146], 12) > total / 20,
        "the map is missing"
    );
    // The brush: a swatch of every Great War terrain in the tools panel.
    let panel = image::imageops::crop_imm(&img, 0, 0, 270, 800).to_image();
    for (name, rgb) in [
        ("clear", [200, 204, 146]),
        ("woods", [84, 122, 64]),
        ("town", [178, 160, 142]),
        ("orchard", [160, 184, 104]),
        ("marsh", [132, 160, 146]),
        ("craters", [160, 142, 112]),
    ] {
        assert!(
            count_near(&panel, rgb, 2) >= 150,
            "no {name} swatch in the terrain brush"
        );
    }
    // The original file is untouched until saved.
    assert_eq!(
        std::fs::read_to_string(&scenario).unwrap(),
        std::fs::read_to_string(root.join("scenarios/great_war/marcoing_ridge.ron")).unwrap()
    );
}

/// A game of the Portable rules: a British company selected in
/// `tests/data/portable_skirmish.ron`, with the hexes it can reach shaded, the Zulu
/// units it can fire at ringed, its orders with their exact odds, and every
/// counter's facing chevron.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn a_portable_game_shows_reach_targets_and_facing() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let out_dir = root.join("target/screenshots");
    std::fs::create_dir_all(&out_dir).unwrap();
    let png = out_dir.join("portable.png");
    let _ = std::fs::remove_file(&png);
    let status = Command::new("xvfb-run")
        .env("DRUMFIRE_DATA", crate::common::data_dir())
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_drumfire"))
        .arg("play")
        .arg(root.join("tests/data/portable_skirmish.ron"))
        .args(["--seed", "1", "--select", "0404", "--screenshot"])
        .arg(&png)
        .status()
        .expect("xvfb-run must be installed (apt-get install xvfb mesa-vulkan-drivers libvulkan1)");
    assert!(status.success(), "drumfire exited with {status}");
    let img = image::open(&png).expect("a PNG was written").to_rgba8();
    assert!(colours(&img) > 200, "the window looks blank");
    assert!(
        count_near(&img, [192, 80, 60], 8) > 2_000,
        "British counters missing"
    );
    assert!(
        count_near(&img, [154, 123, 79], 8) > 2_000,
        "Zulu counters missing"
    );
    assert!(
        count_near(&img, [242, 217, 51], 12) > 100,
        "no facing chevrons"
    );
    // Five reachable hexes shaded blue over the open ground.
    let shaded = count_near(&img, [179, 181, 182], 6);
    assert!(
        shaded > 5_000,
        "reachable hexes not shaded ({shaded} pixels)"
    );
}

/// Left alone, the window rests: it draws when something happens, not over and over.
/// Over three seconds with no input after it settles it may wake for the periodic
/// update (every five seconds) but not more; drawing continuously it drew hundreds.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn the_window_draws_nothing_while_nobody_touches_it() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("xvfb-run")
        .env("DRUMFIRE_DATA", crate::common::data_dir())
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_drumfire"))
        .arg("play")
        .arg(root.join("scenarios/great_war/agache_valley.ron"))
        .args(["--select", "1716", "--idle-frames", "3"])
        .output()
        .expect("xvfb-run must be installed");
    assert!(
        output.status.success(),
        "drumfire exited with {}",
        output.status
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let frames: usize = stdout
        .lines()
        .find_map(|l| l.strip_prefix("idle frames: "))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no idle frame count in {stdout}"));
    assert!(frames <= 1, "{frames} frames drawn in 3 s with no input");
}
