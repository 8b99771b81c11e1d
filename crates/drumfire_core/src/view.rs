//! A piece on the map as every rule set reads it: its counter's id, name, side and
//! class and the hex it stands in ([`PieceBase`]), which each rule set's own view of a
//! piece holds next to what its rules read besides ([`FromPiece`]), and the reading of
//! those views by entity, by id, by hex and all of them in the order of their ids.

use crate::counters::{Counter, OnHex, PieceIds};
use crate::data::UnitClass;
use crate::map::HexIndex;
use bevy_ecs::prelude::*;
use bevy_ecs::world::EntityRef;
use hexx::Hex;

/// What every rule set reads alike of a piece on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceBase {
    /// Scenario id.
    pub id: String,
    /// Its entity.
    pub entity: Entity,
    /// Name on the counter.
    pub name: String,
    /// Owning side.
    pub side: u8,
    /// Its class.
    pub class: UnitClass,
    /// Where it stands.
    pub hex: Hex,
}

impl PieceBase {
    /// The piece `entity`, of counter `counter`, standing in `on`.
    pub fn new(entity: Entity, counter: &Counter, on: &OnHex) -> Self {
        Self {
            id: counter.id.clone(),
            entity,
            name: counter.name.clone(),
            side: counter.side,
            class: counter.class,
            hex: on.0,
        }
    }
}

/// Lets a rule set's view of a piece, a struct with a `base: PieceBase` field, be read
/// as its [`PieceBase`] (`u.id`, `u.hex`).
macro_rules! reads_as_base {
    ($view:ty) => {
        impl std::ops::Deref for $view {
            type Target = $crate::view::PieceBase;
            fn deref(&self) -> &$crate::view::PieceBase {
                &self.base
            }
        }

        impl std::ops::DerefMut for $view {
            fn deref_mut(&mut self) -> &mut $crate::view::PieceBase {
                &mut self.base
            }
        }
    };
}
pub(crate) use reads_as_base;

/// A rule set's view of a piece on the map: its [`PieceBase`] and what the rule set's
/// rules read of it besides.
pub trait FromPiece: Sized {
    /// The view of the piece `base`, read from its counter and entity; `None` leaves
    /// it out (a piece the rule set does not read).
    fn from_piece(
        world: &World,
        base: PieceBase,
        counter: &Counter,
        entity: EntityRef<'_>,
    ) -> Option<Self>;
}

/// The view of entity `e`, if it is a piece on the map (a counter in a hex).
pub fn view_of<V: FromPiece>(world: &World, e: Entity) -> Option<V> {
    let entity = world.get_entity(e).ok()?;
    let (c, on) = (entity.get::<Counter>()?, entity.get::<OnHex>()?);
    V::from_piece(world, PieceBase::new(e, c, on), c, entity)
}

/// Every piece on the map, in the order of their ids.
pub fn all<V: FromPiece>(world: &World) -> Vec<V> {
    world
        .resource::<PieceIds>()
        .0
        .values()
        .filter_map(|e| view_of(world, *e))
        .collect()
}

/// The piece with this id, if it is on the map.
pub fn by_id<V: FromPiece>(world: &World, id: &str) -> Option<V> {
    view_of(world, world.resource::<PieceIds>().get(id)?)
}

/// The pieces in a hex, bottom of the stack first.
pub fn in_hex<V: FromPiece>(world: &World, hex: Hex) -> Vec<V> {
    world
        .resource::<HexIndex>()
        .occupants(hex)
        .iter()
        .filter_map(|e| view_of(world, *e))
        .collect()
}

/// The piece at the bottom of a hex's stack, if there is one.
pub fn first_in_hex<V: FromPiece>(world: &World, hex: Hex) -> Option<V> {
    view_of(world, *world.resource::<HexIndex>().occupants(hex).first()?)
}
