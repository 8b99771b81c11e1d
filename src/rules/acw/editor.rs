//! The ACW rules' part of the scenario editor's window: a unit's facing and each
//! side's army.

use crate::editor::EditorParts;
use bevy_egui::egui;
use drumfire_core::editor::Edit;
use drumfire_core::rules::acw::editor::{AcwEdit, army};
use drumfire_core::rules::acw::melee::Army;
use drumfire_core::scenario::{CounterDef, ScenarioFile};

/// The ACW rules' editor panels.
impl EditorParts for drumfire_core::rules::acw::Acw {
    fn unit(&self, ui: &mut egui::Ui, file: &ScenarioFile, c: &CounterDef, edits: &mut Vec<Edit>) {
        unit(ui, file, c, edits)
    }

    fn side(&self, ui: &mut egui::Ui, file: &ScenarioFile, side: usize, edits: &mut Vec<Edit>) {
        self::side(ui, file, side, edits)
    }
}

/// The hexside a unit faces at the start (every ACW unit faces one), and how many
/// stands it has (a regiment's infantry, a battery's guns).
fn unit(ui: &mut egui::Ui, _file: &ScenarioFile, c: &CounterDef, edits: &mut Vec<Edit>) {
    let kind = if drumfire_core::rules::acw::scenario::is_battery(&c.unit) {
        "gun"
    } else {
        "infantry"
    };
    crate::editor::stands_row(
        ui,
        c,
        edits,
        (
            "Stands at the start",
            "Ten at most: five dominoes behind a unit at full strength. Sets every stand to \
             the unit's kind (infantry, or a battery's guns).",
        ),
        10,
        kind,
    );
    crate::editor::facing_row(ui, c, edits);
}

/// The army a side fights for.
fn side(ui: &mut egui::Ui, file: &ScenarioFile, index: usize, edits: &mut Vec<Edit>) {
    ui.horizontal(|ui| {
        ui.label("Army");
        let now = army(file, index);
        for a in [Army::Union, Army::Confederate] {
            if ui
                .selectable_label(now == a, a.name())
                .on_hover_text(format!("Charges at {:+}", a.charging()))
                .clicked()
                && now != a
            {
                edits.push(AcwEdit::Army { index, army: a }.into());
            }
        }
    });
}
