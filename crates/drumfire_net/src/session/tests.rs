//! The protocol in memory: two sessions and the messages between them.

use super::*;
use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::testing::shipped;
use std::collections::VecDeque;

/// Two machines and the messages on their way: `wire[i]` is what machine `i` will read.
struct Pair {
    s: [Session; 2],
    wire: [VecDeque<Msg>; 2],
    bots: [Bot; 2],
}

fn portable() -> Scenario {
    shipped("portable", "ukhozi_drift.ron")
}

/// A rule set with secret orders: each side's orders for the turn go sealed.
fn napoleonic() -> Scenario {
    shipped("napoleonic", "lindenau.ron")
}

/// A rule set whose secret opens piece by piece: the Artillery Plans.
fn great_war() -> Scenario {
    shipped("great_war", "marcoing_ridge.ron")
}

/// A host on side 0 and a joining machine on side 1, set up.
fn pair(scenario: Scenario) -> Pair {
    let mut host = Session::host(scenario.clone(), 0, Chain::new([1; 32]));
    let Msg::Welcome {
        your_side,
        commitment,
        key,
        under_way,
        ..
    } = host.welcome()
    else {
        panic!("a welcome")
    };
    assert_eq!((your_side, under_way), (1, false));
    let (joiner, out) = Session::join(
        scenario,
        your_side,
        unhex(&commitment).unwrap(),
        unhex(&key).unwrap(),
        Chain::new([2; 32]),
    );
    let mut p = Pair {
        s: [host, joiner],
        wire: [VecDeque::new(), out.into()],
        bots: [Bot::new(PlayerKind::Ai, 1), Bot::new(PlayerKind::Ai, 2)],
    };
    // The joining machine's commit goes to the host.
    p.wire.swap(0, 1);
    p.deliver_all().unwrap();
    assert!(p.s[0].game().is_some() && p.s[1].game().is_some());
    p
}

/// Order `index` as `sender`'s machine sends it, signed and with its reveal, whether
/// its own game would take it or not.
fn signed_order(sender: &Session, index: usize, order: &Order) -> Msg {
    Msg::Order {
        index,
        order: order_text(order),
        link: hex(&sender.chain.reveal(index).unwrap()),
        signature: hex(&sender.key.sign(&sender.game_id(), index, order)),
    }
}

impl Pair {
    /// Delivers every message on the way, and the answers, until none is left.
    fn deliver_all(&mut self) -> Result<(), (usize, Stop)> {
        loop {
            let Some(to) = (0..2).find(|&i| !self.wire[i].is_empty()) else {
                return Ok(());
            };
            let msg = self.wire[to].pop_front().unwrap();
            let (out, _) = self.s[to].receive(msg).map_err(|e| (to, e))?;
            self.wire[1 - to].extend(out);
        }
    }

    /// The side the game waits on chooses and sends an order; `false` at the end.
    fn play_one(&mut self) -> bool {
        let Some(g) = self.s[0].game() else {
            return false;
        };
        if g.is_over() {
            return false;
        }
        let side = usize::from(g.awaiting().expect("a side to act"));
        let order = match self.s[side].due_opening() {
            Some(opening) => opening,
            None => self.bots[side]
                .choose(self.s[side].game().unwrap(), side as u8)
                .expect("an order"),
        };
        let out = self.s[side].give(order).expect("a legal order");
        self.wire[1 - side].extend(out);
        true
    }

    /// Both machines at the end of the game, agreed: the hash they agree on.
    fn agreed_end(&mut self) -> StateHash {
        let [a, b] = self.hashes();
        assert_eq!(a, b);
        assert!(self.s[0].finished() && self.s[1].finished());
        a
    }

    fn hashes(&mut self) -> [StateHash; 2] {
        [
            self.s[0].game_mut().unwrap().state_hash(),
            self.s[1].game_mut().unwrap().state_hash(),
        ]
    }
}

/// The worked example of a rule set, plugged in from outside the registry.
#[path = "../../../drumfire_core/examples/skirmish/rules/mod.rs"]
#[allow(
    dead_code,
    reason = "the example's whole rule set; these tests play it"
)]
mod skirmish;

#[test]
fn two_sessions_play_the_worked_example_rule_set_to_the_same_hash() {
    let scenario =
        drumfire_core::scenario::parse("hollow_farm.ron", skirmish::SCENARIO, &skirmish::RULE_SETS)
            .unwrap();
    let mut p = pair(scenario);
    let mut orders = 0;
    while p.play_one() {
        p.deliver_all().unwrap();
        orders += 1;
        assert!(orders < 5_000);
    }
    let a = p.agreed_end();
    let file = p.s[0].save().unwrap();
    let text = save::to_text(&file).unwrap();
    let loaded = save::parse("host.ron", &text, &skirmish::RULE_SETS).unwrap();
    assert_eq!(save::replay(&loaded).1, Ok(a));
    assert!(orders > 20, "{orders} orders");
}

/// A message's order is read with the game's own rule sets, handed in: the example's
/// order reads with its list and is an unknown variant to the shipped one.
#[test]
fn an_order_from_the_other_machine_is_read_with_the_scenario_s_rule_sets() {
    let order: Order = skirmish::SkOrder::Fight {
        side: 0,
        unit: "r_1".into(),
        target: "b_1".into(),
    }
    .into();
    let text = crate::wire::order_text(&order);
    assert_eq!(
        crate::wire::read_order(&text, &skirmish::RULE_SETS),
        Ok(order)
    );
    let err = crate::wire::read_order(&text, &drumfire_core::rules::ALL).unwrap_err();
    assert!(err.contains("`Skirmish`"), "{err}");
}

#[test]
fn two_sessions_play_a_whole_game_to_the_same_hash() {
    let mut p = pair(portable());
    let mut orders = 0;
    while p.play_one() {
        p.deliver_all().unwrap();
        orders += 1;
        assert!(orders < 5_000);
    }
    let a = p.agreed_end();
    // The host's save replays to that hash, every reveal checked.
    let file = p.s[0].save().unwrap();
    let text = save::to_text(&file).unwrap();
    let loaded = save::parse("host.ron", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(save::replay(&loaded).1, Ok(a));
    assert_eq!(p.s[1].save().unwrap().orders, file.orders);
}

#[test]
fn a_forged_reveal_is_refused_before_anything_is_given_away() {
    let mut p = pair(portable());
    let side = usize::from(p.s[0].game().unwrap().awaiting().unwrap());
    let order = p.bots[side]
        .choose(p.s[side].game().unwrap(), side as u8)
        .unwrap();
    let mut out = p.s[side].give(order).unwrap();
    let Msg::Order { link, .. } = &mut out[0] else {
        panic!("an order")
    };
    *link = hex(&[5; 32]);
    let other = 1 - side;
    let before = p.s[other].orders();
    let err = p.s[other].receive(out.remove(0)).unwrap_err();
    assert!(
        matches!(&err, Stop::Broken(why) if why.contains("forged reveal")),
        "{err}"
    );
    assert_eq!(p.s[other].orders(), before, "nothing carried out");
}

#[test]
fn an_order_out_of_turn_or_against_the_rules_is_refused() {
    let mut p = pair(portable());
    let side = p.s[0].game().unwrap().awaiting().unwrap();
    let other = usize::from(1 - side);
    // The machine not on the move cannot give an order.
    assert!(p.s[other].give(Order::Pass { side: 1 - side }).is_err());
    // A message claiming an order for the wrong side is refused by the receiver.
    let forged = signed_order(&p.s[usize::from(side)], 1, &Order::Pass { side });
    // Sent to the machine that plays `side` itself: not the sender's side.
    let err = p.s[usize::from(side)].receive(forged).unwrap_err();
    assert!(matches!(err, Stop::Broken(_)), "{err}");
}

#[test]
fn different_states_stop_the_game_with_both_hashes() {
    let mut p = pair(portable());
    p.play_one();
    // The answer's hash is replaced on the way, as a machine that went astray would send.
    p.deliver_one_then_corrupt_hash();
}

impl Pair {
    fn deliver_one_then_corrupt_hash(&mut self) {
        let to = (0..2).find(|&i| !self.wire[i].is_empty()).unwrap();
        let msg = self.wire[to].pop_front().unwrap();
        let (mut out, _) = self.s[to].receive(msg).unwrap();
        for m in &mut out {
            if let Msg::Hash { hash, .. } = m {
                *hash = "0123456789abcdef".into();
            }
        }
        self.wire[1 - to].extend(out);
        let err = self.deliver_all().unwrap_err().1;
        assert!(
            matches!(err, Stop::Desync { index: 1, theirs, .. } if theirs.to_string() == "0123456789abcdef"),
            "{err:?}"
        );
    }
}

#[test]
fn a_connection_lost_mid_order_resumes_to_the_same_hash() {
    // Napoleonic: lost while side 2's seal is on its way and side 1 holds its own.
    for (scenario, at) in [(portable(), 9), (napoleonic(), 2)] {
        lost_mid_order_resumes(&scenario, at);
    }
}

fn lost_mid_order_resumes(scenario: &Scenario, at: usize) {
    // The whole game, uninterrupted, for its final hash.
    let mut whole = pair(scenario.clone());
    while whole.play_one() {
        whole.deliver_all().unwrap();
    }
    let [end, _] = whole.hashes();

    for lost_after in [0usize, 1, 2] {
        let mut p = pair(scenario.clone());
        let mut played = 0;
        while p.play_one() {
            played += 1;
            if played == at {
                // The order reaches the other machine (or not), its answer is lost.
                for _ in 0..lost_after {
                    let to = (0..2).find(|&i| !p.wire[i].is_empty()).unwrap();
                    let msg = p.wire[to].pop_front().unwrap();
                    let (out, _) = p.s[to].receive(msg).unwrap();
                    p.wire[1 - to].extend(out);
                }
                p.wire = [VecDeque::new(), VecDeque::new()];
                // Each machine comes back from its own save and chain.
                for i in 0..2 {
                    let me = p.s[i].me();
                    let text = save::to_text(&p.s[i].save().unwrap()).unwrap();
                    let saved =
                        save::parse("autosave.ron", &text, &drumfire_core::rules::ALL).unwrap();
                    let pending = p.s[i].pending.clone();
                    let chain = p.s[i].chain.clone();
                    // The secrets behind its seals come from its seat.
                    let sealed = p.s[i].sealed().clone();
                    p.s[i] = Session::resume(&saved, me, chain, sealed).unwrap();
                    // The order on its way is kept with the seat, as the driver keeps it.
                    p.s[i].pending = pending;
                }
                for i in 0..2 {
                    let out = p.s[i].resync();
                    p.wire[1 - i].extend(out);
                }
            }
            p.deliver_all().unwrap();
        }
        let [a, b] = p.hashes();
        assert_eq!(
            (a, b),
            (end, end),
            "{}: lost after {lost_after} messages",
            scenario.source
        );
    }
}

#[test]
fn a_napoleonic_game_sends_every_turns_orders_sealed_and_opens_them() {
    let mut p = pair(napoleonic());
    let mut orders = 0;
    while p.play_one() {
        // What goes out for a sealed order is its seal, never the secret kept here.
        for (i, wire) in p.wire.iter().enumerate() {
            for msg in wire {
                if let Msg::Order { order, .. } = msg
                    && order.contains("Sealed(")
                {
                    let sender = &p.s[1 - i];
                    let secret = sender.sealed().values().last().unwrap();
                    assert!(!order.contains(secret.as_str()), "{order}");
                }
            }
        }
        p.deliver_all().unwrap();
        orders += 1;
        assert!(orders < 5_000);
    }
    let a = p.agreed_end();
    let log = p.s[0].game().unwrap().orders().to_vec();
    let count = |f: fn(&Order) -> bool| log.iter().filter(|o| f(o)).count();
    let seals = count(|o| matches!(o, Order::Sealed { .. }));
    let openings = count(|o| matches!(o, Order::Open { .. }));
    let plain = count(|o| o.secret().is_some());
    assert!(seals >= 2, "{seals} seals");
    assert_eq!(
        (seals, plain),
        (openings, 0),
        "every secret went sealed, every seal opened"
    );
    assert_eq!(
        (log.len(), seals),
        (PINNED_ORDERS, PINNED_SEALS),
        "fixed chains and bots play the same game"
    );
    // Each machine's save replays to that hash, openings checked against their seals.
    let text = save::to_text(&p.s[1].save().unwrap()).unwrap();
    let loaded = save::parse("guest.ron", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(save::replay(&loaded).1, Ok(a));
}

// One brigade a side in a whole built-up area (N-34) changed the Napoleonic game.
const PINNED_ORDERS: usize = 60;
const PINNED_SEALS: usize = 11;

#[test]
fn an_opening_that_is_not_the_order_sealed_stops_the_game() {
    let mut p = pair(napoleonic());
    // Both sides seal; the first opening is then due.
    p.play_one();
    p.deliver_all().unwrap();
    p.play_one();
    p.deliver_all().unwrap();
    let side = usize::from(p.s[0].game().unwrap().awaiting().unwrap());
    let Some(Order::Open { side: s, nonce, .. }) = p.s[side].due_opening() else {
        panic!("an opening is due")
    };
    // Other orders than the sealed ones (none at all), under the same seal.
    let forged = Order::Open {
        side: s,
        secret: "[]".into(),
        nonce,
    };
    // The sender's own game refuses it first ...
    assert!(p.s[side].give(forged.clone()).is_err());
    // ... and a machine that sends it anyway is stopped by the other.
    let index = p.s[side].orders() + 1;
    let msg = signed_order(&p.s[side], index, &forged);
    let before = p.s[1 - side].game_mut().unwrap().state_hash();
    let err = p.s[1 - side].receive(msg).unwrap_err();
    assert!(
        matches!(&err, Stop::Broken(why) if why.contains("does not match its seal")),
        "{err}"
    );
    assert_eq!(p.s[1 - side].game_mut().unwrap().state_hash(), before);
}

#[test]
fn a_great_war_game_seals_the_artillery_plans_and_opens_them_turn_by_turn() {
    use drumfire_core::rules::great_war::GwOrder;
    let mut p = pair(great_war());
    let mut orders = 0;
    while p.play_one() {
        // A plan goes out as its seals: no target hex of the plan kept here travels.
        for (i, wire) in p.wire.iter().enumerate() {
            for msg in wire {
                if let Msg::Order { order, .. } = msg
                    && order.contains("SealPlan(")
                {
                    let sender = &p.s[1 - i];
                    let kept = sender.sealed().values().last().unwrap();
                    assert!(!order.contains("PlannedFire"), "{order}");
                    assert!(kept.contains("PlannedFire") || kept.contains("OpenSights"));
                }
            }
        }
        p.deliver_all().unwrap();
        orders += 1;
        assert!(orders < 5_000);
    }
    let a = p.agreed_end();
    let log = p.s[0].game().unwrap().orders().to_vec();
    let gw = |o: &Order| o.rules::<GwOrder>().cloned();
    let sealed = log
        .iter()
        .filter(|o| matches!(gw(o), Some(GwOrder::SealPlan { .. })))
        .count();
    let plain = log
        .iter()
        .filter(|o| matches!(gw(o), Some(GwOrder::Plan { .. })))
        .count();
    let openings: Vec<Vec<String>> = log
        .iter()
        .filter_map(|o| match gw(o) {
            Some(GwOrder::OpenPlan { pieces, .. }) => {
                Some(pieces.into_iter().map(|p| p.piece).collect())
            }
            _ => None,
        })
        .collect();
    assert_eq!((sealed, plain), (2, 0), "both plans went sealed");
    // The first turn opens each side's missions and its first turn's fire.
    assert_eq!(openings[0], ["missions", "turn 1"]);
    assert_eq!(openings[1], ["missions", "turn 1"]);
    assert_eq!(openings[2], ["turn 2"]);
    assert_eq!(
        (log.len(), openings.len()),
        (PINNED_GW_ORDERS, PINNED_GW_OPENINGS),
        "fixed chains and bots play the same game"
    );
    // Each machine's save replays to that hash, every piece checked against its seal.
    let text = save::to_text(&p.s[1].save().unwrap()).unwrap();
    let loaded = save::parse("guest.ron", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(save::replay(&loaded).1, Ok(a));
}

// The Great War game changed with opportunity fire offered only while a unit that
// moved in is there (D-12).
const PINNED_GW_ORDERS: usize = 434;
const PINNED_GW_OPENINGS: usize = 20;

/// A rule set whose secret is shown unit by unit: the ACW order chits.
fn acw() -> Scenario {
    shipped("acw", "tanners_ford.ron")
}

#[test]
fn an_acw_game_seals_the_chits_and_deals_each_charges_dominoes_locked() {
    use drumfire_core::rules::acw::AcwOrder;
    use drumfire_core::rules::acw::testing::{
        LookedAt, acw_dealt_face_down, acw_turned_over_as_read,
    };
    let mut p = pair(acw());
    let mut orders = 0;
    let mut looked = LookedAt::new();
    while p.play_one() {
        // Chits go out as seals: no chit kept here travels with them.
        for (i, wire) in p.wire.iter().enumerate() {
            for msg in wire {
                if let Msg::Order { order, .. } = msg
                    && order.contains("SealChits(")
                {
                    let kept = p.s[1 - i].sealed().values().last().unwrap();
                    assert!(kept.starts_with("[(\""), "the chits kept: {kept}");
                    for chit in ["Move", "FastAdvance", "Charge", "Fire", "OpportunityFire"] {
                        assert!(!order.contains(chit), "{order}");
                    }
                }
            }
        }
        p.deliver_all().unwrap();
        for (i, s) in p.s.iter().enumerate() {
            let world = s.game().unwrap().world();
            acw_dealt_face_down(world, i as u8, &mut looked).unwrap();
        }
        orders += 1;
        assert!(orders < 5_000);
    }
    let a = p.agreed_end();
    let log = p.s[0].game().unwrap().orders().to_vec();
    let acw = |o: &Order| o.rules::<AcwOrder>().cloned();
    let count = |f: &dyn Fn(Option<AcwOrder>) -> bool| log.iter().filter(|o| f(acw(o))).count();
    let sealed = count(&|o| matches!(o, Some(AcwOrder::SealChits { .. })));
    let plain = count(&|o| matches!(o, Some(AcwOrder::Chits { .. })));
    let shown = count(&|o| matches!(o, Some(AcwOrder::Shown { .. })));
    let (seals, opened) = sealed::tally(&drumfire_core::rules::acw::INFO, &log);
    assert_eq!(plain, 0, "every side's chits went sealed");
    assert_eq!(seals, opened, "every chit sealed was shown");
    let locks = count(&|o| matches!(o, Some(AcwOrder::Lock { .. })));
    let unlocks = count(&|o| matches!(o, Some(AcwOrder::Unlock { .. })));
    let keys = count(&|o| matches!(o, Some(AcwOrder::Key { .. })));
    let fights = acw_turned_over_as_read(p.s[0].game().unwrap().journal(), &looked).unwrap();
    assert_eq!(
        (log.len(), sealed, shown),
        PINNED_ACW,
        "fixed chains and bots play the same game"
    );
    assert_eq!(
        (locks, unlocks, keys, fights),
        PINNED_DEALS,
        "each charge's set locked twice, the defender's domino opened, both locks shown at each fight"
    );
    let text = save::to_text(&p.s[1].save().unwrap()).unwrap();
    let loaded = save::parse("guest.ron", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(save::replay(&loaded).1, Ok(a));
}

// The ACW game changed with falling back over the ground and casualties held
// until the React phase.
const PINNED_ACW: (usize, usize, usize) = (140, 16, 53);
// Six fights of six charges: a unit charged twice keeps its casualties until the
// React phase, so its second fight is fought.
const PINNED_DEALS: (usize, usize, usize, usize) = (12, 6, 12, 12);

#[test]
fn every_shipped_scenario_plays_on_two_machines_its_secrets_sealed() {
    for (set, name) in drumfire_core::testing::shipped_scenarios() {
        let scenario = shipped(&set, &name);
        assert_eq!(
            crate::play::check_for_two(&scenario),
            Ok(()),
            "{set}/{name}"
        );
    }
    // Three sides are no game for two machines.
    let mut three = acw();
    three.file.sides.push(three.file.sides[0].clone());
    let err = crate::play::check_for_two(&three).unwrap_err();
    assert!(err.contains("has two sides; this scenario has 3"), "{err}");
}

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
