//! Getting started and playing a turn: leaders flipped, activation by leaders, moving
//! or firing, movement points, stacking, transport and cavalry.

use super::*;

#[test]
fn leaders_are_flipped_and_only_face_up_leaders_are_used() {
    let s = battle(
        &["....", "...."],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0402")],
           leaders: [(id: "ra", side: "red", name: "A", kind: Infantry, rank: 1, morale: 8, hex: "0101"),
                     (id: "rb", side: "red", name: "B", kind: Infantry, rank: 2, morale: 8, hex: "0101"),
                     (id: "bc", side: "blue", name: "C", kind: Infantry, rank: 1, morale: 8, hex: "0402"),
                     (id: "bd", side: "blue", name: "D", kind: Infantry, rank: 1, morale: 8, hex: "0402", flip: false)]"#,
    );
    let g = start(&s, 7);
    // Seed 7 flips bc, ra, rb (in id order) with 4, 1, 1: bc face-up, ra and rb face-down; bd is not flipped.
    let drawn: Vec<(String, bool)> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::LeaderDrawn { piece, face_up } => Some((piece, face_up)),
            _ => None,
        })
        .collect();
    assert_eq!(
        drawn,
        vec![
            ("bc".into(), true),
            ("ra".into(), false),
            ("rb".into(), false)
        ]
    );
    assert_eq!(at(&g, "bc"), Some("0402".into()));
    assert_eq!(at(&g, "bd"), Some("0402".into()));
    assert_eq!(at(&g, "ra"), None);
    let e = g.world().resource::<PieceIds>().get("ra").unwrap();
    assert_eq!(g.world().get::<OffMap>(e), Some(&OffMap::SetAside));
}

#[test]
fn an_activated_leader_activates_his_own_type_around_him_and_lower_leaders_chain_on() {
    let mut g = start(&command_battle(), 1);
    assert_eq!(g.awaiting(), Some(RED), "initiative +9 always wins");
    activate(&mut g, RED, "maj");
    let group = state(&g).group.clone().unwrap();
    let members: Vec<&str> = group.members.keys().map(String::as_str).collect();
    // Major (0202): r1 stacked, r2 adjacent (0302), Lieutenant (0402? not adjacent) ...
    assert_eq!(members, vec!["maj", "r1", "r2"]);
    assert!(group.members["r1"].led && group.members["r2"].led);
    assert_eq!(group.members["r1"].leaders, ["maj"]);
    assert_eq!(
        drumfire_core::rules::great_war::action::lent_combat(
            g.world(),
            &group.members["r1"].leaders
        ),
        Some(1)
    );
    // The cavalry in 0203 is adjacent but not of his type.
    assert!(!group.members.contains_key("rc"));
}

#[test]
fn a_lower_ranking_leader_in_reach_is_activated_and_activates_his_own_units() {
    let s = battle(
        &[".........", "........."],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r3", side: "red", unit: "rifle_company", hex: "0301"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0902")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 2, morale: 8, hex: "0101", flip: false),
                     (id: "lt", side: "red", name: "Lieutenant", kind: Infantry, rank: 1, morale: 8, hex: "0201", flip: false),
                     (id: "sgt", side: "red", name: "Captain", kind: Infantry, rank: 3, morale: 8, hex: "0201", flip: false)]"#,
    );
    let mut g = start(&s, 1);
    activate(&mut g, RED, "maj");
    let group = state(&g).group.clone().unwrap();
    let members: Vec<&str> = group.members.keys().map(String::as_str).collect();
    // The Lieutenant (rank 1, adjacent) joins and brings r3 (next to him, not to the Major);
    // the Captain (rank 3) outranks the Major and does not.
    assert_eq!(members, vec!["lt", "maj", "r1", "r3"]);
}

#[test]
fn infantry_and_cavalry_leaders_stacked_together_activate_both_types() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "rc", side: "red", unit: "cavalry_mounted", hex: "0102"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0602")],
           leaders: [(id: "inf", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false),
                     (id: "cav", side: "red", name: "Rittmeister", kind: Cavalry, rank: 1, morale: 8, hex: "0101", flip: false)]"#,
    );
    let mut g = start(&s, 1);
    activate(&mut g, RED, "inf");
    let group = state(&g).group.clone().unwrap();
    let members: Vec<&str> = group.members.keys().map(String::as_str).collect();
    assert_eq!(members, vec!["cav", "inf", "r1", "rc"]);
    assert!(
        group.members["rc"].led,
        "the cavalry leader leads the cavalry"
    );
}

#[test]
fn activated_pieces_move_or_fire_not_both_and_are_marked() {
    let mut g = start(&command_battle(), 2);
    activate(&mut g, RED, "r3");
    // r3 alone (no leader) may not move closer to the enemy at 0902...
    let err = mv(&mut g, RED, &["r3"], &["0602"]).unwrap_err();
    assert_eq!(
        err,
        "Cannot move: 0602 is closer to the enemy, and only units activated by a leader of their type may move closer."
    );
    // ...but may move away or sideways.
    mv(&mut g, RED, &["r3"], &["0501"]).unwrap();
    answer_all(&mut g);
    assert!(marks(&g, "r3").contains(&MarkerKind::Moved));
    // Its activation is over: the segment passed to Blue.
    assert_eq!(g.awaiting(), Some(BLUE));
    let err = gw(
        &mut g,
        GwOrder::Activate {
            side: BLUE,
            piece: "r1".into(),
        },
    )
    .unwrap_err();
    assert_eq!(err, "r1 is not yours.");
}

#[test]
fn a_unit_that_has_fired_cannot_move_in_the_same_activation() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0501")]"#,
    );
    let mut g = start(&s, 2);
    gw(
        &mut g,
        GwOrder::ActivateStack {
            side: RED,
            hex: "0201".into(),
        },
    )
    .unwrap();
    gw(
        &mut g,
        GwOrder::Fire {
            side: RED,
            firers: ids(&["r1"]),
            target: "0501".into(),
        },
    )
    .unwrap();
    answer_all(&mut g);
    let err = mv(&mut g, RED, &["r1"], &["0101"]).unwrap_err();
    assert_eq!(err, "r1 has already acted in this activation.");
    assert!(marks(&g, "r1").contains(&MarkerKind::Fired));
    // r2 may still act; ending the segment leaves it unmarked? No: it was activated directly with the stack.
    g.submit(Order::Pass { side: RED }).unwrap();
    assert!(marks(&g, "r2").contains(&MarkerKind::Done));
}

#[test]
fn units_led_by_a_leader_of_their_type_may_move_closer_to_the_enemy() {
    let mut g = start(&command_battle(), 2);
    activate(&mut g, RED, "maj");
    mv(&mut g, RED, &["r2"], &["0402", "0502"]).unwrap();
    answer_all(&mut g);
    assert_eq!(at(&g, "r2"), Some("0502".into()));
}

#[test]
fn movement_costs_points_by_the_terrain_effects_chart() {
    // Woods cost 2, marsh 3; a rifle company has 4 movement points.
    let s = battle(
        &[".wm.....", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0102")]"#,
    );
    let mut g = start(&s, 2);
    activate(&mut g, RED, "r1");
    let err = mv(&mut g, RED, &["r1"], &["0201", "0301"]).unwrap_err();
    assert_eq!(
        err,
        "Cannot move: 0301 needs 5 movement points; the allowance is 4."
    );
    mv(&mut g, RED, &["r1"], &["0201", "0202"]).unwrap_err();
    mv(&mut g, RED, &["r1"], &["0201"]).unwrap();
}

#[test]
fn leaders_move_four_points_on_foot_and_six_on_horseback() {
    let s = battle(
        &["..........", ".........."],
        r#"counters: [(id: "b1", side: "blue", unit: "rifle_company", hex: "1002")],
           leaders: [(id: "inf", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false),
                     (id: "cav", side: "red", name: "Rittmeister", kind: Cavalry, rank: 1, morale: 8, hex: "0102", flip: false)]"#,
    );
    let mut g = start(&s, 2);
    activate(&mut g, RED, "inf");
    let five = ["0201", "0301", "0401", "0501", "0601"];
    assert_eq!(
        mv(&mut g, RED, &["inf"], &five).unwrap_err(),
        "Cannot move: 0601 needs 5 movement points; the allowance is 4."
    );
    mv(&mut g, RED, &["inf"], &five[..4]).unwrap();
    answer_all(&mut g);
    // Blue's b1 cannot act usefully; pass to get Red's next segment.
    g.submit(Order::Pass { side: BLUE }).unwrap();
    activate(&mut g, RED, "cav");
    mv(
        &mut g,
        RED,
        &["cav"],
        &["0202", "0302", "0402", "0502", "0602", "0702"],
    )
    .unwrap();
}

#[test]
fn stacking_allows_three_units_of_which_two_companies() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "r3", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "mg", side: "red", unit: "machinegun", hex: "0202"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0602")]"#,
    );
    let mut g = start(&s, 2);
    activate(&mut g, RED, "r1");
    assert_eq!(
        mv(&mut g, RED, &["r1"], &["0201"]).unwrap_err(),
        "Cannot move: 0201 would be over-stacked (at most 3 units, 2 of them companies)."
    );
    g.submit(Order::Pass { side: RED }).unwrap();
    g.submit(Order::Pass { side: BLUE }).unwrap();
    activate(&mut g, RED, "mg");
    mv(&mut g, RED, &["mg"], &["0201"]).unwrap();
}

#[test]
fn a_unit_with_movement_allowance_zero_needs_a_transport() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "bty", side: "red", unit: "field_battery", hex: "0301"),
                      (id: "team", side: "red", unit: "horse_team", hex: "0301"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0101")]"#,
    );
    let mut g = Game::new(&s, 2);
    plan(
        &mut g,
        vec![(
            "bty",
            Mission::Move {
                destination: "0601".into(),
            },
        )],
    )
    .unwrap();
    // The battery has nothing to do by itself: it cannot even activate.
    assert_eq!(
        gw(
            &mut g,
            GwOrder::Activate {
                side: RED,
                piece: "bty".into()
            }
        )
        .unwrap_err(),
        "Battery has nothing to do in an action segment (it fires by its Artillery Plan)."
            .replace("Battery", "bty")
    );
    activate(&mut g, RED, "team");
    gw(
        &mut g,
        GwOrder::Load {
            side: RED,
            transport: "team".into(),
            piece: "bty".into(),
        },
    )
    .unwrap();
    g.submit(Order::Pass { side: BLUE }).unwrap();
    g.submit(Order::Pass { side: RED }).unwrap();
    // Next turn: the team must head for the battery's destination.
    while g.awaiting() != Some(RED) || state(&g).group.is_some() {
        let side = g.awaiting().unwrap();
        g.submit(Order::Pass { side }).unwrap();
    }
    activate(&mut g, RED, "team");
    assert_eq!(
        mv(&mut g, RED, &["team"], &["0302"]).unwrap_err(),
        "A unit on a Move mission must head for its destination 0601."
    );
    mv(&mut g, RED, &["team"], &["0401", "0501", "0601"]).unwrap();
    answer_all(&mut g);
    assert_eq!(at(&g, "bty"), Some("0601".into()));
    assert_eq!(state(&g).missions["bty"], Mission::OpenSights);
}

#[test]
fn cavalry_mounts_and_dismounts_by_activating_without_moving_or_firing() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "rc", side: "red", unit: "cavalry_mounted", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")]"#,
    );
    let mut g = start(&s, 1);
    activate(&mut g, RED, "rc");
    gw(
        &mut g,
        GwOrder::MountOrDismount {
            side: RED,
            piece: "rc".into(),
        },
    )
    .unwrap();
    let p = view::by_id(g.world(), "rc").unwrap();
    assert_eq!(p.unit_type, "cavalry_dismounted");
    assert_eq!(p.face.movement, 3);
    assert_eq!(p.face.direct.map(|d| (d.strength, d.range)), Some((4, 4)));
    assert!(marks(&g, "rc").contains(&MarkerKind::Done));
    // It has acted: the segment is over.
    assert_eq!(g.awaiting(), Some(BLUE));
}

/// D-9: a Demoralized piece "can do nothing on future action phases but try to recover
/// morale": a Demoralized horse team neither loads nor unloads, nor is a Demoralized
/// battery loaded.
#[test]
fn a_demoralized_horse_team_neither_loads_nor_unloads() {
    let battle_of = |team: &str, bty: &str| {
        battle(
            &["......", "......"],
            &format!(
                r#"counters: [(id: "bty", side: "red", unit: "field_battery", hex: "0301"{bty}),
                              (id: "team", side: "red", unit: "horse_team", hex: "0301"{team}),
                              (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")]"#
            ),
        )
    };
    let load = GwOrder::Load {
        side: RED,
        transport: "team".into(),
        piece: "bty".into(),
    };
    let demoralized = r#", markers: [Demoralized]"#;
    let mut g = start(&battle_of(demoralized, ""), 1);
    activate(&mut g, RED, "team");
    assert_eq!(
        gw(&mut g, load.clone()).unwrap_err(),
        "team is Demoralized: it can only try to recover."
    );
    let mut g = start(&battle_of("", demoralized), 1);
    activate(&mut g, RED, "team");
    assert_eq!(
        gw(&mut g, load.clone()).unwrap_err(),
        "bty is Demoralized: it can only try to recover."
    );
    // Loaded in good order, then Demoralized: it may not unload.
    let mut g = start(&battle_of("", ""), 1);
    activate(&mut g, RED, "team");
    gw(&mut g, load).unwrap();
    while g.awaiting() != Some(RED) || state(&g).group.is_some() {
        let side = g.awaiting().unwrap();
        g.submit(Order::Pass { side }).unwrap();
    }
    let unload = GwOrder::Unload {
        side: RED,
        transport: "team".into(),
    };
    let demoralize = |g: &mut Game, id: &str| {
        let e = g.world().resource::<PieceIds>().get(id).unwrap();
        drumfire_core::counters::add_marker(
            &mut g.world_mut().entity_mut(e),
            MarkerKind::Demoralized,
        );
    };
    let mut cargo_shaken = Game::new(g.scenario(), 1);
    for o in g.orders().to_vec() {
        cargo_shaken.submit(o).unwrap();
    }
    demoralize(&mut g, "team");
    activate(&mut g, RED, "team");
    assert_eq!(
        gw(&mut g, unload.clone()).unwrap_err(),
        "team is Demoralized: it can only try to recover."
    );
    // A Demoralized battery aboard is passive: its team unloads it, and it may then
    // try to recover (it cannot while loaded).
    demoralize(&mut cargo_shaken, "bty");
    activate(&mut cargo_shaken, RED, "team");
    gw(&mut cargo_shaken, unload).unwrap();
    assert!(!state(&cargo_shaken).loaded.contains_key("team"));
}

/// D-12: "fire at enemy units that move within range": the question comes while a
/// unit that moved into the hex is there. A leader moving alone draws none; nor does a
/// company that stood in a hex when the machinegun that entered it is gone.
#[test]
fn opportunity_fire_is_offered_only_while_a_unit_that_moved_in_is_there() {
    // The Major alone moves within the Blue company's range: no question.
    let mut g = start(&opportunity_battle(), 1);
    activate(&mut g, RED, "maj");
    mv(&mut g, RED, &["maj"], &["0202"]).unwrap();
    assert_eq!(
        state(&g).prompt,
        None,
        "a leader alone draws no opportunity fire"
    );
    // The company moving the same way does.
    let mut g = start(&opportunity_battle(), 1);
    activate(&mut g, RED, "maj");
    mv(&mut g, RED, &["r1"], &["0202"]).unwrap();
    assert!(
        matches!(state(&g).prompt, Some(Prompt::OpportunityFire { .. })),
        "{:?}",
        state(&g).prompt
    );
    // A machinegun joins a company in 0302 under Blue's Drumfire, which destroys it:
    // the company that stood there did not move, and draws no opportunity fire.
    let s = battle_sides(
        &["........", "........", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0302"),
                      (id: "mg", side: "red", unit: "machinegun", hex: "0202"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0602")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0202", flip: false)],
           hex_markers: [(kind: Drumfire, hex: "0302", side: "blue", source: "guns")]"#,
        "",
        r#", off_board_artillery: [(id: "guns", name: "Guns", strength: 18)]"#,
    );
    let mut seen = 0;
    for seed in 0..30 {
        let mut g = start(&s, seed);
        activate(&mut g, RED, "maj");
        mv(&mut g, RED, &["mg"], &["0302"]).unwrap();
        if at(&g, "mg").is_none() {
            assert_eq!(state(&g).prompt, None, "seed {seed}");
            seen += 1;
        } else {
            assert!(
                matches!(state(&g).prompt, Some(Prompt::OpportunityFire { .. })),
                "seed {seed}"
            );
        }
    }
    assert!(seen > 0, "a seed destroyed the machinegun");
}

/// Ours, where "Units can't move closer to enemy units unless they're activated by a
/// leader of their own type" meets the leaders: a leader is no unit, and moves closer
/// on his own activation; a unit activated by no leader may not.
#[test]
fn a_leader_moves_closer_to_the_enemy_on_his_own_and_an_unled_unit_may_not() {
    let mut g = start(&opportunity_battle(), 1);
    activate(&mut g, RED, "r1");
    let why = mv(&mut g, RED, &["r1"], &["0202"]).unwrap_err();
    assert!(why.contains("closer"), "{why}");
    let mut g = start(&opportunity_battle(), 1);
    gw(
        &mut g,
        GwOrder::Activate {
            side: RED,
            piece: "maj".into(),
        },
    )
    .unwrap();
    mv(&mut g, RED, &["maj"], &["0202", "0302"]).unwrap();
    assert_eq!(at(&g, "maj").as_deref(), Some("0302"));
}

/// Ours, where opportunity fire at "enemy units that move within range" meets the
/// assault: entering the enemy's hex is the assault, whose fire the defenders return on
/// the Assault table; it draws no opportunity fire from units elsewhere (D-7).
#[test]
fn an_assaults_entry_draws_no_opportunity_fire() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0201"),
                      (id: "mg", side: "blue", unit: "machinegun", hex: "0401")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false)]"#,
    );
    let mut g = start(&s, 1);
    major_assaults(&mut g, &["r1"], "0201");
    let asked = g.orders().iter().any(|o| {
        matches!(
            o.rules::<GwOrder>(),
            Some(GwOrder::HoldFire { .. } | GwOrder::OpportunityFire { .. })
        )
    });
    assert!(!asked, "no opportunity fire was offered");
    assert!(
        fired(&g)
            .iter()
            .all(|(kind, ..)| kind.starts_with("Assault"))
    );
    // The same company moving within the machinegun's range, not into the enemy's
    // hex, is asked about.
    let mut g = start(&s, 1);
    activate(&mut g, RED, "maj");
    mv(&mut g, RED, &["r1"], &["0102"]).unwrap();
    assert!(matches!(
        state(&g).prompt,
        Some(Prompt::OpportunityFire { .. })
    ));
}
