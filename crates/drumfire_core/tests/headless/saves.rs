//! Saves: written atomically, loaded and continued to the same hash, bad saves located.

use drumfire_core::orders::Order;
use drumfire_core::players::{Bot, PlayerKind, play_out};
use drumfire_core::rules::great_war::testing::tutorial_started;
use drumfire_core::save::{self, Divergence};
use drumfire_core::testing::{tutorial, tutorial_game};

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("drumfire-test-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_save_made_mid_game_continues_to_the_same_hash() {
    let scenario = tutorial();
    // The game that never stops.
    let mut whole = tutorial_game(21);
    let mut bots = [
        Bot::new(PlayerKind::Random, 21),
        Bot::new(PlayerKind::Random, 22),
    ];
    play_out(&mut whole, &mut bots).unwrap();

    // The same orders, stopped after 5, saved, loaded, and continued.
    let mut first = tutorial_game(21);
    for order in &whole.orders()[..5] {
        first.submit(order.clone()).unwrap();
    }
    let dir = temp_dir("midgame");
    let path = dir.join("mid.ron");
    save::write(&path, &save::save_of(&mut first, &scenario, 21)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let loaded = save::parse("mid.ron", &text, &drumfire_core::rules::ALL).unwrap();
    let (mut resumed, check) = save::replay(&loaded);
    assert_eq!(check, Ok(first.state_hash()));
    for order in &whole.orders()[5..] {
        resumed.submit(order.clone()).unwrap();
    }
    assert_eq!(resumed.state_hash(), whole.state_hash());
    assert!(resumed.is_over());
}

#[test]
fn writing_a_save_replaces_the_old_one_and_leaves_no_temporary_file() {
    let dir = temp_dir("atomic");
    let path = dir.join("game.ron");
    std::fs::write(&path, "old save").unwrap();
    let mut game = tutorial_game(1);
    save::write(&path, &save::save_of(&mut game, &tutorial(), 1)).unwrap();
    assert!(std::fs::read_to_string(&path).unwrap().contains("Save("));
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name() != "game.ron")
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn a_save_that_cannot_be_written_leaves_the_old_save_intact() {
    let dir = temp_dir("readonly");
    let path = dir.join("game.ron");
    std::fs::write(&path, "old save").unwrap();
    // A directory where the temporary file would go makes the write fail before the rename.
    std::fs::create_dir_all(path.with_extension("ron.tmp")).unwrap();
    let mut game = tutorial_game(1);
    assert!(save::write(&path, &save::save_of(&mut game, &tutorial(), 1)).is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "old save");
}

fn good_save_text(name: &str) -> String {
    let mut game = tutorial_started(5);
    game.submit(Order::Pass {
        side: game.awaiting().unwrap(),
    })
    .unwrap();
    let dir = temp_dir(name);
    let path = dir.join("good.ron");
    save::write(&path, &save::save_of(&mut game, &tutorial(), 5)).unwrap();
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn a_tampered_order_list_is_reported_at_the_first_divergence() {
    let text = good_save_text("tampered");
    // The first Pass given by the other side.
    let pass = text.find("Pass(").unwrap();
    let digit = pass + text[pass..].find("side: ").unwrap() + "side: ".len();
    let mut tampered = text.clone();
    let other = if &text[digit..=digit] == "0" {
        "1"
    } else {
        "0"
    };
    tampered.replace_range(digit..=digit, other);
    let save = save::parse("t.ron", &tampered, &drumfire_core::rules::ALL).unwrap();
    let (_, result) = save::replay(&save);
    assert!(
        // Order 0 is the German Artillery Plan; order 1 the tampered pass.
        matches!(result, Err(Divergence::Refused { index: 1, .. })),
        "{result:?}"
    );
}

#[test]
fn a_wrong_hash_is_reported() {
    let text = good_save_text("wrong-hash");
    let save = save::parse("h.ron", &text, &drumfire_core::rules::ALL).unwrap();
    let wrong = text.replace(&save.file.state_hash, "0000000000000000");
    let (_, result) =
        save::replay(&save::parse("h.ron", &wrong, &drumfire_core::rules::ALL).unwrap());
    assert!(matches!(result, Err(Divergence::Hash { .. })));
}

#[test]
fn bad_saves_are_located() {
    let text = good_save_text("bad");
    let errs = |t: &str| {
        save::parse("bad.ron", t, &drumfire_core::rules::ALL)
            .unwrap_err()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
    };
    let future = text.replace("format: 2,", "format: 99,");
    assert_eq!(
        errs(&future),
        ["bad.ron:3:13: format: save format 99 is not supported (this build reads 1 to 2)"]
    );
    let hash = text.replace("state_hash: \"", "state_hash: \"zz");
    assert_eq!(
        errs(&hash),
        ["bad.ron:16:17: state_hash: `zza56e66fb3e28ebee` is not a 16-digit hex state hash"]
    );
    let order = text.replacen("SealedPlan(", "Charge(", 1);
    assert_eq!(
        errs(&order),
        [
            "bad.ron:8:9: orders[0]: Unexpected variant named `Charge` in enum `Order`, expected one of `Pass`, `Table`, `Sealed`, `Open`, `GreatWar`, `Portable`, `Napoleonic`, `Acw`, `Wwii`, or `SealedPlan` instead"
        ]
    );
    let scenario = text.replacen("turns: 8", "turns: 0", 1);
    assert_eq!(
        errs(&scenario),
        [
            "bad.ron:5:15: scenario: bad.ron (scenario scenarios/great_war/tutorial.ron):8:12: turns: a game lasts at least 1 turn"
        ]
    );
}

#[test]
fn a_reset_game_replays_its_orders_to_the_same_hash() {
    let scenario = tutorial();
    let mut game = tutorial_game(9);
    let mut bots = [
        Bot::new(PlayerKind::Random, 9),
        Bot::new(PlayerKind::Random, 10),
    ];
    for _ in 0..60 {
        let side = game.awaiting().unwrap();
        let order = bots[usize::from(side)].choose(&game, side).unwrap();
        game.submit(order).unwrap();
    }
    let orders = game.orders().to_vec();
    let hash = game.state_hash();
    game.reset(&scenario, 9, drumfire_core::game::Mode::Rules);
    assert!(game.orders().is_empty());
    for o in orders {
        game.submit(o).unwrap();
    }
    assert_eq!(game.state_hash(), hash);
}

#[test]
fn undo_never_goes_back_past_dice() {
    use drumfire_core::game::undo_point;
    let mut game = tutorial_started(5);
    // The plan order rolled initiative dice when play began: it cannot be undone.
    assert_eq!(undo_point(game.world()), None);
    let side = game.awaiting().unwrap();
    let n = game.orders().len();
    // An activation rolls nothing: it can be undone.
    let piece = if side == 0 { "g_1" } else { "b_b" };
    game.submit(Order::from(
        drumfire_core::rules::great_war::GwOrder::Activate {
            side,
            piece: piece.into(),
        },
    ))
    .unwrap();
    assert_eq!(undo_point(game.world()), Some(n));
}

fn marcoing() -> drumfire_core::scenario::Scenario {
    let path = format!(
        "{}/../../scenarios/great_war/marcoing_ridge.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    drumfire_core::scenario::parse(&path, &text, &drumfire_core::rules::ALL).unwrap()
}

/// Both sides file the scenario's plans; the save hides them and still replays.
#[test]
fn a_save_keeps_artillery_plans_sealed_and_replays_them() {
    use drumfire_core::rules::great_war::GwOrder;
    let scenario = marcoing();
    let mut game = drumfire_core::game::Game::new(&scenario, 3);
    for side in [0u8, 1] {
        let missions = scenario
            .file
            .section::<drumfire_core::rules::great_war::scenario::GwScenario>()
            .unwrap()
            .sides[usize::from(side)]
        .artillery_plan
        .clone();
        game.submit(Order::from(GwOrder::Plan { side, missions }))
            .unwrap();
    }
    let dir = temp_dir("sealed");
    let path = dir.join("sealed.ron");
    save::write(&path, &save::save_of(&mut game, &scenario, 3)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    // The orders part of the file names no mission and no plotted hex.
    let orders = &text[text.find("orders:").unwrap()..];
    assert_eq!(orders.matches("SealedPlan(").count(), 2, "{orders}");
    for plain in ["PlannedFire", "OpenSights", "g_fa", "1608", "GreatWar(Plan"] {
        assert!(!orders.contains(plain), "`{plain}` shows in {orders}");
    }
    let loaded = save::parse("sealed.ron", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(loaded.file.orders, game.orders());
    let (_, check) = save::replay(&loaded);
    assert_eq!(check, Ok(game.state_hash()));

    // A plan opened with the other side's key, or damaged, is a located error.
    let sealed = text.find("SealedPlan(").unwrap();
    let at = sealed + text[sealed..].find("side: 0").unwrap() + "side: ".len();
    let mut swapped = text.clone();
    swapped.replace_range(at..=at, "1");
    let err = &save::parse("swapped.ron", &swapped, &drumfire_core::rules::ALL).unwrap_err()[0];
    assert!(err.message.contains("sealed plan is damaged"), "{err}");
    assert!(
        err.line > 1 && err.to_string().starts_with("swapped.ron:"),
        "{err}"
    );
}

/// Where a game stands, as far as a save must restore it: the turn, the phase, the
/// side it waits on, whether an activation is under way and whether a question (an
/// assault's step-loss choice, say) is waiting. (The game waits on nobody in the
/// Initiative, Bombardment and End of Turn phases: they run between two orders.)
type Standing = (u16, &'static str, Option<u8>, bool, bool);

fn standing(game: &drumfire_core::game::Game) -> Standing {
    let gw = game
        .world()
        .get_resource::<drumfire_core::rules::great_war::GwState>();
    (
        game.world().resource::<drumfire_core::flow::Turn>().0,
        game.phase_name(),
        game.awaiting(),
        gw.is_some_and(|s| s.group.is_some()),
        gw.is_some_and(|s| s.prompt.is_some()),
    )
}

/// Plays `scenario` out with `players`, then at the first moment of every standing
/// (each phase, each side to act, a step pending or not) saves it, loads the save
/// and plays the rest of the game's orders: the state hash matches the original's
/// after every one of them.
fn every_standing_continues(
    scenario: &drumfire_core::scenario::Scenario,
    players: PlayerKind,
    phases_seen: &[&str],
) {
    use drumfire_core::game::Game;
    let seed = 4;
    let mut whole = Game::new(scenario, seed);
    let mut bots = [Bot::new(players, 8), Bot::new(players, 9)];
    play_out(&mut whole, &mut bots).unwrap();
    let orders = whole.orders().to_vec();

    let mut again = Game::new(scenario, seed);
    let mut hashes = vec![again.state_hash()];
    let mut firsts = std::collections::BTreeMap::new();
    firsts.insert(standing(&again), 0);
    for (i, order) in orders.iter().enumerate() {
        again.submit(order.clone()).unwrap();
        hashes.push(again.state_hash());
        firsts.entry(standing(&again)).or_insert(i + 1);
    }
    let phases: std::collections::BTreeSet<_> = firsts.keys().map(|k| k.1).collect();
    for phase in phases_seen {
        assert!(
            phases.contains(phase),
            "{}: {phases:?}",
            scenario.file.title
        );
    }
    let turns = whole.world().resource::<drumfire_core::flow::Turn>().0;
    assert!(firsts.len() > usize::from(turns) * 2, "{firsts:?}");
    eprintln!(
        "{}: {} orders, {} standings saved and continued",
        scenario.file.title,
        orders.len(),
        firsts.len()
    );
    for (key, &at) in &firsts {
        let mut game = Game::new(scenario, seed);
        for order in &orders[..at] {
            game.submit(order.clone()).unwrap();
        }
        let text = save::to_text(&save::save_of(&mut game, scenario, seed)).unwrap();
        let loaded = save::parse("phase.save.ron", &text, &drumfire_core::rules::ALL).unwrap();
        let (mut resumed, check) = save::replay(&loaded);
        assert_eq!(check, Ok(hashes[at]), "{key:?}");
        assert_eq!(standing(&resumed), *key);
        for (i, order) in orders.iter().enumerate().skip(at) {
            resumed.submit(order.clone()).unwrap();
            assert_eq!(
                resumed.state_hash(),
                hashes[i + 1],
                "{}: saved at {key:?} (order {at}), differs after order {}",
                scenario.file.title,
                i + 1
            );
        }
        assert!(resumed.is_over());
    }
}

#[test]
fn a_save_from_every_phase_loads_and_continues_identically() {
    use drumfire_core::testing::shipped;
    let great_war = ["Set-up", "Action", "Game Over"];
    every_standing_continues(&tutorial(), PlayerKind::Random, &great_war);
    every_standing_continues(
        &shipped("great_war", "agache_valley.ron"),
        PlayerKind::Ai,
        &["Set-up", "Bombardment", "Action", "Game Over"],
    );
    every_standing_continues(
        &shipped("portable", "ukhozi_drift.ron"),
        PlayerKind::Random,
        &["Action", "Game Over"],
    );
}

/// The first scenario format kept every rule set's side fields in the core's `sides`
/// and the leaders pool at the top; saves of format 1 embed it. Such files read into
/// the second format unchanged, errors in them are located where they stand, and the
/// saves replay to the hashes they recorded.
#[test]
fn first_format_scenarios_and_saves_still_load_and_replay() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let read = |path: &str| std::fs::read_to_string(format!("{root}/{path}")).unwrap();
    for (old, new) in [
        (
            "tests/data/first_format/tutorial.ron",
            "scenarios/great_war/tutorial.ron",
        ),
        (
            "tests/data/first_format/marcoing_ridge.ron",
            "scenarios/great_war/marcoing_ridge.ron",
        ),
        (
            "tests/data/first_format/ukhozi_drift.ron",
            "scenarios/portable/ukhozi_drift.ron",
        ),
    ] {
        let a = drumfire_core::scenario::parse(old, &read(old), &drumfire_core::rules::ALL)
            .unwrap_or_else(|e| panic!("{}", e[0]));
        let b = drumfire_core::scenario::parse(new, &read(new), &drumfire_core::rules::ALL)
            .unwrap_or_else(|e| panic!("{}", e[0]));
        assert_eq!(a.file, b.file, "{old}");
        // The editor opens it and saves it in the current format.
        let text = drumfire_core::editor::Editor::open(old, &read(old), &drumfire_core::rules::ALL)
            .unwrap()
            .to_text();
        drumfire_core::scenario::read_file(old, &text, &drumfire_core::rules::ALL)
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        let again = drumfire_core::scenario::parse(old, &text, &drumfire_core::rules::ALL)
            .unwrap_or_else(|e| panic!("{}", e[0]));
        assert_eq!(again.file, b.file, "{old}");
    }
    // An error in a first-format file points into that file.
    let text = read("tests/data/first_format/marcoing_ridge.ron").replacen(
        r#"Some("1608")"#,
        r#"Some("9999")"#,
        1,
    );
    let errs: Vec<String> =
        drumfire_core::scenario::parse("old.ron", &text, &drumfire_core::rules::ALL)
            .unwrap_err()
            .iter()
            .map(ToString::to_string)
            .collect();
    assert_eq!(
        errs,
        [
            "old.ron:76:44: sides[0].artillery_plan[0].mission: turn 1: `9999` is not a hex of the map"
        ]
    );
    for (path, hash) in [
        (
            // Cut to its first 179 orders: the 180th, an opportunity fire, is no
            // longer possible since Demoralized leaders lend no morale modifier and
            // Demoralized batteries fire no Drumfire. Its last order's Drumfire in 1608
            // attacks only the Uhlans entering, not the Rittmeister already there.
            "tests/data/first_format/marcoing_ridge.save.ron",
            "fd5077fb917293a1",
        ),
        (
            // Re-recorded when the Portable state came to keep the cavalry whose
            // unpinning was decided before the turn's first activation (none here).
            "tests/data/first_format/ukhozi_drift.save.ron",
            "9b8c0ce3c1abced3",
        ),
    ] {
        let save = drumfire_core::save::parse(path, &read(path), &drumfire_core::rules::ALL)
            .unwrap_or_else(|e| panic!("{}", e[0]));
        assert_eq!(save.file.format, 1);
        let (_, replayed) = drumfire_core::save::replay(&save);
        assert_eq!(replayed.unwrap().to_string(), hash, "{path}");
    }
}

/// The rule sets a file is read with are handed in by the caller: a save of a rule set
/// the game was not given is refused at its first order of that rule set, and an order
/// is read only with the rule sets handed to its reader.
#[test]
fn a_save_is_read_with_the_rule_sets_it_is_handed() {
    use drumfire_core::rule_set::RuleSets;
    static PORTABLE_ONLY: RuleSets = RuleSets::new(&[&drumfire_core::rules::PORTABLE], None);
    let mut game = tutorial_started(4);
    let mut bots = [
        Bot::new(PlayerKind::Random, 4),
        Bot::new(PlayerKind::Random, 5),
    ];
    for _ in 0..6 {
        let side = game.awaiting().unwrap();
        let order = bots[usize::from(side)].choose(&game, side).unwrap();
        game.submit(order).unwrap();
    }
    let text = save::to_text(&save::save_of(&mut game, &tutorial(), 4)).unwrap();
    assert!(save::parse("all.ron", &text, &drumfire_core::rules::ALL).is_ok());
    let errs = save::parse("portable_only.ron", &text, &PORTABLE_ONLY).unwrap_err();
    assert!(
        errs[0]
            .to_string()
            .starts_with("portable_only.ron:12:9: orders[1]: ")
            && errs[0].message.contains("variant named `GreatWar`")
            && errs[0]
                .message
                .contains("`Pass`, `Table`, `Sealed`, `Open`, `Portable`, or `SealedPlan`"),
        "{}",
        errs[0]
    );
    // An order of a rule set is read only with the rule sets handed to its reader.
    let order = ron::to_string(&game.orders()[0]).unwrap();
    let read = |rule_sets| {
        drumfire_core::error::read_ron_seed(
            "o",
            &order,
            drumfire_core::rule_set::OrderSeed(rule_sets),
        )
    };
    assert_eq!(read(&drumfire_core::rules::ALL).unwrap(), game.orders()[0]);
    assert!(
        read(&PORTABLE_ONLY)
            .unwrap_err()
            .message
            .contains("GreatWar")
    );
}

/// A window steps the game one app update a frame, a window jumping through a replay
/// carries each order out within one frame (`settle_now`), and a headless game
/// (`Game`) runs only the schedules an update runs for it: in every rule set the three
/// reach the same hash and the same log.
#[test]
fn orders_settled_at_once_reach_the_hash_and_log_of_update_by_update() {
    use bevy_app::App;
    use bevy_state::app::StatesPlugin;
    use drumfire_core::game::{CorePlugin, Mode};
    let mut seen = std::collections::BTreeSet::new();
    for (set, name) in drumfire_core::testing::shipped_scenarios() {
        if !seen.insert(set.clone()) {
            continue;
        }
        let scenario = drumfire_core::testing::shipped(&set, &name);
        let mut game = drumfire_core::game::Game::new(&scenario, 7);
        let mut bots = [Bot::new(PlayerKind::Ai, 7), Bot::new(PlayerKind::Random, 8)];
        play_out(&mut game, &mut bots).unwrap();
        let orders = game.orders().to_vec();
        let mut again = drumfire_core::game::Game::new(&scenario, 7);
        let mut app = App::new();
        app.add_plugins((
            StatesPlugin,
            CorePlugin {
                scenario: scenario.clone(),
                seed: 7,
                mode: Mode::Rules,
            },
        ));
        let update_until_settled = |app: &mut App| {
            for _ in 0..64 {
                app.update();
                if drumfire_core::orders::is_settled(app.world()) {
                    return;
                }
            }
            panic!("{set}/{name}: no settling");
        };
        update_until_settled(&mut app);
        for order in orders {
            let world = again.world_mut();
            drumfire_core::door::submit(world, order.clone()).unwrap();
            drumfire_core::game::settle_now(world).unwrap();
            drumfire_core::door::submit(app.world_mut(), order).unwrap();
            update_until_settled(&mut app);
        }
        assert!(again.is_over(), "{set}/{name}");
        assert_eq!(again.state_hash(), game.state_hash(), "{set}/{name}");
        let updated = drumfire_core::hash::state_hash(app.world_mut());
        assert_eq!(updated, game.state_hash(), "{set}/{name}");
        assert_eq!(
            again.journal().entries(),
            game.journal().entries(),
            "{set}/{name}"
        );
        assert_eq!(
            app.world()
                .resource::<drumfire_core::journal::Journal>()
                .entries(),
            game.journal().entries(),
            "{set}/{name}"
        );
    }
}

/// Undo, a load and a switch of mode in the window put the scenario back on the table
/// in the running world (`game::reset`) and carry the orders out again: in every
/// rule set that must reach the hash of the game that was never reset, with the
/// scenario's own section (brigades, armies, training) in place again.
#[test]
fn a_reset_game_of_every_rule_set_replays_its_orders_to_the_same_hash() {
    let mut seen = std::collections::BTreeSet::new();
    for (set, name) in drumfire_core::testing::shipped_scenarios() {
        if !seen.insert(set.clone()) {
            continue;
        }
        let scenario = drumfire_core::testing::shipped(&set, &name);
        let mut game = drumfire_core::game::Game::new(&scenario, 11);
        let mut bots = [
            Bot::new(PlayerKind::Ai, 11),
            Bot::new(PlayerKind::Random, 12),
        ];
        for _ in 0..40 {
            let Some(side) = game.awaiting() else { break };
            let order = bots[usize::from(side)].choose(&game, side).unwrap();
            game.submit(order).unwrap();
        }
        let orders = game.orders().to_vec();
        let hash = game.state_hash();
        game.reset(&scenario, 11, drumfire_core::game::Mode::Rules);
        let fresh = drumfire_core::game::Game::new(&scenario, 11).state_hash();
        assert_eq!(
            game.state_hash(),
            fresh,
            "{set}/{name}: reset to the set-up"
        );
        for o in orders {
            game.submit(o).unwrap();
        }
        assert_eq!(game.state_hash(), hash, "{set}/{name}");
    }
}

/// At one screen an order is taken back only by its own side, while the game still
/// waits on it: once the move has passed to the other side, neither player undoes it.
#[test]
fn undo_takes_back_an_order_only_while_its_side_still_has_the_move() {
    use drumfire_core::game::{no_undo, undo_point};
    use drumfire_core::rules::great_war::GwOrder;
    let mut game = tutorial_started(5);
    let side = game.awaiting().unwrap();
    let piece = if side == 0 { "g_1" } else { "b_b" };
    game.submit(Order::from(GwOrder::Activate {
        side,
        piece: piece.into(),
    }))
    .unwrap();
    assert!(
        undo_point(game.world()).is_some(),
        "its own side still acts"
    );
    // The activation's segment ends without an order: the other side has the move.
    game.submit(Order::Pass { side }).unwrap();
    assert_ne!(game.awaiting(), Some(side));
    assert_eq!(undo_point(game.world()), None);
    assert_eq!(
        no_undo(game.world()),
        Some(
            "The last order was given by a side the game no longer waits on: only its own side takes an order back, while the move is still its."
        )
    );
}

/// Who played each side is kept with the game: written, read back as written, and a
/// save whose list does not match the scenario's sides is refused at its field.
#[test]
fn a_save_keeps_who_plays_each_side_and_refuses_a_list_of_the_wrong_length() {
    use drumfire_core::save::Seat;
    let mut game = tutorial_game(2);
    let mut file = save::save_of(&mut game, &tutorial(), 2);
    assert!(
        !save::to_text(&file).unwrap().contains("players"),
        "not said: not written"
    );
    file.players = vec![Seat::Person, Seat::HardComputer];
    let text = save::to_text(&file).unwrap();
    let read = save::parse("seats.ron", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(read.file.players, [Seat::Person, Seat::HardComputer]);
    file.players = vec![Seat::Person, Seat::Computer, Seat::Computer];
    let three = save::to_text(&file).unwrap();
    let err = save::parse("seats.ron", &three, &drumfire_core::rules::ALL).unwrap_err();
    let said = err[0].to_string();
    assert!(
        said.starts_with("seats.ron:") && said.contains("players") && said.contains("2 sides"),
        "{said}"
    );
    let unknown = text.replace("HardComputer", "Cheater");
    let err = save::parse("seats.ron", &unknown, &drumfire_core::rules::ALL).unwrap_err();
    assert!(err[0].to_string().contains("Cheater"), "{}", err[0]);
}
