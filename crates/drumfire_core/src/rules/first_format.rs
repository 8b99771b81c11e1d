//! The first scenario format, read so that older scenario files, and the saves that
//! embed them, still load. It kept every rule set's side fields in the core's
//! `sides` and the Great War's leaders pool at the top; this reader is frozen with
//! it and moves them into the rule set's section. Files written now use the second
//! format (`docs/scenario-format.md`). Only the rule sets that existed then had
//! scenarios in it, which is why it lives with the registry.

use super::great_war::Assignment;
use super::great_war::scenario::{GwScenario, GwSide, LeaderDef, OffBoardDef};
use super::portable::scenario::{PtScenario, PtSide};
use crate::scenario::{
    CounterDef, HexMarkerDef, MapDef, RulesSection, ScenarioFile, SideDef, VictoryDef,
};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Scenario")]
struct V1File {
    rules: String,
    title: String,
    #[serde(default)]
    briefing: String,
    turns: u16,
    map: MapDef,
    sides: Vec<V1Side>,
    counters: Vec<CounterDef>,
    #[serde(default)]
    leaders: Vec<LeaderDef>,
    #[serde(default)]
    hex_markers: Vec<HexMarkerDef>,
    #[serde(default)]
    victory: VictoryDef,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Side")]
struct V1Side {
    id: String,
    name: String,
    colour: String,
    #[serde(default)]
    initiative: i8,
    morale: u8,
    #[serde(default)]
    artillery_ammunition: u8,
    #[serde(default)]
    ammunition_depletion: u8,
    #[serde(default)]
    off_board_artillery: Vec<OffBoardDef>,
    #[serde(default)]
    artillery_plan: Vec<Assignment>,
    #[serde(default)]
    activation_dice: u8,
}

/// The file in the first format, moved into the second; `None` when the text is not
/// a first-format file of a rule set that had one, or holds fields its rule set
/// never had (nothing is dropped).
pub fn read(source: &str, text: &str) -> Option<ScenarioFile> {
    let v1: V1File = crate::error::read_ron(source, text).ok()?;
    let section = match v1.rules.as_str() {
        "great_war" => RulesSection::new(
            super::great_war::INFO.id,
            GwScenario {
                sides: v1
                    .sides
                    .iter()
                    .map(|s| GwSide {
                        side: s.id.clone(),
                        initiative: s.initiative,
                        morale: s.morale,
                        artillery_ammunition: s.artillery_ammunition,
                        ammunition_depletion: s.ammunition_depletion,
                        off_board_artillery: s.off_board_artillery.clone(),
                        artillery_plan: s.artillery_plan.clone(),
                    })
                    .collect(),
                leaders: v1.leaders.clone(),
            },
        ),
        "portable" => {
            let foreign = !v1.leaders.is_empty()
                || v1.sides.iter().any(|s| {
                    s.initiative != 0
                        || s.morale != 0
                        || !s.off_board_artillery.is_empty()
                        || !s.artillery_plan.is_empty()
                });
            if foreign {
                return None;
            }
            RulesSection::new(
                super::portable::INFO.id,
                PtScenario {
                    sides: v1
                        .sides
                        .iter()
                        .map(|s| PtSide {
                            side: s.id.clone(),
                            activation_dice: s.activation_dice,
                        })
                        .collect(),
                },
            )
        }
        _ => return None,
    };
    Some(ScenarioFile {
        rules: v1.rules,
        title: v1.title,
        briefing: v1.briefing,
        turns: v1.turns,
        map: v1.map,
        sides: v1
            .sides
            .into_iter()
            .map(|s| SideDef {
                id: s.id,
                name: s.name,
                colour: s.colour,
            })
            .collect(),
        counters: v1.counters,
        hex_markers: v1.hex_markers,
        victory: v1.victory,
        section: Some(section),
    })
}
