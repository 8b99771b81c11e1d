//! Rule 12, combat infantry firefight: who fights it, no firefight after a skirmish, the
//! rally, a target on attack orders firing back, Shaken dropping attack orders.

use super::*;

#[test]
fn engage_and_hold_fight_the_firefight_and_only_engage_fights_inside() {
    let s = field(
        &["", "", "", "", "...w......"],
        &[
            ("hold", 0, "0404", 4, "order: Hold"),
            ("engage", 0, "0406", 4, "order: Engage"),
            ("b_open", 1, "0504", 4, "order: Hold"),
            ("b_wood", 1, "0405", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 2, 0);
    for (order, why) in [
        (
            fight(0, "hold", "0504", Fight::HandToHand),
            "only Attack orders",
        ),
        (
            fight(0, "hold", "0405", Fight::Inside),
            "only Attack or Engage orders",
        ),
        (
            fight(0, "hold", "0405", Fight::Firefight),
            "not in the open",
        ),
    ] {
        refused(&mut game, order, why);
    }
    game.submit(fight(0, "hold", "0504", Fight::Firefight))
        .unwrap();
    game.submit(fight(0, "engage", "0405", Fight::Inside))
        .unwrap();
}

#[test]
fn no_firefight_after_a_skirmish_this_turn() {
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            ("b1", 1, "0604", 4, "order: Hold"),
            ("b2", 1, "0403", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 4, 0);
    game.submit(fight(0, "r", "0604", Fight::Skirmish)).unwrap();
    // The one-fight rule would refuse it too; the skirmish rule is named first.
    game.world_mut().resource_mut::<NpState>().fought.clear();
    refused(
        &mut game,
        fight(0, "r", "0403", Fight::Firefight),
        "no firefight after a skirmish",
    );
}

#[test]
fn the_disordered_recover_at_the_rally_unless_they_fought() {
    let s = field(
        &[],
        &[
            ("quiet", 0, "0102", 4, "order: Hold"),
            ("fighter", 0, "0404", 4, "order: Hold"),
            ("b", 1, "0504", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 1, 0);
    for id in ["quiet", "fighter"] {
        let e = game.world().resource::<PieceIds>().get(id).unwrap();
        drumfire_core::counters::add_marker(
            &mut game.world_mut().entity_mut(e),
            MarkerKind::Disordered,
        );
    }
    game.submit(fight(0, "fighter", "0504", Fight::Firefight))
        .unwrap();
    game.submit(Order::Pass { side: 0 }).unwrap();
    game.submit(Order::Pass { side: 1 }).unwrap();
    // The Rally has run; the next turn's Orders phase waits.
    assert_eq!(game.phase_name(), "Orders");
    assert!(!marked(&game, "quiet", MarkerKind::Disordered));
    // Disordered, the fighter is the loser on factors (-1 against 0): blue rolls 7 + 1,
    // and the fighter retires Shaken. It fought, so it keeps its disorder.
    assert_eq!(
        last_result(&game),
        "+1 makes 8, fighter retires 1 hex, Shaken (8–9): b 1 casualty, fighter 2"
    );
    assert_eq!(hex_of_piece(&game, "fighter").as_deref(), Some("0303"));
    assert!(marked(&game, "fighter", MarkerKind::Disordered));
    assert!(marked(&game, "fighter", MarkerKind::Shaken));
}

#[test]
fn a_brigade_that_skirmished_back_starts_no_firefight_this_turn() {
    // Rule 12: "Not allowed if they have already skirmished this move": skirmishing back
    // is skirmishing. b skirmishes back at r, then would fire on r2 beside it.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            ("r2", 0, "0704", 4, "order: Hold"),
            ("b", 1, "0604", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 2, 0);
    let from = game.journal().entries().len();
    game.submit(fight(0, "r", "0604", Fight::Skirmish)).unwrap();
    // Seed 2: red misses, b's 4 kills; r holds.
    assert_eq!(
        told_since(&game, from),
        ["r 1 no kill", "b 4 a kill", "lost r", "morale r steady"]
    );
    game.submit(Order::Pass { side: 0 }).unwrap();
    refused(
        &mut game,
        fight(1, "b", "0704", Fight::Firefight),
        "b has skirmished this turn: no firefight after a skirmish",
    );
}

#[test]
fn a_firefight_target_on_attack_orders_fires_back() {
    // Ours, N-17: the firefight is one exchange; the target's factors count and the
    // firer takes its casualties whatever the target's orders. Blue, Fire A, on Attack.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            ("b", 1, "0504", 4, "order: Attack, fire: A"),
        ],
    );
    let mut game = to_combat(&s, 0, 0);
    game.submit(fight(0, "r", "0504", Fight::Firefight))
        .unwrap();
    let shifts = game
        .journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired { shifts, column, .. } => Some((shifts.clone(), column.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        shifts,
        (vec![(1, "b: Fire A".to_owned())], "b rolls +1".into())
    );
    assert_eq!(
        last_result(&game),
        "+1 makes 9, r retires 1 hex, Shaken (8–9): b 1 casualty, r 2"
    );
    assert_eq!(standing(&game, "b"), "■■■□");
    assert_eq!(standing(&game, "r"), "■■□□");
}

#[test]
fn a_brigade_made_shaken_drops_its_attack_orders_to_engage() {
    // Ours, N-29: a Shaken brigade may not be on Attack orders (N-3), from the moment
    // it is Shaken. Seed 0: red, on Hold, wins the firefight on 8; b retires Shaken.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            ("b", 1, "0504", 4, "order: Attack"),
            ("r2", 0, "0303", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 0, 0);
    let from = game.journal().entries().len();
    game.submit(fight(0, "r", "0504", Fight::Firefight))
        .unwrap();
    assert_eq!(
        last_result(&game),
        "b retires 1 hex, Shaken (8–9): r 1 casualty, b 2"
    );
    assert!(marked(&game, "b", MarkerKind::Shaken));
    assert!(
        told_since(&game, from).contains(&"b is Shaken: its Attack orders drop to Engage.".into())
    );
    assert_eq!(
        game.world().resource::<NpState>().brigades["b"].command,
        Command::Engage
    );
}
