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

mod forgeries;
