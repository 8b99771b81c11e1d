//! Table mode: the rules off, every hand move an order, journaled, saved and
//! reloaded to the same state hash.

use drumfire_core::counters::{
    Counter, Disrupted, HexMarker, HexMarkerKind, MarkerKind, OffMap, OnHex, PieceIds, Steps,
};
use drumfire_core::flow::Phase;
use drumfire_core::game::{self, Game, Mode};
use drumfire_core::journal::GameEvent;
use drumfire_core::map::HexIndex;
use drumfire_core::orders::Order;
use drumfire_core::rules::great_war::GwOrder;
use drumfire_core::save;
use drumfire_core::scenario::hex_of;
use drumfire_core::table::TableOrder;
use drumfire_core::testing::{tutorial, tutorial_game};

fn table_game(seed: u64) -> Game {
    Game::with_mode(&tutorial(), seed, Mode::Table)
}

fn hand(game: &mut Game, order: TableOrder) {
    game.submit(Order::Table(order.clone()))
        .unwrap_or_else(|r| panic!("{order:?} refused: {r}"));
}

fn refused(game: &mut Game, order: TableOrder) -> String {
    let before = game.state_hash();
    let journal = game.journal().entries().len();
    let reason = game
        .submit(Order::Table(order.clone()))
        .expect_err(&format!("{order:?} was accepted"))
        .0;
    assert_eq!(game.state_hash(), before, "a refusal changed the game");
    assert_eq!(game.journal().entries().len(), journal);
    reason
}

fn entity(game: &Game, id: &str) -> bevy_ecs::entity::Entity {
    game.world().resource::<PieceIds>().get(id).unwrap()
}

fn hex_label(game: &Game, id: &str) -> Option<String> {
    game.world()
        .get::<OnHex>(entity(game, id))
        .map(|o| drumfire_core::coords::hex_label(o.0))
}

fn move_to(piece: &str, to: &str) -> TableOrder {
    TableOrder::Move {
        piece: piece.into(),
        to: to.into(),
    }
}

fn flip(piece: &str) -> TableOrder {
    TableOrder::Flip {
        piece: piece.into(),
    }
}

/// Every piece on the map stands in the hex index where it is, and nowhere else.
fn index_agrees(game: &mut Game) {
    let mut q = game
        .world_mut()
        .query::<(bevy_ecs::entity::Entity, Option<&OnHex>)>();
    let pieces: Vec<_> = q
        .iter(game.world())
        .filter(|(e, _)| game.world().get::<Counter>(*e).is_some())
        .map(|(e, on)| (e, on.map(|o| o.0)))
        .collect();
    let index = game.world().resource::<HexIndex>();
    let listed: Vec<_> = index
        .stacks()
        .flat_map(|(h, s)| s.iter().map(move |e| (*e, h)))
        .collect();
    for (e, at) in pieces {
        let found: Vec<_> = listed
            .iter()
            .filter(|(x, _)| *x == e)
            .map(|(_, h)| *h)
            .collect();
        assert_eq!(found, at.into_iter().collect::<Vec<_>>(), "{e:?}");
    }
}

/// The tutorial at the table after a session of every kind of hand move.
fn session(seed: u64) -> Game {
    let mut game = table_game(seed);
    // Further than any movement allowance, into the enemy's hex.
    hand(&mut game, move_to("g_1", "0706"));
    hand(&mut game, flip("b_a"));
    hand(
        &mut game,
        TableOrder::Mark {
            piece: "b_mg".into(),
            marker: MarkerKind::Disrupted,
            on: true,
        },
    );
    hand(
        &mut game,
        TableOrder::MarkHex {
            hex: "0805".into(),
            marker: HexMarkerKind::Drumfire,
            on: true,
        },
    );
    hand(
        &mut game,
        TableOrder::Remove {
            piece: "b_d".into(),
        },
    );
    hand(&mut game, TableOrder::Roll { dice: 2 });
    hand(&mut game, TableOrder::NextTurn);
    game
}

#[test]
fn a_table_game_runs_no_rule_no_leader_draw_and_no_phase() {
    let game = table_game(3);
    assert_eq!(game.phase(), Phase::Table);
    assert_eq!(game.mode(), Mode::Table);
    assert_eq!(game.awaiting(), None);
    let events: Vec<&GameEvent> = game.journal().entries().iter().map(|e| &e.event).collect();
    assert!(matches!(events[0], GameEvent::GameStarted { .. }));
    assert!(
        matches!(events[1], GameEvent::Note { text } if text.contains("rules enforcement is off"))
    );
    assert!(matches!(events[2], GameEvent::TurnBegan { turn: 1 }));
    assert_eq!(events.len(), 3, "{events:?}");
    // The pool leader stays on the table face-up: nothing was drawn.
    assert_eq!(hex_label(&game, "g_lt").as_deref(), Some("0108"));
}

#[test]
fn every_hand_move_changes_the_table_and_is_journaled() {
    let mut game = session(11);
    index_agrees(&mut game);
    let w = game.world();
    let g1 = entity(&game, "g_1");
    assert_eq!(hex_label(&game, "g_1").as_deref(), Some("0706"));
    let stack = w.resource::<HexIndex>().occupants(hex_of("0706").unwrap());
    assert!(stack.contains(&g1), "the hex index follows the move");
    assert!(
        !w.resource::<HexIndex>()
            .occupants(hex_of("0105").unwrap())
            .contains(&g1)
    );
    assert_eq!(
        *w.get::<Steps>(entity(&game, "b_a")).unwrap(),
        Steps { current: 1, max: 2 }
    );
    assert!(w.get::<Disrupted>(entity(&game, "b_mg")).is_some());
    let b_d = entity(&game, "b_d");
    assert!(w.get::<OnHex>(b_d).is_none());
    assert_eq!(w.get::<OffMap>(b_d), Some(&OffMap::Eliminated));
    let names: std::collections::BTreeMap<String, String> = game
        .world()
        .resource::<PieceIds>()
        .0
        .iter()
        .map(|(id, e)| (id.clone(), w.get::<Counter>(*e).unwrap().name.clone()))
        .collect();
    let sides = w.resource::<drumfire_core::scenario::SideList>();
    let log: Vec<String> = game.journal().entries()[3..]
        .iter()
        .map(|e| format!("T{} {}", e.turn, e.event.describe(sides, &names)))
        .collect();
    assert_eq!(
        log,
        [
            "T1 By hand: 1./IR 71 to 0706.",
            "T1 By hand: A/1 Wessex flipped.",
            "T1 By hand: DISR marker on MG/1 Wessex.",
            "T1 By hand: Drumfire marker placed in 0805.",
            "T1 By hand: D/1 Wessex taken off the map.",
            "T1 Dice, dice tray: 3, 2",
            "T2 Turn 2 begins.",
        ]
    );
}

#[test]
fn hand_moves_are_undone_and_taken_back_but_dice_are_not() {
    let whole = session(11);
    assert_eq!(
        game::undo_point(whole.world()),
        Some(6),
        "the turn marker goes back"
    );
    let mut game = {
        let mut g = table_game(11);
        for o in &whole.orders()[..6] {
            g.submit(o.clone()).unwrap();
        }
        g
    };
    assert_eq!(game::undo_point(game.world()), None, "the roll stands");
    let mut before_roll = table_game(11);
    for o in &game.orders()[..5] {
        before_roll.submit(o.clone()).unwrap();
    }
    assert_eq!(game::undo_point(before_roll.world()), Some(4));
    // Back again: the piece returns from off the map, the marker comes off, the unit flips back.
    hand(&mut game, move_to("b_d", "1207"));
    assert!(game.world().get::<OffMap>(entity(&game, "b_d")).is_none());
    hand(
        &mut game,
        TableOrder::Mark {
            piece: "b_mg".into(),
            marker: MarkerKind::Disrupted,
            on: false,
        },
    );
    hand(
        &mut game,
        TableOrder::MarkHex {
            hex: "0805".into(),
            marker: HexMarkerKind::Drumfire,
            on: false,
        },
    );
    hand(&mut game, flip("b_a"));
    hand(&mut game, move_to("g_1", "0105"));
    index_agrees(&mut game);
    // Only the dice have moved on since the start.
    let mut w = game.world_mut().query::<&HexMarker>();
    assert_eq!(w.iter(game.world()).count(), 0);
    let fresh_then_rolled = {
        let mut g = table_game(11);
        hand(&mut g, TableOrder::Roll { dice: 2 });
        g.state_hash()
    };
    assert_eq!(game.state_hash(), fresh_then_rolled);
}

#[test]
fn hand_moves_that_name_nothing_there_are_refused_and_change_nothing() {
    let mut game = session(11);
    let cases = [
        (
            move_to("nobody", "0101"),
            "There is no piece `nobody` in this scenario.",
        ),
        (move_to("g_2", "4040"), "4040 is not on this map."),
        (move_to("g_1", "0706"), "1./IR 71 is already in 0706."),
        (
            TableOrder::Remove {
                piece: "b_d".into(),
            },
            "D/1 Wessex is already off the map.",
        ),
        (
            flip("g_maj"),
            "Maj. Hollweg is a leader: a leader's counter has one side in play.",
        ),
        (
            TableOrder::Mark {
                piece: "b_mg".into(),
                marker: MarkerKind::Disrupted,
                on: true,
            },
            "MG/1 Wessex already carries DISR marker.",
        ),
        (
            TableOrder::Mark {
                piece: "b_d".into(),
                marker: MarkerKind::Pinned,
                on: true,
            },
            "D/1 Wessex is off the map: put it back on the map first.",
        ),
        (
            TableOrder::MarkHex {
                hex: "0101".into(),
                marker: HexMarkerKind::Drumfire,
                on: false,
            },
            "0101 has no Drumfire marker.",
        ),
        (
            TableOrder::Roll { dice: 7 },
            "The dice tray rolls 1 to 6 dice, not 7.",
        ),
        (
            TableOrder::Roll { dice: 0 },
            "The dice tray rolls 1 to 6 dice, not 0.",
        ),
    ];
    for (order, reason) in cases {
        assert_eq!(refused(&mut game, order), reason);
    }
    for _ in 2..8 {
        hand(&mut game, TableOrder::NextTurn);
    }
    assert_eq!(
        refused(&mut game, TableOrder::NextTurn),
        "Turn 8 is the scenario's last: the turn marker goes no further."
    );
    assert!(refused(&mut game, move_to("g_2", "07x6")).contains("07x6"));
}

#[test]
fn the_rules_and_the_table_keep_to_their_own_orders() {
    let mut table = table_game(5);
    let rule_order = Order::from(GwOrder::Activate {
        side: 0,
        piece: "g_1".into(),
    });
    assert_eq!(
        table.submit(rule_order).unwrap_err().0,
        "The rules are off at this table: pieces move by hand."
    );
    assert_eq!(
        table.submit(Order::Pass { side: 1 }).unwrap_err().0,
        "The rules are off at this table: pieces move by hand."
    );
    let mut rules = tutorial_game(5);
    let before = rules.state_hash();
    assert_eq!(
        rules
            .submit(Order::Table(TableOrder::Roll { dice: 1 }))
            .unwrap_err()
            .0,
        "Hand moves are for table mode; this game follows the rules."
    );
    assert_eq!(rules.state_hash(), before);
}

#[test]
fn a_table_session_saves_and_reloads_to_the_same_state_hash() {
    let scenario = tutorial();
    let mut game = session(11);
    let dir = std::env::temp_dir().join(format!("drumfire-test-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("table.ron");
    save::write(&path, &save::save_of(&mut game, &scenario, 11)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("table: true"), "{text}");
    for written in ["Table(Move(", "to: \"0706\"", "Table(Roll("] {
        assert!(text.contains(written), "{written} not in {text}");
    }
    let loaded = save::parse("table.ron", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(loaded.file.orders.len(), 7);
    let (mut replayed, check) = save::replay(&loaded);
    assert_eq!(check, Ok(game.state_hash()));
    assert_eq!(replayed.mode(), Mode::Table);
    assert_eq!(replayed.journal().entries(), game.journal().entries());
    // And it goes on at the table from there.
    hand(&mut replayed, TableOrder::Roll { dice: 1 });

    // A rules save says nothing of the table, and reads back as a rules game.
    let mut rules = tutorial_game(11);
    let rules_text = ron::ser::to_string(&save::save_of(&mut rules, &scenario, 11)).unwrap();
    assert!(!rules_text.contains("table"));
    let back = save::parse("rules.ron", &rules_text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(back.file.mode(), Mode::Rules);
}

#[test]
fn a_game_reset_to_the_table_is_the_same_as_one_started_there() {
    let scenario = tutorial();
    let mut switched = tutorial_game(11);
    switched.reset(&scenario, 11, Mode::Table);
    assert_eq!(switched.phase(), Phase::Table);
    let mut fresh = table_game(11);
    assert_eq!(switched.state_hash(), fresh.state_hash());
    assert_eq!(switched.journal().entries(), fresh.journal().entries());
    // And back to the rules: the leader draw and the set-up come again.
    switched.reset(&scenario, 11, Mode::Rules);
    let mut rules = tutorial_game(11);
    assert_eq!(switched.phase(), Phase::Setup);
    assert_eq!(switched.state_hash(), rules.state_hash());
    assert_ne!(rules.state_hash(), fresh.state_hash());
}
