//! The static board — terrain, hex grid, contours, rivers, roads, bridges and hex
//! numbers — drawn once into square images and shown as a few sprites while the camera
//! rests, instead of being drawn again every frame.
//!
//! The board's static entities live on their own render layer ([`static_layer`]). Tile
//! cameras draw that layer into images of [`TILE_PX`] pixels a side, each covering a
//! square of the board at one zoom *step* (half-octave steps of magnification, the step
//! at or above the camera's). While the camera moves, the board camera draws the static
//! layer itself, as before, and no tile is drawn. Once it rests, the tiles of its view
//! and then of a ring round it are drawn, a few a frame ([`BUDGET`]), nearest the middle
//! first; as soon as every tile of the view is there, the board camera stops drawing the
//! static layer and shows the tiles instead, until the view moves off them or leaves
//! their step, or the board changes ([`super::BoardEpoch`]). So a frame in which only
//! counters, highlights, fires or panels change — the computer's turn, an order shown,
//! a hover — costs the board a few sprites; a frame in motion costs what it did; and a
//! frame never shows a tile that is missing or of another step. At most [`MAX_TILES`]
//! images are kept; the least recently shown go first.
//!
//! Hex numbers are laid out at the step's magnification ([`super::text`]), so they are
//! as sharp in the tiles as drawn directly; whether they are shown at all follows the
//! zoom itself (under 5 pixels they are hidden), so a tile drawn on one side of that
//! line within a step keeps it until its step is left.
//!
//! The cache is off unless `DRUMFIRE_BOARD_CACHE=1`. Measured on the software renderer
//! (`docs/performance.md`, "The board cache") it saves 7–13 % of a frame with the camera
//! still and nothing in motion, while its first tiles delay the first frames (the tile
//! cameras' pipelines are prepared then) and its images cost 16–25 MiB; and a tile drawn
//! before the renderer has prepared what draws into an image is only drawn again if that
//! happened within [`SETTLE_FRAMES`] of the board's spawning.

use super::BoardEpoch;
use super::geometry::BoardGeometry;
use bevy::asset::RenderAssetUsages;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ImageRenderTarget, RenderTarget};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat, TextureUsages};
use bevy::window::{PrimaryWindow, RequestRedraw};
use std::collections::HashMap;

/// The render layer of the static board, drawn by the tile cameras only.
pub const STATIC_LAYER: usize = 1;
/// A tile's side in pixels.
pub const TILE_PX: u32 = 512;
/// Images kept at most (a mebibyte each).
pub const MAX_TILES: usize = 40;
/// Tiles drawn a frame while the camera rests.
const BUDGET: usize = 3;
/// The closest and farthest zoom steps (magnification `2^(step/2)`).
const STEP_RANGE: (i32, i32) = (-16, 4);
/// Frames after the board is spawned during which a drawn tile is not trusted (the
/// tilemap's texture may not be on the GPU yet): tiles drawn in them are drawn again.
const SETTLE_FRAMES: u64 = 3;

/// The static board's render layer.
pub fn static_layer() -> RenderLayers {
    RenderLayers::layer(STATIC_LAYER)
}

/// The camera that shows the board (and the tiles) in the window.
#[derive(Component, Debug, Default)]
pub struct BoardCamera;

/// A camera that draws the static layer into a tile's image.
#[derive(Component, Debug)]
struct TileCamera;

/// A sprite showing a tile.
#[derive(Component, Debug)]
pub struct TileSprite;

/// The zoom step for a magnification (screen pixels per board unit): the half-octave
/// step at or above it.
pub fn step_for(magnification: f32) -> i32 {
    if !magnification.is_finite() || magnification <= 0.0 {
        return 0;
    }
    ((magnification.log2() * 2.0 - 1e-3).ceil() as i32).clamp(STEP_RANGE.0, STEP_RANGE.1)
}

/// The magnification of a zoom step.
pub fn step_scale(step: i32) -> f32 {
    2f32.powf(step as f32 / 2.0)
}

/// A tile: its zoom step and its place in that step's grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct TileKey {
    step: i32,
    x: i32,
    y: i32,
}

impl TileKey {
    /// The side of a tile of this step, in board units.
    fn side(self) -> f32 {
        TILE_PX as f32 / step_scale(self.step)
    }

    fn rect(self) -> Rect {
        let s = self.side();
        let min = Vec2::new(self.x as f32, self.y as f32) * s;
        Rect::from_corners(min, min + Vec2::splat(s))
    }
}

/// The tiles of `step` that meet `area`.
fn keys_over(step: i32, area: Rect) -> impl Iterator<Item = TileKey> {
    let side = TILE_PX as f32 / step_scale(step);
    let lo = (area.min / side).floor().as_ivec2();
    let hi = (area.max / side).floor().as_ivec2();
    (lo.y..=hi.y).flat_map(move |y| (lo.x..=hi.x).map(move |x| TileKey { step, x, y }))
}

/// A tile and its sprite.
#[derive(Debug)]
struct Tile {
    image: Handle<Image>,
    sprite: Entity,
    /// The frame it was drawn in.
    drawn: u64,
    /// The last frame it was wanted in view.
    used: u64,
}

/// The tiles, the images free for new ones and the tile cameras.
#[derive(Resource, Default, Debug)]
pub struct BoardCache {
    tiles: HashMap<TileKey, Tile>,
    free: Vec<Handle<Image>>,
    cameras: Vec<Entity>,
    frame: u64,
    /// The board epoch the tiles were drawn for, and the frame its board was spawned.
    epoch: Option<u32>,
    spawned: u64,
    /// The view and step last frame, and for how many frames they have not changed.
    last_view: Option<(Rect, i32)>,
    still: u32,
    /// Whether the board camera draws the static layer itself this frame.
    direct: Option<bool>,
    /// Off unless `DRUMFIRE_BOARD_CACHE=1`: the board camera always draws the static layer.
    off: bool,
    /// Tiles drawn since the start.
    pub drawn: u64,
    /// Frames drawn from the tiles since the start, and frames drawn directly.
    pub frames_from_tiles: u64,
    /// Frames the board camera drew the static layer itself.
    pub frames_direct: u64,
}

impl BoardCache {
    /// Whether the last frame showed the static board from the tiles.
    pub fn drawn_from_tiles(&self) -> bool {
        self.direct == Some(false)
    }

    /// Tiles kept now.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// No tile kept.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// A tile drawn before the board had settled is drawn again.
    fn settled(&self, tile: &Tile) -> bool {
        tile.drawn >= self.spawned + SETTLE_FRAMES
    }

    /// The tiles to draw this frame for a view at a step: none while the view moves;
    /// once it rests, within the budget, the view's tiles not drawn yet (or drawn before
    /// the board settled), then those round it, nearest the middle first. Also whether
    /// more wait.
    fn tiles_to_draw(&mut self, step: i32, view: Rect) -> (Vec<TileKey>, bool) {
        let frame = self.frame;
        let side = TILE_PX as f32 / step_scale(step);
        let ring =
            Rect::from_center_half_size(view.center(), view.half_size() + Vec2::splat(side * 0.5));
        let mut wanted: Vec<TileKey> = Vec::new();
        for key in keys_over(step, ring) {
            if let Some(tile) = self.tiles.get_mut(&key) {
                tile.used = frame;
            }
            if !self.tiles.get(&key).is_some_and(|t| self.settled(t)) {
                wanted.push(key);
            }
        }
        if self.still == 0 {
            return (Vec::new(), !wanted.is_empty());
        }
        let in_view_first = |k: &TileKey| {
            let meets = !k.rect().intersect(view).is_empty();
            (!meets, k.rect().center().distance_squared(view.center()))
        };
        wanted.sort_by(|a, b| {
            let (ma, da) = in_view_first(a);
            let (mb, db) = in_view_first(b);
            ma.cmp(&mb).then(da.total_cmp(&db))
        });
        let more = wanted.len() > BUDGET;
        wanted.truncate(BUDGET);
        (wanted, more)
    }

    /// Whether every tile of the step in view is drawn and settled.
    fn complete(&self, step: i32, view: Rect) -> bool {
        keys_over(step, view).all(|k| self.tiles.get(&k).is_some_and(|t| self.settled(t)))
    }
}

/// The cache plugin.
pub fn plugin(app: &mut App) {
    let off = !std::env::var("DRUMFIRE_BOARD_CACHE").is_ok_and(|v| v.trim() == "1");
    app.insert_resource(BoardCache { off, ..default() })
        .add_systems(
            PostUpdate,
            draw_tiles
                .before(bevy::transform::TransformSystems::Propagate)
                .before(bevy::camera::CameraUpdateSystems)
                .before(super::text::FitText),
        );
}

/// A new image for a tile: on the GPU only, drawn into by a camera.
fn tile_image() -> Image {
    let size = Extent3d {
        width: TILE_PX,
        height: TILE_PX,
        depth_or_array_layers: 1,
    };
    let mut image = Image::new_uninit(
        size,
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.texture_descriptor.usage =
        TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_DST | TextureUsages::RENDER_ATTACHMENT;
    image
}

/// What the board camera sees: its view in board units, its zoom step and its depth.
pub fn board_view(
    window: &Window,
    at: &Transform,
    projection: &Projection,
) -> Option<(Rect, i32, f32)> {
    let Projection::Orthographic(ortho) = projection else {
        return None;
    };
    let half = window.size() * ortho.scale / 2.0;
    let view = Rect::from_center_half_size(at.translation.truncate(), half);
    Some((view, step_for(1.0 / ortho.scale), at.translation.z))
}

type TileCameras<'w, 's> = Query<
    'w,
    's,
    (
        &'static mut Camera,
        &'static mut RenderTarget,
        &'static mut Transform,
        &'static mut Projection,
    ),
    (With<TileCamera>, Without<BoardCamera>, Without<TileSprite>),
>;

type Sprites<'w, 's> = Query<
    'w,
    's,
    &'static mut Visibility,
    (With<TileSprite>, Without<TileCamera>, Without<BoardCamera>),
>;

/// Draws the tiles the view needs and shows them.
#[allow(clippy::too_many_arguments)]
fn draw_tiles(
    mut commands: Commands,
    mut cache: ResMut<BoardCache>,
    mut images: ResMut<Assets<Image>>,
    epoch: Res<BoardEpoch>,
    geometry: Option<Res<BoardGeometry>>,
    window: Single<&Window, With<PrimaryWindow>>,
    board: Query<(Entity, &Transform, &Projection, Option<&Msaa>), With<BoardCamera>>,
    mut cameras: TileCameras,
    mut sprites: Sprites,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    cache.frame += 1;
    for (mut camera, ..) in &mut cameras {
        if camera.is_active {
            camera.is_active = false;
        }
    }
    let Some((board, at, projection, msaa)) = board.iter().next() else {
        return;
    };
    let (Some((view, step, z)), Some(_)) = (board_view(&window, at, projection), geometry) else {
        return;
    };
    if cache.epoch != Some(epoch.0) {
        forget_all(&mut cache, &mut commands);
        cache.epoch = Some(epoch.0);
        cache.spawned = cache.frame;
    }
    let moved = cache.last_view != Some((view, step));
    cache.still = if moved { 0 } else { cache.still + 1 };
    cache.last_view = Some((view, step));
    let (keys, more) = if cache.off {
        (Vec::new(), false)
    } else {
        cache.tiles_to_draw(step, view)
    };
    if more || !keys.is_empty() {
        redraw.write(RequestRedraw);
    }
    let frame = cache.frame;
    make_room(&mut cache, &mut commands, keys.len(), frame);
    let msaa = msaa.copied().unwrap_or_default();
    for (i, key) in keys.into_iter().enumerate() {
        let image = cache.free.pop().unwrap_or_else(|| images.add(tile_image()));
        let aim = Aim {
            key,
            image: image.clone(),
            z,
            msaa,
        };
        match cache
            .cameras
            .get(i)
            .copied()
            .filter(|e| cameras.contains(*e))
        {
            Some(e) => aim.point(&mut cameras, e),
            None => {
                let e = commands.spawn(aim.camera(i)).id();
                cache.cameras.push(e);
            }
        }
        let sprite = tile_sprite(&mut cache, &mut commands, key, &image);
        let tile = Tile {
            image,
            sprite,
            drawn: frame,
            used: frame,
        };
        cache.tiles.insert(key, tile);
        cache.drawn += 1;
    }
    let tiles = !cache.off && cache.complete(step, view);
    if cache.direct != Some(!tiles) {
        cache.direct = Some(!tiles);
        let layers = if tiles {
            RenderLayers::layer(0)
        } else {
            RenderLayers::from_layers(&[0, STATIC_LAYER])
        };
        commands.entity(board).insert(layers);
    }
    if tiles {
        cache.frames_from_tiles += 1;
    } else {
        cache.frames_direct += 1;
    }
    show(&mut cache, &mut sprites, tiles.then_some((step, view)));
}

/// The sprite that shows a tile drawn into `image`: the tile's own, its old image freed,
/// or a new one.
fn tile_sprite(
    cache: &mut BoardCache,
    commands: &mut Commands,
    key: TileKey,
    image: &Handle<Image>,
) -> Entity {
    let sprite = Sprite {
        image: image.clone(),
        custom_size: Some(Vec2::splat(key.side())),
        ..default()
    };
    match cache.tiles.remove(&key) {
        Some(old) => {
            cache.free.push(old.image);
            commands.entity(old.sprite).insert(sprite);
            old.sprite
        }
        None => commands
            .spawn((
                TileSprite,
                Name::new("Board tile"),
                sprite,
                Transform::from_translation(key.rect().center().extend(0.0)),
                Visibility::Hidden,
            ))
            .id(),
    }
}

/// Shows the tiles of the step in view, or none while the board camera draws the
/// static layer itself.
fn show(cache: &mut BoardCache, sprites: &mut Sprites, shown: Option<(i32, Rect)>) {
    let frame = cache.frame;
    for (key, tile) in &mut cache.tiles {
        let Ok(mut visibility) = sprites.get_mut(tile.sprite) else {
            continue;
        };
        let show = shown
            .is_some_and(|(step, view)| key.step == step && !key.rect().intersect(view).is_empty());
        if show {
            tile.used = frame;
        }
        visibility.set_if_neq(if show {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}

/// Forgets every tile (the board changed): their images are free for new ones.
fn forget_all(cache: &mut BoardCache, commands: &mut Commands) {
    let tiles: Vec<Tile> = cache.tiles.drain().map(|(_, t)| t).collect();
    for tile in tiles {
        commands.entity(tile.sprite).despawn();
        cache.free.push(tile.image);
    }
}

/// Forgets the least recently wanted tiles until `more` fit within [`MAX_TILES`]; a
/// tile wanted this frame is kept.
fn make_room(cache: &mut BoardCache, commands: &mut Commands, more: usize, frame: u64) {
    while cache.tiles.len() + more > MAX_TILES {
        let Some(oldest) = cache
            .tiles
            .iter()
            .filter(|(_, t)| t.used < frame)
            .min_by_key(|(_, t)| t.used)
            .map(|(k, _)| *k)
        else {
            return;
        };
        if let Some(tile) = cache.tiles.remove(&oldest) {
            commands.entity(tile.sprite).despawn();
            cache.free.push(tile.image);
        }
    }
}

/// A tile camera's work this frame: which tile, into which image.
struct Aim {
    key: TileKey,
    image: Handle<Image>,
    z: f32,
    msaa: Msaa,
}

impl Aim {
    fn target(&self) -> RenderTarget {
        RenderTarget::Image(ImageRenderTarget {
            handle: self.image.clone(),
            scale_factor: 1.0,
        })
    }

    fn transform(&self) -> Transform {
        Transform::from_translation(self.key.rect().center().extend(self.z))
    }

    fn projection(&self) -> Projection {
        Projection::Orthographic(OrthographicProjection {
            scale: 1.0 / step_scale(self.key.step),
            ..OrthographicProjection::default_2d()
        })
    }

    /// A new tile camera (the `i`th), drawing this frame.
    fn camera(&self, i: usize) -> impl Bundle {
        (
            TileCamera,
            Name::new("Board tile camera"),
            Camera2d,
            Camera {
                order: -1 - i as isize,
                clear_color: ClearColorConfig::Custom(super::CLEAR_COLOUR),
                ..default()
            },
            self.target(),
            self.transform(),
            self.projection(),
            static_layer(),
            self.msaa,
        )
    }

    /// Points an existing tile camera at the tile, active this frame.
    fn point(&self, cameras: &mut TileCameras, e: Entity) {
        let Ok((mut camera, mut target, mut transform, mut projection)) = cameras.get_mut(e) else {
            return;
        };
        camera.is_active = true;
        *target = self.target();
        *transform = self.transform();
        *projection = self.projection();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_half_octaves_at_or_above_the_magnification() {
        assert_eq!(step_for(1.0), 0);
        assert_eq!(step_for(1.2), 1);
        assert_eq!(step_for(2.0), 2);
        assert_eq!(step_for(0.5), -2);
        assert_eq!(step_for(0.4), -2);
        assert_eq!(step_for(100.0), STEP_RANGE.1);
        assert_eq!(step_for(0.0), 0);
        assert_eq!(step_for(f32::NAN), 0);
        for m in [0.1f32, 0.33, 0.9, 1.3, 2.9, 3.9] {
            let s = step_scale(step_for(m));
            assert!(s >= m * 0.999 && s < m * 2f32.sqrt(), "{m}: {s}");
        }
    }

    /// Draws what the cache asks for, frame by frame, while the view rests.
    fn rest(cache: &mut BoardCache, step: i32, view: Rect, frames: u64) -> usize {
        let mut drawn = 0;
        for _ in 0..frames {
            cache.frame += 1;
            cache.still += 1;
            let (keys, _) = cache.tiles_to_draw(step, view);
            drawn += keys.len();
            for key in keys {
                let tile = Tile {
                    image: Handle::default(),
                    sprite: Entity::PLACEHOLDER,
                    drawn: cache.frame,
                    used: cache.frame,
                };
                cache.tiles.insert(key, tile);
            }
        }
        drawn
    }

    #[test]
    fn no_tile_is_drawn_in_motion_and_at_rest_the_view_comes_first_then_the_ring() {
        let mut cache = BoardCache::default();
        let view = Rect::from_center_size(Vec2::new(700.0, -300.0), Vec2::new(1280.0, 800.0));
        cache.frame = 10;
        let (keys, more) = cache.tiles_to_draw(0, view);
        assert!(
            keys.is_empty() && more,
            "nothing drawn while the view moves"
        );
        cache.still = 1;
        let (keys, _) = cache.tiles_to_draw(0, view);
        assert_eq!(keys.len(), BUDGET);
        assert!(keys.iter().all(|k| !k.rect().intersect(view).is_empty()));
        let in_view = keys_over(0, view).count();
        assert!(!cache.complete(0, view));
        let drawn = rest(&mut cache, 0, view, 40);
        assert!(cache.complete(0, view));
        assert!(
            drawn > in_view,
            "the ring round the view too: {drawn} > {in_view}"
        );
        assert_eq!(
            cache.tiles_to_draw(0, view),
            (Vec::new(), false),
            "then nothing"
        );
        // Another step: the tiles of this one do not count.
        assert!(!cache.complete(1, view));
    }

    #[test]
    fn tiles_drawn_before_the_board_settled_are_drawn_again_and_the_oldest_make_room() {
        let mut cache = BoardCache::default();
        let view = Rect::from_center_size(Vec2::ZERO, Vec2::new(1280.0, 800.0));
        cache.spawned = 1;
        rest(&mut cache, 0, view, 1);
        assert!(!cache.complete(0, view));
        rest(&mut cache, 0, view, 40);
        assert!(cache.complete(0, view));
        // Far away at another step: room is made from the tiles not wanted now.
        let far = Rect::from_center_size(Vec2::splat(50_000.0), Vec2::new(1280.0, 800.0));
        rest(&mut cache, -3, far, 40);
        let world = World::new();
        let mut queue = bevy::ecs::world::CommandQueue::default();
        let mut commands = Commands::new(&mut queue, &world);
        let frame = cache.frame;
        make_room(&mut cache, &mut commands, MAX_TILES, frame);
        assert!(cache.complete(-3, far), "the view's tiles are kept");
        assert!(cache.len() < MAX_TILES);
    }

    #[test]
    fn the_tiles_over_an_area_cover_it_and_no_more_than_touch_it() {
        let area = Rect::new(-100.0, 30.0, 900.0, 650.0);
        let keys: Vec<_> = keys_over(0, area).collect();
        // 512-unit tiles at step 0: x from -1 to 1, y from 0 to 1.
        assert_eq!(keys.len(), 6);
        for k in &keys {
            assert!(!k.rect().intersect(area).is_empty(), "{k:?}");
        }
        for p in [area.min, area.max, area.center()] {
            assert!(keys.iter().any(|k| k.rect().contains(p)));
        }
    }
}
