//! Movement: hexes, roads at half a hex, friends passed through, no two units
//! ending in one hex, stopping next to the enemy and turning to face, hills one
//! contour an activation, rivers only at bridges and fords, cavalry in woods.
//!
//! > "A Unit may move through hexes that are occupied by friendly Units. A Unit may
//! > not end its move in the same hex as another Unit. A Unit must stop as soon as it
//! > enters a hex that is adjacent to an enemy Unit, and both Units turn to face each
//! > other at once."

use super::state::PtState;
use super::view::{self, Unit, cell};
use crate::flow::Turn;
use crate::map::{HexIndex, Order};
use crate::orders::Refusal;
use bevy_ecs::prelude::*;
use hexx::{EdgeDirection, Hex};

/// Half-hexes of movement a step costs: half a hex along a road or into a built-up
/// area (which counts as road), a whole hex otherwise.
fn step_cost(world: &World, from: Hex, to: Hex) -> u8 {
    let (Some(a), Some(b)) = (cell(world, from), cell(world, to)) else {
        return 2;
    };
    // "For movement, built-up areas count as roads": a built-up hex is road on every
    // side. Our ruling: a step is "along a road" when both of its hexes are road toward
    // each other, so a step from open ground into a town costs a whole hex, a step from
    // one built-up hex to the next or out of a town onto its road half a hex.
    let along_road = match (from.neighbor_direction(to), to.neighbor_direction(from)) {
        (Some(d), Some(back)) => {
            (a.built_up || a.road & (1 << d.index()) != 0)
                && (b.built_up || b.road & (1 << back.index()) != 0)
        }
        _ => false,
    };
    if along_road { 1 } else { 2 }
}

/// The enemy units next to `hex`.
fn adjacent_enemies(all: &[Unit], side: u8, hex: Hex) -> Vec<&Unit> {
    view::enemies(all, side)
        .filter(|e| e.hex.unsigned_distance_to(hex) == 1)
        .collect()
}

/// Is the unit in a ford, and in which turn of its crossing (1: went in this turn,
/// 2: the turn it must stay, 3 or more: it may go on)?
pub fn fording_turn(world: &World, id: &str) -> Option<u16> {
    let entered = *world.resource::<PtState>().fording.get(id)?;
    Some(world.resource::<Turn>().0.saturating_sub(entered) + 1)
}

/// Why the unit cannot move at all now, if it cannot.
/// Ours — P-9 in docs/rules/portable.md: pinned units and movement.
pub fn cannot_move(world: &World, u: &Unit) -> Option<String> {
    if u.movement == 0 {
        return Some(format!(
            "{} cannot move: fortress artillery stays put.",
            u.name
        ));
    }
    if u.fired {
        return Some(format!(
            "{} has fired this turn and may not move (artillery may not move and fire in one turn).",
            u.name
        ));
    }
    if u.pinned {
        return Some(format!(
            "{} is pinned: it must be unpinned before it moves.",
            u.name
        ));
    }
    if let Some(t) = fording_turn(world, &u.id)
        && t < 3
    {
        return Some(format!(
            "{} is fording the river: it stays in the ford this turn and goes on next turn.",
            u.name
        ));
    }
    None
}

/// Checks a path for a unit: every step adjacent, within its movement, and by the
/// movement rules. On success, whether the unit ends destroyed (it entered a river
/// with neither bridge nor ford).
pub fn check_path(world: &World, all: &[Unit], u: &Unit, path: &[Hex]) -> Result<bool, Refusal> {
    walk(world, all, u, path, true)
}

/// [`check_path`]; with `ends` false, a path whose last hex holds a friend passes
/// (it may go on through it).
fn walk(world: &World, all: &[Unit], u: &Unit, path: &[Hex], ends: bool) -> Result<bool, Refusal> {
    let refuse = |m: String| Err(Refusal(m));
    if let Some(why) = cannot_move(world, u) {
        return refuse(why);
    }
    let Some(&last) = path.last() else {
        return refuse("A move needs at least one hex.".into());
    };
    let start_enemies: Vec<Hex> = adjacent_enemies(all, u.side, u.hex)
        .iter()
        .filter(|e| e.hex.neighbor_direction(u.hex) == Some(e.facing))
        .map(|e| e.hex)
        .collect();
    let start = cell(world, u.hex).unwrap_or_default();
    let mut spent = 0u8;
    let mut climbs = 0u8;
    let mut woods = u.mounted && start.woods;
    let mut prev = u.hex;
    let mut prev_cell = start;
    for (i, &h) in path.iter().enumerate() {
        let l = view::label(h);
        if prev.unsigned_distance_to(h) != 1 {
            return refuse(format!("{l} is not next to {}.", view::label(prev)));
        }
        let Some(c) = cell(world, h) else {
            return refuse(format!("{l} is not on the map."));
        };
        let is_last = i + 1 == path.len();
        if let Some(other) = all.iter().find(|o| o.hex == h) {
            if other.side != u.side {
                return refuse(format!("{l} is held by the enemy ({}).", other.name));
            }
            if is_last && ends {
                return refuse(format!(
                    "{} may not end its move in {l}: {} stands there.",
                    u.name, other.name
                ));
            }
        }
        spent += step_cost(world, prev, h);
        if spent > 2 * u.movement {
            return refuse(format!(
                "{} moves {} hex{} a turn (half a hex along a road or through a built-up area): {l} is too far.",
                u.name,
                u.movement,
                if u.movement == 1 { "" } else { "es" }
            ));
        }
        if c.elevation != prev_cell.elevation {
            climbs += c.elevation.abs_diff(prev_cell.elevation);
            if climbs > 1 {
                return refuse(format!(
                    "{} may move up or down only one hill contour each time it is activated.",
                    u.name
                ));
            }
        }
        woods |= u.mounted && c.woods;
        if woods && i > 0 {
            return refuse(format!(
                "Mounted cavalry moving through woods moves only 1 hex an activation: {} stops at {}.",
                u.name,
                view::label(path[0])
            ));
        }
        // A faced unit may move "providing that [...] it does not move into a hex that is
        // adjacent to another enemy Unit": any hex of the move, not only the first.
        let near = adjacent_enemies(all, u.side, h);
        if !start_enemies.is_empty() && near.iter().any(|e| !start_enemies.contains(&e.hex)) {
            return refuse(format!(
                "{} is faced by an adjacent enemy: it may move away, but not into a hex next to another enemy unit.",
                u.name
            ));
        }
        let stops = !near.is_empty() || c.ford() || c.deep_river();
        if stops && !is_last {
            let why = if c.deep_river() {
                "a river hex with neither bridge nor ford"
            } else if c.ford() {
                "a ford (it stays there until the turn after next)"
            } else {
                "next to an enemy unit"
            };
            return refuse(format!("{} must stop at {l}: {why}.", u.name));
        }
        prev = h;
        prev_cell = c;
    }
    Ok(cell(world, last).is_some_and(|c| c.deep_river()))
}

/// Every hex the unit can end a move in, with a shortest path there (the first
/// found in direction order, so the same for every run).
pub fn reach(world: &World, all: &[Unit], u: &Unit) -> Vec<(Hex, Vec<Hex>)> {
    if cannot_move(world, u).is_some() {
        return vec![];
    }
    let index = world.resource::<HexIndex>();
    let longest = usize::from(2 * u.movement);
    let level = |h: Hex| cell(world, h).map_or(0, |c| c.elevation);
    // Breadth first over paths marked (half-hexes spent, contours crossed): a path
    // that gets somewhere no cheaper than an earlier one adds nothing.
    let ways = crate::map::search(u.hex, (0u8, 0u8), (), Order::Breadth, |way, n| {
        let path = way.path();
        if path.len() >= longest || n == u.hex || path.contains(&n) || !index.contains(n) {
            return None;
        }
        let mut next = path.to_vec();
        next.push(n);
        // A path that passes a friend but may not end there can still go on.
        if walk(world, all, u, &next, false).is_err() {
            return None;
        }
        let (at, (spent, climbs)) = (way.label().hex, way.label().mark);
        let climbs = climbs + level(at).abs_diff(level(n));
        Some(((spent + step_cost(world, at, n), climbs), ()))
    });
    let mut found: Vec<(Hex, Vec<Hex>)> = Vec::new();
    let mut ends = std::collections::BTreeSet::new();
    for (i, label) in ways.labels().iter().enumerate().skip(1) {
        let end = (label.hex.x, label.hex.y);
        if ends.contains(&end) {
            continue;
        }
        let path = ways.path(i);
        if check_path(world, all, u, &path).is_ok() {
            ends.insert(end);
            found.push((label.hex, path));
        }
    }
    found.sort_by_key(|(h, p)| (p.len(), crate::coords::MapCoord::from_hex(*h)));
    found
}

/// The way from `from` to the neighbouring `to`.
pub fn toward(from: Hex, to: Hex) -> Option<EdgeDirection> {
    from.neighbor_direction(to)
}
