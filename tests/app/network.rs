//! Two machines on one: `drumfire host` and `drumfire join` as two processes on the
//! loopback (127.0.0.1 only), each side played by the computer. A whole game to the
//! same hash on both, replayed with every dice reveal checked; wrong codes refused; a
//! joining machine killed mid-game and taken up again from its autosave.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long a whole game may take before the test gives up (a game between Normal
/// players takes seconds; with a Hard host, one to two minutes on a busy machine).
const GAME_LIMIT: Duration = Duration::from_secs(480);

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("drumfire-net-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn scenario(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(rel)
        .display()
        .to_string()
}

/// A running drumfire process and its output lines as they come.
struct Proc {
    child: Child,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Proc {
    /// drumfire with `args`.
    fn start(args: &[&str]) -> Self {
        let mut command = Command::new(env!("CARGO_BIN_EXE_drumfire"));
        command.env("DRUMFIRE_DATA", crate::common::data_dir());
        command.args(args);
        Self::spawn(command)
    }

    /// drumfire with `args` under Xvfb (a window).
    fn windowed(args: &[&str]) -> Self {
        let mut command = Command::new("xvfb-run");
        command.env("DRUMFIRE_DATA", crate::common::data_dir());
        command
            .args(["-a", "-s", "-screen 0 1280x800x24"])
            .arg(env!("CARGO_BIN_EXE_drumfire"))
            .args(args);
        Self::spawn(command)
    }

    fn spawn(mut command: Command) -> Self {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the program (and xvfb-run for a window) must be installed");
        let (tx, lines) = mpsc::channel();
        let out = child.stdout.take().unwrap();
        let err = child.stderr.take().unwrap();
        let tx2 = tx.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        std::thread::spawn(move || {
            for line in BufReader::new(err).lines().map_while(Result::ok) {
                let _ = tx2.send(format!("error: {line}"));
            }
        });
        Self {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits for a line starting with `prefix`: the rest of it.
    fn wait_for(&mut self, prefix: &str, limit: Duration) -> String {
        let until = std::time::Instant::now() + limit;
        loop {
            let left = until.saturating_duration_since(std::time::Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if let Some(rest) = line.strip_prefix(prefix) {
                        return rest.to_owned();
                    }
                }
                Err(_) => {
                    let _ = self.child.kill();
                    panic!("no `{prefix}` line; saw:\n{}", self.seen.join("\n"));
                }
            }
        }
    }

    /// Waits for the process to end: its exit success and every line it printed.
    fn finish(mut self, limit: Duration) -> (bool, Vec<String>) {
        let until = std::time::Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                // The reader threads end with the pipes.
                while let Ok(line) = self.lines.recv_timeout(Duration::from_millis(500)) {
                    self.seen.push(line);
                }
                return (status.success(), self.seen);
            }
            while let Ok(line) = self.lines.try_recv() {
                self.seen.push(line);
            }
            if std::time::Instant::now() > until {
                let _ = self.child.kill();
                panic!("still running; saw:\n{}", self.seen.join("\n"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// A host of `file` on the loopback: the process, its address and code.
fn host(file: &str, save: &Path) -> (Proc, String, String) {
    host_as(file, save, "ai")
}

/// The same with the host's side played by `player` (`ai`, `hard`).
fn host_as(file: &str, save: &Path, player: &str) -> (Proc, String, String) {
    let mut p = Proc::start(&[
        "host",
        file,
        "--port",
        "0",
        "--bind",
        "127.0.0.1",
        "--player",
        player,
        "--save",
        &save.display().to_string(),
    ]);
    let addr = p.wait_for("listening on ", Duration::from_secs(30));
    let code = p.wait_for("join code: ", Duration::from_secs(5));
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");
    (p, addr, code)
}

fn join(addr: &str, code: &str, save: &Path, resume: bool) -> Proc {
    let save = save.display().to_string();
    let mut args = vec![
        "join", addr, "--code", code, "--player", "ai", "--save", &save,
    ];
    if resume {
        args.push("--resume");
    }
    Proc::start(&args)
}

/// The state hash a game-over line names.
fn final_hash(lines: &[String]) -> String {
    let line = lines
        .iter()
        .find(|l| l.starts_with("game over: "))
        .unwrap_or_else(|| panic!("no game-over line in:\n{}", lines.join("\n")));
    line.split("state hash ")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .unwrap()
        .to_owned()
}

/// Waits for both machines to end well: the hash both name, and the host's lines.
fn both_end(host: Proc, joiner: Proc) -> (String, Vec<String>) {
    let (host_ok, host_lines) = host.finish(GAME_LIMIT);
    let (join_ok, join_lines) = joiner.finish(Duration::from_secs(30));
    assert!(host_ok, "host:\n{}", host_lines.join("\n"));
    assert!(join_ok, "join:\n{}", join_lines.join("\n"));
    let hash = final_hash(&host_lines);
    assert_eq!(final_hash(&join_lines), hash);
    (hash, host_lines)
}

/// `drumfire replay` on a save: its hash, after saying the dice were checked.
fn replayed(save: &Path) -> String {
    replay_says(save).lines().next().unwrap().to_owned()
}

/// What `drumfire replay` prints for a save whose dice it checked.
fn replay_says(save: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_drumfire"))
        .env("DRUMFIRE_DATA", crate::common::data_dir())
        .arg("replay")
        .arg(save)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("dice shared by both players"), "{text}");
    text
}

/// A code with one letter changed at `at` (a wrong token near the end, a wrong
/// certificate near the start).
fn changed(code: &str, at: usize) -> String {
    let mut chars: Vec<char> = code.chars().collect();
    chars[at] = if chars[at] == '7' { '8' } else { '7' };
    chars.into_iter().collect()
}

#[test]
fn two_processes_play_a_whole_game_over_the_loopback_to_the_same_hash() {
    let dir = scratch("whole");
    let (host_p, addr, code) = host(
        &scenario("scenarios/portable/ukhozi_drift.ron"),
        &dir.join("host.ron"),
    );

    // Wrong codes first: a wrong token is refused by the host, a wrong certificate by
    // the joining machine; neither gets in, and the host goes on waiting.
    let (ok, lines) = join(&addr, &changed(&code, 23), &dir.join("wrong.ron"), false)
        .finish(Duration::from_secs(30));
    assert!(
        !ok && lines.iter().any(|l| l.contains("wrong join code")),
        "{lines:?}"
    );
    let (ok, lines) = join(&addr, &changed(&code, 0), &dir.join("wrong.ron"), false)
        .finish(Duration::from_secs(30));
    assert!(
        !ok && lines
            .iter()
            .any(|l| l.contains("not the one the join code names")),
        "{lines:?}"
    );

    let joiner = join(&addr, &code, &dir.join("join.ron"), false);
    let (hash, host_lines) = both_end(host_p, joiner);
    assert!(
        host_lines
            .iter()
            .filter(|l| l.starts_with("order "))
            .count()
            > 20,
        "a whole game: {host_lines:?}"
    );
    // Each machine's save replays to that hash, every reveal checked.
    assert_eq!(replayed(&dir.join("host.ron")), hash);
    assert_eq!(replayed(&dir.join("join.ron")), hash);
    // The seat (the dice secret) stays on its own machine: not in the save.
    let seat = std::fs::read_to_string(dir.join("host.seat.ron")).unwrap();
    let secret = seat
        .split("secret: \"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert!(
        !std::fs::read_to_string(dir.join("host.ron"))
            .unwrap()
            .contains(secret)
    );

    // One reveal changed in a save is found and named, with its place in the file.
    let text = std::fs::read_to_string(dir.join("join.ron")).unwrap();
    let at = text.find("reveals: [").unwrap();
    let first = at + text[at..].find("\"").unwrap() + 1;
    let mut forged = text.clone();
    forged.replace_range(
        first..first + 2,
        if &text[first..first + 2] == "00" {
            "11"
        } else {
            "00"
        },
    );
    std::fs::write(dir.join("forged.ron"), forged).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_drumfire"))
        .env("DRUMFIRE_DATA", crate::common::data_dir())
        .arg("replay")
        .arg(dir.join("forged.ron"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("shared_dice.reveals[0][0]") && err.contains("tampered"),
        "{err}"
    );
    assert!(err.contains("forged.ron:"), "{err}");
}

/// A game of `file` between two computer players on the loopback whose joining
/// process is killed once `until` says so (given the process and its save), in folder
/// `name`: the host, its address and code, and the folder.
fn joiner_killed(
    name: &str,
    file: &str,
    mut until: impl FnMut(&mut Proc, &Path) -> bool,
) -> (Proc, String, String, PathBuf) {
    let dir = scratch(name);
    let save = dir.join("join.ron");
    let (host_p, addr, code) = host(&scenario(file), &dir.join("host.ron"));
    let mut joiner = join(&addr, &code, &save, false);
    while !until(&mut joiner, &save) {}
    joiner.child.kill().unwrap();
    let _ = joiner.child.wait();
    (host_p, addr, code, dir)
}

/// The joining player comes back from its autosave and seat in `dir` with `--resume`:
/// both end on one hash and both saves replay to it. The hash and the host's lines.
fn resumed(host_p: Proc, addr: &str, code: &str, dir: &Path) -> (String, Vec<String>) {
    let save = dir.join("join.ron");
    let back = join(addr, code, &save, true);
    let (hash, host_lines) = both_end(host_p, back);
    assert_eq!(replayed(&dir.join("host.ron")), hash);
    assert_eq!(replayed(&save), hash);
    (hash, host_lines)
}

#[test]
fn a_joining_machine_killed_mid_game_comes_back_to_the_same_hash() {
    let (host_p, addr, code, dir) =
        joiner_killed("killed", "scenarios/wwii/orchard_farm.ron", |joiner, _| {
            joiner.wait_for("order 15", GAME_LIMIT);
            true
        });

    // Someone else with the code cannot take the seat while the game is under way.
    let (ok, lines) =
        join(&addr, &code, &dir.join("stranger.ron"), false).finish(Duration::from_secs(30));
    assert!(
        !ok && lines.iter().any(|l| l.contains("under way")),
        "{lines:?}"
    );

    let (_, host_lines) = resumed(host_p, &addr, &code, &dir);
    assert!(
        host_lines
            .iter()
            .any(|l| l.starts_with("connection lost") || l.starts_with("connected to")),
        "the host saw the drop: {host_lines:?}"
    );
}

/// A game between two computer players whose joining process is killed once its order
/// 2, sealed (`sealed` names it in the save), is carried out: the machine holds a seal
/// whose secret only its seat keeps. It comes back with `--resume`; both end on one hash,
/// and both saves replay to it. The joining machine's save.
fn killed_after_its_seal(name: &str, file: &str, sealed: &str) -> PathBuf {
    let (host_p, addr, code, dir) = joiner_killed(name, file, |joiner, _| {
        joiner.wait_for("order 2", GAME_LIMIT);
        true
    });
    let save = dir.join("join.ron");
    let seat = std::fs::read_to_string(dir.join("join.seat.ron")).unwrap();
    assert!(seat.contains("sealed: {"), "{seat}");
    let kept = std::fs::read_to_string(&save).unwrap();
    assert!(kept.contains(sealed), "{kept}");
    resumed(host_p, &addr, &code, &dir);
    save
}

#[test]
fn a_napoleonic_game_sends_its_orders_sealed_and_a_restarted_machine_opens_its_own() {
    // Order 2 is the joining side's orders, sealed.
    let save = killed_after_its_seal("sealed", "scenarios/napoleonic/lindenau.ron", "Sealed(");
    // Every turn's orders went sealed and were opened; none travelled plainly.
    let text = std::fs::read_to_string(&save).unwrap();
    let seals = text.matches("Sealed(").count();
    assert!(seals >= 2, "{seals} seals");
    assert_eq!(text.matches("Open(").count(), seals);
    assert!(!text.contains("SealedPlan("), "no plain secret order");
    let says = replay_says(&save);
    assert!(
        says.contains(&format!(
            "secret orders sealed: {seals}, of which {seals} opened, each checked against its seal"
        )),
        "{says}"
    );
}

/// A whole game of `file` hosted by the Hard player against a joining machine's Normal
/// one, in folder `name`: both end on one hash and both saves replay to it. The host's
/// save and lines.
fn hard_hosted(name: &str, file: &str) -> (String, Vec<String>) {
    let dir = scratch(name);
    let (host_p, addr, code) = host_as(&scenario(file), &dir.join("host.ron"), "hard");
    let joiner = join(&addr, &code, &dir.join("join.ron"), false);
    let (hash, host_lines) = both_end(host_p, joiner);
    assert_eq!(replayed(&dir.join("host.ron")), hash);
    assert_eq!(replayed(&dir.join("join.ron")), hash);
    let text = std::fs::read_to_string(dir.join("host.ron")).unwrap();
    (text, host_lines)
}

/// The Hard player between two machines: it looks ahead in copies of its own machine's
/// game, where the other side's orders are sealed; the whole game ends on both machines
/// with the same hash, every order went sealed and was opened against its seal, and the
/// saves replay to that hash.
#[test]
fn a_hard_host_plays_a_napoleonic_game_against_a_joining_machine_to_the_same_hash() {
    let (text, host_lines) = hard_hosted("hard", "scenarios/napoleonic/lindenau.ron");
    let orders = host_lines
        .iter()
        .filter(|l| l.starts_with("order "))
        .count();
    assert!(orders > 20, "a whole game: {host_lines:?}");
    let seals = text.matches("Sealed(").count();
    assert!(seals >= 2, "{seals} seals");
    assert_eq!(text.matches("Open(").count(), seals);
}

/// The same on a Great War scenario, whose Artillery Plans go sealed in pieces (a
/// minute: a Hard Great War side takes seconds a turn; with the window tests).
#[test]
#[ignore = "a minute of look-ahead; run by .ci/run with the window tests"]
fn a_hard_host_plays_a_great_war_game_with_sealed_plans_to_the_same_hash() {
    let (text, _) = hard_hosted("hard-plans", "scenarios/great_war/marcoing_ridge.ron");
    assert_eq!(text.matches("SealPlan(").count(), 2);
    assert_eq!(text.matches("OpenPlan(").count(), 20);
}

/// And on an ACW scenario, whose charges deal their dominoes from a locked set.
#[test]
#[ignore = "a minute of look-ahead; run by .ci/run with the window tests"]
fn a_hard_host_plays_an_acw_game_with_locked_dominoes_to_the_same_hash() {
    let (text, _) = hard_hosted("hard-dominoes", "scenarios/acw/tanners_ford.ron");
    assert!(text.contains("Lock("), "a charge dealt from a locked set");
    assert!(text.contains("SealChits("), "chits went sealed");
}

#[test]
fn a_great_war_game_seals_its_artillery_plans_and_a_restarted_machine_opens_its_own() {
    // Order 2 is the joining side's Artillery Plan, sealed.
    let save = killed_after_its_seal(
        "plans",
        "scenarios/great_war/marcoing_ridge.ron",
        "SealPlan(",
    );
    // Both plans went sealed, a seal for the missions and for each of the ten turns,
    // and every piece was opened: the missions once, each turn's fire in its turn.
    let text = std::fs::read_to_string(&save).unwrap();
    assert_eq!(text.matches("SealPlan(").count(), 2);
    assert_eq!(text.matches("OpenPlan(").count(), 20);
    assert!(!text.contains("SealedPlan("), "no plain plan");
    let says = replay_says(&save);
    assert!(
        says.contains(
            "secret pieces sealed: 22, of which 22 opened, each checked against its seal"
        ),
        "{says}"
    );
}

#[test]
fn an_acw_game_deals_its_dominoes_locked_and_a_machine_killed_mid_deal_takes_it_up_again() {
    // Killed once a charge's set has been locked by one machine and not yet the other.
    let file = "scenarios/acw/tanners_ford.ron";
    let (host_p, addr, code, dir) = joiner_killed("dealt", file, |joiner, save| {
        joiner.wait_for("order ", GAME_LIMIT);
        let kept = std::fs::read_to_string(save).unwrap_or_default();
        !kept.matches("(Lock(").count().is_multiple_of(2)
    });
    resumed(host_p, &addr, &code, &dir);
    let save = dir.join("join.ron");
    // Every set dealt was locked by both machines; every lock shown came in pairs, and
    // no chit travelled plainly.
    let text = std::fs::read_to_string(&save).unwrap();
    let locks = text.matches("(Lock(").count();
    assert!(locks >= 2 && locks.is_multiple_of(2), "{locks} locks");
    assert!(text.matches("(Key(").count().is_multiple_of(2));
    assert!(!text.contains("(Chits("), "no plain chits");
    let says = replay_says(&save);
    assert!(
        says.contains(&format!(
            "dominoes dealt locked: {} sets, {} locks shown",
            locks / 2,
            text.matches("(Key(").count()
        )),
        "{says}"
    );
}

#[test]
fn a_host_restarted_from_its_save_takes_its_player_back_to_the_same_hash() {
    let dir = scratch("host-restart");
    let host_save = dir.join("host.ron");
    let join_save = dir.join("join.ron");
    let (mut host_p, addr, code) =
        host(&scenario("scenarios/portable/ukhozi_drift.ron"), &host_save);
    let mut joiner = join(&addr, &code, &join_save, false);
    host_p.wait_for("order 10", GAME_LIMIT);
    host_p.child.kill().unwrap();
    let _ = host_p.child.wait();
    // The joining machine notices and waits; it is stopped too (the host will come
    // back on another port, with another code).
    joiner.wait_for("connection lost", Duration::from_secs(30));
    joiner.child.kill().unwrap();
    let _ = joiner.child.wait();

    // The host takes the game up again from its save and seat: a new code.
    let (host_p, addr, new_code) = host(&host_save.display().to_string(), &host_save);
    assert_ne!(new_code, code, "a fresh certificate and token");
    // The old code no longer opens it (it names the old certificate).
    let (ok, lines) = join(&addr, &code, &join_save, true).finish(Duration::from_secs(30));
    assert!(
        !ok && lines
            .iter()
            .any(|l| l.contains("not the one the join code names")),
        "{lines:?}"
    );
    let back = join(&addr, &new_code, &join_save, true);
    let (hash, _) = both_end(host_p, back);
    assert_eq!(replayed(&host_save), hash);
    assert_eq!(replayed(&join_save), hash);
}

/// The host's window while it waits: its picture is drawn and it has printed the code;
/// a joining window opens on the host's game (each run under Xvfb).
#[test]
#[ignore = "needs Xvfb and Mesa's Vulkan driver; run by .ci/run"]
fn the_host_and_join_windows_open_on_a_network_game() {
    let dir = scratch("windows");
    let shot = dir.join("host.png");
    let mut host_window = Proc::windowed(&[
        "host",
        &scenario("scenarios/wwii/orchard_farm.ron"),
        "--port",
        "0",
        "--bind",
        "127.0.0.1",
        "--save",
        &dir.join("host.ron").display().to_string(),
        "--screenshot",
        &shot.display().to_string(),
    ]);
    host_window.wait_for("join code: ", Duration::from_secs(60));
    let (ok, lines) = host_window.finish(Duration::from_secs(120));
    assert!(ok, "{lines:?}");
    let img = image::open(&shot).unwrap().to_rgba8();
    assert_eq!((img.width(), img.height()), (1280, 800));
    assert!(crate::common::colours(&img) > 50, "a drawn window");

    // A computer host, and a person's window joining it.
    let (mut host_p, addr, code) = host(
        &scenario("scenarios/wwii/orchard_farm.ron"),
        &dir.join("host2.ron"),
    );
    let join_shot = dir.join("join.png");
    let join_window = Proc::windowed(&[
        "join",
        &addr,
        "--code",
        &code,
        "--save",
        &dir.join("join.ron").display().to_string(),
        "--screenshot",
        &join_shot.display().to_string(),
    ]);
    host_p.wait_for("set up with both players' dice", Duration::from_secs(60));
    let (ok, lines) = join_window.finish(Duration::from_secs(120));
    assert!(ok, "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("joined ")), "{lines:?}");
    let img = image::open(&join_shot).unwrap().to_rgba8();
    assert!(crate::common::colours(&img) > 50, "a drawn window");
    let _ = host_p.child.kill();
}
