//! Movement: through friends, stopping next to an enemy and facing, moving off.

use super::*;

fn facing(game: &Game, id: &str) -> FacingDef {
    let e = game.world().resource::<PieceIds>().get(id).unwrap();
    FacingDef::of(game.world().get::<Facing>(e).unwrap().0)
}

#[test]
fn units_move_through_friends_but_never_end_in_the_same_hex() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0204", ""),
            ("friend", 0, "infantry_rifles", "0304", ""),
            ("foe", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let game = Game::new(&s, 1);
    assert_eq!(path(&game, "cav", &["0304", "0404"]), Ok(false));
    assert_eq!(
        path(&game, "cav", &["0304"]).unwrap_err(),
        "cav may not end its move in 0304: friend stands there."
    );
    assert_eq!(
        path(&game, "cav", &["0304", "0404", "0504"]).unwrap_err(),
        "cav moves 2 hexes a turn (half a hex along a road or through a built-up area): 0504 is too far."
    );
}

#[test]
fn a_unit_stops_next_to_an_enemy_and_both_turn_to_face_each_other() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0204", ""),
            ("foe", 1, "infantry_rifles", "0305", NORTH),
        ],
    );
    let mut game = Game::new(&s, 4);
    assert_eq!(
        path(&game, "cav", &["0304", "0404"]).unwrap_err(),
        "cav must stop at 0304: next to an enemy unit."
    );
    to_activation(&mut game, 0);
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "cav".into(),
            path: vec!["0304".into()],
        },
    )
    .unwrap();
    assert_eq!(facing(&game, "cav"), FacingDef::South);
    assert_eq!(facing(&game, "foe"), FacingDef::North);
}

#[test]
fn the_enemy_turns_to_face_the_last_unit_that_came_up() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("a", 0, "infantry_rifles", "0303", ""),
            ("b", 0, "infantry_rifles", "0307", ""),
            ("spare", 0, "infantry_rifles", "0101", ""),
            ("foe", 1, "infantry_rifles", "0305", NORTH),
        ],
    );
    let mut game = Game::new(&s, 4);
    to_activation(&mut game, 0);
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "a".into(),
            path: vec!["0304".into()],
        },
    )
    .unwrap();
    assert_eq!(facing(&game, "foe"), FacingDef::North);
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "b".into(),
            path: vec!["0306".into()],
        },
    )
    .unwrap();
    assert_eq!(facing(&game, "foe"), FacingDef::South);
    assert_eq!(
        (facing(&game, "a"), facing(&game, "b")),
        (FacingDef::South, FacingDef::North)
    );
}

#[test]
fn a_unit_faced_by_an_adjacent_enemy_may_move_off_but_not_next_to_another_enemy() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("inf", 0, "infantry_rifles", "0304", ", facing: Some(South)"),
            ("foe", 1, "infantry_rifles", "0305", NORTH),
            ("other", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&s, 1);
    assert_eq!(
        path(&game, "inf", &["0404"]).unwrap_err(),
        "inf is faced by an adjacent enemy: it may move away, but not into a hex next to another enemy unit."
    );
    assert_eq!(path(&game, "inf", &["0303"]), Ok(false));
}

/// Where facing meets a move of more than one hex: the faced unit may not come next to
/// another enemy on any hex of its move, the last included, and its reach agrees.
#[test]
fn a_faced_unit_moving_two_hexes_may_not_end_next_to_another_enemy() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0304", ", facing: Some(South)"),
            ("foe", 1, "infantry_rifles", "0305", NORTH),
            ("other", 1, "infantry_rifles", "0301", ""),
        ],
    );
    let game = Game::new(&s, 1);
    assert_eq!(path(&game, "cav", &["0303"]), Ok(false));
    assert_eq!(
        path(&game, "cav", &["0303", "0302"]).unwrap_err(),
        "cav is faced by an adjacent enemy: it may move away, but not into a hex next to another enemy unit."
    );
    let cav = unit(&game, "cav");
    let reach: Vec<String> = movement::reach(game.world(), &all(&game), &cav)
        .into_iter()
        .map(|(h, _)| view::label(h))
        .collect();
    assert!(reach.contains(&"0303".to_owned()), "{reach:?}");
    assert!(!reach.contains(&"0302".to_owned()), "{reach:?}");
}
