//! The Napoleonic brigade rules (seed 001), each test named after the rule it proves
//! (`docs/rules/napoleonic.md` maps rule to code and test).

use drumfire_core::rules::napoleonic::brigade::{Fighter, Formation, Grade, Grades};
use drumfire_core::rules::napoleonic::combat::{
    self, Contest, KILL, Row, SkirmishSituation, factors, kill_faces, plan, row_ways,
    skirmish_factors,
};

/// An ordinary brigade: all grades B, in line, four battalions, fresh.
fn brigade() -> Fighter {
    Fighter {
        grades: Grades::default(),
        formation: Formation::Line,
        casualties: 0,
        strength: 4,
        disordered: false,
        shaken: false,
    }
}

fn causes(list: &[(i32, String)]) -> Vec<(i32, &str)> {
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
    let odds = combat::skirmish_odds("1st", &a, "2nd", &a);
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

/// The rule sets of these tests: the Napoleonic rules beside the others, handed in
/// here until the window can play them.
static RULES: RuleSets = RuleSets::new(
    &[
        &drumfire_core::rules::GREAT_WAR,
        &drumfire_core::rules::PORTABLE,
        &napoleonic::INFO,
    ],
    None,
);

const SMALL: &str = include_str!("../../../../tests/data/napoleonic_small.ron");

fn small() -> Scenario {
    scenario::parse("tests/data/napoleonic_small.ron", SMALL, &RULES)
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
        drumfire_core::save::parse("np.ron", &text, &RULES).unwrap_or_else(|e| panic!("{}", e[0]));
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
