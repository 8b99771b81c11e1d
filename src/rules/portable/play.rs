//! Playing the Portable rules with the mouse: the selected unit's orders worked out
//! from the rule set's own list of legal orders, each with its exact odds; the hexes
//! it can reach shaded on the map (a click there moves it) and the units it can fire
//! at or attack ringed; every fire and close combat in the combat dialog.

use crate::input::Selection;
use crate::play::offers::{Offer, Offers, Seen, due};
use bevy::prelude::*;
use drumfire_core::coords::MapCoord;
use drumfire_core::counters::Counter;
use drumfire_core::rules::portable::{self, PtOrder, view};
use hexx::Hex;
use std::collections::BTreeMap;

/// The Portable play plugin.
pub fn plugin(app: &mut App) {
    crate::play::offers::add_systems(app, drumfire_core::rules::PORTABLE.id, work_out_offers);
}

/// Works out the selected unit's orders, its reach and its targets from the rule
/// set's list of legal orders, and the combat dialog from what the journal gained.
fn work_out_offers(world: &mut World, mut last: Local<Option<Seen>>) {
    if !due(world, &mut last) {
        return;
    }
    let selected = world
        .resource::<Selection>()
        .counter
        .and_then(|e| world.get::<Counter>(e))
        .map(|c| (c.id.clone(), c.side));
    let side = drumfire_core::flow::awaiting(world);
    let legal = match side {
        Some(s) => portable::candidates::candidates(world, s),
        None => Vec::new(),
    };
    let mut offers = Offers::default();
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
            | PtOrder::MountOrDismount { unit, .. }
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
        let name = |id: &str| view::unit(world, id).map_or(id.to_owned(), |u| u.base.name);
        let odds = portable::describe_odds(world, o);
        match o {
            PtOrder::Move { path, .. } => {
                offers.add_move(&mut reach, path, &order);
            }
            PtOrder::Bombard { target, .. } | PtOrder::Fire { target, .. } => {
                if let Some(h) = drumfire_core::scenario::hex_of(target) {
                    targets.push(h);
                    let who = view::unit_at(world, h).map_or_else(String::new, |u| u.base.name);
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
            PtOrder::MountOrDismount { unit, .. } => {
                let mounted = view::unit(world, unit).is_some_and(|u| u.mounted);
                let verb = if mounted { "Dismount" } else { "Mount" };
                offers.offers.push(Offer {
                    label: format!("{verb} (its activation)"),
                    odds: None,
                    order: order.clone(),
                });
            }
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
    crate::play::offers::show(world, offers, reach, targets);
}
