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
