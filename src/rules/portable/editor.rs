//! The Portable rules' part of the scenario editor's window: a unit's facing at the
//! start and each side's activation dice.

use crate::editor::EditorParts;
use bevy_egui::egui;
use drumfire_core::editor::Edit;
use drumfire_core::rules::portable::editor::{PtEdit, activation_dice};
use drumfire_core::scenario::{CounterDef, FacingDef, ScenarioFile};

/// The Portable rules' editor panels.
impl EditorParts for drumfire_core::rules::portable::Portable {
    fn unit(&self, ui: &mut egui::Ui, file: &ScenarioFile, c: &CounterDef, edits: &mut Vec<Edit>) {
        unit(ui, file, c, edits)
    }

    fn side(&self, ui: &mut egui::Ui, file: &ScenarioFile, side: usize, edits: &mut Vec<Edit>) {
        self::side(ui, file, side, edits)
    }
}

/// The hexside a unit faces at the start (or the nearest enemy, the rules' default).
fn unit(ui: &mut egui::Ui, _file: &ScenarioFile, c: &CounterDef, edits: &mut Vec<Edit>) {
    let shown = |f: Option<FacingDef>| match f {
        None => "the nearest enemy".to_owned(),
        Some(f) => format!("{f:?}"),
    };
    ui.horizontal(|ui| {
        ui.label("Faces");
        egui::ComboBox::from_id_salt("facing")
            .selected_text(shown(c.facing))
            .show_ui(ui, |ui| {
                for f in std::iter::once(None).chain(FacingDef::ALL.map(Some)) {
                    if ui.selectable_label(c.facing == f, shown(f)).clicked() && c.facing != f {
                        edits.push(Edit::Facing {
                            id: c.id.clone(),
                            facing: f,
                        });
                    }
                }
            });
    });
}

/// The activation dice a side throws each turn.
fn side(ui: &mut egui::Ui, file: &ScenarioFile, index: usize, edits: &mut Vec<Edit>) {
    let Some(def) = file.sides.get(index) else {
        return;
    };
    ui.horizontal(|ui| {
        ui.label("Activation dice");
        let mut dice = activation_dice(file, &def.id);
        if ui
            .add(egui::DragValue::new(&mut dice).range(1..=4))
            .changed()
        {
            edits.push(PtEdit::ActivationDice { index, dice }.into());
        }
    });
}
