//! Play by e-mail between two processes, each in a folder of its own as on two
//! machines, the turn file passed between them: a whole game to the same end, and a
//! file tampered with on the way refused with what was changed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn drumfire(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_drumfire"))
        .env("DRUMFIRE_DATA", dir)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A fresh root with each player's folder.
fn desks(name: &str) -> (PathBuf, [PathBuf; 2]) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target/test-post")
        .join(name);
    let _ = std::fs::remove_dir_all(&root);
    let desks = [root.join("british"), root.join("zulu")];
    for d in &desks {
        std::fs::create_dir_all(d).unwrap();
    }
    (root, desks)
}

const SECRETS: [&str; 2] = [
    "1111111111111111111111111111111111111111111111111111111111111111",
    "2222222222222222222222222222222222222222222222222222222222222222",
];

/// `drumfire post new` of Ukhozi Drift at `desk` (the British, side 1), the turn file
/// written to `out`, with a fixed secret or a fresh one.
fn post_new(desk: &Path, out: &Path, secret: Option<&str>) -> Output {
    post_new_of("scenarios/portable/ukhozi_drift.ron", desk, out, secret)
}

/// `drumfire post new` of the scenario at `rel` (from the project's root), side 1 played
/// at `desk`.
fn post_new_of(rel: &str, desk: &Path, out: &Path, secret: Option<&str>) -> Output {
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let (scenario, out) = (scenario.display().to_string(), out.display().to_string());
    let mut args = vec!["post", "new", &scenario, "--side", "1", "--out", &out];
    if let Some(secret) = secret {
        args.extend(["--secret", secret]);
    }
    drumfire(desk, &args)
}

/// Starts Ukhozi Drift (British, side 1, at desk 0) and returns the turn file.
fn start(root: &Path, desks: &[PathBuf; 2]) -> PathBuf {
    let file = root.join("ukhozi.turn.ron");
    let out = post_new(&desks[0], &file, Some(SECRETS[0]));
    assert!(out.status.success(), "{}", text(&out));
    file
}

/// The side the file goes to next, 0 or 1.
fn to(file: &Path) -> usize {
    let t = std::fs::read_to_string(file).unwrap();
    if t.contains("to: 0,") { 0 } else { 1 }
}

/// `drumfire post open FILE` in a window under Xvfb at `desk`, with `more` arguments.
fn open_in_window(desk: &Path, file: &Path, more: &[&std::ffi::OsStr]) -> Output {
    Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_drumfire"))
        .args(["post", "open"])
        .arg(file)
        .args(more)
        .current_dir(desk)
        .env("DRUMFIRE_DATA", desk)
        .output()
        .expect("xvfb-run must be installed (apt-get install xvfb mesa-vulkan-drivers libvulkan1)")
}

/// One player opens the file with the computer and sends it back.
fn open(desks: &[PathBuf; 2], file: &Path, players: [&str; 2]) -> Output {
    let side = to(file);
    drumfire(
        &desks[side],
        &[
            "post",
            "open",
            &file.display().to_string(),
            "--player",
            players[side],
            "--secret",
            SECRETS[side],
        ],
    )
}

#[test]
fn two_processes_play_a_whole_game_by_e_mail_to_the_same_end() {
    let (root, desks) = desks("whole");
    let file = start(&root, &desks);
    let mut files = 1;
    let last = loop {
        let out = open(&desks, &file, ["ai", "random"]);
        assert!(out.status.success(), "{}", text(&out));
        files += 1;
        if text(&out).contains("The game is over") {
            break text(&out);
        }
        assert!(files < 300, "the game never ends");
    };
    // The other player opens the finished game: the same end, nothing to send back.
    let before = std::fs::read_to_string(&file).unwrap();
    let out = open(&desks, &file, ["ai", "random"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(!text(&out).contains("Wrote"), "{}", text(&out));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    let end = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("The game is over"))
            .map(str::to_owned)
    };
    assert_eq!(end(&text(&out)), end(&last));
    assert!(end(&last).is_some());
    // `drumfire view` reads the game in a turn file (here refused at once: no such moment).
    let out = drumfire(
        &desks[0],
        &["view", &file.display().to_string(), "--at", "100000"],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("--at 100000: the save has"),
        "{}",
        text(&out)
    );
    // The same secrets make the same game, file for file.
    assert_eq!(files, 41, "{last}");
}

#[test]
fn a_turn_file_changed_on_the_way_is_refused_with_the_field() {
    let (root, desks) = desks("tamper");
    let file = start(&root, &desks);
    // Up to a file holding an order that waits for the other player's dice.
    let mut tries = 0;
    while !std::fs::read_to_string(&file)
        .unwrap()
        .contains("order: Some(")
        || tries < 4
    {
        let out = open(&desks, &file, ["ai", "ai"]);
        assert!(out.status.success(), "{}", text(&out));
        tries += 1;
        assert!(tries < 100);
    }
    let good = std::fs::read_to_string(&file).unwrap();
    // An invitation holds no game to watch yet.
    // (A fresh secret: the game's own seat and copy at this desk stay as they are.)
    let invitation = root.join("invitation.turn.ron");
    let out = post_new(&desks[0], &invitation, None);
    assert!(out.status.success(), "{}", text(&out));
    let out = drumfire(&desks[0], &["view", &invitation.display().to_string()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("not set up yet"), "{}", text(&out));
    // The pending reveal forged.
    let start = good.find("reveal: \"").unwrap() + 9;
    let mut forged = good.clone();
    forged.replace_range(start..start + 64, &"ab".repeat(32));
    std::fs::write(&file, &forged).unwrap();
    let out = open(&desks, &file, ["ai", "ai"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("pending.reveal"), "{}", text(&out));
    assert!(text(&out).contains("tampered"), "{}", text(&out));
    // Opened by the player who sent it.
    std::fs::write(&file, &good).unwrap();
    let sender = 1 - to(&file);
    let out = drumfire(
        &desks[sender],
        &[
            "post",
            "open",
            &file.display().to_string(),
            "--player",
            "ai",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(
        text(&out).contains("this file waits for the"),
        "{}",
        text(&out)
    );
    // A broken file is located.
    std::fs::write(&file, good.replace("to:", "too:")).unwrap();
    let out = open(&desks, &root.join("ukhozi.turn.ron"), ["ai", "ai"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(text(&out).contains("ukhozi.turn.ron:"), "{}", text(&out));
    // The untouched file opens.
    std::fs::write(&file, &good).unwrap();
    let out = open(&desks, &file, ["ai", "ai"]);
    assert!(out.status.success(), "{}", text(&out));
}

#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn a_turn_file_opens_in_the_window_on_the_news_and_waits_for_its_player() {
    let (root, desks) = desks("window");
    let file = start(&root, &desks);
    // The Zulu player joins, the British player answers: the game is set up, and the
    // file goes to whoever moves first.
    for _ in 0..2 {
        let out = open(&desks, &file, ["ai", "ai"]);
        assert!(out.status.success(), "{}", text(&out));
    }
    let side = to(&file);
    let before = std::fs::read_to_string(&file).unwrap();
    let shot = root.join("post.png");
    let out = open_in_window(
        &desks[side],
        &file,
        &["--screenshot".as_ref(), shot.as_ref()],
    );
    assert!(out.status.success(), "{}", text(&out));
    assert!(text(&out).contains("Your move."), "{}", text(&out));
    // Nothing given yet: the file is as it came.
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    let picture = image::open(&shot).unwrap().to_rgba8();
    assert!(crate::common::colours(&picture) > 50);
}

/// A Napoleonic game by e-mail played from the window: the French player gives the
/// turn's orders on the sheet; they go in the file sealed, the secret stays in the
/// player's seat, the Prussian sheet is never shown here, and the opening follows by
/// itself when the file comes back.
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn napoleonic_orders_given_in_the_window_go_sealed_in_the_turn_file() {
    let (root, desks) = desks("sealed-window");
    let file = root.join("lindenau.turn.ron");
    let out = post_new_of(
        "scenarios/napoleonic/lindenau.ron",
        &desks[0],
        &file,
        Some(SECRETS[0]),
    );
    assert!(out.status.success(), "{}", text(&out));
    // The Prussian player joins; the file comes back to the French player's window.
    let out = open(&desks, &file, ["ai", "ai"]);
    assert!(out.status.success(), "{}", text(&out));
    assert_eq!(to(&file), 0);
    let script = root.join("orders.txt");
    std::fs::write(
        &script,
        "view play-on\norder f_1 Attack\ndump-view before\ngive-orders\ndump-view after\n",
    )
    .unwrap();
    let shots = root.join("shots");
    let out = open_in_window(
        &desks[0],
        &file,
        &[
            "--script".as_ref(),
            script.as_ref(),
            "--shots".as_ref(),
            shots.as_ref(),
        ],
    );
    assert!(out.status.success(), "{}", text(&out));
    let before = std::fs::read_to_string(shots.join("before")).unwrap();
    let after = std::fs::read_to_string(shots.join("after")).unwrap();
    assert!(
        before.contains("sheet: f_1 Attack") && !before.contains("sheet: p_"),
        "{before}"
    );
    assert!(!after.contains("sheet:"), "no Prussian sheet here: {after}");
    assert!(
        after.contains("French gives its secret orders sealed"),
        "{after}"
    );
    // The file holds the seal, the seat the secret.
    let sent = std::fs::read_to_string(&file).unwrap();
    assert!(
        sent.contains("Sealed(") && !sent.contains("SealedPlan("),
        "{sent}"
    );
    assert_eq!(to(&file), 1);
    let seats: Vec<String> = std::fs::read_dir(desks[0].join("saves/post"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".seat.ron"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert!(
        seats.len() == 1 && seats[0].contains("sealed: {") && seats[0].contains("Attack"),
        "{seats:?}"
    );
    // The Prussian player seals and opens; the French opening follows from the seat.
    let out = open(&desks, &file, ["ai", "ai"]);
    assert!(out.status.success(), "{}", text(&out));
    let out = open(&desks, &file, ["ai", "ai"]);
    assert!(out.status.success(), "{}", text(&out));
    assert!(
        text(&out).contains("Your sealed orders are opened"),
        "{}",
        text(&out)
    );
    assert!(std::fs::read_to_string(&file).unwrap().contains("Open("));
}
