//! Designed by us: every choice marked where it lives.

/// Every choice the docs list as ours (P-1...) is marked `Ours — P-n` in the rule set's
/// code or data, where it lives; and no mark names a P-n the docs do not list.
#[test]
fn every_choice_we_designed_is_marked_ours_where_it_lives() {
    let (listed, wrong) =
        drumfire_core::testing::designed_marks("portable.md", "| P-", "P-", "portable");
    assert_eq!(listed, 18);
    assert!(wrong.is_empty(), "{wrong:?}");
}

use super::*;

/// P-17: cavalry mounts or dismounts as an activation, where it stands: it becomes its
/// counterpart piece (the dismounted moving and fighting like infantry, one less
/// power), keeps its facing, and does nothing else that turn; a pinned unit is
/// unpinned first, and a unit without a counterpart has no such order.
#[test]
fn cavalry_mounts_or_dismounts_as_an_activation() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0303", NORTH),
            ("inf", 0, "infantry_rifles", "0503", NORTH),
            (
                "pinned",
                0,
                "cavalry_dismounted",
                "0703",
                ", markers: [Pinned]",
            ),
            ("foe", 1, "infantry_rifles", "0306", ""),
        ],
    );
    let mut game = Game::new(&s, 1);
    to_activation(&mut game, 0);
    let mount = |unit: &str| PtOrder::MountOrDismount {
        side: 0,
        unit: unit.into(),
    };
    assert_eq!(
        order(&mut game, mount("inf")).unwrap_err(),
        "inf has no mounted or dismounted piece."
    );
    assert_eq!(
        order(&mut game, mount("pinned")).unwrap_err(),
        "pinned is pinned: unpin it first."
    );
    let listed = |game: &Game| {
        drumfire_core::players::legal_orders(game, 0, 0)
            .into_iter()
            .filter_map(|o| match o.rules::<PtOrder>() {
                Some(PtOrder::MountOrDismount { unit, .. }) => Some(unit.clone()),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(listed(&game), ["cav"]);
    let before = unit(&game, "cav");
    order(&mut game, mount("cav")).unwrap();
    let after = unit(&game, "cav");
    assert_eq!(after.unit_type, "cavalry_dismounted");
    assert!(!after.mounted);
    assert_eq!(
        (after.movement, after.power, after.rifle_range),
        (1, 3, Some(3))
    );
    assert_eq!((after.hex, after.facing), (before.hex, before.facing));
    assert!(after.activated(), "its activation");
    assert!(
        game.journal()
            .entries()
            .iter()
            .any(|e| matches!(&e.event, GameEvent::Note { text } if text == "cav dismounts."))
    );
    assert_eq!(
        order(&mut game, mount("cav")).unwrap_err(),
        "cav has already been activated this turn."
    );
}

/// P-18: facing plays no part in close combat: the seed gives close combat no flank or
/// rear, so a unit attacks an enemy next to it with the same power whichever way
/// either faces.
#[test]
fn close_combat_power_is_the_same_from_the_front_and_from_behind() {
    let s = |attacker_at: &str| {
        field(
            &[],
            &[],
            "",
            &[
                ("att", 0, "infantry_rifles", attacker_at, ""),
                ("def", 1, "infantry_rifles", "0304", NORTH),
            ],
        )
    };
    let front = Game::new(&s("0303"), 1);
    let rear = Game::new(&s("0305"), 1);
    let plan = |g: &Game| {
        let p = combat_plan(g, 0, &["att"], "def").unwrap();
        (p.attack, p.attack_changes, p.defence, p.defence_changes)
    };
    assert_eq!(plan(&front), plan(&rear));
    assert_eq!(plan(&front), (4, vec![], 4, vec![]));
}
