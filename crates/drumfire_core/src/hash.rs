//! A stable state hash over a canonical view of the world: hexes in map order,
//! counters by id, markers by kind. Entity ids and hash-map order never reach it,
//! so the same game gives the same hash on every machine and every run.

use crate::coords::MapCoord;
use crate::counters::{Counter, HexMarker, Leader, Morale, OnHex, Steps, markers_on};
use crate::dice::Dice;
use crate::flow::{ActionSegment, Initiative, Phase, StepsLost, Turn};
use crate::map::{Elevation, HexCell, HexIndex, Objective, River, Road, Terrain};
use bevy_ecs::prelude::*;
use bevy_state::state::State;
use std::fmt;

/// A 64-bit FNV-1a hash of the game's canonical state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StateHash(pub u64);

impl fmt::Display for StateHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl std::str::FromStr for StateHash {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        u64::from_str_radix(s, 16)
            .map(Self)
            .map_err(|_| format!("`{s}` is not a 16-digit hex state hash"))
    }
}

struct Fnv(u64);

impl Fnv {
    fn bytes(&mut self, b: &[u8]) {
        for byte in b {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
    fn str(&mut self, s: &str) {
        self.u64(s.len() as u64);
        self.bytes(s.as_bytes());
    }
}

/// Hashes everything that decides what happens next.
pub fn state_hash(world: &mut World) -> StateHash {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    hash_flow(world, &mut h);
    hash_hexes(world, &mut h);
    hash_counters(world, &mut h);
    hash_hex_markers(world, &mut h);
    hash_rules_and_seals(world, &mut h);
    StateHash(h.0)
}

/// Hashes the sequence of play (phase, turn, initiative, action segment, steps lost)
/// and the dice: their seed, key and position.
fn hash_flow(world: &World, h: &mut Fnv) {
    let phase = *world.resource::<State<Phase>>().get();
    h.u64(phase.hash_code());
    h.u64(u64::from(world.resource::<Turn>().0));
    h.u64(world.resource::<Initiative>().0.map_or(u64::MAX, u64::from));
    let seg = *world.resource::<ActionSegment>();
    h.u64(u64::from(seg.side) << 8 | u64::from(seg.passes_in_row));
    for lost in &world.resource::<StepsLost>().0 {
        h.u64(u64::from(*lost));
    }
    let dice = world.resource::<Dice>();
    h.u64(dice.seed());
    if let Some(key) = dice.key() {
        h.bytes(&key);
    }
    h.bytes(&dice.position().to_le_bytes());
}

/// Hashes every hex in map order: its place, terrain, elevation, road, river and
/// objective.
fn hash_hexes(world: &World, h: &mut Fnv) {
    let hexes: Vec<Entity> = world
        .resource::<HexIndex>()
        .hexes()
        .map(|(_, e)| e)
        .collect();
    for e in hexes {
        let cell = world.entity(e);
        let coord = cell
            .get::<HexCell>()
            .map_or(MapCoord::new(0, 0), |c| c.coord);
        h.u64(u64::from(coord.col) << 16 | u64::from(coord.row));
        h.str(cell.get::<Terrain>().map_or("", |t| &t.0));
        h.u64(u64::from(cell.get::<Elevation>().map_or(0, |e| e.0)));
        h.u64(u64::from(cell.get::<Road>().map_or(0, |r| r.0.0)));
        h.u64(
            cell.get::<River>()
                .map_or(0, |r| (u64::from(r.sides.0) << 8) | (r.crossing as u64 + 1)),
        );
        if let Some(o) = cell.get::<Objective>() {
            h.u64(u64::from(o.points) << 16 | o.held_by.map_or(0xffff, u64::from));
        }
    }
}

/// Hashes every counter, sorted by its key (id, unit type and stand kinds), with the
/// values of [`counter_entry`].
fn hash_counters(world: &mut World, h: &mut Fnv) {
    let mut counters: Vec<(String, Vec<u64>)> = world
        .query::<(
            EntityRef,
            &Counter,
            Option<&OnHex>,
            &Steps,
            &Morale,
            Option<&Leader>,
            Option<&crate::counters::OffMap>,
            Option<&crate::counters::Facing>,
            Option<&crate::counters::Stands>,
        )>()
        .iter(world)
        .map(|(e, c, on, steps, morale, leader, off, facing, stands)| {
            counter_entry(&e, c, on, steps, morale, leader, off, facing, stands)
        })
        .collect();
    counters.sort();
    for (id, values) in counters {
        h.str(&id);
        values.into_iter().for_each(|v| h.u64(v));
    }
}

/// A counter's sort key (`id:unit_type`, then `|kind` per stand) and the values
/// hashed for it: side, hex, steps, morale, markers, leader, off-map state, then its
/// facing and stands where it has them.
fn counter_entry(
    e: &EntityRef,
    c: &Counter,
    on: Option<&OnHex>,
    steps: &Steps,
    morale: &Morale,
    leader: Option<&Leader>,
    off: Option<&crate::counters::OffMap>,
    facing: Option<&crate::counters::Facing>,
    stands: Option<&crate::counters::Stands>,
) -> (String, Vec<u64>) {
    let at = on
        .and_then(|o| MapCoord::from_hex(o.0))
        .map_or(u64::MAX, |m| u64::from(m.col) << 16 | u64::from(m.row));
    let marks = markers_on(e)
        .iter()
        .fold(0u64, |acc, m| acc | 1 << (*m as u64));
    let lead = leader.map_or(0, |l| {
        (u64::from(l.rank) << 24)
            | (u64::from(l.combat as u8) << 16)
            | (u64::from(l.morale_mod as u8) << 8)
            | (l.kind as u64 + 1)
    });
    let mut values = vec![
        u64::from(c.side),
        at,
        u64::from(steps.current),
        u64::from(steps.max),
        u64::from(morale.0),
        marks,
        lead,
        off.map_or(0, |o| *o as u64 + 1),
    ];
    // Only rule sets with facing give counters one, so older hashes stand.
    if let Some(f) = facing {
        values.push(u64::from(f.0.index()) + 1);
    }
    // Only units of stands have them, so older hashes stand too.
    let mut key = format!("{}:{}", c.id, c.unit_type);
    if let Some(stands) = stands {
        let lost = stands
            .0
            .iter()
            .enumerate()
            .fold(0u64, |acc, (i, s)| acc | u64::from(s.lost) << i);
        values.push(1 << 32 | (stands.total() as u64) << 16 | lost);
        for s in &stands.0 {
            key.push('|');
            key.push_str(&s.kind);
        }
    }
    (key, values)
}

/// Hashes the hex markers, sorted by hex, then kind and side, then source.
fn hash_hex_markers(world: &mut World, h: &mut Fnv) {
    let mut markers: Vec<(u64, u64, String)> = world
        .query::<&HexMarker>()
        .iter(world)
        .map(|m| {
            let at = MapCoord::from_hex(m.hex)
                .map_or(u64::MAX, |c| u64::from(c.col) << 16 | u64::from(c.row));
            (
                at,
                (m.kind as u64) << 8 | u64::from(m.side),
                m.source.clone(),
            )
        })
        .collect();
    markers.sort();
    for (at, kind, source) in markers {
        h.u64(at);
        h.u64(kind);
        h.str(&source);
    }
}

/// Hashes the rule set's own state text and, in a game between two machines, the
/// seals of each side.
fn hash_rules_and_seals(world: &World, h: &mut Fnv) {
    if let Some(rules) = world.get_resource::<crate::scenario::Rules>() {
        h.str(&(rules.0.state_text)(world));
    }
    // Only a game between two machines has seals, so older hashes stand.
    if let Some(seals) = world.get_resource::<crate::sealed::Seals>() {
        for (side, seal) in &seals.0 {
            h.u64(u64::from(*side));
            h.str(seal);
        }
    }
}
