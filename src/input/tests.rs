//! Tests of `input`.

use super::*;
use crate::board::motion::{Motion, Show};
use drumfire_core::coords::MapCoord;

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

#[test]
fn the_first_view_keeps_the_own_side_in_view_and_looks_towards_the_rest() {
    let map = Rect::new(0.0, 0.0, 1000.0, 800.0);
    let half = Vec2::new(400.0, 250.0);
    // Own pieces along the bottom, the enemy along the top: the view goes as far up
    // as keeps the bottom row in it, and stays within the map sideways.
    let own = Rect::new(100.0, 50.0, 700.0, 120.0);
    let all = Rect::new(100.0, 50.0, 700.0, 750.0);
    let view = FirstView {
        own: Some(own),
        all: Some(all),
    };
    let c = first_centre(map, half, view);
    assert_eq!(c, Vec2::new(400.0, 300.0));
    assert!(c.y - half.y <= own.min.y && c.x - half.x <= own.min.x && c.x + half.x >= own.max.x);
    // Own pieces wider than the view: their middle, kept within the map.
    let wide = Rect::new(0.0, 600.0, 1000.0, 780.0);
    let c = first_centre(
        map,
        half,
        FirstView {
            own: Some(wide),
            all: Some(all),
        },
    );
    assert_eq!(c, Vec2::new(500.0, 530.0));
    // No pieces at all: the map's middle.
    let none = FirstView {
        own: None,
        all: None,
    };
    assert_eq!(first_centre(map, half, none), map.center());
    // A map smaller than the view one way: centred that way.
    let narrow = Rect::new(0.0, 0.0, 600.0, 800.0);
    assert_eq!(first_centre(narrow, half, view).x, 300.0);
}

/// Every shipped scenario opens where its counters' names read (at most
/// [`READABLE_SCALE`] world units a pixel: the smallest name, 7.5 units, is over 8
/// pixels), with every piece of the side played first in view, in a 1280 x 800
/// window with the play panels.
#[test]
fn every_shipped_scenario_opens_with_names_that_read_and_its_side_in_view() {
    let free = Vec2::new(1280.0 - SIDE_PANEL_WIDTH, 800.0 - BARS_HEIGHT);
    let mut seen = 0;
    for (set, name) in drumfire_core::testing::shipped_scenarios() {
        let scenario = drumfire_core::testing::shipped(&set, &name);
        let mut game = drumfire_core::game::Game::new(&scenario, 3);
        let side = game.awaiting().expect("a side to act");
        let world = game.world_mut();
        let index = world.resource::<HexIndex>();
        let geometry = BoardGeometry::new(index.width, index.height);
        let mut pieces = world.query::<(
            &drumfire_core::counters::OnHex,
            &drumfire_core::counters::Counter,
        )>();
        let mut rect = |side: Option<u8>| {
            pieces
                .iter(world)
                .filter(|(_, c)| side.is_none_or(|s| c.side == s))
                .map(|(on, _)| {
                    let at = geometry.world_of(on.0);
                    Rect::from_center_size(at, Vec2::splat(2.0 * HEX_SIZE))
                })
                .reduce(|a, b| a.union(b))
        };
        let view = FirstView {
            own: rect(Some(side)),
            all: rect(None),
        };
        let (scale, centre) = framing(map_rect(&geometry), free, READABLE_SCALE, Some(view));
        assert!(scale <= READABLE_SCALE, "{name}: {scale}");
        let shown = Rect::from_center_half_size(centre, free * scale / 2.0).inflate(0.01);
        let own = view.own.unwrap();
        if own.width() <= shown.width() && own.height() <= shown.height() {
            assert!(
                shown.contains(own.min) && shown.contains(own.max),
                "{name}: {own:?} not all in {shown:?}"
            );
        }
        seen += 1;
    }
    assert_eq!(seen, 11);
}

/// A 1280x800 window on a 30x20 map, the camera over hex (`col`, `row`), a show of a
/// glide to `to`: where the camera is once the view has followed it.
fn followed(camera_over: Hex, to: Hex, follow: bool) -> Vec2 {
    let mut world = World::new();
    let geometry = BoardGeometry::new(30, 20);
    let at = geometry.world_of(camera_over);
    world.spawn((Window::default(), PrimaryWindow));
    world.spawn((
        crate::board::cache::BoardCamera,
        Transform::from_translation(at.extend(10.0)),
        Projection::Orthographic(OrthographicProjection::default_2d()),
    ));
    world.insert_resource(geometry);
    world.insert_resource(MapArea::default());
    world.insert_resource(crate::settings::Settings {
        follow_orders: follow,
        ..Default::default()
    });
    world.insert_resource(Motion::showing(Show::Glide {
        piece: "p".into(),
        from: to,
        to,
    }));
    world.run_system_cached(follow::follow_the_shows).unwrap();
    camera_view(&mut world).unwrap().at.truncate()
}

#[test]
fn the_view_goes_to_an_order_shown_off_the_screen_and_stays_for_one_on_it() {
    let geometry = BoardGeometry::new(30, 20);
    let home = MapCoord::new(2, 2).to_hex();
    let far = MapCoord::new(27, 17).to_hex();
    let near = MapCoord::new(3, 3).to_hex();
    assert_eq!(
        followed(home, far, true),
        geometry.world_of(far),
        "off the screen: the camera goes to it"
    );
    assert_eq!(
        followed(home, near, true),
        geometry.world_of(home),
        "on the screen: the view stays"
    );
    assert_eq!(
        followed(home, far, false),
        geometry.world_of(home),
        "the setting off: the view stays"
    );
}
