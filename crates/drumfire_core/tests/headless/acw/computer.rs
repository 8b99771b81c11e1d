//! The computer player for the ACW rules: what the Normal player decides where it
//! differs from the rules' bare choices, and what the Hard player weighs
//! (`docs/ai.md`).

use super::*;
use drumfire_core::fork::Snapshot;
use drumfire_core::players::{Bot, PlayerKind};
use drumfire_core::rule_set::SHORTLIST;
use drumfire_core::rules::acw::ai;

/// The test field with the 83rd Pennsylvania brought up to 0605, in the open three
/// hexes from the 15th Alabama at 0904, and the objective at `objective` held by
/// `held_by`.
fn field_with(objective: &str, held_by: &str) -> Game {
    let path = format!(
        "{}/../../tests/data/acw_first.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("hex: \"0406\"", "hex: \"0605\"")
        .replace(
            "(hex: \"0604\", points: 3)",
            &format!("(hex: \"{objective}\", points: 3, held_by: {held_by})"),
        );
    Game::new(&parse(&path, &text), SEED)
}

fn chit_of(g: &Game, side: u8, id: &str) -> Chit {
    ai::chits_for(g.world(), side)
        .into_iter()
        .find(|(u, _)| u == id)
        .map(|(_, c)| c)
        .unwrap()
}

/// A regiment that would charge an enemy in the open within reach gets a Charge chit;
/// standing on an objective its side holds, it keeps the objective (no Charge chit: a
/// garrison that charges out hands its church to the enemy's next move), and one on an
/// objective nobody or the enemy holds still charges.
#[test]
fn the_computer_charges_from_the_open_but_a_garrison_keeps_its_objective() {
    let open = field_with("0604", "None");
    assert_eq!(chit_of(&open, 1, "c_15al"), Chit::Charge);
    let garrison = field_with("0904", "Some(\"confederate\")");
    assert_ne!(chit_of(&garrison, 1, "c_15al"), Chit::Charge);
    assert_eq!(
        chit_of(&garrison, 1, "c_15al"),
        Chit::Fire,
        "it shoots instead"
    );
    let enemy_held = field_with("0904", "Some(\"union\")");
    assert_eq!(chit_of(&enemy_held, 1, "c_15al"), Chit::Charge);
    let unheld = field_with("0904", "None");
    assert_eq!(chit_of(&unheld, 1, "c_15al"), Chit::Charge);
}

/// In the Movement phase the Hard player weighs, after the Normal player's order, each
/// unit still to go turned over where it stands and the Normal player's move for it:
/// which unit goes next, and whether it moves or charges at all. The list holds no
/// order twice, at most [`SHORTLIST`], and every order in it is legal.
#[test]
fn the_hard_player_weighs_each_unit_staying_and_moving_in_the_movement_phase() {
    let mut g = game(SEED);
    let side = to_movement(&mut g, &UNION, &CONFEDERATE);
    let rules = g.world().resource::<drumfire_core::scenario::Rules>().0;
    let list = rules.shortlist(g.world(), side, 5);
    assert_eq!(list.len(), SHORTLIST);
    let normal = Bot::new(PlayerKind::Ai, 0).choose(&g, side).unwrap();
    assert_eq!(list[0], normal);
    for (i, o) in list.iter().enumerate() {
        assert!(!list[i + 1..].contains(o), "{o:?} twice");
        let mut copy = Game::new(g.scenario(), 0);
        Snapshot::take(g.world()).put(copy.world_mut()).unwrap();
        copy.submit(o.clone())
            .unwrap_or_else(|e| panic!("{o:?}: {}", e.0));
    }
    let units: Vec<&str> = if side == 0 {
        vec!["u_20me", "u_83pa", "u_bat"]
    } else {
        vec!["c_15al", "c_47al"]
    };
    for id in units {
        let stays = act(side, id, "");
        assert!(list.contains(&stays), "{id} turned over where it stands");
        // The Normal player's move for it: made to face the nearest enemy, or a charge
        // (the rules' own list leaves the facing to the move).
        let moves = list.iter().any(|o| {
            matches!(o.rules::<AcwOrder>(), Some(AcwOrder::Act { unit, path, facing, charge, .. })
                if unit == id && !path.is_empty() && (facing.is_some() || charge.is_some()))
        });
        assert_eq!(
            moves,
            !id.ends_with("bat"),
            "{id}: the Normal player's move for it"
        );
    }
    // Outside the Movement phase the list is the Normal player's order and the
    // candidates taken evenly: in the Orders phase, its chits and one other set.
    let g = game(SEED);
    let list = rules.shortlist(g.world(), 0, 5);
    assert_eq!(list.len(), 2);
    assert_eq!(list[0], Bot::new(PlayerKind::Ai, 0).choose(&g, 0).unwrap());
}
