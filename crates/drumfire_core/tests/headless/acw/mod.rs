//! The ACW one-page rules (seed 002), each test named after the rule it proves
//! (`docs/rules/acw.md` maps rule to code and test): one file per section of the rules,
//! the exact odds of a charge, the chits and dominoes between two machines, and here the
//! scenarios and helpers they share.

mod charges;
mod combat;
mod computer;
mod dealt_dominoes;
mod exact_odds;
mod movement;
mod order_of_play;
mod sealed_chits;
mod seed_map;
mod shooting;
mod shooting_at_chargers;

use drumfire_core::game::Game;
use drumfire_core::journal::GameEvent;
use drumfire_core::orders::Order;
use drumfire_core::rules::acw::chit::Chit;
use drumfire_core::rules::acw::commander::Rating;
use drumfire_core::rules::acw::dominoes::{
    Domino, behind, double_six, half_score, needed, shuffled,
};
use drumfire_core::rules::acw::fire_chart::{
    self, GunResult, artillery_needs, artillery_odds, counter_battery_odds, destroys_battery,
    gun_result, hit_faces, infantry_needs, second_stand_is_left,
};
use drumfire_core::rules::acw::melee::{
    self, Army, Outcome, Pairing, Situation, modifiers, outcome, pairing, retire_hexes,
};
use drumfire_core::rules::acw::{self, AcwOrder, AcwState};
use drumfire_core::save;
use drumfire_core::scenario::Scenario;
use drumfire_core::sealed;
use drumfire_core::testing::shipped;
use std::collections::BTreeMap;

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

/// The game of a test scenario under `tests/data` with each `(from, to)` of its text
/// replaced (units moved, faced otherwise), at `seed`.
fn game_from(file: &str, changes: &[(&str, &str)], seed: u64) -> Game {
    let path = format!("{}/../../tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let mut text = std::fs::read_to_string(&path).unwrap();
    for (from, to) in changes {
        assert!(text.contains(from), "{file} has no `{from}`");
        text = text.replace(from, to);
    }
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

fn lost(g: &Game, id: &str) -> Vec<usize> {
    let u = acw::view::unit(g.world(), id).unwrap();
    (0..u.stands.total())
        .filter(|i| u.stands.0[*i].lost)
        .collect()
}

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

fn tanners_ford() -> Scenario {
    shipped("acw", "tanners_ford.ron")
}
