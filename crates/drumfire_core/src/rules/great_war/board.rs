//! The map as the rules read it: movement costs (our Terrain Effects Chart),
//! line of sight and range. Built once from the hex entities, since Great War
//! terrain never changes in play.

use crate::coords::MapCoord;
use crate::data::RuleSetData;
use crate::map::{Crossing, Elevation, HexCell, HexIndex, River, Road, Terrain};
use bevy_ecs::prelude::*;
use hexx::Hex;

/// What the rules need to know of one hex.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cell {
    /// Terrain id.
    pub terrain: String,
    /// Movement points to enter, `None` when impassable.
    pub cost: Option<u8>,
    /// Woods and towns block line of sight.
    pub blocks_sight: bool,
    /// Cover against fire.
    pub cover: bool,
    /// Contour level.
    pub elevation: u8,
    /// Road sides (bits as [`crate::map::Sides`]).
    pub road: u8,
    /// River through the hex, and its crossing.
    pub river: Option<Crossing>,
}

/// The whole map for the rules.
#[derive(Resource, Clone, Debug, Default)]
pub struct Board {
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
    cells: Vec<Cell>,
    sight: SightMemo,
}

/// The lines of sight worked out so far, by pair of cells (0 not yet, 1 blocked, 2
/// clear): terrain never changes in play, so each is worked out once a game. Kept
/// only for maps of at most [`SIGHT_MEMO_CELLS`] hexes (a byte a pair, 4 MiB at
/// most), made the first time a line is asked for, and not copied with the board.
#[derive(Default)]
struct SightMemo(std::sync::OnceLock<Box<[std::sync::atomic::AtomicU8]>>);

/// The most hexes a map may have for its lines of sight to be kept ([`SightMemo`]).
const SIGHT_MEMO_CELLS: usize = 2_048;

impl Clone for SightMemo {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl std::fmt::Debug for SightMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SightMemo")
    }
}

/// Extra movement points to enter a river hex without a bridge (fords cost one).
pub const WADE_COST: u8 = 2;
/// Extra movement points to climb one contour.
pub const CLIMB_COST: u8 = 1;

impl Board {
    /// Reads the hex entities.
    pub fn build(world: &mut World, data: &RuleSetData) -> Self {
        let index = world.resource::<HexIndex>();
        let (width, height) = (index.width, index.height);
        let mut cells = vec![Cell::default(); usize::from(width) * usize::from(height)];
        let mut q = world.query::<(
            &HexCell,
            &Terrain,
            &Elevation,
            Option<&Road>,
            Option<&River>,
        )>();
        for (cell, terrain, elevation, road, river) in q.iter(world) {
            let t = data.terrain.get(&terrain.0);
            let i = usize::from(cell.coord.col) * usize::from(height) + usize::from(cell.coord.row);
            cells[i] = Cell {
                terrain: terrain.0.clone(),
                cost: t.and_then(|t| t.move_cost),
                blocks_sight: t.is_some_and(|t| t.blocks_sight),
                cover: t.is_some_and(|t| t.cover),
                elevation: elevation.0,
                road: road.map_or(0, |r| r.0.0),
                river: river.map(|r| r.crossing),
            };
        }
        Self {
            width,
            height,
            cells,
            sight: SightMemo::default(),
        }
    }

    /// The cell of an on-map hex.
    pub fn cell(&self, hex: Hex) -> Option<&Cell> {
        self.cells.get(self.index(hex)?)
    }

    /// The hex's place among the board's cells (column by column), for lists kept by
    /// hex; `None` off the map.
    pub fn index(&self, hex: Hex) -> Option<usize> {
        let m = MapCoord::from_hex(hex)?;
        if m.col >= self.width || m.row >= self.height {
            return None;
        }
        Some(usize::from(m.col) * usize::from(self.height) + usize::from(m.row))
    }

    /// How many cells the board has.
    pub fn cells(&self) -> usize {
        self.cells.len()
    }

    /// Is the hex on the map?
    pub fn contains(&self, hex: Hex) -> bool {
        self.cell(hex).is_some()
    }

    /// Every hex of the map, column by column.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.width)
            .flat_map(move |c| (0..self.height).map(move |r| MapCoord::new(c, r).to_hex()))
    }

    /// Movement points to move from `from` into the adjacent `to`, `None` when it cannot be entered.
    ///
    /// Ours: along a road (both hexes on it, joined across their common side) 1 MP
    /// whatever the terrain; otherwise the terrain's cost, +1 per contour climbed,
    /// +2 to wade into a river hex (+1 at a ford, +0 at a bridge).
    /// Ours — D-2 in docs/rules/great-war.md: the Terrain Effects Chart (with `data.ron`).
    pub fn enter_cost(&self, from: Hex, to: Hex) -> Option<u8> {
        let (a, b) = (self.cell(from)?, self.cell(to)?);
        let base = b.cost?;
        if let (Some(d), Some(back)) = (from.neighbor_direction(to), to.neighbor_direction(from))
            && a.road & (1 << d.index()) != 0
            && b.road & (1 << back.index()) != 0
        {
            return Some(1);
        }
        let climb = if b.elevation > a.elevation {
            CLIMB_COST * (b.elevation - a.elevation)
        } else {
            0
        };
        let wade = match b.river {
            Some(Crossing::None) => WADE_COST,
            Some(Crossing::Ford) => 1,
            Some(Crossing::Bridge) | None => 0,
        };
        Some(base + climb + wade)
    }

    /// Can a piece in `from` see `to`? Ours: an intermediate hex is an obstacle as
    /// high as its contour, plus one for woods or town; it blocks when it is higher
    /// than the lower end and at least as high as the higher end. Where the line
    /// runs exactly along a hexside, it is blocked only if the hexes on both sides block.
    /// Ours — D-3 in docs/rules/great-war.md: line of sight.
    pub fn line_of_sight(&self, from: Hex, to: Hex) -> bool {
        let (Some(i), Some(j)) = (self.index(from), self.index(to)) else {
            return false;
        };
        let n = self.cells.len();
        if n > SIGHT_MEMO_CELLS {
            return self.sight_worked_out(from, to);
        }
        use std::sync::atomic::{AtomicU8, Ordering};
        let memo = self.sight.0.get_or_init(|| {
            std::iter::repeat_with(|| AtomicU8::new(0))
                .take(n * n)
                .collect()
        });
        let slot = &memo[i * n + j];
        match slot.load(Ordering::Relaxed) {
            1 => false,
            2 => true,
            _ => {
                let clear = self.sight_worked_out(from, to);
                slot.store(1 + u8::from(clear), Ordering::Relaxed);
                clear
            }
        }
    }

    /// [`Board::line_of_sight`], worked out, not kept (what the board keeps is this;
    /// the benchmarks time it).
    pub fn sight_worked_out(&self, from: Hex, to: Hex) -> bool {
        let (Some(a), Some(b)) = (self.cell(from), self.cell(to)) else {
            return false;
        };
        let (low, high) = (a.elevation.min(b.elevation), a.elevation.max(b.elevation));
        let blocks = |h: Hex| {
            self.cell(h).is_some_and(|c| {
                let obstacle = c.elevation + u8::from(c.blocks_sight);
                obstacle > low && obstacle >= high
            })
        };
        crate::map::sees(from, to, blocks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A line of sight kept is the line worked out: every pair of hexes of a shipped
    /// map, asked twice (the second answer from the memo) and of a copy of the board
    /// (which keeps none of the first's).
    #[test]
    fn a_line_of_sight_kept_is_the_line_worked_out() {
        let scenario = crate::testing::shipped("great_war", "marcoing_ridge.ron");
        let game = crate::game::Game::new(&scenario, 1);
        let board = game.world().resource::<Board>();
        let hexes: Vec<Hex> = board.hexes().collect();
        let (mut clear, mut blocked) = (0, 0);
        for &a in &hexes {
            for &b in &hexes {
                let worked_out = board.sight_worked_out(a, b);
                assert_eq!(board.line_of_sight(a, b), worked_out);
                assert_eq!(board.line_of_sight(a, b), worked_out);
                if worked_out {
                    clear += 1;
                } else {
                    blocked += 1;
                }
            }
        }
        let copy = board.clone();
        assert!(copy.sight.0.get().is_none());
        assert!(
            hexes
                .iter()
                .all(|&a| copy.line_of_sight(a, hexes[0]) == board.sight_worked_out(a, hexes[0]))
        );
        assert!(clear > 0 && blocked > 0, "{clear} clear, {blocked} blocked");
        // Off the map: no line.
        assert!(!board.line_of_sight(hexes[0], Hex::new(-50, 0)));
    }
}
