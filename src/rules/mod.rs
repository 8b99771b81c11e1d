//! The rule sets' parts of the window, one folder each beside the core's
//! `rules/<id>/`: their input, panels and map overlays. This module is the app's
//! registry: the one place that lists them.

use bevy::prelude::*;
use bevy_egui::egui;

pub mod acw;
pub mod great_war;
pub mod napoleonic;
pub mod portable;
pub mod wwii;

/// Every rule set's window plugins.
pub fn plugin(app: &mut App) {
    for p in &ALL {
        (p.plugin)(app);
    }
}

/// A rule set's steps of the scripted-input mode (`play::script`), for the window tests.
pub struct ScriptSteps {
    /// Takes one of its steps: `Some(Ok(true))` done, `Some(Ok(false))` to be taken
    /// again, `None` when the step is none of its.
    pub step: fn(&mut World, &[String]) -> Option<Result<bool, String>>,
    /// The words its panels show (for `dump-view`).
    pub view_text: fn(&mut World, &mut String),
}

impl ScriptSteps {
    /// For a rule set with no steps of its own.
    pub const NONE: ScriptSteps = ScriptSteps {
        step: |_, _| None,
        view_text: |_, _| {},
    };
}

/// The words of the hot-seat hand-off screen for a rule set's secrets.
pub struct HandoffWords {
    /// Why the screen is up while the sides prepare in secret.
    pub hidden: &'static str,
    /// What is shown to the player who took the screen, after "{side}'s ".
    pub secret: &'static str,
    /// The button that shows it, after "I am {side}: ".
    pub show: &'static str,
}

/// A rule set's parts of the play window, drawn by the shared panels where they
/// belong. Each gets the world, reads it through its own system parameters
/// (`ui::with`) and queues orders; none edits the game.
pub struct PlayParts {
    /// Its part of the phase bar, after the phase's name: who acts, the phase's
    /// questions, the button that ends it.
    pub phase_bar: fn(&mut egui::Ui, &mut World),
    /// At the top of the side panel: the pick under way on the map.
    pub banner: fn(&mut egui::Ui, &mut World),
    /// Under the briefing, when no hex is selected.
    pub briefing: fn(&mut egui::Ui, &mut World),
    /// Under the selected hex: the selected counter's orders.
    pub orders: fn(&mut egui::Ui, &mut World),
    /// Its tools in the bottom bar, left of the session's buttons (laid out right to left).
    pub tools: fn(&mut egui::Ui, &mut World),
    /// Its own windows: the questions the rules ask, its sheets.
    pub windows: fn(&egui::Context, &mut World),
    /// Forgets the pick under way and its previews (a new game).
    pub reset: fn(&mut World),
    /// Hot seat: does the table hide when the side to act changes now?
    pub hides_table: fn(&World) -> bool,
    /// The hand-off screen's words.
    pub handoff: HandoffWords,
    /// After the hand-off screen, the player at the screen sees the side's secret.
    pub show_secret: fn(&mut World, u8),
    /// Its rules in brief, for the help window: a heading and a paragraph.
    pub help: (&'static str, &'static str),
}

impl PlayParts {
    /// Nothing of its own: the shared panels only.
    pub const NONE: PlayParts = PlayParts {
        phase_bar: |_, _| {},
        banner: |_, _| {},
        briefing: |_, _| {},
        orders: |_, _| {},
        tools: |_, _| {},
        windows: |_, _| {},
        reset: |_| {},
        hides_table: |_| false,
        handoff: HandoffWords {
            hidden: "",
            secret: "",
            show: "",
        },
        show_secret: |_, _| {},
        help: ("", ""),
    };
}

/// A rule set's parts of the window: its plugin, its rules page, and what it has of its
/// own in the play window, the editor and the window tests' scripts (each defaulting to
/// nothing). The app's registry lists one per rule set ([`WindowParts::of`]).
pub trait RuleSetWindow: 'static {
    /// The rule set (its core `RuleSetInfo`).
    const RULES: &'static drumfire_core::rule_set::RuleSetInfo;
    /// Its rules page (`docs/rules/`), shown in the rules window (`ui::rules_book`).
    const RULES_DOC: &'static str;
    /// Its parts of the play window.
    const PLAY: &'static PlayParts = &PlayParts::NONE;
    /// Its parts of the scenario editor.
    const EDITOR: &'static crate::editor::EditorPanels = &crate::editor::EditorPanels::NONE;
    /// Its steps of the scripted-input mode.
    const SCRIPT: &'static ScriptSteps = &ScriptSteps::NONE;
    /// Its window plugins: its input, previews and overlays.
    fn plugin(app: &mut App);
}

/// A rule set's parts of the window that the shared code asks for by the game's rule set.
pub struct WindowParts {
    /// The rule set (its core `RuleSetInfo`).
    pub rules: &'static drumfire_core::rule_set::RuleSetInfo,
    /// Its window plugins.
    pub plugin: fn(&mut App),
    /// Its parts of the scenario editor.
    pub editor: &'static crate::editor::EditorPanels,
    /// Its steps of the scripted-input mode.
    pub script: &'static ScriptSteps,
    /// Its parts of the play window.
    pub play: &'static PlayParts,
    /// Its rules page (`docs/rules/`), shown in the rules window (`ui::rules_book`).
    pub rules_doc: &'static str,
}

impl WindowParts {
    /// The window parts of rule set `W`.
    pub const fn of<W: RuleSetWindow>() -> Self {
        Self {
            rules: W::RULES,
            plugin: W::plugin,
            editor: W::EDITOR,
            script: W::SCRIPT,
            play: W::PLAY,
            rules_doc: W::RULES_DOC,
        }
    }
}

/// Every rule set's window parts, their plugins added in this order.
static ALL: [WindowParts; 5] = [
    WindowParts::of::<great_war::Window>(),
    WindowParts::of::<napoleonic::Window>(),
    WindowParts::of::<portable::Window>(),
    WindowParts::of::<acw::Window>(),
    WindowParts::of::<wwii::Window>(),
];

/// The window parts of rule set `id`, if it has any.
pub fn parts(id: &str) -> Option<&'static WindowParts> {
    ALL.iter().find(|p| p.rules.id == id)
}

/// The play window's parts of the game in the window (none at the table: the table's
/// own panels take their place).
pub fn playing(world: &World) -> Option<&'static PlayParts> {
    if world.contains_resource::<drumfire_core::table::TableMode>() {
        return None;
    }
    let rules = world.get_resource::<drumfire_core::scenario::Rules>()?;
    parts(rules.0.id).map(|p| p.play)
}

/// Forgets every rule set's pick under way and previews (a new game).
pub fn reset(world: &mut World) {
    for p in &ALL {
        (p.play.reset)(world);
    }
}
