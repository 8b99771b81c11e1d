//! Moving a unit on its chit: how far the chit takes it, what each hex costs, and where
//! it may not go ("Units cannot move into contact without a Charge order").
//! Ours — A-14 in docs/rules/acw.md: contact is standing next to an enemy unit; the
//! terrain's costs.

use super::chit::Chit;
use super::state::AcwState;
use super::view::{self, Unit};
use crate::map;
use bevy_ecs::prelude::*;
use hexx::Hex;
use std::collections::BTreeMap;

/// Why the unit may not move this turn, if it may not (on its chit as this machine
/// knows it).
pub fn cannot_move(world: &World, u: &Unit) -> Option<String> {
    cannot_move_on(world, u, view::chit_known(world, &u.id))
}

/// Why the unit may not move this turn on `chit`, if it may not.
/// Ours — A-31 in docs/rules/acw.md: a routed unit, its two full moves back made,
/// moves on Move or Fast Advance like any other; it stays routed ("No Charge moves
/// thereafter and all firing reduced by 1").
pub fn cannot_move_on(world: &World, u: &Unit, chit: Option<Chit>) -> Option<String> {
    let state = world.resource::<AcwState>();
    if u.battery {
        return Some(format!(
            "{} is a battery: \"Artillery is placed at the start of the game and do not move\"",
            u.name
        ));
    }
    if state.pinned.contains(&u.id) {
        return Some(format!(
            "{} has been charged and contacted: it is pinned and may only fight",
            u.name
        ));
    }
    match chit {
        None => Some(format!("{} has no order chit this turn", u.name)),
        Some(c) if c.hexes() == 0 => Some(format!(
            "{} is on {}: it does not move this turn",
            u.name,
            c.name()
        )),
        Some(_) => None,
    }
}

/// Is an enemy of `side` next to `hex`?
pub fn in_contact(all: &[Unit], side: u8, hex: Hex) -> bool {
    all.iter()
        .any(|e| e.side != side && e.hex.unsigned_distance_to(hex) == 1)
}

/// Why the unit may not enter `next` from a step that has spent `spent` of its hexes,
/// if it may not; else what it has spent there, and whether it is in contact there.
fn step(
    world: &World,
    all: &[Unit],
    u: &Unit,
    chit: Chit,
    spent: u8,
    next: Hex,
) -> Result<(u8, bool), String> {
    let label = view::label(next);
    let Some(cell) = view::cell(world, next) else {
        return Err(format!("{label} is off the map"));
    };
    let Some(cost) = cell.cost else {
        return Err(format!("{label} cannot be entered"));
    };
    if all.iter().any(|o| o.hex == next && o.id != u.id) {
        return Err(format!("{label} is occupied"));
    }
    let total = spent + cost;
    if total > chit.hexes() {
        return Err(format!(
            "{label} is beyond {}'s {} hexes on {}",
            u.name,
            chit.hexes(),
            chit.name()
        ));
    }
    let contact = in_contact(all, u.side, next);
    if contact && !chit.may_contact() {
        return Err(format!(
            "{label} is in contact with the enemy: \"Units cannot move into contact without a Charge order\""
        ));
    }
    Ok((total, contact))
}

/// Checks a move hex by hex: each hex next to the one before, enterable, unoccupied,
/// within the chit's hexes, and out of contact unless on a Charge chit, which ends
/// its move at the first hex in contact.
pub fn check_path(world: &World, u: &Unit, path: &[Hex]) -> Result<(), String> {
    check_path_on(world, u, view::chit_known(world, &u.id), path)
}

/// [`check_path`] on `chit`.
pub fn check_path_on(
    world: &World,
    u: &Unit,
    chit: Option<Chit>,
    path: &[Hex],
) -> Result<(), String> {
    if path.is_empty() {
        return Ok(());
    }
    if let Some(why) = cannot_move_on(world, u, chit) {
        return Err(why);
    }
    let chit = chit.unwrap_or(Chit::Fire);
    let all = view::units(world);
    let (mut at, mut spent) = (u.hex, 0);
    for (i, &next) in path.iter().enumerate() {
        if at.unsigned_distance_to(next) != 1 {
            return Err(format!(
                "{} is not next to {}",
                view::label(next),
                view::label(at)
            ));
        }
        let contact;
        (spent, contact) = step(world, &all, u, chit, spent, next)?;
        if i + 1 < path.len() && contact {
            return Err(format!(
                "{} charges home at {}: contact ends its move",
                u.name,
                view::label(next)
            ));
        }
        at = next;
    }
    Ok(())
}

/// Every hex the unit can reach this turn, with a path to it (the start hex not
/// included), the cheapest first found.
pub fn reachable(world: &World, u: &Unit) -> BTreeMap<(i32, i32), Vec<Hex>> {
    let chit = view::chit_known(world, &u.id);
    if cannot_move_on(world, u, chit).is_some() {
        return BTreeMap::new();
    }
    let chit = chit.unwrap_or(Chit::Fire);
    let all = view::units(world);
    // Breadth first, the mark whether the move halts there, in contact.
    let found = map::search(u.hex, false, 0u8, map::Order::Breadth, |way, next| {
        let at = way.label();
        if at.mark || next == u.hex {
            return None;
        }
        let (total, contact) = step(world, &all, u, chit, at.cost, next).ok()?;
        Some((contact, total))
    });
    found
        .best()
        .map(|i| {
            let h = found.labels()[i].hex;
            ((h.x, h.y), found.path(i))
        })
        .collect()
}
