//! Every legal order for a side now, where they can be listed: for the random player,
//! the soak tests and the AI.

use super::resolve::{self, chargeable, unrevealed};
use super::state::{AcwOrder, AcwState};
use super::{INITIATIVE, MOVEMENT, ORDERS, REACT, SHOOTING};
use super::{chit, combat, deal, movement, shooting_side, view};
use crate::flow::Phase;
use crate::orders::Order;
use crate::scenario::SideList;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;

/// Every legal order for a side now, where they can be listed: a chit for every unit
/// (one set, varied by `salt`), the choice of first or second, each unit's chit turned
/// over where it stands or moved to each hex it can reach (a charge there, each enemy
/// it may charge named beyond the one it takes unnamed).
pub fn candidates(world: &World, side: u8, salt: u64) -> Vec<Order> {
    let state = world.resource::<AcwState>();
    if deal::due(world).is_some() {
        // The steps of a deal are given by the machines themselves (`sealing`).
        return Vec::new();
    }
    if let Some((placing, k, line)) = state.placing {
        if placing != side {
            return Vec::new();
        }
        return place_candidates(state, side, k, line);
    }
    if let Some(k) = state.firing_at {
        return charger_fire_candidates(world, side, k);
    }
    match *world.resource::<State<Phase>>().get() {
        ORDERS if !state.chits.contains_key(&side) => vec![chit_candidate(world, side, salt)],
        INITIATIVE if state.choosing == Some(side) => [true, false]
            .into_iter()
            .map(|first| AcwOrder::Choose { side, first }.into())
            .collect(),
        MOVEMENT if state.acting.is_some_and(|a| a.0 == side) => act_candidates(world, side),
        SHOOTING | REACT
            if shooting_side(state, world.resource::<SideList>().0.len() as u8) == Some(side) =>
        {
            shot_candidates(world, side)
        }
        _ => Vec::new(),
    }
}

/// The domino looked at for line `line` of charge `k`, placed in each place behind
/// the line, either way round.
fn place_candidates(state: &AcwState, side: u8, k: usize, line: usize) -> Vec<Order> {
    let mut out = Vec::new();
    let b = &state.charges[k].lines[line];
    let n = b.blind.len() + usize::from(b.hand.is_some());
    for place in 0..n {
        for turned in [false, true] {
            out.push(
                AcwOrder::Place {
                    side,
                    place,
                    turned,
                }
                .into(),
            );
        }
    }
    out
}

/// In the fire window of charge `k`, for the defending side: pass, or each unit that
/// may fire at the charger, nominating each of its stands.
fn charger_fire_candidates(world: &World, side: u8, k: usize) -> Vec<Order> {
    let state = world.resource::<AcwState>();
    let mut out = Vec::new();
    let charge = &state.charges[k];
    if charge.defender_side == side
        && let Some(c) = view::unit(world, &charge.charger)
    {
        out.push(Order::Pass { side });
        for u in resolve::charge_shooters(world, k) {
            for stand in combat::line(&c) {
                out.push(
                    AcwOrder::Fire {
                        side,
                        unit: u.id.clone(),
                        target: view::label(c.hex),
                        stand,
                    }
                    .into(),
                );
            }
        }
    }
    out
}

/// One set of chits for the side's units, each a chit the unit may take, drawn from
/// `salt`.
fn chit_candidate(world: &World, side: u8, salt: u64) -> Order {
    let mut k = salt;
    let chits = view::units(world)
        .into_iter()
        .filter(|u| u.side == side)
        .map(|u| {
            let allowed: Vec<chit::Chit> = chit::Chit::ALL
                .into_iter()
                .filter(|c| (!u.battery || c.for_artillery()) && (!u.routed || c.for_routed()))
                .collect();
            k = k
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (u.base.id, allowed[(k >> 33) as usize % allowed.len()])
        })
        .collect();
    AcwOrder::Chits { side, chits }.into()
}

/// Each unit whose chit is not yet turned over: turned over where it stands, or moved
/// to each hex it can reach (on a Charge chit, each enemy beyond the first named).
fn act_candidates(world: &World, side: u8) -> Vec<Order> {
    let mut out = Vec::new();
    for id in unrevealed(world, side) {
        let Some(u) = view::unit(world, &id) else {
            continue;
        };
        out.push(stay(side, &id));
        let charging = view::chit_known(world, &id) == Some(chit::Chit::Charge);
        for path in movement::reachable(world, &u).into_values() {
            let act = |charge: Option<String>| -> Order {
                AcwOrder::Act {
                    side,
                    unit: id.clone(),
                    path: path.iter().map(|h| view::label(*h)).collect(),
                    facing: None,
                    charge,
                }
                .into()
            };
            out.push(act(None));
            // Where several enemies may be charged, each of the others named
            // unnamed, the charge takes the first.
            if charging {
                for e in chargeable(world, &u, &path).into_iter().skip(1) {
                    out.push(act(Some(view::label(e.hex))));
                }
            }
        }
    }
    out
}

/// Unit `id` of `side` turns its chit over where it stands.
pub(crate) fn stay(side: u8, id: &str) -> Order {
    AcwOrder::Act {
        side,
        unit: id.to_owned(),
        path: vec![],
        facing: None,
        charge: None,
    }
    .into()
}

/// For the side shooting: pass, or each shot it may take, nominating each stand of
/// the target still standing.
fn shot_candidates(world: &World, side: u8) -> Vec<Order> {
    let mut out = vec![Order::Pass { side }];
    for (u, t) in resolve::shots(world, side) {
        for stand in 0..t.stands.total() {
            if !t.stands.0[stand].lost {
                out.push(
                    AcwOrder::Fire {
                        side,
                        unit: u.id.clone(),
                        target: view::label(t.hex),
                        stand,
                    }
                    .into(),
                );
            }
        }
    }
    out
}

/// What a player might try with unit `id` of `side` now
/// ([`crate::rule_set::RuleSet::tries`]): during a charge a fire at the charger; in
/// the Movement phase its chit turned over with a move one hex toward the nearest
/// enemy, and where it stands; in the Shooting and React phases a fire at each of the
/// nearest enemies, nominating its first stand standing.
pub fn tries(world: &World, side: u8, id: &str) -> Vec<AcwOrder> {
    let all = view::units(world);
    let Some(u) = all.iter().find(|u| u.id == id && u.side == side) else {
        return Vec::new();
    };
    let state = world.resource::<AcwState>();
    let fire = |t: &view::Unit| AcwOrder::Fire {
        side,
        unit: u.id.clone(),
        target: view::label(t.hex),
        stand: t.stands.0.iter().position(|s| !s.lost).unwrap_or(0),
    };
    let enemies = all.iter().filter(|e| e.side != side).collect();
    let near = crate::rule_set::nearest(u.hex, enemies, |e: &&view::Unit| (e.hex, e.id.as_str()));
    match *world.resource::<State<Phase>>().get() {
        MOVEMENT if state.firing_at.is_some() => {
            let charger = state.firing_at.and_then(|k| state.charges.get(k));
            let charger = charger.and_then(|c| all.iter().find(|t| t.id == c.charger));
            charger.map(fire).into_iter().collect()
        }
        MOVEMENT => {
            let act = |path: Vec<String>| AcwOrder::Act {
                side,
                unit: u.id.clone(),
                path,
                facing: None,
                charge: None,
            };
            let toward = near
                .first()
                .and_then(|e| crate::rule_set::step_toward(u.hex, e.hex));
            let mut out: Vec<AcwOrder> = toward
                .map(|h| act(vec![view::label(h)]))
                .into_iter()
                .collect();
            out.push(act(Vec::new()));
            out
        }
        SHOOTING | REACT => near.iter().map(|t| fire(t)).collect(),
        _ => Vec::new(),
    }
}
