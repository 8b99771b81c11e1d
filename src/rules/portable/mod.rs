//! The Portable rules in the window: the selected unit's orders and odds, the reach
//! and targets on the map, and the phase bar's part.

pub mod editor;
pub mod panels;
pub mod play;

/// The portable rule set's parts of the window.
pub struct Window;

impl super::RuleSetWindow for Window {
    const RULES: &'static drumfire_core::rule_set::RuleSetInfo =
        &drumfire_core::rules::portable::INFO;
    const RULES_DOC: &'static str = include_str!("../../../docs/rules/portable.md");
    const PLAY: &'static super::PlayParts = &panels::PARTS;
    const EDITOR: &'static crate::editor::EditorPanels = &editor::PANELS;

    fn plugin(app: &mut bevy::prelude::App) {
        play::plugin(app);
    }
}
