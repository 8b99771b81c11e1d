//! Cavalry (ours): the charge, the square, infantry volleying at cavalry beside it.

use super::*;

#[test]
fn cavalry_charges_in_line_on_attack_orders_and_is_blown() {
    let s = field(
        &[],
        &[
            ("cav", 0, "0404", 4, "order: Attack, class: A"),
            (
                "cavm",
                0,
                "0406",
                4,
                "order: Attack, formation: MarchColumn",
            ),
            ("cave", 0, "0402", 4, "order: Engage"),
            ("b", 1, "0504", 4, "order: Hold"),
            ("b2", 1, "0506", 4, "order: Hold"),
            ("b3", 1, "0502", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 11, 0);
    refused(
        &mut game,
        fight(0, "cavm", "0506", Fight::Charge),
        "cavalry charges in line",
    );
    refused(
        &mut game,
        fight(0, "cave", "0502", Fight::Charge),
        "only Attack orders charge",
    );
    // Class A and the charge on a line: +3, and the horse rolls 2d6+3.
    assert_eq!(
        odds_of(&game, 0, "cav", "0504", Fight::Charge),
        "+1 cav: Class A, +2 cav: Cavalry against infantry not in square | \
         2–3: cav would rout (cav 3 casualties, b 1) 0/36, \
         4–5: cav would retire 1 hex, Shaken (cav 2 casualties, b 1) 1/36, \
         6–7: a draw, both Disordered (1 casualty each) 5/36, \
         8–9: b would retire 1 hex, Shaken (cav 1 casualty, b 2) 9/36, \
         10+: b would rout (cav 1 casualty, b 3) 21/36"
    );
    game.submit(fight(0, "cav", "0504", Fight::Charge)).unwrap();
    // Seed 11: 7+3 = 10, the line routs with three casualties; the horse takes one
    // and, win or lose, is blown.
    assert_eq!(
        last_result(&game),
        "+3 makes 10, b routs (10+): cav 1 casualty, b 3"
    );
    assert!(marked(&game, "b", MarkerKind::Routed));
    assert_eq!(standing(&game, "b"), "■□□□");
    assert_eq!(standing(&game, "cav"), "■■■□");
    assert!(marked(&game, "cav", MarkerKind::Disordered));
}

#[test]
fn a_square_stands_against_cavalry() {
    let fresh = |arm, formation| drumfire_core::rules::napoleonic::brigade::Fighter {
        arm,
        formation,
        grades: Default::default(),
        casualties: 0,
        strength: 4,
        disordered: false,
        shaken: false,
    };
    let cav = fresh(Arm::Cavalry, Formation::Line);
    let line = fresh(Arm::Infantry, Formation::Line);
    let square = fresh(Arm::Infantry, Formation::Square);
    assert_eq!(
        causes(&factors(Contest::Charge, &cav, &line)),
        [(2, "Cavalry against infantry not in square")]
    );
    assert!(factors(Contest::Charge, &line, &cav).is_empty());
    assert!(factors(Contest::Charge, &cav, &square).is_empty());
    assert_eq!(
        causes(&factors(Contest::Charge, &square, &cav)),
        [(3, "Square against cavalry")]
    );
    // Against the line the horse rolls 2d6+2; against the square the square rolls
    // 2d6+3, and the charge breaks on it.
    let p = plan(Contest::Charge, &cav, &line);
    assert!(p.attacker_wins && p.difference == 2);
    let p = plan(Contest::Charge, &cav, &square);
    assert!(!p.attacker_wins && p.difference == 3);
    assert_eq!(combat::row_ways(3), [0, 1, 5, 9, 21]);
    // In play: the square beats off the charge (seed 2).
    let s = field(
        &[],
        &[
            ("cav", 0, "0404", 4, "order: Attack"),
            ("sq", 1, "0504", 4, "order: Hold, formation: Square"),
        ],
    );
    let mut game = to_combat(&s, 2, 0);
    game.submit(fight(0, "cav", "0504", Fight::Charge)).unwrap();
    // Seed 2: the square rolls 5+3 = 8: the horse retires a hex, Shaken, with two
    // casualties, and is blown.
    assert_eq!(
        last_result(&game),
        "+3 makes 8, cav retires 1 hex, Shaken (8–9): sq 1 casualty, cav 2"
    );
    assert_eq!(hex_of_piece(&game, "cav").as_deref(), Some("0303"));
    assert!(marked(&game, "cav", MarkerKind::Shaken));
    assert!(marked(&game, "cav", MarkerKind::Disordered));
    assert_eq!(standing(&game, "cav"), "■■□□");
    assert_eq!(standing(&game, "sq"), "■■■□");
}

#[test]
fn infantry_volleys_at_the_cavalry_beside_it() {
    let s = field(
        &[],
        &[
            (
                "sq",
                0,
                "0404",
                4,
                "order: Hold, formation: Square, fire: A",
            ),
            ("att", 0, "0406", 4, "order: Attack"),
            ("cav", 1, "0504", 3, "order: Hold, formation: MarchColumn"),
            ("cav2", 1, "0506", 3, "order: Hold"),
            ("b", 1, "0402", 4, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 9, 0);
    refused(
        &mut game,
        fight(0, "att", "0506", Fight::Volley),
        "only Engage or Hold orders volley",
    );
    refused(
        &mut game,
        fight(0, "sq", "0402", Fight::Volley),
        "b is infantry: a volley is fired at horse or guns",
    );
    // The square: a die a battalion, +1 Fire A, +1 the horse in march column; each
    // kills on 4 or more.
    assert_eq!(
        odds_of(&game, 0, "sq", "0504", Fight::Volley),
        "+1 sq: Fire A, +1 sq: Target in march column | 0 casualties 81/1296, \
         1 casualty 324/1296, 2 casualties 486/1296, 3 casualties 324/1296, \
         4 casualties 81/1296"
    );
    game.submit(fight(0, "sq", "0504", Fight::Volley)).unwrap();
    let volley = dice_fire(&game, "Volley");
    // Seed 9: 3, 3, 6, 5, each +2: two kills.
    assert_eq!(volley, ["3 no kill", "3 no kill", "6 a kill", "5 a kill"]);
    assert_eq!(standing(&game, "cav"), "■□□");
}
