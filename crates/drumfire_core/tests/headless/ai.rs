//! The computer player's choices, each on a small made-up battlefield or a shipped
//! scenario with a fixed seed and an exact expected choice. docs/ai.md says how it
//! decides; `examples/ai_strength.rs` measures how well.

use drumfire_core::flow::Phase;
use drumfire_core::game::Game;
use drumfire_core::journal::GameEvent;
use drumfire_core::orders::Order;
use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::rules::great_war::testing::{great_war_battle, skip_setup};
use drumfire_core::rules::great_war::{GwOrder, Mission, ai, plot, view};
use drumfire_core::scenario::{Scenario, hex_of};
use drumfire_core::testing::shipped;

const RED: u8 = 0;

/// An open nine-by-four field with `body`.
fn field(body: &str) -> Scenario {
    great_war_battle(
        &[
            "............",
            "............",
            "............",
            "............",
        ],
        body,
        "",
        "",
    )
}

/// Lets the computer give Red's orders until Red's action segment is over; returns
/// the orders it gave.
fn red_segment(game: &mut Game) -> Vec<Order> {
    let mut given = Vec::new();
    while game.awaiting() == Some(RED) {
        let order = ai::choose(game.world(), RED, 0).expect("an order");
        let ends = matches!(order, Order::Pass { .. });
        game.submit(order.clone())
            .expect("the computer's order is legal");
        given.push(order);
        if ends || given.len() > 20 {
            break;
        }
    }
    given
}

fn started(s: &Scenario, seed: u64) -> Game {
    let mut g = Game::new(s, seed);
    skip_setup(&mut g);
    assert_eq!(g.awaiting(), Some(RED), "Red's initiative +9 always wins");
    g
}

fn at(game: &Game, id: &str) -> String {
    view::by_id(game.world(), id).map_or("gone".into(), |p| view::label(p.hex))
}

const MAJOR: &str = r#"(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 2, morale: 8, combat: 1, morale_modifier: 1, hex: "0202", flip: false)"#;

#[test]
fn it_fires_at_an_enemy_in_range_rather_than_walk_into_its_fire() {
    let s = field(&format!(
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0202"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0502")],
           leaders: [{MAJOR}]"#
    ));
    let mut g = started(&s, 1);
    let given = red_segment(&mut g);
    assert_eq!(
        given[0],
        Order::from(GwOrder::Activate {
            side: RED,
            piece: "maj".into()
        }),
        "the leader brings the company with him"
    );
    assert_eq!(
        given[1],
        Order::from(GwOrder::Fire {
            side: RED,
            firers: vec!["r1".into()],
            target: "0502".into()
        })
    );
    assert_eq!(at(&g, "r1"), "0202");
}

#[test]
fn it_walks_onto_an_undefended_objective_and_takes_it() {
    let s = field(&format!(
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0202"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "1201")],
           leaders: [{MAJOR}],
           victory: (objectives: [(hex: "0502", points: 3, held_by: Some("blue"))])"#
    ));
    let mut g = started(&s, 1);
    red_segment(&mut g);
    assert_eq!(at(&g, "r1"), "0502");
    let objectives = drumfire_core::map::objectives(g.world());
    assert_eq!(objectives, vec![(hex_of("0502").unwrap(), 3, Some(RED))]);
    // The leader follows his company rather than stay behind.
    assert_eq!(at(&g, "maj"), "0502");
}

#[test]
fn it_assaults_a_weak_defender_on_an_objective_but_not_a_strong_one() {
    let weak = field(&format!(
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0202"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0202"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0302", steps: 1, markers: [Disrupted])],
           leaders: [{MAJOR}],
           victory: (objectives: [(hex: "0302", points: 3, held_by: Some("blue"))])"#
    ));
    let mut g = started(&weak, 1);
    let given = red_segment(&mut g);
    assert_eq!(
        given[1],
        Order::from(GwOrder::Assault {
            side: RED,
            pieces: vec!["maj".into(), "r1".into(), "r2".into()],
            target: "0302".into()
        })
    );
    // One reduced company against a machine gun and a company in the open: no.
    let strong = field(&format!(
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0202", steps: 1),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0302"),
                      (id: "b2", side: "blue", unit: "machinegun", hex: "0302")],
           leaders: [{MAJOR}],
           victory: (objectives: [(hex: "0302", points: 3, held_by: Some("blue"))])"#
    ));
    let mut g = started(&strong, 1);
    let given = red_segment(&mut g);
    assert!(
        !given
            .iter()
            .any(|o| matches!(o.rules::<GwOrder>(), Some(GwOrder::Assault { .. }))),
        "{given:?}"
    );
}

#[test]
fn a_led_attack_closes_beside_the_objective_it_will_assault() {
    // A mounted squadron (range 1: nothing to shoot at yet) three hexes from a held
    // objective, its Rittmeister ahead of it: it moves up beside the objective and
    // him, where its next activation can assault, rather than wait two hexes out.
    let s = field(
        r#"counters: [(id: "c1", side: "red", unit: "cavalry_mounted", hex: "0402"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0702")],
           leaders: [(id: "rittm", side: "red", name: "Rittmeister", kind: Cavalry, rank: 2, morale: 8, combat: 1, morale_modifier: 1, hex: "0502", flip: false)],
           victory: (objectives: [(hex: "0702", points: 3, held_by: Some("blue"))])"#,
    );
    let mut g = started(&s, 1);
    g.submit(Order::from(GwOrder::Activate {
        side: RED,
        piece: "rittm".into(),
    }))
    .unwrap();
    let weighed = ai::weighed(g.world(), RED, 0);
    let end = |o: &Order| match o.rules::<GwOrder>() {
        Some(GwOrder::Move { pieces, path, .. }) if pieces == &["c1"] => {
            hex_of(path.last().unwrap())
        }
        _ => None,
    };
    let (objective, rittm) = (hex_of("0702").unwrap(), hex_of("0502").unwrap());
    let (best, value) = &weighed[0];
    let to = end(best).unwrap_or_else(|| panic!("{best:?}"));
    assert_eq!(to.unsigned_distance_to(objective), 1, "{best:?}");
    assert_eq!(to.unsigned_distance_to(rittm), 1, "{best:?}");
    // Beside the objective with no one to lead its assault is worth far less.
    let alone = weighed
        .iter()
        .filter(|(o, _)| {
            end(o).is_some_and(|h| {
                h.unsigned_distance_to(objective) == 1 && h.unsigned_distance_to(rittm) > 1
            })
        })
        .map(|(_, v)| *v)
        .fold(f32::MIN, f32::max);
    assert!(*value > alone + 1.0, "{value} against {alone}");
}

#[test]
fn a_leader_no_unit_needs_goes_to_the_units_that_have_none() {
    // Two leaders with r1; r2 far off has none and cannot close on the enemy alone.
    let s = great_war_battle(
        &["............"; 10],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0202"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0209"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "1201")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 2, morale: 8, hex: "0201", flip: false),
                     (id: "lt", side: "red", name: "Lieutenant", kind: Infantry, rank: 1, morale: 8, hex: "0201", flip: false)]"#,
        "",
        "",
    );
    let g = started(&s, 1);
    let weighed = ai::weighed(g.world(), RED, 0);
    let (best, _) = &weighed[0];
    assert_eq!(
        *best,
        Order::from(GwOrder::Activate {
            side: RED,
            piece: "maj".into()
        })
    );
    let mut g = g;
    g.submit(best.clone()).unwrap();
    // The Lieutenant (first free leader by id) heads for r2; the Major stays with r1.
    let mut moved = Vec::new();
    for _ in 0..6 {
        let Some(GwOrder::Move { pieces, path, .. }) =
            ai::choose(g.world(), RED, 0).and_then(|o| o.rules::<GwOrder>().cloned())
        else {
            break;
        };
        moved.push((pieces.clone(), path.last().cloned().unwrap()));
        g.submit(Order::from(GwOrder::Move {
            side: RED,
            pieces,
            path,
        }))
        .unwrap();
    }
    assert!(
        moved.iter().any(|(p, to)| p == &vec!["lt".to_string()]
            && hex_of(to)
                .unwrap()
                .unsigned_distance_to(hex_of("0204").unwrap())
                <= 1),
        "{moved:?}"
    );
    let beside = |a: &str, b: &str| {
        let (a, b) = (hex_of(&at(&g, a)).unwrap(), hex_of(&at(&g, b)).unwrap());
        a.unsigned_distance_to(b) <= 1
    };
    assert!(beside("maj", "r1"), "{moved:?}");
}

#[test]
fn it_plots_its_own_artillery_plan_with_drumfire_for_the_attack() {
    let s = shipped("great_war", "agache_valley.ron");
    let g = Game::new(&s, 1);
    assert_eq!(g.phase(), Phase::Setup);
    let german = plot::plot(g.world(), 0);
    let mission = |id: &str| {
        german
            .iter()
            .find(|a| a.source == id)
            .map(|a| a.mission.clone())
            .unwrap()
    };
    let fire = |t: &[Option<&str>]| Mission::PlannedFire {
        targets: t.iter().map(|x| x.map(str::to_owned)).collect(),
    };
    // The heavy guns (off the map) fire two turns running at Villers (Drumfire on the
    // second), ending the turn before the nearest Germans can be there, then at the
    // crossroads.
    assert_eq!(
        mission("g_heavy"),
        fire(&[
            None,
            None,
            Some("2504"),
            Some("2504"),
            None,
            Some("3215"),
            Some("3215"),
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None
        ])
    );
    // A battery that sees its target from where it stands fires on Open Sights.
    assert_eq!(mission("g_bty1"), Mission::OpenSights);
    // The British defend: the largest German stack in range on turn 1, then the ways in.
    let british = plot::plot(g.world(), 1);
    let rfa = british.iter().find(|a| a.source == "b_rfa").unwrap();
    let Mission::PlannedFire { targets } = &rfa.mission else {
        panic!("{rfa:?}")
    };
    assert_eq!(targets[0].as_deref(), Some("0815"));
    // Two turns running (Drumfire) two hexes short of the crossroads, from the turn
    // the Germans can first reach it.
    assert_eq!(targets[6].as_deref(), Some("3015"));
    assert_eq!(targets[6], targets[7], "two turns running: Drumfire");
}

#[test]
fn its_plans_are_legal_and_never_read_the_other_sides_plan() {
    for name in ["tutorial.ron", "marcoing_ridge.ron", "agache_valley.ron"] {
        let s = shipped("great_war", name);
        let mut g = Game::new(&s, 3);
        let british_before = plot::plot(g.world(), 1);
        // Each side files what the computer chose: its own plot, accepted by the rules.
        while g.phase() == Phase::Setup {
            let side = g.awaiting().unwrap();
            let order = ai::choose(g.world(), side, 0).unwrap();
            let Some(GwOrder::Plan { missions, .. }) = order.rules::<GwOrder>() else {
                panic!("{order:?}")
            };
            assert_eq!(*missions, plot::plot(g.world(), side), "{name}");
            g.submit(order).unwrap();
        }
        // The German plan filed (and hidden) changes nothing in the British one.
        assert_eq!(british_before, plot::plot(g.world(), 1), "{name}");
    }
}

#[test]
fn the_computer_beats_the_random_player_from_either_side_of_the_tutorial() {
    let s = shipped("great_war", "tutorial.ron");
    let mut won = [0; 2];
    for ai_side in [0u8, 1] {
        for seed in 0..8 {
            let mut game = Game::new(&s, seed);
            let mut bots = [
                Bot::new(PlayerKind::Random, seed),
                Bot::new(PlayerKind::Random, seed),
            ];
            bots[usize::from(ai_side)] = Bot::new(PlayerKind::Ai, seed);
            while let Some(side) = game.awaiting() {
                let order = bots[usize::from(side)].choose(&game, side).unwrap();
                game.submit(order).unwrap();
            }
            if game.outcome().unwrap().winner == Some(ai_side) {
                won[usize::from(ai_side)] += 1;
            }
        }
    }
    assert_eq!(won, [8, 8]);
}

#[test]
fn its_choice_is_the_same_every_time_for_the_same_position() {
    let s = shipped("great_war", "marcoing_ridge.ron");
    let play = || {
        let mut g = Game::new(&s, 5);
        let mut bots = [Bot::new(PlayerKind::Ai, 5), Bot::new(PlayerKind::Ai, 6)];
        for _ in 0..150 {
            let Some(side) = g.awaiting() else { break };
            let order = bots[usize::from(side)].choose(&g, side).unwrap();
            g.submit(order).unwrap();
        }
        let events: Vec<GameEvent> = g
            .journal()
            .entries()
            .iter()
            .map(|e| e.event.clone())
            .collect();
        (g.state_hash(), events.len())
    };
    assert_eq!(play(), play());
}

/// Also: no phase of these games comes near the orders a phase may take before the
/// Hard player stops weighing (`lookahead::phase_orders_bound`), counted from the
/// journal's phase lines, so the bound is met only by orders that never end a phase.
#[test]
fn the_computer_against_itself_keeps_every_invariant_in_every_scenario() {
    // `scripts/soak.sh N` plays many more; these few run with every test.
    for (set, name) in drumfire_core::testing::shipped_scenarios() {
        let s = shipped(&set, &name);
        for seed in 11..14 {
            let game = drumfire_core::testing::soak_game_with(&s, seed, [PlayerKind::Ai; 2])
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(game.outcome().is_some(), "{name} seed {seed}");
            let mut starts: Vec<usize> = game
                .journal()
                .entries()
                .iter()
                .filter(|e| matches!(e.event, GameEvent::PhaseBegan { .. }))
                .map(|e| e.order)
                .collect();
            starts.push(game.orders().len());
            let most = starts.windows(2).map(|w| w[1] - w[0]).max().unwrap_or(0);
            let bound = drumfire_core::lookahead::phase_orders_bound(game.world());
            assert!(
                most > 0 && 4 * most < bound,
                "{name} seed {seed}: a phase of {most} orders, the bound {bound}"
            );
        }
    }
}
