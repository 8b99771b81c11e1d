//! Movement: hexes, roads at half a hex, friends passed through, no two units
//! ending in one hex, stopping next to the enemy and turning to face, hills one
//! contour an activation, rivers only at bridges and fords, cavalry in woods.
//!
//! > "A Unit may move through hexes that are occupied by friendly Units. A Unit may
//! > not end its move in the same hex as another Unit. A Unit must stop as soon as it
//! > enters a hex that is adjacent to an enemy Unit, and both Units turn to face each
//! > other at once."

use super::state::PtState;
use super::view::{self, Board, Unit};
use crate::flow::Turn;
use crate::map::{HexIndex, Order};
use crate::orders::Refusal;
use bevy_ecs::prelude::*;
use hexx::{EdgeDirection, Hex};

/// Half-hexes of movement a step costs: half a hex along a road or into a built-up
/// area (which counts as road), a whole hex otherwise.
fn step_cost(board: &Board, from: Hex, to: Hex) -> u8 {
    let (Some(a), Some(b)) = (board.at(from), board.at(to)) else {
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
    if let Some(why) = cannot_move(world, u) {
        return Err(Refusal(why));
    }
    walk(world, all, u, path, true).map_err(|stop| Refusal(stop.message(u, path)))
}

/// Why a path breaks the movement rules: written out only for a refusal, since the
/// search for a unit's reach tries many paths that fail.
#[derive(Clone, Copy, Debug)]
enum Stop<'a> {
    /// No hex at all.
    Empty,
    /// A hex not next to the one before.
    NotNext(Hex, Hex),
    /// Off the map.
    OffMap(Hex),
    /// An enemy unit stands there.
    Enemy(Hex, &'a str),
    /// A friend stands where the move ends.
    Friend(Hex, &'a str),
    /// Past the unit's movement.
    TooFar(Hex),
    /// A second contour.
    Contours,
    /// Mounted cavalry in woods, after its first hex.
    Woods,
    /// A faced unit moving next to another enemy.
    Faced,
    /// A hex the unit must stop in, with the reason, before the path's end.
    Halts(Hex, &'static str),
}

impl Stop<'_> {
    /// The refusal a player reads.
    fn message(self, u: &Unit, path: &[Hex]) -> String {
        use crate::coords::HexLabel as L;
        match self {
            Stop::Empty => "A move needs at least one hex.".into(),
            Stop::NotNext(h, prev) => format!("{} is not next to {}.", L(h), L(prev)),
            Stop::OffMap(h) => format!("{} is not on the map.", L(h)),
            Stop::Enemy(h, name) => format!("{} is held by the enemy ({name}).", L(h)),
            Stop::Friend(h, name) => format!(
                "{} may not end its move in {}: {name} stands there.",
                u.name,
                L(h)
            ),
            Stop::TooFar(h) => format!(
                "{} moves {} hex{} a turn (half a hex along a road or through a built-up area): {} is too far.",
                u.name,
                u.movement,
                if u.movement == 1 { "" } else { "es" },
                L(h)
            ),
            Stop::Contours => format!(
                "{} may move up or down only one hill contour each time it is activated.",
                u.name
            ),
            Stop::Woods => format!(
                "Mounted cavalry moving through woods moves only 1 hex an activation: {} stops at {}.",
                u.name,
                path.first().map(|h| L(*h).to_string()).unwrap_or_default()
            ),
            Stop::Faced => format!(
                "{} is faced by an adjacent enemy: it may move away, but not into a hex next to another enemy unit.",
                u.name
            ),
            Stop::Halts(h, why) => format!("{} must stop at {}: {why}.", u.name, L(h)),
        }
    }
}

/// The movement rules along a path for a unit that may move ([`cannot_move`] is the
/// caller's); with `ends` false, a path whose last hex holds a friend passes (it may
/// go on through it).
fn walk<'a>(
    world: &World,
    all: &'a [Unit],
    u: &Unit,
    path: &[Hex],
    ends: bool,
) -> Result<bool, Stop<'a>> {
    let Some(&last) = path.last() else {
        return Err(Stop::Empty);
    };
    let start_enemies: Vec<Hex> = adjacent_enemies(all, u.side, u.hex)
        .iter()
        .filter(|e| e.hex.neighbor_direction(u.hex) == Some(e.facing))
        .map(|e| e.hex)
        .collect();
    let board = world.resource::<Board>();
    let start = board.at(u.hex).unwrap_or_default();
    let mut spent = 0u8;
    let mut climbs = 0u8;
    let mut woods = u.mounted && start.woods;
    let mut prev = u.hex;
    let mut prev_cell = start;
    for (i, &h) in path.iter().enumerate() {
        if prev.unsigned_distance_to(h) != 1 {
            return Err(Stop::NotNext(h, prev));
        }
        let Some(c) = board.at(h) else {
            return Err(Stop::OffMap(h));
        };
        let is_last = i + 1 == path.len();
        if let Some(other) = all.iter().find(|o| o.hex == h) {
            if other.side != u.side {
                return Err(Stop::Enemy(h, &other.name));
            }
            if is_last && ends {
                return Err(Stop::Friend(h, &other.name));
            }
        }
        spent += step_cost(board, prev, h);
        if spent > 2 * u.movement {
            return Err(Stop::TooFar(h));
        }
        if c.elevation != prev_cell.elevation {
            climbs += c.elevation.abs_diff(prev_cell.elevation);
            if climbs > 1 {
                return Err(Stop::Contours);
            }
        }
        woods |= u.mounted && c.woods;
        if woods && i > 0 {
            return Err(Stop::Woods);
        }
        // A faced unit may move "providing that [...] it does not move into a hex that is
        // adjacent to another enemy Unit": any hex of the move, not only the first.
        let near = adjacent_enemies(all, u.side, h);
        if !start_enemies.is_empty() && near.iter().any(|e| !start_enemies.contains(&e.hex)) {
            return Err(Stop::Faced);
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
            return Err(Stop::Halts(h, why));
        }
        prev = h;
        prev_cell = c;
    }
    Ok(board.at(last).is_some_and(|c| c.deep_river()))
}

/// Every hex the unit can end a move in, with a shortest path there (the first
/// found in direction order, so the same for every run).
pub fn reach(world: &World, all: &[Unit], u: &Unit) -> Vec<(Hex, Vec<Hex>)> {
    if cannot_move(world, u).is_some() {
        return vec![];
    }
    let index = world.resource::<HexIndex>();
    let longest = usize::from(2 * u.movement);
    let board = world.resource::<Board>();
    let level = |h: Hex| board.at(h).map_or(0, |c| c.elevation);
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
        Some(((spent + step_cost(board, at, n), climbs), ()))
    });
    let mut found: Vec<(Hex, Vec<Hex>)> = Vec::new();
    let mut ends = std::collections::BTreeSet::new();
    for (i, label) in ways.labels().iter().enumerate().skip(1) {
        let end = (label.hex.x, label.hex.y);
        if ends.contains(&end) {
            continue;
        }
        let path = ways.path(i);
        if walk(world, all, u, &path, true).is_ok() {
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
