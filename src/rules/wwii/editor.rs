//! The WWII rules' part of the scenario editor's window: a unit's facing and bases at
//! the start, and each side's training.

use crate::editor::EditorParts;
use bevy_egui::egui;
use drumfire_core::editor::Edit;
use drumfire_core::rules::wwii::editor::{WwiiEdit, training};
use drumfire_core::rules::wwii::modifiers::Training;
use drumfire_core::scenario::{CounterDef, ScenarioFile};

/// The WWII rules' editor panels.
impl EditorParts for drumfire_core::rules::wwii::Wwii {
    fn unit(&self, ui: &mut egui::Ui, file: &ScenarioFile, c: &CounterDef, edits: &mut Vec<Edit>) {
        unit(ui, file, c, edits)
    }

    fn side(&self, ui: &mut egui::Ui, file: &ScenarioFile, side: usize, edits: &mut Vec<Edit>) {
        self::side(ui, file, side, edits)
    }
}

/// The hexside a unit faces at the start (every WWII unit faces one: its front, flanks
/// and rear count in an assault), and how many bases it has.
fn unit(ui: &mut egui::Ui, _file: &ScenarioFile, c: &CounterDef, edits: &mut Vec<Edit>) {
    crate::editor::stands_row(
        ui,
        c,
        edits,
        (
            "Bases at the start",
            "One to six: squads, weapons or vehicles, lost one by one.",
        ),
        drumfire_core::rules::wwii::scenario::MOST_BASES,
        "base",
    );
    crate::editor::facing_row(ui, c, edits);
}

/// A side's training: its assault modifier and its morale.
fn side(ui: &mut egui::Ui, file: &ScenarioFile, index: usize, edits: &mut Vec<Edit>) {
    ui.horizontal(|ui| {
        ui.label("Training");
        let now = training(file, index);
        for t in Training::ALL {
            let hint = format!(
                "Morale {}; {} to its assault rolls when half its bases or more",
                drumfire_core::rules::wwii::morale::morale(t),
                match t {
                    Training::Outstanding => "+2",
                    Training::Great => "+1",
                    Training::Regular => "nothing",
                }
            );
            if ui
                .selectable_label(now == t, t.name())
                .on_hover_text(hint)
                .clicked()
                && now != t
            {
                edits.push(WwiiEdit::Training { index, training: t }.into());
            }
        }
    });
}
