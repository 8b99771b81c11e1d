//! Units and hexes as the ACW rules read them.

use super::chit::Chit;
use super::state::AcwState;
use crate::counters::{Counter, Facing, Routed, Stands};
use crate::map::Crossing;
use crate::view::{FromPiece, PieceBase};
use bevy_ecs::prelude::*;
use bevy_ecs::world::EntityRef;
use hexx::{EdgeDirection, Hex};

/// A unit on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its id, name, side and hex.
    pub base: PieceBase,
    /// A battery (placed at the start, never moves), not a regiment.
    pub battery: bool,
    /// The hexside its front faces.
    pub facing: EdgeDirection,
    /// Its stands, left to right as it faces, which are lost.
    pub stands: Stands,
    /// Routed.
    pub routed: bool,
}

crate::view::reads_as_base!(Unit);

impl Unit {
    /// Stands still standing.
    pub fn standing(&self) -> usize {
        self.stands.standing()
    }
}

impl FromPiece for Unit {
    fn from_piece(_: &World, base: PieceBase, _: &Counter, entity: EntityRef<'_>) -> Option<Self> {
        Some(Unit {
            battery: base.class == crate::data::UnitClass::Artillery,
            base,
            facing: entity
                .get::<Facing>()
                .map_or(EdgeDirection::FLAT_TOP, |f| f.0),
            stands: entity.get::<Stands>().cloned().unwrap_or_default(),
            routed: entity.contains::<Routed>(),
        })
    }
}

/// Every unit on the map.
pub fn units(world: &World) -> Vec<Unit> {
    crate::view::all(world)
}

/// The unit with this id, if on the map.
pub fn unit(world: &World, id: &str) -> Option<Unit> {
    crate::view::by_id(world, id)
}

/// The unit in a hex.
pub fn unit_at(world: &World, hex: Hex) -> Option<Unit> {
    crate::view::first_in_hex(world, hex)
}

/// The chit behind a unit this turn.
pub fn chit(world: &World, id: &str) -> Option<Chit> {
    world.resource::<AcwState>().chit(id)
}

/// The chit behind a unit as this machine knows it: turned over or shown, else,
/// between two machines, its own side's chit kept sealed
/// ([`super::sealing::OwnChits`]). The rules read it only to check an order of the
/// unit's own side; what happens next never hangs on it.
pub fn chit_known(world: &World, id: &str) -> Option<Chit> {
    chit(world, id).or_else(|| {
        world
            .get_resource::<super::sealing::OwnChits>()?
            .chits
            .get(id)
            .map(|(c, _)| *c)
    })
}

/// The chit behind a unit of `side` as `viewer` may see it: its own side's always
/// (kept sealed on its own machine too), the other side's once turned over; `None`
/// for an onlooker until turned over.
pub fn chit_seen_by(world: &World, id: &str, side: u8, viewer: Option<u8>) -> Option<Chit> {
    let state = world.resource::<AcwState>();
    if viewer == Some(side) {
        return chit_known(world, id);
    }
    state.chit_seen_by(id, side, viewer)
}

/// Is this unit's chit placed, face down or up (sealed on another machine counts)?
pub fn has_chit(world: &World, id: &str) -> bool {
    chit(world, id).is_some()
        || world
            .get_resource::<super::sealing::ChitSeals>()
            .is_some_and(|s| s.is_sealed(id))
}

/// Prints on each counter its chit as the table shows it: the chit's word once it is
/// turned over, "?" while it lies face down (or is still to be placed).
pub fn label_chits(world: &mut World) {
    let state = world.resource::<AcwState>();
    let labels: Vec<(Entity, String)> = units(world)
        .into_iter()
        .map(|u| {
            let word = state
                .revealed
                .contains(&u.id)
                .then(|| state.chit(&u.id))
                .flatten()
                .map_or("?", Chit::short);
            (u.entity, word.to_owned())
        })
        .collect();
    for (e, word) in labels {
        if world.get::<crate::counters::Label>(e).map(|l| l.0.as_str()) != Some(word.as_str()) {
            world.entity_mut(e).insert(crate::counters::Label(word));
        }
    }
}

/// What the rules read of one hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// What entering it costs, `None` where no unit may go.
    pub cost: Option<u8>,
    /// It blocks the line of sight.
    pub blocks_sight: bool,
    /// A wood ("Enemy in wood").
    pub wood: bool,
    /// Fenced fields: a unit in it stands behind a linear obstacle.
    pub fenced: bool,
    /// Its height in contour levels.
    pub elevation: u8,
}

/// The map as the ACW rules read it.
pub type Board = crate::map::Board<Cell>;

/// Reads the map into the rules' board.
pub fn install_board(world: &mut World) {
    Board::install(world, super::INFO.data(), |f| {
        // Ours — A-14 in docs/rules/acw.md: a river is crossed by bridge or ford only.
        let deep = f.river == Some(Crossing::None);
        Cell {
            cost: if deep {
                None
            } else {
                f.kind.and_then(|k| k.move_cost)
            },
            blocks_sight: f.kind.is_some_and(|k| k.blocks_sight),
            wood: f.terrain == "wood",
            fenced: f.terrain == "fenced",
            elevation: f.elevation,
        }
    })
}

/// The hex as the rules read it, `None` off the map.
pub fn cell(world: &World, hex: Hex) -> Option<Cell> {
    Board::get(world, hex)
}

/// The hexes of a path as an order writes them (labels that are no hex left out: the
/// order door refused those).
pub fn hexes(path: &[String]) -> Vec<Hex> {
    path.iter()
        .filter_map(|l| crate::scenario::hex_of(l))
        .collect()
}

/// The hex label of a hex, as orders and the log write it.
pub fn label(hex: Hex) -> String {
    crate::coords::hex_label(hex)
}
