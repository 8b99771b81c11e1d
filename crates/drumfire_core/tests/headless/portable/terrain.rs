//! Terrain and pinning: hills, roads, rivers, bridges and fords, woods, built-up areas.

use super::*;

#[test]
fn hills_one_contour_an_activation_no_attack_across_two_and_up_or_downhill_changes_power() {
    let s = field(
        &[],
        &["", "", "", "0001200000", "0001100000"],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0304", ""),
            ("low", 0, "infantry_rifles", "0604", ""),
            ("top", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&s, 1);
    assert_eq!(path(&game, "cav", &["0404"]), Ok(false), "one contour up");
    let s2 = field(
        &[],
        &["", "", "", "0001200000"],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0304", ""),
            ("foe", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let g2 = Game::new(&s2, 1);
    assert_eq!(
        path(&g2, "cav", &["0404", "0504"]).unwrap_err(),
        "cav may move up or down only one hill contour each time it is activated."
    );
    // 0604 (level 0) against 0504 (level 2): more than one contour between them.
    assert_eq!(
        combat_plan(&game, 0, &["low"], "top").unwrap_err(),
        "low may not attack top: more than one hill contour between them."
    );
    let s3 = field(
        &[],
        &["", "", "", "0001000000"],
        "",
        &[
            ("up", 0, "infantry_rifles", "0304", ""),
            ("onhill", 1, "infantry_rifles", "0404", ""),
            ("down", 0, "infantry_rifles", "0403", ""),
        ],
    );
    let g3 = Game::new(&s3, 1);
    assert_eq!(
        combat_plan(&g3, 0, &["up"], "onhill")
            .unwrap()
            .attack_changes,
        [(-1, "attacking uphill".to_owned())]
    );
    let s4 = field(
        &[],
        &["", "", "", "0001000000"],
        "",
        &[
            ("high", 0, "infantry_rifles", "0404", ""),
            ("below", 1, "infantry_rifles", "0304", ""),
        ],
    );
    let g4 = Game::new(&s4, 1);
    let p = combat_plan(&g4, 0, &["high"], "below").unwrap();
    assert_eq!(
        (p.attack_changes.clone(), p.attack),
        (vec![(1, "attacking downhill".to_owned())], 5)
    );
}

#[test]
fn roads_cost_half_a_hex_unused_halves_are_lost_and_built_up_areas_count_as_roads() {
    let s = field(
        &["", "", "", "", "..tt......"],
        &[],
        ", roads: [\"0104 0204 0304 0404\"]",
        &[
            ("road", 0, "infantry_rifles", "0104", ""),
            ("town", 0, "infantry_rifles", "0305", ""),
            ("foe", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let game = Game::new(&s, 1);
    assert_eq!(
        path(&game, "road", &["0204", "0304"]),
        Ok(false),
        "two road hexes for one hex of movement"
    );
    assert!(
        path(&game, "road", &["0204", "0304", "0404"])
            .unwrap_err()
            .ends_with("0404 is too far.")
    );
    // Off the road after half a hex: the half left is not enough for a whole hex.
    assert!(
        path(&game, "road", &["0204", "0203"])
            .unwrap_err()
            .ends_with("0203 is too far.")
    );
    // From one built-up hex to the next is half a hex, as along a road; out into open
    // ground a whole one, so the half left is not enough.
    assert_eq!(path(&game, "town", &["0405"]), Ok(false));
    assert_eq!(
        path(&game, "town", &["0405", "0505"]).unwrap_err(),
        "town moves 1 hex a turn (half a hex along a road or through a built-up area): 0505 is too far."
    );
    // Our ruling: a step from open ground into a town is not "along" anything: a whole
    // hex, with nothing left for the next built-up hex.
    let s = field(
        &["", "", "", "", "..tt......"],
        &[],
        "",
        &[
            ("open", 0, "infantry_rifles", "0205", ""),
            ("foe", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let game = Game::new(&s, 1);
    assert_eq!(path(&game, "open", &["0305"]), Ok(false));
    assert_eq!(
        path(&game, "open", &["0305", "0405"]).unwrap_err(),
        "open moves 1 hex a turn (half a hex along a road or through a built-up area): 0405 is too far."
    );
}

#[test]
fn rivers_are_crossed_at_bridges_and_fords_and_a_unit_entering_elsewhere_is_lost() {
    let s = field(
        &[],
        &[],
        ", rivers: [\"0401 0402 0403 0404 0405 0406 0407 0408\"], bridges: [\"0402\"], fords: [\"0406\"]",
        &[
            ("deep", 0, "infantry_rifles", "0304", ""),
            ("bridge", 0, "cavalry_regular", "0302", ""),
            ("ford", 0, "cavalry_regular", "0306", ""),
            ("spare", 0, "infantry_rifles", "0108", ""),
            ("foe", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let mut game = Game::new(&s, 4);
    assert_eq!(
        path(&game, "deep", &["0404"]),
        Ok(true),
        "the move is made, and the unit lost"
    );
    assert_eq!(path(&game, "bridge", &["0402", "0502"]), Ok(false));
    assert_eq!(
        path(&game, "ford", &["0406", "0506"]).unwrap_err(),
        "ford must stop at 0406: a ford (it stays there until the turn after next)."
    );
    to_activation(&mut game, 0);
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "deep".into(),
            path: vec!["0404".into()],
        },
    )
    .unwrap();
    assert!(view::unit(game.world(), "deep").is_none());
    assert_eq!(
        game.world().resource::<drumfire_core::flow::StepsLost>().0[0],
        1
    );
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "ford".into(),
            path: vec!["0406".into()],
        },
    )
    .unwrap();
    assert_eq!(movement::fording_turn(game.world(), "ford"), Some(1));
}

/// "Units that enter river hexes where there is no bridge or a ford are destroyed": no
/// scenario may set one up there; on a bridge or in a ford it may stand.
#[test]
fn no_unit_is_set_up_in_a_river_hex_without_a_bridge_or_ford() {
    let rivers = ", rivers: [\"0401 0402 0403 0404 0405 0406 0407 0408\"], bridges: [\"0402\"], fords: [\"0406\"]";
    let text = field_text(
        &[],
        &[],
        rivers,
        &[
            ("bridge", 0, "infantry_rifles", "0402", ""),
            ("ford", 0, "infantry_rifles", "0406", ""),
            ("deep", 0, "infantry_rifles", "0404", ""),
            ("foe", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let errs: Vec<String> = scenario::parse("test.ron", &text, &drumfire_core::rules::ALL)
        .unwrap_err()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        errs,
        [
            "test.ron:7:238: counters[2].hex: deep is set up in the river at 0404 where there is neither bridge nor ford (a unit there is destroyed)"
        ]
    );
}

#[test]
fn fording_takes_three_turns_in_stay_and_out_and_a_fording_unit_may_not_fire() {
    let s = field(
        &[],
        &[],
        // The foe stands on a bridge: no unit may be set up in the river elsewhere.
        ", rivers: [\"0401 0402 0403 0404 0405 0406 0407 0408\"], fords: [\"0404\"], bridges: [\"0402\"]",
        &[
            ("wader", 0, "infantry_rifles", "0404", NORTH),
            ("foe", 1, "infantry_rifles", "0402", ""),
        ],
    );
    let mut game = Game::new(&s, 1);
    game.world_mut()
        .resource_mut::<drumfire_core::flow::Turn>()
        .0 = 5;
    let turn = 5;
    // It went in last turn: this is turn B of the crossing.
    game.world_mut()
        .resource_mut::<PtState>()
        .fording
        .insert("wader".into(), turn - 1);
    assert_eq!(
        path(&game, "wader", &["0504"]).unwrap_err(),
        "wader is fording the river: it stays in the ford this turn and goes on next turn."
    );
    assert_eq!(
        fire_plan(&game, "wader", "0402").unwrap_err(),
        "wader is fording the river and may not fire."
    );
    // Turn C: it moves on.
    game.world_mut()
        .resource_mut::<PtState>()
        .fording
        .insert("wader".into(), turn - 2);
    assert_eq!(path(&game, "wader", &["0504"]), Ok(false));
}

#[test]
fn a_unit_attacking_from_a_river_hex_loses_one_power() {
    let s = field(
        &[],
        &[],
        ", rivers: [\"0401 0402 0403 0404 0405 0406 0407 0408\"], fords: [\"0404\"]",
        &[
            ("wader", 0, "infantry_rifles", "0404", ""),
            ("foe", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let p = combat_plan(&game, 0, &["wader"], "foe").unwrap();
    assert_eq!(
        (p.attack_changes.clone(), p.attack),
        (vec![(-1, "attacking from a river".to_owned())], 3)
    );
}

/// Our ruling where the bridge meets "A Unit that is in a river hex and is attacking
/// [...] reduces its Close Combat Power by 1": a unit on a bridge stands over the river,
/// not in it, and keeps its full power.
#[test]
fn a_unit_attacking_from_a_bridge_keeps_its_power() {
    let s = field(
        &[],
        &[],
        ", rivers: [\"0401 0402 0403 0404 0405 0406 0407 0408\"], bridges: [\"0404\"]",
        &[
            ("bridge", 0, "infantry_rifles", "0404", ""),
            ("foe", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let p = combat_plan(&game, 0, &["bridge"], "foe").unwrap();
    assert_eq!((p.attack_changes.clone(), p.attack), (vec![], 4));
}

#[test]
fn mounted_cavalry_moves_one_hex_through_woods_and_attacks_into_woods_lose_one_power() {
    let s = field(
        &["", "", "", "...w......"],
        &[],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0304", ""),
            ("inf", 0, "infantry_rifles", "0303", ""),
            ("foe", 1, "infantry_rifles", "0404", ""),
            ("far", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let s2 = field(
        &["", "", "", "...w......"],
        &[],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0304", ""),
            ("far", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let g2 = Game::new(&s2, 1);
    assert_eq!(path(&g2, "cav", &["0404"]), Ok(false));
    assert_eq!(
        path(&g2, "cav", &["0404", "0504"]).unwrap_err(),
        "Mounted cavalry moving through woods moves only 1 hex an activation: cav stops at 0404."
    );
    assert_eq!(
        path(&g2, "cav", &["0305", "0405"]),
        Ok(false),
        "around the woods it goes two"
    );
    let p = combat_plan(&game, 0, &["cav"], "foe").unwrap();
    assert_eq!(
        (p.attack_changes.clone(), p.attack),
        (vec![(-1, "defender in woods".to_owned())], 3)
    );
}

#[test]
fn attacks_into_built_up_areas_and_fortifications_lose_two_power() {
    let s = field(
        &["", "", "", "...tf....."],
        &[],
        "",
        &[
            ("a", 0, "infantry_rifles", "0303", ""),
            ("town", 1, "infantry_rifles", "0404", ""),
            ("b", 0, "infantry_rifles", "0505", ""),
            ("fort", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let p = combat_plan(&game, 0, &["a"], "town").unwrap();
    assert_eq!(
        p.attack_changes,
        [(-2, "defender in a built-up area".to_owned())]
    );
    let p = combat_plan(&game, 0, &["b"], "fort").unwrap();
    assert_eq!(
        p.attack_changes,
        [(-2, "defender in a fortification".to_owned())]
    );
}
