//! False play from the other machine: a false deal of the dominoes, a set passed on
//! falsely, a resumed game with orders this machine never gave or fewer reveals than
//! orders, a second commitment, an order not signed by the other machine, a stray hash
//! or an unasked game; and a machine restarted with its order on the way.

use super::*;

/// Plays the ACW game on until a step of a deal of dominoes that `want` picks is due
/// on a machine: that machine and the step, not yet given.
fn play_to_step(
    p: &mut Pair,
    want: impl Fn(&drumfire_core::rules::acw::AcwOrder) -> bool,
) -> (usize, drumfire_core::rules::acw::AcwOrder) {
    use drumfire_core::rules::acw::AcwOrder;
    for _ in 0..2_000 {
        let side = usize::from(p.s[0].game().unwrap().awaiting().expect("a side to act"));
        let due = p.s[side].due_opening();
        if let Some(step) = due.as_ref().and_then(|o| o.rules::<AcwOrder>())
            && want(step)
        {
            return (side, step.clone());
        }
        let order = due.unwrap_or_else(|| {
            let game = p.s[side].game().unwrap();
            p.bots[side].choose(game, side as u8).expect("an order")
        });
        let out = p.s[side].give(order).expect("a legal order");
        p.wire[1 - side].extend(out);
        p.deliver_all().unwrap();
    }
    panic!("no such step of a deal came")
}

/// `side`'s machine gives `order` anyway, its own game set aside: the other machine's
/// answer.
fn sent_anyway(p: &mut Pair, side: usize, order: &Order) -> Result<(), Stop> {
    let index = p.s[side].orders() + 1;
    let msg = signed_order(&p.s[side], index, order);
    p.s[1 - side].receive(msg).map(|_| ())
}

#[test]
fn a_false_deal_of_the_dominoes_is_refused_when_its_lock_is_shown() {
    use drumfire_core::rules::acw::{AcwOrder, deal};
    // A lock shown that is not the lock the set was dealt with.
    let mut p = pair(acw());
    let (side, step) = play_to_step(&mut p, |o| matches!(o, AcwOrder::Key { .. }));
    let AcwOrder::Key { charge, .. } = step else {
        unreachable!()
    };
    let forged: Order = AcwOrder::Key {
        side: side as u8,
        charge,
        key: deal::lock_for("another nonce", charge).shown(),
    }
    .into();
    let err = p.s[side].give(forged.clone()).unwrap_err();
    assert!(
        err.0
            .contains("does not make the set it passed on from the set it was given: a false deal"),
        "{err}"
    );
    let before = p.s[1 - side].game_mut().unwrap().state_hash();
    let stop = sent_anyway(&mut p, side, &forged).unwrap_err();
    assert!(
        matches!(&stop, Stop::Broken(why) if why.contains("a false deal")),
        "{stop}"
    );
    assert_eq!(p.s[1 - side].game_mut().unwrap().state_hash(), before);
}

/// A set passed on with a domino doubled is refused as it is given. A looked-at domino
/// opened falsely is taken on trust while the locks are hidden, and caught when the lock
/// of the machine that dealt falsely is shown. Nothing else goes while the set is dealt.
#[test]
fn a_set_passed_on_falsely_is_refused_at_once_or_when_its_lock_is_shown() {
    use drumfire_core::rules::acw::AcwOrder;
    type Cheat = fn(&mut Vec<String>, &mut Option<String>);
    let cheats: [(Cheat, &str, bool); 2] = [
        (
            |deck, _| deck[1] = deck[0].clone(),
            "is not 28 dominoes each once",
            true,
        ),
        (
            |deck, opened| *opened = Some(deck[5].clone()),
            "does not lock the domino it opened back into place 1",
            false,
        ),
    ];
    for (cheat, why, at_once) in cheats {
        let mut p = pair(acw());
        let (side, step) = play_to_step(&mut p, |o| {
            matches!(
                o,
                AcwOrder::Lock {
                    opened: Some(_),
                    ..
                }
            )
        });
        let AcwOrder::Lock {
            side: s,
            charge,
            mut deck,
            mut opened,
        } = step
        else {
            unreachable!()
        };
        // Nothing else goes while the set is dealt.
        let other = p.bots[side].choose(p.s[side].game().unwrap(), side as u8);
        assert!(other.is_none(), "{other:?}");
        let pass = Order::Pass { side: side as u8 };
        let err = p.s[side].give(pass).unwrap_err();
        assert!(
            err.0.contains("are being dealt between the two machines"),
            "{err}"
        );
        cheat(&mut deck, &mut opened);
        let lock = AcwOrder::Lock {
            side: s,
            charge,
            deck,
            opened,
        };
        if at_once {
            let lock: Order = lock.into();
            let err = p.s[side].give(lock.clone()).unwrap_err();
            assert!(err.0.contains(why), "{err}");
            let stop = sent_anyway(&mut p, side, &lock).unwrap_err();
            assert!(
                matches!(&stop, Stop::Broken(w) if w.contains(why)),
                "{stop}"
            );
            continue;
        }
        let out = p.s[side].give(lock.into()).expect("taken on trust");
        p.wire[1 - side].extend(out);
        p.deliver_all().unwrap();
        let (at, key) = play_to_step(
            &mut p,
            |o| matches!(o, AcwOrder::Key { side: k, .. } if *k == s),
        );
        assert_eq!(at, side);
        let err = p.s[side].give(key.clone().into()).unwrap_err();
        assert!(err.0.contains(why), "{err}");
        let stop = sent_anyway(&mut p, side, &key.into()).unwrap_err();
        assert!(
            matches!(&stop, Stop::Broken(w) if w.contains(why)),
            "{stop}"
        );
    }
}

impl Pair {
    /// Plays on until the game waits on `side` with nothing on its way.
    fn play_until_waiting_on(&mut self, side: u8, at_least: usize) {
        for _ in 0..500 {
            let g = self.s[0].game().unwrap();
            if g.orders().len() >= at_least && g.awaiting() == Some(side) {
                return;
            }
            assert!(self.play_one());
            self.deliver_all().unwrap();
        }
        panic!("the game never waited on side {side}");
    }
}

/// The joining machine's game with orders of the host's side added that its player
/// never gave (one or two), each one that rolls no dice, so that the record can pass them off as
/// keyed by none (as a game by e-mail keys only the orders with dice). `sign` gives
/// the record its keys and signatures as the forger chooses.
fn forged_game(p: &mut Pair, sign: impl Fn(&mut SharedDice, &[Order])) -> String {
    let mut file = p.s[1].save().unwrap();
    let n = file.orders.len();
    file.shared_dice.as_mut().unwrap().keyed = Some((1..=n).collect());
    let text = save::to_text(&file).unwrap();
    let loaded = save::parse("forged", &text, &drumfire_core::rules::ALL).unwrap();
    // An order that rolls dice is refused and leaves the game to be replayed: each try
    // starts again from the joining machine's game and the orders added so far.
    let with = |added: &[Order]| {
        let mut game = save::replay(&loaded).0;
        for order in added {
            game.submit(order.clone()).unwrap();
        }
        game
    };
    let mut added = Vec::new();
    for seed in 0..400 {
        if added.len() == 2 {
            break;
        }
        let mut game = with(&added);
        let Some(order) = Bot::new(PlayerKind::Random, seed).choose(&game, 0) else {
            continue;
        };
        if game.submit(order.clone()).is_ok() {
            added.push(order);
        }
    }
    assert!(!added.is_empty(), "a move of the host's side with no dice");
    let mut game = with(&added);
    let seed = game.world().resource::<drumfire_core::dice::Dice>().seed();
    let mut forged = save::save_of(&mut game, p.s[1].scenario(), seed);
    let orders = forged.orders.clone();
    sign(forged.shared_dice.as_mut().unwrap(), &orders);
    save::to_text(&forged).unwrap()
}

/// The forger's record: the host's key replaced by `own`, every order of the host's
/// side signed again with it, the joining machine's with `joiner`.
fn signed_as_host(record: &mut SharedDice, orders: &[Order], own: &OrderKey, joiner: &OrderKey) {
    record.keys[0] = hex(&own.public());
    record.signatures.clear();
    for (i, order) in orders.iter().enumerate() {
        let key = if order.side() == Some(0) { own } else { joiner };
        let s = signature(record, key, i + 1, order);
        record.signatures.push(s);
    }
}

/// Order `index`'s signature by `key` in `record`.
fn signature(record: &SharedDice, key: &OrderKey, index: usize, order: &Order) -> String {
    hex(&key.sign(&record.commitments().unwrap(), index, order))
}

#[test]
fn a_resumed_game_with_orders_of_this_side_that_this_machine_never_gave_is_refused() {
    let mut p = pair(portable());
    p.play_until_waiting_on(0, 6);
    let host_orders = p.s[0].orders();
    let host_save = save::to_text(&p.s[0].save().unwrap()).unwrap();
    let joiner_key = OrderKey::of(&[2; 32]);
    let own_key = OrderKey::of(&[66; 32]);
    let attacks: [(&str, Box<dyn Fn(&mut SharedDice, &[Order])>); 2] = [
        (
            // The new orders signed with the joining machine's key: not the host's.
            "is not signed by side 0's machine",
            Box::new(|record, orders| {
                for (i, order) in orders.iter().enumerate().skip(record.signatures.len()) {
                    let s = signature(record, &joiner_key, i + 1, order);
                    record.signatures.push(s);
                }
            }),
        ),
        (
            // The host's key replaced by one the forger holds, every host order signed
            // again with it: the game reads and replays on its own.
            "names other order keys",
            Box::new(|record, orders| signed_as_host(record, orders, &own_key, &joiner_key)),
        ),
    ];
    for (why, sign) in attacks {
        let forged = forged_game(&mut p, sign);
        // The host asks for the other's game after a reconnection, and gets the forgery.
        p.s[0].resync();
        let err = p.s[0].receive(Msg::Sync { record: forged }).unwrap_err();
        assert!(matches!(&err, Stop::Broken(w) if w.contains(why)), "{err}");
        // Nothing taken: the host's game and its save are as they were.
        assert_eq!(p.s[0].orders(), host_orders);
        assert_eq!(save::to_text(&p.s[0].save().unwrap()).unwrap(), host_save);
    }
    // The keys the forger chose, in a game whose orders are all signed by them, pass
    // every check but the host's: the save alone cannot tell, the host can.
    let forged = forged_game(&mut p, |record, orders| {
        signed_as_host(record, orders, &own_key, &joiner_key)
    });
    let loaded = save::parse("forged", &forged, &drumfire_core::rules::ALL).unwrap();
    assert!(save::replay(&loaded).1.is_ok());
}

#[test]
fn a_game_from_the_other_machine_with_fewer_reveals_than_orders_is_refused_without_a_crash() {
    let mut p = pair(portable());
    p.play_until_waiting_on(0, 4);
    // The host's order reaches the joining machine; the answer is lost.
    assert!(p.play_one());
    let msg = p.wire[1].pop_front().unwrap();
    p.s[1].receive(msg).unwrap();
    p.wire = [VecDeque::new(), VecDeque::new()];
    // The joining machine, one order ahead, sends its game with its reveals cut to
    // the set-up's and called keyed by none.
    let mut file = p.s[1].save().unwrap();
    let record = file.shared_dice.as_mut().unwrap();
    record.reveals.truncate(1);
    record.keyed = Some(Vec::new());
    let text = save::to_text(&file).unwrap();
    p.s[0].resync();
    let err = p.s[0].receive(Msg::Sync { record: text }).unwrap_err();
    assert!(
        matches!(&err, Stop::Broken(w) if w.contains("keys the dice of some orders only")),
        "{err}"
    );
    // A game far ahead is refused before it is read through.
    let mut long = p.s[1].save().unwrap();
    let pass = long.orders[0].clone();
    long.orders.extend(std::iter::repeat_n(pass, MAX_AHEAD + 1));
    p.s[0].resync();
    let err = p.s[0]
        .receive(Msg::Sync {
            record: save::to_text(&long).unwrap(),
        })
        .unwrap_err();
    assert!(
        matches!(&err, Stop::Broken(w) if w.contains("more ahead than")),
        "{err}"
    );
}

#[test]
fn the_host_cannot_choose_the_set_up_seed_with_a_second_commitment() {
    let scenario = portable();
    let mut host = Session::host(scenario.clone(), 0, Chain::new([1; 32]));
    let Msg::Welcome {
        commitment, key, ..
    } = host.welcome()
    else {
        panic!("a welcome")
    };
    let (mut joiner, out) = Session::join(
        scenario,
        1,
        unhex(&commitment).unwrap(),
        unhex(&key).unwrap(),
        Chain::new([2; 32]),
    );
    // The joining machine's reveal 0 is out. A host that then tries another chain, to
    // pick the seed the two reveals make, is refused and nothing is set up.
    let chosen = Chain::new([3; 32]);
    let second = Msg::Commit {
        commitment: hex(&chosen.commitment()),
        key: hex(&OrderKey::of(&chosen.secret()).public()),
        link: hex(&chosen.reveal(0).unwrap()),
    };
    let err = joiner.receive(second).unwrap_err();
    assert!(
        matches!(&err, Stop::Broken(w) if w.contains("commitment out of place")),
        "{err}"
    );
    assert!(joiner.game().is_none());
    // Nor a reveal 0 of another chain.
    let err = joiner
        .receive(Msg::Reveal {
            index: 0,
            link: hex(&chosen.reveal(0).unwrap()),
        })
        .unwrap_err();
    assert!(
        matches!(&err, Stop::Broken(w) if w.contains("forged reveal")),
        "{err}"
    );
    assert!(joiner.game().is_none());
    // The host takes the joining machine's commitment once; a second is refused.
    let first = out.into_iter().next().unwrap();
    let (answer, _) = host.receive(first.clone()).unwrap();
    assert!(host.receive(first).is_err());
    // The true reveal 0 sets the joining machine up; a second one is refused.
    let reveal = answer[0].clone();
    joiner.receive(reveal.clone()).unwrap();
    assert!(joiner.game().is_some());
    let err = joiner.receive(reveal).unwrap_err();
    assert!(
        matches!(&err, Stop::Broken(w) if w.contains("out of place")),
        "{err}"
    );
}

#[test]
fn an_order_not_signed_by_the_other_machine_a_stray_hash_or_an_unasked_game_stop_it() {
    let mut p = pair(portable());
    let side = usize::from(p.s[0].game().unwrap().awaiting().unwrap());
    let order = p.bots[side]
        .choose(p.s[side].game().unwrap(), side as u8)
        .unwrap();
    let index = p.s[side].orders() + 1;
    // Signed by a key that is not the sender's.
    let Msg::Order {
        order: text, link, ..
    } = signed_order(&p.s[side], index, &order)
    else {
        unreachable!()
    };
    let stranger = OrderKey::of(&[42; 32]);
    let msg = Msg::Order {
        index,
        order: text,
        link,
        signature: hex(&stranger.sign(&p.s[side].game_id(), index, &order)),
    };
    let err = p.s[1 - side].receive(msg).unwrap_err();
    assert!(
        matches!(&err, Stop::Broken(w) if w.contains("not signed")),
        "{err}"
    );
    assert_eq!(p.s[1 - side].orders(), 0);
    // A hash for an order not carried out here.
    let err = p.s[0]
        .receive(Msg::Hash {
            index: 7,
            hash: "0123456789abcdef".into(),
        })
        .unwrap_err();
    assert!(
        matches!(&err, Stop::Broken(w) if w.contains("has not been carried out")),
        "{err}"
    );
    // A game sent when none was asked for.
    let record = save::to_text(&p.s[1].save().unwrap()).unwrap();
    let err = p.s[0].receive(Msg::Sync { record }).unwrap_err();
    assert!(
        matches!(&err, Stop::Broken(w) if w.contains("none was asked for")),
        "{err}"
    );
}

#[test]
fn a_machine_restarted_with_its_order_on_the_way_sends_that_order_again_and_no_other() {
    let mut p = pair(portable());
    p.play_until_waiting_on(1, 3);
    let order = p.bots[1].choose(p.s[1].game().unwrap(), 1).unwrap();
    let sent = p.s[1].give(order).unwrap();
    // The order and its reveal went out; the machine stops before any answer.
    let kept = p.s[1].pending_kept().expect("kept for the seat");
    let text = save::to_text(&p.s[1].save().unwrap()).unwrap();
    let saved = save::parse("autosave.ron", &text, &drumfire_core::rules::ALL).unwrap();
    let chain = p.s[1].chain.clone();
    let mut again = Session::resume(&saved, 1, chain.clone(), BTreeMap::new()).unwrap();
    again.keep_pending(Some(kept.clone())).unwrap();
    // No other order can be given with the reveal the other player has seen ...
    let other = Order::Pass { side: 1 };
    assert!(again.give(other).is_err());
    // ... and after the reconnection the very same order goes again.
    let resent = again.resync();
    assert!(resent.contains(&sent[0]), "{resent:?}");
    // A kept order this machine did not sign, or out of its place, is refused.
    let mut forged = kept.clone();
    forged.order = order_text(&Order::Pass { side: 1 });
    let mut fresh = Session::resume(&saved, 1, chain.clone(), BTreeMap::new()).unwrap();
    let err = fresh.keep_pending(Some(forged)).unwrap_err();
    assert!(err.contains("not this player's as signed"), "{err}");
    let mut later = kept.clone();
    later.index += 1;
    let err = fresh.keep_pending(Some(later)).unwrap_err();
    assert!(err.contains("the game's next is"), "{err}");
    // An order the game already holds is done with.
    let mut earlier = kept;
    earlier.index -= 1;
    fresh.keep_pending(Some(earlier)).unwrap();
    assert!(!fresh.is_waiting_for_answer());
}
