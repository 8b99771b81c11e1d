//! The Portable rules' section of a scenario file (each side's activation dice), its
//! checks, and what it puts on the table.

use crate::scenario::{PerSide, ScenarioFile, SideEntry};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

/// The Portable section: `portable: (sides: [...])`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Portable")]
pub struct PtScenario {
    /// Each side's figures, one entry per side of the scenario.
    pub sides: PerSide<PtSide>,
}

/// One side's Portable figures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Side")]
pub struct PtSide {
    /// The side's id, as in the scenario's `sides`.
    pub side: String,
    /// Activation dice the side throws each turn.
    pub activation_dice: u8,
}

impl SideEntry for PtSide {
    fn side_id(&self) -> &str {
        &self.side
    }
}

/// Each side's Portable figures in play, by side index.
#[derive(Resource, Clone, Debug, Default)]
pub struct PtSides(pub PerSide<PtSide>);

/// A new scenario's section: one activation die a side.
pub fn new_section(sides: &[crate::scenario::SideDef]) -> PtScenario {
    PtScenario {
        sides: PerSide::new(sides, |(_, s)| PtSide {
            side: s.id.clone(),
            activation_dice: 1,
        }),
    }
}

/// Each side's figures, by side index.
pub fn spawn(world: &mut World, file: &ScenarioFile) {
    let section = file.section::<PtScenario>().cloned().unwrap_or_default();
    let sides = section.sides.in_side_order(&file.sides);
    world.insert_resource(PtSides(sides));
}

/// Portable checks of a scenario: a section with one entry per side, each throwing
/// at least one activation die, and no unit set up in a river.
pub fn check(file: &ScenarioFile) -> Vec<(String, String)> {
    let mut errs = Vec::new();
    let Some(section) = file.section::<PtScenario>() else {
        errs.push((
            "rules".to_owned(),
            "a Portable scenario needs a `portable: (sides: [...])` section giving each side's activation dice".to_owned(),
        ));
        return errs;
    };
    errs.extend(section.sides.check_sides(
        &file.sides,
        "portable.sides",
        "its activation dice",
        |i, s, errs| {
            if s.activation_dice == 0 {
                errs.push((
                    format!("portable.sides[{i}].activation_dice"),
                    "a Portable side throws at least 1 activation die a turn".to_owned(),
                ));
            }
        },
    ));
    errs.extend(units_in_deep_rivers(&file.map, &file.counters));
    errs
}

/// "Units that enter river hexes where there is no bridge or a ford are destroyed":
/// so no unit may be set up in one either.
fn units_in_deep_rivers(
    map: &crate::scenario::MapDef,
    counters: &[crate::scenario::CounterDef],
) -> Vec<(String, String)> {
    use crate::coords::MapCoord;
    let hexes = |list: &[String]| -> Vec<MapCoord> {
        list.iter()
            .flat_map(|l| l.split_whitespace())
            .filter_map(|h| MapCoord::parse_label(h).ok())
            .collect()
    };
    let (rivers, crossings) = (
        hexes(&map.rivers),
        hexes(&[map.bridges.clone(), map.fords.clone()].concat()),
    );
    counters
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let at = MapCoord::parse_label(&c.hex).ok()?;
            (rivers.contains(&at) && !crossings.contains(&at)).then(|| {
                (
                    format!("counters[{i}].hex"),
                    format!(
                        "{} is set up in the river at {} where there is neither bridge nor ford (a unit there is destroyed)",
                        c.id, c.hex
                    ),
                )
            })
        })
        .collect()
}
