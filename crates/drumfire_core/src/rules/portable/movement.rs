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
    let board = world.resource::<Board>();
    let mut walker = Walker::new(board, all, u);
    for (i, &h) in path.iter().enumerate() {
        walker.step(h, ends && i + 1 == path.len())?;
    }
    Ok(board.at(last).is_some_and(|c| c.deep_river()))
}

/// What tells apart the walkers at the ends of two ways (see [`at_end`]): the last
/// hex, the first, the hexes entered and the mark.
type WayKey = (Hex, Option<Hex>, usize, (u8, u8));

/// A unit's move hex by hex under the movement rules: where it stands, what it spent
/// and what it has met on the way so far.
#[derive(Clone)]
struct Walker<'a, 'w> {
    board: &'w Board,
    all: &'a [Unit],
    u: &'w Unit,
    /// The enemy units that face it where it starts.
    faced_by: Vec<Hex>,
    spent: u8,
    climbs: u8,
    /// Mounted cavalry has been in woods.
    woods: bool,
    prev: Hex,
    prev_cell: super::view::Cell,
    /// Hexes entered so far.
    steps: usize,
    /// Why the hex it stands in stops it, if it does (asked when it goes on).
    halts: Option<&'static str>,
}

impl<'a, 'w> Walker<'a, 'w> {
    /// At the unit's hex, nothing spent.
    fn new(board: &'w Board, all: &'a [Unit], u: &'w Unit) -> Self {
        let faced_by = adjacent_enemies(all, u.side, u.hex)
            .iter()
            .filter(|e| e.hex.neighbor_direction(u.hex) == Some(e.facing))
            .map(|e| e.hex)
            .collect();
        let start = board.at(u.hex).unwrap_or_default();
        Self {
            board,
            all,
            u,
            faced_by,
            spent: 0,
            climbs: 0,
            woods: u.mounted && start.woods,
            prev: u.hex,
            prev_cell: start,
            steps: 0,
            halts: None,
        }
    }

    /// Into `h`, the next hex of the path; `end`: the move ends there, so a friend may
    /// not stand in it.
    fn step(&mut self, h: Hex, end: bool) -> Result<(), Stop<'a>> {
        let (u, board) = (self.u, self.board);
        if let Some(why) = self.halts {
            return Err(Stop::Halts(self.prev, why));
        }
        if self.prev.unsigned_distance_to(h) != 1 {
            return Err(Stop::NotNext(h, self.prev));
        }
        let Some(c) = board.at(h) else {
            return Err(Stop::OffMap(h));
        };
        if let Some(other) = self.all.iter().find(|o| o.hex == h) {
            if other.side != u.side {
                return Err(Stop::Enemy(h, &other.name));
            }
            if end {
                return Err(Stop::Friend(h, &other.name));
            }
        }
        self.spent += step_cost(board, self.prev, h);
        if self.spent > 2 * u.movement {
            return Err(Stop::TooFar(h));
        }
        if c.elevation != self.prev_cell.elevation {
            self.climbs += c.elevation.abs_diff(self.prev_cell.elevation);
            if self.climbs > 1 {
                return Err(Stop::Contours);
            }
        }
        self.woods |= u.mounted && c.woods;
        if self.woods && self.steps > 0 {
            return Err(Stop::Woods);
        }
        // A faced unit may move "providing that [...] it does not move into a hex that is
        // adjacent to another enemy Unit": any hex of the move, not only the first.
        let near = adjacent_enemies(self.all, u.side, h);
        if !self.faced_by.is_empty() && near.iter().any(|e| !self.faced_by.contains(&e.hex)) {
            return Err(Stop::Faced);
        }
        self.halts = halts(!near.is_empty(), c);
        self.prev = h;
        self.prev_cell = c;
        self.steps += 1;
        Ok(())
    }
}

/// Why a unit that entered a hex (`c`, next to an enemy unit or not) must stop there.
fn halts(near_enemy: bool, c: super::view::Cell) -> Option<&'static str> {
    if c.deep_river() {
        Some("a river hex with neither bridge nor ford")
    } else if c.ford() {
        Some("a ford (it stays there until the turn after next)")
    } else if near_enemy {
        Some("next to an enemy unit")
    } else {
        None
    }
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
    let start = Walker::new(board, all, u);
    // Breadth first over paths marked (half-hexes spent, contours crossed): a path
    // that gets somewhere no cheaper than an earlier one adds nothing.
    // The walker at the end of the way last asked about, for its six neighbours: what
    // it holds hangs on the way's last and first hexes, length and mark only.
    let mut last: Option<(WayKey, Walker)> = None;
    let ways = crate::map::search(u.hex, (0u8, 0u8), (), Order::Breadth, |way, n| {
        let path = way.path();
        if path.len() >= longest || n == u.hex || path.contains(&n) || !index.contains(n) {
            return None;
        }
        // A path that passes a friend but may not end there can still go on. The path
        // so far passed the rules (the label is there): the walker stands at its end.
        let key = (
            way.label().hex,
            path.first().copied(),
            path.len(),
            way.label().mark,
        );
        let at = match &last {
            Some((k, w)) if *k == key => w,
            _ => &last.insert((key, at_end(&start, path, key.3))).1,
        };
        let mut walker = at.clone();
        walker.step(n, false).ok()?;
        Some(((walker.spent, walker.climbs), ()))
    });
    // Every label's path passed the rules as a path that may go on: it may end where it
    // is unless a friend stands there (what `walk` with `ends` adds).
    let mut found: Vec<(Hex, Vec<Hex>)> = Vec::new();
    let mut ends = std::collections::BTreeSet::new();
    for (i, label) in ways.labels().iter().enumerate().skip(1) {
        let end = (label.hex.x, label.hex.y);
        if ends.contains(&end) || all.iter().any(|o| o.hex == label.hex) {
            continue;
        }
        ends.insert(end);
        found.push((label.hex, ways.path(i)));
    }
    found.sort_by_key(|(h, p)| (p.len(), crate::coords::MapCoord::from_hex(*h)));
    found
}

/// The walker `start` after `path`, a path that passed every step of the rules (its
/// end a friend's hex or not) having spent `spent` and crossed `climbs` contours: what
/// [`Walker::step`] over it leaves, read from its end alone. Past the first hex,
/// mounted cavalry has met no woods (or it would have stopped), so only the start and
/// the first hex tell.
fn at_end<'a, 'w>(
    start: &Walker<'a, 'w>,
    path: &[Hex],
    (spent, climbs): (u8, u8),
) -> Walker<'a, 'w> {
    let mut walker = Walker {
        faced_by: start.faced_by.clone(),
        ..*start
    };
    let Some(&last) = path.last() else {
        return walker;
    };
    let board = start.board;
    let c = board.at(last).unwrap_or_default();
    let first_woods = board.at(path[0]).is_some_and(|c| c.woods);
    let near = adjacent_enemies(start.all, start.u.side, last);
    walker.spent = spent;
    walker.climbs = climbs;
    walker.woods = start.woods || (start.u.mounted && first_woods);
    walker.prev = last;
    walker.prev_cell = c;
    walker.steps = path.len();
    walker.halts = halts(!near.is_empty(), c);
    walker
}

/// The way from `from` to the neighbouring `to`.
pub fn toward(from: Hex, to: Hex) -> Option<EdgeDirection> {
    from.neighbor_direction(to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::players::{Bot, PlayerKind};

    /// [`reach`] as it was first written: every path the search tries walked again
    /// from the start.
    fn reach_by_walks(world: &World, all: &[Unit], u: &Unit) -> Vec<(Hex, Vec<Hex>)> {
        if cannot_move(world, u).is_some() {
            return vec![];
        }
        let index = world.resource::<HexIndex>();
        let longest = usize::from(2 * u.movement);
        let board = world.resource::<Board>();
        let level = |h: Hex| board.at(h).map_or(0, |c| c.elevation);
        let ways = crate::map::search(u.hex, (0u8, 0u8), (), Order::Breadth, |way, n| {
            let path = way.path();
            if path.len() >= longest || n == u.hex || path.contains(&n) || !index.contains(n) {
                return None;
            }
            let mut next = path.to_vec();
            next.push(n);
            walk(world, all, u, &next, false).ok()?;
            let (at, (spent, climbs)) = (way.label().hex, way.label().mark);
            let climbs = climbs + level(at).abs_diff(level(n));
            Some(((spent + step_cost(board, at, n), climbs), ()))
        });
        let mut found: Vec<(Hex, Vec<Hex>)> = Vec::new();
        let mut ends = std::collections::BTreeSet::new();
        for (i, label) in ways.labels().iter().enumerate().skip(1) {
            let end = (label.hex.x, label.hex.y);
            let path = ways.path(i);
            if !ends.contains(&end) && walk(world, all, u, &path, true).is_ok() {
                ends.insert(end);
                found.push((label.hex, path));
            }
        }
        found.sort_by_key(|(h, p)| (p.len(), crate::coords::MapCoord::from_hex(*h)));
        found
    }

    /// The reach that steps on from the end of each path finds what walking every path
    /// again finds, for every unit at every moment of random games on both scenarios.
    #[test]
    fn the_reach_stepped_on_is_the_reach_of_paths_walked_again() {
        let mut compared = 0;
        for name in ["ravensberg_heights.ron", "ukhozi_drift.ron"] {
            let s = crate::testing::shipped("portable", name);
            for seed in 0..3 {
                let mut game = Game::new(&s, seed);
                let mut bots = [
                    Bot::new(PlayerKind::Random, seed),
                    Bot::new(PlayerKind::Random, seed + 1),
                ];
                while let Some(side) = game.awaiting().filter(|_| !game.is_over()) {
                    let all = super::super::view::units(game.world());
                    for u in &all {
                        let world = game.world();
                        assert_eq!(reach(world, &all, u), reach_by_walks(world, &all, u));
                        compared += 1;
                    }
                    assert_eq!(bots[usize::from(side)].give(&mut game, side), Ok(true));
                }
            }
        }
        assert!(compared > 5_000, "only {compared} reaches compared");
    }
}
