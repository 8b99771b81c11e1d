//! The Napoleonic rules' part of the scenario editor's window: a brigade's grades,
//! its order and its formation at the start.

use crate::editor::EditorParts;
use bevy_egui::egui;
use drumfire_core::editor::Edit;
use drumfire_core::rules::napoleonic::brigade::{Command, Grade};
use drumfire_core::rules::napoleonic::editor::{NpEdit, brigade};
use drumfire_core::rules::napoleonic::scenario::arm_of;
use drumfire_core::scenario::{CounterDef, ScenarioFile};

/// The Napoleonic rules' editor panels.
impl EditorParts for drumfire_core::rules::napoleonic::Napoleonic {
    fn unit(&self, ui: &mut egui::Ui, file: &ScenarioFile, c: &CounterDef, edits: &mut Vec<Edit>) {
        unit(ui, file, c, edits)
    }
}

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
    let arm = arm_of(&c.unit);
    grade(ui, "Class", &mut next.class);
    // Skirmishers and firepower count for infantry only.
    if arm == drumfire_core::rules::napoleonic::brigade::Arm::Infantry {
        grade(ui, "Skirmish", &mut next.skirmish);
        grade(ui, "Fire", &mut next.fire);
    }
    ui.horizontal(|ui| {
        ui.label("Order");
        for x in arm.commands().iter().copied() {
            if ui.selectable_label(next.order == x, x.name()).clicked() {
                next.order = x;
            }
        }
    });
    // A brigade with no formation given takes its arm's usual one.
    let formation = next
        .formation
        .filter(|f| arm.formations().contains(f))
        .unwrap_or(arm.formations()[0]);
    ui.horizontal_wrapped(|ui| {
        ui.label("Formation");
        for x in arm.formations().iter().copied() {
            if ui.selectable_label(formation == x, x.name()).clicked() {
                next.formation = Some(x);
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
                order: if arm.commands().contains(&next.order) {
                    next.order
                } else {
                    Command::Hold
                },
                formation: next.formation.unwrap_or(formation),
            }
            .into(),
        );
    }
}
