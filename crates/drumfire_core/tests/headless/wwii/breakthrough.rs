//! After the assault: the ground a breakthrough may occupy, the cavalry's choice after
//! a win.

#[test]
fn a_breakthrough_occupies_uncontested_ground_within_one_assault_movement() {
    // "If a side wins all three assault rounds and eliminates all assault opposition,
    // they breakthrough and may occupy any uncontested territory within one assault
    // movement." W-D18: half the movement rounded up, through hexes no enemy holds or
    // touches.
    use drumfire_core::rules::wwii::followup::{assault_movement, breakthrough_hexes, uncontested};
    assert_eq!([4, 3, 8, 1].map(assault_movement), [2, 2, 4, 1]);
    let from = hexx::Hex::ZERO;
    let enemy = hexx::Hex::new(3, 0);
    assert!(!uncontested(hexx::Hex::new(2, 0), &[enemy]));
    assert!(uncontested(hexx::Hex::new(1, 0), &[enemy]));
    let open = breakthrough_hexes(from, 2, &[], |_| Some(1));
    assert_eq!(open.len(), 18, "the two rings around it");
    let near_enemy = breakthrough_hexes(from, 2, &[enemy], |_| Some(1));
    assert!(!near_enemy.contains(&(2, 0)) && !near_enemy.contains(&(3, 0)));
    assert!(near_enemy.contains(&(1, 0)));
    // Impassable ground is not entered, nor passed through.
    let walled = breakthrough_hexes(from, 2, &[], |h| (h.x != 1).then_some(1));
    assert!(!walled.contains(&(1, 0)) && !walled.contains(&(2, 0)));
    // One assault movement is counted in movement points: two movement points reach
    // one ring of wood (2 each), not two.
    let wood = breakthrough_hexes(from, 2, &[], |_| Some(2));
    assert_eq!(wood.len(), 6, "one ring of wood");
}

#[test]
fn cavalry_that_wins_dismounts_in_place_or_moves_on() {
    // "If the cavalry wins the assault, they have the option of either dismounting in
    // place or using their remaining movement to reposition themselves."
    use drumfire_core::rules::wwii::followup::{CavalryAfterWin, cavalry_after_win};
    assert_eq!(
        cavalry_after_win(3),
        [CavalryAfterWin::Dismount, CavalryAfterWin::Reposition(3)]
    );
    assert_eq!(cavalry_after_win(0), [CavalryAfterWin::Dismount]);
}
