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
            "cavalry may not assault tanks",
        );
        assert_eq!(
            found.first().map(String::as_str),
            Some("WW-16"),
            "{found:?}"
        );
    }
}
