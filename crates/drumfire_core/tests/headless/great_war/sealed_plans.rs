//! The Great War's Artillery Plans between two machines (`rules/great_war/sealing.rs`):
//! filed sealed piece by piece, opened in each turn's Bombardment Phase. A whole game
//! played so ends in the plain game's exact state; a piece that is not the one sealed,
//! an opening out of turn or of the wrong pieces, and a sealed plan that breaks the
//! rules are each refused when they open; a save holds the seals and not the plan.

use drumfire_core::game::Game;
use drumfire_core::orders::Order;
use drumfire_core::rules::great_war::sealing::{self, PlanSeals};
use drumfire_core::rules::great_war::state::Prompt;
use drumfire_core::rules::great_war::{GwOrder, GwState, Mission};
use drumfire_core::save;
use drumfire_core::scenario::Scenario;
use drumfire_core::sealed;
use drumfire_core::testing::{computer_game, journal_says, shipped};
use std::collections::BTreeMap;

const SEED: u64 = 11;

fn marcoing() -> Scenario {
    shipped("great_war", "marcoing_ridge.ron")
}

/// The plain game between two computer players: its orders and final hash.
fn plain_game(scenario: &Scenario) -> (Vec<Order>, drumfire_core::hash::StateHash) {
    computer_game(scenario, SEED)
}

/// A game whose plans go sealed: each side's plan text and nonce kept, as its
/// machine keeps them in its seat.
struct Sealing {
    game: Game,
    kept: BTreeMap<u8, (String, String)>,
    openings: Vec<Order>,
}

impl Sealing {
    fn new(scenario: &Scenario) -> Self {
        Self {
            game: Game::new(scenario, SEED),
            kept: BTreeMap::new(),
            openings: Vec::new(),
        }
    }

    /// Gives an order as a machine would: a plan sealed; first any opening due.
    fn give(&mut self, order: Order) {
        self.open_due();
        let side = order.side().unwrap();
        let nonce = sealed::nonce(&[side + 1; 32], self.game.orders().len() + 1);
        let order = match sealed::sealed_in(self.game.world(), &order, &nonce) {
            Some((seal, text)) => {
                self.kept.insert(side, (text, nonce));
                seal
            }
            None => order,
        };
        self.game.submit(order).expect("a legal order");
    }

    /// The openings the game waits on, given.
    fn open_due(&mut self) {
        while let Some(order) = self.opening() {
            self.openings.push(order.clone());
            self.game
                .submit(order)
                .expect("the opening matches its seals");
        }
    }

    fn opening(&self) -> Option<Order> {
        let side = self.game.awaiting()?;
        let (text, nonce) = self.kept.get(&side)?;
        sealing::SEALING.opening(self.game.world(), side, text, nonce)
    }
}

fn pieces_of(order: &Order) -> Vec<String> {
    match order.rules::<GwOrder>() {
        Some(GwOrder::OpenPlan { pieces, .. }) => pieces.iter().map(|p| p.piece.clone()).collect(),
        _ => Vec::new(),
    }
}

#[test]
fn plans_sealed_and_opened_turn_by_turn_end_in_the_plain_games_exact_state() {
    let scenario = marcoing();
    let (orders, end) = plain_game(&scenario);
    let mut s = Sealing::new(&scenario);
    for order in orders {
        s.give(order);
    }
    s.open_due();
    assert_eq!(s.game.state_hash(), end, "the same game as the plain plans");
    // Ten turns, two sides: twenty openings, the missions with the first turn's fire.
    assert_eq!(s.openings.len(), 20);
    assert_eq!(pieces_of(&s.openings[0]), ["missions", "turn 1"]);
    assert_eq!(pieces_of(&s.openings[2]), ["turn 2"]);
    assert!(s.game.world().resource::<PlanSeals>().is_empty());
    let says = |text: &str| journal_says(&s.game, text);
    assert!(
        says("filed its Artillery Plan sealed"),
        "the log says a plan was filed sealed"
    );
    assert!(
        says("opens its missions and its Planned Fire for turn 1"),
        "the log says what opened"
    );
}

/// The game at the first opening: both plans sealed, the first turn's Bombardment
/// Phase waiting on the initiative winner.
fn at_first_opening() -> (Sealing, Vec<Order>) {
    let scenario = marcoing();
    let (orders, _) = plain_game(&scenario);
    let mut s = Sealing::new(&scenario);
    let mut rest = orders.into_iter();
    while s.opening().is_none() {
        s.give(rest.next().unwrap());
    }
    (s, rest.collect())
}

#[test]
fn the_bombardment_phase_waits_for_the_sealed_plots_and_nothing_else_is_given_meanwhile() {
    let (mut s, _) = at_first_opening();
    let side = s.game.awaiting().unwrap();
    assert_eq!(s.game.phase_name(), "Bombardment");
    assert_eq!(
        s.game.world().resource::<GwState>().prompt,
        Some(Prompt::OpenPlot { side, turn: 1 })
    );
    // Before the opening nobody's missions are known: no battery may act yet.
    assert!(s.game.world().resource::<GwState>().missions.is_empty());
    let before = s.game.state_hash();
    assert!(s.game.submit(Order::Pass { side }).is_err());
    let err = s
        .game
        .submit(
            GwOrder::Activate {
                side,
                piece: "x".into(),
            }
            .into(),
        )
        .unwrap_err();
    assert!(err.0.contains("open its sealed Artillery Plan"), "{err}");
    // The other side's opening waits for its turn.
    let other = 1 - side;
    let (text, nonce) = s.kept[&other].clone();
    let forged: Order = GwOrder::OpenPlan {
        side: other,
        pieces: Vec::new(),
    }
    .into();
    let err = s.game.submit(forged).unwrap_err();
    assert!(err.0.contains("waits on"), "{err}");
    assert_eq!(s.game.state_hash(), before, "refusals change nothing");
    // Openings are for the plan sealed, not the other side's text.
    assert!(
        sealing::SEALING
            .opening(s.game.world(), side, &text, &nonce)
            .is_none()
    );
}

#[test]
fn an_opened_piece_that_is_not_the_one_sealed_or_not_the_pieces_due_is_refused() {
    let (s, _) = at_first_opening();
    let mut s = s;
    let Some(order) = s.opening() else {
        unreachable!()
    };
    let Some(GwOrder::OpenPlan { side, pieces }) = order.rules::<GwOrder>().cloned() else {
        panic!("an opening")
    };
    let before = s.game.state_hash();
    let refused =
        |s: &mut Sealing, pieces: Vec<drumfire_core::rules::great_war::orders::OpenedPiece>| {
            s.game
                .submit(GwOrder::OpenPlan { side, pieces }.into())
                .unwrap_err()
                .0
        };
    // Another turn's fire under the turn's seal: not the plan sealed.
    let mut changed = pieces.clone();
    changed[1].text.push(' ');
    let err = refused(&mut s, changed);
    assert!(err.contains("(turn 1) does not match its seal"), "{err}");
    // Another nonce.
    let mut changed = pieces.clone();
    changed[0].nonce = "00".repeat(32);
    let err = refused(&mut s, changed);
    assert!(err.contains("(missions) does not match its seal"), "{err}");
    // Only the missions, or a later turn too: not the pieces due.
    let err = refused(&mut s, pieces[..1].to_vec());
    assert!(err.contains("opens missions and turn 1 now"), "{err}");
    assert_eq!(s.game.state_hash(), before);
    s.game.submit(order).unwrap();
    assert!(!s.game.world().resource::<GwState>().missions.is_empty());
}

#[test]
fn a_sealed_plan_that_breaks_the_rules_is_refused_when_it_opens() {
    let scenario = marcoing();
    let (orders, _) = plain_game(&scenario);
    for (how, want) in [
        ("out of range", "beyond its range"),
        ("off the map", "is not a hex of the map"),
        (
            "a factor on Open Sights",
            "its only mission is Planned Fire",
        ),
    ] {
        let mut s = Sealing::new(&scenario);
        let mut rest = orders.clone().into_iter();
        // The first plan, broken before it is sealed: its seals show nothing of it.
        let mut broke = false;
        while s.opening().is_none() {
            let mut order = rest.next().unwrap();
            if !broke && let Some(GwOrder::Plan { side, missions }) = order.rules::<GwOrder>() {
                let mut missions = missions.clone();
                let world = s.game.world();
                let factors = &world.resource::<GwState>().factors;
                broke = break_plan(
                    &mut missions,
                    how,
                    |id| factors.contains_key(id),
                    |id| beyond_range(world, id),
                );
                order = GwOrder::Plan {
                    side: *side,
                    missions,
                }
                .into();
            }
            s.give(order);
        }
        // Open the plans in turn until the broken one is refused.
        let mut refusal = None;
        while let Some(order) = s.opening() {
            match s.game.submit(order) {
                Ok(()) => {}
                Err(e) => {
                    refusal = Some(e.0);
                    break;
                }
            }
        }
        assert!(broke, "{how}: a plan to break");
        let refusal = refusal.unwrap_or_else(|| panic!("{how}: refused"));
        assert!(refusal.contains(want), "{how}: {refusal}");
    }
}

/// Breaks a plan so that the rules refuse it: a target out of range, a target off
/// the map, or a factor on Open Sights.
fn break_plan(
    missions: &mut [drumfire_core::rules::great_war::Assignment],
    how: &str,
    factor: impl Fn(&str) -> bool,
    far: impl Fn(&str) -> Option<String>,
) -> bool {
    match how {
        "a factor on Open Sights" => {
            let Some(a) = missions.iter_mut().find(|a| factor(&a.source)) else {
                return false;
            };
            a.mission = Mission::OpenSights;
        }
        _ => {
            let Some(a) = missions
                .iter_mut()
                .find(|a| !factor(&a.source) && far(&a.source).is_some())
            else {
                return false;
            };
            let target = if how == "off the map" {
                "9999".to_owned()
            } else {
                far(&a.source).unwrap()
            };
            a.mission = Mission::PlannedFire {
                targets: std::iter::once(Some(target))
                    .chain(std::iter::repeat_n(None, 9))
                    .collect(),
            };
        }
    }
    true
}

/// A hex of the map beyond the battery's range, if the map reaches so far.
fn beyond_range(world: &bevy_ecs::world::World, id: &str) -> Option<String> {
    use drumfire_core::rules::great_war::{board::Board, view};
    let p = view::by_id(world, id).expect("an on-board battery");
    let range = p.face.bombard.map_or(0, |b| b.range);
    let board = world.resource::<Board>();
    (u32::from(range) + 1..u32::from(range) + 30)
        .flat_map(|r| p.hex.ring(r))
        .find(|h| board.contains(*h))
        .map(view::label)
}

#[test]
fn a_save_holds_the_seals_not_the_plan_and_replays_to_the_same_hash() {
    let scenario = marcoing();
    let (mut s, _) = at_first_opening();
    let file = save::save_of(&mut s.game, &scenario, SEED);
    let text = save::to_text(&file).unwrap();
    assert!(text.contains("SealPlan("), "{text}");
    for (plan, _) in s.kept.values() {
        assert!(
            !text.contains(plan.as_str()),
            "the plans stay out of the save"
        );
    }
    assert!(
        !file
            .orders
            .iter()
            .any(|o| matches!(o.rules::<GwOrder>(), Some(GwOrder::Plan { .. }))),
        "no plain plan among the orders"
    );
    let hash = s.game.state_hash();
    let loaded = save::parse("sealed.ron", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(save::replay(&loaded).1, Ok(hash));
    // Opened, it replays too, every piece checked against its seal.
    s.open_due();
    let hash = s.game.state_hash();
    let text = save::to_text(&save::save_of(&mut s.game, &scenario, SEED)).unwrap();
    assert!(text.contains("OpenPlan("), "{text}");
    let loaded = save::parse("sealed.ron", &text, &drumfire_core::rules::ALL).unwrap();
    assert_eq!(save::replay(&loaded).1, Ok(hash));
    // A misspelt field is named with its place.
    let bad = text.replacen("seals:", "seels:", 1);
    let errs = save::parse("bad.ron", &bad, &drumfire_core::rules::ALL).unwrap_err();
    let shown = errs[0].to_string();
    assert!(
        shown.starts_with("bad.ron:") && shown.contains("field named `seals`"),
        "{shown}"
    );
}

#[test]
fn a_sealed_plan_is_filed_in_its_sides_turn_of_the_set_up_with_a_seal_per_piece() {
    let scenario = marcoing();
    let mut game = Game::new(&scenario, SEED);
    let side = game.awaiting().unwrap();
    let seals = |n: u16| -> BTreeMap<String, String> {
        std::iter::once(sealing::MISSIONS.to_owned())
            .chain((1..=n).map(sealing::turn_piece))
            .map(|p| (p, "ab".repeat(32)))
            .collect()
    };
    let err = game
        .submit(
            GwOrder::SealPlan {
                side,
                seals: seals(9),
            }
            .into(),
        )
        .unwrap_err();
    assert!(err.0.contains("one for each of the 10 turns"), "{err}");
    let mut short = seals(10);
    short.insert(sealing::MISSIONS.into(), "ab".into());
    let err = game
        .submit(GwOrder::SealPlan { side, seals: short }.into())
        .unwrap_err();
    assert!(err.0.contains("64 hex digits"), "{err}");
    let err = game
        .submit(
            GwOrder::SealPlan {
                side: 1 - side,
                seals: seals(10),
            }
            .into(),
        )
        .unwrap_err();
    assert!(err.0.contains("waits on"), "{err}");
    game.submit(
        GwOrder::SealPlan {
            side,
            seals: seals(10),
        }
        .into(),
    )
    .unwrap();
    assert_eq!(
        game.awaiting(),
        Some(1 - side),
        "the other side's plan is due"
    );
}

#[test]
fn the_owners_machine_shows_its_whole_sealed_plan_and_nothing_of_it_reaches_the_hash() {
    let (mut s, _) = at_first_opening();
    let side = s.game.awaiting().unwrap();
    let (text, nonce) = s.kept[&side].clone();
    let before = s.game.state_hash();
    // Before anything opens, the plan as the rules know it is empty.
    assert!(setup_plan(&s, side).is_empty());
    sealing::SEALING.keep(s.game.world_mut(), side, &text, &nonce);
    let own = setup_plan(&s, side);
    let plan: Vec<drumfire_core::rules::great_war::Assignment> = ron::from_str(&text).unwrap();
    assert_eq!(own.len(), plan.len(), "the whole plan, from the seat");
    assert!(own.iter().any(|a| matches!(
        &a.mission,
        Mission::PlannedFire { targets } if targets.iter().skip(1).any(Option::is_some)
    )));
    assert_eq!(s.game.state_hash(), before, "kept out of the state hash");
    // The other side's plan text makes none of these seals: nothing is shown.
    let (other, other_nonce) = s.kept[&(1 - side)].clone();
    sealing::SEALING.keep(s.game.world_mut(), side, &other, &other_nonce);
    assert!(setup_plan(&s, side).is_empty());
    assert!(s.game.world().get_resource::<sealing::OwnPlan>().is_none());
}

fn setup_plan(s: &Sealing, side: u8) -> Vec<drumfire_core::rules::great_war::Assignment> {
    drumfire_core::rules::great_war::setup::filed_plan(s.game.world(), side)
}
