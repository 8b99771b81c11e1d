//! The command line contract: check, sim, replay, view and edit, as users and scripts call them.

use std::path::PathBuf;
use std::process::{Command, Output};

fn drumfire(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_drumfire"))
        .env("DRUMFIRE_DATA", crate::common::data_dir())
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("drumfire-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn check_accepts_every_shipped_scenario() {
    let mut files = Vec::new();
    for set in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios")).unwrap() {
        for f in std::fs::read_dir(set.unwrap().path()).unwrap() {
            files.push(f.unwrap().path().display().to_string());
        }
    }
    let args: Vec<&str> = std::iter::once("check")
        .chain(files.iter().map(String::as_str))
        .collect();
    let out = drumfire(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("tutorial.ron: ok (scenario)"));
}

#[test]
fn check_prints_a_located_error_for_each_bad_file_kind_and_exits_1() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bad");
    let mut kinds = 0;
    for f in std::fs::read_dir(dir).unwrap() {
        let path = f.unwrap().path();
        let shown = path.display().to_string();
        let out = drumfire(&["check", &shown]);
        assert_eq!(out.status.code(), Some(1), "{shown}");
        let err = stderr(&out);
        let first = err.lines().next().unwrap_or_default();
        // FILE:LINE:COL: message
        let rest = first
            .strip_prefix(&format!("{shown}:"))
            .unwrap_or_else(|| panic!("{first}"));
        let mut parts = rest.splitn(3, ':');
        assert!(
            parts.next().unwrap().parse::<usize>().is_ok(),
            "line in {first}"
        );
        assert!(
            parts.next().unwrap().parse::<usize>().is_ok(),
            "column in {first}"
        );
        assert!(parts.next().unwrap().len() > 5, "message in {first}");
        kinds += 1;
    }
    assert!(kinds >= 8);
}

/// The attack: a scenario whose counter id and title carry a terminal's escape
/// sequences (clear the screen, retitle the window). `check` names the id in its error,
/// and the sequences reach the terminal escaped, never raw.
#[test]
fn check_prints_text_from_the_file_with_its_control_characters_escaped() {
    let scenario = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/portable/ukhozi_drift.ron"
    ))
    .unwrap();
    let (at, end) = {
        let at = scenario.find("unit: \"").expect("a counter's unit type") + "unit: \"".len();
        (at, scenario[at..].find('"').unwrap() + at)
    };
    let mut forged = scenario.clone();
    forged.replace_range(at..end, "zulu\u{1b}[2J\u{1b}]0;pwned\u{7}");
    let path = scratch("escapes.ron");
    std::fs::write(&path, forged).unwrap();
    let out = drumfire(&["check", &path.display().to_string()]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(err.contains("zulu\\u{1b}[2J\\u{1b}]0;pwned\\u{7}"), "{err}");
}

#[test]
fn check_reports_a_missing_file() {
    let out = drumfire(&["check", "no/such/file.ron"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).starts_with("no/such/file.ron:1:1: cannot read the file"));
}

#[test]
fn check_refuses_a_file_too_big_without_reading_it() {
    let dir = std::env::temp_dir().join(format!("drumfire-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("huge.ron");
    // A sparse file of 64 GiB: refused from its size alone, at once.
    std::fs::File::create(&path)
        .unwrap()
        .set_len(64 << 30)
        .unwrap();
    let name = path.display().to_string();
    let out = drumfire(&["check", &name]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.starts_with(&format!("{name}:1:1: the file is larger than 16 MiB")),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn sim_json_twice_gives_the_same_hash_and_every_field() {
    let run = || {
        let out = drumfire(&[
            "sim",
            "scenarios/great_war/tutorial.ron",
            "--seed",
            "7",
            "--json",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_str::<serde_json::Value>(stdout(&out).trim()).unwrap()
    };
    let (a, b) = (run(), run());
    assert_eq!(a["state_hash"], b["state_hash"]);
    assert_eq!(a["state_hash"].as_str().unwrap().len(), 16);
    assert_eq!(a["seed"], 7);
    assert_eq!(a["turns"], 8);
    // Seed 7, the computer on both sides: 133 orders, the British hold and win 6-5.
    assert_eq!(a["orders"], 133);
    assert_eq!(a["winner"], "British");
    assert_eq!(a["victory_points"]["British"], 6);
    assert_eq!(a["victory_points"]["German"], 5);
    assert_eq!(a["players"]["German"], "ai");
    assert_eq!(a["players"]["British"], "ai");
}

#[test]
fn sim_accepts_random_players_and_refuses_bad_ones() {
    let out = drumfire(&[
        "sim",
        "scenarios/great_war/tutorial.ron",
        "--seed",
        "3",
        "--players",
        "random,ai",
        "--json",
    ]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["players"]["German"], "random");
    let bad = drumfire(&[
        "sim",
        "scenarios/great_war/tutorial.ron",
        "--players",
        "ai,wizard",
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(stderr(&bad).contains("`wizard` is not a player"));
}

#[test]
fn a_sim_save_replays_to_its_hash_and_a_tampered_one_does_not() {
    let save = scratch("sim.ron");
    let shown = save.display().to_string();
    let out = drumfire(&[
        "sim",
        "scenarios/great_war/tutorial.ron",
        "--seed",
        "9",
        "--json",
        "--save",
        &shown,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let hash =
        serde_json::from_str::<serde_json::Value>(stdout(&out).trim()).unwrap()["state_hash"]
            .as_str()
            .unwrap()
            .to_owned();
    let replay = drumfire(&["replay", &shown]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    assert_eq!(stdout(&replay).trim(), hash);
    assert!(drumfire(&["check", &shown]).status.success());

    let text = std::fs::read_to_string(&save).unwrap();
    let tampered = scratch("tampered.ron");
    std::fs::write(&tampered, text.replace(&hash, "0123456789abcdef")).unwrap();
    let out = drumfire(&["replay", &tampered.display().to_string()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(&format!(
            "state hash {hash} after all orders, but the save records 0123456789abcdef"
        )),
        "{}",
        stderr(&out)
    );
}

#[test]
fn edit_refuses_a_scenario_whose_map_cannot_be_drawn() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/great_war/tutorial.ron"),
    )
    .unwrap();
    let path = scratch("short-row.ron");
    std::fs::write(
        &path,
        text.replacen("\"....ww......oo..\"", "\"....ww......oo.\"", 1),
    )
    .unwrap();
    let out = drumfire(&["edit", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("short-row.ron:") && err.contains("map.terrain"),
        "{err}"
    );
}

#[test]
fn a_table_save_is_checked_and_replayed_and_a_rules_save_is_not_opened_at_the_table() {
    use drumfire_core::game::{Game, Mode};
    use drumfire_core::orders::Order;
    use drumfire_core::table::TableOrder;
    let scenario = drumfire_core::testing::tutorial();
    let mut game = Game::with_mode(&scenario, 4, Mode::Table);
    for order in [
        TableOrder::Move {
            piece: "b_c".into(),
            to: "0101".into(),
        },
        TableOrder::Roll { dice: 4 },
    ] {
        game.submit(Order::Table(order)).unwrap();
    }
    let table = scratch("table.ron");
    drumfire_core::save::write(
        &table,
        &drumfire_core::save::save_of(&mut game, &scenario, 4),
    )
    .unwrap();
    let hash = game.state_hash().to_string();
    let out = drumfire(&["replay", table.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).trim(), hash);
    let out = drumfire(&["check", table.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("ok (save, 2 orders"),
        "{}",
        stdout(&out)
    );

    let rules = scratch("rules-for-table.ron");
    let mut by_the_rules = Game::new(&scenario, 4);
    drumfire_core::save::write(
        &rules,
        &drumfire_core::save::save_of(&mut by_the_rules, &scenario, 4),
    )
    .unwrap();
    let out = drumfire(&["play", rules.to_str().unwrap(), "--table"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("this save was played by the rules"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn sim_plays_the_portable_scenarios_and_their_saves_replay() {
    for file in [
        "scenarios/portable/ukhozi_drift.ron",
        "scenarios/portable/ravensberg_heights.ron",
    ] {
        let save = scratch(&format!("{}.save.ron", file.replace('/', "_")));
        let run = || {
            drumfire(&[
                "sim",
                file,
                "--seed",
                "3",
                "--players",
                "random,random",
                "--json",
                "--save",
                save.to_str().unwrap(),
            ])
        };
        let (a, b) = (run(), run());
        assert!(a.status.success(), "{file}: {}", stderr(&a));
        let json: serde_json::Value = serde_json::from_str(stdout(&a).trim()).unwrap();
        assert_eq!(
            stdout(&a),
            stdout(&b),
            "{file}: the same seed plays the same game"
        );
        assert!(json["turns"].as_u64().unwrap() >= 1);
        let replay = drumfire(&["replay", save.to_str().unwrap()]);
        assert!(replay.status.success(), "{file}: {}", stderr(&replay));
        assert_eq!(stdout(&replay).trim(), json["state_hash"].as_str().unwrap());
    }
}

#[test]
fn every_shipped_scenario_sim_save_replays_in_a_new_process_for_every_kind_of_player() {
    let files: Vec<String> = drumfire_core::testing::shipped_scenarios()
        .into_iter()
        .map(|(set, name)| format!("scenarios/{set}/{name}"))
        .collect();
    assert!(files.len() >= 7, "{files:?}");
    for file in &files {
        let file = file.as_str();
        for players in ["random,random", "ai,ai", "ai,random"] {
            let save = scratch(&format!("{}.{players}.save.ron", file.replace('/', "_")));
            let out = drumfire(&[
                "sim",
                file,
                "--seed",
                "11",
                "--players",
                players,
                "--json",
                "--save",
                save.to_str().unwrap(),
            ]);
            assert!(out.status.success(), "{file} {players}: {}", stderr(&out));
            let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
            let replay = drumfire(&["replay", save.to_str().unwrap()]);
            assert!(
                replay.status.success(),
                "{file} {players}: {}",
                stderr(&replay)
            );
            assert_eq!(
                stdout(&replay).trim(),
                json["state_hash"].as_str().unwrap(),
                "{file} {players}"
            );
        }
    }
}

#[test]
fn sim_plays_several_scenarios_each_with_its_own_save_that_replays() {
    let save = scratch("several.ron");
    let shown = save.display().to_string();
    let out = drumfire(&[
        "sim",
        "scenarios/wwii/orchard_farm.ron",
        "scenarios/wwii/krasny_bor.ron",
        "--players",
        "ai,random",
        "--json",
        "--save",
        &shown,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    for (v, stem) in lines.iter().zip(["orchard_farm", "krasny_bor"]) {
        let path = save.with_file_name(format!("several-{stem}.ron"));
        let replay = drumfire(&["replay", &path.display().to_string()]);
        assert!(replay.status.success(), "{}", stderr(&replay));
        assert_eq!(stdout(&replay).trim(), v["state_hash"].as_str().unwrap());
    }
}

/// `drumfire view` refuses, before any window opens, what it cannot show: a scenario,
/// a save that does not replay, a moment past the end, a bad bookmarks file.
#[test]
fn view_refuses_what_it_cannot_show_with_a_located_error() {
    let out = drumfire(&["view", "scenarios/portable/ukhozi_drift.ron"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("ukhozi_drift.ron:1:1: this is a scenario, not a save"),
        "{}",
        stderr(&out)
    );

    let save = scratch("view.ron");
    let shown = save.display().to_string();
    let sim = drumfire(&[
        "sim",
        "scenarios/portable/ukhozi_drift.ron",
        "--seed",
        "4",
        "--json",
        "--save",
        &shown,
    ]);
    assert!(sim.status.success(), "{}", stderr(&sim));
    let orders = serde_json::from_str::<serde_json::Value>(stdout(&sim).trim()).unwrap()["orders"]
        .as_u64()
        .unwrap();
    let past = (orders + 1).to_string();
    let out = drumfire(&["view", &shown, "--at", &past]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(&format!(
            "--at {past}: the save has {orders} orders; the moments run from 0 to {orders}"
        )),
        "{}",
        stderr(&out)
    );

    let marks = scratch("view.bookmarks.ron");
    std::fs::write(
        &marks,
        "Bookmarks(bookmarks: [Bookmark(order: 99999, note: \"\")])",
    )
    .unwrap();
    let out = drumfire(&["view", &shown]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(&format!(
            "{}:1:39: bookmarks[0].order: 99999 is past the save's last order",
            marks.display()
        )),
        "{}",
        stderr(&out)
    );
    std::fs::remove_file(&marks).unwrap();

    let text = std::fs::read_to_string(&save).unwrap();
    let hash =
        serde_json::from_str::<serde_json::Value>(stdout(&sim).trim()).unwrap()["state_hash"]
            .as_str()
            .unwrap()
            .to_owned();
    std::fs::write(&save, text.replace(&hash, "0123456789abcdef")).unwrap();
    let out = drumfire(&["view", &shown]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("the save does not replay: state hash"),
        "{}",
        stderr(&out)
    );
}

/// Every shipped scenario is inside the binary: listed by `drumfire scenarios` with its
/// rule set, title, size, turns and sides, played by its short name from a folder with
/// no scenarios in it, and nothing is written to that folder; an unknown name is
/// refused naming the shipped ones; the player's own scenario is listed after them.
#[test]
fn shipped_scenarios_are_in_the_binary_and_found_by_a_short_name() {
    let desk = scratch("desk-names");
    let data = scratch("data-names");
    let _ = std::fs::remove_dir_all(&desk);
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&desk).unwrap();
    std::fs::create_dir_all(data.join("scenarios")).unwrap();
    let tutorial = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/great_war/tutorial.ron"
    );
    std::fs::copy(tutorial, data.join("scenarios/my_front.ron")).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_drumfire"))
            .args(args)
            .current_dir(&desk)
            .env("DRUMFIRE_DATA", &data)
            .output()
            .unwrap()
    };
    let out = run(&["scenarios"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let listed = stdout(&out);
    let lindenau = listed
        .lines()
        .find(|l| l.trim_start().starts_with("lindenau "))
        .unwrap_or_else(|| panic!("{listed}"));
    assert!(
        lindenau.contains("Napoleonic") && lindenau.contains("(10x8, 6 turns, French v Prussian)"),
        "{lindenau}"
    );
    assert_eq!(
        listed.lines().filter(|l| l.starts_with("  ")).count(),
        12,
        "{listed}"
    );
    assert!(listed.contains("  my_front "), "{listed}");

    let out = run(&["sim", "lindenau", "--seed", "3", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("\"winner\""), "{}", stdout(&out));
    let out = run(&["check", "krasny_bor", "my_front"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("krasny_bor: ok (scenario)"));
    assert_eq!(
        std::fs::read_dir(&desk).unwrap().count(),
        0,
        "the desk stays empty"
    );

    let out = run(&["play", "waterloo"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.starts_with("waterloo:1:1:") && err.contains("tanners_ford"),
        "{err}"
    );
}
