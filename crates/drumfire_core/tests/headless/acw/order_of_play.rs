//! Order of play, initiative and orders: the CinCs' ratings, the order chits and what
//! each allows, the initiative and the choice to move first or second; whole games.

use super::*;

#[test]
fn the_cinc_rolls_two_dice_for_his_rating() {
    // 10-12 three units, 7-9 two, 2-6 one.
    let by_total: Vec<u8> = (2..=12).map(|t| Rating::of(t).units()).collect();
    assert_eq!(by_total, [1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
    assert_eq!(
        Rating::ways(),
        [
            (Rating::Brilliant, 6),
            (Rating::Average, 15),
            (Rating::Poor, 15)
        ]
    );
}

#[test]
fn the_chits_and_what_each_allows() {
    use drumfire_core::rules::acw::chit::Chit;
    // Move 12" (4 hexes), Fast Advance 18" (6), Charge 12" (4); Fire and Opportunity
    // Fire stand.
    let hexes: Vec<u8> = Chit::ALL.iter().map(|c| c.hexes()).collect();
    assert_eq!(hexes, [4, 6, 4, 0, 0]);
    // "Units cannot move into contact without a Charge order."
    let contact: Vec<Chit> = Chit::ALL.into_iter().filter(|c| c.may_contact()).collect();
    assert_eq!(contact, [Chit::Charge]);
    // "the firing unit has to have a FIRE or OPPORTUNITY FIRE order to shoot"
    let at_charger: Vec<Chit> = Chit::ALL
        .into_iter()
        .filter(|c| c.may_fire_at_charger())
        .collect();
    assert_eq!(at_charger, [Chit::Fire, Chit::OpportunityFire]);
    assert!(Chit::Fire.fires_in_shooting() && !Chit::OpportunityFire.fires_in_shooting());
    assert!(Chit::OpportunityFire.fires_in_react() && !Chit::Fire.fires_in_react());
    // "Artillery is placed at the start of the game and do not move."
    let guns: Vec<Chit> = Chit::ALL
        .into_iter()
        .filter(|c| c.for_artillery())
        .collect();
    assert_eq!(guns, [Chit::Fire, Chit::OpportunityFire]);
    // Routed: "No Charge moves thereafter".
    assert!(!Chit::Charge.for_routed() && Chit::Move.for_routed());
}

#[test]
fn the_cinc_rolls_two_dice_for_his_rating_at_the_start_of_the_game() {
    // "At start of the game decide who is to be the CinC and roll two d6."
    let g = game(SEED);
    let rolls: Vec<(String, u8)> = g
        .journal()
        .entries()
        .iter()
        .filter_map(|e| match &e.event {
            GameEvent::DiceRolled { purpose, faces } if purpose.starts_with("the CinC") => {
                Some((purpose.clone(), faces.iter().sum()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        rolls,
        [
            ("the CinC's rating: Union".to_owned(), 7),
            ("the CinC's rating: Confederate".to_owned(), 11)
        ]
    );
    let s = state(&g);
    assert_eq!(s.ratings[&0], Rating::Average);
    assert_eq!(s.ratings[&1], Rating::Brilliant);
}

#[test]
fn an_order_chit_behind_each_unit() {
    // "Orders - place an order chit behind each unit": every unit, once; a battery
    // does not move, so it takes Fire or Opportunity Fire.
    let mut g = game(SEED);
    refused(
        &mut g,
        chits(0, &UNION[..2]),
        "Battery D, 5th US has no chit",
    );
    refused(
        &mut g,
        chits(0, &[UNION[0], UNION[1], ("u_bat", Chit::Move)]),
        "is a battery",
    );
    refused(
        &mut g,
        chits(0, &[UNION[0], UNION[0], UNION[1], UNION[2]]),
        "has two chits",
    );
    refused(
        &mut g,
        chits(0, &[UNION[0], UNION[1], UNION[2], CONFEDERATE[0]]),
        "not one of this side's units",
    );
    let o = chits(0, &UNION);
    assert!(
        o.secret().is_some(),
        "a side's chits are its secret in a save"
    );
    g.submit(o).unwrap();
    // Placed: the game waits on the Confederates now.
    refused(&mut g, chits(0, &UNION), "waits on Confederate");
    // Each side sees its own chits; the other side's only once turned over.
    let s = state(&g);
    assert_eq!(s.chit_seen_by("u_20me", 0, Some(0)), Some(Chit::Move));
    assert_eq!(s.chit_seen_by("u_20me", 0, Some(1)), None);
    assert_eq!(s.chit_seen_by("u_20me", 0, None), None);
}

#[test]
fn the_higher_initiative_die_chooses_to_move_first_or_second() {
    // "Each CinC roles one d6 ... highest has the initiative for that game turn can
    // decide to move first or second."
    let mut g = game(SEED);
    g.submit(chits(0, &UNION)).unwrap();
    g.submit(chits(1, &CONFEDERATE)).unwrap();
    assert_eq!(g.phase_name(), "Initiative");
    let won = g
        .journal()
        .entries()
        .iter()
        .find_map(|e| match &e.event {
            GameEvent::InitiativeWon { side, .. } => Some(*side),
            _ => None,
        })
        .expect("the initiative rolled");
    assert_eq!(won, 1);
    assert_eq!(g.awaiting(), Some(won));
    refused(
        &mut g,
        AcwOrder::Choose {
            side: 1 - won,
            first: true,
        }
        .into(),
        "waits on Confederate",
    );
    // The Confederates choose to move second: the Union moves first.
    g.submit(
        AcwOrder::Choose {
            side: won,
            first: false,
        }
        .into(),
    )
    .unwrap();
    assert_eq!(g.phase_name(), "Movement");
    assert_eq!(state(&g).first, 0);
    assert_eq!(g.awaiting(), Some(0));
}

#[test]
fn games_play_to_the_end_with_the_invariants_and_replay_to_the_same_hash() {
    use drumfire_core::players::PlayerKind;
    let path = format!(
        "{}/../../tests/data/acw_first.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let s = parse(&path, &text);
    let players = [
        [PlayerKind::Random; 2],
        [PlayerKind::Ai, PlayerKind::Random],
        [PlayerKind::Random, PlayerKind::Ai],
        [PlayerKind::Ai; 2],
    ];
    for seed in 1..=12 {
        let mut g = drumfire_core::testing::soak_game_with(&s, seed, players[seed as usize % 4])
            .unwrap_or_else(|e| panic!("{e}"));
        let saved = drumfire_core::save::save_of(&mut g, &s, seed);
        let text = drumfire_core::save::to_text(&saved).unwrap();
        let back = drumfire_core::save::parse("acw.ron", &text, &drumfire_core::rules::ALL)
            .unwrap_or_else(|e| panic!("{}", e[0]));
        let (_, check) = drumfire_core::save::replay(&back);
        assert_eq!(check, Ok(g.state_hash()), "seed {seed}");
    }
}

#[test]
fn a_save_keeps_the_chits_sealed_and_replays_to_the_same_hash() {
    // Hot seat and saves: "the other player never sees ... a chit before it is
    // revealed": a save holds each side's chits sealed, like the Artillery Plans.
    let path = format!(
        "{}/../../tests/data/acw_first.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let s = parse(&path, &text);
    let mut g = Game::new(&s, SEED);
    g.submit(chits(0, &UNION)).unwrap();
    g.submit(chits(1, &CONFEDERATE)).unwrap();
    let saved = drumfire_core::save::save_of(&mut g, &s, SEED);
    let written = drumfire_core::save::to_text(&saved).unwrap();
    let orders = &written[written.rfind("orders: [").expect("orders in the save")..];
    assert_eq!(orders.matches("SealedPlan").count(), 2, "{orders}");
    for word in ["FastAdvance", "Charge", "OpportunityFire", "u_20me"] {
        assert!(!orders.contains(word), "`{word}` is in the open: {orders}");
    }
    let back = drumfire_core::save::parse("acw.ron", &written, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    let (_, check) = drumfire_core::save::replay(&back);
    assert_eq!(check, Ok(g.state_hash()));
}
