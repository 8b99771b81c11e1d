//! Playing the Portable rules with the mouse: the selected unit's orders worked out
//! from the rule set's own list of legal orders, each with its exact odds; the hexes
//! it can reach shaded on the map (a click there moves it) and the units it can fire
//! at or attack ringed; every fire and close combat in the combat dialog.

use crate::input::{Hover, MapArea, Selection, over_map};
use crate::play::{CombatReport, Preview};
use crate::ui::UiStatus;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::egui_wants_any_pointer_input;
use drumfire_core::coords::MapCoord;
use drumfire_core::counters::Counter;
use drumfire_core::journal::{GameEvent, Journal};
use drumfire_core::orders::{self, Order};
use drumfire_core::rules::portable::{self, PtOrder, view};
use hexx::Hex;
use std::collections::BTreeMap;

/// One order the selected unit (or its side) may give now, as a button shows it.
#[derive(Clone, Debug)]
pub struct Offer {
    /// The button's words.
    pub label: String,
    /// The exact odds, when the order rolls for a result.
    pub odds: Option<drumfire_core::odds::Odds>,
    /// The order.
    pub order: Order,
}

/// What the panels offer the side to act: the selected unit's orders, and the moves
/// by hex (for clicks on the map).
#[derive(Resource, Default)]
pub struct PtOffers {
    /// Orders for the selected unit (fire, unpin, charge, close combat).
    pub offers: Vec<Offer>,
    /// Move orders by destination hex.
    pub moves: BTreeMap<MapCoord, Order>,
}

/// An order asked for by a button, submitted on the next update.
#[derive(Resource, Default)]
pub struct PtRequest(pub Option<Order>);

/// The Portable play plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<PtOffers>()
        .init_resource::<PtRequest>()
        .add_systems(
            Update,
            (
                pass_on_space,
                move_on_click.run_if(not(egui_wants_any_pointer_input)),
                submit_request,
                work_out_offers,
            )
                .chain()
                .run_if(crate::play::playing(drumfire_core::rules::PORTABLE.id))
                .in_set(crate::play::RulesInput)
                .before(crate::play::DrawOverlays)
                .before(crate::input::InputSet),
        );
}

/// Space is the phase bar's end button: the side to act ends its artillery fire,
/// activations or close combats.
fn pass_on_space(world: &mut World) {
    if !world.resource::<crate::play::session::PassRequest>().0 {
        return;
    }
    if let Some(side) = drumfire_core::flow::awaiting(world) {
        world.resource_mut::<PtRequest>().0 = Some(Order::Pass { side });
    }
}

/// A click on a hex the selected unit can reach moves it there.
fn move_on_click(
    mut buttons: ResMut<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    area: Res<MapArea>,
    hover: Res<Hover>,
    offers: Res<PtOffers>,
    mut request: ResMut<PtRequest>,
) {
    if !buttons.just_pressed(MouseButton::Left) || !over_map(&window, &area) {
        return;
    }
    let Some(order) = hover
        .0
        .and_then(MapCoord::from_hex)
        .and_then(|m| offers.moves.get(&m))
    else {
        return;
    };
    // The click is the move's; the board's selection must not see it too.
    buttons.clear_just_pressed(MouseButton::Left);
    request.0 = Some(order.clone());
}

/// Submits the order asked for; a refusal shows on the phase bar.
fn submit_request(world: &mut World) {
    if !orders::is_settled(world) {
        return;
    }
    let Some(order) = world.resource_mut::<PtRequest>().0.take() else {
        return;
    };
    let moved = match order.rules::<PtOrder>() {
        Some(PtOrder::Move { unit, path, .. }) => path.last().map(|to| (unit.clone(), to.clone())),
        _ => None,
    };
    let status = match orders::submit(world, order) {
        Ok(()) => String::new(),
        Err(r) => r.0,
    };
    world.resource_mut::<UiStatus>().0 = status;
    // The selection follows a unit that moved.
    if let Some((unit, to)) = moved
        && let (Some(e), Some(hex)) = (
            world
                .resource::<drumfire_core::counters::PieceIds>()
                .get(&unit),
            drumfire_core::scenario::hex_of(&to),
        )
    {
        let mut sel = world.resource_mut::<Selection>();
        sel.hex = Some(hex);
        sel.counter = Some(e);
    }
}

#[derive(PartialEq, Clone, Default)]
struct Key {
    selected: Option<Entity>,
    journal: usize,
    settled: bool,
}

/// Works out the selected unit's orders, its reach and its targets from the rule
/// set's list of legal orders, and the combat dialog from what the journal gained.
fn work_out_offers(world: &mut World, mut last: Local<Option<Key>>) {
    let key = Key {
        selected: world.resource::<Selection>().counter,
        journal: world.resource::<Journal>().entries().len(),
        settled: orders::is_settled(world),
    };
    if last.as_ref() == Some(&key) || !key.settled {
        return;
    }
    let seen = last
        .as_ref()
        .map_or(key.journal, |l| l.journal)
        .min(key.journal);
    *last = Some(key.clone());
    report_combats(world, seen);
    let selected = key
        .selected
        .and_then(|e| world.get::<Counter>(e))
        .map(|c| (c.id.clone(), c.side));
    let side = drumfire_core::flow::awaiting(world);
    let legal = match side {
        Some(s) => portable::candidates(world, s, 0),
        None => Vec::new(),
    };
    let mut offers = PtOffers::default();
    let mut reach: BTreeMap<MapCoord, (u8, Vec<Hex>)> = BTreeMap::new();
    let mut targets: Vec<Hex> = Vec::new();
    for order in legal {
        let Some(o) = order.rules::<PtOrder>() else {
            continue;
        };
        let unit = match o {
            PtOrder::Bombard { unit, .. }
            | PtOrder::Move { unit, .. }
            | PtOrder::Fire { unit, .. }
            | PtOrder::Unpin { unit, .. }
            | PtOrder::Charge { unit, .. } => unit.clone(),
            PtOrder::CloseCombat { attackers, .. } => attackers[0].clone(),
        };
        let mine = selected.as_ref().is_some_and(|(id, _)| *id == unit);
        let involves = match o {
            PtOrder::CloseCombat { attackers, .. } => selected
                .as_ref()
                .is_some_and(|(id, _)| attackers.contains(id)),
            _ => mine,
        };
        if !involves {
            continue;
        }
        let name = |id: &str| view::unit(world, id).map_or(id.to_owned(), |u| u.name);
        let odds = portable::describe_odds(world, o);
        match o {
            PtOrder::Move { path, .. } => {
                let hexes: Vec<Hex> = path
                    .iter()
                    .filter_map(|l| drumfire_core::scenario::hex_of(l))
                    .collect();
                if let Some(m) = hexes.last().copied().and_then(MapCoord::from_hex) {
                    reach.insert(m, (hexes.len() as u8, hexes));
                    offers.moves.insert(m, order.clone());
                }
            }
            PtOrder::Bombard { target, .. } | PtOrder::Fire { target, .. } => {
                if let Some(h) = drumfire_core::scenario::hex_of(target) {
                    targets.push(h);
                    let who = view::unit_at(world, h).map_or_else(String::new, |u| u.name);
                    offers.offers.push(Offer {
                        label: format!("Fire at {who} in {target}"),
                        odds,
                        order: order.clone(),
                    });
                }
            }
            PtOrder::Unpin { .. } => offers.offers.push(Offer {
                label: "Unpin (its activation)".into(),
                odds: None,
                order: order.clone(),
            }),
            PtOrder::Charge { .. } => offers.offers.push(Offer {
                label: "Leave pinned: charge the nearest enemy (no activation)".into(),
                odds: None,
                order: order.clone(),
            }),
            PtOrder::CloseCombat {
                attackers,
                defender,
                ..
            } => {
                if let Some(d) = view::unit(world, defender) {
                    targets.push(d.hex);
                }
                let with = if attackers.len() > 1 {
                    let names: Vec<String> = attackers.iter().map(|a| name(a)).collect();
                    format!(" with {}", names.join(", "))
                } else {
                    String::new()
                };
                offers.offers.push(Offer {
                    label: format!("Close combat: attack {}{with}", name(defender)),
                    odds,
                    order: order.clone(),
                });
            }
        }
    }
    let generation = world.resource::<Preview>().generation + 1;
    world.insert_resource(Preview {
        reach,
        targets,
        generation,
        ..Default::default()
    });
    world.insert_resource(offers);
}

/// Opens the combat dialog on the fires, close combats and losses the journal gained.
fn report_combats(world: &mut World, from: usize) {
    if !world
        .resource::<crate::play::session::ReplayQueue>()
        .0
        .is_empty()
    {
        return;
    }
    let events: Vec<GameEvent> = world.resource::<Journal>().entries()[from..]
        .iter()
        .map(|e| e.event.clone())
        .filter(|e| matches!(e, GameEvent::Fired { .. } | GameEvent::StepLost { .. }))
        .collect();
    if !events.is_empty() {
        let mut report = world.resource_mut::<CombatReport>();
        report.events = events;
        report.open = true;
    }
}
