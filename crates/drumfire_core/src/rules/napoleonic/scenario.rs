//! The Napoleonic rules' section of a scenario file (each brigade's grades, its first
//! order and formation), its checks, and what it puts on the table.

use super::brigade::{Command, Formation, Grade, Grades};
use super::state::{Brigade, NpState};
use crate::scenario::{RulesSection, Scenario, ScenarioFile};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The Napoleonic section: `napoleonic: (brigades: [...])`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Napoleonic")]
pub struct NpScenario {
    /// Every brigade's figures, one entry per counter of the scenario.
    pub brigades: Vec<NpBrigade>,
}

/// One brigade's figures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Brigade")]
pub struct NpBrigade {
    /// The counter's id.
    pub id: String,
    /// Its class (A, B or C).
    #[serde(default)]
    pub class: Grade,
    /// Its skirmishers.
    #[serde(default)]
    pub skirmish: Grade,
    /// Its firepower.
    #[serde(default)]
    pub fire: Grade,
    /// Its order at the start (Hold when absent).
    #[serde(default)]
    pub order: Command,
    /// Its formation at the start (Line when absent).
    #[serde(default)]
    pub formation: Formation,
}

impl crate::scenario::RuleSetSection for NpScenario {
    const RULES: &'static str = "napoleonic";
}

/// A new scenario's section: no brigades yet.
pub fn new_section(_sides: &[crate::scenario::SideDef]) -> RulesSection {
    RulesSection::new(NpScenario::RULES, NpScenario::default())
}

use crate::scenario::RuleSetSection;

/// Every brigade's standing, from the section.
pub fn spawn(world: &mut World, scenario: &Scenario) {
    let section = scenario
        .file
        .section::<NpScenario>()
        .cloned()
        .unwrap_or_default();
    let brigades = section
        .brigades
        .iter()
        .map(|b| {
            (
                b.id.clone(),
                Brigade {
                    grades: Grades {
                        class: b.class,
                        skirmish: b.skirmish,
                        fire: b.fire,
                    },
                    command: b.order,
                    formation: b.formation,
                },
            )
        })
        .collect();
    world.insert_resource(NpState {
        brigades,
        ..NpState::default()
    });
}

/// Napoleonic checks of a scenario: one entry for every counter and none for anything
/// else, and every brigade made of battalions (its stands).
pub fn check(file: &ScenarioFile) -> Vec<(String, String)> {
    let mut errs = Vec::new();
    let Some(section) = file.section::<NpScenario>() else {
        errs.push((
            "rules".to_owned(),
            "a Napoleonic scenario needs a `napoleonic: (brigades: [...])` section giving each brigade's grades".to_owned(),
        ));
        return errs;
    };
    let mut listed = BTreeSet::new();
    for (i, b) in section.brigades.iter().enumerate() {
        let at = format!("napoleonic.brigades[{i}]");
        if !file.counters.iter().any(|c| c.id == b.id) {
            errs.push((
                format!("{at}.id"),
                format!("no counter has the id `{}`", b.id),
            ));
        } else if !listed.insert(b.id.as_str()) {
            errs.push((
                format!("{at}.id"),
                format!("brigade `{}` is listed twice", b.id),
            ));
        }
    }
    for (i, c) in file.counters.iter().enumerate() {
        if !listed.contains(c.id.as_str()) {
            errs.push((
                "napoleonic.brigades".to_owned(),
                format!("brigade `{}` has no entry here (its grades)", c.id),
            ));
        }
        if c.stands.is_empty() {
            errs.push((
                format!("counters[{i}].stands"),
                format!(
                    "brigade `{}` needs its battalions, as stands: `stands: [\"line\", \"line\", \"light\"]`",
                    c.id
                ),
            ));
        }
    }
    errs
}
