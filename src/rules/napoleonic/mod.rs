//! The Napoleonic brigade rules in the window: the orders sheet, the selected
//! brigade's formations and fights with their odds, the reach and targets on the map,
//! the phase bar's part, and the editor's grades.

pub mod editor;
pub mod panels;
pub mod play;
pub mod script;

/// The rule set's window: its plugins here, its play panels in `panels.rs`, its
/// editor panels in `editor.rs`.
impl crate::rule_set_window::RuleSetWindow for drumfire_core::rules::napoleonic::Napoleonic {
    fn plugin(app: &mut bevy::prelude::App) {
        play::plugin(app);
    }
}

#[cfg(test)]
mod tests {
    use crate::ui::rules_book::looked_up;

    /// A refusal is looked up among these rules by its words: the rule whose words it repeats comes first.
    #[test]
    fn a_refusal_is_looked_up_by_its_words() {
        let found = looked_up(
            crate::ui::rules_book::page("napoleonic").unwrap(),
            "a Shaken brigade may not be ordered to attack",
        );
        assert_eq!(found.first().map(String::as_str), Some("N-29"), "{found:?}");
    }
}
