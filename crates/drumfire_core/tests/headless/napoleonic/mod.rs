//! The Napoleonic brigade rules (seed 001), each test named after the rule it proves
//! (`docs/rules/napoleonic.md` maps rule to code and test), and our cavalry and artillery
//! (N-21 to N-25): one file per section of the rules, and here the brigades,
//! battlefields and helpers they share.

mod arms;
mod artillery;
mod cavalry;
mod factors;
mod firefight;
mod hand_to_hand;
mod inside;
mod movement;
mod seed_map;
mod skirmish;
mod whole_games;

use drumfire_core::counters::{MarkerKind, PieceIds, Stands, has_marker};
use drumfire_core::game::Game;
use drumfire_core::journal::GameEvent;
use drumfire_core::orders::Order;
use drumfire_core::players::{Bot, PlayerKind, play_out};
use drumfire_core::rule_set::RuleSets;
use drumfire_core::rules::napoleonic::brigade::{Arm, Command, Fighter, Formation, Grade, Grades};
use drumfire_core::rules::napoleonic::combat::{
    self, Contest, KILL, Row, SkirmishSituation, bombard_factors, factors, kill_faces, plan,
    row_ways, skirmish_factors,
};
use drumfire_core::rules::napoleonic::{self, Fight, NpOrder, NpState, view};
use drumfire_core::scenario::{self, Scenario, hex_of};
use drumfire_core::testing::{soak_game, soak_game_with};

fn causes(list: &[(i32, String)]) -> Vec<(i32, &str)> {
    list.iter().map(|(v, c)| (*v, c.as_str())).collect()
}

/// The rule sets of the game.
static RULES: &RuleSets = &drumfire_core::rules::ALL;

/// A 10x8 field of open ground with `terrain` rows (blank rows open), a road along row
/// 5, and brigades as `(id, side, hex, battalions, "class: A, order: Attack...")`,
/// side 0 "red", side 1 "blue". An id starting `cav` is a cavalry brigade, one
/// starting `gun` a foot battery; any other an infantry brigade.
fn field(terrain: &[&str], brigades: &[(&str, u8, &str, u8, &str)]) -> Scenario {
    field_with_roads(
        terrain,
        &["0105 0205 0305 0405 0505 0605 0705 0805 0905 1005"],
        brigades,
    )
}

/// [`field`] with these roads instead of the one along row 5.
fn field_with_roads(
    terrain: &[&str],
    roads: &[&str],
    brigades: &[(&str, u8, &str, u8, &str)],
) -> Scenario {
    let rows: Vec<String> = (0..8)
        .map(|r| {
            let row = terrain
                .get(r)
                .filter(|s| !s.is_empty())
                .map_or_else(|| ".".repeat(10), |s| s.to_string());
            format!("\"{row}\"")
        })
        .collect();
    let side = |s: u8| if s == 0 { "red" } else { "blue" };
    let counters: Vec<String> = brigades
        .iter()
        .map(|(id, s, hex, n, _)| {
            let stands = vec!["\"line\""; usize::from(*n)].join(", ");
            let unit = if id.starts_with("cav") {
                "cavalry_brigade"
            } else if id.starts_with("gun") {
                "foot_battery"
            } else {
                "line_brigade"
            };
            format!(
                "(id: \"{id}\", side: \"{}\", unit: \"{unit}\", hex: \"{hex}\", name: \"{id}\", stands: [{stands}])",
                side(*s)
            )
        })
        .collect();
    let section: Vec<String> = brigades
        .iter()
        .map(|(id, _, _, _, extra)| format!("(id: \"{id}\", {extra})"))
        .collect();
    let text = format!(
        r##"Scenario(rules: "napoleonic", title: "Test", turns: 6,
        map: (width: 10, height: 8, terrain: [{}],
              roads: [{}]),
        sides: [(id: "red", name: "Red", colour: "#c04040"), (id: "blue", name: "Blue", colour: "#4040c0")],
        counters: [{}],
        victory: (step_loss_points: 1),
        napoleonic: (brigades: [{}]))"##,
        rows.join(", "),
        roads
            .iter()
            .map(|r| format!("\"{r}\""))
            .collect::<Vec<_>>()
            .join(", "),
        counters.join(", "),
        section.join(", ")
    );
    scenario::parse("test.ron", &text, RULES).unwrap_or_else(|e| panic!("{}\n{text}", e[0]))
}

/// Both sides keep their orders; the game stands at the start of Movement with `first`
/// to act first.
fn to_movement(s: &Scenario, seed: u64, first: u8) -> Game {
    let mut game = Game::new(s, seed);
    for side in 0..2u8 {
        let orders: Vec<(String, Command)> = game
            .world()
            .resource::<NpState>()
            .brigades
            .iter()
            .filter(|(id, _)| {
                napoleonic::view::piece(game.world(), id).is_some_and(|p| p.side == side)
            })
            .map(|(id, b)| (id.clone(), b.command))
            .collect();
        game.submit(NpOrder::Orders { side, orders }.into())
            .unwrap();
    }
    assert_eq!(game.phase_name(), "Movement");
    game.world_mut().resource_mut::<NpState>().first = first;
    game
}

/// On to the Combat phase, `first` acting first.
fn to_combat(s: &Scenario, seed: u64, first: u8) -> Game {
    let mut game = to_movement(s, seed, first);
    game.submit(Order::Pass { side: first }).unwrap();
    game.submit(Order::Pass { side: 1 - first }).unwrap();
    assert_eq!(game.phase_name(), "Combat");
    game
}

fn fight(side: u8, brigade: &str, target: &str, fight: Fight) -> Order {
    NpOrder::Fight {
        side,
        brigade: brigade.into(),
        target: target.into(),
        fight,
    }
    .into()
}

/// Submits an order that must be refused for `why`, and checks nothing changed.
fn refused(game: &mut Game, order: Order, why: &str) {
    let before = game.state_hash();
    let refusal = game
        .submit(order.clone())
        .expect_err(&format!("{order:?} was accepted"))
        .0;
    assert!(refusal.contains(why), "{order:?}: {refusal}");
    assert_eq!(game.state_hash(), before, "a refusal changed the game");
}

fn hex_of_piece(game: &Game, id: &str) -> Option<String> {
    napoleonic::view::piece(game.world(), id).map(|p| napoleonic::view::label(p.hex))
}

fn standing(game: &Game, id: &str) -> String {
    let e = game.world().resource::<PieceIds>().get(id).unwrap();
    game.world().get::<Stands>(e).unwrap().glance()
}

fn marked(game: &Game, id: &str, m: MarkerKind) -> bool {
    let e = game.world().resource::<PieceIds>().get(id).unwrap();
    has_marker(&game.world().entity(e), m)
}

/// The result line of the last contest in the journal.
fn last_result(game: &Game) -> String {
    game.journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired { result, .. } => Some(result.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// Two even fights on one field: `r` (Attack) against `b` in the open, `a` (Attack)
/// against `g` in a wood; all grades B, four battalions each, all in line.
fn even_fights() -> Scenario {
    field(
        &["", "", "", "", "....w....."],
        &[
            ("r", 0, "0404", 4, "order: Attack"),
            ("b", 1, "0504", 4, "order: Hold"),
            ("g", 1, "0505", 4, "order: Hold"),
            ("a", 0, "0405", 4, "order: Attack"),
        ],
    )
}

fn move_to(side: u8, brigade: &str, path: &[&str]) -> Order {
    NpOrder::Move {
        side,
        brigade: brigade.into(),
        path: path.iter().map(|s| (*s).to_owned()).collect(),
    }
    .into()
}

/// What the journal holds from entry `from` on, each event in a short line: "r 6 a kill"
/// for a skirmisher's die, "lost b" for a battalion lost, "morale b steady" for a
/// morale test, and the text of a note.
fn told_since(game: &Game, from: usize) -> Vec<String> {
    game.journal().entries()[from..]
        .iter()
        .filter_map(|e| match &e.event {
            GameEvent::Fired {
                kind,
                firers,
                dice,
                result,
                ..
            } if kind == "Skirmish" => Some(format!("{} {} {result}", firers[0], dice[0])),
            GameEvent::StandLost { piece, .. } => Some(format!("lost {piece}")),
            GameEvent::MoraleChecked { piece, outcome, .. } => {
                Some(format!("morale {piece} {outcome}"))
            }
            GameEvent::Note { text } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// `n` battalions of brigade `id` lost before the fight (the rightmost first).
fn wear(game: &mut Game, id: &str, n: usize) {
    let e = game.world().resource::<PieceIds>().get(id).unwrap();
    let mut stands = game.world().get::<Stands>(e).unwrap().clone();
    for i in 0..n {
        let last = stands.0.len() - 1 - i;
        stands.lose(last).unwrap();
    }
    game.world_mut().entity_mut(e).insert(stands);
}

fn form(side: u8, brigade: &str, formation: Formation) -> Order {
    NpOrder::Form {
        side,
        brigade: brigade.into(),
        formation,
    }
    .into()
}

/// The modifiers of `fight` as the odds panel shows them, for brigade `id` against
/// the enemy in `target`.
fn odds_of(game: &drumfire_core::game::Game, side: u8, id: &str, target: &str, f: Fight) -> String {
    let o = NpOrder::Fight {
        side,
        brigade: id.into(),
        target: target.into(),
        fight: f,
    };
    let odds = napoleonic::fight_odds(game.world(), &o).expect("odds");
    let mods: Vec<String> = odds.modifiers.iter().map(|m| m.to_string()).collect();
    let outcomes: Vec<String> = odds
        .outcomes
        .iter()
        .map(|o| format!("{} {}", o.label, o.chance))
        .collect();
    format!("{} | {}", mods.join(", "), outcomes.join(", "))
}

/// Each die of every bombardment or volley of kind `kind` in the log: "6 a kill".
fn dice_fire(game: &drumfire_core::game::Game, kind: &str) -> Vec<String> {
    game.journal()
        .entries()
        .iter()
        .filter_map(|e| match &e.event {
            GameEvent::Fired {
                kind: k,
                dice,
                result,
                ..
            } if k == kind => Some(format!("{} {result}", dice[0])),
            _ => None,
        })
        .collect()
}
