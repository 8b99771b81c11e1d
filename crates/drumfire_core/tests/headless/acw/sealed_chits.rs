//! The ACW order chits between two machines (`rules/acw/sealing.rs`): placed sealed,
//! a seal for each unit, each chit shown as its unit acts. A whole game played so ends
//! in the plain game's exact state; a chit that is not the one sealed, a chit shown
//! with another unit's order, a plain order of a sealed unit and sealed chits that
//! miss a unit are refused; a save holds the seals and not the chits.

use super::*;
use drumfire_core::rules::acw::sealing::{self, ChitSeals, OwnChits};
use drumfire_core::rules::acw::{AcwOrder, AcwState};
use drumfire_core::testing::{computer_game, journal_says};

const SEED: u64 = 1;

/// The plain game between two computer players: its orders and final hash.
fn plain_game(scenario: &Scenario) -> (Vec<Order>, drumfire_core::hash::StateHash) {
    computer_game(scenario, SEED)
}

/// A game whose chits go sealed: each side's chits and nonce kept, as its machine
/// keeps them in its seat, and put in the world for the side about to give an order
/// (as its own machine has them).
struct Sealing {
    game: Game,
    kept: BTreeMap<u8, (String, String)>,
    /// The orders as they went: sealed chits, chits shown, fire held at a charger.
    given: Vec<Order>,
}

impl Sealing {
    fn new(scenario: &Scenario) -> Self {
        Self {
            game: Game::new(scenario, SEED),
            kept: BTreeMap::new(),
            given: Vec::new(),
        }
    }

    /// `side`'s machine: its own chits where its screen reads them.
    fn at(&mut self, side: u8) {
        let (text, nonce) = self.kept.get(&side).cloned().unwrap_or_default();
        sealing::SEALING.keep(self.game.world_mut(), side, &text, &nonce);
    }

    /// Gives an order as a machine would: chits sealed, an order of a unit on a
    /// sealed chit with the chit shown; first any order due by itself.
    fn give(&mut self, order: Order) {
        self.due();
        let side = order.side().unwrap();
        self.at(side);
        let nonce = sealed::nonce(&[side + 1; 32], self.game.orders().len() + 1);
        let order = match sealed::sealed_in(self.game.world(), &order, &nonce) {
            Some((seal, text)) => {
                self.kept.insert(side, (text, nonce));
                seal
            }
            None => sealed::shown_in(self.game.world(), &order).unwrap_or(order),
        };
        self.given.push(order.clone());
        self.game.submit(order).expect("a legal order");
    }

    /// The orders the awaited side's machine gives by itself (fire held at a charger
    /// when none of its units may fire).
    fn due(&mut self) {
        while let Some(side) = self.game.awaiting() {
            self.at(side);
            let Some(order) = sealing::SEALING.opening(self.game.world(), side, "", "") else {
                return;
            };
            self.given.push(order.clone());
            self.game.submit(order).expect("fire held");
        }
    }
}

/// A unit's chit turned over where it stands.
fn stay(side: u8, unit: &str) -> AcwOrder {
    AcwOrder::Act {
        side,
        unit: unit.to_owned(),
        path: vec![],
        facing: None,
        charge: None,
    }
}

fn count(given: &[Order], f: impl Fn(&Order) -> bool) -> usize {
    given.iter().filter(|o| f(o)).count()
}

#[test]
fn chits_sealed_and_shown_unit_by_unit_end_in_the_plain_games_exact_state() {
    let scenario = tanners_ford();
    let (orders, end) = plain_game(&scenario);
    let mut s = Sealing::new(&scenario);
    for order in &orders {
        s.give(order.clone());
    }
    s.due();
    assert_eq!(s.game.state_hash(), end, "the same game as the plain chits");
    assert!(s.game.world().get_resource::<ChitSeals>().is_none());
    let rules = |o: &Order| o.rules::<AcwOrder>().cloned();
    let plain_chits = count(&orders, |o| {
        matches!(rules(o), Some(AcwOrder::Chits { .. }))
    });
    let sealed = count(&s.given, |o| {
        matches!(rules(o), Some(AcwOrder::SealChits { .. }))
    });
    let shown = count(&s.given, |o| {
        matches!(rules(o), Some(AcwOrder::Shown { .. }))
    });
    let shown_fire = count(
        &s.given,
        |o| matches!(rules(o), Some(AcwOrder::Shown { then, .. }) if matches!(*then, AcwOrder::Fire { .. })),
    );
    let held = s.given.len() - orders.len();
    assert_eq!(sealed, plain_chits, "every side's chits went sealed");
    assert_eq!(
        (orders.len(), sealed, shown, shown_fire, held),
        // Falling back over the ground changed the game from its first retirement.
        (103, 15, 49, 1, 1),
        "pinned: orders, sealed chits, chits shown, shown to fire at a charger, fire held"
    );
    let (seals, opened) = sealed::tally(&drumfire_core::rules::acw::INFO, &s.given);
    assert_eq!(seals, opened, "every chit sealed was shown");
    let says = |text: &str| journal_says(&s.game, text);
    assert!(says("has placed its order chits, sealed"));
    assert!(says("chit is shown from its seal"));
}

/// The game at the first Movement phase: both sides' chits sealed.
fn at_first_movement() -> Sealing {
    let scenario = tanners_ford();
    let (orders, _) = plain_game(&scenario);
    let mut s = Sealing::new(&scenario);
    for order in orders {
        if s.game.phase_name() == "Movement" {
            break;
        }
        s.give(order);
    }
    s
}

#[test]
fn a_sealed_chit_is_shown_only_as_its_own_and_only_by_its_own_seal() {
    let mut s = at_first_movement();
    let side = s.game.awaiting().unwrap();
    s.at(side);
    let own = s.game.world().resource::<OwnChits>().clone();
    let (unit, (chit, nonce)) = own
        .chits
        .iter()
        .next()
        .map(|(u, c)| (u.clone(), c.clone()))
        .unwrap();
    let act = stay(side, &unit);
    let before = s.game.state_hash();
    // The other machine has no chit of this side's: the plain order is refused there.
    s.at(1 - side);
    let err = s.game.submit(act.clone().into()).unwrap_err();
    assert!(err.0.contains("is sealed: it is shown"), "{err}");
    let shown = |chit: Chit, nonce: &str, then: AcwOrder| -> Order {
        AcwOrder::Shown {
            side,
            unit: unit.clone(),
            chit,
            nonce: nonce.to_owned(),
            then: Box::new(then),
        }
        .into()
    };
    // Another chit, or another nonce: not the chit placed.
    let other = Chit::ALL.into_iter().find(|c| *c != chit).unwrap();
    let err = s
        .game
        .submit(shown(other, &nonce, act.clone()))
        .unwrap_err();
    assert!(err.0.contains("does not match its seal"), "{err}");
    let err = s
        .game
        .submit(shown(chit, &"00".repeat(32), act.clone()))
        .unwrap_err();
    assert!(err.0.contains("does not match its seal"), "{err}");
    // A chit shown with another unit's order.
    let another = own.chits.keys().find(|u| **u != unit).unwrap().clone();
    let err = s
        .game
        .submit(shown(chit, &nonce, stay(side, &another)))
        .unwrap_err();
    assert!(
        err.0.contains("goes with the order of its own unit"),
        "{err}"
    );
    assert_eq!(s.game.state_hash(), before, "refusals change nothing");
    // The chit shown: turned over, known to both, its seal gone.
    s.game.submit(shown(chit, &nonce, act)).unwrap();
    let state = s.game.world().resource::<AcwState>();
    assert_eq!(state.chit(&unit), Some(chit));
    assert!(state.revealed.contains(&unit));
    assert!(
        s.game
            .world()
            .resource::<ChitSeals>()
            .seal_of(side, &unit)
            .is_none()
    );
    // Shown once: a second showing has no seal left to match.
    let err = s
        .game
        .submit(shown(chit, &nonce, stay(side, &unit)))
        .unwrap_err();
    assert!(err.0.contains("has no sealed chit"), "{err}");
}

#[test]
fn sealed_chits_must_seal_every_unit_once_in_the_orders_phase() {
    let scenario = tanners_ford();
    let mut game = Game::new(&scenario, SEED);
    let side = game.awaiting().unwrap();
    let units: Vec<String> = drumfire_core::rules::acw::view::units(game.world())
        .into_iter()
        .filter(|u| u.side == side)
        .map(|u| u.base.id)
        .collect();
    let seal = "ab".repeat(32);
    let sealing = |units: &[String], seal: &str| -> Order {
        AcwOrder::SealChits {
            side,
            seals: units.iter().map(|u| (u.clone(), seal.to_owned())).collect(),
        }
        .into()
    };
    let err = game.submit(sealing(&units[1..], &seal)).unwrap_err();
    assert!(err.0.contains("has no chit"), "{err}");
    let mut twice = units.clone();
    twice.push(units[0].clone());
    let err = game.submit(sealing(&twice, &seal)).unwrap_err();
    assert!(err.0.contains("has two chits"), "{err}");
    let err = game.submit(sealing(&units, "abc")).unwrap_err();
    assert!(err.0.contains("64 hex digits"), "{err}");
    game.submit(sealing(&units, &seal)).unwrap();
    let err =
        (drumfire_core::rules::ACW.validate)(game.world(), &sealing(&units, &seal)).unwrap_err();
    assert!(err.0.contains("has placed its chits"), "{err}");
    assert!(
        game.world()
            .resource::<ChitSeals>()
            .seal_of(side, &units[0])
            .is_some()
    );
}

#[test]
fn a_save_holds_the_seals_not_the_chits_and_replays_to_the_same_hash() {
    let scenario = tanners_ford();
    let mut s = at_first_movement();
    let file = save::save_of(&mut s.game, &scenario, SEED);
    let text = save::to_text(&file).unwrap();
    assert!(text.contains("SealChits("), "{text}");
    for (chits, _) in s.kept.values() {
        assert!(
            !text.contains(chits.as_str()),
            "the chits stay out of the save"
        );
    }
    let parsed = save::parse("sealed.ron", &text, &drumfire_core::rules::ALL).unwrap();
    let (mut again, check) = save::replay(&parsed);
    let hash = check.unwrap();
    assert_eq!(hash, s.game.state_hash());
    assert_eq!(again.state_hash(), hash);
    // A misspelt field is named with its line and column.
    let bad = text.replacen("seals:", "seels:", 1);
    let err = save::parse("bad.ron", &bad, &drumfire_core::rules::ALL).unwrap_err();
    let said = err.first().unwrap().to_string();
    assert!(said.starts_with("bad.ron:"), "{said}");
    assert!(said.contains("`seals`"), "{said}");
}
