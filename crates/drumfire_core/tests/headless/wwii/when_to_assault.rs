//! When to assault (5.1): a unit's sides, base to base contact, units locked in contact,
//! the voluntary rout.

use super::*;

/// A unit in `hex` facing `facing`.
fn placed(hex: &str, facing: FacingDef) -> Placed {
    Placed {
        hex: drumfire_core::scenario::hex_of(hex).unwrap(),
        facing: facing.direction(),
    }
}

/// The hex beside `p` across its `f` hexside.
fn beside(p: Placed, f: FacingDef) -> hexx::Hex {
    p.hex.neighbor(f.direction())
}

#[test]
fn a_units_four_sides_on_its_six_hexsides() {
    // W-D10: the front is the hexside faced and the two beside it; a flank the hexside
    // behind each; the rear the hexside opposite.
    let u = placed("0505", FacingDef::North);
    let side = |f| edge_toward(u.hex, u.facing, beside(u, f));
    assert_eq!(
        FacingDef::ALL.map(side),
        [
            Some(Edge::Front),
            Some(Edge::Front),
            Some(Edge::Right),
            Some(Edge::Rear),
            Some(Edge::Left),
            Some(Edge::Front)
        ]
    );
    let far = drumfire_core::scenario::hex_of("0508").unwrap();
    assert_eq!(edge_toward(u.hex, u.facing, far), None);
    // Turned to face South-east, the same neighbours change sides.
    let v = placed("0505", FacingDef::SouthEast);
    assert_eq!(
        edge_toward(v.hex, v.facing, beside(v, FacingDef::NorthWest)),
        Some(Edge::Rear)
    );
    assert_eq!(
        edge_toward(v.hex, v.facing, beside(v, FacingDef::North)),
        Some(Edge::Left)
    );
}

#[test]
fn base_to_base_contact_rear_edges_and_two_sides_on_hexes() {
    // "Hit in rear - Front edges of enemy bases are in assault contact with the rear
    // edges of units" and "in assault contact on any two of their four sides".
    let u = placed("0505", FacingDef::North);
    let behind = beside(u, FacingDef::South);
    let facing_us = Placed {
        hex: behind,
        facing: FacingDef::North.direction(),
    };
    let facing_away = Placed {
        hex: behind,
        facing: FacingDef::South.direction(),
    };
    assert!(in_contact(u, facing_us));
    assert!(hit_in_rear(u, facing_us));
    assert!(
        !hit_in_rear(u, facing_away),
        "its rear edges, not its front"
    );
    let on_flank = Placed {
        hex: beside(u, FacingDef::SouthEast),
        facing: FacingDef::NorthWest.direction(),
    };
    assert!(!hit_in_rear(u, on_flank));
    // Example 1: enemy bases striking its front and left flank.
    let in_front = Placed {
        hex: beside(u, FacingDef::North),
        facing: FacingDef::South.direction(),
    };
    let on_left = Placed {
        hex: beside(u, FacingDef::SouthWest),
        facing: FacingDef::NorthEast.direction(),
    };
    assert_eq!(sides_in_contact(u, &[in_front, on_left]), 2);
    // Two enemies on its front count one side.
    let front_right = Placed {
        hex: beside(u, FacingDef::NorthEast),
        facing: FacingDef::SouthWest.direction(),
    };
    assert_eq!(sides_in_contact(u, &[in_front, front_right]), 1);
    let far = placed("0509", FacingDef::North);
    assert!(!in_contact(u, far));
    assert_eq!(sides_in_contact(u, &[far]), 0);
}

#[test]
fn a_voluntary_rout_breaks_contact_on_a_passed_morale_check() {
    // "Unless one side successfully orders a voluntary rout, neither participant may
    // break contact until the assault is resolved." W-D16.
    assert!(morale::voluntary_rout(7, 7));
    assert!(!morale::voluntary_rout(8, 7));
}

#[test]
fn personnel_in_contact_are_locked_in_place() {
    // "Once contacted during either of the movement phases, opposing personnel units
    // (both attacking and defending) are locked in place."
    use drumfire_core::rules::wwii::contact::locked_in_place;
    let u = placed("0505", FacingDef::North);
    let next = Placed {
        hex: beside(u, FacingDef::NorthEast),
        facing: FacingDef::SouthWest.direction(),
    };
    let far = placed("0509", FacingDef::North);
    assert!(locked_in_place(u, true, &[(next, true)]));
    assert!(!locked_in_place(u, true, &[(far, true)]));
    // A tank beside it does not lock it, nor is a tank locked.
    assert!(!locked_in_place(u, true, &[(next, false)]));
    assert!(!locked_in_place(u, false, &[(next, true)]));
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
    assert!(lines.iter().any(|l| l == "Small arms fire: smg at 0402, needs 6 (-1 the firer moved), 6 dice at 1 hex: 6-6 kill, dice 6, 1, 4, 2, 1, 1: a 6 kills (1 kill)."));
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
    // Journaled as going in, the attackers against the defenders' hex: the board
    // shows them closing in.
    let went_in: Vec<&GameEvent> = g
        .journal()
        .entries()
        .iter()
        .map(|e| &e.event)
        .filter(|e| matches!(e, GameEvent::WentIn { .. }))
        .collect();
    let [
        GameEvent::WentIn {
            kind,
            side,
            attackers,
            target,
            text,
        },
    ] = went_in[..]
    else {
        panic!("one assault: {went_in:?}");
    };
    assert_eq!(
        (kind.as_str(), *side, target.as_str()),
        ("Assault", 0, "0402")
    );
    assert_eq!(attackers, &["rifles", "smg", "tank"]);
    assert_eq!(text, &lines[start]);
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

/// An assault whose defenders stand in two hexes goes in against the hex the most
/// attackers touch, by the attackers touching it (the board shows them closing in),
/// not against the first defender's hex of the group; its words still name every
/// attacker and defender.
#[test]
fn an_assault_over_two_hexes_goes_in_where_most_attackers_touch() {
    let mut g = field(
        &OPEN,
        &[
            ("left", 0, "rifle_platoon", "0506", "North", 4),
            ("far", 0, "rifle_platoon", "0706", "North", 4),
            ("west", 0, "rifle_platoon", "0306", "North", 4),
            ("south", 0, "rifle_platoon", "0406", "North", 4),
            ("red", 1, "rifle_platoon", "0402", "South", 4),
            ("blue", 1, "rifle_platoon", "0602", "South", 4),
        ],
        1,
    );
    // 0502 is next to both defenders' hexes.
    assert!(["0402", "0602"].iter().all(|d| {
        let d = drumfire_core::scenario::hex_of(d).unwrap();
        d.unsigned_distance_to(drumfire_core::scenario::hex_of("0502").unwrap()) == 1
    }));
    // Blue's hex is touched by two attackers, red's by three.
    g.submit(mv(0, "left", "0505 0504 0503 0502")).unwrap();
    g.submit(mv(0, "far", "0705 0704 0703 0702")).unwrap();
    g.submit(mv(0, "west", "0305 0304 0303 0302")).unwrap();
    g.submit(mv(0, "south", "0405 0404 0403")).unwrap();
    pass_turn(&mut g);
    let went_in: Vec<(Vec<String>, String, String)> = g
        .journal()
        .entries()
        .iter()
        .filter_map(|e| match &e.event {
            GameEvent::WentIn {
                attackers,
                target,
                text,
                ..
            } => Some((attackers.clone(), target.clone(), text.clone())),
            _ => None,
        })
        .collect();
    let [(attackers, target, text)] = &went_in[..] else {
        panic!("one assault: {:#?}", log(&g));
    };
    assert_eq!(target, "0402", "{:#?}", log(&g));
    let mut attackers = attackers.clone();
    attackers.sort();
    assert_eq!(attackers, ["left", "south", "west"]);
    for name in ["left", "far", "west", "south", "red", "blue"] {
        assert!(text.contains(name), "{text}");
    }
}
