//! What the window opens, and another opened in its place without closing it: the
//! start screen, or a game of any rule set (a scenario played, a save continued, a
//! save watched). The core's game is put in place of the last one
//! ([`drumfire_core::game::start`]: the app holds every rule set's systems), the
//! window's parts of a game are made afresh, and the screen switches
//! ([`crate::screen::Screen`]). The scenario editor takes the table the same way: the
//! game is cleared off it ([`drumfire_core::game::clear`]) and the editor's scenario
//! spawned in its place. What needs a process of its own (a game between two machines
//! or by e-mail) still starts the program again (`app.rs` decides which, from what the
//! start screen or the game menu asked: [`crate::screen::Launch`]).

use crate::play::computer::Computer;
use crate::play::session::GameSource;
use crate::play::viewer::Viewer;
use crate::screen::Screen;
use bevy::prelude::*;
use drumfire_core::orders::Order;

/// A game for the window to show.
pub struct Opening {
    /// The game: its scenario, seed, mode and shared dice.
    pub source: GameSource,
    /// The orders played so far, replayed as the window opens.
    pub replay: Vec<Order>,
    /// The sides the computer plays.
    pub computer: Computer,
    /// Watched in the replay viewer rather than played.
    pub viewer: Option<Viewer>,
}

/// Puts the game of `opening` on the screen in place of what was there.
pub fn open(world: &mut World, opening: Opening) {
    let source = &opening.source;
    drumfire_core::game::start(world, &source.scenario, source.seed, source.mode);
    world.insert_resource(crate::play::computer::Thinking::default());
    world.insert_resource(crate::play::menu::GameMenu::default());
    world.insert_resource(crate::play::CombatReport::default());
    world.insert_resource(crate::screen::UiStatus::default());
    world.insert_resource(crate::input::Hover::default());
    world.insert_resource(crate::input::Picking::default());
    world.insert_resource(crate::play::session::Handoff::default());
    world.insert_resource(crate::play::session::SideViews::default());
    world.insert_resource(crate::play::hint::Hint::default());
    // The board's cached tiles are the last map's.
    world.resource_mut::<crate::board::BoardEpoch>().0 += 1;
    let (source, replay) = put(world, opening);
    crate::play::session::afresh(world, &source, replay);
    world.resource_mut::<NextState<Screen>>().set(Screen::Game);
}

/// The game of `opening` put in a window being built, before its first frame: its
/// first phase is entered then, after the rest of the window is built.
pub fn open_when_run(world: &mut World, opening: Opening) {
    let source = &opening.source;
    drumfire_core::game::start_when_run(world, &source.scenario, source.seed, source.mode);
    if let Some(keys) = &source.dice {
        world.insert_resource(keys.clone());
    }
    let (_, replay) = put(world, opening);
    world.insert_resource(crate::redraw::ReplayQueue(replay.into()));
    // The window's first transition enters the game's screen (the last one asked
    // for is the one carried out).
    world.insert_resource(State::new(Screen::Game));
    world.write_message(bevy::state::state::StateTransitionEvent {
        exited: None,
        entered: Some(Screen::Game),
        allow_same_state_transitions: true,
    });
}

/// What the window keeps of a game opened: where it came from, its orders as saved,
/// the computer's sides, the viewer or none, the window's title. Gives back where it
/// came from and its orders.
fn put(world: &mut World, opening: Opening) -> (GameSource, Vec<Order>) {
    let Opening {
        source,
        replay,
        computer,
        viewer,
    } = opening;
    world.insert_resource(source.clone());
    world.insert_resource(crate::play::menu::Saved(replay.clone()));
    world.insert_resource(computer);
    match viewer {
        Some(viewer) => {
            world.insert_resource(viewer);
            world.insert_resource(drumfire_core::door::Watching);
            world.init_resource::<crate::input::HomeKeyTaken>();
        }
        None => {
            world.remove_resource::<Viewer>();
            world.remove_resource::<drumfire_core::door::Watching>();
            world.remove_resource::<crate::input::HomeKeyTaken>();
        }
    }
    title(world, &format!("Drumfire — {}", source.scenario.file.title));
    (source, replay)
}

/// The scenario editor on `doc`, in place of what was on the screen: the game (if
/// any) cleared off the table, the editor's scenario spawned as its screen comes on.
pub fn edit(world: &mut World, doc: crate::editor::Doc) {
    drumfire_core::game::clear(world);
    leave_the_game(world);
    world.resource_mut::<crate::board::BoardEpoch>().0 += 1;
    world
        .get_resource_or_insert_with(crate::screen::GameSerial::default)
        .0 += 1;
    world.insert_resource(crate::input::Hover::default());
    world.insert_resource(crate::input::Picking::default());
    put_doc(world, doc);
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Editor);
}

/// The editor on `doc` in a window being built, before its first frame.
pub fn edit_when_run(world: &mut World, doc: crate::editor::Doc) {
    put_doc(world, doc);
    world.insert_resource(State::new(Screen::Editor));
    world.write_message(bevy::state::state::StateTransitionEvent {
        exited: None,
        entered: Some(Screen::Editor),
        allow_same_state_transitions: true,
    });
}

fn put_doc(world: &mut World, doc: crate::editor::Doc) {
    title(world, &format!("Drumfire — editing {}", doc.path.display()));
    world.insert_resource(doc);
    // The board reads a journal: the editor's scenario has nothing played.
    world.insert_resource(drumfire_core::journal::Journal::default());
    world.insert_resource(crate::editor::EditQueue::default());
    world.insert_resource(crate::editor::EditorCommand::default());
}

/// Nothing of the game left goes on working: no orders replayed, no computer or hint
/// thinking, no viewer.
fn leave_the_game(world: &mut World) {
    world.insert_resource(crate::redraw::ReplayQueue::default());
    world.insert_resource(crate::play::computer::Thinking::default());
    world.insert_resource(crate::play::hint::Hint::default());
    world.remove_resource::<Viewer>();
    world.remove_resource::<drumfire_core::door::Watching>();
}

/// Back to the start screen, `message` under its buttons: its lists read afresh (the
/// game just left among the recent ones). The game stays in the world, off the
/// screen, until the next one takes its place.
pub fn to_start(world: &mut World, message: String) {
    world.insert_resource(crate::start::Start::read().telling(message));
    leave_the_game(world);
    title(world, "Drumfire");
    world.resource_mut::<NextState<Screen>>().set(Screen::Start);
}

fn title(world: &mut World, title: &str) {
    let mut windows = world.query_filtered::<&mut Window, With<bevy::window::PrimaryWindow>>();
    for mut window in windows.iter_mut(world) {
        title.clone_into(&mut window.title);
    }
}
