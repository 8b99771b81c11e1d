//! The WWII rules' part of the scenario editor: each side's training.

use super::modifiers::Training;
use super::scenario::WwiiScenario;
use crate::editor::SectionEdit;
use crate::rule_set::RuleSetInfo;
use crate::scenario::ScenarioFile;

/// A change to the WWII section of a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WwiiEdit {
    /// A side's training.
    Training {
        /// Side index.
        index: usize,
        /// Its training.
        training: Training,
    },
}

impl SectionEdit for WwiiEdit {
    fn apply(&self, file: &mut ScenarioFile, _rules: &'static RuleSetInfo) -> Result<(), String> {
        let WwiiEdit::Training { index, training } = self;
        let sides = file.sides.len();
        let rules = file.rules.clone();
        let section = file
            .section_mut::<WwiiScenario>()
            .ok_or_else(|| format!("the {rules} rules have no training"))?;
        // A list too short (a hand-written file) is filled as a new scenario's is.
        section
            .training
            .set(sides, *index, *training, |_| Training::Regular)?;
        Ok(())
    }
}

/// Side `index`'s training (regular when the file gives none).
pub fn training(file: &ScenarioFile, index: usize) -> Training {
    file.section::<WwiiScenario>()
        .and_then(|s| s.training.get(index).copied())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sides_training_is_set_and_a_short_list_filled() {
        let text = include_str!("../../../../../scenarios/wwii/orchard_farm.ron");
        let mut file = crate::scenario::parse("orchard_farm.ron", text, &crate::rules::ALL)
            .unwrap()
            .file;
        file.section_mut::<WwiiScenario>().unwrap().training.clear();
        let edit = WwiiEdit::Training {
            index: 1,
            training: Training::Outstanding,
        };
        edit.apply(&mut file, &super::super::INFO).unwrap();
        assert_eq!(training(&file, 0), Training::Regular);
        assert_eq!(training(&file, 1), Training::Outstanding);
        let bad = WwiiEdit::Training {
            index: 2,
            training: Training::Great,
        };
        assert!(bad.apply(&mut file, &super::super::INFO).is_err());
    }
}
