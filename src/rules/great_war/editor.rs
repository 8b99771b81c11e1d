//! The Great War's part of the scenario editor's window: the leaders pool in the
//! palette and the inspector, each side's figures and off-board artillery, and the
//! scenario's Artillery Plans.

use crate::editor::ui::{Buffers, tool_button};
use crate::editor::{Doc, EditorParts, Tool};
use bevy_egui::egui;
use drumfire_core::counters::LeaderKind;
use drumfire_core::editor::Edit;
use drumfire_core::rules::great_war::editor::{self, GwEdit, SideField};
use drumfire_core::rules::great_war::scenario::GwSide;
use drumfire_core::rules::great_war::{Assignment, Mission};
use drumfire_core::scenario::ScenarioFile;

/// The Great War's editor panels.
impl EditorParts for drumfire_core::rules::great_war::GreatWar {
    fn tools(&self, ui: &mut egui::Ui, doc: &mut Doc) {
        tools(ui, doc)
    }

    fn place(&self, key: &str, side: String, hex: String) -> Option<Edit> {
        place(key, side, hex)
    }

    fn piece(
        &self,
        ui: &mut egui::Ui,
        file: &ScenarioFile,
        id: &str,
        edits: &mut Vec<Edit>,
    ) -> bool {
        piece(ui, file, id, edits)
    }

    fn side(&self, ui: &mut egui::Ui, file: &ScenarioFile, side: usize, edits: &mut Vec<Edit>) {
        self::side(ui, file, side, edits)
    }

    fn settings(&self, ui: &mut egui::Ui, doc: &Doc, edits: &mut Vec<Edit>, buffers: &mut Buffers) {
        settings(ui, doc, edits, buffers)
    }
}

const KINDS: [(LeaderKind, &str); 2] = [
    (LeaderKind::Infantry, "Infantry"),
    (LeaderKind::Cavalry, "Cavalry"),
];

/// The key of the tool placing a leader of `kind` and `rank`.
fn key(kind: LeaderKind, rank: u8) -> String {
    format!("leader {kind:?} {rank}")
}

/// The leaders pool, by kind and rank.
fn tools(ui: &mut egui::Ui, doc: &mut Doc) {
    ui.strong("Leaders pool (by rank)");
    for (kind, name) in KINDS {
        ui.horizontal(|ui| {
            ui.label(name);
            for rank in 1..=4u8 {
                tool_button(
                    ui,
                    doc,
                    Tool::Rules(key(kind, rank)),
                    &rank.to_string(),
                    &format!("Click a hex to place a {name} leader of rank {rank}"),
                );
            }
        });
    }
}

/// A leader placed with the pool's tool.
fn place(tool: &str, side: String, hex: String) -> Option<Edit> {
    let (kind, rank) = KINDS
        .iter()
        .flat_map(|(kind, _)| (1..=4u8).map(move |rank| (*kind, rank)))
        .find(|(kind, rank)| key(*kind, *rank) == tool)?;
    Some(
        GwEdit::PlaceLeader {
            side,
            kind,
            rank,
            hex,
        }
        .into(),
    )
}

/// A leader of the pool: name, and whether the set-up flips him.
fn piece(ui: &mut egui::Ui, file: &ScenarioFile, id: &str, edits: &mut Vec<Edit>) -> bool {
    let Some(l) = editor::leaders(file).iter().find(|l| l.id == id).cloned() else {
        return false;
    };
    ui.strong(&l.name);
    ui.label(format!(
        "{:?} leader, rank {}, of {}, in {}",
        l.kind, l.rank, l.side, l.hex
    ));
    let mut name = l.name.clone();
    ui.horizontal(|ui| {
        ui.label("Name");
        if ui.text_edit_singleline(&mut name).lost_focus() && name != l.name {
            edits.push(Edit::Rename {
                id: id.to_owned(),
                name: name.clone(),
            });
        }
    });
    let mut flip = l.flip;
    if ui
        .checkbox(&mut flip, "Flipped in the set-up with the pool")
        .changed()
    {
        edits.push(
            GwEdit::Flip {
                id: id.to_owned(),
                flip,
            }
            .into(),
        );
    }
    true
}

/// A side's figures and off-board artillery factors.
fn side(ui: &mut egui::Ui, file: &ScenarioFile, index: usize, edits: &mut Vec<Edit>) {
    let Some(def) = file.sides.get(index) else {
        return;
    };
    let gw = editor::side(file, &def.id);
    egui::Grid::new(("great_war side", index))
        .num_columns(2)
        .show(ui, |ui| {
            let mut number = |ui: &mut egui::Ui,
                              label: &str,
                              value: i32,
                              range: std::ops::RangeInclusive<i32>,
                              make: &dyn Fn(i32) -> SideField| {
                ui.label(label);
                let mut v = value;
                if ui.add(egui::DragValue::new(&mut v).range(range)).changed() {
                    edits.push(
                        GwEdit::Side {
                            index,
                            field: make(v),
                        }
                        .into(),
                    );
                }
                ui.end_row();
            };
            number(ui, "Initiative", i32::from(gw.initiative), -5..=5, &|v| {
                SideField::Initiative(v as i8)
            });
            number(ui, "Morale", i32::from(gw.morale), 2..=12, &|v| {
                SideField::Morale(v as u8)
            });
            number(
                ui,
                "Artillery Ammunition",
                i32::from(gw.artillery_ammunition),
                0..=20,
                &|v| SideField::ArtilleryAmmunition(v as u8),
            );
            number(
                ui,
                "Ammunition Depletion",
                i32::from(gw.ammunition_depletion),
                2..=12,
                &|v| SideField::AmmunitionDepletion(v as u8),
            );
        });
    ui.label("Off-board artillery factors:");
    for f in &gw.off_board_artillery {
        ui.horizontal(|ui| {
            ui.label(format!("{} ({}), strength {}", f.name, f.id, f.strength));
            if ui.small_button("remove").clicked() {
                edits.push(
                    GwEdit::Side {
                        index,
                        field: SideField::RemoveFactor(f.id.clone()),
                    }
                    .into(),
                );
            }
        });
    }
    if ui.small_button("Add a factor of strength 6").clicked() {
        let n = gw.off_board_artillery.len() + 1;
        edits.push(
            GwEdit::Side {
                index,
                field: SideField::AddFactor(format!("{}_guns_{n}", def.id), format!("Guns {n}"), 6),
            }
            .into(),
        );
    }
}

/// Every side's artillery missions.
fn settings(ui: &mut egui::Ui, doc: &Doc, edits: &mut Vec<Edit>, buffers: &mut Buffers) {
    for side in &doc.editor.file.sides {
        missions(ui, doc, side, edits, buffers);
    }
}

/// A side's artillery missions (the scenario's Artillery Plan): every on-board
/// battery and off-board factor, with Planned Fire typed as one hex (or -) per turn.
fn missions(
    ui: &mut egui::Ui,
    doc: &Doc,
    side: &drumfire_core::scenario::SideDef,
    edits: &mut Vec<Edit>,
    buffers: &mut Buffers,
) {
    let file = &doc.editor.file;
    let gw = editor::side(file, &side.id);
    let sources = artillery_sources(doc, side, &gw);
    if sources.is_empty() {
        return;
    }
    ui.separator();
    ui.strong(format!(
        "{}'s artillery missions (the scenario's Artillery Plan)",
        side.name
    ));
    ui.small("Planned Fire: one hex or - per turn. Leave every line on \"none\" to let players plot their own.");
    let turns = usize::from(file.turns);
    let plan = gw.artillery_plan.clone();
    for (id, name, factor) in sources {
        ui.horizontal(|ui| {
            mission_line(ui, side, &plan, &id, &name, factor, turns, edits, buffers);
        });
    }
}

/// A side's artillery: its on-board batteries (id, name, false), then its
/// off-board factors (id, name, true).
fn artillery_sources(
    doc: &Doc,
    side: &drumfire_core::scenario::SideDef,
    gw: &GwSide,
) -> Vec<(String, String, bool)> {
    let rules = doc.editor.rules();
    let file = &doc.editor.file;
    let mut sources: Vec<(String, String, bool)> = file
        .counters
        .iter()
        .filter(|c| c.side == side.id)
        .filter(|c| {
            rules
                .data()
                .units
                .get(&c.unit)
                .is_some_and(|u| u.full.bombard.is_some())
        })
        .map(|c| {
            (
                c.id.clone(),
                if c.name.is_empty() {
                    c.id.clone()
                } else {
                    c.name.clone()
                },
                false,
            )
        })
        .collect();
    sources.extend(
        gw.off_board_artillery
            .iter()
            .map(|f| (f.id.clone(), f.name.clone(), true)),
    );
    sources
}

/// One battery's or factor's line: its name, its mission to choose (an off-board
/// factor neither sees nor moves), and its Planned Fire hexes or Move destination
/// to type.
fn mission_line(
    ui: &mut egui::Ui,
    side: &drumfire_core::scenario::SideDef,
    plan: &[Assignment],
    id: &str,
    name: &str,
    factor: bool,
    turns: usize,
    edits: &mut Vec<Edit>,
    buffers: &mut Buffers,
) {
    let current = plan
        .iter()
        .find(|a| a.source == id)
        .map(|a| a.mission.clone());
    ui.label(name);
    let kind = match &current {
        None => 0,
        Some(Mission::OpenSights) => 1,
        Some(Mission::PlannedFire { .. }) => 2,
        Some(Mission::Move { .. }) => 3,
    };
    let names = ["none", "Open Sights", "Planned Fire", "Move"];
    let mut chosen = kind;
    egui::ComboBox::from_id_salt(("mission", id))
        .selected_text(names[kind])
        .show_ui(ui, |ui| {
            for (k, n) in names.iter().enumerate() {
                if factor && (k == 1 || k == 3) {
                    continue;
                }
                ui.selectable_value(&mut chosen, k, *n);
            }
        });
    let with = |mission: Option<Mission>| {
        let mut next: Vec<Assignment> = plan.iter().filter(|a| a.source != id).cloned().collect();
        if let Some(m) = mission {
            next.push(Assignment {
                source: id.to_owned(),
                mission: m,
            });
        }
        Edit::from(GwEdit::Missions {
            side: side.id.clone(),
            missions: next,
        })
    };
    if chosen != kind {
        edits.push(with(match chosen {
            1 => Some(Mission::OpenSights),
            2 => Some(Mission::PlannedFire {
                targets: vec![None; turns],
            }),
            3 => Some(Mission::Move {
                destination: String::new(),
            }),
            _ => None,
        }));
    }
    match &current {
        Some(Mission::PlannedFire { targets }) => {
            let text: Vec<String> = targets
                .iter()
                .map(|t| t.clone().unwrap_or_else(|| "-".into()))
                .collect();
            buffers.field(
                ui,
                &format!("plan-{id}"),
                &text.join(" "),
                false,
                edits,
                |t| {
                    let mut targets: Vec<Option<String>> = t
                        .split_whitespace()
                        .map(|w| (w != "-").then(|| w.to_owned()))
                        .collect();
                    targets.resize(turns, None);
                    Some(with(Some(Mission::PlannedFire { targets })))
                },
            );
        }
        Some(Mission::Move { destination }) => {
            buffers.field(ui, &format!("move-{id}"), destination, false, edits, |t| {
                Some(with(Some(Mission::Move {
                    destination: t.trim().to_owned(),
                })))
            });
        }
        _ => {}
    }
}
