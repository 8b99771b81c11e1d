//! Rule 11, combat infantry skirmish: across one empty hex, morale tests, the morale
//! table, skirmishing back.

use super::*;

#[test]
fn a_skirmish_is_fought_across_one_empty_hex_against_the_open_bua_or_wood() {
    let s = field(
        &["", "", "", "", "", "......w..."],
        &[
            ("r1", 0, "0404", 4, "order: Hold"),
            ("r2", 0, "0506", 4, "order: Engage"),
            ("r3", 0, "0202", 4, "order: Hold"),
            ("b_open", 1, "0604", 4, "order: Hold"),
            ("b_wood", 1, "0706", 4, "order: Hold"),
            ("b_near", 1, "0302", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 3, 0);
    refused(
        &mut game,
        fight(0, "r3", "0302", Fight::Skirmish),
        "across one empty hex",
    );
    refused(
        &mut game,
        fight(0, "r1", "0706", Fight::Skirmish),
        "across one empty hex",
    );
    game.submit(fight(0, "r1", "0604", Fight::Skirmish))
        .unwrap();
    game.submit(fight(0, "r2", "0706", Fight::Skirmish))
        .unwrap();
}

#[test]
fn both_skirmish_and_any_brigade_with_casualties_tests_its_morale() {
    // Skirmish A against skirmish C: red kills on 3+, blue only on a 6 (+1, C).
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold, skirmish: A"),
            ("b", 1, "0604", 4, "order: Hold, skirmish: C"),
        ],
    );
    let mut game = to_combat(&s, 5, 0);
    let from = game.journal().entries().len();
    game.submit(fight(0, "r", "0604", Fight::Skirmish)).unwrap();
    let events: Vec<&GameEvent> = game.journal().entries()[from..]
        .iter()
        .map(|e| &e.event)
        .collect();
    let skirmishers: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            GameEvent::Fired {
                kind,
                firers,
                result,
                dice,
                ..
            } if kind == "Skirmish" => Some(format!("{} {} {result}", firers[0], dice[0])),
            _ => None,
        })
        .collect();
    // Both rolled: seed 5 gives these dice exactly.
    assert_eq!(skirmishers.len(), 2, "{events:?}");
    let killed: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            GameEvent::StandLost { piece, .. } => Some(piece.as_str()),
            _ => None,
        })
        .collect();
    let tested: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            GameEvent::MoraleChecked { piece, .. } => Some(piece.as_str()),
            _ => None,
        })
        .collect();
    // Red's 6 (+3) kills, blue's 4 (+1) does not: blue loses its rightmost battalion
    // and, having casualties, tests its morale; red has none and does not.
    assert_eq!(skirmishers, ["r 6 a kill", "b 4 no kill"]);
    assert_eq!(killed, ["b"]);
    assert_eq!(tested, ["b"]);
    assert_eq!(standing(&game, "b"), "■■■□");
}

#[test]
fn the_morale_test_table() {
    use drumfire_core::rules::napoleonic::{Morale, morale_outcome};
    for (score, shaken, want) in [
        (12, false, Morale::Steady),
        (7, false, Morale::Steady),
        (6, false, Morale::Disordered),
        (5, true, Morale::Disordered),
        (4, false, Morale::Shaken),
        (3, false, Morale::Shaken),
        (4, true, Morale::Routs),
        (2, false, Morale::Routs),
        (-3, false, Morale::Routs),
    ] {
        assert_eq!(morale_outcome(score, shaken), want, "{score} {shaken}");
    }
}

fn skirmish_odds_shown(game: &Game, brigade: &str, target: &str) -> (Vec<String>, Vec<String>) {
    let o = NpOrder::Fight {
        side: 0,
        brigade: brigade.into(),
        target: target.into(),
        fight: Fight::Skirmish,
    };
    let odds = napoleonic::fight_odds(game.world(), &o).unwrap();
    assert_eq!(odds.check(), Ok(()));
    let outcomes = odds
        .outcomes
        .iter()
        .map(|o| format!("{} {}", o.label, o.chance))
        .collect();
    (odds.basis, outcomes)
}

#[test]
fn attack_orders_do_not_skirmish_back() {
    // Rule 11: "must have Hold or Engage orders"; rule 13: "Attack orders do not allow
    // skirmish or fire fight". Skirmish A against a brigade on Attack orders.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold, skirmish: A"),
            ("b", 1, "0604", 4, "order: Attack"),
        ],
    );
    let mut game = to_combat(&s, 5, 0);
    let (basis, outcomes) = skirmish_odds_shown(&game, "r", "0604");
    assert_eq!(
        basis,
        [
            "r rolls 1d6 and needs 6 to kill",
            "r kills on 3 or more; b does not skirmish back (Attack orders)"
        ]
    );
    assert_eq!(outcomes, ["Only r kills 4/6", "Neither kills 2/6"]);
    let from = game.journal().entries().len();
    game.submit(fight(0, "r", "0604", Fight::Skirmish)).unwrap();
    // Red's die alone: seed 5 rolls a 6, a kill; b tests its morale (Shaken, so off
    // Attack orders, N-29), red does not.
    assert_eq!(
        told_since(&game, from),
        [
            "b is on Attack orders: it does not skirmish back.",
            "r 6 a kill",
            "lost b",
            "morale b Shaken",
            "b is Shaken: its Attack orders drop to Engage.",
        ]
    );
    assert_eq!(standing(&game, "r"), "■■■■");
    let state = game.world().resource::<NpState>();
    assert!(state.skirmished.contains("r") && !state.skirmished.contains("b"));
}

#[test]
fn a_skirmish_needs_every_hex_between_empty() {
    // Ours, N-1: two hexes apart on a straight line there is one hex between (0405
    // between 0404 and 0406); off it there are two (0504 and 0505 between 0404 and
    // 0604). Every one of them must be empty, of friend and foe.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            ("friend", 0, "0405", 4, "order: Hold"),
            ("touch", 1, "0504", 4, "order: Hold"),
            ("far", 1, "0604", 4, "order: Hold"),
            ("below", 1, "0406", 4, "order: Hold"),
            ("r2", 0, "0802", 4, "order: Hold"),
            ("open", 1, "0602", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 3, 0);
    refused(
        &mut game,
        fight(0, "r", "0604", Fight::Skirmish),
        "a skirmish is fought across one empty hex: touch stands in 0504, between r and far",
    );
    refused(
        &mut game,
        fight(0, "r", "0406", Fight::Skirmish),
        "friend stands in 0405, between r and below",
    );
    // Both hexes between 0802 and 0602 are empty.
    game.submit(fight(0, "r2", "0602", Fight::Skirmish))
        .unwrap();
}

#[test]
fn a_skirmish_tests_the_morale_only_of_a_brigade_it_hits() {
    // Ours, N-27: "Any brigade with casualties must make morale" is read as casualties
    // from this skirmish. b lost a battalion in an earlier turn; nobody is hit now.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold, skirmish: C"),
            ("b", 1, "0604", 4, "order: Hold, skirmish: C"),
        ],
    );
    let mut game = to_combat(&s, 2, 0);
    wear(&mut game, "b", 1);
    let from = game.journal().entries().len();
    game.submit(fight(0, "r", "0604", Fight::Skirmish)).unwrap();
    // Seed 2: red rolls 1 (+1), b rolls 4 (+1 Skirmish C, -1 its casualty): no kill,
    // and no morale test.
    assert_eq!(told_since(&game, from), ["r 1 no kill", "b 4 no kill"]);
}
