//! Close combat: power against attackers, destroy, draw and withdraw, annihilation.

use super::*;

#[test]
fn the_defenders_power_falls_by_one_two_or_three_for_two_three_or_four_attackers() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("foe", 1, "infantry_rifles", "0505", ""),
            ("n", 0, "infantry_rifles", "0504", ""),
            ("s", 0, "infantry_rifles", "0506", ""),
            ("ne", 0, "infantry_rifles", "0605", ""),
            ("se", 0, "infantry_rifles", "0606", ""),
            ("nw", 0, "infantry_rifles", "0405", ""),
        ],
    );
    let game = Game::new(&s, 1);
    let defence = |a: &[&str]| combat_plan(&game, 0, a, "foe").map(|p| p.defence);
    assert_eq!(defence(&["n"]), Ok(4));
    assert_eq!(defence(&["n", "s"]), Ok(3));
    assert_eq!(defence(&["n", "s", "ne"]), Ok(2));
    assert_eq!(defence(&["n", "s", "ne", "se"]), Ok(1));
    assert_eq!(
        defence(&["n", "s", "ne", "se", "nw"]).unwrap_err(),
        "A close combat takes 1 to 4 attacking units, not 5."
    );
    // Each side throws one die: at or under its power destroys the other.
    let p = combat_plan(&game, 0, &["n", "s"], "foe").unwrap();
    assert_eq!((p.attack, p.defence), (4, 3));
    // Defender destroyed 4x3, attacker destroyed 2x3, both 4x3, draw 2x3 (of 36).
    assert_eq!(combat::odds(&p), [12, 6, 12, 6]);
    // The window's odds show the same fractions, with the defence's changes and causes.
    let shown = drumfire_core::rules::portable::describe_odds(
        game.world(),
        &PtOrder::CloseCombat {
            side: 0,
            attackers: vec!["n".into(), "s".into()],
            defender: "foe".into(),
            advance: false,
        },
    )
    .unwrap();
    assert_eq!(shown.check(), Ok(()));
    assert_eq!(
        shown.summary(),
        "defender destroyed 33.3 % (12/36), attacker destroyed 16.7 % (6/36), \
         both destroyed 33.3 % (12/36), draw 16.7 % (6/36)"
    );
    let defence: Vec<String> = shown
        .modifiers
        .iter()
        .filter(|m| m.changes == "defence")
        .map(ToString::to_string)
        .collect();
    assert_eq!(defence.len(), p.defence_changes.len());
}

/// Red and Blue infantry face to face, Red first; Red passes its activations and
/// attacks. Returns the game and the close combat's result line.
fn close_combat_with(seed: u64) -> (Game, String) {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("att", 0, "infantry_rifles", "0304", ""),
            ("def", 1, "infantry_rifles", "0305", ""),
        ],
    );
    let mut game = Game::new(&s, seed);
    assert_eq!(game.awaiting(), Some(0), "seed {seed}: Red goes first");
    game.submit(Order::Pass { side: 0 }).unwrap();
    assert_eq!(game.world().resource::<PtState>().step, Step::CloseCombat);
    order(
        &mut game,
        PtOrder::CloseCombat {
            side: 0,
            attackers: vec!["att".into()],
            defender: "def".into(),
            advance: true,
        },
    )
    .unwrap();
    let result = game
        .journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired {
                dice,
                result,
                column,
                ..
            } => Some(format!("{column}, dice {dice:?}: {result}")),
            _ => None,
        })
        .unwrap();
    (game, result)
}

#[test]
fn close_combat_at_or_under_power_destroys_and_the_winner_may_advance() {
    let (game, result) = close_combat_with(2);
    assert_eq!(
        result,
        "power 4 against 4, dice [4, 6]: att rolls 4 (a kill), def rolls 6 (a miss): def destroyed"
    );
    assert!(view::unit(game.world(), "def").is_none());
    assert_eq!(
        view::label(unit(&game, "att").hex),
        "0305",
        "infantry advances into the hex"
    );
}

#[test]
fn close_combat_the_defender_destroys_the_attacker() {
    let (game, result) = close_combat_with(12);
    assert_eq!(
        result,
        "power 4 against 4, dice [5, 1]: att rolls 5 (a miss), def rolls 1 (a kill): att destroyed"
    );
    assert!(view::unit(game.world(), "att").is_none());
    assert_eq!(
        view::label(unit(&game, "def").hex),
        "0305",
        "the defender may not advance"
    );
}

#[test]
fn close_combat_a_draw_makes_the_attacker_withdraw_to_an_empty_hex_away_from_the_enemy() {
    let (game, result) = close_combat_with(16);
    assert_eq!(
        result,
        "power 4 against 4, dice [6, 5]: att rolls 6 (a miss), def rolls 5 (a miss): Draw: att withdraws to 0404"
    );
    let att = unit(&game, "att");
    assert!(att.hex.unsigned_distance_to(h("0305")) > 1);
}

#[test]
fn close_combat_both_destroyed_is_mutual_annihilation() {
    let (game, result) = close_combat_with(1);
    assert_eq!(
        result,
        "power 4 against 4, dice [1, 4]: att rolls 1 (a kill), def rolls 4 (a kill): Mutual annihilation"
    );
    assert!(view::units(game.world()).is_empty());
    assert_eq!(
        game.world().resource::<drumfire_core::flow::StepsLost>().0,
        [1, 1]
    );
}

#[test]
fn an_attacker_that_cannot_withdraw_after_a_draw_is_destroyed() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("att", 0, "infantry_rifles", "0304", ""),
            ("def", 1, "infantry_rifles", "0305", ""),
            ("n", 1, "infantry_rifles", "0302", ""),
            ("w", 1, "infantry_rifles", "0104", ""),
            ("e", 1, "infantry_rifles", "0504", ""),
        ],
    );
    let game = Game::new(&s, 16);
    let p = combat_plan(&game, 0, &["att"], "def").unwrap();
    assert_eq!(
        p.withdraw_to, None,
        "every free hex around is next to an enemy"
    );
}

/// "When crossing a ford in a river, a Unit moves into the river on turn A and stops.
/// It remains in the river for turn B": a unit that advances into a ford after a close
/// combat is crossing as if it had moved there, and stays the next turn (ours, P-11).
#[test]
fn a_unit_that_advances_into_a_ford_after_close_combat_stays_there_next_turn() {
    let s = field(
        &[],
        &[],
        ", rivers: [\"0105 0205 0305 0405 0505\"], fords: [\"0305\"]",
        &[
            ("att", 0, "infantry_rifles", "0304", ""),
            ("def", 1, "infantry_rifles", "0305", ""),
            ("far", 1, "infantry_rifles", "0901", ""),
        ],
    );
    let mut game = Game::new(&s, 2);
    game.submit(Order::Pass { side: 0 }).unwrap();
    order(
        &mut game,
        PtOrder::CloseCombat {
            side: 0,
            attackers: vec!["att".into()],
            defender: "def".into(),
            advance: true,
        },
    )
    .unwrap();
    assert!(view::unit(game.world(), "def").is_none());
    assert_eq!(view::label(unit(&game, "att").hex), "0305");
    assert_eq!(
        drumfire_core::rules::portable::movement::fording_turn(game.world(), "att"),
        Some(1)
    );
    // The next turn is turn B of its crossing.
    game.world_mut()
        .resource_mut::<drumfire_core::flow::Turn>()
        .0 += 1;
    assert_eq!(
        path(&game, "att", &["0306"]).unwrap_err(),
        "att is fording the river: it stays in the ford this turn and goes on next turn."
    );
}

/// P-11: "It remains in the river for turn B": a unit fording a river that attacks
/// from the ford neither advances out of it nor withdraws from it, whatever the dice.
#[test]
fn a_unit_attacking_from_a_ford_stays_in_it() {
    let s = field(
        &[],
        &[],
        ", rivers: [\"0105 0205 0305 0405 0505\"], fords: [\"0305\"]",
        &[
            ("att", 0, "infantry_rifles", "0305", ""),
            ("def", 1, "infantry_rifles", "0306", ""),
            ("far", 1, "infantry_rifles", "0901", ""),
        ],
    );
    let mut outcomes = std::collections::BTreeSet::new();
    for seed in 1..=12 {
        let mut game = Game::new(&s, seed);
        if game.awaiting() != Some(0) {
            continue;
        }
        game.world_mut()
            .resource_mut::<PtState>()
            .fording
            .insert("att".into(), 1);
        game.submit(Order::Pass { side: 0 }).unwrap();
        order(
            &mut game,
            PtOrder::CloseCombat {
                side: 0,
                attackers: vec!["att".into()],
                defender: "def".into(),
                advance: true,
            },
        )
        .unwrap();
        let def_gone = view::unit(game.world(), "def").is_none();
        if let Some(a) = view::unit(game.world(), "att") {
            assert_eq!(view::label(a.hex), "0305", "seed {seed}");
            outcomes.insert(def_gone);
        }
    }
    // Both a win and a draw were seen, and in each the attacker stayed in the ford.
    assert_eq!(outcomes.len(), 2, "{outcomes:?}");
}
