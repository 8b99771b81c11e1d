//! A copy of a game to look ahead in (`fork`), and the Hard player that uses it
//! (`lookahead`).

use drumfire_core::fork::Snapshot;
use drumfire_core::game::Game;
use drumfire_core::lookahead::{self, Budget};
use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::testing::{shipped, shipped_scenarios};

fn random_bots(seed: u64) -> [Bot; 2] {
    [
        Bot::new(PlayerKind::Random, seed),
        Bot::new(PlayerKind::Random, seed + 1),
    ]
}

/// Plays up to `n` orders of `bots` (fewer where the game ends).
fn play(game: &mut Game, bots: &mut [Bot; 2], n: usize) {
    for _ in 0..n {
        if game.is_over() {
            return;
        }
        let side = game.awaiting().expect("a side to act");
        let order = bots[usize::from(side)]
            .choose(game, side)
            .expect("a legal order");
        game.submit(order).expect("a legal order is accepted");
    }
}

/// Every shipped scenario: a copy taken at three moments of a game and put into
/// another game of the scenario, which had played other orders with other dice, has
/// the same state hash, and the same orders then give the same game order by order.
#[test]
fn a_copy_put_into_another_game_plays_on_exactly_as_the_game_it_was_taken_from() {
    for (set, name) in shipped_scenarios() {
        let scenario = shipped(&set, &name);
        let mut game = Game::new(&scenario, 11);
        let mut bots = random_bots(3);
        let mut other = Game::new(&scenario, 99);
        let mut other_bots = random_bots(50);
        for at in [4, 40, 160] {
            play(&mut game, &mut bots, at);
            play(&mut other, &mut other_bots, at / 2 + 7);
            if game.is_over() {
                break;
            }
            let snapshot = Snapshot::take(game.world());
            snapshot
                .put(other.world_mut())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(
                other.state_hash(),
                game.state_hash(),
                "{name}: the copy after {at} orders"
            );
            let mut mine = random_bots(700 + at as u64);
            let mut theirs = random_bots(700 + at as u64);
            for k in 0..60 {
                play(&mut game, &mut mine, 1);
                play(&mut other, &mut theirs, 1);
                assert_eq!(
                    other.state_hash(),
                    game.state_hash(),
                    "{name}: order {k} after the copy taken at {at}"
                );
            }
            other_bots = random_bots(60 + at as u64);
        }
    }
}

/// A game undone (set up again and its orders fed in) has new entities for its
/// counters; a copy is still put by counter id and hex.
#[test]
fn a_copy_goes_into_a_game_whose_counters_were_set_up_again() {
    let scenario = shipped("portable", "ukhozi_drift.ron");
    let mut game = Game::new(&scenario, 5);
    play(&mut game, &mut random_bots(1), 30);
    let snapshot = Snapshot::take(game.world());
    let mut other = Game::new(&scenario, 6);
    play(&mut other, &mut random_bots(9), 12);
    other.reset(&scenario, 6, drumfire_core::game::Mode::Rules);
    snapshot.put(other.world_mut()).expect("same scenario");
    assert_eq!(other.state_hash(), game.state_hash());
    let wrong = shipped("portable", "ravensberg_heights.ron");
    let mut another = Game::new(&wrong, 1);
    assert_eq!(
        snapshot.put(another.world_mut()),
        Err("the copy is of another game: its counters differ".to_string())
    );
}

fn small(plays: u32, threads: usize) -> Budget {
    Budget {
        plays,
        threads,
        turns_ahead: 0,
    }
}

/// The Hard player's order depends on the game, its seed and its budget only: not on
/// the number of threads, and not on the game's dice to come.
#[test]
fn the_hard_player_is_deterministic_and_never_reads_the_dice_to_come() {
    let scenario = shipped("portable", "ukhozi_drift.ron");
    let mut game = Game::new(&scenario, 21);
    play(&mut game, &mut random_bots(4), 3);
    let side = game.awaiting().expect("a side to act");
    let (one, weighed) =
        lookahead::choose(&scenario, game.world(), side, 7, small(24, 1)).expect("an order");
    assert!(weighed.len() > 1, "it weighed {} orders", weighed.len());
    let (two, weighed_two) =
        lookahead::choose(&scenario, game.world(), side, 7, small(24, 2)).expect("an order");
    assert_eq!(one, two);
    assert_eq!(weighed, weighed_two);
    // Other dice to come in the game itself: the same choice, the same figures.
    game.world_mut()
        .insert_resource(drumfire_core::dice::Dice::new(123_456));
    let (three, weighed_three) =
        lookahead::choose(&scenario, game.world(), side, 7, small(24, 2)).expect("an order");
    assert_eq!(one, three);
    assert_eq!(weighed, weighed_three);
}

/// A Hard side plays a whole game against the Normal computer by the rules (every
/// order through the door), in every rule set.
#[test]
fn hard_games_end_by_the_rules_in_every_rule_set() {
    for (set, name) in [
        ("great_war", "tutorial.ron"),
        ("portable", "ukhozi_drift.ron"),
        ("napoleonic", "lindenau.ron"),
        ("acw", "tanners_ford.ron"),
        ("wwii", "orchard_farm.ron"),
    ] {
        let scenario = shipped(set, name);
        let mut game = Game::new(&scenario, 3);
        let mut bots = [
            Bot::new(PlayerKind::Hard, 1).with_budget(small(6, 2)),
            Bot::new(PlayerKind::Ai, 2),
        ];
        let result = drumfire_core::players::play_out(&mut game, &mut bots)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(game.is_over(), "{name}: {result:?}");
    }
}
