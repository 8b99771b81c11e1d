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

#[cfg(test)]
mod tests {
    use super::Window;
    use crate::rules::RuleSetWindow;
    use crate::ui::rules_book::looked_up;

    /// A refusal is looked up among these rules by its words: a rule that says it is among those found.
    #[test]
    fn a_refusal_is_looked_up_by_its_words() {
        let found = looked_up(
            <Window as RuleSetWindow>::RULES_DOC,
            "an artillery unit that fired this turn may not move",
        );
        assert!(
            found.iter().any(|n| n == "PT-3" || n == "PT-16"),
            "{found:?}"
        );
    }
}
