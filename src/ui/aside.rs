//! Sheets and windows that stand aside from the pieces they are about: a window goes to
//! the corner of the map where it covers the fewest of them, and stays there while it
//! covers none (it does not hop about as the map is panned).

use crate::board::geometry::BoardGeometry;
use crate::input::MapArea;
use bevy::prelude::*;
use bevy_egui::egui;

/// The gap between a window and the map's edge, in points.
const MARGIN: f32 = 10.0;

/// Half a counter's width, in points at the opening zoom.
const COUNTER_HALF: f32 = 24.0;

/// The size assumed for a window not yet drawn, in points.
const FIRST_SIZE: egui::Vec2 = egui::vec2(420.0, 320.0);

/// The corners of the map a window may stand in, in the order tried after the one it
/// stood in last.
const CORNERS: [egui::Align2; 4] = [
    egui::Align2::LEFT_BOTTOM,
    egui::Align2::LEFT_TOP,
    egui::Align2::RIGHT_BOTTOM,
    egui::Align2::RIGHT_TOP,
];

/// Where window `title` goes (its top-left corner, for `Window::current_pos`): the
/// corner of the map, `first` tried first, whose stretch under the window covers the
/// fewest of `hexes`. None before the map has been laid out.
pub fn clear_of(
    ctx: &egui::Context,
    world: &mut World,
    title: &str,
    first: egui::Align2,
    hexes: &[hexx::Hex],
) -> Option<egui::Pos2> {
    let k = ctx.zoom_factor();
    let area = world.resource::<MapArea>().0?;
    let area = egui::Rect::from_min_max(
        egui::pos2(area.min.x / k, area.min.y / k),
        egui::pos2(area.max.x / k, area.max.y / k),
    )
    .shrink(MARGIN);
    let id = egui::Id::new(title);
    let size = ctx
        .memory(|m| m.area_rect(id))
        .map_or(FIRST_SIZE, |r| r.size());
    let points: Vec<egui::Pos2> = on_screen(world, hexes)
        .into_iter()
        .map(|p| egui::pos2(p.x / k, p.y / k))
        .collect();
    let last = ctx.data(|d| d.get_temp::<egui::Align2>(id.with("aside")));
    let corner = corner_clear_of(area, size, &points, [last.unwrap_or(first), first]);
    ctx.data_mut(|d| d.insert_temp(id.with("aside"), corner));
    Some(corner.align_size_within_rect(size, area).min)
}

/// The corner of `area` where a window of `size` covers the fewest of `points`: the
/// first of `tried_first` that covers none, else of the four corners the first that
/// covers fewest.
fn corner_clear_of(
    area: egui::Rect,
    size: egui::Vec2,
    points: &[egui::Pos2],
    tried_first: [egui::Align2; 2],
) -> egui::Align2 {
    let covered = |corner: egui::Align2| {
        // A counter covered in part is covered: the window's rectangle grown by half a
        // counter.
        let rect = corner
            .align_size_within_rect(size, area)
            .expand(COUNTER_HALF);
        points.iter().filter(|p| rect.contains(**p)).count()
    };
    let mut best = (usize::MAX, tried_first[0]);
    for corner in tried_first.into_iter().chain(CORNERS) {
        let n = covered(corner);
        if n < best.0 {
            best = (n, corner);
        }
        if n == 0 {
            break;
        }
    }
    best.1
}

/// Where `hexes` are in the window, in logical pixels (those off the camera's view are
/// left out).
fn on_screen(world: &mut World, hexes: &[hexx::Hex]) -> Vec<Vec2> {
    let Some(geometry) = world.get_resource::<BoardGeometry>().cloned() else {
        return Vec::new();
    };
    let mut cameras = world
        .query_filtered::<(&Camera, &GlobalTransform), With<crate::board::cache::BoardCamera>>();
    let Some((camera, at)) = cameras.iter(world).find(|(c, _)| c.is_active) else {
        return Vec::new();
    };
    hexes
        .iter()
        .filter_map(|h| {
            let p = geometry.world_of(*h);
            camera.world_to_viewport(at, p.extend(0.0)).ok()
        })
        .collect()
}

/// `window`, known as `title` to [`clear_of`], at `at` (from it), or anchored at
/// `corner` + `offset` before the map is laid out.
pub fn placed<'a>(
    window: egui::Window<'a>,
    title: &str,
    at: Option<egui::Pos2>,
    corner: egui::Align2,
    offset: [f32; 2],
) -> egui::Window<'a> {
    let window = window.id(egui::Id::new(title));
    match at {
        // Not movable: egui's title-bar drag keeps the last position over a new one.
        Some(p) => window.movable(false).current_pos(p),
        None => window.anchor(corner, offset),
    }
}

/// The hexes of the pieces with these ids (those on the map).
pub fn hexes_of<'a>(world: &World, ids: impl IntoIterator<Item = &'a str>) -> Vec<hexx::Hex> {
    let pieces = world.resource::<drumfire_core::counters::PieceIds>();
    ids.into_iter()
        .filter_map(|id| pieces.get(id))
        .filter_map(|e| world.get::<drumfire_core::counters::OnHex>(e))
        .map(|on| on.0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const AREA: egui::Rect =
        egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(900.0, 600.0));
    const SIZE: egui::Vec2 = egui::vec2(400.0, 200.0);
    const FIRST: [egui::Align2; 2] = [egui::Align2::LEFT_BOTTOM, egui::Align2::LEFT_BOTTOM];

    #[test]
    fn a_window_stays_in_its_corner_while_it_covers_no_piece() {
        let far = [egui::pos2(800.0, 50.0)];
        assert_eq!(
            corner_clear_of(AREA, SIZE, &far, FIRST),
            egui::Align2::LEFT_BOTTOM
        );
    }

    #[test]
    fn a_window_moves_to_the_corner_that_covers_fewest_pieces() {
        // Two pieces bottom left, one top left, none right: the bottom right is clear.
        let pieces = [
            egui::pos2(100.0, 500.0),
            egui::pos2(300.0, 550.0),
            egui::pos2(100.0, 100.0),
        ];
        assert_eq!(
            corner_clear_of(AREA, SIZE, &pieces, FIRST),
            egui::Align2::RIGHT_BOTTOM
        );
        // A piece in every corner, two bottom left: the first with one.
        let everywhere = [
            egui::pos2(100.0, 500.0),
            egui::pos2(120.0, 520.0),
            egui::pos2(100.0, 100.0),
            egui::pos2(800.0, 500.0),
            egui::pos2(800.0, 100.0),
        ];
        assert_eq!(
            corner_clear_of(AREA, SIZE, &everywhere, FIRST),
            egui::Align2::LEFT_TOP
        );
        // Half a counter inside the window's edge is covered.
        let edge = [egui::pos2(410.0, 500.0)];
        assert_eq!(
            corner_clear_of(AREA, SIZE, &edge, FIRST),
            egui::Align2::LEFT_TOP
        );
    }
}
