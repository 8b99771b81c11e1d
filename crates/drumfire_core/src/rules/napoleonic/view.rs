//! Brigades and hexes as the Napoleonic rules read them.

use super::brigade::{Arm, Fighter};
use super::state::{Brigade, NpState};
use crate::counters::{Counter, Disordered, Routed, Shaken, Stands};
use crate::map::{Crossing, HexIndex};
use crate::view::{FromPiece, PieceBase};
use bevy_ecs::prelude::*;
use bevy_ecs::world::EntityRef;
use hexx::Hex;

/// A brigade on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its id, name, side and hex.
    pub base: PieceBase,
    /// Infantry, cavalry or a battery.
    pub arm: Arm,
    /// Its grades, order and formation.
    pub brigade: Brigade,
    /// Battalions still standing.
    pub standing: u8,
    /// Battalions it began with.
    pub total: u8,
    /// Disordered.
    pub disordered: bool,
    /// Shaken.
    pub shaken: bool,
    /// Routed.
    pub routed: bool,
}

crate::view::reads_as_base!(Piece);

impl Piece {
    /// Casualties it has taken (battalions lost).
    pub fn casualties(&self) -> u8 {
        self.total - self.standing
    }

    /// How the combat rules see it.
    pub fn fighter(&self) -> Fighter {
        Fighter {
            arm: self.arm,
            grades: self.brigade.grades,
            formation: self.brigade.formation,
            casualties: self.casualties(),
            strength: self.standing,
            disordered: self.disordered,
            shaken: self.shaken,
        }
    }
}

impl FromPiece for Piece {
    fn from_piece(
        world: &World,
        base: PieceBase,
        c: &Counter,
        entity: EntityRef<'_>,
    ) -> Option<Self> {
        let stands = entity.get::<Stands>();
        Some(Piece {
            arm: Arm::of(base.class),
            brigade: world
                .resource::<NpState>()
                .brigades
                .get(&c.id)
                .copied()
                .unwrap_or_default(),
            standing: stands.map_or(1, |s| s.standing() as u8),
            total: stands.map_or(1, |s| s.total() as u8),
            disordered: entity.contains::<Disordered>(),
            shaken: entity.contains::<Shaken>(),
            routed: entity.contains::<Routed>(),
            base,
        })
    }
}

/// Every brigade on the map, by id.
pub fn pieces(world: &World) -> Vec<Piece> {
    crate::view::all(world)
}

/// The brigade with this id, if on the map.
pub fn piece(world: &World, id: &str) -> Option<Piece> {
    crate::view::by_id(world, id)
}

/// The brigade in a hex.
pub fn piece_at(world: &World, hex: Hex) -> Option<Piece> {
    crate::view::first_in_hex(world, hex)
}

/// What the rules read of one hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// A built-up area or a wood (not "in the open"; N-10).
    pub cover: bool,
    /// What entering it costs, `None` where no brigade may go.
    pub cost: Option<u8>,
    /// Road sides, as bits of [`crate::map::Sides`].
    pub road: u8,
    /// A built-up area.
    pub built_up: bool,
}

/// The map as the Napoleonic rules read it.
pub type Board = crate::map::Board<Cell>;

/// Reads the hexes into the rules' [`Board`].
pub fn install_board(world: &mut World) {
    Board::install(world, super::INFO.data(), |f| {
        // Ours — N-15 in docs/rules/napoleonic.md: a river is crossed by bridge or
        // ford only.
        let deep = f.river == Some(Crossing::None);
        Cell {
            cover: f.kind.is_some_and(|k| k.cover),
            cost: if deep {
                None
            } else {
                f.kind.and_then(|k| k.move_cost)
            },
            road: f.road,
            built_up: f.terrain == BUILT_UP,
        }
    })
}

/// The terrain id of a built-up area.
pub const BUILT_UP: &str = "bua";

/// The built-up area `hex` lies in: every built-up hex joined to it through built-up
/// hexes, so a village of three hexes is one area (`built_up` says which hexes are);
/// empty where `hex` is not built up.
/// Ours — N-34 in docs/rules/napoleonic.md: a built-up area on hexes.
pub fn built_up_area(built_up: impl Fn(Hex) -> bool, hex: Hex) -> Vec<Hex> {
    if !built_up(hex) {
        return Vec::new();
    }
    let mut area = vec![hex];
    let mut i = 0;
    while i < area.len() {
        for n in area[i].all_neighbors() {
            if !area.contains(&n) && built_up(n) {
                area.push(n);
            }
        }
        i += 1;
    }
    area
}

/// The brigade of `side`, other than `id`, inside the built-up area of `hex`, if one
/// is: "Only one brigade per side is allowed inside BUA", so no other may go in. A
/// battery is no brigade: it neither keeps a brigade out nor is kept out.
pub fn friend_inside<'a>(
    world: &World,
    all: &'a [Piece],
    side: u8,
    id: &str,
    hex: Hex,
) -> Option<&'a Piece> {
    let brigade = |p: &Piece| p.arm != super::brigade::Arm::Artillery;
    if all.iter().find(|p| p.id == id).is_some_and(|p| !brigade(p)) {
        // A battery is no brigade (N-21): it may stand with one.
        return None;
    }
    let area = built_up_area(|h| cell(world, h).is_some_and(|c| c.built_up), hex);
    all.iter()
        .find(|o| o.side == side && o.id != id && brigade(o) && area.contains(&o.hex))
}

/// The hex as the rules read it, `None` off the map.
pub fn cell(world: &World, hex: Hex) -> Option<Cell> {
    Board::get(world, hex)
}

/// Is the hex in the open (neither built-up area nor wood)?
/// Ours — N-10 in docs/rules/napoleonic.md: "in the open".
pub fn in_the_open(world: &World, hex: Hex) -> bool {
    cell(world, hex).is_some_and(|c| !c.cover)
}

/// The hex label of a hex, as orders and the log write it.
pub fn label(hex: Hex) -> String {
    crate::coords::hex_label(hex)
}

/// How far a battery's guns reach, in hexes.
/// Ours — N-22 in docs/rules/napoleonic.md: 1 hex canister, 2 close, 3 long.
pub const GUN_RANGE: u32 = 3;

/// Can a battery in `from` see `to`: no brigade, built-up area or wood in a hex
/// between them (where the line runs along a hexside, both hexes beside it must
/// block: the core's line of sight, [`crate::map::sees`])?
pub fn clear_line(world: &World, from: Hex, to: Hex) -> bool {
    let index = world.resource::<HexIndex>();
    crate::map::sees(from, to, |h| {
        cell(world, h).is_none_or(|c| c.cover) || !index.occupants(h).is_empty()
    })
}

/// Is a deployed enemy battery of `side`'s enemies within its range of `hex`, and able
/// to see it? ("Minus 1 - Enemy deployed artillery", rule 11.)
/// Ours — N-25 in docs/rules/napoleonic.md.
pub fn enemy_guns_on(world: &World, side: u8, hex: Hex) -> bool {
    pieces(world).iter().any(|b| {
        b.side != side
            && b.arm == super::brigade::Arm::Artillery
            && b.brigade.formation == super::brigade::Formation::Deployed
            && !b.routed
            && b.hex.unsigned_distance_to(hex) <= GUN_RANGE
            && clear_line(world, b.hex, hex)
    })
}
