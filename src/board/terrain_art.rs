//! Terrain tiles drawn in code: one flat-topped hex per terrain type and
//! contour level, with a pattern that reads at a glance (trees, houses, rows
//! of fruit trees, reeds, shell holes). No image files are needed.

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use drumfire_core::data::TerrainType;

/// Contour levels drawn with their own tint (higher ones use the top tint).
pub const LEVELS: usize = 4;

/// Pixel size of one tile.
pub const TILE_W: u32 = 80;
/// Pixel height of one tile.
pub const TILE_H: u32 = 70;

/// The atlas index of a terrain (by its position in `terrains`) at a contour level.
pub fn tile_index(terrain: usize, elevation: u8) -> u32 {
    (terrain * LEVELS + usize::from(elevation).min(LEVELS - 1)) as u32
}

struct Canvas {
    px: Vec<u8>,
    width: u32,
}

impl Canvas {
    fn put(&mut self, x: i32, y: i32, c: [u8; 3]) {
        if x < 0 || y < 0 || x >= self.width as i32 || y >= TILE_H as i32 {
            return;
        }
        let i = ((y as u32 * self.width + x as u32) * 4) as usize;
        self.px[i..i + 4].copy_from_slice(&[c[0], c[1], c[2], 255]);
    }
}

/// Is a pixel (relative to the tile's centre) inside the flat-topped hex?
fn inside(dx: f32, dy: f32) -> bool {
    let r = TILE_W as f32 / 2.0;
    let h = 3f32.sqrt() / 2.0 * r;
    dy.abs() <= h && dx.abs() <= r - dy.abs() / 3f32.sqrt()
}

fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    let m = |x: u8, y: u8| (f32::from(x) * (1.0 - t) + f32::from(y) * t).round() as u8;
    [m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2])]
}

fn shade(c: [u8; 3], f: f32) -> [u8; 3] {
    mix(c, [0, 0, 0], f)
}

/// A deterministic scatter of points for patterns (same every run).
fn scatter(seed: u32, count: usize) -> Vec<(f32, f32)> {
    let mut s = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        (s % 1000) as f32 / 1000.0
    };
    (0..count)
        .map(|_| ((next() - 0.5) * 66.0, (next() - 0.5) * 54.0))
        .collect()
}

fn disc(c: &mut Canvas, ox: i32, cx: f32, cy: f32, r: f32, colour: [u8; 3]) {
    let (w, h) = (TILE_W as f32 / 2.0, TILE_H as f32 / 2.0);
    for y in (cy - r).floor() as i32..=(cy + r).ceil() as i32 {
        for x in (cx - r).floor() as i32..=(cx + r).ceil() as i32 {
            let (dx, dy) = (x as f32 - cx, y as f32 - cy);
            if dx * dx + dy * dy <= r * r && inside(x as f32 - w + 0.5, y as f32 - h + 0.5) {
                c.put(ox + x, y, colour);
            }
        }
    }
}

fn rect(c: &mut Canvas, ox: i32, x0: f32, y0: f32, w: f32, h: f32, colour: [u8; 3]) {
    let (tw, th) = (TILE_W as f32 / 2.0, TILE_H as f32 / 2.0);
    for y in y0 as i32..(y0 + h) as i32 {
        for x in x0 as i32..(x0 + w) as i32 {
            if inside(x as f32 - tw + 0.5, y as f32 - th + 0.5) {
                c.put(ox + x, y, colour);
            }
        }
    }
}

fn draw_tile(c: &mut Canvas, slot: u32, terrain: &TerrainType, level: usize) {
    let ox = (slot * TILE_W) as i32;
    let hill = [176, 142, 92];
    let base = mix(terrain.colour, hill, 0.2 * level as f32);
    let (w, h) = (TILE_W as f32 / 2.0, TILE_H as f32 / 2.0);
    for y in 0..TILE_H as i32 {
        for x in 0..TILE_W as i32 {
            let (dx, dy) = (x as f32 - w + 0.5, y as f32 - h + 0.5);
            if inside(dx, dy) {
                // A faint grid line one pixel inside the hex edge.
                let edge = !inside(dx * 1.04, dy * 1.04);
                c.put(ox + x, y, if edge { shade(base, 0.28) } else { base });
            }
        }
    }
    let cx = |x: f32| x + w;
    let cy = |y: f32| y + h;
    match terrain.id.as_str() {
        "woods" => {
            for (x, y) in scatter(7, 15) {
                disc(c, ox, cx(x), cy(y), 7.0, shade(base, 0.35));
                disc(
                    c,
                    ox,
                    cx(x) - 1.5,
                    cy(y) - 1.5,
                    5.0,
                    mix(base, [120, 160, 90], 0.35),
                );
            }
        }
        "town" => {
            for (i, (x, y)) in [
                (-16.0, -14.0),
                (4.0, -18.0),
                (-20.0, 4.0),
                (0.0, 0.0),
                (14.0, 8.0),
                (-6.0, 16.0),
                (18.0, -6.0),
            ]
            .into_iter()
            .enumerate()
            {
                let roof = if i % 2 == 0 {
                    [150, 72, 58]
                } else {
                    [120, 64, 56]
                };
                rect(c, ox, cx(x) - 6.0, cy(y) - 5.0, 12.0, 10.0, [70, 60, 56]);
                rect(c, ox, cx(x) - 5.0, cy(y) - 4.0, 10.0, 8.0, roof);
            }
        }
        "orchard" => {
            for row in -2..=2 {
                for col in -3..=3 {
                    let (x, y) = (
                        col as f32 * 10.0 + (row % 2) as f32 * 5.0,
                        row as f32 * 11.0,
                    );
                    disc(c, ox, cx(x), cy(y), 3.2, shade(base, 0.4));
                }
            }
        }
        "marsh" => {
            for (x, y) in scatter(11, 18) {
                rect(c, ox, cx(x) - 5.0, cy(y), 10.0, 1.5, [70, 110, 120]);
                rect(c, ox, cx(x) - 1.0, cy(y) - 5.0, 1.5, 5.0, [70, 100, 70]);
            }
        }
        "craters" => {
            for (x, y) in scatter(5, 9) {
                disc(c, ox, cx(x), cy(y), 5.5, shade(base, 0.45));
                disc(
                    c,
                    ox,
                    cx(x) + 1.0,
                    cy(y) + 1.0,
                    3.5,
                    mix(base, [210, 190, 150], 0.3),
                );
            }
        }
        _ => {
            for (x, y) in scatter(3, 6) {
                rect(c, ox, cx(x), cy(y), 3.0, 1.0, shade(base, 0.12));
            }
        }
    }
}

/// The atlas of terrain tiles: `terrains.len() * LEVELS` tiles side by side.
pub fn terrain_atlas(terrains: &[&TerrainType]) -> Image {
    let count = (terrains.len() * LEVELS) as u32;
    let width = TILE_W * count.max(1);
    let mut canvas = Canvas {
        px: vec![0; (width * TILE_H * 4) as usize],
        width,
    };
    for (i, t) in terrains.iter().enumerate() {
        for level in 0..LEVELS {
            draw_tile(&mut canvas, tile_index(i, level as u8), t, level);
        }
    }
    Image::new(
        Extent3d {
            width,
            height: TILE_H,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        canvas.px,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}
