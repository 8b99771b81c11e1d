//! Mouse and keyboard on the board: the hex under the cursor, selection,
//! panning (right or middle drag, arrow keys) and zooming to the cursor (wheel).
//! Egui gets the pointer first: nothing here reacts while it is over a panel.

pub use crate::board::Selection;
use crate::board::geometry::{BoardGeometry, HEX_SIZE};
use crate::board::z;
use bevy::input::common_conditions::input_just_pressed;
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::window::PrimaryWindow;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};
use drumfire_core::map::HexIndex;
use hexx::Hex;

mod follow;

/// Width the right-hand panel takes, so the map is framed beside it.
pub const SIDE_PANEL_WIDTH: f32 = 310.0;
/// Height the top bar and the bottom log take together.
pub const BARS_HEIGHT: f32 = 160.0;

const MIN_SCALE: f32 = 0.25;
/// The widest the first view zooms out: a counter's name (7.5 to 10 world units high)
/// is 8 to 11 pixels on screen; pan, or Home for the whole map, to see the rest.
const READABLE_SCALE: f32 = 0.9;
const MAX_SCALE: f32 = 4.0;
const KEY_PAN_SPEED: f32 = 700.0;

/// The hex under the mouse, if it is over the map.
#[derive(Resource, Default, Debug)]
pub struct Hover(pub Option<Hex>);

/// The part of the window the panels leave to the map, in logical pixels
/// (set by the UI each frame; `None` before the first frame).
#[derive(Resource, Default, Debug)]
pub struct MapArea(pub Option<Rect>);

/// Is the mouse over the map rather than over a panel?
pub fn over_map(window: &Window, area: &MapArea) -> bool {
    match (window.cursor_position(), area.0) {
        (Some(p), Some(rect)) => rect.contains(p),
        (Some(_), None) => true,
        (None, _) => false,
    }
}

fn pointer_on_map(window: Single<&Window, With<PrimaryWindow>>, area: Res<MapArea>) -> bool {
    over_map(&window, &area)
}

/// A rule set is picking a hex on the map (a move's destination, a target): clicks
/// on the map are its, not the selection's. The rule set keeps it up to date.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Picking(pub bool);

/// Is a hex being picked?
pub fn picking(picking: Res<Picking>) -> bool {
    picking.0
}

/// A script plays the pointer (the window tests): the hover follows the script's
/// steps, not the mouse.
#[derive(Resource)]
pub struct ScriptedPointer;

/// The board input systems, so that the play systems can run before them.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InputSet;

#[derive(Component)]
struct HoverHighlight;

#[derive(Component)]
struct SelectHighlight;

/// The input plugin.
pub fn plugin(app: &mut App) {
    // The first board on the screen makes the camera and highlights (the start screen
    // may have made the camera).
    for screen in crate::screen::BOARD_SCREENS {
        app.add_systems(
            OnEnter(screen),
            (
                spawn_board_camera.run_if(no_board_camera),
                spawn_highlights.run_if(|q: Query<(), With<HoverHighlight>>| q.is_empty()),
            ),
        );
    }
    app.add_systems(Update, follow::follow_the_shows);
    app.init_resource::<Hover>()
        .init_resource::<Selection>()
        .init_resource::<Picking>()
        .init_resource::<MapArea>()
        // Each game is framed afresh as it comes on the screen.
        .add_systems(
            OnEnter(crate::screen::Screen::Game),
            frame_the_map
                .after(crate::board::BoardDrawn)
                .after(spawn_board_camera),
        )
        .add_systems(
            Update,
            frame_for_the_side_awaited.run_if(resource_exists::<FramedForNobody>),
        )
        .add_systems(
            Update,
            (
                track_hover.run_if(not(resource_exists::<ScriptedPointer>)),
                select_on_click.run_if(
                    not(egui_wants_any_pointer_input)
                        .and_then(pointer_on_map)
                        .and_then(not(picking)),
                ),
                (drag_to_pan, wheel_to_zoom)
                    .run_if(not(egui_wants_any_pointer_input).and_then(pointer_on_map)),
                (
                    keys_to_pan,
                    escape_clears_selection,
                    show_the_whole_map.run_if(
                        input_just_pressed(KeyCode::Home)
                            .and_then(not(resource_exists::<HomeKeyTaken>)),
                    ),
                )
                    .run_if(not(egui_wants_any_keyboard_input)),
                move_highlights,
            )
                .chain()
                .in_set(InputSet),
        );
}

/// A flat-topped hex ring mesh (highlights, overlays).
pub fn hexagon_outline(meshes: &mut Assets<Mesh>) -> Handle<Mesh> {
    // A hex ring: the flat-topped hexagon minus a slightly smaller one.
    let outer = RegularPolygon::new(HEX_SIZE, 6)
        .vertices(std::f32::consts::FRAC_PI_6)
        .into_iter()
        .collect::<Vec<_>>();
    let inner = RegularPolygon::new(HEX_SIZE - 4.0, 6)
        .vertices(std::f32::consts::FRAC_PI_6)
        .into_iter()
        .collect::<Vec<_>>();
    let mut positions = Vec::new();
    let mut indices = Vec::new();
    for i in 0..6 {
        let j = (i + 1) % 6;
        let base = positions.len() as u32;
        for v in [outer[i], outer[j], inner[j], inner[i]] {
            positions.push([v.x, v.y, 0.0]);
        }
        indices.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
    }
    let mut mesh = Mesh::new(
        bevy::mesh::PrimitiveTopology::TriangleList,
        bevy::asset::RenderAssetUsages::default(),
    );
    mesh.insert_attribute(Mesh::ATTRIBUTE_POSITION, positions);
    mesh.insert_indices(bevy::mesh::Indices::U32(indices));
    meshes.add(mesh)
}

/// Multisampling for the board: on a GPU, four samples smooth the roads, rivers and
/// outlines; on a software renderer (Mesa's lavapipe, no GPU) it is off, which halves
/// the frame time there (166 to 85 ms a frame on the Agache Valley on two cores).
fn board_msaa(adapter: Option<&RenderAdapterInfo>) -> Msaa {
    // wgpu's `DeviceType` is not re-exported by Bevy; its name is stable.
    let software = adapter.is_some_and(|a| format!("{:?}", a.device_type) == "Cpu");
    if software { Msaa::Off } else { Msaa::Sample4 }
}

/// A run condition: is there no board camera yet?
pub fn no_board_camera(cameras: Query<(), With<crate::board::cache::BoardCamera>>) -> bool {
    cameras.is_empty()
}

/// The board's camera (egui draws on it too).
pub fn spawn_board_camera(mut commands: Commands, adapter: Option<Res<RenderAdapterInfo>>) {
    let msaa = board_msaa(adapter.as_deref());
    commands.spawn((
        Name::new("Board camera"),
        Camera2d,
        crate::board::cache::BoardCamera,
        // The static board too, unless the board cache shows it from its tiles.
        bevy::camera::visibility::RenderLayers::from_layers(&[
            0,
            crate::board::cache::STATIC_LAYER,
        ]),
        msaa,
    ));
}

fn spawn_highlights(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let ring = hexagon_outline(&mut meshes);
    commands.spawn((
        HoverHighlight,
        Mesh2d(ring.clone()),
        MeshMaterial2d(materials.add(ColorMaterial::from_color(Color::srgba(1.0, 1.0, 1.0, 0.8)))),
        Transform::from_xyz(0.0, 0.0, z::HIGHLIGHT),
        Visibility::Hidden,
    ));
    commands.spawn((
        SelectHighlight,
        Mesh2d(ring),
        MeshMaterial2d(materials.add(ColorMaterial::from_color(Color::srgb(1.0, 0.85, 0.1)))),
        Transform::from_xyz(0.0, 0.0, z::HIGHLIGHT + 0.1),
        Visibility::Hidden,
    ));
}

/// Frames the map for the first view: the whole map where it fits at a zoom its
/// counters' names read at, and otherwise that zoom over the pieces of the side played
/// here (the first a person plays, or in hot seat the side the game waits on), shifted
/// towards the rest of the pieces as far as keeps all of that side in view.
pub fn frame_the_map(world: &mut World) {
    let home = home_side(world);
    if let Err(e) = world.run_system_cached_with(frame_for, home) {
        warn!("the first view was not framed: {e}");
    }
    if home.is_none() && world.contains_resource::<HomeSide>() {
        world.insert_resource(FramedForNobody(FRAMES_TO_WAIT_FOR_A_SIDE));
    }
}

/// The first view was framed on every piece because no side was yet waited on (a hot
/// seat game rolls for who moves first in its first frames): so many frames are left
/// in which to frame it again on the side the game comes to wait on.
#[derive(Resource)]
struct FramedForNobody(u32);

const FRAMES_TO_WAIT_FOR_A_SIDE: u32 = 30;

/// Frames the first view again on the side the game has come to wait on, if it was
/// framed before there was one.
fn frame_for_the_side_awaited(world: &mut World) {
    let Some(mut left) = world.get_resource_mut::<FramedForNobody>() else {
        return;
    };
    left.0 = left.0.saturating_sub(1);
    let out_of_time = left.0 == 0;
    let home = home_side(world);
    if home.is_some()
        && let Err(e) = world.run_system_cached_with(frame_for, home)
    {
        warn!("the first view was not framed: {e}");
    }
    if home.is_some() || out_of_time {
        world.remove_resource::<FramedForNobody>();
    }
}

/// Where the board camera looks and how far out it is: the view a hot-seat player
/// left the table at, given back when the table comes back to them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CameraView {
    /// The camera's place on the board.
    pub at: Vec3,
    /// World units a pixel.
    pub scale: f32,
}

/// The board camera's view now (none without a board camera).
pub fn camera_view(world: &mut World) -> Option<CameraView> {
    let mut camera =
        world.query_filtered::<(&Transform, &Projection), With<crate::board::cache::BoardCamera>>();
    let (transform, projection) = camera.iter(world).next()?;
    let Projection::Orthographic(ortho) = projection else {
        return None;
    };
    Some(CameraView {
        at: transform.translation,
        scale: ortho.scale,
    })
}

/// Puts the board camera back where a view was taken.
pub fn set_camera_view(world: &mut World, view: CameraView) {
    let mut camera = world
        .query_filtered::<(&mut Transform, &mut Projection), With<crate::board::cache::BoardCamera>>();
    for (mut transform, mut projection) in camera.iter_mut(world) {
        transform.translation = view.at;
        if let Projection::Orthographic(ortho) = projection.as_mut() {
            ortho.scale = view.scale;
        }
    }
}

/// How many of each side's pieces the map area shows now (by side number; none without a
/// board camera and window).
pub fn pieces_in_view(world: &mut World) -> Option<Vec<(usize, usize)>> {
    let (_, shown) = follow::shown_on_board(world)?;
    let geometry = world.get_resource::<BoardGeometry>()?.clone();
    let mut pieces = world.query::<(
        &drumfire_core::counters::OnHex,
        &drumfire_core::counters::Counter,
    )>();
    let mut counts: Vec<(usize, usize)> = Vec::new();
    for (on, counter) in pieces.iter(world) {
        let side = usize::from(counter.side);
        if counts.len() <= side {
            counts.resize(side + 1, (0, 0));
        }
        counts[side].1 += 1;
        if shown.contains(geometry.world_of(on.0)) {
            counts[side].0 += 1;
        }
    }
    Some(counts)
}

/// Frames the board on one side's pieces as the first view does (the whole map where
/// it fits at a zoom names read at): the table handed to a hot-seat player the first
/// time.
pub fn frame_the_side(world: &mut World, side: u8) {
    if let Err(e) = world.run_system_cached_with(frame_for, Some(side)) {
        warn!("the view was not framed on side {side}: {e}");
    }
}

/// The side whose pieces the first view shows, as the play window says
/// ([`HomeSide`]); none outside it (the editor frames its map itself).
fn home_side(world: &World) -> Option<u8> {
    world.get_resource::<HomeSide>().and_then(|h| (h.0)(world))
}

fn frame_for(
    In(home): In<Option<u8>>,
    geometry: Res<BoardGeometry>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<crate::board::cache::BoardCamera>>,
    settings: Option<Res<crate::settings::Settings>>,
    pieces: Query<(
        &drumfire_core::counters::OnHex,
        &drumfire_core::counters::Counter,
    )>,
) {
    let around = |side: Option<u8>| {
        pieces
            .iter()
            .filter(|(_, c)| side.is_none_or(|s| c.side == s))
            .map(|(on, _)| {
                Rect::from_center_size(geometry.world_of(on.0), Vec2::splat(2.0 * HEX_SIZE))
            })
            .reduce(|a, b| a.union(b))
    };
    let all = around(None);
    let view = FirstView {
        own: around(home).or(all),
        all,
    };
    // The play panels: the stack viewer on the right, the phase bar and the log, as
    // large as the interface scale makes them.
    let k = settings.map_or(1.0, |s| s.interface_scale);
    let insets = Insets {
        left: 0.0,
        right: SIDE_PANEL_WIDTH * k,
        top: 30.0 * k,
        bottom: (BARS_HEIGHT - 30.0) * k,
    };
    fit_camera(
        &geometry,
        &window,
        camera.into_inner(),
        insets,
        (READABLE_SCALE, Some(view)),
    );
}

/// Which side's pieces the first view of a game shows (the play window puts it in).
#[derive(Resource, Clone, Copy)]
pub struct HomeSide(pub fn(&World) -> Option<u8>);

/// Home is another control's key on this screen (the replay viewer's first moment), so
/// it does not show the whole map.
#[derive(Resource, Default)]
pub struct HomeKeyTaken;

/// Where the first view looks when the whole map does not fit: world rectangles round
/// the pieces of the side played here and round every piece.
#[derive(Clone, Copy, Debug)]
pub struct FirstView {
    /// Round the pieces of the side played here.
    pub own: Option<Rect>,
    /// Round every piece.
    pub all: Option<Rect>,
}

/// Room the panels take on each side of the window, in pixels.
#[derive(Clone, Copy, Debug)]
pub struct Insets {
    /// Left panels.
    pub left: f32,
    /// Right panels.
    pub right: f32,
    /// Top bars.
    pub top: f32,
    /// Bottom bars.
    pub bottom: f32,
}

/// Zooms the camera so the whole map fits the space the panels leave and centres it
/// there, where it fits no further out than `max_scale`; otherwise, given `pieces`, zooms
/// to `max_scale` and looks at them ([`first_centre`]), or without them at the whole map
/// however far out that takes.
pub fn fit_camera(
    geometry: &BoardGeometry,
    window: &Window,
    (mut transform, mut projection): (Mut<Transform>, Mut<Projection>),
    insets: Insets,
    (max_scale, pieces): (f32, Option<FirstView>),
) {
    let free = Vec2::new(
        (window.width() - insets.left - insets.right).max(200.0),
        (window.height() - insets.top - insets.bottom).max(200.0),
    );
    let (scale, centre) = framing(map_rect(geometry), free, max_scale, pieces);
    if let Projection::Orthographic(ortho) = projection.as_mut() {
        ortho.scale = scale;
    }
    // The free area's centre is off the window's by half the panels' difference.
    let shift = Vec2::new(insets.right - insets.left, insets.top - insets.bottom) / 2.0 * scale;
    transform.translation = (centre + shift).extend(transform.translation.z);
}

/// The scale and centre of a view of `map` in `free` pixels: the whole map where it fits
/// no further out than `max_scale`; otherwise, given `pieces`, `max_scale` looking at
/// them, or without them the whole map as far out as `max_scale` allows.
fn framing(map: Rect, free: Vec2, max_scale: f32, pieces: Option<FirstView>) -> (f32, Vec2) {
    let whole = (map.width() / free.x).max(map.height() / free.y);
    match pieces {
        Some(view) if whole > max_scale => {
            let scale = max_scale.max(MIN_SCALE);
            // Half a hex round the map, so a counter on its edge shows whole.
            let room = map.inflate(HEX_SIZE / 2.0);
            (scale, first_centre(room, free * scale / 2.0, view))
        }
        _ => (whole.clamp(MIN_SCALE, max_scale), map.center()),
    }
}

/// The map's rectangle in world space, hexes' corners included.
fn map_rect(geometry: &BoardGeometry) -> Rect {
    let half = Vec2::new(HEX_SIZE, 3f32.sqrt() / 2.0 * HEX_SIZE);
    let edge = |col: u16, row: u16| {
        let at = geometry.world_of(drumfire_core::coords::MapCoord::new(col, row).to_hex());
        Rect::from_center_half_size(at, half)
    };
    let (w, h) = (geometry.width.max(1), geometry.height.max(1));
    // The columns alternate up and down by half a hex: two of them take the extremes.
    [0, 1.min(w - 1), w - 1, w.saturating_sub(2)]
        .into_iter()
        .flat_map(|col| [edge(col, 0), edge(col, h - 1)])
        .fold(edge(0, 0), |a, b| a.union(b))
}

/// The centre of a first view `half` wide and high each way from it: as near the middle
/// of every piece as keeps all of the side's own pieces in view (their middle where they
/// do not all fit), and then, where the map is larger than the view, within the map.
fn first_centre(map: Rect, half: Vec2, view: FirstView) -> Vec2 {
    let Some(own) = view.own else {
        return map.center();
    };
    let all = view.all.unwrap_or(own);
    let mut centre = Vec2::ZERO;
    for i in 0..2 {
        let (lo, hi, h) = (own.min[i], own.max[i], half[i]);
        // `max` then `min`, not `clamp`: in floating point the bounds of a side just
        // as wide as the view may cross, and `clamp` would panic.
        centre[i] = if hi - lo <= 2.0 * h {
            all.center()[i].max(hi - h).min(lo + h)
        } else {
            (lo + hi) / 2.0
        };
        if map.max[i] - map.min[i] > 2.0 * h {
            centre[i] = centre[i].max(map.min[i] + h).min(map.max[i] - h);
        } else {
            centre[i] = map.center()[i];
        }
    }
    centre
}

fn cursor_world(window: &Window, camera: &Camera, at: &GlobalTransform) -> Option<Vec2> {
    let cursor = window.cursor_position()?;
    camera.viewport_to_world_2d(at, cursor).ok()
}

fn track_hover(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<crate::board::cache::BoardCamera>>,
    geometry: Option<Res<BoardGeometry>>,
    mut hover: ResMut<Hover>,
    area: Res<MapArea>,
) {
    let Some(geometry) = geometry else { return };
    let (camera, at) = *camera;
    let on_map = over_map(&window, &area);
    let hex = cursor_world(&window, camera, at)
        .filter(|_| on_map)
        .and_then(|w| geometry.hex_at(w));
    if hover.0 != hex {
        hover.0 = hex;
    }
}

fn select_on_click(
    buttons: Res<ButtonInput<MouseButton>>,
    hover: Res<Hover>,
    index: Res<HexIndex>,
    mut selection: ResMut<Selection>,
) {
    if buttons.just_pressed(MouseButton::Left)
        && let Some(hex) = hover.0
    {
        selection.click(hex, index.occupants(hex));
    }
}

/// Esc clears the selection (with nothing selected, the game menu takes it:
/// `play::menu::escape_opens_menu`, which runs before).
fn escape_clears_selection(keys: Res<ButtonInput<KeyCode>>, mut selection: ResMut<Selection>) {
    if keys.just_pressed(KeyCode::Escape) && selection.hex.is_some() {
        *selection = Selection::default();
    }
}

fn drag_to_pan(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &Projection), With<crate::board::cache::BoardCamera>>,
    mut last: Local<Option<Vec2>>,
) {
    let dragging = buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle);
    let cursor = window.cursor_position();
    if let (true, Some(now), Some(before)) = (dragging, cursor, *last) {
        let (mut transform, projection) = camera.into_inner();
        let scale = match projection {
            Projection::Orthographic(o) => o.scale,
            _ => 1.0,
        };
        let d = now - before;
        transform.translation.x -= d.x * scale;
        transform.translation.y += d.y * scale;
    }
    *last = if dragging { cursor } else { None };
}

/// Zooms out (or in) to the whole map, in the space the panels leave (the Home key, and
/// a script's `whole-map`).
pub fn show_the_whole_map(
    geometry: Option<Res<BoardGeometry>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<crate::board::cache::BoardCamera>>,
    area: Res<MapArea>,
) {
    let Some(geometry) = geometry else {
        return;
    };
    let insets = match area.0 {
        Some(r) => Insets {
            left: r.min.x,
            right: window.width() - r.max.x,
            top: r.min.y,
            bottom: window.height() - r.max.y,
        },
        None => Insets {
            left: 0.0,
            right: 0.0,
            top: 0.0,
            bottom: 0.0,
        },
    };
    fit_camera(
        &geometry,
        &window,
        camera.into_inner(),
        insets,
        (MAX_SCALE, None),
    );
}

fn keys_to_pan(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    settings: Option<Res<crate::settings::Settings>>,
    camera: Single<(&mut Transform, &Projection), With<crate::board::cache::BoardCamera>>,
) {
    let mut dir = Vec2::ZERO;
    for (key, d) in [
        (KeyCode::ArrowLeft, -Vec2::X),
        (KeyCode::ArrowRight, Vec2::X),
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::ArrowDown, -Vec2::Y),
    ] {
        if keys.pressed(key) {
            dir += d;
        }
    }
    if dir != Vec2::ZERO {
        let (mut transform, projection) = camera.into_inner();
        let scale = match projection {
            Projection::Orthographic(o) => o.scale,
            _ => 1.0,
        };
        let speed = KEY_PAN_SPEED * settings.map_or(1.0, |s| s.pan_speed);
        transform.translation += (dir * speed * scale * time.delta_secs()).extend(0.0);
    }
}

fn wheel_to_zoom(
    mut wheel: MessageReader<MouseWheel>,
    settings: Option<Res<crate::settings::Settings>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<
        (&Camera, &GlobalTransform, &mut Transform, &mut Projection),
        With<crate::board::cache::BoardCamera>,
    >,
) {
    let lines: f32 = wheel
        .read()
        .map(|w| match w.unit {
            MouseScrollUnit::Line => w.y,
            MouseScrollUnit::Pixel => w.y / 40.0,
        })
        .sum();
    if lines == 0.0 {
        return;
    }
    let (cam, global, mut transform, mut projection) = camera.into_inner();
    let Projection::Orthographic(ortho) = projection.as_mut() else {
        return;
    };
    let old = ortho.scale;
    let step = lines * settings.map_or(1.0, |s| s.zoom_speed);
    let new = (old * 0.85f32.powf(step)).clamp(MIN_SCALE, MAX_SCALE);
    // Keep the point under the cursor where it is.
    if let Some(under) = cursor_world(&window, cam, global) {
        let centre = transform.translation.truncate();
        let moved = under - (under - centre) * (new / old);
        transform.translation = moved.extend(transform.translation.z);
    }
    ortho.scale = new;
}

fn move_highlights(
    hover: Res<Hover>,
    selection: Res<Selection>,
    geometry: Option<Res<BoardGeometry>>,
    mut hover_q: Query<
        (&mut Transform, &mut Visibility),
        (With<HoverHighlight>, Without<SelectHighlight>),
    >,
    mut select_q: Query<
        (&mut Transform, &mut Visibility),
        (With<SelectHighlight>, Without<HoverHighlight>),
    >,
) {
    let Some(geometry) = geometry else { return };
    let place = |hex: Option<Hex>, (mut t, mut v): (Mut<Transform>, Mut<Visibility>)| match hex {
        Some(h) => {
            let at = geometry.world_of(h);
            t.translation.x = at.x;
            t.translation.y = at.y;
            *v = Visibility::Visible;
        }
        None => *v = Visibility::Hidden,
    };
    if let Ok(h) = hover_q.single_mut() {
        place(hover.0, h);
    }
    if let Ok(s) = select_q.single_mut() {
        place(selection.hex, s);
    }
}

#[cfg(test)]
mod tests;
