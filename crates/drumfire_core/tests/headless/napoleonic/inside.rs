//! Rule 10, combat inside BUA or woods: going in when the garrison retires, the winner
//! inside disordered.

use super::*;

#[test]
fn an_attacker_goes_in_when_the_garrison_of_a_wood_retires() {
    let mut game = to_combat(&even_fights(), 7, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    game.submit(fight(0, "a", "0505", Fight::Inside)).unwrap();
    assert_eq!(
        last_result(&game),
        "g retires 1 hex, Shaken (8–9): a 1 casualty, g 2"
    );
    assert_eq!(
        hex_of_piece(&game, "a").as_deref(),
        Some("0505"),
        "on Attack orders it goes in"
    );
    assert!(marked(&game, "g", MarkerKind::Shaken));
}

#[test]
fn the_winner_of_a_fight_inside_is_disordered() {
    // Ours, N-28: rule 10's example leaves the Prussians, who won, Disordered with one
    // casualty. Seed 7: the attacker a rolls 8 inside the wood; the garrison retires.
    let mut game = to_combat(&even_fights(), 7, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    game.submit(fight(0, "a", "0505", Fight::Inside)).unwrap();
    assert_eq!(
        last_result(&game),
        "g retires 1 hex, Shaken (8–9): a 1 casualty, g 2"
    );
    assert_eq!(standing(&game, "a"), "■■■□");
    assert!(marked(&game, "a", MarkerKind::Disordered));
    assert!(!marked(&game, "g", MarkerKind::Disordered));
    assert_eq!(hex_of_piece(&game, "a").as_deref(), Some("0505"));
    // Hand to hand in the open keeps the table as written: seed 0, r wins on 8 and
    // stands in good order.
    let mut game = to_combat(&even_fights(), 0, 0);
    game.submit(fight(0, "r", "0504", Fight::HandToHand))
        .unwrap();
    assert_eq!(
        last_result(&game),
        "b retires 1 hex, Shaken (8–9): r 1 casualty, b 2"
    );
    assert!(!marked(&game, "r", MarkerKind::Disordered));
}
