//! The rule sets: one folder each, reading like its rulebook. A rule set is a
//! plugin (its sequence of play and its systems), a data file (terrain and unit
//! types) and an order check.

use crate::data::RuleSetData;
use crate::orders::{Order, Refusal, RuleSetOrder, RulesOrder};
use bevy_app::App;
use bevy_ecs::world::World;
use std::sync::OnceLock;

pub mod great_war;
pub mod portable;

/// A rule set the game can play.
pub struct RuleSetInfo {
    /// Id used by scenarios ("great_war").
    pub id: &'static str,
    /// Name shown to players.
    pub name: &'static str,
    /// Adds the rule set's phases and systems.
    pub plugin: fn(&mut App),
    /// The rule set's own checks of an order, after the core's.
    pub validate: fn(&World, &Order) -> Result<(), Refusal>,
    /// The side the game waits on for an order, if any.
    pub awaiting: fn(&World) -> Option<u8>,
    /// Orders worth considering for a side now (every legal order where they can be
    /// listed; a sample where they cannot, such as whole artillery plans, varied by `salt`).
    pub candidates: fn(&World, u8, u64) -> Vec<Order>,
    /// The computer player's order for a side now (`None` when it has none); the
    /// salt varies what a rule set samples.
    pub ai: fn(&World, u8, u64) -> Option<Order>,
    /// The rule set's own state in a canonical text form, for the state hash.
    pub state_text: fn(&World) -> String,
    /// What must hold after every order, for the soak tests: `Err` says what broke.
    pub invariants: fn(&World) -> Result<(), String>,
    /// Puts the rule set's own state back as it was before the set-up (for a reset).
    pub reset: fn(&mut World),
    /// The rule set's own checks of a scenario file: (field path, message) for each error.
    pub check: fn(&crate::scenario::ScenarioFile) -> Vec<(String, String)>,
    /// Reads its section of a scenario file (written under its id).
    pub read_section: fn(
        &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<crate::scenario::RulesSection, erased_serde::Error>,
    /// The section of a new scenario with these sides.
    pub new_section: fn(&[crate::scenario::SideDef]) -> crate::scenario::RulesSection,
    /// Puts what its section holds on the table, after the core's spawn.
    pub spawn: fn(&mut World, &crate::scenario::Scenario),
    /// The name its orders are written under in saves ("GreatWar"): its order type's
    /// `RuleSetOrder::TAG`.
    pub order_tag: &'static str,
    /// Reads one of its orders as a save writes it (inside the tag).
    pub read_order:
        fn(&mut dyn erased_serde::Deserializer<'_>) -> Result<Order, erased_serde::Error>,
    /// The secret an order carries, if it is one to keep out of sight in a save until
    /// the rules reveal it: the side and the secret's text (an Artillery Plan).
    pub secret: fn(&Order) -> Option<(u8, String)>,
    /// The order back from its side and its secret's text, as [`Self::secret`] gave it.
    pub reveal: fn(u8, &str) -> Option<Order>,
    data_file: &'static str,
    data_text: &'static str,
    data: OnceLock<RuleSetData>,
}

impl RuleSetInfo {
    /// The rule set's terrain and unit types. The files are compiled in and
    /// checked by the test suite, so a parse failure is a build defect.
    pub fn data(&self) -> &RuleSetData {
        self.data.get_or_init(|| {
            RuleSetData::parse(self.data_file, self.data_text)
                .unwrap_or_else(|e| panic!("built-in rule data is broken: {e}"))
        })
    }
}

impl std::fmt::Debug for RuleSetInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RuleSetInfo")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

/// The Great War rule set.
pub static GREAT_WAR: RuleSetInfo = RuleSetInfo {
    id: "great_war",
    name: "Great War",
    plugin: great_war::plugin,
    validate: great_war::validate,
    awaiting: great_war::awaiting,
    candidates: great_war::candidates,
    ai: great_war::ai::choose,
    state_text: great_war::state_text,
    reset: great_war::reset,
    invariants: great_war::invariants::invariants,
    check: great_war::scenario::check,
    read_section: read_section::<great_war::scenario::GwScenario>,
    spawn: great_war::scenario::spawn,
    new_section: great_war::scenario::new_section,
    order_tag: great_war::GwOrder::TAG,
    read_order: read_order::<great_war::GwOrder>,
    secret: great_war::secret,
    reveal: great_war::reveal,
    data_file: "rules/great_war/data.ron",
    data_text: include_str!("great_war/data.ron"),
    data: OnceLock::new(),
};

/// The Portable rule set.
pub static PORTABLE: RuleSetInfo = RuleSetInfo {
    id: "portable",
    name: "Portable",
    plugin: portable::plugin,
    validate: portable::validate,
    awaiting: portable::awaiting,
    candidates: portable::candidates,
    ai: portable_ai,
    state_text: portable::state_text,
    reset: portable::reset,
    invariants: portable::invariants::invariants,
    check: portable::scenario::check,
    read_section: read_section::<portable::scenario::PtScenario>,
    spawn: portable::scenario::spawn,
    new_section: portable::scenario::new_section,
    order_tag: portable::PtOrder::TAG,
    read_order: read_order::<portable::PtOrder>,
    secret: no_secrets,
    reveal: no_reveal,
    data_file: "rules/portable/data.ron",
    data_text: include_str!("portable/data.ron"),
    data: OnceLock::new(),
};

/// The Portable computer player.
fn portable_ai(world: &World, side: u8, _salt: u64) -> Option<Order> {
    portable::ai::choose(world, side)
}

/// Reads a rule set's order of type `T`.
fn read_order<T: RuleSetOrder + serde::de::DeserializeOwned>(
    d: &mut dyn erased_serde::Deserializer<'_>,
) -> Result<Order, erased_serde::Error> {
    erased_serde::deserialize::<T>(d).map(|o| Order::Rules(RulesOrder::new(o)))
}

/// Reads a rule set's section of type `T`.
fn read_section<T: crate::scenario::RuleSetSection>(
    d: &mut dyn erased_serde::Deserializer<'_>,
) -> Result<crate::scenario::RulesSection, erased_serde::Error> {
    erased_serde::deserialize::<T>(d).map(|s| crate::scenario::RulesSection::new(T::RULES, s))
}

/// A rule set whose orders carry no secret.
fn no_secrets(_: &Order) -> Option<(u8, String)> {
    None
}

/// A rule set with no sealed orders to open.
fn no_reveal(_: u8, _: &str) -> Option<Order> {
    None
}

/// Every rule set, by id.
pub static ALL: [&RuleSetInfo; 2] = [&GREAT_WAR, &PORTABLE];

/// The rule set with this id.
pub fn find(id: &str) -> Option<&'static RuleSetInfo> {
    ALL.iter().copied().find(|r| r.id == id)
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
        for r in super::ALL {
            let section = (r.new_section)(&sides);
            assert_eq!(section.rules, r.id);
            let text = ron::to_string(&section).unwrap();
            let mut de = ron::Deserializer::from_str(&text).unwrap();
            let back =
                (r.read_section)(&mut <dyn erased_serde::Deserializer>::erase(&mut de)).unwrap();
            assert_eq!(back, section, "{}", r.id);
        }
    }

    #[test]
    fn every_rule_set_has_valid_data() {
        for r in super::ALL {
            let data = r.data();
            assert!(
                !data.terrain.is_empty() && !data.units.is_empty(),
                "{}",
                r.id
            );
        }
    }
}
