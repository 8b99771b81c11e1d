//! The Great War rules, one test (or a few) per rule of the seed, each on a small
//! made-up battlefield with a fixed seed and exact expected outcomes: one file per
//! section of the rules, and here the battles and helpers they share.
//! docs/rules/great-war.md maps each rule sentence to the tests here.

mod artillery_missions;
mod assault;
mod direct_fire;
mod exact_odds;
mod intents;
mod morale_checks;
mod playing_a_turn;
mod sealed_plans;
mod seed_map;
mod step_losses;
mod victory;

use drumfire_core::counters::{MarkerKind, OffMap, PieceIds, markers_on};
use drumfire_core::flow::{Phase, Turn};
use drumfire_core::game::Game;
use drumfire_core::journal::GameEvent;
use drumfire_core::orders::Order;
use drumfire_core::rules::great_war::fire::{self, plan_action_fire};
use drumfire_core::rules::great_war::state::Prompt;
use drumfire_core::rules::great_war::tables::Table;
use drumfire_core::rules::great_war::testing::skip_setup;
use drumfire_core::rules::great_war::{Assignment, GwOrder, GwState, Mission, view};
use drumfire_core::scenario::{self, Scenario, hex_of};

const RED: u8 = 0;

const BLUE: u8 = 1;

/// A three-turn battle on `map` between Red (always first) and Blue.
fn battle(map: &[&str], body: &str) -> Scenario {
    battle_with(map, body, "")
}

fn battle_with(map: &[&str], body: &str, red_extra: &str) -> Scenario {
    battle_sides(map, body, red_extra, "")
}

fn battle_sides(map: &[&str], body: &str, red_extra: &str, blue_extra: &str) -> Scenario {
    drumfire_core::rules::great_war::testing::great_war_battle(map, body, red_extra, blue_extra)
}

/// Starts the game with every plan on Open Sights.
fn start(s: &Scenario, seed: u64) -> Game {
    let mut g = Game::new(s, seed);
    skip_setup(&mut g);
    g
}

fn gw(game: &mut Game, o: GwOrder) -> Result<(), String> {
    game.submit(Order::from(o)).map_err(|r| r.0)
}

fn ids(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_owned()).collect()
}

fn at(game: &Game, id: &str) -> Option<String> {
    view::by_id(game.world(), id).map(|p| view::label(p.hex))
}

fn marks(game: &Game, id: &str) -> Vec<MarkerKind> {
    let e = game.world().resource::<PieceIds>().get(id).unwrap();
    markers_on(&game.world().entity(e))
}

fn steps(game: &Game, id: &str) -> u8 {
    view::by_id(game.world(), id).map_or(0, |p| p.steps.current)
}

fn state(game: &Game) -> &GwState {
    game.world().resource::<GwState>()
}

fn events(game: &Game) -> Vec<GameEvent> {
    game.journal()
        .entries()
        .iter()
        .map(|e| e.event.clone())
        .collect()
}

fn fired(game: &Game) -> Vec<(String, Vec<u8>, String)> {
    events(game)
        .into_iter()
        .filter_map(|e| match e {
            GameEvent::Fired {
                kind, dice, result, ..
            } => Some((kind, dice, result)),
            _ => None,
        })
        .collect()
}

fn activate(game: &mut Game, side: u8, piece: &str) {
    gw(
        game,
        GwOrder::Activate {
            side,
            piece: piece.into(),
        },
    )
    .unwrap();
}

fn mv(game: &mut Game, side: u8, pieces: &[&str], path: &[&str]) -> Result<(), String> {
    gw(
        game,
        GwOrder::Move {
            side,
            pieces: ids(pieces),
            path: ids(path),
        },
    )
}

/// The Major activates and `pieces` assault `target`; every question after is answered
/// with the first sensible answer.
fn major_assaults(game: &mut Game, pieces: &[&str], target: &str) {
    activate(game, RED, "maj");
    gw(
        game,
        GwOrder::Assault {
            side: RED,
            pieces: ids(pieces),
            target: target.into(),
        },
    )
    .unwrap();
    answer_all(game);
}

/// Answers every question with the first sensible answer (hold fire, first unit takes the loss).
fn answer_all(game: &mut Game) {
    while let Some(p) = state(game).prompt.clone() {
        match p {
            Prompt::OpportunityFire { side, .. } => gw(game, GwOrder::HoldFire { side }).unwrap(),
            Prompt::StepLoss {
                side, candidates, ..
            } => gw(
                game,
                GwOrder::TakeStepLoss {
                    side,
                    piece: candidates[0].clone(),
                },
            )
            .unwrap(),
            Prompt::OpenPlot { .. } => panic!("no plan is sealed in these games"),
        }
    }
}

fn plan(game: &mut Game, missions: Vec<(&str, Mission)>) -> Result<(), String> {
    gw(
        game,
        GwOrder::Plan {
            side: RED,
            missions: missions
                .into_iter()
                .map(|(s, m)| Assignment {
                    source: s.into(),
                    mission: m,
                })
                .collect(),
        },
    )
}

fn command_battle() -> Scenario {
    battle(
        &[".........", ".........", ".........", "........."],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0202"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0302"),
                      (id: "r3", side: "red", unit: "rifle_company", hex: "0502"),
                      (id: "rc", side: "red", unit: "cavalry_mounted", hex: "0203"),
                      (id: "r4", side: "red", unit: "rifle_company", hex: "0104"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0902")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 2, morale: 8, combat: 1, morale_modifier: 1, hex: "0202", flip: false),
                     (id: "lt", side: "red", name: "Lieutenant", kind: Infantry, rank: 1, morale: 8, hex: "0402", flip: false),
                     (id: "cav", side: "red", name: "Rittmeister", kind: Cavalry, rank: 1, morale: 8, hex: "0104", flip: false)]"#,
    )
}

fn opportunity_battle() -> Scenario {
    battle(
        &["........", "........", "........"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0102"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0702"),
                      (id: "mg", side: "blue", unit: "machinegun", hex: "0802")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, hex: "0102", flip: false)]"#,
    )
}

fn assault_battle() -> Scenario {
    battle(
        &["......", "......"],
        r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "r2", side: "red", unit: "rifle_company", hex: "0201"),
                      (id: "b1", side: "blue", unit: "rifle_company", hex: "0301"),
                      (id: "b2", side: "blue", unit: "rifle_company", hex: "0501")],
           leaders: [(id: "maj", side: "red", name: "Major", kind: Infantry, rank: 1, morale: 8, combat: 1, hex: "0201", flip: false)]"#,
    )
}

fn loss_battle(markers: &str, steps: &str) -> Scenario {
    battle(
        &["......", "......"],
        &format!(
            r#"counters: [(id: "r1", side: "red", unit: "rifle_company", hex: "0101"),
                          (id: "r2", side: "red", unit: "rifle_company", hex: "0101"),
                          (id: "mg", side: "red", unit: "machinegun", hex: "0201"),
                          (id: "b1", side: "blue", unit: "rifle_company", hex: "0301" {steps}),
                          (id: "b2", side: "blue", unit: "machinegun", hex: "0301" {markers})]"#
        ),
    )
}
