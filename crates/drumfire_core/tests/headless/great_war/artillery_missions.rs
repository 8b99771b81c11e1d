//! Artillery Missions: the plan plotted, bombardment fired in its turn, drumfire placed
//! and attacking who enters, counter-battery fire, open-sights depletion.

use super::*;

fn artillery_battle() -> Scenario {
    battle_with(
        &["........", "........", "........"],
        r#"counters: [(id: "bty", side: "red", unit: "field_battery", hex: "0102"),
                      (id: "mor", side: "red", unit: "mortar", hex: "0101"),
                      (id: "r1", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0702"),
                      (id: "b2", side: "blue", unit: "rifle_company", hex: "0802")]"#,
        r#", off_board_artillery: [(id: "heavy", name: "Heavy guns", strength: 12),
                                   (id: "field", name: "Field guns", strength: 6)]"#,
    )
}

fn fire_on(turns: &[Option<&str>]) -> Mission {
    Mission::PlannedFire {
        targets: turns.iter().map(|t| t.map(str::to_owned)).collect(),
    }
}

#[test]
fn every_artillery_unit_and_factor_needs_a_mission_within_the_rules() {
    let s = artillery_battle();
    let mut g = Game::new(&s, 1);
    assert_eq!(g.phase(), Phase::Setup);
    assert_eq!(g.awaiting(), Some(RED));
    let before = g.state_hash();
    let refused = |g: &mut Game, m: Vec<(&str, Mission)>| plan(g, m).unwrap_err();
    let ok = || {
        vec![
            ("bty", fire_on(&[Some("0702"), Some("0702"), None])),
            ("mor", Mission::OpenSights),
            ("heavy", fire_on(&[Some("0802"), None, None])),
            ("field", fire_on(&[None, None, None])),
        ]
    };
    let mut m = ok();
    m.pop();
    assert_eq!(
        refused(&mut g, m),
        "Every artillery unit and factor needs a mission; missing: field."
    );
    let mut m = ok();
    m[0].1 = fire_on(&[Some("0702"), Some("0702"), Some("0702")]);
    assert_eq!(
        refused(&mut g, m),
        "`bty` is plotted to fire on 3 turns; the Artillery Ammunition number allows 2."
    );
    let mut m = ok();
    m[1].1 = fire_on(&[Some("0802"), None, None]);
    assert_eq!(
        refused(&mut g, m),
        "`mor`, turn 1: hex 0802 is 7 hexes away, beyond its range of 6."
    );
    let mut m = ok();
    m[2].1 = Mission::OpenSights;
    assert_eq!(
        refused(&mut g, m),
        "`heavy` is an off-board factor: its only mission is Planned Fire."
    );
    let mut m = ok();
    m[3].1 = Mission::Move {
        destination: "0301".into(),
    };
    assert_eq!(
        refused(&mut g, m),
        "`field` is an off-board factor: its only mission is Planned Fire."
    );
    let mut m = ok();
    m[0].1 = fire_on(&[Some("0999"), None, None]);
    assert_eq!(
        refused(&mut g, m),
        "`bty`, turn 1: `0999` is not a hex of the map."
    );
    let mut m = ok();
    m[0].1 = fire_on(&[None, None]);
    assert_eq!(
        refused(&mut g, m),
        "`bty`: the plan has 2 turns, the scenario 3."
    );
    let mut m = ok();
    m.push(("r1", Mission::OpenSights));
    assert_eq!(
        refused(&mut g, m),
        "`r1` is neither an artillery unit nor an off-board factor of Red."
    );
    assert_eq!(g.state_hash(), before, "refused plans change nothing");
    plan(&mut g, ok()).unwrap();
    // Blue has no artillery: no plan is due, the first turn begins.
    assert_ne!(g.phase(), Phase::Setup);
    assert_eq!(g.world().resource::<Turn>().0, 1);
    // The filed plan reads back: on-board units, then factors.
    let filed = drumfire_core::rules::great_war::setup::filed_plan(g.world(), RED);
    let sources: Vec<&str> = filed.iter().map(|a| a.source.as_str()).collect();
    assert_eq!(sources, ["bty", "mor", "field", "heavy"]);
    assert_eq!(filed[0].mission, ok()[0].1);
    assert!(drumfire_core::rules::great_war::setup::filed_plan(g.world(), 1).is_empty());
}

#[test]
fn bombardment_fires_the_turns_plot_combines_factors_and_places_drumfire() {
    let s = artillery_battle();
    let mut g = Game::new(&s, 3);
    plan(
        &mut g,
        vec![
            ("bty", fire_on(&[Some("0702"), Some("0702"), None])),
            ("mor", Mission::OpenSights),
            ("heavy", fire_on(&[Some("0802"), Some("0802"), None])),
            ("field", fire_on(&[Some("0802"), None, None])),
        ],
    )
    .unwrap();
    answer_all(&mut g);
    // Turn 1: both factors combined on 0802 (12 + 6 = 18), then the battery alone on
    // 0702 (strength 9): within a side, off-board fire lands first.
    let turn1: Vec<(String, String, u32)> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::Fired {
                kind,
                target,
                strength,
                ..
            } => Some((kind, target, strength)),
            _ => None,
        })
        .collect();
    assert_eq!(
        turn1,
        vec![
            ("Planned Fire".into(), "0802".into(), 18),
            ("Planned Fire".into(), "0702".into(), 9),
        ]
    );
    assert!(marks(&g, "bty").contains(&MarkerKind::Fired));
    // Play on to turn 2: the same sources on the same hexes again place Drumfire.
    while g.world().resource::<Turn>().0 < 2 || g.phase() != drumfire_core::rules::great_war::ACTION
    {
        let side = g.awaiting().unwrap();
        g.submit(Order::Pass { side }).unwrap();
        answer_all(&mut g);
    }
    let drumfire: Vec<(String, String)> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::HexMarkerPlaced { hex, source, .. } => Some((hex, source)),
            _ => None,
        })
        .collect();
    assert_eq!(
        drumfire,
        vec![
            ("0802".into(), "heavy".into()),
            ("0702".into(), "bty".into())
        ]
    );
}

#[test]
fn a_unit_entering_a_drumfire_hex_is_attacked_by_the_source() {
    let s = battle_sides(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0301"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")],
           hex_markers: [(kind: Drumfire, hex: "0201", side: "blue", source: "guns")]"#,
        "",
        r#", off_board_artillery: [(id: "guns", name: "Guns", strength: 10)]"#,
    );
    let mut g = start(&s, 5);
    activate(&mut g, RED, "r1");
    mv(&mut g, RED, &["r1"], &["0201"]).unwrap();
    answer_all(&mut g);
    let f = fired(&g);
    assert_eq!(f[0].0, "Drumfire");
    let strength = events(&g).into_iter().find_map(|e| match e {
        GameEvent::Fired {
            strength, firers, ..
        } => Some((strength, firers)),
        _ => None,
    });
    assert_eq!(strength, Some((10, vec!["guns".to_owned()])));
}

#[test]
fn a_demoralized_battery_does_not_fire_its_drumfire() {
    // D-14: a Demoralized battery does not fire its plot; nor its Drumfire.
    let battery = |markers: &str| {
        battle_sides(
            &["......", "......"],
            &format!(
                r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0301"),
                      (id: "g1", side: "blue", unit: "field_battery", hex: "0602"{markers})],
           hex_markers: [(kind: Drumfire, hex: "0201", side: "blue", source: "g1")]"#
            ),
            "",
            "",
        )
    };
    let mut g = start(&battery(r#", markers: [Demoralized]"#), 5);
    activate(&mut g, RED, "r1");
    mv(&mut g, RED, &["r1"], &["0201"]).unwrap();
    answer_all(&mut g);
    assert!(fired(&g).is_empty(), "{:?}", fired(&g));
    assert!(
        events(&g)
            .iter()
            .any(|e| matches!(e, GameEvent::Note { text }
            if text.contains("Drumfire in 0201 does not fire: it is Demoralized"))),
        "{:?}",
        events(&g)
    );
    // In good order, the same battery's Drumfire attacks the company entering.
    let mut g = start(&battery(""), 5);
    activate(&mut g, RED, "r1");
    mv(&mut g, RED, &["r1"], &["0201"]).unwrap();
    answer_all(&mut g);
    assert_eq!(fired(&g)[0].0, "Drumfire");
}

#[test]
fn open_sights_artillery_over_its_depletion_number_twice_is_removed() {
    let s = battle(
        &["........", "........"],
        r#"counters: [(id: "bty", side: "red", unit: "field_battery", hex: "0101", markers: [LowAmmo]),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")]"#,
    );
    // Find the first seed whose depletion roll goes over 7.
    for seed in 0..50 {
        let mut g = Game::new(&s, seed);
        plan(&mut g, vec![("bty", Mission::OpenSights)]).unwrap();
        // The scenario's LowAmmo marker counts as the first time: the next roll over
        // the number removes the battery (D-14).
        assert!(state(&g).depletion.is_empty());
        activate(&mut g, RED, "bty");
        let p = view::by_id(g.world(), "bty").unwrap();
        let group = state(&g).group.clone().unwrap();
        let plan =
            plan_action_fire(g.world(), RED, &[p], hex_of("0601").unwrap(), Some(&group)).unwrap();
        assert_eq!(plan.strength, 5, "9 halved for low ammunition");
        gw(
            &mut g,
            GwOrder::Fire {
                side: RED,
                firers: ids(&["bty"]),
                target: "0601".into(),
            },
        )
        .unwrap();
        answer_all(&mut g);
        if at(&g, "bty").is_none() {
            assert_eq!(seed, 0);
            return;
        }
    }
    panic!("no seed ran the battery dry");
}

#[test]
fn a_scenario_without_artillery_needs_no_plotting() {
    let s = battle(
        &["....", "...."],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0402")]"#,
    );
    let g = Game::new(&s, 1);
    assert_eq!(g.phase(), drumfire_core::rules::great_war::ACTION);
    assert!(g.orders().is_empty());
}

#[test]
fn the_initiative_winner_fires_first_in_the_bombardment_phase() {
    let s = battle_sides(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0602")]"#,
        r#", off_board_artillery: [(id: "rg", name: "Red guns", strength: 5)]"#,
        r#", off_board_artillery: [(id: "bg", name: "Blue guns", strength: 5)]"#,
    );
    let mut g = Game::new(&s, 1);
    let targets = |t: &str| Mission::PlannedFire {
        targets: vec![Some(t.into()), None, None],
    };
    plan(&mut g, vec![("rg", targets("0602"))]).unwrap();
    gw(
        &mut g,
        GwOrder::Plan {
            side: BLUE,
            missions: vec![Assignment {
                source: "bg".into(),
                mission: targets("0101"),
            }],
        },
    )
    .unwrap();
    answer_all(&mut g);
    let order: Vec<String> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::Fired { firers, .. } => Some(firers[0].clone()),
            _ => None,
        })
        .collect();
    assert_eq!(order, vec!["rg", "bg"], "Red (initiative +9) fires first");
}

/// Red's heavy guns and Blue's field battery both plot turn 1 on each other: Red wins
/// the initiative (+9) and fires first.
fn counter_battery_duel(seed: u64) -> Game {
    let s = battle_sides(
        &["........", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "bb", side: "blue", unit: "field_battery", hex: "0601")]"#,
        r#", off_board_artillery: [(id: "rg", name: "Red guns", strength: 18)]"#,
        "",
    );
    let mut g = Game::new(&s, seed);
    let targets = |t: &str| Mission::PlannedFire {
        targets: vec![Some(t.into()), None, None],
    };
    plan(&mut g, vec![("rg", targets("0601"))]).unwrap();
    gw(
        &mut g,
        GwOrder::Plan {
            side: BLUE,
            missions: vec![Assignment {
                source: "bb".into(),
                mission: targets("0101"),
            }],
        },
    )
    .unwrap();
    answer_all(&mut g);
    g
}

/// "The player who won initiative fires first": Blue's battery fires, if at all, as
/// Red's fire left it — full strength 9 when Red's guns missed, reduced to 5 by a step
/// loss (seed 3), not at all when Demoralized (seed 2) or eliminated (seed 5).
#[test]
fn a_battery_hit_by_the_initiative_winners_fire_fires_as_it_then_is() {
    let blue_fire = |g: &Game| -> Option<u32> {
        events(g).into_iter().find_map(|e| match e {
            GameEvent::Fired {
                firers, strength, ..
            } if firers == ["bb"] => Some(strength),
            _ => None,
        })
    };
    let g = counter_battery_duel(3);
    assert_eq!(fired(&g)[0].2, "X", "Red's guns fire first and take a step");
    assert_eq!(
        blue_fire(&g),
        Some(5),
        "the reduced battery fires at 5, not 9"
    );
    let g = counter_battery_duel(2);
    assert!(marks(&g, "bb").contains(&MarkerKind::Demoralized));
    assert_eq!(blue_fire(&g), None);
    assert!(events(&g).contains(&GameEvent::Note {
        text: "bb does not fire at 0101: it is Demoralized.".into()
    }));
    assert!(
        !marks(&g, "bb").contains(&MarkerKind::Fired),
        "a battery that did not fire is not marked Fired"
    );
    let g = counter_battery_duel(5);
    assert_eq!(fired(&g)[0].2, "2X");
    assert_eq!(at(&g, "bb"), None, "eliminated before its turn to fire");
    assert_eq!(blue_fire(&g), None);
    let g = counter_battery_duel(17);
    assert_eq!(fired(&g)[0].2, "M");
    assert_eq!(
        blue_fire(&g),
        Some(9),
        "unshaken, it fires at full strength"
    );
}

#[test]
fn a_battery_limbered_up_on_its_team_does_not_fire_its_drumfire() {
    // D-14: a loaded battery does not fire its plot; nor the Drumfire it placed.
    let s = battle_sides(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0301"),
                      (id: "g1", side: "blue", unit: "field_battery", hex: "0602"),
                      (id: "team", side: "blue", unit: "horse_team", hex: "0602")],
           hex_markers: [(kind: Drumfire, hex: "0201", side: "blue", source: "g1")]"#,
        "",
        "",
    );
    let mut g = start(&s, 5);
    g.submit(Order::Pass { side: RED }).unwrap();
    activate(&mut g, BLUE, "team");
    gw(
        &mut g,
        GwOrder::Load {
            side: BLUE,
            transport: "team".into(),
            piece: "g1".into(),
        },
    )
    .unwrap();
    activate(&mut g, RED, "r1");
    mv(&mut g, RED, &["r1"], &["0201"]).unwrap();
    answer_all(&mut g);
    assert!(fired(&g).is_empty(), "{:?}", fired(&g));
    assert!(
        events(&g)
            .iter()
            .any(|e| matches!(e, GameEvent::Note { text }
            if text == "g1's Drumfire in 0201 does not fire: it is limbered up on a transport.")),
        "{:?}",
        events(&g)
    );
}
