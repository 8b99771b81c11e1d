//! The WWII assault rules in the window: the selected unit's moves, overruns (with
//! their odds before the tank moves), fire and engagements with their exact odds, the
//! assault its group would fight, the assaults fought with their dice, the phase
//! bar's part, and the editor's facings, bases and training.

pub mod editor;
pub mod panels;
pub mod play;
pub mod script;

/// The rule set's window: its plugins here, its play panels in `panels.rs`, its
/// editor panels in `editor.rs`.
impl crate::rule_set_window::RuleSetWindow for drumfire_core::rules::wwii::Wwii {
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
            crate::ui::rules_book::page("wwii").unwrap(),
            "cavalry may not assault tanks",
        );
        assert_eq!(
            found.first().map(String::as_str),
            Some("WW-16"),
            "{found:?}"
        );
    }
}
