//! Plays the real window with real X input, as a person would: a click selects
//! a hex, Esc clears it, a right-drag pans the map. Needs Xvfb, Mesa's Vulkan
//! driver, xdotool and ImageMagick's `import`, so it is ignored by a plain
//! `cargo test`; `.ci/run` runs it with `cargo test --test app -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use crate::common::count_near;
use std::thread::sleep;
use std::time::{Duration, Instant};

/// The selection ring and frame colour (the board's `SelectHighlight`).
const SELECTION_YELLOW: [u8; 3] = [255, 217, 26];

struct Session {
    display: String,
    xvfb: Child,
    game: Child,
    shots: PathBuf,
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.game.kill();
        let _ = self.xvfb.kill();
    }
}

impl Session {
    /// The tutorial in the window.
    fn start() -> Self {
        Self::start_with(&["play", "tutorial"], &crate::common::data_dir(), None)
    }

    /// The program with `args`, its files in `data`, started from `desk` (or here).
    fn start_with(args: &[&str], data: &Path, desk: Option<&Path>) -> Self {
        // A display of its own for each session (tests run side by side), above the
        // numbers `xvfb-run -a` picks from (99 up).
        static SESSIONS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = SESSIONS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let display = format!(":{}", 200 + (std::process::id() % 300) * 4 + n);
        let xvfb = Command::new("Xvfb")
            .args([display.as_str(), "-screen", "0", "1280x800x24"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb must be installed");
        sleep(Duration::from_secs(1));
        let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&shots).unwrap();
        // What the program prints goes to a file beside the screenshots, read when a
        // step fails.
        let log = std::fs::File::create(session_log(&shots, &display)).unwrap();
        let mut game = Command::new(env!("CARGO_BIN_EXE_drumfire"));
        game.args(args)
            .env("DRUMFIRE_DATA", data)
            .env("DISPLAY", &display)
            .stdout(Stdio::null())
            .stderr(log);
        if let Some(desk) = desk {
            game.current_dir(desk);
        }
        let game = game.spawn().unwrap();
        let s = Self {
            display,
            xvfb,
            game,
            shots,
        };
        // Wait for the window, then give it the keyboard (there is no window manager).
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let out = s.xdotool(&["search", "--name", "Drumfire"]);
            if let Some(id) = out.lines().next() {
                sleep(Duration::from_secs(4));
                s.xdotool(&["windowfocus", id]);
                return s;
            }
            assert!(Instant::now() < deadline, "the window never opened");
            sleep(Duration::from_millis(300));
        }
    }

    /// The X window of the program (the first named Drumfire).
    fn window_id(&self) -> String {
        let out = self.xdotool(&["search", "--name", "Drumfire"]);
        out.lines().next().unwrap_or_default().to_owned()
    }

    fn xdotool(&self, args: &[&str]) -> String {
        let out = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .expect("xdotool must be installed");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the window's title matches `pattern` (a regular expression), then
    /// gives it the keyboard.
    fn wait_for_title(&self, pattern: &str) {
        assert!(
            self.title_within(pattern, Duration::from_secs(60)),
            "no window titled {pattern}"
        );
    }

    /// Whether a window titled `pattern` shows within `wait` (then it has the keyboard).
    fn title_within(&self, pattern: &str, wait: Duration) -> bool {
        let deadline = Instant::now() + wait;
        loop {
            let out = self.xdotool(&["search", "--name", pattern]);
            if let Some(id) = out.lines().next() {
                sleep(Duration::from_secs(5));
                self.xdotool(&["windowfocus", id]);
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            sleep(Duration::from_millis(300));
        }
    }

    fn act(&self, args: &[&str]) {
        self.xdotool(args);
        sleep(Duration::from_millis(900));
    }

    /// Clicks at (`x`, `y`) until the middle of the window changes from `before` (a
    /// click the first frames of a busy machine let slip is given again): the picture.
    fn click_until_changed(
        &self,
        (x, y): (&str, &str),
        before: &image::RgbaImage,
        name: &str,
    ) -> image::RgbaImage {
        for _ in 0..3 {
            self.act(&["mousemove", x, y]);
            self.act(&["click", "1"]);
            let deadline = Instant::now() + Duration::from_secs(8);
            while Instant::now() < deadline {
                let now = self.grab(name);
                if middle_difference(before, &now) > 8.0 {
                    return now;
                }
                sleep(Duration::from_millis(500));
            }
        }
        panic!("a click at {x},{y} changed nothing ({name})");
    }

    /// From a game titled `title` back to the start screen by the game menu: Esc opens
    /// it, its Leave button is pressed. A slow machine may drop a key or a click, or
    /// still be drawing its first frames when one comes, so each step is taken from what
    /// the window shows, until the start screen's title shows or three minutes pass.
    fn leave_to_the_start_screen(&mut self, title: &str, shot: &str) {
        let deadline = Instant::now() + Duration::from_secs(180);
        let mut steps: Vec<&str> = Vec::new();
        while Instant::now() < deadline {
            // A start screen slower to come than the wait after a click is seen here.
            if !steps.is_empty() && self.title_within("^Drumfire$", Duration::ZERO) {
                return;
            }
            // The pointer off the menu: a button under it is lit, and not seen as shown.
            self.act(&["mousemove", "1100", "760"]);
            if leave_button_shown(&self.grab(shot)) {
                self.act(&["mousemove", "640", "499"]);
                self.act(&["click", "1"]);
                steps.push("Leave clicked");
                if self.title_within("^Drumfire$", Duration::from_secs(45)) {
                    return;
                }
            } else {
                self.act(&["key", "Escape"]);
                steps.push("Esc");
                let until = Instant::now() + Duration::from_secs(8);
                while Instant::now() < until && !leave_button_shown(&self.grab(shot)) {
                    sleep(Duration::from_millis(300));
                }
            }
        }
        let status = self.game.try_wait().unwrap();
        let log =
            std::fs::read_to_string(session_log(&self.shots, &self.display)).unwrap_or_default();
        let tail: Vec<&str> = log.lines().rev().take(15).collect();
        panic!(
            "Leave to the start screen from {title}: after {} the program {} (the window \
             last seen in {shot}); its last lines:\n{}",
            steps.join(", "),
            status.map_or("still runs".to_owned(), |st| format!("ended: {st}")),
            tail.into_iter().rev().collect::<Vec<_>>().join("\n")
        );
    }

    /// The window as soon as it shows what `shown` looks for (a slow machine may still
    /// be drawing its first frames), or as it is after 30 seconds.
    fn grab_until(
        &self,
        name: &str,
        shown: impl Fn(&image::RgbaImage) -> bool,
    ) -> image::RgbaImage {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let now = self.grab(name);
            if shown(&now) || Instant::now() >= deadline {
                return now;
            }
            sleep(Duration::from_millis(500));
        }
    }

    fn grab(&self, name: &str) -> image::RgbaImage {
        let path = self.shots.join(name);
        let ok = Command::new("import")
            .args(["-window", "root"])
            .arg(&path)
            .env("DISPLAY", &self.display)
            .status()
            .expect("ImageMagick's import must be installed");
        assert!(ok.success());
        image::open(&path).unwrap().to_rgba8()
    }
}

/// Where what the program of the session on `display` prints goes (beside the
/// screenshots in `shots`).
fn session_log(shots: &Path, display: &str) -> PathBuf {
    shots.join(format!("session-{}.log", &display[1..]))
}

/// Whether the game menu's "Leave to the start screen" button (an unlit egui button,
/// grey 60) fills its place in the middle of the window.
fn leave_button_shown(img: &image::RgbaImage) -> bool {
    let grey = (490..508)
        .flat_map(|y| (520..760).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            img.get_pixel(x, y).0[..3]
                .iter()
                .all(|&c| c.abs_diff(60) <= 2)
        })
        .count();
    grey > 3_000
}

/// Mean absolute difference of two screenshots where the game menu opens (the middle of
/// the window).
fn middle_difference(a: &image::RgbaImage, b: &image::RgbaImage) -> f64 {
    let mut sum = 0u64;
    let mut n = 0u64;
    for y in 280..520 {
        for x in 520..760 {
            let (p, q) = (a.get_pixel(x, y), b.get_pixel(x, y));
            sum += (0..3).map(|i| u64::from(p[i].abs_diff(q[i]))).sum::<u64>();
            n += 3;
        }
    }
    sum as f64 / n as f64
}

/// Mean absolute difference of two screenshots over the map area (left of the side panel, above the log).
fn map_difference(a: &image::RgbaImage, b: &image::RgbaImage) -> f64 {
    let mut sum = 0u64;
    let mut n = 0u64;
    for y in 40..660 {
        for x in 0..960 {
            let (p, q) = (a.get_pixel(x, y), b.get_pixel(x, y));
            sum += (0..3).map(|i| u64::from(p[i].abs_diff(q[i]))).sum::<u64>();
            n += 3;
        }
    }
    sum as f64 / n as f64
}

#[test]
#[ignore = "needs Xvfb, Mesa's Vulkan driver, xdotool and ImageMagick; run by .ci/run"]
fn a_player_selects_clears_and_pans_with_mouse_and_keyboard() {
    let s = Session::start();
    let before = s.grab("input-0-start.png");
    assert!(
        count_near(&before, SELECTION_YELLOW, 6) < 50,
        "nothing is selected at the start"
    );

    // Hex 0805 (B/1 Wessex) in the default view.
    s.act(&["mousemove", "458", "245"]);
    s.act(&["click", "1"]);
    let selected = s.grab("input-1-selected.png");
    assert!(
        count_near(&selected, SELECTION_YELLOW, 6) > 400,
        "a click selects the hex and its counter"
    );

    s.act(&["key", "Escape"]);
    let cleared = s.grab("input-2-cleared.png");
    assert!(
        count_near(&cleared, SELECTION_YELLOW, 6) < 50,
        "Esc clears the selection"
    );

    s.act(&["mousedown", "3"]);
    for _ in 0..10 {
        s.xdotool(&["mousemove_relative", "--", "15", "8"]);
        sleep(Duration::from_millis(50));
    }
    s.act(&["mouseup", "3"]);
    let panned = s.grab("input-3-panned.png");
    assert!(
        map_difference(&cleared, &panned) > 8.0,
        "a right-drag pans the map"
    );
    // F1 opens Help over the middle; Esc closes it, and opens no menu.
    s.act(&["mousemove", "1100", "760"]);
    let before = s.grab("input-4-before-help.png");
    s.act(&["key", "F1"]);
    let help = s.grab("input-5-help.png");
    assert!(middle_difference(&before, &help) > 8.0, "F1 opens Help");
    s.act(&["key", "Escape"]);
    let closed = s.grab("input-6-help-closed.png");
    assert!(
        middle_difference(&before, &closed) < 2.0,
        "Esc closes Help, and opens no menu"
    );
}

/// The hint for a first-time player on the start screen (its text colour).
const FIRST_TIME_YELLOW: [u8; 3] = [240, 200, 90];

/// From the start screen to a game of each rule set by clicks and keys, and back by the
/// game menu (Esc, Leave to the start screen), all in one window that never closes;
/// Quit ends the program; nothing is written to the folder it was started from.
#[test]
#[ignore = "needs Xvfb, Mesa's Vulkan driver, xdotool and ImageMagick; run by .ci/run"]
fn the_start_screen_opens_a_game_of_each_rule_set_and_the_menu_leads_back() {
    let root = std::env::temp_dir().join(format!("drumfire-start-{}", std::process::id()));
    let (desk, data) = (root.join("desk"), root.join("data"));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&desk).unwrap();
    let mut s = Session::start_with(&[], &data, Some(&desk));
    let pointed = |img: &image::RgbaImage| count_near(img, FIRST_TIME_YELLOW, 4) > 300;
    let first = s.grab_until("start-0-first-time.png", pointed);
    assert!(
        pointed(&first),
        "a first-time player is pointed at the tutorial"
    );
    let window = s.window_id();
    // Settings: the computer's pace set to 0 s an order (pressed at its slider's left end).
    let default = s.click_until_changed(("1130", "297"), &first, "start-settings-default.png");
    s.act(&["mousemove", "600", "386"]);
    s.act(&["mousedown", "1"]);
    s.act(&["mouseup", "1"]);
    s.act(&["mousemove", "1130", "700"]);
    let changed = s.grab("start-settings-changed.png");
    assert!(
        middle_difference(&default, &changed) > 0.05,
        "the slider moved"
    );
    s.act(&["mousemove", "838", "248"]);
    s.act(&["click", "1"]);
    // The first scenario of each rule set on the list, and its window's title.
    for (y, title) in [
        ("91", "Saint-Aubert"),
        ("178", "Ukhozi Drift"),
        ("244", "The Mill at Lindenau"),
        ("310", "The Ridge at Tanner"),
        ("376", "The Orchard Farm"),
    ] {
        s.act(&["mousemove", "100", y]);
        s.act(&["click", "1"]);
        s.act(&["key", "Return"]);
        s.wait_for_title(title);
        s.act(&["mousemove", "1100", "760"]);
        let game = s.grab(&format!("start-game-{y}.png"));
        assert!(
            crate::common::colours(&game) > 50,
            "the game window of {title} is drawn"
        );
        s.leave_to_the_start_screen(title, &format!("start-menu-{y}.png"));
    }
    assert_eq!(
        s.window_id(),
        window,
        "one window for the whole run: it never closed between the screens"
    );
    // The setting changed before the games is found again after them.
    s.act(&["mousemove", "1130", "297"]);
    s.act(&["click", "1"]);
    let after = s.grab("start-settings-after.png");
    assert!(
        middle_difference(&changed, &after) < 2.0,
        "the settings window shows the pace set before the games"
    );
    // Esc closes it.
    s.act(&["key", "Escape"]);
    let closed = s.grab("start-settings-closed.png");
    assert!(
        middle_difference(&after, &closed) > 2.0,
        "Esc closed the settings window"
    );
    s.act(&["mousemove", "1130", "328"]);
    s.act(&["click", "1"]);
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(status) = s.game.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "Quit did not end the program");
        sleep(Duration::from_millis(200));
    };
    assert!(status.success(), "{status}");
    assert_eq!(
        std::fs::read_dir(&desk).unwrap().count(),
        0,
        "the desk stays empty"
    );
    let kept = std::fs::read_to_string(data.join("settings.ron")).unwrap();
    assert!(kept.contains("computer_pace: 0.0,"), "{kept}");
}

/// The editor in the one window: the start screen's "Edit a copy" opens it in place,
/// Esc leaves it for the start screen, and "Play this" plays the scenario edited in
/// place of the editor, whose game leads back to the start screen: the window never
/// closes.
#[test]
#[ignore = "needs Xvfb, Mesa's Vulkan driver, xdotool and ImageMagick; run by .ci/run"]
fn the_editor_opens_plays_and_leaves_in_the_one_window() {
    let root = std::env::temp_dir().join(format!("drumfire-edit-{}", std::process::id()));
    let (desk, data) = (root.join("desk"), root.join("data"));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&desk).unwrap();
    let mut s = Session::start_with(&[], &data, Some(&desk));
    let pointed = |img: &image::RgbaImage| count_near(img, FIRST_TIME_YELLOW, 4) > 300;
    s.grab_until("edit-0-start.png", pointed);
    let window = s.window_id();
    // The chosen scenario (the tutorial, first on the list) edited as a copy.
    let edit_a_copy = || {
        s.act(&["mousemove", "1090", "259"]);
        s.act(&["click", "1"]);
        s.wait_for_title("editing");
    };
    edit_a_copy();
    s.act(&["mousemove", "1100", "760"]);
    let editor = s.grab("edit-1-editor.png");
    let total = (editor.width() * editor.height()) as usize;
    assert!(
        count_near(&editor, [200, 204, 146], 12) > total / 20,
        "the editor's map is drawn"
    );
    assert!(
        data.join("scenarios/my_tutorial.ron").is_file(),
        "the copy is written"
    );
    // Nothing changed: Esc leaves at once.
    s.act(&["key", "Escape"]);
    s.wait_for_title("^Drumfire$");
    s.grab("edit-2-left.png");
    edit_a_copy();
    s.act(&["mousemove", "235", "12"]);
    s.act(&["click", "1"]);
    s.wait_for_title("Saint-Aubert");
    s.act(&["mousemove", "1100", "760"]);
    let game = s.grab("edit-3-played.png");
    assert!(
        crate::common::colours(&game) > 50,
        "the game of the scenario edited is drawn"
    );
    s.leave_to_the_start_screen("Saint-Aubert", "edit-4-menu.png");
    assert_eq!(
        s.window_id(),
        window,
        "one window: it never closed between the start screen, the editor and the game"
    );
    assert_eq!(
        std::fs::read_dir(&desk).unwrap().count(),
        0,
        "the desk stays empty"
    );
}

/// `drumfire ARGS` with its files in `data`, started from `desk`; it must succeed.
fn drumfire_in(data: &Path, desk: &Path, args: &[&str]) {
    let out = Command::new(env!("CARGO_BIN_EXE_drumfire"))
        .args(args)
        .env("DRUMFIRE_DATA", data)
        .current_dir(desk)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "drumfire {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Open a file… on the start screen, as a keyboard user does it: `/` opens the file
/// dialog's path line, the file's path is typed and Enter picks it. A save opens its
/// game; a turn file (an invitation to a game by e-mail) opens that game at this player's
/// side.
#[test]
#[ignore = "needs Xvfb, Mesa's Vulkan driver, xdotool and ImageMagick; run by .ci/run"]
fn a_save_and_a_turn_file_open_through_the_file_dialog() {
    let root = std::env::temp_dir().join(format!("drumfire-open-{}", std::process::id()));
    let (desk, data, host) = (root.join("desk"), root.join("data"), root.join("host"));
    let _ = std::fs::remove_dir_all(&root);
    for dir in [&desk, &data, &host] {
        std::fs::create_dir_all(dir).unwrap();
    }
    let project = Path::new(env!("CARGO_MANIFEST_DIR"));
    let save = root.join("tutorial-game.ron");
    let turn = root.join("ukhozi.turn.ron");
    let tutorial = project.join("scenarios/great_war/tutorial.ron");
    let ukhozi = project.join("scenarios/portable/ukhozi_drift.ron");
    drumfire_in(
        &data,
        &desk,
        &[
            "sim",
            tutorial.to_str().unwrap(),
            "--seed",
            "4",
            "--save",
            save.to_str().unwrap(),
        ],
    );
    // The other player starts the game by e-mail from a machine of their own.
    drumfire_in(
        &host,
        &host,
        &[
            "post",
            "new",
            ukhozi.to_str().unwrap(),
            "--side",
            "1",
            "--out",
            turn.to_str().unwrap(),
        ],
    );
    // The save opens its game; the invitation is answered at once (nothing to play
    // until the other player has the answer) and the start screen says where it went.
    // Each from a first start (no Continue above Open a file).
    for (file, title, name) in [
        (&save, "Saint-Aubert", "save"),
        (&turn, "^Drumfire$", "turn"),
    ] {
        let data = root.join(format!("data-{name}"));
        let s = Session::start_with(&[], &data, Some(&desk));
        let start = s.grab(&format!("open-{name}-start.png"));
        let dialog =
            s.click_until_changed(("1130", "155"), &start, &format!("open-{name}-dialog.png"));
        // A key the first frames of a busy machine let slip is typed again: the picked
        // file has opened when the invitation is answered or the game's title shows.
        let opened = || {
            if name == "turn" {
                !std::fs::read_to_string(file).unwrap().contains("to: 1,")
            } else {
                !s.xdotool(&["search", "--name", title]).trim().is_empty()
            }
        };
        let mut tries = 0;
        loop {
            s.act(&["key", "slash"]);
            // The line holds the folder the dialog shows: cleared first.
            s.act(&["key", "--repeat", "200", "--delay", "2", "BackSpace"]);
            s.act(&["type", "--delay", "20", file.to_str().unwrap()]);
            s.grab(&format!("open-{name}-typed-{tries}.png"));
            s.act(&["key", "Return"]);
            let deadline = Instant::now() + Duration::from_secs(30);
            while !opened() && Instant::now() < deadline {
                sleep(Duration::from_millis(300));
            }
            if opened() {
                break;
            }
            tries += 1;
            assert!(
                tries < 3,
                "the {name} never opened (open-{name}-typed-*.png)"
            );
        }
        if name == "turn" {
            sleep(Duration::from_secs(3));
        }
        s.wait_for_title(title);
        s.act(&["mousemove", "1100", "760"]);
        let game = s.grab(&format!("open-{name}-game.png"));
        assert!(
            middle_difference(&dialog, &game) > 8.0,
            "the dialog closed on the {name}'s window"
        );
    }
    let answered = std::fs::read_to_string(&turn).unwrap();
    assert!(
        answered.contains("to: 0,"),
        "the answer goes back to the host: {answered}"
    );
    let _ = std::fs::remove_dir_all(&root);
}
