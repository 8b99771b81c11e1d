//! Step Losses: the owner chooses who takes the loss, reduced units removed.

use super::*;

/// Fires r1, r2 and mg (if possible) at 0301 with seeds until a step-loss question comes up.
fn fire_until_loss_prompt(s: &Scenario) -> (Game, u64) {
    for seed in 0..200 {
        let mut g = start(s, seed);
        gw(
            &mut g,
            GwOrder::ActivateStack {
                side: RED,
                hex: "0101".into(),
            },
        )
        .unwrap();
        gw(
            &mut g,
            GwOrder::Fire {
                side: RED,
                firers: ids(&["r1", "r2"]),
                target: "0301".into(),
            },
        )
        .unwrap();
        if matches!(state(&g).prompt, Some(Prompt::StepLoss { .. })) {
            return (g, seed);
        }
    }
    panic!("no seed under 200 gives a step loss");
}

#[test]
fn the_owner_chooses_which_unit_takes_a_step_loss_and_it_checks_morale_at_plus_two() {
    let (mut g, seed) = fire_until_loss_prompt(&loss_battle("", ""));
    assert_eq!(seed, 5, "the first seed that rolls an X against the stack");
    let Some(Prompt::StepLoss {
        side,
        candidates,
        count,
        ..
    }) = state(&g).prompt.clone()
    else {
        unreachable!()
    };
    assert_eq!((side, count), (BLUE, 2));
    assert_eq!(candidates, ids(&["b1", "b2"]));
    assert_eq!(g.awaiting(), Some(BLUE));
    let before = g.state_hash();
    assert_eq!(
        gw(
            &mut g,
            GwOrder::TakeStepLoss {
                side: BLUE,
                piece: "r1".into()
            }
        )
        .unwrap_err(),
        "`r1` is not a unit that can take the loss in 0301."
    );
    assert_eq!(g.state_hash(), before);
    gw(
        &mut g,
        GwOrder::TakeStepLoss {
            side: BLUE,
            piece: "b1".into(),
        },
    )
    .unwrap();
    assert_eq!(steps(&g, "b1"), 1, "flipped to its reduced side");
    let check = events(&g).into_iter().rev().find_map(|e| match e {
        GameEvent::MoraleChecked { piece, plus, .. } => Some((piece, plus)),
        _ => None,
    });
    assert_eq!(check, Some(("b1".to_owned(), 2)));
}

#[test]
fn a_reduced_or_one_sided_unit_that_loses_a_step_is_removed() {
    let (mut g, _) = fire_until_loss_prompt(&loss_battle("", ", steps: Some(1)"));
    let Some(Prompt::StepLoss { count, .. }) = state(&g).prompt.clone() else {
        unreachable!()
    };
    assert_eq!(count, 2, "seed 5 rolls 2X");
    gw(
        &mut g,
        GwOrder::TakeStepLoss {
            side: BLUE,
            piece: "b2".into(),
        },
    )
    .unwrap();
    assert_eq!(at(&g, "b2"), None, "the machinegun has one step");
    let e = g.world().resource::<PieceIds>().get("b2").unwrap();
    assert_eq!(g.world().get::<OffMap>(e), Some(&OffMap::Eliminated));
    // The second loss falls on the reduced b1 without a question: it goes too.
    assert_eq!(at(&g, "b1"), None);
    assert_eq!(
        g.world().resource::<drumfire_core::flow::StepsLost>().0,
        vec![0, 2]
    );
}

#[test]
fn when_the_choice_makes_no_difference_the_loss_is_taken_without_asking() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0301")]"#,
    );
    // Seed 5 rolls the 2X of the tests above; one defender, so no question.
    let mut g = start(&s, 5);
    gw(
        &mut g,
        GwOrder::ActivateStack {
            side: RED,
            hex: "0101".into(),
        },
    )
    .unwrap();
    gw(
        &mut g,
        GwOrder::Fire {
            side: RED,
            firers: ids(&["r1", "r2"]),
            target: "0301".into(),
        },
    )
    .unwrap();
    assert_eq!(state(&g).prompt, None);
    assert_eq!(at(&g, "b1"), None, "two losses: flipped, then removed");
}
