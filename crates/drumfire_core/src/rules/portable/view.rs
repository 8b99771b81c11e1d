//! Units and hexes as the Portable rules read them.

use crate::counters::{Counter, Done, Facing, Fired, Moved, OnHex, Pinned, Printed};
use crate::data::UnitClass;
use crate::map::{Crossing, HexIndex};
use crate::view::PieceBase;
use bevy_ecs::prelude::*;
use bevy_ecs::query::{QueryItem, QueryState};
use hexx::{EdgeDirection, Hex};

/// A unit on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its id, name, side, class and hex.
    pub base: PieceBase,
    /// Unit type id.
    pub unit_type: String,
    /// The way it faces.
    pub facing: EdgeDirection,
    /// Hexes it may move.
    pub movement: u8,
    /// Printed Close Combat Power.
    pub power: u8,
    /// Weapon range of a non-artillery unit.
    pub rifle_range: Option<u8>,
    /// Range of an artillery unit.
    pub gun_range: Option<u8>,
    /// Mounted cavalry.
    pub mounted: bool,
    /// Regular European cavalry.
    pub regular: bool,
    /// Pinned.
    pub pinned: bool,
    /// Activated this turn (moved, fired, unpinned or charged) or fired in the
    /// artillery fire phase.
    pub moved: bool,
    /// Fired this turn.
    pub fired: bool,
    /// Unpinned or charged this turn.
    pub done: bool,
    /// Fired in the artillery fire at the start of this turn.
    pub bombarded: bool,
}

crate::view::reads_as_base!(Unit);

impl Unit {
    /// Has it been activated this turn? (Artillery that fired at the start of the
    /// turn has not: it may still be unpinned.)
    pub fn activated(&self) -> bool {
        self.moved || self.done || (self.fired && !self.bombarded)
    }

    /// Infantry or cavalry (they may advance after a close combat).
    pub fn advances(&self) -> bool {
        matches!(self.class, UnitClass::Infantry | UnitClass::Cavalry)
    }

    /// An artillery unit.
    pub fn is_artillery(&self) -> bool {
        self.class == UnitClass::Artillery
    }
}

type UnitQuery = (
    Entity,
    &'static Counter,
    &'static OnHex,
    &'static Printed,
    Option<&'static Facing>,
    Has<Pinned>,
    Has<Moved>,
    Has<Fired>,
    Has<Done>,
);

/// Every unit on the map, by id.
pub fn units(world: &World) -> Vec<Unit> {
    let mut all = read(world, None);
    all.sort_by(|a, b| a.id.cmp(&b.id));
    all
}

/// The unit with this id, if on the map.
pub fn unit(world: &World, id: &str) -> Option<Unit> {
    match world.get_resource::<crate::counters::PieceIds>() {
        // Only its own piece read: the rules ask for one unit often.
        Some(ids) => read(world, Some(ids.get(id)?)).pop(),
        None => units(world).into_iter().find(|u| u.id == id),
    }
}

/// A query kept ready for reading units from a shared `&World`: the rules and the
/// computer player read them many times an order, and building the query each time
/// cost as much as reading.
#[derive(Resource)]
pub struct UnitQueryCache(std::sync::Mutex<QueryState<UnitQuery>>);

impl UnitQueryCache {
    /// Builds the query for a world.
    pub fn new(world: &mut World) -> Self {
        Self(std::sync::Mutex::new(world.query::<UnitQuery>()))
    }
}

/// The units on the map, or only `one` of them, in no set order.
fn read(world: &World, one: Option<Entity>) -> Vec<Unit> {
    let Some(cache) = world.get_resource::<UnitQueryCache>() else {
        return match world.try_query::<UnitQuery>() {
            Some(mut q) => {
                q.update_archetypes(world);
                read_with(world, &q, one)
            }
            None => vec![],
        };
    };
    let mut q = cache
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    q.update_archetypes(world);
    read_with(world, &q, one)
}

/// [`read`] through `q`, its archetypes brought up to date.
fn read_with(world: &World, q: &QueryState<UnitQuery>, one: Option<Entity>) -> Vec<Unit> {
    let data = world.resource::<crate::scenario::Rules>().0.data();
    let state = world.get_resource::<super::PtState>();
    let make = |(entity, c, on, printed, facing, pinned, moved, fired, done): QueryItem<
        '_,
        '_,
        UnitQuery,
    >| {
        let t = data.units.get(&c.unit_type);
        Unit {
            base: PieceBase::new(entity, c, on),
            unit_type: c.unit_type.clone(),
            facing: facing.map_or(EdgeDirection::FLAT_TOP, |f| f.0),
            movement: printed.full.movement,
            power: printed.full.close_combat.unwrap_or(1),
            rifle_range: printed.full.direct.map(|d| d.range),
            gun_range: printed.full.bombard.map(|d| d.range),
            mounted: t.is_some_and(|t| t.mounted),
            regular: t.is_some_and(|t| t.traits.iter().any(|x| x == "regular_european")),
            pinned,
            moved,
            fired,
            done,
            bombarded: state.is_some_and(|s| s.bombarded.contains(&c.id)),
        }
    };
    match one {
        Some(e) => q.get_manual(world, e).ok().map(make).into_iter().collect(),
        None => q.iter_manual(world).map(make).collect(),
    }
}

/// The unit in a hex (never more than one at the end of a move).
pub fn unit_at(world: &World, hex: Hex) -> Option<Unit> {
    let e = *world.resource::<HexIndex>().occupants(hex).first()?;
    let id = world.get::<Counter>(e)?.id.clone();
    unit(world, &id)
}

/// Enemy units of `side`.
pub fn enemies(all: &[Unit], side: u8) -> impl Iterator<Item = &Unit> {
    all.iter().filter(move |u| u.side != side)
}

/// What the rules read of one hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// Woods.
    pub woods: bool,
    /// A built-up area.
    pub built_up: bool,
    /// A fortification.
    pub fortified: bool,
    /// The terrain gives cover.
    pub cover: bool,
    /// The terrain blocks sight through the hex.
    pub blocks_sight: bool,
    /// Contour level.
    pub elevation: u8,
    /// Road sides, as bits of [`crate::map::Sides`].
    pub road: u8,
    /// A river through the hex, and its crossing.
    pub river: Option<Crossing>,
}

impl Cell {
    /// A river hex with neither bridge nor ford.
    pub fn deep_river(&self) -> bool {
        self.river == Some(Crossing::None)
    }

    /// A ford.
    pub fn ford(&self) -> bool {
        self.river == Some(Crossing::Ford)
    }
}

/// The map as the Portable rules read it.
pub type Board = crate::map::Board<Cell>;

/// Reads the hexes into the rules' [`Board`].
pub fn install_board(world: &mut World) {
    Board::install(world, crate::rules::portable::INFO.data(), |f| Cell {
        woods: f.terrain == "woods",
        built_up: f.terrain == "town",
        fortified: f.terrain == "fort",
        cover: f.kind.is_some_and(|k| k.cover),
        blocks_sight: f.kind.is_some_and(|k| k.blocks_sight),
        elevation: f.elevation,
        road: f.road,
        river: f.river,
    })
}

/// The hex as the rules read it, `None` off the map.
pub fn cell(world: &World, hex: Hex) -> Option<Cell> {
    Board::get(world, hex)
}

/// Can a unit in `from` see `to`? Ours (the seed has no line-of-sight rule): a hex
/// between them blocks when it is higher than both ends, or as high as the higher
/// end and woods or a built-up area. Where the line runs along a hexside it is
/// blocked only when the hexes on both sides block.
/// Ours — P-4 in docs/rules/portable.md: line of sight.
pub fn line_of_sight(world: &World, from: Hex, to: Hex) -> bool {
    let board = world.resource::<Board>();
    let (Some(a), Some(b)) = (board.at(from), board.at(to)) else {
        return false;
    };
    let high = a.elevation.max(b.elevation);
    let blocks = |h: Hex| {
        board
            .at(h)
            .is_some_and(|c| c.elevation > high || (c.elevation == high && c.blocks_sight))
    };
    crate::map::sees(from, to, blocks)
}

/// The hex label of a hex, as orders and the log write it.
pub fn label(hex: Hex) -> String {
    crate::coords::hex_label(hex)
}
