//! The computer player.

use super::*;

#[test]
fn the_computer_fires_at_the_target_in_the_open_rather_than_the_one_in_cover() {
    // Two Blue rifles in range and sight, one in woods, one in the open: the open
    // table gives the better odds, so the computer fires there.
    let s = rifles_by_the_woods(&[]);
    let mut game = Game::new(&s, 4);
    to_activation(&mut game, 0);
    let choice = drumfire_core::rules::portable::ai::choose(game.world(), 0);
    assert_eq!(
        choice,
        Some(Order::from(PtOrder::Fire {
            side: 0,
            unit: "inf".into(),
            target: "0401".into()
        }))
    );
}

/// A commander adds to the close combat and the fire of each friend beside him (the
/// seed's Command unit), so the computer moves him with his units: at Ukhozi Drift the
/// Induna, who could run four hexes up the road to within rifle range of the mission
/// ahead of the whole impi, ends his move beside his regiments, none of them behind him.
#[test]
fn the_computer_keeps_its_commander_beside_his_units_not_ahead_of_them() {
    let mut game = Game::new(&load("ukhozi_drift.ron"), 3);
    to_activation(&mut game, 1);
    let mut moved_to = None;
    while game.awaiting() == Some(1) {
        let order = drumfire_core::rules::portable::ai::choose(game.world(), 1).expect("an order");
        if let Some(PtOrder::Move { unit, path, .. }) = order.rules::<PtOrder>()
            && unit == "z_hq"
        {
            moved_to = Some(h(path.last().expect("a path")));
        }
        game.submit(order).expect("accepted");
    }
    let to = moved_to.expect("the Induna moved in the Zulu's first activation");
    let beside = all(&game)
        .into_iter()
        .filter(|u| u.side == 1 && u.id != "z_hq" && u.hex.unsigned_distance_to(to) == 1)
        .count();
    assert!(beside >= 1, "the Induna went alone to {to:?}");
    // Not out in front: some regiment stands at least as near the mission's rifles.
    let a_coy = unit(&game, "b_24a").hex;
    let front = all(&game)
        .into_iter()
        .filter(|u| u.side == 1 && u.id != "z_hq")
        .map(|u| u.hex.unsigned_distance_to(a_coy))
        .min()
        .expect("the impi");
    assert!(front <= a_coy.unsigned_distance_to(to), "ahead of the impi");
}
