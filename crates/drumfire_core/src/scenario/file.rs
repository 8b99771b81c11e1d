//! Reading and writing a [`ScenarioFile`]: the core's fields by name, and the rule
//! set's section under the rule set's id, read by the rule set's own type.

use super::*;
use crate::error::Identifier;
use crate::seeded::once;
use serde::de::{self, DeserializeSeed, MapAccess, Visitor};

/// The core's fields, in the order they are written.
const CORE_FIELDS: [&str; 9] = [
    "rules",
    "title",
    "briefing",
    "turns",
    "map",
    "sides",
    "counters",
    "hex_markers",
    "victory",
];

/// Every field a scenario may have: the core's and each rule set's section (of the
/// rule sets it is read with).
fn fields(rule_sets: &'static RuleSets) -> &'static [&'static str] {
    rule_sets.names("scenario fields", |r| {
        CORE_FIELDS
            .iter()
            .copied()
            .chain(r.iter().map(|r| r.id))
            .collect()
    })
}

/// Reads a scenario file of one of the rule sets it holds: a section is read by its rule
/// set's own type, and a field of no rule set of them is an unknown field.
#[derive(Clone, Copy)]
pub struct FileSeed(pub &'static RuleSets);

impl<'de> DeserializeSeed<'de> for FileSeed {
    type Value = ScenarioFile;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<ScenarioFile, D::Error> {
        d.deserialize_struct("Scenario", fields(self.0), FileVisitor(self.0))
    }
}

struct FileVisitor(&'static RuleSets);

impl<'de> Visitor<'de> for FileVisitor {
    type Value = ScenarioFile;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a scenario: Scenario(rules: ..., title: ..., ...)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ScenarioFile, A::Error> {
        let (mut rules, mut title, mut briefing, mut turns, mut map_def) =
            (None, None, None, None, None);
        let (mut sides, mut counters, mut hex_markers, mut victory, mut section) =
            (None, None, None, None, None);
        while let Some(Identifier(key)) = map.next_key()? {
            match key.as_str() {
                "rules" => once(&mut rules, "rules", map.next_value::<String>()?)?,
                "title" => once(&mut title, "title", map.next_value::<String>()?)?,
                "briefing" => once(&mut briefing, "briefing", map.next_value::<String>()?)?,
                "turns" => once(&mut turns, "turns", map.next_value::<u16>()?)?,
                "map" => once(&mut map_def, "map", map.next_value::<MapDef>()?)?,
                "sides" => once(&mut sides, "sides", map.next_value::<Vec<SideDef>>()?)?,
                "counters" => once(
                    &mut counters,
                    "counters",
                    map.next_value::<Vec<CounterDef>>()?,
                )?,
                "hex_markers" => once(
                    &mut hex_markers,
                    "hex_markers",
                    map.next_value::<Vec<HexMarkerDef>>()?,
                )?,
                "victory" => once(&mut victory, "victory", map.next_value::<VictoryDef>()?)?,
                other => match self.0.find(other) {
                    Some(info) if rules.as_deref().is_some_and(|r: &str| r != info.id) => {
                        return Err(de::Error::custom(format!(
                            "a `{other}` section in a `{}` scenario: its rule set reads only a `{}` section",
                            rules.as_deref().unwrap_or_default(),
                            rules.as_deref().unwrap_or_default()
                        )));
                    }
                    Some(info) => once(
                        &mut section,
                        info.id,
                        map.next_value_seed(SectionSeed(info))?,
                    )?,
                    None => return Err(de::Error::unknown_field(other, fields(self.0))),
                },
            }
        }
        Ok(ScenarioFile {
            rules: rules.ok_or_else(|| de::Error::missing_field("rules"))?,
            title: title.ok_or_else(|| de::Error::missing_field("title"))?,
            briefing: briefing.unwrap_or_default(),
            turns: turns.ok_or_else(|| de::Error::missing_field("turns"))?,
            map: map_def.ok_or_else(|| de::Error::missing_field("map"))?,
            sides: sides.ok_or_else(|| de::Error::missing_field("sides"))?,
            counters: counters.ok_or_else(|| de::Error::missing_field("counters"))?,
            hex_markers: hex_markers.unwrap_or_default(),
            victory: victory.unwrap_or_default(),
            section,
        })
    }
}

/// Reads a rule set's section with the rule set's own type.
struct SectionSeed(&'static RuleSetInfo);

impl<'de> DeserializeSeed<'de> for SectionSeed {
    type Value = RulesSection;

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<RulesSection, D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(d);
        (self.0.read_section)(&mut erased).map_err(de::Error::custom)
    }
}
