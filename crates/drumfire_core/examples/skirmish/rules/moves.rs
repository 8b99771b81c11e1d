//! The move: a unit goes along a path within its movement, open ground costing 1 and
//! woods 2, never into a pond nor into or through a hex with a unit in it.

use super::{SkOrder, SkState, Unit, figures, ready, terrain, units};
use bevy_ecs::prelude::*;
use drumfire_core::coords::{MapCoord, hex_label};
use drumfire_core::map::{HexIndex, Reach, reachable};
use drumfire_core::orders::{Order, Refusal};
use hexx::Hex;
use std::collections::BTreeMap;

/// What entering `to` costs a unit, `None` where it may not go: off the map, a pond,
/// or a hex with a unit in it.
fn step_cost(world: &World, to: Hex) -> Option<u32> {
    if !world.resource::<HexIndex>().occupants(to).is_empty() {
        return None;
    }
    terrain(world, to)?.move_cost.map(u32::from)
}

/// Every hex unit `u` can reach now, with the cheapest way there.
pub fn reach(world: &World, u: &Unit) -> BTreeMap<MapCoord, Reach> {
    let budget = figures(&u.kind).map_or(0, |f| u32::from(f.movement));
    reachable(u.hex, budget, |_, to| step_cost(world, to))
}

/// The checks of a move of `unit` by `side` along `path`: the unit and the hexes it
/// enters, one by one.
pub fn check(world: &World, side: u8, unit: &str, path: &[String]) -> Result<Unit, Refusal> {
    let u = ready(world, side, unit)?;
    if path.is_empty() {
        return Err(Refusal(format!(
            "{}: a move enters at least one hex.",
            u.name
        )));
    }
    let budget = figures(&u.kind).map_or(0, |f| u32::from(f.movement));
    let (mut at, mut spent) = (u.hex, 0);
    for label in path {
        let to = drumfire_core::scenario::hex_of(label)
            .ok_or_else(|| Refusal(format!("`{label}` is not a hex number.")))?;
        if at.distance_to(to) != 1 {
            return Err(Refusal(format!("{label} is not beside {}.", hex_label(at))));
        }
        let cost = step_cost(world, to).ok_or_else(|| {
            Refusal(format!(
                "{} cannot enter {label}: it is a pond, off the map or taken.",
                u.name
            ))
        })?;
        spent += cost;
        if spent > budget {
            return Err(Refusal(format!(
                "{} moves {budget}; entering {label} would take {spent}.",
                u.name
            )));
        }
        at = to;
    }
    Ok(u)
}

/// Carries out a checked move.
pub fn carry_out(world: &mut World, unit: &str, path: &[String]) {
    let Some(u) = super::unit(world, unit) else {
        return;
    };
    let hexes: Vec<Hex> = path
        .iter()
        .filter_map(|l| drumfire_core::scenario::hex_of(l))
        .collect();
    drumfire_core::map::march(world, u.entity, &u.id, u.hex, &hexes);
    world.resource_mut::<SkState>().acted.push(u.id);
}

/// Every move `side` may give now: each ready unit to each hex it can reach.
pub fn candidates(world: &World, side: u8) -> Vec<Order> {
    let acted = &world.resource::<SkState>().acted;
    let mut out = Vec::new();
    for u in units(world)
        .iter()
        .filter(|u| u.side == side && !acted.contains(&u.id))
    {
        for r in reach(world, u).into_values() {
            out.push(
                SkOrder::Move {
                    side,
                    unit: u.id.clone(),
                    path: r.path.iter().map(|h| hex_label(*h)).collect(),
                }
                .into(),
            );
        }
    }
    out
}
