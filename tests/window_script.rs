//! Plays scripts of UI steps through the real window in its scripted-input mode
//! (`--script FILE`): the tutorial's first turns, and Marcoing Ridge's Artillery
//! Plans in hot seat. Checks the screenshots and the words on screen, and that the
//! save the window wrote replays headless to the same state hash. Needs Xvfb and
//! Mesa's Vulkan driver, so it is ignored by a plain `cargo test`; `.ci/run` runs it
//! with `cargo test --test window_script -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::{colours, count_near};

/// Runs a script in the window (on `scenario`, or the default one) and returns the
/// folder of its screenshots.
fn run_script(scenario: Option<&str>, seed: u64, script: &str, shots: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shots = root.join(shots);
    let _ = std::fs::remove_dir_all(&shots);
    let mut command = Command::new("xvfb-run");
    command
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_drumfire"));
    if let Some(s) = scenario {
        command.arg("play").arg(root.join(s));
    }
    let status = command
        .args(["--seed", &seed.to_string(), "--script"])
        .arg(root.join(script))
        .arg("--shots")
        .arg(&shots)
        .current_dir(root)
        .status()
        .expect("xvfb-run must be installed (apt-get install xvfb mesa-vulkan-drivers libvulkan1)");
    assert!(status.success(), "drumfire exited with {status}");
    shots
}

#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn the_tutorial_plays_through_the_window_to_the_same_hash_as_headless() {
    let shots = run_script(
        None,
        7,
        "tests/data/tutorial_script.txt",
        "target/screenshots/script",
    );

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

/// Marcoing Ridge in hot seat (`tests/data/marcoing_plan_script.txt`): the German
/// sheet filled in with the map's overlay, a refusal, the hand-off screen, the
/// British view, the bombardment, and the German filed plan read back. The words
/// each screen shows (`dump-view`) prove the British never see the German plan
/// before it fires; the save hides both plans and replays to the same hash.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn the_artillery_plan_sheet_is_filled_in_and_kept_from_the_other_side() {
    let shots = run_script(
        Some("scenarios/great_war/marcoing_ridge.ron"),
        3,
        "tests/data/marcoing_plan_script.txt",
        "target/screenshots/marcoing",
    );
    let picture = |name: &str| {
        let path = shots.join(format!("{name}.png"));
        let img = image::open(&path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .to_rgba8();
        assert_eq!((img.width(), img.height()), (1280, 800), "{name}");
        img
    };
    let words = |name: &str| {
        std::fs::read_to_string(shots.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    // The filled-in sheet over a drawn map, with the plotted fire's red labels.
    let red = |img: &image::RgbaImage| count_near(img, [184, 20, 10], 8);
    for name in ["10-sheet", "12-drumfire", "14-british", "16-filed"] {
        let img = picture(name);
        assert!(colours(&img) > 200, "{name} looks blank");
        assert!(
            red(&img) > 300,
            "{name}: no plotted fire on the map ({})",
            red(&img)
        );
    }
    assert!(picture("11-refused") != picture("12-drumfire"));
    // The hand-off screen hides the whole table.
    let handoff = picture("13-handoff");
    let dark = count_near(&handoff, [24, 26, 24], 3);
    assert!(
        dark > 1280 * 800 * 95 / 100,
        "the hand-off screen shows the table ({dark} dark pixels)"
    );

    let german = words("german.txt");
    assert!(german.starts_with("sheet: German\n"), "{german}");
    assert!(
        german.contains("map: T2: 24 DRUMFIRE / Fussartillerie howitzers / FAR 10, I. Abteilung"),
        "{german}"
    );
    assert!(
        german.contains("sheet line: 1./FAR 10 Move { destination: \"0610\" }"),
        "{german}"
    );
    assert_eq!(words("handoff.txt"), "hand-off screen: British\n");
    assert_eq!(words("plan-handoff.txt"), "hand-off screen: German\n");
    let british = words("british.txt");
    assert!(british.starts_with("sheet: British\n"), "{british}");
    for secret in ["Fussartillerie", "FAR 10", "1608", "1403", "2008"] {
        assert!(
            !british.contains(secret),
            "the British view shows `{secret}`:\n{british}"
        );
    }
    let filed = words("german-filed.txt");
    assert!(filed.starts_with("sheet: German\n"), "{filed}");
    assert!(
        filed.contains("map: T1: 14 / Fussartillerie howitzers"),
        "{filed}"
    );

    let text = std::fs::read_to_string(shots.join("save.ron")).unwrap();
    let orders = &text[text.find("orders:").unwrap()..];
    assert_eq!(orders.matches("SealedPlan(").count(), 2);
    assert!(!orders.contains("1403"), "{orders}");
    let save = drumfire_core::save::parse("save.ron", &text).unwrap_or_else(|e| panic!("{}", e[0]));
    let (_, replayed) = drumfire_core::save::replay(&save);
    assert_eq!(replayed, Ok(save.state_hash));
}
