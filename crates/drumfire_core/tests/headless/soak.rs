//! Soak: whole games between random players on every shipped scenario, with the
//! invariants checked after every order (stacking, steps, markers, terrain,
//! every die journaled), and no panic. 50 games per scenario; set
//! `DRUMFIRE_SOAK_GAMES` for more (`scripts/soak.sh` plays thousands, release build).

use drumfire_core::game::Game;
use drumfire_core::orders::Order;
use drumfire_core::players::{Bot, PlayerKind, legal_orders};
use drumfire_core::rules::great_war::{GwOrder, view};
use drumfire_core::scenario::Scenario;
use drumfire_core::testing::{Invariants, soak_game};

fn load(name: &str) -> Scenario {
    drumfire_core::testing::shipped("great_war", name)
}

fn games() -> u64 {
    drumfire_core::testing::soak_games()
}

fn soak(name: &str) {
    let s = load(name);
    let mut decided = 0;
    for seed in 0..games() {
        let game = soak_game(&s, seed).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(game.is_over());
        decided += u32::from(game.outcome().is_some());
    }
    assert_eq!(u64::from(decided), games());
}

#[test]
fn soak_tutorial() {
    soak("tutorial.ron");
}

#[test]
fn soak_marcoing_ridge() {
    soak("marcoing_ridge.ron");
}

#[test]
fn soak_agache_valley() {
    soak("agache_valley.ron");
}

/// Orders near the legal ones but wrong: another side, other pieces, other hexes.
fn near_misses(game: &Game, legal: &[Order]) -> Vec<Order> {
    let pieces: Vec<String> = view::all(game.world())
        .into_iter()
        .map(|p| p.base.id)
        .collect();
    let mut out = vec![
        Order::Pass { side: 0 },
        Order::Pass { side: 1 },
        Order::Pass { side: 7 },
    ];
    for (i, o) in legal.iter().take(12).enumerate() {
        let other = pieces[i % pieces.len()].clone();
        if let Some(g) = o.rules::<GwOrder>() {
            let swapped = match g.clone() {
                GwOrder::Activate { side, .. } => GwOrder::Activate {
                    side: 1 - side,
                    piece: other.clone(),
                },
                GwOrder::Move {
                    side,
                    pieces,
                    mut path,
                } => {
                    path.push("9999".into());
                    GwOrder::Move { side, pieces, path }
                }
                GwOrder::Fire { side, firers, .. } => GwOrder::Fire {
                    side,
                    firers,
                    target: "0101".into(),
                },
                GwOrder::Assault { side, pieces, .. } => GwOrder::Assault {
                    side,
                    pieces,
                    target: "0102".into(),
                },
                GwOrder::TakeStepLoss { side, .. } => GwOrder::TakeStepLoss {
                    side,
                    piece: other.clone(),
                },
                GwOrder::OpportunityFire { side, mut firers } => {
                    firers.push(other.clone());
                    GwOrder::OpportunityFire { side, firers }
                }
                GwOrder::Plan { side, mut missions } => {
                    missions.pop();
                    GwOrder::Plan { side, missions }
                }
                other_order => other_order,
            };
            out.push(Order::from(swapped));
        }
        out.push(Order::from(GwOrder::Recover {
            side: 0,
            piece: other.clone(),
        }));
        out.push(Order::from(GwOrder::MountOrDismount {
            side: 1,
            piece: other,
        }));
        out.push(Order::from(GwOrder::HoldFire { side: 0 }));
    }
    out
}

#[test]
fn every_illegal_order_is_refused_with_the_state_hash_unchanged() {
    let s = load("marcoing_ridge.ron");
    let mut refused = 0;
    for seed in 0..6u64 {
        let mut game = Game::new(&s, seed);
        let mut bots = [
            Bot::new(PlayerKind::Random, seed),
            Bot::new(PlayerKind::Random, seed + 100),
        ];
        let mut invariants = Invariants::new(seed);
        while !game.is_over() {
            let side = game.awaiting().unwrap();
            let legal = legal_orders(&game, side, seed);
            for bad in near_misses(&game, &legal) {
                if drumfire_core::testing::refused_unchanged(&mut game, &legal, &bad) {
                    refused += 1;
                }
            }
            let order = bots[usize::from(side)].choose(&game, side).unwrap();
            game.submit(order).unwrap();
            invariants.check(&game).unwrap();
        }
    }
    assert!(refused > 10_000, "only {refused} illegal orders tried");
}

/// Some orders are listed without being put to the order check (moves from the reach,
/// activations of pieces that may activate): every order listed at every moment of
/// random games passes it, on each shipped scenario (the Agache Valley's first 600
/// orders), and at least one of each kind listed so was met.
#[test]
fn listed_orders_pass_the_order_check() {
    let mut kinds = std::collections::HashSet::new();
    for (name, seeds, limit) in [
        ("tutorial.ron", 0..3u64, usize::MAX),
        ("marcoing_ridge.ron", 0..2, usize::MAX),
        ("agache_valley.ron", 0..1, 600),
    ] {
        let s = load(name);
        for seed in seeds {
            let mut game = Game::new(&s, seed);
            let mut bots = [
                Bot::new(PlayerKind::Random, seed),
                Bot::new(PlayerKind::Random, seed + 100),
            ];
            while !game.is_over() && game.orders().len() < limit {
                let side = game.awaiting().unwrap();
                for o in legal_orders(&game, side, seed) {
                    if let Err(r) = drumfire_core::door::validate(game.world(), &o) {
                        panic!("{name}, seed {seed}: {o:?} was listed but refused: {r}");
                    }
                    if let Some(g) = o.rules::<GwOrder>() {
                        kinds.insert(std::mem::discriminant(g));
                    }
                }
                let order = bots[usize::from(side)].choose(&game, side).unwrap();
                game.submit(order).unwrap();
            }
        }
    }
    for g in [
        GwOrder::Move {
            side: 0,
            pieces: vec![],
            path: vec![],
        },
        GwOrder::Activate {
            side: 0,
            piece: String::new(),
        },
        GwOrder::ActivateStack {
            side: 0,
            hex: String::new(),
        },
    ] {
        assert!(
            kinds.contains(&std::mem::discriminant(&g)),
            "{g:?} never listed"
        );
    }
}
