//! The Portable rules in the window: the selected unit's orders and odds, the reach
//! and targets on the map, and the phase bar's part.

pub mod editor;
pub mod panels;
pub mod play;

/// The rule set's window: its plugins here, its play panels in `panels.rs`, its
/// editor panels in `editor.rs`.
impl crate::rule_set_window::RuleSetWindow for drumfire_core::rules::portable::Portable {
    fn plugin(app: &mut bevy::prelude::App) {
        play::plugin(app);
    }
}

#[cfg(test)]
mod tests {
    use crate::ui::rules_book::looked_up;

    /// A refusal is looked up among these rules by its words: a rule that says it is among those found.
    #[test]
    fn a_refusal_is_looked_up_by_its_words() {
        let found = looked_up(
            crate::ui::rules_book::page("portable").unwrap(),
            "an artillery unit that fired this turn may not move",
        );
        assert!(
            found.iter().any(|n| n == "PT-3" || n == "PT-16"),
            "{found:?}"
        );
    }
}
