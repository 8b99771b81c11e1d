//! Fire: who fires in the fire phase, fire at range and its odds, pins, high explosive,
//! rocket teams, mounted cavalry.

use super::*;

fn status(assault: InAssault) -> FireStatus {
    FireStatus {
        assault,
        vehicle: false,
        assault_weapons: false,
        host: false,
        original_bases: 4,
    }
}

#[test]
fn defenders_fire_in_their_fire_phase_and_normally_equipped_assaulters_do_not() {
    // "Defending personnel units involved in an assault may still employ small arms
    // fire during their respective fire phase. Normally equipped assaulting personnel
    // units may not fire during their fire phase, although nearby units and heavy
    // weapons from the attacking side may fire at the defending units if they are not
    // in direct contact with enemies".
    assert_eq!(may_not_fire(status(InAssault::Defending)), None);
    assert_eq!(may_not_fire(status(InAssault::No)), None);
    assert!(
        may_not_fire(status(InAssault::Assaulting))
            .unwrap()
            .contains("normally equipped")
    );
}

#[test]
fn assault_weapons_and_small_units_fire_while_assaulting_but_not_their_hosts() {
    // "Assaulting units or bases which are equipped with assault weapons may fire
    // during their respective fire phase, as may any units whose original strength was
    // three bases or less. They will however still suffer a fire modifier for having
    // moved" "This assault-fire ability does not extend to normally equipped "host"
    // personnel bases or units which have assault weapon bases attached to them."
    let smg = FireStatus {
        assault_weapons: true,
        ..status(InAssault::Assaulting)
    };
    assert_eq!(may_not_fire(smg), None);
    let small = FireStatus {
        original_bases: 3,
        ..status(InAssault::Assaulting)
    };
    assert_eq!(may_not_fire(small), None);
    let host = FireStatus {
        host: true,
        original_bases: 3,
        ..status(InAssault::Assaulting)
    };
    assert!(may_not_fire(host).unwrap().contains("attached"));
    let moved = FireCase {
        moved: true,
        ..FireCase::default()
    };
    assert_eq!(fire_modifiers(moved), [(-1, "the firer moved")]);
    // W-D13: 5-6 up to half the range, 6 beyond; moving costs a face.
    assert_eq!(needs_at_range(1, 4, 0), Some(5));
    assert_eq!(needs_at_range(3, 4, 0), Some(6));
    assert_eq!(needs_at_range(1, 4, -1), Some(6));
    assert_eq!(needs_at_range(3, 4, -1), None);
    // Within half range a 6 always kills: full cover and a moving firer leave a 6.
    assert_eq!(needs_at_range(2, 4, -3), Some(6));
    assert_eq!(needs_at_range(5, 4, 0), None, "out of range");
    // W-D12: full cover is worse than solid cover, not both.
    let dug_in = FireCase {
        target_in_cover: true,
        target_in_full_cover: true,
        target_prone: true,
        ..FireCase::default()
    };
    assert_eq!(
        fire_modifiers(dug_in),
        [
            (-2, "the target is in full cover"),
            (-1, "the target is prone")
        ]
    );
}

#[test]
fn tanks_fire_in_their_fire_phase_assaulting_or_defending() {
    // "Tank bases (both assaulting and defending) may also fire during their
    // respective fire phase, resulting in their being able to fire machine guns twice
    // during a turn."
    for assault in [InAssault::Assaulting, InAssault::Defending] {
        let tank = FireStatus {
            vehicle: true,
            ..status(assault)
        };
        assert_eq!(may_not_fire(tank), None);
    }
    // W-D14: a gun that matches the armor kills on 5-6.
    assert_eq!(
        [
            gun_needs(3, 3, 0),
            gun_needs(4, 3, 0),
            gun_needs(2, 4, 0),
            gun_needs(6, 2, 0)
        ],
        [Some(5), Some(4), None, Some(2)]
    );
}

#[test]
fn fire_at_range_takes_bases_from_the_right_and_shows_its_exact_odds() {
    // W-D12, W-D13, W-D21 on the map.
    let terrain = [
        "........", "........", "........", "......w.", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("mg", 0, "mg_section", "0406", "North", 2),
            ("red", 1, "rifle_platoon", "0402", "South", 4),
            ("far", 1, "rifle_platoon", "0701", "South", 4),
            ("tank", 1, "light_tank", "0202", "South", 2),
        ],
        1,
    );
    pass_to(&mut g, "Fire");
    let (mg, red) = (unit(&g, "mg").unwrap(), unit(&g, "red").unwrap());
    let shot = drumfire_core::rules::wwii::fire_phase::can_fire(g.world(), &mg, &red).unwrap();
    assert_eq!((shot.dice, shot.needs), (6, Some(5)));
    let odds = drumfire_core::rules::wwii::fire_phase::odds(&mg, &red, &shot);
    assert_eq!(odds.outcomes[0].label, "0 bases lost");
    assert_eq!(
        (odds.outcomes[0].chance.ways, odds.outcomes[0].chance.of),
        (4096, 46656)
    );
    refused(&mut g, fire(0, "mg", "tank"), "small arms cannot hurt");
    g.submit(fire(0, "mg", "red")).unwrap();
    let lines = log(&g);
    println!("{:?}", &lines[lines.len() - 4..]);
    let u = unit(&g, "red").unwrap();
    assert!(
        u.stands
            .0
            .iter()
            .rev()
            .take(4 - u.bases() as usize)
            .all(|s| s.lost),
        "bases go from the right"
    );
}

#[test]
fn a_pin_lasts_through_the_next_turn_and_then_rallies() {
    // W-D15: "pinned for one turn".
    let mut g = field(
        &OPEN,
        &[
            ("blue", 0, "rifle_platoon", "0406", "North", 3),
            ("red", 1, "rifle_platoon", "0401", "South", 4),
        ],
        1,
    );
    drumfire_core::rules::wwii::effects::set_morale(g.world_mut(), "blue", State::Pinned);
    refused(&mut g, mv(0, "blue", "0405"), "is pinned");
    let turn = |g: &Game| g.world().resource::<drumfire_core::flow::Turn>().0;
    while turn(&g) < 2 {
        pass(&mut g);
    }
    assert_eq!(
        unit(&g, "blue").unwrap().morale,
        State::Pinned,
        "still pinned in turn 2"
    );
    while turn(&g) < 3 {
        pass(&mut g);
    }
    assert_eq!(
        unit(&g, "blue").unwrap().morale,
        State::Good,
        "rallied at the end of turn 2"
    );
    assert!(log(&g).iter().any(|l| l == "blue rallies: in good order."));
}

#[test]
fn tanks_and_guns_fire_high_explosive_at_infantry_and_troops_in_buildings() {
    // W-D29: a tank or towed gun fires whichever of its machine guns and its high
    // explosive kills more on average; high explosive blasts into buildings (−1).
    let terrain = [
        "........", "...t....", "........", "........", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("tank", 0, "heavy_tank", "0406", "North", 3),
            ("gun", 0, "at_gun", "0306", "North", 2),
            ("red", 1, "rifle_platoon", "0402", "South", 4),
        ],
        1,
    );
    pass_to(&mut g, "Fire");
    let shooting = |g: &Game, u: &str| {
        let (u, red) = (unit(g, u).unwrap(), unit(g, "red").unwrap());
        wwii::fire_phase::can_fire(g.world(), &u, &red)
    };
    // The heavy tank's machine guns cannot hit troops in buildings beyond half their
    // range (6 + 2); its high explosive (gun 5: 3-6) needs a 4.
    let shot = shooting(&g, "tank").unwrap();
    assert_eq!(
        (shot.weapon, shot.hexes, shot.dice, shot.needs),
        (wwii::fire_phase::Weapon::HighExplosive, 4, 3, Some(4))
    );
    assert_eq!(
        shot.modifiers,
        [(
            -1,
            "the target is in full cover (high explosive)".to_owned()
        )]
    );
    let (t, red) = (unit(&g, "tank").unwrap(), unit(&g, "red").unwrap());
    let odds = wwii::fire_phase::odds(&t, &red, &shot);
    assert_eq!(odds.title, "High explosive fire: tank at red");
    // 0 bases lost: 3^3 of 6^3.
    assert_eq!(
        (odds.outcomes[0].chance.ways, odds.outcomes[0].chance.of),
        (27, 216)
    );
    // The towed anti-tank gun, which had no small arms, fires high explosive too
    // (gun 4: 4-6, buildings −1: 5-6).
    let shot = shooting(&g, "gun").unwrap();
    assert_eq!(
        (shot.weapon, shot.dice, shot.needs),
        (wwii::fire_phase::Weapon::HighExplosive, 2, Some(5))
    );
    g.submit(fire(0, "tank", "red")).unwrap();
    assert!(
        log(&g)
            .iter()
            .any(|l| l.starts_with("High explosive fire: tank at 0402, needs 4")),
        "{:?}",
        log(&g)
    );
}

#[test]
fn a_rocket_team_fires_at_vehicles_within_two_hexes() {
    // W-D30: a bazooka or Panzerschreck team's rockets, a gun of factor 4 at 2 hexes.
    let mut g = field(
        &OPEN,
        &[
            ("tank", 0, "medium_tank", "0404", "North", 3),
            ("far", 0, "medium_tank", "0605", "North", 3),
            ("at", 1, "at_team", "0402", "South", 2),
        ],
        1,
    );
    pass_to(&mut g, "Fire");
    let (at, tank, far) = (
        unit(&g, "at").unwrap(),
        unit(&g, "tank").unwrap(),
        unit(&g, "far").unwrap(),
    );
    let shot = wwii::fire_phase::can_fire(g.world(), &at, &tank).unwrap();
    // Gun 4 against armor 3: 4-6, a die a base.
    assert_eq!(
        (shot.weapon, shot.hexes, shot.dice, shot.needs),
        (wwii::fire_phase::Weapon::Gun, 2, 2, Some(4))
    );
    let err = wwii::fire_phase::can_fire(g.world(), &at, &far).unwrap_err();
    assert!(err.contains("beyond at's gun (2)"), "{err}");
}

#[test]
fn mounted_cavalry_fires_at_minus_one_and_may_not_enter_buildings() {
    // W-D31: cavalry fires from the saddle at −1, and holds buildings and bunkers only
    // dismounted.
    let terrain = [
        "........", "........", "........", "........", "........", "..t.....",
    ];
    let mut g = field(
        &terrain,
        &[
            ("cav", 0, "cavalry_troop", "0406", "North", 3),
            ("red", 1, "rifle_platoon", "0404", "South", 4),
        ],
        1,
    );
    refused(
        &mut g,
        mv(0, "cav", "0306"),
        "0306 is buildings or a bunker: no mounted cavalry may enter it",
    );
    pass_to(&mut g, "Fire");
    let (cav, red) = (unit(&g, "cav").unwrap(), unit(&g, "red").unwrap());
    let shot = wwii::fire_phase::can_fire(g.world(), &cav, &red).unwrap();
    // 2 hexes, within half its range of 4: 5-6, a face worse mounted.
    assert_eq!((shot.hexes, shot.dice, shot.needs), (2, 3, Some(6)));
    assert_eq!(shot.modifiers, [(-1, "the firer is mounted".to_owned())]);
}

#[test]
fn a_unit_fires_only_at_what_it_sees_and_can_hurt_and_is_told_why_it_has_no_target() {
    // A wood between the platoon and the enemy infantry blocks its sight, and small
    // arms cannot hurt the tank: it has no fire, and the rules' checks of a fire at
    // each of the nearest enemies say why.
    // Far off, a machine gun with a target keeps Blue's fire phase (a side with
    // nothing to fire at is passed over), and that target is beyond the platoon's reach.
    let terrain = [
        "............",
        "............",
        "wwwwwwww....",
        "............",
        "............",
        "............",
    ];
    let mut g = field(
        &terrain,
        &[
            ("platoon", 0, "rifle_platoon", "0404", "North", 4),
            ("red", 1, "rifle_platoon", "0402", "South", 4),
            ("tank", 1, "light_tank", "0502", "South", 2),
            ("mg", 0, "mg_section", "1206", "North", 2),
            ("far", 1, "rifle_platoon", "1203", "South", 4),
        ],
        1,
    );
    pass_to(&mut g, "Fire");
    let why_idle = drumfire_core::rules::wwii::INFO.why_idle;
    assert_eq!(
        why_idle(g.world(), 0, "platoon"),
        [
            "platoon cannot see red",
            "platoon has no gun: small arms cannot hurt tank",
            "far is 8 hexes off: beyond platoon's range (5)",
        ]
    );
    // In the open it sees the infantry: it has a fire, nothing to explain.
    let mut g = field(
        &OPEN,
        &[
            ("platoon", 0, "rifle_platoon", "0404", "North", 4),
            ("red", 1, "rifle_platoon", "0402", "South", 4),
        ],
        1,
    );
    pass_to(&mut g, "Fire");
    assert_eq!(why_idle(g.world(), 0, "platoon"), Vec::<String>::new());
}
