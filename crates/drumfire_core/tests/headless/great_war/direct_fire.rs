//! Direct Fire: opportunity fire, line of sight, range and combining fire, open sights.

use super::*;

#[test]
fn an_enemy_moving_within_range_can_be_fired_on_by_units_that_have_not_activated() {
    let mut g = start(&opportunity_battle(), 2);
    activate(&mut g, RED, "maj");
    mv(&mut g, RED, &["r1", "maj"], &["0202", "0302", "0402"]).unwrap();
    // Entering 0202: b1 (range 4) is 5 away, the machinegun (range 8) 6 away and in sight.
    let Some(Prompt::OpportunityFire {
        side,
        hex,
        eligible,
    }) = state(&g).prompt.clone()
    else {
        panic!("no prompt: {:?}", state(&g).prompt);
    };
    assert_eq!((side, view::label(hex)), (BLUE, "0202".to_owned()));
    assert_eq!(eligible, vec!["mg".to_owned()]);
    assert_eq!(g.awaiting(), Some(BLUE));
    // Red cannot act while Blue decides.
    assert!(g.submit(Order::Pass { side: RED }).is_err());
    gw(
        &mut g,
        GwOrder::OpportunityFire {
            side: BLUE,
            firers: ids(&["mg"]),
        },
    )
    .unwrap();
    answer_all_but_opportunity(&mut g);
    // Strength 6 is the 5-6 column, one right for a target moving in the open: 7-9.
    // Seed 2 rolls 1 + 4 = 5 there: no effect, and the move goes on.
    assert_eq!(
        fired(&g)[0],
        ("Opportunity Fire".to_owned(), vec![1, 4], "-".to_owned())
    );
    // The machinegun may fire a second time this turn, at the next hex.
    let Some(Prompt::OpportunityFire { eligible, .. }) = state(&g).prompt.clone() else {
        let log: Vec<String> = g
            .journal()
            .entries()
            .iter()
            .rev()
            .take(8)
            .map(|e| format!("{:?}", e.event))
            .collect();
        panic!("no second prompt: {log:#?}");
    };
    assert!(eligible.contains(&"mg".to_owned()));
    gw(
        &mut g,
        GwOrder::OpportunityFire {
            side: BLUE,
            firers: ids(&["mg"]),
        },
    )
    .unwrap();
    answer_all_but_opportunity(&mut g);
    // ...but not a third.
    if let Some(Prompt::OpportunityFire { eligible, .. }) = state(&g).prompt.clone() {
        assert!(!eligible.contains(&"mg".to_owned()), "{eligible:?}");
    }
    assert_eq!(state(&g).opportunity["mg"], 2);
    assert!(marks(&g, "mg").contains(&MarkerKind::Fired));
    let kinds: Vec<String> = fired(&g).into_iter().map(|f| f.0).collect();
    assert_eq!(kinds[..2], ["Opportunity Fire", "Opportunity Fire"]);
}

/// Answers step-loss questions only.
fn answer_all_but_opportunity(game: &mut Game) {
    while let Some(Prompt::StepLoss {
        side, candidates, ..
    }) = state(game).prompt.clone()
    {
        gw(
            game,
            GwOrder::TakeStepLoss {
                side,
                piece: candidates[0].clone(),
            },
        )
        .unwrap();
    }
}

#[test]
fn a_rifle_company_fires_by_opportunity_only_once() {
    let mut g = start(&opportunity_battle(), 4);
    activate(&mut g, RED, "maj");
    mv(&mut g, RED, &["r1", "maj"], &["0202", "0302", "0402"]).unwrap();
    let mut fired_by_b1 = 0;
    while let Some(p) = state(&g).prompt.clone() {
        match p {
            Prompt::OpportunityFire { eligible, .. } => {
                if eligible.contains(&"b1".to_owned()) {
                    fired_by_b1 += 1;
                    gw(
                        &mut g,
                        GwOrder::OpportunityFire {
                            side: BLUE,
                            firers: ids(&["b1"]),
                        },
                    )
                    .unwrap();
                } else {
                    gw(&mut g, GwOrder::HoldFire { side: BLUE }).unwrap();
                }
            }
            Prompt::StepLoss {
                side, candidates, ..
            } => gw(
                &mut g,
                GwOrder::TakeStepLoss {
                    side,
                    piece: candidates[0].clone(),
                },
            )
            .unwrap(),
            Prompt::OpenPlot { .. } => panic!("no plan is sealed in this game"),
        }
    }
    assert_eq!(fired_by_b1, 1);
    assert_eq!(state(&g).opportunity["b1"], 1);
}

fn sight(map: &[&str], elevation: &[&str], from: &str, to: &str) -> bool {
    let mut s = battle(map, r#"counters: []"#);
    if !elevation.is_empty() {
        let rows: Vec<String> = elevation.iter().map(|r| format!("\"{r}\"")).collect();
        let text = s.text.replace(
            "terrain: [",
            &format!("elevation: [{}], terrain: [", rows.join(", ")),
        );
        s = scenario::parse("los.ron", &text, &drumfire_core::rules::ALL).unwrap();
    }
    let g = Game::new(&s, 1);
    let board = g
        .world()
        .resource::<drumfire_core::rules::great_war::board::Board>();
    board.line_of_sight(hex_of(from).unwrap(), hex_of(to).unwrap())
}

#[test]
fn woods_and_towns_block_line_of_sight() {
    // 0102 -> 0104 runs straight down column 1 through 0103.
    assert!(sight(
        &["....", "....", "....", "...."],
        &[],
        "0102",
        "0104"
    ));
    assert!(!sight(
        &["....", "....", "w...", "...."],
        &[],
        "0102",
        "0104"
    ));
    assert!(!sight(
        &["....", "....", "t...", "...."],
        &[],
        "0102",
        "0104"
    ));
    // Orchards give cover but do not block.
    assert!(sight(
        &["....", "....", "o...", "...."],
        &[],
        "0102",
        "0104"
    ));
}

#[test]
fn higher_ground_blocks_line_of_sight_and_lets_observers_see_over_woods() {
    let map = ["....", "....", "w...", "...."];
    // A hill between two valley hexes blocks.
    assert!(!sight(
        &["....", "....", "....", "...."],
        &["0000", "0000", "1000", "0000"],
        "0102",
        "0104"
    ));
    // From a hill two levels up, woods at the valley floor do not block.
    assert!(sight(
        &map,
        &["0000", "2000", "0000", "0000"],
        "0102",
        "0104"
    ));
    // ...but woods on a level-1 rise do (obstacle 2, as high as the observer).
    assert!(!sight(
        &map,
        &["0000", "2000", "1000", "0000"],
        "0102",
        "0104"
    ));
}

#[test]
fn a_line_along_a_hexside_is_blocked_only_when_both_sides_block() {
    // Odd columns stand half a hex up, so the line 0102 -> 0302 runs along the
    // side between 0202 and 0203.
    assert!(sight(
        &["....", ".w..", "....", "...."],
        &[],
        "0102",
        "0302"
    ));
    assert!(sight(
        &["....", "....", ".w..", "...."],
        &[],
        "0102",
        "0302"
    ));
    assert!(!sight(
        &["....", ".w..", ".w..", "...."],
        &[],
        "0102",
        "0302"
    ));
}

#[test]
fn a_unit_cannot_fire_at_a_hex_it_cannot_see() {
    let s = battle(
        &["....", "....", "w...", "...."],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0102"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0104")]"#,
    );
    let g = start(&s, 1);
    let r1 = view::by_id(g.world(), "r1").unwrap();
    let err = plan_action_fire(g.world(), RED, &[r1], hex_of("0104").unwrap(), None).unwrap_err();
    assert_eq!(err.0, "r1 cannot fire: no line of sight from 0102 to 0104.");
}

#[test]
fn fire_is_limited_to_range_and_combines_only_stacked_or_leader_led_units() {
    let s = battle(
        &["..........", ".........."],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r3", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0501"),
                      (id: "b2", side: "blue", unit: "rifle_company", hex: "0901")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, combat: 1, hex: "0101", flip: false)]"#,
    );
    let mut g = start(&s, 6);
    gw(
        &mut g,
        GwOrder::ActivateStack {
            side: RED,
            hex: "0101".into(),
        },
    )
    .unwrap();
    let fire = |g: &mut Game, f: &[&str], t: &str| {
        gw(
            g,
            GwOrder::Fire {
                side: RED,
                firers: ids(f),
                target: t.into(),
            },
        )
    };
    assert_eq!(
        fire(&mut g, &["r1"], "0901").unwrap_err(),
        "r1 cannot fire: 0901 is 8 hexes away, beyond range 4."
    );
    // r3 is adjacent and activated by a Major with combat modifier +1: it combines.
    let world = g.world();
    let group = world.resource::<GwState>().group.clone().unwrap();
    let pieces: Vec<_> = ["r1", "r2", "r3"]
        .iter()
        .map(|i| view::by_id(world, i).unwrap())
        .collect();
    let plan =
        plan_action_fire(world, RED, &pieces, hex_of("0501").unwrap(), Some(&group)).unwrap();
    assert_eq!(plan.strength, 15);
    assert_eq!(plan.table, Table::Direct);
    assert_eq!(
        plan.shifts,
        vec![(1, "leader's combat modifier".to_owned())]
    );
    // 15 is the 14-19 column (index 6), shifted one right.
    assert_eq!((plan.base_column, plan.column), (6, 7));
    fire(&mut g, &["r1", "r2", "r3"], "0501").unwrap();
    answer_all(&mut g);
    let f = fired(&g);
    assert_eq!(f.len(), 1);
}

#[test]
fn units_adjacent_but_not_led_by_a_combat_leader_do_not_combine() {
    let s = battle(
        &["........", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r3", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0501")],
           leaders: [(id: "lt", side: "red", name: "Lieutenant", kind: Infantry, rank: 1, morale: 8, combat: 0, hex: "0101", flip: false)]"#,
    );
    let mut g = start(&s, 6);
    activate(&mut g, RED, "lt");
    let err = gw(
        &mut g,
        GwOrder::Fire {
            side: RED,
            firers: ids(&["r1", "r3"]),
            target: "0501".into(),
        },
    )
    .unwrap_err();
    assert_eq!(
        err,
        "r1 is not stacked with the others and was not activated by a leader with a combat modifier, so it cannot combine fire."
    );
}

#[test]
fn open_sights_artillery_spots_its_target_cannot_combine_and_checks_ammunition() {
    let s = battle(
        &["........", "........"],
        r#"counters: [(id: "bty", side: "red", unit: "field_battery", hex: "0101"),
                      (id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")]"#,
    );
    let mut g = Game::new(&s, 12);
    plan(&mut g, vec![("bty", Mission::OpenSights)]).unwrap();
    gw(
        &mut g,
        GwOrder::ActivateStack {
            side: RED,
            hex: "0101".into(),
        },
    )
    .unwrap();
    let err = gw(
        &mut g,
        GwOrder::Fire {
            side: RED,
            firers: ids(&["bty", "r1"]),
            target: "0601".into(),
        },
    )
    .unwrap_err();
    assert_eq!(err, "r1 cannot fire: 0601 is 5 hexes away, beyond range 4.");
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
    let f = fired(&g);
    assert_eq!(f[0].0, "Open Sights");
    let depletion: Vec<Vec<u8>> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::DiceRolled { purpose, faces }
                if purpose.starts_with("ammunition depletion") =>
            {
                Some(faces)
            }
            _ => None,
        })
        .collect();
    assert_eq!(depletion.len(), 1);
    let over = depletion[0][0] + depletion[0][1] > 7;
    assert_eq!(marks(&g, "bty").contains(&MarkerKind::LowAmmo), over);
}

#[test]
fn open_sights_units_cannot_combine_even_with_each_other() {
    let s = battle(
        &["........", "........"],
        r#"counters: [(id: "bty", side: "red", unit: "field_battery", hex: "0101"),
                      (id: "mor", side: "red", unit: "mortar", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")]"#,
    );
    let mut g = Game::new(&s, 12);
    plan(
        &mut g,
        vec![("bty", Mission::OpenSights), ("mor", Mission::OpenSights)],
    )
    .unwrap();
    gw(
        &mut g,
        GwOrder::ActivateStack {
            side: RED,
            hex: "0101".into(),
        },
    )
    .unwrap();
    let err = gw(
        &mut g,
        GwOrder::Fire {
            side: RED,
            firers: ids(&["bty", "mor"]),
            target: "0601".into(),
        },
    )
    .unwrap_err();
    assert_eq!(
        err,
        "Artillery firing over open sights cannot combine fire."
    );
}

/// Ours (GW-33, where the seed is silent): units "adjacent to each other" combine along
/// a chain of same-or-adjacent hexes, each next to the next, though the chain's ends
/// are apart, as Planned Fire does; a unit apart from the rest does not.
#[test]
fn led_units_combine_along_a_chain_of_adjacent_hexes() {
    let s = battle(
        &["..........", ".........."],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "r3", side: "red", unit: "rifle_company", hex: "0301"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0501")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, combat: 1, hex: "0201", flip: false)]"#,
    );
    let mut g = start(&s, 6);
    activate(&mut g, RED, "maj");
    let plan = |g: &Game, f: &[&str]| {
        let world = g.world();
        let group = world.resource::<GwState>().group.clone().unwrap();
        let pieces: Vec<_> = f.iter().map(|i| view::by_id(world, i).unwrap()).collect();
        plan_action_fire(world, RED, &pieces, hex_of("0501").unwrap(), Some(&group))
            .map(|p| p.strength)
            .map_err(|r| r.0)
    };
    assert_eq!(plan(&g, &["r1", "r2", "r3"]), Ok(15));
    assert_eq!(
        plan(&g, &["r1", "r3"]),
        Err("Combining units must stand in the same or adjacent hexes.".to_owned())
    );
}

/// GW-43 and D-5 where they meet: the leader's combat modifier that lets units not
/// stacked together combine is read when the fire is given; a leader Demoralized since
/// he activated them lends none, and they may not combine.
#[test]
fn units_led_by_a_leader_demoralized_since_do_not_combine() {
    let s = battle(
        &["........", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r3", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0501")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, combat: 1, hex: "0101", flip: false)]"#,
    );
    let mut g = start(&s, 6);
    activate(&mut g, RED, "maj");
    let fire = GwOrder::Fire {
        side: RED,
        firers: ids(&["r1", "r3"]),
        target: "0501".into(),
    };
    let world = g.world();
    let group = world.resource::<GwState>().group.clone().unwrap();
    let pieces: Vec<_> = ["r1", "r3"]
        .iter()
        .map(|i| view::by_id(world, i).unwrap())
        .collect();
    let led = plan_action_fire(world, RED, &pieces, hex_of("0501").unwrap(), Some(&group));
    assert_eq!(led.map(|p| p.strength).ok(), Some(10), "led, they combine");
    let e = g.world().resource::<PieceIds>().get("maj").unwrap();
    drumfire_core::counters::add_marker(&mut g.world_mut().entity_mut(e), MarkerKind::Demoralized);
    assert_eq!(
        gw(&mut g, fire).unwrap_err(),
        "r1 is not stacked with the others and was not activated by a leader with a combat modifier, so it cannot combine fire."
    );
}
