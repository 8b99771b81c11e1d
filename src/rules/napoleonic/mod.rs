//! The Napoleonic brigade rules in the window: the orders sheet, the selected
//! brigade's formations and fights with their odds, the reach and targets on the map,
//! the phase bar's part, and the editor's grades.

pub mod editor;
pub mod panels;
pub mod play;
pub mod script;

/// The napoleonic rule set's parts of the window.
pub struct Window;

impl super::RuleSetWindow for Window {
    const RULES: &'static drumfire_core::rule_set::RuleSetInfo =
        &drumfire_core::rules::napoleonic::INFO;
    const RULES_DOC: &'static str = include_str!("../../../docs/rules/napoleonic.md");
    const PLAY: &'static super::PlayParts = &panels::PARTS;
    const EDITOR: &'static crate::editor::EditorPanels = &editor::PANELS;
    const SCRIPT: &'static super::ScriptSteps = &script::STEPS;

    fn plugin(app: &mut bevy::prelude::App) {
        play::plugin(app);
    }
}

#[cfg(test)]
mod tests {
    use super::Window;
    use crate::rules::RuleSetWindow;
    use crate::ui::rules_book::looked_up;

    /// A refusal is looked up among these rules by its words: the rule whose words it repeats comes first.
    #[test]
    fn a_refusal_is_looked_up_by_its_words() {
        let found = looked_up(
            <Window as RuleSetWindow>::RULES_DOC,
            "a Shaken brigade may not be ordered to attack",
        );
        assert_eq!(found.first().map(String::as_str), Some("N-29"), "{found:?}");
    }
}
