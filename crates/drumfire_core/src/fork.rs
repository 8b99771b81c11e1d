//! A copy of a game to look ahead in: [`Snapshot::take`] copies what the rules read
//! (the counters' components, the objectives, the hex markers, the core's resources
//! and each rule set's own), and [`Snapshot::put`] writes it into another game of
//! the same scenario, so that a search plays orders forward in that other game and
//! comes back to where it started without replaying the game from its first order.
//!
//! What is copied is listed in the world's [`Parts`]: the core lists its own (in
//! [`crate::game::CorePlugin`]) and each rule set its state and whatever else its
//! rules keep ([`crate::rule_set::RuleSet::kept`]). A copy's journal and order log
//! start empty: the rules never read them, and a search has no use for the past.
//!
//! Counters are never spawned or despawned in play (a destroyed counter is taken off
//! the map), so two games of one scenario have the same counters and hexes: a copy is
//! written onto the other game's counter of the same id and hex of the same place
//! (their entities may differ, after an undo), and only what differs is written.
//! [`Snapshot::put`] checks that the counters and the map are the same.

use crate::counters::{HexMarker, PieceIds};
use crate::map::HexIndex;
use bevy_ecs::prelude::*;
use std::any::Any;
use std::collections::BTreeMap;

type Value = Box<dyn Any + Send + Sync>;

/// One thing a copy holds: how to read it from a world and write it into another.
#[derive(Clone, Copy)]
struct Part {
    take: fn(&World) -> Value,
    put: fn(&mut World, &dyn Any),
    /// Takes it away as its game leaves the world (a resource; the rest goes with the
    /// game's entities).
    remove: fn(&mut World),
}

/// What a copy of a game holds, as the core and the rule set listed it.
#[derive(Resource, Clone, Default)]
pub struct Parts(Vec<Part>);

impl Parts {
    /// A resource, copied whole (or taken away where the copy has none).
    pub fn resource<T: Resource + Clone>(&mut self) -> &mut Self {
        self.0.push(Part {
            take: |w| Box::new(w.get_resource::<T>().cloned()),
            put: |w, v| match v.downcast_ref::<Option<T>>().expect("a resource part") {
                Some(r) => w.insert_resource(r.clone()),
                None => {
                    w.remove_resource::<T>();
                }
            },
            remove: |w| {
                w.remove_resource::<T>();
            },
        });
        self
    }

    /// A component of the counters (a marker, a piece's state), written only where it
    /// differs.
    pub fn piece_component<T: Component + Clone + PartialEq>(&mut self) -> &mut Self {
        self.custom(take_on::<T, OnPieces>, put_on::<T, OnPieces>)
    }

    /// A component of the hexes (an objective's holder), written only where it differs.
    pub fn hex_component<T: Component + Clone + PartialEq>(&mut self) -> &mut Self {
        self.custom(take_on::<T, OnHexes>, put_on::<T, OnHexes>)
    }

    /// A part of its own: `take` reads it, `put` writes what `take` read.
    pub fn custom(
        &mut self,
        take: fn(&World) -> Box<dyn Any + Send + Sync>,
        put: fn(&mut World, &dyn Any),
    ) -> &mut Self {
        self.0.push(Part {
            take,
            put,
            remove: |_| {},
        });
        self
    }

    /// Takes every resource listed away from `world` (its game leaving it).
    pub fn remove_from(&self, world: &mut World) {
        for part in &self.0 {
            (part.remove)(world);
        }
    }

    /// The hex markers: those of the copy put in place of the game's.
    pub fn hex_markers(&mut self) -> &mut Self {
        self.custom(take_hex_markers, put_hex_markers)
    }
}

/// The entities a component part lies on, in an order both games share.
trait On {
    fn entities(world: &World) -> Vec<Entity>;
}

/// The counters, by id.
struct OnPieces;

impl On for OnPieces {
    fn entities(world: &World) -> Vec<Entity> {
        world.resource::<PieceIds>().0.values().copied().collect()
    }
}

/// The hexes, in map order.
struct OnHexes;

impl On for OnHexes {
    fn entities(world: &World) -> Vec<Entity> {
        hexes(world).collect()
    }
}

fn hexes(world: &World) -> impl Iterator<Item = Entity> + '_ {
    world.resource::<HexIndex>().hexes().map(|(_, e)| e)
}

/// A component's value on each entity a part lies on.
fn take_on<T: Component + Clone, O: On>(world: &World) -> Value {
    let values: Vec<Option<T>> = O::entities(world)
        .into_iter()
        .map(|e| world.get::<T>(e).cloned())
        .collect();
    Box::new(values)
}

/// Writes what [`take_on`] read where it differs.
fn put_on<T: Component + Clone + PartialEq, O: On>(world: &mut World, v: &dyn Any) {
    let values = v
        .downcast_ref::<Vec<Option<T>>>()
        .expect("a component part");
    let entities = O::entities(world);
    write_components(world, &entities, values);
}

fn write_components<T: Component + Clone + PartialEq>(
    world: &mut World,
    entities: &[Entity],
    values: &[Option<T>],
) {
    for (e, value) in entities.iter().zip(values) {
        if world.get::<T>(*e) == value.as_ref() {
            continue;
        }
        let mut entity = world.entity_mut(*e);
        match value {
            Some(v) => {
                entity.insert(v.clone());
            }
            None => {
                entity.remove::<T>();
            }
        }
    }
}

/// The hex markers, as a part reads them.
fn take_hex_markers(world: &World) -> Value {
    let markers: Vec<HexMarker> = match world.try_query::<&HexMarker>() {
        Some(mut query) => query.iter(world).cloned().collect(),
        None => Vec::new(),
    };
    Box::new(markers)
}

fn put_hex_markers(world: &mut World, v: &dyn Any) {
    let markers = v.downcast_ref::<Vec<HexMarker>>().expect("hex markers");
    let present: Vec<(Entity, HexMarker)> = world
        .query::<(Entity, &HexMarker)>()
        .iter(world)
        .map(|(e, m)| (e, m.clone()))
        .collect();
    if present.iter().map(|(_, m)| m).eq(markers.iter()) {
        return;
    }
    for (e, _) in present {
        world.despawn(e);
    }
    for m in markers {
        world.spawn(m.clone());
    }
}

/// Adds parts to a game's list (a rule set's plugin calls it).
pub fn keep(world: &mut World, add: impl FnOnce(&mut Parts)) {
    add(&mut world.get_resource_or_insert_with(Parts::default));
}

/// A copy of a game at one moment.
pub struct Snapshot {
    pieces: BTreeMap<String, Entity>,
    index: HexIndex,
    values: Vec<Value>,
}

impl Snapshot {
    /// Copies what the rules read from a settled game.
    pub fn take(world: &World) -> Self {
        let parts = world.resource::<Parts>();
        Self {
            pieces: world.resource::<PieceIds>().0.clone(),
            index: world.resource::<HexIndex>().clone(),
            values: parts.0.iter().map(|p| (p.take)(world)).collect(),
        }
    }

    /// Writes the copy into `world`, a game of the same scenario: `Err` when its
    /// counters or its map are not the copy's.
    pub fn put(&self, world: &mut World) -> Result<(), String> {
        let theirs = &world.resource::<PieceIds>().0;
        if !theirs.keys().eq(self.pieces.keys()) {
            return Err("the copy is of another game: its counters differ".into());
        }
        let same: BTreeMap<Entity, Entity> = self
            .pieces
            .values()
            .copied()
            .zip(theirs.values().copied())
            .collect();
        let index = world.resource::<HexIndex>();
        let places: BTreeMap<Entity, Entity> = self
            .index
            .hexes()
            .zip(index.hexes())
            .filter(|((a, _), (b, _))| a == b)
            .map(|((_, mine), (_, theirs))| (mine, theirs))
            .collect();
        if index.hexes().count() != places.len() || self.index.hexes().count() != places.len() {
            return Err("the copy is of another game: its map differs".into());
        }
        let translated = self.index.translated(|e| {
            same.get(&e)
                .or_else(|| places.get(&e))
                .copied()
                .unwrap_or(e)
        });
        world.insert_resource(translated);
        let parts = world.resource::<Parts>().clone();
        if parts.0.len() != self.values.len() {
            return Err("the copy is of another rule set".into());
        }
        for (part, value) in parts.0.iter().zip(&self.values) {
            (part.put)(world, value.as_ref());
        }
        Ok(())
    }
}
