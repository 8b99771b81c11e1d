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
        deadline: None,
    }
}

/// Ukhozi Drift three random orders in (seed 21), and the side awaited.
fn ukhozi_after_three_orders() -> (drumfire_core::scenario::Scenario, Game, u8) {
    let scenario = shipped("portable", "ukhozi_drift.ron");
    let mut game = Game::new(&scenario, 21);
    play(&mut game, &mut random_bots(4), 3);
    let side = game.awaiting().expect("a side to act");
    (scenario, game, side)
}

/// The Hard player's order depends on the game, its seed and its budget only: not on
/// the number of threads, and not on the game's dice to come.
#[test]
fn the_hard_player_is_deterministic_and_never_reads_the_dice_to_come() {
    let (scenario, mut game, side) = ukhozi_after_three_orders();
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

/// A copy prepared with the game's own seed does not roll the game's dice: the
/// window's first game is seeded 1, and so is its Hard player's first decision, where
/// in the Napoleonic Orders phase of the first turn no die has been rolled yet.
#[test]
fn a_copy_seeded_as_the_game_is_does_not_roll_the_game_dice_to_come() {
    let scenario = shipped("napoleonic", "lindenau.ron");
    for seed in [0, 1, 2, 21] {
        let game = Game::new(&scenario, seed);
        let side = game.awaiting().expect("a side to act");
        let snapshot = Snapshot::take(game.world());
        let mut copy = Game::new(&scenario, 5);
        assert!(lookahead::prepare(&mut copy, &snapshot, side, seed));
        let dice = |g: &Game| g.world().resource::<drumfire_core::dice::Dice>().clone();
        // The game's dice to come are those of its seed: none has been rolled.
        assert_eq!(
            dice(&game),
            drumfire_core::dice::Dice::new(seed),
            "seed {seed}"
        );
        assert_ne!(dice(&copy), dice(&game), "seed {seed}");
    }
}

/// A Hard side plays a whole game against the Normal computer by the rules (every
/// order through the door), in every rule set, and counts what it weighed.
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
        // What its decisions weighed is counted: each one with orders to weigh made
        // plays, and no more gave another order than there were.
        let weighing = &bots[0].weighing;
        assert!(!weighing.plays.is_empty(), "{name}: nothing weighed");
        assert!(weighing.plays.iter().all(|p| *p > 0), "{name}");
        assert!(weighing.other as usize <= weighing.plays.len(), "{name}");
    }
}

/// Plays the Normal player for both sides until `stop` says so, `change` rewriting
/// each order first.
fn normal_until(
    game: &mut Game,
    stop: impl Fn(&Game) -> bool,
    change: &dyn Fn(drumfire_core::orders::Order) -> drumfire_core::orders::Order,
) {
    let mut bots = [Bot::new(PlayerKind::Ai, 1), Bot::new(PlayerKind::Ai, 2)];
    for _ in 0..10_000 {
        if stop(game) {
            return;
        }
        let side = game.awaiting().expect("a side to act");
        let order = bots[usize::from(side)]
            .choose(game, side)
            .expect("an order");
        game.submit(change(order)).expect("accepted");
    }
    panic!("never stopped");
}

/// The Hard player's choice for `side` and what it weighed, at a small budget.
fn hard_choice(
    game: &Game,
    side: u8,
    budget: Budget,
) -> (drumfire_core::orders::Order, Vec<lookahead::Weighed>) {
    lookahead::choose(game.scenario(), game.world(), side, 5, budget).expect("an order")
}

/// Two games alike but for the other side's secret order given first (Napoleonic
/// orders for the turn, ACW chits): the Hard player choosing second weighs the same
/// orders to the same figures and gives the same one.
#[test]
fn the_hard_player_never_reads_the_other_sides_secret_orders() {
    for (set, name) in [("napoleonic", "lindenau.ron"), ("acw", "tanners_ford.ron")] {
        let scenario = shipped(set, name);
        let base = Game::new(&scenario, 8);
        assert_eq!(base.awaiting(), Some(0), "{name}");
        let mut secret: Vec<_> = drumfire_core::players::legal_orders(&base, 0, 3)
            .into_iter()
            .filter(|o| o.secret().is_some())
            .collect();
        secret.extend(other_chits(&secret[0]));
        assert!(secret.len() >= 2, "{name}: {} secret orders", secret.len());
        let choices: Vec<_> = [&secret[0], secret.last().expect("two")]
            .into_iter()
            .map(|given| {
                let mut game = Game::new(&scenario, 8);
                game.submit(given.clone()).expect("a legal order");
                assert_eq!(game.awaiting(), Some(1), "{name}");
                let budget = Budget {
                    turns_ahead: 2,
                    ..small(16, 2)
                };
                hard_choice(&game, 1, budget)
            })
            .collect();
        assert!(choices[0].1.len() > 1, "{name}: it weighed one order");
        assert_eq!(choices[0], choices[1], "{name}");
    }
}

/// The same ACW chits but the first unit's, Fire instead of Move or Move instead of
/// anything else.
fn other_chits(order: &drumfire_core::orders::Order) -> Option<drumfire_core::orders::Order> {
    use drumfire_core::rules::acw::chit::Chit;
    use drumfire_core::rules::acw::state::AcwOrder;
    let Some(AcwOrder::Chits { side, chits }) = order.rules::<AcwOrder>() else {
        return None;
    };
    let mut chits = chits.clone();
    chits[0].1 = if chits[0].1 == Chit::Move {
        Chit::Fire
    } else {
        Chit::Move
    };
    Some(AcwOrder::Chits { side: *side, chits }.into())
}

/// Two Great War games alike but for the German Artillery Plan from turn 2 on (NO
/// FIRE instead of the plotted targets): on turn 1 the British Hard player weighs the
/// same orders to the same figures.
#[test]
fn the_hard_player_never_reads_the_other_sides_artillery_plan() {
    use drumfire_core::orders::Order;
    use drumfire_core::rules::great_war::{GwOrder, Mission};
    let scenario = shipped("great_war", "agache_valley.ron");
    let quiet = |order: Order| -> Order {
        match order.rules::<GwOrder>() {
            Some(GwOrder::Plan { side: 0, missions }) => {
                let mut missions = missions.clone();
                for a in &mut missions {
                    if let Mission::PlannedFire { targets } = &mut a.mission {
                        targets.iter_mut().skip(1).for_each(|t| *t = None);
                    }
                }
                GwOrder::Plan { side: 0, missions }.into()
            }
            _ => order,
        }
    };
    let in_play =
        |g: &Game| g.phase() != drumfire_core::flow::Phase::Setup && g.awaiting() == Some(1);
    let mut plotted = Game::new(&scenario, 4);
    normal_until(&mut plotted, in_play, &|o| o);
    let mut silent = Game::new(&scenario, 4);
    normal_until(&mut silent, in_play, &quiet);
    assert_ne!(plotted.orders(), silent.orders(), "the plans differ");
    // Only the plan differs (it is in the state hash): every other order is alike.
    let plan = |o: &&Order| matches!(o.rules::<GwOrder>(), Some(GwOrder::Plan { .. }));
    assert!(
        plotted
            .orders()
            .iter()
            .filter(|o| !plan(o))
            .eq(silent.orders().iter().filter(|o| !plan(o)))
    );
    // Plays forward to the end of turn 4: the German guns fire on turns 3 and 4.
    let budget = Budget {
        turns_ahead: 3,
        ..small(8, 2)
    };
    let (a, b) = (
        hard_choice(&plotted, 1, budget),
        hard_choice(&silent, 1, budget),
    );
    assert!(a.1.len() > 1, "it weighed one order");
    assert_eq!(a, b);
}

/// The budget a player gets: the full 384 plays on a small map, fewer as the counters
/// grow (a play costs about as much as the square of the pieces), never under 24.
#[test]
fn the_budget_a_player_gets_falls_with_the_pieces_in_play() {
    let plays = |set: &str, name: &str| {
        let game = Game::new(&shipped(set, name), 1);
        Budget::for_game(game.world()).plays
    };
    assert_eq!(plays("portable", "ukhozi_drift.ron"), 384);
    assert_eq!(plays("great_war", "marcoing_ridge.ron"), 119);
    assert_eq!(plays("great_war", "agache_valley.ron"), 43);
}

/// A Hard side's side-turn as a person's opponent: 1.8 s in a battle of up to 40
/// pieces, longer as the square of the pieces beyond, at most 4 s (the Agache Valley's
/// 60 pieces), and the clock shares that among the side-turn's orders.
#[test]
fn a_larger_battle_gives_the_hard_side_longer_side_turns() {
    use drumfire_core::lookahead::{LARGEST_SIDE_TURN, SIDE_TURN, TurnClock, side_turn};
    use std::time::Duration;
    let aim = |set: &str, name: &str| side_turn(Game::new(&shipped(set, name), 1).world());
    assert_eq!(aim("portable", "ukhozi_drift.ron"), SIDE_TURN);
    assert_eq!(aim("great_war", "marcoing_ridge.ron"), SIDE_TURN);
    assert_eq!(aim("great_war", "agache_valley.ron"), LARGEST_SIDE_TURN);
    assert_eq!(LARGEST_SIDE_TURN, Duration::from_millis(4_000));
    // 45 pieces: 1.8 s x (45 / 40)^2.
    let mut game = Game::new(&shipped("great_war", "agache_valley.ron"), 1);
    let mut pieces = game
        .world_mut()
        .resource_mut::<drumfire_core::counters::PieceIds>();
    let beyond: Vec<String> = pieces.0.keys().skip(45).cloned().collect();
    for id in beyond {
        pieces.0.remove(&id);
    }
    assert_eq!(side_turn(game.world()), SIDE_TURN.mul_f64(1.265_625));
    // The Agache Valley's clock: the four orders guessed before the first share 4 s.
    let game = Game::new(&shipped("great_war", "agache_valley.ron"), 1);
    let mut clock = TurnClock::default();
    let first = clock.budget(game.world(), 0);
    assert_eq!(first.deadline, Some(Duration::from_millis(1_000)));
    clock.record(0, &first, Duration::from_millis(1_000), 40);
    let second = clock.budget(game.world(), 0);
    assert_eq!(second.deadline, Some(Duration::from_millis(1_000)));
    clock.record(0, &second, Duration::from_millis(2_500), 40);
    assert_eq!(
        clock.budget(game.world(), 0).deadline,
        Some(Duration::from_millis(250))
    );
}

/// A deadline already past, or a budget of no plays: no play is made, and the Hard
/// player gives the Normal player's order.
#[test]
fn past_its_deadline_the_hard_player_gives_the_normal_order() {
    let (scenario, game, side) = ukhozi_after_three_orders();
    let budget = Budget {
        deadline: Some(std::time::Duration::ZERO),
        ..small(24, 2)
    };
    let (order, weighed) =
        lookahead::choose(&scenario, game.world(), side, 7, budget).expect("an order");
    assert!(weighed.len() > 1);
    assert!(weighed.iter().all(|w| w.worths.iter().all(|x| x.is_nan())));
    assert_eq!(order, weighed[0].order);
    assert_eq!(
        Some(&order),
        Bot::new(PlayerKind::Ai, 0).choose(&game, side).as_ref()
    );
    // A budget of no plays at all: the Normal player's order too, not another of the
    // shortlist.
    let (none, weighed) =
        lookahead::choose(&scenario, game.world(), side, 7, small(0, 2)).expect("an order");
    assert!(weighed.is_empty());
    assert_eq!(none, order);
}

/// A phase that has taken more orders than any phase of the rule sets takes (a list
/// offering orders that undo each other, given back and forth): the Hard player stops
/// weighing and gives the Normal player's order, which goes on to the phase's end. The
/// count is the journal's, from the phase's start, and a copy keeps it.
#[test]
fn past_a_phase_without_end_the_hard_player_gives_the_normal_order() {
    let (scenario, mut game, side) = ukhozi_after_three_orders();
    let (_, weighed) =
        lookahead::choose(&scenario, game.world(), side, 7, small(24, 2)).expect("an order");
    assert!(weighed.len() > 1, "it weighs its orders before the bound");
    let bound = lookahead::phase_orders_bound(game.world());
    let given = game.orders().len();
    let so_far = game.journal().orders_this_phase();
    assert!(so_far <= given);
    game.world_mut()
        .resource_mut::<drumfire_core::journal::Journal>()
        .set_order(given + bound + 1 - so_far);
    assert_eq!(game.journal().orders_this_phase(), bound + 1);
    let mut copy = Game::new(&scenario, 0);
    Snapshot::take(game.world())
        .put(copy.world_mut())
        .expect("the copy fits");
    assert_eq!(copy.journal().orders_this_phase(), bound + 1);
    let (order, weighed) =
        lookahead::choose(&scenario, game.world(), side, 7, small(24, 2)).expect("an order");
    assert!(weighed.is_empty(), "it weighed {} orders", weighed.len());
    assert_eq!(
        Some(&order),
        Bot::new(PlayerKind::Ai, 0).choose(&game, side).as_ref()
    );
}

/// The Hint's odds: in every shipped scenario, as the computer plays, the rule set
/// gives the exact odds of some of the awaited side's legal orders through the one
/// typed hook (fires, fights, morale checks), each a whole over its dice, and none of
/// an order that rolls nothing (a pass).
#[test]
fn every_rule_set_gives_the_odds_of_its_orders_that_roll() {
    use drumfire_core::orders::Order;
    for (set, name) in shipped_scenarios() {
        let scenario = shipped(&set, &name);
        let mut game = Game::new(&scenario, 21);
        let mut bots = [Bot::new(PlayerKind::Ai, 1), Bot::new(PlayerKind::Ai, 2)];
        let rules = game.world().resource::<drumfire_core::scenario::Rules>().0;
        let mut with_odds = 0;
        for _ in 0..400 {
            let Some(side) = game.awaiting().filter(|_| !game.is_over()) else {
                break;
            };
            let world = game.world();
            assert_eq!((rules.odds)(world, &Order::Pass { side }), None, "{name}");
            for order in (rules.candidates)(world, side, 0) {
                let Some(odds) = (rules.odds)(world, &order) else {
                    continue;
                };
                with_odds += 1;
                let of = odds.outcomes[0].chance.of;
                let ways: u64 = odds.outcomes.iter().map(|o| o.chance.ways).sum();
                assert!(
                    odds.outcomes.iter().all(|o| o.chance.of == of) && ways == of,
                    "{name}: {order:?}: {odds:?}"
                );
            }
            let order = bots[usize::from(side)].choose(&game, side).unwrap();
            game.submit(order).unwrap();
        }
        assert!(with_odds > 0, "{name}: no order with odds");
    }
}

/// A person's opponent thinks on a clock: a side-turn's time shared among the orders
/// the side gave in its last side-turn, each budgeted the plays the side has been
/// making in its time, none under the least an order gets nor over the per-order
/// deadline and the player's plays.
#[test]
fn the_turn_clock_shares_a_side_turn_among_its_orders() {
    use drumfire_core::lookahead::{LEAST_AN_ORDER, PLAYER_DEADLINE, SIDE_TURN, TurnClock};
    use std::time::Duration;
    let mut game = Game::new(&shipped("portable", "ukhozi_drift.ron"), 1);
    let full = Budget::for_player(game.world()).plays;
    let mut clock = TurnClock::default();
    // Before any order: four orders guessed, the player's plays.
    let first = clock.budget(game.world(), 0);
    assert_eq!((first.deadline, first.plays), (Some(SIDE_TURN / 4), full));
    // 300 ms for 120 plays: 400 a second; 1.5 s left for the three orders guessed.
    clock.record(0, &first, Duration::from_millis(300), 120);
    let second = clock.budget(game.world(), 0);
    assert_eq!(second.deadline, Some(Duration::from_millis(500)));
    assert_eq!(second.plays, 200);
    // The other side's clock is its own.
    assert_eq!(clock.budget(game.world(), 1).deadline, Some(SIDE_TURN / 4));
    // The side-turn spent: the least an order gets, and plays at the pace seen.
    clock.record(0, &second, Duration::from_millis(1_500), 600);
    let late = clock.budget(game.world(), 0);
    assert_eq!(late.deadline, Some(LEAST_AN_ORDER));
    assert_eq!(late.plays, 32);
    // A decision that made all of a few plays says nothing of the pace.
    let few = Budget { plays: 5, ..late };
    clock.record(0, &few, Duration::from_millis(100), 5);
    // An order with nothing to weigh (no plays) is not counted among the side-turn's.
    clock.record(0, &late, Duration::from_millis(2), 0);
    // The next game turn: the side weighed three orders in its last, so a third of the
    // side-turn each, within the per-order deadline.
    game.world_mut()
        .resource_mut::<drumfire_core::flow::Turn>()
        .0 += 1;
    let next = clock.budget(game.world(), 0);
    assert_eq!(next.deadline, Some((SIDE_TURN / 3).min(PLAYER_DEADLINE)));
    assert_eq!(next.plays, 240);
    // Cut short by its deadline at 12 plays (20 a second): the pace comes down,
    // 0.7 x 400 + 0.3 x 20 = 286 a second, for the two orders left in 1.2 s.
    clock.record(0, &next, Duration::from_millis(600), 12);
    let slower = clock.budget(game.world(), 0);
    assert_eq!(slower.deadline, Some(Duration::from_millis(600)));
    assert_eq!(slower.plays, 172);
    // The game set up again (an undo, a load): the side-turn starts over, at that pace.
    clock.forget_turns();
    let again = clock.budget(game.world(), 0);
    assert_eq!(again.deadline, Some(Duration::from_millis(600)));
    assert_eq!(again.plays, 172);
}

/// The Hard player's plays go as far as its rule set's computer player looks: to the
/// game's end in the Portable rules, the end of the next game turn in the others; on
/// the clock too.
#[test]
fn the_plays_go_as_far_as_the_rule_set_looks() {
    for (set, name) in shipped_scenarios() {
        let game = Game::new(&shipped(&set, &name), 1);
        let want = if set == "portable" {
            Budget::TO_THE_END
        } else {
            1
        };
        assert_eq!(Budget::for_game(game.world()).turns_ahead, want, "{name}");
        assert_eq!(Budget::for_player(game.world()).turns_ahead, want, "{name}");
        let mut clock = lookahead::TurnClock::default();
        assert_eq!(clock.budget(game.world(), 0).turns_ahead, want, "{name}");
    }
}

/// A play to the game's end ends with the game: in the last turn the plays to the end
/// and one turn ahead are the same plays; in the first they are not.
#[test]
fn a_play_to_the_games_end_ends_with_it() {
    let (scenario, mut game, side) = ukhozi_after_three_orders();
    let budget = |turns_ahead| Budget {
        turns_ahead,
        ..small(16, 2)
    };
    let weigh = |game: &Game, turns_ahead| {
        lookahead::choose(&scenario, game.world(), side, 7, budget(turns_ahead))
            .expect("an order")
            .1
    };
    assert_ne!(weigh(&game, 1), weigh(&game, Budget::TO_THE_END));
    game.world_mut()
        .resource_mut::<drumfire_core::flow::Turn>()
        .0 = 10;
    let far = weigh(&game, Budget::TO_THE_END);
    assert!(far.len() > 1, "it weighed {} orders", far.len());
    assert_eq!(weigh(&game, 1), far);
}
