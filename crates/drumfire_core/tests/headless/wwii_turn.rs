//! The WWII turn in play: movement and contact, overruns, fire, the assault phase and
//! the rally. Each test is named after the rule it proves (`docs/rules/wwii.md`).

use drumfire_core::game::Game;
use drumfire_core::orders::Order;
use drumfire_core::players::PlayerKind;
use drumfire_core::rules::wwii::morale::State;
use drumfire_core::rules::wwii::state::{Followup, WwiiOrder, WwiiState};
use drumfire_core::rules::wwii::{self, view};

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

#[test]
fn personnel_moving_into_contact_are_locked_and_fight_in_the_assault_phase() {
    // WW-1, WW-2, WW-4, WW-5, WW-6, WW-8 on the map.
    let mut g = field(
        &OPEN,
        &[
            ("rifles", 0, "rifle_platoon", "0406", "North", 4),
            ("smg", 0, "assault_platoon", "0306", "North", 3),
            ("tank", 0, "medium_tank", "0506", "North", 3),
            ("red", 1, "rifle_platoon", "0402", "South", 4),
        ],
        1,
    );
    assert_eq!(g.phase_name(), "Movement");
    // "Once contacted ... opposing personnel units ... are locked in place": a move
    // ends at the first hex in contact.
    refused(
        &mut g,
        mv(0, "rifles", "0405 0404 0403 0303"),
        "makes contact at 0403",
    );
    g.submit(mv(0, "rifles", "0405 0404 0403")).unwrap();
    g.submit(mv(0, "smg", "0305 0304 0303 0302")).unwrap();
    g.submit(mv(0, "tank", "0505 0504 0503 0502")).unwrap();
    let st = state(&g);
    assert_eq!(
        st.assaulting.iter().map(String::as_str).collect::<Vec<_>>(),
        ["rifles", "smg", "tank"]
    );
    refused(&mut g, mv(0, "rifles", "0404"), "has made its move");
    pass(&mut g);
    assert_eq!(g.awaiting(), Some(1));
    refused(&mut g, mv(1, "red", "0401"), "locked in place");
    pass(&mut g);
    assert_eq!(g.phase_name(), "Fire");
    // Normally equipped assaulters may not fire; assault weapons may, with the moved
    // modifier; tanks fire assaulting.
    refused(
        &mut g,
        fire(0, "rifles", "red"),
        "normally equipped assaulting units may not fire",
    );
    g.submit(fire(0, "smg", "red")).unwrap();
    g.submit(fire(0, "tank", "red")).unwrap();
    // The defender fires in its own fire phase; then the assault is fought.
    assert_eq!(g.awaiting(), Some(1));
    g.submit(fire(1, "red", "rifles")).unwrap();
    let lines = log(&g);
    assert!(lines.iter().any(|l| l == "Small arms fire: smg at 0402, needs 6 (-1 the firer moved), 6 dice at 1 hex: 6-6 kill, dice 6+1+4+2+1+1 = 15: 1 kill."));
    // Red may fight the tank or the personnel: it chooses; by default the personnel.
    assert_eq!(g.phase_name(), "Assault");
    assert_eq!(g.awaiting(), Some(1));
    pass(&mut g);
    let fought = state(&g).fought;
    let lines = log(&g);
    let start = lines
        .iter()
        .position(|l| l.starts_with("Assault at"))
        .unwrap();
    for l in &lines[start..] {
        println!("{l}");
    }
    assert_eq!(fought[0].kind, "Assault");
    assert_eq!(
        fought[0].units,
        [
            vec!["rifles".to_owned(), "smg".to_owned()],
            vec!["red".to_owned()]
        ]
    );
}

#[test]
fn a_voluntary_rout_breaks_contact_on_a_passed_check_and_stays_on_a_failed_one() {
    // WW-3, W-D16: a morale check; passed, it routs away.
    let units = [
        ("blue", 0, "rifle_platoon", "0403", "North", 3),
        ("red", 1, "rifle_platoon", "0402", "South", 4),
    ];
    let rout = || -> Order {
        WwiiOrder::Rout {
            side: 0,
            unit: "blue".into(),
        }
        .into()
    };
    let mut g = field(&OPEN, &units, 1);
    refused(&mut g, mv(0, "blue", "0404"), "locked in place");
    g.submit(rout()).unwrap();
    assert!(
        log(&g)
            .iter()
            .any(|l| l == "blue orders a voluntary rout: 7 against 7, passed; it routs away.")
    );
    let u = unit(&g, "blue").unwrap();
    assert_eq!(drumfire_core::coords::hex_label(u.hex), "0105");
    assert_eq!(u.morale, State::Routed);
    let mut g = field(&OPEN, &units, 4);
    g.submit(rout()).unwrap();
    assert!(
        log(&g)
            .iter()
            .any(|l| l.ends_with("8 against 7, failed; it stays locked in the assault."))
    );
    let u = unit(&g, "blue").unwrap();
    assert_eq!(drumfire_core::coords::hex_label(u.hex), "0403");
    assert_eq!(u.morale, State::Good);
}

#[test]
fn an_armored_overrun_costs_a_quarter_of_the_movement_and_the_tank_drives_on() {
    // WW-25, WW-27, WW-28, WW-29, W-D24: the gun in the hex fires first; the infantry
    // fights three rounds; the gun with it is overrun as the infantry lost.
    let mut g = field(
        &OPEN,
        &[
            ("tank", 0, "medium_tank", "0406", "North", 3),
            ("red", 1, "rifle_platoon", "0402", "South", 2),
            ("gun", 1, "at_gun", "0402", "South", 2),
        ],
        1,
    );
    g.submit(mv(0, "tank", "0405 0404 0403")).unwrap();
    assert_eq!(state(&g).spent["tank"], 3);
    g.submit(overrun(0, "tank", "0402")).unwrap();
    let lines = log(&g);
    let start = lines.iter().position(|l| l.contains("overruns")).unwrap();
    assert_eq!(
        lines[start..],
        [
            "tank overruns red and gun at 0402 (a quarter of its movement).",
            "Dice, Gun fire: gun: 6 + 1",
            "Gun fire: gun at 0403, needs 4 (+1 gun 4 against armor 3), 2 dice at 1 hex: 4-6 kill, dice 6+1 = 7: 1 kill.",
            "tank loses stand 3 (2 standing).",
            "Dice, Armored overrun round 1: tank against red: 4 + 2 + 1 + 1 + 4 + 2",
            "Armored overrun round 1: tank's 4 machine-gun dice kill 0, red's 2 dice kill 0.",
            "Dice, Armored overrun round 2: tank against red: 1 + 5 + 6 + 5 + 5 + 3",
            "Armored overrun round 2: tank's 4 machine-gun dice kill 2, red's 2 dice kill 0.",
            "The armored overrun: tank wins: red eliminated.",
            "red loses stand 2 (1 standing).",
            "red loses its last stand and is removed.",
            "red is gone from the field.",
            "gun is overrun.",
            "gun loses stand 2 (1 standing).",
            "gun loses its last stand and is removed.",
            "gun is gone from the field.",
        ]
    );
    // A quarter of 7 hexes, rounded up: 2.
    assert_eq!(state(&g).spent["tank"], 5);
    // "tanks may continue their move after an assault round": it drives on.
    g.submit(mv(0, "tank", "0402")).unwrap();
    assert_eq!(state(&g).spent["tank"], 6);
}

#[test]
fn tanks_may_not_overrun_bunkers_or_vehicles_and_need_sound_morale_and_movement() {
    // WW-26, WW-28.
    let terrain = [
        "........", ".b......", "........", "........", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("tank", 0, "medium_tank", "0203", "North", 3),
            ("tank2", 0, "light_tank", "0503", "North", 3),
            ("bunker", 1, "rifle_platoon", "0202", "South", 2),
            ("car", 1, "armored_car", "0502", "South", 2),
            ("rifles", 1, "rifle_platoon", "0802", "South", 2),
        ],
        1,
    );
    refused(
        &mut g,
        overrun(0, "tank", "0202"),
        "tanks cannot assault units in bunkers or pillboxes",
    );
    refused(
        &mut g,
        overrun(0, "tank2", "0502"),
        "tanks do not assault tanks or armored cars",
    );
    refused(&mut g, overrun(0, "tank2", "0802"), "is not next to");
    // A light tank of 8 hexes: 6 spent leaves 2, an overrun's cost.
    g.submit(mv(0, "tank2", "0603 0703 0804 0704 0604 0603"))
        .unwrap_or_else(|e| panic!("{e:?}"));
    g.submit(mv(0, "tank2", "0703")).unwrap();
    refused(
        &mut g,
        overrun(0, "tank2", "0802"),
        "an overrun costs 2 of its movement and 1 is left",
    );
    drumfire_core::rules::wwii::effects::set_morale(g.world_mut(), "tank", State::Pinned);
    refused(
        &mut g,
        overrun(0, "tank", "0202"),
        "its morale must be sound",
    );
}

#[test]
fn heavy_weapons_alone_are_overrun_without_assault_rounds() {
    // WW-25, WW-33: heavy weapons do not take part in the rounds.
    let mut g = field(
        &OPEN,
        &[
            ("tank", 0, "medium_tank", "0403", "North", 3),
            ("mg", 1, "mg_section", "0402", "South", 2),
        ],
        1,
    );
    g.submit(overrun(0, "tank", "0402")).unwrap();
    assert!(unit(&g, "mg").is_none());
    assert!(state(&g).fought.is_empty(), "no rounds were fought");
    assert!(log(&g).iter().any(|l| l == "mg is overrun."));
}

#[test]
fn infantry_chooses_which_tank_unit_it_assaults_in_the_assault_phase() {
    // WW-21, WW-22, WW-23, WW-24, WW-30, WW-31 on the map.
    let ri = "0402";
    let cv = next_to_both("0403", "0404");
    let mut g = field(
        &OPEN,
        &[
            ("ri", 0, "rifle_platoon", ri, "South", 3),
            ("tk", 0, "medium_tank", "0404", "North", 3),
            ("at", 1, "at_team", "0403", "South", 2),
            ("cv", 1, "cavalry_troop", &cv, "North", 2),
        ],
        1,
    );
    pass_to(&mut g, "Assault");
    assert_eq!(g.awaiting(), Some(1), "the side with a choice chooses");
    let engage = |unit: &str, target: &str| -> Order {
        WwiiOrder::Engage {
            side: 1,
            unit: unit.into(),
            target: target.into(),
        }
        .into()
    };
    refused(
        &mut g,
        engage("cv", "tk"),
        "Units without an AT assault value are not capable of assaulting tanks",
    );
    refused(&mut g, engage("at", "cv"), "is no enemy");
    g.submit(engage("at", "tk")).unwrap();
    pass(&mut g);
    let fought = state(&g).fought;
    println!("{fought:#?}");
    for l in log(&g) {
        println!("{l}");
    }
    let kinds: Vec<&str> = fought.iter().map(|f| f.kind.as_str()).collect();
    assert!(kinds.contains(&"Tank assault"), "{kinds:?}");
    let t = fought.iter().find(|f| f.kind == "Tank assault").unwrap();
    assert_eq!(t.units, [vec!["tk".to_owned()], vec!["at".to_owned()]]);
    // The weapon differential: the team's 4 against the medium tank's 3.
    assert!(t.modifiers[1].contains(&(1, "weapon differential".to_owned())));
}

#[test]
fn a_breakthrough_occupies_uncontested_ground_within_one_assault_movement() {
    // WW-13, W-D18 on the map.
    let mut g = field(
        &OPEN,
        &[
            ("blue", 0, "rifle_platoon", "0404", "North", 6),
            ("red", 1, "rifle_platoon", "0402", "South", 1),
        ],
        1,
    );
    g.submit(mv(0, "blue", "0403")).unwrap();
    pass_to(&mut g, "Assault");
    assert_eq!(
        state(&g).followups,
        [Followup::Breakthrough {
            unit: "blue".into(),
            reach: 2
        }]
    );
    assert_eq!(g.awaiting(), Some(0));
    let advance = |path: &str| -> Order {
        WwiiOrder::Advance {
            side: 0,
            unit: "blue".into(),
            path: path.split_whitespace().map(str::to_owned).collect(),
        }
        .into()
    };
    refused(
        &mut g,
        advance("0402 0401 0301"),
        "within 2 movement points",
    );
    refused(&mut g, advance("0401"), "within 2 movement points");
    g.submit(advance("0402 0401")).unwrap();
    assert_eq!(
        drumfire_core::coords::hex_label(unit(&g, "blue").unwrap().hex),
        "0401"
    );
    assert_eq!(g.phase_name(), "Movement", "the turn goes on");
}

#[test]
fn cavalry_that_wins_dismounts_in_place_or_uses_its_remaining_movement() {
    // WW-18 on the map.
    let units = [
        ("cav", 0, "cavalry_troop", "0404", "North", 3),
        ("red", 1, "rifle_platoon", "0402", "South", 1),
    ];
    let mut g = field(&OPEN, &units, 1);
    g.submit(mv(0, "cav", "0403")).unwrap();
    pass_to(&mut g, "Assault");
    assert_eq!(
        state(&g).followups,
        [Followup::Cavalry {
            unit: "cav".into(),
            left: 7
        }]
    );
    g.submit(
        WwiiOrder::Dismount {
            side: 0,
            unit: "cav".into(),
        }
        .into(),
    )
    .unwrap();
    let u = unit(&g, "cav").unwrap();
    assert_eq!(u.kind(), drumfire_core::rules::wwii::mixed::Kind::Infantry);
    assert_eq!(u.figures.movement, 4);
    let mut g = field(&OPEN, &units, 3);
    g.submit(mv(0, "cav", "0403")).unwrap();
    pass_to(&mut g, "Assault");
    g.submit(
        WwiiOrder::Advance {
            side: 0,
            unit: "cav".into(),
            path: vec!["0402".into(), "0401".into(), "0501".into()],
        }
        .into(),
    )
    .unwrap();
    let u = unit(&g, "cav").unwrap();
    assert_eq!(drumfire_core::coords::hex_label(u.hex), "0501");
    assert_eq!(u.kind(), drumfire_core::rules::wwii::mixed::Kind::Cavalry);
}

#[test]
fn cavalry_may_not_move_into_contact_with_vehicles_or_troops_in_buildings() {
    // WW-16 on the map.
    let terrain = [
        "........", "...t....", "........", "........", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("cav", 0, "cavalry_troop", "0404", "North", 3),
            ("cav2", 0, "cavalry_troop", "0704", "North", 3),
            ("house", 1, "rifle_platoon", "0402", "South", 2),
            ("tank", 1, "light_tank", "0702", "South", 2),
        ],
        1,
    );
    refused(
        &mut g,
        mv(0, "cav", "0403"),
        "cavalry may not assault troops in buildings",
    );
    refused(
        &mut g,
        mv(0, "cav2", "0703"),
        "cavalry may not assault tanks or armored cars",
    );
}

#[test]
fn fire_at_range_takes_bases_from_the_right_and_shows_its_exact_odds() {
    // W-D12, W-D13, W-D21 on the map.
    let terrain = [
        "........", "........", "........", "......w.", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("mg", 0, "mg_section", "0406", "North", 2),
            ("red", 1, "rifle_platoon", "0402", "South", 4),
            ("far", 1, "rifle_platoon", "0701", "South", 4),
            ("tank", 1, "light_tank", "0202", "South", 2),
        ],
        1,
    );
    pass_to(&mut g, "Fire");
    let (mg, red) = (unit(&g, "mg").unwrap(), unit(&g, "red").unwrap());
    let shot = drumfire_core::rules::wwii::fire_phase::can_fire(g.world(), &mg, &red).unwrap();
    assert_eq!((shot.dice, shot.needs), (6, Some(5)));
    let odds = drumfire_core::rules::wwii::fire_phase::odds(&mg, &red, &shot);
    assert_eq!(odds.outcomes[0].label, "0 bases lost");
    assert_eq!(
        (odds.outcomes[0].chance.ways, odds.outcomes[0].chance.of),
        (4096, 46656)
    );
    refused(&mut g, fire(0, "mg", "tank"), "small arms cannot hurt");
    g.submit(fire(0, "mg", "red")).unwrap();
    let lines = log(&g);
    println!("{:?}", &lines[lines.len() - 4..]);
    let u = unit(&g, "red").unwrap();
    assert!(
        u.stands
            .0
            .iter()
            .rev()
            .take(4 - u.bases() as usize)
            .all(|s| s.lost),
        "bases go from the right"
    );
}

#[test]
fn a_pin_lasts_through_the_next_turn_and_then_rallies() {
    // W-D15: "pinned for one turn".
    let mut g = field(
        &OPEN,
        &[
            ("blue", 0, "rifle_platoon", "0406", "North", 3),
            ("red", 1, "rifle_platoon", "0401", "South", 4),
        ],
        1,
    );
    drumfire_core::rules::wwii::effects::set_morale(g.world_mut(), "blue", State::Pinned);
    refused(&mut g, mv(0, "blue", "0405"), "is pinned");
    let turn = |g: &Game| g.world().resource::<drumfire_core::flow::Turn>().0;
    while turn(&g) < 2 {
        pass(&mut g);
    }
    assert_eq!(
        unit(&g, "blue").unwrap().morale,
        State::Pinned,
        "still pinned in turn 2"
    );
    while turn(&g) < 3 {
        pass(&mut g);
    }
    assert_eq!(
        unit(&g, "blue").unwrap().morale,
        State::Good,
        "rallied at the end of turn 2"
    );
    assert!(log(&g).iter().any(|l| l == "blue rallies: in good order."));
}

#[test]
fn the_assault_modifiers_on_the_map_read_contact_cover_facing_and_morale() {
    // WW-34..WW-41 on the map: hit in rear, cover, pinned.
    let terrain = [
        "........", "....w...", "........", "........", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("behind", 0, "rifle_platoon", "0501", "South", 3),
            ("red", 1, "rifle_platoon", "0502", "South", 3),
        ],
        1,
    );
    drumfire_core::rules::wwii::effects::set_morale(g.world_mut(), "behind", State::Pinned);
    let group = &wwii::assault_phase::groups(g.world())[0];
    let setup = wwii::assault_phase::personnel_setup(g.world(), group).unwrap();
    assert_eq!(setup.modifiers[0], [(-1, "pinned or worse".to_owned())]);
    assert_eq!(
        setup.modifiers[1],
        [
            (-2, "hit in rear".to_owned()),
            (1, "in solid cover or better".to_owned())
        ]
    );
    // The odds panel of this assault: every result over 36^3 rolls.
    let odds = wwii::personnel_assault::odds_of(
        ["behind", "red"],
        [3, 3],
        setup.modifiers.clone(),
        setup.meeting,
    );
    assert!(odds.check().is_ok());
    assert_eq!(odds.modifiers.len(), 3);
}

#[test]
fn games_play_to_the_end_with_the_invariants_and_replay_to_the_same_hash() {
    let players = [
        [PlayerKind::Random; 2],
        [PlayerKind::Ai, PlayerKind::Random],
        [PlayerKind::Random, PlayerKind::Ai],
        [PlayerKind::Ai; 2],
    ];
    for name in ["orchard_farm.ron", "krasny_bor.ron"] {
        let s = drumfire_core::testing::shipped("wwii", name);
        for seed in 1..=8 {
            let mut g =
                drumfire_core::testing::soak_game_with(&s, seed, players[seed as usize % 4])
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(g.outcome().is_some());
            let saved = drumfire_core::save::save_of(&mut g, &s, seed);
            let text = drumfire_core::save::to_text(&saved).unwrap();
            let back = drumfire_core::save::parse("wwii.ron", &text, &drumfire_core::rules::ALL)
                .unwrap_or_else(|e| panic!("{}", e[0]));
            let (_, check) = drumfire_core::save::replay(&back);
            assert_eq!(check, Ok(g.state_hash()), "{name} seed {seed}");
        }
    }
}

/// Orders near the legal ones but wrong: the other side, other units, hexes off the
/// map, targets of the wrong side.
fn near_misses(game: &Game, legal: &[Order]) -> Vec<Order> {
    let ids: Vec<String> = game
        .world()
        .resource::<drumfire_core::counters::PieceIds>()
        .0
        .keys()
        .cloned()
        .collect();
    let mut out = vec![Order::Pass { side: 7 }];
    for (i, o) in legal.iter().take(16).enumerate() {
        let other = ids[i % ids.len()].clone();
        let Some(w) = o.rules::<WwiiOrder>() else {
            out.push(Order::Pass {
                side: 1 - o.side().unwrap_or(0),
            });
            continue;
        };
        let side = w.side();
        let wrong = match w.clone() {
            WwiiOrder::Move {
                side,
                unit,
                mut path,
                facing,
            } => {
                path.push("9999".into());
                WwiiOrder::Move {
                    side,
                    unit,
                    path,
                    facing,
                }
            }
            WwiiOrder::Advance {
                side,
                unit,
                mut path,
            } => {
                path.push("0101".into());
                WwiiOrder::Advance { side, unit, path }
            }
            WwiiOrder::Fire { side, unit, .. } => WwiiOrder::Fire {
                side,
                unit,
                target: other.clone(),
            },
            WwiiOrder::Overrun { side, unit, .. } => WwiiOrder::Overrun {
                side,
                unit,
                target: "0101".into(),
            },
            WwiiOrder::Engage { side, unit, .. } => WwiiOrder::Engage {
                side,
                unit,
                target: other.clone(),
            },
            WwiiOrder::Prone { side, .. } => WwiiOrder::Rout {
                side,
                unit: other.clone(),
            },
            WwiiOrder::Rout { side, .. } => WwiiOrder::Prone {
                side,
                unit: other.clone(),
            },
            WwiiOrder::Dismount { side, .. } => WwiiOrder::Dismount {
                side,
                unit: other.clone(),
            },
        };
        out.push(Order::from(wrong));
        out.push(Order::from(WwiiOrder::Move {
            side: 1 - side,
            unit: other.clone(),
            path: vec!["0505".into()],
            facing: None,
        }));
        out.push(Order::from(WwiiOrder::Overrun {
            side,
            unit: other,
            target: "0505".into(),
        }));
    }
    out
}

#[test]
fn every_illegal_order_near_a_legal_one_is_refused_with_the_state_unchanged() {
    use drumfire_core::players::{Bot, legal_orders};
    let s = drumfire_core::testing::shipped("wwii", "krasny_bor.ron");
    let mut refused_count = 0;
    for seed in 0..3u64 {
        let mut game = Game::new(&s, seed);
        let mut bots = [
            Bot::new(PlayerKind::Random, seed),
            Bot::new(PlayerKind::Ai, seed + 100),
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
                refused_count += 1;
            }
            let order = bots[usize::from(side)].choose(&game, side).unwrap();
            game.submit(order).unwrap();
        }
    }
    assert!(
        refused_count > 500,
        "only {refused_count} near misses were tried"
    );
}

#[test]
fn the_computer_beats_the_random_player_from_either_side() {
    // The figures over 200 games a side are in docs/ai.md (`scripts/ai-strength.sh`).
    for name in ["orchard_farm.ron", "krasny_bor.ron"] {
        let s = drumfire_core::testing::shipped("wwii", name);
        let mut won = [0; 2];
        for ai_side in [0u8, 1] {
            for seed in 0..6 {
                let mut kinds = [PlayerKind::Random; 2];
                kinds[usize::from(ai_side)] = PlayerKind::Ai;
                let g = drumfire_core::testing::soak_game_with(&s, seed, kinds).unwrap();
                if g.outcome().unwrap().winner == Some(ai_side) {
                    won[usize::from(ai_side)] += 1;
                }
            }
        }
        assert_eq!(won, [6, 6], "{name}");
    }
}

/// Passes until the turn after the first begins (the assault phase fought out).
fn pass_turn(g: &mut Game) {
    while g.world().resource::<drumfire_core::flow::Turn>().0 < 2 {
        pass(g);
    }
}

#[test]
fn tanks_cannot_assault_bunkers_in_the_assault_phase_nor_fire_at_troops_they_cannot_hit() {
    // WW-26 in the assault phase: "Bunkers and pillboxes ... prevent units occupying
    // them from being assaulted by tanks": the machine guns in a bunker beside a tank
    // are not overrun, and the player is told why the tank does not fight.
    let terrain = [
        "........", ".b......", "........", "........", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("tank", 0, "medium_tank", "0203", "North", 3),
            ("mg", 1, "mg_section", "0202", "South", 2),
        ],
        1,
    );
    pass_turn(&mut g);
    let lines = log(&g);
    assert!(lines.iter().any(
        |l| l == "tank cannot assault mg: tanks cannot assault units in bunkers or pillboxes."
    ));
    assert!(!lines.iter().any(|l| l == "mg is overrun."));
    assert_eq!(unit(&g, "mg").unwrap().bases(), 2);
    // W-D6, W-D12: machine guns that cannot hit troops in full cover throw no dice.
    let terrain = [
        "........", "...t....", "........", "........", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("tank", 0, "medium_tank", "0403", "North", 3),
            ("cav", 1, "cavalry_troop", "0402", "South", 2),
        ],
        1,
    );
    pass_turn(&mut g);
    let lines = log(&g);
    assert!(
        lines
            .iter()
            .any(|l| l == "tank's machine guns cannot hit cav in full cover: no dice.")
    );
    assert!(!lines.iter().any(|l| l.starts_with("Dice, machine guns")));
    assert_eq!(unit(&g, "cav").unwrap().bases(), 2);
}

#[test]
fn an_overrun_costs_a_quarter_of_the_movement_for_each_assault_conducted() {
    // WW-27: "one-quarter of its movement per three-round assault conducted": a hex of
    // two units is two assaults, two quarters.
    let units = [
        ("tank", 0, "medium_tank", "0403", "North", 3),
        ("r1", 1, "rifle_platoon", "0402", "South", 1),
        ("r2", 1, "rifle_platoon", "0402", "South", 1),
    ];
    let mut g = field(&OPEN, &units, SEED_TWO_ASSAULTS);
    g.submit(mv(0, "tank", "0404 0405 0404 0403")).unwrap();
    refused(
        &mut g,
        overrun(0, "tank", "0402"),
        "an overrun of 2 units costs 4 of its movement and 3 is left",
    );
    let mut g = field(&OPEN, &units, SEED_TWO_ASSAULTS);
    g.submit(overrun(0, "tank", "0402")).unwrap();
    let st = state(&g);
    assert_eq!(st.fought.len(), 2, "two assaults conducted");
    assert_eq!(st.spent["tank"], 4, "a quarter of 7 (2) for each");
    assert!(
        log(&g).iter().any(|l| l.ends_with(
            "at 0402 (a quarter of its movement for each of its 2 assaults)."
        )),
        "{:?}",
        log(&g)
    );
}

/// Fixed seeds for the tests below, each giving the outcome its test needs.
const SEED_TWO_ASSAULTS: u64 = 1;
const SEED_BROKEN: u64 = 17;
const SEED_AT_WINS: u64 = 1;
const SEED_TANK_BREAKS: u64 = 2;
const SEED_PRONE: u64 = 1;

#[test]
fn a_tank_whose_morale_broke_in_an_overrun_overruns_no_more() {
    // WW-28: "So long as their morale remains sound": a tank that lost an assault of
    // its overrun (demoralized, then withdrawn by its check) does not fight the next
    // unit in the hex.
    let mut g = field(
        &OPEN,
        &[
            ("tank", 0, "light_tank", "0403", "North", 3),
            ("at", 1, "at_team", "0402", "South", 2),
            ("r2", 1, "rifle_platoon", "0402", "South", 2),
        ],
        SEED_BROKEN,
    );
    g.submit(overrun(0, "tank", "0402")).unwrap();
    let st = state(&g);
    assert_eq!(st.fought.len(), 1, "{:?}", log(&g));
    assert_eq!(st.fought[0].ending, "tank loses the assault: demoralized");
    assert_eq!(unit(&g, "tank").unwrap().morale, State::Withdrawn);
    assert!(
        unit(&g, "r2").is_some_and(|r| r.bases() == 2),
        "r2 not fought"
    );
    assert!(
        log(&g)
            .iter()
            .any(|l| l == "tank's morale is no longer sound: it overruns no more.")
    );
    assert_eq!(st.spent["tank"], 2, "one assault conducted: a quarter of 8");
}

#[test]
fn a_breakthrough_is_announced_only_where_the_winner_may_advance() {
    // WW-13, W-D25: infantry that wins an overrun cannot move in the tank's movement
    // phase: it wins, no breakthrough is announced and none waits.
    let mut g = field(
        &OPEN,
        &[
            ("tank", 0, "light_tank", "0403", "North", 1),
            ("at", 1, "at_team", "0402", "South", 2),
        ],
        SEED_AT_WINS,
    );
    g.submit(overrun(0, "tank", "0402")).unwrap();
    assert!(
        log(&g)
            .iter()
            .any(|l| l == "The armored overrun: at wins: tank eliminated.")
    );
    assert!(state(&g).followups.is_empty());
    // A tank that breaks through in the assault phase may advance.
    let mut g = field(
        &OPEN,
        &[
            ("tank", 0, "medium_tank", "0403", "North", 3),
            ("at", 1, "at_team", "0402", "South", 1),
        ],
        SEED_TANK_BREAKS,
    );
    pass_to(&mut g, "Assault");
    assert_eq!(
        state(&g).followups,
        [Followup::Breakthrough {
            unit: "tank".into(),
            reach: 4
        }]
    );
    g.submit(
        WwiiOrder::Advance {
            side: 0,
            unit: "tank".into(),
            path: vec!["0402".into()],
        }
        .into(),
    )
    .unwrap();
    assert_eq!(
        drumfire_core::coords::hex_label(unit(&g, "tank").unwrap().hex),
        "0402"
    );
}

#[test]
fn a_breakthrough_reaches_one_assault_movement_in_movement_points() {
    // WW-13, W-D18: one assault movement of a rifle platoon is 2 movement points: an
    // open hex (1) and a wood (2) are beyond it.
    let terrain = [
        "...w....", "........", "........", "........", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("blue", 0, "rifle_platoon", "0404", "North", 6),
            ("red", 1, "rifle_platoon", "0402", "South", 1),
        ],
        1,
    );
    g.submit(mv(0, "blue", "0403")).unwrap();
    pass_to(&mut g, "Assault");
    let advance = |path: &str| -> Order {
        WwiiOrder::Advance {
            side: 0,
            unit: "blue".into(),
            path: path.split_whitespace().map(str::to_owned).collect(),
        }
        .into()
    };
    refused(&mut g, advance("0402 0401"), "within 2 movement points");
    g.submit(advance("0402")).unwrap();
    assert_eq!(
        drumfire_core::coords::hex_label(unit(&g, "blue").unwrap().hex),
        "0402"
    );
}

#[test]
fn a_tank_assault_nobody_can_win_is_not_fought() {
    // W-D25: riflemen in a building against a heavy tank: neither can kill a base of
    // the other, so no rounds are fought and nobody loses a base or is pinned.
    let terrain = [
        "........", "...t....", "........", "........", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("tank", 0, "heavy_tank", "0403", "North", 3),
            ("red", 1, "rifle_platoon", "0402", "South", 4),
        ],
        1,
    );
    // The odds panel says so before the fight.
    let group = &wwii::assault_phase::groups(g.world())[0];
    let (t, r) = (unit(&g, "tank").unwrap(), unit(&g, "red").unwrap());
    let odds = wwii::assault_phase::tank_odds(g.world(), group, &t, &r, "Tank assault");
    assert_eq!(
        odds.outcomes
            .iter()
            .map(|o| (o.label.as_str(), o.chance.ways, o.chance.of))
            .collect::<Vec<_>>(),
        [("neither can hurt the other: no rounds", 1000, 1000)]
    );
    pass_turn(&mut g);
    assert!(log(&g).iter().any(
        |l| l == "Tank assault: neither tank nor red can hurt the other: no rounds are fought."
    ));
    let (t, r) = (unit(&g, "tank").unwrap(), unit(&g, "red").unwrap());
    assert_eq!((t.bases(), r.bases()), (3, 4));
    assert_eq!((t.morale, r.morale), (State::Good, State::Good));
    assert!(state(&g).fought.is_empty());
}

#[test]
fn a_prone_unit_that_breaks_through_stands_up_and_machine_guns_aim_at_units_still_there() {
    // W-D20: a unit that moves is no longer prone; W-D11: a tank's machine guns fire at
    // the enemy as it stands after the fights before them.
    let mut g = field(
        &OPEN,
        &[
            ("blue", 0, "rifle_platoon", "0403", "North", 6),
            (
                "tank",
                0,
                "medium_tank",
                &next_to_both("0403", "0402"),
                "North",
                3,
            ),
            ("red", 1, "rifle_platoon", "0402", "South", 1),
        ],
        SEED_PRONE,
    );
    g.submit(
        WwiiOrder::Prone {
            side: 0,
            unit: "blue".into(),
        }
        .into(),
    )
    .unwrap();
    pass_to(&mut g, "Assault");
    while state(&g).acting.is_some() {
        pass(&mut g);
    }
    assert!(unit(&g, "red").is_none());
    assert!(!log(&g).iter().any(|l| l.starts_with("Dice, machine guns")));
    assert!(unit(&g, "blue").unwrap().prone);
    g.submit(
        WwiiOrder::Advance {
            side: 0,
            unit: "blue".into(),
            path: vec!["0402".into()],
        }
        .into(),
    )
    .unwrap();
    assert!(!unit(&g, "blue").unwrap().prone);
}

#[test]
fn a_scenario_may_not_set_a_vehicle_up_in_marsh_and_names_a_units_own_bases() {
    // W-D20: "no vehicle in marsh", in the scenario's check, located; W-D19: the hint
    // for a unit with no bases names its type's bases.
    let terrain = [
        "~.......", "........", "........", "........", "........", "........",
    ];
    let text = scenario_text(
        &terrain,
        &[
            ("tank", 0, "light_tank", "0101", "North", 2),
            ("empty", 1, "medium_tank", "0405", "North", 0),
        ],
    );
    let errs: Vec<String> =
        match drumfire_core::scenario::parse("test.ron", &text, &drumfire_core::rules::ALL) {
            Ok(_) => panic!("accepted"),
            Err(e) => e.iter().map(|x| x.to_string()).collect(),
        };
    println!("{errs:#?}");
    assert!(errs.iter().any(|e| e.contains("counters[0].hex")
        && e.contains(
            "`tank` is a vehicle set up in marsh at 0101: no vehicle may enter a marsh hex"
        )));
    assert!(errs.iter().any(|e| e.contains("counters[1].stands")
        && e.contains(
            "`empty` needs its bases, left to right: `stands: [\"tank\", \"tank\", \"tank\"]`"
        )));
}

#[test]
fn limbered_artillery_is_always_hit_in_rear() {
    // WW-35: "Limbered artillery bases are always considered to be hit in rear." W-D26:
    // a towed gun that moved this turn is limbered; its bases count among its side's
    // for the rear, though it sits out the rounds.
    let mut g = field(
        &OPEN,
        &[
            ("gun", 0, "at_gun", "0401", "South", 3),
            ("rifles", 0, "rifle_platoon", "0402", "South", 2),
            ("red", 1, "rifle_platoon", "0403", "North", 4),
        ],
        1,
    );
    let setup = |g: &Game| {
        let group = &wwii::assault_phase::groups(g.world())[0];
        wwii::assault_phase::personnel_setup(g.world(), group).unwrap()
    };
    // Facing the enemy, the riflemen are not hit in rear.
    assert_eq!(setup(&g).modifiers, [vec![], vec![]]);
    // The gun limbers up and comes into the line: three limbered bases of five.
    g.submit(mv(0, "gun", "0402")).unwrap();
    assert!(wwii::assault_phase::limbered(
        g.world(),
        &unit(&g, "gun").unwrap()
    ));
    assert_eq!(
        setup(&g).modifiers,
        [vec![(-2, "hit in rear".to_owned())], vec![]]
    );
    pass_turn(&mut g);
    let fought = &state(&g).fought[0];
    assert_eq!(
        fought.units,
        [vec!["rifles".to_owned()], vec!["red".to_owned()]]
    );
    assert_eq!(fought.modifiers[0], [(-2, "hit in rear".to_owned())]);
    // The next turn, not yet moved, it is unlimbered.
    assert!(!wwii::assault_phase::limbered(
        g.world(),
        &unit(&g, "gun").unwrap()
    ));
}

#[test]
fn a_tank_assault_counts_the_tanks_own_state_and_training_and_the_infantrys_cover_twice() {
    // "The following die roll modifiers apply to units involved in assaults": W-D27, the
    // tanks' own pinned state and training count on their machine guns' dice; the
    // infantry's cover counts on the tanks' dice (the small arms chart) and on its own
    // (the assault modifier).
    let terrain = [
        "........", "...w....", "........", "........", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("tank", 0, "medium_tank", "0403", "North", 3),
            ("red", 1, "rifle_platoon", "0402", "South", 4),
        ],
        1,
    );
    drumfire_core::rules::wwii::effects::set_morale(g.world_mut(), "tank", State::Pinned);
    g.world_mut().resource_mut::<WwiiState>().training[0] =
        drumfire_core::rules::wwii::modifiers::Training::Great;
    let group = &wwii::assault_phase::groups(g.world())[0];
    let (t, r) = (unit(&g, "tank").unwrap(), unit(&g, "red").unwrap());
    let (tanks, infantry, mods) = wwii::assault_phase::tank_sides(g.world(), group, &t, &r);
    let own = |m: &[(i32, String)]| -> Vec<(i32, String)> { m.to_vec() };
    assert_eq!(
        own(&mods[0]),
        [
            (-1, "the target is in solid cover".to_owned()),
            (-1, "pinned or worse".to_owned()),
            (1, "great training".to_owned()),
        ]
    );
    assert_eq!(
        own(&mods[1]),
        [
            (-2, "weapon differential".to_owned()),
            (1, "in solid cover or better".to_owned()),
        ]
    );
    assert_eq!((tanks.modifier, infantry.modifier), (-1, 1));
    // The tank's machine guns need a 6, the riflemen a 6.
    assert_eq!(
        (
            wwii::tanks::needs(tanks.modifier),
            infantry.against(&tanks).and_then(wwii::tanks::needs)
        ),
        (Some(6), Some(6))
    );
}

#[test]
fn units_still_in_contact_after_their_assault_stay_locked() {
    // W-D28: an assault phase leaves both sides standing in contact; the next turn they
    // are still locked ("neither participant may break contact until the assault is
    // resolved"), and fight again in the next assault phase.
    let mut g = field(
        &OPEN,
        &[
            ("blue", 0, "rifle_platoon", "0403", "North", 6),
            ("red", 1, "rifle_platoon", "0402", "South", 6),
        ],
        2,
    );
    pass_turn(&mut g);
    let fought = state(&g).fought;
    assert_eq!(fought.len(), 1);
    let (b, r) = (unit(&g, "blue").unwrap(), unit(&g, "red").unwrap());
    assert_eq!(
        (b.bases(), r.bases()),
        (6 - fought[0].lost[0], 6 - fought[0].lost[1])
    );
    assert_eq!((b.morale, r.morale), (State::Good, State::Good));
    assert_eq!(g.phase_name(), "Movement");
    let side = g.awaiting().unwrap();
    let (id, away) = if side == 0 {
        ("blue", "0404")
    } else {
        ("red", "0401")
    };
    refused(&mut g, mv(side, id, away), "locked in place");
}

#[test]
fn tanks_and_guns_fire_high_explosive_at_infantry_and_troops_in_buildings() {
    // W-D29: a tank or towed gun fires whichever of its machine guns and its high
    // explosive kills more on average; high explosive blasts into buildings (−1).
    let terrain = [
        "........", "...t....", "........", "........", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("tank", 0, "heavy_tank", "0406", "North", 3),
            ("gun", 0, "at_gun", "0306", "North", 2),
            ("red", 1, "rifle_platoon", "0402", "South", 4),
        ],
        1,
    );
    pass_to(&mut g, "Fire");
    let shooting = |g: &Game, u: &str| {
        let (u, red) = (unit(g, u).unwrap(), unit(g, "red").unwrap());
        wwii::fire_phase::can_fire(g.world(), &u, &red)
    };
    // The heavy tank's machine guns cannot hit troops in buildings beyond half their
    // range (6 + 2); its high explosive (gun 5: 3-6) needs a 4.
    let shot = shooting(&g, "tank").unwrap();
    assert_eq!(
        (shot.weapon, shot.hexes, shot.dice, shot.needs),
        (wwii::fire_phase::Weapon::HighExplosive, 4, 3, Some(4))
    );
    assert_eq!(
        shot.modifiers,
        [(
            -1,
            "the target is in full cover (high explosive)".to_owned()
        )]
    );
    let (t, red) = (unit(&g, "tank").unwrap(), unit(&g, "red").unwrap());
    let odds = wwii::fire_phase::odds(&t, &red, &shot);
    assert_eq!(odds.title, "High explosive fire: tank at red");
    // 0 bases lost: 3^3 of 6^3.
    assert_eq!(
        (odds.outcomes[0].chance.ways, odds.outcomes[0].chance.of),
        (27, 216)
    );
    // The towed anti-tank gun, which had no small arms, fires high explosive too
    // (gun 4: 4-6, buildings −1: 5-6).
    let shot = shooting(&g, "gun").unwrap();
    assert_eq!(
        (shot.weapon, shot.dice, shot.needs),
        (wwii::fire_phase::Weapon::HighExplosive, 2, Some(5))
    );
    g.submit(fire(0, "tank", "red")).unwrap();
    assert!(
        log(&g)
            .iter()
            .any(|l| l.starts_with("High explosive fire: tank at 0402, needs 4")),
        "{:?}",
        log(&g)
    );
}

#[test]
fn a_rocket_team_fires_at_vehicles_within_two_hexes() {
    // W-D30: a bazooka or Panzerschreck team's rockets, a gun of factor 4 at 2 hexes.
    let mut g = field(
        &OPEN,
        &[
            ("tank", 0, "medium_tank", "0404", "North", 3),
            ("far", 0, "medium_tank", "0605", "North", 3),
            ("at", 1, "at_team", "0402", "South", 2),
        ],
        1,
    );
    pass_to(&mut g, "Fire");
    let (at, tank, far) = (
        unit(&g, "at").unwrap(),
        unit(&g, "tank").unwrap(),
        unit(&g, "far").unwrap(),
    );
    let shot = wwii::fire_phase::can_fire(g.world(), &at, &tank).unwrap();
    // Gun 4 against armor 3: 4-6, a die a base.
    assert_eq!(
        (shot.weapon, shot.hexes, shot.dice, shot.needs),
        (wwii::fire_phase::Weapon::Gun, 2, 2, Some(4))
    );
    let err = wwii::fire_phase::can_fire(g.world(), &at, &far).unwrap_err();
    assert!(err.contains("beyond at's gun (2)"), "{err}");
}

#[test]
fn mounted_cavalry_fires_at_minus_one_and_may_not_enter_buildings() {
    // W-D31: cavalry fires from the saddle at −1, and holds buildings and bunkers only
    // dismounted.
    let terrain = [
        "........", "........", "........", "........", "........", "..t.....",
    ];
    let mut g = field(
        &terrain,
        &[
            ("cav", 0, "cavalry_troop", "0406", "North", 3),
            ("red", 1, "rifle_platoon", "0404", "South", 4),
        ],
        1,
    );
    refused(
        &mut g,
        mv(0, "cav", "0306"),
        "0306 is buildings or a bunker: no mounted cavalry may enter it",
    );
    pass_to(&mut g, "Fire");
    let (cav, red) = (unit(&g, "cav").unwrap(), unit(&g, "red").unwrap());
    let shot = wwii::fire_phase::can_fire(g.world(), &cav, &red).unwrap();
    // 2 hexes, within half its range of 4: 5-6, a face worse mounted.
    assert_eq!((shot.hexes, shot.dice, shot.needs), (2, 3, Some(6)));
    assert_eq!(shot.modifiers, [(-1, "the firer is mounted".to_owned())]);
}

#[test]
fn a_unit_may_have_its_own_training_over_its_sides() {
    // W-D19: the scenario's `unit_training` gives a unit its own training over its
    // side's; an id that is no counter is refused where it stands.
    let text = scenario_text(
        &OPEN,
        &[
            ("blue", 0, "rifle_platoon", "0403", "North", 4),
            ("vets", 0, "rifle_platoon", "0603", "North", 4),
            ("red", 1, "rifle_platoon", "0402", "South", 4),
        ],
    );
    let own = text.replace(
        "wwii: (training: [Regular, Regular])",
        "wwii: (training: [Regular, Regular], unit_training: {\"vets\": Outstanding, \"red\": Great})",
    );
    let s = drumfire_core::scenario::parse("test.ron", &own, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    let g = Game::new(&s, 1);
    use drumfire_core::rules::wwii::modifiers::Training;
    let training = |id: &str| unit(&g, id).unwrap().training;
    assert_eq!(
        [training("blue"), training("vets"), training("red")],
        [Training::Regular, Training::Outstanding, Training::Great]
    );
    // In the assault the defender's own training counts (+1, great).
    let group = &wwii::assault_phase::groups(g.world())[0];
    let setup = wwii::assault_phase::personnel_setup(g.world(), group).unwrap();
    let red_side = usize::from(setup.units[0][0].side == 0);
    assert_eq!(
        setup.modifiers[red_side],
        [(1, "great training".to_owned())]
    );
    // A scenario without the field reads as before.
    let plain = drumfire_core::scenario::parse("test.ron", &text, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    assert!(
        plain
            .file
            .section::<wwii::scenario::WwiiScenario>()
            .unwrap()
            .unit_training
            .is_empty()
    );
    let bad = text.replace(
        "wwii: (training: [Regular, Regular])",
        "wwii: (training: [Regular, Regular], unit_training: {\"ghost\": Great})",
    );
    let errs: Vec<String> =
        match drumfire_core::scenario::parse("test.ron", &bad, &drumfire_core::rules::ALL) {
            Ok(_) => panic!("accepted"),
            Err(e) => e.iter().map(|x| x.to_string()).collect(),
        };
    assert!(
        errs.iter().any(|e| e.contains("wwii.unit_training.ghost")
            && e.contains("`ghost` is no counter of this scenario")),
        "{errs:#?}"
    );
    let typo = text.replace(
        "wwii: (training: [Regular, Regular])",
        "wwii: (training: [Regular, Regular], unit_training: {\"vets\": Elite})",
    );
    assert!(drumfire_core::scenario::parse("test.ron", &typo, &drumfire_core::rules::ALL).is_err());
}
