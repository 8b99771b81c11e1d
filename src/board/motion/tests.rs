//! Tests of `board/motion`.

use super::*;
use drumfire_core::journal::Entry;

fn entry(event: GameEvent) -> Entry {
    Entry {
        turn: 1,
        order: 0,
        event,
    }
}

#[test]
fn charges_assaults_and_overruns_close_in_with_what_each_fight_did() {
    let hex = |l: &str| drumfire_core::scenario::hex_of(l).unwrap();
    let went_in = |kind: &str, who: &str, target: &str| GameEvent::WentIn {
        kind: kind.into(),
        side: 0,
        attackers: vec![who.into(), "gone".into()],
        target: target.into(),
        text: String::new(),
    };
    let lost = |piece: &str, standing: u8| GameEvent::StandLost {
        piece: piece.into(),
        stand: 0,
        standing,
    };
    let mut world = World::new();
    let mut journal = Journal::default();
    for event in [
        went_in("Charge", "c", "0405"),
        GameEvent::Note {
            text: "The dominoes are turned over.".into(),
        },
        lost("d", 2),
        lost("c", 0),
        went_in("Assault", "x", "0607"),
        went_in("Armored overrun", "t", "0809"),
        lost("y", 1),
    ] {
        journal.push(event);
    }
    world.insert_resource(journal);
    let stood: BTreeMap<String, Hex> = [("c", "0505"), ("x", "0606"), ("t", "0808")]
        .into_iter()
        .map(|(p, h)| (p.to_owned(), hex(h)))
        .collect();
    let fight = |who: &str, from: &str, target: &str, words: &str| Show::Fire {
        firers: vec![hex(from)],
        pieces: vec![who.to_owned()],
        close: true,
        target: hex(target),
        words: words.into(),
    };
    // The charger's own loss is the fight's too; a fight that did nothing shows
    // its kind; a piece not on the map is not drawn.
    assert_eq!(
        shows_of(&world, 0, &stood, &stood),
        [
            fight("c", "0505", "0405", "d −1 stand\nc eliminated"),
            fight("x", "0606", "0607", "Assault"),
            fight("t", "0808", "0809", "y −1 stand"),
        ]
    );
}

#[test]
fn close_combats_are_told_from_fire_by_their_names_in_every_rule_set() {
    for kind in [
        "Assault",
        "Close combat",
        "Hand to hand",
        "Combat inside",
        "Cavalry charge",
        "Charge",
        "Assault the battery",
    ] {
        assert!(is_close_combat(kind), "{kind}");
    }
    for kind in [
        "Direct Fire",
        "Planned Fire",
        "Skirmish",
        "Volley",
        "Firefight",
        "Bombard",
        "Fire at a charger",
        "Assault defence",
        "Opportunity Fire",
    ] {
        assert!(!is_close_combat(kind), "{kind}");
    }
}

#[test]
fn a_fights_results_read_losses_then_morale_then_markers_up_to_the_next_fire() {
    let lost = |piece: &str| {
        entry(GameEvent::StepLost {
            piece: piece.into(),
            eliminated: false,
        })
    };
    let morale = |piece: &str, outcome: &str| {
        entry(GameEvent::MoraleChecked {
            piece: piece.into(),
            dice: vec![3, 4],
            plus: 0,
            morale: 7,
            outcome: outcome.into(),
        })
    };
    let after = [
        lost("a"),
        morale("a", "Disrupted"),
        lost("a"),
        morale("b", "Unaffected"),
        morale("c", "in good order"),
        entry(GameEvent::HexMarkerPlaced {
            kind: "Drumfire".into(),
            hex: "0405".into(),
            source: "plan".into(),
        }),
        entry(GameEvent::HexMarkerPlaced {
            kind: "Drumfire".into(),
            hex: "0908".into(),
            source: "another fire's".into(),
        }),
        morale("d", "pinned"),
        entry(GameEvent::Fired {
            kind: "Direct Fire".into(),
            table: String::new(),
            side: 0,
            firers: vec![],
            target: "0101".into(),
            strength: 1,
            shifts: vec![],
            column: String::new(),
            dice: vec![],
            result: String::new(),
        }),
        lost("e"),
    ];
    let name = |id: &str| format!("Unit {id}");
    let target = drumfire_core::scenario::hex_of("0405").unwrap();
    assert_eq!(
        results(&after, target, &name),
        [
            "Unit a −2 steps",
            "Unit a Disrupted",
            "Drumfire marker in 0405",
            "Unit d pinned"
        ]
    );
}
