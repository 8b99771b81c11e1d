//! The ACW rules' section of a scenario file (each side's army), its checks, and what
//! it puts on the table.

use super::melee::Army;
use super::state::AcwState;
use crate::data::UnitClass;
use crate::scenario::{PerSide, ScenarioFile};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

/// The ACW section: `acw: (armies: [Union, Confederate])`, an army for each side in
/// the order the sides are listed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Acw")]
pub struct AcwScenario {
    /// Each side's army, by side.
    pub armies: PerSide<Army>,
}

/// A new scenario's section: the first side Union, the second Confederate.
pub fn new_section(sides: &[crate::scenario::SideDef]) -> AcwScenario {
    AcwScenario {
        armies: PerSide::new(sides, |(i, _)| Army::new_side(i)),
    }
}

/// Is the counter's unit type a battery?
pub fn is_battery(unit: &str) -> bool {
    super::INFO
        .data()
        .units
        .get(unit)
        .is_some_and(|u| u.class == UnitClass::Artillery)
}

/// Each side's army on the table.
pub fn spawn(world: &mut World, file: &ScenarioFile) {
    let armies = file
        .section::<AcwScenario>()
        .map(|s| s.armies.0.clone())
        .unwrap_or_default();
    world.insert_resource(AcwState {
        armies,
        ..AcwState::default()
    });
}

/// ACW checks of a scenario: an army for each side; every unit made of stands (a
/// battery of its guns) and facing a hexside.
pub fn check(file: &ScenarioFile) -> Vec<(String, String)> {
    let mut errs = Vec::new();
    let Some(section) = file.section::<AcwScenario>() else {
        errs.push((
            "rules".to_owned(),
            "an ACW scenario needs an `acw: (armies: [Union, Confederate])` section, an army for each side".to_owned(),
        ));
        return errs;
    };
    errs.extend(
        section
            .armies
            .count_error(&file.sides, "acw.armies", "armies", "army"),
    );
    for (i, c) in file.counters.iter().enumerate() {
        if c.stands.is_empty() {
            let (what, example) = if is_battery(&c.unit) {
                ("battery", "\"gun\", \"gun\"")
            } else {
                (
                    "regiment",
                    "\"infantry\", \"infantry\", \"infantry\", \"infantry\"",
                )
            };
            errs.push((
                format!("counters[{i}].stands"),
                format!(
                    "{what} `{}` needs its stands, left to right: `stands: [{example}]`",
                    c.id
                ),
            ));
        } else if c.stands.len() > 10 {
            errs.push((
                format!("counters[{i}].stands"),
                format!(
                    "`{}` has {} stands: a unit at full strength has ten at most (five dominoes behind it)",
                    c.id,
                    c.stands.len()
                ),
            ));
        }
        if c.facing.is_none() {
            errs.push((
                format!("counters[{i}].facing"),
                format!(
                    "`{}` needs the hexside it faces (it shoots into the wedge in front): `facing: Some(North)`",
                    c.id
                ),
            ));
        }
    }
    errs
}
