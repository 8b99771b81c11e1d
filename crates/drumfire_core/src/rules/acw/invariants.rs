//! What must hold after every ACW order (checked by the soak tests).

use super::state::AcwState;
use super::view;
use bevy_ecs::prelude::*;
use std::collections::BTreeSet;

/// Every unit on the map has a stand standing and no more stands than a full-strength
/// unit; opportunity fire was at targets that came into range or arc; chits and pins
/// name units of the game; each charge's dominoes, drawn and
/// left, are one double-six set, no domino twice; a domino waiting to be placed
/// belongs to a charge.
pub fn invariants(world: &World) -> Result<(), String> {
    let state = world.resource::<AcwState>();
    let units = view::units(world);
    for u in &units {
        if u.standing() == 0 {
            return Err(format!("{} is on the map with no stand standing", u.id));
        }
        if u.stands.total() > 10 {
            return Err(format!("{} has {} stands", u.id, u.stands.total()));
        }
    }
    let ids: BTreeSet<&str> = world
        .resource::<crate::counters::PieceIds>()
        .0
        .keys()
        .map(String::as_str)
        .collect();
    for (id, _) in state.chits.values().flatten() {
        if !ids.contains(id.as_str()) {
            return Err(format!("a chit names `{id}`, no unit of the game"));
        }
    }
    for id in &state.pinned {
        if !ids.contains(id.as_str()) {
            return Err(format!("`{id}` is pinned but no unit of the game"));
        }
    }
    for (k, c) in state.charges.iter().enumerate() {
        let mut all: Vec<_> = c.set.clone();
        for b in &c.lines {
            all.extend(b.places.iter().copied());
            all.extend(b.hand);
            all.extend(b.blind.iter().copied());
        }
        let mut seen = BTreeSet::new();
        for d in &all {
            let key = (d.0.min(d.1), d.0.max(d.1));
            if !seen.insert(key) {
                return Err(format!("charge {k} holds the domino {} twice", d.label()));
            }
        }
        if all.len() != 28 {
            return Err(format!("charge {k} holds {} dominoes, not 28", all.len()));
        }
    }
    opportunity_fire_came_into_range(world)?;
    if let Some((_, k, line)) = state.placing
        && state
            .charges
            .get(k)
            .is_none_or(|c| c.lines[line].hand.is_none())
    {
        return Err(format!(
            "a domino waits to be placed for charge {k}, which has none in hand"
        ));
    }
    Ok(())
}

/// "Use opportunity fire to shoot at targets coming into range/arc": every opportunity
/// fire of this turn was at an enemy that came into the firer's range or arc since the
/// Movement phase began, as far as the firer and its target are still on the map.
fn opportunity_fire_came_into_range(world: &World) -> Result<(), String> {
    let turn = world.resource::<crate::flow::Turn>().0;
    let journal = world.resource::<crate::journal::Journal>();
    for e in journal.entries().iter().filter(|e| e.turn == turn) {
        let crate::journal::GameEvent::Fired {
            kind,
            firers,
            target,
            ..
        } = &e.event
        else {
            continue;
        };
        if kind != "Opportunity fire" {
            continue;
        }
        let firer = firers.first().and_then(|id| view::unit(world, id));
        let shot = crate::scenario::hex_of(target).and_then(|h| view::unit_at(world, h));
        if let (Some(u), Some(t)) = (firer, shot)
            && let Some(why) = super::shooting_phase::not_come_into_range(world, &u, &t)
        {
            return Err(format!(
                "opportunity fire at a target that did not come into range or arc: {why}"
            ));
        }
    }
    Ok(())
}
