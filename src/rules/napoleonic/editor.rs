//! The Napoleonic rules' part of the scenario editor's window: a brigade's grades,
//! its order and its formation at the start.

use crate::editor::EditorPanels;
use bevy_egui::egui;
use drumfire_core::editor::Edit;
use drumfire_core::rules::napoleonic::brigade::{Command, Formation, Grade};
use drumfire_core::rules::napoleonic::editor::{NpEdit, brigade};
use drumfire_core::scenario::{CounterDef, ScenarioFile};

/// The Napoleonic rules' editor panels.
pub const PANELS: EditorPanels = EditorPanels {
    unit,
    ..EditorPanels::NONE
};

/// A brigade's class, skirmishers, firepower, first order and formation.
fn unit(ui: &mut egui::Ui, file: &ScenarioFile, c: &CounterDef, edits: &mut Vec<Edit>) {
    let b = brigade(file, &c.id);
    let mut next = b.clone();
    let grade = |ui: &mut egui::Ui, label: &str, g: &mut Grade| {
        ui.horizontal(|ui| {
            ui.label(label);
            for x in [Grade::A, Grade::B, Grade::C] {
                if ui.selectable_label(*g == x, x.letter()).clicked() {
                    *g = x;
                }
            }
        });
    };
    grade(ui, "Class", &mut next.class);
    grade(ui, "Skirmish", &mut next.skirmish);
    grade(ui, "Fire", &mut next.fire);
    ui.horizontal(|ui| {
        ui.label("Order");
        for x in Command::ALL {
            if ui.selectable_label(next.order == x, x.name()).clicked() {
                next.order = x;
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Formation");
        for x in Formation::ALL {
            if ui.selectable_label(next.formation == x, x.name()).clicked() {
                next.formation = x;
            }
        }
    });
    if next != b {
        edits.push(
            NpEdit::Brigade {
                id: c.id.clone(),
                class: next.class,
                skirmish: next.skirmish,
                fire: next.fire,
                order: next.order,
                formation: next.formation,
            }
            .into(),
        );
    }
}
