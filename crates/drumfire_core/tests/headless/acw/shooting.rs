//! Infantry shooting (aimed fire) and artillery fire: the hit numbers, a die a stand,
//! the guns' two dice, the wedge a unit faces, opportunity fire (fire at chargers is in
//! `shooting_at_chargers`).

use super::*;

fn rows(odds: &drumfire_core::odds::Odds) -> Vec<String> {
    odds.outcomes
        .iter()
        .map(|o| format!("{} {}", o.label, o.chance))
        .collect()
}

#[test]
fn infantry_hits_on_4_5_6_at_short_range_and_5_6_at_long() {
    // "up to 12" short range 456 hit; 12" - 18" long range 56 hit": 4 and 6 hexes.
    assert_eq!(
        (1..=7).map(infantry_needs).collect::<Vec<_>>(),
        [Some(4), Some(4), Some(4), Some(4), Some(5), Some(5), None]
    );
    assert_eq!(hit_faces(4, 0), 3);
    assert_eq!(hit_faces(5, 0), 2);
}

#[test]
fn one_die_a_stand_and_each_hit_removes_a_stand() {
    // "Throw one die per stand at a nominated enemy stand. Any hit removes an
    // infantry stand." Four stands at short range against a unit of three: 3 faces of
    // 6 each, and four hits can take only the three stands it has.
    let odds = fire_chart::aimed_fire_odds("1st Texas", 4, 3, 0, "20th Maine", 3).unwrap();
    assert_eq!(
        rows(&odds),
        [
            "0 stands lost 81/1296",
            "1 stand lost 324/1296",
            "2 stands lost 486/1296",
            "3 stands lost (all it has) 405/1296",
        ]
    );
    assert!(odds.check().is_ok());
    assert!(
        fire_chart::aimed_fire_odds("a", 4, 7, 0, "b", 3).is_none(),
        "out of range"
    );
}

#[test]
fn artillery_hits_3_to_6_canister_4_to_6_close_5_6_long() {
    // Canister up to 10" (3 hexes), close up to 18" (6), long 18" - 36" (12).
    let needs: Vec<Option<u8>> = [1, 3, 4, 6, 7, 12, 13]
        .into_iter()
        .map(artillery_needs)
        .collect();
    assert_eq!(
        needs,
        [Some(3), Some(3), Some(4), Some(4), Some(5), Some(5), None]
    );
}

#[test]
fn each_gun_throws_two_dice_and_two_hits_take_a_neighbour_left_on_1_to_3() {
    // "Each gun throws 2 x d6. Any hit destroys an infantry stand"; "if two hits
    // scored roll d6 and 123 the stand left ... otherwise the right hand stand".
    assert_eq!(gun_result([2, 5], 3, 0), GunResult::One);
    assert_eq!(gun_result([3, 6], 3, 0), GunResult::Two);
    assert_eq!(gun_result([1, 2], 3, 0), GunResult::Miss);
    assert_eq!(
        (1..=6).map(second_stand_is_left).collect::<Vec<_>>(),
        [true, true, true, false, false, false]
    );
    // One gun at canister: each die hits on 4 faces of 6.
    let odds = artillery_odds("Battery A", 1, 2, 0, "Iron Brigade", 5).unwrap();
    assert_eq!(
        rows(&odds),
        [
            "0 stands lost 4/36",
            "1 stand lost 16/36",
            "2 stands lost 16/36"
        ]
    );
    // Two guns at long range against a unit of three stands.
    let odds = artillery_odds("Battery A", 2, 9, 0, "Iron Brigade", 3).unwrap();
    assert_eq!(
        rows(&odds),
        [
            "0 stands lost 256/1296",
            "1 stand lost 512/1296",
            "2 stands lost 384/1296",
            "3 stands lost (all it has) 144/1296",
        ]
    );
    assert!(odds.check().is_ok());
}

#[test]
fn only_a_double_six_destroys_another_battery() {
    assert!(destroys_battery([6, 6]));
    assert!(!destroys_battery([6, 5]));
    let odds = counter_battery_odds("Battery A", 2, "Battery B", 2);
    assert_eq!(
        rows(&odds),
        [
            "0 guns lost 1225/1296",
            "1 gun lost 70/1296",
            "2 guns lost 1/1296"
        ]
    );
}

#[test]
fn routed_units_fire_reduced_by_one() {
    // "all firing reduced by 1": a 4-6 hit needs 5-6, a 5-6 hit needs a 6.
    assert_eq!(hit_faces(4, 1), 2);
    assert_eq!(hit_faces(5, 1), 1);
    let odds = fire_chart::aimed_fire_odds("routed", 1, 2, 1, "b", 4).unwrap();
    assert_eq!(rows(&odds), ["0 stands lost 4/6", "1 stand lost 2/6"]);
    assert_eq!(
        odds.modifiers[0].to_string(),
        "-1 routed: each die: Routed: all firing reduced by 1"
    );
}

#[test]
fn a_unit_shoots_into_the_wedge_it_faces() {
    use drumfire_core::rules::acw::geometry::in_arc;
    use hexx::{EdgeDirection, Hex};
    for facing in EdgeDirection::ALL_DIRECTIONS {
        let from = Hex::new(2, -1);
        let ahead = from + facing.into_hex() * 3;
        let behind = from - facing.into_hex() * 3;
        let flank = from + facing.clockwise().clockwise().into_hex() * 2;
        let edge = from + facing.into_hex() + facing.clockwise().into_hex();
        assert!(in_arc(from, facing, ahead));
        assert!(in_arc(from, facing, edge), "the wedge's edge is in the arc");
        assert!(!in_arc(from, facing, behind));
        assert!(!in_arc(from, facing, flank));
        assert!(!in_arc(from, facing, from));
    }
}

#[test]
fn the_second_stand_is_left_or_right_as_the_firer_sees_it() {
    use drumfire_core::rules::acw::geometry::second_stand;
    use hexx::{EdgeDirection, Hex};
    let target = Hex::ZERO;
    let facing = EdgeDirection::ALL_DIRECTIONS[0];
    let in_front = target + facing.into_hex() * 4;
    let behind = target - facing.into_hex() * 4;
    let line = [0, 1, 2, 3, 4];
    // From in front the firer's left is the target's right: place 3.
    assert_eq!(
        second_stand(&line, 2, true, target, facing, in_front),
        Some(3)
    );
    assert_eq!(
        second_stand(&line, 2, false, target, facing, in_front),
        Some(1)
    );
    // From behind, the firer's left is the target's left.
    assert_eq!(
        second_stand(&line, 2, true, target, facing, behind),
        Some(1)
    );
    // At the end of the line the other neighbour goes; a lone stand loses no second.
    assert_eq!(
        second_stand(&line, 4, true, target, facing, in_front),
        Some(3)
    );
    assert_eq!(
        second_stand(&[1, 3], 3, true, target, facing, in_front),
        Some(1)
    );
    assert_eq!(second_stand(&[2], 2, true, target, facing, in_front), None);
}

fn range(seed: u64, union: &[(&str, Chit)], confederate: &[(&str, Chit)]) -> Game {
    let path = format!(
        "{}/../../tests/data/acw_shooting.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let mut g = Game::new(&parse(&path, &text), seed);
    to_movement(&mut g, union, confederate);
    // Every chit turned over where it stands.
    while g.phase_name() == "Movement" {
        let side = g.awaiting().unwrap();
        let id = acw::unrevealed(g.world(), side)[0].clone();
        g.submit(act(side, &id, "")).unwrap();
    }
    g
}

pub(super) fn fire_at(side: u8, unit: &str, target: &str, stand: usize) -> Order {
    AcwOrder::Fire {
        side,
        unit: unit.into(),
        target: target.into(),
        stand,
    }
    .into()
}

/// The stands `id` lost, in the order lost.
fn stands_lost(g: &Game, id: &str) -> Vec<u8> {
    g.journal()
        .entries()
        .iter()
        .filter_map(|e| match &e.event {
            GameEvent::StandLost { piece, stand, .. } if piece == id => Some(*stand),
            _ => None,
        })
        .collect()
}

pub(super) fn last_dice(g: &Game) -> Vec<u8> {
    g.journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired { dice, .. } => Some(dice.clone()),
            _ => None,
        })
        .unwrap()
}

const RANGE_UNION: [(&str, Chit); 3] = [
    ("u_20me", Chit::Fire),
    ("u_bat", Chit::Fire),
    ("u_2wi", Chit::Fire),
];

const RANGE_CONFEDERATE: [(&str, Chit); 4] = [
    ("c_15al", Chit::Move),
    ("c_bat", Chit::OpportunityFire),
    ("c_4tx", Chit::Move),
    ("c_1tx", Chit::Fire),
];

#[test]
fn infantry_in_range_may_fire_if_they_have_orders() {
    // "Shooting Infantry in range may fire if they have orders": a Fire chit, the
    // target in the wedge in front, in range and in sight.
    let mut g = range(SEED, &RANGE_UNION, &RANGE_CONFEDERATE);
    assert_eq!(g.phase_name(), "Shooting");
    // The Confederates moved first, but only the 1st Texas has a Fire chit, and no
    // Union unit lies in the wedge in front of it: they have nothing to fire at.
    assert_eq!(g.awaiting(), Some(0));
    refused(
        &mut g,
        fire_at(0, "u_20me", "0102", 0),
        "not in 20th Maine's arc",
    );
    refused(&mut g, fire_at(0, "u_2wi", "0707", 0), "cannot see");
    refused(
        &mut g,
        fire_at(0, "u_20me", "0508", 0),
        "beyond 20th Maine's range",
    );
    refused(&mut g, fire_at(0, "u_20me", "0306", 6), "no stand 7");
    refused(&mut g, fire_at(0, "u_20me", "0302", 0), "not an enemy");
}

#[test]
fn one_die_a_stand_at_a_nominated_stand_and_each_hit_removes_a_stand() {
    // "Throw one die per stand at a nominated enemy stand. Any hit removes an infantry
    // stand": the nominated stand first, then the nearest (A-16). Four dice at four
    // hexes, short range: 4-6 hit.
    let mut g = range(SEED, &RANGE_UNION, &RANGE_CONFEDERATE);
    g.submit(fire_at(0, "u_20me", "0306", 2)).unwrap();
    assert_eq!(last_dice(&g), [4, 4, 5, 4]);
    // Four hits: stand 3 (as the 15th Alabama faces, 0 its left), then outward, the
    // firer's left first: facing each other, the firer's left is the target's right.
    assert_eq!(stands_lost(&g, "c_15al"), [2, 3, 1, 4]);
    assert_eq!(lost(&g, "c_15al"), [1, 2, 3, 4]);
    refused(
        &mut g,
        fire_at(0, "u_20me", "0306", 0),
        "has fired this turn",
    );
}

#[test]
fn each_gun_throws_two_dice_and_only_a_double_six_destroys_a_battery() {
    // "Each gun throws 2 x d6. Any hit destroys an infantry stand." "Only a double six
    // can destroy another battery."
    let mut g = range(SEED, &RANGE_UNION, &RANGE_CONFEDERATE);
    g.submit(fire_at(0, "u_bat", "0707", 1)).unwrap();
    // Two guns, two dice each, 4-6 at close range: each gun hits twice. The first takes
    // the nominated stand 2 (index 1) and, on a 1 ("123 the stand left"), the stand to
    // the firer's left (the target's right, index 2); the second takes the last stand,
    // which has none beside it. The 4th Texas is gone.
    let dice: Vec<Vec<u8>> = g
        .journal()
        .entries()
        .iter()
        .filter_map(|e| match &e.event {
            GameEvent::DiceRolled { purpose, faces } if purpose.contains("Battery D") => {
                Some(faces.clone())
            }
            _ => None,
        })
        .collect();
    assert_eq!(dice, [vec![4, 4, 5, 4], vec![1], vec![2]]);
    assert_eq!(stands_lost(&g, "c_4tx"), [1, 2, 0]);
    assert!(acw::view::unit(g.world(), "c_4tx").is_none());
    let mut g = range(SEED, &RANGE_UNION, &RANGE_CONFEDERATE);
    g.submit(fire_at(0, "u_bat", "0508", 0)).unwrap();
    assert_eq!(last_dice(&g), [4, 4, 5, 4]);
    assert_eq!(lost(&g, "c_bat"), Vec::<usize>::new());
}

/// The range with the 2nd Wisconsin at 0205, out of Brooks's Battery's arc, on a Move
/// chit: it marches to 0304, into the arc; every other chit is turned over in place.
fn range_with_a_regiment_coming_into_the_arc(seed: u64) -> Game {
    let mut g = game_from(
        "acw_shooting.ron",
        &[(
            r#"hex: "0702", name: "2nd Wisconsin""#,
            r#"hex: "0205", name: "2nd Wisconsin""#,
        )],
        seed,
    );
    let union = [
        ("u_20me", Chit::Fire),
        ("u_bat", Chit::Fire),
        ("u_2wi", Chit::Move),
    ];
    to_movement(&mut g, &union, &RANGE_CONFEDERATE);
    while g.phase_name() == "Movement" {
        let side = g.awaiting().unwrap();
        let left = acw::unrevealed(g.world(), side);
        let o = if left.iter().any(|u| u == "u_2wi") {
            act(side, "u_2wi", "0304")
        } else {
            act(side, &left[0], "")
        };
        g.submit(o).unwrap();
    }
    g
}

#[test]
fn opportunity_fire_shoots_at_targets_coming_into_range_or_arc() {
    // "React ... Use opportunity fire to shoot at targets coming into range/arc": units
    // on Opportunity Fire chits that have not fired shoot in the React phase (A-22), at
    // an enemy that was not in their range and arc as the Movement phase began (A-35).
    let mut g = range_with_a_regiment_coming_into_the_arc(SEED);
    // Shooting: the Union's Fire chits shoot; opportunity fire waits.
    refused(&mut g, fire_at(1, "c_bat", "0304", 0), "waits on Union");
    while g.phase_name() == "Shooting" {
        let side = g.awaiting().unwrap();
        g.submit(Order::Pass { side }).unwrap();
    }
    // No charge, so no combat: straight to React, where Brooks's battery may fire.
    assert_eq!(g.phase_name(), "React");
    assert_eq!(g.awaiting(), Some(1));
    refused(
        &mut g,
        fire_at(1, "c_1tx", "0302", 0),
        "needs an Opportunity Fire chit",
    );
    // The Union battery stood in its arc and range all along: it did not come into them.
    refused(
        &mut g,
        fire_at(1, "c_bat", "0502", 0),
        "Battery D, 5th US was in Brooks's Battery's range and arc as the Movement phase began: \
         opportunity fire shoots at targets coming into range or arc",
    );
    // The 2nd Wisconsin marched into its arc.
    g.submit(fire_at(1, "c_bat", "0304", 0)).unwrap();
    let fired = g
        .journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired {
                kind,
                firers,
                target,
                ..
            } => Some((kind.clone(), firers.clone(), target.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        fired,
        (
            "Opportunity fire".to_owned(),
            vec!["c_bat".to_owned()],
            "0304".to_owned()
        )
    );
}

#[test]
fn opportunity_fire_at_nothing_that_came_into_range_or_arc_is_no_shot() {
    // Every chit turned over where it stands: nothing came into Brooks's Battery's
    // range or arc, so the React phase offers it no shot and the turn goes on.
    let g = range(SEED, &RANGE_UNION, &RANGE_CONFEDERATE);
    let u = |id: &str| acw::view::unit(g.world(), id).unwrap();
    let why = acw::shooting_phase::can_fire(
        g.world(),
        &u("c_bat"),
        &u("u_bat"),
        &[Chit::OpportunityFire],
    )
    .expect_err("no target came into range or arc");
    assert!(why.contains("as the Movement phase began"), "{why}");
}

#[test]
fn only_a_double_six_destroys_another_battery_and_the_log_says_so() {
    // "Only a double six can destroy another battery": counter-battery fire is logged
    // as needing a double six, not the band's faces.
    let mut g = range(SEED, &RANGE_UNION, &RANGE_CONFEDERATE);
    g.submit(fire_at(0, "u_bat", "0508", 0)).unwrap();
    let (table, column) = g
        .journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired { table, column, .. } => Some((table.clone(), column.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(table, "needs a double six");
    assert_eq!(
        column,
        "4 dice, close range at 6 hexes: a gun's double six destroys a gun"
    );
}

#[test]
fn only_units_with_orders_to_fire_shoot_and_the_others_are_told_why() {
    // "Shooting Infantry in range may fire if they have orders": in the Shooting
    // phase the 2nd Wisconsin, on a Move chit, has no shot, and the rules' check of a
    // fire at each of the nearest enemies says why; the 20th Maine, on Fire, has one.
    let union = [
        ("u_20me", Chit::Fire),
        ("u_bat", Chit::Fire),
        ("u_2wi", Chit::Move),
    ];
    let g = range(SEED, &union, &RANGE_CONFEDERATE);
    assert_eq!(g.phase_name(), "Shooting");
    let why_idle = acw::INFO.why_idle;
    assert_eq!(
        why_idle(g.world(), 0, "u_2wi"),
        ["2nd Wisconsin is on Move: it needs a Fire chit to shoot"]
    );
    assert_eq!(why_idle(g.world(), 0, "u_20me"), Vec::<String>::new());
}
