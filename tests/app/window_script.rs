//! Plays scripts of UI steps through the real window in its scripted-input mode
//! (`--script FILE`): the tutorial's first turns, and Marcoing Ridge's Artillery
//! Plans in hot seat. Checks the screenshots and the words on screen, and that the
//! save the window wrote replays headless to the same state hash. Needs Xvfb and
//! Mesa's Vulkan driver, so it is ignored by a plain `cargo test`; `.ci/run` runs it
//! with `cargo test --test app -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{colours, count_near};

mod rule_sets;
use rule_sets::replays_to_its_hash;

/// Runs a script in the window (on `scenario`, or the default one) and returns the
/// folder of its screenshots.
fn run_script(scenario: Option<&str>, seed: u64, script: &str, shots: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shots = root.join(shots);
    let _ = std::fs::remove_dir_all(&shots);
    let mut command = Command::new("xvfb-run");
    command.env("DRUMFIRE_DATA", crate::common::data_dir());
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
    let save = drumfire_core::save::parse("game.ron", &text, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
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
    let picture = |name: &str| crate::common::picture(&shots, name);
    let words = |name: &str| {
        std::fs::read_to_string(shots.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    // The filled-in sheet over a drawn map (the whole map: the script presses Home),
    // with the plotted fire's red labels.
    let red = |img: &image::RgbaImage| count_near(img, [184, 20, 10], 8);
    for name in ["10-sheet", "12-drumfire", "14-british", "16-filed"] {
        let img = picture(name);
        assert!(colours(&img) > 200, "{name} looks blank");
        assert!(
            red(&img) > 150,
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
    // The Germans planned over the whole map; the table comes to the British framed on
    // their own pieces at a zoom names read at: most of them in view (their rows are
    // taller than the view), no German piece.
    let in_view = |text: &str| -> Vec<(String, usize, usize)> {
        let line = text
            .lines()
            .find_map(|l| l.strip_prefix("pieces in view: "))
            .unwrap_or_else(|| panic!("no pieces in view in\n{text}"));
        line.split(", ")
            .map(|side| {
                let (name, counts) = side.split_once(' ').unwrap();
                let (shown, all) = counts.split_once(" of ").unwrap();
                (
                    name.to_owned(),
                    shown.parse().unwrap(),
                    all.parse().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(
        in_view(&german),
        [("German".into(), 18, 18), ("British".into(), 13, 13)]
    );
    assert_eq!(
        in_view(&british),
        [("German".into(), 0, 18), ("British".into(), 11, 13)]
    );
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
    let save = drumfire_core::save::parse("save.ron", &text, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    let (_, replayed) = drumfire_core::save::replay(&save);
    assert_eq!(replayed, Ok(save.state_hash));
}

/// Table mode (`tests/data/table_script.txt`): the tutorial opened by the rules and
/// switched to the table, where a counter goes into the enemy's hex, a unit flips,
/// markers go on and off, a piece leaves the map and comes back, dice are rolled and
/// the turn marker moves on. The rules-off banner and the orange frame show; the log
/// names every hand move; the save says it is a table game and replays headless to
/// the same hash, as does the autosave kept when switching back to the rules.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn a_table_session_in_the_window_saves_and_replays_to_the_same_hash() {
    let shots = run_script(
        Some("scenarios/great_war/tutorial.ron"),
        5,
        "tests/data/table_script.txt",
        "target/screenshots/table",
    );
    let picture = |name: &str| crate::common::picture(&shots, name);
    let orange = |img: &image::RgbaImage| count_near(img, [240, 150, 40], 6);
    for name in ["01-table", "02-hand-moves", "03-rules-again"] {
        assert!(colours(&picture(name)) > 200, "{name} looks blank");
    }
    let (table, moved, rules) = (
        picture("01-table"),
        picture("02-hand-moves"),
        picture("03-rules-again"),
    );
    assert!(
        orange(&table) > 8_000,
        "no rules-off frame ({})",
        orange(&table)
    );
    assert!(orange(&moved) > 8_000);
    assert!(
        orange(&rules) < 200,
        "the rules game still looks like the table ({})",
        orange(&rules)
    );
    assert!(table != moved);

    let view = std::fs::read_to_string(shots.join("table-view.txt")).unwrap();
    let log: Vec<&str> = view
        .lines()
        .filter_map(|l| l.strip_prefix("log: "))
        .collect();
    assert_eq!(
        log[1..],
        [
            "Table mode: rules enforcement is off. Pieces move by hand; nothing is checked.",
            "Turn 1 begins.",
            "By hand: 1./IR 71 to 0706.",
            "By hand: A/1 Wessex flipped.",
            "By hand: DISR marker on MG/1 Wessex.",
            "By hand: Drumfire marker placed in 0805.",
            "By hand: D/1 Wessex taken off the map.",
            "Dice, dice tray: 2, 1, 6",
            "Turn 2 begins.",
            "By hand: D/1 Wessex to 1107.",
            "By hand: DISR marker off MG/1 Wessex.",
        ]
    );

    let text = std::fs::read_to_string(shots.join("table.ron")).unwrap();
    let save = drumfire_core::save::parse("table.ron", &text, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    assert!(save.file.table);
    assert_eq!(save.file.orders.len(), 9);
    let (_, replayed) = drumfire_core::save::replay(&save);
    assert_eq!(replayed, Ok(save.state_hash));
    // Switching back to the rules kept the table session in its autosave.
    let kept = std::fs::read_to_string(
        crate::common::data_dir().join("saves/tutorial.table-autosave.ron"),
    )
    .unwrap();
    let kept = drumfire_core::save::parse("kept.ron", &kept, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    assert_eq!(kept.state_hash, save.state_hash);
    assert_eq!(drumfire_core::save::replay(&kept).1, Ok(save.state_hash));
}

/// Stands lost one by one (`tests/data/stands_script.txt`): two companies of the
/// tutorial made of stands, stands taken off and one put back by hand at the table,
/// each move in the log in words.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn stands_are_lost_and_put_back_by_hand_and_shown() {
    let shots = run_script(
        Some("tests/data/stands.ron"),
        3,
        "tests/data/stands_script.txt",
        "target/screenshots/stands",
    );
    let picture = crate::common::picture(&shots, "01-stands");
    assert!(colours(&picture) > 200, "the stands picture looks blank");
    let view = std::fs::read_to_string(shots.join("stands-view.txt")).unwrap();
    let log: Vec<&str> = view
        .lines()
        .filter_map(|l| l.strip_prefix("log: "))
        .filter(|l| l.starts_with("By hand"))
        .collect();
    assert_eq!(
        log,
        [
            "By hand: A/1 Wessex loses stand 2.",
            "By hand: A/1 Wessex loses stand 3.",
            "By hand: A/1 Wessex loses stand 5.",
            "By hand: 1./IR 71 loses stand 4.",
            "By hand: A/1 Wessex gets back stand 3.",
        ]
    );
}

/// A refused move in the tutorial shows its reason on the phase bar with a Rules button
/// (`tests/data/look_up_script.txt`); pressed, it opens the rules window over the map at
/// the rules whose words best match the refusal.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn a_refusal_is_looked_up_in_the_rules_window() {
    let shots = run_script(
        None,
        7,
        "tests/data/look_up_script.txt",
        "target/screenshots/look_up",
    );
    let picture = |name: &str| {
        image::open(shots.join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .to_rgba8()
    };
    let (refused, rules) = (picture("01-refused.png"), picture("02-rules.png"));
    assert!(
        amber(&refused, 20..45) > 200,
        "the refusal is on the phase bar"
    );
    // The rules window covers the middle of the map: its dark panel where the map was.
    let changed = (300..950)
        .flat_map(|x| (150..600).map(move |y| (x, y)))
        .filter(|&(x, y)| refused.get_pixel(x, y) != rules.get_pixel(x, y))
        .count();
    assert!(
        changed > 150_000,
        "the rules window opened ({changed} pixels changed)"
    );
}

/// Pixels of the amber that refusals are written in, in rows `rows` of the window.
fn amber(img: &image::RgbaImage, rows: std::ops::Range<u32>) -> usize {
    (0..img.width())
        .flat_map(|x| rows.clone().map(move |y| (x, y)))
        .filter(|&(x, y)| {
            let p = img.get_pixel(x, y).0;
            (i32::from(p[0]) - 235).abs() < 30 && (i32::from(p[1]) - 190).abs() < 30 && p[2] < 130
        })
        .count()
}

/// In Ukhozi Drift (`tests/data/out_of_reach_script.txt`), pointing a selected Zulu
/// unit at a hex it cannot reach says why on the bottom bar, in the rules' own words;
/// clicking the hex puts the reason on the phase bar and keeps the unit selected.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn a_hex_out_of_reach_says_why_on_hover_and_on_a_click() {
    let shots = run_script(
        Some("scenarios/portable/ukhozi_drift.ron"),
        3,
        "tests/data/out_of_reach_script.txt",
        "target/screenshots/out_of_reach",
    );
    let picture = |name: &str| {
        image::open(shots.join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}"))
            .to_rgba8()
    };
    let (hover, clicked) = (picture("01-hover.png"), picture("02-clicked.png"));
    assert!(
        amber(&hover, 685..705) > 300,
        "the reason on the bottom bar"
    );
    assert!(amber(&hover, 20..45) < 50, "nothing on the phase bar yet");
    assert!(amber(&clicked, 20..45) > 300, "the reason on the phase bar");
    // Still selected: the unit's frame in the side panel.
    assert!(
        crate::common::count_near(&clicked, [255, 215, 30], 12) > 300,
        "the unit is still selected"
    );
}

/// Orders shown on the board: a brigade glides over the hexes it moves, a fight draws
/// its line and shows the stands lost over its target, and a retreat runs; the game
/// played with the showing slow and with it off saves the same orders to the same hash.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn orders_shown_on_the_board_change_nothing_in_the_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let template = std::fs::read_to_string(root.join("tests/data/motion_script.txt")).unwrap();
    let mut saves = Vec::new();
    for (name, pace) in [("slow", "1.0"), ("off", "0.0")] {
        let out = root.join(format!("target/screenshots/motion-{name}"));
        let data = root.join(format!("target/test-data-motion-{name}"));
        let settings = format!("(order_pace: {pace})\n");
        let game = ["scenarios/napoleonic/lindenau.ron", "--seed", "4"];
        play_templated(&template, &game, &data, Some(&settings), &out);
        // Off, nothing is shown and the `showing` steps are passed over.
        if name == "slow" {
            let gliding = std::fs::read_to_string(out.join("gliding.txt")).unwrap();
            assert!(gliding.starts_with("Glide { piece: \"f_1\""), "{gliding}");
            let fighting = std::fs::read_to_string(out.join("fighting.txt")).unwrap();
            assert!(
                fighting.starts_with("Fire {") && fighting.contains("Brigade Dufour −2 stands"),
                "{fighting}"
            );
            // Combat inside a wood is fought at close quarters: the attackers close in.
            assert!(
                fighting
                    .lines()
                    .next()
                    .is_some_and(|l| l.contains("close: true")),
                "{fighting}"
            );
            // The retreat runs after the fight.
            assert!(
                fighting
                    .lines()
                    .nth(1)
                    .is_some_and(|l| l.starts_with("Glide { piece: \"f_1\"")),
                "{fighting}"
            );
            assert!(colours(&crate::common::picture(&out, "gliding")) > 200);
        }
        saves.push(out.join("game.ron"));
    }
    let [slow, off] = [&saves[0], &saves[1]].map(|path| {
        let text = std::fs::read_to_string(path).unwrap();
        drumfire_core::save::parse("game.ron", &text, &drumfire_core::rules::ALL)
            .unwrap_or_else(|e| panic!("{}", e[0]))
    });
    assert_eq!(slow.state_hash, off.state_hash);
    assert_eq!(slow.file.orders, off.file.orders);
    replays_to_its_hash(&saves[0]);
}

/// The Hard computer plays the Zulu side of Ukhozi Drift: while it thinks the bottom
/// bar shows how far it has got; the British player asks for a hint, which says what
/// the order does and what the look-ahead expects of it, and gives it; the game saved
/// replays to its hash with the hinted order in it.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn the_hard_computer_thinks_aside_and_a_hint_gives_its_order() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let template = std::fs::read_to_string(root.join("tests/data/hint_script.txt")).unwrap();
    let out = root.join("target/screenshots/hint");
    let data = root.join("target/test-data-hint");
    let game = [
        "scenarios/portable/ukhozi_drift.ron",
        "--seed",
        "3",
        "--players",
        "human,hard",
    ];
    play_templated(&template, &game, &data, None, &out);
    // The progress bar's blue on the bottom bar while the Zulu side thinks.
    let thinking = crate::common::picture(&out, "thinking");
    assert!(
        crate::common::count_near(&thinking, [0, 92, 128], 30) > 200,
        "the thinking bar"
    );
    let text = std::fs::read_to_string(out.join("hint.txt")).unwrap();
    assert!(text.contains("hint: British activates"), "{text}");
    assert!(text.contains("hint: Played forward"), "{text}");
    // The Portable rules' plays go on to the game's end, and the hint says so.
    assert!(text.contains("times to the game's end"), "{text}");
    let order = text
        .lines()
        .find_map(|l| l.strip_prefix("hint order: "))
        .expect("the hinted order");
    let saved = out.join("game.ron");
    let save = drumfire_core::save::parse(
        "game.ron",
        &std::fs::read_to_string(&saved).unwrap(),
        &drumfire_core::rules::ALL,
    )
    .unwrap_or_else(|e| panic!("{}", e[0]));
    let last = save.file.orders.last().expect("orders");
    assert_eq!(format!("{last:?}"), order);
    replays_to_its_hash(&saved);
}

/// Plays `game` (a scenario and its options) in the window with the script `template`
/// (`{out}` standing for the shots folder `out`), from a fresh data folder `data`
/// holding `settings` if any; the program must end well.
fn play_templated(template: &str, game: &[&str], data: &Path, settings: Option<&str>, out: &Path) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let _ = std::fs::remove_dir_all(data);
    std::fs::create_dir_all(data).unwrap();
    if let Some(settings) = settings {
        std::fs::write(data.join("settings.ron"), settings).unwrap();
    }
    let script = data.join("script.txt");
    std::fs::write(&script, template.replace("{out}", out.to_str().unwrap())).unwrap();
    let status = Command::new("xvfb-run")
        .env("DRUMFIRE_DATA", data)
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_drumfire"))
        .arg("play")
        .args(game)
        .arg("--script")
        .arg(&script)
        .arg("--shots")
        .arg(out)
        .current_dir(root)
        .status()
        .expect("xvfb-run must be installed");
    assert!(status.success(), "drumfire exited with {status}");
}

/// The static board drawn from the board cache's tiles (`DRUMFIRE_BOARD_CACHE=1`) looks
/// as it does drawn every frame: the opening view of a scenario with rivers, roads, contours and hex numbers,
/// once each way, differs in few pixels (the tiles are resampled to the zoom).
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn the_board_drawn_from_its_tiles_looks_as_drawn_every_frame() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pictures = Vec::new();
    for (name, cache, script) in [
        ("tiles", "1", "tests/data/board_cache_script.txt"),
        ("direct", "0", "tests/data/board_direct_script.txt"),
    ] {
        let shots = root.join(format!("target/screenshots/board-{name}"));
        let _ = std::fs::remove_dir_all(&shots);
        let status = Command::new("xvfb-run")
            .env("DRUMFIRE_DATA", crate::common::data_dir())
            .env("DRUMFIRE_BOARD_CACHE", cache)
            .args(["-a", "-s", "-screen 0 1280x800x24"])
            .arg(env!("CARGO_BIN_EXE_drumfire"))
            .arg("play")
            .arg(root.join("scenarios/great_war/agache_valley.ron"))
            .args(["--seed", "1", "--script"])
            .arg(root.join(script))
            .arg("--shots")
            .arg(&shots)
            .current_dir(root)
            .status()
            .expect("xvfb-run must be installed");
        assert!(status.success(), "drumfire exited with {status} ({name})");
        pictures.push(crate::common::picture(&shots, "board"));
    }
    // The map's part of the window: left of the side panel, between the phase bar and
    // the Artillery Plan sheet over the lower board.
    let (mut differ, mut all) = (0usize, 0usize);
    for y in 40..430 {
        for x in 0..960 {
            let (a, b) = (pictures[0].get_pixel(x, y), pictures[1].get_pixel(x, y));
            let most = (0..3)
                .map(|i| (i32::from(a[i]) - i32::from(b[i])).abs())
                .max()
                .unwrap_or(0);
            all += 1;
            differ += usize::from(most > 40);
        }
    }
    let share = differ as f64 / all as f64;
    eprintln!(
        "{differ} of {all} map pixels differ ({:.2} %)",
        share * 100.0
    );
    assert!(colours(&pictures[0]) > 200, "a board was drawn");
    assert!(
        share < 0.03,
        "{differ} of {all} pixels differ ({:.1} %)",
        share * 100.0
    );
}

/// The share of pixels of the map area (left of the side panel, between the bars) that
/// differ between two pictures of the window.
fn map_changed(a: &image::RgbaImage, b: &image::RgbaImage) -> f64 {
    let (mut changed, mut all) = (0u32, 0u32);
    for y in 40..640 {
        for x in 0..960 {
            all += 1;
            let (p, q) = (a.get_pixel(x, y).0, b.get_pixel(x, y).0);
            if (0..3).any(|i| p[i].abs_diff(q[i]) > 24) {
                changed += 1;
            }
        }
    }
    f64::from(changed) / f64::from(all)
}

/// The computer's orders happen where the player can see them: at the Orchard Farm the
/// American player passes and the German computer moves its platoons at the far end of
/// the map; the view goes there as the first glide is shown. With the setting off the
/// view stays on the American side, and the German moves are not on the screen.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn the_view_follows_the_computer_s_orders_off_the_screen() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let template = "shot before.png\npass\nshowing moving\n";
    let mut moved = Vec::new();
    for follow in [true, false] {
        let out = root.join(format!("target/screenshots/follow-{follow}"));
        let data = root.join(format!("target/test-data-follow-{follow}"));
        let settings = format!("(order_pace: 1.0, follow_orders: {follow})\n");
        let game = [
            "scenarios/wwii/orchard_farm.ron",
            "--seed",
            "1",
            "--players",
            "human,ai",
        ];
        play_templated(template, &game, &data, Some(&settings), &out);
        let shown = std::fs::read_to_string(out.join("moving.txt")).unwrap();
        assert!(shown.starts_with("Glide { piece: \"de_"), "{shown}");
        let before = crate::common::picture(&out, "before");
        let moving = crate::common::picture(&out, "moving");
        moved.push(map_changed(&before, &moving));
    }
    assert!(
        moved[0] > 0.3,
        "following, the view went to the German moves: {:.3} of the map changed",
        moved[0]
    );
    assert!(
        moved[1] < 0.05,
        "not following, the view stayed: {:.3} of the map changed",
        moved[1]
    );
}
