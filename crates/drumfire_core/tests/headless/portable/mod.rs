//! The Portable rules (seed `003_d2999887f35a0b69`): each test is named after the
//! rule it checks, with fixed seeds and exact outcomes; one file per section of
//! docs/rules/portable.md, and here the battlefields and helpers they share.

mod artillery_fire;
mod close_combat;
mod computer;
mod designed_by_us;
mod movement_and_facing;
mod non_artillery_fire;
mod refusals;
mod terrain;
mod turn_sequence;
mod unit_types;

use drumfire_core::counters::{Facing, PieceIds};
use drumfire_core::data::UnitClass;
use drumfire_core::game::Game;
use drumfire_core::journal::GameEvent;
use drumfire_core::orders::Order;
use drumfire_core::rules::portable::fire::{self, Effect, Table};
use drumfire_core::rules::portable::view::{self, Unit};
use drumfire_core::rules::portable::{PtOrder, PtState, Step, combat, movement};
use drumfire_core::scenario::{self, Scenario};
use drumfire_core::scenario::{FacingDef, hex_of};
use drumfire_core::testing::soak_game;
use hexx::Hex;

fn load(name: &str) -> Scenario {
    drumfire_core::testing::shipped("portable", name)
}

/// A 10x8 battlefield: `terrain` and `elevation` rows (blank for clear and flat),
/// extra map fields (roads, rivers...), and counters as
/// `(id, side, unit type, hex, extra fields)`, side 0 "red", side 1 "blue".
fn field(
    terrain: &[&str],
    elevation: &[&str],
    map_extra: &str,
    counters: &[(&str, u8, &str, &str, &str)],
) -> drumfire_core::scenario::Scenario {
    let text = field_text(terrain, elevation, map_extra, counters);
    scenario::parse("test.ron", &text, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}\n{text}", e[0]))
}

/// The scenario text `field` parses.
fn field_text(
    terrain: &[&str],
    elevation: &[&str],
    map_extra: &str,
    counters: &[(&str, u8, &str, &str, &str)],
) -> String {
    let rows = |given: &[&str], fill: char| -> String {
        (0..8)
            .map(|r| {
                format!(
                    "\"{}\"",
                    given
                        .get(r)
                        .filter(|s| !s.is_empty())
                        .map_or_else(|| fill.to_string().repeat(10), |s| s.to_string())
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let units: Vec<String> = counters
        .iter()
        .map(|(id, side, unit, hex, extra)| {
            let side = if *side == 0 { "red" } else { "blue" };
            format!("(id: \"{id}\", side: \"{side}\", unit: \"{unit}\", hex: \"{hex}\", name: \"{id}\"{extra})")
        })
        .collect();
    format!(
        r##"Scenario(rules: "portable", title: "Test", turns: 6,
        map: (width: 10, height: 8, terrain: [{}], elevation: [{}] {map_extra}),
        sides: [
            (id: "red", name: "Red", colour: "#c04040"),
            (id: "blue", name: "Blue", colour: "#4040c0"),
        ],
        counters: [{}],
        victory: (step_loss_points: 1),
        portable: (sides: [(side: "red", activation_dice: 1), (side: "blue", activation_dice: 1)]))"##,
        rows(terrain, '.'),
        rows(elevation, '0'),
        units.join(", ")
    )
}

fn h(label: &str) -> Hex {
    hex_of(label).unwrap()
}

fn unit(game: &Game, id: &str) -> Unit {
    view::unit(game.world(), id).unwrap_or_else(|| panic!("{id} is not on the map"))
}

fn all(game: &Game) -> Vec<Unit> {
    view::units(game.world())
}

fn path(game: &Game, id: &str, hexes: &[&str]) -> Result<bool, String> {
    let p: Vec<Hex> = hexes.iter().map(|l| h(l)).collect();
    movement::check_path(game.world(), &all(game), &unit(game, id), &p).map_err(|r| r.0)
}

fn fire_plan(game: &Game, id: &str, at: &str) -> Result<fire::FirePlan, String> {
    fire::plan(game.world(), &all(game), &unit(game, id), h(at), false).map_err(|r| r.0)
}

fn combat_plan(
    game: &Game,
    side: u8,
    attackers: &[&str],
    defender: &str,
) -> Result<combat::CombatPlan, String> {
    let a: Vec<String> = attackers.iter().map(|s| s.to_string()).collect();
    combat::plan(game.world(), &all(game), side, &a, defender).map_err(|r| r.0)
}

const NORTH: &str = ", facing: Some(North)";

/// Passes for whoever is asked until `side` is activating its units.
fn to_activation(game: &mut Game, side: u8) {
    for _ in 0..12 {
        let step = game.world().resource::<PtState>().step;
        if game.phase() == drumfire_core::rules::portable::ACTION
            && step == Step::Activating
            && game.awaiting() == Some(side)
        {
            return;
        }
        let s = game.awaiting().expect("someone is asked");
        game.submit(Order::Pass { side: s }).unwrap();
    }
    panic!("{side} never came to activate");
}

fn order(game: &mut Game, o: PtOrder) -> Result<(), String> {
    game.submit(Order::from(o)).map_err(|r| r.0)
}

/// Red rifles in 0303 facing north with Blue rifles in the woods (0301) and in the
/// open (0401), both in range and sight, and `more`.
fn rifles_by_the_woods(more: &[(&str, u8, &str, &str, &str)]) -> Scenario {
    let mut counters = vec![
        ("inf", 0, "infantry_rifles", "0303", NORTH),
        ("woods", 1, "infantry_rifles", "0301", ""),
        ("open", 1, "infantry_rifles", "0401", ""),
    ];
    counters.extend_from_slice(more);
    field(&["..w......."], &[], "", &counters)
}
