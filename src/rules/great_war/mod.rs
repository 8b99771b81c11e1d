//! The Great War in the window: picking hexes and the previews (`play.rs`), the
//! panels of play (`panels.rs`), the Artillery Plan sheet (its state in `plan.rs`,
//! its panel in `sheet.rs`) and the leader draw, the editor's fields and the
//! script steps.

pub mod editor;
pub mod panels;
pub mod plan;
pub mod play;
pub mod script;
pub mod sheet;

/// The great war rule set's parts of the window.
pub struct Window;

impl super::RuleSetWindow for Window {
    const RULES: &'static drumfire_core::rule_set::RuleSetInfo =
        &drumfire_core::rules::great_war::INFO;
    const RULES_DOC: &'static str = include_str!("../../../docs/rules/great-war.md");
    const PLAY: &'static super::PlayParts = &panels::PARTS;
    const EDITOR: &'static crate::editor::EditorPanels = &editor::PANELS;
    const SCRIPT: &'static super::ScriptSteps = &script::STEPS;

    fn plugin(app: &mut bevy::prelude::App) {
        play::plugin(app);
        plan::plugin(app);
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
            "0607 is out of reach. On the direct route: 1106 is closer to the enemy, and only units activated by a leader of their type may move closer",
        );
        assert_eq!(
            found.first().map(String::as_str),
            Some("GW-16"),
            "{found:?}"
        );
    }
}
