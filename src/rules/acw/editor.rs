//! The ACW rules' part of the scenario editor's window: a unit's facing and each
//! side's army.

use crate::editor::EditorPanels;
use bevy_egui::egui;
use drumfire_core::editor::Edit;
use drumfire_core::rules::acw::editor::{AcwEdit, army};
use drumfire_core::rules::acw::melee::Army;
use drumfire_core::scenario::{CounterDef, FacingDef, ScenarioFile};

/// The ACW rules' editor panels.
pub const PANELS: EditorPanels = EditorPanels {
    unit,
    side,
    ..EditorPanels::NONE
};

/// The hexside a unit faces at the start (every ACW unit faces one), and how many
/// stands it has (a regiment's infantry, a battery's guns).
fn unit(ui: &mut egui::Ui, _file: &ScenarioFile, c: &CounterDef, edits: &mut Vec<Edit>) {
    ui.horizontal(|ui| {
        ui.label("Stands at the start").on_hover_text(
            "Ten at most: five dominoes behind a unit at full strength. Sets every stand to \
             the unit's kind (infantry, or a battery's guns).",
        );
        let mut n = c.stands.len();
        // A unit with no stands yet shows 0 until the designer sets them: the number is
        // not clamped into range just by being shown.
        let drag = egui::DragValue::new(&mut n)
            .range(1..=10)
            .clamp_existing_to_range(false);
        if ui.add(drag).changed() && n != c.stands.len() {
            let kind = if drumfire_core::rules::acw::scenario::is_battery(&c.unit) {
                "gun"
            } else {
                "infantry"
            };
            edits.push(Edit::Stands {
                id: c.id.clone(),
                stands: vec![kind.to_owned(); n],
            });
        }
    });
    ui.horizontal(|ui| {
        ui.label("Faces");
        egui::ComboBox::from_id_salt("acw_facing")
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
