//! Every order a side could give now in the phase: moves, going prone, overruns and
//! voluntary routs in the Movement phase; fire in the Fire phase; what each unit
//! engages in a mixed assault, and the winner's follow-up, in the Assault phase.

use super::state::{self, WwiiOrder, WwiiState};
use super::{ASSAULT, FIRE, MOVEMENT, assault_phase, fire_phase, followup_paths};
use super::{mixed, morale, movement, view};
use crate::flow::Phase;
use crate::orders::Order;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;

/// Every order `side` could give now in the phase, whether or not it is its turn.
pub fn actions(world: &World, side: u8) -> Vec<Order> {
    listed(world, side, usize::MAX)
}

/// Has `side` any order to give now in the phase ([`actions`] not empty)? Asked after
/// every order, so it stops at the first it finds.
pub fn any_action(world: &World, side: u8) -> bool {
    !listed(world, side, 1).is_empty()
}

/// [`actions`], the Movement and Fire phases' lists stopped once they hold `enough`
/// (the list from the start, so the same orders in the same order).
fn listed(world: &World, side: u8, enough: usize) -> Vec<Order> {
    let state = world.resource::<WwiiState>();
    let all = view::units(world);
    let mine: Vec<&view::Unit> = all.iter().filter(|u| u.side == side).collect();
    match *world.resource::<State<Phase>>().get() {
        MOVEMENT => movement_actions(world, side, &all, &mine, enough),
        FIRE => fire_actions(world, side, &all, &mine, enough),
        ASSAULT if state.acting.is_some() => engage_actions(world, side),
        ASSAULT => followup_actions(world, side),
        _ => Vec::new(),
    }
}

/// The Movement phase: each of the side's units moved to each hex it can reach, gone
/// prone, a tank's overrun of each hex beside it, and a voluntary rout when locked in
/// contact.
fn movement_actions(
    world: &World,
    side: u8,
    all: &[view::Unit],
    mine: &[&view::Unit],
    enough: usize,
) -> Vec<Order> {
    let state = world.resource::<WwiiState>();
    let mut out = Vec::new();
    for &u in mine {
        if out.len() >= enough {
            break;
        }
        for path in movement::reachable(world, u).into_values() {
            out.push(
                WwiiOrder::Move {
                    side,
                    unit: u.id.clone(),
                    path: path.iter().map(|h| view::label(*h)).collect(),
                    facing: None,
                }
                .into(),
            );
        }
        let o: Order = WwiiOrder::Prone {
            side,
            unit: u.id.clone(),
        }
        .into();
        if (super::INFO.validate)(world, &o).is_ok() {
            out.push(o);
        }
        if u.kind() == mixed::Kind::Tank {
            for h in u.hex.all_neighbors() {
                if assault_phase::can_overrun(world, u, h).is_ok() {
                    out.push(
                        WwiiOrder::Overrun {
                            side,
                            unit: u.id.clone(),
                            target: view::label(h),
                        }
                        .into(),
                    );
                }
            }
        }
        if movement::locked(all, u)
            && !state.moved.contains(&u.id)
            && u.morale != morale::State::Routed
        {
            out.push(
                WwiiOrder::Rout {
                    side,
                    unit: u.id.clone(),
                }
                .into(),
            );
        }
    }
    out
}

/// The Fire phase: each of the side's units at each enemy it may fire at.
fn fire_actions(
    world: &World,
    side: u8,
    all: &[view::Unit],
    mine: &[&view::Unit],
    enough: usize,
) -> Vec<Order> {
    let mut out = Vec::new();
    for &u in mine {
        for t in all.iter().filter(|t| t.side != side) {
            if out.len() >= enough {
                return out;
            }
            if fire_phase::can_fire_among(world, all, u, t).is_ok() {
                out.push(
                    WwiiOrder::Fire {
                        side,
                        unit: u.id.clone(),
                        target: t.id.clone(),
                    }
                    .into(),
                );
            }
        }
    }
    out
}

/// The Assault phase, with the assaults to be set: each of the side's units that has
/// a choice and has not made it this phase engages each other thing it may (a vehicle,
/// or the personnel beside it). A choice made is not offered again: a player may still
/// change his mind, but a list of every order open to the side must not hold one that
/// can be given back and forth for ever (a computer player weighing the orders would
/// toggle a choice without end).
fn engage_actions(world: &World, side: u8) -> Vec<Order> {
    let mut out = Vec::new();
    let chosen = &world.resource::<WwiiState>().engaged;
    for g in assault_phase::groups(world) {
        for u in g
            .iter()
            .filter(|u| u.side == side && !chosen.contains_key(&u.id))
        {
            let opts = assault_phase::options(world, &g, u);
            if opts.len() < 2 {
                continue;
            }
            // What it engages already is no new order.
            let now = assault_phase::engages(world, &g, u);
            for e in opts.into_iter().filter(|e| *e != now) {
                let target = match e {
                    mixed::Engages::Vehicle(id) => Some(id),
                    _ => g
                        .iter()
                        .find(|t| {
                            t.side != side
                                && t.kind().personnel()
                                && t.hex.unsigned_distance_to(u.hex) == 1
                        })
                        .map(|t| t.id.clone()),
                };
                if let Some(target) = target {
                    out.push(
                        WwiiOrder::Engage {
                            side,
                            unit: u.id.clone(),
                            target,
                        }
                        .into(),
                    );
                }
            }
        }
    }
    out
}

/// The Assault phase, after the assaults: the side's first follow-up, a cavalry
/// winner's dismounting and each path of its advance.
fn followup_actions(world: &World, side: u8) -> Vec<Order> {
    let state = world.resource::<WwiiState>();
    let mut out = Vec::new();
    if let Some(f) = state.followups.first()
        && view::unit(world, f.unit()).is_some_and(|u| u.side == side)
    {
        if matches!(f, state::Followup::Cavalry { .. }) {
            out.push(
                WwiiOrder::Dismount {
                    side,
                    unit: f.unit().to_owned(),
                }
                .into(),
            );
        }
        for p in followup_paths(world, f) {
            out.push(
                WwiiOrder::Advance {
                    side,
                    unit: f.unit().to_owned(),
                    path: p.iter().map(|h| view::label(*h)).collect(),
                }
                .into(),
            );
        }
    }
    out
}

/// What a player might try with unit `id` of `side` now
/// ([`crate::rule_set::RuleSet::tries`]): in the Movement phase a move one hex toward
/// the nearest enemy, going prone (troops on foot), a tank's overrun of each enemy
/// beside it and a voluntary rout when locked in contact; in the Fire phase a fire at
/// each of the nearest enemies; while engagements are chosen, engaging each of them.
pub fn tries(world: &World, side: u8, id: &str) -> Vec<WwiiOrder> {
    let all = view::units(world);
    let Some(u) = all.iter().find(|u| u.id == id && u.side == side) else {
        return Vec::new();
    };
    let enemies = all.iter().filter(|e| e.side != side).collect();
    let near = crate::rule_set::nearest(u.hex, enemies, |e: &&view::Unit| (e.hex, e.id.as_str()));
    let unit = || u.id.clone();
    let target = |t: &&view::Unit| t.id.clone();
    let mut out = Vec::new();
    match *world.resource::<State<Phase>>().get() {
        MOVEMENT => {
            let toward = near
                .first()
                .and_then(|e| crate::rule_set::step_toward(u.hex, e.hex));
            out.extend(toward.map(|h| WwiiOrder::Move {
                side,
                unit: unit(),
                path: vec![view::label(h)],
                facing: None,
            }));
            if u.kind().personnel() && u.kind() != mixed::Kind::Cavalry {
                out.push(WwiiOrder::Prone { side, unit: unit() });
            }
            if u.kind() == mixed::Kind::Tank {
                let beside = near
                    .iter()
                    .filter(|e| e.hex.unsigned_distance_to(u.hex) == 1);
                out.extend(beside.map(|e| WwiiOrder::Overrun {
                    side,
                    unit: unit(),
                    target: view::label(e.hex),
                }));
            }
            if movement::locked(&all, u) {
                out.push(WwiiOrder::Rout { side, unit: unit() });
            }
        }
        FIRE => out.extend(near.iter().map(|t| WwiiOrder::Fire {
            side,
            unit: unit(),
            target: target(t),
        })),
        ASSAULT if world.resource::<WwiiState>().acting.is_some() => {
            out.extend(near.iter().map(|t| WwiiOrder::Engage {
                side,
                unit: unit(),
                target: target(t),
            }));
        }
        _ => {}
    }
    out
}
