//! Orders given from a listing (`Game::list`, `Game::submit_listed`): taken without
//! the order check again only at the moment of the game they were listed in, for the
//! side it awaits; anywhere else checked like any other order.

use drumfire_core::counters::PieceIds;
use drumfire_core::game::{Game, Listed};
use drumfire_core::orders::Order;
use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::rules::great_war::GwOrder;
use drumfire_core::rules::great_war::testing::tutorial_started;
use drumfire_core::testing::shipped;

/// Gives order `i` of `listed` in `game`: it must be refused with no order taken; the
/// refusal's words.
fn refused(game: &mut Game, listed: Listed, i: usize) -> String {
    let given = game.orders().len();
    let refusal = game.submit_listed(listed, i).unwrap_err();
    assert_eq!(game.orders().len(), given, "{}", refusal.0);
    refusal.0
}

/// The index of the first order of `listed` for which `kind` holds.
fn first(listed: &Listed, kind: fn(&GwOrder) -> bool) -> usize {
    listed
        .orders()
        .iter()
        .position(|o| o.rules::<GwOrder>().is_some_and(kind))
        .expect("such an order listed")
}

fn is_activation(o: &GwOrder) -> bool {
    matches!(o, GwOrder::Activate { .. })
}

/// The first activation of a piece listed for the side awaited, and its index.
fn activation(game: &Game, salt: u64) -> (u8, usize, Order) {
    let side = game.awaiting().expect("a side awaited");
    let listed = game.list(side, salt);
    let i = first(&listed, is_activation);
    (side, i, listed.orders()[i].clone())
}

#[test]
fn the_random_player_from_a_listing_plays_the_game_it_plays_through_the_check() {
    let s = shipped("great_war", "marcoing_ridge.ron");
    for seed in 0..3 {
        let (mut listed, mut checked) = (Game::new(&s, seed), Game::new(&s, seed));
        let mut bots = [
            [
                Bot::new(PlayerKind::Random, seed),
                Bot::new(PlayerKind::Random, seed + 1),
            ],
            [
                Bot::new(PlayerKind::Random, seed),
                Bot::new(PlayerKind::Random, seed + 1),
            ],
        ];
        while let Some(side) = listed.awaiting() {
            assert_eq!(bots[0][usize::from(side)].give(&mut listed, side), Ok(true));
            let order = bots[1][usize::from(side)].choose(&checked, side).unwrap();
            checked.submit(order).unwrap();
        }
        assert!(listed.is_over() && checked.is_over());
        assert_eq!(listed.orders(), checked.orders());
        assert_eq!(listed.state_hash(), checked.state_hash());
    }
}

#[test]
fn a_listing_given_after_another_order_is_checked_and_refused() {
    let mut game = tutorial_started(3);
    let side = game.awaiting().unwrap();
    let listed = game.list(side, 0);
    let (_, i, given) = activation(&game, 0);
    // Another activation now: a group is under way, and a second one is refused.
    let other = listed
        .orders()
        .iter()
        .rposition(|o| o.rules::<GwOrder>().is_some_and(is_activation) && *o != given)
        .expect("two activations listed");
    game.submit(listed.orders()[other].clone()).unwrap();
    let before = game.state_hash();
    let refusal = refused(&mut game, listed, i);
    assert!(refusal.contains("already activated"), "{refusal}");
    assert_eq!(game.state_hash(), before);
}

#[test]
fn a_listing_from_another_game_is_checked_and_refused() {
    // The Marcoing Ridge is still in its set-up, where no piece activates.
    let tutorial = tutorial_started(3);
    let (side, i, _) = activation(&tutorial, 0);
    let listed = tutorial.list(side, 0);
    let mut other = Game::new(&shipped("great_war", "marcoing_ridge.ron"), 3);
    let before = other.state_hash();
    let refusal = refused(&mut other, listed, i);
    assert!(refusal.contains("Action Phase"), "{refusal}");
    assert_eq!(other.state_hash(), before);
}

/// Two games of one scenario, each with a piece of its own activated, the same orders
/// and changes apart: a move listed in one is not taken unchecked in the other.
#[test]
fn a_listing_is_taken_unchecked_only_by_the_game_it_was_listed_in() {
    let (mut one, mut two) = (tutorial_started(3), tutorial_started(3));
    let side = one.awaiting().unwrap();
    let listed = one.list(side, 0);
    let activations: Vec<&Order> = listed
        .orders()
        .iter()
        .filter(|o| o.rules::<GwOrder>().is_some_and(is_activation))
        .collect();
    one.submit(activations[0].clone()).unwrap();
    two.submit(activations[1].clone()).unwrap();
    let listed = two.list(side, 0);
    let i = first(&listed, |o| matches!(o, GwOrder::Move { .. }));
    // (No state hash taken before: taking it opens the world, a change.)
    let refusal = refused(&mut one, listed, i);
    assert!(refusal.contains("not activated"), "{refusal}");
}

#[test]
fn a_listing_for_the_side_not_awaited_is_checked_and_refused() {
    let mut game = tutorial_started(3);
    let side = game.awaiting().unwrap();
    let other = 1 - side;
    let listed = game.list(other, 0);
    let i = first(&listed, is_activation);
    let refusal = refused(&mut game, listed, i);
    assert!(refusal.contains("waits"), "{refusal}");
}

#[test]
fn a_listing_given_after_the_world_was_changed_is_checked() {
    let mut game = tutorial_started(3);
    let (side, i, order) = activation(&game, 0);
    let listed = game.list(side, 0);
    let Some(GwOrder::Activate { piece, .. }) = order.rules::<GwOrder>() else {
        unreachable!("an activation")
    };
    // The piece leaves the map by another way than an order.
    let world = game.world_mut();
    let e = world.resource::<PieceIds>().0[piece.as_str()];
    drumfire_core::map::take_off(world, e, drumfire_core::counters::OffMap::Eliminated);
    let refusal = refused(&mut game, listed, i);
    assert!(refusal.contains("no piece"), "{refusal}");
}

#[test]
fn an_order_number_past_the_listing_is_refused() {
    let mut game = tutorial_started(3);
    let side = game.awaiting().unwrap();
    let listed = game.list(side, 0);
    let n = listed.orders().len();
    let refusal = refused(&mut game, listed, n);
    assert!(
        refusal.contains(&format!("among the {n} listed")),
        "{refusal}"
    );
}
