//! The replay viewer in the real window (`drumfire view SAVE --script FILE`): the
//! board, log and combat dialog at each moment asked for match the headless game
//! after as many orders, forwards and backwards; bookmarks are kept beside the save
//! and read back; the door stays shut to the player until Play on at the end of the
//! save. Needs Xvfb and Mesa's Vulkan driver, so ignored by a plain `cargo test`.

use drumfire_core::game::Game;
use drumfire_core::journal::GameEvent;
use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::scenario::{Scenario, SideList};
use drumfire_core::timeline::Timeline;
use std::path::{Path, PathBuf};
use std::process::Command;

fn lindenau() -> Scenario {
    drumfire_core::testing::shipped("napoleonic", "lindenau.ron")
}

/// The Lindenau game the tests watch: the computer (French) against random play,
/// seed 3, up to `orders` orders or the end.
fn game(orders: usize) -> Game {
    let mut game = Game::new(&lindenau(), 3);
    let mut bots = [Bot::new(PlayerKind::Ai, 3), Bot::new(PlayerKind::Random, 4)];
    while game.orders().len() < orders {
        let Some(side) = game.awaiting() else { break };
        let order = bots[usize::from(side)].choose(&game, side).unwrap();
        game.submit(order).unwrap();
    }
    game
}

/// A fresh folder under `target/` with the save of `game` in it.
fn folder_with_save(name: &str, game: &mut Game) -> (PathBuf, PathBuf) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("target/test-viewer").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("lindenau.save.ron");
    let file = drumfire_core::save::save_of(game, &lindenau(), 3);
    drumfire_core::save::write(&save, &file).unwrap();
    (dir, save)
}

/// Watches `save` in the window with a script; returns what it dumped, by file.
fn watch(dir: &Path, save: &Path, at: Option<usize>, script: &str) {
    let script_path = dir.join("script.txt");
    std::fs::write(&script_path, script).unwrap();
    let mut command = Command::new("xvfb-run");
    command.env("DRUMFIRE_DATA", dir);
    command
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_drumfire"))
        .arg("view")
        .arg(save);
    if let Some(k) = at {
        command.args(["--at", &k.to_string()]);
    }
    let status = command
        .arg("--script")
        .arg(&script_path)
        .arg("--shots")
        .arg(dir)
        .current_dir(dir)
        .status()
        .expect("xvfb-run must be installed (apt-get install xvfb mesa-vulkan-drivers libvulkan1)");
    assert!(status.success(), "drumfire view exited with {status}");
}

/// The viewer's lines of a dump: where it stands, bookmarks, the combat dialog, the
/// status and the log.
fn viewer_lines(dir: &Path, name: &str) -> Vec<String> {
    std::fs::read_to_string(dir.join(name))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .lines()
        .filter(|l| {
            ["replay: ", "bookmark: ", "combat: ", "status: ", "log: "]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .map(str::to_owned)
        .collect()
}

/// What the viewer must show after `k` orders: its position, the combat dialog of
/// order `k` and the whole log, from the headless game.
fn expected(timeline: &Timeline, k: usize) -> (String, Vec<String>, Vec<String>) {
    let mut g = game(k);
    let sides = g.world().resource::<SideList>().clone();
    let names = drumfire_core::journal::piece_names(g.world_mut());
    let entries = g.journal().entries().to_vec();
    let log = entries
        .iter()
        .map(|e| format!("log: {}", e.event.describe(&sides, &names)))
        .collect();
    let combat = entries
        .iter()
        .filter(|e| k > 0 && e.order == k)
        .filter(|e| {
            matches!(
                e.event,
                GameEvent::Fired { .. }
                    | GameEvent::StepLost { .. }
                    | GameEvent::StandLost { .. }
                    | GameEvent::MoraleChecked { .. }
            )
        })
        .map(|e| format!("combat: {}", e.event.describe(&sides, &names)))
        .collect();
    let position = format!(
        "replay: Order {k} of {} · {}",
        timeline.orders(),
        timeline.moment(k).label()
    );
    (position, combat, log)
}

fn assert_shows(dir: &Path, dump: &str, timeline: &Timeline, k: usize) {
    let lines = viewer_lines(dir, dump);
    let (position, combat, log) = expected(timeline, k);
    assert_eq!(lines.first(), Some(&position), "{dump}");
    let shown_combat: Vec<String> = lines
        .iter()
        .filter(|l| l.starts_with("combat: "))
        .cloned()
        .collect();
    assert_eq!(shown_combat, combat, "{dump}: the combat dialog");
    let shown_log: Vec<String> = lines
        .iter()
        .filter(|l| l.starts_with("log: "))
        .cloned()
        .collect();
    assert_eq!(shown_log, log, "{dump}: the log after {k} orders");
}

#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn the_viewer_shows_each_moment_of_a_save_forwards_and_back_and_keeps_bookmarks() {
    let mut whole = game(usize::MAX);
    let (dir, save_path) = folder_with_save("moments", &mut whole);
    let text = std::fs::read_to_string(&save_path).unwrap();
    let save =
        drumfire_core::save::parse("lindenau.save.ron", &text, &drumfire_core::rules::ALL).unwrap();
    let timeline = Timeline::of(&save).unwrap();
    let n = timeline.orders();
    // The first order of the game with a fight in it, for the combat dialog.
    let fight = whole
        .journal()
        .entries()
        .iter()
        .find(|e| matches!(e.event, GameEvent::Fired { .. }))
        .map(|e| e.order)
        .expect("a fire in the game");
    let phases = timeline.chapters();
    let after_fight = phases.iter().find(|c| c.at > fight).expect("a phase after");
    watch(
        &dir,
        &save_path,
        None,
        &format!(
            "dump-view start.txt\n\
             view go {fight}\n\
             dump-view fight.txt\n\
             shot fight.png\n\
             view next-phase\n\
             dump-view next-phase.txt\n\
             view bookmark the Prussians break\n\
             view go 3\n\
             dump-view back.txt\n\
             pass\n\
             dump-view refused.txt\n\
             view go {n}\n\
             dump-view end.txt\n"
        ),
    );
    assert_shows(&dir, "start.txt", &timeline, 0);
    assert_shows(&dir, "fight.txt", &timeline, fight);
    assert!(
        viewer_lines(&dir, "fight.txt")
            .iter()
            .any(|l| l.starts_with("combat: ")),
        "order {fight}'s fire is in the combat dialog"
    );
    assert_shows(&dir, "next-phase.txt", &timeline, after_fight.at);
    // Back to an earlier moment: the scenario set up again and 3 orders carried out.
    assert_shows(&dir, "back.txt", &timeline, 3);
    let refused = viewer_lines(&dir, "refused.txt");
    assert!(
        refused
            .iter()
            .any(|l| l.starts_with("status: ") && l.contains("replay being watched")),
        "{refused:?}"
    );
    assert_shows(&dir, "refused.txt", &timeline, 3);
    assert_shows(&dir, "end.txt", &timeline, n);
    let picture = crate::common::picture(&dir, "fight");
    assert!(crate::common::colours(&picture) > 50);

    // The bookmark is kept beside the save, and shown when it is opened again.
    let marks = drumfire_core::timeline::read_bookmarks(
        &drumfire_core::timeline::bookmarks_path(&save_path),
        n,
    )
    .unwrap();
    assert_eq!(marks.len(), 1);
    assert_eq!(
        (marks[0].order, marks[0].note.as_str()),
        (after_fight.at, "the Prussians break")
    );
    watch(&dir, &save_path, Some(5), "dump-view reopened.txt\n");
    let reopened = viewer_lines(&dir, "reopened.txt");
    assert_eq!(
        reopened[1],
        format!(
            "bookmark: {} · order {} · the Prussians break",
            timeline.moment(after_fight.at).label(),
            after_fight.at
        )
    );
    assert_shows(&dir, "reopened.txt", &timeline, 5);
}

#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn play_on_at_the_end_of_a_save_opens_the_door_and_the_game_goes_on() {
    // Two orders: both sides' orders of turn 1 given, the French to move.
    let mut part = game(2);
    let (dir, save_path) = folder_with_save("play-on", &mut part);
    watch(
        &dir,
        &save_path,
        Some(1),
        "view play-on\n\
         dump-view early.txt\n\
         view go 2\n\
         view play-on\n\
         pass\n\
         save played.ron\n",
    );
    let early = viewer_lines(&dir, "early.txt");
    assert!(
        early
            .iter()
            .any(|l| l.starts_with("status: ") && l.contains("Play on from the end")),
        "{early:?}"
    );
    let text = std::fs::read_to_string(dir.join("played.ron")).unwrap();
    let save = drumfire_core::save::parse("played.ron", &text, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    assert_eq!(
        save.file.orders.len(),
        3,
        "the save's two orders and a pass"
    );
    assert_eq!(&save.file.orders[..2], part.orders());
    assert!(matches!(
        save.file.orders[2],
        drumfire_core::orders::Order::Pass { .. }
    ));
    let (_, replayed) = drumfire_core::save::replay(&save);
    assert_eq!(replayed, Ok(save.state_hash));
}
