//! The windowed game: the core plugin with the board, input and UI on top.

use crate::files::{Loaded, load};
use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};
use bevy_egui::EguiPlugin;
use drumfire_core::game::CorePlugin;
use drumfire_core::orders::Order;
use drumfire_core::scenario::Scenario;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

mod in_place;
use in_place::launch;

/// Options of the window.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct WindowOptions {
    /// Dice seed for a new game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Select this hex when the window opens (a hex number such as 0706).
    #[arg(long, value_name = "HEX")]
    select: Option<String>,
    /// Save a PNG of the window once it has drawn, then quit.
    #[arg(long, value_name = "PNG")]
    screenshot: Option<PathBuf>,
    /// Play a script of UI steps (see `src/play/script.rs`), then quit.
    #[arg(long, value_name = "FILE")]
    script: Option<PathBuf>,
    /// Open the scenario in table mode: the rules off, every piece moved by hand.
    #[arg(long)]
    table: bool,
    /// Who plays each side, in scenario order: human or ai (default human for all).
    #[arg(long, value_delimiter = ',', value_name = "WHO")]
    players: Vec<String>,
    /// Where the script's screenshots go.
    #[arg(long, value_name = "DIR", default_value = "target/screenshots/script")]
    shots: PathBuf,
    /// Measure the window: pan and zoom across the map without vsync, write the frame
    /// times, time to the first map frame and peak memory to this JSON file, then quit
    /// (see `scripts/bench-window.sh`).
    #[arg(long, value_name = "JSON")]
    bench_window: Option<PathBuf>,
    /// Frames the window benchmark pans and zooms for.
    #[arg(long, value_name = "N", default_value_t = 600)]
    bench_frames: u32,
    /// Leave the window alone: after three seconds to settle, print the frames drawn in
    /// the next SECONDS (`idle frames: N in S s`), then quit.
    #[arg(long, value_name = "SECONDS", hide = true)]
    idle_frames: Option<f32>,
}

impl WindowOptions {
    /// The options of a window that may play a script of UI steps (its screenshots in
    /// `shots`) or take one screenshot.
    pub fn with_script(
        script: Option<PathBuf>,
        shots: PathBuf,
        screenshot: Option<PathBuf>,
    ) -> Self {
        Self {
            script,
            shots,
            ..Self::with_screenshot(screenshot)
        }
    }

    /// The options of a window with nothing asked for but, maybe, a screenshot.
    pub fn with_screenshot(screenshot: Option<PathBuf>) -> Self {
        Self {
            screenshot,
            bench_frames: 600,
            ..Default::default()
        }
    }
}

impl WindowOptions {
    /// Were any options given that only a game uses (a seed, a hex to select, a
    /// script, table mode, players, a benchmark)? With no command they open the
    /// default scenario, as before there was a start screen.
    pub fn ask_for_a_game(&self) -> bool {
        self.seed != 1
            || self.select.is_some()
            || self.script.is_some()
            || self.table
            || !self.players.is_empty()
            || self.bench_window.is_some()
            || self.idle_frames.is_some()
    }
}

/// The window's plugins with the window itself, titled `title`: the size and mode of the
/// settings (1280x800 when the window is measured or pictured for a test).
fn window_plugins(title: String, present_mode: PresentMode, fixed: bool) -> impl PluginGroup {
    let settings = crate::settings::Settings::load().0;
    let (w, h) = if fixed {
        (1280, 800)
    } else {
        settings.window_size
    };
    DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title,
            resolution: WindowResolution::new(w, h),
            mode: if fixed {
                bevy::window::WindowMode::Windowed
            } else {
                settings.window_mode()
            },
            present_mode,
            ..default()
        }),
        ..default()
    })
}

/// `drumfire` with no command: the start screen. What the player picks there opens in
/// the same window (`crate::opening`).
pub fn run_start(options: WindowOptions) -> ExitCode {
    run_start_telling(options, String::new())
}

/// The start screen with `message` under its buttons (what was just done).
pub fn run_start_telling(options: WindowOptions, message: String) -> ExitCode {
    let next = crate::files::Next::default();
    let fixed = options.screenshot.is_some();
    let mut app = window_app("Drumfire".into(), PresentMode::default(), fixed, &next);
    app.insert_resource(crate::start::Start::read().telling(message));
    if let Some(path) = options.screenshot {
        crate::redraw::screenshot_then_quit(&mut app, path);
    }
    run_then_relaunch(app, &next)
}

/// The one window of a run: the core with every rule set, the start screen and a
/// game's board, input, play and panels, each run only while its screen is shown
/// (the start screen first, unless a game is opened before the first frame). `fixed`:
/// 1280x800 windowed, as the window is measured or pictured for a test.
fn window_app(
    title: String,
    present_mode: PresentMode,
    fixed: bool,
    next: &crate::files::Next,
) -> App {
    use crate::screen::Screen;
    use drumfire_core::gate::gated;
    let mut app = App::new();
    app.add_plugins(window_plugins(title, present_mode, fixed))
        .insert_resource(crate::settings::FixedWindow(fixed))
        .insert_resource(ClearColor(crate::board::CLEAR_COLOUR))
        .add_plugins(EguiPlugin::default())
        .add_plugins(crate::settings::plugin)
        .add_plugins(crate::redraw::plugin)
        .add_plugins(CorePlugin::every(&drumfire_core::rules::ALL))
        .init_state::<Screen>();
    gated(&mut app, shows_a_board, |app| {
        app.add_plugins((crate::board::plugin, crate::input::plugin));
    });
    gated(&mut app, in_state(Screen::Game), |app| {
        app.add_plugins((crate::play::plugin, crate::rules::plugin, crate::ui::plugin));
    });
    gated(&mut app, in_state(Screen::Editor), crate::editor::plugin);
    gated(&mut app, in_state(Screen::Start), crate::start::plugin);
    app.insert_resource(crate::play::menu::Relaunch(next.clone()))
        .insert_non_send(crate::play::menu::Dialog {
            dialog: crate::files::FileDialog::new(),
            purpose: Default::default(),
        })
        .insert_non_send(crate::files::FileDialog::new())
        .add_systems(Last, launch);
    app
}

/// Is a screen with a board shown (a game, the editor)?
fn shows_a_board(screen: Option<Res<State<crate::screen::Screen>>>) -> bool {
    screen.is_some_and(|s| crate::screen::BOARD_SCREENS.contains(s.get()))
}

/// `drumfire edit [FILE] [--rules ID]`: the window on the scenario editor (the rule
/// set is for a new file).
pub fn run_editor(
    path: Option<PathBuf>,
    screenshot: Option<PathBuf>,
    rules: Option<&str>,
) -> ExitCode {
    let doc = match crate::editor::doc_of(path, rules, crate::rules::editor_parts) {
        Ok(doc) => doc,
        Err(e) => {
            tell!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let next = crate::files::Next::default();
    let fixed = screenshot.is_some();
    let mut app = window_app("Drumfire".into(), PresentMode::default(), fixed, &next);
    crate::opening::edit_when_run(app.world_mut(), doc);
    if let Some(path) = screenshot {
        crate::redraw::screenshot_then_quit(&mut app, path);
    }
    run_then_relaunch(app, &next)
}

/// Runs the window; once it closes, starts the program again if the window asked for it
/// (in `next`: the start screen's choice, the game menu's Leave).
fn run_then_relaunch(mut app: App, next: &crate::files::Next) -> ExitCode {
    let exit = app.run();
    let args = next.lock().ok().and_then(|mut n| n.take());
    match (exit, args) {
        (AppExit::Error(_), _) => ExitCode::FAILURE,
        (AppExit::Success, Some(args)) => relaunch(args),
        (AppExit::Success, None) => ExitCode::SUCCESS,
    }
}

/// Starts the program again with `args` (and the `--data` folder of this run): on
/// Unix in this very process, elsewhere as a new one.
pub fn relaunch(args: Vec<std::ffi::OsString>) -> ExitCode {
    let mut all: Vec<std::ffi::OsString> = Vec::new();
    if let Some(dir) = drumfire_core::paths::chosen() {
        all.push("--data".into());
        all.push(dir.into_os_string());
    }
    all.extend(args);
    // The program as it was started (its file replaced by a newer build since, the
    // name it was started by).
    let exe = std::env::current_exe()
        .ok()
        .filter(|p| p.is_file())
        .or_else(|| std::env::args_os().next().map(PathBuf::from));
    let Some(exe) = exe else {
        tell!("cannot find this program to start it again");
        return ExitCode::FAILURE;
    };
    let mut command = std::process::Command::new(exe);
    command.args(&all);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        let e = command.exec();
        tell!("cannot start the program again: {e}");
        ExitCode::FAILURE
    }
    #[cfg(not(unix))]
    match command.spawn() {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            tell!("cannot start the program again: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `drumfire` with window options for a game and no command: the embedded default
/// scenario.
pub fn run_default(options: WindowOptions) -> ExitCode {
    match drumfire_core::rules::default_scenario() {
        Ok(s) => run(new_game(s, &options), Vec::new(), options, Extra::None),
        Err(errors) => {
            errors.iter().for_each(|e| tell!("{e}"));
            ExitCode::FAILURE
        }
    }
}

/// `drumfire play FILE`: a scenario, or a save continued where it stopped.
pub fn run_file(path: &Path, options: WindowOptions) -> ExitCode {
    match game_of_file(path, &options) {
        Ok((source, replay, options)) => run(source, replay, options, Extra::None),
        Err(errors) => {
            errors.iter().for_each(|e| tell!("{e}"));
            ExitCode::FAILURE
        }
    }
}

/// The game of `drumfire play FILE`: a scenario's new game, or a save's (checked to
/// replay), with the options it is played under; or what is wrong, one line each.
fn game_of_file(
    path: &Path,
    options: &WindowOptions,
) -> Result<(crate::play::session::GameSource, Vec<Order>, WindowOptions), Vec<String>> {
    match load(path) {
        Ok(Loaded::Scenario(s)) => Ok((new_game(*s, options), Vec::new(), options.clone())),
        Ok(Loaded::Save(save)) => {
            if options.table && !save.file.table {
                return Err(vec![format!(
                    "{}: this save was played by the rules; --table opens a scenario at the table",
                    path.display()
                )]);
            }
            let (_, check) = drumfire_core::save::replay(&save);
            if let Err(d) = check {
                return Err(vec![format!(
                    "{}: the save does not replay: {d}",
                    path.display()
                )]);
            }
            // Who played each side goes on playing it, unless the command line says.
            let players = if options.players.is_empty() {
                save.file
                    .players
                    .iter()
                    .map(|s| seat_word(*s).to_owned())
                    .collect()
            } else {
                options.players.clone()
            };
            let options = WindowOptions {
                table: save.file.table,
                players,
                ..options.clone()
            };
            let source = crate::play::session::GameSource::of_save(&save);
            Ok((source, save.file.orders.clone(), options))
        }
        Err(errors) => Err(errors.iter().map(ToString::to_string).collect()),
    }
}

/// The `--players` word of a seat a save keeps.
fn seat_word(seat: drumfire_core::save::Seat) -> &'static str {
    use drumfire_core::save::Seat;
    match seat {
        Seat::Person => "human",
        Seat::Computer => "ai",
        Seat::HardComputer => "hard",
    }
}

/// `drumfire view SAVE`: a save watched in the replay viewer, from moment `at`.
pub fn run_viewer(path: &Path, at: Option<usize>, options: WindowOptions) -> ExitCode {
    match watched(path, at, &options) {
        Ok((source, viewer, options)) => run(source, Vec::new(), options, Extra::View(viewer)),
        Err(e) => {
            tell!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// The game of `drumfire view SAVE` (a save or a turn file), its viewer at moment
/// `at`, the options it is watched under; or what is wrong.
fn watched(
    path: &Path,
    at: Option<usize>,
    options: &WindowOptions,
) -> Result<
    (
        crate::play::session::GameSource,
        crate::play::viewer::Viewer,
        WindowOptions,
    ),
    String,
> {
    let turn_file =
        std::fs::read_to_string(path).is_ok_and(|t| drumfire_net::post::looks_like_turn_file(&t));
    let loaded = if turn_file {
        // The game a turn file holds, as far as it goes.
        let shown = path.display().to_string();
        drumfire_net::post::read(path)
            .and_then(|f| {
                f.game
                    .ok_or_else(|| format!("{shown}: the game by e-mail is not set up yet"))
            })
            .and_then(|g| drumfire_net::post::checked_save(&shown, &g))
            .map(|s| Loaded::Save(Box::new(s)))
            .map_err(|e| vec![e])
    } else {
        load(path).map_err(|errors| errors.iter().map(ToString::to_string).collect())
    };
    let save = match loaded {
        Ok(Loaded::Save(save)) => save,
        Ok(Loaded::Scenario(_)) => {
            return Err(format!(
                "{}:1:1: this is a scenario, not a save: `drumfire play` opens it",
                path.display()
            ));
        }
        Err(errors) => return Err(errors.join("\n")),
    };
    let viewer = crate::play::viewer::Viewer::open(path, &save, at)?;
    let options = WindowOptions {
        table: save.file.table,
        players: Vec::new(),
        ..options.clone()
    };
    Ok((
        crate::play::session::GameSource::of_save(&save),
        viewer,
        options,
    ))
}

/// `drumfire post open FILE` for a person: the window on the turn file's game, in the
/// replay viewer from the moment this player last saw. While the game is not set up
/// there is nothing to show: the file goes straight back, and the window opens on the
/// start screen saying where it was written and to whom it goes.
pub fn run_post(
    path: PathBuf,
    mut opened: drumfire_net::post::Opened,
    options: WindowOptions,
) -> ExitCode {
    let Some(game) = opened.game.as_mut() else {
        let sent = opened
            .finish()
            .and_then(|file| drumfire_net::post::write(&path, &file));
        return match sent {
            Ok(()) => {
                let mut told = Vec::new();
                drumfire_net::post::tell_sent(&opened, &path, &mut told);
                let told = String::from_utf8_lossy(&told).trim().to_owned();
                say!("{told}");
                // Nothing to play yet (the set-up's answer is sent): the window opens on
                // the start screen saying so, not on nothing.
                if options.script.is_some() {
                    return ExitCode::SUCCESS;
                }
                run_start_telling(options, told)
            }
            Err(e) => {
                tell!("{e}");
                ExitCode::FAILURE
            }
        };
    };
    let seed = game.world().resource::<drumfire_core::dice::Dice>().seed();
    let file = drumfire_core::save::save_of(game, &opened.scenario, seed);
    let save = drumfire_net::post::checked_save(&path.display().to_string(), &file);
    let save = match save {
        Ok(s) => s,
        Err(e) => {
            tell!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let seen = opened.seen.unwrap_or(0).min(file.orders.len());
    let viewer = match crate::play::viewer::Viewer::open(&path, &save, Some(seen)) {
        Ok(v) => v,
        Err(e) => {
            tell!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let source = crate::play::session::GameSource::of_save(&save);
    let play = crate::play::post::PostPlay::new(path, opened);
    say!("{}", play.status);
    run(
        source,
        Vec::new(),
        options,
        Extra::Post(Box::new(play), Some(viewer)),
    )
}

/// What a window adds to a game at the desk.
enum Extra {
    /// Nothing: a game played here.
    None,
    /// One side of a game between two machines.
    Network(Box<crate::play::network::NetPlay>),
    /// A save watched.
    View(crate::play::viewer::Viewer),
    /// One side of a game by e-mail, its news watched first.
    /// (The viewer is `None` once the window has taken it.)
    Post(
        Box<crate::play::post::PostPlay>,
        Option<crate::play::viewer::Viewer>,
    ),
}

/// A new game of a scenario with the command line's seed and mode.
fn new_game(scenario: Scenario, options: &WindowOptions) -> crate::play::session::GameSource {
    crate::play::session::GameSource {
        scenario,
        seed: options.seed,
        mode: if options.table {
            drumfire_core::game::Mode::Table
        } else {
            drumfire_core::game::Mode::Rules
        },
        dice: None,
    }
}

/// The window on one side of a game between two machines (`drumfire host`, `join`).
pub fn run_network(
    net: crate::play::network::NetPlay,
    scenario: Scenario,
    options: WindowOptions,
) -> ExitCode {
    let source = crate::play::session::GameSource {
        scenario,
        seed: 0,
        mode: drumfire_core::game::Mode::Rules,
        dice: None,
    };
    run(source, Vec::new(), options, Extra::Network(Box::new(net)))
}

fn run(
    source: crate::play::session::GameSource,
    replay: Vec<Order>,
    options: WindowOptions,
    extra: Extra,
) -> ExitCode {
    let sides = source.scenario.file.sides.len();
    let Some(computer) = computer_sides(&options, sides) else {
        return ExitCode::FAILURE;
    };
    let next = crate::files::Next::default();
    let title = format!("Drumfire — {}", source.scenario.file.title);
    // The benchmark measures the work of a frame, not the wait for the display.
    let present_mode = if options.bench_window.is_some() {
        PresentMode::AutoNoVsync
    } else {
        PresentMode::default()
    };
    let fixed = options.screenshot.is_some()
        || options.script.is_some()
        || options.bench_window.is_some()
        || options.idle_frames.is_some();
    let mut app = window_app(title, present_mode, fixed, &next);
    let (viewer, extra) = match extra {
        Extra::View(viewer) => (Some(viewer), Extra::None),
        Extra::Post(play, viewer) => (viewer, Extra::Post(play, None)),
        other => (None, other),
    };
    let opening = crate::opening::Opening {
        source,
        replay,
        computer,
        viewer,
    };
    crate::opening::open_when_run(app.world_mut(), opening);
    add_extra(&mut app, extra);
    if let Err(code) = add_options(&mut app, options) {
        return code;
    }
    run_then_relaunch(app, &next)
}

/// Which of the `sides` sides the computer plays, and at which level, from
/// `--players`; `None` (the fault told) for a word other than human, ai (or normal)
/// or hard.
fn computer_sides(
    options: &WindowOptions,
    sides: usize,
) -> Option<crate::play::computer::Computer> {
    let mut computer = crate::play::computer::Computer {
        sides: vec![false; sides],
        hard: vec![false; sides],
        fast: false,
    };
    for (i, who) in options.players.iter().enumerate() {
        match (who.as_str(), i < sides) {
            ("ai" | "normal", true) => computer.sides[i] = true,
            ("hard", true) => {
                computer.sides[i] = true;
                computer.hard[i] = true;
            }
            ("human", true) => {}
            (other, _) => {
                tell!(
                    "--players: `{other}` for side {}: expected human, ai (or normal) or hard, one per side ({sides} sides)",
                    i + 1
                );
                return None;
            }
        }
    }
    Some(computer)
}

/// What the kind of window adds: a game played by post (this machine's side, no
/// computer) and its viewer, a replay watched, or a game between two machines.
fn add_extra(app: &mut App, extra: Extra) {
    if let Extra::Post(play, _) = extra {
        app.insert_resource(crate::play::PlayedHere(play.opened.me))
            .insert_non_send(*play)
            .add_plugins(crate::play::post::plugin);
        app.world_mut()
            .resource_mut::<crate::play::computer::Computer>()
            .sides
            .iter_mut()
            .for_each(|c| *c = false);
    } else if let Extra::Network(net) = extra {
        let net = *net;
        app.insert_resource(crate::play::PlayedHere(net.me()));
        // Nobody's computer: each machine's player plays its own side.
        app.world_mut()
            .resource_mut::<crate::play::computer::Computer>()
            .sides
            .iter_mut()
            .for_each(|c| *c = false);
        crate::play::network::hold_until_set_up(app.world_mut());
        app.insert_non_send(net)
            .add_plugins(crate::play::network::plugin);
    }
}

/// What the command line's options add: the counter selected at the start, the
/// script, the benchmark, the screenshot and the idle probe. A bad hex or script
/// is told, and its exit code returned.
fn add_options(app: &mut App, options: WindowOptions) -> Result<(), ExitCode> {
    if let Some(label) = &options.select {
        match drumfire_core::scenario::hex_of(label) {
            Some(hex) => {
                app.add_systems(
                    PostStartup,
                    move |index: Res<drumfire_core::map::HexIndex>,
                          mut sel: ResMut<crate::input::Selection>| {
                        sel.click(hex, index.occupants(hex));
                    },
                );
            }
            None => {
                tell!("--select: `{label}` is not a hex number like 0706");
                return Err(ExitCode::FAILURE);
            }
        }
    }
    if let Some(path) = &options.script {
        match crate::play::script::Script::read(path, options.shots.clone()) {
            Ok(script) => {
                app.insert_resource(script)
                    .insert_resource(crate::input::ScriptedPointer)
                    .init_resource::<crate::redraw::Continuous>();
            }
            Err(e) => {
                tell!("{e}");
                return Err(ExitCode::FAILURE);
            }
        }
    }
    if let Some(out) = options.bench_window {
        app.insert_resource(crate::bench::WindowBench::new(out, options.bench_frames))
            .init_resource::<crate::redraw::Continuous>()
            .add_plugins(crate::bench::plugin);
    }
    if let Some(path) = options.screenshot {
        crate::redraw::screenshot_then_quit(app, path);
    }
    if let Some(seconds) = options.idle_frames {
        crate::redraw::probe_idle(app, seconds);
    }
    Ok(())
}
