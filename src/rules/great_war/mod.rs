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

/// The rule set's window: its plugins here, its play panels in `panels.rs`, its
/// editor panels in `editor.rs`.
impl crate::rule_set_window::RuleSetWindow for drumfire_core::rules::great_war::GreatWar {
    fn plugin(app: &mut bevy::prelude::App) {
        play::plugin(app);
        plan::plugin(app);
    }
}

#[cfg(test)]
mod tests {
    use crate::ui::rules_book::looked_up;

    /// A refusal is looked up among these rules by its words: the rule whose words it repeats comes first.
    #[test]
    fn a_refusal_is_looked_up_by_its_words() {
        let found = looked_up(
            crate::ui::rules_book::page("great_war").unwrap(),
            "0607 is out of reach. On the direct route: 1106 is closer to the enemy, and only units activated by a leader of their type may move closer",
        );
        assert_eq!(
            found.first().map(String::as_str),
            Some("GW-16"),
            "{found:?}"
        );
    }

    /// The Great War's sides plot their artillery in secret before the first turn: its
    /// game, as the window builds it, is behind the hand-off screen.
    #[test]
    fn the_great_war_hides_the_table_while_the_plans_are_plotted() {
        let mut app = crate::testing::headless("great_war", "tutorial.ron", 7);
        let world = app.world_mut();
        let parts = crate::play::parts::playing(world).unwrap();
        assert!(parts.hides_table(world));
        assert_eq!(
            parts.handoff().map(|w| w.show),
            Some("show my plan"),
            "the button that shows a side its plan"
        );
    }
}
