//! Whole games: a soak, the computer on both sides, sealed orders given in secret.

use super::*;

const SMALL: &str = include_str!("../../../../../tests/data/napoleonic_small.ron");

fn small() -> Scenario {
    scenario::parse("tests/data/napoleonic_small.ron", SMALL, RULES)
        .unwrap_or_else(|e| panic!("{}", e[0]))
}

#[test]
fn soak_the_mill_at_lindenau() {
    let s = small();
    for seed in 0..drumfire_core::testing::soak_games() {
        let game = soak_game(&s, seed).unwrap_or_else(|e| panic!("{e}"));
        assert!(game.outcome().is_some());
    }
}

#[test]
fn the_computer_plays_both_sides_within_the_rules() {
    let s = small();
    for seed in 0..4 {
        soak_game_with(&s, seed, [PlayerKind::Ai, PlayerKind::Random])
            .unwrap_or_else(|e| panic!("{e}"));
        soak_game_with(&s, seed, [PlayerKind::Random, PlayerKind::Ai])
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn a_game_saved_with_sealed_orders_replays_to_the_same_hash() {
    let s = small();
    let mut game = Game::new(&s, 3);
    let mut bots = [Bot::new(PlayerKind::Ai, 6), Bot::new(PlayerKind::Random, 7)];
    play_out(&mut game, &mut bots).unwrap();
    let saved = drumfire_core::save::save_of(&mut game, &s, 3);
    let text = drumfire_core::save::to_text(&saved).unwrap();
    let back =
        drumfire_core::save::parse("np.ron", &text, RULES).unwrap_or_else(|e| panic!("{}", e[0]));
    let (_, check) = drumfire_core::save::replay(&back);
    assert_eq!(check, Ok(game.state_hash()));
}

#[test]
fn orders_are_given_in_secret_and_shown_when_both_sides_have_given_theirs() {
    let s = small();
    let mut game = Game::new(&s, 1);
    assert_eq!(game.phase_name(), "Orders");
    assert_eq!(game.awaiting(), Some(0));
    let french: Order = NpOrder::Orders {
        side: 0,
        orders: vec![
            ("f_1".into(), napoleonic::brigade::Command::Attack),
            ("f_2".into(), napoleonic::brigade::Command::Engage),
        ],
    }
    .into();
    game.submit(french).unwrap();
    // Given, not yet shown: f_1 is still on Engage orders.
    let command =
        |g: &Game, id: &str| g.world().resource::<napoleonic::NpState>().brigades[id].command;
    assert_eq!(command(&game, "f_1"), napoleonic::brigade::Command::Engage);
    assert_eq!(game.awaiting(), Some(1));
    // Hold to Attack is two steps: refused, and nothing changes.
    let before = game.state_hash();
    let too_far: Order = NpOrder::Orders {
        side: 1,
        orders: vec![
            ("p_1".into(), napoleonic::brigade::Command::Attack),
            ("p_2".into(), napoleonic::brigade::Command::Hold),
        ],
    }
    .into();
    let refusal = game.submit(too_far).unwrap_err().0;
    assert!(refusal.contains("one step a turn"), "{refusal}");
    assert_eq!(game.state_hash(), before);
    // A brigade left out is refused too.
    let missing: Order = NpOrder::Orders {
        side: 1,
        orders: vec![("p_1".into(), napoleonic::brigade::Command::Hold)],
    }
    .into();
    assert!(game.submit(missing).unwrap_err().0.contains("has no order"));
    let prussian: Order = NpOrder::Orders {
        side: 1,
        orders: vec![
            ("p_1".into(), napoleonic::brigade::Command::Hold),
            ("p_2".into(), napoleonic::brigade::Command::Engage),
        ],
    }
    .into();
    game.submit(prussian).unwrap();
    assert_eq!(command(&game, "f_1"), napoleonic::brigade::Command::Attack);
    assert_eq!(command(&game, "p_2"), napoleonic::brigade::Command::Engage);
    assert_eq!(game.phase_name(), "Movement");
}

#[test]
fn the_computer_skirmishes_only_when_its_kills_are_likelier() {
    // NP-16, "Only initiate skirmish combat if you have better skirmishers": red kills
    // on 4+ (Skirmish B), b on 4+ too (Skirmish A, one casualty). Equal: red passes.
    let s = field(
        &[],
        &[
            ("r", 0, "0404", 4, "order: Hold"),
            ("b", 1, "0604", 4, "order: Hold, skirmish: A"),
        ],
    );
    let mut game = to_combat(&s, 1, 0);
    wear(&mut game, "b", 1);
    assert_eq!(
        napoleonic::ai::choose(game.world(), 0),
        Some(Order::Pass { side: 0 })
    );
}

#[test]
fn brigades_out_of_contact_start_no_fight_in_the_combat_phase_and_are_told_why() {
    // Turn 1, Combat phase, no brigade in contact: the infantry on Engage orders would
    // skirmish with the enemy infantry and volley at the cavalry, and the rules' own
    // checks of those fights say why it starts none.
    let s = field(
        &[],
        &[
            ("r", 0, "0203", 4, "order: Engage"),
            ("b", 1, "0703", 4, "order: Hold"),
            ("cav", 1, "0707", 4, "order: Hold"),
        ],
    );
    let game = to_combat(&s, 5, 0);
    let why_idle = napoleonic::INFO.why_idle;
    assert_eq!(
        why_idle(game.world(), 0, "r"),
        [
            "a skirmish is fought across one empty hex: b is 5 hexes away",
            "cav is not next to r (7 hexes away)",
        ]
    );
    // Nothing is asked of the rules for a side not awaited, nor for another side's
    // brigade: their checks could read what that side keeps hidden.
    assert_eq!(why_idle(game.world(), 1, "b"), Vec::<String>::new());
    assert_eq!(why_idle(game.world(), 0, "b"), Vec::<String>::new());
    // A brigade on Attack orders beside enemy infantry in the open fights hand to hand.
    let game = to_combat(&even_fights(), 5, 0);
    assert_eq!(why_idle(game.world(), 0, "r"), Vec::<String>::new());
}
