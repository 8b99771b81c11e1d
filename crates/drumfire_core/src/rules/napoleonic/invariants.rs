//! What must hold after every order of a Napoleonic game, for the soak tests.

use super::state::NpState;
use super::view;
use bevy_ecs::prelude::*;

/// One brigade a hex; every brigade on the map has its standing in the rules and a
/// battalion standing; a routed brigade is neither Shaken nor Disordered; every side
/// has given its orders once the Orders phase is over.
pub fn invariants(world: &World) -> Result<(), String> {
    let all = view::pieces(world);
    let state = world.resource::<NpState>();
    for (i, p) in all.iter().enumerate() {
        if all[i + 1..].iter().any(|o| o.hex == p.hex) {
            return Err(format!("two brigades in {}", view::label(p.hex)));
        }
        if !state.brigades.contains_key(&p.id) {
            return Err(format!("{} has no standing in the rules", p.id));
        }
        if p.standing == 0 {
            return Err(format!("{} is on the map with no battalion standing", p.id));
        }
        if p.routed && (p.shaken || p.disordered) {
            return Err(format!("{} is routed and Shaken or Disordered too", p.id));
        }
    }
    let phase = *world
        .resource::<bevy_state::state::State<crate::flow::Phase>>()
        .get();
    let sides = world.resource::<crate::scenario::SideList>().0.len();
    if phase != super::ORDERS && phase != crate::flow::Phase::GameOver && state.given.len() < sides
    {
        return Err(format!("a side's orders missing in {phase:?}"));
    }
    Ok(())
}
