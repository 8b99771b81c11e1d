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

fn game(seed: u64) -> Game {
    let path = format!(
        "{}/../../tests/data/acw_first.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    Game::new(&acw::testing::parse(&path, &text), seed)
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
    // Every chit turned over: the phase is done and the next turn's Orders begin.
    assert_eq!(g.phase_name(), "Orders");
    assert_eq!(g.world().resource::<drumfire_core::flow::Turn>().0, 2);
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
        &[
            ("u_20me", Chit::Move),
            ("u_83pa", Chit::Move),
            ("u_bat", Chit::Fire),
        ],
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
        &[
            ("u_20me", Chit::Move),
            ("u_83pa", Chit::Move),
            ("u_bat", Chit::Fire),
        ],
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
        &[
            ("u_20me", Chit::Move),
            ("u_83pa", Chit::Move),
            ("u_bat", Chit::Fire),
        ],
        &[("c_15al", Chit::Move), ("c_47al", Chit::Charge)],
    );
    refused(
        &mut g,
        act(1, "c_47al", "0806 0706 0606 0506 0507"),
        "contact ends its move",
    );
    g.submit(act(1, "c_47al", "0806 0706 0606 0506")).unwrap();
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
