//! Table mode in the window: drag any counter to any hex, put pieces back from
//! beside the map, and the hand moves of the panels and the keyboard (flip,
//! markers, dice tray), each turned into a `TableOrder` through the order door.

use crate::input::{Hover, MapArea, Selection, over_map};
use crate::screen::UiStatus;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};
use drumfire_core::coords::hex_label;
use drumfire_core::counters::Counter;
use drumfire_core::door;
use drumfire_core::map::HexIndex;
use drumfire_core::orders::{self, Order};
use drumfire_core::table::{TableMode, TableOrder};
use hexx::Hex;

/// Hand moves asked for by the panels, the keyboard or a script, submitted in order.
#[derive(Resource, Default, Debug)]
pub struct HandMoves(pub Vec<TableOrder>);

/// A piece from beside the map waiting for the hex it is put back in (its id).
#[derive(Resource, Default, Debug)]
pub struct Placing(pub Option<String>);

/// The counter being dragged by hand, once the mouse has left its hex: its name.
#[derive(Resource, Default, Debug)]
pub struct Dragging(pub Option<String>);

/// Is the game at the table, with the rules off?
pub fn at_table(mode: Option<Res<TableMode>>) -> bool {
    mode.is_some()
}

/// The table-mode plugin of the window.
pub fn plugin(app: &mut App) {
    app.init_resource::<HandMoves>()
        .init_resource::<Placing>()
        .init_resource::<Dragging>()
        .add_systems(
            Update,
            (
                hand_keys.run_if(not(egui_wants_any_keyboard_input)),
                put_back_on_click.run_if(not(egui_wants_any_pointer_input)),
                drag_by_hand.run_if(not(egui_wants_any_pointer_input)),
                submit_hand_moves,
            )
                .chain()
                .run_if(at_table)
                .before(crate::input::InputSet),
        );
}

/// F flips the selected counter; Delete takes it off the map.
fn hand_keys(
    keys: Res<ButtonInput<KeyCode>>,
    selection: Res<Selection>,
    counters: Query<&Counter>,
    mut moves: ResMut<HandMoves>,
    mut placing: ResMut<Placing>,
) {
    if keys.just_pressed(KeyCode::Escape) {
        placing.0 = None;
    }
    let Some(piece) = selection
        .counter
        .and_then(|e| counters.get(e).ok())
        .map(|c| c.id.clone())
    else {
        return;
    };
    if keys.just_pressed(KeyCode::KeyF) {
        moves.0.push(TableOrder::Flip { piece });
    } else if keys.just_pressed(KeyCode::Delete) {
        moves.0.push(TableOrder::Remove { piece });
    }
}

/// A piece chosen from beside the map goes to the hex clicked next.
fn put_back_on_click(
    mut buttons: ResMut<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    area: Res<MapArea>,
    hover: Res<Hover>,
    mut placing: ResMut<Placing>,
    mut moves: ResMut<HandMoves>,
) {
    if placing.0.is_none() || !buttons.just_pressed(MouseButton::Left) || !over_map(&window, &area)
    {
        return;
    }
    let Some(hex) = hover.0 else {
        return;
    };
    // The click is the placing's; the board's selection must not see it too.
    buttons.clear_just_pressed(MouseButton::Left);
    if let Some(piece) = placing.0.take() {
        moves.0.push(TableOrder::Move {
            piece,
            to: hex_label(hex),
        });
    }
}

/// A press on a counter, held and released over another hex.
#[derive(Default)]
struct Drag {
    piece: Option<(String, String, Hex, Entity)>,
    started: bool,
}

/// Drag any counter to any hex: the selected one when the press is on its hex,
/// else the top of the stack pressed. A press and release on one hex stays a click.
fn drag_by_hand(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    area: Res<MapArea>,
    hover: Res<Hover>,
    index: Res<HexIndex>,
    mut selection: ResMut<Selection>,
    counters: Query<&Counter>,
    mut moves: ResMut<HandMoves>,
    mut dragging: ResMut<Dragging>,
    mut drag: Local<Drag>,
) {
    if buttons.just_pressed(MouseButton::Left) && over_map(&window, &area) {
        drag.started = false;
        drag.piece = hover.0.and_then(|h| {
            let picked = match (selection.hex, selection.counter) {
                (Some(at), Some(e)) if at == h => Some(e),
                _ => index.occupants(h).last().copied(),
            }?;
            counters
                .get(picked)
                .ok()
                .map(|c| (c.id.clone(), c.name.clone(), h, picked))
        });
    }
    let Some((id, name, from, entity)) = drag.piece.clone() else {
        return;
    };
    if buttons.pressed(MouseButton::Left) {
        if !drag.started && hover.0.is_some_and(|h| h != from) {
            // The press may have cycled the stack: the drag is of the counter picked up.
            selection.hex = Some(from);
            selection.counter = Some(entity);
            drag.started = true;
            dragging.0 = Some(name);
        }
        return;
    }
    if drag.started
        && let Some(h) = hover.0
        && h != from
    {
        moves.0.push(TableOrder::Move {
            piece: id,
            to: hex_label(h),
        });
        selection.hex = Some(h);
        selection.counter = Some(entity);
    }
    *drag = Drag::default();
    dragging.0 = None;
}

/// Submits the hand moves asked for; a refusal shows on the phase bar.
pub fn submit_hand_moves(world: &mut World) {
    let moves = std::mem::take(&mut world.resource_mut::<HandMoves>().0);
    for order in moves {
        if !orders::is_settled(world) {
            // Carried out on the next update, one at a time, as the door asks.
            world.resource_mut::<HandMoves>().0.push(order);
            continue;
        }
        let result = door::submit(world, Order::Table(order));
        world.resource_mut::<UiStatus>().0 = match result {
            Ok(()) => String::new(),
            Err(r) => r.0,
        };
    }
}
