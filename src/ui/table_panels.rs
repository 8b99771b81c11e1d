//! The panels of table mode: the banner saying the rules are off, the hand moves
//! of the selected counter and hex, the pieces beside the map, and the dice tray.
//! Every button queues a hand move; nothing here edits the game.

use crate::input::Selection;
use crate::play::table::{Dragging, HandMoves, Placing};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use drumfire_core::coords::hex_label;
use drumfire_core::counters::{
    Counter, HexMarker, HexMarkerKind, Leader, MarkerFlags, MarkerKind, OnHex, Printed, Stands,
    marker_list,
};
use drumfire_core::flow::Turn;
use drumfire_core::journal::{GameEvent, Journal};
use drumfire_core::scenario::ScenarioInfo;
use drumfire_core::table::{MAX_TRAY_DICE, TRAY_PURPOSE, TableMode, TableOrder};

/// The colour of everything that says the rules are off.
const TABLE_ORANGE: egui::Color32 = egui::Color32::from_rgb(240, 150, 40);

/// What the table panels read and write.
#[derive(SystemParam)]
pub struct TableView<'w, 's> {
    mode: Option<Res<'w, TableMode>>,
    moves: ResMut<'w, HandMoves>,
    placing: ResMut<'w, Placing>,
    dragging: Res<'w, Dragging>,
    pieces: Query<
        'w,
        's,
        (
            MarkerFlags,
            &'static Counter,
            Option<&'static OnHex>,
            Option<&'static Printed>,
            Option<&'static Leader>,
            Option<&'static Stands>,
        ),
    >,
    hex_markers: Query<'w, 's, &'static HexMarker>,
    journal: Res<'w, Journal>,
    turn: Res<'w, Turn>,
    info: Res<'w, ScenarioInfo>,
    colours: Res<'w, crate::settings::SideColours>,
}

impl TableView<'_, '_> {
    /// Is the game at the table?
    pub fn on(&self) -> bool {
        self.mode.is_some()
    }
}

/// Was the widget clicked? The keyboard then goes back to the board (F, Del, Ctrl+S).
fn done(response: &egui::Response) -> bool {
    let clicked = response.clicked();
    if clicked {
        response.surrender_focus();
    }
    clicked
}

/// Was the checkbox ticked or unticked? The keyboard then goes back to the board.
fn changed(response: &egui::Response) -> bool {
    let changed = response.changed();
    if changed {
        response.surrender_focus();
    }
    changed
}

/// The banner on the phase bar: rules enforcement is off, and the turn marker.
pub fn banner(ui: &mut egui::Ui, table: &mut TableView) {
    egui::Frame::new()
        .fill(TABLE_ORANGE)
        .corner_radius(3.0)
        .inner_margin(egui::Margin::symmetric(8, 2))
        .show(ui, |ui| {
            ui.colored_label(
                egui::Color32::BLACK,
                egui::RichText::new("TABLE MODE · RULES ENFORCEMENT OFF").strong(),
            )
            .on_hover_text(
                "Nothing is checked: counters move anywhere by hand, markers and dice are yours \
                 to place and roll. Every hand move is logged and saved.",
            );
        });
    let last = table.turn.0 >= table.info.turns;
    let next = ui
        .add_enabled(!last, egui::Button::new("Next turn"))
        .on_hover_text("Move the turn marker on")
        .on_disabled_hover_text("This is the scenario's last turn");
    if done(&next) {
        table.moves.0.push(TableOrder::NextTurn);
    }
    if let Some(name) = &table.dragging.0 {
        ui.colored_label(TABLE_ORANGE, format!("Moving {name}: release over any hex"));
    }
    if let Some(id) = &table.placing.0 {
        let name = table
            .pieces
            .iter()
            .find(|p| &p.1.id == id)
            .map_or(id.clone(), |p| p.1.name.clone());
        ui.colored_label(
            TABLE_ORANGE,
            format!("Click the hex to put {name} in (Esc: not now)"),
        );
    }
}

/// An orange frame round the map, so that no one takes the table for a refereed game.
pub fn frame_the_map(root: &egui::Ui, map: egui::Rect) {
    root.painter().rect_stroke(
        map.shrink(2.0),
        0.0,
        egui::Stroke::new(4.0, TABLE_ORANGE),
        egui::StrokeKind::Inside,
    );
}

/// The hand moves of the selected counter and of the selected hex.
pub fn hand_panel(ui: &mut egui::Ui, table: &mut TableView, selection: &Selection) {
    let Some(hex) = selection.hex else {
        return;
    };
    ui.separator();
    let picked = selection
        .counter
        .and_then(|e| table.pieces.get(e).ok())
        .filter(|p| p.2.is_some_and(|on| on.0 == hex));
    if let Some((flags, c, _, printed, leader, stands)) = picked {
        let (id, name) = (c.id.clone(), c.name.clone());
        ui.strong(format!("By hand: {name}"));
        let two_sided = leader.is_none() && printed.is_some_and(|p| p.reduced.is_some());
        let on = marker_list(flags);
        ui.horizontal(|ui| {
            let flip = ui
                .add_enabled(two_sided, egui::Button::new("Flip (F)"))
                .on_hover_text("Turn the counter over: full strength or reduced side")
                .on_disabled_hover_text("This counter has one side");
            if done(&flip) {
                table.moves.0.push(TableOrder::Flip { piece: id.clone() });
            }
            let off = ui
                .button("Off the map (Del)")
                .on_hover_text("Put the counter beside the map; it can come back");
            if done(&off) {
                table.moves.0.push(TableOrder::Remove { piece: id.clone() });
            }
        });
        if let Some(stands) = stands {
            ui.label("Stands, left to right (click one to take it off or put it back):");
            ui.horizontal_wrapped(|ui| {
                for (i, stand) in stands.0.iter().enumerate() {
                    let face = if stand.lost { "□" } else { "■" };
                    let button =
                        ui.button(format!("{face} {}", stand.kind))
                            .on_hover_text(if stand.lost {
                                "Lost: put it back in the line"
                            } else {
                                "Standing: take it off, lost"
                            });
                    if done(&button) {
                        table.moves.0.push(TableOrder::Stand {
                            piece: id.clone(),
                            stand: i as u8,
                            lost: !stand.lost,
                        });
                    }
                }
            });
        }
        ui.label("Markers on it:");
        ui.horizontal_wrapped(|ui| {
            for marker in MarkerKind::ALL {
                let mut has = on.contains(&marker);
                let tick = ui.checkbox(&mut has, marker.label());
                if changed(&tick) {
                    table.moves.0.push(TableOrder::Mark {
                        piece: id.clone(),
                        marker,
                        on: has,
                    });
                }
            }
        });
    } else {
        ui.label("Drag any counter to any hex. Click a counter for its hand moves.");
    }
    let mut drumfire = table
        .hex_markers
        .iter()
        .any(|m| m.hex == hex && m.kind == HexMarkerKind::Drumfire);
    let tick = ui.checkbox(
        &mut drumfire,
        format!("Drumfire marker in {}", hex_label(hex)),
    );
    if changed(&tick) {
        table.moves.0.push(TableOrder::MarkHex {
            hex: hex_label(hex),
            marker: HexMarkerKind::Drumfire,
            on: drumfire,
        });
    }
}

/// The pieces beside the map, each with a button to put it back.
pub fn off_map(ui: &mut egui::Ui, table: &mut TableView) {
    let mut beside: Vec<(String, String, u8)> = table
        .pieces
        .iter()
        .filter(|p| p.2.is_none())
        .map(|p| (p.1.id.clone(), p.1.name.clone(), p.1.side))
        .collect();
    beside.sort();
    ui.separator();
    ui.strong(format!("Beside the map ({})", beside.len()));
    if beside.is_empty() {
        ui.label("Every piece is on the map.");
        return;
    }
    for (id, name, side) in beside {
        ui.horizontal(|ui| {
            ui.colored_label(table.colours.text(side), "■");
            ui.label(&name);
            let waiting = table.placing.0.as_deref() == Some(id.as_str());
            let put = ui
                .selectable_label(waiting, "Put back")
                .on_hover_text("Then click the hex to put it in");
            if done(&put) {
                table.placing.0 = (!waiting).then_some(id);
            }
        });
    }
}

/// The dice tray, at the head of the side panel: roll one to six dice in the open;
/// the last roll stays shown.
pub fn dice_tray(ui: &mut egui::Ui, table: &mut TableView) {
    let last = table
        .journal
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::DiceRolled { purpose, faces } if purpose == TRAY_PURPOSE => {
                Some(faces.clone())
            }
            _ => None,
        });
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            ui.strong("Dice tray");
            for n in 1..=MAX_TRAY_DICE {
                let roll = ui
                    .button(format!("{n}d6"))
                    .on_hover_text(format!("Roll {n} six-sided dice; the roll is logged"));
                if done(&roll) {
                    table.moves.0.push(TableOrder::Roll { dice: n });
                }
            }
        });
        match last {
            Some(faces) => {
                ui.horizontal(|ui| {
                    for f in &faces {
                        super::play_panels::die(ui, *f);
                    }
                    ui.strong(format!(
                        "= {}",
                        faces.iter().map(|f| u32::from(*f)).sum::<u32>()
                    ));
                });
            }
            None => {
                ui.label("No dice rolled yet.");
            }
        }
    });
}
