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

mod elsewhere;
use elsewhere::*;
pub use elsewhere::{first_turn_file, host_args, join_args};

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
    let hides = super::parts::playing(world).is_some_and(|p| p.hides_table(world));
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
    let mut file = save::save_of_world(world, &source.scenario, source.seed);
    file.players = seats(world);
    save::write(path, &file)?;
    world.insert_resource(super::menu::Saved(file.orders));
    Ok(())
}

/// Who plays each side at this table, as a save keeps it: nothing for a game whose
/// sides sit at two machines (each knows only its own).
pub fn seats(world: &World) -> Vec<save::Seat> {
    if world.contains_resource::<super::PlayedHere>() {
        return Vec::new();
    }
    let Some(computer) = world.get_resource::<super::computer::Computer>() else {
        return Vec::new();
    };
    let hard = |i: usize| computer.hard.get(i).copied().unwrap_or(false);
    (computer.sides.iter().enumerate())
        .map(|(i, plays)| match (*plays, hard(i)) {
            (false, _) => save::Seat::Person,
            (true, false) => save::Seat::Computer,
            (true, true) => save::Seat::HardComputer,
        })
        .collect()
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
    afresh(world, source, orders);
}

/// The window's parts of a game put on the table afresh (the dice shared with another
/// machine, the preview, the selection, the computer's clock, the rule set's parts),
/// `orders` queued to be replayed.
pub(crate) fn afresh(world: &mut World, source: &GameSource, orders: Vec<Order>) {
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
    // What each system remembers of a game, and the glides of the last one's moves,
    // are forgotten.
    world
        .get_resource_or_insert_with(crate::screen::GameSerial::default)
        .0 += 1;
    if let Some(mut motion) = world.get_resource_mut::<crate::board::motion::Motion>() {
        motion.forget();
    }
    super::parts::reset(world);
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
fn autosave(world: &mut World, mut last: Local<crate::screen::OfTheGame<u16>>) {
    let turn = world.resource::<Turn>().0;
    let last = last.in_world(world);
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
mod tests;
