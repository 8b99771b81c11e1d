//! Charges in play: the dominoes drawn at the start of the move, the enemy named among
//! those contacted, flank and rear, a named charge in a save.

use super::*;

#[test]
fn a_charge_draws_its_dominoes_at_the_start_of_its_move() {
    // "Dominoes are placed at the start of the chargers move." "You may look at one
    // dominoe and decide where to place it; the others have to be placed blind."
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
    // Union player's odds are still over every domino blind (A-13).
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
}

/// The 47th Alabama charges the 83rd Pennsylvania, placing the domino it looked at
/// behind its second stand, face up.
fn charge_placed(g: &mut Game) {
    to_movement(
        g,
        &UNION_MOVING,
        &[("c_15al", Chit::Move), ("c_47al", Chit::Charge)],
    );
    g.submit(act(1, "c_47al", "0806 0706 0606 0506")).unwrap();
    g.submit(place(1, 1, true)).unwrap();
}

/// The rest of the Movement phase, then no one shoots.
fn to_combat_without_fire(g: &mut Game) {
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
}

#[test]
fn a_charged_unit_fights_back_with_its_own_dominoes_stand_against_stand() {
    // "Any unit charged fights back by also drawing dominoes." "Turn over your
    // dominoes!"
    let mut g = game(SEED);
    charge_placed(&mut g);
    to_combat_without_fire(&mut g);
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
    // break nothing (A-9): both hold.
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
    // The fight is journaled as going in, before its dominoes: the board shows the
    // charger closing in on the 83rd's hex.
    let entries = g.journal().entries();
    let went_in = entries
        .iter()
        .position(|e| matches!(e.event, GameEvent::WentIn { .. }))
        .unwrap();
    assert_eq!(
        entries[went_in].event,
        GameEvent::WentIn {
            kind: "Charge".into(),
            side: 1,
            attackers: vec!["c_47al".into()],
            target: "0406".into(),
            text: "47th Alabama goes in against 83rd Pennsylvania at 0406.".into(),
        }
    );
    assert!(matches!(
        &entries[went_in + 1].event,
        GameEvent::Note { text } if text.starts_with("The dominoes are turned over")
    ));
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
    // A-34: the 47th Alabama's charge ends at 0506, next to the 83rd Pennsylvania
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
        .map(|e| e.base.name)
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
            "47th Alabama: holds and regroups.",
            "83rd Pennsylvania: routs.",
            // "React ... Remove combat casualties": its stands come off after the fight.
            "83rd Pennsylvania is gone from the field.",
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
    // A-33: the 47th Alabama charges the 83rd Pennsylvania (0406) from 0506, at its
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
                // Its stands are lost with it, a point each to the Confederates (A-23).
                "83rd Pennsylvania is gone from the field.".to_owned(),
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
        let mut at = c;
        at.hex = drumfire_core::scenario::hex_of("0506").unwrap();
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
    // A-34: the enemy named travels in the order's text; an order naming none is
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

/// A charge is journaled as going in before anything of its fight: a die thrown for a
/// blank domino comes after the going in of the fight it belongs to (its text names
/// the unit the die is for), in whole games of the computer against itself.
#[test]
fn a_charge_goes_in_before_the_dice_of_its_blank_dominoes() {
    use drumfire_core::players::{Bot, PlayerKind};
    let scenario = drumfire_core::testing::shipped("acw", "pine_hollow.ron");
    let mut blanks = 0;
    for seed in 0..6 {
        let mut g = Game::new(&scenario, seed);
        let mut bots = [Bot::new(PlayerKind::Ai, 1), Bot::new(PlayerKind::Ai, 2)];
        while let Some(side) = g.awaiting().filter(|_| !g.is_over()) {
            let order = bots[usize::from(side)].choose(&g, side).unwrap();
            g.submit(order).unwrap();
        }
        let mut went_in: Option<&str> = None;
        for e in g.journal().entries() {
            match &e.event {
                GameEvent::WentIn { text, .. } => went_in = Some(text),
                GameEvent::PhaseBegan { .. } => went_in = None,
                GameEvent::DiceRolled { purpose, .. } => {
                    if let Some(rest) = purpose.strip_prefix("a blank domino: ") {
                        blanks += 1;
                        let unit = rest.rsplit_once(", stand").unwrap().0;
                        assert!(
                            went_in.is_some_and(|t| t.contains(unit)),
                            "seed {seed}: {purpose} after {went_in:?}"
                        );
                    }
                }
                _ => {}
            }
        }
    }
    assert!(blanks > 0, "no blank domino in six games");
}

#[test]
fn combat_casualties_come_off_in_the_react_phase_so_a_second_charge_meets_the_whole_line() {
    // "6 React ... Remove combat casualties": the 47th and 15th Alabama both charge the
    // 83rd Pennsylvania; the stands the first fight takes still stand in the second,
    // which the 83rd fights with its whole line (two dominoes for four stands), and
    // both fights' casualties come off in the React phase (A-30).
    let mut g = game_from(
        "acw_first.ron",
        &[(
            r#"hex: "0904", name: "15th Alabama", facing: Some(NorthWest)"#,
            r#"hex: "0605", name: "15th Alabama", facing: Some(SouthWest)"#,
        )],
        SEED,
    );
    to_movement(
        &mut g,
        &UNION_MOVING,
        &[("c_15al", Chit::Charge), ("c_47al", Chit::Charge)],
    );
    g.submit(charge_at(1, "c_47al", "0806 0706 0606 0506", "0406"))
        .unwrap();
    g.submit(place(1, 0, false)).unwrap();
    if state(&g).firing_at.is_some() {
        g.submit(Order::Pass { side: 0 }).unwrap();
    }
    g.submit(charge_at(1, "c_15al", "0505", "0406")).unwrap();
    g.submit(place(1, 0, false)).unwrap();
    to_combat_without_fire(&mut g);
    assert_eq!(g.phase_name(), "Combat");
    // The first fight.
    assert_eq!(state(&g).charges[0].lines[1].blind.len() + 1, 2);
    g.submit(place(0, 0, false)).unwrap();
    let after_first = lost(&g, "u_83pa");
    assert_eq!(
        after_first,
        Vec::<usize>::new(),
        "the casualties still stand"
    );
    let taken: Vec<usize> = state(&g)
        .casualties
        .get("u_83pa")
        .into_iter()
        .flatten()
        .copied()
        .collect();
    // The second: the 83rd draws for its whole line of four.
    assert_eq!(g.phase_name(), "Combat");
    let second = &state(&g).charges[1].lines[1];
    assert_eq!(second.blind.len() + usize::from(second.hand.is_some()), 2);
    g.submit(place(0, 0, false)).unwrap();
    // The first fight took all four of the 83rd's stands; it still fights the second
    // with all four, and comes off the field in the React phase.
    assert_eq!(taken, [0, 1, 2, 3]);
    let fights: Vec<String> = notes(&g)
        .into_iter()
        .skip_while(|n| !n.starts_with("The dominoes"))
        .collect();
    assert_eq!(
        fights,
        [
            "The dominoes are turned over: 47th Alabama 5|6 1|1 6|3; 83rd Pennsylvania 6|6 1|3.",
            "47th Alabama charges 83rd Pennsylvania: stand 1: 7 against 6 — 83rd Pennsylvania loses a stand.",
            "47th Alabama charges 83rd Pennsylvania: stand 2: 8 against 6 — 83rd Pennsylvania loses a stand.",
            "47th Alabama charges 83rd Pennsylvania: stand 3: 3 against 1 — 83rd Pennsylvania loses a stand.",
            "47th Alabama charges 83rd Pennsylvania: stand 4: 3 against 1 — 83rd Pennsylvania loses a stand.",
            "47th Alabama: holds and regroups.",
            "83rd Pennsylvania: routs.",
            "83rd Pennsylvania fights back: it draws its dominoes and looks at one.",
            "The dominoes are turned over: 15th Alabama 6|3 1|1 4|4 3|4; 83rd Pennsylvania 0|3 0|0.",
            "15th Alabama charges 83rd Pennsylvania: stand 1: 8 against 6 — 83rd Pennsylvania loses a stand.",
            "15th Alabama charges 83rd Pennsylvania: stand 2: 5 against 3 — 83rd Pennsylvania loses a stand.",
            "15th Alabama charges 83rd Pennsylvania: stand 3: 3 against 4 — 15th Alabama loses a stand.",
            "15th Alabama charges 83rd Pennsylvania: stand 4: 3 against -1 — 83rd Pennsylvania loses a stand.",
            "15th Alabama: holds and regroups.",
            "83rd Pennsylvania: routs.",
            "83rd Pennsylvania is gone from the field.",
        ]
    );
    // The React phase took the casualties off: the 15th Alabama's third stand, and the
    // 83rd's four once (a point each to the enemy).
    assert_eq!(g.phase_name(), "Orders");
    assert_eq!(lost(&g, "c_15al"), [2]);
    let stands_lost = |id: &str| {
        g.journal()
            .entries()
            .iter()
            .filter(|e| matches!(&e.event, GameEvent::StandLost { piece, .. } if piece == id))
            .count()
    };
    assert_eq!(stands_lost("u_83pa"), 4);
    assert_eq!(
        g.world().resource::<drumfire_core::sides::StepsLost>().0,
        [4, 1]
    );
}
