//! The WWII rules' part of the scenario editor's window: a unit's facing and bases at
//! the start, and each side's training.

use crate::editor::EditorPanels;
use bevy_egui::egui;
use drumfire_core::editor::Edit;
use drumfire_core::rules::wwii::editor::{WwiiEdit, training};
use drumfire_core::rules::wwii::modifiers::Training;
use drumfire_core::scenario::{CounterDef, FacingDef, ScenarioFile};

/// The WWII rules' editor panels.
pub const PANELS: EditorPanels = EditorPanels {
    unit,
    side,
    ..EditorPanels::NONE
};

/// The hexside a unit faces at the start (every WWII unit faces one: its front, flanks
/// and rear count in an assault), and how many bases it has.
fn unit(ui: &mut egui::Ui, _file: &ScenarioFile, c: &CounterDef, edits: &mut Vec<Edit>) {
    ui.horizontal(|ui| {
        ui.label("Bases at the start")
            .on_hover_text("One to six: squads, weapons or vehicles, lost one by one.");
        let mut n = c.stands.len();
        // A unit with no bases yet shows 0 until the designer sets them: the number is
        // not clamped into range just by being shown.
        let drag = egui::DragValue::new(&mut n)
            .range(1..=drumfire_core::rules::wwii::scenario::MOST_BASES)
            .clamp_existing_to_range(false);
        if ui.add(drag).changed() && n != c.stands.len() {
            edits.push(Edit::Stands {
                id: c.id.clone(),
                stands: vec!["base".to_owned(); n],
            });
        }
    });
    ui.horizontal(|ui| {
        ui.label("Faces");
        egui::ComboBox::from_id_salt("wwii_facing")
            .selected_text(
                c.facing
                    .map_or("choose a hexside".to_owned(), |f| format!("{f:?}")),
            )
            .show_ui(ui, |ui| {
                for f in FacingDef::ALL {
                    if ui
                        .selectable_label(c.facing == Some(f), format!("{f:?}"))
                        .clicked()
                        && c.facing != Some(f)
                    {
                        edits.push(Edit::Facing {
                            id: c.id.clone(),
                            facing: Some(f),
                        });
                    }
                }
            });
    });
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
