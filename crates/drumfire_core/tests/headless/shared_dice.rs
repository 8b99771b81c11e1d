//! Dice shared by two players: a whole game played with both players' reveals, saved,
//! loaded and replayed to the same hash; a tampered reveal or seed refused on loading.

use drumfire_core::game::{Mode, undo_point};
use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::save;
use drumfire_core::shared_dice::{self, Chain, DiceKeys, SharedDice};
use drumfire_core::testing::{shipped, tutorial};

/// Plays a game to the end between two computer players, each order keyed by both
/// chains' next reveals, as two machines would.
fn shared_game(scenario: &drumfire_core::scenario::Scenario) -> drumfire_core::game::Game {
    let chains = [Chain::new([11; 32]), Chain::new([22; 32])];
    let mut record = SharedDice::new([chains[0].commitment(), chains[1].commitment()]);
    record
        .push([chains[0].reveal(0).unwrap(), chains[1].reveal(0).unwrap()])
        .unwrap();
    let mut game =
        drumfire_core::game::Game::with_shared_dice(scenario, Mode::Rules, record).unwrap();
    let mut bots = [Bot::new(PlayerKind::Ai, 5), Bot::new(PlayerKind::Ai, 6)];
    while !game.is_over() {
        let side = game.awaiting().expect("a side to act");
        let order = bots[usize::from(side)]
            .choose(&game, side)
            .expect("an order");
        // Without both reveals for it, the order is refused and changes nothing.
        let before = game.state_hash();
        let refused = game.submit(order.clone()).expect_err("no key yet");
        assert!(refused.0.contains("reveals"), "{refused}");
        assert_eq!(game.state_hash(), before);
        let next = game.orders().len() + 1;
        game.world_mut()
            .resource_mut::<DiceKeys>()
            .push([
                chains[0].reveal(next).unwrap(),
                chains[1].reveal(next).unwrap(),
            ])
            .unwrap();
        game.submit(order).expect("a legal order with its key");
        assert_eq!(undo_point(game.world()), None, "no undo with shared dice");
        assert!(game.orders().len() < 5_000, "the game ends");
    }
    game
}

#[test]
fn a_game_with_shared_dice_saves_and_replays_to_the_same_hash() {
    for scenario in [tutorial(), shipped("portable", "ukhozi_drift.ron")] {
        let mut game = shared_game(&scenario);
        let hash = game.state_hash();
        let seed = game.world().resource::<drumfire_core::dice::Dice>().seed();
        let file = save::save_of(&mut game, &scenario, seed);
        let shared = file.shared_dice.clone().expect("the save carries the dice");
        assert_eq!(shared.reveals.len(), game.orders().len() + 1);
        let text = save::to_text(&file).unwrap();
        let loaded = save::parse("shared.ron", &text, &drumfire_core::rules::ALL).unwrap();
        let (_, check) = save::replay(&loaded);
        assert_eq!(check, Ok(hash), "{}", scenario.source);

        // The same orders with the seed's dice end elsewhere: the keys were used.
        let mut plain = file.clone();
        plain.shared_dice = None;
        let text = save::to_text(&plain).unwrap();
        let loaded = save::parse("plain.ron", &text, &drumfire_core::rules::ALL).unwrap();
        assert!(save::replay(&loaded).1.is_err(), "{}", scenario.source);
    }
}

#[test]
fn a_save_with_a_forged_reveal_or_seed_is_refused_and_named() {
    let scenario = tutorial();
    let mut game = shared_game(&scenario);
    let seed = game.world().resource::<drumfire_core::dice::Dice>().seed();
    let file = save::save_of(&mut game, &scenario, seed);

    // One player changes one of the other's reveals, to change a roll.
    let mut forged = file.clone();
    let shared = forged.shared_dice.as_mut().unwrap();
    shared.reveals[3][1] = shared_dice::hex(&[7; 32]);
    let text = save::to_text(&forged).unwrap();
    let errs = save::parse("forged.ron", &text, &drumfire_core::rules::ALL).unwrap_err();
    assert_eq!(errs[0].field, "shared_dice.reveals[3][1]");
    assert!(errs[0].message.contains("tampered"), "{}", errs[0]);
    assert!(errs[0].line > 1, "located in the file: {}", errs[0]);

    // A seed of the player's choosing in place of the one the reveals make.
    let mut reseeded = file.clone();
    reseeded.seed ^= 1;
    let text = save::to_text(&reseeded).unwrap();
    let errs = save::parse("reseeded.ron", &text, &drumfire_core::rules::ALL).unwrap_err();
    assert_eq!(errs[0].field, "seed");

    // Orders with no reveals for their dice.
    let mut short = file.clone();
    short.shared_dice.as_mut().unwrap().reveals.truncate(3);
    let text = save::to_text(&short).unwrap();
    let errs = save::parse("short.ron", &text, &drumfire_core::rules::ALL).unwrap_err();
    assert_eq!(errs[0].field, "shared_dice.reveals");
}

/// Network play hosts only rule sets without secret orders until their commitments
/// are built: a rule set saying it has none must never give one, and one saying it
/// has some must (else the flag turns players away for nothing).
#[test]
fn a_rule_set_has_secret_orders_exactly_when_it_says_so() {
    let mut seen = std::collections::BTreeMap::new();
    for (set, name) in drumfire_core::testing::shipped_scenarios() {
        let scenario = shipped(&set, &name);
        let mut game = drumfire_core::game::Game::new(&scenario, 3);
        let mut bots = [
            Bot::new(PlayerKind::Random, 3),
            Bot::new(PlayerKind::Random, 4),
        ];
        drumfire_core::players::play_out(&mut game, &mut bots).expect("a whole game");
        let secret = game.orders().iter().any(|o| o.secret().is_some());
        let flag = scenario.rules.has_secrets();
        let any = seen.entry(scenario.rules.id).or_insert((flag, false));
        any.1 |= secret;
        assert!(
            flag || !secret,
            "{set}/{name}: a secret order from a rule set without secrets"
        );
    }
    for (id, (flag, secret)) in seen {
        assert_eq!(flag, secret, "{id}: has_secrets is {flag}");
    }
}

/// In a window playing one side of a game between two machines, an order the rules
/// accept but whose dice wait for the other player goes to the outbox and changes
/// nothing; one the rules refuse never gets there.
#[test]
fn an_order_waiting_for_its_reveals_goes_to_the_outbox_and_changes_nothing() {
    let chains = [Chain::new([11; 32]), Chain::new([22; 32])];
    let mut record = SharedDice::new([chains[0].commitment(), chains[1].commitment()]);
    record
        .push([chains[0].reveal(0).unwrap(), chains[1].reveal(0).unwrap()])
        .unwrap();
    let mut game = drumfire_core::game::Game::with_shared_dice(
        &shipped("portable", "ukhozi_drift.ron"),
        Mode::Rules,
        record,
    )
    .unwrap();
    game.world_mut()
        .insert_resource(shared_dice::Outbox::default());
    let side = game.awaiting().unwrap();
    let before = game.state_hash();
    // The other side's order is refused by the rules and not kept.
    let wrong = drumfire_core::orders::Order::Pass { side: 1 - side };
    assert!(game.submit(wrong).is_err());
    assert_eq!(game.world().resource::<shared_dice::Outbox>().0, None);
    let order = Bot::new(PlayerKind::Ai, 1).choose(&game, side).unwrap();
    let refusal = game
        .submit(order.clone())
        .expect_err("held for the reveals");
    assert!(refusal.0.contains("Sent to the other player"), "{refusal}");
    assert_eq!(
        game.world().resource::<shared_dice::Outbox>().0,
        Some(order)
    );
    assert_eq!(game.state_hash(), before);
    assert!(game.orders().is_empty());
}
