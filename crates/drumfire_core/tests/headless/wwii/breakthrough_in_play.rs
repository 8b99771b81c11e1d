//! After the assault, in play: breakthroughs announced and moved, cavalry that wins
//! dismounting or moving on, a prone unit breaking through.

use super::*;

#[test]
fn a_breakthrough_occupies_uncontested_ground_within_one_assault_movement() {
    // WW-13, W-D18 on the map.
    let mut g = field(
        &OPEN,
        &[
            ("blue", 0, "rifle_platoon", "0404", "North", 6),
            ("red", 1, "rifle_platoon", "0402", "South", 1),
        ],
        1,
    );
    g.submit(mv(0, "blue", "0403")).unwrap();
    pass_to(&mut g, "Assault");
    assert_eq!(
        state(&g).followups,
        [Followup::Breakthrough {
            unit: "blue".into(),
            reach: 2
        }]
    );
    assert_eq!(g.awaiting(), Some(0));
    let advance = |path: &str| -> Order {
        WwiiOrder::Advance {
            side: 0,
            unit: "blue".into(),
            path: path.split_whitespace().map(str::to_owned).collect(),
        }
        .into()
    };
    refused(
        &mut g,
        advance("0402 0401 0301"),
        "within 2 movement points",
    );
    refused(&mut g, advance("0401"), "within 2 movement points");
    g.submit(advance("0402 0401")).unwrap();
    assert_eq!(
        drumfire_core::coords::hex_label(unit(&g, "blue").unwrap().hex),
        "0401"
    );
    assert_eq!(g.phase_name(), "Movement", "the turn goes on");
}

#[test]
fn cavalry_that_wins_dismounts_in_place_or_uses_its_remaining_movement() {
    // WW-18 on the map.
    let units = [
        ("cav", 0, "cavalry_troop", "0404", "North", 3),
        ("red", 1, "rifle_platoon", "0402", "South", 1),
    ];
    let mut g = field(&OPEN, &units, 1);
    g.submit(mv(0, "cav", "0403")).unwrap();
    pass_to(&mut g, "Assault");
    assert_eq!(
        state(&g).followups,
        [Followup::Cavalry {
            unit: "cav".into(),
            left: 7
        }]
    );
    g.submit(
        WwiiOrder::Dismount {
            side: 0,
            unit: "cav".into(),
        }
        .into(),
    )
    .unwrap();
    // W-D22: on foot it moves and fights as a rifle platoon: its movement, fire points
    // and range, and the anti-tank assault value the mounted troop lacked.
    let u = unit(&g, "cav").unwrap();
    assert_eq!(u.kind(), drumfire_core::rules::wwii::mixed::Kind::Infantry);
    let rifles = drumfire_core::rules::wwii::units::figures_of("rifle_platoon").unwrap();
    assert_eq!(u.figures, rifles);
    assert_eq!(
        (u.figures.movement, u.figures.range, u.figures.at_assault),
        (4, 5, Some(1))
    );
    let mut g = field(&OPEN, &units, 3);
    g.submit(mv(0, "cav", "0403")).unwrap();
    pass_to(&mut g, "Assault");
    g.submit(
        WwiiOrder::Advance {
            side: 0,
            unit: "cav".into(),
            path: vec!["0402".into(), "0401".into(), "0501".into()],
        }
        .into(),
    )
    .unwrap();
    let u = unit(&g, "cav").unwrap();
    assert_eq!(drumfire_core::coords::hex_label(u.hex), "0501");
    assert_eq!(u.kind(), drumfire_core::rules::wwii::mixed::Kind::Cavalry);
}

const SEED_AT_WINS: u64 = 1;

const SEED_TANK_BREAKS: u64 = 2;

const SEED_PRONE: u64 = 1;

#[test]
fn a_breakthrough_is_announced_only_where_the_winner_may_advance() {
    // WW-13, W-D25: infantry that wins an overrun cannot move in the tank's movement
    // phase: it wins, no breakthrough is announced and none waits.
    let mut g = field(
        &OPEN,
        &[
            ("tank", 0, "light_tank", "0403", "North", 1),
            ("at", 1, "at_team", "0402", "South", 2),
        ],
        SEED_AT_WINS,
    );
    g.submit(overrun(0, "tank", "0402")).unwrap();
    assert!(
        log(&g)
            .iter()
            .any(|l| l == "The armored overrun: at wins: tank eliminated.")
    );
    assert!(state(&g).followups.is_empty());
    // A tank that breaks through in the assault phase may advance.
    let mut g = field(
        &OPEN,
        &[
            ("tank", 0, "medium_tank", "0403", "North", 3),
            ("at", 1, "at_team", "0402", "South", 1),
        ],
        SEED_TANK_BREAKS,
    );
    pass_to(&mut g, "Assault");
    assert_eq!(
        state(&g).followups,
        [Followup::Breakthrough {
            unit: "tank".into(),
            reach: 4
        }]
    );
    g.submit(
        WwiiOrder::Advance {
            side: 0,
            unit: "tank".into(),
            path: vec!["0402".into()],
        }
        .into(),
    )
    .unwrap();
    assert_eq!(
        drumfire_core::coords::hex_label(unit(&g, "tank").unwrap().hex),
        "0402"
    );
}

#[test]
fn a_breakthrough_reaches_one_assault_movement_in_movement_points() {
    // WW-13, W-D18: one assault movement of a rifle platoon is 2 movement points: an
    // open hex (1) and a wood (2) are beyond it.
    let terrain = [
        "...w....", "........", "........", "........", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("blue", 0, "rifle_platoon", "0404", "North", 6),
            ("red", 1, "rifle_platoon", "0402", "South", 1),
        ],
        1,
    );
    g.submit(mv(0, "blue", "0403")).unwrap();
    pass_to(&mut g, "Assault");
    let advance = |path: &str| -> Order {
        WwiiOrder::Advance {
            side: 0,
            unit: "blue".into(),
            path: path.split_whitespace().map(str::to_owned).collect(),
        }
        .into()
    };
    refused(&mut g, advance("0402 0401"), "within 2 movement points");
    g.submit(advance("0402")).unwrap();
    assert_eq!(
        drumfire_core::coords::hex_label(unit(&g, "blue").unwrap().hex),
        "0402"
    );
}

#[test]
fn a_prone_unit_that_breaks_through_stands_up_and_machine_guns_aim_at_units_still_there() {
    // W-D20: a unit that moves is no longer prone; W-D11: a tank's machine guns fire at
    // the enemy as it stands after the fights before them.
    let mut g = field(
        &OPEN,
        &[
            ("blue", 0, "rifle_platoon", "0403", "North", 6),
            (
                "tank",
                0,
                "medium_tank",
                &next_to_both("0403", "0402"),
                "North",
                3,
            ),
            ("red", 1, "rifle_platoon", "0402", "South", 1),
        ],
        SEED_PRONE,
    );
    g.submit(
        WwiiOrder::Prone {
            side: 0,
            unit: "blue".into(),
        }
        .into(),
    )
    .unwrap();
    pass_to(&mut g, "Assault");
    while state(&g).acting.is_some() {
        pass(&mut g);
    }
    assert!(unit(&g, "red").is_none());
    assert!(!log(&g).iter().any(|l| l.starts_with("Dice, machine guns")));
    assert!(unit(&g, "blue").unwrap().prone);
    g.submit(
        WwiiOrder::Advance {
            side: 0,
            unit: "blue".into(),
            path: vec!["0402".into()],
        }
        .into(),
    )
    .unwrap();
    assert!(!unit(&g, "blue").unwrap().prone);
}
