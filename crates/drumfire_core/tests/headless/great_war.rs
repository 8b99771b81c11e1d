//! The Great War rules, one test (or a few) per rule of the seed, each on a small
//! made-up battlefield with a fixed seed and exact expected outcomes.
//! docs/rules/great-war.md maps each rule sentence to the tests here.

use drumfire_core::counters::{MarkerKind, OffMap, PieceIds, markers_on};
use drumfire_core::flow::{Phase, Turn};
use drumfire_core::game::Game;
use drumfire_core::journal::GameEvent;
use drumfire_core::orders::Order;
use drumfire_core::rules::great_war::fire::{self, plan_action_fire};
use drumfire_core::rules::great_war::state::Prompt;
use drumfire_core::rules::great_war::tables::Table;
use drumfire_core::rules::great_war::testing::skip_setup;
use drumfire_core::rules::great_war::{Assignment, GwOrder, GwState, Mission, view};
use drumfire_core::scenario::{self, Scenario, hex_of};

const RED: u8 = 0;
const BLUE: u8 = 1;

/// A three-turn battle on `map` between Red (always first) and Blue.
fn battle(map: &[&str], body: &str) -> Scenario {
    battle_with(map, body, "")
}

fn battle_with(map: &[&str], body: &str, red_extra: &str) -> Scenario {
    battle_sides(map, body, red_extra, "")
}

fn battle_sides(map: &[&str], body: &str, red_extra: &str, blue_extra: &str) -> Scenario {
    drumfire_core::rules::great_war::testing::great_war_battle(map, body, red_extra, blue_extra)
}

/// Starts the game with every plan on Open Sights.
fn start(s: &Scenario, seed: u64) -> Game {
    let mut g = Game::new(s, seed);
    skip_setup(&mut g);
    g
}

fn gw(game: &mut Game, o: GwOrder) -> Result<(), String> {
    game.submit(Order::from(o)).map_err(|r| r.0)
}

fn ids(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_owned()).collect()
}

fn at(game: &Game, id: &str) -> Option<String> {
    view::by_id(game.world(), id).map(|p| view::label(p.hex))
}

fn marks(game: &Game, id: &str) -> Vec<MarkerKind> {
    let e = game.world().resource::<PieceIds>().get(id).unwrap();
    markers_on(&game.world().entity(e))
}

fn steps(game: &Game, id: &str) -> u8 {
    view::by_id(game.world(), id).map_or(0, |p| p.steps.current)
}

fn state(game: &Game) -> &GwState {
    game.world().resource::<GwState>()
}

fn events(game: &Game) -> Vec<GameEvent> {
    game.journal()
        .entries()
        .iter()
        .map(|e| e.event.clone())
        .collect()
}

fn fired(game: &Game) -> Vec<(String, Vec<u8>, String)> {
    events(game)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::Fired {
                kind, dice, result, ..
            } => Some((kind, dice, result)),
            _ => None,
        })
        .collect()
}

fn activate(game: &mut Game, side: u8, piece: &str) {
    gw(
        game,
        GwOrder::Activate {
            side,
            piece: piece.into(),
        },
    )
    .unwrap();
}

fn mv(game: &mut Game, side: u8, pieces: &[&str], path: &[&str]) -> Result<(), String> {
    gw(
        game,
        GwOrder::Move {
            side,
            pieces: ids(pieces),
            path: ids(path),
        },
    )
}

/// Answers every question with the first sensible answer (hold fire, first unit takes the loss).
fn answer_all(game: &mut Game) {
    while let Some(p) = state(game).prompt.clone() {
        match p {
            Prompt::OpportunityFire { side, .. } => gw(game, GwOrder::HoldFire { side }).unwrap(),
            Prompt::StepLoss {
                side, candidates, ..
            } => gw(
                game,
                GwOrder::TakeStepLoss {
                    side,
                    piece: candidates[0].clone(),
                },
            )
            .unwrap(),
            Prompt::OpenPlot { .. } => panic!("no plan is sealed in these games"),
        }
    }
}

// ---- Getting started ---------------------------------------------------------

#[test]
fn leaders_are_flipped_and_only_face_up_leaders_are_used() {
    let s = battle(
        &["....", "...."],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0402")],
           leaders: [(id: "ra", side: "red", name: "A", kind: Infantry, rank: 1, morale: 8, hex: "0101"),
                     (id: "rb", side: "red", name: "B", kind: Infantry, rank: 2, morale: 8, hex: "0101"),
                     (id: "bc", side: "blue", name: "C", kind: Infantry, rank: 1, morale: 8, hex: "0402"),
                     (id: "bd", side: "blue", name: "D", kind: Infantry, rank: 1, morale: 8, hex: "0402", flip: false)]"#,
    );
    let g = start(&s, 7);
    // Seed 7 flips bc, ra, rb (in id order) with 4, 1, 1: bc face-up, ra and rb face-down; bd is not flipped.
    let drawn: Vec<(String, bool)> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::LeaderDrawn { piece, face_up } => Some((piece, face_up)),
            _ => None,
        })
        .collect();
    assert_eq!(
        drawn,
        vec![
            ("bc".into(), true),
            ("ra".into(), false),
            ("rb".into(), false)
        ]
    );
    assert_eq!(at(&g, "bc"), Some("0402".into()));
    assert_eq!(at(&g, "bd"), Some("0402".into()));
    assert_eq!(at(&g, "ra"), None);
    let e = g.world().resource::<PieceIds>().get("ra").unwrap();
    assert_eq!(g.world().get::<OffMap>(e), Some(&OffMap::SetAside));
}

fn artillery_battle() -> Scenario {
    battle_with(
        &["........", "........", "........"],
        r#"counters: [(id: "bty", side: "red", unit: "field_battery", hex: "0102"),
                      (id: "mor", side: "red", unit: "mortar", hex: "0101"),
                      (id: "r1", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0702"),
                      (id: "b2", side: "blue", unit: "rifle_company", hex: "0802")]"#,
        r#", off_board_artillery: [(id: "heavy", name: "Heavy guns", strength: 12),
                                   (id: "field", name: "Field guns", strength: 6)]"#,
    )
}

fn plan(game: &mut Game, missions: Vec<(&str, Mission)>) -> Result<(), String> {
    gw(
        game,
        GwOrder::Plan {
            side: RED,
            missions: missions
                .into_iter()
                .map(|(s, m)| Assignment {
                    source: s.into(),
                    mission: m,
                })
                .collect(),
        },
    )
}

fn fire_on(turns: &[Option<&str>]) -> Mission {
    Mission::PlannedFire {
        targets: turns.iter().map(|t| t.map(str::to_owned)).collect(),
    }
}

#[test]
fn every_artillery_unit_and_factor_needs_a_mission_within_the_rules() {
    let s = artillery_battle();
    let mut g = Game::new(&s, 1);
    assert_eq!(g.phase(), Phase::Setup);
    assert_eq!(g.awaiting(), Some(RED));
    let before = g.state_hash();
    let refused = |g: &mut Game, m: Vec<(&str, Mission)>| plan(g, m).unwrap_err();
    let ok = || {
        vec![
            ("bty", fire_on(&[Some("0702"), Some("0702"), None])),
            ("mor", Mission::OpenSights),
            ("heavy", fire_on(&[Some("0802"), None, None])),
            ("field", fire_on(&[None, None, None])),
        ]
    };
    let mut m = ok();
    m.pop();
    assert_eq!(
        refused(&mut g, m),
        "Every artillery unit and factor needs a mission; missing: field."
    );
    let mut m = ok();
    m[0].1 = fire_on(&[Some("0702"), Some("0702"), Some("0702")]);
    assert_eq!(
        refused(&mut g, m),
        "`bty` is plotted to fire on 3 turns; the Artillery Ammunition number allows 2."
    );
    let mut m = ok();
    m[1].1 = fire_on(&[Some("0802"), None, None]);
    assert_eq!(
        refused(&mut g, m),
        "`mor`, turn 1: hex 0802 is 7 hexes away, beyond its range of 6."
    );
    let mut m = ok();
    m[2].1 = Mission::OpenSights;
    assert_eq!(
        refused(&mut g, m),
        "`heavy` is an off-board factor: its only mission is Planned Fire."
    );
    let mut m = ok();
    m[3].1 = Mission::Move {
        destination: "0301".into(),
    };
    assert_eq!(
        refused(&mut g, m),
        "`field` is an off-board factor: its only mission is Planned Fire."
    );
    let mut m = ok();
    m[0].1 = fire_on(&[Some("0999"), None, None]);
    assert_eq!(
        refused(&mut g, m),
        "`bty`, turn 1: `0999` is not a hex of the map."
    );
    let mut m = ok();
    m[0].1 = fire_on(&[None, None]);
    assert_eq!(
        refused(&mut g, m),
        "`bty`: the plan has 2 turns, the scenario 3."
    );
    let mut m = ok();
    m.push(("r1", Mission::OpenSights));
    assert_eq!(
        refused(&mut g, m),
        "`r1` is neither an artillery unit nor an off-board factor of Red."
    );
    assert_eq!(g.state_hash(), before, "refused plans change nothing");
    plan(&mut g, ok()).unwrap();
    // Blue has no artillery: no plan is due, the first turn begins.
    assert_ne!(g.phase(), Phase::Setup);
    assert_eq!(g.world().resource::<Turn>().0, 1);
    // The filed plan reads back: on-board units, then factors.
    let filed = drumfire_core::rules::great_war::setup::filed_plan(g.world(), RED);
    let sources: Vec<&str> = filed.iter().map(|a| a.source.as_str()).collect();
    assert_eq!(sources, ["bty", "mor", "field", "heavy"]);
    assert_eq!(filed[0].mission, ok()[0].1);
    assert!(drumfire_core::rules::great_war::setup::filed_plan(g.world(), 1).is_empty());
}

#[test]
fn bombardment_fires_the_turns_plot_combines_factors_and_places_drumfire() {
    let s = artillery_battle();
    let mut g = Game::new(&s, 3);
    plan(
        &mut g,
        vec![
            ("bty", fire_on(&[Some("0702"), Some("0702"), None])),
            ("mor", Mission::OpenSights),
            ("heavy", fire_on(&[Some("0802"), Some("0802"), None])),
            ("field", fire_on(&[Some("0802"), None, None])),
        ],
    )
    .unwrap();
    answer_all(&mut g);
    // Turn 1: both factors combined on 0802 (12 + 6 = 18), then the battery alone on
    // 0702 (strength 9): within a side, off-board fire lands first.
    let turn1: Vec<(String, String, u32)> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::Fired {
                kind,
                target,
                strength,
                ..
            } => Some((kind, target, strength)),
            _ => None,
        })
        .collect();
    assert_eq!(
        turn1,
        vec![
            ("Planned Fire".into(), "0802".into(), 18),
            ("Planned Fire".into(), "0702".into(), 9),
        ]
    );
    assert!(marks(&g, "bty").contains(&MarkerKind::Fired));
    // Play on to turn 2: the same sources on the same hexes again place Drumfire.
    while g.world().resource::<Turn>().0 < 2 || g.phase() != drumfire_core::rules::great_war::ACTION
    {
        let side = g.awaiting().unwrap();
        g.submit(Order::Pass { side }).unwrap();
        answer_all(&mut g);
    }
    let drumfire: Vec<(String, String)> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::HexMarkerPlaced { hex, source, .. } => Some((hex, source)),
            _ => None,
        })
        .collect();
    assert_eq!(
        drumfire,
        vec![
            ("0802".into(), "heavy".into()),
            ("0702".into(), "bty".into())
        ]
    );
}

#[test]
fn a_unit_entering_a_drumfire_hex_is_attacked_by_the_source() {
    let s = battle_sides(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0301"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")],
           hex_markers: [(kind: Drumfire, hex: "0201", side: "blue", source: "guns")]"#,
        "",
        r#", off_board_artillery: [(id: "guns", name: "Guns", strength: 10)]"#,
    );
    let mut g = start(&s, 5);
    activate(&mut g, RED, "r1");
    mv(&mut g, RED, &["r1"], &["0201"]).unwrap();
    answer_all(&mut g);
    let f = fired(&g);
    assert_eq!(f[0].0, "Drumfire");
    let strength = events(&g).into_iter().find_map(|e| match e {
        GameEvent::Fired {
            strength, firers, ..
        } => Some((strength, firers)),
        _ => None,
    });
    assert_eq!(strength, Some((10, vec!["guns".to_owned()])));
}

#[test]
fn a_demoralized_battery_does_not_fire_its_drumfire() {
    // D-14: a Demoralized battery does not fire its plot; nor its Drumfire.
    let battery = |markers: &str| {
        battle_sides(
            &["......", "......"],
            &format!(
                r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0301"),
                      (id: "g1", side: "blue", unit: "field_battery", hex: "0602"{markers})],
           hex_markers: [(kind: Drumfire, hex: "0201", side: "blue", source: "g1")]"#
            ),
            "",
            "",
        )
    };
    let mut g = start(&battery(r#", markers: [Demoralized]"#), 5);
    activate(&mut g, RED, "r1");
    mv(&mut g, RED, &["r1"], &["0201"]).unwrap();
    answer_all(&mut g);
    assert!(fired(&g).is_empty(), "{:?}", fired(&g));
    assert!(
        events(&g)
            .iter()
            .any(|e| matches!(e, GameEvent::Note { text }
            if text.contains("Drumfire in 0201 does not fire: it is Demoralized"))),
        "{:?}",
        events(&g)
    );
    // In good order, the same battery's Drumfire attacks the company entering.
    let mut g = start(&battery(""), 5);
    activate(&mut g, RED, "r1");
    mv(&mut g, RED, &["r1"], &["0201"]).unwrap();
    answer_all(&mut g);
    assert_eq!(fired(&g)[0].0, "Drumfire");
}

#[test]
fn a_demoralized_leader_lends_no_morale_modifier() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0201")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 2, morale: 8, morale_modifier: 2, hex: "0301", flip: false)]"#,
    );
    let mut g = start(&s, 1);
    let morale = |g: &Game| {
        let r1 = view::by_id(g.world(), "r1").unwrap();
        view::effective_morale(g.world(), &r1)
    };
    let own = i32::from(view::by_id(g.world(), "r1").unwrap().morale);
    assert_eq!(morale(&g), own + 2, "the Major beside it lends +2");
    let major = view::by_id(g.world(), "maj").unwrap().entity;
    drumfire_core::counters::add_marker(
        &mut g.world_mut().entity_mut(major),
        MarkerKind::Demoralized,
    );
    assert_eq!(morale(&g), own, "Demoralized, he lends nothing");
}

// ---- Initiative and the Action Phase --------------------------------------------

fn command_battle() -> Scenario {
    battle(
        &[".........", ".........", ".........", "........."],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0202"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0302"),
                      (id: "r3", side: "red", unit: "rifle_company", hex: "0502"),
                      (id: "rc", side: "red", unit: "cavalry_mounted", hex: "0203"),
                      (id: "r4", side: "red", unit: "rifle_company", hex: "0104"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0902")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 2, morale: 8, combat: 1, morale_modifier: 1, hex: "0202", flip: false),
                     (id: "lt", side: "red", name: "Lieutenant", kind: Infantry, rank: 1, morale: 8, hex: "0402", flip: false),
                     (id: "cav", side: "red", name: "Rittmeister", kind: Cavalry, rank: 1, morale: 8, hex: "0104", flip: false)]"#,
    )
}

#[test]
fn an_activated_leader_activates_his_own_type_around_him_and_lower_leaders_chain_on() {
    let mut g = start(&command_battle(), 1);
    assert_eq!(g.awaiting(), Some(RED), "initiative +9 always wins");
    activate(&mut g, RED, "maj");
    let group = state(&g).group.clone().unwrap();
    let members: Vec<&str> = group.members.keys().map(String::as_str).collect();
    // Major (0202): r1 stacked, r2 adjacent (0302), Lieutenant (0402? not adjacent) ...
    assert_eq!(members, vec!["maj", "r1", "r2"]);
    assert!(group.members["r1"].led && group.members["r2"].led);
    assert_eq!(group.members["r1"].leaders, ["maj"]);
    assert_eq!(
        drumfire_core::rules::great_war::action::lent_combat(
            g.world(),
            &group.members["r1"].leaders
        ),
        Some(1)
    );
    // The cavalry in 0203 is adjacent but not of his type.
    assert!(!group.members.contains_key("rc"));
}

#[test]
fn a_lower_ranking_leader_in_reach_is_activated_and_activates_his_own_units() {
    let s = battle(
        &[".........", "........."],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r3", side: "red", unit: "rifle_company", hex: "0301"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0902")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 2, morale: 8, hex: "0101", flip: false),
                     (id: "lt", side: "red", name: "Lieutenant", kind: Infantry, rank: 1, morale: 8, hex: "0201", flip: false),
                     (id: "sgt", side: "red", name: "Captain", kind: Infantry, rank: 3, morale: 8, hex: "0201", flip: false)]"#,
    );
    let mut g = start(&s, 1);
    activate(&mut g, RED, "maj");
    let group = state(&g).group.clone().unwrap();
    let members: Vec<&str> = group.members.keys().map(String::as_str).collect();
    // The Lieutenant (rank 1, adjacent) joins and brings r3 (next to him, not to the Major);
    // the Captain (rank 3) outranks the Major and does not.
    assert_eq!(members, vec!["lt", "maj", "r1", "r3"]);
}

#[test]
fn infantry_and_cavalry_leaders_stacked_together_activate_both_types() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "rc", side: "red", unit: "cavalry_mounted", hex: "0102"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0602")],
           leaders: [(id: "inf", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false),
                     (id: "cav", side: "red", name: "Rittmeister", kind: Cavalry, rank: 1, morale: 8, hex: "0101", flip: false)]"#,
    );
    let mut g = start(&s, 1);
    activate(&mut g, RED, "inf");
    let group = state(&g).group.clone().unwrap();
    let members: Vec<&str> = group.members.keys().map(String::as_str).collect();
    assert_eq!(members, vec!["cav", "inf", "r1", "rc"]);
    assert!(
        group.members["rc"].led,
        "the cavalry leader leads the cavalry"
    );
}

#[test]
fn activated_pieces_move_or_fire_not_both_and_are_marked() {
    let mut g = start(&command_battle(), 2);
    activate(&mut g, RED, "r3");
    // r3 alone (no leader) may not move closer to the enemy at 0902...
    let err = mv(&mut g, RED, &["r3"], &["0602"]).unwrap_err();
    assert_eq!(
        err,
        "Cannot move: 0602 is closer to the enemy, and only units activated by a leader of their type may move closer."
    );
    // ...but may move away or sideways.
    mv(&mut g, RED, &["r3"], &["0501"]).unwrap();
    answer_all(&mut g);
    assert!(marks(&g, "r3").contains(&MarkerKind::Moved));
    // Its activation is over: the segment passed to Blue.
    assert_eq!(g.awaiting(), Some(BLUE));
    let err = gw(
        &mut g,
        GwOrder::Activate {
            side: BLUE,
            piece: "r1".into(),
        },
    )
    .unwrap_err();
    assert_eq!(err, "r1 is not yours.");
}

#[test]
fn a_unit_that_has_fired_cannot_move_in_the_same_activation() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0501")]"#,
    );
    let mut g = start(&s, 2);
    gw(
        &mut g,
        GwOrder::ActivateStack {
            side: RED,
            hex: "0201".into(),
        },
    )
    .unwrap();
    gw(
        &mut g,
        GwOrder::Fire {
            side: RED,
            firers: ids(&["r1"]),
            target: "0501".into(),
        },
    )
    .unwrap();
    answer_all(&mut g);
    let err = mv(&mut g, RED, &["r1"], &["0101"]).unwrap_err();
    assert_eq!(err, "r1 has already acted in this activation.");
    assert!(marks(&g, "r1").contains(&MarkerKind::Fired));
    // r2 may still act; ending the segment leaves it unmarked? No: it was activated directly with the stack.
    g.submit(Order::Pass { side: RED }).unwrap();
    assert!(marks(&g, "r2").contains(&MarkerKind::Done));
}

#[test]
fn units_led_by_a_leader_of_their_type_may_move_closer_to_the_enemy() {
    let mut g = start(&command_battle(), 2);
    activate(&mut g, RED, "maj");
    mv(&mut g, RED, &["r2"], &["0402", "0502"]).unwrap();
    answer_all(&mut g);
    assert_eq!(at(&g, "r2"), Some("0502".into()));
}

#[test]
fn movement_costs_points_by_the_terrain_effects_chart() {
    // Woods cost 2, marsh 3; a rifle company has 4 movement points.
    let s = battle(
        &[".wm.....", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0102")]"#,
    );
    let mut g = start(&s, 2);
    activate(&mut g, RED, "r1");
    let err = mv(&mut g, RED, &["r1"], &["0201", "0301"]).unwrap_err();
    assert_eq!(
        err,
        "Cannot move: 0301 needs 5 movement points; the allowance is 4."
    );
    mv(&mut g, RED, &["r1"], &["0201", "0202"]).unwrap_err();
    mv(&mut g, RED, &["r1"], &["0201"]).unwrap();
}

#[test]
fn leaders_move_four_points_on_foot_and_six_on_horseback() {
    let s = battle(
        &["..........", ".........."],
        r#"counters: [(id: "b1", side: "blue", unit: "rifle_company", hex: "1002")],
           leaders: [(id: "inf", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false),
                     (id: "cav", side: "red", name: "Rittmeister", kind: Cavalry, rank: 1, morale: 8, hex: "0102", flip: false)]"#,
    );
    let mut g = start(&s, 2);
    activate(&mut g, RED, "inf");
    let five = ["0201", "0301", "0401", "0501", "0601"];
    assert_eq!(
        mv(&mut g, RED, &["inf"], &five).unwrap_err(),
        "Cannot move: 0601 needs 5 movement points; the allowance is 4."
    );
    mv(&mut g, RED, &["inf"], &five[..4]).unwrap();
    answer_all(&mut g);
    // Blue's b1 cannot act usefully; pass to get Red's next segment.
    g.submit(Order::Pass { side: BLUE }).unwrap();
    activate(&mut g, RED, "cav");
    mv(
        &mut g,
        RED,
        &["cav"],
        &["0202", "0302", "0402", "0502", "0602", "0702"],
    )
    .unwrap();
}

#[test]
fn stacking_allows_three_units_of_which_two_companies() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "r3", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "mg", side: "red", unit: "machinegun", hex: "0202"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0602")]"#,
    );
    let mut g = start(&s, 2);
    activate(&mut g, RED, "r1");
    assert_eq!(
        mv(&mut g, RED, &["r1"], &["0201"]).unwrap_err(),
        "Cannot move: 0201 would be over-stacked (at most 3 units, 2 of them companies)."
    );
    g.submit(Order::Pass { side: RED }).unwrap();
    g.submit(Order::Pass { side: BLUE }).unwrap();
    activate(&mut g, RED, "mg");
    mv(&mut g, RED, &["mg"], &["0201"]).unwrap();
}

#[test]
fn a_unit_with_movement_allowance_zero_needs_a_transport() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "bty", side: "red", unit: "field_battery", hex: "0301"),
                      (id: "team", side: "red", unit: "horse_team", hex: "0301"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0101")]"#,
    );
    let mut g = Game::new(&s, 2);
    plan(
        &mut g,
        vec![(
            "bty",
            Mission::Move {
                destination: "0601".into(),
            },
        )],
    )
    .unwrap();
    // The battery has nothing to do by itself: it cannot even activate.
    assert_eq!(
        gw(
            &mut g,
            GwOrder::Activate {
                side: RED,
                piece: "bty".into()
            }
        )
        .unwrap_err(),
        "Battery has nothing to do in an action segment (it fires by its Artillery Plan)."
            .replace("Battery", "bty")
    );
    activate(&mut g, RED, "team");
    gw(
        &mut g,
        GwOrder::Load {
            side: RED,
            transport: "team".into(),
            piece: "bty".into(),
        },
    )
    .unwrap();
    g.submit(Order::Pass { side: BLUE }).unwrap();
    g.submit(Order::Pass { side: RED }).unwrap();
    // Next turn: the team must head for the battery's destination.
    while g.awaiting() != Some(RED) || state(&g).group.is_some() {
        let side = g.awaiting().unwrap();
        g.submit(Order::Pass { side }).unwrap();
    }
    activate(&mut g, RED, "team");
    assert_eq!(
        mv(&mut g, RED, &["team"], &["0302"]).unwrap_err(),
        "A unit on a Move mission must head for its destination 0601."
    );
    mv(&mut g, RED, &["team"], &["0401", "0501", "0601"]).unwrap();
    answer_all(&mut g);
    assert_eq!(at(&g, "bty"), Some("0601".into()));
    assert_eq!(state(&g).missions["bty"], Mission::OpenSights);
}

// ---- Opportunity Fire ---------------------------------------------------------

fn opportunity_battle() -> Scenario {
    battle(
        &["........", "........", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0102"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0702"),
                      (id: "mg", side: "blue", unit: "machinegun", hex: "0802")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0102", flip: false)]"#,
    )
}

#[test]
fn an_enemy_moving_within_range_can_be_fired_on_by_units_that_have_not_activated() {
    let mut g = start(&opportunity_battle(), 2);
    activate(&mut g, RED, "maj");
    mv(&mut g, RED, &["r1", "maj"], &["0202", "0302", "0402"]).unwrap();
    // Entering 0202: b1 (range 4) is 5 away, the machinegun (range 8) 6 away and in sight.
    let Some(Prompt::OpportunityFire {
        side,
        hex,
        eligible,
    }) = state(&g).prompt.clone()
    else {
        panic!("no prompt: {:?}", state(&g).prompt);
    };
    assert_eq!((side, view::label(hex)), (BLUE, "0202".to_owned()));
    assert_eq!(eligible, vec!["mg".to_owned()]);
    assert_eq!(g.awaiting(), Some(BLUE));
    // Red cannot act while Blue decides.
    assert!(g.submit(Order::Pass { side: RED }).is_err());
    gw(
        &mut g,
        GwOrder::OpportunityFire {
            side: BLUE,
            firers: ids(&["mg"]),
        },
    )
    .unwrap();
    answer_all_but_opportunity(&mut g);
    // Strength 6 is the 5-6 column, one right for a target moving in the open: 7-9.
    // Seed 2 rolls 1 + 4 = 5 there: no effect, and the move goes on.
    assert_eq!(
        fired(&g)[0],
        ("Opportunity Fire".to_owned(), vec![1, 4], "-".to_owned())
    );
    // The machinegun may fire a second time this turn, at the next hex.
    let Some(Prompt::OpportunityFire { eligible, .. }) = state(&g).prompt.clone() else {
        let log: Vec<String> = g
            .journal()
            .entries()
            .iter()
            .rev()
            .take(8)
            .map(|e| format!("{:?}", e.event))
            .collect();
        panic!("no second prompt: {log:#?}");
    };
    assert!(eligible.contains(&"mg".to_owned()));
    gw(
        &mut g,
        GwOrder::OpportunityFire {
            side: BLUE,
            firers: ids(&["mg"]),
        },
    )
    .unwrap();
    answer_all_but_opportunity(&mut g);
    // ...but not a third.
    if let Some(Prompt::OpportunityFire { eligible, .. }) = state(&g).prompt.clone() {
        assert!(!eligible.contains(&"mg".to_owned()), "{eligible:?}");
    }
    assert_eq!(state(&g).opportunity["mg"], 2);
    assert!(marks(&g, "mg").contains(&MarkerKind::Fired));
    let kinds: Vec<String> = fired(&g).into_iter().map(|f| f.0).collect();
    assert_eq!(kinds[..2], ["Opportunity Fire", "Opportunity Fire"]);
}

/// Answers step-loss questions only.
fn answer_all_but_opportunity(game: &mut Game) {
    while let Some(Prompt::StepLoss {
        side, candidates, ..
    }) = state(game).prompt.clone()
    {
        gw(
            game,
            GwOrder::TakeStepLoss {
                side,
                piece: candidates[0].clone(),
            },
        )
        .unwrap();
    }
}

#[test]
fn a_rifle_company_fires_by_opportunity_only_once() {
    let mut g = start(&opportunity_battle(), 4);
    activate(&mut g, RED, "maj");
    mv(&mut g, RED, &["r1", "maj"], &["0202", "0302", "0402"]).unwrap();
    let mut fired_by_b1 = 0;
    while let Some(p) = state(&g).prompt.clone() {
        match p {
            Prompt::OpportunityFire { eligible, .. } => {
                if eligible.contains(&"b1".to_owned()) {
                    fired_by_b1 += 1;
                    gw(
                        &mut g,
                        GwOrder::OpportunityFire {
                            side: BLUE,
                            firers: ids(&["b1"]),
                        },
                    )
                    .unwrap();
                } else {
                    gw(&mut g, GwOrder::HoldFire { side: BLUE }).unwrap();
                }
            }
            Prompt::StepLoss {
                side, candidates, ..
            } => gw(
                &mut g,
                GwOrder::TakeStepLoss {
                    side,
                    piece: candidates[0].clone(),
                },
            )
            .unwrap(),
            Prompt::OpenPlot { .. } => panic!("no plan is sealed in this game"),
        }
    }
    assert_eq!(fired_by_b1, 1);
    assert_eq!(state(&g).opportunity["b1"], 1);
}

// ---- Fire ---------------------------------------------------------------------

fn sight(map: &[&str], elevation: &[&str], from: &str, to: &str) -> bool {
    let mut s = battle(map, r#"counters: []"#);
    if !elevation.is_empty() {
        let rows: Vec<String> = elevation.iter().map(|r| format!("\"{r}\"")).collect();
        let text = s.text.replace(
            "terrain: [",
            &format!("elevation: [{}], terrain: [", rows.join(", ")),
        );
        s = scenario::parse("los.ron", &text, &drumfire_core::rules::ALL).unwrap();
    }
    let g = Game::new(&s, 1);
    let board = g
        .world()
        .resource::<drumfire_core::rules::great_war::board::Board>();
    board.line_of_sight(hex_of(from).unwrap(), hex_of(to).unwrap())
}

#[test]
fn woods_and_towns_block_line_of_sight() {
    // 0102 -> 0104 runs straight down column 1 through 0103.
    assert!(sight(
        &["....", "....", "....", "...."],
        &[],
        "0102",
        "0104"
    ));
    assert!(!sight(
        &["....", "....", "w...", "...."],
        &[],
        "0102",
        "0104"
    ));
    assert!(!sight(
        &["....", "....", "t...", "...."],
        &[],
        "0102",
        "0104"
    ));
    // Orchards give cover but do not block.
    assert!(sight(
        &["....", "....", "o...", "...."],
        &[],
        "0102",
        "0104"
    ));
}

#[test]
fn higher_ground_blocks_line_of_sight_and_lets_observers_see_over_woods() {
    let map = ["....", "....", "w...", "...."];
    // A hill between two valley hexes blocks.
    assert!(!sight(
        &["....", "....", "....", "...."],
        &["0000", "0000", "1000", "0000"],
        "0102",
        "0104"
    ));
    // From a hill two levels up, woods at the valley floor do not block.
    assert!(sight(
        &map,
        &["0000", "2000", "0000", "0000"],
        "0102",
        "0104"
    ));
    // ...but woods on a level-1 rise do (obstacle 2, as high as the observer).
    assert!(!sight(
        &map,
        &["0000", "2000", "1000", "0000"],
        "0102",
        "0104"
    ));
}

#[test]
fn a_line_along_a_hexside_is_blocked_only_when_both_sides_block() {
    // Odd columns stand half a hex up, so the line 0102 -> 0302 runs along the
    // side between 0202 and 0203.
    assert!(sight(
        &["....", ".w..", "....", "...."],
        &[],
        "0102",
        "0302"
    ));
    assert!(sight(
        &["....", "....", ".w..", "...."],
        &[],
        "0102",
        "0302"
    ));
    assert!(!sight(
        &["....", ".w..", ".w..", "...."],
        &[],
        "0102",
        "0302"
    ));
}

#[test]
fn a_unit_cannot_fire_at_a_hex_it_cannot_see() {
    let s = battle(
        &["....", "....", "w...", "...."],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0102"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0104")]"#,
    );
    let g = start(&s, 1);
    let r1 = view::by_id(g.world(), "r1").unwrap();
    let err = plan_action_fire(g.world(), RED, &[r1], hex_of("0104").unwrap(), None).unwrap_err();
    assert_eq!(err.0, "r1 cannot fire: no line of sight from 0102 to 0104.");
}

#[test]
fn fire_is_limited_to_range_and_combines_only_stacked_or_leader_led_units() {
    let s = battle(
        &["..........", ".........."],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r3", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0501"),
                      (id: "b2", side: "blue", unit: "rifle_company", hex: "0901")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, combat: 1, hex: "0101", flip: false)]"#,
    );
    let mut g = start(&s, 6);
    gw(
        &mut g,
        GwOrder::ActivateStack {
            side: RED,
            hex: "0101".into(),
        },
    )
    .unwrap();
    let fire = |g: &mut Game, f: &[&str], t: &str| {
        gw(
            g,
            GwOrder::Fire {
                side: RED,
                firers: ids(f),
                target: t.into(),
            },
        )
    };
    assert_eq!(
        fire(&mut g, &["r1"], "0901").unwrap_err(),
        "r1 cannot fire: 0901 is 8 hexes away, beyond range 4."
    );
    // r3 is adjacent and activated by a Major with combat modifier +1: it combines.
    let world = g.world();
    let group = world.resource::<GwState>().group.clone().unwrap();
    let pieces: Vec<_> = ["r1", "r2", "r3"]
        .iter()
        .map(|i| view::by_id(world, i).unwrap())
        .collect();
    let plan =
        plan_action_fire(world, RED, &pieces, hex_of("0501").unwrap(), Some(&group)).unwrap();
    assert_eq!(plan.strength, 15);
    assert_eq!(plan.table, Table::Direct);
    assert_eq!(
        plan.shifts,
        vec![(1, "leader's combat modifier".to_owned())]
    );
    // 15 is the 14-19 column (index 6), shifted one right.
    assert_eq!((plan.base_column, plan.column), (6, 7));
    fire(&mut g, &["r1", "r2", "r3"], "0501").unwrap();
    answer_all(&mut g);
    let f = fired(&g);
    assert_eq!(f.len(), 1);
}

#[test]
fn units_adjacent_but_not_led_by_a_combat_leader_do_not_combine() {
    let s = battle(
        &["........", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r3", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0501")],
           leaders: [(id: "lt", side: "red", name: "Lieutenant", kind: Infantry, rank: 1, morale: 8, combat: 0, hex: "0101", flip: false)]"#,
    );
    let mut g = start(&s, 6);
    activate(&mut g, RED, "lt");
    let err = gw(
        &mut g,
        GwOrder::Fire {
            side: RED,
            firers: ids(&["r1", "r3"]),
            target: "0501".into(),
        },
    )
    .unwrap_err();
    assert_eq!(
        err,
        "r1 is not stacked with the others and was not activated by a leader with a combat modifier, so it cannot combine fire."
    );
}

#[test]
fn open_sights_artillery_spots_its_target_cannot_combine_and_checks_ammunition() {
    let s = battle(
        &["........", "........"],
        r#"counters: [(id: "bty", side: "red", unit: "field_battery", hex: "0101"),
                      (id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")]"#,
    );
    let mut g = Game::new(&s, 12);
    plan(&mut g, vec![("bty", Mission::OpenSights)]).unwrap();
    gw(
        &mut g,
        GwOrder::ActivateStack {
            side: RED,
            hex: "0101".into(),
        },
    )
    .unwrap();
    let err = gw(
        &mut g,
        GwOrder::Fire {
            side: RED,
            firers: ids(&["bty", "r1"]),
            target: "0601".into(),
        },
    )
    .unwrap_err();
    assert_eq!(err, "r1 cannot fire: 0601 is 5 hexes away, beyond range 4.");
    gw(
        &mut g,
        GwOrder::Fire {
            side: RED,
            firers: ids(&["bty"]),
            target: "0601".into(),
        },
    )
    .unwrap();
    answer_all(&mut g);
    let f = fired(&g);
    assert_eq!(f[0].0, "Open Sights");
    let depletion: Vec<Vec<u8>> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::DiceRolled { purpose, faces }
                if purpose.starts_with("ammunition depletion") =>
            {
                Some(faces)
            }
            _ => None,
        })
        .collect();
    assert_eq!(depletion.len(), 1);
    let over = depletion[0][0] + depletion[0][1] > 7;
    assert_eq!(marks(&g, "bty").contains(&MarkerKind::LowAmmo), over);
}

// ---- Assault ------------------------------------------------------------------

fn assault_battle() -> Scenario {
    battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0301"),
                      (id: "b2", side: "blue", unit: "rifle_company", hex: "0501")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, combat: 1, hex: "0201", flip: false)]"#,
    )
}

#[test]
fn units_adjacent_at_activation_assault_and_the_assaulted_fire_back() {
    let mut g = start(&assault_battle(), 9);
    activate(&mut g, RED, "maj");
    // b2 is not adjacent: no assault there.
    assert_eq!(
        gw(
            &mut g,
            GwOrder::Assault {
                side: RED,
                pieces: ids(&["r1"]),
                target: "0501".into()
            }
        )
        .unwrap_err(),
        "r1 did not start its activation next to 0501: only units that did may assault it."
    );
    gw(
        &mut g,
        GwOrder::Assault {
            side: RED,
            pieces: ids(&["r1", "r2", "maj"]),
            target: "0301".into(),
        },
    )
    .unwrap();
    answer_all(&mut g);
    let assault: Vec<(String, u32, String, Vec<u8>)> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::Fired {
                kind,
                strength,
                column,
                dice,
                ..
            } => Some((kind, strength, column, dice)),
            _ => None,
        })
        .collect();
    // Attackers 5 + 5 = 10 on the Assault table's 10-14 column, +1 for the Major: 15+.
    // The defender's 5 fires back on the 3-5 column. One die each.
    assert_eq!(assault.len(), 2);
    assert_eq!(
        (assault[0].0.as_str(), assault[0].1, assault[0].2.as_str()),
        ("Assault", 10, "15+")
    );
    assert_eq!(
        (assault[1].0.as_str(), assault[1].1, assault[1].2.as_str()),
        ("Assault defence", 5, "3-5")
    );
    assert_eq!(assault[0].3.len(), 1);
    let held = at(&g, "b1").is_none();
    // Either the hex was carried (the defender gone) or the attackers fell back to 0201.
    if held {
        assert_eq!(at(&g, "r1").or(at(&g, "r2")), Some("0301".into()));
    } else {
        assert!(at(&g, "r1").is_none_or(|h| h == "0201"));
    }
    assert!(marks(&g, "maj").contains(&MarkerKind::Moved));
}

// ---- Morale and step losses ---------------------------------------------------

#[test]
fn a_morale_check_over_by_one_or_two_disrupts_and_by_three_demoralizes() {
    use drumfire_core::rules::great_war::tables::{MoraleOutcome, morale_outcome};
    assert_eq!(morale_outcome(7, 7), MoraleOutcome::Unaffected);
    assert_eq!(morale_outcome(7, 8), MoraleOutcome::Disrupted);
    assert_eq!(morale_outcome(7, 9), MoraleOutcome::Disrupted);
    assert_eq!(morale_outcome(7, 10), MoraleOutcome::Demoralized);
}

#[test]
fn a_leaders_morale_modifier_helps_his_own_type_in_his_hex_and_around() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "r3", side: "red", unit: "rifle_company", hex: "0401"),
                      (id: "rc", side: "red", unit: "cavalry_mounted", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0602", markers: [Demoralized])],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, morale_modifier: 2, hex: "0101", flip: false)]"#,
    );
    let g = start(&s, 1);
    let m = |id: &str| view::effective_morale(g.world(), &view::by_id(g.world(), id).unwrap());
    assert_eq!(m("r1"), 9, "stacked with the Major");
    assert_eq!(m("r2"), 9, "adjacent");
    assert_eq!(m("r3"), 7, "too far");
    assert_eq!(m("rc"), 7, "cavalry: not his type");
    assert_eq!(m("maj"), 8, "a leader's own morale is printed");
    assert_eq!(m("b1"), 6, "Demoralized: morale one lower");
}

fn loss_battle(markers: &str, steps: &str) -> Scenario {
    battle(
        &["......", "......"],
        &format!(
            r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                          (id: "r2", side: "red", unit: "rifle_company", hex: "0101"),
                          (id: "mg", side: "red", unit: "machinegun", hex: "0201"),
                          (id: "b1", side: "blue", unit: "rifle_company", hex: "0301" {steps}),
                          (id: "b2", side: "blue", unit: "machinegun", hex: "0301" {markers})]"#
        ),
    )
}

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

#[test]
fn a_disrupted_unit_fires_at_half_strength_and_moves_only_one_hex() {
    let s = battle(
        &["......", "......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101", markers: [Disrupted]),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0501")]"#,
    );
    let mut g = start(&s, 1);
    activate(&mut g, RED, "r1");
    let r1 = view::by_id(g.world(), "r1").unwrap();
    let group = state(&g).group.clone().unwrap();
    let plan =
        plan_action_fire(g.world(), RED, &[r1], hex_of("0501").unwrap(), Some(&group)).unwrap();
    assert_eq!(plan.strength, 3, "5 halved, rounded up");
    assert_eq!(
        mv(&mut g, RED, &["r1"], &["0102", "0103"]).unwrap_err(),
        "Cannot move: a Disrupted piece moves only one hex."
    );
    // Moving away from the enemy: one hex.
    assert!(mv(&mut g, RED, &["r1"], &["0102"]).is_ok());
}

#[test]
fn a_demoralized_piece_can_only_try_to_recover() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101", markers: [Demoralized]),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0501")]"#,
    );
    let mut g = start(&s, 1);
    activate(&mut g, RED, "r1");
    assert_eq!(
        mv(&mut g, RED, &["r1"], &["0102"]).unwrap_err(),
        "r1 is Demoralized: it can only try to recover."
    );
    assert_eq!(
        gw(
            &mut g,
            GwOrder::Fire {
                side: RED,
                firers: ids(&["r1"]),
                target: "0501".into()
            }
        )
        .unwrap_err(),
        "r1 is Demoralized: it can only try to recover."
    );
}

/// Our ruling where the assault meets "Units can't move closer to enemy units unless
/// they're activated by a leader of their own type": entering the enemy's hex is moving
/// closer, so a unit activated alone may not assault; led by the Major, it may.
#[test]
fn only_units_activated_by_a_leader_of_their_type_may_assault() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0201")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0102", flip: false)]"#,
    );
    let assault = |g: &mut Game| {
        gw(
            g,
            GwOrder::Assault {
                side: RED,
                pieces: ids(&["r1"]),
                target: "0201".into(),
            },
        )
    };
    let mut g = start(&s, 1);
    activate(&mut g, RED, "r1");
    let before = g.state_hash();
    assert_eq!(
        assault(&mut g).unwrap_err(),
        "r1 was not activated by a leader of its own type: it may not move closer to the enemy, and an assault enters the enemy's hex."
    );
    assert_eq!(g.state_hash(), before);
    let mut g = start(&s, 1);
    activate(&mut g, RED, "maj");
    assault(&mut g).unwrap();
}

/// Our ruling where "A unit can fire once per turn" meets "Assaulted units can fire
/// back": firing back is part of the assault, not the unit's fire of the turn, so a
/// defender that has already fired (marked Fired) still fires back.
#[test]
fn a_defender_that_already_fired_still_fires_back_in_an_assault() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0201", markers: [Fired])],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false)]"#,
    );
    let mut g = start(&s, 1);
    activate(&mut g, RED, "maj");
    gw(
        &mut g,
        GwOrder::Assault {
            side: RED,
            pieces: ids(&["r1"]),
            target: "0201".into(),
        },
    )
    .unwrap();
    answer_all(&mut g);
    let kinds: Vec<String> = fired(&g).into_iter().map(|(kind, ..)| kind).collect();
    assert_eq!(kinds, vec!["Assault", "Assault defence"]);
}

/// Where Demoralized meets the activation chain: "it can do nothing on future action
/// phases but try to recover morale" — a Demoralized leader may be activated to try,
/// but his units and lower leaders around him are not activated with him.
#[test]
fn a_demoralized_leader_may_try_to_recover_but_activates_no_one() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 2, morale: 8, combat: 1, hex: "0101", flip: false),
                     (id: "lt", side: "red", name: "Lieutenant", kind: Infantry, rank: 1, morale: 8, hex: "0201", flip: false)]"#,
    );
    let mut g = start(&s, 1);
    // A leader's counter sets up without markers: the Major broke earlier in the game.
    let maj = g.world().resource::<PieceIds>().get("maj").unwrap();
    drumfire_core::counters::add_marker(
        &mut g.world_mut().entity_mut(maj),
        MarkerKind::Demoralized,
    );
    activate(&mut g, RED, "maj");
    let group = state(&g).group.clone().unwrap();
    let members: Vec<&str> = group.members.keys().map(String::as_str).collect();
    assert_eq!(
        members,
        vec!["maj"],
        "no unit or leader joins a Demoralized leader"
    );
    assert_eq!(
        mv(&mut g, RED, &["r1"], &["0102"]).unwrap_err(),
        "r1 was not activated in this segment."
    );
    gw(
        &mut g,
        GwOrder::Recover {
            side: RED,
            piece: "maj".into(),
        },
    )
    .unwrap();
}

/// Where Demoralized meets the assault: "Assaulted units can fire back", but a
/// Demoralized unit "can do nothing [...] but try to recover morale". Blue's only
/// defender is Demoralized: one fire on the Assault table, Red's, and no defence.
#[test]
fn demoralized_defenders_do_not_fire_back_in_an_assault() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0201", markers: [Demoralized])],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false)]"#,
    );
    for seed in 1..6 {
        let mut g = start(&s, seed);
        activate(&mut g, RED, "maj");
        gw(
            &mut g,
            GwOrder::Assault {
                side: RED,
                pieces: ids(&["r1"]),
                target: "0201".into(),
            },
        )
        .unwrap();
        answer_all(&mut g);
        let kinds: Vec<String> = fired(&g).into_iter().map(|(kind, ..)| kind).collect();
        assert_eq!(kinds, vec!["Assault"], "seed {seed}");
    }
}

#[test]
fn recovery_under_morale_improves_a_piece_and_a_demoralized_failure_flees() {
    let s = battle(
        &["........", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0401", markers: [Demoralized]),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0101", markers: [Disrupted]),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")]"#,
    );
    let mut outcomes = Vec::new();
    for seed in [1, 2, 3] {
        let mut g = start(&s, seed);
        activate(&mut g, RED, "r1");
        gw(
            &mut g,
            GwOrder::Recover {
                side: RED,
                piece: "r1".into(),
            },
        )
        .unwrap();
        answer_all(&mut g);
        let roll: u8 = events(&g)
            .into_iter()
            .find_map(|e| match e {
                GameEvent::DiceRolled { purpose, faces } if purpose.starts_with("recovery") => {
                    Some(faces.iter().sum())
                }
                _ => None,
            })
            .unwrap();
        // Morale 7, one less when Demoralized: 6. Under 6 rallies to Disrupted.
        let m = marks(&g, "r1");
        if roll < 6 {
            assert!(m.contains(&MarkerKind::Disrupted) && !m.contains(&MarkerKind::Demoralized));
            assert_eq!(at(&g, "r1"), Some("0401".into()));
        } else {
            assert!(m.contains(&MarkerKind::Demoralized));
            // It flees from b1, away from 0601.
            let fled = view::by_id(g.world(), "r1").unwrap().hex;
            assert!(fled.unsigned_distance_to(hex_of("0601").unwrap()) > 2);
        }
        assert!(m.contains(&MarkerKind::Done));
        outcomes.push((roll, at(&g, "r1").unwrap()));
    }
    // Seeds 1 and 3 fail (7, 8) and flee three hexes west to the map edge; seed 2 rallies (5).
    assert_eq!(
        outcomes,
        vec![
            (7, "0101".to_owned()),
            (5, "0401".to_owned()),
            (8, "0101".to_owned())
        ]
    );
}

/// Our ruling where flight meets Opportunity Fire at "enemy units that move within
/// range": a fleeing piece draws none. Seed 1: r1 fails to recover (7) and flees from
/// 0401 to 0101 across the machinegun's range (8 hexes); Blue is never asked.
#[test]
fn a_fleeing_piece_draws_no_opportunity_fire() {
    let s = battle(
        &["........", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0401", markers: [Demoralized]),
                      (id: "mg", side: "blue", unit: "machinegun", hex: "0801")]"#,
    );
    let mut g = start(&s, 1);
    activate(&mut g, RED, "r1");
    gw(
        &mut g,
        GwOrder::Recover {
            side: RED,
            piece: "r1".into(),
        },
    )
    .unwrap();
    assert_eq!(at(&g, "r1"), Some("0101".into()), "it fled");
    assert!(state(&g).prompt.is_none());
    assert!(
        fired(&g).is_empty(),
        "no opportunity fire at the fleeing piece"
    );
    // The same hexes entered by a move would be open to the machinegun.
    let mover = battle(
        &["........", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0401"),
                      (id: "mg", side: "blue", unit: "machinegun", hex: "0801")]"#,
    );
    let mut g = start(&mover, 1);
    activate(&mut g, RED, "r1");
    mv(&mut g, RED, &["r1"], &["0301"]).unwrap();
    assert!(matches!(
        state(&g).prompt,
        Some(Prompt::OpportunityFire { side: BLUE, .. })
    ));
}

// ---- Cavalry ------------------------------------------------------------------

#[test]
fn cavalry_mounts_and_dismounts_by_activating_without_moving_or_firing() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "rc", side: "red", unit: "cavalry_mounted", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")]"#,
    );
    let mut g = start(&s, 1);
    activate(&mut g, RED, "rc");
    gw(
        &mut g,
        GwOrder::MountOrDismount {
            side: RED,
            piece: "rc".into(),
        },
    )
    .unwrap();
    let p = view::by_id(g.world(), "rc").unwrap();
    assert_eq!(p.unit_type, "cavalry_dismounted");
    assert_eq!(p.face.movement, 3);
    assert_eq!(p.face.direct.map(|d| (d.strength, d.range)), Some((4, 4)));
    assert!(marks(&g, "rc").contains(&MarkerKind::Done));
    // It has acted: the segment is over.
    assert_eq!(g.awaiting(), Some(BLUE));
}

// ---- Artillery ------------------------------------------------------------------

#[test]
fn open_sights_artillery_over_its_depletion_number_twice_is_removed() {
    let s = battle(
        &["........", "........"],
        r#"counters: [(id: "bty", side: "red", unit: "field_battery", hex: "0101", markers: [LowAmmo]),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")]"#,
    );
    // Find the first seed whose depletion roll goes over 7.
    for seed in 0..50 {
        let mut g = Game::new(&s, seed);
        plan(&mut g, vec![("bty", Mission::OpenSights)]).unwrap();
        // The scenario's LowAmmo marker counts as the first time.
        let mut st = g.world_mut().resource_mut::<GwState>();
        st.depletion.insert("bty".into(), 1);
        activate(&mut g, RED, "bty");
        let p = view::by_id(g.world(), "bty").unwrap();
        let group = state(&g).group.clone().unwrap();
        let plan =
            plan_action_fire(g.world(), RED, &[p], hex_of("0601").unwrap(), Some(&group)).unwrap();
        assert_eq!(plan.strength, 5, "9 halved for low ammunition");
        gw(
            &mut g,
            GwOrder::Fire {
                side: RED,
                firers: ids(&["bty"]),
                target: "0601".into(),
            },
        )
        .unwrap();
        answer_all(&mut g);
        if at(&g, "bty").is_none() {
            assert_eq!(seed, 0);
            return;
        }
    }
    panic!("no seed ran the battery dry");
}

// ---- Exact odds -----------------------------------------------------------------

#[test]
fn the_odds_of_a_fire_are_exact_and_add_up() {
    let s = loss_battle("", "");
    let mut g = start(&s, 1);
    gw(
        &mut g,
        GwOrder::ActivateStack {
            side: RED,
            hex: "0101".into(),
        },
    )
    .unwrap();
    let world = g.world();
    let group = world.resource::<GwState>().group.clone().unwrap();
    let pieces: Vec<_> = ["r1", "r2"]
        .iter()
        .map(|i| view::by_id(world, i).unwrap())
        .collect();
    let plan =
        plan_action_fire(world, RED, &pieces, hex_of("0301").unwrap(), Some(&group)).unwrap();
    // 10 on the 10-13 column; no shifts.
    assert_eq!((plan.strength, plan.column, plan.shifts.len()), (10, 5, 0));
    let odds = fire::odds(world, &plan, BLUE);
    let rolls: u32 = odds.results.results.iter().map(|r| r.1).sum();
    assert_eq!(rolls, 36);
    // 10-13 column: 2-4 no effect (6 ways), 5 M (4), 6-7 M1 (11), 8 M2 (5), 9 X (4), 10-11 2X (5), 12 3X (1).
    assert_eq!(odds.step_losses, [26, 4, 5, 1]);
    for p in &odds.pieces {
        assert_eq!(p.morale_ways.iter().sum::<u32>(), 36 * 36, "{}", p.id);
    }
    // b1 (morale 7): unaffected by M (21 of 36), M1 (15), M2 (10); plus 16 rolls with no check.
    assert_eq!(
        odds.pieces[0].morale_ways[0],
        4 * 21 + 11 * 15 + 5 * 10 + 16 * 36
    );
    assert_eq!(odds.pieces[0].after_step_loss, [10, 11, 15]);
    // The window's odds: the same fractions, whole, the pieces named.
    let shown = fire::shown_odds(&plan, &odds, &|id: &str| format!("<{id}>"));
    assert_eq!(shown.check(), Ok(()));
    assert_eq!(shown.basis[0], "Strength 10 (<r1> 5 + <r2> 5)");
    let losses: Vec<String> = shown.more[0]
        .outcomes
        .iter()
        .map(|o| format!("{} {}", o.label, o.chance))
        .collect();
    assert_eq!(
        losses,
        [
            "0 steps 26/36",
            "1 step 4/36",
            "2 steps 5/36",
            "3 steps 1/36"
        ]
    );
    assert!(shown.more[1].heading.starts_with("<b1> (morale 7)"));
}

#[test]
fn a_scenario_without_artillery_needs_no_plotting() {
    let s = battle(
        &["....", "...."],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0402")]"#,
    );
    let g = Game::new(&s, 1);
    assert_eq!(g.phase(), drumfire_core::rules::great_war::ACTION);
    assert!(g.orders().is_empty());
}

#[test]
fn the_initiative_winner_fires_first_in_the_bombardment_phase() {
    let s = battle_sides(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0602")]"#,
        r#", off_board_artillery: [(id: "rg", name: "Red guns", strength: 5)]"#,
        r#", off_board_artillery: [(id: "bg", name: "Blue guns", strength: 5)]"#,
    );
    let mut g = Game::new(&s, 1);
    let targets = |t: &str| Mission::PlannedFire {
        targets: vec![Some(t.into()), None, None],
    };
    plan(&mut g, vec![("rg", targets("0602"))]).unwrap();
    gw(
        &mut g,
        GwOrder::Plan {
            side: BLUE,
            missions: vec![Assignment {
                source: "bg".into(),
                mission: targets("0101"),
            }],
        },
    )
    .unwrap();
    answer_all(&mut g);
    let order: Vec<String> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::Fired { firers, .. } => Some(firers[0].clone()),
            _ => None,
        })
        .collect();
    assert_eq!(order, vec!["rg", "bg"], "Red (initiative +9) fires first");
}

#[test]
fn an_m_result_checks_the_morale_of_every_piece_in_the_hex() {
    // Seed 4: the machinegun's opportunity fire at r1 and the Major rolls an M.
    let mut g = start(&opportunity_battle(), 4);
    activate(&mut g, RED, "maj");
    mv(&mut g, RED, &["r1", "maj"], &["0202", "0302"]).unwrap();
    gw(
        &mut g,
        GwOrder::OpportunityFire {
            side: BLUE,
            firers: ids(&["mg"]),
        },
    )
    .unwrap();
    assert_eq!(
        fired(&g)[0],
        ("Opportunity Fire".to_owned(), vec![5, 1], "M".to_owned())
    );
    let checked: Vec<(String, u8)> = events(&g)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::MoraleChecked { piece, plus, .. } => Some((piece, plus)),
            _ => None,
        })
        .collect();
    assert_eq!(checked, vec![("r1".to_owned(), 0), ("maj".to_owned(), 0)]);
}

#[test]
fn open_sights_units_cannot_combine_even_with_each_other() {
    let s = battle(
        &["........", "........"],
        r#"counters: [(id: "bty", side: "red", unit: "field_battery", hex: "0101"),
                      (id: "mor", side: "red", unit: "mortar", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")]"#,
    );
    let mut g = Game::new(&s, 12);
    plan(
        &mut g,
        vec![("bty", Mission::OpenSights), ("mor", Mission::OpenSights)],
    )
    .unwrap();
    gw(
        &mut g,
        GwOrder::ActivateStack {
            side: RED,
            hex: "0101".into(),
        },
    )
    .unwrap();
    let err = gw(
        &mut g,
        GwOrder::Fire {
            side: RED,
            firers: ids(&["bty", "mor"]),
            target: "0601".into(),
        },
    )
    .unwrap_err();
    assert_eq!(
        err,
        "Artillery firing over open sights cannot combine fire."
    );
}

#[test]
fn docs_show_the_tables_as_coded() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/rules/great-war.md"
    ))
    .unwrap();
    let start = doc.find("<!-- tables:begin -->\n").unwrap() + "<!-- tables:begin -->\n".len();
    let end = doc.find("<!-- tables:end -->").unwrap();
    assert_eq!(
        doc[start..end].trim(),
        drumfire_core::rules::great_war::tables::markdown().trim(),
        "regenerate with `cargo run -p drumfire_core --example tables_md`"
    );
}

/// Every procedure and table the docs list as ours ("Designed by us", D-1...) is marked
/// `Ours — D-n` in the rule set's code or data, where it lives; and no mark names a
/// D-n the docs do not list.
#[test]
fn every_procedure_we_designed_is_marked_ours_where_it_lives() {
    let (listed, wrong) =
        drumfire_core::testing::designed_marks("great-war.md", "- **D-", "D-", "great_war");
    assert_eq!(listed, 15);
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn every_rule_of_the_seed_is_mapped_to_a_test_that_exists() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/rules/great-war.md"
    ))
    .unwrap();
    let sources: String = [
        "tests/headless/great_war.rs",
        "tests/headless/flow.rs",
        "tests/headless/loader.rs",
        "src/rules/great_war/tables.rs",
        "src/rules/great_war/bombardment.rs",
        "../../tests/app/cli.rs",
    ]
    .iter()
    .map(|f| std::fs::read_to_string(format!("{}/{f}", env!("CARGO_MANIFEST_DIR"))).unwrap())
    .collect();
    let rules: Vec<&str> = doc.lines().filter(|l| l.starts_with("| GW-")).collect();
    assert_eq!(rules.len(), 70);
    for line in rules {
        let test_cell = line.rsplit('|').nth(1).unwrap();
        let names: Vec<&str> = test_cell
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|n| !n.contains('/') && !n.contains('.'))
            .map(|n| n.rsplit("::").next().unwrap())
            .collect();
        for n in names {
            assert!(sources.contains(&format!("fn {n}(")), "{n} (in {line})");
        }
    }
}

#[test]
fn an_objective_is_held_by_the_side_whose_unit_entered_it_last() {
    let s = battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0301"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0601")],
           victory: (objectives: [(hex: "0201", points: 3, held_by: Some("blue"))], step_loss_points: 1)"#,
    );
    let mut g = start(&s, 1);
    let held = |g: &mut Game| {
        let w = g.world_mut();
        let mut q = w.query::<&drumfire_core::map::Objective>();
        q.iter(w).next().unwrap().held_by
    };
    assert_eq!(held(&mut g), Some(BLUE));
    activate(&mut g, RED, "r1");
    mv(&mut g, RED, &["r1"], &["0201", "0101"]).unwrap();
    answer_all(&mut g);
    assert_eq!(
        held(&mut g),
        Some(RED),
        "r1 passed through 0201 and took it; it stays Red's"
    );
}

// ---- The window's intents -----------------------------------------------------

mod intents {
    use super::*;
    use drumfire_core::rules::great_war::preview::{self, Intent, Pick};

    #[test]
    fn a_click_on_a_reachable_hex_becomes_a_move_by_the_cheapest_path() {
        let mut g = start(&command_battle(), 2);
        let intent = Intent::Activate("maj".into());
        let order = preview::to_order(g.world(), RED, &intent).unwrap();
        g.submit(order).unwrap();
        let reach = preview::reachable(g.world(), &ids(&["r2"]));
        let to = hex_of("0502").unwrap();
        let (cost, _) = reach[&drumfire_core::coords::MapCoord::from_hex(to).unwrap()].clone();
        assert_eq!(cost, 2);
        let order = preview::to_order(g.world(), RED, &Intent::Move(ids(&["r2"]), to)).unwrap();
        assert_eq!(
            order,
            Order::from(GwOrder::Move {
                side: RED,
                pieces: ids(&["r2"]),
                path: ids(&["0402", "0502"])
            })
        );
        g.submit(order).unwrap();
    }

    #[test]
    fn an_illegal_destination_says_why() {
        let mut g = start(&command_battle(), 2);
        g.submit(preview::to_order(g.world(), RED, &Intent::Activate("r3".into())).unwrap())
            .unwrap();
        let why = preview::to_order(
            g.world(),
            RED,
            &Intent::Move(ids(&["r3"]), hex_of("0702").unwrap()),
        )
        .unwrap_err();
        assert_eq!(
            why.0,
            "0702 is out of reach. On the direct route: 0602 is closer to the enemy, and only units activated by a leader of their type may move closer."
        );
    }

    #[test]
    fn a_leader_offers_activation_and_shows_his_chain() {
        let g = start(&command_battle(), 2);
        let offers = preview::offers(g.world(), "maj");
        assert_eq!(offers[0].label, "Activate (with his chain)");
        assert_eq!(offers[0].refused, None);
        assert_eq!(preview::chain(g.world(), "maj"), ids(&["maj", "r1", "r2"]));
    }

    #[test]
    fn an_activated_unit_offers_move_and_fire_and_fire_previews_exact_odds() {
        let mut g = start(&assault_battle(), 2);
        g.submit(preview::to_order(g.world(), RED, &Intent::Activate("maj".into())).unwrap())
            .unwrap();
        let offers = preview::offers(g.world(), "r1");
        let labels: Vec<&str> = offers.iter().map(|o| o.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "Move",
                "Move the stack",
                "Fire",
                "Fire with the stack",
                "Assault"
            ]
        );
        assert_eq!(offers[3].pick, Some(Pick::Fire(ids(&["r1", "r2"]))));
        let (plan, odds) =
            preview::fire_preview(g.world(), &ids(&["r1", "r2"]), hex_of("0301").unwrap()).unwrap();
        assert_eq!(
            (plan.strength, plan.table.column_label(plan.column)),
            (10, "14-19".to_owned())
        );
        assert_eq!(odds.results.results.iter().map(|r| r.1).sum::<u32>(), 36);
        assert_eq!(
            preview::fire_targets(g.world(), &ids(&["r1"])),
            vec![hex_of("0301").unwrap(), hex_of("0501").unwrap()]
        );
    }
}

/// Red's heavy guns and Blue's field battery both plot turn 1 on each other: Red wins
/// the initiative (+9) and fires first.
fn counter_battery_duel(seed: u64) -> Game {
    let s = battle_sides(
        &["........", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "bb", side: "blue", unit: "field_battery", hex: "0601")]"#,
        r#", off_board_artillery: [(id: "rg", name: "Red guns", strength: 18)]"#,
        "",
    );
    let mut g = Game::new(&s, seed);
    let targets = |t: &str| Mission::PlannedFire {
        targets: vec![Some(t.into()), None, None],
    };
    plan(&mut g, vec![("rg", targets("0601"))]).unwrap();
    gw(
        &mut g,
        GwOrder::Plan {
            side: BLUE,
            missions: vec![Assignment {
                source: "bb".into(),
                mission: targets("0101"),
            }],
        },
    )
    .unwrap();
    answer_all(&mut g);
    g
}

/// "The player who won initiative fires first": Blue's battery fires, if at all, as
/// Red's fire left it — full strength 9 when Red's guns missed, reduced to 5 by a step
/// loss (seed 3), not at all when Demoralized (seed 2) or eliminated (seed 5).
#[test]
fn a_battery_hit_by_the_initiative_winners_fire_fires_as_it_then_is() {
    let blue_fire = |g: &Game| -> Option<u32> {
        events(g).into_iter().find_map(|e| match e {
            GameEvent::Fired {
                firers, strength, ..
            } if firers == ["bb"] => Some(strength),
            _ => None,
        })
    };
    let g = counter_battery_duel(3);
    assert_eq!(fired(&g)[0].2, "X", "Red's guns fire first and take a step");
    assert_eq!(
        blue_fire(&g),
        Some(5),
        "the reduced battery fires at 5, not 9"
    );
    let g = counter_battery_duel(2);
    assert!(marks(&g, "bb").contains(&MarkerKind::Demoralized));
    assert_eq!(blue_fire(&g), None);
    assert!(events(&g).contains(&GameEvent::Note {
        text: "bb does not fire at 0101: it is Demoralized.".into()
    }));
    assert!(
        !marks(&g, "bb").contains(&MarkerKind::Fired),
        "a battery that did not fire is not marked Fired"
    );
    let g = counter_battery_duel(5);
    assert_eq!(fired(&g)[0].2, "2X");
    assert_eq!(at(&g, "bb"), None, "eliminated before its turn to fire");
    assert_eq!(blue_fire(&g), None);
    let g = counter_battery_duel(17);
    assert_eq!(fired(&g)[0].2, "M");
    assert_eq!(
        blue_fire(&g),
        Some(9),
        "unshaken, it fires at full strength"
    );
}

/// Red assaults 0201 from 0101, where Red's own guns left a Drumfire marker.
fn assault_into_drumfire(seed: u64) -> Game {
    let s = battle_sides(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0201")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false)],
           hex_markers: [(kind: Drumfire, hex: "0201", side: "red", source: "guns")]"#,
        r#", off_board_artillery: [(id: "guns", name: "Guns", strength: 18)]"#,
        "",
    );
    let mut g = start(&s, seed);
    activate(&mut g, RED, "maj");
    gw(
        &mut g,
        GwOrder::Assault {
            side: RED,
            pieces: ids(&["r1"]),
            target: "0201".into(),
        },
    )
    .unwrap();
    answer_all(&mut g);
    g
}

/// "any units of either side that enter that hex are immediately attacked": in an
/// assault the units entering are the attackers, even when the Drumfire is their own
/// side's. Seed 0: the Drumfire's X takes a step from r1, not from the defender b1;
/// seed 2: its M1 checks r1's morale, not b1's.
#[test]
fn drumfire_in_an_assaulted_hex_attacks_the_assaulting_units_not_the_defenders() {
    let effects = |g: &Game| -> Vec<String> {
        events(g)
            .into_iter()
            .skip_while(|e| !matches!(e, GameEvent::Fired { kind, .. } if kind == "Drumfire"))
            .skip(1)
            .take_while(|e| !matches!(e, GameEvent::Fired { .. }))
            .filter_map(|e| match e {
                GameEvent::StepLost { piece, .. } => Some(format!("loss {piece}")),
                GameEvent::MoraleChecked { piece, .. } => Some(format!("morale {piece}")),
                _ => None,
            })
            .collect()
    };
    let g = assault_into_drumfire(0);
    assert_eq!(fired(&g)[0].2, "X");
    assert_eq!(effects(&g), ["loss r1", "morale r1"]);
    let g = assault_into_drumfire(2);
    assert_eq!(fired(&g)[0].2, "M1");
    assert_eq!(effects(&g), ["morale r1"]);
}

/// What a fire's result did, from the journal after the first fire of `kind`: each
/// step lost and each morale check, by piece, until the next fire.
fn effects_of(g: &Game, kind: &str) -> Vec<String> {
    events(g)
        .into_iter()
        .skip_while(|e| !matches!(e, GameEvent::Fired { kind: k, .. } if k == kind))
        .skip(1)
        .take_while(|e| !matches!(e, GameEvent::Fired { .. }))
        .filter_map(|e| match e {
            GameEvent::StepLost { piece, .. } => Some(format!("loss {piece}")),
            GameEvent::MoraleChecked { piece, .. } => Some(format!("morale {piece}")),
            _ => None,
        })
        .collect()
}

/// A Red machinegun in 0301 moves into 0201, where Blue's guns left a Drumfire marker
/// and a Red company already stands.
fn machinegun_joins_a_company_under_drumfire(seed: u64) -> Game {
    let s = battle_sides(
        &["..........", ".........."],
        r#"counters: [(id: "mg", side: "red", unit: "machinegun", hex: "0301"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "1001")],
           hex_markers: [(kind: Drumfire, hex: "0201", side: "blue", source: "guns")]"#,
        "",
        r#", off_board_artillery: [(id: "guns", name: "Guns", strength: 10)]"#,
    );
    let mut g = start(&s, seed);
    activate(&mut g, RED, "mg");
    mv(&mut g, RED, &["mg"], &["0201"]).unwrap();
    answer_all(&mut g);
    g
}

/// "any units of either side that enter that hex are immediately attacked": the
/// machinegun entering is attacked, the company already in the hex is not. Seed 1: the
/// Drumfire's M2 checks the machinegun's morale only; seed 5: its 2X takes the
/// machinegun's one step (it is removed) and the second loss finds no other unit that
/// entered, so the company keeps both its steps.
#[test]
fn drumfire_attacks_only_the_units_that_enter_not_those_already_in_the_hex() {
    let g = machinegun_joins_a_company_under_drumfire(1);
    assert_eq!(
        fired(&g),
        [("Drumfire".to_owned(), vec![6, 1], "M2".to_owned())]
    );
    assert_eq!(effects_of(&g, "Drumfire"), ["morale mg"]);
    let g = machinegun_joins_a_company_under_drumfire(5);
    assert_eq!(
        fired(&g),
        [("Drumfire".to_owned(), vec![6, 4], "2X".to_owned())]
    );
    assert_eq!(effects_of(&g, "Drumfire"), ["loss mg"]);
    assert_eq!(at(&g, "mg"), None);
    assert_eq!(steps(&g, "r2"), 2);
    assert!(marks(&g, "r2").is_empty());
}

/// Red's Major (combat modifier +2) leads a company into Blue's hex 0201, where Red's
/// own guns left a Drumfire marker: the Drumfire attacks both as they enter.
fn led_assault_into_drumfire(seed: u64) -> Game {
    let s = battle_sides(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0201")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, combat: 2, hex: "0101", flip: false)],
           hex_markers: [(kind: Drumfire, hex: "0201", side: "red", source: "guns")]"#,
        r#", off_board_artillery: [(id: "guns", name: "Guns", strength: 18)]"#,
        "",
    );
    let mut g = start(&s, seed);
    activate(&mut g, RED, "maj");
    gw(
        &mut g,
        GwOrder::Assault {
            side: RED,
            pieces: ids(&["r1", "maj"]),
            target: "0201".into(),
        },
    )
    .unwrap();
    answer_all(&mut g);
    g
}

/// A fire's strength, column shifts (with their causes) and column.
type Column = (u32, Vec<(i32, String)>, String);

/// The assault's column and shifts, from the journal.
fn assault_column(g: &Game) -> Option<Column> {
    events(g).into_iter().find_map(|e| match e {
        GameEvent::Fired {
            kind,
            strength,
            shifts,
            column,
            ..
        } if kind == "Assault" => Some((strength, shifts, column)),
        _ => None,
    })
}

/// A Demoralized leader "can do nothing [...] but try to recover morale": the Major who
/// led the company in lends his +2 when the assault is rolled only if the Drumfire on
/// the way in left him in good order. Seed 18: the Drumfire misses and the company's 5
/// goes from the 3-5 column two to the right, to 10-14; seed 34: its M1 demoralizes the
/// Major (the company passes) and the assault is rolled on 3-5, unshifted.
#[test]
fn a_leader_demoralized_by_drumfire_on_the_way_in_lends_no_assault_shift() {
    let g = led_assault_into_drumfire(18);
    assert_eq!(fired(&g)[0].2, "-");
    assert_eq!(
        assault_column(&g),
        Some((
            5,
            vec![(2, "leader's combat modifier".to_owned())],
            "10-14".to_owned()
        ))
    );
    let g = led_assault_into_drumfire(34);
    assert_eq!(fired(&g)[0].2, "M1");
    assert_eq!(effects_of(&g, "Drumfire"), ["morale r1", "morale maj"]);
    assert!(marks(&g, "maj").contains(&MarkerKind::Demoralized));
    assert_eq!(assault_column(&g), Some((5, vec![], "3-5".to_owned())));
}

/// Red's company r1 and its Lieutenant stand in 0101, under a Drumfire marker of Blue's
/// guns; the company assaults Blue's two companies in 0201.
fn assault_out_of_drumfire(seed: u64) -> Game {
    let s = battle_sides(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0201"),
                      (id: "b2", side: "blue", unit: "rifle_company", hex: "0201")],
           leaders: [(id: "lt", side: "red", name: "Lieutenant", kind: Infantry, rank: 1, morale: 8, hex: "0101", flip: false)],
           hex_markers: [(kind: Drumfire, hex: "0101", side: "blue", source: "guns")]"#,
        "",
        r#", off_board_artillery: [(id: "guns", name: "Guns", strength: 10)]"#,
    );
    let mut g = start(&s, seed);
    activate(&mut g, RED, "lt");
    gw(
        &mut g,
        GwOrder::Assault {
            side: RED,
            pieces: ids(&["r1"]),
            target: "0201".into(),
        },
    )
    .unwrap();
    answer_all(&mut g);
    g
}

/// Ours: attackers thrown back enter the hex they came from again, and "any units of
/// either side that enter that hex are immediately attacked" by the Drumfire there. Seed
/// 1: the assault takes a step (1), the defence's M leaves r1 unshaken, the assault is
/// thrown back to 0101 and Blue's guns' Drumfire there rolls M1 at the company: its
/// morale is checked, the Lieutenant's (who stood there all along) is not.
#[test]
fn attackers_thrown_back_into_a_drumfire_hex_are_attacked_as_they_enter_it() {
    let g = assault_out_of_drumfire(1);
    assert_eq!(
        fired(&g),
        [
            ("Assault".to_owned(), vec![6], "1".to_owned()),
            ("Assault defence".to_owned(), vec![1], "M".to_owned()),
            ("Drumfire".to_owned(), vec![4, 2], "M1".to_owned()),
        ]
    );
    let drumfire = events(&g).into_iter().find_map(|e| match e {
        GameEvent::Fired {
            kind,
            target,
            firers,
            ..
        } if kind == "Drumfire" => Some((target, firers)),
        _ => None,
    });
    assert_eq!(drumfire, Some(("0101".to_owned(), vec!["guns".to_owned()])));
    assert_eq!(at(&g, "r1"), Some("0101".into()));
    assert_eq!(effects_of(&g, "Drumfire"), ["morale r1"]);
}
