//! The replay viewer's timeline (the turn and phase after each order, where each
//! turn's phases begin), its bookmarks, and the order door shut while a replay is
//! watched.

use drumfire_core::door::{self, Watching};
use drumfire_core::players::{Bot, PlayerKind, play_out};
use drumfire_core::save::{self, Divergence};
use drumfire_core::timeline::{
    Bookmark, Timeline, bookmarks_path, read_bookmarks, write_bookmarks,
};

/// A whole game of a shipped scenario (the computer against random play, seed 5), saved.
fn whole_save(set: &str, name: &str) -> save::Save {
    let scenario = drumfire_core::testing::shipped(set, name);
    let mut game = drumfire_core::game::Game::new(&scenario, 5);
    let mut bots = [Bot::new(PlayerKind::Ai, 5), Bot::new(PlayerKind::Random, 6)];
    play_out(&mut game, &mut bots).unwrap();
    let file = save::save_of(&mut game, &scenario, 5);
    let text = save::to_text(&file).unwrap();
    save::parse("ukhozi.save.ron", &text, &drumfire_core::rules::ALL).unwrap()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("drumfire-timeline-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_timeline_names_the_turn_and_phase_after_every_order_and_where_each_begins() {
    let save = whole_save("napoleonic", "lindenau.ron");
    let timeline = Timeline::of(&save).unwrap();
    let n = save.file.orders.len();
    assert_eq!(timeline.orders(), n);
    // Before the first order: the first turn's orders being written.
    let first = timeline.moment(0);
    assert_eq!((first.turn, first.label().as_str()), (1, "Turn 1 · Orders"));
    // The end: the game is over.
    assert_eq!(timeline.moment(n).phase, "Game Over");
    assert_eq!(timeline.moment(n).awaiting, None);
    // Each chapter starts where the game first stood in it, in order, with no two alike
    // in a row, and every moment lies in the chapter before it.
    let chapters = timeline.chapters();
    let first_turns: Vec<(u16, &str, usize)> = chapters[..7]
        .iter()
        .map(|c| (c.turn, c.phase, c.at))
        .collect();
    assert_eq!(
        first_turns,
        [
            (1, "Orders", 0),
            (1, "Movement", 2),
            (1, "Combat", 8),
            (2, "Orders", 10),
            (2, "Movement", 12),
            (2, "Combat", 18),
            (3, "Orders", 21),
        ]
    );
    // One brigade a side in each built-up area (N-34) changed one move of this game.
    assert_eq!(n, 59);
    for pair in chapters.windows(2) {
        assert!(pair[0].at < pair[1].at);
        assert!((pair[0].turn, pair[0].phase) != (pair[1].turn, pair[1].phase));
        assert!(pair[0].turn <= pair[1].turn);
    }
    for c in chapters {
        let m = timeline.moment(c.at);
        assert_eq!((m.turn, m.phase), (c.turn, c.phase));
    }
    for k in 0..=n {
        let c = timeline.chapter_of(k).unwrap();
        let m = timeline.moment(k);
        assert_eq!((c.turn, c.phase), (m.turn, m.phase), "moment {k}");
    }
    let turns = save.scenario.file.turns;
    let last_turn = chapters.iter().map(|c| c.turn).max().unwrap();
    assert!(
        last_turn >= 1 && last_turn <= turns + 1,
        "{last_turn} of {turns}"
    );
}

#[test]
fn a_timeline_refuses_a_save_that_does_not_replay() {
    let mut save = whole_save("portable", "ukhozi_drift.ron");
    save.state_hash = drumfire_core::hash::StateHash(save.state_hash.0 ^ 1);
    match Timeline::of(&save) {
        Err(Divergence::Hash { recorded, .. }) => assert_eq!(recorded, save.state_hash),
        other => panic!("{other:?}"),
    }
}

#[test]
fn bookmarks_are_kept_beside_the_save_sorted_and_bad_ones_located() {
    let dir = temp_dir("marks");
    let save = dir.join("game.save.ron");
    let path = bookmarks_path(&save);
    assert_eq!(path, dir.join("game.save.bookmarks.ron"));
    assert_eq!(read_bookmarks(&path, 10).unwrap(), Vec::new(), "none yet");
    let marks = vec![
        Bookmark {
            order: 7,
            note: "the flank goes".into(),
        },
        Bookmark {
            order: 2,
            note: String::new(),
        },
    ];
    write_bookmarks(&path, &marks).unwrap();
    assert!(!path.with_extension("ron.tmp").exists());
    let read = read_bookmarks(&path, 10).unwrap();
    assert_eq!(read.iter().map(|b| b.order).collect::<Vec<_>>(), [2, 7]);
    assert_eq!(read[1].note, "the flank goes");

    // A bookmark past the save's end: another save's bookmarks.
    let err = read_bookmarks(&path, 5).unwrap_err();
    assert_eq!(err.field, "bookmarks[0].order");
    let text = std::fs::read_to_string(&path).unwrap();
    let line = text.lines().nth(err.line - 1).unwrap();
    assert!(line.contains("order: 7"), "{err} points at `{line}`");

    // A typo is located by the RON reader.
    std::fs::write(
        &path,
        "Bookmarks(bookmarks: [Bookmark(order: 1, nots: \"x\")])",
    )
    .unwrap();
    let err = read_bookmarks(&path, 5).unwrap_err();
    assert_eq!((err.line, err.col > 1), (1, true), "{err}");
    assert!(err.message.contains("nots"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn while_a_replay_is_watched_the_door_takes_only_the_replays_orders() {
    let save = whole_save("portable", "ukhozi_drift.ron");
    let mut game = drumfire_core::game::Game::new(&save.scenario, 5);
    let order = save.file.orders[0].clone();
    game.world_mut().insert_resource(Watching);
    let before = game.state_hash();
    let refusal = game.submit(order.clone()).unwrap_err();
    assert!(refusal.0.contains("replay being watched"), "{refusal}");
    let refusal = door::validate(game.world(), &order).unwrap_err();
    assert!(refusal.0.contains("replay being watched"), "{refusal}");
    assert_eq!(game.state_hash(), before);
    // The viewer's own step goes through and is carried out at once.
    let world = game.world_mut();
    door::submit_watched(world, order).unwrap();
    drumfire_core::game::settle_now(world).unwrap();
    assert_eq!(game.orders().len(), 1);
    // And the save's orders must still be ones the rules accept.
    let wrong = drumfire_core::orders::Order::Pass { side: 9 };
    assert!(door::submit_watched(game.world_mut(), wrong).is_err());
}
