//! What must hold after every WWII order (checked by the soak tests).

use super::scenario::MOST_BASES;
use super::state::WwiiState;
use super::view;
use bevy_ecs::prelude::*;
use std::collections::BTreeMap;

/// Every unit on the map has a base standing and no more than a full-strength unit;
/// no hex holds more units than the stacking limit or units of both sides; the state
/// names only units on the map (morale, prone, assaulting, follow-ups).
pub fn invariants(world: &World) -> Result<(), String> {
    let state = world.resource::<WwiiState>();
    let units = view::units(world);
    let mut hexes: BTreeMap<(i32, i32), Vec<&view::Unit>> = BTreeMap::new();
    for u in &units {
        if u.bases() == 0 {
            return Err(format!("{} is on the map with no base standing", u.id));
        }
        if u.stands.total() > MOST_BASES {
            return Err(format!("{} has {} bases", u.id, u.stands.total()));
        }
        hexes.entry((u.hex.x, u.hex.y)).or_default().push(u);
    }
    for (h, here) in &hexes {
        if here.len() > super::movement::stack_limit() {
            return Err(format!("{} units in one hex {h:?}", here.len()));
        }
        if here.iter().any(|u| u.side != here[0].side) {
            return Err(format!("units of both sides in one hex {h:?}"));
        }
    }
    let on_map = |id: &str| units.iter().any(|u| u.id == id);
    for id in state
        .morale
        .keys()
        .chain(&state.prone)
        .chain(&state.assaulting)
        .chain(
            state
                .followups
                .iter()
                .map(|f| f.unit().to_owned())
                .collect::<Vec<_>>()
                .iter(),
        )
    {
        if !on_map(id) {
            return Err(format!("the state names `{id}`, no unit on the map"));
        }
    }
    Ok(())
}
