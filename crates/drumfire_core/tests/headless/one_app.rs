//! One app for every game: an app holding every rule set's systems plays a game of
//! each after another, each exactly as an app of its own plays it.

use drumfire_core::game::{Game, Mode};
use drumfire_core::hash::StateHash;
use drumfire_core::orders::Order;
use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::rules::shipped::SHIPPED;
use drumfire_core::scenario::Scenario;

/// The smallest shipped scenario of each rule set, the tutorial first.
fn one_of_each_rule_set() -> Vec<Scenario> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for shipped in SHIPPED.iter() {
        let scenario = shipped.parse().expect("a shipped scenario reads");
        if !seen.contains(&scenario.rules.id) {
            seen.push(scenario.rules.id);
            out.push(scenario);
        }
    }
    out
}

/// Plays the game on to its end between two random players from `seed`: its orders
/// and its final state hash.
fn played(game: &mut Game, seed: u64) -> (Vec<Order>, StateHash) {
    let mut bots = [
        Bot::new(PlayerKind::Random, seed * 2),
        Bot::new(PlayerKind::Random, seed * 2 + 1),
    ];
    while let Some(side) = game.awaiting().filter(|_| !game.is_over()) {
        let order = bots[usize::from(side)]
            .choose(game, side)
            .expect("a random player has an order");
        game.submit(order).expect("a listed order is taken");
        assert!(game.orders().len() < 20_000, "no end after 20,000 orders");
    }
    (game.orders().to_vec(), game.state_hash())
}

/// Each rule set's game in turn in one app, then the first again, then the tutorial at
/// the table and the first by the rules once more: every one gives the orders and the
/// state hash a game in an app of its own gives. The players choose among the orders
/// the rules list, so a list in another order (pieces met in another order in a world
/// that held other games) shows as another game.
#[test]
fn one_app_plays_a_game_of_every_rule_set_one_after_another_as_an_app_of_its_own_does() {
    let scenarios = one_of_each_rule_set();
    assert_eq!(scenarios.len(), drumfire_core::rules::ALL.ids().len());
    let mut order: Vec<(&Scenario, Mode)> = scenarios.iter().map(|s| (s, Mode::Rules)).collect();
    order.push((&scenarios[1], Mode::Rules));
    order.push((&scenarios[0], Mode::Table));
    order.push((&scenarios[0], Mode::Rules));
    let mut one: Option<Game> = None;
    for (i, (scenario, mode)) in order.into_iter().enumerate() {
        let seed = 40 + i as u64;
        let game = match one.as_mut() {
            Some(game) => {
                game.start(scenario, seed, mode);
                game
            }
            None => one.insert(Game::of_every_rule_set(
                &drumfire_core::rules::ALL,
                scenario,
                seed,
                mode,
            )),
        };
        let mut alone = Game::with_mode(scenario, seed, mode);
        let id = scenario.rules.id;
        assert_eq!(game.phase(), alone.phase(), "{id}: the first phase");
        assert_eq!(game.state_hash(), alone.state_hash(), "{id}: as set up");
        if mode == Mode::Table {
            continue;
        }
        let (orders, hash) = played(game, seed);
        assert_eq!(
            (orders, hash),
            played(&mut alone, seed),
            "{id}, seed {seed}"
        );
        assert!(game.is_over(), "{id}: played to its end");
    }
}

/// What a game's rule set kept leaves the world with its game: a Great War game's
/// state and its flag of orders in the set-up are gone once an ACW game is put in
/// its place, and the dice shared with another machine are not carried over.
#[test]
fn a_game_put_in_place_of_another_leaves_nothing_of_the_other_s_rule_set() {
    use drumfire_core::flow::SetupOrders;
    use drumfire_core::rules::great_war::GwState;
    let scenarios = one_of_each_rule_set();
    let great_war = scenarios
        .iter()
        .find(|s| s.rules.id == "great_war")
        .unwrap();
    let acw = scenarios.iter().find(|s| s.rules.id == "acw").unwrap();
    let mut game = Game::of_every_rule_set(&drumfire_core::rules::ALL, great_war, 3, Mode::Rules);
    assert!(game.world().contains_resource::<GwState>());
    assert!(game.world().contains_resource::<SetupOrders>());
    game.start(acw, 3, Mode::Rules);
    assert!(!game.world().contains_resource::<GwState>());
    assert!(!game.world().contains_resource::<SetupOrders>());
    assert!(
        game.world()
            .contains_resource::<drumfire_core::rules::acw::AcwState>()
    );
    assert_eq!(
        game.journal()
            .entries()
            .first()
            .map(|e| format!("{:?}", e.event)),
        Some(format!(
            "{:?}",
            drumfire_core::journal::GameEvent::GameStarted {
                title: acw.file.title.clone(),
                seed: 3
            }
        ))
    );
}

/// A game cleared off the table (the editor takes it) leaves no piece, map cell or
/// rule set behind, the app runs on with nothing to do, and the next game started
/// is the game an app of its own plays.
#[test]
fn a_cleared_table_holds_nothing_and_the_next_game_is_as_an_app_of_its_own() {
    use drumfire_core::counters::Counter;
    use drumfire_core::map::HexCell;
    let scenarios = one_of_each_rule_set();
    let mut game =
        Game::of_every_rule_set(&drumfire_core::rules::ALL, &scenarios[2], 5, Mode::Rules);
    drumfire_core::game::clear(game.world_mut());
    let world = game.world_mut();
    assert_eq!(world.query::<&Counter>().iter(world).count(), 0);
    assert_eq!(world.query::<&HexCell>().iter(world).count(), 0);
    assert!(!world.contains_resource::<drumfire_core::scenario::Rules>());
    let journal = game.journal().entries().len();
    for _ in 0..3 {
        game.world_mut().run_schedule(bevy_app::Main);
    }
    assert_eq!(
        game.journal().entries().len(),
        journal,
        "nothing is played on a cleared table"
    );
    game.start(&scenarios[3], 6, Mode::Rules);
    let mut alone = Game::new(&scenarios[3], 6);
    assert_eq!(game.state_hash(), alone.state_hash());
    assert_eq!(played(&mut game, 6), played(&mut alone, 6));
}
