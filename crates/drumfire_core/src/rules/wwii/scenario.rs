//! The WWII rules' section of a scenario file (each side's training), its checks, and
//! what it puts on the table.

use super::modifiers::Training;
use super::state::WwiiState;
use crate::scenario::{RuleSetSection, RulesSection, Scenario, ScenarioFile};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

/// The most bases a unit has at full strength.
/// Ours — W-D19 in docs/rules/wwii.md: a platoon or section is one to six bases.
pub const MOST_BASES: usize = 6;

/// The WWII section: `wwii: (training: [Great, Regular])`, each side's training in
/// the order the sides are listed.
/// Ours — W-D19 in docs/rules/wwii.md: training is a side's, every unit of it alike.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Wwii")]
pub struct WwiiScenario {
    /// Each side's training, by side.
    pub training: Vec<Training>,
}

impl RuleSetSection for WwiiScenario {
    const RULES: &'static str = "wwii";
}

/// A new scenario's section: every side regular.
pub fn new_section(sides: &[crate::scenario::SideDef]) -> RulesSection {
    RulesSection::new(
        WwiiScenario::RULES,
        WwiiScenario {
            training: vec![Training::Regular; sides.len()],
        },
    )
}

/// Each side's training on the table.
pub fn spawn(world: &mut World, scenario: &Scenario) {
    let training = scenario
        .file
        .section::<WwiiScenario>()
        .map(|s| s.training.clone())
        .unwrap_or_default();
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
    if section.training.len() != file.sides.len() {
        errs.push((
            "wwii.training".to_owned(),
            format!(
                "{} sides but {} trainings: give each side its training (Outstanding, Great or Regular), in the order the sides are listed",
                file.sides.len(),
                section.training.len()
            ),
        ));
    }
    for (i, c) in file.counters.iter().enumerate() {
        if c.stands.is_empty() {
            errs.push((
                format!("counters[{i}].stands"),
                format!(
                    "`{}` needs its bases, left to right: `stands: [\"squad\", \"squad\", \"squad\"]`",
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
