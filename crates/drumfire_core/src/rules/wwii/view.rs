//! Units and hexes as the WWII rules read them.

use super::mixed::Kind;
use super::modifiers::Training;
use super::morale::State;
use super::state::WwiiState;
use super::units::{self, Figures};
use crate::counters::{Counter, Facing, Stands};
use crate::view::{FromPiece, PieceBase};
use bevy_ecs::prelude::*;
use bevy_ecs::world::EntityRef;
use hexx::{EdgeDirection, Hex};

/// A unit on the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its id, name, side and hex.
    pub base: PieceBase,
    /// Its type's figures as the rules read them (a dismounted cavalry troop's as
    /// infantry on foot).
    pub figures: Figures,
    /// The hexside its front faces.
    pub facing: EdgeDirection,
    /// Its bases, left to right as it faces, which are lost one by one.
    pub stands: Stands,
    /// Its morale.
    pub morale: State,
    /// Prone.
    pub prone: bool,
    /// Its training: its own if the scenario gives it one, else its side's.
    pub training: Training,
}

crate::view::reads_as_base!(Unit);

impl Unit {
    /// Bases still standing.
    pub fn bases(&self) -> u32 {
        self.stands.standing() as u32
    }

    /// What kind of unit it is.
    pub fn kind(&self) -> Kind {
        self.figures.kind
    }

    /// Where it stands and faces, for contact.
    pub fn placed(&self) -> super::contact::Placed {
        super::contact::Placed {
            hex: self.hex,
            facing: self.facing,
        }
    }
}

impl FromPiece for Unit {
    fn from_piece(
        world: &World,
        base: PieceBase,
        c: &Counter,
        entity: EntityRef<'_>,
    ) -> Option<Self> {
        let state = world.resource::<WwiiState>();
        let mut figures = units::figures_of(&c.unit_type)?;
        if figures.kind == Kind::Cavalry && state.dismounted.contains(&c.id) {
            figures = super::units::dismounted(figures);
        }
        Some(Unit {
            figures,
            facing: entity
                .get::<Facing>()
                .map_or(EdgeDirection::FLAT_TOP, |f| f.0),
            stands: entity.get::<Stands>().cloned().unwrap_or_default(),
            morale: state.morale_of(&c.id),
            prone: state.prone.contains(&c.id),
            training: world
                .get_resource::<super::scenario::UnitTraining>()
                .and_then(|t| t.0.get(&c.id).copied())
                .or_else(|| state.training.get(usize::from(c.side)).copied())
                .unwrap_or_default(),
            base,
        })
    }
}

/// Every unit on the map, in the order of their ids.
pub fn units(world: &World) -> Vec<Unit> {
    crate::view::all(world)
}

/// The unit with this id, if on the map.
pub fn unit(world: &World, id: &str) -> Option<Unit> {
    crate::view::by_id(world, id)
}

/// The units in a hex.
pub fn units_at(world: &World, hex: Hex) -> Vec<Unit> {
    crate::view::in_hex(world, hex)
}

/// What the rules read of one hex.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// What entering it costs, `None` where no unit may go.
    pub cost: Option<u8>,
    /// It blocks the line of sight.
    pub blocks_sight: bool,
    /// Solid cover or better (a wood, hedges, buildings, a bunker).
    pub solid_cover: bool,
    /// Full, enclosed cover: buildings, a bunker or pillbox.
    pub full_cover: bool,
    /// A bunker or pillbox: tanks cannot assault those inside.
    pub bunker: bool,
    /// Marsh: no vehicle may enter.
    pub marsh: bool,
}

impl Cell {
    /// Why a unit of `kind` may not enter the hex, if it may not: no vehicle into marsh
    /// (W-D17), no mounted cavalry into buildings or a bunker.
    /// Ours — W-D31 in docs/rules/wwii.md: cavalry holds buildings and bunkers only
    /// dismounted.
    pub fn closed_to(&self, kind: Kind) -> Option<&'static str> {
        if self.marsh && kind.vehicle() {
            Some("marsh: no vehicle may enter it")
        } else if self.full_cover && kind == Kind::Cavalry {
            Some("buildings or a bunker: no mounted cavalry may enter it")
        } else {
            None
        }
    }
}

/// The map as the WWII rules read it.
pub type Board = crate::map::Board<Cell>;

/// Reads the map into the rules' board.
pub fn install_board(world: &mut World) {
    Board::install(world, super::INFO.data(), |f| Cell {
        cost: f.kind.and_then(|k| k.move_cost),
        blocks_sight: f.kind.is_some_and(|k| k.blocks_sight),
        solid_cover: f.kind.is_some_and(|k| k.cover),
        ..cell_of_terrain(f.terrain)
    })
}

/// What the rules read of a terrain by its id alone (its enclosed cover, bunker and
/// marsh), for the set-up's checks as for the board.
pub fn cell_of_terrain(terrain: &str) -> Cell {
    Cell {
        full_cover: terrain == "town" || terrain == "bunker",
        bunker: terrain == "bunker",
        marsh: terrain == "marsh",
        ..Cell::default()
    }
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

/// Prints on each counter its morale when it is not in good order, and "PRONE".
pub fn label_morale(world: &mut World) {
    let labels: Vec<(Entity, Option<String>)> = units(world)
        .into_iter()
        .map(|u| {
            let word = match u.morale {
                State::Good if u.prone => Some("PRONE"),
                State::Good => None,
                State::Pinned => Some("PIN"),
                State::Withdrawn => Some("WDN"),
                State::Routed => Some("ROUT"),
            };
            (u.entity, word.map(str::to_owned))
        })
        .collect();
    for (e, word) in labels {
        let now = world.get::<crate::counters::Label>(e).map(|l| l.0.clone());
        match word {
            Some(w) if now.as_deref() != Some(w.as_str()) => {
                world.entity_mut(e).insert(crate::counters::Label(w));
            }
            None if now.is_some() => {
                world.entity_mut(e).remove::<crate::counters::Label>();
            }
            _ => {}
        }
    }
}
