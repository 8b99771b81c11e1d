//! Moving on the map: what each hex costs, how far a unit goes, where it may not go,
//! and contact, which locks personnel in place ("Once contacted during either of the
//! movement phases, opposing personnel units (both attacking and defending) are locked
//! in place").
//! Ours — W-D20 in docs/rules/wwii.md: the movement rules around the assault.

use super::contact;
use super::state::WwiiState;
use super::view::{self, Unit};
use crate::map;
use bevy_ecs::prelude::*;
use hexx::Hex;
use std::collections::BTreeMap;

/// The most units a hex holds.
pub fn stack_limit() -> usize {
    usize::from(super::INFO.data().stack_limit)
}

/// Hexes of movement the unit has left this turn.
pub fn left(world: &World, u: &Unit) -> u32 {
    let spent = world
        .resource::<WwiiState>()
        .spent
        .get(&u.id)
        .copied()
        .unwrap_or(0);
    u.figures.movement.saturating_sub(spent)
}

/// Is the unit locked in place: personnel in contact with enemy personnel?
/// Ours — W-D28 in docs/rules/wwii.md: units that still touch after an assault phase
/// stay locked; their assault goes on in the next assault phase ("An assault occurs
/// when personnel units begin an assault phase in base to base contact"), so it is not
/// resolved while they touch, and only a voluntary rout, a fall back or an enemy's
/// elimination breaks the contact.
pub fn locked(all: &[Unit], u: &Unit) -> bool {
    let enemies: Vec<(contact::Placed, bool)> = all
        .iter()
        .filter(|e| e.side != u.side)
        .map(|e| (e.placed(), e.kind().personnel()))
        .collect();
    contact::locked_in_place(u.placed(), u.kind().personnel(), &enemies)
}

/// Why the unit may not move now, if it may not.
pub fn cannot_move(world: &World, u: &Unit) -> Option<String> {
    let state = world.resource::<WwiiState>();
    if state.moved.contains(&u.id) {
        return Some(format!("{} has made its move this turn", u.name));
    }
    if u.morale.pinned_or_worse() {
        return Some(format!(
            "{} is {}: it may not move (a voluntary rout aside)",
            u.name,
            u.morale.name()
        ));
    }
    if locked(&view::units(world), u) {
        return Some(format!(
            "{} is locked in place in contact with the enemy: \"neither participant may break contact until the assault is resolved\" (unless it routs)",
            u.name
        ));
    }
    if left(world, u) == 0 {
        return Some(format!("{} has no movement left", u.name));
    }
    None
}

/// Why the unit may not enter `next` having spent `spent` this move, if it may not;
/// else what it has spent there.
fn step(world: &World, all: &[Unit], u: &Unit, spent: u32, next: Hex) -> Result<u32, String> {
    step_or_halt(world, all, u, spent, next).map_err(|halt| halt.message(u, next))
}

/// Why a step is refused: written out only for a refusal, since the search for a unit's
/// reach tries many steps that fail.
#[derive(Clone, Copy, Debug)]
enum Halt {
    /// Off the map.
    OffMap,
    /// Terrain no unit enters.
    Impassable,
    /// Terrain closed to the unit's kind, and why.
    Closed(&'static str),
    /// The enemy holds it.
    Enemy,
    /// The stacking limit, with the units there.
    Stacked(usize),
    /// Beyond the movement left.
    TooFar(u32),
    /// Cavalry may not make that contact, and why.
    Contact(&'static str),
}

impl Halt {
    /// The refusal a player reads, for a step into `next`.
    fn message(self, u: &Unit, next: Hex) -> String {
        let label = crate::coords::HexLabel(next);
        match self {
            Halt::OffMap => format!("{label} is off the map"),
            Halt::Impassable => format!("{label} cannot be entered"),
            Halt::Closed(why) => format!("{label} is {why}"),
            Halt::Enemy => format!("{label} is held by the enemy"),
            Halt::Stacked(n) => {
                format!("{label} holds {n} units already: {} at most", stack_limit())
            }
            Halt::TooFar(left) => format!(
                "{label} is beyond {}'s movement: {left} hex{} left",
                u.name,
                if left == 1 { "" } else { "es" }
            ),
            Halt::Contact(why) => format!("{label} is in contact there: {why}"),
        }
    }
}

/// [`step`], the refusal unwritten.
fn step_or_halt(world: &World, all: &[Unit], u: &Unit, spent: u32, next: Hex) -> Result<u32, Halt> {
    let Some(cell) = view::cell(world, next) else {
        return Err(Halt::OffMap);
    };
    let Some(cost) = cell.cost else {
        return Err(Halt::Impassable);
    };
    if let Some(why) = cell.closed_to(u.kind()) {
        return Err(Halt::Closed(why));
    }
    let mut here = 0;
    for o in all.iter().filter(|o| o.hex == next && o.id != u.id) {
        if o.side != u.side {
            return Err(Halt::Enemy);
        }
        here += 1;
    }
    if here >= stack_limit() {
        return Err(Halt::Stacked(here));
    }
    let total = spent + u32::from(cost);
    let left = left(world, u);
    if total > left {
        return Err(Halt::TooFar(left));
    }
    if u.kind() == super::mixed::Kind::Cavalry {
        let defenders: Vec<super::modifiers::Involved> = all
            .iter()
            .filter(|e| e.side != u.side && e.hex.unsigned_distance_to(next) == 1)
            .map(|e| super::modifiers::Involved {
                bases: e.bases(),
                full_cover: view::cell(world, e.hex).is_some_and(|c| c.full_cover),
                ..Default::default()
            })
            .collect();
        let vehicles = all.iter().any(|e| {
            e.side != u.side && e.hex.unsigned_distance_to(next) == 1 && e.kind().vehicle()
        });
        if let Some(why) = super::modifiers::cavalry_may_not_assault(&defenders, vehicles) {
            return Err(Halt::Contact(why));
        }
    }
    Ok(total)
}

/// Is an enemy personnel unit next to `hex` (contact that locks personnel)?
pub fn enemy_personnel_next(all: &[Unit], side: u8, hex: Hex) -> bool {
    all.iter()
        .any(|e| e.side != side && e.kind().personnel() && e.hex.unsigned_distance_to(hex) == 1)
}

/// Is any enemy unit next to `hex`?
pub fn enemy_next(all: &[Unit], side: u8, hex: Hex) -> bool {
    all.iter()
        .any(|e| e.side != side && e.hex.unsigned_distance_to(hex) == 1)
}

/// Checks a move hex by hex: each hex next to the one before, enterable, not the
/// enemy's, within the stacking limit and the unit's movement left; personnel stop at
/// the first hex in contact with enemy personnel.
pub fn check_path(world: &World, u: &Unit, path: &[Hex]) -> Result<(), String> {
    if let Some(why) = cannot_move(world, u) {
        return Err(why);
    }
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
        spent = step(world, &all, u, spent, next)?;
        if i + 1 < path.len() && u.kind().personnel() && enemy_personnel_next(&all, u.side, next) {
            return Err(format!(
                "{} makes contact at {}: it is locked in place there",
                u.name,
                view::label(next)
            ));
        }
        at = next;
    }
    Ok(())
}

/// Every hex the unit can reach now, with a path to it (the start hex not included),
/// the cheapest first found.
pub fn reachable(world: &World, u: &Unit) -> BTreeMap<(i32, i32), Vec<Hex>> {
    if cannot_move(world, u).is_some() {
        return BTreeMap::new();
    }
    let all = view::units(world);
    let personnel = u.kind().personnel();
    // Breadth first, the mark whether personnel are locked there, in contact.
    let found = map::search(u.hex, false, 0u32, map::Order::Breadth, |way, next| {
        let at = way.label();
        if at.mark || next == u.hex {
            return None;
        }
        let total = step_or_halt(world, &all, u, at.cost, next).ok()?;
        Some((personnel && enemy_personnel_next(&all, u.side, next), total))
    });
    found
        .best()
        .map(|i| {
            let h = found.labels()[i].hex;
            ((h.x, h.y), found.path(i))
        })
        .collect()
}

/// What the path costs.
pub fn cost(world: &World, path: &[Hex]) -> u32 {
    path.iter()
        .map(|h| {
            view::cell(world, *h)
                .and_then(|c| c.cost)
                .map_or(0, u32::from)
        })
        .sum()
}

/// Where the unit falls back `hexes` hexes to, step by step away from the nearest
/// enemy: the hexes, the first step none when it cannot fall back at all.
pub fn fall_back_path(world: &World, u: &Unit, hexes: u32) -> Vec<Hex> {
    let all = view::units(world);
    let Some(enemy) = all
        .iter()
        .filter(|e| e.side != u.side)
        .min_by_key(|e| (e.hex.unsigned_distance_to(u.hex), e.id.clone()))
        .map(|e| e.hex)
    else {
        return vec![];
    };
    let mut path = Vec::new();
    let mut at = u.hex;
    for _ in 0..hexes {
        let open = |h: Hex| {
            view::cell(world, h)
                .is_some_and(|c| c.cost.is_some() && c.closed_to(u.kind()).is_none())
                && !all.iter().any(|o| o.hex == h && o.id != u.id)
                && !enemy_next(&all, u.side, h)
        };
        let Some(next) = crate::map::away_from(at, enemy, open).into_iter().next() else {
            break;
        };
        path.push(next);
        at = next;
    }
    path
}
