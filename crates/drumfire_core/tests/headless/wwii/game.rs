//! The game around the assault: the unit types, whole games, every illegal order
//! refused, the computer, a scenario's set-up, limbered artillery, training.

use super::*;

#[test]
fn the_unit_types_and_their_figures() {
    // W-D17: our unit types. Each kind the assault rules sort by, the values they read.
    use drumfire_core::rules::wwii::units::{data, figures_of};
    let kinds: Vec<(String, Kind)> = data()
        .units
        .keys()
        .map(|id| (id.clone(), figures_of(id).unwrap().kind))
        .collect();
    let of = |id: &str| kinds.iter().find(|k| k.0 == id).unwrap().1;
    assert_eq!(of("rifle_platoon"), Kind::Infantry);
    assert_eq!(of("engineer_platoon"), Kind::Infantry);
    assert_eq!(of("cavalry_troop"), Kind::Cavalry);
    for heavy in ["mg_section", "mortar_section", "at_gun"] {
        assert_eq!(of(heavy), Kind::HeavyWeapon, "{heavy}");
    }
    for tank in ["light_tank", "medium_tank", "heavy_tank"] {
        assert_eq!(of(tank), Kind::Tank, "{tank}");
    }
    assert_eq!(of("armored_car"), Kind::ArmoredCar);
    let sherman = figures_of("medium_tank").unwrap();
    assert_eq!(
        (
            sherman.fire_points,
            sherman.at_assault,
            sherman.gun,
            sherman.movement
        ),
        (2, Some(3), Some((4, 12)), 7)
    );
    let engineers = figures_of("engineer_platoon").unwrap();
    assert!(engineers.assault_weapons && engineers.flamethrowers);
    assert_eq!(engineers.at_assault, Some(3));
    // Horse and heavy weapons have no anti-tank assault value: they cannot take on tanks.
    assert_eq!(figures_of("cavalry_troop").unwrap().at_assault, None);
    assert_eq!(figures_of("mg_section").unwrap().at_assault, None);
    // The anti-tank team against a medium tank: a weapon differential of +1.
    assert_eq!(
        weapon_differential(
            figures_of("at_team").unwrap().at_assault.unwrap(),
            sherman.at_assault.unwrap()
        ),
        1
    );
    assert!(data().terrain.contains_key("bunker"));
}

#[test]
fn games_play_to_the_end_with_the_invariants_and_replay_to_the_same_hash() {
    let players = [
        [PlayerKind::Random; 2],
        [PlayerKind::Ai, PlayerKind::Random],
        [PlayerKind::Random, PlayerKind::Ai],
        [PlayerKind::Ai; 2],
    ];
    for name in ["orchard_farm.ron", "krasny_bor.ron"] {
        let s = drumfire_core::testing::shipped("wwii", name);
        for seed in 1..=8 {
            let mut g =
                drumfire_core::testing::soak_game_with(&s, seed, players[seed as usize % 4])
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(g.outcome().is_some());
            let saved = drumfire_core::save::save_of(&mut g, &s, seed);
            let text = drumfire_core::save::to_text(&saved).unwrap();
            let back = drumfire_core::save::parse("wwii.ron", &text, &drumfire_core::rules::ALL)
                .unwrap_or_else(|e| panic!("{}", e[0]));
            let (_, check) = drumfire_core::save::replay(&back);
            assert_eq!(check, Ok(g.state_hash()), "{name} seed {seed}");
        }
    }
}

/// Orders near the legal ones but wrong: the other side, other units, hexes off the
/// map, targets of the wrong side.
fn near_misses(game: &Game, legal: &[Order]) -> Vec<Order> {
    let ids: Vec<String> = game
        .world()
        .resource::<drumfire_core::counters::PieceIds>()
        .0
        .keys()
        .cloned()
        .collect();
    let mut out = vec![Order::Pass { side: 7 }];
    for (i, o) in legal.iter().take(16).enumerate() {
        let other = ids[i % ids.len()].clone();
        let Some(w) = o.rules::<WwiiOrder>() else {
            out.push(Order::Pass {
                side: 1 - o.side().unwrap_or(0),
            });
            continue;
        };
        let side = w.side();
        let wrong = match w.clone() {
            WwiiOrder::Move {
                side,
                unit,
                mut path,
                facing,
            } => {
                path.push("9999".into());
                WwiiOrder::Move {
                    side,
                    unit,
                    path,
                    facing,
                }
            }
            WwiiOrder::Advance {
                side,
                unit,
                mut path,
            } => {
                path.push("0101".into());
                WwiiOrder::Advance { side, unit, path }
            }
            WwiiOrder::Fire { side, unit, .. } => WwiiOrder::Fire {
                side,
                unit,
                target: other.clone(),
            },
            WwiiOrder::Overrun { side, unit, .. } => WwiiOrder::Overrun {
                side,
                unit,
                target: "0101".into(),
            },
            WwiiOrder::Engage { side, unit, .. } => WwiiOrder::Engage {
                side,
                unit,
                target: other.clone(),
            },
            WwiiOrder::Prone { side, .. } => WwiiOrder::Rout {
                side,
                unit: other.clone(),
            },
            WwiiOrder::Rout { side, .. } => WwiiOrder::Prone {
                side,
                unit: other.clone(),
            },
            WwiiOrder::Dismount { side, .. } => WwiiOrder::Dismount {
                side,
                unit: other.clone(),
            },
        };
        out.push(Order::from(wrong));
        out.push(Order::from(WwiiOrder::Move {
            side: 1 - side,
            unit: other.clone(),
            path: vec!["0505".into()],
            facing: None,
        }));
        out.push(Order::from(WwiiOrder::Overrun {
            side,
            unit: other,
            target: "0505".into(),
        }));
    }
    out
}

#[test]
fn every_illegal_order_near_a_legal_one_is_refused_with_the_state_unchanged() {
    let s = drumfire_core::testing::shipped("wwii", "krasny_bor.ron");
    let kinds = [PlayerKind::Random, PlayerKind::Ai];
    let refused_count = drumfire_core::testing::refuse_near_misses(&s, 0..3, kinds, near_misses);
    assert!(
        refused_count > 500,
        "only {refused_count} near misses were tried"
    );
}

#[test]
fn the_computer_beats_the_random_player_from_either_side() {
    // The figures over 200 games a side are in docs/ai.md (`scripts/ai-strength.sh`).
    for name in ["orchard_farm.ron", "krasny_bor.ron"] {
        let s = drumfire_core::testing::shipped("wwii", name);
        let mut won = [0; 2];
        for ai_side in [0u8, 1] {
            for seed in 0..6 {
                let mut kinds = [PlayerKind::Random; 2];
                kinds[usize::from(ai_side)] = PlayerKind::Ai;
                let g = drumfire_core::testing::soak_game_with(&s, seed, kinds).unwrap();
                if g.outcome().unwrap().winner == Some(ai_side) {
                    won[usize::from(ai_side)] += 1;
                }
            }
        }
        assert_eq!(won, [6, 6], "{name}");
    }
}

#[test]
fn a_scenario_may_not_set_a_vehicle_up_in_marsh_and_names_a_units_own_bases() {
    // W-D20: "no vehicle in marsh", in the scenario's check, located; W-D31: no mounted
    // cavalry in buildings or a bunker, at the set-up as in a move; W-D19: the hint for
    // a unit with no bases names its type's bases.
    let terrain = [
        "~t......", ".b......", "........", "........", "........", "........",
    ];
    let text = scenario_text(
        &terrain,
        &[
            ("tank", 0, "light_tank", "0101", "North", 2),
            ("empty", 1, "medium_tank", "0405", "North", 0),
            ("cav", 1, "cavalry_troop", "0201", "North", 2),
            ("cav2", 1, "cavalry_troop", "0202", "North", 2),
        ],
    );
    let errs: Vec<String> =
        match drumfire_core::scenario::parse("test.ron", &text, &drumfire_core::rules::ALL) {
            Ok(_) => panic!("accepted"),
            Err(e) => e.iter().map(|x| x.to_string()).collect(),
        };
    assert!(errs.iter().any(|e| e.contains("counters[0].hex")
        && e.contains(
            "`tank` is set up at 0101 in marsh: no vehicle may enter it; set it up on other ground"
        )));
    assert!(errs.iter().any(|e| e.contains("counters[2].hex")
        && e.contains(
            "`cav` is set up at 0201 in buildings or a bunker: no mounted cavalry may enter it"
        )));
    assert!(errs.iter().any(|e| e.contains("counters[3].hex")
        && e.contains("`cav2` is set up at 0202 in buildings or a bunker")));
    assert!(errs.iter().any(|e| e.contains("counters[1].stands")
        && e.contains(
            "`empty` needs its bases, left to right: `stands: [\"tank\", \"tank\", \"tank\"]`"
        )));
}

#[test]
fn limbered_artillery_is_always_hit_in_rear() {
    // WW-35: "Limbered artillery bases are always considered to be hit in rear." W-D26:
    // a towed gun that moved this turn is limbered; its bases count among its side's
    // for the rear, though it sits out the rounds.
    let mut g = field(
        &OPEN,
        &[
            ("gun", 0, "at_gun", "0401", "South", 3),
            ("rifles", 0, "rifle_platoon", "0402", "South", 2),
            ("red", 1, "rifle_platoon", "0403", "North", 4),
        ],
        1,
    );
    let setup = |g: &Game| {
        let group = &wwii::assault_phase::groups(g.world())[0];
        wwii::assault_phase::personnel_setup(g.world(), group).unwrap()
    };
    // Facing the enemy, the riflemen are not hit in rear.
    assert_eq!(setup(&g).modifiers, [vec![], vec![]]);
    // The gun limbers up and comes into the line: three limbered bases of five.
    g.submit(mv(0, "gun", "0402")).unwrap();
    assert!(wwii::assault_phase::limbered(
        g.world(),
        &unit(&g, "gun").unwrap()
    ));
    assert_eq!(
        setup(&g).modifiers,
        [vec![(-2, "hit in rear".to_owned())], vec![]]
    );
    pass_turn(&mut g);
    let fought = &state(&g).fought[0];
    assert_eq!(
        fought.units,
        [vec!["rifles".to_owned()], vec!["red".to_owned()]]
    );
    assert_eq!(fought.modifiers[0], [(-2, "hit in rear".to_owned())]);
    // The next turn, not yet moved, it is unlimbered.
    assert!(!wwii::assault_phase::limbered(
        g.world(),
        &unit(&g, "gun").unwrap()
    ));
}

#[test]
fn a_unit_may_have_its_own_training_over_its_sides() {
    // W-D19: the scenario's `unit_training` gives a unit its own training over its
    // side's; an id that is no counter is refused where it stands.
    let text = scenario_text(
        &OPEN,
        &[
            ("blue", 0, "rifle_platoon", "0403", "North", 4),
            ("vets", 0, "rifle_platoon", "0603", "North", 4),
            ("red", 1, "rifle_platoon", "0402", "South", 4),
        ],
    );
    let own = text.replace(
        "wwii: (training: [Regular, Regular])",
        "wwii: (training: [Regular, Regular], unit_training: {\"vets\": Outstanding, \"red\": Great})",
    );
    let s = drumfire_core::scenario::parse("test.ron", &own, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    let g = Game::new(&s, 1);
    use drumfire_core::rules::wwii::modifiers::Training;
    let training = |id: &str| unit(&g, id).unwrap().training;
    assert_eq!(
        [training("blue"), training("vets"), training("red")],
        [Training::Regular, Training::Outstanding, Training::Great]
    );
    // In the assault the defender's own training counts (+1, great).
    let group = &wwii::assault_phase::groups(g.world())[0];
    let setup = wwii::assault_phase::personnel_setup(g.world(), group).unwrap();
    let red_side = usize::from(setup.units[0][0].side == 0);
    assert_eq!(
        setup.modifiers[red_side],
        [(1, "great training".to_owned())]
    );
    // A scenario without the field reads as before.
    let plain = drumfire_core::scenario::parse("test.ron", &text, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    assert!(
        plain
            .file
            .section::<wwii::scenario::WwiiScenario>()
            .unwrap()
            .unit_training
            .is_empty()
    );
    let bad = text.replace(
        "wwii: (training: [Regular, Regular])",
        "wwii: (training: [Regular, Regular], unit_training: {\"ghost\": Great})",
    );
    let errs: Vec<String> =
        match drumfire_core::scenario::parse("test.ron", &bad, &drumfire_core::rules::ALL) {
            Ok(_) => panic!("accepted"),
            Err(e) => e.iter().map(|x| x.to_string()).collect(),
        };
    assert!(
        errs.iter().any(|e| e.contains("wwii.unit_training.ghost")
            && e.contains("`ghost` is no counter of this scenario")),
        "{errs:#?}"
    );
    let typo = text.replace(
        "wwii: (training: [Regular, Regular])",
        "wwii: (training: [Regular, Regular], unit_training: {\"vets\": Elite})",
    );
    assert!(drumfire_core::scenario::parse("test.ron", &typo, &drumfire_core::rules::ALL).is_err());
}

/// After every order the rules ask whether a side has any order left to give in the
/// phase; that check stops at the first order it finds, and must answer as the whole
/// list would, for both sides, at every moment of a game.
#[test]
fn a_side_has_an_order_to_give_exactly_when_its_list_is_not_empty() {
    use drumfire_core::players::{Bot, PlayerKind};
    use drumfire_core::rules::wwii::{actions, any_action};
    let mut seen = [0u32; 2];
    for name in ["orchard_farm.ron", "krasny_bor.ron"] {
        let scenario = drumfire_core::testing::shipped("wwii", name);
        let mut game = Game::new(&scenario, 7);
        let mut bots = [
            Bot::new(PlayerKind::Random, 1),
            Bot::new(PlayerKind::Random, 2),
        ];
        while !game.is_over() && game.orders().len() < 300 {
            for side in 0..2 {
                let world = game.world();
                let any = any_action(world, side);
                assert_eq!(
                    any,
                    !actions(world, side).is_empty(),
                    "{name}, side {side}, after {} orders",
                    game.orders().len()
                );
                seen[usize::from(any)] += 1;
            }
            let side = game.awaiting().expect("a side is awaited");
            let order = bots[usize::from(side)]
                .choose(&game, side)
                .expect("an order");
            game.submit(order).expect("a legal order");
        }
    }
    // Both answers were put to the test.
    assert!(seen[0] > 20 && seen[1] > 20, "{seen:?}");
}
