//! The ACW rules' part of the scenario editor: the army each side fights for.

use super::melee::Army;
use super::scenario::AcwScenario;
use crate::editor::SectionEdit;
use crate::rule_set::RuleSetInfo;
use crate::scenario::ScenarioFile;

/// A change to the ACW section of a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AcwEdit {
    /// The army a side fights for (its charge bonus).
    Army {
        /// Side index.
        index: usize,
        /// Its army.
        army: Army,
    },
}

impl SectionEdit for AcwEdit {
    fn apply(&self, file: &mut ScenarioFile, _rules: &'static RuleSetInfo) -> Result<(), String> {
        let AcwEdit::Army { index, army } = self;
        let sides = file.sides.len();
        let rules = file.rules.clone();
        let section = file
            .section_mut::<AcwScenario>()
            .ok_or_else(|| format!("the {rules} rules have no armies"))?;
        // A list too short (a hand-written file) is filled as a new scenario's is.
        section.armies.set(sides, *index, *army, Army::new_side)?;
        Ok(())
    }
}

/// Side `index`'s army (Union when the file gives none).
pub fn army(file: &ScenarioFile, index: usize) -> Army {
    file.section::<AcwScenario>()
        .and_then(|s| s.armies.get(index).copied())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sides_army_is_set_and_a_short_list_filled() {
        let text = include_str!("../../../../../tests/data/acw_first.ron");
        let mut file = crate::scenario::parse("acw_first.ron", text, &crate::rules::ALL)
            .unwrap()
            .file;
        let edit = AcwEdit::Army {
            index: 0,
            army: Army::Confederate,
        };
        edit.apply(&mut file, &super::super::INFO).unwrap();
        assert_eq!(army(&file, 0), Army::Confederate);
        assert_eq!(army(&file, 1), Army::Confederate);
        file.section_mut::<AcwScenario>().unwrap().armies.clear();
        let edit = AcwEdit::Army {
            index: 1,
            army: Army::Union,
        };
        edit.apply(&mut file, &super::super::INFO).unwrap();
        assert_eq!(
            file.section::<AcwScenario>().unwrap().armies,
            vec![Army::Union, Army::Union]
        );
        let edit = AcwEdit::Army {
            index: 2,
            army: Army::Union,
        };
        assert!(edit.apply(&mut file, &super::super::INFO).is_err());
    }
}
