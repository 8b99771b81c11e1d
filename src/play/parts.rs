//! What a rule set adds to the play window, as one trait whose every method defaults to
//! nothing: the shared panels draw each part where it belongs, the hot seat asks it
//! about its secrets, and the scripted-input mode asks it for its steps. The game's
//! rule set's parts reach the play window through the [`RuleSetParts`] resource,
//! filled by the app from its registry; nothing here names a rule set.

use bevy::prelude::*;
use bevy_egui::egui;

/// The words of the hot-seat hand-off screen for a rule set's secrets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandoffWords {
    /// Why the screen is up while the sides prepare in secret.
    pub hidden: &'static str,
    /// What is shown to the player who took the screen, after "{side}'s ".
    pub secret: &'static str,
    /// The button that shows it, after "I am {side}: ".
    pub show: &'static str,
}

/// A rule set's parts of the play window. Each method gets the world, reads it through
/// the rule set's own system parameters (`ui::with`) and queues orders; none edits the
/// game. A rule set overrides what it has; the rest is nothing.
pub trait PlayParts: Sync + 'static {
    /// Its part of the phase bar, after the phase's name: who acts, the phase's
    /// questions, the button that ends it.
    fn phase_bar(&self, _ui: &mut egui::Ui, _world: &mut World) {}
    /// At the top of the side panel: the pick under way on the map.
    fn banner(&self, _ui: &mut egui::Ui, _world: &mut World) {}
    /// Under the briefing, when no hex is selected.
    fn briefing(&self, _ui: &mut egui::Ui, _world: &mut World) {}
    /// Under the selected hex: the selected counter's orders.
    fn orders(&self, _ui: &mut egui::Ui, _world: &mut World) {}
    /// Its tools in the bottom bar, left of the session's buttons (laid out right to
    /// left).
    fn tools(&self, _ui: &mut egui::Ui, _world: &mut World) {}
    /// Its own windows: the questions the rules ask, its sheets.
    fn windows(&self, _ctx: &egui::Context, _world: &mut World) {}
    /// Forgets the pick under way and its previews (a new game).
    fn reset(&self, _world: &mut World) {}
    /// Hot seat: does the table hide when the side to act changes now?
    fn hides_table(&self, _world: &World) -> bool {
        false
    }
    /// The hand-off screen's words, for a rule set that hides the table.
    fn handoff(&self) -> Option<HandoffWords> {
        None
    }
    /// After the hand-off screen, the player at the screen sees side `side`'s secret.
    fn show_secret(&self, _world: &mut World, _side: u8) {}
    /// Its rules in brief, for the help window: a heading and a paragraph.
    fn help(&self) -> Option<(&'static str, &'static str)> {
        None
    }
    /// One of its steps of the scripted-input mode (`play::script`, for the window
    /// tests): `Some(Ok(true))` done, `Some(Ok(false))` to be taken again, `None` when
    /// the step is none of its.
    fn script_step(&self, _world: &mut World, _words: &[String]) -> Option<Result<bool, String>> {
        None
    }
    /// The words its panels show (for the scripted mode's `dump-view`).
    fn view_text(&self, _world: &mut World, _out: &mut String) {}
}

/// Every rule set's play-window parts by rule-set id, put in place by the app from its
/// registry.
#[derive(Resource, Clone, Default)]
pub struct RuleSetParts(pub Vec<(&'static str, &'static dyn PlayParts)>);

impl RuleSetParts {
    /// The parts of rule set `id`, if it has any.
    pub fn of(&self, id: &str) -> Option<&'static dyn PlayParts> {
        self.0.iter().find(|(i, _)| *i == id).map(|(_, p)| *p)
    }
}

/// The play window's parts of the game in the window (none at the table: the table's
/// own panels take their place).
pub fn playing(world: &World) -> Option<&'static dyn PlayParts> {
    if world.contains_resource::<drumfire_core::table::TableMode>() {
        return None;
    }
    of_the_game(world)
}

/// The parts of the game's rule set, at the table too.
pub fn of_the_game(world: &World) -> Option<&'static dyn PlayParts> {
    let rules = world.get_resource::<drumfire_core::scenario::Rules>()?;
    world.get_resource::<RuleSetParts>()?.of(rules.0.id)
}

/// Forgets every rule set's pick under way and previews (a new game).
pub fn reset(world: &mut World) {
    let all = world
        .get_resource::<RuleSetParts>()
        .cloned()
        .unwrap_or_default();
    for (_, parts) in all.0 {
        parts.reset(world);
    }
}
