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
    fn start() -> Self {
        let display = format!(":{}", 90 + std::process::id() % 100);
        let xvfb = Command::new("Xvfb")
            .args([display.as_str(), "-screen", "0", "1280x800x24"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb must be installed");
        sleep(Duration::from_secs(1));
        let game = Command::new(env!("CARGO_BIN_EXE_drumfire"))
            .env("DRUMFIRE_DATA", crate::common::data_dir())
            .env("DISPLAY", &display)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        std::fs::create_dir_all(&shots).unwrap();
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

    fn xdotool(&self, args: &[&str]) -> String {
        let out = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .expect("xdotool must be installed");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn act(&self, args: &[&str]) {
        self.xdotool(args);
        sleep(Duration::from_millis(900));
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
}
