//! The registry of rule sets: one folder each, reading like its rulebook, plugged in
//! through [`RuleSetInfo`]. This is the one file that lists them.

use crate::rule_set::{RuleSetInfo, RuleSets};

pub mod acw;
mod first_format;
pub mod great_war;
pub mod napoleonic;
pub mod portable;
pub mod shipped;
pub mod wwii;

pub use acw::INFO as ACW;
pub use great_war::INFO as GREAT_WAR;
pub use napoleonic::INFO as NAPOLEONIC;
pub use portable::INFO as PORTABLE;
pub use wwii::INFO as WWII;

/// Every rule set, first the one a new scenario gets; scenarios written before the
/// rule sets had sections are read by [`first_format`].
pub static ALL: RuleSets = RuleSets::new(
    &[
        &great_war::INFO,
        &portable::INFO,
        &napoleonic::INFO,
        &acw::INFO,
        &wwii::INFO,
    ],
    Some(first_format::read),
);

/// The rule set with this id.
pub fn find(id: &str) -> Option<&'static RuleSetInfo> {
    ALL.find(id)
}

/// The scenario compiled into the binary: the Great War tutorial.
pub const DEFAULT_SCENARIO: &str = include_str!("../../../../scenarios/great_war/tutorial.ron");
/// The name the default scenario goes by in messages.
pub const DEFAULT_SCENARIO_NAME: &str = "scenarios/great_war/tutorial.ron";

/// The default scenario, parsed. It is checked by the test suite, so this cannot fail
/// in a release.
pub fn default_scenario() -> Result<crate::scenario::Scenario, Vec<crate::error::LocatedError>> {
    crate::scenario::parse(DEFAULT_SCENARIO_NAME, DEFAULT_SCENARIO, &ALL)
}

#[cfg(test)]
mod tests {
    /// A rule set's section is written under its own id, and reads back as written.
    #[test]
    fn every_rule_set_section_is_keyed_by_its_id_and_reads_back() {
        let sides = [crate::scenario::SideDef {
            id: "red".into(),
            name: "Red".into(),
            colour: "#aa3333".into(),
        }];
        for r in super::ALL.iter() {
            let section = (r.new_section)(&sides);
            assert_eq!(section.rules, r.id);
            let text = ron::to_string(&section).unwrap();
            let mut de = ron::Deserializer::from_str(&text).unwrap();
            let back =
                (r.read_section)(&mut <dyn erased_serde::Deserializer>::erase(&mut de)).unwrap();
            assert_eq!(back, section, "{}", r.id);
        }
    }

    /// Saves write a rule set's orders under its id in camel case, the names saves
    /// have always carried.
    #[test]
    fn orders_are_written_under_the_rule_set_s_id_in_camel_case() {
        let tags: Vec<&str> = super::ALL.iter().map(|r| r.order_tag).collect();
        assert_eq!(tags, ["GreatWar", "Portable", "Napoleonic", "Acw", "Wwii"]);
        let game = crate::testing::tutorial_game(3);
        let side = game.awaiting().unwrap();
        let order = (super::GREAT_WAR.candidates)(game.world(), side, 0)
            .into_iter()
            .find(|o| matches!(o, crate::orders::Order::Rules(_)))
            .unwrap();
        let text = ron::to_string(&order).unwrap();
        assert!(text.starts_with("GreatWar("), "{text}");
    }

    #[test]
    fn every_rule_set_has_valid_data() {
        for r in super::ALL.iter() {
            let data = r.data();
            assert!(
                !data.terrain.is_empty() && !data.units.is_empty(),
                "{}",
                r.id
            );
        }
    }
}
