//! Secret orders given sealed and opened when the rules show them (a game between two
//! machines, `drumfire_core::sealed`): a sealed turn of Napoleonic orders ends where the
//! plain one does; an opening that is not the order sealed, a second order from a
//! sealed side, a seal out of its phase or in a rule set without sealed secrets are
//! refused; a save keeps a seal and not the secret behind it.

use drumfire_core::game::Game;
use drumfire_core::orders::Order;
use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::save;
use drumfire_core::sealed::{self, Seals};
use drumfire_core::testing::{shipped, tutorial};

/// Each side's orders for the first turn of the Lindenau, as the computer gives them.
fn first_orders(game: &mut Game) -> [Order; 2] {
    let mut bot = Bot::new(PlayerKind::Ai, 3);
    let first = bot.choose(game, 0).expect("orders for side 1");
    game.submit(first.clone()).unwrap();
    let second = bot.choose(game, 1).expect("orders for side 2");
    game.submit(second.clone()).unwrap();
    [first, second]
}

fn seal_of(order: &Order, side: u8) -> (Order, Order) {
    let nonce = sealed::nonce(&[side + 1; 32], 1 + usize::from(side));
    let (sealed_order, text) = sealed::sealed(order, &nonce).expect("a secret order");
    let open = Order::Open {
        side,
        secret: text,
        nonce,
    };
    (sealed_order, open)
}

#[test]
fn napoleonic_orders_given_sealed_and_opened_end_where_the_plain_orders_do() {
    let scenario = shipped("napoleonic", "lindenau.ron");
    let mut plain = Game::new(&scenario, 7);
    let orders = first_orders(&mut plain);
    let mut game = Game::new(&scenario, 7);
    let (seal0, open0) = seal_of(&orders[0], 0);
    let (seal1, open1) = seal_of(&orders[1], 1);

    game.submit(seal0.clone()).unwrap();
    assert_eq!(game.phase_name(), "Orders");
    assert_eq!(game.awaiting(), Some(1), "the other side gives its own");
    assert!(
        game.journal()
            .entries()
            .iter()
            .any(|e| format!("{:?}", e.event).contains("gives its secret orders sealed")),
        "the log says a sealed order was given"
    );
    let again = game.world().resource::<Seals>().clone();
    game.submit(seal1.clone()).unwrap();
    assert_eq!(
        game.awaiting(),
        Some(1),
        "both sealed: the last to seal opens first"
    );
    assert_ne!(again, game.world().resource::<Seals>().clone());
    // The side that sealed gives no second order, sealed or plain.
    let err = game.submit(orders[1].clone()).unwrap_err();
    assert!(err.0.contains("it opens them"), "{err}");
    let err = game.submit(seal1.clone()).unwrap_err();
    assert!(err.0.contains("not yet opened"), "{err}");

    // An opening with another text, or another nonce, is not the order sealed.
    let Order::Open { secret, nonce, .. } = &open0 else {
        unreachable!()
    };
    let forged = Order::Open {
        side: 1,
        secret: secret.clone(),
        nonce: nonce.clone(),
    };
    let before = game.state_hash();
    let err = game.submit(forged).unwrap_err();
    assert!(err.0.contains("does not match its seal"), "{err}");
    let Order::Open { secret, .. } = &open1 else {
        unreachable!()
    };
    let err = game
        .submit(Order::Open {
            side: 1,
            secret: secret.clone(),
            nonce: "00".repeat(32),
        })
        .unwrap_err();
    assert!(err.0.contains("does not match its seal"), "{err}");
    // Out of turn: the last to seal opens first.
    let err = game.submit(open0.clone()).unwrap_err();
    assert!(err.0.contains("waits on"), "{err}");
    assert_eq!(
        game.state_hash(),
        before,
        "a refused opening changes nothing"
    );

    game.submit(open1).unwrap();
    assert_eq!(game.awaiting(), Some(0));
    assert_eq!(game.phase_name(), "Orders", "shown once both are opened");
    game.submit(open0).unwrap();
    assert!(game.world().resource::<Seals>().0.is_empty());
    assert_eq!(game.phase_name(), plain.phase_name());
    assert_eq!(game.awaiting(), plain.awaiting());
    assert_eq!(
        game.state_hash(),
        plain.state_hash(),
        "the same state as the plain orders"
    );
    // A seal is for the Orders phase only.
    let side = game.awaiting().expect("a side moves");
    let err = game
        .submit(Order::Sealed {
            side,
            seal: "ab".repeat(32),
        })
        .unwrap_err();
    assert!(err.0.contains("Orders phase"), "{err}");
}

#[test]
fn a_save_keeps_the_seal_and_not_the_secret_and_replays_to_the_same_hash() {
    let scenario = shipped("napoleonic", "lindenau.ron");
    let mut plain = Game::new(&scenario, 9);
    let orders = first_orders(&mut plain);
    let mut game = Game::new(&scenario, 9);
    let (seal0, open0) = seal_of(&orders[0], 0);
    game.submit(seal0).unwrap();
    let Order::Open { secret, .. } = &open0 else {
        unreachable!()
    };
    let file = save::save_of(&mut game, &scenario, 9);
    let text = save::to_text(&file).unwrap();
    assert!(text.contains("Sealed("), "{text}");
    assert!(
        !text.contains(secret.as_str()),
        "the secret stays out of the save"
    );
    let hash = game.state_hash();
    let loaded = save::parse("sealed.ron", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(save::replay(&loaded).1, Ok(hash));

    // Opened, the save holds the opening and replays to its hash too.
    let (seal1, open1) = seal_of(&orders[1], 1);
    for o in [seal1, open1, open0] {
        game.submit(o).unwrap();
    }
    let hash = game.state_hash();
    let text = save::to_text(&save::save_of(&mut game, &scenario, 9)).unwrap();
    assert!(text.contains("Open("), "{text}");
    let loaded = save::parse("sealed.ron", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(save::replay(&loaded).1, Ok(hash));

    // A misspelt field is named with its place.
    let bad = text.replacen("seal:", "seel:", 1);
    let errs = save::parse("bad.ron", &bad, &drumfire_core::rules::ALL).unwrap_err();
    let shown = errs[0].to_string();
    assert!(
        shown.starts_with("bad.ron:") && shown.contains("seel"),
        "{shown}"
    );
}

#[test]
fn a_rule_set_without_sealed_secrets_refuses_a_seal() {
    let mut game = Game::new(&tutorial(), 1);
    while game.awaiting().is_none() && !game.is_over() {
        game.settle();
    }
    let side = game.awaiting().expect("a side acts");
    let err = game
        .submit(Order::Sealed {
            side,
            seal: "ab".repeat(32),
        })
        .unwrap_err();
    assert!(err.0.contains("keep no secret orders sealed"), "{err}");
    let err = game
        .submit(Order::Open {
            side,
            secret: "[]".into(),
            nonce: "00".into(),
        })
        .unwrap_err();
    assert!(err.0.contains("no sealed order to open"), "{err}");
}
