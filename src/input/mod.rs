//! Mouse and keyboard on the board: the hex under the cursor, selection,
//! panning (right or middle drag, arrow keys) and zooming to the cursor (wheel).
//! Egui gets the pointer first: nothing here reacts while it is over a panel.

pub use crate::board::Selection;
use crate::board::geometry::{BoardGeometry, HEX_SIZE};
use crate::board::z;
use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::window::PrimaryWindow;
use bevy_egui::input::{egui_wants_any_keyboard_input, egui_wants_any_pointer_input};
use drumfire_core::map::HexIndex;
use hexx::Hex;

/// Width the right-hand panel takes, so the map is framed beside it.
pub const SIDE_PANEL_WIDTH: f32 = 310.0;
/// Height the top bar and the bottom log take together.
pub const BARS_HEIGHT: f32 = 160.0;

const MIN_SCALE: f32 = 0.25;
/// The widest the first view zooms out, so counter text stays legible; pan for the rest.
const FIRST_VIEW_MAX_SCALE: f32 = 1.15;
const MAX_SCALE: f32 = 4.0;
/// How much further out than the first view's limit the camera may go to show every
/// piece of a map too large to fit (their counters still read at 70 % of their size).
const PIECES_FURTHER: f32 = 1.4;
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
    app.init_resource::<Hover>()
        .init_resource::<Selection>()
        .init_resource::<Picking>()
        .init_resource::<MapArea>()
        .add_systems(Startup, (spawn_board_camera, spawn_highlights))
        .add_systems(PostStartup, frame_the_map)
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
                (keys_to_pan, escape_clears_selection).run_if(not(egui_wants_any_keyboard_input)),
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

/// Centres the map in the space the panels leave and zooms so it fits; a map too large
/// to fit at a size its counters can be read at is framed on its pieces instead.
pub fn frame_the_map(
    geometry: Res<BoardGeometry>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&mut Transform, &mut Projection), With<crate::board::cache::BoardCamera>>,
    settings: Option<Res<crate::settings::Settings>>,
    pieces: Query<&drumfire_core::counters::OnHex, With<drumfire_core::counters::Counter>>,
) {
    let pieces = pieces
        .iter()
        .map(|on| {
            let at = geometry.world_of(on.0);
            Rect::from_center_size(at, Vec2::splat(2.0 * HEX_SIZE))
        })
        .reduce(|a, b| a.union(b));
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
        (FIRST_VIEW_MAX_SCALE, pieces),
    );
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

/// Zooms the camera so the whole map fits the space the panels leave (no further out
/// than `max_scale` allows) and centres it there; where the map does not fit at
/// `max_scale`, frames `pieces` (a world rectangle round them) instead, going out as far as
/// [`PIECES_FURTHER`] times `max_scale` to show them all.
pub fn fit_camera(
    geometry: &BoardGeometry,
    window: &Window,
    (mut transform, mut projection): (Mut<Transform>, Mut<Projection>),
    insets: Insets,
    (max_scale, pieces): (f32, Option<Rect>),
) {
    let map_w = 1.5 * HEX_SIZE * f32::from(geometry.width.saturating_sub(1)) + 2.0 * HEX_SIZE;
    let map_h = 3f32.sqrt() * HEX_SIZE * (f32::from(geometry.height) + 0.5);
    let free_w = (window.width() - insets.left - insets.right).max(200.0);
    let free_h = (window.height() - insets.top - insets.bottom).max(200.0);
    let whole = (map_w / free_w).max(map_h / free_h);
    let (want, centre, most) = match pieces {
        Some(r) if whole > max_scale => (
            (r.width() / free_w).max(r.height() / free_h),
            r.center(),
            max_scale * PIECES_FURTHER,
        ),
        _ => (whole, geometry.centre(), max_scale),
    };
    let scale = want.clamp(MIN_SCALE, most);
    if let Projection::Orthographic(ortho) = projection.as_mut() {
        ortho.scale = scale;
    }
    // The free area's centre is off the window's by half the panels' difference.
    let shift = Vec2::new(insets.right - insets.left, insets.top - insets.bottom) / 2.0 * scale;
    transform.translation = (centre + shift).extend(transform.translation.z);
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
mod tests {
    use super::*;

    #[test]
    fn clicking_the_selected_hex_cycles_down_the_stack() {
        let mut world = World::new();
        let stack: Vec<Entity> = (0..3).map(|_| world.spawn_empty().id()).collect();
        let hex = Hex::new(2, -3);
        let mut s = Selection::default();
        s.click(hex, &stack);
        assert_eq!(s.counter, Some(stack[2]), "top of the stack first");
        s.click(hex, &stack);
        assert_eq!(s.counter, Some(stack[1]));
        s.click(hex, &stack);
        assert_eq!(s.counter, Some(stack[0]));
        s.click(hex, &stack);
        assert_eq!(s.counter, Some(stack[2]), "and round again");
        s.click(Hex::new(0, 0), &[]);
        assert_eq!((s.hex, s.counter), (Some(Hex::new(0, 0)), None));
    }
}
