//! Units made of stands or bases lost one by one, in the shared counter model: where
//! the line is broken, below half, read from the scenario and checked, in the state
//! hash, lost and put back by hand at the table, and set in the editor.

use drumfire_core::counters::{PieceIds, Stand, Stands};
use drumfire_core::editor::{Edit, Editor};
use drumfire_core::game::{Game, Mode};
use drumfire_core::orders::Order;
use drumfire_core::rules::{self, DEFAULT_SCENARIO, DEFAULT_SCENARIO_NAME};
use drumfire_core::save;
use drumfire_core::scenario::{self, Scenario};
use drumfire_core::table::TableOrder;

/// The tutorial with the German 1st company made of four stands.
const WITH_STANDS: &str =
    r#"name: "1./IR 71", stands: ["rifles", "rifles", "rifles", "machinegun"])"#;

fn tutorial_with_stands() -> (String, Scenario) {
    let text = DEFAULT_SCENARIO.replacen(r#"name: "1./IR 71")"#, WITH_STANDS, 1);
    assert_ne!(
        text, DEFAULT_SCENARIO,
        "the tutorial's first company was not found"
    );
    let scenario = scenario::parse(DEFAULT_SCENARIO_NAME, &text, &rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    (text, scenario)
}

fn stands_of(game: &Game, id: &str) -> Option<Stands> {
    let e = game.world().resource::<PieceIds>().get(id)?;
    game.world().get::<Stands>(e).cloned()
}

fn line(glance: &str) -> Stands {
    Stands(
        glance
            .chars()
            .map(|c| Stand {
                kind: "rifles".into(),
                lost: c == '□',
            })
            .collect(),
    )
}

fn stand(piece: &str, stand: u8, lost: bool) -> Order {
    Order::Table(TableOrder::Stand {
        piece: piece.into(),
        stand,
        lost,
    })
}

#[test]
fn a_line_is_broken_only_between_standing_stands() {
    for (glance, breaks, below_half) in [
        ("■■■■", 0, false),
        ("□■■■", 0, false),
        ("■■■□", 0, false),
        ("■□■■", 1, false),
        ("■□□■", 1, false),
        ("■□■□■", 2, false),
        ("■□■□■□■", 3, false),
        ("□■□□", 0, true),
        ("■□□□■", 1, true),
        ("■■□□", 0, false),
        ("□□□□", 0, true),
    ] {
        let s = line(glance);
        assert_eq!(s.glance(), glance);
        assert_eq!(s.breaks(), breaks, "breaks of {glance}");
        assert_eq!(s.below_half(), below_half, "below half of {glance}");
    }
}

#[test]
fn a_stand_is_lost_once_and_put_back_once() {
    let mut s = Stands::new(["rifles", "rifles", "gun"]);
    assert_eq!((s.total(), s.standing()), (3, 3));
    s.lose(1).unwrap();
    assert_eq!(s.glance(), "■□■");
    assert_eq!(s.lose(1), Err("stand 2 is lost already".into()));
    assert_eq!(s.lose(3), Err("there is no stand 4 of 3".into()));
    assert_eq!(s.restore(0), Err("stand 1 is standing already".into()));
    s.restore(1).unwrap();
    assert_eq!((s.standing(), s.glance().as_str()), (3, "■■■"));
}

#[test]
fn a_scenario_gives_units_their_stands_and_the_hash_sees_them() {
    let (_, scenario) = tutorial_with_stands();
    let mut game = Game::new(&scenario, 5);
    let stands = stands_of(&game, "g_1").expect("g_1 has stands");
    let kinds: Vec<&str> = stands.0.iter().map(|s| s.kind.as_str()).collect();
    assert_eq!(kinds, ["rifles", "rifles", "rifles", "machinegun"]);
    assert_eq!(
        stands_of(&game, "g_2"),
        None,
        "a unit of steps has no stands"
    );
    // The stands are part of the state: the same game without them hashes otherwise.
    let mut plain = Game::new(&drumfire_core::testing::tutorial(), 5);
    assert_ne!(game.state_hash(), plain.state_hash());
}

#[test]
fn a_stand_without_its_kind_or_too_many_stands_is_refused_where_it_is_written() {
    let bad = DEFAULT_SCENARIO.replacen(
        r#"name: "1./IR 71")"#,
        r#"name: "1./IR 71", stands: ["rifles", " "])"#,
        1,
    );
    let errs = scenario::parse("bad.ron", &bad, &rules::ALL).unwrap_err();
    let e = errs
        .iter()
        .find(|e| e.field == "counters[0].stands[1]")
        .unwrap_or_else(|| panic!("{errs:?}"));
    assert_eq!((e.file.as_str(), e.line), ("bad.ron", 58));
    assert!(e.message.contains("needs its kind"), "{e}");

    let many = format!("[{}]", vec!["\"rifles\""; 13].join(", "));
    let bad = DEFAULT_SCENARIO.replacen(
        r#"name: "1./IR 71")"#,
        &format!(r#"name: "1./IR 71", stands: {many})"#),
        1,
    );
    let errs = scenario::parse("many.ron", &bad, &rules::ALL).unwrap_err();
    assert!(
        errs.iter()
            .any(|e| e.field == "counters[0].stands" && e.message.contains("at most 12")),
        "{errs:?}"
    );
}

#[test]
fn at_the_table_a_stand_is_lost_and_put_back_by_hand_and_replays() {
    let (_, scenario) = tutorial_with_stands();
    let mut game = Game::with_mode(&scenario, 8, Mode::Table);
    let start = game.state_hash();
    game.submit(stand("g_1", 1, true)).unwrap();
    game.submit(stand("g_1", 2, true)).unwrap();
    let s = stands_of(&game, "g_1").unwrap();
    assert_eq!((s.glance().as_str(), s.breaks()), ("■□□■", 1));
    let lost = game.state_hash();
    assert_ne!(lost, start);

    // Near misses change nothing.
    for (order, why) in [
        (stand("g_1", 1, true), "stand 2 is lost already"),
        (stand("g_1", 0, false), "stand 1 is standing already"),
        (stand("g_1", 4, true), "there is no stand 5 of 4"),
        (stand("g_2", 0, true), "is not made of stands"),
    ] {
        let refusal = game.submit(order).unwrap_err().0;
        assert!(refusal.contains(why), "{refusal}");
        assert_eq!(game.state_hash(), lost);
    }

    game.submit(stand("g_1", 1, false)).unwrap();
    assert_eq!(stands_of(&game, "g_1").unwrap().glance(), "■■□■");
    let log: Vec<String> = game
        .journal()
        .entries()
        .iter()
        .map(|e| e.event.describe(&Default::default(), &Default::default()))
        .collect();
    assert!(
        log.iter().any(|l| l == "By hand: g_1 loses stand 2."),
        "{log:?}"
    );
    assert!(
        log.iter().any(|l| l == "By hand: g_1 gets back stand 2."),
        "{log:?}"
    );

    // Saved and replayed, to the same hash.
    let saved = save::save_of(&mut game, &scenario, 8);
    let text = save::to_text(&saved).unwrap();
    let loaded = save::parse("stands.ron", &text, &rules::ALL).unwrap();
    let (_, check) = save::replay(&loaded);
    assert_eq!(check, Ok(game.state_hash()));
}

#[test]
fn the_editor_sets_a_units_stands_and_writes_them_back() {
    let (text, _) = tutorial_with_stands();
    let mut editor = Editor::open("stands.ron", &text, &rules::ALL).unwrap();
    editor
        .apply(&Edit::Stands {
            id: "g_2".into(),
            stands: vec![" rifles".into(), "rifles ".into(), "mortar".into()],
        })
        .unwrap();
    editor
        .apply(&Edit::Stands {
            id: "g_1".into(),
            stands: vec![],
        })
        .unwrap();
    let refused = editor.apply(&Edit::Stands {
        id: "g_3".into(),
        stands: vec!["rifles".into(), "".into()],
    });
    assert!(refused.is_err());
    let written = editor.to_text();
    let back =
        scenario::parse("back.ron", &written, &rules::ALL).unwrap_or_else(|e| panic!("{}", e[0]));
    let game = Game::new(&back, 1);
    assert_eq!(stands_of(&game, "g_2").unwrap().glance(), "■■■");
    assert_eq!(stands_of(&game, "g_1"), None);
    assert_eq!(stands_of(&game, "g_3"), None);
}
