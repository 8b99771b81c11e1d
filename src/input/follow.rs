//! The view follows the orders shown on the board where they happen off the screen.

use super::*;

/// The camera's view and the part of the board the map area shows, in the board's
/// units (none without a board camera and window).
pub(super) fn shown_on_board(world: &mut World) -> Option<(CameraView, Rect)> {
    let view = camera_view(world)?;
    let mut windows = world.query_filtered::<&Window, With<PrimaryWindow>>();
    let size = windows.iter(world).next()?.size();
    let area = world
        .get_resource::<MapArea>()
        .and_then(|a| a.0)
        .unwrap_or(Rect::from_corners(Vec2::ZERO, size));
    // Window pixels run down from the top left; the board's units up from the middle.
    let to_board = |p: Vec2| {
        view.at.truncate() + Vec2::new(p.x - size.x / 2.0, size.y / 2.0 - p.y) * view.scale
    };
    Some((
        view,
        Rect::from_corners(to_board(area.min), to_board(area.max)),
    ))
}

/// Where the show under way happens (a glide's hexes, a fire's target and firers).
fn where_shown(show: &crate::board::motion::Show) -> Vec<Hex> {
    use crate::board::motion::Show;
    match show {
        Show::Glide { from, to, .. } => vec![*to, *from],
        Show::Fire { target, firers, .. } => std::iter::once(*target)
            .chain(firers.iter().copied())
            .collect(),
    }
}

/// The view follows what is shown on the board (an order of the computer, of the other
/// player, of a replay): when a show begins off the map area, or at its edge, the
/// camera goes to it, its zoom kept; a show on the screen leaves the view alone.
/// Settings: `follow_orders`.
pub(super) fn follow_the_shows(
    world: &mut World,
    mut last: Local<Option<crate::board::motion::Show>>,
) {
    let Some(motion) = world.get_resource::<crate::board::motion::Motion>() else {
        return;
    };
    let front = motion.shows().next().cloned();
    if front == *last {
        return;
    }
    last.clone_from(&front);
    let follow = world
        .get_resource::<crate::settings::Settings>()
        .is_none_or(|s| s.follow_orders);
    let (Some(show), true) = (front, follow) else {
        return;
    };
    let (Some((view, shown)), Some(geometry)) = (
        shown_on_board(world),
        world.get_resource::<BoardGeometry>().cloned(),
    ) else {
        return;
    };
    // A hex and a half in from the edge: a show half off the screen is followed too.
    let inner = shown.inflate(-HEX_SIZE * 1.5);
    let hexes = where_shown(&show);
    if hexes.iter().all(|h| inner.contains(geometry.world_of(*h))) {
        return;
    }
    // The first hex (where the piece goes, the target) to the middle of the map area.
    let Some(first) = hexes.first() else { return };
    let at = view.at.truncate() + (geometry.world_of(*first) - shown.center());
    set_camera_view(
        world,
        CameraView {
            at: at.extend(view.at.z),
            ..view
        },
    );
}
