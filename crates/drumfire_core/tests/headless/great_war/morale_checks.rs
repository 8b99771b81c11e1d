//! Morale Checks: disruption and demoralization, leaders' modifiers, recovery and flight.

use super::*;

#[test]
fn a_demoralized_leader_lends_no_morale_modifier() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0201")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 2, morale: 8, morale_modifier: 2, hex: "0301", flip: false)]"#,
    );
    let mut g = start(&s, 1);
    let morale = |g: &Game| {
        let r1 = view::by_id(g.world(), "r1").unwrap();
        view::effective_morale(g.world(), &r1)
    };
    let own = i32::from(view::by_id(g.world(), "r1").unwrap().morale);
    assert_eq!(morale(&g), own + 2, "the Major beside it lends +2");
    let major = view::by_id(g.world(), "maj").unwrap().entity;
    drumfire_core::counters::add_marker(
        &mut g.world_mut().entity_mut(major),
        MarkerKind::Demoralized,
    );
    assert_eq!(morale(&g), own, "Demoralized, he lends nothing");
}

#[test]
fn a_morale_check_over_by_one_or_two_disrupts_and_by_three_demoralizes() {
    use drumfire_core::rules::great_war::tables::{MoraleOutcome, morale_outcome};
    assert_eq!(morale_outcome(7, 7), MoraleOutcome::Unaffected);
    assert_eq!(morale_outcome(7, 8), MoraleOutcome::Disrupted);
    assert_eq!(morale_outcome(7, 9), MoraleOutcome::Disrupted);
    assert_eq!(morale_outcome(7, 10), MoraleOutcome::Demoralized);
}

#[test]
fn a_leaders_morale_modifier_helps_his_own_type_in_his_hex_and_around() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "r3", side: "red", unit: "rifle_company", hex: "0401"),
                      (id: "rc", side: "red", unit: "cavalry_mounted", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0602", markers: [Demoralized])],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, morale_modifier: 2, hex: "0101", flip: false)]"#,
    );
    let g = start(&s, 1);
    let m = |id: &str| view::effective_morale(g.world(), &view::by_id(g.world(), id).unwrap());
    assert_eq!(m("r1"), 9, "stacked with the Major");
    assert_eq!(m("r2"), 9, "adjacent");
    assert_eq!(m("r3"), 7, "too far");
    assert_eq!(m("rc"), 7, "cavalry: not his type");
    assert_eq!(m("maj"), 8, "a leader's own morale is printed");
    assert_eq!(m("b1"), 6, "Demoralized: morale one lower");
}

#[test]
fn a_disrupted_unit_fires_at_half_strength_and_moves_only_one_hex() {
    let s = battle(
        &["......", "......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101", markers: [Disrupted]),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0501")]"#,
    );
    let mut g = start(&s, 1);
    activate(&mut g, RED, "r1");
    let r1 = view::by_id(g.world(), "r1").unwrap();
    let group = state(&g).group.clone().unwrap();
    let plan =
        plan_action_fire(g.world(), RED, &[r1], hex_of("0501").unwrap(), Some(&group)).unwrap();
    assert_eq!(plan.strength, 3, "5 halved, rounded up");
    assert_eq!(
        mv(&mut g, RED, &["r1"], &["0102", "0103"]).unwrap_err(),
        "Cannot move: a Disrupted piece moves only one hex."
    );
    // Moving away from the enemy: one hex.
    assert!(mv(&mut g, RED, &["r1"], &["0102"]).is_ok());
}

#[test]
fn a_demoralized_piece_can_only_try_to_recover() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101", markers: [Demoralized]),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0501")]"#,
    );
    let mut g = start(&s, 1);
    activate(&mut g, RED, "r1");
    assert_eq!(
        mv(&mut g, RED, &["r1"], &["0102"]).unwrap_err(),
        "r1 is Demoralized: it can only try to recover."
    );
    assert_eq!(
        gw(
            &mut g,
            GwOrder::Fire {
                side: RED,
                firers: ids(&["r1"]),
                target: "0501".into()
            }
        )
        .unwrap_err(),
        "r1 is Demoralized: it can only try to recover."
    );
}

/// Where Demoralized meets the activation chain: "it can do nothing on future action
/// phases but try to recover morale" — a Demoralized leader may be activated to try,
/// but his units and lower leaders around him are not activated with him.
#[test]
fn a_demoralized_leader_may_try_to_recover_but_activates_no_one() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 2, morale: 8, combat: 1, hex: "0101", flip: false),
                     (id: "lt", side: "red", name: "Lieutenant", kind: Infantry, rank: 1, morale: 8, hex: "0201", flip: false)]"#,
    );
    let mut g = start(&s, 1);
    // A leader's counter sets up without markers: the Major broke earlier in the game.
    let maj = g.world().resource::<PieceIds>().get("maj").unwrap();
    drumfire_core::counters::add_marker(
        &mut g.world_mut().entity_mut(maj),
        MarkerKind::Demoralized,
    );
    activate(&mut g, RED, "maj");
    let group = state(&g).group.clone().unwrap();
    let members: Vec<&str> = group.members.keys().map(String::as_str).collect();
    assert_eq!(
        members,
        vec!["maj"],
        "no unit or leader joins a Demoralized leader"
    );
    assert_eq!(
        mv(&mut g, RED, &["r1"], &["0102"]).unwrap_err(),
        "r1 was not activated in this segment."
    );
    gw(
        &mut g,
        GwOrder::Recover {
            side: RED,
            piece: "maj".into(),
        },
    )
    .unwrap();
}

#[test]
fn recovery_under_morale_improves_a_piece_and_a_demoralized_failure_flees() {
    let s = battle(
        &["........", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0401", markers: [Demoralized]),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0101", markers: [Disrupted]),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")]"#,
    );
    let mut outcomes = Vec::new();
    for seed in [1, 2, 3] {
        let mut g = start(&s, seed);
        activate(&mut g, RED, "r1");
        gw(
            &mut g,
            GwOrder::Recover {
                side: RED,
                piece: "r1".into(),
            },
        )
        .unwrap();
        answer_all(&mut g);
        let roll: u8 = events(&g)
            .into_iter()
            .find_map(|e| match e {
                GameEvent::DiceRolled { purpose, faces } if purpose.starts_with("recovery") => {
                    Some(faces.iter().sum())
                }
                _ => None,
            })
            .unwrap();
        // Morale 7, one less when Demoralized: 6. Under 6 rallies to Disrupted.
        let m = marks(&g, "r1");
        if roll < 6 {
            assert!(m.contains(&MarkerKind::Disrupted) && !m.contains(&MarkerKind::Demoralized));
            assert_eq!(at(&g, "r1"), Some("0401".into()));
        } else {
            assert!(m.contains(&MarkerKind::Demoralized));
            // It flees from b1, away from 0601.
            let fled = view::by_id(g.world(), "r1").unwrap().hex;
            assert!(fled.unsigned_distance_to(hex_of("0601").unwrap()) > 2);
        }
        assert!(m.contains(&MarkerKind::Done));
        outcomes.push((roll, at(&g, "r1").unwrap()));
    }
    // Seeds 1 and 3 fail (7, 8) and flee three hexes west to the map edge; seed 2 rallies (5).
    assert_eq!(
        outcomes,
        vec![
            (7, "0101".to_owned()),
            (5, "0401".to_owned()),
            (8, "0101".to_owned())
        ]
    );
}

/// Our ruling where flight meets Opportunity Fire at "enemy units that move within
/// range": a fleeing piece draws none. Seed 1: r1 fails to recover (7) and flees from
/// 0401 to 0101 across the machinegun's range (8 hexes); Blue is never asked.
#[test]
fn a_fleeing_piece_draws_no_opportunity_fire() {
    let s = battle(
        &["........", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0401", markers: [Demoralized]),
                      (id: "mg", side: "blue", unit: "machinegun", hex: "0801")]"#,
    );
    let mut g = start(&s, 1);
    activate(&mut g, RED, "r1");
    gw(
        &mut g,
        GwOrder::Recover {
            side: RED,
            piece: "r1".into(),
        },
    )
    .unwrap();
    assert_eq!(at(&g, "r1"), Some("0101".into()), "it fled");
    assert!(state(&g).prompt.is_none());
    assert!(
        fired(&g).is_empty(),
        "no opportunity fire at the fleeing piece"
    );
    // The same hexes entered by a move would be open to the machinegun.
    let mover = battle(
        &["........", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0401"),
                      (id: "mg", side: "blue", unit: "machinegun", hex: "0801")]"#,
    );
    let mut g = start(&mover, 1);
    activate(&mut g, RED, "r1");
    mv(&mut g, RED, &["r1"], &["0301"]).unwrap();
    assert!(matches!(
        state(&g).prompt,
        Some(Prompt::OpportunityFire { side: BLUE, .. })
    ));
}

#[test]
fn an_m_result_checks_the_morale_of_every_piece_in_the_hex() {
    // Seed 4: the machinegun's opportunity fire at r1 and the Major rolls an M.
    let mut g = start(&opportunity_battle(), 4);
    activate(&mut g, RED, "maj");
    mv(&mut g, RED, &["r1", "maj"], &["0202", "0302"]).unwrap();
    gw(
        &mut g,
        GwOrder::OpportunityFire {
            side: BLUE,
            firers: ids(&["mg"]),
        },
    )
    .unwrap();
    assert_eq!(
        fired(&g)[0],
        ("Opportunity Fire".to_owned(), vec![5, 1], "M".to_owned())
    );
    let checked: Vec<(String, u8)> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::MoraleChecked { piece, plus, .. } => Some((piece, plus)),
            _ => None,
        })
        .collect();
    assert_eq!(checked, vec![("r1".to_owned(), 0), ("maj".to_owned(), 0)]);
}
