//! Artillery fire: hits and scatter by range, the effect tables, indirect fire where a
//! friend sees, artillery casualties taken off after all artillery has fired.

use super::*;

#[test]
fn artillery_at_two_hexes_or_less_hits_the_target_and_at_three_or_more_scatters() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("gun", 0, "field_artillery", "0507", NORTH),
            ("near", 1, "infantry_rifles", "0505", ""),
            ("far", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let all = all(&game);
    let gun = unit(&game, "gun");
    let near = fire::plan(game.world(), &all, &gun, h("0505"), true).unwrap();
    let far = fire::plan(game.world(), &all, &gun, h("0504"), true).unwrap();
    assert!(!near.scatters() && far.scatters());
    // 5-6 on the target, 3-4 the hex in front (toward the gun), 1-2 the hex behind.
    let landings: Vec<String> = (1..=6)
        .map(|d| view::label(fire::landing(h("0507"), h("0504"), d)))
        .collect();
    assert_eq!(landings, ["0503", "0503", "0505", "0505", "0504", "0504"]);
    // A shot at two hexes never misses: 6 chances in 6 of landing on `near`.
    let odds = fire::odds(game.world(), &all, &near);
    assert_eq!((odds.denominator, odds.of("near")), (6, (2, 3)));
    // At three hexes a third land on the target and a third in front (on `near`).
    let odds = fire::odds(game.world(), &all, &far);
    assert_eq!(
        (odds.denominator, odds.of("far"), odds.of("near")),
        (36, (4, 6), (4, 6))
    );
    // The window's odds: the target's outcomes, and the unit the scatter may land on.
    let shown = drumfire_core::rules::portable::describe_odds(
        game.world(),
        &PtOrder::Bombard {
            side: 0,
            unit: "gun".into(),
            target: "0504".into(),
        },
    )
    .unwrap();
    assert_eq!(shown.check(), Ok(()));
    assert_eq!(
        shown.summary(),
        "destroyed 11.1 % (4/36), pinned 16.7 % (6/36), unharmed 72.2 % (26/36)"
    );
    assert_eq!(shown.more.len(), 1);
    assert_eq!(
        shown.more[0]
            .outcomes
            .iter()
            .map(|o| o.chance.to_string())
            .collect::<Vec<_>>(),
        ["4/36", "6/36", "26/36"]
    );
}

#[test]
fn where_two_hexes_are_in_front_or_behind_an_odd_die_picks_the_left_and_an_even_the_right() {
    // Gun at 0701 firing at 0504, down and to the left on the map: the line runs through
    // a corner of the target hex, so two hexes are in front (0604 and 0503) and two behind.
    let landings: Vec<String> = (1..=4)
        .map(|d| view::label(fire::landing(h("0701"), h("0504"), d)))
        .collect();
    // Looking down-left from the gun, the left hand is to the south-east.
    assert_eq!(landings, ["0505", "0405", "0604", "0503"]);
}

#[test]
fn fire_effect_tables_direct_indirect_open_and_cover() {
    let row = |t: Table| -> Vec<Effect> { (1..=6).map(|d| fire::effect(t, d, 0)).collect() };
    use Effect::{Destroyed as X, None as O, Pinned as P};
    assert_eq!(row(Table::Direct), [O, P, P, P, X, X]);
    assert_eq!(row(Table::Open), [O, P, P, P, X, X]);
    assert_eq!(row(Table::Indirect), [O, O, O, P, P, X]);
    assert_eq!(row(Table::Cover), [O, O, O, P, P, X]);
    // Pinned units take 1 off their fire effect dice.
    assert_eq!(fire::effect(Table::Open, 5, -1), P);
    assert_eq!(fire::effect(Table::Cover, 6, -1), P);
    assert_eq!(fire::effect(Table::Open, 2, -1), O);
}

#[test]
fn artillery_that_cannot_see_fires_indirect_only_where_a_friend_sees() {
    let woods = [
        "..w.......",
        "..w.......",
        "..w.......",
        "..w.......",
        "..w.......",
        "..w.......",
        "..w.......",
        "..w.......",
    ];
    let with_spotter = field(
        &woods,
        &[],
        "",
        &[
            (
                "gun",
                0,
                "field_artillery",
                "0104",
                ", facing: Some(NorthEast)",
            ),
            ("spotter", 0, "infantry_rifles", "0404", ""),
            ("foe", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&with_spotter, 1);
    let all_units = all(&game);
    let gun = unit(&game, "gun");
    assert!(!view::line_of_sight(game.world(), h("0104"), h("0504")));
    let p = fire::plan(game.world(), &all_units, &gun, h("0504"), true).unwrap();
    assert_eq!(p.table, Table::Indirect);
    let alone = field(
        &woods,
        &[],
        "",
        &[
            (
                "gun",
                0,
                "field_artillery",
                "0104",
                ", facing: Some(NorthEast)",
            ),
            ("foe", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&alone, 1);
    assert_eq!(
        fire::plan(
            game.world(),
            &all(&game),
            &unit(&game, "gun"),
            h("0504"),
            true
        )
        .unwrap_err()
        .0,
        "Neither gun nor any friend can see 0504: no fire."
    );
    let open = field(
        &[],
        &[],
        "",
        &[
            (
                "gun",
                0,
                "field_artillery",
                "0104",
                ", facing: Some(NorthEast)",
            ),
            ("foe", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&open, 1);
    assert_eq!(
        fire::plan(
            game.world(),
            &all(&game),
            &unit(&game, "gun"),
            h("0504"),
            true
        )
        .unwrap()
        .table,
        Table::Direct
    );
}

#[test]
fn artillery_fires_first_and_its_casualties_come_off_after_all_artillery_has_fired() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("red_gun", 0, "field_artillery", "0102", ""),
            ("blue_gun", 1, "field_artillery", "0302", ""),
            ("red_inf", 0, "infantry_rifles", "0107", ""),
        ],
    );
    // Seed 1 rolls 6 (Red's fire effect) then 3 (Blue's).
    let mut game = Game::new(&s, 1);
    assert_eq!(
        (game.phase(), game.awaiting()),
        (drumfire_core::rules::portable::ARTILLERY_FIRE, Some(0))
    );
    // The log names the phase as the Portable rules do.
    assert!(game.journal().entries().iter().any(|e| matches!(
        &e.event,
        GameEvent::PhaseBegan { phase } if phase == "Artillery Fire"
    )));
    order(
        &mut game,
        PtOrder::Bombard {
            side: 0,
            unit: "red_gun".into(),
            target: "0302".into(),
        },
    )
    .unwrap();
    // Destroyed, but it still fires before the casualties come off. Red has no other
    // gun, so its artillery fire is over and Blue's turn to fire comes at once.
    assert!(view::unit(game.world(), "blue_gun").is_some());
    assert_eq!(
        game.world().resource::<PtState>().artillery_hits,
        [("blue_gun".to_owned(), true)]
    );
    assert_eq!(game.awaiting(), Some(1));
    order(
        &mut game,
        PtOrder::Bombard {
            side: 1,
            unit: "blue_gun".into(),
            target: "0102".into(),
        },
    )
    .unwrap();
    // Every gun has fired: the casualties come off, the pinned are pinned.
    assert_ne!(game.phase(), drumfire_core::rules::portable::ARTILLERY_FIRE);
    assert!(view::unit(game.world(), "blue_gun").is_none());
    assert!(unit(&game, "red_gun").pinned);
    let results: Vec<String> = game
        .journal()
        .entries()
        .iter()
        .filter_map(|e| match &e.event {
            GameEvent::Fired { dice, result, .. } => Some(format!("{dice:?} {result}")),
            _ => None,
        })
        .collect();
    assert_eq!(results, ["[6] blue_gun: Destroyed", "[3] red_gun: Pinned"]);
    // Artillery may not move and fire in one turn, but may be unpinned.
    to_activation(&mut game, 0);
    assert_eq!(
        path(&game, "red_gun", &["0103"]).unwrap_err(),
        "red_gun has fired this turn and may not move (artillery may not move and fire in one turn)."
    );
    order(
        &mut game,
        PtOrder::Unpin {
            side: 0,
            unit: "red_gun".into(),
        },
    )
    .unwrap();
}

#[test]
fn artillery_turns_only_60_degrees_to_fire_and_fortress_artillery_stays_put_so_it_is_idle() {
    // "A unit may turn only up to 60 degrees to fire", and fortress artillery has no
    // movement: with every enemy behind it, the fortress gun has no order, and the
    // rules' refusals of a fire at each enemy and of a move toward the nearest say why.
    let s = field(
        &[],
        &[],
        "",
        &[
            ("fort", 0, "fortress_artillery", "0303", NORTH),
            ("spare", 0, "infantry_rifles", "0901", ""),
            ("near", 1, "infantry_rifles", "0305", ""),
            ("far", 1, "infantry_rifles", "0307", ""),
        ],
    );
    let mut game = Game::new(&s, 4);
    to_activation(&mut game, 0);
    let why_idle = drumfire_core::rules::portable::INFO.why_idle;
    assert_eq!(
        why_idle(game.world(), 0, "fort"),
        [
            "0305 is behind fort: a unit may turn only up to 60 degrees to fire.",
            "0307 is behind fort: a unit may turn only up to 60 degrees to fire.",
            "fort cannot move: fortress artillery stays put.",
        ]
    );
    // (A side with no unit to activate is passed over: the spare rifles keep Red
    // asked.) Rifles with an enemy in range and sight have an order: nothing to explain.
    let mut game = Game::new(&rifles_by_the_woods(&[]), 4);
    to_activation(&mut game, 0);
    assert_eq!(why_idle(game.world(), 0, "inf"), Vec::<String>::new());
}
