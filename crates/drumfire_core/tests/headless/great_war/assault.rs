//! Assault: who may assault, the assaulted firing back, and assaults into and out of
//! drumfire.

use super::*;

#[test]
fn units_adjacent_at_activation_assault_and_the_assaulted_fire_back() {
    let mut g = start(&assault_battle(), 9);
    activate(&mut g, RED, "maj");
    // b2 is not adjacent: no assault there.
    assert_eq!(
        gw(
            &mut g,
            GwOrder::Assault {
                side: RED,
                pieces: ids(&["r1"]),
                target: "0501".into()
            }
        )
        .unwrap_err(),
        "r1 did not start its activation next to 0501: only units that did may assault it."
    );
    gw(
        &mut g,
        GwOrder::Assault {
            side: RED,
            pieces: ids(&["r1", "r2", "maj"]),
            target: "0301".into(),
        },
    )
    .unwrap();
    answer_all(&mut g);
    let assault: Vec<(String, u32, String, Vec<u8>)> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::Fired {
                kind,
                strength,
                column,
                dice,
                ..
            } => Some((kind, strength, column, dice)),
            _ => None,
        })
        .collect();
    // Attackers 5 + 5 = 10 on the Assault table's 10-14 column, +1 for the Major: 15+.
    // The defender's 5 fires back on the 3-5 column. One die each.
    assert_eq!(assault.len(), 2);
    assert_eq!(
        (assault[0].0.as_str(), assault[0].1, assault[0].2.as_str()),
        ("Assault", 10, "15+")
    );
    assert_eq!(
        (assault[1].0.as_str(), assault[1].1, assault[1].2.as_str()),
        ("Assault defence", 5, "3-5")
    );
    assert_eq!(assault[0].3.len(), 1);
    let held = at(&g, "b1").is_none();
    // Either the hex was carried (the defender gone) or the attackers fell back to 0201.
    if held {
        assert_eq!(at(&g, "r1").or(at(&g, "r2")), Some("0301".into()));
    } else {
        assert!(at(&g, "r1").is_none_or(|h| h == "0201"));
    }
    assert!(marks(&g, "maj").contains(&MarkerKind::Moved));
}

/// Our ruling where the assault meets "Units can't move closer to enemy units unless
/// they're activated by a leader of their own type": entering the enemy's hex is moving
/// closer, so a unit activated alone may not assault; led by the Major, it may.
#[test]
fn only_units_activated_by_a_leader_of_their_type_may_assault() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0201")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0102", flip: false)]"#,
    );
    let assault = |g: &mut Game| {
        gw(
            g,
            GwOrder::Assault {
                side: RED,
                pieces: ids(&["r1"]),
                target: "0201".into(),
            },
        )
    };
    let mut g = start(&s, 1);
    activate(&mut g, RED, "r1");
    let before = g.state_hash();
    assert_eq!(
        assault(&mut g).unwrap_err(),
        "r1 was not activated by a leader of its own type: it may not move closer to the enemy, and an assault enters the enemy's hex."
    );
    assert_eq!(g.state_hash(), before);
    let mut g = start(&s, 1);
    activate(&mut g, RED, "maj");
    assault(&mut g).unwrap();
}

/// Our ruling where "A unit can fire once per turn" meets "Assaulted units can fire
/// back": firing back is part of the assault, not the unit's fire of the turn, so a
/// defender that has already fired (marked Fired) still fires back.
#[test]
fn a_defender_that_already_fired_still_fires_back_in_an_assault() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0201", markers: [Fired])],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false)]"#,
    );
    let mut g = start(&s, 1);
    major_assaults(&mut g, &["r1"], "0201");
    let kinds: Vec<String> = fired(&g).into_iter().map(|(kind, ..)| kind).collect();
    assert_eq!(kinds, vec!["Assault", "Assault defence"]);
}

/// Where Demoralized meets the assault: "Assaulted units can fire back", but a
/// Demoralized unit "can do nothing [...] but try to recover morale". Blue's only
/// defender is Demoralized: one fire on the Assault table, Red's, and no defence.
#[test]
fn demoralized_defenders_do_not_fire_back_in_an_assault() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0201", markers: [Demoralized])],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false)]"#,
    );
    for seed in 1..6 {
        let mut g = start(&s, seed);
        activate(&mut g, RED, "maj");
        gw(
            &mut g,
            GwOrder::Assault {
                side: RED,
                pieces: ids(&["r1"]),
                target: "0201".into(),
            },
        )
        .unwrap();
        answer_all(&mut g);
        let kinds: Vec<String> = fired(&g).into_iter().map(|(kind, ..)| kind).collect();
        assert_eq!(kinds, vec!["Assault"], "seed {seed}");
    }
}

/// Red assaults 0201 from 0101, where Red's own guns left a Drumfire marker.
fn assault_into_drumfire(seed: u64) -> Game {
    let s = battle_sides(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0201")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false)],
           hex_markers: [(kind: Drumfire, hex: "0201", side: "red", source: "guns")]"#,
        r#", off_board_artillery: [(id: "guns", name: "Guns", strength: 18)]"#,
        "",
    );
    let mut g = start(&s, seed);
    major_assaults(&mut g, &["r1"], "0201");
    g
}

/// "any units of either side that enter that hex are immediately attacked": in an
/// assault the units entering are the attackers, even when the Drumfire is their own
/// side's. Seed 0: the Drumfire's X takes a step from r1, not from the defender b1;
/// seed 2: its M1 checks r1's morale, not b1's.
#[test]
fn drumfire_in_an_assaulted_hex_attacks_the_assaulting_units_not_the_defenders() {
    let effects = |g: &Game| -> Vec<String> {
        events(g)
            .into_iter()
            .skip_while(|e| !matches!(e, GameEvent::Fired { kind, .. } if kind == "Drumfire"))
            .skip(1)
            .take_while(|e| !matches!(e, GameEvent::Fired { .. }))
            .filter_map(|e| match e {
                GameEvent::StepLost { piece, .. } => Some(format!("loss {piece}")),
                GameEvent::MoraleChecked { piece, .. } => Some(format!("morale {piece}")),
                _ => None,
            })
            .collect()
    };
    let g = assault_into_drumfire(0);
    assert_eq!(fired(&g)[0].2, "X");
    assert_eq!(effects(&g), ["loss r1", "morale r1"]);
    let g = assault_into_drumfire(2);
    assert_eq!(fired(&g)[0].2, "M1");
    assert_eq!(effects(&g), ["morale r1"]);
}

/// What a fire's result did, from the journal after the first fire of `kind`: each
/// step lost and each morale check, by piece, until the next fire.
fn effects_of(g: &Game, kind: &str) -> Vec<String> {
    events(g)
        .into_iter()
        .skip_while(|e| !matches!(e, GameEvent::Fired { kind: k, .. } if k == kind))
        .skip(1)
        .take_while(|e| !matches!(e, GameEvent::Fired { .. }))
        .filter_map(|e| match e {
            GameEvent::StepLost { piece, .. } => Some(format!("loss {piece}")),
            GameEvent::MoraleChecked { piece, .. } => Some(format!("morale {piece}")),
            _ => None,
        })
        .collect()
}

/// A Red machinegun in 0301 moves into 0201, where Blue's guns left a Drumfire marker
/// and a Red company already stands.
fn machinegun_joins_a_company_under_drumfire(seed: u64) -> Game {
    let s = battle_sides(
        &["..........", ".........."],
        r#"counters: [(id: "mg", side: "red", unit: "machinegun", hex: "0301"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "1001")],
           hex_markers: [(kind: Drumfire, hex: "0201", side: "blue", source: "guns")]"#,
        "",
        r#", off_board_artillery: [(id: "guns", name: "Guns", strength: 10)]"#,
    );
    let mut g = start(&s, seed);
    activate(&mut g, RED, "mg");
    mv(&mut g, RED, &["mg"], &["0201"]).unwrap();
    answer_all(&mut g);
    g
}

/// "any units of either side that enter that hex are immediately attacked": the
/// machinegun entering is attacked, the company already in the hex is not. Seed 1: the
/// Drumfire's M2 checks the machinegun's morale only; seed 5: its 2X takes the
/// machinegun's one step (it is removed) and the second loss finds no other unit that
/// entered, so the company keeps both its steps.
#[test]
fn drumfire_attacks_only_the_units_that_enter_not_those_already_in_the_hex() {
    let g = machinegun_joins_a_company_under_drumfire(1);
    assert_eq!(
        fired(&g),
        [("Drumfire".to_owned(), vec![6, 1], "M2".to_owned())]
    );
    assert_eq!(effects_of(&g, "Drumfire"), ["morale mg"]);
    let g = machinegun_joins_a_company_under_drumfire(5);
    assert_eq!(
        fired(&g),
        [("Drumfire".to_owned(), vec![6, 4], "2X".to_owned())]
    );
    assert_eq!(effects_of(&g, "Drumfire"), ["loss mg"]);
    assert_eq!(at(&g, "mg"), None);
    assert_eq!(steps(&g, "r2"), 2);
    assert!(marks(&g, "r2").is_empty());
}

/// Red's Major (combat modifier +2) leads a company into Blue's hex 0201, where Red's
/// own guns left a Drumfire marker: the Drumfire attacks both as they enter.
fn led_assault_into_drumfire(seed: u64) -> Game {
    let s = battle_sides(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0201")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, combat: 2, hex: "0101", flip: false)],
           hex_markers: [(kind: Drumfire, hex: "0201", side: "red", source: "guns")]"#,
        r#", off_board_artillery: [(id: "guns", name: "Guns", strength: 18)]"#,
        "",
    );
    let mut g = start(&s, seed);
    activate(&mut g, RED, "maj");
    gw(
        &mut g,
        GwOrder::Assault {
            side: RED,
            pieces: ids(&["r1", "maj"]),
            target: "0201".into(),
        },
    )
    .unwrap();
    answer_all(&mut g);
    g
}

/// A fire's strength, column shifts (with their causes) and column.
type Column = (u32, Vec<(i32, String)>, String);

/// The assault's column and shifts, from the journal.
fn assault_column(g: &Game) -> Option<Column> {
    events(g).into_iter().find_map(|e| match e {
        GameEvent::Fired {
            kind,
            strength,
            shifts,
            column,
            ..
        } if kind == "Assault" => Some((strength, shifts, column)),
        _ => None,
    })
}

/// A Demoralized leader "can do nothing [...] but try to recover morale": the Major who
/// led the company in lends his +2 when the assault is rolled only if the Drumfire on
/// the way in left him in good order. Seed 18: the Drumfire misses and the company's 5
/// goes from the 3-5 column two to the right, to 10-14; seed 34: its M1 demoralizes the
/// Major (the company passes) and the assault is rolled on 3-5, unshifted.
#[test]
fn a_leader_demoralized_by_drumfire_on_the_way_in_lends_no_assault_shift() {
    let g = led_assault_into_drumfire(18);
    assert_eq!(fired(&g)[0].2, "-");
    assert_eq!(
        assault_column(&g),
        Some((
            5,
            vec![(2, "leader's combat modifier".to_owned())],
            "10-14".to_owned()
        ))
    );
    let g = led_assault_into_drumfire(34);
    assert_eq!(fired(&g)[0].2, "M1");
    assert_eq!(effects_of(&g, "Drumfire"), ["morale r1", "morale maj"]);
    assert!(marks(&g, "maj").contains(&MarkerKind::Demoralized));
    assert_eq!(assault_column(&g), Some((5, vec![], "3-5".to_owned())));
}

/// Red's company r1 and its Lieutenant stand in 0101, under a Drumfire marker of Blue's
/// guns; the company assaults Blue's two companies in 0201.
fn assault_out_of_drumfire(seed: u64) -> Game {
    let s = battle_sides(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0201"),
                      (id: "b2", side: "blue", unit: "rifle_company", hex: "0201")],
           leaders: [(id: "lt", side: "red", name: "Lieutenant", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false)],
           hex_markers: [(kind: Drumfire, hex: "0101", side: "blue", source: "guns")]"#,
        "",
        r#", off_board_artillery: [(id: "guns", name: "Guns", strength: 10)]"#,
    );
    let mut g = start(&s, seed);
    activate(&mut g, RED, "lt");
    gw(
        &mut g,
        GwOrder::Assault {
            side: RED,
            pieces: ids(&["r1"]),
            target: "0201".into(),
        },
    )
    .unwrap();
    answer_all(&mut g);
    g
}

/// Ours: attackers thrown back enter the hex they came from again, and "any units of
/// either side that enter that hex are immediately attacked" by the Drumfire there. Seed
/// 1: the assault takes a step (1), the defence's M leaves r1 unshaken, the assault is
/// thrown back to 0101 and Blue's guns' Drumfire there rolls M1 at the company: its
/// morale is checked, the Lieutenant's (who stood there all along) is not.
#[test]
fn attackers_thrown_back_into_a_drumfire_hex_are_attacked_as_they_enter_it() {
    let g = assault_out_of_drumfire(1);
    assert_eq!(
        fired(&g),
        [
            ("Assault".to_owned(), vec![6], "1".to_owned()),
            ("Assault defence".to_owned(), vec![1], "M".to_owned()),
            ("Drumfire".to_owned(), vec![4, 2], "M1".to_owned()),
        ]
    );
    let drumfire = events(&g).into_iter().find_map(|e| match e {
        GameEvent::Fired {
            kind,
            target,
            firers,
            ..
        } if kind == "Drumfire" => Some((target, firers)),
        _ => None,
    });
    assert_eq!(drumfire, Some(("0101".to_owned(), vec!["guns".to_owned()])));
    assert_eq!(at(&g, "r1"), Some("0101".into()));
    assert_eq!(effects_of(&g, "Drumfire"), ["morale r1"]);
}

/// "each time a unit with an Open Sights mission fires, the owning player rolls two
/// dice": a battery firing back in an assault fires too, and rolls (D-14).
#[test]
fn a_battery_firing_back_in_an_assault_rolls_for_its_ammunition() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "bty", side: "blue", unit: "field_battery", hex: "0201")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false)]"#,
    );
    let mut g = start(&s, 1);
    major_assaults(&mut g, &["r1"], "0201");
    let kinds: Vec<String> = fired(&g).into_iter().map(|(kind, ..)| kind).collect();
    assert_eq!(kinds, vec!["Assault", "Assault defence"]);
    let rolls: Vec<String> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::DiceRolled { purpose, .. } => Some(purpose),
            _ => None,
        })
        .collect();
    println!("{rolls:?}");
    assert!(
        rolls.iter().any(|p| p == "ammunition depletion: bty"),
        "{rolls:?}"
    );
}

/// D-9: a loaded battery cannot fire, in an assault as elsewhere: limbered up on its
/// team, it does not fire back, and rolls no ammunition.
#[test]
fn a_battery_loaded_on_its_team_does_not_fire_back_in_an_assault() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "bty", side: "blue", unit: "field_battery", hex: "0201"),
                      (id: "team", side: "blue", unit: "horse_team", hex: "0201")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false)]"#,
    );
    let mut g = start(&s, 1);
    g.submit(Order::Pass { side: RED }).unwrap();
    activate(&mut g, BLUE, "team");
    gw(
        &mut g,
        GwOrder::Load {
            side: BLUE,
            transport: "team".into(),
            piece: "bty".into(),
        },
    )
    .unwrap();
    major_assaults(&mut g, &["r1"], "0201");
    let kinds: Vec<String> = fired(&g).into_iter().map(|(kind, ..)| kind).collect();
    assert_eq!(kinds, vec!["Assault"]);
    assert!(!events(&g).iter().any(|e| matches!(e,
        GameEvent::DiceRolled { purpose, .. } if purpose.starts_with("ammunition depletion"))));
}
