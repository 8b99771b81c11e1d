//! The WWII assault rules (seed 004), each test named after the rule it proves
//! (`docs/rules/wwii.md`): the assault's rounds, ends, odds and modifiers, and the turn in
//! play (movement and contact, overruns, fire, the assault phase and the rally); one
//! file per section of the rules, and here the fields and helpers they share.

mod assault_modifiers;
mod breakthrough;
mod breakthrough_in_play;
mod exact_odds;
mod fire;
mod game;
mod mixed_units;
mod overruns;
mod personnel;
mod seed_map;
mod tanks_against_personnel;
mod when_to_assault;

use drumfire_core::game::Game;
use drumfire_core::journal::GameEvent;
use drumfire_core::orders::Order;
use drumfire_core::players::PlayerKind;
use drumfire_core::rules::wwii::contact::{
    Edge, Placed, edge_toward, hit_in_rear, in_contact, sides_in_contact,
};
use drumfire_core::rules::wwii::fire_chart::{
    FireCase, FireStatus, InAssault, fire_modifiers, gun_needs, may_not_fire, needs_at_range,
};
use drumfire_core::rules::wwii::mixed::{self, Engages, Engaging, Kind};
use drumfire_core::rules::wwii::modifiers::{
    Involved, Training, assault_modifiers, cavalry_may_not_assault, meeting,
};
use drumfire_core::rules::wwii::morale::{self, State};
use drumfire_core::rules::wwii::personnel_assault::{
    Assault, Ending, Meeting, Result, Side, assault_odds, fight, round,
};
use drumfire_core::rules::wwii::state::{Followup, WwiiOrder, WwiiState};
use drumfire_core::rules::wwii::tanks::{
    self, Infantry, Tanks, dice_in_round, heavy_weapons_survive, kill_ways, needs, overrun_cost,
    tank_assault_odds, weapon_differential,
};
use drumfire_core::rules::wwii::{self, view};
use drumfire_core::scenario::FacingDef;

fn side(bases: u32, modifier: i32) -> Side {
    Side { bases, modifier }
}

/// The log of a game, a line an entry.
fn log(g: &Game) -> Vec<String> {
    let world = g.world();
    let sides = world.resource::<drumfire_core::scenario::SideList>();
    let names = drumfire_core::journal::piece_names(world);
    g.journal()
        .entries()
        .iter()
        .map(|e| e.event.describe(sides, &names))
        .collect()
}

/// A test field: `terrain` rows, and units as (id, side, type, hex, facing, bases);
/// the first seed from `seed` up where the first side (Blue) wins the initiative.
fn field(terrain: &[&str], units: &[(&str, u8, &str, &str, &str, usize)], seed: u64) -> Game {
    let text = scenario_text(terrain, units);
    let s = drumfire_core::scenario::parse("test.ron", &text, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    (seed..)
        .map(|k| Game::new(&s, k))
        .find(|g| state(g).first == 0)
        .unwrap()
}

/// The text of a test field's scenario.
fn scenario_text(terrain: &[&str], units: &[(&str, u8, &str, &str, &str, usize)]) -> String {
    let counters: Vec<String> = units
        .iter()
        .map(|(id, side, ty, hex, facing, n)| {
            let stands = vec!["\"base\""; *n].join(", ");
            format!(
                "(id: \"{id}\", side: \"{}\", unit: \"{ty}\", hex: \"{hex}\", name: \"{id}\", facing: Some({facing}), stands: [{stands}])",
                ["blue", "red"][usize::from(*side)]
            )
        })
        .collect();
    let rows: Vec<String> = terrain.iter().map(|r| format!("\"{r}\"")).collect();
    format!(
        "Scenario(rules: \"wwii\", title: \"Test\", turns: 3, map: (width: {}, height: {}, orientation: FlatColumns, terrain: [{}]), sides: [(id: \"blue\", name: \"Blue\", colour: \"#2244aa\"), (id: \"red\", name: \"Red\", colour: \"#aa2222\")], counters: [{}], victory: (objectives: [], step_loss_points: 1), wwii: (training: [Regular, Regular]))",
        terrain[0].len(),
        terrain.len(),
        rows.join(", "),
        counters.join(", ")
    )
}

const OPEN: [&str; 6] = [
    "........", "........", "........", "........", "........", "........",
];

fn state(g: &Game) -> WwiiState {
    g.world().resource::<WwiiState>().clone()
}

fn mv(side: u8, unit: &str, path: &str) -> Order {
    WwiiOrder::Move {
        side,
        unit: unit.into(),
        path: path.split_whitespace().map(str::to_owned).collect(),
        facing: None,
    }
    .into()
}

fn fire(side: u8, unit: &str, target: &str) -> Order {
    WwiiOrder::Fire {
        side,
        unit: unit.into(),
        target: target.into(),
    }
    .into()
}

fn pass(g: &mut Game) {
    let side = g.awaiting().expect("a side is awaited");
    g.submit(Order::Pass { side }).unwrap();
}

/// Passes until the game is in `phase` (by name).
fn pass_to(g: &mut Game, phase: &str) {
    while g.phase_name() != phase {
        pass(g);
    }
}

/// Refused, with the reason containing `why`, and the game unchanged.
fn refused(g: &mut Game, o: Order, why: &str) {
    let before = g.state_hash();
    let err = g.submit(o).expect_err("refused");
    assert!(err.0.contains(why), "{err:?} does not say `{why}`");
    assert_eq!(g.state_hash(), before);
}

fn unit(g: &Game, id: &str) -> Option<view::Unit> {
    view::unit(g.world(), id)
}

/// A hex next to both `a` and `b`.
fn next_to_both(a: &str, b: &str) -> String {
    let (a, b) = (
        drumfire_core::scenario::hex_of(a).unwrap(),
        drumfire_core::scenario::hex_of(b).unwrap(),
    );
    let h = a
        .all_neighbors()
        .into_iter()
        .filter(|h| h.unsigned_distance_to(b) == 1)
        .min_by_key(|h| drumfire_core::coords::hex_label(*h))
        .unwrap();
    drumfire_core::coords::hex_label(h)
}

fn overrun(side: u8, unit: &str, target: &str) -> Order {
    WwiiOrder::Overrun {
        side,
        unit: unit.into(),
        target: target.into(),
    }
    .into()
}

/// Passes until the turn after the first begins (the assault phase fought out).
fn pass_turn(g: &mut Game) {
    while g.world().resource::<drumfire_core::flow::Turn>().0 < 2 {
        pass(g);
    }
}
