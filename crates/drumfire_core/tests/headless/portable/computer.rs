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
