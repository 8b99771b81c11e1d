//! Rule 13, combat infantry v infantry (hand to hand): attack orders, the loser routing or
//! retiring, draws, casualties taking the rightmost battalion.

use super::*;

#[test]
fn attack_orders_fight_only_hand_to_hand_or_inside() {
    // Red on Attack beside blue in the open (0504) and beside blue in a wood (0405).
    let s = field(
        &["", "", "", "", "...w......"],
        &[
            ("r", 0, "0404", 4, "order: Attack"),
            ("b_open", 1, "0504", 4, "order: Hold"),
            ("b_wood", 1, "0405", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 1, 0);
    for (order, why) in [
        (
            fight(0, "r", "0504", Fight::Firefight),
            "only Engage or Hold orders",
        ),
        (
            fight(0, "r", "0504", Fight::Skirmish),
            "only Hold or Engage orders",
        ),
        (
            fight(0, "r", "0405", Fight::HandToHand),
            "the fight for it is combat inside",
        ),
        (fight(0, "r", "0504", Fight::Inside), "in the open"),
    ] {
        refused(&mut game, order, why);
    }
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    // One fight started a turn.
    refused(
        &mut game,
        fight(0, "r", "0405", Fight::Inside),
        "has started a fight this turn",
    );
}

#[test]
fn the_loser_routs_and_flees_two_hexes_with_its_casualties() {
    // Red: line, all A, four battalions; blue: column, all C, two battalions, Disordered
    // and Shaken (added below). Red +5, blue -1 -1(C) -2(outnumbered) -1 -2: at +12
    // every roll is 10 or more: the loser routs.
    let s = field(
        &[],
        &[
            (
                "r",
                0,
                "0404",
                4,
                "order: Attack, class: A, skirmish: A, fire: A",
            ),
            (
                "b",
                1,
                "0504",
                2,
                "order: Hold, class: C, skirmish: C, fire: C, formation: AttackColumn",
            ),
        ],
    );
    let mut game = to_combat(&s, 6, 0);
    let e = game.world().resource::<PieceIds>().get("b").unwrap();
    drumfire_core::counters::add_marker(&mut game.world_mut().entity_mut(e), MarkerKind::Shaken);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert!(
        last_result(&game).contains("b routs (10+)"),
        "{}",
        last_result(&game)
    );
    // The winner loses one battalion, the loser three: with two it is dispersed.
    assert_eq!(standing(&game, "r"), "■■■□");
    assert_eq!(hex_of_piece(&game, "b"), None, "b should be dispersed");
}

#[test]
fn a_router_flees_two_hexes_from_the_enemy_and_is_marked_routed() {
    let s = field(
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
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert!(
        last_result(&game).contains("b routs (10+)"),
        "{}",
        last_result(&game)
    );
    assert_eq!(standing(&game, "b"), "■■□□□");
    assert!(marked(&game, "b", MarkerKind::Routed));
    // Routed takes the place of Shaken and Disordered.
    assert!(!marked(&game, "b", MarkerKind::Shaken));
    assert!(!marked(&game, "b", MarkerKind::Disordered));
    let at = hex_of(&hex_of_piece(&game, "b").unwrap()).unwrap();
    assert_eq!(
        at.unsigned_distance_to(hex_of("0404").unwrap()),
        3,
        "two hexes further away"
    );
    // A routed brigade fights no more.
    game.submit(Order::Pass { side: 0 }).unwrap();
    let routed_target = fight(1, "b", "0404", Fight::Firefight);
    refused(&mut game, routed_target, "routed");
}

#[test]
fn the_loser_retires_one_hex_shaken_and_takes_two_casualties() {
    // Even factors: the attacker is the winner who rolls (N-6); seed 0 rolls 8.
    let mut game = to_combat(&even_fights(), 0, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert_eq!(
        last_result(&game),
        "b retires 1 hex, Shaken (8–9): r 1 casualty, b 2"
    );
    assert_eq!(standing(&game, "r"), "■■■□");
    assert_eq!(standing(&game, "b"), "■■□□");
    assert!(marked(&game, "b", MarkerKind::Shaken));
    let at = hex_of(&hex_of_piece(&game, "b").unwrap()).unwrap();
    assert_eq!(
        at.unsigned_distance_to(hex_of("0404").unwrap()),
        2,
        "one hex away: 4\""
    );
    assert_eq!(
        hex_of_piece(&game, "r").as_deref(),
        Some("0404"),
        "hand to hand: no advance"
    );
}

#[test]
fn the_winner_on_factors_retires_shaken_on_a_low_roll() {
    let mut game = to_combat(&even_fights(), 2, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert_eq!(
        last_result(&game),
        "r retires 1 hex, Shaken (4–5): r 2 casualties, b 1"
    );
    assert_eq!(standing(&game, "r"), "■■□□");
    assert_eq!(standing(&game, "b"), "■■■□");
    assert!(marked(&game, "r", MarkerKind::Shaken));
    assert!(!marked(&game, "b", MarkerKind::Shaken));
    let at = hex_of(&hex_of_piece(&game, "r").unwrap()).unwrap();
    assert_eq!(at.unsigned_distance_to(hex_of("0504").unwrap()), 2);
}

#[test]
fn a_draw_leaves_both_disordered_with_a_casualty_each() {
    let mut game = to_combat(&even_fights(), 1, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert_eq!(
        last_result(&game),
        "a draw (6–7), both Disordered: 1 casualty each"
    );
    for id in ["r", "b"] {
        assert_eq!(standing(&game, id), "■■■□", "{id}");
        assert!(marked(&game, id, MarkerKind::Disordered), "{id}");
    }
    assert_eq!(hex_of_piece(&game, "b").as_deref(), Some("0504"));
}

#[test]
fn a_casualty_takes_the_rightmost_battalion_and_the_last_disperses_the_brigade() {
    // Seed 10: the attacker routs on a 3, taking three casualties of its four.
    let mut game = to_combat(&even_fights(), 10, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert_eq!(last_result(&game), "r routs (2–3): r 3 casualties, b 1");
    assert_eq!(standing(&game, "r"), "■□□□");
    assert!(marked(&game, "r", MarkerKind::Routed));
    // Its casualties count for the other side at the end.
    assert_eq!(
        game.world().resource::<drumfire_core::flow::StepsLost>().0,
        [3, 1]
    );
}

#[test]
fn a_shaken_brigade_that_must_retire_routs() {
    // Ours, N-30: as on a morale test (N-12), a brigade already Shaken that is to retire
    // Shaken routs instead. Both Shaken: even factors, seed 0 rolls 8, loser retires.
    let mut game = to_combat(&even_fights(), 0, 0);
    for id in ["r", "b"] {
        let e = game.world().resource::<PieceIds>().get(id).unwrap();
        drumfire_core::counters::add_marker(
            &mut game.world_mut().entity_mut(e),
            MarkerKind::Shaken,
        );
    }
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert_eq!(
        last_result(&game),
        "b retires 1 hex, Shaken (8–9): r 1 casualty, b 2"
    );
    assert_eq!(standing(&game, "b"), "■■□□");
    assert!(marked(&game, "b", MarkerKind::Routed));
    let at = hex_of(&hex_of_piece(&game, "b").unwrap()).unwrap();
    assert_eq!(at.unsigned_distance_to(hex_of("0404").unwrap()), 3);
}

#[test]
fn a_brigade_dispersed_with_nowhere_to_run_counts_every_battalion_it_had() {
    // N-20: a point to the enemy for each battalion lost. A router hemmed in at the
    // map's corner is dispersed: the battalions it still had are lost with it.
    let s = field(
        &[],
        &[
            (
                "r",
                0,
                "0201",
                4,
                "order: Attack, class: A, skirmish: A, fire: A",
            ),
            ("x", 0, "0102", 4, "order: Hold"),
            (
                "b",
                1,
                "0101",
                4,
                "order: Hold, class: C, skirmish: C, fire: C, formation: AttackColumn",
            ),
        ],
    );
    let mut game = to_combat(&s, 6, 0);
    let e = game.world().resource::<PieceIds>().get("b").unwrap();
    drumfire_core::counters::add_marker(&mut game.world_mut().entity_mut(e), MarkerKind::Shaken);
    game.submit(fight(0, "r", "0101", Fight::HandToHand))
        .unwrap();
    let told = told_since(&game, 0);
    assert!(
        told.iter().any(|t| t == "b has nowhere to run."),
        "{told:#?}"
    );
    assert_eq!(hex_of_piece(&game, "b"), None, "dispersed");
    let lost = &game.world().resource::<drumfire_core::sides::StepsLost>().0;
    assert_eq!(lost[1], 4, "all four battalions: {told:#?}");
}
