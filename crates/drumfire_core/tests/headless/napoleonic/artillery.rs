//! Artillery (ours): bombardment and its odds, storming a battery, the skirmisher facing
//! deployed guns, volleys at a battery and canister.

use super::*;

#[test]
fn a_deployed_battery_bombards_within_three_hexes_it_can_see() {
    let s = field(
        &["", "", "", "", "", "........w."],
        &[
            ("gun", 0, "0102", 2, "order: Hold"),
            ("gunl", 0, "0106", 2, "order: Hold, formation: Limbered"),
            ("gunb", 0, "0905", 2, "order: Hold"),
            ("far", 1, "0502", 4, "order: Hold"),
            ("near", 1, "0302", 4, "order: Hold, formation: AttackColumn"),
            ("hidden", 1, "0907", 4, "order: Hold"),
            ("other", 1, "0306", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 7, 0);
    refused(
        &mut game,
        fight(0, "gun", "0502", Fight::Bombard),
        "far is 4 hexes away: a battery reaches 3 hexes",
    );
    refused(
        &mut game,
        fight(0, "gunl", "0306", Fight::Bombard),
        "gunl is limbered: deploy it to fire",
    );
    refused(
        &mut game,
        fight(0, "gunb", "0907", Fight::Bombard),
        "gunb cannot see hidden",
    );
    // Two hexes, a column: +1 close range, +1 the target in column; two dice, each
    // killing on 4 or more.
    assert_eq!(
        odds_of(&game, 0, "gun", "0302", Fight::Bombard),
        "+1 gun: Close range (2 hexes), +1 gun: Target in attack column | \
         0 casualties 9/36, 1 casualty 18/36, 2 casualties 9/36"
    );
    game.submit(fight(0, "gun", "0302", Fight::Bombard))
        .unwrap();
    let fired = dice_fire(&game, "Bombard");
    // Seed 7: a 1 and a 6, +2 each: one kill; the column loses its rightmost
    // battalion and, with a casualty, tests its morale.
    assert_eq!(fired, ["1 no kill", "6 a kill"]);
    assert_eq!(standing(&game, "near"), "■■■□");
    assert!(game.journal().entries().iter().any(|e| matches!(
        &e.event,
        GameEvent::MoraleChecked { piece, .. } if piece == "near"
    )));
}

#[test]
fn bombardment_odds_are_the_binomial_over_the_guns_standing() {
    let s = field(&[], &[("a", 0, "0101", 4, ""), ("b", 1, "0901", 4, "")]);
    let game = drumfire_core::game::Game::new(&s, 1);
    let p = view::piece(game.world(), "a").unwrap();
    let battery = drumfire_core::rules::napoleonic::brigade::Fighter {
        arm: Arm::Artillery,
        formation: Formation::Deployed,
        ..p.fighter()
    };
    let square = drumfire_core::rules::napoleonic::brigade::Fighter {
        formation: Formation::Square,
        ..p.fighter()
    };
    // Canister on a square: +2, +1; each die kills on 3 or more.
    let mods = bombard_factors(&battery, &square, 1, false);
    assert_eq!(
        causes(&mods),
        [(2, "Canister (1 hex)"), (1, "Target in square")]
    );
    assert_eq!(combat::kill_faces(combat::total(&mods)), 4);
    assert_eq!(drumfire_core::odds::binomial_ways(2, 4, 6), vec![4, 16, 16]);
    // Long range on a line in a wood, the battery Shaken: no die can kill.
    let shaken = drumfire_core::rules::napoleonic::brigade::Fighter {
        shaken: true,
        ..battery
    };
    let mods = bombard_factors(&shaken, &p.fighter(), 3, true);
    assert_eq!(
        causes(&mods),
        [(-1, "Target in BUA or wood"), (-2, "Shaken")]
    );
    assert_eq!(combat::kill_faces(combat::total(&mods)), 0);
    let odds = combat::dice_fire_odds(false, "gun", 3, &mods, "b");
    assert_eq!(odds.outcomes[0].chance.to_string(), "216/216");
}

#[test]
fn infantry_storms_a_battery_beside_it() {
    let s = field(
        &[],
        &[
            (
                "col",
                0,
                "0404",
                4,
                "order: Attack, formation: AttackColumn",
            ),
            ("eng", 0, "0406", 4, "order: Engage"),
            ("gun", 1, "0504", 2, "order: Hold"),
            ("gunl", 1, "0506", 2, "order: Hold, formation: Limbered"),
        ],
    );
    let mut game = to_combat(&s, 5, 0);
    refused(
        &mut game,
        fight(0, "eng", "0506", Fight::Assault),
        "only Attack orders storm a battery",
    );
    // The column's weight against the canister: a tie, and the stormer rolls 2d6.
    assert_eq!(
        odds_of(&game, 0, "col", "0504", Fight::Assault),
        "+1 col: Attack column, +1 gun: Canister at close range | \
         2–3: col would rout (col 3 casualties, gun 1) 3/36, \
         4–5: col would retire 1 hex, Shaken (col 2 casualties, gun 1) 7/36, \
         6–7: a draw, both Disordered (1 casualty each) 11/36, \
         8–9: gun would retire 1 hex, Shaken (col 1 casualty, gun 2) 9/36, \
         10+: gun would rout (col 1 casualty, gun 3) 6/36"
    );
    // A limbered battery is caught: -2.
    let cavs = combat::factors(
        Contest::Assault,
        &view::piece(game.world(), "gunl").unwrap().fighter(),
        &view::piece(game.world(), "col").unwrap().fighter(),
    );
    assert_eq!(causes(&cavs), [(-2, "Caught limbered")]);
    game.submit(fight(0, "col", "0504", Fight::Assault))
        .unwrap();
    // Seed 5: 10, the battery routs with its last sections lost: it is gone.
    assert_eq!(last_result(&game), "gun routs (10+): col 1 casualty, gun 3");
    assert_eq!(hex_of_piece(&game, "gun"), None);
    assert_eq!(standing(&game, "col"), "■■■□");
}

#[test]
fn enemy_deployed_artillery_costs_a_skirmisher_one() {
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            ("b", 1, "0604", 4, "order: Hold"),
            ("gun", 1, "0704", 2, "order: Hold"),
            ("gunl", 0, "0201", 2, "order: Hold, formation: Limbered"),
        ],
    );
    let game = to_combat(&s, 1, 0);
    let r = view::piece(game.world(), "r").unwrap();
    let b = view::piece(game.world(), "b").unwrap();
    // Blue's battery is three hexes from red, and b stands between: it cannot see.
    let sit = napoleonic::skirmish_situation(game.world(), &r, &b);
    assert!(!sit.enemy_artillery);
    // Moved to 0703's neighbour with a clear line, it sees red.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            ("b", 1, "0604", 4, "order: Hold"),
            ("gun", 1, "0602", 2, "order: Hold"),
            ("gunl", 0, "0201", 2, "order: Hold, formation: Limbered"),
        ],
    );
    let game = to_combat(&s, 1, 0);
    let r = view::piece(game.world(), "r").unwrap();
    let b = view::piece(game.world(), "b").unwrap();
    let sit = napoleonic::skirmish_situation(game.world(), &r, &b);
    assert!(sit.enemy_artillery);
    let mods = combat::skirmish_factors(&r.fighter(), &b.fighter(), sit);
    assert_eq!(
        causes(&mods),
        [(2, "Skirmish B"), (-1, "Enemy deployed artillery")]
    );
    // Red's limbered battery is no deployed artillery to blue.
    let sit = napoleonic::skirmish_situation(game.world(), &b, &r);
    assert!(!sit.enemy_artillery);
    let _ = hex_of("0101");
}

#[test]
fn infantry_volleys_at_a_battery_beside_it() {
    // Ours, N-33: rule 11's skirmish is fought against infantry only, so the answer to
    // guns firing canister is the volley (N-26) of infantry beside them, on Engage or
    // Hold orders. A line of four battalions, Fire B: each die kills on 6.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            (
                "col",
                0,
                "0405",
                4,
                "order: Engage, formation: AttackColumn",
            ),
            ("gun", 1, "0504", 3, "order: Hold"),
            ("b", 1, "0901", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 2, 0);
    assert_eq!(
        odds_of(&game, 0, "r", "0504", Fight::Volley),
        " | 0 casualties 625/1296, 1 casualty 500/1296, 2 casualties 150/1296, \
         3 casualties 20/1296, 4 casualties 1/1296"
    );
    // From a column it cannot kill: it forms line, or storms the guns on Attack orders.
    assert!(
        odds_of(&game, 0, "col", "0504", Fight::Volley)
            .starts_with("-1 col: Firing from column | 0 casualties 1296/1296"),
    );
    let volley = fight(0, "r", "0504", Fight::Volley);
    assert!(
        napoleonic::candidates::candidates(game.world(), 0).contains(&volley),
        "the computer may order it"
    );
    game.submit(volley).unwrap();
    // Seed 2: 1, 4, 6, 6: two kills; the battery loses two of its three gun sections
    // and tests its morale.
    assert_eq!(
        dice_fire(&game, "Volley"),
        ["1 no kill", "4 no kill", "6 a kill", "6 a kill"]
    );
    assert_eq!(standing(&game, "gun"), "■□□");
    assert!(game.journal().entries().iter().any(|e| matches!(
        &e.event,
        GameEvent::MoraleChecked { piece, .. } if piece == "gun"
    )));
}

/// The odds of canister published in docs/rules/napoleonic.md ("Exact odds"): a
/// deployed battery firing at one hex, by gun sections standing and target.
fn canister_rows() -> Vec<String> {
    use drumfire_core::rules::napoleonic::brigade::{Fighter, Grades};
    let fighter = |arm: Arm, formation: Formation| Fighter {
        arm,
        grades: Grades::default(),
        formation,
        casualties: 0,
        strength: 4,
        disordered: false,
        shaken: false,
    };
    let battery = fighter(Arm::Artillery, Formation::Deployed);
    let mut rows = Vec::new();
    for sections in [3u32, 2] {
        for (what, formation, cover) in [
            ("line in the open", Formation::Line, false),
            (
                "column or square in the open",
                Formation::AttackColumn,
                false,
            ),
            ("line in a BUA or wood", Formation::Line, true),
        ] {
            let mods = bombard_factors(&battery, &fighter(Arm::Infantry, formation), 1, cover);
            let odds = combat::dice_fire_odds(false, "gun", sections, &mods, "b");
            // One cell for each of 0 to 3 casualties; two sections cannot cause 3.
            let mut chances: Vec<String> =
                odds.outcomes.iter().map(|o| o.chance.to_string()).collect();
            chances.resize(4, "—".to_owned());
            rows.push(format!(
                "| {sections} | {what} | {} | {} |",
                combat::kill_faces(combat::total(&mods)),
                chances.join(" | ")
            ));
        }
    }
    rows
}

#[test]
fn the_published_odds_of_canister_at_one_hex() {
    // Ours, N-33: the case of a full battery (three gun sections) firing canister at
    // a column one hex off removes three battalions 64 times in 216 (29.6%); at a
    // line, 27 in 216 (12.5%).
    let rows = canister_rows();
    assert_eq!(
        rows[..3],
        [
            "| 3 | line in the open | 3 | 27/216 | 81/216 | 81/216 | 27/216 |",
            "| 3 | column or square in the open | 4 | 8/216 | 48/216 | 96/216 | 64/216 |",
            "| 3 | line in a BUA or wood | 2 | 64/216 | 96/216 | 48/216 | 8/216 |",
        ]
    );
    let root = env!("CARGO_MANIFEST_DIR");
    let doc = std::fs::read_to_string(format!("{root}/../../docs/rules/napoleonic.md")).unwrap();
    for row in &rows {
        assert!(doc.contains(row.as_str()), "{row} is not in the doc");
    }
}

/// N-22's line is the core's line of sight, the one every rule set reads
/// (`map::sees`): where the line from a battery runs exactly along a hexside, a wood on
/// one side of it does not hide the target; woods on both sides do.
#[test]
fn a_battery_sees_along_a_hexside_past_a_wood_on_one_side_of_it() {
    let from = drumfire_core::scenario::hex_of("0303").unwrap();
    let to = from + hexx::Hex::new(1, 1);
    let [(left, right)] = drumfire_core::map::sight_line(from, to)[..] else {
        panic!("a line of one step")
    };
    assert_ne!(left, right, "the line runs along a hexside");
    let label = drumfire_core::coords::hex_label;
    let wooded = |hexes: &[hexx::Hex]| {
        let mut rows = vec![".".repeat(10); 8];
        for h in hexes {
            let l = label(*h);
            let (col, row): (usize, usize) = (l[..2].parse().unwrap(), l[2..].parse().unwrap());
            rows[row - 1].replace_range(col - 1..col, "w");
        }
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let s = field(
            &rows,
            &[
                ("gun", 0, &label(from), 2, "order: Hold"),
                ("foe", 1, &label(to), 4, "order: Hold"),
            ],
        );
        let game = drumfire_core::game::Game::new(&s, 1);
        view::clear_line(game.world(), from, to)
    };
    assert!(wooded(&[]));
    assert!(wooded(&[left]), "a wood on one side");
    assert!(wooded(&[right]), "a wood on the other side");
    assert!(!wooded(&[left, right]), "woods on both sides");
}
