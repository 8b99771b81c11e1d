//! Infantry combat and combat resolution: the dominoes, a half against each stand, the
//! combat modifiers, stand against stand, a line broken, where a charge strikes.

use super::*;

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
