//! The Napoleonic rules' cavalry and artillery (ours, N-21 to N-25 in
//! `docs/rules/napoleonic.md`): which arm fights which fight, the arms' formations,
//! orders and movement, bombardment, the charge and the square, storming a battery,
//! and the skirmisher facing deployed guns.

use super::napoleonic::{
    causes, field, fight, hex_of_piece, last_result, marked, move_to, refused, standing, to_combat,
    to_movement,
};
use drumfire_core::counters::MarkerKind;
use drumfire_core::journal::GameEvent;
use drumfire_core::orders::Order;
use drumfire_core::rules::napoleonic::brigade::{Arm, Command, Formation};
use drumfire_core::rules::napoleonic::combat::{self, Contest, bombard_factors, factors, plan};
use drumfire_core::rules::napoleonic::{self, Fight, NpOrder, NpState, view};
use drumfire_core::scenario::hex_of;

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

#[test]
fn the_seeds_fights_are_infantry_against_infantry() {
    // Rules 10 to 13 say "Only infantry" and "Against infantry": horse and guns fight
    // by our rules, and infantry fights no seed fight against them.
    let s = field(
        &["", "", "", "", "", "", "", "....ww...."],
        &[
            ("cav", 0, "0404", 4, "order: Engage"),
            ("cava", 0, "0402", 4, "order: Attack"),
            ("inf", 0, "0406", 4, "order: Engage"),
            ("infa", 0, "0408", 4, "order: Attack"),
            ("b", 1, "0504", 4, "order: Hold"),
            ("b2", 1, "0502", 4, "order: Hold"),
            ("cavb", 1, "0506", 4, "order: Hold"),
            ("gun", 1, "0508", 2, "order: Hold"),
        ],
    );
    let mut game = to_combat(&s, 3, 0);
    refused(
        &mut game,
        fight(0, "cav", "0504", Fight::Firefight),
        "cav is cavalry: only infantry fight a firefight",
    );
    refused(
        &mut game,
        fight(0, "cava", "0502", Fight::HandToHand),
        "only infantry fight a hand to hand",
    );
    refused(
        &mut game,
        fight(0, "inf", "0506", Fight::Firefight),
        "cavb is cavalry: a firefight is fought against infantry",
    );
    refused(
        &mut game,
        fight(0, "infa", "0508", Fight::Inside),
        "gun is artillery: a combat inside is fought against infantry",
    );
    refused(
        &mut game,
        fight(0, "infa", "0508", Fight::Charge),
        "only cavalry charges",
    );
    refused(
        &mut game,
        fight(0, "inf", "0504", Fight::Bombard),
        "only a battery bombards",
    );
    refused(
        &mut game,
        fight(0, "cava", "0502", Fight::Assault),
        "infantry storms a battery",
    );
    refused(
        &mut game,
        fight(0, "infa", "0408", Fight::Assault),
        "no enemy brigade",
    );
}

#[test]
fn each_arm_has_its_formations_orders_and_movement() {
    let s = field(
        &[],
        &[
            ("cav", 0, "0102", 4, "order: Engage"),
            (
                "cavm",
                0,
                "0105",
                4,
                "order: Engage, formation: MarchColumn",
            ),
            ("gun", 0, "0107", 2, "order: Engage"),
            ("gunl", 0, "0108", 2, "order: Engage, formation: Limbered"),
            ("inf", 0, "0104", 4, "order: Engage"),
            ("far", 1, "1001", 4, "order: Hold"),
        ],
    );
    // Cavalry: line 3 hexes, march column 4 (5 wholly along the road).
    let mut game = to_movement(&s, 1, 0);
    refused(
        &mut game,
        move_to(0, "cav", &["0202", "0302", "0402", "0502"]),
        "cav moves 3 hexes in line",
    );
    game.submit(move_to(0, "cav", &["0202", "0302", "0402"]))
        .unwrap();
    game.submit(move_to(
        0,
        "cavm",
        &["0205", "0305", "0405", "0505", "0605"],
    ))
    .unwrap();
    // A battery deployed does not move; limbered it moves 2.
    refused(&mut game, move_to(0, "gun", &["0207"]), "deployed");
    refused(
        &mut game,
        move_to(0, "gunl", &["0208", "0308", "0408"]),
        "gunl moves 2 hexes in limbered",
    );
    game.submit(move_to(0, "gunl", &["0208", "0308"])).unwrap();
    // Each arm its own formations.
    refused(
        &mut game,
        form(0, "gun", Formation::Square),
        "cannot form square",
    );
    refused(
        &mut game,
        form(0, "inf", Formation::Limbered),
        "cannot form limbered",
    );
    game.submit(form(0, "gun", Formation::Limbered)).unwrap();
    let state = game.world().resource::<NpState>();
    assert_eq!(state.brigades["gun"].formation, Formation::Limbered);
    // The counter shows the formation and the hexes it moves.
    let label = |id: &str| {
        let e = game
            .world()
            .resource::<drumfire_core::counters::PieceIds>()
            .get(id)
            .unwrap();
        game.world()
            .get::<drumfire_core::counters::Label>(e)
            .unwrap()
            .0
            .clone()
    };
    assert_eq!(label("gun"), "LIMBER 2");
    assert_eq!(label("cav"), "LINE 3");
    assert_eq!(label("cavm"), "MARCH 4");
    assert_eq!(label("inf"), "LINE 1");
    // A battery takes Engage or Hold orders, never Attack.
    game.submit(Order::Pass { side: 0 }).unwrap();
    game.submit(Order::Pass { side: 1 }).unwrap();
    game.submit(Order::Pass { side: 0 }).unwrap();
    game.submit(Order::Pass { side: 1 }).unwrap();
    assert_eq!(game.phase_name(), "Orders");
    let orders = |gun: Command| -> Order {
        NpOrder::Orders {
            side: 0,
            orders: ["cav", "cavm", "gun", "gunl", "inf"]
                .iter()
                .map(|id| {
                    (
                        (*id).to_owned(),
                        if id.starts_with("gun") {
                            gun
                        } else {
                            Command::Engage
                        },
                    )
                })
                .collect(),
        }
        .into()
    };
    refused(
        &mut game,
        orders(Command::Attack),
        "gun is a battery: it takes Engage or Hold orders, not Attack",
    );
    game.submit(orders(Command::Hold)).unwrap();
}

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
         2–3: winner routs (winner 3 casualties, loser 1) 0/36, \
         4–5: winner retires 4\" Shaken (winner 2, loser 1) 1/36, \
         6–7: draw, both Disordered (1 casualty each) 5/36, \
         8–9: loser retires 4\" Shaken (winner 1, loser 2) 9/36, \
         10+: loser routs (winner 1, loser 3) 21/36"
    );
    game.submit(fight(0, "cav", "0504", Fight::Charge)).unwrap();
    // Seed 11: 7+3 = 10, the line routs with three casualties; the horse takes one
    // and, win or lose, is blown.
    assert_eq!(
        last_result(&game),
        "10: 10+: loser routs (winner 1, loser 3)"
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
        "8: 8–9: loser retires 4\" Shaken (winner 1, loser 2)"
    );
    assert_eq!(hex_of_piece(&game, "cav").as_deref(), Some("0303"));
    assert!(marked(&game, "cav", MarkerKind::Shaken));
    assert!(marked(&game, "cav", MarkerKind::Disordered));
    assert_eq!(standing(&game, "cav"), "■■□□");
    assert_eq!(standing(&game, "sq"), "■■■□");
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
         2–3: winner routs (winner 3 casualties, loser 1) 3/36, \
         4–5: winner retires 4\" Shaken (winner 2, loser 1) 7/36, \
         6–7: draw, both Disordered (1 casualty each) 11/36, \
         8–9: loser retires 4\" Shaken (winner 1, loser 2) 9/36, \
         10+: loser routs (winner 1, loser 3) 6/36"
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
    assert_eq!(
        last_result(&game),
        "10: 10+: loser routs (winner 1, loser 3)"
    );
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
fn a_scenario_gives_each_arm_only_its_formations_and_orders() {
    let text = drumfire_core::scenario::parse(
        "t.ron",
        r##"Scenario(rules: "napoleonic", title: "T", turns: 2,
        map: (width: 4, height: 4, terrain: ["....", "....", "....", "...."]),
        sides: [(id: "r", name: "R", colour: "#c04040"), (id: "b", name: "B", colour: "#4040c0")],
        counters: [
            (id: "g", side: "r", unit: "foot_battery", hex: "0101", name: "G", stands: ["gun"]),
            (id: "c", side: "b", unit: "cavalry_brigade", hex: "0404", name: "C", stands: ["sq"]),
        ],
        victory: (step_loss_points: 1),
        napoleonic: (brigades: [
            (id: "g", order: Attack, formation: Line),
            (id: "c", formation: Square),
        ]))"##,
        &drumfire_core::rules::ALL,
    )
    .expect_err("accepted");
    let fields: Vec<String> = text
        .iter()
        .map(|e| format!("{}: {}", e.field, e.message))
        .collect();
    assert_eq!(
        fields,
        [
            "napoleonic.brigades[0].formation: `g` is artillery: its formations are Deployed or Limbered",
            "napoleonic.brigades[0].order: `g` is artillery: its orders are Engage or Hold",
            "napoleonic.brigades[1].formation: `c` is cavalry: its formations are Line or MarchColumn",
        ]
    );
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
