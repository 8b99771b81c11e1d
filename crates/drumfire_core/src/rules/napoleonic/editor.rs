//! The Napoleonic rules' part of the scenario editor: each brigade's grades, first
//! order and formation, kept true to the counters as they are placed and deleted.

use super::brigade::{Command, Formation, Grade};
use super::scenario::{NpBrigade, NpScenario};
use crate::editor::SectionEdit;
use crate::rule_set::RuleSetInfo;
use crate::scenario::ScenarioFile;

/// A change to the Napoleonic section of a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NpEdit {
    /// A brigade's grades, its order and its formation at the start.
    Brigade {
        /// The counter's id.
        id: String,
        /// Its class.
        class: Grade,
        /// Its skirmishers.
        skirmish: Grade,
        /// Its firepower.
        fire: Grade,
        /// Its order at the start.
        order: Command,
        /// Its formation at the start.
        formation: Formation,
    },
}

impl SectionEdit for NpEdit {
    fn apply(&self, file: &mut ScenarioFile, _rules: &'static RuleSetInfo) -> Result<(), String> {
        let NpEdit::Brigade {
            id,
            class,
            skirmish,
            fire,
            order,
            formation,
        } = self;
        let Some(c) = file.counters.iter().find(|c| &c.id == id) else {
            return Err(format!("there is no brigade `{id}`"));
        };
        let arm = super::scenario::arm_of(&c.unit);
        if !arm.formations().contains(formation) {
            return Err(format!(
                "`{id}` is {}: it cannot form {}",
                arm.name(),
                formation.name().to_lowercase()
            ));
        }
        if !arm.commands().contains(order) {
            return Err(format!(
                "`{id}` is {}: it takes no {} orders",
                arm.name(),
                order.name()
            ));
        }
        let rules = file.rules.clone();
        let np = file
            .section_mut::<NpScenario>()
            .ok_or_else(|| format!("the {rules} rules have no brigades"))?;
        let entry = NpBrigade {
            id: id.clone(),
            class: *class,
            skirmish: *skirmish,
            fire: *fire,
            order: *order,
            formation: Some(*formation),
        };
        match np.brigades.iter_mut().find(|b| &b.id == id) {
            Some(b) => *b = entry,
            None => np.brigades.push(entry),
        }
        Ok(())
    }
}

/// Brigade `id`'s entry, or the one it has when the file gives none.
pub fn brigade(file: &ScenarioFile, id: &str) -> NpBrigade {
    file.section::<NpScenario>()
        .and_then(|np| np.brigades.iter().find(|b| b.id == id).cloned())
        .unwrap_or_else(|| NpBrigade {
            id: id.to_owned(),
            ..NpBrigade::default()
        })
}

/// How the Napoleonic section follows the editor's edits: a deleted brigade's entry
/// goes with it, and so do those of brigades the map was cut from under.
impl crate::rule_set::EditorSection for super::Napoleonic {
    fn forget(file: &mut ScenarioFile, id: &str) {
        if let Some(np) = file.section_mut::<NpScenario>() {
            np.brigades.retain(|b| b.id != id);
        }
    }
    fn keep_on_map(file: &mut ScenarioFile, _fits: &crate::editor::OnMap<'_>) {
        let ids: Vec<String> = file.counters.iter().map(|c| c.id.clone()).collect();
        if let Some(np) = file.section_mut::<NpScenario>() {
            np.brigades.retain(|b| ids.contains(&b.id));
        }
    }
}
