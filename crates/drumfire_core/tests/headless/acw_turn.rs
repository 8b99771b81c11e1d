//! The ACW turn in play so far: the CinCs' ratings, the order chits, the initiative and
//! the choice to move first or second, and alternate movement by rating. Each test is
//! named after the rule it proves (`docs/rules/acw.md`).

use drumfire_core::game::Game;
use drumfire_core::journal::GameEvent;
use drumfire_core::orders::Order;
use drumfire_core::rules::acw::chit::Chit;
use drumfire_core::rules::acw::commander::Rating;
use drumfire_core::rules::acw::{self, AcwOrder, AcwState};

const SEED: u64 = 27;

/// Parses an ACW scenario, or panics with the first error.
fn parse(name: &str, text: &str) -> drumfire_core::scenario::Scenario {
    drumfire_core::scenario::parse(name, text, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]))
}

fn game(seed: u64) -> Game {
    let path = format!(
        "{}/../../tests/data/acw_first.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    Game::new(&parse(&path, &text), seed)
}

fn state(g: &Game) -> AcwState {
    g.world().resource::<AcwState>().clone()
}

fn chits(side: u8, list: &[(&str, Chit)]) -> Order {
    AcwOrder::Chits {
        side,
        chits: list.iter().map(|(id, c)| ((*id).to_owned(), *c)).collect(),
    }
    .into()
}

fn act(side: u8, unit: &str, path: &str) -> Order {
    AcwOrder::Act {
        side,
        unit: unit.into(),
        path: path.split_whitespace().map(str::to_owned).collect(),
        facing: None,
        charge: None,
    }
    .into()
}

/// Refused, with the reason containing `why`, and the game unchanged.
fn refused(g: &mut Game, o: Order, why: &str) {
    let before = g.state_hash();
    let err = g.submit(o).expect_err("refused");
    assert!(err.0.contains(why), "{err:?} does not say `{why}`");
    assert_eq!(g.state_hash(), before);
}

const UNION: [(&str, Chit); 3] = [
    ("u_20me", Chit::Move),
    ("u_83pa", Chit::FastAdvance),
    ("u_bat", Chit::Fire),
];
/// The Union regiments on Move chits, the battery on Fire.
const UNION_MOVING: [(&str, Chit); 3] = [
    ("u_20me", Chit::Move),
    ("u_83pa", Chit::Move),
    ("u_bat", Chit::Fire),
];
const CONFEDERATE: [(&str, Chit); 2] = [("c_15al", Chit::Charge), ("c_47al", Chit::FastAdvance)];

/// Both sides' chits placed; the side with the initiative moves first.
fn to_movement(g: &mut Game, union: &[(&str, Chit)], confederate: &[(&str, Chit)]) -> u8 {
    g.submit(chits(0, union)).unwrap();
    g.submit(chits(1, confederate)).unwrap();
    let side = state(g).choosing.expect("a side chooses");
    g.submit(AcwOrder::Choose { side, first: true }.into())
        .unwrap();
    side
}

#[test]
fn the_cinc_rolls_two_dice_for_his_rating_at_the_start_of_the_game() {
    // "At start of the game decide who is to be the CinC and roll two d6."
    let g = game(SEED);
    let rolls: Vec<(String, u8)> = g
        .journal()
        .entries()
        .iter()
        .filter_map(|e| match &e.event {
            GameEvent::DiceRolled { purpose, faces } if purpose.starts_with("the CinC") => {
                Some((purpose.clone(), faces.iter().sum()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        rolls,
        [
            ("the CinC's rating: Union".to_owned(), 7),
            ("the CinC's rating: Confederate".to_owned(), 11)
        ]
    );
    let s = state(&g);
    assert_eq!(s.ratings[&0], Rating::Average);
    assert_eq!(s.ratings[&1], Rating::Brilliant);
}

#[test]
fn an_order_chit_behind_each_unit() {
    // "Orders - place an order chit behind each unit": every unit, once; a battery
    // does not move, so it takes Fire or Opportunity Fire.
    let mut g = game(SEED);
    refused(
        &mut g,
        chits(0, &UNION[..2]),
        "Battery D, 5th US has no chit",
    );
    refused(
        &mut g,
        chits(0, &[UNION[0], UNION[1], ("u_bat", Chit::Move)]),
        "is a battery",
    );
    refused(
        &mut g,
        chits(0, &[UNION[0], UNION[0], UNION[1], UNION[2]]),
        "has two chits",
    );
    refused(
        &mut g,
        chits(0, &[UNION[0], UNION[1], UNION[2], CONFEDERATE[0]]),
        "not one of this side's units",
    );
    let o = chits(0, &UNION);
    assert!(
        o.secret().is_some(),
        "a side's chits are its secret in a save"
    );
    g.submit(o).unwrap();
    // Placed: the game waits on the Confederates now.
    refused(&mut g, chits(0, &UNION), "waits on Confederate");
    // Each side sees its own chits; the other side's only once turned over.
    let s = state(&g);
    assert_eq!(s.chit_seen_by("u_20me", 0, Some(0)), Some(Chit::Move));
    assert_eq!(s.chit_seen_by("u_20me", 0, Some(1)), None);
    assert_eq!(s.chit_seen_by("u_20me", 0, None), None);
}

#[test]
fn the_higher_initiative_die_chooses_to_move_first_or_second() {
    // "Each CinC roles one d6 ... highest has the initiative for that game turn can
    // decide to move first or second."
    let mut g = game(SEED);
    g.submit(chits(0, &UNION)).unwrap();
    g.submit(chits(1, &CONFEDERATE)).unwrap();
    assert_eq!(g.phase_name(), "Initiative");
    let won = g
        .journal()
        .entries()
        .iter()
        .find_map(|e| match &e.event {
            GameEvent::InitiativeWon { side, .. } => Some(*side),
            _ => None,
        })
        .expect("the initiative rolled");
    assert_eq!(won, 1);
    assert_eq!(g.awaiting(), Some(won));
    refused(
        &mut g,
        AcwOrder::Choose {
            side: 1 - won,
            first: true,
        }
        .into(),
        "waits on Confederate",
    );
    // The Confederates choose to move second: the Union moves first.
    g.submit(
        AcwOrder::Choose {
            side: won,
            first: false,
        }
        .into(),
    )
    .unwrap();
    assert_eq!(g.phase_name(), "Movement");
    assert_eq!(state(&g).first, 0);
    assert_eq!(g.awaiting(), Some(0));
}

#[test]
fn movement_alternates_as_many_units_as_each_cinc_may_move() {
    // "a Brilliant Tactician may move up to three units then his opponent gets to
    // reveal orders or move however many units he is allowed to. This continues until
    // all units on the table have their orders revealed or have moved." The
    // Confederate CinC is brilliant (three), the Union's average (two).
    let mut g = game(SEED);
    let first = to_movement(&mut g, &UNION, &CONFEDERATE);
    assert_eq!(first, 1);
    assert_eq!(state(&g).acting, Some((1, 3)));
    // The Confederates have only two units: both act, then the Union.
    g.submit(act(1, "c_47al", "")).unwrap();
    assert_eq!(state(&g).acting, Some((1, 2)));
    // Each counter shows its chit once turned over, "?" while it lies face down.
    let label = |g: &Game, id: &str| {
        let e = acw::view::unit(g.world(), id).unwrap().entity;
        g.world()
            .get::<drumfire_core::counters::Label>(e)
            .map(|l| l.0.clone())
    };
    assert_eq!(label(&g, "c_47al").as_deref(), Some("FAST"));
    assert_eq!(label(&g, "c_15al").as_deref(), Some("?"));
    assert_eq!(label(&g, "u_20me").as_deref(), Some("?"));
    refused(&mut g, act(0, "u_20me", ""), "waits on Confederate");
    refused(&mut g, act(1, "c_47al", ""), "already turned over");
    g.submit(act(1, "c_15al", "")).unwrap();
    assert_eq!(state(&g).acting, Some((0, 2)));
    g.submit(act(0, "u_20me", "")).unwrap();
    g.submit(act(0, "u_bat", "")).unwrap();
    // Two Union units acted: the Union's turn would pass, but only the Union has chits
    // face down, so it goes on.
    assert_eq!(state(&g).acting, Some((0, 2)));
    g.submit(act(0, "u_83pa", "")).unwrap();
    // Every chit turned over: the phase is done. The Union battery on its Fire chit has
    // the 15th Alabama in its wedge: it may shoot, or pass.
    assert_eq!(g.phase_name(), "Shooting");
    assert_eq!(g.awaiting(), Some(0));
    g.submit(Order::Pass { side: 0 }).unwrap();
    assert_eq!(g.phase_name(), "Orders");
    assert_eq!(g.world().resource::<drumfire_core::flow::Turn>().0, 2);
    assert_eq!(
        label(&g, "c_47al").as_deref(),
        Some("?"),
        "a new turn's chits"
    );
    // The ratings were rolled once, for the game: the second turn rolls none.
    let ratings = g
        .journal()
        .entries()
        .iter()
        .filter(|e| matches!(&e.event, GameEvent::DiceRolled { purpose, .. } if purpose.starts_with("the CinC")))
        .count();
    assert_eq!(ratings, 2);
    // The chits of a turn are turned over in the log, one by one.
    assert!(g.journal().entries().iter().any(|e| matches!(&e.event,
            GameEvent::Note { text } if text == "15th Alabama's chit is turned over: Charge.")));
}

#[test]
fn a_move_chit_goes_four_hexes_and_fast_advance_six() {
    // "Normal infantry MOVE up to 12" a turn." "FAST ADVANCE allows a move of up to
    // 18"" (4 and 6 hexes at 3" a hex; fenced fields cost 2).
    let mut g = game(SEED);
    to_movement(
        &mut g,
        &UNION_MOVING,
        &[("c_15al", Chit::FastAdvance), ("c_47al", Chit::Move)],
    );
    // Confederates first. Five hexes of open ground are one too many on Move.
    refused(
        &mut g,
        act(1, "c_47al", "0806 0706 0606 0605 0604"),
        "beyond",
    );
    // Fast Advance: two fenced fields (2 each) and two open hexes are six.
    g.submit(act(1, "c_15al", "0804 0704 0604 0504")).unwrap();
    g.submit(act(1, "c_47al", "0806 0706")).unwrap();
}

#[test]
fn no_contact_without_a_charge_and_a_charge_pins_whom_it_contacts() {
    // "Units cannot move into contact without a Charge order." "A unit that has been
    // charged and contacted is pinned so may not retire or make other movement other
    // than fight."
    let mut g = game(SEED);
    to_movement(
        &mut g,
        &UNION_MOVING,
        &[("c_15al", Chit::Move), ("c_47al", Chit::Move)],
    );
    refused(
        &mut g,
        act(1, "c_47al", "0806 0706 0606 0506"),
        "in contact",
    );
    let mut g = game(SEED);
    to_movement(
        &mut g,
        &UNION_MOVING,
        &[("c_15al", Chit::Move), ("c_47al", Chit::Charge)],
    );
    refused(
        &mut g,
        act(1, "c_47al", "0806 0706 0606 0506 0507"),
        "contact ends its move",
    );
    g.submit(act(1, "c_47al", "0806 0706 0606 0506")).unwrap();
    g.submit(place(1, 0, false)).unwrap();
    assert!(state(&g).pinned.contains("u_83pa"));
    g.submit(act(1, "c_15al", "")).unwrap();
    refused(&mut g, act(0, "u_83pa", "0405"), "pinned");
}

#[test]
fn artillery_is_placed_at_the_start_and_does_not_move() {
    // "Artillery is placed at the start of the game and do not move."
    let mut g = game(SEED);
    to_movement(&mut g, &UNION, &CONFEDERATE);
    g.submit(act(1, "c_15al", "")).unwrap();
    g.submit(act(1, "c_47al", "")).unwrap();
    refused(&mut g, act(0, "u_bat", "0305"), "do not move");
    // A unit on a Fire chit stands.
    g.submit(act(0, "u_20me", "0404")).unwrap();
    refused(&mut g, act(0, "u_83pa", "0405 0404"), "occupied");
}

// ---- Shooting -----------------------------------------------------------------------

fn range(seed: u64, union: &[(&str, Chit)], confederate: &[(&str, Chit)]) -> Game {
    let path = format!(
        "{}/../../tests/data/acw_shooting.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let mut g = Game::new(&parse(&path, &text), seed);
    to_movement(&mut g, union, confederate);
    // Every chit turned over where it stands.
    while g.phase_name() == "Movement" {
        let side = g.awaiting().unwrap();
        let id = acw::unrevealed(g.world(), side)[0].clone();
        g.submit(act(side, &id, "")).unwrap();
    }
    g
}

fn fire_at(side: u8, unit: &str, target: &str, stand: usize) -> Order {
    AcwOrder::Fire {
        side,
        unit: unit.into(),
        target: target.into(),
        stand,
    }
    .into()
}

fn lost(g: &Game, id: &str) -> Vec<usize> {
    let u = acw::view::unit(g.world(), id).unwrap();
    (0..u.stands.total())
        .filter(|i| u.stands.0[*i].lost)
        .collect()
}

/// The stands `id` lost, in the order lost.
fn stands_lost(g: &Game, id: &str) -> Vec<u8> {
    g.journal()
        .entries()
        .iter()
        .filter_map(|e| match &e.event {
            GameEvent::StandLost { piece, stand, .. } if piece == id => Some(*stand),
            _ => None,
        })
        .collect()
}

fn last_dice(g: &Game) -> Vec<u8> {
    g.journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired { dice, .. } => Some(dice.clone()),
            _ => None,
        })
        .unwrap()
}

const RANGE_UNION: [(&str, Chit); 3] = [
    ("u_20me", Chit::Fire),
    ("u_bat", Chit::Fire),
    ("u_2wi", Chit::Fire),
];
const RANGE_CONFEDERATE: [(&str, Chit); 4] = [
    ("c_15al", Chit::Move),
    ("c_bat", Chit::OpportunityFire),
    ("c_4tx", Chit::Move),
    ("c_1tx", Chit::Fire),
];

#[test]
fn infantry_in_range_may_fire_if_they_have_orders() {
    // "Shooting Infantry in range may fire if they have orders": a Fire chit, the
    // target in the wedge in front, in range and in sight.
    let mut g = range(SEED, &RANGE_UNION, &RANGE_CONFEDERATE);
    assert_eq!(g.phase_name(), "Shooting");
    // The Confederates moved first, but only the 1st Texas has a Fire chit, and no
    // Union unit lies in the wedge in front of it: they have nothing to fire at.
    assert_eq!(g.awaiting(), Some(0));
    refused(
        &mut g,
        fire_at(0, "u_20me", "0102", 0),
        "not in 20th Maine's arc",
    );
    refused(&mut g, fire_at(0, "u_2wi", "0707", 0), "cannot see");
    refused(
        &mut g,
        fire_at(0, "u_20me", "0508", 0),
        "beyond 20th Maine's range",
    );
    refused(&mut g, fire_at(0, "u_20me", "0306", 6), "no stand 7");
    refused(&mut g, fire_at(0, "u_20me", "0302", 0), "not an enemy");
}

#[test]
fn one_die_a_stand_at_a_nominated_stand_and_each_hit_removes_a_stand() {
    // "Throw one die per stand at a nominated enemy stand. Any hit removes an infantry
    // stand": the nominated stand first, then the nearest (A-16). Four dice at four
    // hexes, short range: 4-6 hit.
    let mut g = range(SEED, &RANGE_UNION, &RANGE_CONFEDERATE);
    g.submit(fire_at(0, "u_20me", "0306", 2)).unwrap();
    assert_eq!(last_dice(&g), [4, 4, 5, 4]);
    // Four hits: stand 3 (as the 15th Alabama faces, 0 its left), then outward, the
    // firer's left first: facing each other, the firer's left is the target's right.
    assert_eq!(stands_lost(&g, "c_15al"), [2, 3, 1, 4]);
    assert_eq!(lost(&g, "c_15al"), [1, 2, 3, 4]);
    refused(
        &mut g,
        fire_at(0, "u_20me", "0306", 0),
        "has fired this turn",
    );
}

#[test]
fn each_gun_throws_two_dice_and_only_a_double_six_destroys_a_battery() {
    // "Each gun throws 2 x d6. Any hit destroys an infantry stand." "Only a double six
    // can destroy another battery."
    let mut g = range(SEED, &RANGE_UNION, &RANGE_CONFEDERATE);
    g.submit(fire_at(0, "u_bat", "0707", 1)).unwrap();
    // Two guns, two dice each, 4-6 at close range: each gun hits twice. The first takes
    // the nominated stand 2 (index 1) and, on a 1 ("123 the stand left"), the stand to
    // the firer's left (the target's right, index 2); the second takes the last stand,
    // which has none beside it. The 4th Texas is gone.
    let dice: Vec<Vec<u8>> = g
        .journal()
        .entries()
        .iter()
        .filter_map(|e| match &e.event {
            GameEvent::DiceRolled { purpose, faces } if purpose.contains("Battery D") => {
                Some(faces.clone())
            }
            _ => None,
        })
        .collect();
    assert_eq!(dice, [vec![4, 4, 5, 4], vec![1], vec![2]]);
    assert_eq!(stands_lost(&g, "c_4tx"), [1, 2, 0]);
    assert!(acw::view::unit(g.world(), "c_4tx").is_none());
    let mut g = range(SEED, &RANGE_UNION, &RANGE_CONFEDERATE);
    g.submit(fire_at(0, "u_bat", "0508", 0)).unwrap();
    assert_eq!(last_dice(&g), [4, 4, 5, 4]);
    assert_eq!(lost(&g, "c_bat"), Vec::<usize>::new());
}

// ---- Charges --------------------------------------------------------------------------

fn notes(g: &Game) -> Vec<String> {
    g.journal()
        .entries()
        .iter()
        .filter_map(|e| match &e.event {
            GameEvent::Note { text } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

fn place(side: u8, place: usize, turned: bool) -> Order {
    AcwOrder::Place {
        side,
        place,
        turned,
    }
    .into()
}

#[test]
fn a_charge_draws_its_dominoes_at_the_start_of_its_move_and_fights_stand_against_stand() {
    // "Dominoes are placed at the start of the chargers move." "You may look at one
    // dominoe and decide where to place it; the others have to be placed blind." "Any
    // unit charged fights back by also drawing dominoes." "Turn over your dominoes!"
    let mut g = game(SEED);
    to_movement(
        &mut g,
        &UNION_MOVING,
        &[("c_15al", Chit::Move), ("c_47al", Chit::Charge)],
    );
    // Before the charge: the modifiers with their causes and the odds over the whole set.
    let unit = |g: &Game, id: &str| acw::view::unit(g.world(), id).unwrap();
    let blind =
        acw::combat::preview(g.world(), &unit(&g, "c_47al"), &unit(&g, "u_83pa"), 1).unwrap();
    assert_eq!(blind.charger, [(2, "Confederates charging".to_owned())]);
    assert!(blind.defender.is_empty());
    assert_eq!(
        blind.outflanked.as_deref(),
        Some("83rd Pennsylvania's stand 4 is outflanked (−2)")
    );
    g.submit(act(1, "c_47al", "0806 0706 0606 0506")).unwrap();
    // Drawn: three dominoes for its five stands, one in hand; it has not moved yet.
    let s = state(&g);
    let behind = &s.charges[0].lines[0];
    assert_eq!((behind.hand.is_some(), behind.blind.len()), (true, 2));
    assert_eq!(s.charges[0].target, "u_83pa");
    assert_eq!(s.placing, Some((1, 0, 0)));
    assert_eq!(
        acw::view::unit(g.world(), "c_47al").unwrap().hex,
        drumfire_core::scenario::hex_of("0906").unwrap()
    );
    refused(
        &mut g,
        act(1, "c_15al", ""),
        "Place the domino you looked at first",
    );
    refused(&mut g, place(1, 3, false), "3 places behind the line");
    let hand = behind.hand.unwrap();
    g.submit(place(1, 1, true)).unwrap();
    let s = state(&g);
    assert_eq!(s.charges[0].lines[0].places[1], hand.turned());
    assert_eq!(s.charges[0].lines[0].face_up, Some(1));
    // The Confederate player now knows one of his dominoes: his odds count it; the
    // Union player's odds are still over every domino blind.
    let (c, d) = (unit(&g, "c_47al"), unit(&g, "u_83pa"));
    let theirs = acw::combat::preview(g.world(), &c, &d, 0).unwrap();
    let mine = acw::combat::preview(g.world(), &c, &d, 1).unwrap();
    let hold = |p: &acw::combat::Preview| {
        p.odds
            .chance(|c, d| c == acw::melee::Outcome::Holds && d == acw::melee::Outcome::Holds)
    };
    assert!((hold(&theirs) - hold(&blind)).abs() < 1e-12);
    assert!((hold(&mine) - hold(&blind)).abs() > 1e-6);
    assert!(s.pinned.contains("u_83pa"));
    assert_eq!(
        acw::view::unit(g.world(), "c_47al").unwrap().hex,
        drumfire_core::scenario::hex_of("0506").unwrap()
    );
    // The rest of the Movement phase, then no one shoots.
    while g.phase_name() == "Movement" {
        let side = g.awaiting().unwrap();
        if state(&g).firing_at.is_some() {
            g.submit(Order::Pass { side }).unwrap();
            continue;
        }
        let id = acw::unrevealed(g.world(), side)[0].clone();
        g.submit(act(side, &id, "")).unwrap();
    }
    while g.phase_name() == "Shooting" {
        let side = g.awaiting().unwrap();
        g.submit(Order::Pass { side }).unwrap();
    }
    // The Combat phase: the 83rd Pennsylvania draws two dominoes for its four stands
    // from what is left of the same set, and places the one it looked at.
    assert_eq!(g.phase_name(), "Combat");
    assert_eq!(g.awaiting(), Some(0));
    let s = state(&g);
    let left = s.charges[0].set.len();
    assert_eq!(left, 28 - 3 - 2);
    g.submit(place(0, 0, false)).unwrap();
    let fight: Vec<String> = notes(&g)
        .into_iter()
        .skip_while(|n| !n.starts_with("The dominoes are turned over"))
        .collect();
    // Confederates charging +2; the 83rd's fourth stand is outflanked (-2) by the
    // 47th's longer line, whose fifth stand meets no one. Losses at the ends of a line
    // break nothing: both hold.
    assert_eq!(
        fight,
        [
            "The dominoes are turned over: 47th Alabama 1|1 6|5 6|3; 83rd Pennsylvania 6|6 1|3.",
            "47th Alabama charges 83rd Pennsylvania: stand 1: 3 against 6 — 47th Alabama loses a stand.",
            "47th Alabama charges 83rd Pennsylvania: stand 2: 3 against 6 — 47th Alabama loses a stand.",
            "47th Alabama charges 83rd Pennsylvania: stand 3: 8 against 1 — 83rd Pennsylvania loses a stand.",
            "47th Alabama charges 83rd Pennsylvania: stand 4: 7 against 1 — 83rd Pennsylvania loses a stand.",
            "47th Alabama: holds and regroups.",
            "83rd Pennsylvania: holds and regroups.",
        ]
    );
    assert_eq!(lost(&g, "c_47al"), [0, 1]);
    assert_eq!(lost(&g, "u_83pa"), [2, 3]);
    // The odds before the charge gave this outcome its chance over the whole set.
    let side = |stands, modifier| acw::charge_odds::FightSide {
        stands,
        full_strength: stands,
        modifier,
        ..Default::default()
    };
    let odds =
        acw::charge_odds::charge_odds(&side(5, 2), &side(4, 0), &acw::dominoes::double_six())
            .unwrap();
    let both_hold =
        odds.chance(|c, d| c == acw::melee::Outcome::Holds && d == acw::melee::Outcome::Holds);
    assert!(both_hold > 0.0 && both_hold < 1.0, "{both_hold}");
    assert!((odds.outcomes.iter().map(|o| o.2).sum::<f64>() - 1.0).abs() < 1e-9);
}

#[test]
fn games_play_to_the_end_with_the_invariants_and_replay_to_the_same_hash() {
    use drumfire_core::players::PlayerKind;
    let path = format!(
        "{}/../../tests/data/acw_first.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let s = parse(&path, &text);
    let players = [
        [PlayerKind::Random; 2],
        [PlayerKind::Ai, PlayerKind::Random],
        [PlayerKind::Random, PlayerKind::Ai],
        [PlayerKind::Ai; 2],
    ];
    for seed in 1..=12 {
        let mut g = drumfire_core::testing::soak_game_with(&s, seed, players[seed as usize % 4])
            .unwrap_or_else(|e| panic!("{e}"));
        let saved = drumfire_core::save::save_of(&mut g, &s, seed);
        let text = drumfire_core::save::to_text(&saved).unwrap();
        let back = drumfire_core::save::parse("acw.ron", &text, &drumfire_core::rules::ALL)
            .unwrap_or_else(|e| panic!("{}", e[0]));
        let (_, check) = drumfire_core::save::replay(&back);
        assert_eq!(check, Ok(g.state_hash()), "seed {seed}");
    }
}

#[test]
fn the_react_phase_retires_the_broken_and_the_routed_fall_back_two_full_moves() {
    // "If line broken in one place - retire 2" for each stand lost", "two places -
    // retire full move back", "ROUT. Routed units must fall back for two full moves";
    // the React phase: "Retire from combat ... Remove routed units".
    use acw::combat::{Aftermath, react};
    use acw::melee::Outcome;
    let mut g = game(SEED);
    let hex = |g: &Game, id: &str| acw::view::unit(g.world(), id).map(|u| u.hex);
    let enemy = hex(&g, "u_83pa").unwrap();
    let before = hex(&g, "c_47al").unwrap();
    g.world_mut().resource_mut::<AcwState>().aftermath.extend([
        Aftermath {
            unit: "c_47al".into(),
            outcome: Outcome::Retires(2),
            enemy: "u_83pa".into(),
        },
        Aftermath {
            unit: "u_20me".into(),
            outcome: Outcome::Routs,
            enemy: "c_15al".into(),
        },
    ]);
    react(g.world_mut());
    let after = hex(&g, "c_47al").unwrap();
    assert_eq!(before.unsigned_distance_to(after), 2);
    assert_eq!(
        after.unsigned_distance_to(enemy),
        before.unsigned_distance_to(enemy) + 2
    );
    // The 20th Maine routs from 0304, five hexes from the map's west edge: it cannot
    // fall back eight, and leaves the field.
    assert_eq!(hex(&g, "u_20me"), None);
    assert!(notes(&g).contains(&"20th Maine routs from the field.".to_owned()));
}

#[test]
fn fire_at_a_charger_puts_a_die_on_the_domino_behind_the_targeted_stand() {
    // "If a charger is shot at during the chage, casualties are not taken as with
    // aimed fire. Just place a die on top of the dominoe behind the targeted stand."
    // "NB the firing unit has to have a FIRE or OPPORTUNITY FIRE order to shoot." "A
    // hit reduces the number of spots on the dominoe face by one in combat."
    let mut g = game(SEED);
    to_movement(
        &mut g,
        &[
            ("u_20me", Chit::Move),
            ("u_83pa", Chit::OpportunityFire),
            ("u_bat", Chit::Fire),
        ],
        &[("c_15al", Chit::Move), ("c_47al", Chit::Charge)],
    );
    g.submit(act(1, "c_47al", "0806 0706 0606 0506")).unwrap();
    g.submit(place(1, 0, false)).unwrap();
    // The 83rd, charged, faces the charger on its Opportunity Fire chit: the Union may
    // fire at the charger before anything else moves.
    let s = state(&g);
    assert_eq!(s.firing_at, Some(0));
    assert_eq!(g.awaiting(), Some(0));
    refused(&mut g, act(1, "c_15al", ""), "waits on Union");
    refused(
        &mut g,
        fire_at(0, "u_20me", "0506", 2),
        "needs a Fire or Opportunity Fire chit",
    );
    let standing = lost(&g, "c_47al");
    g.submit(fire_at(0, "u_83pa", "0506", 2)).unwrap();
    // No stand is lost: the hits are dice on the domino behind the third stand.
    assert_eq!(lost(&g, "c_47al"), standing);
    // Four dice at one hex, 4-6: three hits.
    assert_eq!(last_dice(&g), [4, 3, 5, 5]);
    assert_eq!(state(&g).charges[0].lines[0].hits, [0, 0, 3, 0, 0]);
    // The 83rd has fired (its chit turned over) and the battery cannot see the charger:
    // the charge goes on, and the Confederates move again.
    assert!(state(&g).revealed.contains("u_83pa"));
    assert_eq!(state(&g).firing_at, None);
    assert_eq!(g.awaiting(), Some(1));
    // In the fight the third stand's half (a 1) is three spots down, to nothing:
    // 0, and the Confederates' +2.
    while g.phase_name() != "Combat" {
        let side = g.awaiting().unwrap();
        if g.phase_name() == "Movement" {
            let id = acw::unrevealed(g.world(), side)[0].clone();
            g.submit(act(side, &id, "")).unwrap();
        } else {
            g.submit(Order::Pass { side }).unwrap();
        }
    }
    g.submit(place(0, 0, false)).unwrap();
    let fight: Vec<String> = notes(&g)
        .into_iter()
        .skip_while(|n| !n.starts_with("The dominoes are turned over"))
        .take(4)
        .collect();
    assert_eq!(
        fight,
        [
            "The dominoes are turned over: 47th Alabama 5|6 1|1 6|3; 83rd Pennsylvania 6|6 1|3.",
            "47th Alabama charges 83rd Pennsylvania: stand 1: 7 against 6 — 83rd Pennsylvania loses a stand.",
            "47th Alabama charges 83rd Pennsylvania: stand 2: 8 against 6 — 83rd Pennsylvania loses a stand.",
            "47th Alabama charges 83rd Pennsylvania: stand 3: 2 against 1 — 83rd Pennsylvania loses a stand.",
        ]
    );
}

#[test]
fn every_hex_of_every_move_the_rules_offer_meets_every_constraint() {
    // The moves the rules list (`movement::reachable`, what the computer and the window
    // offer) are exactly those the order door accepts, hex by hex: within the chit's
    // hexes at the terrain's costs, never into an occupied hex, in contact only at the
    // end of a charge.
    for chit in [Chit::Move, Chit::FastAdvance, Chit::Charge] {
        let mut g = game(SEED);
        to_movement(&mut g, &UNION_MOVING, &[("c_15al", chit), ("c_47al", chit)]);
        for id in ["c_15al", "c_47al"] {
            let u = acw::view::unit(g.world(), id).unwrap();
            let reach = acw::movement::reachable(g.world(), &u);
            assert!(!reach.is_empty(), "{id} on {chit:?}");
            let all = acw::view::units(g.world());
            for path in reach.values() {
                let labels: Vec<String> = path.iter().map(|h| acw::view::label(*h)).collect();
                let order = act(1, id, &labels.join(" "));
                assert_eq!(
                    drumfire_core::door::validate(g.world(), &order),
                    Ok(()),
                    "{id} on {chit:?} along {labels:?}"
                );
                let cost: u8 = path
                    .iter()
                    .map(|h| acw::view::cell(g.world(), *h).unwrap().cost.unwrap())
                    .sum();
                assert!(cost <= chit.hexes());
                for (i, h) in path.iter().enumerate() {
                    assert!(all.iter().all(|o| o.hex != *h));
                    let contact = acw::movement::in_contact(&all, 1, *h);
                    assert!(!contact || (chit == Chit::Charge && i + 1 == path.len()));
                }
            }
            // And a hex one step beyond the reach of every path is refused.
            for path in reach.values() {
                let last = *path.last().unwrap();
                for next in last.all_neighbors() {
                    if reach.contains_key(&(next.x, next.y)) || next == u.hex {
                        continue;
                    }
                    let mut longer: Vec<String> =
                        path.iter().map(|h| acw::view::label(*h)).collect();
                    longer.push(acw::view::label(next));
                    let extended = acw::movement::check_path(
                        g.world(),
                        &u,
                        &path.iter().copied().chain([next]).collect::<Vec<_>>(),
                    );
                    assert!(
                        extended.is_err(),
                        "{id} on {chit:?}: {longer:?} is accepted but was not offered"
                    );
                }
            }
        }
    }
}

#[test]
fn opportunity_fire_shoots_in_the_react_phase() {
    // "React ... Use opportunity fire to shoot at targets coming into range/arc": units
    // on Opportunity Fire chits that have not fired shoot in the React phase.
    let mut g = range(SEED, &RANGE_UNION, &RANGE_CONFEDERATE);
    // Shooting: the Union's Fire chits shoot; opportunity fire waits.
    refused(&mut g, fire_at(1, "c_bat", "0502", 0), "waits on Union");
    g.submit(fire_at(0, "u_20me", "0306", 2)).unwrap();
    g.submit(Order::Pass { side: 0 }).unwrap();
    // No charge, so no combat: straight to React, where Brooks's battery may fire.
    assert_eq!(g.phase_name(), "React");
    assert_eq!(g.awaiting(), Some(1));
    refused(
        &mut g,
        fire_at(1, "c_1tx", "0302", 0),
        "needs an Opportunity Fire chit",
    );
    g.submit(fire_at(1, "c_bat", "0502", 0)).unwrap();
    let fired = g
        .journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired { kind, firers, .. } => Some((kind.clone(), firers.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        fired,
        ("Opportunity fire".to_owned(), vec!["c_bat".to_owned()])
    );
}

#[test]
fn a_save_keeps_the_chits_sealed_and_replays_to_the_same_hash() {
    // Hot seat and saves: "the other player never sees ... a chit before it is
    // revealed": a save holds each side's chits sealed, like the Artillery Plans.
    let path = format!(
        "{}/../../tests/data/acw_first.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let s = parse(&path, &text);
    let mut g = Game::new(&s, SEED);
    g.submit(chits(0, &UNION)).unwrap();
    g.submit(chits(1, &CONFEDERATE)).unwrap();
    let saved = drumfire_core::save::save_of(&mut g, &s, SEED);
    let written = drumfire_core::save::to_text(&saved).unwrap();
    let orders = &written[written.rfind("orders: [").expect("orders in the save")..];
    assert_eq!(orders.matches("SealedPlan").count(), 2, "{orders}");
    for word in ["FastAdvance", "Charge", "OpportunityFire", "u_20me"] {
        assert!(!orders.contains(word), "`{word}` is in the open: {orders}");
    }
    let back = drumfire_core::save::parse("acw.ron", &written, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    let (_, check) = drumfire_core::save::replay(&back);
    assert_eq!(check, Ok(g.state_hash()));
}

#[test]
fn artillery_does_not_move_a_battery_that_would_retire_holds_its_hex_and_one_that_routs_is_lost() {
    // "Artillery is placed at the start of the game and do not move": a battery that
    // would retire from a fight holds its hex; one that routs cannot fall back its two
    // full moves, and leaves the field.
    use acw::combat::{Aftermath, react};
    use acw::melee::Outcome;
    let hex = |g: &Game, id: &str| acw::view::unit(g.world(), id).map(|u| u.hex);
    for outcome in [Outcome::Retires(1), Outcome::RetiresFullMove] {
        let mut g = game(SEED);
        let before = hex(&g, "u_bat");
        g.world_mut()
            .resource_mut::<AcwState>()
            .aftermath
            .push(Aftermath {
                unit: "u_bat".into(),
                outcome,
                enemy: "c_15al".into(),
            });
        react(g.world_mut());
        assert_eq!(hex(&g, "u_bat"), before, "{outcome:?}");
        assert!(notes(&g).contains(
            &"Battery D, 5th US's guns hold their hex: artillery does not move.".to_owned()
        ));
    }
    let mut g = game(SEED);
    g.world_mut()
        .resource_mut::<AcwState>()
        .aftermath
        .push(Aftermath {
            unit: "u_bat".into(),
            outcome: Outcome::Routs,
            enemy: "c_15al".into(),
        });
    react(g.world_mut());
    assert_eq!(hex(&g, "u_bat"), None);
    assert!(notes(&g).contains(&"Battery D, 5th US routs from the field.".to_owned()));
}

#[test]
fn only_a_double_six_destroys_another_battery_and_the_log_says_so() {
    // "Only a double six can destroy another battery": counter-battery fire is logged
    // as needing a double six, not the band's faces.
    let mut g = range(SEED, &RANGE_UNION, &RANGE_CONFEDERATE);
    g.submit(fire_at(0, "u_bat", "0508", 0)).unwrap();
    let (table, column) = g
        .journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired { table, column, .. } => Some((table.clone(), column.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(table, "needs a double six");
    assert_eq!(
        column,
        "4 dice, close range at 6 hexes: a gun's double six destroys a gun"
    );
}

#[test]
fn enemy_behind_linear_obstacle_counts_for_either_side_in_fenced_fields() {
    // "Enemy uphill or behind linear obstacle -1"; a unit in fenced fields stands behind
    // the linear obstacle, the charger as well as the charged.
    let mut g = game(SEED);
    let unit = |g: &Game, id: &str| acw::view::unit(g.world(), id).unwrap();
    let (charger, defender) = (unit(&g, "u_83pa"), unit(&g, "c_15al"));
    // The 83rd Pennsylvania charges from the fenced fields at 0804 into the 15th
    // Alabama in the open at 0904.
    let fenced = drumfire_core::scenario::hex_of("0804").unwrap();
    drumfire_core::map::move_counter(g.world_mut(), charger.entity, charger.hex, fenced);
    let charger = unit(&g, "u_83pa");
    let [c, d] = acw::combat::situations(g.world(), &charger, &defender);
    assert!(!c.enemy_uphill_or_behind_obstacle);
    assert!(d.enemy_uphill_or_behind_obstacle);
    // And the other way round: the 15th Alabama in the fenced fields is behind them.
    let [c, d] = acw::combat::situations(g.world(), &defender, &charger);
    assert!(c.enemy_uphill_or_behind_obstacle);
    assert!(!d.enemy_uphill_or_behind_obstacle);
}

#[test]
fn routed_units_fall_back_two_full_moves_and_thereafter_move_but_never_charge() {
    // "Routed units must fall back for two full moves. No Charge moves thereafter":
    // after the React phase's two full moves, a routed unit moves on Move or Fast
    // Advance, and stays routed: no Charge chit, its fire reduced by 1.
    let mut g = game(SEED);
    let e = acw::view::unit(g.world(), "u_83pa").unwrap().entity;
    g.world_mut()
        .entity_mut(e)
        .insert(drumfire_core::counters::Routed);
    refused(
        &mut g,
        chits(
            0,
            &[
                ("u_20me", Chit::Move),
                ("u_83pa", Chit::Charge),
                ("u_bat", Chit::Fire),
            ],
        ),
        "No Charge moves thereafter",
    );
    to_movement(&mut g, &UNION, &CONFEDERATE);
    g.submit(act(1, "c_15al", "")).unwrap();
    g.submit(act(1, "c_47al", "")).unwrap();
    g.submit(act(0, "u_83pa", "0405")).unwrap();
    let u = acw::view::unit(g.world(), "u_83pa").unwrap();
    assert_eq!(acw::view::label(u.hex), "0405");
    assert!(u.routed);
}

#[test]
fn a_charger_shot_at_during_the_charge_is_not_shot_at_as_with_aimed_fire_when_fire_is_held() {
    // "If a charger is shot at during the chage, casualties are not taken as with aimed
    // fire. Just place a die on top of the dominoe behind the targeted stand." A unit
    // that could fire at the charger during its charge and held may not shoot it in the
    // Shooting phase before the fight, taking stands off.
    let mut g = game(SEED);
    to_movement(
        &mut g,
        &[
            ("u_20me", Chit::Move),
            ("u_83pa", Chit::Fire),
            ("u_bat", Chit::Fire),
        ],
        &[("c_15al", Chit::Move), ("c_47al", Chit::Charge)],
    );
    g.submit(act(1, "c_47al", "0806 0706 0606 0506")).unwrap();
    g.submit(place(1, 0, false)).unwrap();
    assert_eq!(state(&g).firing_at, Some(0));
    g.submit(Order::Pass { side: 0 }).unwrap();
    while g.phase_name() == "Movement" {
        let side = g.awaiting().unwrap();
        let id = acw::unrevealed(g.world(), side)[0].clone();
        g.submit(act(side, &id, "")).unwrap();
    }
    // The 83rd Pennsylvania's only shot is the charger it held its fire at: the Union
    // has nothing it may fire at, and the Shooting phase ends at once, the charger whole.
    assert_eq!(g.phase_name(), "Combat");
    let unit = |id: &str| acw::view::unit(g.world(), id).unwrap();
    let why =
        acw::shooting_phase::can_fire(g.world(), &unit("u_83pa"), &unit("c_47al"), &[Chit::Fire])
            .expect_err("held");
    assert_eq!(
        why,
        "83rd Pennsylvania held its fire at 47th Alabama's charge: a charger is shot at \
         during its charge, a die on its dominoes, not in the Shooting phase before the fight"
    );
    assert_eq!(lost(&g, "c_47al"), Vec::<usize>::new());
}

/// A charge naming the enemy it charges, by its hex.
fn charge_at(side: u8, unit: &str, path: &str, target: &str) -> Order {
    AcwOrder::Act {
        side,
        unit: unit.into(),
        path: path.split_whitespace().map(str::to_owned).collect(),
        facing: None,
        charge: Some(target.into()),
    }
    .into()
}

/// Puts a unit in `hex`, facing `facing` if given.
fn set_unit(g: &mut Game, id: &str, hex: &str, facing: Option<drumfire_core::scenario::FacingDef>) {
    let u = acw::view::unit(g.world(), id).unwrap();
    let to = drumfire_core::scenario::hex_of(hex).unwrap();
    if to != u.hex {
        drumfire_core::map::move_counter(g.world_mut(), u.entity, u.hex, to);
    }
    if let Some(f) = facing {
        g.world_mut()
            .entity_mut(u.entity)
            .insert(drumfire_core::counters::Facing(f.direction()));
    }
}

/// The 47th Alabama's charge (`order`) placed with its looked-at domino at `at`, the
/// rest of the Movement phase turned over where each unit stands (fire at the charger
/// held), no one shooting, and the defender's domino placed at `d_at`: the fight's
/// lines in the log.
fn fight_out(g: &mut Game, order: Order, at: usize, d_at: usize) -> Vec<String> {
    g.submit(order).unwrap();
    g.submit(place(1, at, false)).unwrap();
    while g.phase_name() == "Movement" {
        let side = g.awaiting().unwrap();
        if state(g).firing_at.is_some() {
            g.submit(Order::Pass { side }).unwrap();
            continue;
        }
        let id = acw::unrevealed(g.world(), side)[0].clone();
        g.submit(act(side, &id, "")).unwrap();
    }
    while g.phase_name() == "Shooting" {
        let side = g.awaiting().unwrap();
        g.submit(Order::Pass { side }).unwrap();
    }
    let side = g.awaiting().unwrap();
    g.submit(place(side, d_at, false)).unwrap();
    notes(g)
        .into_iter()
        .skip_while(|n| !n.starts_with("The dominoes are turned over"))
        .collect()
}

#[test]
fn the_charger_names_the_enemy_it_charges_among_those_it_contacts() {
    // the 47th Alabama's charge ends at 0506, next to the 83rd Pennsylvania
    // (0406) and the 20th Maine (0507); unnamed it takes the 20th Maine, in the wedge
    // it faces as it comes in; its player may name the 83rd.
    let start = |g: &mut Game| {
        set_unit(g, "u_20me", "0507", None);
        to_movement(
            g,
            &UNION_MOVING,
            &[("c_15al", Chit::Move), ("c_47al", Chit::Charge)],
        );
    };
    let path = "0806 0706 0606 0506";
    let mut g = game(SEED);
    start(&mut g);
    let u = acw::view::unit(g.world(), "c_47al").unwrap();
    let hexes: Vec<String> = path.split_whitespace().map(str::to_owned).collect();
    let may: Vec<String> = acw::chargeable(g.world(), &u, &acw::view::hexes(&hexes))
        .into_iter()
        .map(|e| e.name)
        .collect();
    assert_eq!(may, ["20th Maine", "83rd Pennsylvania"]);
    // The rules list the charge at the 83rd named; the 20th Maine's is the one unnamed.
    let legal = acw::candidates(g.world(), 1, 0);
    assert!(legal.contains(&charge_at(1, "c_47al", path, "0406")));
    assert!(legal.contains(&act(1, "c_47al", path)));
    assert!(!legal.contains(&charge_at(1, "c_47al", path, "0507")));
    // Refused: no unit there, an enemy not next to the charge's end, a friend, a unit
    // not on a Charge chit, a charger that does not move.
    refused(
        &mut g,
        charge_at(1, "c_47al", path, "0707"),
        "there is no unit in 0707 to charge",
    );
    refused(
        &mut g,
        charge_at(1, "c_47al", path, "0205"),
        "Battery D, 5th US in 0205 is not next to 0506, where the charge ends",
    );
    refused(
        &mut g,
        charge_at(1, "c_47al", path, "0904"),
        "15th Alabama is not an enemy",
    );
    refused(
        &mut g,
        charge_at(1, "c_15al", "0804", "0406"),
        "15th Alabama is not on a Charge chit",
    );
    refused(
        &mut g,
        charge_at(1, "c_47al", "", "0406"),
        "47th Alabama does not move",
    );
    let fight = fight_out(&mut g, charge_at(1, "c_47al", path, "0406"), 0, 0);
    assert_eq!(
        fight,
        [
            "The dominoes are turned over: 47th Alabama 5|6 1|1 6|3; 83rd Pennsylvania 6|6 1|3.",
            "47th Alabama charges 83rd Pennsylvania: stand 1: 7 against 6 — 83rd Pennsylvania loses a stand.",
            "47th Alabama charges 83rd Pennsylvania: stand 2: 8 against 6 — 83rd Pennsylvania loses a stand.",
            "47th Alabama charges 83rd Pennsylvania: stand 3: 3 against 1 — 83rd Pennsylvania loses a stand.",
            "47th Alabama charges 83rd Pennsylvania: stand 4: 3 against 1 — 83rd Pennsylvania loses a stand.",
            "83rd Pennsylvania is gone from the field.",
            "47th Alabama: holds and regroups.",
            "83rd Pennsylvania: routs.",
        ]
    );
    let mut g = game(SEED);
    start(&mut g);
    let fight = fight_out(&mut g, act(1, "c_47al", path), 0, 0);
    assert_eq!(
        fight[1],
        "47th Alabama charges 20th Maine: stand 1: 8 against 6 — 20th Maine loses a stand."
    );
}

#[test]
fn a_charge_into_the_flank_fights_at_plus_one_and_into_the_rear_at_plus_two() {
    // the 47th Alabama charges the 83rd Pennsylvania (0406) from 0506, at its
    // front as it faces SouthEast, at its flank facing North, at its rear facing
    // NorthWest; the same dominoes and placings each time.
    use drumfire_core::scenario::FacingDef;
    let path = "0806 0706 0606 0506";
    let pair = |i: usize, c: i32, d: i32, lost: &str| {
        format!("47th Alabama charges 83rd Pennsylvania: stand {i}: {c} against {d} — {lost}.")
    };
    let (pa, al) = (
        "83rd Pennsylvania loses a stand",
        "47th Alabama loses a stand",
    );
    let turned =
        "The dominoes are turned over: 47th Alabama 5|6 1|1 6|3; 83rd Pennsylvania 1|3 6|6.";
    let cases = [
        (
            FacingDef::SouthEast,
            None,
            vec![
                turned.to_owned(),
                pair(1, 7, 1, pa),
                pair(2, 8, 3, pa),
                pair(3, 3, 6, al),
                pair(4, 3, 4, al),
                "47th Alabama: line broken in one place: retires 1 hex.".to_owned(),
                "83rd Pennsylvania: holds and regroups.".to_owned(),
            ],
        ),
        (
            FacingDef::North,
            Some((1, "Charging the enemy's flank".to_owned())),
            vec![
                turned.to_owned(),
                pair(1, 8, 1, pa),
                pair(2, 9, 3, pa),
                pair(3, 4, 6, al),
                pair(4, 4, 4, "both stand"),
                "47th Alabama: line broken in one place: retires 1 hex.".to_owned(),
                "83rd Pennsylvania: holds and regroups.".to_owned(),
            ],
        ),
        (
            FacingDef::NorthWest,
            Some((2, "Charging the enemy's rear".to_owned())),
            vec![
                turned.to_owned(),
                pair(1, 9, 1, pa),
                pair(2, 10, 3, pa),
                pair(3, 5, 6, al),
                pair(4, 5, 4, pa),
                "47th Alabama: holds and regroups.".to_owned(),
                "83rd Pennsylvania: routs.".to_owned(),
                "83rd Pennsylvania routs from the field.".to_owned(),
            ],
        ),
    ];
    for (facing, bonus, expected) in cases {
        let mut g = game(SEED);
        set_unit(&mut g, "u_83pa", "0406", Some(facing));
        to_movement(
            &mut g,
            &UNION_MOVING,
            &[("c_15al", Chit::Move), ("c_47al", Chit::Charge)],
        );
        // The modifiers the charger's player sees before the charge, from 0506.
        let c = acw::view::unit(g.world(), "c_47al").unwrap();
        let at = acw::view::Unit {
            hex: drumfire_core::scenario::hex_of("0506").unwrap(),
            ..c
        };
        let d = acw::view::unit(g.world(), "u_83pa").unwrap();
        let setup = acw::combat::preview_setup(g.world(), &at, &d, 1);
        let mut mods = vec![(2, "Confederates charging".to_owned())];
        mods.extend(bonus.clone());
        assert_eq!(setup.charger, mods, "{facing:?}");
        assert_eq!(
            setup.sides[0].modifier,
            2 + bonus.map_or(0, |b| b.0),
            "{facing:?}"
        );
        assert!(setup.defender.is_empty());
        let fight = fight_out(&mut g, act(1, "c_47al", path), 0, 1);
        assert_eq!(fight, expected, "{facing:?}");
    }
}

#[test]
fn a_named_charge_is_written_in_a_save_and_an_unnamed_one_as_before() {
    // the enemy named travels in the order's text; an order naming none is
    // written as before the name existed, and reads back as unnamed.
    let path = format!(
        "{}/../../tests/data/acw_first.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let s = parse(&path, &text);
    let mut g = Game::new(&s, SEED);
    to_movement(
        &mut g,
        &UNION_MOVING,
        &[("c_15al", Chit::Move), ("c_47al", Chit::Charge)],
    );
    g.submit(charge_at(1, "c_47al", "0806 0706 0606 0506", "0406"))
        .unwrap();
    g.submit(place(1, 0, false)).unwrap();
    if state(&g).firing_at.is_some() {
        g.submit(Order::Pass { side: 0 }).unwrap();
    }
    g.submit(act(1, "c_15al", "")).unwrap();
    assert_eq!(state(&g).charges[0].target, "u_83pa");
    let saved = drumfire_core::save::save_of(&mut g, &s, SEED);
    let written = drumfire_core::save::to_text(&saved).unwrap();
    let named = "charge: Some(\"0406\")";
    assert_eq!(written.matches("charge:").count(), 1, "{written}");
    assert_eq!(written.matches(named).count(), 1, "{written}");
    let back = drumfire_core::save::parse("acw.ron", &written, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    let (_, check) = drumfire_core::save::replay(&back);
    assert_eq!(check, Ok(g.state_hash()));
    // Without the name the charge takes the 83rd Pennsylvania all the same: the enemy
    // it contacts unnamed.
    let unnamed = written.replace(&format!("{named},"), "");
    assert!(!unnamed.contains("charge:"), "{unnamed}");
    let back = drumfire_core::save::parse("acw.ron", &unnamed, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    let (_, check) = drumfire_core::save::replay(&back);
    assert_eq!(check, Ok(g.state_hash()));
}
