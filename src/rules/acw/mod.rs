//! The ACW one-page rules in the window: the chits sheet, the selected unit's chit,
//! moves, charges (each with its exact odds) and shots with their nominated stand,
//! the dominoes placed and shown face down, fire at a charger, the phase bar's part,
//! and the editor's facings and armies.

pub mod editor;
pub mod panels;
pub mod play;
pub mod script;

/// The acw rule set's parts of the window.
pub struct Window;

impl super::RuleSetWindow for Window {
    const RULES: &'static drumfire_core::rule_set::RuleSetInfo = &drumfire_core::rules::acw::INFO;
    const RULES_DOC: &'static str = include_str!("../../../docs/rules/acw.md");
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

    /// A message that is no refusal matches none of these rules.
    #[test]
    fn a_refusal_is_looked_up_by_its_words() {
        let found = looked_up(<Window as RuleSetWindow>::RULES_DOC, "Saved to game.ron");
        assert_eq!(found, Vec::<String>::new());
    }
}
