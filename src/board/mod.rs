//! The board: the hex map drawn with bevy_ecs_tilemap, with roads, rivers,
//! bridges, fords, contour lines, hex numbers and objectives drawn over it,
//! and the counters on top.

pub mod cache;
mod counters;
pub mod geometry;
pub mod motion;
mod terrain_art;
pub mod text;

use bevy::prelude::*;
use bevy_ecs_tilemap::prelude::*;
use drumfire_core::map::{
    Crossing, Elevation, HexCell, HexIndex, Objective, River, Road, Sides, Terrain,
};
use drumfire_core::scenario::{Rules, SideList};
use geometry::{BoardGeometry, HEX_SIZE};
use hexx::EdgeDirection;

pub use counters::CounterView;

/// Z order of the layers on the board.
pub mod z {
    /// Contour lines.
    pub const CONTOUR: f32 = 0.5;
    /// Rivers.
    pub const RIVER: f32 = 1.0;
    /// Bridges.
    pub const BRIDGE: f32 = 1.4;
    /// Roads.
    pub const ROAD: f32 = 1.5;
    /// Hex numbers.
    pub const LABEL: f32 = 2.0;
    /// Objective markers.
    pub const OBJECTIVE: f32 = 2.5;
    /// Hover and selection highlights.
    pub const HIGHLIGHT: f32 = 3.0;
    /// Counters (each in a stack a little higher).
    pub const COUNTER: f32 = 10.0;
}

/// The window's background round the map.
pub const CLEAR_COLOUR: Color = Color::srgb(0.16, 0.17, 0.16);

const ROAD_COLOUR: Color = Color::srgb(0.45, 0.33, 0.22);
const RIVER_COLOUR: Color = Color::srgb(0.27, 0.49, 0.78);
const CONTOUR_COLOUR: Color = Color::srgb(0.47, 0.31, 0.16);

/// The board plugin.
pub fn plugin(app: &mut App) {
    // Each game (or scenario edited) on the screen has its board drawn afresh.
    for screen in crate::screen::BOARD_SCREENS {
        app.add_systems(
            OnEnter(screen),
            (clear_board, spawn_terrain, spawn_overlays)
                .chain()
                .in_set(BoardDrawn),
        );
    }
    app.add_plugins(TilemapPlugin)
        .init_resource::<BoardEpoch>()
        .add_systems(
            Update,
            (clear_board, spawn_terrain, spawn_overlays)
                .chain()
                .run_if(|e: Res<BoardEpoch>| e.is_changed() && e.0 > 0),
        )
        .add_systems(Update, (redraw_when_recoloured, recolour_objectives))
        .init_resource::<crate::settings::SideColours>()
        .add_systems(PreUpdate, crate::settings::keep_side_colours)
        .add_plugins((
            text::plugin,
            counters::plugin,
            motion::plugin,
            cache::plugin,
        ));
}

/// Where the board of a game coming onto the screen is drawn.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardDrawn;

/// The sides' colours changed in the settings: the board is drawn again in them.
fn redraw_when_recoloured(
    settings: Option<Res<crate::settings::Settings>>,
    mut epoch: ResMut<BoardEpoch>,
    mut seen: Local<Option<crate::settings::Palette>>,
) {
    let Some(settings) = settings else { return };
    let was = seen.replace(settings.side_colours);
    if was.is_some_and(|p| p != settings.side_colours) {
        epoch.0 += 1;
    }
}

/// Bumped when the map itself changed (the editor): the board is drawn again.
#[derive(Resource, Default, Debug)]
pub struct BoardEpoch(pub u32);

/// The terrain tilemap and its tiles.
#[derive(Component)]
struct TerrainPiece;

fn clear_board(
    mut commands: Commands,
    old: Query<Entity, Or<(With<BoardPiece>, With<TerrainPiece>)>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
}

/// A board element that is not a counter (for tests and clean-up).
#[derive(Component)]
pub struct BoardPiece;

fn spawn_terrain(
    mut commands: Commands,
    mut images: ResMut<Assets<Image>>,
    index: Res<HexIndex>,
    rules: Res<Rules>,
    cells: Query<(&HexCell, &Terrain, &Elevation)>,
) {
    let geometry = BoardGeometry::new(index.width, index.height);
    let data = rules.0.data();
    let terrains: Vec<_> = data.terrain.values().collect();
    let texture = images.add(terrain_art::terrain_atlas(&terrains));
    let map_size = geometry.map_size();
    let mut storage = TileStorage::empty(map_size);
    let tilemap = commands.spawn_empty().id();
    for (cell, terrain, elevation) in &cells {
        let Some(position) = geometry.tile_of(cell.hex) else {
            continue;
        };
        let t = terrains.iter().position(|x| x.id == terrain.0).unwrap_or(0);
        let tile = commands
            .spawn((
                TerrainPiece,
                TileBundle {
                    position,
                    tilemap_id: TilemapId(tilemap),
                    texture_index: TileTextureIndex(terrain_art::tile_index(t, elevation.0)),
                    ..default()
                },
            ))
            .id();
        storage.set(&position, tile);
    }
    commands.entity(tilemap).insert((
        TerrainPiece,
        cache::static_layer(),
        Name::new("Terrain tilemap"),
        TilemapBundle {
            grid_size: BoardGeometry::grid_size(),
            size: map_size,
            storage,
            texture: TilemapTexture::Single(texture),
            tile_size: TilemapTileSize {
                x: terrain_art::TILE_W as f32,
                y: terrain_art::TILE_H as f32,
            },
            map_type: TilemapType::Hexagon(HexCoordSystem::ColumnOdd),
            anchor: TilemapAnchor::None,
            transform: Transform::from_translation(geometry.tilemap_offset().extend(0.0)),
            ..default()
        },
    ));
    commands.insert_resource(geometry);
}

/// A straight stroke from `a` to `b`.
fn stroke(a: Vec2, b: Vec2, width: f32, colour: Color, z: f32) -> impl Bundle {
    let d = b - a;
    (
        BoardPiece,
        cache::static_layer(),
        Sprite::from_color(colour, Vec2::new(d.length(), width)),
        Transform::from_translation(((a + b) / 2.0).extend(z))
            .with_rotation(Quat::from_rotation_z(d.y.atan2(d.x))),
    )
}

/// How a road or a river is drawn.
struct Line {
    width: f32,
    colour: Color,
    material: Handle<ColorMaterial>,
    z: f32,
}

/// A road or river through a hex: a stroke from the centre to each side it
/// leaves by, and a round joint at the centre so bends look continuous.
fn draw_line_feature(
    commands: &mut Commands,
    g: &BoardGeometry,
    hex: hexx::Hex,
    sides: Sides,
    line: &Line,
    joint: &Handle<Mesh>,
) {
    let centre = g.world_of(hex);
    for dir in sides.iter() {
        commands.spawn(stroke(
            centre,
            g.edge_midpoint(hex, dir),
            line.width,
            line.colour,
            line.z,
        ));
    }
    commands.spawn((
        BoardPiece,
        cache::static_layer(),
        Mesh2d(joint.clone()),
        MeshMaterial2d(line.material.clone()),
        Transform::from_translation(centre.extend(line.z))
            .with_scale(Vec3::splat(line.width / 2.0)),
    ));
}

fn spawn_overlays(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    index: Res<HexIndex>,
    sides: Res<SideList>,
    settings: Option<Res<crate::settings::Settings>>,
    cells: Query<(
        &HexCell,
        &Elevation,
        Option<&Road>,
        Option<&River>,
        Option<&Objective>,
    )>,
    elevations: Query<&Elevation>,
) {
    let g = BoardGeometry::new(index.width, index.height);
    let palette = settings.map_or(crate::settings::Palette::Scenario, |s| s.side_colours);
    let colours = crate::settings::SideColours::of(&sides, palette);
    let joint = meshes.add(Circle::new(1.0));
    let river_line = Line {
        width: 9.0,
        colour: RIVER_COLOUR,
        material: materials.add(ColorMaterial::from_color(RIVER_COLOUR)),
        z: z::RIVER,
    };
    let road_line = Line {
        width: 5.0,
        colour: ROAD_COLOUR,
        material: materials.add(ColorMaterial::from_color(ROAD_COLOUR)),
        z: z::ROAD,
    };
    spawn_hex_numbers(&mut commands, &g, cells.iter().map(|c| c.0.coord));
    for (cell, elevation, road, river, objective) in &cells {
        let centre = g.world_of(cell.hex);
        spawn_contours(&mut commands, &g, &index, &elevations, cell.hex, elevation);
        if let Some(river) = river {
            draw_line_feature(
                &mut commands,
                &g,
                cell.hex,
                river.sides,
                &river_line,
                &joint,
            );
            let flow = river.sides.iter().next().map_or(Vec2::X, |d| {
                (g.edge_midpoint(cell.hex, d) - centre).normalize()
            });
            spawn_crossing(&mut commands, &river.crossing, centre, flow);
        }
        if let Some(road) = road {
            draw_line_feature(&mut commands, &g, cell.hex, road.0, &road_line, &joint);
        }
        if let Some(o) = objective {
            spawn_objective(
                &mut commands,
                &mut meshes,
                &mut materials,
                &colours,
                cell.hex,
                centre,
                o,
            );
        }
    }
}

/// How many hexes of a column one text of hex numbers covers.
const HEX_NUMBER_ROWS: u16 = 10;

/// The hex numbers, a text for each run of [`HEX_NUMBER_ROWS`] hexes down a column
/// (the hexes of a column lie one hex height apart, which is the text's line height):
/// a tenth of the entities and layouts of a text a hex, laid out again a run at a time.
fn spawn_hex_numbers(
    commands: &mut Commands,
    g: &BoardGeometry,
    coords: impl Iterator<Item = drumfire_core::coords::MapCoord>,
) {
    let line = BoardGeometry::grid_size().y;
    for (top, lines) in hex_number_runs(g, coords) {
        commands.spawn((
            BoardPiece,
            cache::static_layer(),
            text::board_text_lines(&lines, 9.0, line, Color::srgba(0.1, 0.1, 0.1, 0.75)),
            Transform::from_translation(top.extend(z::LABEL)),
        ));
    }
}

/// The texts of hex numbers: where each stands (the top of its first line) and its
/// lines. A hex's number is on the line of its row in the run, that line's middle 0.7
/// of a hex's radius above the hex's centre.
fn hex_number_runs(
    g: &BoardGeometry,
    coords: impl Iterator<Item = drumfire_core::coords::MapCoord>,
) -> Vec<(Vec2, Vec<String>)> {
    let mut runs: std::collections::BTreeMap<(u16, u16), Vec<u16>> = Default::default();
    for c in coords {
        runs.entry((c.col, c.row / HEX_NUMBER_ROWS))
            .or_default()
            .push(c.row);
    }
    let line = BoardGeometry::grid_size().y;
    let mut texts = Vec::new();
    for ((col, run), rows) in runs {
        let first = run * HEX_NUMBER_ROWS;
        let last = rows.iter().copied().max().unwrap_or(first);
        // A hex missing from the map leaves its line empty, so the rest stay in place.
        let lines: Vec<String> = (first..=last)
            .map(|row| {
                if rows.contains(&row) {
                    drumfire_core::coords::MapCoord::new(col, row).label()
                } else {
                    String::new()
                }
            })
            .collect();
        let centre = g.world_of(drumfire_core::coords::MapCoord::new(col, first).to_hex());
        texts.push((centre + Vec2::new(0.0, HEX_SIZE * 0.7 + line / 2.0), lines));
    }
    texts
}

/// Contour lines on every hexside of `hex` that drops to a lower level.
fn spawn_contours(
    commands: &mut Commands,
    g: &BoardGeometry,
    index: &HexIndex,
    elevations: &Query<&Elevation>,
    hex: hexx::Hex,
    elevation: &Elevation,
) {
    let centre = g.world_of(hex);
    let half_edge = HEX_SIZE / 2.0;
    for dir in EdgeDirection::ALL_DIRECTIONS {
        let lower = index
            .hex_entity(hex.neighbor(dir))
            .and_then(|e| elevations.get(e).ok())
            .is_some_and(|n| n.0 < elevation.0);
        if lower {
            let mid = g.edge_midpoint(hex, dir);
            let along = (mid - centre).perp().normalize() * half_edge;
            commands.spawn(stroke(
                mid - along,
                mid + along,
                3.0,
                CONTOUR_COLOUR,
                z::CONTOUR,
            ));
        }
    }
}

/// A river hex's crossing at its centre: a bridge (a dark span under a light
/// deck) or a ford (three pale dashes across the flow).
fn spawn_crossing(commands: &mut Commands, crossing: &Crossing, centre: Vec2, flow: Vec2) {
    match crossing {
        Crossing::Bridge => {
            let across = flow.perp() * 13.0;
            commands.spawn(stroke(
                centre - across,
                centre + across,
                16.0,
                Color::srgb(0.25, 0.2, 0.17),
                z::BRIDGE,
            ));
            commands.spawn(stroke(
                centre - across * 0.9,
                centre + across * 0.9,
                11.0,
                Color::srgb(0.62, 0.58, 0.52),
                z::BRIDGE + 0.01,
            ));
        }
        Crossing::Ford => {
            for k in -1..=1 {
                let at = centre + flow * (k as f32 * 7.0);
                let across = flow.perp() * 6.0;
                commands.spawn(stroke(
                    at - across,
                    at + across,
                    3.0,
                    Color::srgb(0.93, 0.86, 0.66),
                    z::BRIDGE,
                ));
            }
        }
        Crossing::None => {}
    }
}

/// An objective's marker in the hex's lower left: a star in the colour of the side
/// holding it (white when nobody does) on a dark one, and its points.
fn spawn_objective(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    colours: &crate::settings::SideColours,
    hex: hexx::Hex,
    centre: Vec2,
    o: &Objective,
) {
    let colour = o.held_by.map_or(Color::WHITE, |s| colours.counter(s));
    let at = centre + Vec2::new(-HEX_SIZE * 0.52, -HEX_SIZE * 0.42);
    commands.spawn((
        BoardPiece,
        Mesh2d(meshes.add(RegularPolygon::new(10.0, 5))),
        MeshMaterial2d(materials.add(ColorMaterial::from_color(Color::srgb(0.15, 0.12, 0.1)))),
        Transform::from_translation(at.extend(z::OBJECTIVE)),
    ));
    commands.spawn((
        BoardPiece,
        ObjectiveStar(hex),
        Mesh2d(meshes.add(RegularPolygon::new(8.0, 5))),
        MeshMaterial2d(materials.add(ColorMaterial::from_color(colour))),
        Transform::from_translation(at.extend(z::OBJECTIVE + 0.01)),
    ));
    commands.spawn((
        BoardPiece,
        text::board_text(o.points.to_string(), 10.0, Color::BLACK),
        Transform::from_translation(at.extend(z::OBJECTIVE + 0.02)),
    ));
}

/// The star of an objective's marker, in the colour of the side holding it.
#[derive(Component, Debug)]
struct ObjectiveStar(hexx::Hex);

/// An objective taken (or lost) during play: its star takes the holder's colour.
fn recolour_objectives(
    sides: Option<Res<SideList>>,
    settings: Option<Res<crate::settings::Settings>>,
    changed: Query<(&HexCell, &Objective), Changed<Objective>>,
    stars: Query<(&ObjectiveStar, &MeshMaterial2d<ColorMaterial>)>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let (Some(sides), false) = (sides, changed.is_empty()) else {
        return;
    };
    let palette = settings.map_or(crate::settings::Palette::Scenario, |s| s.side_colours);
    let colours = crate::settings::SideColours::of(&sides, palette);
    for (cell, o) in &changed {
        let colour = o.held_by.map_or(Color::WHITE, |s| colours.counter(s));
        for (star, material) in &stars {
            if star.0 == cell.hex
                && let Some(mut m) = materials.get_mut(&material.0)
            {
                m.color = colour;
            }
        }
    }
}

/// The selected hex and counter.
#[derive(Resource, Default, Debug)]
pub struct Selection {
    /// The selected hex.
    pub hex: Option<hexx::Hex>,
    /// The selected counter in it.
    pub counter: Option<Entity>,
}

impl Selection {
    /// Selects a hex; a click on the selected hex picks the next counter down its stack.
    pub fn click(&mut self, hex: hexx::Hex, stack: &[Entity]) {
        let top_first = stack.iter().rev().copied().collect::<Vec<_>>();
        self.counter = if self.hex == Some(hex) {
            let at = self
                .counter
                .and_then(|c| top_first.iter().position(|e| *e == c));
            at.map_or(top_first.first().copied(), |i| {
                top_first.get((i + 1) % top_first.len()).copied()
            })
        } else {
            top_first.first().copied()
        };
        self.hex = Some(hex);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use drumfire_core::coords::MapCoord;
    use drumfire_core::sides::SideInfo;

    #[test]
    fn every_hex_number_lies_over_its_hex_and_a_missing_hex_leaves_its_line_empty() {
        let g = BoardGeometry::new(3, 23);
        let missing = MapCoord::new(1, 12);
        let coords: Vec<MapCoord> = (0..3)
            .flat_map(|col| (0..23).map(move |row| MapCoord::new(col, row)))
            .filter(|&c| c != missing)
            .collect();
        let runs = hex_number_runs(&g, coords.iter().rev().copied());
        assert_eq!(
            runs.len(),
            9,
            "three runs a column: rows 1-10, 11-20, 21-23"
        );
        let line = BoardGeometry::grid_size().y;
        let mut found = 0;
        for (top, lines) in &runs {
            assert!(lines.len() <= usize::from(HEX_NUMBER_ROWS));
            for (i, label) in lines.iter().enumerate() {
                let at = *top - Vec2::new(0.0, line * (i as f32 + 0.5));
                let hex = g.hex_at(at - Vec2::new(0.0, HEX_SIZE * 0.7));
                let Some(hex) = hex else {
                    panic!("line {i} of the text at {top} is over no hex");
                };
                let coord = MapCoord::from_hex(hex).expect("a map hex");
                let centre = g.world_of(hex);
                assert!((at - centre - Vec2::new(0.0, HEX_SIZE * 0.7)).length() < 1e-3);
                if coord == missing {
                    assert_eq!(label, "", "the missing hex's line");
                } else {
                    assert_eq!(*label, coord.label());
                    found += 1;
                }
            }
        }
        assert_eq!(found, coords.len(), "every hex numbered once");
    }

    #[test]
    fn an_objective_taken_turns_its_star_to_the_holders_colour() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Assets<ColorMaterial>>()
            .insert_resource(SideList(vec![
                SideInfo {
                    id: "a".into(),
                    name: "A".into(),
                    colour: [200, 30, 30],
                },
                SideInfo {
                    id: "b".into(),
                    name: "B".into(),
                    colour: [30, 30, 200],
                },
            ]))
            .add_systems(Update, recolour_objectives);
        let coord = MapCoord::new(2, 1);
        let hex = coord.to_hex();
        let other = MapCoord::new(4, 0).to_hex();
        let cell = app
            .world_mut()
            .spawn((
                HexCell { hex, coord },
                Objective {
                    points: 2,
                    held_by: None,
                },
            ))
            .id();
        let star = |app: &mut App, at: hexx::Hex| {
            let m = app
                .world_mut()
                .resource_mut::<Assets<ColorMaterial>>()
                .add(ColorMaterial::from_color(Color::WHITE));
            app.world_mut()
                .spawn((ObjectiveStar(at), MeshMaterial2d(m.clone())));
            m
        };
        let (taken, untouched) = (star(&mut app, hex), star(&mut app, other));
        app.update();
        let colour = |app: &App, m: &Handle<ColorMaterial>| {
            app.world()
                .resource::<Assets<ColorMaterial>>()
                .get(m)
                .map(|m| m.color)
        };
        assert_eq!(colour(&app, &taken), Some(Color::WHITE), "held by nobody");
        app.world_mut()
            .get_mut::<Objective>(cell)
            .expect("the objective")
            .held_by = Some(1);
        app.update();
        assert_eq!(colour(&app, &taken), Some(Color::srgb_u8(30, 30, 200)));
        assert_eq!(
            colour(&app, &untouched),
            Some(Color::WHITE),
            "another hex's star"
        );
    }
}
