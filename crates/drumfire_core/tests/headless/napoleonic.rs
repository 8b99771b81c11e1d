//! The Napoleonic brigade rules (seed 001), each test named after the rule it proves
//! (`docs/rules/napoleonic.md` maps rule to code and test).

use drumfire_core::rules::napoleonic::brigade::{Arm, Fighter, Formation, Grade, Grades};
use drumfire_core::rules::napoleonic::combat::{
    self, Contest, KILL, Row, SkirmishSituation, factors, kill_faces, plan, row_ways,
    skirmish_factors,
};

/// An ordinary brigade: all grades B, in line, four battalions, fresh.
pub(super) fn brigade() -> Fighter {
    Fighter {
        arm: Arm::Infantry,
        grades: Grades::default(),
        formation: Formation::Line,
        casualties: 0,
        strength: 4,
        disordered: false,
        shaken: false,
    }
}

pub(super) fn causes(list: &[(i32, String)]) -> Vec<(i32, &str)> {
    list.iter().map(|(v, c)| (*v, c.as_str())).collect()
}

/// The worst and the best of everything, against an ordinary enemy in column.
fn every_modifier() -> (Fighter, Fighter, Fighter) {
    let best = Fighter {
        grades: Grades {
            class: Grade::A,
            skirmish: Grade::A,
            fire: Grade::A,
        },
        ..brigade()
    };
    let worst = Fighter {
        arm: Arm::Infantry,
        grades: Grades {
            class: Grade::C,
            skirmish: Grade::C,
            fire: Grade::C,
        },
        formation: Formation::Square,
        casualties: 2,
        strength: 2,
        disordered: true,
        shaken: true,
    };
    let column = Fighter {
        formation: Formation::AttackColumn,
        ..brigade()
    };
    (best, worst, column)
}

#[test]
fn hand_to_hand_factors_are_the_seeds_list() {
    let (best, worst, column) = every_modifier();
    assert_eq!(
        causes(&factors(Contest::HandToHand, &best, &column)),
        [
            (2, "Line v Column"),
            (1, "Class A"),
            (1, "Better Skirmishers"),
            (1, "Better Firepower"),
        ]
    );
    assert_eq!(
        causes(&factors(Contest::HandToHand, &worst, &brigade())),
        [
            (-2, "Outnumbered 2 to 1"),
            (-2, "Each casualty (2 casualties)"),
            (-1, "Class C"),
            (-1, "Disordered"),
            (-2, "Shaken"),
        ]
    );
    // Column against line gains nothing; line against line nothing either.
    assert_eq!(factors(Contest::HandToHand, &column, &brigade()), []);
    assert_eq!(factors(Contest::HandToHand, &brigade(), &brigade()), []);
    // March column is a column too.
    let march = Fighter {
        formation: Formation::MarchColumn,
        ..brigade()
    };
    assert_eq!(
        causes(&factors(Contest::HandToHand, &brigade(), &march)),
        [(2, "Line v Column")]
    );
}

#[test]
fn firefight_factors_are_the_seeds_list_and_a_square_counts_once() {
    let (best, worst, column) = every_modifier();
    assert_eq!(
        causes(&factors(Contest::Firefight, &best, &column)),
        [
            (1, "Fire A"),
            (1, "Better Skirmishers"),
            (2, "Line v Column")
        ]
    );
    // Class A does not count in a firefight.
    assert!(!causes(&factors(Contest::Firefight, &best, &column)).contains(&(1, "Class A")));
    assert_eq!(
        causes(&factors(Contest::Firefight, &worst, &brigade())),
        [
            (-2, "Outnumbered 2 to 1"),
            (-2, "Square"),
            (-1, "Fire C"),
            (-2, "Each casualty (2 casualties)"),
            (-1, "Disordered"),
            (-2, "Shaken"),
        ]
    );
    let square = Fighter {
        formation: Formation::Square,
        ..brigade()
    };
    assert_eq!(
        combat::total(&factors(Contest::Firefight, &square, &brigade())),
        -2
    );
}

#[test]
fn inside_factors_are_the_seeds_list() {
    let (best, worst, column) = every_modifier();
    // Formation, firepower and numbers do not count inside.
    assert_eq!(
        causes(&factors(Contest::Inside, &best, &column)),
        [(1, "Class A"), (1, "Skirmish A")]
    );
    assert_eq!(
        causes(&factors(Contest::Inside, &worst, &brigade())),
        [
            (-1, "Class C"),
            (-1, "Skirmish C"),
            (-2, "Each casualty (2 casualties)"),
            (-1, "Disordered"),
            (-2, "Shaken"),
        ]
    );
}

#[test]
fn the_side_with_the_higher_total_rolls_and_adds_the_difference() {
    let (best, _, column) = every_modifier();
    // Attacker +5 against 0: the attacker rolls, +5.
    let p = plan(Contest::HandToHand, &best, &column);
    assert_eq!((p.attacker_wins, p.difference), (true, 5));
    // The defender +5: the defender is the winner who rolls.
    let p = plan(Contest::HandToHand, &column, &best);
    assert_eq!((p.attacker_wins, p.difference), (false, 5));
    // A tie: the side that started it rolls, +0 (N-6).
    let p = plan(Contest::Firefight, &brigade(), &brigade());
    assert_eq!((p.attacker_wins, p.difference), (true, 0));
    assert_eq!(row_ways(0).iter().sum::<u32>(), 36);
}

#[test]
fn the_result_table_rows_and_their_casualties() {
    let rows: Vec<(i32, Row, (u8, u8))> = (0..=16)
        .map(|t| (t, Row::of(t), Row::of(t).casualties()))
        .collect();
    for (total, row, casualties) in rows {
        let want = match total {
            ..=3 => (Row::WinnerRouts, (3, 1)),
            4 | 5 => (Row::WinnerRetires, (2, 1)),
            6 | 7 => (Row::Draw, (1, 1)),
            8 | 9 => (Row::LoserRetires, (1, 2)),
            _ => (Row::LoserRouts, (1, 3)),
        };
        assert_eq!((row, casualties), want, "total {total}");
    }
    // Exactly: a difference of 0 gives 3, 7, 11, 9 and 6 rolls in 36 to the rows;
    // +3 gives 0, 1, 5, 9, 21.
    assert_eq!(row_ways(0), [3, 7, 11, 9, 6]);
    assert_eq!(row_ways(3), [0, 1, 5, 9, 21]);
    assert_eq!(row_ways(8), [0, 0, 0, 0, 36]);
}

#[test]
fn the_winner_on_factors_can_still_lose_the_combat() {
    // +1 on factors: the winner still routs on a 2 (1 roll in 36: total 3) and retires
    // Shaken on 3 or 4 (2 + 3 = 5 rolls).
    assert_eq!(row_ways(1)[0], 1);
    assert_eq!(row_ways(1)[1], 5);
    let odds = combat::odds(
        &plan(Contest::HandToHand, &brigade(), &brigade()),
        "1st Brigade",
        "2nd Brigade",
    );
    assert_eq!(odds.check(), Ok(()));
    assert_eq!(odds.outcomes[0].chance.to_string(), "3/36");
    assert_eq!(
        odds.basis,
        [
            "Combat factors: 1st Brigade +0, 2nd Brigade +0",
            "1st Brigade rolls 2d6 +0 (the difference)",
        ]
    );
    // Casualties to the winner: 1 on 6+ (26 rolls), 2 on 4–5 (7), 3 on 2–3 (3).
    let winner: Vec<String> = odds.more[0]
        .outcomes
        .iter()
        .map(|o| format!("{} {}", o.label, o.chance))
        .collect();
    assert_eq!(winner, ["1 26/36", "2 7/36", "3 3/36"]);
}

#[test]
fn a_skirmisher_kills_on_six_after_its_modifiers() {
    assert_eq!(KILL, 6);
    // Skirmish B (+2): 4, 5 or 6 kill.
    assert_eq!(kill_faces(2), 3);
    // Skirmish A (+3) and nothing else: 3 or more.
    assert_eq!(kill_faces(3), 4);
    // Nothing to add: only a 6.
    assert_eq!(kill_faces(0), 1);
    // Far down: never.
    assert_eq!(kill_faces(-1), 0);
    // Far up: always.
    assert_eq!(kill_faces(5), 6);
    let a = skirmish_factors(&brigade(), &brigade(), no_cover());
    let odds = combat::skirmish_odds("1st", &a, "2nd", Some(&a));
    assert_eq!(odds.check(), Ok(()));
    let shown: Vec<String> = odds
        .outcomes
        .iter()
        .map(|o| format!("{} {}", o.label, o.chance))
        .collect();
    assert_eq!(
        shown,
        [
            "Both kill 9/36",
            "Only 1st kills 9/36",
            "Only 2nd kills 9/36",
            "Neither kills 9/36"
        ]
    );
    assert_eq!(
        odds.basis[1],
        "1st kills on 4 or more; 2nd kills on 4 or more"
    );
}

fn no_cover() -> SkirmishSituation {
    SkirmishSituation {
        enemy_artillery: false,
        enemy_in_cover: false,
    }
}

#[test]
fn skirmish_modifiers_are_the_seeds_list() {
    let (best, worst, _) = every_modifier();
    assert_eq!(
        causes(&skirmish_factors(&best, &brigade(), no_cover())),
        [(3, "Skirmish A")]
    );
    assert_eq!(
        causes(&skirmish_factors(&brigade(), &brigade(), no_cover())),
        [(2, "Skirmish B")]
    );
    let at = SkirmishSituation {
        enemy_artillery: true,
        enemy_in_cover: true,
    };
    assert_eq!(
        causes(&skirmish_factors(&worst, &brigade(), at)),
        [
            (1, "Skirmish C"),
            (-2, "Shaken"),
            (-1, "Disordered"),
            (-2, "Each casualty"),
            (-1, "Infantry in square"),
            (-1, "Outnumbered 2 to 1"),
            (-1, "Enemy deployed artillery"),
            (-1, "Enemy in BUA or wood"),
        ]
    );
    // Outnumbered 2 to 1 counts battalions standing: 2 against 4 is, 3 against 5 is not.
    let three = Fighter {
        strength: 3,
        ..brigade()
    };
    let five = Fighter {
        strength: 5,
        ..brigade()
    };
    assert!(!three.outnumbered_by(&five));
    let two = Fighter {
        strength: 2,
        ..brigade()
    };
    assert!(two.outnumbered_by(&brigade()));
}

// ---- Whole games ---------------------------------------------------------------------

use drumfire_core::game::Game;
use drumfire_core::orders::Order;
use drumfire_core::players::{Bot, PlayerKind, play_out};
use drumfire_core::rule_set::RuleSets;
use drumfire_core::rules::napoleonic::{self, NpOrder};
use drumfire_core::scenario::{self, Scenario};
use drumfire_core::testing::{soak_game, soak_game_with};

/// The rule sets of the game.
static RULES: &RuleSets = &drumfire_core::rules::ALL;

const SMALL: &str = include_str!("../../../../tests/data/napoleonic_small.ron");

fn small() -> Scenario {
    scenario::parse("tests/data/napoleonic_small.ron", SMALL, RULES)
        .unwrap_or_else(|e| panic!("{}", e[0]))
}

#[test]
fn soak_the_mill_at_lindenau() {
    let s = small();
    for seed in 0..drumfire_core::testing::soak_games() {
        let game = soak_game(&s, seed).unwrap_or_else(|e| panic!("{e}"));
        assert!(game.outcome().is_some());
    }
}

#[test]
fn the_computer_plays_both_sides_within_the_rules() {
    let s = small();
    for seed in 0..4 {
        soak_game_with(&s, seed, [PlayerKind::Ai, PlayerKind::Random])
            .unwrap_or_else(|e| panic!("{e}"));
        soak_game_with(&s, seed, [PlayerKind::Random, PlayerKind::Ai])
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn a_game_saved_with_sealed_orders_replays_to_the_same_hash() {
    let s = small();
    let mut game = Game::new(&s, 3);
    let mut bots = [Bot::new(PlayerKind::Ai, 6), Bot::new(PlayerKind::Random, 7)];
    play_out(&mut game, &mut bots).unwrap();
    let saved = drumfire_core::save::save_of(&mut game, &s, 3);
    let text = drumfire_core::save::to_text(&saved).unwrap();
    let back =
        drumfire_core::save::parse("np.ron", &text, RULES).unwrap_or_else(|e| panic!("{}", e[0]));
    let (_, check) = drumfire_core::save::replay(&back);
    assert_eq!(check, Ok(game.state_hash()));
}

#[test]
fn orders_are_given_in_secret_and_shown_when_both_sides_have_given_theirs() {
    let s = small();
    let mut game = Game::new(&s, 1);
    assert_eq!(game.phase_name(), "Orders");
    assert_eq!(game.awaiting(), Some(0));
    let french: Order = NpOrder::Orders {
        side: 0,
        orders: vec![
            ("f_1".into(), napoleonic::brigade::Command::Attack),
            ("f_2".into(), napoleonic::brigade::Command::Engage),
        ],
    }
    .into();
    game.submit(french).unwrap();
    // Given, not yet shown: f_1 is still on Engage orders.
    let command =
        |g: &Game, id: &str| g.world().resource::<napoleonic::NpState>().brigades[id].command;
    assert_eq!(command(&game, "f_1"), napoleonic::brigade::Command::Engage);
    assert_eq!(game.awaiting(), Some(1));
    // Hold to Attack is two steps: refused, and nothing changes.
    let before = game.state_hash();
    let too_far: Order = NpOrder::Orders {
        side: 1,
        orders: vec![
            ("p_1".into(), napoleonic::brigade::Command::Attack),
            ("p_2".into(), napoleonic::brigade::Command::Hold),
        ],
    }
    .into();
    let refusal = game.submit(too_far).unwrap_err().0;
    assert!(refusal.contains("one step a turn"), "{refusal}");
    assert_eq!(game.state_hash(), before);
    // A brigade left out is refused too.
    let missing: Order = NpOrder::Orders {
        side: 1,
        orders: vec![("p_1".into(), napoleonic::brigade::Command::Hold)],
    }
    .into();
    assert!(game.submit(missing).unwrap_err().0.contains("has no order"));
    let prussian: Order = NpOrder::Orders {
        side: 1,
        orders: vec![
            ("p_1".into(), napoleonic::brigade::Command::Hold),
            ("p_2".into(), napoleonic::brigade::Command::Engage),
        ],
    }
    .into();
    game.submit(prussian).unwrap();
    assert_eq!(command(&game, "f_1"), napoleonic::brigade::Command::Attack);
    assert_eq!(command(&game, "p_2"), napoleonic::brigade::Command::Engage);
    assert_eq!(game.phase_name(), "Movement");
}

// ---- Rules on small made-up battlefields ---------------------------------------------

use drumfire_core::counters::{MarkerKind, PieceIds, Stands, has_marker};
use drumfire_core::journal::GameEvent;
use drumfire_core::rules::napoleonic::brigade::Command;
use drumfire_core::rules::napoleonic::{Fight, NpState};
use drumfire_core::scenario::hex_of;

/// A 10x8 field of open ground with `terrain` rows (blank rows open), a road along row
/// 5, and brigades as `(id, side, hex, battalions, "class: A, order: Attack...")`,
/// side 0 "red", side 1 "blue". An id starting `cav` is a cavalry brigade, one
/// starting `gun` a foot battery; any other an infantry brigade.
pub(super) fn field(terrain: &[&str], brigades: &[(&str, u8, &str, u8, &str)]) -> Scenario {
    field_with_roads(
        terrain,
        &["0105 0205 0305 0405 0505 0605 0705 0805 0905 1005"],
        brigades,
    )
}

/// [`field`] with these roads instead of the one along row 5.
fn field_with_roads(
    terrain: &[&str],
    roads: &[&str],
    brigades: &[(&str, u8, &str, u8, &str)],
) -> Scenario {
    let rows: Vec<String> = (0..8)
        .map(|r| {
            let row = terrain
                .get(r)
                .filter(|s| !s.is_empty())
                .map_or_else(|| ".".repeat(10), |s| s.to_string());
            format!("\"{row}\"")
        })
        .collect();
    let side = |s: u8| if s == 0 { "red" } else { "blue" };
    let counters: Vec<String> = brigades
        .iter()
        .map(|(id, s, hex, n, _)| {
            let stands = vec!["\"line\""; usize::from(*n)].join(", ");
            let unit = if id.starts_with("cav") {
                "cavalry_brigade"
            } else if id.starts_with("gun") {
                "foot_battery"
            } else {
                "line_brigade"
            };
            format!(
                "(id: \"{id}\", side: \"{}\", unit: \"{unit}\", hex: \"{hex}\", name: \"{id}\", stands: [{stands}])",
                side(*s)
            )
        })
        .collect();
    let section: Vec<String> = brigades
        .iter()
        .map(|(id, _, _, _, extra)| format!("(id: \"{id}\", {extra})"))
        .collect();
    let text = format!(
        r##"Scenario(rules: "napoleonic", title: "Test", turns: 6,
        map: (width: 10, height: 8, terrain: [{}],
              roads: [{}]),
        sides: [(id: "red", name: "Red", colour: "#c04040"), (id: "blue", name: "Blue", colour: "#4040c0")],
        counters: [{}],
        victory: (step_loss_points: 1),
        napoleonic: (brigades: [{}]))"##,
        rows.join(", "),
        roads
            .iter()
            .map(|r| format!("\"{r}\""))
            .collect::<Vec<_>>()
            .join(", "),
        counters.join(", "),
        section.join(", ")
    );
    scenario::parse("test.ron", &text, RULES).unwrap_or_else(|e| panic!("{}\n{text}", e[0]))
}

/// Both sides keep their orders; the game stands at the start of Movement with `first`
/// to act first.
pub(super) fn to_movement(s: &Scenario, seed: u64, first: u8) -> Game {
    let mut game = Game::new(s, seed);
    for side in 0..2u8 {
        let orders: Vec<(String, Command)> = game
            .world()
            .resource::<NpState>()
            .brigades
            .iter()
            .filter(|(id, _)| {
                napoleonic::view::piece(game.world(), id).is_some_and(|p| p.side == side)
            })
            .map(|(id, b)| (id.clone(), b.command))
            .collect();
        game.submit(NpOrder::Orders { side, orders }.into())
            .unwrap();
    }
    assert_eq!(game.phase_name(), "Movement");
    game.world_mut().resource_mut::<NpState>().first = first;
    game
}

/// On to the Combat phase, `first` acting first.
pub(super) fn to_combat(s: &Scenario, seed: u64, first: u8) -> Game {
    let mut game = to_movement(s, seed, first);
    game.submit(Order::Pass { side: first }).unwrap();
    game.submit(Order::Pass { side: 1 - first }).unwrap();
    assert_eq!(game.phase_name(), "Combat");
    game
}

pub(super) fn fight(side: u8, brigade: &str, target: &str, fight: Fight) -> Order {
    NpOrder::Fight {
        side,
        brigade: brigade.into(),
        target: target.into(),
        fight,
    }
    .into()
}

/// Submits an order that must be refused for `why`, and checks nothing changed.
pub(super) fn refused(game: &mut Game, order: Order, why: &str) {
    let before = game.state_hash();
    let refusal = game
        .submit(order.clone())
        .expect_err(&format!("{order:?} was accepted"))
        .0;
    assert!(refusal.contains(why), "{order:?}: {refusal}");
    assert_eq!(game.state_hash(), before, "a refusal changed the game");
}

pub(super) fn hex_of_piece(game: &Game, id: &str) -> Option<String> {
    napoleonic::view::piece(game.world(), id).map(|p| napoleonic::view::label(p.hex))
}

pub(super) fn standing(game: &Game, id: &str) -> String {
    let e = game.world().resource::<PieceIds>().get(id).unwrap();
    game.world().get::<Stands>(e).unwrap().glance()
}

pub(super) fn marked(game: &Game, id: &str, m: MarkerKind) -> bool {
    let e = game.world().resource::<PieceIds>().get(id).unwrap();
    has_marker(&game.world().entity(e), m)
}

#[test]
fn attack_orders_fight_only_hand_to_hand_or_inside() {
    // Red on Attack beside blue in the open (0504) and beside blue in a wood (0405).
    let s = field(
        &["", "", "", "", "...w......"],
        &[
            ("r", 0, "0404", 4, "order: Attack"),
            ("b_open", 1, "0504", 4, "order: Hold"),
            ("b_wood", 1, "0405", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 1, 0);
    for (order, why) in [
        (
            fight(0, "r", "0504", Fight::Firefight),
            "only Engage or Hold orders",
        ),
        (
            fight(0, "r", "0504", Fight::Skirmish),
            "only Hold or Engage orders",
        ),
        (
            fight(0, "r", "0405", Fight::HandToHand),
            "the fight for it is combat inside",
        ),
        (fight(0, "r", "0504", Fight::Inside), "in the open"),
    ] {
        refused(&mut game, order, why);
    }
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    // One fight started a turn.
    refused(
        &mut game,
        fight(0, "r", "0405", Fight::Inside),
        "has started a fight this turn",
    );
}

#[test]
fn engage_and_hold_fight_the_firefight_and_only_engage_fights_inside() {
    let s = field(
        &["", "", "", "", "...w......"],
        &[
            ("hold", 0, "0404", 4, "order: Hold"),
            ("engage", 0, "0406", 4, "order: Engage"),
            ("b_open", 1, "0504", 4, "order: Hold"),
            ("b_wood", 1, "0405", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 2, 0);
    for (order, why) in [
        (
            fight(0, "hold", "0504", Fight::HandToHand),
            "only Attack orders",
        ),
        (
            fight(0, "hold", "0405", Fight::Inside),
            "only Attack or Engage orders",
        ),
        (
            fight(0, "hold", "0405", Fight::Firefight),
            "not in the open",
        ),
    ] {
        refused(&mut game, order, why);
    }
    game.submit(fight(0, "hold", "0504", Fight::Firefight))
        .unwrap();
    game.submit(fight(0, "engage", "0405", Fight::Inside))
        .unwrap();
}

#[test]
fn a_skirmish_is_fought_across_one_empty_hex_against_the_open_bua_or_wood() {
    let s = field(
        &["", "", "", "", "", "......w..."],
        &[
            ("r1", 0, "0404", 4, "order: Hold"),
            ("r2", 0, "0506", 4, "order: Engage"),
            ("r3", 0, "0202", 4, "order: Hold"),
            ("b_open", 1, "0604", 4, "order: Hold"),
            ("b_wood", 1, "0706", 4, "order: Hold"),
            ("b_near", 1, "0302", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 3, 0);
    refused(
        &mut game,
        fight(0, "r3", "0302", Fight::Skirmish),
        "across one empty hex",
    );
    refused(
        &mut game,
        fight(0, "r1", "0706", Fight::Skirmish),
        "across one empty hex",
    );
    game.submit(fight(0, "r1", "0604", Fight::Skirmish))
        .unwrap();
    game.submit(fight(0, "r2", "0706", Fight::Skirmish))
        .unwrap();
}

#[test]
fn no_firefight_after_a_skirmish_this_turn() {
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            ("b1", 1, "0604", 4, "order: Hold"),
            ("b2", 1, "0403", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 4, 0);
    game.submit(fight(0, "r", "0604", Fight::Skirmish)).unwrap();
    // The one-fight rule would refuse it too; the skirmish rule is named first.
    game.world_mut().resource_mut::<NpState>().fought.clear();
    refused(
        &mut game,
        fight(0, "r", "0403", Fight::Firefight),
        "no firefight after a skirmish",
    );
}

#[test]
fn both_skirmish_and_any_brigade_with_casualties_tests_its_morale() {
    // Skirmish A against skirmish C: red kills on 3+, blue only on a 6 (+1, C).
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold, skirmish: A"),
            ("b", 1, "0604", 4, "order: Hold, skirmish: C"),
        ],
    );
    let mut game = to_combat(&s, 5, 0);
    let from = game.journal().entries().len();
    game.submit(fight(0, "r", "0604", Fight::Skirmish)).unwrap();
    let events: Vec<&GameEvent> = game.journal().entries()[from..]
        .iter()
        .map(|e| &e.event)
        .collect();
    let skirmishers: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Fired {
                kind,
                firers,
                result,
                dice,
                ..
            } if kind == "Skirmish" => Some(format!("{} {} {result}", firers[0], dice[0])),
            _ => None,
        })
        .collect();
    // Both rolled: seed 5 gives these dice exactly.
    assert_eq!(skirmishers.len(), 2, "{events:?}");
    let killed: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            GameEvent::StandLost { piece, .. } => Some(piece.as_str()),
            _ => None,
        })
        .collect();
    let tested: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            GameEvent::MoraleChecked { piece, .. } => Some(piece.as_str()),
            _ => None,
        })
        .collect();
    // Red's 6 (+3) kills, blue's 4 (+1) does not: blue loses its rightmost battalion
    // and, having casualties, tests its morale; red has none and does not.
    assert_eq!(skirmishers, ["r 6 a kill", "b 4 no kill"]);
    assert_eq!(killed, ["b"]);
    assert_eq!(tested, ["b"]);
    assert_eq!(standing(&game, "b"), "■■■□");
}

/// The result line of the last contest in the journal.
pub(super) fn last_result(game: &Game) -> String {
    game.journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired { result, .. } => Some(result.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

#[test]
fn the_loser_routs_and_flees_two_hexes_with_its_casualties() {
    // Red: line, all A, four battalions; blue: column, all C, two battalions, Disordered
    // and Shaken (added below). Red +5, blue -1 -1(C) -2(outnumbered) -1 -2: at +12
    // every roll is 10 or more: the loser routs.
    let s = field(
        &[],
        &[
            (
                "r",
                0,
                "0404",
                4,
                "order: Attack, class: A, skirmish: A, fire: A",
            ),
            (
                "b",
                1,
                "0504",
                2,
                "order: Hold, class: C, skirmish: C, fire: C, formation: AttackColumn",
            ),
        ],
    );
    let mut game = to_combat(&s, 6, 0);
    let e = game.world().resource::<PieceIds>().get("b").unwrap();
    drumfire_core::counters::add_marker(&mut game.world_mut().entity_mut(e), MarkerKind::Shaken);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert!(
        last_result(&game).contains("loser routs"),
        "{}",
        last_result(&game)
    );
    // The winner loses one battalion, the loser three: with two it is dispersed.
    assert_eq!(standing(&game, "r"), "■■■□");
    assert_eq!(hex_of_piece(&game, "b"), None, "b should be dispersed");
}

#[test]
fn a_router_flees_two_hexes_from_the_enemy_and_is_marked_routed() {
    let s = field(
        &[],
        &[
            (
                "r",
                0,
                "0404",
                6,
                "order: Attack, class: A, skirmish: A, fire: A",
            ),
            (
                "b",
                1,
                "0504",
                5,
                "order: Hold, class: C, skirmish: C, fire: C, formation: AttackColumn",
            ),
        ],
    );
    let mut game = to_combat(&s, 6, 0);
    let e = game.world().resource::<PieceIds>().get("b").unwrap();
    drumfire_core::counters::add_marker(&mut game.world_mut().entity_mut(e), MarkerKind::Shaken);
    drumfire_core::counters::add_marker(
        &mut game.world_mut().entity_mut(e),
        MarkerKind::Disordered,
    );
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert!(
        last_result(&game).contains("loser routs"),
        "{}",
        last_result(&game)
    );
    assert_eq!(standing(&game, "b"), "■■□□□");
    assert!(marked(&game, "b", MarkerKind::Routed));
    // Routed takes the place of Shaken and Disordered.
    assert!(!marked(&game, "b", MarkerKind::Shaken));
    assert!(!marked(&game, "b", MarkerKind::Disordered));
    let at = hex_of(&hex_of_piece(&game, "b").unwrap()).unwrap();
    assert_eq!(
        at.unsigned_distance_to(hex_of("0404").unwrap()),
        3,
        "two hexes further away"
    );
    // A routed brigade fights no more.
    game.submit(Order::Pass { side: 0 }).unwrap();
    let routed_target = fight(1, "b", "0404", Fight::Firefight);
    refused(&mut game, routed_target, "routed");
}

/// Two even fights on one field: `r` (Attack) against `b` in the open, `a` (Attack)
/// against `g` in a wood; all grades B, four battalions each, all in line.
fn even_fights() -> Scenario {
    field(
        &["", "", "", "", "....w....."],
        &[
            ("r", 0, "0404", 4, "order: Attack"),
            ("b", 1, "0504", 4, "order: Hold"),
            ("g", 1, "0505", 4, "order: Hold"),
            ("a", 0, "0405", 4, "order: Attack"),
        ],
    )
}

#[test]
fn the_loser_retires_one_hex_shaken_and_takes_two_casualties() {
    // Even factors: the attacker is the winner who rolls (N-6); seed 0 rolls 8.
    let mut game = to_combat(&even_fights(), 0, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert_eq!(
        last_result(&game),
        "8: 8–9: loser retires 4\" Shaken (winner 1, loser 2)"
    );
    assert_eq!(standing(&game, "r"), "■■■□");
    assert_eq!(standing(&game, "b"), "■■□□");
    assert!(marked(&game, "b", MarkerKind::Shaken));
    let at = hex_of(&hex_of_piece(&game, "b").unwrap()).unwrap();
    assert_eq!(
        at.unsigned_distance_to(hex_of("0404").unwrap()),
        2,
        "one hex away: 4\""
    );
    assert_eq!(
        hex_of_piece(&game, "r").as_deref(),
        Some("0404"),
        "hand to hand: no advance"
    );
}

#[test]
fn the_winner_on_factors_retires_shaken_on_a_low_roll() {
    let mut game = to_combat(&even_fights(), 2, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert_eq!(
        last_result(&game),
        "5: 4–5: winner retires 4\" Shaken (winner 2, loser 1)"
    );
    assert_eq!(standing(&game, "r"), "■■□□");
    assert_eq!(standing(&game, "b"), "■■■□");
    assert!(marked(&game, "r", MarkerKind::Shaken));
    assert!(!marked(&game, "b", MarkerKind::Shaken));
    let at = hex_of(&hex_of_piece(&game, "r").unwrap()).unwrap();
    assert_eq!(at.unsigned_distance_to(hex_of("0504").unwrap()), 2);
}

#[test]
fn a_draw_leaves_both_disordered_with_a_casualty_each() {
    let mut game = to_combat(&even_fights(), 1, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert_eq!(
        last_result(&game),
        "7: 6–7: draw, both Disordered (1 casualty each)"
    );
    for id in ["r", "b"] {
        assert_eq!(standing(&game, id), "■■■□", "{id}");
        assert!(marked(&game, id, MarkerKind::Disordered), "{id}");
    }
    assert_eq!(hex_of_piece(&game, "b").as_deref(), Some("0504"));
}

#[test]
fn an_attacker_goes_in_when_the_garrison_of_a_wood_retires() {
    let mut game = to_combat(&even_fights(), 7, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    game.submit(fight(0, "a", "0505", Fight::Inside)).unwrap();
    assert_eq!(
        last_result(&game),
        "8: 8–9: loser retires 4\" Shaken (winner 1, loser 2)"
    );
    assert_eq!(
        hex_of_piece(&game, "a").as_deref(),
        Some("0505"),
        "on Attack orders it goes in"
    );
    assert!(marked(&game, "g", MarkerKind::Shaken));
}

#[test]
fn a_casualty_takes_the_rightmost_battalion_and_the_last_disperses_the_brigade() {
    // Seed 10: the attacker routs on a 3, taking three casualties of its four.
    let mut game = to_combat(&even_fights(), 10, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert_eq!(
        last_result(&game),
        "3: 2–3: winner routs (winner 3 casualties, loser 1)"
    );
    assert_eq!(standing(&game, "r"), "■□□□");
    assert!(marked(&game, "r", MarkerKind::Routed));
    // Its casualties count for the other side at the end.
    assert_eq!(
        game.world().resource::<drumfire_core::flow::StepsLost>().0,
        [3, 1]
    );
}

pub(super) fn move_to(side: u8, brigade: &str, path: &[&str]) -> Order {
    NpOrder::Move {
        side,
        brigade: brigade.into(),
        path: path.iter().map(|s| (*s).to_owned()).collect(),
    }
    .into()
}

#[test]
fn a_brigade_moves_by_its_formation_and_a_march_column_further_on_the_road() {
    let s = field(
        &[],
        &[
            ("line", 0, "0102", 4, "order: Engage"),
            (
                "column",
                0,
                "0103",
                4,
                "order: Engage, formation: AttackColumn",
            ),
            (
                "march",
                0,
                "0105",
                4,
                "order: Engage, formation: MarchColumn",
            ),
            ("square", 0, "0107", 4, "order: Engage, formation: Square"),
            ("hold", 0, "0108", 4, "order: Hold, formation: AttackColumn"),
            ("far", 1, "1001", 4, "order: Hold"),
        ],
    );
    let mut game = to_movement(&s, 1, 0);
    refused(&mut game, move_to(0, "line", &["0202", "0302"]), "too far");
    game.submit(move_to(0, "line", &["0202"])).unwrap();
    refused(
        &mut game,
        move_to(0, "column", &["0203", "0303", "0403"]),
        "too far",
    );
    game.submit(move_to(0, "column", &["0203", "0303"]))
        .unwrap();
    // Four hexes along the road (row 5), from a road hex.
    game.submit(move_to(0, "march", &["0205", "0305", "0405", "0505"]))
        .unwrap();
    refused(&mut game, move_to(0, "square", &["0207"]), "in square");
    refused(&mut game, move_to(0, "hold", &["0208"]), "on Hold orders");
    // Moved once a turn; it may not also change formation.
    refused(&mut game, move_to(0, "line", &["0302"]), "has moved");
    let form = |b: &str, f: Formation| -> Order {
        NpOrder::Form {
            side: 0,
            brigade: b.into(),
            formation: f,
        }
        .into()
    };
    refused(&mut game, form("line", Formation::Square), "has moved");
    // A brigade on Hold may still change formation.
    game.submit(form("hold", Formation::Line)).unwrap();
    assert_eq!(
        game.world().resource::<NpState>().brigades["hold"].formation,
        Formation::Line
    );
}

#[test]
fn a_march_column_off_the_road_moves_three_hexes() {
    let s = field(
        &[],
        &[
            (
                "march",
                0,
                "0103",
                4,
                "order: Engage, formation: MarchColumn",
            ),
            ("far", 1, "1001", 4, "order: Hold"),
        ],
    );
    let mut game = to_movement(&s, 1, 0);
    refused(
        &mut game,
        move_to(0, "march", &["0203", "0303", "0403", "0503"]),
        "too far",
    );
    game.submit(move_to(0, "march", &["0203", "0303", "0403"]))
        .unwrap();
}

#[test]
fn a_brigade_halts_beside_the_enemy_and_never_enters_an_occupied_hex() {
    let s = field(
        &[],
        &[
            ("r", 0, "0203", 4, "order: Attack, formation: MarchColumn"),
            ("friend", 0, "0303", 4, "order: Hold"),
            ("b", 1, "0504", 4, "order: Hold"),
        ],
    );
    let mut game = to_movement(&s, 1, 0);
    refused(&mut game, move_to(0, "r", &["0303"]), "occupied");
    // 0404 is next to the enemy in 0504: the column halts there.
    refused(
        &mut game,
        move_to(0, "r", &["0204", "0304", "0404", "0405"]),
        "halts in 0404",
    );
    game.submit(move_to(0, "r", &["0204", "0304", "0404"]))
        .unwrap();
    assert_eq!(hex_of_piece(&game, "r").as_deref(), Some("0404"));
}

#[test]
fn the_morale_test_table() {
    use drumfire_core::rules::napoleonic::{Morale, morale_outcome};
    for (score, shaken, want) in [
        (12, false, Morale::Steady),
        (7, false, Morale::Steady),
        (6, false, Morale::Disordered),
        (5, true, Morale::Disordered),
        (4, false, Morale::Shaken),
        (3, false, Morale::Shaken),
        (4, true, Morale::Routs),
        (2, false, Morale::Routs),
        (-3, false, Morale::Routs),
    ] {
        assert_eq!(morale_outcome(score, shaken), want, "{score} {shaken}");
    }
}

#[test]
fn the_disordered_recover_at_the_rally_unless_they_fought() {
    let s = field(
        &[],
        &[
            ("quiet", 0, "0102", 4, "order: Hold"),
            ("fighter", 0, "0404", 4, "order: Hold"),
            ("b", 1, "0504", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 1, 0);
    for id in ["quiet", "fighter"] {
        let e = game.world().resource::<PieceIds>().get(id).unwrap();
        drumfire_core::counters::add_marker(
            &mut game.world_mut().entity_mut(e),
            MarkerKind::Disordered,
        );
    }
    game.submit(fight(0, "fighter", "0504", Fight::Firefight))
        .unwrap();
    game.submit(Order::Pass { side: 0 }).unwrap();
    game.submit(Order::Pass { side: 1 }).unwrap();
    // The Rally has run; the next turn's Orders phase waits.
    assert_eq!(game.phase_name(), "Orders");
    assert!(!marked(&game, "quiet", MarkerKind::Disordered));
    // Disordered, the fighter is the loser on factors (-1 against 0): blue rolls 7 + 1,
    // and the fighter retires Shaken. It fought, so it keeps its disorder.
    assert_eq!(
        last_result(&game),
        "8: 8–9: loser retires 4\" Shaken (winner 1, loser 2)"
    );
    assert_eq!(hex_of_piece(&game, "fighter").as_deref(), Some("0303"));
    assert!(marked(&game, "fighter", MarkerKind::Disordered));
    assert!(marked(&game, "fighter", MarkerKind::Shaken));
}

#[test]
fn every_choice_we_designed_is_marked_ours_where_it_lives() {
    let (listed, wrong) =
        drumfire_core::testing::designed_marks("napoleonic.md", "| N-", "N-", "napoleonic");
    assert_eq!(listed, 33);
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn every_test_the_rules_map_names_exists() {
    let root = env!("CARGO_MANIFEST_DIR");
    let doc = std::fs::read_to_string(format!("{root}/../../docs/rules/napoleonic.md")).unwrap();
    let tests = ["napoleonic.rs", "napoleonic_arms.rs"]
        .map(|f| std::fs::read_to_string(format!("{root}/tests/headless/{f}")).unwrap())
        .concat();
    for line in doc.lines().filter(|l| {
        // The seed's rows, and those of ours that name their tests (four cells).
        l.starts_with("| NP-") || (l.starts_with("| N-") && l.matches('|').count() == 5)
    }) {
        let test_cell = line.rsplit('|').nth(1).unwrap_or("");
        if test_cell.trim() == "same" {
            continue;
        }
        for name in test_cell.split('`').skip(1).step_by(2) {
            assert!(
                tests.contains(&format!("fn {name}(")),
                "{name}, named in docs/rules/napoleonic.md, is no test"
            );
        }
        assert!(test_cell.contains('`'), "no test for {line}");
    }
}

// ---- The review's rulings: skirmish, road, Shaken and the fight inside -----------------

/// What the journal holds from entry `from` on, each event in a short line: "r 6 a kill"
/// for a skirmisher's die, "lost b" for a battalion lost, "morale b steady" for a
/// morale test, and the text of a note.
fn told_since(game: &Game, from: usize) -> Vec<String> {
    game.journal().entries()[from..]
        .iter()
        .filter_map(|e| match &e.event {
            GameEvent::Fired {
                kind,
                firers,
                dice,
                result,
                ..
            } if kind == "Skirmish" => Some(format!("{} {} {result}", firers[0], dice[0])),
            GameEvent::StandLost { piece, .. } => Some(format!("lost {piece}")),
            GameEvent::MoraleChecked { piece, outcome, .. } => {
                Some(format!("morale {piece} {outcome}"))
            }
            GameEvent::Note { text } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

fn skirmish_odds_shown(game: &Game, brigade: &str, target: &str) -> (Vec<String>, Vec<String>) {
    let o = NpOrder::Fight {
        side: 0,
        brigade: brigade.into(),
        target: target.into(),
        fight: Fight::Skirmish,
    };
    let odds = napoleonic::fight_odds(game.world(), &o).unwrap();
    assert_eq!(odds.check(), Ok(()));
    let outcomes = odds
        .outcomes
        .iter()
        .map(|o| format!("{} {}", o.label, o.chance))
        .collect();
    (odds.basis, outcomes)
}

#[test]
fn attack_orders_do_not_skirmish_back() {
    // Rule 11: "must have Hold or Engage orders"; rule 13: "Attack orders do not allow
    // skirmish or fire fight". Skirmish A against a brigade on Attack orders.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold, skirmish: A"),
            ("b", 1, "0604", 4, "order: Attack"),
        ],
    );
    let mut game = to_combat(&s, 5, 0);
    let (basis, outcomes) = skirmish_odds_shown(&game, "r", "0604");
    assert_eq!(
        basis,
        [
            "r rolls 1d6 and needs 6 to kill",
            "r kills on 3 or more; b does not skirmish back (Attack orders)"
        ]
    );
    assert_eq!(outcomes, ["Only r kills 4/6", "Neither kills 2/6"]);
    let from = game.journal().entries().len();
    game.submit(fight(0, "r", "0604", Fight::Skirmish)).unwrap();
    // Red's die alone: seed 5 rolls a 6, a kill; b tests its morale (Shaken, so off
    // Attack orders, N-29), red does not.
    assert_eq!(
        told_since(&game, from),
        [
            "b is on Attack orders: it does not skirmish back.",
            "r 6 a kill",
            "lost b",
            "morale b Shaken",
            "b is Shaken: its Attack orders drop to Engage.",
        ]
    );
    assert_eq!(standing(&game, "r"), "■■■■");
    let state = game.world().resource::<NpState>();
    assert!(state.skirmished.contains("r") && !state.skirmished.contains("b"));
}

#[test]
fn a_brigade_that_skirmished_back_starts_no_firefight_this_turn() {
    // Rule 12: "Not allowed if they have already skirmished this move": skirmishing back
    // is skirmishing. b skirmishes back at r, then would fire on r2 beside it.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            ("r2", 0, "0704", 4, "order: Hold"),
            ("b", 1, "0604", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 2, 0);
    let from = game.journal().entries().len();
    game.submit(fight(0, "r", "0604", Fight::Skirmish)).unwrap();
    // Seed 2: red misses, b's 4 kills; r holds.
    assert_eq!(
        told_since(&game, from),
        ["r 1 no kill", "b 4 a kill", "lost r", "morale r steady"]
    );
    game.submit(Order::Pass { side: 0 }).unwrap();
    refused(
        &mut game,
        fight(1, "b", "0704", Fight::Firefight),
        "b has skirmished this turn: no firefight after a skirmish",
    );
}

#[test]
fn the_road_rate_needs_a_road_that_runs_from_hex_to_hex() {
    // Five road pieces, each running from row 3 up to row 2: every hex of row 3 has a
    // road, but no road runs along row 3. A march column there moves 3 hexes, not 4.
    let pieces = [
        "0102 0103",
        "0202 0203",
        "0302 0303",
        "0402 0403",
        "0502 0503",
    ];
    let s = field_with_roads(
        &[],
        &pieces,
        &[
            (
                "march",
                0,
                "0103",
                4,
                "order: Engage, formation: MarchColumn",
            ),
            ("far", 1, "1008", 4, "order: Hold"),
        ],
    );
    let mut game = to_movement(&s, 1, 0);
    let p = napoleonic::view::piece(game.world(), "march").unwrap();
    let reach = napoleonic::movement::reachable(game.world(), &p);
    assert!(!reach.contains_key(&{
        let h = hex_of("0503").unwrap();
        (h.x(), h.y())
    }));
    refused(
        &mut game,
        move_to(0, "march", &["0203", "0303", "0403", "0503"]),
        "march column: 0503 is too far",
    );
    game.submit(move_to(0, "march", &["0203", "0303", "0403"]))
        .unwrap();
}

#[test]
fn a_skirmish_needs_every_hex_between_empty() {
    // Ours, N-1: two hexes apart on a straight line there is one hex between (0405
    // between 0404 and 0406); off it there are two (0504 and 0505 between 0404 and
    // 0604). Every one of them must be empty, of friend and foe.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            ("friend", 0, "0405", 4, "order: Hold"),
            ("touch", 1, "0504", 4, "order: Hold"),
            ("far", 1, "0604", 4, "order: Hold"),
            ("below", 1, "0406", 4, "order: Hold"),
            ("r2", 0, "0802", 4, "order: Hold"),
            ("open", 1, "0602", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 3, 0);
    refused(
        &mut game,
        fight(0, "r", "0604", Fight::Skirmish),
        "a skirmish is fought across one empty hex (4\"): touch stands in 0504, between r and far",
    );
    refused(
        &mut game,
        fight(0, "r", "0406", Fight::Skirmish),
        "friend stands in 0405, between r and below",
    );
    // Both hexes between 0802 and 0602 are empty.
    game.submit(fight(0, "r2", "0602", Fight::Skirmish))
        .unwrap();
}

/// `n` battalions of brigade `id` lost before the fight (the rightmost first).
fn wear(game: &mut Game, id: &str, n: usize) {
    let e = game.world().resource::<PieceIds>().get(id).unwrap();
    let mut stands = game.world().get::<Stands>(e).unwrap().clone();
    for i in 0..n {
        let last = stands.0.len() - 1 - i;
        stands.lose(last).unwrap();
    }
    game.world_mut().entity_mut(e).insert(stands);
}

#[test]
fn a_skirmish_tests_the_morale_only_of_a_brigade_it_hits() {
    // Ours, N-27: "Any brigade with casualties must make morale" is read as casualties
    // from this skirmish. b lost a battalion in an earlier turn; nobody is hit now.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold, skirmish: C"),
            ("b", 1, "0604", 4, "order: Hold, skirmish: C"),
        ],
    );
    let mut game = to_combat(&s, 2, 0);
    wear(&mut game, "b", 1);
    let from = game.journal().entries().len();
    game.submit(fight(0, "r", "0604", Fight::Skirmish)).unwrap();
    // Seed 2: red rolls 1 (+1), b rolls 4 (+1 Skirmish C, -1 its casualty): no kill,
    // and no morale test.
    assert_eq!(told_since(&game, from), ["r 1 no kill", "b 4 no kill"]);
}

#[test]
fn the_winner_of_a_fight_inside_is_disordered() {
    // Ours, N-28: rule 10's example leaves the Prussians, who won, Disordered with one
    // casualty. Seed 7: the attacker a rolls 8 inside the wood; the garrison retires.
    let mut game = to_combat(&even_fights(), 7, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    game.submit(fight(0, "a", "0505", Fight::Inside)).unwrap();
    assert_eq!(
        last_result(&game),
        "8: 8–9: loser retires 4\" Shaken (winner 1, loser 2)"
    );
    assert_eq!(standing(&game, "a"), "■■■□");
    assert!(marked(&game, "a", MarkerKind::Disordered));
    assert!(!marked(&game, "g", MarkerKind::Disordered));
    assert_eq!(hex_of_piece(&game, "a").as_deref(), Some("0505"));
    // Hand to hand in the open keeps the table as written: seed 0, r wins on 8 and
    // stands in good order.
    let mut game = to_combat(&even_fights(), 0, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert!(last_result(&game).starts_with("8: 8–9"));
    assert!(!marked(&game, "r", MarkerKind::Disordered));
}

#[test]
fn a_firefight_target_on_attack_orders_fires_back() {
    // Ours, N-17: the firefight is one exchange; the target's factors count and the
    // firer takes its casualties whatever the target's orders. Blue, Fire A, on Attack.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            ("b", 1, "0504", 4, "order: Attack, fire: A"),
        ],
    );
    let mut game = to_combat(&s, 0, 0);
    game.submit(fight(0, "r", "0504", Fight::Firefight))
        .unwrap();
    let shifts = game
        .journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired { shifts, column, .. } => Some((shifts.clone(), column.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        shifts,
        (vec![(1, "b: Fire A".to_owned())], "b rolls +1".into())
    );
    assert_eq!(
        last_result(&game),
        "9: 8–9: loser retires 4\" Shaken (winner 1, loser 2)"
    );
    assert_eq!(standing(&game, "b"), "■■■□");
    assert_eq!(standing(&game, "r"), "■■□□");
}

#[test]
fn a_brigade_made_shaken_drops_its_attack_orders_to_engage() {
    // Ours, N-29: a Shaken brigade may not be on Attack orders (N-3), from the moment
    // it is Shaken. Seed 0: red, on Hold, wins the firefight on 8; b retires Shaken.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            ("b", 1, "0504", 4, "order: Attack"),
            ("r2", 0, "0303", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 0, 0);
    let from = game.journal().entries().len();
    game.submit(fight(0, "r", "0504", Fight::Firefight))
        .unwrap();
    assert_eq!(
        last_result(&game),
        "8: 8–9: loser retires 4\" Shaken (winner 1, loser 2)"
    );
    assert!(marked(&game, "b", MarkerKind::Shaken));
    assert!(
        told_since(&game, from).contains(&"b is Shaken: its Attack orders drop to Engage.".into())
    );
    assert_eq!(
        game.world().resource::<NpState>().brigades["b"].command,
        Command::Engage
    );
}

#[test]
fn a_shaken_brigade_that_must_retire_routs() {
    // Ours, N-30: as on a morale test (N-12), a brigade already Shaken that is to retire
    // Shaken routs instead. Both Shaken: even factors, seed 0 rolls 8, loser retires.
    let mut game = to_combat(&even_fights(), 0, 0);
    for id in ["r", "b"] {
        let e = game.world().resource::<PieceIds>().get(id).unwrap();
        drumfire_core::counters::add_marker(
            &mut game.world_mut().entity_mut(e),
            MarkerKind::Shaken,
        );
    }
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert_eq!(
        last_result(&game),
        "8: 8–9: loser retires 4\" Shaken (winner 1, loser 2)"
    );
    assert_eq!(standing(&game, "b"), "■■□□");
    assert!(marked(&game, "b", MarkerKind::Routed));
    let at = hex_of(&hex_of_piece(&game, "b").unwrap()).unwrap();
    assert_eq!(at.unsigned_distance_to(hex_of("0404").unwrap()), 3);
}

#[test]
fn the_computer_skirmishes_only_when_its_kills_are_likelier() {
    // NP-16, "Only initiate skirmish combat if you have better skirmishers": red kills
    // on 4+ (Skirmish B), b on 4+ too (Skirmish A, one casualty). Equal: red passes.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            ("b", 1, "0604", 4, "order: Hold, skirmish: A"),
        ],
    );
    let mut game = to_combat(&s, 1, 0);
    wear(&mut game, "b", 1);
    assert_eq!(
        napoleonic::ai::choose(game.world(), 0),
        Some(Order::Pass { side: 0 })
    );
}

// ---- Our own parts: one hex always, retreat over the ground ----------------------------

#[test]
fn a_brigade_may_always_move_one_hex() {
    // Ours, N-31: a line (1 hex) next to a wood (2) enters it, and one next to a marsh
    // (3) enters that; the step takes its whole move. A column that has stepped one
    // open hex has 1 left and may not then enter a wood.
    let s = field(
        &["", "...w......", "", "", "", "....w.....", "", "...~......"],
        &[
            ("line", 0, "0302", 4, "order: Engage"),
            (
                "column",
                0,
                "0306",
                4,
                "order: Engage, formation: AttackColumn",
            ),
            ("marsh", 0, "0308", 4, "order: Engage"),
            ("far", 1, "1001", 4, "order: Hold"),
        ],
    );
    let mut game = to_movement(&s, 1, 0);
    // The reach shaded on the map and the computer's candidates hold the wood, and no
    // hex beyond it.
    let line = napoleonic::view::piece(game.world(), "line").unwrap();
    let reach: Vec<String> = napoleonic::movement::reachable(game.world(), &line)
        .into_values()
        .map(|path| {
            path.iter()
                .map(|h| napoleonic::view::label(*h))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert!(reach.contains(&"0402".to_owned()), "{reach:?}");
    assert!(reach.iter().all(|p| !p.contains(' ')), "{reach:?}");
    let into_wood = move_to(0, "line", &["0402"]);
    assert!(
        napoleonic::candidates::candidates(game.world(), 0).contains(&into_wood),
        "the computer may order it"
    );
    refused(&mut game, move_to(0, "line", &["0402", "0502"]), "too far");
    game.submit(into_wood).unwrap();
    assert_eq!(hex_of_piece(&game, "line").as_deref(), Some("0402"));
    game.submit(move_to(0, "marsh", &["0408"])).unwrap();
    assert_eq!(hex_of_piece(&game, "marsh").as_deref(), Some("0408"));
    // Having moved one open hex of its two, the column may not use the rule.
    refused(
        &mut game,
        move_to(0, "column", &["0406", "0506"]),
        "0506 is too far",
    );
    let column = napoleonic::view::piece(game.world(), "column").unwrap();
    assert!(
        !napoleonic::movement::reachable(game.world(), &column).contains_key(&{
            let h = hex_of("0506").unwrap();
            (h.x(), h.y())
        })
    );
    // Nor may the line, having moved this turn, take another hex.
    refused(&mut game, move_to(0, "line", &["0502"]), "has moved");
}

#[test]
fn a_retiring_brigade_takes_the_open_before_a_marsh_or_wood() {
    // Ours, N-32: of the hexes away from the enemy (0505 marsh, 0604 wood, 0605 open)
    // the loser retires to the cheapest, 0605; it used to take the first by
    // position, the marsh. Even factors, seed 0 rolls 8: the loser retires.
    let s = field_with_roads(
        &["", "", "", ".....w....", "....~....."],
        &[],
        &[
            ("r", 0, "0404", 4, "order: Attack"),
            ("b", 1, "0504", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 0, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert_eq!(
        last_result(&game),
        "8: 8–9: loser retires 4\" Shaken (winner 1, loser 2)"
    );
    assert_eq!(hex_of_piece(&game, "b").as_deref(), Some("0605"));
    assert!(marked(&game, "b", MarkerKind::Shaken));
}

#[test]
fn a_router_flees_over_the_ground_and_a_wood_slows_it() {
    // Ours, N-32: flight is two hexes of movement paid at the ground's costs, the
    // cheapest hex away first. From 0504 away from 0404: 0505 is a wood, 0604 open;
    // beyond 0604 only woods (0703, 0704), which its one hex left cannot pay for: the
    // router stops in 0604, two hexes from the enemy, not three.
    let s = field_with_roads(
        &["", "", "......w...", "......w...", "....w....."],
        &[],
        &[
            (
                "r",
                0,
                "0404",
                6,
                "order: Attack, class: A, skirmish: A, fire: A",
            ),
            (
                "b",
                1,
                "0504",
                5,
                "order: Hold, class: C, skirmish: C, fire: C, formation: AttackColumn",
            ),
        ],
    );
    let mut game = to_combat(&s, 6, 0);
    let e = game.world().resource::<PieceIds>().get("b").unwrap();
    drumfire_core::counters::add_marker(&mut game.world_mut().entity_mut(e), MarkerKind::Shaken);
    drumfire_core::counters::add_marker(
        &mut game.world_mut().entity_mut(e),
        MarkerKind::Disordered,
    );
    let from = game.journal().entries().len();
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert!(
        last_result(&game).contains("loser routs"),
        "{}",
        last_result(&game)
    );
    assert!(marked(&game, "b", MarkerKind::Routed));
    assert_eq!(hex_of_piece(&game, "b").as_deref(), Some("0604"));
    let told = told_since(&game, from);
    assert!(told.iter().any(|l| l == "b flees to 0604."), "{told:?}");
    assert!(
        told.iter()
            .any(|l| l == "b is slowed by the ground: it flees no farther."),
        "{told:?}"
    );
}
