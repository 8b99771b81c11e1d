//! The WWII rules' section of a scenario file (each side's training), its checks, and
//! what it puts on the table.

use super::modifiers::Training;
use super::state::WwiiState;
use crate::scenario::{PerSide, ScenarioFile};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The most bases a unit has at full strength.
/// Ours — W-D19 in docs/rules/wwii.md: a platoon or section is one to six bases.
pub const MOST_BASES: usize = 6;

/// The WWII section: `wwii: (training: [Great, Regular])`, each side's training in
/// the order the sides are listed, and, if any unit's differs from its side's,
/// `unit_training: {"de_zug": Outstanding}`.
/// Ours — W-D19 in docs/rules/wwii.md: training is a side's, every unit of it alike
/// unless the scenario gives a unit its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Wwii")]
pub struct WwiiScenario {
    /// Each side's training, by side.
    pub training: PerSide<Training>,
    /// Units' own training, by counter id, over their side's.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub unit_training: BTreeMap<String, Training>,
}

/// Units' own training, by counter id, from the scenario (not in the state: it never
/// changes in play, and games recorded before it existed keep their hashes).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct UnitTraining(pub BTreeMap<String, Training>);

/// A new scenario's section: every side regular.
pub fn new_section(sides: &[crate::scenario::SideDef]) -> WwiiScenario {
    WwiiScenario {
        training: PerSide::new(sides, |_| Training::Regular),
        unit_training: BTreeMap::new(),
    }
}

/// Each side's training on the table.
pub fn spawn(world: &mut World, file: &ScenarioFile) {
    let section = file.section::<WwiiScenario>();
    let training = section.map(|s| s.training.0.clone()).unwrap_or_default();
    world.insert_resource(UnitTraining(
        section.map(|s| s.unit_training.clone()).unwrap_or_default(),
    ));
    world.insert_resource(WwiiState {
        training,
        ..WwiiState::default()
    });
}

/// WWII checks of a scenario: a training for each side; every unit made of one to six
/// bases and facing a hexside.
pub fn check(file: &ScenarioFile) -> Vec<(String, String)> {
    let mut errs = Vec::new();
    let Some(section) = file.section::<WwiiScenario>() else {
        errs.push((
            "rules".to_owned(),
            "a WWII scenario needs a `wwii: (training: [Regular, Great])` section, a training for each side".to_owned(),
        ));
        return errs;
    };
    errs.extend(section.training.count_error(
        &file.sides,
        "wwii.training",
        "trainings",
        "training (Outstanding, Great or Regular)",
    ));
    for id in section.unit_training.keys() {
        if !file.counters.iter().any(|c| &c.id == id) {
            let ids: Vec<&str> = file.counters.iter().map(|c| c.id.as_str()).collect();
            errs.push((
                format!("wwii.unit_training.{id}"),
                format!(
                    "`{id}` is no counter of this scenario: give a training to a counter by its id ({})",
                    ids.join(", ")
                ),
            ));
        }
    }
    for (i, c) in file.counters.iter().enumerate() {
        if let Some(why) = closed_at_setup(file, c) {
            errs.push((format!("counters[{i}].hex"), why));
        }
        if c.stands.is_empty() {
            let base = base_word(&c.unit);
            errs.push((
                format!("counters[{i}].stands"),
                format!(
                    "`{}` needs its bases, left to right: `stands: [\"{base}\", \"{base}\", \"{base}\"]`",
                    c.id
                ),
            ));
        } else if c.stands.len() > MOST_BASES {
            errs.push((
                format!("counters[{i}].stands"),
                format!(
                    "`{}` has {} bases: a platoon or section has {MOST_BASES} at most",
                    c.id,
                    c.stands.len()
                ),
            ));
        }
        if c.facing.is_none() {
            errs.push((
                format!("counters[{i}].facing"),
                format!(
                    "`{}` needs the hexside it faces (its front, flanks and rear count in an assault): `facing: Some(North)`",
                    c.id
                ),
            ));
        }
    }
    errs
}

/// A word for one base of unit type `unit`, for the hint of a counter with none: a
/// tank platoon's are tanks, a machine-gun section's machine guns.
fn base_word(unit: &str) -> &'static str {
    let Some(t) = super::units::data().units.get(unit) else {
        return "squad";
    };
    match super::units::kind_of(t) {
        super::mixed::Kind::Tank => "tank",
        super::mixed::Kind::ArmoredCar => "car",
        super::mixed::Kind::Cavalry => "horse",
        super::mixed::Kind::HeavyWeapon if t.traits.iter().any(|x| x == "indirect") => "mortar",
        super::mixed::Kind::HeavyWeapon if t.full.bombard.is_some() => "gun",
        super::mixed::Kind::HeavyWeapon => "mg",
        super::mixed::Kind::Infantry => "squad",
    }
}

/// Why a counter may not start where it stands: a tank or armored car in a marsh hex,
/// which "no vehicle may enter" (W-D20).
fn closed_at_setup(file: &ScenarioFile, c: &crate::scenario::CounterDef) -> Option<String> {
    let kind = super::units::figures_of(&c.unit)?.kind;
    let at = crate::coords::MapCoord::parse_label(&c.hex).ok()?;
    let glyph = file
        .map
        .terrain
        .get(usize::from(at.row))?
        .chars()
        .nth(usize::from(at.col))?;
    let terrain = super::units::data().terrain_by_glyph(glyph)?;
    let why = super::view::cell_of_terrain(&terrain.id).closed_to(kind)?;
    Some(format!(
        "`{}` is set up at {} in {why}; set it up on other ground",
        c.id, c.hex
    ))
}
