//! Where hexes lie on screen: one `hexx` layout shared by the tilemap, the
//! overlays and the mouse, and the mapping between `TilePos` and `Hex`.

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use drumfire_core::coords::MapCoord;
use hexx::{Hex, HexLayout};

/// Hex radius (centre to corner) in world units.
pub const HEX_SIZE: f32 = 40.0;

/// The map's geometry on screen.
#[derive(Resource, Clone, Debug)]
pub struct BoardGeometry {
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
    /// Hex layout in world units; hex centres come from here.
    pub layout: HexLayout,
}

impl BoardGeometry {
    /// Geometry for a `width` x `height` map.
    pub fn new(width: u16, height: u16) -> Self {
        Self {
            width,
            height,
            layout: HexLayout::flat().with_hex_size(HEX_SIZE),
        }
    }

    /// Flat-topped tiles: twice the radius wide, sqrt(3) radii high.
    pub fn grid_size() -> TilemapGridSize {
        TilemapGridSize {
            x: 2.0 * HEX_SIZE,
            y: 3f32.sqrt() * HEX_SIZE,
        }
    }

    /// The tilemap's size in tiles.
    pub fn map_size(&self) -> TilemapSize {
        TilemapSize {
            x: u32::from(self.width),
            y: u32::from(self.height),
        }
    }

    /// Where the tilemap entity goes so its tiles sit on the hexx layout:
    /// tile rows count up from the bottom, map rows down from the top.
    pub fn tilemap_offset(&self) -> Vec2 {
        Vec2::new(
            0.0,
            -Self::grid_size().y * f32::from(self.height.saturating_sub(1)),
        )
    }

    /// The centre of a hex in world space.
    pub fn world_of(&self, hex: Hex) -> Vec2 {
        self.layout.hex_to_world_pos(hex)
    }

    /// The map hex under a world position.
    pub fn hex_at(&self, world: Vec2) -> Option<Hex> {
        let hex = self.layout.world_pos_to_hex(world);
        MapCoord::from_hex(hex)
            .filter(|m| m.col < self.width && m.row < self.height)
            .map(|_| hex)
    }

    /// The tile of a map hex (`ColumnOdd`, y counted from the bottom).
    pub fn tile_of(&self, hex: Hex) -> Option<TilePos> {
        let m = MapCoord::from_hex(hex).filter(|m| m.col < self.width && m.row < self.height)?;
        Some(TilePos {
            x: u32::from(m.col),
            y: u32::from(self.height - 1 - m.row),
        })
    }

    /// The hex of a tile.
    #[cfg(test)]
    pub fn hex_of_tile(&self, tile: TilePos) -> Hex {
        MapCoord::new(tile.x as u16, self.height - 1 - tile.y as u16).to_hex()
    }

    /// Centre of the whole map in world space.
    pub fn centre(&self) -> Vec2 {
        let a = self.world_of(MapCoord::new(0, 0).to_hex());
        let b = self.world_of(MapCoord::new(self.width - 1, self.height - 1).to_hex());
        (a + b) / 2.0
    }

    /// The world position of the midpoint of a hexside.
    pub fn edge_midpoint(&self, hex: Hex, dir: hexx::EdgeDirection) -> Vec2 {
        (self.world_of(hex) + self.world_of(hex.neighbor(dir))) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pins bevy_ecs_tilemap's `TilePos` to `hexx::Hex`: same hex both ways, same place on screen.
    #[test]
    fn tile_pos_and_hex_round_trip_and_agree_on_screen() {
        let g = BoardGeometry::new(23, 17);
        let grid = BoardGeometry::grid_size();
        let tile_size = TilemapTileSize {
            x: grid.x,
            y: grid.y,
        };
        let map_type = TilemapType::Hexagon(HexCoordSystem::ColumnOdd);
        for col in 0..g.width {
            for row in 0..g.height {
                let hex = MapCoord::new(col, row).to_hex();
                let tile = g.tile_of(hex).unwrap();
                assert_eq!(g.hex_of_tile(tile), hex);
                let on_tilemap = tile.center_in_world(
                    &g.map_size(),
                    &grid,
                    &tile_size,
                    &map_type,
                    &TilemapAnchor::None,
                ) + g.tilemap_offset();
                assert!(
                    on_tilemap.distance(g.world_of(hex)) < 0.01,
                    "{col},{row}: {on_tilemap} vs {}",
                    g.world_of(hex)
                );
                assert_eq!(g.hex_at(g.world_of(hex) + Vec2::new(3.0, -2.0)), Some(hex));
            }
        }
        assert_eq!(g.tile_of(MapCoord::new(23, 0).to_hex()), None);
        assert_eq!(g.hex_at(Vec2::new(-500.0, 0.0)), None);
    }
}
