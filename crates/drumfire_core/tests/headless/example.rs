//! The worked example of a rule set (`examples/skirmish`, walked through in
//! `docs/architecture.md`, "Adding a rule set"), plugged in through the same trait as
//! the five the game ships and played by the same generic code: whole games with
//! their invariants, a save that replays, undo that stops at dice, the editor
//! carrying its section's pieces along. Two sessions in memory play it in
//! `drumfire_net`'s tests.

#[path = "../../examples/skirmish/rules/mod.rs"]
mod skirmish;

use drumfire_core::editor::{Edit, Editor};
use drumfire_core::game::{Game, undo_point};
use drumfire_core::orders::Order;
use drumfire_core::save;
use drumfire_core::scenario::Scenario;
use skirmish::{INFO, RULE_SETS, SkOrder};

fn hollow_farm() -> Scenario {
    drumfire_core::scenario::parse("hollow_farm.ron", skirmish::SCENARIO, &RULE_SETS).unwrap()
}

fn mv(side: u8, unit: &str, path: &[&str]) -> Order {
    SkOrder::Move {
        side,
        unit: unit.into(),
        path: path.iter().map(|h| (*h).to_owned()).collect(),
    }
    .into()
}

fn fight(side: u8, unit: &str, target: &str) -> Order {
    SkOrder::Fight {
        side,
        unit: unit.into(),
        target: target.into(),
    }
    .into()
}

/// A game at turn 1 with Red (side 0) to give the first order: seed 1's initiative.
fn red_first() -> Game {
    let game = Game::new(&hollow_farm(), 1);
    assert_eq!(game.awaiting(), Some(0));
    game
}

#[test]
fn the_example_plays_whole_games_between_random_players_its_invariants_holding() {
    for seed in 0..24 {
        let game = drumfire_core::testing::soak_game(&hollow_farm(), seed).unwrap();
        assert!(game.is_over(), "seed {seed}");
    }
}

#[test]
fn a_computer_game_of_the_example_saves_reads_back_and_replays_to_its_hash() {
    let scenario = hollow_farm();
    let (orders, hash) = drumfire_core::testing::computer_game(&scenario, 3);
    let mut game = Game::new(&scenario, 3);
    for o in &orders {
        game.submit(o.clone()).unwrap();
    }
    assert_eq!(game.state_hash(), hash);
    let text = save::to_text(&save::save_of(&mut game, &scenario, 3)).unwrap();
    assert!(text.contains("Skirmish(Move("), "{text}");
    let loaded = save::parse("skirmish_save.ron", &text, &RULE_SETS).unwrap();
    assert_eq!(save::replay(&loaded).1, Ok(hash));
    // Read with the five shipped rule sets instead, the save names a rule set they lack.
    let errs = save::parse("skirmish_save.ron", &text, &drumfire_core::rules::ALL).unwrap_err();
    assert!(errs[0].message.contains("`Skirmish`"), "{errs:?}");
}

#[test]
fn a_move_is_checked_hex_by_hex() {
    let mut game = red_first();
    let refused = |game: &Game, o: Order| {
        drumfire_core::door::validate(game.world(), &o)
            .unwrap_err()
            .0
    };
    // A line moves 2, its scouts 4; woods cost 2, the pond at 0504 cannot be entered.
    assert_eq!(
        refused(&game, mv(0, "r_1", &["0203"])),
        "1st Line cannot enter 0203: it is a pond, off the map or taken."
    );
    assert_eq!(
        refused(&game, mv(0, "r_3", &["0303", "0404", "0504"])),
        "Red Scouts cannot enter 0504: it is a pond, off the map or taken."
    );
    assert_eq!(
        refused(&game, mv(0, "r_1", &["0303"])),
        "0303 is not beside 0102."
    );
    assert_eq!(
        refused(&game, mv(0, "r_1", &["0202", "0302"])),
        "1st Line moves 2; entering 0302 would take 4."
    );
    assert_eq!(
        refused(&game, mv(0, "b_1", &["0702"])),
        "3rd Line is not one of yours."
    );
    assert_eq!(
        refused(&game, mv(0, "r_1", &[])),
        "1st Line: a move enters at least one hex."
    );
    game.submit(mv(0, "r_1", &["0101", "0201"])).unwrap();
    assert_eq!(game.awaiting(), Some(1));
    game.submit(Order::Pass { side: 1 }).unwrap();
    assert_eq!(
        refused(&game, mv(0, "r_1", &["0301"])),
        "1st Line has acted this turn."
    );
}

#[test]
fn a_move_handed_over_and_a_fight_are_not_undone() {
    let mut game = red_first();
    let before = game.state_hash();
    game.submit(mv(0, "r_3", &["0303", "0403", "0503", "0604"]))
        .unwrap();
    // The move rolled nothing, but it handed the move to Blue: Red's order is Red's
    // to take back, and Red no longer has the move (at one screen Blue never takes
    // back Red's order).
    assert_eq!(game.awaiting(), Some(1));
    assert_eq!(undo_point(game.world()), None);
    assert_eq!(
        drumfire_core::game::no_undo(game.world()),
        Some(
            "The last order was given by a side the game no longer waits on: only its own side takes an order back, while the move is still its."
        )
    );
    let moved = game.state_hash();
    // Blue's scouts beside Red's at 0604: a fight rolls a die, and is not undone.
    game.submit(fight(1, "b_3", "r_3")).unwrap();
    assert_eq!(undo_point(game.world()), None);
    let mut again = red_first();
    assert_eq!(again.state_hash(), before);
    again.submit(game.orders()[0].clone()).unwrap();
    assert_eq!(again.state_hash(), moved);
    assert_ne!(moved, before);
}

#[test]
fn a_fight_destroys_on_the_units_number_with_its_modifiers() {
    let mut game = red_first();
    // Red's scouts (fight 2) come beside Blue's scouts in 0704, in the open.
    game.submit(mv(0, "r_3", &["0303", "0403", "0503", "0604"]))
        .unwrap();
    let world = game.world();
    let (u, t) = (
        skirmish::unit(world, "b_3").unwrap(),
        skirmish::unit(world, "r_3").unwrap(),
    );
    // Blue's scouts stand beside their colours at 0804: 2 + 1.
    let odds = skirmish::fight::odds(world, &u, &t);
    assert_eq!(odds.sixths(), 3);
    assert_eq!(odds.modifiers, vec![(1, "at its colours")]);
    assert_eq!(
        drumfire_core::door::validate(world, &fight(1, "b_3", "r_1"))
            .unwrap_err()
            .0,
        "1st Line is not beside Blue Scouts."
    );
    game.submit(fight(1, "b_3", "r_3")).unwrap();
    // Seed 1's die for that fight is a 6: Red's scouts hold.
    assert!(drumfire_core::testing::journal_says(
        &game,
        "Red Scouts holds: 6 against 3 or less."
    ));
    // Both pass: turn 2, Blue's initiative (4 to 1), and its scouts fight again.
    game.submit(Order::Pass { side: 0 }).unwrap();
    game.submit(Order::Pass { side: 1 }).unwrap();
    assert_eq!(game.awaiting(), Some(1));
    game.submit(fight(1, "b_3", "r_3")).unwrap();
    // This time the die is a 2: Red's scouts are gone, a point to Blue.
    assert!(drumfire_core::testing::journal_says(
        &game,
        "DiceRolled { purpose: \"Blue Scouts fights Red Scouts\", faces: [2] }"
    ));
    assert!(skirmish::unit(game.world(), "r_3").is_none());
    assert_eq!(
        game.world().resource::<drumfire_core::flow::StepsLost>().0,
        vec![1]
    );
}

#[test]
fn the_turn_ends_when_both_sides_pass_in_a_row_and_the_game_after_six() {
    let mut game = red_first();
    for _ in 0..6 {
        let first = game.awaiting().unwrap();
        game.submit(Order::Pass { side: first }).unwrap();
        game.submit(Order::Pass { side: 1 - first }).unwrap();
    }
    assert!(game.is_over());
    // Nobody holds the farm; nothing was lost: a draw.
    assert_eq!(game.outcome().unwrap().winner, None);
}

#[test]
fn the_editor_carries_the_example_s_colours_along() {
    let mut ed = Editor::open("hollow_farm.ron", skirmish::SCENARIO, &RULE_SETS).unwrap();
    assert_eq!(ed.rules().id, "skirmish");
    let pieces = |ed: &Editor| (ed.rules().editor.pieces)(&ed.file);
    assert_eq!(pieces(&ed).len(), 2);
    ed.apply(&Edit::Move {
        id: "red_flag".into(),
        hex: "0203".into(),
    })
    .unwrap();
    ed.apply(&Edit::Rename {
        id: "blue_flag".into(),
        name: "Blue standard".into(),
    })
    .unwrap();
    assert_eq!(pieces(&ed)[0].hex, "0203");
    assert_eq!(pieces(&ed)[1].name, "Blue standard");
    // Cut to six columns: Blue's colours at 0804 go with the hexes.
    ed.apply(&Edit::Resize {
        width: 6,
        height: 7,
        glyph: '.',
    })
    .unwrap();
    assert_eq!(pieces(&ed).len(), 1);
    assert!(ed.undo());
    assert_eq!(pieces(&ed).len(), 2);
    ed.apply(&Edit::Delete {
        id: "red_flag".into(),
    })
    .unwrap();
    assert_eq!(pieces(&ed).len(), 1);
    assert!(ed.check().is_ok());
    // A flag of no side is an error at its field, and the panel goes to its hex.
    let text = skirmish::SCENARIO.replace(
        "side: \"red\", hex: \"0103\"",
        "side: \"green\", hex: \"0103\"",
    );
    let errs = drumfire_core::scenario::parse("bad.ron", &text, &RULE_SETS).unwrap_err();
    assert_eq!(errs[0].field, "skirmish.flags[0].side");
    assert_eq!(errs[0].message, "no side `green` in this scenario");
    let bad = Editor::open("bad.ron", &text, &RULE_SETS).unwrap();
    assert_eq!(bad.error_hex(&errs[0]).as_deref(), Some("0103"));
    // A new scenario of the example starts with an empty section.
    let new = Editor::new(&RULE_SETS, &INFO, "new.ron");
    assert!(pieces(&new).is_empty());
}

/// A hand move or a seal that no stage of the door took (a world assembled without
/// them) is refused by the rule set, not let through as no order of its own.
#[test]
fn a_hand_move_or_a_seal_that_reaches_the_rule_set_is_refused() {
    let game = red_first();
    let world = game.world();
    let hand = Order::Table(drumfire_core::table_order::TableOrder::NextTurn);
    assert_eq!(
        (INFO.validate)(world, &hand).unwrap_err().0,
        "Hand moves are for table mode; this game follows the rules."
    );
    let seal = Order::Sealed {
        side: 0,
        seal: "0".repeat(64),
    };
    assert_eq!(
        (INFO.validate)(world, &seal).unwrap_err().0,
        "The Skirmish rules take no sealed order here."
    );
    // Through the door, the table stage decides the hand move first.
    assert_eq!(
        drumfire_core::door::validate(world, &hand).unwrap_err().0,
        "Hand moves are for table mode; this game follows the rules."
    );
}
