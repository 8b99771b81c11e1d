//! The window's intents.

use super::*;

use drumfire_core::rules::great_war::preview::{self, Intent, Pick};

#[test]
fn a_click_on_a_reachable_hex_becomes_a_move_by_the_cheapest_path() {
    let mut g = start(&command_battle(), 2);
    let intent = Intent::Activate("maj".into());
    let order = preview::to_order(g.world(), RED, &intent).unwrap();
    g.submit(order).unwrap();
    let reach = preview::reachable(g.world(), &ids(&["r2"]));
    let to = hex_of("0502").unwrap();
    let (cost, _) = reach[&drumfire_core::coords::MapCoord::from_hex(to).unwrap()].clone();
    assert_eq!(cost, 2);
    let order = preview::to_order(g.world(), RED, &Intent::Move(ids(&["r2"]), to)).unwrap();
    assert_eq!(
        order,
        Order::from(GwOrder::Move {
            side: RED,
            pieces: ids(&["r2"]),
            path: ids(&["0402", "0502"])
        })
    );
    g.submit(order).unwrap();
}

#[test]
fn an_illegal_destination_says_why() {
    let mut g = start(&command_battle(), 2);
    g.submit(preview::to_order(g.world(), RED, &Intent::Activate("r3".into())).unwrap())
        .unwrap();
    let why = preview::to_order(
        g.world(),
        RED,
        &Intent::Move(ids(&["r3"]), hex_of("0702").unwrap()),
    )
    .unwrap_err();
    assert_eq!(
        why.0,
        "0702 is out of reach. On the direct route: 0602 is closer to the enemy, and only units activated by a leader of their type may move closer."
    );
}

#[test]
fn a_leader_offers_activation_and_shows_his_chain() {
    let g = start(&command_battle(), 2);
    let offers = preview::offers(g.world(), "maj");
    assert_eq!(offers[0].label, "Activate (with his chain)");
    assert_eq!(offers[0].refused, None);
    assert_eq!(preview::chain(g.world(), "maj"), ids(&["maj", "r1", "r2"]));
}

#[test]
fn an_activated_unit_offers_move_and_fire_and_fire_previews_exact_odds() {
    let mut g = start(&assault_battle(), 2);
    g.submit(preview::to_order(g.world(), RED, &Intent::Activate("maj".into())).unwrap())
        .unwrap();
    let offers = preview::offers(g.world(), "r1");
    let labels: Vec<&str> = offers.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Move",
            "Move the stack",
            "Fire",
            "Fire with the stack",
            "Assault"
        ]
    );
    assert_eq!(offers[3].pick, Some(Pick::Fire(ids(&["r1", "r2"]))));
    let (plan, odds) =
        preview::fire_preview(g.world(), &ids(&["r1", "r2"]), hex_of("0301").unwrap()).unwrap();
    assert_eq!(
        (plan.strength, plan.table.column_label(plan.column)),
        (10, "14-19".to_owned())
    );
    assert_eq!(odds.results.results.iter().map(|r| r.1).sum::<u32>(), 36);
    assert_eq!(
        preview::fire_targets(g.world(), &ids(&["r1"])),
        vec![hex_of("0301").unwrap(), hex_of("0501").unwrap()]
    );
}
