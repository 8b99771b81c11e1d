//! Tanks against personnel (5.3): the small arms chart, the weapon differential, the
//! odds of a tank assault, heavy weapons overrun, which tanks infantry assaults.

use super::*;

#[test]
fn tanks_and_infantry_roll_on_the_small_arms_chart_each_machine_gun_a_die() {
    // "each side rolls on the Small Arms Fire chart. Each tank base in a participating
    // tank unit may use each of its machine guns to "assault fire" on any of the enemy
    // infantry units involved in the assault." W-D6: a die a fire point, 5-6 kills.
    assert_eq!(
        [needs(0), needs(1), needs(-1), needs(-2), needs(9)],
        [Some(5), Some(4), Some(6), None, Some(2)]
    );
    assert_eq!(kill_ways(2, 0), [16, 16, 4]);
    let shermans = Tanks {
        bases: 3,
        machine_guns: 2,
        at_assault: 3,
        modifier: 0,
    };
    let grenadiers = Infantry {
        bases: 4,
        at_assault: Some(1),
        modifier: 0,
    };
    assert_eq!(dice_in_round(&shermans, &grenadiers, [3, 4]), (6, 4));
    // Six machine-gun dice (two 5s, a 6: three kills), four grenadier dice at -2 (the
    // weapon differential 1 - 3): nothing can kill.
    let dice = [5, 6, 1, 2, 5, 3, 6, 6, 6, 6];
    assert_eq!(tanks::round(&shermans, &grenadiers, [3, 4], &dice), [0, 3]);
}

#[test]
fn the_weapon_differential_modifies_the_infantrys_roll_against_the_tanks() {
    // "Each involved infantry unit opposing the tanks will compare their anti-tank
    // assault value to that of the target tank unit and use that difference (called
    // the weapon differential) to modify their small arms roll against the tanks. This
    // may result in more than one tank base being killed by one infantry unit."
    assert_eq!(weapon_differential(4, 3), 1);
    assert_eq!(weapon_differential(1, 4), -3);
    let panzers = Tanks {
        bases: 3,
        machine_guns: 1,
        at_assault: 3,
        modifier: 0,
    };
    let bazookas = Infantry {
        bases: 3,
        at_assault: Some(4),
        modifier: 0,
    };
    assert_eq!(bazookas.against(&panzers), Some(1));
    // Three panzer dice miss; bazooka dice 4, 6, 2 at +1 need 4: two tanks killed.
    assert_eq!(
        tanks::round(&panzers, &bazookas, [3, 3], &[1, 2, 3, 4, 6, 2]),
        [2, 0]
    );
}

#[test]
fn units_without_an_at_assault_value_cannot_assault_tanks() {
    // "Units without an AT assault value are not capable of assaulting tanks."
    let tank = Tanks {
        bases: 2,
        machine_guns: 1,
        at_assault: 2,
        modifier: 0,
    };
    let cooks = Infantry {
        bases: 3,
        at_assault: None,
        modifier: 2,
    };
    assert_eq!(cooks.against(&tank), None);
    assert_eq!(dice_in_round(&tank, &cooks, [2, 3]), (2, 0));
    assert_eq!(tanks::round(&tank, &cooks, [2, 3], &[6, 6]), [0, 2]);
}

/// The chance of every result of a tank assault: each round's losses found by rolling
/// every die of the round through `tanks::round`, the rounds followed one by one.
fn enumerate_tanks(
    t: &Tanks,
    i: &Infantry,
    lost: [u32; 2],
    won: [bool; 2],
    round: u32,
    p: f64,
    out: &mut std::collections::BTreeMap<
        drumfire_core::rules::wwii::personnel_assault::Result,
        f64,
    >,
) {
    let left = [t.bases - lost[0], i.bases - lost[1]];
    if round == 3 || left[0] == 0 || left[1] == 0 {
        *out.entry(tanks::tank_ending(t, i, lost, won))
            .or_insert(0.0) += p;
        return;
    }
    let (a, b) = dice_in_round(t, i, left);
    let n = a + b;
    let mut losses: std::collections::BTreeMap<[u32; 2], u64> = std::collections::BTreeMap::new();
    for k in 0..6u32.pow(n) {
        let dice: Vec<u8> = (0..n).map(|j| (k / 6u32.pow(j) % 6) as u8 + 1).collect();
        *losses.entry(tanks::round(t, i, left, &dice)).or_insert(0) += 1;
    }
    for (l, ways) in losses {
        enumerate_tanks(
            t,
            i,
            [lost[0] + l[0], lost[1] + l[1]],
            [won[0] && l[1] > l[0], won[1] && l[0] > l[1]],
            round + 1,
            p * ways as f64 / 6f64.powi(n as i32),
            out,
        );
    }
}

#[test]
fn the_odds_of_a_tank_assault_are_every_die_of_every_round() {
    for (t, i) in [
        (
            Tanks {
                bases: 2,
                machine_guns: 1,
                at_assault: 3,
                modifier: 0,
            },
            Infantry {
                bases: 2,
                at_assault: Some(3),
                modifier: 0,
            },
        ),
        (
            Tanks {
                bases: 1,
                machine_guns: 2,
                at_assault: 2,
                modifier: -1,
            },
            Infantry {
                bases: 3,
                at_assault: Some(4),
                modifier: -1,
            },
        ),
        (
            Tanks {
                bases: 2,
                machine_guns: 1,
                at_assault: 4,
                modifier: 1,
            },
            Infantry {
                bases: 2,
                at_assault: None,
                modifier: 0,
            },
        ),
    ] {
        let odds = tank_assault_odds(&t, &i);
        let mut brute = std::collections::BTreeMap::new();
        enumerate_tanks(&t, &i, [0, 0], [true, true], 0, 1.0, &mut brute);
        assert_eq!(
            odds.keys().collect::<Vec<_>>(),
            brute.keys().collect::<Vec<_>>()
        );
        for (r, p) in &odds {
            assert!(
                (p - brute[r]).abs() < 1e-9,
                "{r:?}: {p} against {}",
                brute[r]
            );
        }
        assert!((odds.values().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}

#[test]
fn heavy_weapons_are_overrun_unless_their_infantry_destroys_or_drives_off_the_tanks() {
    // "If unsuccessful in destroying or immobilizing the assaulting vehicles during
    // the movement or fire phases, they are simply overrun and removed from play unless
    // they are accompanied by friendly infantry which is able to destroy or chase away
    // all enemy tanks."
    use drumfire_core::rules::wwii::personnel_assault::Result;
    assert!(
        heavy_weapons_survive(0, None),
        "the tanks were destroyed by fire"
    );
    assert!(!heavy_weapons_survive(2, None), "alone: overrun");
    let won = |ending| Result {
        lost: [1, 1],
        ending,
    };
    assert!(heavy_weapons_survive(2, Some(&won(Ending::Demoralized(0)))));
    assert!(heavy_weapons_survive(
        2,
        Some(&won(Ending::Eliminated {
            winner: 1,
            breakthrough: false
        }))
    ));
    assert!(!heavy_weapons_survive(
        2,
        Some(&won(Ending::Demoralized(1)))
    ));
    assert!(!heavy_weapons_survive(2, Some(&won(Ending::Tie))));
}

#[test]
fn an_armored_overrun_costs_a_quarter_of_the_tanks_movement() {
    // "It costs each participating tank one-quarter of its movement per three-round
    // assault conducted." W-D9: rounded up.
    assert_eq!([12, 8, 6, 5, 3, 1].map(overrun_cost), [3, 2, 2, 2, 1, 1]);
}

#[test]
fn tanks_combine_movement_and_overruns_while_their_morale_is_sound() {
    // "So long as their morale remains sound, tank units may conduct any combination of
    // movement and assaults until their movement allowance is expended. Also, tanks may
    // continue their move after an assault round even if their enemy is not destroyed
    // or broken. They may simply drive through and keep going."
    use drumfire_core::rules::wwii::tanks::TankMove;
    let mut m = TankMove::new(7);
    m.step(1).unwrap();
    m.step(2).unwrap();
    m.overrun(State::Good).unwrap();
    assert_eq!(m.left(), 2, "7 less 3 hexes less an overrun of 2");
    // After the overrun it drives on.
    m.step(1).unwrap();
    assert!(m.overrun(State::Good).unwrap_err().contains("1 is left"));
    m.step(1).unwrap();
    assert!(m.step(1).is_err(), "the allowance is spent");
    // Pinned or worse, no overrun.
    let mut shaken = TankMove::new(8);
    assert!(
        shaken
            .overrun(State::Pinned)
            .unwrap_err()
            .contains("morale must be sound")
    );
    // Two overruns in a move, at a quarter each.
    let mut twice = TankMove::new(8);
    twice.overrun(State::Good).unwrap();
    twice.overrun(State::Good).unwrap();
    assert_eq!(twice.left(), 4);
}

#[test]
fn tanks_cannot_assault_bunkers_pillboxes_or_other_tanks() {
    // "Bunkers and pillboxes are not units but they do prevent units occupying them
    // from being assaulted by tanks, which cannot assault bunkers, pillboxes or other
    // tanks."
    use drumfire_core::rules::wwii::tanks::tanks_may_not_assault;
    assert_eq!(tanks_may_not_assault(Kind::Infantry, false), None);
    assert!(tanks_may_not_assault(Kind::Infantry, true).is_some());
    assert!(tanks_may_not_assault(Kind::Tank, false).is_some());
    assert!(tanks_may_not_assault(Kind::ArmoredCar, false).is_some());
    assert_eq!(tanks_may_not_assault(Kind::HeavyWeapon, false), None);
}

#[test]
fn infantry_chooses_which_tank_unit_it_assaults_in_the_assault_phase() {
    // WW-21, WW-22, WW-23, WW-24, WW-30, WW-31 on the map.
    let ri = "0402";
    let cv = next_to_both("0403", "0404");
    let mut g = field(
        &OPEN,
        &[
            ("ri", 0, "rifle_platoon", ri, "South", 3),
            ("tk", 0, "medium_tank", "0404", "North", 3),
            ("at", 1, "at_team", "0403", "South", 2),
            ("cv", 1, "cavalry_troop", &cv, "North", 2),
        ],
        1,
    );
    pass_to(&mut g, "Assault");
    assert_eq!(g.awaiting(), Some(1), "the side with a choice chooses");
    let engage = |unit: &str, target: &str| -> Order {
        WwiiOrder::Engage {
            side: 1,
            unit: unit.into(),
            target: target.into(),
        }
        .into()
    };
    refused(
        &mut g,
        engage("cv", "tk"),
        "Units without an AT assault value are not capable of assaulting tanks",
    );
    refused(&mut g, engage("at", "cv"), "is no enemy");
    g.submit(engage("at", "tk")).unwrap();
    pass(&mut g);
    let fought = state(&g).fought;
    println!("{fought:#?}");
    for l in log(&g) {
        println!("{l}");
    }
    let kinds: Vec<&str> = fought.iter().map(|f| f.kind.as_str()).collect();
    assert!(kinds.contains(&"Tank assault"), "{kinds:?}");
    let t = fought.iter().find(|f| f.kind == "Tank assault").unwrap();
    assert_eq!(t.units, [vec!["tk".to_owned()], vec!["at".to_owned()]]);
    // The weapon differential: the team's 4 against the medium tank's 3.
    assert!(t.modifiers[1].contains(&(1, "weapon differential".to_owned())));
}

/// The side's list of orders offers a unit's choice of what it engages until the unit
/// makes it, and not again that phase: a computer player weighing every order open to
/// it (the Hard player at Krasny Bor) gave Engage orders back and forth for ever, tens
/// of thousands of them in one side-turn, where the list offered the other choice anew.
/// A player who gives the order by hand may still change his mind.
#[test]
fn a_units_choice_of_what_it_engages_is_offered_until_made_not_back_and_forth() {
    let cv = next_to_both("0403", "0404");
    let mut g = field(
        &OPEN,
        &[
            ("ri", 0, "rifle_platoon", "0402", "South", 3),
            ("tk", 0, "medium_tank", "0404", "North", 3),
            ("at", 1, "at_team", "0403", "South", 2),
            ("cv", 1, "cavalry_troop", &cv, "North", 2),
        ],
        1,
    );
    pass_to(&mut g, "Assault");
    let engages_of_at = |g: &Game| {
        drumfire_core::players::legal_orders(g, 1, 0)
            .into_iter()
            .filter(|o| {
                matches!(o.rules::<WwiiOrder>(), Some(WwiiOrder::Engage { unit, .. }) if unit == "at")
            })
            .count()
    };
    assert!(engages_of_at(&g) > 0, "the choice is offered");
    let engage = |target: &str| -> Order {
        WwiiOrder::Engage {
            side: 1,
            unit: "at".into(),
            target: target.into(),
        }
        .into()
    };
    g.submit(engage("tk")).unwrap();
    assert_eq!(engages_of_at(&g), 0, "offered again once made");
    // By hand the choice may still change.
    g.submit(engage("ri")).unwrap();
}

#[test]
fn a_tank_assault_counts_the_tanks_own_state_and_training_and_the_infantrys_cover_twice() {
    // "The following die roll modifiers apply to units involved in assaults": W-D27, the
    // tanks' own pinned state and training count on their machine guns' dice; the
    // infantry's cover counts on the tanks' dice (the small arms chart) and on its own
    // (the assault modifier).
    let terrain = [
        "........", "...w....", "........", "........", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("tank", 0, "medium_tank", "0403", "North", 3),
            ("red", 1, "rifle_platoon", "0402", "South", 4),
        ],
        1,
    );
    drumfire_core::rules::wwii::effects::set_morale(g.world_mut(), "tank", State::Pinned);
    g.world_mut().resource_mut::<WwiiState>().training[0] =
        drumfire_core::rules::wwii::modifiers::Training::Great;
    let group = &wwii::assault_phase::groups(g.world())[0];
    let (t, r) = (unit(&g, "tank").unwrap(), unit(&g, "red").unwrap());
    let (tanks, infantry, mods) = wwii::assault_phase::tank_sides(g.world(), group, &t, &r);
    let own = |m: &[(i32, String)]| -> Vec<(i32, String)> { m.to_vec() };
    assert_eq!(
        own(&mods[0]),
        [
            (-1, "the target is in solid cover".to_owned()),
            (-1, "pinned or worse".to_owned()),
            (1, "great training".to_owned()),
        ]
    );
    assert_eq!(
        own(&mods[1]),
        [
            (-2, "weapon differential".to_owned()),
            (1, "in solid cover or better".to_owned()),
        ]
    );
    assert_eq!((tanks.modifier, infantry.modifier), (-1, 1));
    // The tank's machine guns need a 6, the riflemen a 6.
    assert_eq!(
        (
            wwii::tanks::needs(tanks.modifier),
            infantry.against(&tanks).and_then(wwii::tanks::needs)
        ),
        (Some(6), Some(6))
    );
}
