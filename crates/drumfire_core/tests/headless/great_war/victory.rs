//! Victory (scenario instructions): objectives held.

use super::*;

#[test]
fn an_objective_is_held_by_the_side_whose_unit_entered_it_last() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0301"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")],
           victory: (objectives: [(hex: "0201", points: 3, held_by: Some("blue"))], step_loss_points: 1)"#,
    );
    let mut g = start(&s, 1);
    let held = |g: &mut Game| {
        let w = g.world_mut();
        let mut q = w.query::<&drumfire_core::map::Objective>();
        q.iter(w).next().unwrap().held_by
    };
    assert_eq!(held(&mut g), Some(BLUE));
    activate(&mut g, RED, "r1");
    mv(&mut g, RED, &["r1"], &["0201", "0101"]).unwrap();
    answer_all(&mut g);
    assert_eq!(
        held(&mut g),
        Some(RED),
        "r1 passed through 0201 and took it; it stays Red's"
    );
}

fn held(g: &mut Game) -> Option<u8> {
    let w = g.world_mut();
    let mut q = w.query::<&drumfire_core::map::Objective>();
    q.iter(w).next().unwrap().held_by
}

/// D-16: leaders take no objective, by entering it or by standing alone in it at the
/// final count: a Major alone in Blue's objective does not win Red the game.
#[test]
fn a_leader_alone_in_an_objective_does_not_take_it_at_the_final_count() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0601"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0602")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0201", flip: false)],
           victory: (objectives: [(hex: "0201", points: 3, held_by: Some("blue"))], step_loss_points: 1)"#,
    );
    let mut g = start(&s, 1);
    while let Some(side) = g.awaiting() {
        g.submit(Order::Pass { side }).unwrap();
    }
    assert_eq!(held(&mut g), Some(BLUE));
    let outcome = g.world().resource::<drumfire_core::flow::Outcome>();
    assert_eq!(
        (outcome.winner, outcome.points.clone()),
        (Some(BLUE), vec![0, 3])
    );
}

/// D-16: attackers entering a hex in an assault take its objective only when the
/// assault carries it; thrown back, they leave it with its holder.
#[test]
fn an_assault_thrown_back_takes_no_objective() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0201", steps: 1)],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, combat: 2, hex: "0101", flip: false)],
           victory: (objectives: [(hex: "0201", points: 3, held_by: Some("blue"))], step_loss_points: 1)"#,
    );
    let mut outcomes = Vec::new();
    for seed in 0..12 {
        let mut g = start(&s, seed);
        major_assaults(&mut g, &["r1", "r2"], "0201");
        let carried = at(&g, "b1").is_none()
            && ["r1", "r2"]
                .iter()
                .any(|r| at(&g, r).as_deref() == Some("0201"));
        outcomes.push((carried, held(&mut g)));
    }
    // Each assault thrown back leaves 0201 Blue's; each that carries it makes it Red's.
    assert!(
        outcomes
            .iter()
            .all(|(carried, h)| *h == Some(if *carried { RED } else { BLUE })),
        "{outcomes:?}"
    );
    assert!(
        outcomes.iter().any(|(c, _)| !c) && outcomes.iter().any(|(c, _)| *c),
        "{outcomes:?}"
    );
}

/// D-9: a horse team destroyed with its battery aboard destroys the battery too, and
/// the battery's steps count for the enemy as the team's does: the owner cannot save
/// two victory points by giving the team the loss.
#[test]
fn a_loaded_horse_teams_loss_counts_its_battery_s_steps_too() {
    let s = battle(
        &["........", "........"],
        r#"counters: [(id: "bty", side: "red", unit: "field_battery", hex: "0301"),
                      (id: "team", side: "red", unit: "horse_team", hex: "0301"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601"),
                      (id: "b2", side: "blue", unit: "rifle_company", hex: "0602")]"#,
    );
    for seed in 0..40 {
        let mut g = start(&s, seed);
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
        activate(&mut g, BLUE, "b1");
        gw(
            &mut g,
            GwOrder::Fire {
                side: BLUE,
                firers: ids(&["b1"]),
                target: "0301".into(),
            },
        )
        .unwrap();
        while let Some(p) = state(&g).prompt.clone() {
            match p {
                Prompt::StepLoss { side, .. } => gw(
                    &mut g,
                    GwOrder::TakeStepLoss {
                        side,
                        piece: "team".into(),
                    },
                )
                .unwrap(),
                Prompt::OpportunityFire { side, .. } => {
                    gw(&mut g, GwOrder::HoldFire { side }).unwrap()
                }
                Prompt::OpenPlot { .. } => unreachable!(),
            }
        }
        if at(&g, "team").is_some() {
            continue;
        }
        assert_eq!(
            seed, SEED_TEAM_LOST,
            "the first seed whose fire takes a step"
        );
        assert_eq!(at(&g, "bty"), None, "the battery goes with its team");
        let lost = &g.world().resource::<drumfire_core::sides::StepsLost>().0;
        assert_eq!(
            lost[usize::from(RED)],
            3,
            "the team's step and the battery's two"
        );
        return;
    }
    panic!("no seed took a step");
}

const SEED_TEAM_LOST: u64 = 5;
