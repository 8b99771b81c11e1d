//! Fire at a charger: a die on the domino behind the targeted stand, not a stand off,
//! during the charge or in the Shooting phase before its fight, and the fire a defender
//! held at the charge.

use super::shooting::{fire_at, last_dice};
use super::*;

#[test]
fn fire_at_a_charger_puts_a_die_on_the_domino_behind_the_targeted_stand() {
    // "If a charger is shot at during the chage, casualties are not taken as with
    // aimed fire. Just place a die on top of the dominoe behind the targeted stand."
    // "NB the firing unit has to have a FIRE or OPPORTUNITY FIRE order to shoot." "A
    // hit reduces the number of spots on the dominoe face by one in combat."
    let mut g = game(SEED);
    to_movement(
        &mut g,
        &[
            ("u_20me", Chit::Move),
            ("u_83pa", Chit::OpportunityFire),
            ("u_bat", Chit::Fire),
        ],
        &[("c_15al", Chit::Move), ("c_47al", Chit::Charge)],
    );
    g.submit(act(1, "c_47al", "0806 0706 0606 0506")).unwrap();
    g.submit(place(1, 0, false)).unwrap();
    // The 83rd, charged, faces the charger on its Opportunity Fire chit: the Union may
    // fire at the charger before anything else moves.
    let s = state(&g);
    assert_eq!(s.firing_at, Some(0));
    assert_eq!(g.awaiting(), Some(0));
    refused(&mut g, act(1, "c_15al", ""), "waits on Union");
    refused(
        &mut g,
        fire_at(0, "u_20me", "0506", 2),
        "needs a Fire or Opportunity Fire chit",
    );
    let standing = lost(&g, "c_47al");
    // Its odds, as the Hint shows them: the hits on the domino, four dice at 4-6, not
    // the stands an aimed fire would take.
    let rules = g.world().resource::<drumfire_core::scenario::Rules>().0;
    let odds = (rules.odds)(g.world(), &fire_at(0, "u_83pa", "0506", 2)).unwrap();
    assert_eq!(
        odds.title,
        "Fire at a charger: 83rd Pennsylvania at 47th Alabama, the domino behind stand 3"
    );
    assert_eq!(odds.basis, ["4 dice, each a hit on 4-6"]);
    let ways: Vec<(String, u64, u64)> = odds
        .outcomes
        .iter()
        .map(|o| (o.label.clone(), o.chance.ways, o.chance.of))
        .collect();
    let hits = |n: &str, w: u64| (n.to_owned(), w, 1296);
    assert_eq!(
        ways,
        [
            hits("0 hits", 81),
            hits("1 hit", 324),
            hits("2 hits", 486),
            hits("3 hits", 324),
            hits("4 hits", 81)
        ]
    );
    g.submit(fire_at(0, "u_83pa", "0506", 2)).unwrap();
    // No stand is lost: the hits are dice on the domino behind the third stand.
    assert_eq!(lost(&g, "c_47al"), standing);
    // Four dice at one hex, 4-6: three hits.
    assert_eq!(last_dice(&g), [4, 3, 5, 5]);
    assert_eq!(state(&g).charges[0].lines[0].hits, [0, 0, 3, 0, 0]);
    // The 83rd has fired (its chit turned over) and the battery cannot see the charger:
    // the charge goes on, and the Confederates move again.
    assert!(state(&g).revealed.contains("u_83pa"));
    assert_eq!(state(&g).firing_at, None);
    assert_eq!(g.awaiting(), Some(1));
    // In the fight the third stand's half (a 1) is three spots down, to nothing (A-4):
    // 0, and the Confederates' +2.
    while g.phase_name() != "Combat" {
        let side = g.awaiting().unwrap();
        if g.phase_name() == "Movement" {
            let id = acw::unrevealed(g.world(), side)[0].clone();
            g.submit(act(side, &id, "")).unwrap();
        } else {
            g.submit(Order::Pass { side }).unwrap();
        }
    }
    g.submit(place(0, 0, false)).unwrap();
    let fight: Vec<String> = notes(&g)
        .into_iter()
        .skip_while(|n| !n.starts_with("The dominoes are turned over"))
        .take(4)
        .collect();
    assert_eq!(
        fight,
        [
            "The dominoes are turned over: 47th Alabama 5|6 1|1 6|3; 83rd Pennsylvania 6|6 1|3.",
            "47th Alabama charges 83rd Pennsylvania: stand 1: 7 against 6 — 83rd Pennsylvania loses a stand.",
            "47th Alabama charges 83rd Pennsylvania: stand 2: 8 against 6 — 83rd Pennsylvania loses a stand.",
            "47th Alabama charges 83rd Pennsylvania: stand 3: 2 against 1 — 83rd Pennsylvania loses a stand.",
        ]
    );
}

#[test]
fn a_charger_shot_at_during_the_charge_is_not_shot_at_as_with_aimed_fire_when_fire_is_held() {
    // "If a charger is shot at during the chage, casualties are not taken as with aimed
    // fire. Just place a die on top of the dominoe behind the targeted stand." A unit
    // that could fire at the charger during its charge and held may not shoot it in the
    // Shooting phase before the fight, taking stands off (A-32).
    let mut g = game(SEED);
    to_movement(
        &mut g,
        &[
            ("u_20me", Chit::Move),
            ("u_83pa", Chit::Fire),
            ("u_bat", Chit::Fire),
        ],
        &[("c_15al", Chit::Move), ("c_47al", Chit::Charge)],
    );
    g.submit(act(1, "c_47al", "0806 0706 0606 0506")).unwrap();
    g.submit(place(1, 0, false)).unwrap();
    assert_eq!(state(&g).firing_at, Some(0));
    g.submit(Order::Pass { side: 0 }).unwrap();
    while g.phase_name() == "Movement" {
        let side = g.awaiting().unwrap();
        let id = acw::unrevealed(g.world(), side)[0].clone();
        g.submit(act(side, &id, "")).unwrap();
    }
    // The 83rd Pennsylvania's only shot is the charger it held its fire at: the Union
    // has nothing it may fire at, and the Shooting phase ends at once, the charger whole.
    assert_eq!(g.phase_name(), "Combat");
    let unit = |id: &str| acw::view::unit(g.world(), id).unwrap();
    let why =
        acw::shooting_phase::can_fire(g.world(), &unit("u_83pa"), &unit("c_47al"), &[Chit::Fire])
            .expect_err("held");
    assert_eq!(
        why,
        "83rd Pennsylvania held its fire at 47th Alabama's charge: a charger is shot at \
         during its charge, a die on its dominoes, not in the Shooting phase before the fight"
    );
    assert_eq!(lost(&g, "c_47al"), Vec::<usize>::new());
}

/// Which defenders held their fire at a charger (A-32), as the rules record it, and as
/// a copy of the game disguised for the charger's side has it.
fn held_at_the_charge(union: &[(&str, Chit)]) -> [std::collections::BTreeSet<(String, String)>; 2] {
    use drumfire_core::rules::acw::shooting_phase::HeldFire;
    // The 20th Maine a hex from the 83rd Pennsylvania, the charge's target, facing the
    // charger's last hex: either may fire at it.
    let path = format!(
        "{}/../../tests/data/acw_first.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap().replace(
        r#"hex: "0304", name: "20th Maine""#,
        r#"hex: "0405", name: "20th Maine""#,
    );
    let mut g = Game::new(&parse(&path, &text), SEED);
    to_movement(
        &mut g,
        union,
        &[("c_15al", Chit::Move), ("c_47al", Chit::Charge)],
    );
    g.submit(act(1, "c_47al", "0806 0706 0606 0506")).unwrap();
    g.submit(place(1, 0, false)).unwrap();
    g.submit(Order::Pass { side: 0 }).unwrap();
    let held = |g: &Game| {
        g.world()
            .get_resource::<HeldFire>()
            .cloned()
            .unwrap_or_default()
            .0
    };
    let mut copy = Game::new(g.scenario(), 0);
    drumfire_core::fork::Snapshot::take(g.world())
        .put(copy.world_mut())
        .unwrap();
    let rules = copy.world().resource::<drumfire_core::scenario::Rules>().0;
    rules.disguise(copy.world_mut(), 1, 7);
    [held(&g), held(&copy)]
}

#[test]
fn a_copy_for_the_charger_does_not_show_which_defenders_held_their_fire() {
    // The defenders that held their fire at a charger are those on Fire or Opportunity
    // Fire chits, still face down: in the Confederates' copy of the game (the Hard
    // player's, the Hint's) the Union's holds are those of its guessed chits, the same
    // whichever chits it is really on.
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    let [real_a, copy_a] = held_at_the_charge(&[
        ("u_20me", Chit::Move),
        ("u_83pa", Chit::Fire),
        ("u_bat", Chit::Fire),
    ]);
    let [real_b, copy_b] = held_at_the_charge(&[
        ("u_20me", Chit::OpportunityFire),
        ("u_83pa", Chit::Move),
        ("u_bat", Chit::Fire),
    ]);
    assert_eq!(real_a, [pair("u_83pa", "c_47al")].into());
    assert_eq!(real_b, [pair("u_20me", "c_47al")].into());
    assert_eq!(copy_a, copy_b);
}

#[test]
fn a_charger_shot_at_in_the_shooting_phase_before_its_fight_takes_a_die_on_its_dominoes() {
    // "If a charger is shot at during the chage, casualties are not taken as with aimed
    // fire. Just place a die on top of the dominoe behind the targeted stand." The 47th
    // Alabama charges Battery D at 0406; the 20th Maine at 0503, on a Fire chit, cannot
    // see the charger behind the 83rd Pennsylvania at 0504 while the charge comes in.
    // The 83rd then marches off, and the 20th Maine shoots the charger in the Shooting
    // phase: it is still charging (its fight to come), so each hit is a die on its
    // dominoes, not a stand off (A-32).
    let mut g = game_from(
        "acw_first.ron",
        &[
            (
                r#"hex: "0304", name: "20th Maine", facing: Some(SouthEast)"#,
                r#"hex: "0503", name: "20th Maine", facing: Some(South)"#,
            ),
            (
                r#"hex: "0406", name: "83rd Pennsylvania""#,
                r#"hex: "0504", name: "83rd Pennsylvania""#,
            ),
            (
                r#"hex: "0205", name: "Battery D, 5th US""#,
                r#"hex: "0406", name: "Battery D, 5th US""#,
            ),
        ],
        SEED,
    );
    to_movement(
        &mut g,
        &[
            ("u_20me", Chit::Fire),
            ("u_83pa", Chit::Move),
            ("u_bat", Chit::Fire),
        ],
        &[("c_15al", Chit::Move), ("c_47al", Chit::Charge)],
    );
    g.submit(act(1, "c_47al", "0806 0706 0606 0506")).unwrap();
    g.submit(place(1, 0, false)).unwrap();
    let unit = |g: &Game, id: &str| acw::view::unit(g.world(), id).unwrap();
    let shooters: Vec<String> = acw::charge_shots(g.world(), 0)
        .into_iter()
        .map(|u| u.base.id)
        .collect();
    assert!(!shooters.contains(&"u_20me".to_owned()), "{shooters:?}");
    if state(&g).firing_at.is_some() {
        g.submit(Order::Pass { side: 0 }).unwrap();
    }
    while g.phase_name() == "Movement" {
        let side = g.awaiting().unwrap();
        let left = acw::unrevealed(g.world(), side);
        let o = if left.iter().any(|u| u == "u_83pa") {
            act(side, "u_83pa", "0404")
        } else {
            act(side, &left[0], "")
        };
        g.submit(o).unwrap();
    }
    assert_eq!(g.phase_name(), "Shooting");
    let shot = acw::shooting_phase::can_fire(
        g.world(),
        &unit(&g, "u_20me"),
        &unit(&g, "c_47al"),
        &[Chit::Fire],
    );
    assert!(shot.is_ok(), "{shot:?}");
    while g.awaiting() != Some(0) {
        let side = g.awaiting().unwrap();
        g.submit(Order::Pass { side }).unwrap();
    }
    g.submit(fire_at(0, "u_20me", "0506", 1)).unwrap();
    let (kind, dice) = g
        .journal()
        .entries()
        .iter()
        .rev()
        .find_map(|e| match &e.event {
            GameEvent::Fired { kind, dice, .. } => Some((kind.clone(), dice.clone())),
            _ => None,
        })
        .unwrap();
    assert_eq!(kind, "Fire at a charger");
    // Six dice at three hexes, 4-6 hit: four hits, all on the domino behind stand 2.
    assert_eq!(dice, [4, 3, 5, 5, 3, 5]);
    assert_eq!(lost(&g, "c_47al"), Vec::<usize>::new(), "no stand off");
    assert_eq!(state(&g).charges[0].lines[0].hits, [0, 4, 0, 0, 0]);
}
