//! The Portable rules (seed `003_d2999887f35a0b69`): each test is named after the
//! rule it checks, with fixed seeds and exact outcomes.

use drumfire_core::scenario::{self, Scenario};
use drumfire_core::testing::soak_game;

fn load(name: &str) -> Scenario {
    drumfire_core::testing::shipped("portable", name)
}

fn games() -> u64 {
    drumfire_core::testing::soak_games()
}

fn soak(name: &str) {
    let s = load(name);
    let mut orders = 0;
    for seed in 0..games() {
        let game = soak_game(&s, seed).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(game.is_over());
        assert!(game.outcome().is_some());
        orders += game.orders().len();
    }
    assert!(orders > 0);
}

#[test]
fn soak_ukhozi_drift() {
    soak("ukhozi_drift.ron");
}

#[test]
fn soak_ravensberg_heights() {
    soak("ravensberg_heights.ron");
}

// ---- Rule tests on small made-up battlefields --------------------------------

use drumfire_core::counters::{Facing, PieceIds};
use drumfire_core::data::UnitClass;
use drumfire_core::game::Game;
use drumfire_core::journal::GameEvent;
use drumfire_core::orders::Order;
use drumfire_core::rules::portable::fire::{self, Effect, Table};
use drumfire_core::rules::portable::view::{self, Unit};
use drumfire_core::rules::portable::{PtOrder, PtState, Step, combat, movement};
use drumfire_core::scenario::{FacingDef, hex_of};
use hexx::Hex;

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

fn facing(game: &Game, id: &str) -> FacingDef {
    let e = game.world().resource::<PieceIds>().get(id).unwrap();
    FacingDef::of(game.world().get::<Facing>(e).unwrap().0)
}

const NORTH: &str = ", facing: Some(North)";

#[test]
fn unit_types_are_the_seed_table() {
    let data = drumfire_core::rules::PORTABLE.data();
    let row = |id: &str| {
        let u = &data.units[id];
        (
            u.full.movement,
            u.full.close_combat.unwrap(),
            u.full.direct.or(u.full.bombard).map(|f| f.range),
        )
    };
    assert_eq!(row("infantry_rifles"), (1, 4, Some(3)));
    assert_eq!(row("infantry_firearms"), (1, 4, Some(2)));
    assert_eq!(row("infantry_melee"), (1, 3, None));
    assert_eq!(row("cavalry_regular"), (2, 4, None));
    assert_eq!(row("cavalry_irregular"), (2, 4, None));
    assert_eq!(row("machine_gun"), (1, 4, Some(4)));
    assert_eq!(row("light_artillery"), (1, 1, Some(4)));
    assert_eq!(row("field_artillery"), (1, 1, Some(6)));
    assert_eq!(row("fortress_artillery"), (0, 1, Some(10)));
    assert_eq!(row("command"), (2, 5, None));
    // Dismounted cavalry moves and fights like infantry, one less power.
    assert_eq!(row("cavalry_dismounted"), (1, 3, Some(3)));
    assert_eq!(data.units["command"].class, UnitClass::Command);
    assert!(
        data.units["cavalry_regular"]
            .traits
            .contains(&"regular_european".to_owned())
    );
}

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

#[test]
fn close_combat_power_never_drops_below_one() {
    let s = field(
        &["", "", "", "....t....."],
        &["", "", "", "0000100000"],
        "",
        &[
            ("inf", 1, "infantry_rifles", "0504", ""),
            ("gun", 0, "light_artillery", "0505", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let p = combat_plan(&game, 0, &["gun"], "inf").unwrap();
    assert_eq!(
        p.attack_changes,
        [
            (-1, "attacking uphill".to_owned()),
            (-2, "defender in a built-up area".to_owned())
        ]
    );
    assert_eq!(p.attack, 1, "1 - 1 - 2 is held at 1");
}

#[test]
fn only_infantry_and_cavalry_advance_into_a_hex_they_cleared() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("inf", 0, "infantry_rifles", "0101", ""),
            ("cav", 0, "cavalry_regular", "0103", ""),
            ("mg", 0, "machine_gun", "0105", ""),
            ("gun", 0, "field_artillery", "0107", ""),
            ("hq", 1, "command", "0901", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let advances: Vec<bool> = ["inf", "cav", "mg", "gun", "hq"]
        .iter()
        .map(|id| unit(&game, id).advances())
        .collect();
    assert_eq!(advances, [true, true, false, false, false]);
}

#[test]
fn a_command_unit_alongside_adds_one_to_close_combat_power_and_to_fire_effect() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("inf", 0, "infantry_rifles", "0304", NORTH),
            ("hq", 0, "command", "0305", ""),
            ("foe", 1, "infantry_rifles", "0303", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let f = fire_plan(&game, "inf", "0303").unwrap();
    assert_eq!(f.modifiers, [(1, "Command alongside".to_owned())]);
    let c = combat_plan(&game, 0, &["inf"], "foe").unwrap();
    assert_eq!(c.attack_changes, [(1, "Command alongside".to_owned())]);
    assert_eq!((c.attack, c.defence), (5, 4));
}

#[test]
fn an_activated_unit_moves_or_fires_or_is_unpinned_but_only_one_of_them() {
    let s = field(
        &[],
        &[],
        "",
        &[
            (
                "inf",
                0,
                "infantry_rifles",
                "0304",
                ", facing: Some(NorthEast)",
            ),
            (
                "pinned",
                0,
                "infantry_rifles",
                "0104",
                ", markers: [Pinned]",
            ),
            ("spare", 0, "infantry_rifles", "0107", ""),
            ("foe", 1, "infantry_rifles", "0802", ""),
        ],
    );
    let mut game = Game::new(&s, 4);
    to_activation(&mut game, 0);
    let left = game.world().resource::<PtState>().activations;
    assert_eq!(left, 4, "seed 4: Red goes first, its die shows 4");
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "inf".into(),
            path: vec!["0404".into()],
        },
    )
    .unwrap();
    assert_eq!(
        order(
            &mut game,
            PtOrder::Fire {
                side: 0,
                unit: "inf".into(),
                target: "0802".into()
            }
        )
        .unwrap_err(),
        "inf has already been activated this turn."
    );
    assert_eq!(game.world().resource::<PtState>().activations, left - 1);
    // A pinned unit must be unpinned before it moves; unpinning is its activation.
    assert_eq!(
        order(
            &mut game,
            PtOrder::Move {
                side: 0,
                unit: "pinned".into(),
                path: vec!["0204".into()]
            }
        )
        .unwrap_err(),
        "pinned is pinned: it must be unpinned before it moves."
    );
    order(
        &mut game,
        PtOrder::Unpin {
            side: 0,
            unit: "pinned".into(),
        },
    )
    .unwrap();
    assert!(!unit(&game, "pinned").pinned);
    assert_eq!(
        order(
            &mut game,
            PtOrder::Move {
                side: 0,
                unit: "pinned".into(),
                path: vec!["0204".into()]
            }
        )
        .unwrap_err(),
        "pinned has already been activated this turn."
    );
}

#[test]
fn the_side_with_the_higher_d6_activates_first_and_throws_its_activation_dice() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("a", 0, "infantry_rifles", "0104", ""),
            ("b", 1, "infantry_rifles", "0904", ""),
        ],
    );
    let game = Game::new(&s, 2);
    let events: Vec<&GameEvent> = game.journal().entries().iter().map(|e| &e.event).collect();
    let (winner, totals) = events
        .iter()
        .find_map(|e| match e {
            GameEvent::InitiativeWon { side, totals } => Some((*side, totals.clone())),
            _ => None,
        })
        .unwrap();
    assert!(
        totals[usize::from(winner)] > totals[1 - usize::from(winner)],
        "{totals:?}"
    );
    assert_eq!(game.awaiting(), Some(winner));
    let dice: u8 = events
        .iter()
        .filter_map(|e| match e {
            GameEvent::DiceRolled { purpose, faces } if purpose.starts_with("activation dice") => {
                Some(faces.iter().sum::<u8>())
            }
            _ => None,
        })
        .sum();
    assert_eq!(game.world().resource::<PtState>().activations, dice);
}

#[test]
fn pinned_regular_cavalry_is_unpinned_or_charges_before_any_other_activation() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0204", ", markers: [Pinned]"),
            ("irr", 0, "cavalry_irregular", "0207", ", markers: [Pinned]"),
            ("inf", 0, "infantry_rifles", "0102", ""),
            ("foe", 1, "infantry_rifles", "0804", ""),
        ],
    );
    let mut game = Game::new(&s, 4);
    to_activation(&mut game, 0);
    let left = game.world().resource::<PtState>().activations;
    let refusal =
        "cav is pinned regular cavalry: it must be unpinned or charge before any other activation.";
    assert_eq!(
        order(
            &mut game,
            PtOrder::Move {
                side: 0,
                unit: "inf".into(),
                path: vec!["0103".into()]
            }
        )
        .unwrap_err(),
        refusal
    );
    assert_eq!(
        game.submit(Order::Pass { side: 0 }).unwrap_err().0,
        "cav is pinned regular cavalry: unpin it or let it charge first."
    );
    // Irregular cavalry is not bound by the rule.
    assert_eq!(
        order(
            &mut game,
            PtOrder::Charge {
                side: 0,
                unit: "irr".into()
            }
        )
        .unwrap_err(),
        refusal
    );
    let before = unit(&game, "cav").hex.unsigned_distance_to(h("0804"));
    order(
        &mut game,
        PtOrder::Charge {
            side: 0,
            unit: "cav".into(),
        },
    )
    .unwrap();
    let cav = unit(&game, "cav");
    assert_eq!(
        cav.hex.unsigned_distance_to(h("0804")),
        before - 2,
        "two hexes toward the enemy"
    );
    assert!(cav.pinned, "the charge is made pinned");
    assert_eq!(
        game.world().resource::<PtState>().activations,
        left,
        "not an activation"
    );
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "inf".into(),
            path: vec!["0103".into()],
        },
    )
    .unwrap();
}

#[test]
fn a_unit_may_turn_up_to_60_degrees_to_fire_and_the_turn_is_free() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("inf", 0, "infantry_rifles", "0504", NORTH),
            ("n", 1, "infantry_rifles", "0502", ""),
            ("ne", 1, "infantry_rifles", "0703", ""),
            ("s", 1, "infantry_rifles", "0506", ""),
            ("se", 1, "infantry_rifles", "0605", ""),
        ],
    );
    let game = Game::new(&s, 1);
    assert_eq!(
        FacingDef::of(fire_plan(&game, "inf", "0502").unwrap().facing),
        FacingDef::North
    );
    assert_eq!(
        FacingDef::of(fire_plan(&game, "inf", "0703").unwrap().facing),
        FacingDef::NorthEast
    );
    for behind in ["0506", "0605"] {
        assert_eq!(
            fire_plan(&game, "inf", behind).unwrap_err(),
            format!("{behind} is behind inf: a unit may turn only up to 60 degrees to fire.")
        );
    }
}

#[test]
fn artillery_at_two_hexes_or_less_hits_the_target_and_at_three_or_more_scatters() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("gun", 0, "field_artillery", "0507", NORTH),
            ("near", 1, "infantry_rifles", "0505", ""),
            ("far", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let all = all(&game);
    let gun = unit(&game, "gun");
    let near = fire::plan(game.world(), &all, &gun, h("0505"), true).unwrap();
    let far = fire::plan(game.world(), &all, &gun, h("0504"), true).unwrap();
    assert!(!near.scatters() && far.scatters());
    // 5-6 on the target, 3-4 the hex in front (toward the gun), 1-2 the hex behind.
    let landings: Vec<String> = (1..=6)
        .map(|d| view::label(fire::landing(h("0507"), h("0504"), d)))
        .collect();
    assert_eq!(landings, ["0503", "0503", "0505", "0505", "0504", "0504"]);
    // A shot at two hexes never misses: 6 chances in 6 of landing on `near`.
    let odds = fire::odds(game.world(), &all, &near);
    assert_eq!((odds.denominator, odds.of("near")), (6, (2, 3)));
    // At three hexes a third land on the target and a third in front (on `near`).
    let odds = fire::odds(game.world(), &all, &far);
    assert_eq!(
        (odds.denominator, odds.of("far"), odds.of("near")),
        (36, (4, 6), (4, 6))
    );
    // The window's odds: the target's outcomes, and the unit the scatter may land on.
    let shown = drumfire_core::rules::portable::describe_odds(
        game.world(),
        &PtOrder::Bombard {
            side: 0,
            unit: "gun".into(),
            target: "0504".into(),
        },
    )
    .unwrap();
    assert_eq!(shown.check(), Ok(()));
    assert_eq!(
        shown.summary(),
        "destroyed 4/36, pinned 6/36, unharmed 26/36"
    );
    assert_eq!(shown.more.len(), 1);
    assert_eq!(
        shown.more[0]
            .outcomes
            .iter()
            .map(|o| o.chance.to_string())
            .collect::<Vec<_>>(),
        ["4/36", "6/36", "26/36"]
    );
}

#[test]
fn where_two_hexes_are_in_front_or_behind_an_odd_die_picks_the_left_and_an_even_the_right() {
    // Gun at 0701 firing at 0504, down and to the left on the map: the line runs through
    // a corner of the target hex, so two hexes are in front (0604 and 0503) and two behind.
    let landings: Vec<String> = (1..=4)
        .map(|d| view::label(fire::landing(h("0701"), h("0504"), d)))
        .collect();
    // Looking down-left from the gun, the left hand is to the south-east.
    assert_eq!(landings, ["0505", "0405", "0604", "0503"]);
}

#[test]
fn fire_effect_tables_direct_indirect_open_and_cover() {
    let row = |t: Table| -> Vec<Effect> { (1..=6).map(|d| fire::effect(t, d, 0)).collect() };
    use Effect::{Destroyed as X, None as O, Pinned as P};
    assert_eq!(row(Table::Direct), [O, P, P, P, X, X]);
    assert_eq!(row(Table::Open), [O, P, P, P, X, X]);
    assert_eq!(row(Table::Indirect), [O, O, O, P, P, X]);
    assert_eq!(row(Table::Cover), [O, O, O, P, P, X]);
    // Pinned units take 1 off their fire effect dice.
    assert_eq!(fire::effect(Table::Open, 5, -1), P);
    assert_eq!(fire::effect(Table::Cover, 6, -1), P);
    assert_eq!(fire::effect(Table::Open, 2, -1), O);
}

#[test]
fn artillery_that_cannot_see_fires_indirect_only_where_a_friend_sees() {
    let woods = [
        "..w.......",
        "..w.......",
        "..w.......",
        "..w.......",
        "..w.......",
        "..w.......",
        "..w.......",
        "..w.......",
    ];
    let with_spotter = field(
        &woods,
        &[],
        "",
        &[
            (
                "gun",
                0,
                "field_artillery",
                "0104",
                ", facing: Some(NorthEast)",
            ),
            ("spotter", 0, "infantry_rifles", "0404", ""),
            ("foe", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&with_spotter, 1);
    let all_units = all(&game);
    let gun = unit(&game, "gun");
    assert!(!view::line_of_sight(game.world(), h("0104"), h("0504")));
    let p = fire::plan(game.world(), &all_units, &gun, h("0504"), true).unwrap();
    assert_eq!(p.table, Table::Indirect);
    let alone = field(
        &woods,
        &[],
        "",
        &[
            (
                "gun",
                0,
                "field_artillery",
                "0104",
                ", facing: Some(NorthEast)",
            ),
            ("foe", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&alone, 1);
    assert_eq!(
        fire::plan(
            game.world(),
            &all(&game),
            &unit(&game, "gun"),
            h("0504"),
            true
        )
        .unwrap_err()
        .0,
        "Neither gun nor any friend can see 0504: no fire."
    );
    let open = field(
        &[],
        &[],
        "",
        &[
            (
                "gun",
                0,
                "field_artillery",
                "0104",
                ", facing: Some(NorthEast)",
            ),
            ("foe", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&open, 1);
    assert_eq!(
        fire::plan(
            game.world(),
            &all(&game),
            &unit(&game, "gun"),
            h("0504"),
            true
        )
        .unwrap()
        .table,
        Table::Direct
    );
}

#[test]
fn units_move_through_friends_but_never_end_in_the_same_hex() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0204", ""),
            ("friend", 0, "infantry_rifles", "0304", ""),
            ("foe", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let game = Game::new(&s, 1);
    assert_eq!(path(&game, "cav", &["0304", "0404"]), Ok(false));
    assert_eq!(
        path(&game, "cav", &["0304"]).unwrap_err(),
        "cav may not end its move in 0304: friend stands there."
    );
    assert_eq!(
        path(&game, "cav", &["0304", "0404", "0504"]).unwrap_err(),
        "cav moves 2 hexes a turn (half a hex along a road or through a built-up area): 0504 is too far."
    );
}

#[test]
fn a_unit_stops_next_to_an_enemy_and_both_turn_to_face_each_other() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0204", ""),
            ("foe", 1, "infantry_rifles", "0305", NORTH),
        ],
    );
    let mut game = Game::new(&s, 4);
    assert_eq!(
        path(&game, "cav", &["0304", "0404"]).unwrap_err(),
        "cav must stop at 0304: next to an enemy unit."
    );
    to_activation(&mut game, 0);
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "cav".into(),
            path: vec!["0304".into()],
        },
    )
    .unwrap();
    assert_eq!(facing(&game, "cav"), FacingDef::South);
    assert_eq!(facing(&game, "foe"), FacingDef::North);
}

#[test]
fn the_enemy_turns_to_face_the_last_unit_that_came_up() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("a", 0, "infantry_rifles", "0303", ""),
            ("b", 0, "infantry_rifles", "0307", ""),
            ("spare", 0, "infantry_rifles", "0101", ""),
            ("foe", 1, "infantry_rifles", "0305", NORTH),
        ],
    );
    let mut game = Game::new(&s, 4);
    to_activation(&mut game, 0);
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "a".into(),
            path: vec!["0304".into()],
        },
    )
    .unwrap();
    assert_eq!(facing(&game, "foe"), FacingDef::North);
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "b".into(),
            path: vec!["0306".into()],
        },
    )
    .unwrap();
    assert_eq!(facing(&game, "foe"), FacingDef::South);
    assert_eq!(
        (facing(&game, "a"), facing(&game, "b")),
        (FacingDef::South, FacingDef::North)
    );
}

#[test]
fn a_unit_faced_by_an_adjacent_enemy_may_move_off_but_not_next_to_another_enemy() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("inf", 0, "infantry_rifles", "0304", ", facing: Some(South)"),
            ("foe", 1, "infantry_rifles", "0305", NORTH),
            ("other", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&s, 1);
    assert_eq!(
        path(&game, "inf", &["0404"]).unwrap_err(),
        "inf is faced by an adjacent enemy: it may move away, but not into a hex next to another enemy unit."
    );
    assert_eq!(path(&game, "inf", &["0303"]), Ok(false));
}

/// Where facing meets a move of more than one hex: the faced unit may not come next to
/// another enemy on any hex of its move, the last included, and its reach agrees.
#[test]
fn a_faced_unit_moving_two_hexes_may_not_end_next_to_another_enemy() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0304", ", facing: Some(South)"),
            ("foe", 1, "infantry_rifles", "0305", NORTH),
            ("other", 1, "infantry_rifles", "0301", ""),
        ],
    );
    let game = Game::new(&s, 1);
    assert_eq!(path(&game, "cav", &["0303"]), Ok(false));
    assert_eq!(
        path(&game, "cav", &["0303", "0302"]).unwrap_err(),
        "cav is faced by an adjacent enemy: it may move away, but not into a hex next to another enemy unit."
    );
    let cav = unit(&game, "cav");
    let reach: Vec<String> = movement::reach(game.world(), &all(&game), &cav)
        .into_iter()
        .map(|(h, _)| view::label(h))
        .collect();
    assert!(reach.contains(&"0303".to_owned()), "{reach:?}");
    assert!(!reach.contains(&"0302".to_owned()), "{reach:?}");
}

#[test]
fn non_artillery_fires_once_a_turn_if_it_has_not_moved_and_may_fire_pinned() {
    let s = field(
        &[],
        &[],
        "",
        &[
            (
                "pinned",
                0,
                "infantry_rifles",
                "0304",
                ", facing: Some(North), markers: [Pinned]",
            ),
            (
                "mover",
                0,
                "infantry_rifles",
                "0306",
                ", facing: Some(North)",
            ),
            ("spare", 0, "infantry_rifles", "0101", ""),
            ("foe", 1, "infantry_rifles", "0302", ""),
        ],
    );
    let mut game = Game::new(&s, 4);
    let p = fire_plan(&game, "pinned", "0302").unwrap();
    assert_eq!(
        (p.table, p.modifiers.clone()),
        (Table::Open, vec![(-1, "firer pinned".to_owned())])
    );
    to_activation(&mut game, 0);
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "mover".into(),
            path: vec!["0305".into()],
        },
    )
    .unwrap();
    assert_eq!(
        fire_plan(&game, "mover", "0302").unwrap_err(),
        "mover has already been activated this turn."
    );
    order(
        &mut game,
        PtOrder::Fire {
            side: 0,
            unit: "pinned".into(),
            target: "0302".into(),
        },
    )
    .unwrap();
    assert_eq!(
        fire_plan(&game, "pinned", "0302").unwrap_err(),
        "pinned has already fired this turn."
    );
    // Seed 4: the die shows 4, less 1 for the pinned firer: 3 pins a target in the open.
    let fired = game
        .journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired { dice, result, .. } => Some((dice.clone(), result.clone())),
            _ => None,
        });
    assert_eq!(fired, Some((vec![4], "foe: Pinned".to_owned())));
    assert!(unit(&game, "foe").pinned);
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

#[test]
fn a_target_in_cover_or_pinned_is_fired_at_on_the_cover_table() {
    let s = rifles_by_the_woods(&[(
        "pinned",
        1,
        "infantry_rifles",
        "0201",
        ", markers: [Pinned]",
    )]);
    let game = Game::new(&s, 1);
    let table = |at: &str| fire_plan(&game, "inf", at).map(|p| p.table);
    assert_eq!(table("0301"), Ok(Table::Cover));
    assert_eq!(table("0201"), Ok(Table::Cover));
    assert_eq!(table("0401"), Ok(Table::Open));
}

#[test]
fn the_defenders_power_falls_by_one_two_or_three_for_two_three_or_four_attackers() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("foe", 1, "infantry_rifles", "0505", ""),
            ("n", 0, "infantry_rifles", "0504", ""),
            ("s", 0, "infantry_rifles", "0506", ""),
            ("ne", 0, "infantry_rifles", "0605", ""),
            ("se", 0, "infantry_rifles", "0606", ""),
            ("nw", 0, "infantry_rifles", "0405", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let defence = |a: &[&str]| combat_plan(&game, 0, a, "foe").map(|p| p.defence);
    assert_eq!(defence(&["n"]), Ok(4));
    assert_eq!(defence(&["n", "s"]), Ok(3));
    assert_eq!(defence(&["n", "s", "ne"]), Ok(2));
    assert_eq!(defence(&["n", "s", "ne", "se"]), Ok(1));
    assert_eq!(
        defence(&["n", "s", "ne", "se", "nw"]).unwrap_err(),
        "A close combat takes 1 to 4 attacking units, not 5."
    );
    // Each side throws one die: at or under its power destroys the other.
    let p = combat_plan(&game, 0, &["n", "s"], "foe").unwrap();
    assert_eq!((p.attack, p.defence), (4, 3));
    // Defender destroyed 4x3, attacker destroyed 2x3, both 4x3, draw 2x3 (of 36).
    assert_eq!(combat::odds(&p), [12, 6, 12, 6]);
    // The window's odds show the same fractions, with the defence's changes and causes.
    let shown = drumfire_core::rules::portable::describe_odds(
        game.world(),
        &PtOrder::CloseCombat {
            side: 0,
            attackers: vec!["n".into(), "s".into()],
            defender: "foe".into(),
            advance: false,
        },
    )
    .unwrap();
    assert_eq!(shown.check(), Ok(()));
    assert_eq!(
        shown.summary(),
        "defender destroyed 12/36, attacker destroyed 6/36, both destroyed 12/36, draw 6/36"
    );
    let defence: Vec<String> = shown
        .modifiers
        .iter()
        .filter(|m| m.changes == "defence")
        .map(ToString::to_string)
        .collect();
    assert_eq!(defence.len(), p.defence_changes.len());
}

#[test]
fn hills_one_contour_an_activation_no_attack_across_two_and_up_or_downhill_changes_power() {
    let s = field(
        &[],
        &["", "", "", "0001200000", "0001100000"],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0304", ""),
            ("low", 0, "infantry_rifles", "0604", ""),
            ("top", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&s, 1);
    assert_eq!(path(&game, "cav", &["0404"]), Ok(false), "one contour up");
    let s2 = field(
        &[],
        &["", "", "", "0001200000"],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0304", ""),
            ("foe", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let g2 = Game::new(&s2, 1);
    assert_eq!(
        path(&g2, "cav", &["0404", "0504"]).unwrap_err(),
        "cav may move up or down only one hill contour each time it is activated."
    );
    // 0604 (level 0) against 0504 (level 2): more than one contour between them.
    assert_eq!(
        combat_plan(&game, 0, &["low"], "top").unwrap_err(),
        "low may not attack top: more than one hill contour between them."
    );
    let s3 = field(
        &[],
        &["", "", "", "0001000000"],
        "",
        &[
            ("up", 0, "infantry_rifles", "0304", ""),
            ("onhill", 1, "infantry_rifles", "0404", ""),
            ("down", 0, "infantry_rifles", "0403", ""),
        ],
    );
    let g3 = Game::new(&s3, 1);
    assert_eq!(
        combat_plan(&g3, 0, &["up"], "onhill")
            .unwrap()
            .attack_changes,
        [(-1, "attacking uphill".to_owned())]
    );
    let s4 = field(
        &[],
        &["", "", "", "0001000000"],
        "",
        &[
            ("high", 0, "infantry_rifles", "0404", ""),
            ("below", 1, "infantry_rifles", "0304", ""),
        ],
    );
    let g4 = Game::new(&s4, 1);
    let p = combat_plan(&g4, 0, &["high"], "below").unwrap();
    assert_eq!(
        (p.attack_changes.clone(), p.attack),
        (vec![(1, "attacking downhill".to_owned())], 5)
    );
}

#[test]
fn roads_cost_half_a_hex_unused_halves_are_lost_and_built_up_areas_count_as_roads() {
    let s = field(
        &["", "", "", "", "..tt......"],
        &[],
        ", roads: [\"0104 0204 0304 0404\"]",
        &[
            ("road", 0, "infantry_rifles", "0104", ""),
            ("town", 0, "infantry_rifles", "0305", ""),
            ("foe", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let game = Game::new(&s, 1);
    assert_eq!(
        path(&game, "road", &["0204", "0304"]),
        Ok(false),
        "two road hexes for one hex of movement"
    );
    assert!(
        path(&game, "road", &["0204", "0304", "0404"])
            .unwrap_err()
            .ends_with("0404 is too far.")
    );
    // Off the road after half a hex: the half left is not enough for a whole hex.
    assert!(
        path(&game, "road", &["0204", "0203"])
            .unwrap_err()
            .ends_with("0203 is too far.")
    );
    // From one built-up hex to the next is half a hex, as along a road; out into open
    // ground a whole one, so the half left is not enough.
    assert_eq!(path(&game, "town", &["0405"]), Ok(false));
    assert_eq!(
        path(&game, "town", &["0405", "0505"]).unwrap_err(),
        "town moves 1 hex a turn (half a hex along a road or through a built-up area): 0505 is too far."
    );
    // Our ruling: a step from open ground into a town is not "along" anything: a whole
    // hex, with nothing left for the next built-up hex.
    let s = field(
        &["", "", "", "", "..tt......"],
        &[],
        "",
        &[
            ("open", 0, "infantry_rifles", "0205", ""),
            ("foe", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let game = Game::new(&s, 1);
    assert_eq!(path(&game, "open", &["0305"]), Ok(false));
    assert_eq!(
        path(&game, "open", &["0305", "0405"]).unwrap_err(),
        "open moves 1 hex a turn (half a hex along a road or through a built-up area): 0405 is too far."
    );
}

#[test]
fn rivers_are_crossed_at_bridges_and_fords_and_a_unit_entering_elsewhere_is_lost() {
    let s = field(
        &[],
        &[],
        ", rivers: [\"0401 0402 0403 0404 0405 0406 0407 0408\"], bridges: [\"0402\"], fords: [\"0406\"]",
        &[
            ("deep", 0, "infantry_rifles", "0304", ""),
            ("bridge", 0, "cavalry_regular", "0302", ""),
            ("ford", 0, "cavalry_regular", "0306", ""),
            ("spare", 0, "infantry_rifles", "0108", ""),
            ("foe", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let mut game = Game::new(&s, 4);
    assert_eq!(
        path(&game, "deep", &["0404"]),
        Ok(true),
        "the move is made, and the unit lost"
    );
    assert_eq!(path(&game, "bridge", &["0402", "0502"]), Ok(false));
    assert_eq!(
        path(&game, "ford", &["0406", "0506"]).unwrap_err(),
        "ford must stop at 0406: a ford (it stays there until the turn after next)."
    );
    to_activation(&mut game, 0);
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "deep".into(),
            path: vec!["0404".into()],
        },
    )
    .unwrap();
    assert!(view::unit(game.world(), "deep").is_none());
    assert_eq!(
        game.world().resource::<drumfire_core::flow::StepsLost>().0[0],
        1
    );
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "ford".into(),
            path: vec!["0406".into()],
        },
    )
    .unwrap();
    assert_eq!(movement::fording_turn(game.world(), "ford"), Some(1));
}

/// "Units that enter river hexes where there is no bridge or a ford are destroyed": no
/// scenario may set one up there; on a bridge or in a ford it may stand.
#[test]
fn no_unit_is_set_up_in_a_river_hex_without_a_bridge_or_ford() {
    let rivers = ", rivers: [\"0401 0402 0403 0404 0405 0406 0407 0408\"], bridges: [\"0402\"], fords: [\"0406\"]";
    let text = field_text(
        &[],
        &[],
        rivers,
        &[
            ("bridge", 0, "infantry_rifles", "0402", ""),
            ("ford", 0, "infantry_rifles", "0406", ""),
            ("deep", 0, "infantry_rifles", "0404", ""),
            ("foe", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let errs: Vec<String> = scenario::parse("test.ron", &text, &drumfire_core::rules::ALL)
        .unwrap_err()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        errs,
        [
            "test.ron:7:238: counters[2].hex: deep is set up in the river at 0404 where there is neither bridge nor ford (a unit there is destroyed)"
        ]
    );
}

#[test]
fn fording_takes_three_turns_in_stay_and_out_and_a_fording_unit_may_not_fire() {
    let s = field(
        &[],
        &[],
        // The foe stands on a bridge: no unit may be set up in the river elsewhere.
        ", rivers: [\"0401 0402 0403 0404 0405 0406 0407 0408\"], fords: [\"0404\"], bridges: [\"0402\"]",
        &[
            ("wader", 0, "infantry_rifles", "0404", NORTH),
            ("foe", 1, "infantry_rifles", "0402", ""),
        ],
    );
    let mut game = Game::new(&s, 1);
    game.world_mut()
        .resource_mut::<drumfire_core::flow::Turn>()
        .0 = 5;
    let turn = 5;
    // It went in last turn: this is turn B of the crossing.
    game.world_mut()
        .resource_mut::<PtState>()
        .fording
        .insert("wader".into(), turn - 1);
    assert_eq!(
        path(&game, "wader", &["0504"]).unwrap_err(),
        "wader is fording the river: it stays in the ford this turn and goes on next turn."
    );
    assert_eq!(
        fire_plan(&game, "wader", "0402").unwrap_err(),
        "wader is fording the river and may not fire."
    );
    // Turn C: it moves on.
    game.world_mut()
        .resource_mut::<PtState>()
        .fording
        .insert("wader".into(), turn - 2);
    assert_eq!(path(&game, "wader", &["0504"]), Ok(false));
}

#[test]
fn a_unit_attacking_from_a_river_hex_loses_one_power() {
    let s = field(
        &[],
        &[],
        ", rivers: [\"0401 0402 0403 0404 0405 0406 0407 0408\"], fords: [\"0404\"]",
        &[
            ("wader", 0, "infantry_rifles", "0404", ""),
            ("foe", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let p = combat_plan(&game, 0, &["wader"], "foe").unwrap();
    assert_eq!(
        (p.attack_changes.clone(), p.attack),
        (vec![(-1, "attacking from a river".to_owned())], 3)
    );
}

/// Our ruling where the bridge meets "A Unit that is in a river hex and is attacking
/// [...] reduces its Close Combat Power by 1": a unit on a bridge stands over the river,
/// not in it, and keeps its full power.
#[test]
fn a_unit_attacking_from_a_bridge_keeps_its_power() {
    let s = field(
        &[],
        &[],
        ", rivers: [\"0401 0402 0403 0404 0405 0406 0407 0408\"], bridges: [\"0404\"]",
        &[
            ("bridge", 0, "infantry_rifles", "0404", ""),
            ("foe", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let p = combat_plan(&game, 0, &["bridge"], "foe").unwrap();
    assert_eq!((p.attack_changes.clone(), p.attack), (vec![], 4));
}

#[test]
fn mounted_cavalry_moves_one_hex_through_woods_and_attacks_into_woods_lose_one_power() {
    let s = field(
        &["", "", "", "...w......"],
        &[],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0304", ""),
            ("inf", 0, "infantry_rifles", "0303", ""),
            ("foe", 1, "infantry_rifles", "0404", ""),
            ("far", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let s2 = field(
        &["", "", "", "...w......"],
        &[],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0304", ""),
            ("far", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let g2 = Game::new(&s2, 1);
    assert_eq!(path(&g2, "cav", &["0404"]), Ok(false));
    assert_eq!(
        path(&g2, "cav", &["0404", "0504"]).unwrap_err(),
        "Mounted cavalry moving through woods moves only 1 hex an activation: cav stops at 0404."
    );
    assert_eq!(
        path(&g2, "cav", &["0305", "0405"]),
        Ok(false),
        "around the woods it goes two"
    );
    let p = combat_plan(&game, 0, &["cav"], "foe").unwrap();
    assert_eq!(
        (p.attack_changes.clone(), p.attack),
        (vec![(-1, "defender in woods".to_owned())], 3)
    );
}

#[test]
fn attacks_into_built_up_areas_and_fortifications_lose_two_power() {
    let s = field(
        &["", "", "", "...tf....."],
        &[],
        "",
        &[
            ("a", 0, "infantry_rifles", "0303", ""),
            ("town", 1, "infantry_rifles", "0404", ""),
            ("b", 0, "infantry_rifles", "0505", ""),
            ("fort", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let p = combat_plan(&game, 0, &["a"], "town").unwrap();
    assert_eq!(
        p.attack_changes,
        [(-2, "defender in a built-up area".to_owned())]
    );
    let p = combat_plan(&game, 0, &["b"], "fort").unwrap();
    assert_eq!(
        p.attack_changes,
        [(-2, "defender in a fortification".to_owned())]
    );
}

#[test]
fn artillery_fires_first_and_its_casualties_come_off_after_all_artillery_has_fired() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("red_gun", 0, "field_artillery", "0102", ""),
            ("blue_gun", 1, "field_artillery", "0302", ""),
            ("red_inf", 0, "infantry_rifles", "0107", ""),
        ],
    );
    // Seed 1 rolls 6 (Red's fire effect) then 3 (Blue's).
    let mut game = Game::new(&s, 1);
    assert_eq!(
        (game.phase(), game.awaiting()),
        (drumfire_core::rules::portable::ARTILLERY_FIRE, Some(0))
    );
    // The log names the phase as the Portable rules do.
    assert!(game.journal().entries().iter().any(|e| matches!(
        &e.event,
        GameEvent::PhaseBegan { phase } if phase == "Artillery Fire"
    )));
    order(
        &mut game,
        PtOrder::Bombard {
            side: 0,
            unit: "red_gun".into(),
            target: "0302".into(),
        },
    )
    .unwrap();
    // Destroyed, but it still fires before the casualties come off. Red has no other
    // gun, so its artillery fire is over and Blue's turn to fire comes at once.
    assert!(view::unit(game.world(), "blue_gun").is_some());
    assert_eq!(
        game.world().resource::<PtState>().artillery_hits,
        [("blue_gun".to_owned(), true)]
    );
    assert_eq!(game.awaiting(), Some(1));
    order(
        &mut game,
        PtOrder::Bombard {
            side: 1,
            unit: "blue_gun".into(),
            target: "0102".into(),
        },
    )
    .unwrap();
    // Every gun has fired: the casualties come off, the pinned are pinned.
    assert_ne!(game.phase(), drumfire_core::rules::portable::ARTILLERY_FIRE);
    assert!(view::unit(game.world(), "blue_gun").is_none());
    assert!(unit(&game, "red_gun").pinned);
    let results: Vec<String> = game
        .journal()
        .entries()
        .iter()
        .filter_map(|e| match &e.event {
            GameEvent::Fired { dice, result, .. } => Some(format!("{dice:?} {result}")),
            _ => None,
        })
        .collect();
    assert_eq!(results, ["[6] blue_gun: Destroyed", "[3] red_gun: Pinned"]);
    // Artillery may not move and fire in one turn, but may be unpinned.
    to_activation(&mut game, 0);
    assert_eq!(
        path(&game, "red_gun", &["0103"]).unwrap_err(),
        "red_gun has fired this turn and may not move (artillery may not move and fire in one turn)."
    );
    order(
        &mut game,
        PtOrder::Unpin {
            side: 0,
            unit: "red_gun".into(),
        },
    )
    .unwrap();
}

/// Red and Blue infantry face to face, Red first; Red passes its activations and
/// attacks. Returns the game and the close combat's result line.
fn close_combat_with(seed: u64) -> (Game, String) {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("att", 0, "infantry_rifles", "0304", ""),
            ("def", 1, "infantry_rifles", "0305", ""),
        ],
    );
    let mut game = Game::new(&s, seed);
    assert_eq!(game.awaiting(), Some(0), "seed {seed}: Red goes first");
    game.submit(Order::Pass { side: 0 }).unwrap();
    assert_eq!(game.world().resource::<PtState>().step, Step::CloseCombat);
    order(
        &mut game,
        PtOrder::CloseCombat {
            side: 0,
            attackers: vec!["att".into()],
            defender: "def".into(),
            advance: true,
        },
    )
    .unwrap();
    let result = game
        .journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired {
                dice,
                result,
                column,
                ..
            } => Some(format!("{column}, dice {dice:?}: {result}")),
            _ => None,
        })
        .unwrap();
    (game, result)
}

#[test]
fn close_combat_at_or_under_power_destroys_and_the_winner_may_advance() {
    let (game, result) = close_combat_with(2);
    assert_eq!(result, "power 4 against 4, dice [4, 6]: def destroyed");
    assert!(view::unit(game.world(), "def").is_none());
    assert_eq!(
        view::label(unit(&game, "att").hex),
        "0305",
        "infantry advances into the hex"
    );
}

#[test]
fn close_combat_the_defender_destroys_the_attacker() {
    let (game, result) = close_combat_with(12);
    assert_eq!(result, "power 4 against 4, dice [5, 1]: att destroyed");
    assert!(view::unit(game.world(), "att").is_none());
    assert_eq!(
        view::label(unit(&game, "def").hex),
        "0305",
        "the defender may not advance"
    );
}

#[test]
fn close_combat_a_draw_makes_the_attacker_withdraw_to_an_empty_hex_away_from_the_enemy() {
    let (game, result) = close_combat_with(16);
    assert_eq!(
        result,
        "power 4 against 4, dice [6, 5]: Draw: att withdraws to 0404"
    );
    let att = unit(&game, "att");
    assert!(att.hex.unsigned_distance_to(h("0305")) > 1);
}

#[test]
fn close_combat_both_destroyed_is_mutual_annihilation() {
    let (game, result) = close_combat_with(1);
    assert_eq!(
        result,
        "power 4 against 4, dice [1, 4]: Mutual annihilation"
    );
    assert!(view::units(game.world()).is_empty());
    assert_eq!(
        game.world().resource::<drumfire_core::flow::StepsLost>().0,
        [1, 1]
    );
}

#[test]
fn an_attacker_that_cannot_withdraw_after_a_draw_is_destroyed() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("att", 0, "infantry_rifles", "0304", ""),
            ("def", 1, "infantry_rifles", "0305", ""),
            ("n", 1, "infantry_rifles", "0302", ""),
            ("w", 1, "infantry_rifles", "0104", ""),
            ("e", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&s, 16);
    let p = combat_plan(&game, 0, &["att"], "def").unwrap();
    assert_eq!(
        p.withdraw_to, None,
        "every free hex around is next to an enemy"
    );
}

/// Orders near the legal ones but wrong: the other side, other units, hexes off
/// the map or out of reach, other defenders.
fn near_misses(game: &Game, legal: &[Order]) -> Vec<Order> {
    let ids: Vec<String> = game
        .world()
        .resource::<PieceIds>()
        .0
        .keys()
        .cloned()
        .collect();
    let mut out = vec![Order::Pass { side: 7 }];
    for (i, o) in legal.iter().take(16).enumerate() {
        let other = ids[i % ids.len()].clone();
        let Some(p) = o.rules::<PtOrder>() else {
            out.push(Order::Pass {
                side: 1 - o.side().unwrap_or(0),
            });
            continue;
        };
        let side = p.side();
        let wrong = match p.clone() {
            PtOrder::Bombard { side, unit, .. } => PtOrder::Bombard {
                side,
                unit,
                target: "0101".into(),
            },
            PtOrder::Move {
                side,
                unit,
                mut path,
            } => {
                path.push("9999".into());
                PtOrder::Move { side, unit, path }
            }
            PtOrder::Fire { side, unit, .. } => PtOrder::Fire {
                side,
                unit,
                target: "0101".into(),
            },
            PtOrder::Unpin { side, .. } => PtOrder::Unpin {
                side,
                unit: other.clone(),
            },
            PtOrder::Charge { side, .. } => PtOrder::Charge {
                side,
                unit: other.clone(),
            },
            PtOrder::CloseCombat {
                side,
                attackers,
                advance,
                ..
            } => PtOrder::CloseCombat {
                side,
                attackers,
                defender: other.clone(),
                advance,
            },
        };
        out.push(Order::from(wrong));
        out.push(Order::from(PtOrder::Unpin {
            side,
            unit: other.clone(),
        }));
        out.push(Order::from(PtOrder::Charge {
            side: 1 - side,
            unit: other.clone(),
        }));
        out.push(Order::from(PtOrder::Fire {
            side,
            unit: other,
            target: "0505".into(),
        }));
    }
    out
}

#[test]
fn every_illegal_order_is_refused_with_the_state_hash_unchanged() {
    use drumfire_core::players::{Bot, PlayerKind, legal_orders};
    let s = load("ukhozi_drift.ron");
    let mut refused = 0;
    for seed in 0..4u64 {
        let mut game = Game::new(&s, seed);
        let mut bots = [
            Bot::new(PlayerKind::Random, seed),
            Bot::new(PlayerKind::Random, seed + 100),
        ];
        while !game.is_over() {
            let side = game.awaiting().unwrap();
            let legal = legal_orders(&game, side, seed);
            for bad in near_misses(&game, &legal) {
                if legal.contains(&bad) || drumfire_core::door::validate(game.world(), &bad).is_ok()
                {
                    continue;
                }
                let before = game.state_hash();
                let (journal, count) = (game.journal().entries().len(), game.orders().len());
                assert!(game.submit(bad.clone()).is_err(), "{bad:?}");
                assert_eq!(game.state_hash(), before, "{bad:?} changed the state");
                assert_eq!(
                    (game.journal().entries().len(), game.orders().len()),
                    (journal, count)
                );
                refused += 1;
            }
            let order = bots[usize::from(side)].choose(&game, side).unwrap();
            game.submit(order).unwrap();
        }
    }
    assert!(refused > 1_000, "only {refused} near misses were tried");
}

// ---- The computer player ------------------------------------------------------

#[test]
fn the_computer_fires_at_the_target_in_the_open_rather_than_the_one_in_cover() {
    // Two Blue rifles in range and sight, one in woods, one in the open: the open
    // table gives the better odds, so the computer fires there.
    let s = rifles_by_the_woods(&[]);
    let mut game = Game::new(&s, 4);
    to_activation(&mut game, 0);
    let choice = drumfire_core::rules::portable::ai::choose(game.world(), 0);
    assert_eq!(
        choice,
        Some(Order::from(PtOrder::Fire {
            side: 0,
            unit: "inf".into(),
            target: "0401".into()
        }))
    );
}

/// Red rifles in 0204 and Blue's regular cavalry in 0504, three hexes off, in good order.
fn cavalry_pinned_in_the_turn(seed: u64) -> Option<Game> {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("rif", 0, "infantry_rifles", "0204", ""),
            ("cav", 1, "cavalry_regular", "0504", ""),
            ("inf", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let mut game = Game::new(&s, seed);
    to_activation(&mut game, 0);
    order(
        &mut game,
        PtOrder::Fire {
            side: 0,
            unit: "rif".into(),
            target: "0504".into(),
        },
    )
    .ok()?;
    Some(game)
}

/// Where pinning meets the turn's order: "Regular European Cavalry Units that are
/// 'pinned' at the beginning of the turn must be 'unpinned' or move". Seed 2: Red
/// activates first and its rifles pin Blue's cavalry. Blue then activates freely (the
/// cavalry was in good order when the turn began); on the next turn, pinned from the
/// start, it must be unpinned or charge before anything else.
#[test]
fn cavalry_pinned_during_the_turn_is_not_made_to_charge_until_the_next() {
    let mut game = cavalry_pinned_in_the_turn(2).expect("Red fires");
    assert!(unit(&game, "cav").pinned);
    assert_eq!(game.world().resource::<drumfire_core::flow::Turn>().0, 1);
    assert_eq!(game.awaiting(), Some(1));
    assert_eq!(game.world().resource::<PtState>().step, Step::Activating);
    assert!(drumfire_core::rules::portable::cavalry_due(game.world(), 1).is_empty());
    order(
        &mut game,
        PtOrder::Move {
            side: 1,
            unit: "inf".into(),
            path: vec!["0907".into()],
        },
    )
    .unwrap();
    // Both sides pass on to turn 2, up to Blue's activations.
    let turn = |g: &Game| g.world().resource::<drumfire_core::flow::Turn>().0;
    while turn(&game) < 2
        || game.awaiting() != Some(1)
        || game.world().resource::<PtState>().step != Step::Activating
    {
        let side = game.awaiting().unwrap();
        game.submit(Order::Pass { side }).unwrap();
    }
    assert!(unit(&game, "cav").pinned);
    let due: Vec<String> = drumfire_core::rules::portable::cavalry_due(game.world(), 1)
        .into_iter()
        .map(|u| u.id)
        .collect();
    assert_eq!(due, ["cav"]);
    assert_eq!(
        order(
            &mut game,
            PtOrder::Move {
                side: 1,
                unit: "inf".into(),
                path: vec!["0906".into()],
            },
        )
        .unwrap_err(),
        "cav is pinned regular cavalry: it must be unpinned or charge before any other activation."
    );
}

/// Every choice the docs list as ours (P-1...) is marked `Ours — P-n` in the rule set's
/// code or data, where it lives; and no mark names a P-n the docs do not list.
#[test]
fn every_choice_we_designed_is_marked_ours_where_it_lives() {
    let (listed, wrong) =
        drumfire_core::testing::designed_marks("portable.md", "| P-", "P-", "portable");
    assert_eq!(listed, 16);
    assert!(wrong.is_empty(), "{wrong:?}");
}

/// Red rifles in 0204; Blue's regular cavalry in 0704, pinned when the turn begins, and
/// Blue rifles in 0908. The game is taken to the Action Phase's activations.
fn blue_cavalry_pinned_at_the_start(seed: u64) -> Game {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("inf", 0, "infantry_rifles", "0204", ""),
            ("cav", 1, "cavalry_regular", "0704", ", markers: [Pinned]"),
            ("foe", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let mut game = Game::new(&s, seed);
    while game.phase() != drumfire_core::rules::portable::ACTION
        || game.world().resource::<PtState>().step != Step::Activating
    {
        let side = game.awaiting().expect("someone is asked");
        game.submit(Order::Pass { side }).unwrap();
    }
    game
}

/// "the automatic movement towards the nearest enemy Unit takes place before any other
/// Units are activated": any other units, the enemy's too. Seed 0: Red activates first
/// (2 activations); before Red may activate anything, Blue decides for its cavalry, pinned
/// since the turn began; charging, it rides two hexes toward Red's rifles at once, spends
/// none of Red's activations nor any of its own, and only then does Red activate.
#[test]
fn pinned_cavalry_of_the_side_acting_second_charges_before_the_first_side_activates() {
    let mut game = blue_cavalry_pinned_at_the_start(0);
    let segment = |g: &Game| {
        g.world()
            .resource::<drumfire_core::flow::ActionSegment>()
            .side
    };
    let activations = |g: &Game| g.world().resource::<PtState>().activations;
    assert_eq!(
        (segment(&game), activations(&game)),
        (0, 2),
        "Red acts first"
    );
    assert_eq!(
        game.awaiting(),
        Some(1),
        "Blue decides for its cavalry first"
    );
    let due: Vec<String> = drumfire_core::rules::portable::cavalry_due(game.world(), 1)
        .into_iter()
        .map(|u| u.id)
        .collect();
    assert_eq!(due, ["cav"]);
    assert_eq!(
        order(
            &mut game,
            PtOrder::Move {
                side: 0,
                unit: "inf".into(),
                path: vec!["0304".into()]
            }
        )
        .unwrap_err(),
        "The game waits on Blue, not on Red."
    );
    assert_eq!(
        game.submit(Order::Pass { side: 1 }).unwrap_err().0,
        "cav is pinned regular cavalry: unpin it or let it charge first."
    );
    assert_eq!(
        order(
            &mut game,
            PtOrder::Move {
                side: 1,
                unit: "foe".into(),
                path: vec!["0907".into()]
            }
        )
        .unwrap_err(),
        "cav is pinned regular cavalry: it must be unpinned or charge before any other activation."
    );
    order(
        &mut game,
        PtOrder::Charge {
            side: 1,
            unit: "cav".into(),
        },
    )
    .unwrap();
    let cav = unit(&game, "cav");
    assert_eq!(view::label(cav.hex), "0503");
    assert_eq!(
        cav.hex.unsigned_distance_to(h("0204")),
        3,
        "two hexes nearer"
    );
    assert!(cav.pinned, "the charge is made pinned");
    assert_eq!((game.awaiting(), activations(&game)), (Some(0), 2));
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "inf".into(),
            path: vec!["0304".into()],
        },
    )
    .unwrap();
    assert_eq!(view::label(unit(&game, "inf").hex), "0304");
    // Red has nothing left to activate: Blue's part, where the cavalry that charged is
    // done for the turn.
    assert_eq!((segment(&game), game.awaiting()), (1, Some(1)));
    assert!(drumfire_core::rules::portable::cavalry_due(game.world(), 1).is_empty());
    assert!(unit(&game, "cav").activated());
}

/// The other branch of the same decision, taken before Red's first activation: Blue
/// decides to unpin its cavalry. It does not charge; it stays pinned through Red's part
/// and is unpinned as Blue's first activation (one of Blue's own), before any other and
/// without a charge left to choose.
#[test]
fn pinned_cavalry_of_the_side_acting_second_unpinned_by_a_decision_made_before_the_first_side_activates()
 {
    let mut game = blue_cavalry_pinned_at_the_start(0);
    order(
        &mut game,
        PtOrder::Unpin {
            side: 1,
            unit: "cav".into(),
        },
    )
    .unwrap();
    assert!(unit(&game, "cav").pinned);
    assert_eq!(view::label(unit(&game, "cav").hex), "0704");
    assert_eq!(game.world().resource::<PtState>().unpin_due, ["cav"]);
    assert_eq!(game.awaiting(), Some(0));
    assert_eq!(game.world().resource::<PtState>().activations, 2);
    game.submit(Order::Pass { side: 0 }).unwrap();
    // Blue's part: its dice thrown, the cavalry's unpinning comes first.
    assert_eq!(game.awaiting(), Some(1));
    let left = game.world().resource::<PtState>().activations;
    assert!(left > 0);
    assert_eq!(
        order(
            &mut game,
            PtOrder::Charge {
                side: 1,
                unit: "cav".into()
            }
        )
        .unwrap_err(),
        "cav is to be unpinned, as was decided before the turn's first activation: it does not charge."
    );
    assert_eq!(
        order(
            &mut game,
            PtOrder::Move {
                side: 1,
                unit: "foe".into(),
                path: vec!["0907".into()]
            }
        )
        .unwrap_err(),
        "cav is pinned regular cavalry: it must be unpinned or charge before any other activation."
    );
    order(
        &mut game,
        PtOrder::Unpin {
            side: 1,
            unit: "cav".into(),
        },
    )
    .unwrap();
    assert!(!unit(&game, "cav").pinned);
    assert_eq!(game.world().resource::<PtState>().activations, left - 1);
    assert!(game.world().resource::<PtState>().unpin_due.is_empty());
}
