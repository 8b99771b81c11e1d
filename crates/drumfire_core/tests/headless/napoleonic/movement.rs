//! Movement: by formation, march columns on and off the road, halting beside the enemy,
//! one hex always, retreats and routs over the ground.

use super::*;

#[test]
fn a_brigade_moves_by_its_formation_and_a_march_column_further_on_the_road() {
    let s = field(
        &[],
        &[
            ("line", 0, "0102", 4, "order: Engage"),
            (
                "column",
                0,
                "0103",
                4,
                "order: Engage, formation: AttackColumn",
            ),
            (
                "march",
                0,
                "0105",
                4,
                "order: Engage, formation: MarchColumn",
            ),
            ("square", 0, "0107", 4, "order: Engage, formation: Square"),
            ("hold", 0, "0108", 4, "order: Hold, formation: AttackColumn"),
            ("far", 1, "1001", 4, "order: Hold"),
        ],
    );
    let mut game = to_movement(&s, 1, 0);
    refused(&mut game, move_to(0, "line", &["0202", "0302"]), "too far");
    game.submit(move_to(0, "line", &["0202"])).unwrap();
    refused(
        &mut game,
        move_to(0, "column", &["0203", "0303", "0403"]),
        "too far",
    );
    game.submit(move_to(0, "column", &["0203", "0303"]))
        .unwrap();
    // Four hexes along the road (row 5), from a road hex.
    game.submit(move_to(0, "march", &["0205", "0305", "0405", "0505"]))
        .unwrap();
    refused(&mut game, move_to(0, "square", &["0207"]), "in square");
    refused(&mut game, move_to(0, "hold", &["0208"]), "on Hold orders");
    // Moved once a turn; it may not also change formation.
    refused(&mut game, move_to(0, "line", &["0302"]), "has moved");
    let form = |b: &str, f: Formation| -> Order {
        NpOrder::Form {
            side: 0,
            brigade: b.into(),
            formation: f,
        }
        .into()
    };
    refused(&mut game, form("line", Formation::Square), "has moved");
    // A brigade on Hold may still change formation.
    game.submit(form("hold", Formation::Line)).unwrap();
    assert_eq!(
        game.world().resource::<NpState>().brigades["hold"].formation,
        Formation::Line
    );
}

#[test]
fn a_march_column_off_the_road_moves_three_hexes() {
    let s = field(
        &[],
        &[
            (
                "march",
                0,
                "0103",
                4,
                "order: Engage, formation: MarchColumn",
            ),
            ("far", 1, "1001", 4, "order: Hold"),
        ],
    );
    let mut game = to_movement(&s, 1, 0);
    refused(
        &mut game,
        move_to(0, "march", &["0203", "0303", "0403", "0503"]),
        "too far",
    );
    game.submit(move_to(0, "march", &["0203", "0303", "0403"]))
        .unwrap();
}

#[test]
fn a_brigade_halts_beside_the_enemy_and_never_enters_an_occupied_hex() {
    let s = field(
        &[],
        &[
            ("r", 0, "0203", 4, "order: Attack, formation: MarchColumn"),
            ("friend", 0, "0303", 4, "order: Hold"),
            ("b", 1, "0504", 4, "order: Hold"),
        ],
    );
    let mut game = to_movement(&s, 1, 0);
    refused(&mut game, move_to(0, "r", &["0303"]), "occupied");
    // 0404 is next to the enemy in 0504: the column halts there.
    refused(
        &mut game,
        move_to(0, "r", &["0204", "0304", "0404", "0405"]),
        "halts in 0404",
    );
    game.submit(move_to(0, "r", &["0204", "0304", "0404"]))
        .unwrap();
    assert_eq!(hex_of_piece(&game, "r").as_deref(), Some("0404"));
}

#[test]
fn the_road_rate_needs_a_road_that_runs_from_hex_to_hex() {
    // Five road pieces, each running from row 3 up to row 2: every hex of row 3 has a
    // road, but no road runs along row 3. A march column there moves 3 hexes, not 4.
    let pieces = [
        "0102 0103",
        "0202 0203",
        "0302 0303",
        "0402 0403",
        "0502 0503",
    ];
    let s = field_with_roads(
        &[],
        &pieces,
        &[
            (
                "march",
                0,
                "0103",
                4,
                "order: Engage, formation: MarchColumn",
            ),
            ("far", 1, "1008", 4, "order: Hold"),
        ],
    );
    let mut game = to_movement(&s, 1, 0);
    let p = napoleonic::view::piece(game.world(), "march").unwrap();
    let reach = napoleonic::movement::reachable(game.world(), &p);
    assert!(!reach.contains_key(&{
        let h = hex_of("0503").unwrap();
        (h.x(), h.y())
    }));
    refused(
        &mut game,
        move_to(0, "march", &["0203", "0303", "0403", "0503"]),
        "march column: 0503 is too far",
    );
    game.submit(move_to(0, "march", &["0203", "0303", "0403"]))
        .unwrap();
}

#[test]
fn a_brigade_may_always_move_one_hex() {
    // Ours, N-31: a line (1 hex) next to a wood (2) enters it, and one next to a marsh
    // (3) enters that; the step takes its whole move. A column that has stepped one
    // open hex has 1 left and may not then enter a wood.
    let s = field(
        &["", "...w......", "", "", "", "....w.....", "", "...~......"],
        &[
            ("line", 0, "0302", 4, "order: Engage"),
            (
                "column",
                0,
                "0306",
                4,
                "order: Engage, formation: AttackColumn",
            ),
            ("marsh", 0, "0308", 4, "order: Engage"),
            ("far", 1, "1001", 4, "order: Hold"),
        ],
    );
    let mut game = to_movement(&s, 1, 0);
    // The reach shaded on the map and the computer's candidates hold the wood, and no
    // hex beyond it.
    let line = napoleonic::view::piece(game.world(), "line").unwrap();
    let reach: Vec<String> = napoleonic::movement::reachable(game.world(), &line)
        .into_values()
        .map(|path| {
            path.iter()
                .map(|h| napoleonic::view::label(*h))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert!(reach.contains(&"0402".to_owned()), "{reach:?}");
    assert!(reach.iter().all(|p| !p.contains(' ')), "{reach:?}");
    let into_wood = move_to(0, "line", &["0402"]);
    assert!(
        napoleonic::candidates::candidates(game.world(), 0).contains(&into_wood),
        "the computer may order it"
    );
    refused(&mut game, move_to(0, "line", &["0402", "0502"]), "too far");
    game.submit(into_wood).unwrap();
    assert_eq!(hex_of_piece(&game, "line").as_deref(), Some("0402"));
    game.submit(move_to(0, "marsh", &["0408"])).unwrap();
    assert_eq!(hex_of_piece(&game, "marsh").as_deref(), Some("0408"));
    // Having moved one open hex of its two, the column may not use the rule.
    refused(
        &mut game,
        move_to(0, "column", &["0406", "0506"]),
        "0506 is too far",
    );
    let column = napoleonic::view::piece(game.world(), "column").unwrap();
    assert!(
        !napoleonic::movement::reachable(game.world(), &column).contains_key(&{
            let h = hex_of("0506").unwrap();
            (h.x(), h.y())
        })
    );
    // Nor may the line, having moved this turn, take another hex.
    refused(&mut game, move_to(0, "line", &["0502"]), "has moved");
}

#[test]
fn a_retiring_brigade_takes_the_open_before_a_marsh_or_wood() {
    // Ours, N-32: of the hexes away from the enemy (0505 marsh, 0604 wood, 0605 open)
    // the loser retires to the cheapest, 0605; it used to take the first by
    // position, the marsh. Even factors, seed 0 rolls 8: the loser retires.
    let s = field_with_roads(
        &["", "", "", ".....w....", "....~....."],
        &[],
        &[
            ("r", 0, "0404", 4, "order: Attack"),
            ("b", 1, "0504", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 0, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert_eq!(
        last_result(&game),
        "b retires 1 hex, Shaken (8–9): r 1 casualty, b 2"
    );
    assert_eq!(hex_of_piece(&game, "b").as_deref(), Some("0605"));
    assert!(marked(&game, "b", MarkerKind::Shaken));
}

#[test]
fn a_router_flees_over_the_ground_and_a_wood_slows_it() {
    // Ours, N-32: flight is two hexes of movement paid at the ground's costs, the
    // cheapest hex away first. From 0504 away from 0404: 0505 is a wood, 0604 open;
    // beyond 0604 only woods (0703, 0704), which its one hex left cannot pay for: the
    // router stops in 0604, two hexes from the enemy, not three.
    let s = field_with_roads(
        &["", "", "......w...", "......w...", "....w....."],
        &[],
        &[
            (
                "r",
                0,
                "0404",
                6,
                "order: Attack, class: A, skirmish: A, fire: A",
            ),
            (
                "b",
                1,
                "0504",
                5,
                "order: Hold, class: C, skirmish: C, fire: C, formation: AttackColumn",
            ),
        ],
    );
    let mut game = to_combat(&s, 6, 0);
    let e = game.world().resource::<PieceIds>().get("b").unwrap();
    drumfire_core::counters::add_marker(&mut game.world_mut().entity_mut(e), MarkerKind::Shaken);
    drumfire_core::counters::add_marker(
        &mut game.world_mut().entity_mut(e),
        MarkerKind::Disordered,
    );
    let from = game.journal().entries().len();
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert!(
        last_result(&game).contains("b routs (10+)"),
        "{}",
        last_result(&game)
    );
    assert!(marked(&game, "b", MarkerKind::Routed));
    assert_eq!(hex_of_piece(&game, "b").as_deref(), Some("0604"));
    let told = told_since(&game, from);
    assert!(told.iter().any(|l| l == "b flees to 0604."), "{told:?}");
    assert!(
        told.iter()
            .any(|l| l == "b is slowed by the ground: it flees no farther."),
        "{told:?}"
    );
}

/// "Only one brigade per side is allowed inside BUA": a village of three built-up hexes
/// is one built-up area (N-34), so a brigade of a side already inside keeps every
/// other of its side out of all three hexes, by a move as by a set-up; the enemy may
/// still go in.
#[test]
fn one_brigade_per_side_inside_a_built_up_area_of_several_hexes() {
    let village = ["", "..ttt....."];
    let s = field(
        &village,
        &[
            ("held", 0, "0302", 4, "order: Hold"),
            ("r", 0, "0403", 4, "order: Engage, formation: MarchColumn"),
            ("b", 1, "0908", 4, "order: Hold"),
        ],
    );
    let mut game = to_movement(&s, 1, 0);
    refused(
        &mut game,
        move_to(0, "r", &["0402"]),
        "held already holds the built-up area of 0402: \"Only one brigade per side is allowed inside BUA\"",
    );
    refused(
        &mut game,
        move_to(0, "r", &["0503", "0502"]),
        "held already holds",
    );
    game.submit(move_to(0, "r", &["0503", "0603"])).unwrap();
    // The same village set up with two brigades of one side is refused, located.
    let err = std::panic::catch_unwind(|| {
        field(
            &village,
            &[
                ("held", 0, "0302", 4, "order: Hold"),
                ("r", 0, "0502", 4, "order: Hold"),
                ("b", 1, "0402", 4, "order: Hold"),
            ],
        )
    })
    .expect_err("refused");
    let text = err.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(
        text.contains(
            "counters[1].hex: `r` is set up at 0502 in the built-up area that `held` holds at 0302"
        ),
        "{text}"
    );
    assert!(
        !text.contains("counters[2]"),
        "the enemy may stand in it: {text}"
    );
    // A battery is no brigade (N-21): it may stand in the village with one.
    field(
        &village,
        &[
            ("held", 0, "0302", 4, "order: Hold"),
            ("gun", 0, "0502", 2, "order: Hold, formation: Deployed"),
            ("b", 1, "0908", 4, "order: Hold"),
        ],
    );
}
