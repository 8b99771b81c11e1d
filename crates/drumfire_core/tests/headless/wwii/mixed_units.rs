//! Mixed units (5.4): which unit type infantry engages, tanks firing machine guns or
//! guns, heavy weapons sitting out the rounds.

use super::*;

fn unit(id: &str, kind: Kind, at: Option<u8>, engages: Engages) -> Engaging {
    Engaging {
        id: id.into(),
        kind,
        at_assault: at,
        engages,
    }
}

#[test]
fn infantry_engages_one_unit_type_and_tanks_fire_machine_guns_or_guns_not_both() {
    // "Involved infantry units may only engage one unit type opposing them in an
    // assault. They may not for example, "split" off bases in order to engage a
    // separate tank base if they are already engaging infantry units." "Involved tank
    // bases must either use machine gun fire on opposing infantry or fire normally at
    // opposing tanks, not both."
    let enemy = [
        unit("e_inf", Kind::Infantry, Some(1), Engages::Personnel),
        unit("e_tank", Kind::Tank, None, Engages::Personnel),
    ];
    let rifles = unit("rifles", Kind::Infantry, Some(1), Engages::Personnel);
    assert_eq!(mixed::check(std::slice::from_ref(&rifles), &enemy), Ok(()));
    let split_off = unit(
        "rifles",
        Kind::Infantry,
        Some(1),
        Engages::Vehicle("e_tank".into()),
    );
    assert!(
        mixed::check(&[rifles, split_off], &enemy)
            .unwrap_err()
            .contains("engages one enemy unit type")
    );
    let gunner = unit(
        "sherman",
        Kind::Tank,
        None,
        Engages::Vehicle("e_tank".into()),
    );
    assert_eq!(mixed::check(std::slice::from_ref(&gunner), &enemy), Ok(()));
    let astray = unit(
        "sherman",
        Kind::Tank,
        None,
        Engages::Vehicle("e_inf".into()),
    );
    assert!(mixed::check(&[astray], &enemy).is_err());
}

#[test]
fn tanks_do_not_assault_tanks_and_heavy_weapons_sit_out_the_rounds() {
    // "Tanks do not "assault" other tanks." "Involved towed cannon, machine guns and
    // mortars will fire normally during the fire phase and then suffer the fate of
    // whatever unit they are with."
    let enemy = [
        unit("e_inf", Kind::Infantry, Some(1), Engages::Personnel),
        unit("e_tank", Kind::Tank, None, Engages::Personnel),
    ];
    let side = [
        unit("rifles", Kind::Infantry, Some(1), Engages::Personnel),
        unit(
            "bazookas",
            Kind::Infantry,
            Some(4),
            Engages::Vehicle("e_tank".into()),
        ),
        unit("mg", Kind::HeavyWeapon, None, Engages::Nothing),
        unit(
            "sherman",
            Kind::Tank,
            None,
            Engages::Vehicle("e_tank".into()),
        ),
    ];
    assert_eq!(mixed::check(&side, &enemy), Ok(()));
    let split = mixed::split([&side, &enemy]);
    assert_eq!(
        split.personnel,
        [vec!["rifles".to_owned()], vec!["e_inf".to_owned()]]
    );
    // The enemy tank is assaulted by the bazookas; the Sherman only fires its gun.
    assert_eq!(
        split.tank_assaults.get(&(1, "e_tank".to_owned())),
        Some(&vec!["bazookas".to_owned()])
    );
    assert!(!split.tank_assaults.contains_key(&(0, "sherman".to_owned())));
    assert_eq!(
        split.gun_fire[0],
        [("sherman".to_owned(), "e_tank".to_owned())]
    );
    assert_eq!(split.heavy_weapons[0], ["mg"]);
    assert!(
        split.machine_guns[1].is_empty(),
        "the enemy tank is assaulted"
    );
    // A heavy weapon may not join the rounds; cavalry may not take on a tank.
    let mg_in = unit("mg", Kind::HeavyWeapon, None, Engages::Personnel);
    assert!(mixed::check(&[mg_in], &enemy).is_err());
    let horse = unit(
        "horse",
        Kind::Cavalry,
        None,
        Engages::Vehicle("e_tank".into()),
    );
    assert!(
        mixed::check(&[horse], &enemy)
            .unwrap_err()
            .contains("cavalry may not assault tanks")
    );
    // Infantry with no anti-tank assault value cannot take on the tank.
    let cooks = unit(
        "cooks",
        Kind::Infantry,
        None,
        Engages::Vehicle("e_tank".into()),
    );
    assert!(mixed::check(&[cooks], &enemy).is_err());
    // A tank no infantry chose fires its machine guns at the personnel unopposed.
    let lone = [unit("e_tank", Kind::Tank, None, Engages::Personnel)];
    let split = mixed::split([&side[..1], &lone]);
    assert_eq!(split.machine_guns[1], ["e_tank"]);
}

#[test]
fn a_tank_whose_gun_engages_a_tank_overruns_no_heavy_weapons() {
    // "Involved tank bases must either use machine gun fire on opposing infantry or
    // fire normally at opposing tanks, not both": Blue's tank touches Red's machine
    // guns and Red's tank in one assault; its gun engages the tank, so it does not
    // overrun the guns.
    let mut g = field(
        &OPEN,
        &[
            ("tk", 0, "medium_tank", "0203", "North", 3),
            ("mg", 1, "mg_section", "0202", "South", 2),
            ("rt", 1, "medium_tank", "0204", "North", 3),
            // Rifles of each side join the two tanks in one assault group: Red's beside
            // Blue's tank and Blue's rifles, Blue's beside Red's tank.
            ("rr", 1, "rifle_platoon", "0303", "South", 3),
            ("ri", 0, "rifle_platoon", "0304", "North", 3),
        ],
        2,
    );
    pass_to(&mut g, "Assault");
    assert_eq!(g.awaiting(), Some(0), "Blue's tank has a choice");
    g.submit(
        WwiiOrder::Engage {
            side: 0,
            unit: "tk".into(),
            target: "rt".into(),
        }
        .into(),
    )
    .unwrap();
    pass_turn(&mut g);
    let lines = log(&g);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("tk fires its guns at rt")),
        "{lines:#?}"
    );
    assert!(!lines.iter().any(|l| l == "mg is overrun."), "{lines:#?}");
    assert_eq!(super::unit(&g, "mg").map(|u| u.bases()), Some(2));
}

#[test]
fn rifles_in_a_bunker_beside_a_tank_neither_assault_it_nor_are_assaulted_by_it() {
    // "Bunkers and pillboxes ... prevent units occupying them from being assaulted by
    // tanks": rifles in a bunker touching only a tank fight no tank assault with it, so
    // the tank's training never comes to its machine guns against them (W-D32). A
    // Great tank crew, on seeds that once killed all four bases.
    let terrain = [
        "........", ".b......", "........", "........", "........", "........",
    ];
    let text = scenario_text(
        &terrain,
        &[
            ("tank", 0, "medium_tank", "0203", "North", 3),
            ("ri", 1, "rifle_platoon", "0202", "South", 4),
        ],
    )
    .replace("training: [Regular, Regular]", "training: [Great, Regular]");
    let s = drumfire_core::scenario::parse("test.ron", &text, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    for seed in 1..=3 {
        let mut g = Game::new(&s, seed);
        pass_turn(&mut g);
        let lines = log(&g);
        assert!(
            lines.iter().any(|l| l
                == "tank cannot assault ri: tanks cannot assault units in bunkers or pillboxes."),
            "{lines:#?}"
        );
        assert!(
            state(&g).fought.is_empty(),
            "seed {seed}: no assault fought"
        );
        assert_eq!(
            super::unit(&g, "ri").map(|u| u.bases()),
            Some(4),
            "seed {seed}"
        );
        assert_eq!(
            super::unit(&g, "tank").map(|u| u.bases()),
            Some(3),
            "seed {seed}"
        );
    }
}
