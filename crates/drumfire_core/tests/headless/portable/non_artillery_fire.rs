//! Non-artillery fire: once a turn if not moved, the cover table.

use super::*;

#[test]
fn non_artillery_fires_once_a_turn_if_it_has_not_moved_and_may_fire_pinned() {
    let s = field(
        &[],
        &[],
        "",
        &[
            (
                "pinned",
                0,
                "infantry_rifles",
                "0304",
                ", facing: Some(North), markers: [Pinned]",
            ),
            (
                "mover",
                0,
                "infantry_rifles",
                "0306",
                ", facing: Some(North)",
            ),
            ("spare", 0, "infantry_rifles", "0101", ""),
            ("foe", 1, "infantry_rifles", "0302", ""),
        ],
    );
    let mut game = Game::new(&s, 4);
    let p = fire_plan(&game, "pinned", "0302").unwrap();
    assert_eq!(
        (p.table, p.modifiers.clone()),
        (Table::Open, vec![(-1, "firer pinned".to_owned())])
    );
    to_activation(&mut game, 0);
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "mover".into(),
            path: vec!["0305".into()],
        },
    )
    .unwrap();
    assert_eq!(
        fire_plan(&game, "mover", "0302").unwrap_err(),
        "mover has already been activated this turn."
    );
    order(
        &mut game,
        PtOrder::Fire {
            side: 0,
            unit: "pinned".into(),
            target: "0302".into(),
        },
    )
    .unwrap();
    assert_eq!(
        fire_plan(&game, "pinned", "0302").unwrap_err(),
        "pinned has already fired this turn."
    );
    // Seed 4: the die shows 4, less 1 for the pinned firer: 3 pins a target in the open.
    let fired = game
        .journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired { dice, result, .. } => Some((dice.clone(), result.clone())),
            _ => None,
        });
    assert_eq!(fired, Some((vec![4], "foe: Pinned".to_owned())));
    assert!(unit(&game, "foe").pinned);
}

#[test]
fn a_target_in_cover_or_pinned_is_fired_at_on_the_cover_table() {
    let s = rifles_by_the_woods(&[(
        "pinned",
        1,
        "infantry_rifles",
        "0201",
        ", markers: [Pinned]",
    )]);
    let game = Game::new(&s, 1);
    let table = |at: &str| fire_plan(&game, "inf", at).map(|p| p.table);
    assert_eq!(table("0301"), Ok(Table::Cover));
    assert_eq!(table("0201"), Ok(Table::Cover));
    assert_eq!(table("0401"), Ok(Table::Open));
}
