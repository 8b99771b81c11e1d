//! What every screen of the window shares (the play window, the editor, the start
//! screen, the benchmark floor).

use bevy::ecs::system::{SystemParam, SystemState};
use bevy::prelude::*;
use bevy_egui::egui;
use drumfire_core::odds::Odds;

/// The rules window is open, and Esc asked it to close (Esc closes the window on top
/// before it opens the game menu).
#[derive(Resource, Default)]
pub struct RulesWindow {
    /// Open this frame.
    pub open: bool,
    /// Esc was pressed: close it.
    pub close: bool,
}

/// One `Ui` over the whole window, on the background layer, for a screen's panels to
/// share without overlapping (the play window's, the editor's, the start screen's).
pub fn root_ui(ctx: &egui::Context, id: &'static str) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        id.into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// The step that draws the panels (windows of the play plugin are drawn after it).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct DrawUi;

/// The last refusal, shown on the phase bar until the next order.
#[derive(Resource, Default)]
pub struct UiStatus(pub String);

/// Runs `f` on the system parameters `P` read from the world, their state (a
/// `Local`'s value) kept from one call to the next: how the panels, shared or a rule
/// set's, read the world in turn while they draw into one layout. `None` (and an
/// error in the log, once) when the world lacks what `P` asks for.
pub fn with<P: SystemParam + 'static, R>(
    world: &mut World,
    f: impl FnOnce(P::Item<'_, '_>) -> R,
) -> Option<R> {
    if !world.contains_resource::<Kept<P>>() {
        let state = SystemState::<P>::new(world);
        world.insert_resource(Kept(state));
    }
    world.resource_scope(|world, mut kept: Mut<Kept<P>>| {
        let out = match kept.0.get_mut(world) {
            Ok(params) => Some(f(params)),
            Err(e) => {
                error_once!("a panel cannot read the game: {e}");
                None
            }
        };
        kept.0.apply(world);
        out
    })
}

/// The kept state of `with`'s parameters.
#[derive(Resource)]
struct Kept<P: SystemParam + 'static>(SystemState<P>);

/// The odds of an action before it is taken, from any rule set: what is tried, the
/// figures it starts from, every modifier with its cause, each result with its exact
/// fraction, and the distributions that follow (step losses, each piece's morale).
pub fn odds_panel(ui: &mut egui::Ui, odds: &Odds) {
    ui.separator();
    ui.strong(&odds.title);
    for line in &odds.basis {
        ui.label(line);
    }
    for m in &odds.modifiers {
        ui.label(m.to_string());
    }
    egui::Grid::new(("odds", &odds.title))
        .striped(true)
        .show(ui, |ui| {
            for o in &odds.outcomes {
                ui.label(&o.label);
                ui.label(o.chance.to_string());
                ui.label(o.chance.percent());
                ui.end_row();
            }
        });
    for d in &odds.more {
        let parts: Vec<String> = d
            .outcomes
            .iter()
            .map(|o| format!("{} {}", o.label, o.chance.percent()))
            .collect();
        ui.label(format!("{}: {}", d.heading, parts.join(" · ")));
    }
}

/// What the window shows: the start screen or a game. The window stays open from one
/// to the other: a game's systems run only while it is on the screen.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The start screen: scenarios, recent games, two machines, the editor.
    #[default]
    Start,
    /// A game played, at the table, or watched.
    Game,
    /// The scenario editor (`drumfire edit`, a window of its own).
    Editor,
}

/// The screens that show a board: each draws it afresh as it comes on.
pub const BOARD_SCREENS: [Screen; 2] = [Screen::Game, Screen::Editor];

/// The start screen or a game asked to open the program on these command-line words
/// (`play FILE`, `view SAVE`, `edit`, `host`...): done at the end of the frame, in this
/// window where it can be (`app.rs`).
#[derive(Resource)]
pub struct Launch(pub Vec<std::ffi::OsString>);

/// The game asked to go back to the start screen, with a message under its buttons.
#[derive(Resource)]
pub struct ToStart(pub String);

/// Which game is on the screen: one more each time a game is opened in place of the
/// last (`opening::open`). What a system remembers of a game is kept with it
/// ([`OfTheGame`]), so the next game starts from nothing, as in a fresh window.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSerial(pub u64);

/// A system's memory of one game (a `Local`'s value): forgotten when another game is
/// opened, so that nothing of the last one's drafts, filters or salts reaches it.
#[derive(Default, Debug)]
pub struct OfTheGame<T> {
    serial: u64,
    value: T,
}

impl<T: Default> OfTheGame<T> {
    /// The value for the game `serial` names: the default for a game not seen before.
    pub fn of(&mut self, serial: GameSerial) -> &mut T {
        if self.serial != serial.0 {
            self.serial = serial.0;
            self.value = T::default();
        }
        &mut self.value
    }

    /// The value for the game on the screen of `world` (no serial yet: the first).
    pub fn in_world(&mut self, world: &World) -> &mut T {
        let serial = world
            .get_resource::<GameSerial>()
            .copied()
            .unwrap_or_default();
        self.of(serial)
    }
}

#[cfg(test)]
mod of_the_game {
    use super::*;

    #[test]
    fn a_value_kept_for_one_game_is_forgotten_for_the_next() {
        let mut kept = OfTheGame::<u64>::default();
        *kept.of(GameSerial(0)) = 7;
        assert_eq!(*kept.of(GameSerial(0)), 7);
        assert_eq!(*kept.of(GameSerial(1)), 0, "a new game starts from nothing");
        *kept.of(GameSerial(1)) = 3;
        assert_eq!(*kept.of(GameSerial(1)), 3);
    }
}
