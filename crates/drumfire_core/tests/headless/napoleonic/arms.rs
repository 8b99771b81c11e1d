//! Cavalry and artillery (ours, N-21 to N-25): which arm fights which fight, the arms'
//! formations, orders and movement, and what a scenario gives each arm.

use super::*;

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

/// Cavalry in line and in march column, a battery deployed and one limbered, and
/// infantry, all on Engage, with a far enemy holding.
fn arms_field() -> Scenario {
    field(
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
    )
}

/// The label a brigade's counter shows.
fn label(game: &Game, id: &str) -> String {
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
}

/// Side 0's orders: `gun` for both batteries, Engage for every other brigade.
fn orders(gun: Command) -> Order {
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
}

#[test]
fn each_arm_has_its_formations_orders_and_movement() {
    let s = arms_field();
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
    assert_eq!(label(&game, "gun"), "LIMBER 2");
    assert_eq!(label(&game, "cav"), "LINE 3");
    assert_eq!(label(&game, "cavm"), "MARCH 4");
    assert_eq!(label(&game, "inf"), "LINE 1");
    // A battery takes Engage or Hold orders, never Attack.
    game.submit(Order::Pass { side: 0 }).unwrap();
    game.submit(Order::Pass { side: 1 }).unwrap();
    game.submit(Order::Pass { side: 0 }).unwrap();
    game.submit(Order::Pass { side: 1 }).unwrap();
    assert_eq!(game.phase_name(), "Orders");
    refused(
        &mut game,
        orders(Command::Attack),
        "gun is a battery: it takes Engage or Hold orders, not Attack",
    );
    game.submit(orders(Command::Hold)).unwrap();
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
