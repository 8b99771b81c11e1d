//! Playing the Napoleonic rules with the mouse: the side's orders drafted on the
//! orders sheet, the selected brigade's formations and fights worked out from the rule
//! set's list of legal orders (each fight with its exact odds), the hexes it can reach
//! shaded on the map (a click there moves it) and the enemies it can fight ringed;
//! every fight in the combat dialog.

use crate::input::Selection;
use crate::play::offers::{Offer, Offers, OrderRequest, Seen, due};
use bevy::prelude::*;
use drumfire_core::coords::MapCoord;
use drumfire_core::counters::Counter;
use drumfire_core::rules::napoleonic::brigade::Command;
use drumfire_core::rules::napoleonic::{self, NpOrder, view};
use hexx::Hex;
use std::collections::BTreeMap;

/// The orders sheet: the order drafted for each brigade of the side giving orders.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct OrdersDraft {
    /// The side whose sheet it is.
    pub side: Option<u8>,
    /// Each brigade's drafted order.
    pub orders: Vec<(String, Command)>,
}

/// The Napoleonic play plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<OrdersDraft>();
    crate::play::offers::add_systems(app, drumfire_core::rules::NAPOLEONIC.id, work_out_offers);
}

/// Forgets the offers and the draft (a new game).
pub fn reset(world: &mut World) {
    world.insert_resource(Offers::default());
    world.insert_resource(OrderRequest::default());
    world.insert_resource(OrdersDraft::default());
}

/// Works out the selected brigade's orders, its reach and its targets from the rule
/// set's list of legal orders; the orders sheet's draft for the side giving orders;
/// and the combat dialog from what the journal gained.
fn work_out_offers(world: &mut World, mut last: Local<Option<Seen>>) {
    if !due(world, &mut last) {
        return;
    }
    draft_orders(world);
    let selected = world
        .resource::<Selection>()
        .counter
        .and_then(|e| world.get::<Counter>(e))
        .map(|c| c.id.clone());
    let side = drumfire_core::flow::awaiting(world);
    let legal = match (side, &selected) {
        (Some(s), Some(_)) => napoleonic::candidates::candidates(world, s),
        _ => Vec::new(),
    };
    let mut offers = Offers::default();
    let mut reach: BTreeMap<MapCoord, (u8, Vec<Hex>)> = BTreeMap::new();
    let mut targets: Vec<Hex> = Vec::new();
    for order in legal {
        let Some(o) = order.rules::<NpOrder>() else {
            continue;
        };
        match o {
            NpOrder::Move { brigade, path, .. } if Some(brigade) == selected.as_ref() => {
                offers.add_move(&mut reach, path, &order);
            }
            NpOrder::Form {
                brigade, formation, ..
            } if Some(brigade) == selected.as_ref() => offers.offers.push(Offer {
                label: formation.order_name().to_owned(),
                odds: None,
                order: order.clone(),
            }),
            NpOrder::Fight {
                brigade,
                target,
                fight,
                ..
            } if Some(brigade) == selected.as_ref() => {
                let Some(h) = drumfire_core::scenario::hex_of(target) else {
                    continue;
                };
                targets.push(h);
                let who = view::piece_at(world, h).map_or_else(String::new, |p| p.base.name);
                offers.offers.push(Offer {
                    label: format!("{}: {who} in {target}", fight.name()),
                    odds: napoleonic::fight_odds(world, o),
                    order: order.clone(),
                });
            }
            _ => {}
        }
    }
    targets.dedup();
    crate::play::offers::show(world, offers, reach, targets);
}

/// The sheet for the side giving orders: its brigades' orders as they stand, until
/// the player changes them. Between two machines, only the side played here has one,
/// and not while its orders wait sealed to be opened.
fn draft_orders(world: &mut World) {
    let phase = *world.resource::<State<drumfire_core::flow::Phase>>().get();
    let side = drumfire_core::flow::awaiting(world).filter(|s| {
        phase == napoleonic::ORDERS
            && !drumfire_core::sealed::is_sealed(world, *s)
            && world
                .get_resource::<crate::play::PlayedHere>()
                .is_none_or(|h| h.0 == *s)
    });
    if world.resource::<OrdersDraft>().side == side {
        return;
    }
    let orders = match side {
        Some(s) => view::pieces(world)
            .into_iter()
            .filter(|p| p.side == s && !p.routed)
            .map(|p| (p.base.id, p.brigade.command))
            .collect(),
        None => Vec::new(),
    };
    world.insert_resource(OrdersDraft { side, orders });
}
