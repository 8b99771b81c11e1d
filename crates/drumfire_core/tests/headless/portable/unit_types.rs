//! Unit types: the seed's table, close combat power, who advances, command units.

use super::*;

#[test]
fn unit_types_are_the_seed_table() {
    let data = drumfire_core::rules::PORTABLE.data();
    let row = |id: &str| {
        let u = &data.units[id];
        (
            u.full.movement,
            u.full.close_combat.unwrap(),
            u.full.direct.or(u.full.bombard).map(|f| f.range),
        )
    };
    assert_eq!(row("infantry_rifles"), (1, 4, Some(3)));
    assert_eq!(row("infantry_firearms"), (1, 4, Some(2)));
    assert_eq!(row("infantry_melee"), (1, 3, None));
    assert_eq!(row("cavalry_regular"), (2, 4, None));
    assert_eq!(row("cavalry_irregular"), (2, 4, None));
    assert_eq!(row("machine_gun"), (1, 4, Some(4)));
    assert_eq!(row("light_artillery"), (1, 1, Some(4)));
    assert_eq!(row("field_artillery"), (1, 1, Some(6)));
    assert_eq!(row("fortress_artillery"), (0, 1, Some(10)));
    assert_eq!(row("command"), (2, 5, None));
    // Dismounted cavalry moves and fights like infantry, one less power.
    assert_eq!(row("cavalry_dismounted"), (1, 3, Some(3)));
    assert_eq!(data.units["command"].class, UnitClass::Command);
    assert!(
        data.units["cavalry_regular"]
            .traits
            .contains(&"regular_european".to_owned())
    );
}

#[test]
fn close_combat_power_never_drops_below_one() {
    let s = field(
        &["", "", "", "....t....."],
        &["", "", "", "0000100000"],
        "",
        &[
            ("inf", 1, "infantry_rifles", "0504", ""),
            ("gun", 0, "light_artillery", "0505", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let p = combat_plan(&game, 0, &["gun"], "inf").unwrap();
    assert_eq!(
        p.attack_changes,
        [
            (-1, "attacking uphill".to_owned()),
            (-2, "defender in a built-up area".to_owned())
        ]
    );
    assert_eq!(p.attack, 1, "1 - 1 - 2 is held at 1");
}

#[test]
fn only_infantry_and_cavalry_advance_into_a_hex_they_cleared() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("inf", 0, "infantry_rifles", "0101", ""),
            ("cav", 0, "cavalry_regular", "0103", ""),
            ("mg", 0, "machine_gun", "0105", ""),
            ("gun", 0, "field_artillery", "0107", ""),
            ("hq", 1, "command", "0901", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let advances: Vec<bool> = ["inf", "cav", "mg", "gun", "hq"]
        .iter()
        .map(|id| unit(&game, id).advances())
        .collect();
    assert_eq!(advances, [true, true, false, false, false]);
}

#[test]
fn a_command_unit_alongside_adds_one_to_close_combat_power_and_to_fire_effect() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("inf", 0, "infantry_rifles", "0304", NORTH),
            ("hq", 0, "command", "0305", ""),
            ("foe", 1, "infantry_rifles", "0303", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let f = fire_plan(&game, "inf", "0303").unwrap();
    assert_eq!(f.modifiers, [(1, "Command alongside".to_owned())]);
    let c = combat_plan(&game, 0, &["inf"], "foe").unwrap();
    assert_eq!(c.attack_changes, [(1, "Command alongside".to_owned())]);
    assert_eq!((c.attack, c.defence), (5, 4));
}
