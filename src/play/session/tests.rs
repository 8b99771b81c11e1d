//! Tests of `play/session`.

use super::*;
use drumfire_core::game::Game;

/// A Napoleonic game at its first Movement phase, the French (side 0) to move.
fn moving() -> Game {
    let text = include_str!("../../../scenarios/napoleonic/lindenau.ron");
    let scenario =
        drumfire_core::scenario::parse("lindenau.ron", text, &drumfire_core::rules::ALL).unwrap();
    let mut game = Game::new(&scenario, 4);
    while game.phase_name() == "Orders" {
        let side = game.awaiting().unwrap();
        let order = scenario.rules.computer(game.world(), side, 0).unwrap();
        game.submit(order).unwrap();
    }
    assert_eq!(game.phase_name(), "Movement");
    game
}

/// A hot-seat player who takes the table back finds the board where they left it; a
/// look at a secret behind the hand-off screen moves nothing.
#[test]
fn a_hot_seat_player_gets_back_the_view_they_left() {
    use crate::input::CameraView;
    let mut world = World::new();
    world.init_resource::<Handoff>();
    world.init_resource::<SideViews>();
    world.spawn((
        crate::board::cache::BoardCamera,
        Transform::from_xyz(10.0, 20.0, 0.0),
        Projection::Orthographic(OrthographicProjection::default_2d()),
    ));
    let british = CameraView {
        at: Vec3::new(-300.0, 150.0, 0.0),
        scale: 0.75,
    };
    let german = CameraView {
        at: Vec3::new(500.0, -40.0, 0.0),
        scale: 1.5,
    };
    world.resource_mut::<SideViews>().0.insert(1, british);
    world.resource_mut::<SideViews>().0.insert(0, german);
    let step = |world: &mut World, screen: Option<(u8, bool)>| {
        let mut h = world.resource_mut::<Handoff>();
        h.waiting_for = screen.map(|s| s.0);
        h.show_secret = screen.is_some_and(|s| s.1);
        world.run_system_cached(give_the_view_back).unwrap();
        crate::input::camera_view(world).unwrap()
    };
    let first = CameraView {
        at: Vec3::new(10.0, 20.0, 0.0),
        scale: 1.0,
    };
    // The screen up: the table is hidden, the view not yet changed.
    assert_eq!(step(&mut world, Some((1, false))), first);
    // Taken by the British: their view.
    assert_eq!(step(&mut world, None), british);
    // The Germans look at their filed plan behind the screen: no view changes.
    assert_eq!(step(&mut world, Some((0, true))), british);
    assert_eq!(step(&mut world, None), british);
    // Handed over to the Germans: theirs.
    assert_eq!(step(&mut world, Some((0, false))), british);
    assert_eq!(step(&mut world, None), german);
}

/// A shipped game whose rule set hides the table from its start, after the orders
/// of the side that acts first have handed the table to another while it is still
/// hidden (a set-up behind the hand-off screen), with that first side.
fn handed_behind_the_screen() -> Option<(Game, u8)> {
    let hides = |game: &Game| {
        let world = game.world();
        crate::rules::play_parts()
            .of(world.resource::<drumfire_core::scenario::Rules>().0.id)
            .is_some_and(|p| p.hides_table(world))
    };
    drumfire_core::testing::shipped_scenarios()
        .into_iter()
        .find_map(|(set, name)| {
            let scenario = drumfire_core::testing::shipped(&set, &name);
            let mut game = Game::new(&scenario, 3);
            let first = game.awaiting()?;
            if !hides(&game) {
                return None;
            }
            let mut bot =
                drumfire_core::players::Bot::new(drumfire_core::players::PlayerKind::Ai, 1);
            while game.awaiting() == Some(first) {
                let order = bot.choose(&game, first)?;
                game.submit(order).ok()?;
            }
            let handed = game.awaiting().is_some_and(|s| s != first);
            (handed && hides(&game)).then_some((game, first))
        })
}

/// In a hot-seat game whose rule set hides the table (a set-up behind the hand-off
/// screen), the side that hands the table over keeps its view of the board for its
/// next turn there, and the hand-off screen rises for the other.
#[test]
fn the_side_handing_over_the_table_keeps_its_view() {
    use crate::input::CameraView;
    let (mut game, first) = handed_behind_the_screen().expect("a shipped set-up behind the screen");
    // The window's watch saw the first side at the table before its orders.
    let world = game.world_mut();
    world.insert_resource(crate::rules::play_parts());
    world.insert_resource(Handoff {
        last: Some(first),
        ..Default::default()
    });
    world.init_resource::<SideViews>();
    world.init_resource::<ReplayQueue>();
    world.insert_resource(super::super::computer::Computer {
        sides: vec![false, false],
        ..Default::default()
    });
    let mut projection = OrthographicProjection::default_2d();
    projection.scale = 1.25;
    world.spawn((
        crate::board::cache::BoardCamera,
        Transform::from_xyz(123.0, -45.0, 0.0),
        Projection::Orthographic(projection),
    ));
    let other = game.awaiting().expect("the other side's turn at the table");
    let world = game.world_mut();
    world.run_system_cached(watch_handoff).unwrap();
    assert_eq!(
        world.resource::<Handoff>().waiting_for,
        Some(other),
        "the screen is up"
    );
    let views = &world.resource::<SideViews>().0;
    assert_eq!(
        views.get(&first),
        Some(&CameraView {
            at: Vec3::new(123.0, -45.0, 0.0),
            scale: 1.25,
        }),
        "the view of the side leaving"
    );
    assert_eq!(
        views.get(&other),
        None,
        "the side taking the table left none"
    );
    // Nothing is handed while the same side stays at the table.
    world.resource_mut::<Handoff>().waiting_for = None;
    world.run_system_cached(watch_handoff).unwrap();
    assert_eq!(world.resource::<Handoff>().waiting_for, None);
}

/// The Two machines window's Host and Join start `drumfire host` and `join` with
/// what was typed, or say what is wrong with it.
#[test]
fn host_and_join_from_the_window_check_what_was_typed() {
    let scenario = std::path::Path::new("scenarios/portable/ukhozi_drift.ron");
    let mut two = TwoMachines {
        side: 1,
        port: " 7400 ".into(),
        ..TwoMachines::default()
    };
    assert_eq!(
        host_args(scenario, &two).unwrap(),
        [
            "host",
            "scenarios/portable/ukhozi_drift.ron",
            "--port",
            "7400",
            "--side",
            "2"
        ]
    );
    two.port = "seventy".into();
    assert_eq!(
        host_args(scenario, &two).unwrap_err(),
        "`seventy` is not a port number (0 to 65535)"
    );
    two.address = "192.168.1.20:7373".into();
    two.code = "04hm-asw9-nf6y-zveb-n63p".into();
    assert_eq!(
        join_args(&two).unwrap(),
        [
            "join",
            "192.168.1.20:7373",
            "--code",
            "04hm-asw9-nf6y-zveb-n63p"
        ]
    );
    two.address = "host.example:7373".into();
    assert!(join_args(&two).is_ok());
    two.address = "host.example".into();
    assert!(join_args(&two).unwrap_err().contains("is not an address"));
    two.address = "192.168.1.20:7373".into();
    two.code = "04HM".into();
    assert!(join_args(&two).unwrap_err().starts_with("The code: "));
}

#[test]
fn space_passes_for_a_person_and_never_for_the_computer() {
    let mut game = moving();
    let side = game.awaiting().unwrap();
    let world = game.world_mut();
    world.insert_resource(PassRequest(true));
    let mut sides = vec![false, false];
    world.insert_resource(super::super::computer::Computer {
        sides: sides.clone(),
        fast: false,
        hard: Vec::new(),
    });
    keys_act_for_people(world);
    assert!(world.resource::<PassRequest>().0, "a person's Space stands");
    sides[usize::from(side)] = true;
    world.insert_resource(super::super::computer::Computer {
        sides,
        fast: false,
        hard: Vec::new(),
    });
    keys_act_for_people(world);
    assert!(
        !world.resource::<PassRequest>().0,
        "Space does not pass for the computer's side"
    );
}
