//! The editor's inspector: the hovered hex, the picked counter and its fields, and a
//! rule set's own piece.

use super::*;

/// The forces: the side placing, a tool per unit type, the rule set's own tools,
/// and the tools that pick up or delete counters.
pub(super) fn force_tools(ui: &mut egui::Ui, doc: &mut Doc, data: &RuleSetData) {
    ui.heading("Forces");
    ui.horizontal(|ui| {
        for (i, s) in doc.editor.file.sides.clone().iter().enumerate() {
            let colour =
                drumfire_core::scenario::parse_colour(&s.colour).unwrap_or([128, 128, 128]);
            let text = egui::RichText::new(format!("■ {}", s.name)).color(rgb(colour));
            if ui.selectable_label(doc.side == i, text).clicked() {
                doc.side = i;
            }
        }
    });
    for u in data
        .units
        .values()
        .filter(|u| u.class != drumfire_core::data::UnitClass::Leader)
    {
        tool_button(
            ui,
            doc,
            Tool::Unit(u.id.clone()),
            &u.name,
            "Click a hex to place one",
        );
    }
    doc.panels.tools(ui, doc);
    ui.separator();
    ui.horizontal(|ui| {
        tool_button(
            ui,
            doc,
            Tool::Select,
            "Pick up",
            "Press on a counter, release on another hex to move it",
        );
        tool_button(
            ui,
            doc,
            Tool::Delete,
            "Delete",
            "Click a hex: its top counter goes",
        );
    });
}

pub(super) fn info(
    root: &mut egui::Ui,
    doc: &mut Doc,
    hover: &Hover,
    edits: &mut Vec<Edit>,
    buffers: &mut Buffers,
) {
    egui::Panel::right("editor_info")
        .exact_size(RIGHT_WIDTH)
        .resizable(false)
        .show(root, |ui| {
            ui.heading("Hex");
            match hover.0 {
                Some(h) => {
                    ui.label(hex_readout(doc, h));
                }
                None => {
                    ui.label("Point at a hex to read it.");
                }
            }
            ui.separator();
            ui.heading("Counter");
            picked_counter(ui, doc, edits, buffers);
        });
}

/// The counter picked up: its fields (or the rule set's inspector of one of its
/// own pieces) and the button that deletes it. A counter no longer in the file is
/// let go.
pub(super) fn picked_counter(
    ui: &mut egui::Ui,
    doc: &mut Doc,
    edits: &mut Vec<Edit>,
    buffers: &mut Buffers,
) {
    let Some(id) = doc.selected.clone() else {
        ui.label("Pick up a counter (the Pick up tool) to change it.");
        return;
    };
    let file = &doc.editor.file;
    if let Some(c) = file.counters.iter().find(|c| c.id == id).cloned() {
        counter_fields(ui, doc, &c, &id, edits, buffers);
    } else if doc.panels.piece(ui, file, &id, edits) {
    } else {
        doc.selected = None;
        return;
    }
    if ui.button("Delete this counter").clicked() {
        edits.push(Edit::Delete { id });
        doc.selected = None;
    }
}

/// A counter's fields: its name and what it is, its name and stands to type, its
/// steps and mount, and the rule set's own rows.
pub(super) fn counter_fields(
    ui: &mut egui::Ui,
    doc: &Doc,
    c: &CounterDef,
    id: &str,
    edits: &mut Vec<Edit>,
    buffers: &mut Buffers,
) {
    let unit = doc.editor.rules().data().units.get(&c.unit).cloned();
    ui.strong(if c.name.is_empty() { &c.id } else { &c.name });
    ui.label(format!(
        "{} of {}, in {}",
        unit.as_ref().map_or(c.unit.as_str(), |u| u.name.as_str()),
        c.side,
        c.hex
    ));
    ui.horizontal(|ui| {
        ui.label("Name");
        buffers.field(ui, &format!("name {id}"), &c.name, false, edits, |n| {
            Some(Edit::Rename {
                id: id.to_owned(),
                name: n.to_owned(),
            })
        });
    });
    ui.horizontal(|ui| {
        ui.label("Stands").on_hover_text(
            "A unit made of stands or bases lost one by one: their kinds, left to \
             right, separated by commas (empty: a unit of steps only)",
        );
        buffers.field(
            ui,
            &format!("stands {id}"),
            &c.stands.join(", "),
            false,
            edits,
            |text| {
                Some(Edit::Stands {
                    id: id.to_owned(),
                    stands: text
                        .split(',')
                        .map(str::trim)
                        .filter(|k| !k.is_empty())
                        .map(str::to_owned)
                        .collect(),
                })
            },
        );
    });
    if let Some(u) = &unit {
        let max = u.max_steps();
        if max > 1 {
            ui.horizontal(|ui| {
                ui.label("Steps");
                for n in 1..=max {
                    if ui
                        .selectable_label(c.steps.unwrap_or(max) == n, n.to_string())
                        .clicked()
                    {
                        edits.push(Edit::Steps {
                            id: id.to_owned(),
                            steps: n,
                        });
                    }
                }
            });
        }
        if u.counterpart.is_some()
            && ui
                .button(if u.mounted { "Dismount" } else { "Mount" })
                .clicked()
        {
            edits.push(Edit::Mount { id: id.to_owned() });
        }
    }
    doc.panels.unit(ui, &doc.editor.file, c, edits);
}
