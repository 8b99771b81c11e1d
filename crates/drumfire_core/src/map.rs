//! The map as entities: one entity per hex, and the [`HexIndex`] from hex to
//! entity and occupants.

use crate::coords::MapCoord;
use bevy_ecs::prelude::*;
use hexx::{EdgeDirection, Hex};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

mod reach;

pub use reach::{Label, Order, Reach, Search, Way, reachable, search};

/// A hex of the map. Every hex entity has one.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexCell {
    /// Axial coordinate.
    pub hex: Hex,
    /// Printed map coordinate.
    pub coord: MapCoord,
}

/// The terrain type of a hex, by id into the rule set's terrain chart.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Terrain(pub String);

/// Height of a hex in contour levels; 0 is the valley floor.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Elevation(pub u8);

/// The six hexsides as a bit set, bit `i` for [`EdgeDirection::ALL_DIRECTIONS`]`[i]`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Sides(pub u8);

impl Sides {
    /// Adds the side facing `dir`.
    pub fn insert(&mut self, dir: EdgeDirection) {
        self.0 |= 1 << dir.index();
    }

    /// Is the side facing `dir` in the set?
    pub fn contains(self, dir: EdgeDirection) -> bool {
        self.0 & (1 << dir.index()) != 0
    }

    /// The directions in the set, in a fixed order.
    pub fn iter(self) -> impl Iterator<Item = EdgeDirection> {
        EdgeDirection::ALL_DIRECTIONS
            .into_iter()
            .filter(move |d| self.contains(*d))
    }

    /// No side set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// A road runs through this hex out of the sides in the set.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Road(pub Sides);

/// How a river hex may be crossed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Crossing {
    /// No crossing: the river is a barrier here.
    None,
    /// A bridge carries the road over.
    Bridge,
    /// The river can be waded here.
    Ford,
}

/// A river flows through this hex out of the sides in the set.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct River {
    /// Sides the river leaves by.
    pub sides: Sides,
    /// Bridge, ford or neither.
    pub crossing: Crossing,
}

/// A victory objective in this hex.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// Victory points for holding it at the end.
    pub points: u32,
    /// Side index that holds it now (last side to have a unit in it).
    pub held_by: Option<u8>,
}

/// Finds hexes and what stands in them without a query.
#[derive(Resource, Clone, Debug, Default)]
pub struct HexIndex {
    /// Map width in columns.
    pub width: u16,
    /// Map height in rows.
    pub height: u16,
    hexes: BTreeMap<MapCoord, Entity>,
    occupants: BTreeMap<MapCoord, Vec<Entity>>,
}

impl HexIndex {
    /// An index for a `width` x `height` map with no hexes yet.
    pub fn new(width: u16, height: u16) -> Self {
        Self {
            width,
            height,
            ..Default::default()
        }
    }

    /// Is the hex on the map?
    pub fn contains(&self, hex: Hex) -> bool {
        MapCoord::from_hex(hex).is_some_and(|m| m.col < self.width && m.row < self.height)
    }

    /// The same index in another world, each entity in it put through `to`.
    pub fn translated(&self, to: impl Fn(Entity) -> Entity) -> Self {
        Self {
            width: self.width,
            height: self.height,
            hexes: self.hexes.iter().map(|(c, e)| (*c, to(*e))).collect(),
            occupants: self
                .occupants
                .iter()
                .map(|(c, v)| (*c, v.iter().map(|e| to(*e)).collect()))
                .collect(),
        }
    }

    /// Records the entity of a hex.
    pub fn insert_hex(&mut self, coord: MapCoord, entity: Entity) {
        self.hexes.insert(coord, entity);
    }

    /// The entity of a hex on the map.
    pub fn hex_entity(&self, hex: Hex) -> Option<Entity> {
        self.hexes.get(&MapCoord::from_hex(hex)?).copied()
    }

    /// Every hex entity, in map order (column, then row).
    pub fn hexes(&self) -> impl Iterator<Item = (MapCoord, Entity)> + '_ {
        self.hexes.iter().map(|(c, e)| (*c, *e))
    }

    /// The pieces in a hex, in the order they were placed (bottom of the stack first).
    pub fn occupants(&self, hex: Hex) -> &[Entity] {
        MapCoord::from_hex(hex)
            .and_then(|m| self.occupants.get(&m))
            .map_or(&[], Vec::as_slice)
    }

    /// Every occupied hex with its pieces, in map order.
    pub fn stacks(&self) -> impl Iterator<Item = (Hex, &[Entity])> + '_ {
        self.occupants
            .iter()
            .map(|(c, v)| (c.to_hex(), v.as_slice()))
    }

    /// Puts a piece on top of a hex's stack.
    pub fn place(&mut self, hex: Hex, piece: Entity) {
        if let Some(m) = MapCoord::from_hex(hex) {
            self.occupants.entry(m).or_default().push(piece);
        }
    }

    /// Takes a piece out of a hex's stack.
    pub fn remove(&mut self, hex: Hex, piece: Entity) {
        if let Some(m) = MapCoord::from_hex(hex)
            && let Some(stack) = self.occupants.get_mut(&m)
        {
            stack.retain(|e| *e != piece);
            if stack.is_empty() {
                self.occupants.remove(&m);
            }
        }
    }
}

/// Does this counter hold an objective it stands in? Every piece but a leader: a
/// leader alone holds none (the Great War's D-16 in docs/rules/great-war.md; no other
/// rule set has leaders).
pub fn holds_objectives(c: &crate::counters::Counter) -> bool {
    c.class != crate::data::UnitClass::Leader
}

/// Moves counter `e` from hex `from` to hex `to` (the index and its `OnHex`); an
/// objective it enters is held by its side from then on.
pub fn move_counter(world: &mut World, e: Entity, from: Hex, to: Hex) {
    let side = world
        .get::<crate::counters::Counter>(e)
        .filter(|c| holds_objectives(c))
        .map(|c| c.side);
    let mut index = world.resource_mut::<HexIndex>();
    index.remove(from, e);
    index.place(to, e);
    let cell = index.hex_entity(to);
    world.entity_mut(e).insert(crate::counters::OnHex(to));
    if let (Some(c), Some(side)) = (cell, side)
        && let Some(mut o) = world.get_mut::<Objective>(c)
    {
        o.held_by = Some(side);
    }
}

/// Every objective hex with its points and the side holding it, in no set order.
pub fn objectives(world: &World) -> Vec<(Hex, u32, Option<u8>)> {
    let Some(mut q) = world.try_query::<(&HexCell, &Objective)>() else {
        return vec![];
    };
    q.iter(world)
        .map(|(c, o)| (c.hex, o.points, o.held_by))
        .collect()
}

/// The line of sight, written once for every rule set: can `from` see `to` when each
/// hex between them blocks or not as `blocks` says (a rule set's reading of its
/// terrain, heights and pieces)? The line is [`sight_line`]'s; where it runs exactly
/// along a hexside it is blocked only when the hexes on both sides block.
pub fn sees(from: Hex, to: Hex, blocks: impl Fn(Hex) -> bool) -> bool {
    sight_line(from, to)
        .into_iter()
        .all(|(left, right)| !(blocks(left) && blocks(right)))
}

/// The hexes a line from `from` to `to` passes through, both ends left out: one pair
/// per step, the same hex twice where the line crosses a hex, the two hexes on either
/// side where it runs exactly along a hexside. Integer arithmetic only, so the answer
/// is the same on every machine.
pub fn sight_line(from: Hex, to: Hex) -> Vec<(Hex, Hex)> {
    let n = i64::from(from.unsigned_distance_to(to));
    (1..n)
        .map(|i| (lerp_hex(from, to, i, n, 1), lerp_hex(from, to, i, n, -1)))
        .collect()
}

/// The hex at step `i` of `n` on the line from `a` to `b`, nudged a hair to one
/// side (`sign` +1 or -1) so that points on a hexside fall into one hex or the other.
fn lerp_hex(a: Hex, b: Hex, i: i64, n: i64, sign: i64) -> Hex {
    const K: i64 = 1 << 20;
    let cube = |h: Hex| {
        [
            i64::from(h.x),
            i64::from(h.y),
            -i64::from(h.x) - i64::from(h.y),
        ]
    };
    let (ca, cb) = (cube(a), cube(b));
    let nudge = [sign, 2 * sign, -3 * sign];
    let d = n * K;
    let mut v = [0i64; 3];
    let mut r = [0i64; 3];
    for k in 0..3 {
        v[k] = (ca[k] * (n - i) + cb[k] * i) * K + nudge[k];
        r[k] = (2 * v[k] + d).div_euclid(2 * d);
    }
    let diff = |k: usize| (r[k] * d - v[k]).abs();
    let (dx, dy, dz) = (diff(0), diff(1), diff(2));
    if dx > dy && dx > dz {
        r[0] = -r[1] - r[2];
    } else if dy > dz {
        r[1] = -r[0] - r[2];
    }
    Hex::new(r[0] as i32, r[1] as i32)
}

/// What the map holds on one hex, for a rule set to read into its own [`Board`].
#[derive(Clone, Copy, Debug)]
pub struct HexFacts<'a> {
    /// The terrain's id.
    pub terrain: &'a str,
    /// The terrain's type in the rule set's data, if it has one.
    pub kind: Option<&'a crate::data::TerrainType>,
    /// Its height in contour levels.
    pub elevation: u8,
    /// Road sides, as bits of [`Sides`].
    pub road: u8,
    /// A river through it, and its crossing.
    pub river: Option<Crossing>,
}

/// The map as a rule set reads it (its own `T` for each hex), read once from the hex
/// entities when the rule set starts or resets: terrain never changes in play. Kept
/// in a table by column and row, so reading a hex is an index, not a search: the
/// rules and the computer players read hexes more than anything else.
#[derive(Resource, Clone, Debug)]
pub struct Board<T: Send + Sync + 'static> {
    /// Rows in the table (the highest row of a hex, plus one).
    rows: usize,
    /// By column, then row; `None` where the map has no hex.
    cells: Vec<Option<T>>,
}

impl<T: Copy + Send + Sync + 'static> Board<T> {
    /// Reads every hex through `read` and puts the board in the world.
    pub fn install(
        world: &mut World,
        data: &crate::data::RuleSetData,
        read: impl Fn(&HexFacts) -> T,
    ) {
        let mut q = world.query::<(
            &HexCell,
            &Terrain,
            Option<&Elevation>,
            Option<&Road>,
            Option<&River>,
        )>();
        let read: Vec<(MapCoord, T)> = q
            .iter(world)
            .map(|(h, t, e, road, river)| {
                let facts = HexFacts {
                    terrain: &t.0,
                    kind: data.terrain.get(&t.0),
                    elevation: e.map_or(0, |e| e.0),
                    road: road.map_or(0, |r| (r.0).0),
                    river: river.map(|r| r.crossing),
                };
                (h.coord, read(&facts))
            })
            .collect();
        world.insert_resource(Self::from_cells(read));
    }

    /// A board of the given hexes.
    fn from_cells(read: Vec<(MapCoord, T)>) -> Self {
        let cols = read.iter().map(|(m, _)| usize::from(m.col) + 1).max();
        let rows = read.iter().map(|(m, _)| usize::from(m.row) + 1).max();
        let rows = rows.unwrap_or(0);
        let mut cells = vec![None; cols.unwrap_or(0) * rows];
        for (m, cell) in read {
            cells[usize::from(m.col) * rows + usize::from(m.row)] = Some(cell);
        }
        Self { rows, cells }
    }

    /// The hex as the rule set reads it, `None` off the map.
    pub fn get(world: &World, hex: Hex) -> Option<T> {
        world.resource::<Self>().at(hex)
    }

    /// The hex as the rule set reads it, `None` off the map (for a caller that reads
    /// many hexes of a board it holds).
    pub fn at(&self, hex: Hex) -> Option<T> {
        let m = MapCoord::from_hex(hex)?;
        let row = usize::from(m.row);
        if row >= self.rows {
            return None;
        }
        self.cells
            .get(usize::from(m.col) * self.rows + row)
            .copied()
            .flatten()
    }
}

/// The hexes next to `from` that `open` allows (enterable, free), each farther from
/// `enemy` than `from` is, the farthest first (then in map order): where a unit falls
/// back to.
pub fn away_from(from: Hex, enemy: Hex, open: impl Fn(Hex) -> bool) -> Vec<Hex> {
    let mut options: Vec<Hex> = from
        .all_neighbors()
        .into_iter()
        .filter(|h| open(*h))
        .filter(|h| h.unsigned_distance_to(enemy) > from.unsigned_distance_to(enemy))
        .collect();
    options.sort_by_key(|h| {
        (
            std::cmp::Reverse(h.unsigned_distance_to(enemy)),
            crate::coords::MapCoord::from_hex(*h),
        )
    });
    options
}

/// The straight line from `from` to `to`, hex by hex (`from` not included): the route a
/// refusal of a hex out of reach is worked out on.
pub fn direct_route(from: Hex, to: Hex) -> Vec<Hex> {
    let n = from.unsigned_distance_to(to) as usize;
    from.line_to(to).skip(1).take(n).collect()
}

/// Takes counter `e` off the map for good, for reason `why` (the hex index and its
/// `OnHex`); it stays in the world, off the map.
pub fn take_off(world: &mut World, e: Entity, why: crate::counters::OffMap) {
    if let Some(hex) = world.get::<crate::counters::OnHex>(e).map(|o| o.0) {
        world.resource_mut::<HexIndex>().remove(hex, e);
    }
    world
        .entity_mut(e)
        .remove::<crate::counters::OnHex>()
        .insert(why);
}

/// Unit `e`, made of stands or bases, loses stand `stand` (0 is the leftmost): counted
/// for victory points (each stand lost is a point to the enemy, the scenario's
/// `step_loss_points`), journaled, and off the map when none stands. Returns the stands
/// still standing, `None` when it had no such stand standing.
pub fn lose_stand(world: &mut World, e: Entity, stand: usize) -> Option<usize> {
    let mut stands = world.get_mut::<crate::counters::Stands>(e)?;
    stands.lose(stand).ok()?;
    let standing = stands.standing();
    let counter = world.get::<crate::counters::Counter>(e)?.clone();
    let sides = world.resource::<crate::sides::SideList>().0.len();
    let mut lost = world.resource_mut::<crate::sides::StepsLost>();
    if lost.0.len() < sides {
        lost.0.resize(sides, 0);
    }
    lost.count(counter.side);
    crate::journal::note(
        world,
        crate::journal::GameEvent::StandLost {
            piece: counter.id.clone(),
            stand: stand as u8,
            standing: standing as u8,
        },
    );
    if standing == 0 {
        take_off(world, e, crate::counters::OffMap::Eliminated);
        crate::journal::say(world, format!("{} is gone from the field.", counter.name));
    }
    Some(standing)
}

/// Counter `e` (scenario id `id`, in hex `from`) marches along `path` to its last hex,
/// facing the way it last stepped; journaled as one move. Nothing happens for an
/// empty path.
pub fn march(world: &mut World, e: Entity, id: &str, from: Hex, path: &[Hex]) {
    let Some(&last) = path.last() else {
        return;
    };
    let before = path.len().checked_sub(2).map_or(from, |i| path[i]);
    move_counter(world, e, from, last);
    if let Some(d) = before.neighbor_direction(last) {
        world.entity_mut(e).insert(crate::counters::Facing(d));
    }
    crate::journal::note(
        world,
        crate::journal::GameEvent::Moved {
            pieces: vec![id.to_owned()],
            from: crate::coords::hex_label(from),
            to: crate::coords::hex_label(last),
            via: path[..path.len() - 1]
                .iter()
                .map(|h| crate::coords::hex_label(*h))
                .collect(),
        },
    );
}

#[cfg(test)]
mod tests;
