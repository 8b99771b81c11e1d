//! The WWII assault rules in the window: the selected unit's moves, overruns (with
//! their odds before the tank moves), fire and engagements with their exact odds, the
//! assault its group would fight, the assaults fought with their dice, the phase
//! bar's part, and the editor's facings, bases and training.

pub mod editor;
pub mod panels;
pub mod play;
pub mod script;

/// The wwii rule set's parts of the window.
pub struct Window;

impl super::RuleSetWindow for Window {
    const RULES: &'static drumfire_core::rule_set::RuleSetInfo = &drumfire_core::rules::wwii::INFO;
    const RULES_DOC: &'static str = include_str!("../../../docs/rules/wwii.md");
    const PLAY: &'static super::PlayParts = &panels::PARTS;
    const EDITOR: &'static crate::editor::EditorPanels = &editor::PANELS;
    const SCRIPT: &'static super::ScriptSteps = &script::STEPS;

    fn plugin(app: &mut bevy::prelude::App) {
        play::plugin(app);
    }
}
