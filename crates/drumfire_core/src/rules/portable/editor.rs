//! The Portable rules' part of the scenario editor: each side's activation dice.

use super::scenario::{PtScenario, PtSide};
use crate::editor::SectionEdit;
use crate::rule_set::RuleSetInfo;
use crate::scenario::ScenarioFile;

/// A change to the Portable section of a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PtEdit {
    /// The activation dice a side throws each turn.
    ActivationDice {
        /// Side index.
        index: usize,
        /// Dice, at least 1.
        dice: u8,
    },
}

impl SectionEdit for PtEdit {
    fn apply(&self, file: &mut ScenarioFile, _rules: &'static RuleSetInfo) -> Result<(), String> {
        match self {
            PtEdit::ActivationDice { index, dice } => {
                if *dice == 0 {
                    return Err("a side throws at least 1 activation die".into());
                }
                let id = file
                    .sides
                    .get(*index)
                    .map(|s| s.id.clone())
                    .ok_or_else(|| format!("there is no side number {index}"))?;
                let rules = file.rules.clone();
                let pt = file
                    .section_mut::<PtScenario>()
                    .ok_or_else(|| format!("the {rules} rules throw no activation dice"))?;
                pt.sides
                    .by_id_mut(&id, || PtSide {
                        side: id.clone(),
                        activation_dice: *dice,
                    })
                    .activation_dice = *dice;
            }
        }
        Ok(())
    }
}

/// Side `id`'s activation dice (1 when the file gives none).
pub fn activation_dice(file: &ScenarioFile, id: &str) -> u8 {
    file.section::<PtScenario>()
        .and_then(|pt| pt.sides.by_id(id))
        .map_or(1, |s| s.activation_dice)
}
