//! Saves survive the process being killed while it saves: a child process saves a
//! growing game over and over to one file; it is killed (SIGKILL) at a different
//! moment each time, 200 times, and every time the file left behind loads and
//! replays to the hash it records.

use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::save;
use drumfire_core::testing::{tutorial, tutorial_game};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

const CHILD: &str = "DRUMFIRE_SAVE_LOOP";
const SEED: &str = "DRUMFIRE_SAVE_SEED";

/// The child's work: play random orders from `seed`, saving after every one, for
/// ever (it is killed). Games that end start again with the next seed.
fn save_loop(path: &Path, mut seed: u64) -> ! {
    let scenario = tutorial();
    loop {
        let mut game = tutorial_game(seed);
        let mut bots = [
            Bot::new(PlayerKind::Random, seed),
            Bot::new(PlayerKind::Random, seed + 1),
        ];
        while let Some(side) = game.awaiting() {
            let order = bots[usize::from(side)].choose(&game, side).unwrap();
            game.submit(order).unwrap();
            save::write(path, &save::save_of(&mut game, &scenario, seed)).unwrap();
        }
        seed += 1;
    }
}

/// This test's name as the harness filters it (`crash_safe::a_save_...`): the child
/// is this same test binary, running only this test.
fn this_test() -> String {
    let module = module_path!().split_once("::").map_or("", |(_, m)| m);
    format!("{module}::a_save_killed_mid_write_leaves_the_last_whole_save_200_times")
}

#[test]
fn a_save_killed_mid_write_leaves_the_last_whole_save_200_times() {
    if let Ok(path) = std::env::var(CHILD) {
        let seed = std::env::var(SEED)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1);
        save_loop(Path::new(&path), seed);
    }
    let dir: PathBuf = std::env::temp_dir().join(format!("drumfire-crash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.save.ron");
    let me = std::env::current_exe().unwrap();
    let mut orders_seen = 0;
    let mut killed_after = Vec::new();
    for kill in 0..200u64 {
        let mut child = Command::new(&me)
            .args(["--exact", &this_test(), "--nocapture"])
            .env(CHILD, &path)
            .env(SEED, (1000 + kill * 10).to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Wait for this child's first save (its seed is new), then a little more: a
        // different moment each time.
        let mine = format!("seed: {},", 1000 + kill * 10);
        let mut started = false;
        for _ in 0..5000 {
            if std::fs::read_to_string(&path).is_ok_and(|t| t.contains(&mine)) {
                started = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(started, "kill {kill}: the child never saved");
        std::thread::sleep(Duration::from_micros(500 + (kill * 7919) % 60_000));
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("kill {kill}: no save left: {e}"));
        let loaded = save::parse("game.save.ron", &text, &drumfire_core::rules::ALL)
            .unwrap_or_else(|e| panic!("kill {kill}: the save does not load: {}", e[0]));
        let (_, check) = save::replay(&loaded);
        assert!(check.is_ok(), "kill {kill}: {check:?}");
        orders_seen += loaded.file.orders.len();
        killed_after.push(loaded.file.orders.len());
    }
    // Killed at many different points of the games, not always at the first save.
    killed_after.sort_unstable();
    killed_after.dedup();
    assert!(killed_after.len() > 20, "{killed_after:?}");
    assert!(orders_seen > 1000, "the child saved as it played");
    let _ = std::fs::remove_dir_all(&dir);
}
