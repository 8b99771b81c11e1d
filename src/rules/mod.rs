//! The rule sets' parts of the window, one folder each beside the core's
//! `rules/<id>/`: their input, panels and map overlays. This module is the app's
//! registry: the one place that lists them.

use bevy::prelude::*;

pub mod great_war;
pub mod portable;

/// Every rule set's window plugins.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        great_war::play::plugin,
        great_war::plan::plugin,
        portable::play::plugin,
    ));
}

/// A rule set's steps of the scripted-input mode (`play::script`), for the window tests.
pub struct ScriptSteps {
    /// Takes one of its steps: `Some(Ok(true))` done, `Some(Ok(false))` to be taken
    /// again, `None` when the step is none of its.
    pub step: fn(&mut World, &[String]) -> Option<Result<bool, String>>,
    /// The words its panels show (for `dump-view`).
    pub view_text: fn(&mut World, &mut String),
    /// After the hand-off screen, the player at the screen asks to see the side's secret.
    pub show_secret: fn(&mut World, u8),
}

impl ScriptSteps {
    /// For a rule set with no steps of its own.
    pub const NONE: ScriptSteps = ScriptSteps {
        step: |_, _| None,
        view_text: |_, _| {},
        show_secret: |_, _| {},
    };
}

/// A rule set's parts of the window that the shared code asks for by the game's rule set.
pub struct WindowParts {
    /// The rule set (its core `RuleSetInfo`).
    pub rules: &'static drumfire_core::rule_set::RuleSetInfo,
    /// Its parts of the scenario editor.
    pub editor: &'static crate::editor::EditorPanels,
    /// Its steps of the scripted-input mode.
    pub script: &'static ScriptSteps,
}

/// Every rule set's window parts.
static ALL: [WindowParts; 2] = [
    WindowParts {
        rules: &drumfire_core::rules::great_war::INFO,
        editor: &great_war::editor::PANELS,
        script: &great_war::script::STEPS,
    },
    WindowParts {
        rules: &drumfire_core::rules::portable::INFO,
        editor: &portable::editor::PANELS,
        script: &ScriptSteps::NONE,
    },
];

/// The window parts of rule set `id`, if it has any.
pub fn parts(id: &str) -> Option<&'static WindowParts> {
    ALL.iter().find(|p| p.rules.id == id)
}
