//! The game as a session at the desk: save, load and autosave, undo up to the
//! last dice rolled, and the keyboard shortcuts.

use crate::input::Selection;
use crate::screen::UiStatus;
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_keyboard_input;
use drumfire_core::door;
use drumfire_core::flow::Turn;
use drumfire_core::game;
use drumfire_core::orders::{self, Order, OrderLog};
use drumfire_core::save;
use drumfire_core::scenario::Scenario;
use std::path::PathBuf;

/// The scenario and seed of the game in the window, for saves, loads and undo.
#[derive(Resource, Clone)]
pub struct GameSource {
    /// The scenario.
    pub scenario: Scenario,
    /// The dice seed.
    pub seed: u64,
    /// By the rules or at the table.
    pub mode: game::Mode,
    /// The dice of a game whose players shared them (a game between two machines).
    pub dice: Option<drumfire_core::shared_dice::DiceKeys>,
}

impl GameSource {
    /// The game a save holds.
    pub fn of_save(save: &save::Save) -> Self {
        Self {
            scenario: save.scenario.clone(),
            seed: save.file.seed,
            mode: save.file.mode(),
            dice: save.dice_keys.clone(),
        }
    }

    /// Where this scenario's save goes: `<data>/saves/<scenario>.save.ron` (and
    /// `.autosave.ron`); at the table `<data>/saves/<scenario>.table-save.ron`, so
    /// that a table session never overwrites a game played by the rules (the data
    /// folder: [`drumfire_core::paths`]).
    pub fn save_path(&self, kind: &str) -> PathBuf {
        let stem = std::path::Path::new(&self.scenario.source)
            .file_stem()
            .map_or_else(|| "game".to_owned(), |s| s.to_string_lossy().into_owned());
        let table = if self.mode == game::Mode::Table {
            "table-"
        } else {
            ""
        };
        drumfire_core::paths::saves().join(format!("{stem}.{table}{kind}.ron"))
    }
}

pub use crate::redraw::ReplayQueue;

/// Something asked of the session from the panels or the keyboard.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionRequest {
    /// Nothing asked.
    #[default]
    None,
    /// Save the game.
    Save,
    /// Load the last save of this scenario.
    Load,
    /// Undo the last order.
    Undo,
    /// Write the log, in words, to a text file.
    ExportLog,
    /// Open this scenario in the editor (a window of its own).
    Edit,
    /// Start this scenario afresh in the other mode: at the table, or by the rules.
    SwitchMode,
    /// Watch this game from its start in the replay viewer (a window of its own).
    Replay,
    /// In the replay viewer, at the end of the save: take the game up.
    PlayOn,
    /// Host this scenario for a player on another machine (`drumfire host`, a window
    /// of its own).
    Host,
    /// Join a game hosted on another machine (`drumfire join`, a window of its own).
    Join,
    /// Start this scenario as a game by e-mail: write its first turn file.
    Post,
}

/// The Two machines window: host this scenario, join a hosted game, or start a game by
/// e-mail, each with what it needs.
#[derive(Resource, Debug, Clone)]
pub struct TwoMachines {
    /// Is the window open?
    pub open: bool,
    /// The port to host on.
    pub port: String,
    /// The host to join, as HOST:PORT.
    pub address: String,
    /// The join code the host gave.
    pub code: String,
    /// The side played here when hosting or starting by e-mail, from 0.
    pub side: u8,
}

impl Default for TwoMachines {
    fn default() -> Self {
        Self {
            open: false,
            port: "7373".into(),
            address: String::new(),
            code: String::new(),
            side: 0,
        }
    }
}

/// Is the help panel open?
#[derive(Resource, Default)]
pub struct HelpOpen(pub bool);

/// The session plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<ReplayQueue>()
        .init_resource::<SessionRequest>()
        .init_resource::<TwoMachines>()
        .init_resource::<HelpOpen>()
        .init_resource::<Handoff>()
        .init_resource::<SideViews>()
        .add_systems(
            Update,
            (
                shortcuts.run_if(not(egui_wants_any_keyboard_input)),
                keys_act_for_people,
                carry_out_request,
                feed_replay,
                autosave,
                watch_handoff,
                give_the_view_back,
            )
                .chain()
                .before(super::RulesInput),
        )
        .add_systems(Update, clear_requests.after(super::RulesInput));
}

fn shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    mut request: ResMut<SessionRequest>,
    mut pass: ResMut<PassRequest>,
    mut help: ResMut<HelpOpen>,
    mut next_unit: ResMut<NextUnitRequest>,
    mut los: ResMut<LosRequest>,
) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if ctrl && keys.just_pressed(KeyCode::KeyS) {
        *request = SessionRequest::Save;
    } else if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        *request = SessionRequest::Undo;
    } else if ctrl && keys.just_pressed(KeyCode::KeyO) {
        *request = SessionRequest::Load;
    } else if keys.just_pressed(KeyCode::Space) {
        pass.0 = true;
    } else if keys.just_pressed(KeyCode::KeyN) {
        next_unit.0 = true;
    } else if keys.just_pressed(KeyCode::KeyL) {
        los.0 = true;
    } else if keys.just_pressed(KeyCode::F1)
        || (keys.just_pressed(KeyCode::Slash)
            && keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]))
    {
        help.0 = !help.0;
    }
}

/// Space passes for a side a person plays, never for the computer's side: the
/// computer gives its own orders.
fn keys_act_for_people(world: &mut World) {
    if world.resource::<PassRequest>().0 && super::computer::plays_awaited(world) {
        world.resource_mut::<PassRequest>().0 = false;
    }
}

/// Space was pressed: the side to act passes (ends its segment or activation), as
/// its rule set reads a pass.
#[derive(Resource, Default)]
pub struct PassRequest(pub bool);

/// N was pressed: select the next piece of the side to act that can still act.
#[derive(Resource, Default)]
pub struct NextUnitRequest(pub bool);

/// L was pressed: line of sight from the selected piece to the hex under the cursor.
#[derive(Resource, Default)]
pub struct LosRequest(pub bool);

/// The requests a rule set's input answers (a pass, the next unit, the line of sight)
/// are for this frame only: one its rule set has no use for is dropped.
fn clear_requests(
    mut pass: ResMut<PassRequest>,
    mut next: ResMut<NextUnitRequest>,
    mut los: ResMut<LosRequest>,
) {
    pass.0 = false;
    next.0 = false;
    los.0 = false;
}

/// Carries out save, load and undo.
fn carry_out_request(world: &mut World) {
    let request = std::mem::take(&mut *world.resource_mut::<SessionRequest>());
    let Some(source) = world.get_resource::<GameSource>().cloned() else {
        return;
    };
    let watching = world.contains_resource::<drumfire_core::door::Watching>();
    let status = match request {
        SessionRequest::None => return,
        SessionRequest::Undo if watching => {
            if let Some(mut viewer) = world.get_resource_mut::<super::viewer::Viewer>() {
                let back = viewer.at.saturating_sub(1);
                viewer.go(back);
            }
            return;
        }
        SessionRequest::Save | SessionRequest::Load | SessionRequest::SwitchMode if watching => {
            "Not while watching a replay: Play on at its end takes the game up.".into()
        }
        SessionRequest::PlayOn => super::viewer::play_on(world),
        SessionRequest::Host | SessionRequest::Join | SessionRequest::Post
            if watching
                || world.contains_non_send::<super::network::NetPlay>()
                || world.contains_non_send::<super::post::PostPlay>() =>
        {
            "This window already plays a game between two machines.".into()
        }
        SessionRequest::Host => {
            let two = world.resource::<TwoMachines>().clone();
            host_from_window(&source, &two)
        }
        SessionRequest::Join => {
            let two = world.resource::<TwoMachines>().clone();
            join_from_window(&two)
        }
        SessionRequest::Post => {
            let two = world.resource::<TwoMachines>().clone();
            post_from_window(&source, &two)
        }
        SessionRequest::Replay => open_viewer(world, &source),
        SessionRequest::Save => {
            let path = source.save_path("save");
            match write_save(world, &source, &path) {
                Ok(()) => format!("Saved to {}.", path.display()),
                Err(e) => format!("Could not save to {}: {e}", path.display()),
            }
        }
        SessionRequest::Load | SessionRequest::SwitchMode
            if world.contains_non_send::<super::network::NetPlay>()
                || world.contains_non_send::<super::post::PostPlay>() =>
        {
            "Not during a game between two machines: it goes on from its own save.".into()
        }
        SessionRequest::Load => load(world, &source),
        SessionRequest::Edit => open_editor(&source),
        SessionRequest::SwitchMode => switch_mode(world, &source),
        SessionRequest::ExportLog => {
            let path = source.save_path("log").with_extension("txt");
            match export_log(world, &path) {
                Ok(n) => format!("Wrote {n} log lines to {}.", path.display()),
                Err(e) => format!("Could not write {}: {e}", path.display()),
            }
        }
        SessionRequest::Undo => match game::undo_point(world) {
            Some(keep)
                if orders::is_settled(world) && world.resource::<ReplayQueue>().0.is_empty() =>
            {
                let orders: Vec<Order> = world.resource::<OrderLog>().0[..keep].to_vec();
                restart(world, &source, orders);
                "Undone: the last order is taken back.".into()
            }
            Some(_) => "Wait for the game to settle before undoing.".into(),
            None => game::no_undo(world).unwrap_or("Nothing to undo.").into(),
        },
    };
    world.resource_mut::<UiStatus>().0 = status;
}

/// Writes the game in hand to `<data>/saves/<scenario>.replay.ron` and opens it in
/// `drumfire view`, in a window of its own: this game goes on untouched meanwhile.
fn open_viewer(world: &mut World, source: &GameSource) -> String {
    let path = source.save_path("replay");
    if let Err(e) = write_save(world, source, &path) {
        return format!("Could not write {}: {e}", path.display());
    }
    match own_window("view", &path) {
        Ok(()) => format!(
            "The replay of this game opens from {} in a window of its own.",
            path.display()
        ),
        Err(e) => format!("Could not start the replay viewer: {e}"),
    }
}

/// Starts this program again with `command FILE`: a window of its own.
fn own_window(command: &str, file: &std::path::Path) -> std::io::Result<()> {
    start_again(&[command.into(), file.as_os_str().to_owned()])
}

/// Starts this program again with these arguments.
fn start_again(args: &[std::ffi::OsString]) -> std::io::Result<()> {
    let exe = std::env::current_exe()?;
    std::process::Command::new(exe)
        .args(args)
        .spawn()
        .map(|_| ())
}

/// The shipped scenario this game is of, if it is one (by its text).
fn shipped_of(source: &GameSource) -> Option<&'static drumfire_core::rules::shipped::Shipped> {
    drumfire_core::rules::shipped::SHIPPED
        .iter()
        .find(|s| s.text == source.scenario.text)
}

/// The scenario for another process to open: a shipped one by its short name, the
/// player's own file, or else (a scenario read from a save) a copy of its text in
/// the saves folder.
fn scenario_file(source: &GameSource) -> Result<PathBuf, String> {
    if let Some(s) = shipped_of(source) {
        return Ok(PathBuf::from(s.name));
    }
    let own = std::path::Path::new(&source.scenario.source);
    if own.is_file() {
        return Ok(own.to_path_buf());
    }
    write_copy(&source.save_path("edit"), &source.scenario.text)
}

/// Writes `text` to `path` (its folder made), unless a file is there already.
fn write_copy(path: &std::path::Path, text: &str) -> Result<PathBuf, String> {
    if path.is_file() {
        return Ok(path.to_path_buf());
    }
    path.parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(path, text))
        .map_err(|e| format!("Could not write {}: {e}", path.display()))?;
    Ok(path.to_path_buf())
}

/// The scenario the editor opens: a shipped scenario is edited as a copy in the
/// player's scenarios folder, `my_<name>.ron` (made from the shipped text the first
/// time, the player's own edits after), never in place; the player's own file as it is; a
/// scenario read from a save as a copy in the scenarios folder.
fn scenario_to_edit(source: &GameSource) -> Result<PathBuf, String> {
    let folder = drumfire_core::paths::scenarios();
    if let Some(s) = shipped_of(source) {
        return write_copy(&folder.join(format!("my_{}.ron", s.name)), s.text);
    }
    let own = std::path::Path::new(&source.scenario.source);
    if own.is_file() {
        return Ok(own.to_path_buf());
    }
    let stem = own.file_stem().map_or_else(
        || "scenario".to_owned(),
        |s| s.to_string_lossy().into_owned(),
    );
    write_copy(&folder.join(format!("{stem}.ron")), &source.scenario.text)
}

/// The arguments of `drumfire host` for this scenario, as the Two machines window
/// sets it up; `Err` says what is wrong with what was typed.
pub fn host_args(scenario: &std::path::Path, two: &TwoMachines) -> Result<Vec<String>, String> {
    let port: u16 = two
        .port
        .trim()
        .parse()
        .map_err(|_| format!("`{}` is not a port number (0 to 65535)", two.port.trim()))?;
    Ok(vec![
        "host".into(),
        scenario.display().to_string(),
        "--port".into(),
        port.to_string(),
        "--side".into(),
        (two.side + 1).to_string(),
    ])
}

/// The arguments of `drumfire join`, as the Two machines window sets it up.
pub fn join_args(two: &TwoMachines) -> Result<Vec<String>, String> {
    let address = two.address.trim();
    if address.parse::<std::net::SocketAddr>().is_err()
        && !address
            .rsplit_once(':')
            .is_some_and(|(h, p)| !h.is_empty() && p.parse::<u16>().is_ok())
    {
        return Err(format!(
            "`{address}` is not an address: HOST:PORT, such as 192.168.1.20:7373"
        ));
    }
    two.code
        .trim()
        .parse::<drumfire_net::code::JoinCode>()
        .map_err(|e| format!("The code: {e}"))?;
    Ok(vec![
        "join".into(),
        address.to_owned(),
        "--code".into(),
        two.code.trim().to_owned(),
    ])
}

fn host_from_window(source: &GameSource, two: &TwoMachines) -> String {
    if let Err(e) = drumfire_net::play::check_for_two(&source.scenario) {
        return e;
    }
    let args = match scenario_file(source).and_then(|f| host_args(&f, two)) {
        Ok(a) => a,
        Err(e) => return e,
    };
    let os: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
    match start_again(&os) {
        Ok(()) => format!(
            "Hosting on port {} in a window of its own: it shows the code to give the other player.",
            two.port.trim()
        ),
        Err(e) => format!("Could not start the host: {e}"),
    }
}

fn join_from_window(two: &TwoMachines) -> String {
    let args = match join_args(two) {
        Ok(a) => a,
        Err(e) => return e,
    };
    let os: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
    match start_again(&os) {
        Ok(()) => format!("Joining {} in a window of its own.", two.address.trim()),
        Err(e) => format!("Could not start joining: {e}"),
    }
}

/// Writes the first turn file of a game by e-mail of this scenario.
fn post_from_window(source: &GameSource, two: &TwoMachines) -> String {
    match scenario_file(source) {
        Ok(scenario) => first_turn_file(&scenario, two.side, &source.save_path("turn")),
        Err(e) => e,
    }
}

/// Starts a game by e-mail of `scenario` (a file or a short name), this player on
/// `side`: writes its first turn file to `to` (the seat in the saves folder) and says
/// what to do with it, or why it could not.
pub fn first_turn_file(scenario: &std::path::Path, side: u8, to: &std::path::Path) -> String {
    let seats = drumfire_net::post::seat_dir();
    let written = drumfire_net::post::start(scenario, side, &seats, None)
        .and_then(|file| drumfire_net::post::write(to, &file));
    match written {
        Ok(()) => format!(
            "Wrote {}: send it to the other player, who opens it with Open a file… (or `drumfire post open`).",
            to.display()
        ),
        Err(e) => e,
    }
}

/// Opens the scenario in `drumfire edit` ([`scenario_to_edit`]).
fn open_editor(source: &GameSource) -> String {
    let path = match scenario_to_edit(source) {
        Ok(p) => p,
        Err(e) => return e,
    };
    match own_window("edit", &path) {
        Ok(()) => format!(
            "The editor opens {} in a window of its own.",
            path.display()
        ),
        Err(e) => format!("Could not start the editor: {e}"),
    }
}

fn export_log(world: &mut World, path: &std::path::Path) -> std::io::Result<usize> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let names = drumfire_core::journal::piece_names(world);
    let sides = world.resource::<drumfire_core::scenario::SideList>();
    let lines: Vec<String> = world
        .resource::<drumfire_core::journal::Journal>()
        .entries()
        .iter()
        .map(|e| format!("T{} · {}", e.turn, e.event.describe(sides, &names)))
        .collect();
    let tmp = path.with_extension("txt.tmp");
    std::fs::write(&tmp, lines.join("\n") + "\n")?;
    std::fs::rename(&tmp, path)?;
    Ok(lines.len())
}

/// Hot-seat: the screen hides the table while the mouse passes between players,
/// when the rule set says its sides prepare in secret (the Great War's set-up, where
/// each files a secret Artillery Plan).
#[derive(Resource, Default)]
pub struct Handoff {
    /// The side the game waited on last frame.
    pub last: Option<u8>,
    /// The side the screen waits for, when it is up.
    pub waiting_for: Option<u8>,
    /// Once that side takes the screen, show it its secret (a filed Artillery Plan).
    pub show_secret: bool,
    /// A save was being replayed: the table goes to the side it waits on first.
    pub replayed: bool,
}

/// Raises the hand-off screen when the side to act changes while the rule set hides
/// the table.
pub fn watch_handoff(world: &mut World) {
    if world.contains_resource::<drumfire_core::door::Watching>() {
        // A replay shows the whole game to whoever watches it.
        return;
    }
    let now = drumfire_core::flow::awaiting(world);
    if world.contains_resource::<drumfire_core::shared_dice::DiceKeys>() {
        // A game between two machines: each player has a screen of their own.
        world.resource_mut::<Handoff>().last = now;
        return;
    }
    let hides = crate::rules::playing(world).is_some_and(|p| (p.hides_table)(world));
    let replaying = !world.resource::<ReplayQueue>().0.is_empty();
    if replaying {
        let mut h = world.resource_mut::<Handoff>();
        h.replayed = true;
        h.last = now;
        return;
    }
    // Only between two people: a player alone against the computer hides nothing.
    let computer = world
        .get_resource::<super::computer::Computer>()
        .map(|c| c.sides.clone())
        .unwrap_or_default();
    let played = |s: usize| computer.get(s).copied().unwrap_or(false);
    let sides = world
        .resource::<drumfire_core::scenario::SideList>()
        .0
        .len();
    let people = (0..sides).filter(|s| !played(*s)).count();
    let between_people = people > 1 && now.is_some_and(|s| !played(usize::from(s)));
    let mut h = world.resource_mut::<Handoff>();
    let handed = h.last.is_some() && now != h.last || std::mem::take(&mut h.replayed);
    let left = h.last;
    let raised = hides && handed && between_people;
    if raised {
        h.waiting_for = now;
        h.show_secret = false;
    }
    h.last = now;
    // The player leaving the table keeps their view of it for their next turn there.
    if raised
        && let Some(side) = left
        && let Some(view) = crate::input::camera_view(world)
    {
        world.resource_mut::<SideViews>().0.insert(side, view);
    }
}

/// What each hot-seat player last looked at: where the board camera was when they
/// handed the table over.
#[derive(Resource, Default)]
pub struct SideViews(pub std::collections::HashMap<u8, crate::input::CameraView>);

/// When a hot-seat player takes the table (the hand-off screen confirmed, not a look
/// at a secret), the board shows what they looked at when they last handed it over,
/// or, the first time, their own pieces as the first view frames them.
pub fn give_the_view_back(world: &mut World, mut screen: Local<Option<(u8, bool)>>) {
    let h = world.resource::<Handoff>();
    let now = h.waiting_for.map(|side| (side, h.show_secret));
    let taken = match (*screen, now) {
        (Some((side, false)), None) => Some(side),
        _ => None,
    };
    *screen = now;
    let Some(side) = taken else {
        return;
    };
    match world.resource::<SideViews>().0.get(&side).copied() {
        Some(view) => crate::input::set_camera_view(world, view),
        None => crate::input::frame_the_side(world, side),
    }
}

/// Writes the game to `path` (its folder made); the game counts as saved from then
/// on (`menu::Saved`).
pub(crate) fn write_save(
    world: &mut World,
    source: &GameSource,
    path: &std::path::Path,
) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let file = save::save_of_world(world, &source.scenario, source.seed);
    save::write(path, &file)?;
    world.insert_resource(super::menu::Saved(file.orders));
    Ok(())
}

fn load(world: &mut World, source: &GameSource) -> String {
    let path = drumfire_core::paths::existing(&source.save_path("save"));
    if !path.exists() {
        return format!("No save to load at {}.", path.display());
    }
    let text = match drumfire_core::error::read_file(&path) {
        Ok(t) => t,
        Err(e) => return e.to_string(),
    };
    let loaded = match save::parse(
        &path.display().to_string(),
        &text,
        &drumfire_core::rules::ALL,
    ) {
        Ok(s) => s,
        Err(errs) => return errs.first().map_or_else(String::new, ToString::to_string),
    };
    if loaded.scenario.text != source.scenario.text {
        return format!(
            "{} is a save of another scenario: open it with `drumfire play {}`.",
            path.display(),
            path.display()
        );
    }
    let next = GameSource::of_save(&loaded);
    world.insert_resource(next.clone());
    world.insert_resource(super::menu::Saved(loaded.file.orders.clone()));
    restart(world, &next, loaded.file.orders.clone());
    format!(
        "Loaded {} ({} orders).",
        path.display(),
        loaded.file.orders.len()
    )
}

/// Starts the scenario afresh in the other mode, once the game in hand is written
/// to its autosave, so that switching loses nothing.
fn switch_mode(world: &mut World, source: &GameSource) -> String {
    if !orders::is_settled(world) || !world.resource::<ReplayQueue>().0.is_empty() {
        return "Wait for the game to settle before switching.".into();
    }

    let kept = source.save_path("autosave");
    if let Err(e) = write_save(world, source, &kept) {
        return format!(
            "Could not keep this game in {}: {e}; nothing was switched.",
            kept.display()
        );
    }
    let next = GameSource {
        mode: match source.mode {
            game::Mode::Rules => game::Mode::Table,
            game::Mode::Table => game::Mode::Rules,
        },
        dice: None,
        ..source.clone()
    };
    world.insert_resource(next.clone());
    world.insert_resource(super::menu::Saved::default());
    restart(world, &next, Vec::new());
    let now = match next.mode {
        game::Mode::Table => "At the table: the rules are off, move anything by hand.",
        game::Mode::Rules => "Back to the rules: a new game from the set-up.",
    };
    format!("{now} The last game is kept in {}.", kept.display())
}

/// Puts the scenario back on the table and queues `orders` to be replayed.
pub(crate) fn restart(world: &mut World, source: &GameSource, orders: Vec<Order>) {
    game::reset(world, &source.scenario, source.seed, source.mode);
    match &source.dice {
        Some(keys) => world.insert_resource(keys.clone()),
        None => {
            world.remove_resource::<drumfire_core::shared_dice::DiceKeys>();
        }
    }
    let generation = world.resource::<super::Preview>().generation + 1;
    world.insert_resource(super::Preview {
        generation,
        ..Default::default()
    });
    world.resource_mut::<super::table::Placing>().0 = None;
    *world.resource_mut::<Selection>() = Selection::default();
    if let Some(mut thinking) = world.get_resource_mut::<super::computer::Thinking>() {
        thinking.1.forget_turns();
    }
    crate::rules::reset(world);
    world.resource_mut::<ReplayQueue>().0 = orders.into();
}

/// Feeds queued orders to the game, one when it is ready for each.
pub fn feed_replay(world: &mut World) {
    if world.resource::<ReplayQueue>().0.is_empty() || !orders::is_settled(world) {
        return;
    }
    if let Some(order) = world.resource_mut::<ReplayQueue>().0.pop_front()
        && let Err(r) = door::submit(world, order)
    {
        error!("a saved order was refused on load: {r}");
        world.resource_mut::<ReplayQueue>().0.clear();
    }
}

/// Writes the autosave at the start of every turn.
fn autosave(world: &mut World, mut last: Local<u16>) {
    let turn = world.resource::<Turn>().0;
    if turn == *last
        || !world.resource::<ReplayQueue>().0.is_empty()
        || !orders::is_settled(world)
        || world.contains_resource::<drumfire_core::door::Watching>()
    {
        return;
    }
    *last = turn;
    let Some(source) = world.get_resource::<GameSource>().cloned() else {
        return;
    };
    if turn > 1 {
        let path = source.save_path("autosave");
        if let Err(e) = write_save(world, &source, &path) {
            world.resource_mut::<UiStatus>().0 =
                format!("Autosave to {} failed: {e}", path.display());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use drumfire_core::game::Game;

    /// A Napoleonic game at its first Movement phase, the French (side 0) to move.
    fn moving() -> Game {
        let text = include_str!("../../scenarios/napoleonic/lindenau.ron");
        let scenario =
            drumfire_core::scenario::parse("lindenau.ron", text, &drumfire_core::rules::ALL)
                .unwrap();
        let mut game = Game::new(&scenario, 4);
        while game.phase_name() == "Orders" {
            let side = game.awaiting().unwrap();
            let order = scenario.rules.computer(game.world(), side, 0).unwrap();
            game.submit(order).unwrap();
        }
        assert_eq!(game.phase_name(), "Movement");
        game
    }

    /// A hot-seat player who takes the table back finds the board where they left it; a
    /// look at a secret behind the hand-off screen moves nothing.
    #[test]
    fn a_hot_seat_player_gets_back_the_view_they_left() {
        use crate::input::CameraView;
        let mut world = World::new();
        world.init_resource::<Handoff>();
        world.init_resource::<SideViews>();
        world.spawn((
            crate::board::cache::BoardCamera,
            Transform::from_xyz(10.0, 20.0, 0.0),
            Projection::Orthographic(OrthographicProjection::default_2d()),
        ));
        let british = CameraView {
            at: Vec3::new(-300.0, 150.0, 0.0),
            scale: 0.75,
        };
        let german = CameraView {
            at: Vec3::new(500.0, -40.0, 0.0),
            scale: 1.5,
        };
        world.resource_mut::<SideViews>().0.insert(1, british);
        world.resource_mut::<SideViews>().0.insert(0, german);
        let step = |world: &mut World, screen: Option<(u8, bool)>| {
            let mut h = world.resource_mut::<Handoff>();
            h.waiting_for = screen.map(|s| s.0);
            h.show_secret = screen.is_some_and(|s| s.1);
            world.run_system_cached(give_the_view_back).unwrap();
            crate::input::camera_view(world).unwrap()
        };
        let first = CameraView {
            at: Vec3::new(10.0, 20.0, 0.0),
            scale: 1.0,
        };
        // The screen up: the table is hidden, the view not yet changed.
        assert_eq!(step(&mut world, Some((1, false))), first);
        // Taken by the British: their view.
        assert_eq!(step(&mut world, None), british);
        // The Germans look at their filed plan behind the screen: no view changes.
        assert_eq!(step(&mut world, Some((0, true))), british);
        assert_eq!(step(&mut world, None), british);
        // Handed over to the Germans: theirs.
        assert_eq!(step(&mut world, Some((0, false))), british);
        assert_eq!(step(&mut world, None), german);
    }

    /// A shipped game whose rule set hides the table from its start, after the orders
    /// of the side that acts first have handed the table to another while it is still
    /// hidden (a set-up behind the hand-off screen), with that first side.
    fn handed_behind_the_screen() -> Option<(Game, u8)> {
        let hides = |game: &Game| {
            let world = game.world();
            crate::rules::playing(world).is_some_and(|p| (p.hides_table)(world))
        };
        drumfire_core::testing::shipped_scenarios()
            .into_iter()
            .find_map(|(set, name)| {
                let scenario = drumfire_core::testing::shipped(&set, &name);
                let mut game = Game::new(&scenario, 3);
                let first = game.awaiting()?;
                if !hides(&game) {
                    return None;
                }
                let mut bot =
                    drumfire_core::players::Bot::new(drumfire_core::players::PlayerKind::Ai, 1);
                while game.awaiting() == Some(first) {
                    let order = bot.choose(&game, first)?;
                    game.submit(order).ok()?;
                }
                let handed = game.awaiting().is_some_and(|s| s != first);
                (handed && hides(&game)).then_some((game, first))
            })
    }

    /// In a hot-seat game whose rule set hides the table (a set-up behind the hand-off
    /// screen), the side that hands the table over keeps its view of the board for its
    /// next turn there, and the hand-off screen rises for the other.
    #[test]
    fn the_side_handing_over_the_table_keeps_its_view() {
        use crate::input::CameraView;
        let (mut game, first) =
            handed_behind_the_screen().expect("a shipped set-up behind the screen");
        // The window's watch saw the first side at the table before its orders.
        let world = game.world_mut();
        world.insert_resource(Handoff {
            last: Some(first),
            ..Default::default()
        });
        world.init_resource::<SideViews>();
        world.init_resource::<ReplayQueue>();
        world.insert_resource(super::super::computer::Computer {
            sides: vec![false, false],
            ..Default::default()
        });
        let mut projection = OrthographicProjection::default_2d();
        projection.scale = 1.25;
        world.spawn((
            crate::board::cache::BoardCamera,
            Transform::from_xyz(123.0, -45.0, 0.0),
            Projection::Orthographic(projection),
        ));
        let other = game.awaiting().expect("the other side's turn at the table");
        let world = game.world_mut();
        world.run_system_cached(watch_handoff).unwrap();
        assert_eq!(
            world.resource::<Handoff>().waiting_for,
            Some(other),
            "the screen is up"
        );
        let views = &world.resource::<SideViews>().0;
        assert_eq!(
            views.get(&first),
            Some(&CameraView {
                at: Vec3::new(123.0, -45.0, 0.0),
                scale: 1.25,
            }),
            "the view of the side leaving"
        );
        assert_eq!(
            views.get(&other),
            None,
            "the side taking the table left none"
        );
        // Nothing is handed while the same side stays at the table.
        world.resource_mut::<Handoff>().waiting_for = None;
        world.run_system_cached(watch_handoff).unwrap();
        assert_eq!(world.resource::<Handoff>().waiting_for, None);
    }

    /// The Two machines window's Host and Join start `drumfire host` and `join` with
    /// what was typed, or say what is wrong with it.
    #[test]
    fn host_and_join_from_the_window_check_what_was_typed() {
        let scenario = std::path::Path::new("scenarios/portable/ukhozi_drift.ron");
        let mut two = TwoMachines {
            side: 1,
            port: " 7400 ".into(),
            ..TwoMachines::default()
        };
        assert_eq!(
            host_args(scenario, &two).unwrap(),
            [
                "host",
                "scenarios/portable/ukhozi_drift.ron",
                "--port",
                "7400",
                "--side",
                "2"
            ]
        );
        two.port = "seventy".into();
        assert_eq!(
            host_args(scenario, &two).unwrap_err(),
            "`seventy` is not a port number (0 to 65535)"
        );
        two.address = "192.168.1.20:7373".into();
        two.code = "04hm-asw9-nf6y-zveb-n63p".into();
        assert_eq!(
            join_args(&two).unwrap(),
            [
                "join",
                "192.168.1.20:7373",
                "--code",
                "04hm-asw9-nf6y-zveb-n63p"
            ]
        );
        two.address = "host.example:7373".into();
        assert!(join_args(&two).is_ok());
        two.address = "host.example".into();
        assert!(join_args(&two).unwrap_err().contains("is not an address"));
        two.address = "192.168.1.20:7373".into();
        two.code = "04HM".into();
        assert!(join_args(&two).unwrap_err().starts_with("The code: "));
    }

    #[test]
    fn space_passes_for_a_person_and_never_for_the_computer() {
        let mut game = moving();
        let side = game.awaiting().unwrap();
        let world = game.world_mut();
        world.insert_resource(PassRequest(true));
        let mut sides = vec![false, false];
        world.insert_resource(super::super::computer::Computer {
            sides: sides.clone(),
            fast: false,
            hard: Vec::new(),
        });
        keys_act_for_people(world);
        assert!(world.resource::<PassRequest>().0, "a person's Space stands");
        sides[usize::from(side)] = true;
        world.insert_resource(super::super::computer::Computer {
            sides,
            fast: false,
            hard: Vec::new(),
        });
        keys_act_for_people(world);
        assert!(
            !world.resource::<PassRequest>().0,
            "Space does not pass for the computer's side"
        );
    }
}
