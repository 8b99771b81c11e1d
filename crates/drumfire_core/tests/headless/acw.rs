//! The ACW one-page rules (seed 002), each test named after the rule it proves
//! (`docs/rules/acw.md` maps rule to code and test). So far the rules' arithmetic:
//! shooting, commanders, dominoes and the fight stand against stand.

use drumfire_core::rules::acw::commander::Rating;
use drumfire_core::rules::acw::dominoes::{
    Domino, behind, double_six, half_score, needed, shuffled,
};
use drumfire_core::rules::acw::fire_chart::{
    self, GunResult, artillery_needs, artillery_odds, counter_battery_odds, destroys_battery,
    gun_result, hit_faces, infantry_needs, second_stand_is_left,
};
use drumfire_core::rules::acw::melee::{
    self, Army, Outcome, Pairing, Situation, modifiers, outcome, pairing, retire_hexes,
};

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
fn the_cinc_rolls_two_dice_for_his_rating() {
    // 10-12 three units, 7-9 two, 2-6 one.
    let by_total: Vec<u8> = (2..=12).map(|t| Rating::of(t).units()).collect();
    assert_eq!(by_total, [1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
    assert_eq!(
        Rating::ways(),
        [
            (Rating::Brilliant, 6),
            (Rating::Average, 15),
            (Rating::Poor, 15)
        ]
    );
}

#[test]
fn a_double_six_set_of_28_dominoes() {
    let set = double_six();
    assert_eq!(set.len(), 28);
    let mut halves = [0u8; 7];
    for d in &set {
        halves[usize::from(d.0)] += 1;
        halves[usize::from(d.1)] += 1;
    }
    // Each number from blank to six is on eight halves (the double counts twice).
    assert_eq!(halves, [8; 7]);
}

#[test]
fn the_shuffle_is_the_whole_set_in_a_new_order_each_domino_either_way_round() {
    // A fixed stream of draws stands in for the game's dice.
    let mut x = 12345u64;
    let draws = shuffled(|n| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((x >> 33) % u64::from(n)) as u32
    });
    let mut back: Vec<Domino> = draws
        .iter()
        .map(|d| if d.0 <= d.1 { *d } else { d.turned() })
        .collect();
    back.sort();
    assert_eq!(back, double_six());
    assert_ne!(draws[..5], double_six()[..5], "the order changed");
    assert!(
        draws.iter().any(|d| d.0 > d.1),
        "some lie the other way round"
    );
}

#[test]
fn a_half_against_each_stand_and_an_odd_stand_has_a_domino_sideways() {
    // "a full strength unit will have five dominoes behind it": ten stands, or nine.
    assert_eq!(needed(10), 5);
    assert_eq!(needed(9), 5);
    assert_eq!(needed(1), 1);
    assert_eq!(
        (0..5).map(behind).collect::<Vec<_>>(),
        [(0, true), (0, false), (1, true), (1, false), (2, true)]
    );
}

#[test]
fn a_hit_takes_a_spot_off_and_a_blank_fights_with_a_die() {
    // "A hit reduces the number of spots on the dominoe face by one in combat"; "If
    // there is a blank face roll 1 d6".
    assert_eq!(half_score(Domino(5, 2), true, 0), Some(5));
    assert_eq!(half_score(Domino(5, 2), false, 1), Some(1));
    assert_eq!(half_score(Domino(0, 4), true, 0), None);
    assert_eq!(half_score(Domino(1, 4), true, 2), Some(0));
}

#[test]
fn the_combat_modifiers_are_the_seeds_list() {
    let all = Situation {
        charging: Some(Army::Confederate),
        enemy_uphill_or_behind_obstacle: true,
        enemy_in_wood: true,
        outflanked: true,
        routed: false,
        struck: drumfire_core::rules::acw::geometry::Struck::Front,
    };
    let m: Vec<(i32, String)> = modifiers(all);
    assert_eq!(
        m,
        [
            (2, "Confederates charging".to_owned()),
            (-1, "Enemy uphill or behind linear obstacle".to_owned()),
            (-2, "Enemy in wood".to_owned()),
            (-2, "Outflanked".to_owned()),
        ]
    );
    let union = modifiers(Situation {
        charging: Some(Army::Union),
        ..Situation::default()
    });
    assert_eq!(union, [(1, "Union charging".to_owned())]);
    assert_eq!(melee::score(4, &m), 1);
}

#[test]
fn stand_against_stand_the_higher_score_wins_and_a_tie_stands() {
    assert_eq!(pairing(5, 3), Pairing::ChargerWins);
    assert_eq!(pairing(2, 3), Pairing::DefenderWins);
    assert_eq!(pairing(3, 3), Pairing::Tie);
    // Lines of five and three: three pairs; the three's last stand is outflanked.
    assert_eq!(melee::meeting(5, 3), [(0, 0), (1, 1), (2, 2)]);
    assert!(melee::outflanked(2, 3, 5));
    assert!(!melee::outflanked(1, 3, 5));
    assert!(!melee::outflanked(4, 5, 3));
}

#[test]
fn a_line_broken_in_one_two_or_three_places() {
    let line = |s: &str| s.chars().map(|c| c == '□').collect::<Vec<bool>>();
    // One place, one stand lost: 2" is a hex.
    assert_eq!(
        outcome(&line("■■□■■■■■■■"), 1, 10, false),
        Outcome::Retires(1)
    );
    // One place, three stands lost: 6", two hexes.
    assert_eq!(
        outcome(&line("■□□□■■■■■■"), 3, 10, false),
        Outcome::Retires(2)
    );
    assert_eq!(
        outcome(&line("■□■■□■■■■■"), 2, 10, false),
        Outcome::RetiresFullMove
    );
    assert_eq!(outcome(&line("■□■□■□■■■■"), 3, 10, false), Outcome::Routs);
    // Below half strength routs however the line is broken.
    assert_eq!(outcome(&line("■■■■□□□□□□"), 6, 10, false), Outcome::Routs);
    // Lost stands at the end of the line break nothing.
    assert_eq!(outcome(&line("■■■■■■■■□□"), 2, 10, false), Outcome::Holds);
    // "unless enemy routed then form up on spot".
    assert_eq!(outcome(&line("■□■■□■■■■■"), 2, 10, true), Outcome::Holds);
    assert_eq!(
        (1..=5).map(retire_hexes).collect::<Vec<_>>(),
        [1, 1, 2, 3, 3]
    );
}

#[test]
fn every_choice_we_designed_is_marked_ours_where_it_lives() {
    let (listed, wrong) = drumfire_core::testing::designed_marks("acw.md", "| A-", "A-", "acw");
    assert_eq!(listed, 34);
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn every_seed_sentence_is_built_and_tested_or_marked_to_come() {
    let root = env!("CARGO_MANIFEST_DIR");
    let tests: String = ["acw", "acw_charge", "acw_turn", "acw_sealed", "acw_dealt"]
        .iter()
        .map(|f| std::fs::read_to_string(format!("{root}/tests/headless/{f}.rs")).unwrap())
        .collect();
    let (rows, wrong) = drumfire_core::testing::seed_rows("acw.md", "| AC-", &tests);
    assert_eq!(rows, 38);
    assert!(wrong.is_empty(), "{wrong:#?}");
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
fn a_charge_strikes_the_front_half_a_flank_or_the_rear_as_the_defender_faces() {
    // the hexside faced and the two beside it are the front; the one behind the
    // rear; the two between the flanks. A charger not next to the line strikes its front.
    use drumfire_core::rules::acw::geometry::{Struck, struck};
    use hexx::{EdgeDirection, Hex};
    let at = Hex::new(2, -1);
    for facing in EdgeDirection::ALL_DIRECTIONS {
        let from = |d: EdgeDirection| at + d.into_hex();
        let got: Vec<Struck> = (0..6)
            .map(|k| struck(at, facing, from(facing.rotate_cw(k))))
            .collect();
        assert_eq!(
            got,
            [
                Struck::Front,
                Struck::Front,
                Struck::Flank,
                Struck::Rear,
                Struck::Flank,
                Struck::Front,
            ],
            "{facing:?}"
        );
        assert_eq!(
            struck(at, facing, at - facing.into_hex() * 2),
            Struck::Front
        );
    }
    // The charger's modifier, after the seed's list and A-7.
    let flank = modifiers(Situation {
        charging: Some(Army::Union),
        struck: Struck::Flank,
        ..Situation::default()
    });
    assert_eq!(
        flank,
        [
            (1, "Union charging".to_owned()),
            (1, "Charging the enemy's flank".to_owned())
        ]
    );
    let rear = modifiers(Situation {
        charging: Some(Army::Confederate),
        routed: true,
        struck: Struck::Rear,
        ..Situation::default()
    });
    assert_eq!(
        rear,
        [
            (2, "Confederates charging".to_owned()),
            (-1, "Routed".to_owned()),
            (2, "Charging the enemy's rear".to_owned())
        ]
    );
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

#[test]
fn the_chits_and_what_each_allows() {
    use drumfire_core::rules::acw::chit::Chit;
    // Move 12" (4 hexes), Fast Advance 18" (6), Charge 12" (4); Fire and Opportunity
    // Fire stand.
    let hexes: Vec<u8> = Chit::ALL.iter().map(|c| c.hexes()).collect();
    assert_eq!(hexes, [4, 6, 4, 0, 0]);
    // "Units cannot move into contact without a Charge order."
    let contact: Vec<Chit> = Chit::ALL.into_iter().filter(|c| c.may_contact()).collect();
    assert_eq!(contact, [Chit::Charge]);
    // "the firing unit has to have a FIRE or OPPORTUNITY FIRE order to shoot"
    let at_charger: Vec<Chit> = Chit::ALL
        .into_iter()
        .filter(|c| c.may_fire_at_charger())
        .collect();
    assert_eq!(at_charger, [Chit::Fire, Chit::OpportunityFire]);
    assert!(Chit::Fire.fires_in_shooting() && !Chit::OpportunityFire.fires_in_shooting());
    assert!(Chit::OpportunityFire.fires_in_react() && !Chit::Fire.fires_in_react());
    // "Artillery is placed at the start of the game and do not move."
    let guns: Vec<Chit> = Chit::ALL
        .into_iter()
        .filter(|c| c.for_artillery())
        .collect();
    assert_eq!(guns, [Chit::Fire, Chit::OpportunityFire]);
    // Routed: "No Charge moves thereafter".
    assert!(!Chit::Charge.for_routed() && Chit::Move.for_routed());
}
