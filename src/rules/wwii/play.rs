//! Playing the WWII rules with the mouse: the selected unit's orders worked out from
//! the rule set's own list of legal orders, each with its exact odds; the hexes it
//! can reach shaded on the map (a click there moves it, or breaks through); the
//! enemies it can fire at, overrun or engage ringed; a tank's overrun odds from the
//! hexes it can reach, before it moves; and the odds of the assault its group would
//! fight now.

use crate::input::Selection;
use crate::play::offers::{Offer, Offers, Seen, due};
use bevy::prelude::*;
use drumfire_core::coords::MapCoord;
use drumfire_core::counters::Counter;
use drumfire_core::odds::Odds;
use drumfire_core::rules::wwii::{self, WwiiOrder, assault_phase, mixed, view};
use hexx::Hex;
use std::collections::BTreeMap;

/// What the WWII panels show beyond the shared offers.
#[derive(Resource, Default, Clone)]
pub struct WwiiOffers {
    /// A tank's overruns from the hexes it can reach (and where it stands), each with
    /// its odds, before it moves.
    pub overruns: Vec<(String, Odds)>,
    /// The personnel assault the selected unit's group would fight now.
    pub assault: Option<Odds>,
}

/// The WWII play plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<WwiiOffers>();
    crate::play::offers::add_systems(app, drumfire_core::rules::WWII.id, work_out_offers);
}

/// Forgets the offers (a new game).
pub fn reset(world: &mut World) {
    world.insert_resource(WwiiOffers::default());
}

fn name(world: &World, id: &str) -> String {
    view::unit(world, id).map_or_else(|| id.to_owned(), |u| u.base.name)
}

/// Works out the selected unit's orders, its reach and its targets from the rule
/// set's list of legal orders, and the combat dialog from what the journal gained.
fn work_out_offers(
    world: &mut World,
    mut last: Local<Option<Seen>>,
    mut last_fought: Local<usize>,
) {
    if !due(world, &mut last) {
        return;
    }
    let selected = world
        .resource::<Selection>()
        .counter
        .and_then(|e| world.get::<Counter>(e))
        .and_then(|c| view::unit(world, &c.id));
    let legal = match drumfire_core::flow::awaiting(world) {
        Some(s) => wwii::candidates(world, s),
        None => Vec::new(),
    };
    let mut offers = Offers::default();
    let mut reach: BTreeMap<MapCoord, (u8, Vec<Hex>)> = BTreeMap::new();
    let mut targets: Vec<Hex> = Vec::new();
    let mut extra = WwiiOffers::default();
    if let Some(u) = &selected {
        for order in &legal {
            let Some(o) = order.rules::<WwiiOrder>() else {
                continue;
            };
            if o.unit() != u.id {
                continue;
            }
            offer(world, u, o, order, &mut offers, &mut reach, &mut targets);
        }
        extra.assault = assault_phase::group_odds(world, u);
        if u.kind() == mixed::Kind::Tank
            && *world.resource::<State<drumfire_core::flow::Phase>>().get() == wwii::MOVEMENT
            && drumfire_core::flow::awaiting(world) == Some(u.side)
        {
            extra.overruns = overruns_before_moving(world, u, &reach);
        }
    }
    world.insert_resource(extra);
    crate::play::offers::show(world, offers, reach, targets);
    // New assaults fought (not while a save or an undo is replayed): their window opens.
    let fought = world.resource::<wwii::WwiiState>().fought.len();
    if fought > *last_fought
        && world
            .resource::<crate::play::session::ReplayQueue>()
            .0
            .is_empty()
    {
        world
            .get_resource_or_insert_with(super::panels::AssaultsOpen::default)
            .0 = true;
    }
    *last_fought = fought;
}

/// One legal order of the selected unit, as the panel offers it.
fn offer(
    world: &World,
    u: &view::Unit,
    o: &WwiiOrder,
    order: &drumfire_core::orders::Order,
    offers: &mut Offers,
    reach: &mut BTreeMap<MapCoord, (u8, Vec<Hex>)>,
    targets: &mut Vec<Hex>,
) {
    let button = |label: String, odds: Option<Odds>| Offer {
        label,
        odds,
        order: order.clone(),
    };
    match o {
        WwiiOrder::Move { path, .. } | WwiiOrder::Advance { path, .. } => {
            offers.add_move(reach, path, order);
        }
        WwiiOrder::Prone { .. } => offers.offers.push(button(
            "Go prone (its move): -1 to hit it, -1 to its assault rolls".into(),
            None,
        )),
        WwiiOrder::Rout { .. } => offers.offers.push(button(
            "Voluntary rout: a morale check to break contact".into(),
            wwii::order_odds(world, o),
        )),
        WwiiOrder::Overrun { target, .. } => {
            let Some(h) = drumfire_core::scenario::hex_of(target) else {
                return;
            };
            targets.push(h);
            let units = view::units_at(world, h);
            let assaults = assault_phase::assaults_in(&units);
            let there: Vec<String> = units.into_iter().map(|t| t.base.name).collect();
            let odds = wwii::order_odds(world, o);
            offers.offers.push(button(
                format!(
                    "Overrun {} in {target} ({})",
                    there.join(" and "),
                    assault_phase::overrun_cost_words(assaults)
                ),
                odds,
            ));
        }
        WwiiOrder::Fire { target, .. } => {
            let Some(t) = view::unit(world, target) else {
                return;
            };
            targets.push(t.hex);
            let odds = wwii::order_odds(world, o);
            offers.offers.push(button(
                format!("Fire at {} in {}", t.name, view::label(t.hex)),
                odds,
            ));
        }
        WwiiOrder::Engage { target, .. } => {
            let Some(t) = view::unit(world, target) else {
                return;
            };
            let label = match (t.kind().vehicle(), u.kind().vehicle()) {
                (true, true) => format!("Fire its guns at {}", t.name),
                (true, false) => format!("Assault {} (the weapon differential)", t.name),
                (false, true) => "Machine-gun the enemy personnel".to_owned(),
                (false, false) => "Engage the enemy personnel".to_owned(),
            };
            offers
                .offers
                .push(button(label, wwii::order_odds(world, o)));
        }
        WwiiOrder::Dismount { .. } => offers.offers.push(button(
            format!("Dismount {} in place", name(world, &u.id)),
            None,
        )),
    }
}

/// A tank's overruns before it moves: from where it stands and each hex it can reach
/// with an overrun's cost still left, each enemy hex next to it it could overrun, with
/// the odds (the first of each enemy hex, from the nearest hex).
fn overruns_before_moving(
    world: &World,
    u: &view::Unit,
    reach: &BTreeMap<MapCoord, (u8, Vec<Hex>)>,
) -> Vec<(String, Odds)> {
    let left = wwii::movement::left(world, u);
    let cost = wwii::tanks::overrun_cost(u.figures.movement);
    let mut froms: Vec<(u32, Hex)> = vec![(0, u.hex)];
    for (_, path) in reach.values() {
        let spent = wwii::movement::cost(world, path);
        if let Some(h) = path.last()
            && spent + cost <= left
        {
            froms.push((spent, *h));
        }
    }
    froms.sort_by_key(|(spent, h)| (*spent, MapCoord::from_hex(*h)));
    let mut seen: Vec<Hex> = Vec::new();
    let mut out = Vec::new();
    for (_, from) in froms {
        for h in from.all_neighbors() {
            if seen.contains(&h) {
                continue;
            }
            let mut there = u.clone();
            there.hex = from;
            if assault_phase::can_overrun(world, &there, h).is_err() {
                continue;
            }
            seen.push(h);
            for odds in assault_phase::overrun_odds(world, u, from, h) {
                out.push((
                    format!("From {}: overrun in {}", view::label(from), view::label(h)),
                    odds,
                ));
            }
        }
    }
    out
}
