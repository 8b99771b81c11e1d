//! The ACW dominoes between two machines (`rules/acw/deal.rs`): each charge's set
//! dealt from a locked deck, each machine reading only its own looked-at dominoes, both
//! locks shown and checked at the fight. A whole game played so keeps every face
//! hidden until its fight and replays from its save; a step of a deal out of turn or
//! malformed is refused.

use super::*;
use drumfire_core::game::{Game, Mode};
use drumfire_core::orders::{Order, Refusal};
use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::rules::acw::testing::{
    LookedAt, acw_dealt_face_down, acw_no_deal_outlives_combat, acw_turned_over_as_read,
};
use drumfire_core::rules::acw::{self, AcwOrder, deal, sealing};
use drumfire_core::shared_dice::{Chain, DiceKeys, SharedDice};
use drumfire_core::testing::journal_says;

/// Both machines of a game, played in one: the shared dice keyed for each order by
/// both players' chains, each side's chits sealed with its text and nonce kept (as its
/// seat keeps them), and each step a machine gives by itself given by its side.
struct TwoMachines {
    game: Game,
    chains: [Chain; 2],
    kept: BTreeMap<u8, (String, String)>,
    bots: [Bot; 2],
}

impl TwoMachines {
    fn new(scenario: &Scenario) -> Self {
        let chains = [Chain::new([1; 32]), Chain::new([2; 32])];
        let mut record = SharedDice::new([chains[0].commitment(), chains[1].commitment()]);
        record
            .push([chains[0].reveal(0).unwrap(), chains[1].reveal(0).unwrap()])
            .unwrap();
        Self {
            game: drumfire_core::game::Game::with_shared_dice(scenario, Mode::Rules, record)
                .unwrap(),
            chains,
            kept: BTreeMap::new(),
            bots: [Bot::new(PlayerKind::Ai, 1), Bot::new(PlayerKind::Ai, 2)],
        }
    }

    /// `side`'s machine: what it keeps of its own secrets where its screen reads them.
    fn at(&mut self, side: u8) {
        let (text, nonce) = self.kept.get(&side).cloned().unwrap_or_default();
        sealing::SEALING.keep(self.game.world_mut(), side, &text, &nonce);
    }

    /// What `side`'s machine gives now: a step it gives by itself, else the
    /// computer's order, sealed or shown as between two machines.
    fn next(&mut self, side: u8) -> Order {
        self.at(side);
        let (text, nonce) = self.kept.get(&side).cloned().unwrap_or_default();
        if let Some(step) = sealing::SEALING.opening(self.game.world(), side, &text, &nonce) {
            return step;
        }
        let order = self.bots[usize::from(side)]
            .choose(&self.game, side)
            .expect("an order");
        let number = self.game.orders().len() + 1;
        let nonce = sealed::nonce(&self.chains[usize::from(side)].secret(), number);
        match sealed::sealed_in(self.game.world(), &order, &nonce) {
            Some((seal, text)) => {
                self.kept.insert(side, (text, nonce));
                seal
            }
            None => sealed::shown_in(self.game.world(), &order).unwrap_or(order),
        }
    }

    /// Submits an order with both players' reveals for it.
    fn submit(&mut self, order: Order) -> Result<(), Refusal> {
        let next = self.game.orders().len() + 1;
        let mut keys = self.game.world_mut().resource_mut::<DiceKeys>();
        if keys.record.reveals.len() <= next {
            let reveals = [0, 1].map(|i| self.chains[i].reveal(next).unwrap());
            keys.push(reveals).unwrap();
        }
        self.game.submit(order)
    }

    /// The side the game waits on, while it goes on.
    fn awaiting(&self) -> Option<u8> {
        self.game.awaiting().filter(|_| !self.game.is_over())
    }

    /// Plays on until a step of a deal that `want` picks is due: its side and the
    /// step, not yet given.
    fn play_to(&mut self, want: impl Fn(&AcwOrder) -> bool) -> (u8, AcwOrder) {
        while let Some(side) = self.awaiting() {
            let order = self.next(side);
            if let Some(o) = order.rules::<AcwOrder>()
                && want(o)
            {
                return (side, o.clone());
            }
            self.submit(order).expect("a legal order");
        }
        panic!("no such step came")
    }
}

fn refused(m: &mut TwoMachines, order: AcwOrder, why: &str) {
    let before = m.game.state_hash();
    let err = m.submit(order.into()).expect_err(why);
    assert!(err.0.contains(why), "{err} (wanted: {why})");
    assert_eq!(m.game.state_hash(), before);
}

#[test]
fn between_two_machines_each_charges_dominoes_are_dealt_locked_and_read_only_by_their_owners() {
    let scenario = tanners_ford();
    let mut m = TwoMachines::new(&scenario);
    let mut looked = LookedAt::new();
    while let Some(side) = m.awaiting() {
        let order = m.next(side);
        m.submit(order).expect("a legal order");
        // Each machine as it stands after the order: no face of a charge not yet
        // fought, and its own looked-at dominoes only.
        for machine in 0..2 {
            m.at(machine);
            acw_dealt_face_down(m.game.world(), machine, &mut looked).unwrap();
        }
        acw_no_deal_outlives_combat(m.game.world()).unwrap();
        assert!(m.game.orders().len() < 5_000);
    }
    let log = m.game.orders().to_vec();
    let count = |f: &dyn Fn(&AcwOrder) -> bool| {
        log.iter()
            .filter(|o| o.rules::<AcwOrder>().is_some_and(f))
            .count()
    };
    let locks = count(&|o| matches!(o, AcwOrder::Lock { .. }));
    let unlocks = count(&|o| matches!(o, AcwOrder::Unlock { .. }));
    let keys = count(&|o| matches!(o, AcwOrder::Key { .. }));
    let read = acw_turned_over_as_read(m.game.journal(), &looked).unwrap();
    assert_eq!(
        locks,
        2 * unlocks,
        "each charge's set is locked by both machines"
    );
    assert_eq!(
        (log.len(), unlocks, keys / 2, read),
        // Six fights of six charges: a unit charged twice keeps its stands lost in the
        // first fight until the React phase, so the second fight is fought too.
        (PINNED_ORDERS, 6, 6, 12),
        "pinned: orders, charges dealt, fights, looked-at dominoes read and turned over as read"
    );
    // What `drumfire replay` says it checked.
    let checked = sealing::SEALING.checked(&log).unwrap();
    assert!(
        checked.starts_with("dominoes dealt locked: 6 sets, 12 locks shown"),
        "{checked}"
    );
    assert_eq!(sealing::SEALING.checked(&log[..10]), None);
    // Turned over, read from the set and the dice: nothing of a deal is left.
    assert!(m.game.world().get_resource::<deal::Deals>().is_none());
    let says = |text: &str| journal_says(&m.game, text);
    assert!(says("locks the set of dominoes and shuffles it"));
    assert!(says("shows its lock on the dominoes: it matches"));
    assert!(says("Which way round the blind dominoes lie"));

    // The save holds the deal and replays to the same hash, every lock checked again.
    let hash = m.game.state_hash();
    let seed = m
        .game
        .world()
        .resource::<drumfire_core::dice::Dice>()
        .seed();
    let file = save::save_of(&mut m.game, &scenario, seed);
    let text = save::to_text(&file).unwrap();
    let loaded = save::parse("dealt.ron", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(save::replay(&loaded).1, Ok(hash));
}

const PINNED_ORDERS: usize = 140;

#[test]
fn a_step_of_a_deal_out_of_turn_or_malformed_is_refused() {
    let mut m = TwoMachines::new(&tanners_ford());
    let (side, step) = m.play_to(|o| matches!(o, AcwOrder::Lock { .. }));
    let AcwOrder::Lock { charge, deck, .. } = step.clone() else {
        unreachable!()
    };
    let other = 1 - side;
    let lock = |side, deck: Vec<String>, opened| AcwOrder::Lock {
        side,
        charge,
        deck,
        opened,
    };
    // The charger's machine locks first; nothing else goes meanwhile.
    let rules = |m: &TwoMachines, o: AcwOrder| acw::validate(m.game.world(), &o);
    let err = rules(&m, lock(other, deck.clone(), None)).unwrap_err();
    assert!(err.0.contains("locks and shuffles the set now"), "{err}");
    refused(
        &mut m,
        AcwOrder::Place {
            side,
            place: 0,
            turned: false,
        },
        "The dominoes are being dealt between the two machines",
    );
    refused(
        &mut m,
        lock(side, deck[1..].to_vec(), None),
        "holds 28 dominoes, not 27",
    );
    let mut bad = deck.clone();
    bad[3] = "zz".into();
    refused(&mut m, lock(side, bad, None), "is not a locked domino");
    // A domino doubled, and a number that marks a card (not a square): a false deal
    // refused when it is given, before the other machine locks on it.
    let mut doubled = deck.clone();
    doubled[3] = doubled[0].clone();
    refused(&mut m, lock(side, doubled, None), "each once");
    let mut marked = deck.clone();
    let p = drumfire_core::locked_deck::modulus();
    let card = drumfire_core::locked_deck::from_text(&marked[5]).unwrap();
    marked[5] = drumfire_core::locked_deck::to_text(&(p - card));
    refused(&mut m, lock(side, marked, None), "no locked domino can be");
    refused(
        &mut m,
        lock(side, deck.clone(), Some(deck[0].clone())),
        "locks the set first and opens nothing",
    );
    m.submit(step.into()).expect("the charger's lock");
    // The defender's machine locks second and opens the charger's looked-at domino.
    let (second, step) = m.play_to(|o| matches!(o, AcwOrder::Lock { .. }));
    assert_eq!(second, other);
    let AcwOrder::Lock { deck, .. } = step.clone() else {
        unreachable!()
    };
    refused(
        &mut m,
        lock(other, deck, None),
        "opens the top domino for the charger",
    );
    m.submit(step.into()).expect("the defender's lock");
    // A lock shown at the fight must be a power below the prime's half.
    let (at, step) = m.play_to(|o| matches!(o, AcwOrder::Key { .. }));
    let AcwOrder::Key { charge, .. } = step else {
        unreachable!()
    };
    refused(
        &mut m,
        AcwOrder::Key {
            side: at,
            charge,
            key: "1".into(),
        },
        "is not a lock",
    );
    m.submit(step.into()).expect("the true lock");
}

/// The attack: the defender's machine deals falsely. Where the charger's machine will
/// take its lock off the defender's looked-at domino, it lays the charger's own
/// looked-at domino under the charger's lock alone, so the unlocking shows that face
/// in the clear. Then the defending unit is destroyed before its fight (here taken off
/// the map). The charge is never fought, and its locks are shown all the same when the
/// Combat phase reaches it: the false lock is refused, and until it is shown a replay
/// names the set as never proved.
#[test]
fn a_false_deal_is_caught_though_its_fight_is_never_fought() {
    let mut m = TwoMachines::new(&tanners_ford());
    let (_, first) = m.play_to(|o| matches!(o, AcwOrder::Lock { .. }));
    let AcwOrder::Lock { charge: k, .. } = first else {
        unreachable!()
    };
    m.submit(first.into()).expect("the charger's lock");
    let (defender, second) = m.play_to(|o| matches!(o, AcwOrder::Lock { .. }));
    let AcwOrder::Lock {
        side,
        charge,
        mut deck,
        opened,
    } = second
    else {
        unreachable!()
    };
    let charger_line =
        |m: &TwoMachines| m.game.world().resource::<acw::AcwState>().charges[k].lines[0].clone();
    let line = charger_line(&m);
    let at = line.places.len() + line.blind.len() + usize::from(line.hand.is_some());
    deck[at] = opened
        .clone()
        .expect("the charger's looked-at domino, opened");
    m.submit(
        AcwOrder::Lock {
            side,
            charge,
            deck,
            opened,
        }
        .into(),
    )
    .expect("a false deal looks like a deal until a lock is shown");
    let (_, unlock) = m.play_to(|o| matches!(o, AcwOrder::Unlock { .. }));
    let AcwOrder::Unlock { card, place, .. } = &unlock else {
        unreachable!()
    };
    assert_eq!(*place, at);
    let shown = drumfire_core::locked_deck::from_text(card).unwrap();
    assert!(
        drumfire_core::locked_deck::index_of(&shown, deal::SET).is_some(),
        "the cheat works: the charger's machine opens a face in the clear"
    );
    m.submit(unlock.into())
        .expect("the charger's machine opens the domino");
    while charger_line(&m).places.is_empty() {
        let side = m.awaiting().expect("the game goes on");
        let order = m.next(side);
        m.submit(order).expect("a legal order");
    }
    // The defending unit is destroyed before its fight.
    let target = m.game.world().resource::<acw::AcwState>().charges[k]
        .target
        .clone();
    let e = m
        .game
        .world()
        .resource::<drumfire_core::counters::PieceIds>()
        .get(&target)
        .unwrap();
    drumfire_core::map::take_off(
        m.game.world_mut(),
        e,
        drumfire_core::counters::OffMap::Eliminated,
    );
    let is_k = move |o: &AcwOrder| matches!(o, AcwOrder::Key { charge, .. } if *charge == k);
    let (by, key) = m.play_to(is_k);
    m.submit(key.into()).expect("the charger's true lock");
    assert!(m.game.world().resource::<acw::AcwState>().charges[k].fought);
    let log = m.game.orders().to_vec();
    let checked = sealing::SEALING.checked(&log).unwrap();
    assert!(
        checked.contains("3 sets, 1 locks shown")
            && checked.contains("NOT PROVED: 3 sets whose locks were not both shown"),
        "{checked}"
    );
    let (cheater, key) = m.play_to(is_k);
    assert_eq!((by, cheater), (1 - defender, defender));
    refused(
        &mut m,
        key,
        "does not make the set it passed on from the set it was given: a false deal",
    );
}
