//! The ACW one-page rules in the window: the chits sheet, the selected unit's chit,
//! moves, charges (each with its exact odds) and shots with their nominated stand,
//! the dominoes placed and shown face down, fire at a charger, the phase bar's part,
//! and the editor's facings and armies.

pub mod editor;
pub mod panels;
pub mod play;
pub mod script;

/// The rule set's window: its plugins here, its play panels in `panels.rs`, its
/// editor panels in `editor.rs`.
impl crate::rule_set_window::RuleSetWindow for drumfire_core::rules::acw::Acw {
    fn plugin(app: &mut bevy::prelude::App) {
        play::plugin(app);
    }
}

#[cfg(test)]
mod tests {
    use crate::ui::rules_book::looked_up;

    /// A message that is no refusal matches none of these rules.
    #[test]
    fn a_refusal_is_looked_up_by_its_words() {
        let found = looked_up(
            crate::ui::rules_book::page("acw").unwrap(),
            "Saved to game.ron",
        );
        assert_eq!(found, Vec::<String>::new());
    }
}
