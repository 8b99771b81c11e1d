//! Every illegal order refused with the state hash unchanged.

use super::*;

/// Orders near the legal ones but wrong: the other side, other units, hexes off
/// the map or out of reach, other defenders.
fn near_misses(game: &Game, legal: &[Order]) -> Vec<Order> {
    let ids: Vec<String> = game
        .world()
        .resource::<PieceIds>()
        .0
        .keys()
        .cloned()
        .collect();
    let mut out = vec![Order::Pass { side: 7 }];
    for (i, o) in legal.iter().take(16).enumerate() {
        let other = ids[i % ids.len()].clone();
        let Some(p) = o.rules::<PtOrder>() else {
            out.push(Order::Pass {
                side: 1 - o.side().unwrap_or(0),
            });
            continue;
        };
        let side = p.side();
        let wrong = match p.clone() {
            PtOrder::Bombard { side, unit, .. } => PtOrder::Bombard {
                side,
                unit,
                target: "0101".into(),
            },
            PtOrder::Move {
                side,
                unit,
                mut path,
            } => {
                path.push("9999".into());
                PtOrder::Move { side, unit, path }
            }
            PtOrder::Fire { side, unit, .. } => PtOrder::Fire {
                side,
                unit,
                target: "0101".into(),
            },
            PtOrder::Unpin { side, .. } => PtOrder::Unpin {
                side,
                unit: other.clone(),
            },
            PtOrder::Charge { side, .. } => PtOrder::Charge {
                side,
                unit: other.clone(),
            },
            PtOrder::MountOrDismount { side, .. } => PtOrder::MountOrDismount {
                side,
                unit: other.clone(),
            },
            PtOrder::CloseCombat {
                side,
                attackers,
                advance,
                ..
            } => PtOrder::CloseCombat {
                side,
                attackers,
                defender: other.clone(),
                advance,
            },
        };
        out.push(Order::from(wrong));
        out.push(Order::from(PtOrder::Unpin {
            side,
            unit: other.clone(),
        }));
        out.push(Order::from(PtOrder::Charge {
            side: 1 - side,
            unit: other.clone(),
        }));
        out.push(Order::from(PtOrder::Fire {
            side,
            unit: other,
            target: "0505".into(),
        }));
    }
    out
}

#[test]
fn every_illegal_order_is_refused_with_the_state_hash_unchanged() {
    use drumfire_core::players::PlayerKind;
    let random = [PlayerKind::Random, PlayerKind::Random];
    let refused = drumfire_core::testing::refuse_near_misses(
        &load("ukhozi_drift.ron"),
        0..4,
        random,
        near_misses,
    );
    assert!(refused > 1_000, "only {refused} near misses were tried");
}

/// A hex out of reach is explained by the rules' own refusal of the move along the
/// direct route, word for word (what the window shows on hover and on a click); a hex
/// the direct route reaches is not called out of reach.
#[test]
fn a_hex_out_of_reach_is_explained_by_the_refusal_of_the_direct_route() {
    let mut game = Game::new(&rifles_by_the_woods(&[]), 4);
    to_activation(&mut game, 0);
    let out_of_reach = drumfire_core::rules::PORTABLE.out_of_reach;
    let why = out_of_reach(game.world(), "inf", h("0306")).expect("explained");
    let direct: Order = PtOrder::Move {
        side: 0,
        unit: "inf".into(),
        path: vec!["0304".into(), "0305".into(), "0306".into()],
    }
    .into();
    let refusal = drumfire_core::door::validate(game.world(), &direct).unwrap_err();
    assert_eq!(
        why,
        format!("0306 is out of reach. On the direct route: {}", refusal.0)
    );
    assert_eq!(
        out_of_reach(game.world(), "inf", h("0304")).as_deref(),
        Some("0304 cannot be reached this way; try a path round.")
    );
    assert_eq!(out_of_reach(game.world(), "nobody", h("0304")), None);
}
