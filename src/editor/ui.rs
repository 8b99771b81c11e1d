//! The editor's panels: tools and palette on the left, the hex and the picked
//! counter on the right, the live checks at the bottom, the settings window.

use super::{Doc, EditQueue, EditorCommand, Tool};
use crate::input::{Hover, MapArea};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use drumfire_core::data::RuleSetData;
use drumfire_core::editor::{CrossingEdit, Edit, SideField};
use drumfire_core::scenario_file::CounterDef;

/// Width of the tools panel.
pub(super) const LEFT_WIDTH: f32 = 270.0;
/// Width of the hex and counter panel.
pub(super) const RIGHT_WIDTH: f32 = 280.0;
/// Height of the checks panel.
pub(super) const BOTTOM_HEIGHT: f32 = 130.0;

mod inspector;
use inspector::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw);
}

fn rgb(c: [u8; 3]) -> egui::Color32 {
    egui::Color32::from_rgb(c[0], c[1], c[2])
}

fn draw(
    mut contexts: EguiContexts,
    mut doc: ResMut<Doc>,
    mut queue: ResMut<EditQueue>,
    mut command: ResMut<EditorCommand>,
    hover: Res<Hover>,
    mut area: ResMut<MapArea>,
    mut buffers: Local<crate::screen::OfTheGame<Buffers>>,
    serial: Option<Res<crate::screen::GameSerial>>,
) -> Result {
    // What was being typed in the scenario edited last is not this one's.
    let buffers = buffers.of(serial.as_deref().copied().unwrap_or_default());
    let ctx = contexts.ctx_mut()?;
    let mut root = crate::screen::root_ui(ctx, "editor_root");
    let mut edits: Vec<Edit> = Vec::new();
    top_bar(&mut root, &mut doc, &mut command);
    bottom_checks(&mut root, &mut doc, &mut command);
    tools(&mut root, &mut doc, &mut edits, buffers);
    inspector::info(&mut root, &mut doc, &hover, &mut edits, buffers);
    if doc.settings {
        settings(ctx, &mut doc, &mut edits, buffers);
    }
    let free = root.available_rect_before_wrap();
    area.0 = Some(Rect::new(free.min.x, free.min.y, free.max.x, free.max.y));
    queue.0.extend(edits.into_iter().map(|e| (e, false)));
    Ok(())
}

/// Text being typed, applied as one edit when the field is left.
#[derive(Default)]
pub struct Buffers {
    width: String,
    height: String,
    fields: std::collections::BTreeMap<String, String>,
}

impl Buffers {
    /// A text field whose value is applied (by `make`) when it loses focus.
    pub fn field(
        &mut self,
        ui: &mut egui::Ui,
        key: &str,
        current: &str,
        multiline: bool,
        edits: &mut Vec<Edit>,
        make: impl FnOnce(&str) -> Option<Edit>,
    ) {
        let text = self
            .fields
            .entry(key.to_owned())
            .or_insert_with(|| current.to_owned());
        let response = if multiline {
            ui.add(egui::TextEdit::multiline(text).desired_rows(4))
        } else {
            ui.text_edit_singleline(text)
        };
        if response.lost_focus() {
            if text != current
                && let Some(e) = make(text)
            {
                edits.push(e);
            }
            self.fields.remove(key);
        } else if !response.has_focus() {
            // Follow undo/redo while not being typed in.
            *text = current.to_owned();
        }
    }
}

fn top_bar(root: &mut egui::Ui, doc: &mut Doc, command: &mut EditorCommand) {
    egui::Panel::top("editor_bar").show(root, |ui| {
        ui.horizontal(|ui| {
            if ui
                .button("Leave")
                .on_hover_text("Back to the start screen (Esc); asks again over changes not saved")
                .clicked()
            {
                *command = EditorCommand::Leave;
            }
            ui.separator();
            let (can_undo, can_redo) = doc.editor.can_undo_redo();
            if ui
                .add_enabled(can_undo, egui::Button::new("Undo"))
                .on_hover_text("Ctrl+Z")
                .clicked()
            {
                *command = EditorCommand::Undo;
            }
            if ui
                .add_enabled(can_redo, egui::Button::new("Redo"))
                .on_hover_text("Ctrl+Y")
                .clicked()
            {
                *command = EditorCommand::Redo;
            }
            if ui.button("Save").on_hover_text("Ctrl+S").clicked() {
                *command = EditorCommand::Save;
            }
            let playable = doc.errors.is_empty();
            if ui
                .add_enabled(playable, egui::Button::new("Play this"))
                .on_disabled_hover_text("The scenario has errors (below)")
                .on_hover_text("Save, then play the scenario in this window")
                .clicked()
            {
                *command = EditorCommand::Play;
            }
            ui.separator();
            if ui
                .selectable_label(doc.settings, "Scenario settings")
                .clicked()
            {
                doc.settings = !doc.settings;
            }
            // The names last, so that no button moves when they change (saved or not).
            ui.separator();
            ui.heading(format!("Editor: {}", doc.editor.file.title));
            ui.label(format!(
                "{}{}",
                doc.path.display(),
                if doc.unsaved() { " (unsaved)" } else { "" }
            ));
        });
    });
}

fn bottom_checks(root: &mut egui::Ui, doc: &mut Doc, command: &mut EditorCommand) {
    egui::Panel::bottom("editor_checks")
        .exact_size(BOTTOM_HEIGHT)
        .show(root, |ui| {
            if !doc.status.is_empty() {
                ui.label(&doc.status);
            }
            if doc.errors.is_empty() {
                ui.colored_label(
                    egui::Color32::from_rgb(120, 200, 120),
                    "✔ The checks of `drumfire check` find nothing wrong.",
                );
                return;
            }
            ui.colored_label(
                egui::Color32::from_rgb(230, 110, 90),
                format!(
                    "{} error(s), as `drumfire check` reports them (click one to go to its hex):",
                    doc.errors.len()
                ),
            );
            egui::ScrollArea::vertical().show(ui, |ui| {
                for err in doc.errors.clone() {
                    let hex = doc.editor.error_hex(&err);
                    let text = match &hex {
                        Some(h) => format!("{h}: {err}"),
                        None => err.to_string(),
                    };
                    if ui.link(text).clicked()
                        && let Some(h) = hex
                    {
                        *command = EditorCommand::Goto(h);
                    }
                }
            });
        });
}

/// A tool of the palette: chosen when clicked, shown chosen while in hand.
pub fn tool_button(ui: &mut egui::Ui, doc: &mut Doc, tool: Tool, label: &str, hint: &str) {
    if ui
        .selectable_label(doc.tool == tool, label)
        .on_hover_text(hint)
        .clicked()
    {
        doc.tool = tool;
    }
}

fn tools(root: &mut egui::Ui, doc: &mut Doc, edits: &mut Vec<Edit>, buffers: &mut Buffers) {
    let rules = doc.editor.rules();
    let data = rules.data();
    egui::Panel::left("editor_tools")
        .exact_size(LEFT_WIDTH)
        .resizable(false)
        .show(root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.heading("Map");
                let (w, h) = (doc.editor.file.map.width, doc.editor.file.map.height);
                ui.horizontal(|ui| map_size(ui, doc, edits, buffers, w, h));
                ui.label(format!("Flat-topped hexes in columns ({w}x{h})."));
                ui.separator();
                map_tools(ui, doc, data);
                ui.separator();
                force_tools(ui, doc, data);
            });
        });
}

/// The map's size: two fields for columns and rows, and the buttons that resize
/// the map or start a blank one of the terrain brush.
fn map_size(
    ui: &mut egui::Ui,
    doc: &mut Doc,
    edits: &mut Vec<Edit>,
    buffers: &mut Buffers,
    w: u16,
    h: u16,
) {
    if buffers.width.is_empty() {
        buffers.width = w.to_string();
        buffers.height = h.to_string();
    }
    ui.add(egui::TextEdit::singleline(&mut buffers.width).desired_width(34.0));
    ui.label("x");
    ui.add(egui::TextEdit::singleline(&mut buffers.height).desired_width(34.0));
    let size = buffers
        .width
        .trim()
        .parse::<u16>()
        .ok()
        .zip(buffers.height.trim().parse::<u16>().ok());
    let glyph = match doc.tool {
        Tool::Terrain(g) => g,
        _ => '.',
    };
    let resize = ui
        .button("Resize")
        .on_hover_text("Keep what fits; new hexes get the terrain brush")
        .clicked();
    let blank = ui
        .button("New")
        .on_hover_text("A blank map of the terrain brush; counters off it go")
        .clicked();
    if resize || blank {
        match size {
            Some((width, height)) if resize => edits.push(Edit::Resize {
                width,
                height,
                glyph,
            }),
            Some((width, height)) => edits.push(Edit::NewMap {
                width,
                height,
                glyph,
            }),
            None => doc.status = "The size is two numbers, columns and rows.".into(),
        }
        buffers.width.clear();
    }
}

/// The map's tools: the terrain brush and fill, contours, roads and rivers,
/// crossings and objectives.
fn map_tools(ui: &mut egui::Ui, doc: &mut Doc, data: &RuleSetData) {
    ui.strong("Terrain brush");
    for t in data.terrain.values() {
        ui.horizontal(|ui| {
            let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter().rect_filled(rect, 2.0, rgb(t.colour));
            tool_button(
                ui,
                doc,
                Tool::Terrain(t.glyph),
                &t.name,
                "Click or drag to paint",
            );
        });
    }
    ui.checkbox(
        &mut doc.fill,
        "Fill: paint every joined hex of the same terrain",
    );
    ui.horizontal(|ui| {
        tool_button(
            ui,
            doc,
            Tool::Elevation(true),
            "Contour up",
            "Raise a hex one contour",
        );
        tool_button(
            ui,
            doc,
            Tool::Elevation(false),
            "down",
            "Lower a hex one contour",
        );
    });
    ui.horizontal(|ui| {
        tool_button(ui, doc, Tool::Road, "Road", "Drag from hex to hex");
        tool_button(ui, doc, Tool::River, "River", "Drag from hex to hex");
        tool_button(
            ui,
            doc,
            Tool::EraseLines,
            "Erase",
            "Take roads and rivers off the hexes dragged over",
        );
    });
    ui.horizontal(|ui| {
        tool_button(
            ui,
            doc,
            Tool::Crossing(CrossingEdit::Bridge),
            "Bridge",
            "On a river hex",
        );
        tool_button(
            ui,
            doc,
            Tool::Crossing(CrossingEdit::Ford),
            "Ford",
            "On a river hex",
        );
        tool_button(
            ui,
            doc,
            Tool::Crossing(CrossingEdit::None),
            "No crossing",
            "Take a bridge or ford off",
        );
    });
    ui.horizontal(|ui| {
        tool_button(
            ui,
            doc,
            Tool::Objective,
            "Objective",
            "Click a hex: it is worth the points given (0 removes it)",
        );
        ui.add(
            egui::DragValue::new(&mut doc.points)
                .range(0..=99)
                .suffix(" pts"),
        );
    });
}

/// What a hex is, in words.
fn hex_readout(doc: &Doc, hex: hexx::Hex) -> String {
    let label = drumfire_core::coords::hex_label(hex);
    let map = &doc.editor.file.map;
    let Some(c) = drumfire_core::coords::MapCoord::from_hex(hex) else {
        return label;
    };
    let glyph = map
        .terrain
        .get(usize::from(c.row))
        .and_then(|r| r.chars().nth(usize::from(c.col)));
    let terrain = glyph
        .and_then(|g| {
            doc.editor
                .rules()
                .data()
                .terrain_by_glyph(g)
                .map(|t| t.name.clone())
        })
        .unwrap_or_else(|| "off the map".into());
    let level = map
        .elevation
        .get(usize::from(c.row))
        .and_then(|r| r.chars().nth(usize::from(c.col)))
        .unwrap_or('0');
    let on = |list: &[String]| list.iter().any(|l| l.split(' ').any(|w| w == label));
    let mut parts = vec![format!("{label}: {terrain}, level {level}")];
    if on(&map.roads) {
        parts.push("road".into());
    }
    if on(&map.rivers) {
        parts.push("river".into());
    }
    if map.bridges.contains(&label) {
        parts.push("bridge".into());
    }
    if map.fords.contains(&label) {
        parts.push("ford".into());
    }
    if let Some(o) = doc
        .editor
        .file
        .victory
        .objectives
        .iter()
        .find(|o| o.hex == label)
    {
        parts.push(format!("objective, {} points", o.points));
    }
    let pieces: Vec<String> = doc
        .editor
        .file
        .counters
        .iter()
        .filter(|c| c.hex == label)
        .map(|c| {
            if c.name.is_empty() {
                c.id.clone()
            } else {
                c.name.clone()
            }
        })
        .chain(
            (doc.editor.rules().editor.pieces)(&doc.editor.file)
                .into_iter()
                .filter(|p| p.hex == label)
                .map(|p| p.name),
        )
        .collect();
    if !pieces.is_empty() {
        parts.push(pieces.join(", "));
    }
    parts.join(" · ")
}

fn settings(ctx: &egui::Context, doc: &mut Doc, edits: &mut Vec<Edit>, buffers: &mut Buffers) {
    let file = doc.editor.file.clone();
    let mut open = true;
    egui::Window::new("Scenario settings")
        .open(&mut open)
        .default_width(460.0)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 50.0])
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(560.0)
                .show(ui, |ui| {
                    egui::Grid::new("scenario").num_columns(2).show(ui, |ui| {
                        ui.label("Title");
                        buffers.field(ui, "title", &file.title, false, edits, |t| {
                            Some(Edit::Title(t.to_owned()))
                        });
                        ui.end_row();
                        ui.label("Briefing");
                        buffers.field(ui, "briefing", &file.briefing, true, edits, |t| {
                            Some(Edit::Briefing(t.to_owned()))
                        });
                        ui.end_row();
                        ui.label("Turns");
                        let mut turns = file.turns;
                        if ui
                            .add(egui::DragValue::new(&mut turns).range(1..=99))
                            .changed()
                        {
                            edits.push(Edit::Turns(turns));
                        }
                        ui.end_row();
                        ui.label("Points per enemy step destroyed");
                        let mut points = file.victory.step_loss_points;
                        if ui
                            .add(egui::DragValue::new(&mut points).range(0..=99))
                            .changed()
                        {
                            edits.push(Edit::StepLossPoints(points));
                        }
                        ui.end_row();
                    });
                    for (index, side) in file.sides.iter().enumerate() {
                        ui.separator();
                        ui.strong(format!("Side {}: {}", index + 1, side.name));
                        egui::Grid::new(("side", index))
                            .num_columns(2)
                            .show(ui, |ui| {
                                let field = |f: SideField| Some(Edit::Side { index, field: f });
                                ui.label("Name");
                                buffers.field(
                                    ui,
                                    &format!("name{index}"),
                                    &side.name,
                                    false,
                                    edits,
                                    |t| field(SideField::Name(t.to_owned())),
                                );
                                ui.end_row();
                                ui.label("Colour");
                                buffers.field(
                                    ui,
                                    &format!("colour{index}"),
                                    &side.colour,
                                    false,
                                    edits,
                                    |t| field(SideField::Colour(t.to_owned())),
                                );
                                ui.end_row();
                            });
                        doc.panels.side(ui, &file, index, edits);
                    }
                    doc.panels.settings(ui, doc, edits, buffers);
                    ui.separator();
                    ui.strong("Objectives (place them with the Objective tool)");
                    for o in &file.victory.objectives {
                        ui.label(format!(
                            "{}: {} points{}",
                            o.hex,
                            o.points,
                            o.held_by
                                .as_ref()
                                .map_or(String::new(), |s| format!(", held by {s}"))
                        ));
                    }
                });
        });
    if !open {
        doc.settings = false;
    }
}

/// Centres the camera on a hex (the validation panel's links).
pub(super) fn centre_on(world: &mut World, hex: &str) {
    let Some(h) = drumfire_core::scenario::hex_of(hex) else {
        return;
    };
    let Some(at) = world
        .get_resource::<crate::board::geometry::BoardGeometry>()
        .map(|g| g.world_of(h))
    else {
        return;
    };
    let mut q = world.query_filtered::<&mut Transform, With<crate::board::cache::BoardCamera>>();
    if let Ok(mut t) = q.single_mut(world) {
        t.translation.x = at.x;
        t.translation.y = at.y;
    }
    let stack = world
        .resource::<drumfire_core::map::HexIndex>()
        .occupants(h)
        .to_vec();
    world
        .resource_mut::<crate::input::Selection>()
        .click(h, &stack);
}
