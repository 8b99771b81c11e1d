//! Infantry movement and the react phase: alternate movement by rating, move and fast
//! advance, contact only by a charge, artillery that does not move, the broken retiring
//! and the routed falling back.

use super::*;

#[test]
fn movement_alternates_as_many_units_as_each_cinc_may_move() {
    // "a Brilliant Tactician may move up to three units then his opponent gets to
    // reveal orders or move however many units he is allowed to. This continues until
    // all units on the table have their orders revealed or have moved." The
    // Confederate CinC is brilliant (three), the Union's average (two).
    let mut g = game(SEED);
    let first = to_movement(&mut g, &UNION, &CONFEDERATE);
    assert_eq!(first, 1);
    assert_eq!(state(&g).acting, Some((1, 3)));
    // The Confederates have only two units: both act, then the Union.
    g.submit(act(1, "c_47al", "")).unwrap();
    assert_eq!(state(&g).acting, Some((1, 2)));
    // Each counter shows its chit once turned over, "?" while it lies face down.
    let label = |g: &Game, id: &str| {
        let e = acw::view::unit(g.world(), id).unwrap().entity;
        g.world()
            .get::<drumfire_core::counters::Label>(e)
            .map(|l| l.0.clone())
    };
    assert_eq!(label(&g, "c_47al").as_deref(), Some("FAST"));
    assert_eq!(label(&g, "c_15al").as_deref(), Some("?"));
    assert_eq!(label(&g, "u_20me").as_deref(), Some("?"));
    refused(&mut g, act(0, "u_20me", ""), "waits on Confederate");
    refused(&mut g, act(1, "c_47al", ""), "already turned over");
    g.submit(act(1, "c_15al", "")).unwrap();
    assert_eq!(state(&g).acting, Some((0, 2)));
    g.submit(act(0, "u_20me", "")).unwrap();
    g.submit(act(0, "u_bat", "")).unwrap();
    // Two Union units acted: the Union's turn would pass, but only the Union has chits
    // face down, so it goes on.
    assert_eq!(state(&g).acting, Some((0, 2)));
    g.submit(act(0, "u_83pa", "")).unwrap();
    // Every chit turned over: the phase is done. The Union battery on its Fire chit has
    // the 15th Alabama in its wedge: it may shoot, or pass.
    assert_eq!(g.phase_name(), "Shooting");
    assert_eq!(g.awaiting(), Some(0));
    g.submit(Order::Pass { side: 0 }).unwrap();
    assert_eq!(g.phase_name(), "Orders");
    assert_eq!(g.world().resource::<drumfire_core::flow::Turn>().0, 2);
    assert_eq!(
        label(&g, "c_47al").as_deref(),
        Some("?"),
        "a new turn's chits"
    );
    // The ratings were rolled once, for the game: the second turn rolls none.
    let ratings = g
        .journal()
        .entries()
        .iter()
        .filter(|e| matches!(&e.event, GameEvent::DiceRolled { purpose, .. } if purpose.starts_with("the CinC")))
        .count();
    assert_eq!(ratings, 2);
    // The chits of a turn are turned over in the log, one by one.
    assert!(g.journal().entries().iter().any(|e| matches!(&e.event,
            GameEvent::Note { text } if text == "15th Alabama's chit is turned over: Charge.")));
}

#[test]
fn a_move_chit_goes_four_hexes_and_fast_advance_six() {
    // "Normal infantry MOVE up to 12" a turn." "FAST ADVANCE allows a move of up to
    // 18"" (4 and 6 hexes at 3" a hex; fenced fields cost 2).
    let mut g = game(SEED);
    to_movement(
        &mut g,
        &UNION_MOVING,
        &[("c_15al", Chit::FastAdvance), ("c_47al", Chit::Move)],
    );
    // Confederates first. Five hexes of open ground are one too many on Move.
    refused(
        &mut g,
        act(1, "c_47al", "0806 0706 0606 0605 0604"),
        "beyond",
    );
    // Fast Advance: two fenced fields (2 each) and two open hexes are six.
    g.submit(act(1, "c_15al", "0804 0704 0604 0504")).unwrap();
    g.submit(act(1, "c_47al", "0806 0706")).unwrap();
}

#[test]
fn no_contact_without_a_charge_and_a_charge_pins_whom_it_contacts() {
    // "Units cannot move into contact without a Charge order." "A unit that has been
    // charged and contacted is pinned so may not retire or make other movement other
    // than fight."
    let mut g = game(SEED);
    to_movement(
        &mut g,
        &UNION_MOVING,
        &[("c_15al", Chit::Move), ("c_47al", Chit::Move)],
    );
    refused(
        &mut g,
        act(1, "c_47al", "0806 0706 0606 0506"),
        "in contact",
    );
    let mut g = game(SEED);
    to_movement(
        &mut g,
        &UNION_MOVING,
        &[("c_15al", Chit::Move), ("c_47al", Chit::Charge)],
    );
    refused(
        &mut g,
        act(1, "c_47al", "0806 0706 0606 0506 0507"),
        "contact ends its move",
    );
    g.submit(act(1, "c_47al", "0806 0706 0606 0506")).unwrap();
    g.submit(place(1, 0, false)).unwrap();
    assert!(state(&g).pinned.contains("u_83pa"));
    g.submit(act(1, "c_15al", "")).unwrap();
    refused(&mut g, act(0, "u_83pa", "0405"), "pinned");
}

#[test]
fn artillery_is_placed_at_the_start_and_does_not_move() {
    // "Artillery is placed at the start of the game and do not move."
    let mut g = game(SEED);
    to_movement(&mut g, &UNION, &CONFEDERATE);
    g.submit(act(1, "c_15al", "")).unwrap();
    g.submit(act(1, "c_47al", "")).unwrap();
    refused(&mut g, act(0, "u_bat", "0305"), "do not move");
    // A unit on a Fire chit stands.
    g.submit(act(0, "u_20me", "0404")).unwrap();
    refused(&mut g, act(0, "u_83pa", "0405 0404"), "occupied");
}

#[test]
fn the_react_phase_retires_the_broken_and_the_routed_fall_back_two_full_moves() {
    // "If line broken in one place - retire 2" for each stand lost", "two places -
    // retire full move back", "ROUT. Routed units must fall back for two full moves";
    // the React phase: "Retire from combat ... Remove routed units".
    use acw::combat::{Aftermath, react};
    use acw::melee::Outcome;
    let mut g = game(SEED);
    let hex = |g: &Game, id: &str| acw::view::unit(g.world(), id).map(|u| u.hex);
    let enemy = hex(&g, "u_83pa").unwrap();
    let before = hex(&g, "c_47al").unwrap();
    g.world_mut().resource_mut::<AcwState>().aftermath.extend([
        Aftermath {
            unit: "c_47al".into(),
            outcome: Outcome::Retires(2),
            enemy: "u_83pa".into(),
        },
        Aftermath {
            unit: "u_20me".into(),
            outcome: Outcome::Routs,
            enemy: "c_15al".into(),
        },
    ]);
    react(g.world_mut());
    let after = hex(&g, "c_47al").unwrap();
    assert_eq!(before.unsigned_distance_to(after), 2);
    assert_eq!(
        after.unsigned_distance_to(enemy),
        before.unsigned_distance_to(enemy) + 2
    );
    // The 20th Maine routs from 0304, five hexes from the map's west edge: it cannot
    // fall back eight, and leaves the field.
    assert_eq!(hex(&g, "u_20me"), None);
    assert!(notes(&g).contains(&"20th Maine routs from the field.".to_owned()));
}

#[test]
fn every_hex_of_every_move_the_rules_offer_meets_every_constraint() {
    // The moves the rules list (`movement::reachable`, what the computer and the window
    // offer) are exactly those the order door accepts, hex by hex: within the chit's
    // hexes at the terrain's costs, never into an occupied hex, in contact only at the
    // end of a charge.
    for chit in [Chit::Move, Chit::FastAdvance, Chit::Charge] {
        let mut g = game(SEED);
        to_movement(&mut g, &UNION_MOVING, &[("c_15al", chit), ("c_47al", chit)]);
        for id in ["c_15al", "c_47al"] {
            let u = acw::view::unit(g.world(), id).unwrap();
            let reach = acw::movement::reachable(g.world(), &u);
            assert!(!reach.is_empty(), "{id} on {chit:?}");
            let all = acw::view::units(g.world());
            for path in reach.values() {
                let labels: Vec<String> = path.iter().map(|h| acw::view::label(*h)).collect();
                let order = act(1, id, &labels.join(" "));
                assert_eq!(
                    drumfire_core::door::validate(g.world(), &order),
                    Ok(()),
                    "{id} on {chit:?} along {labels:?}"
                );
                let cost: u8 = path
                    .iter()
                    .map(|h| acw::view::cell(g.world(), *h).unwrap().cost.unwrap())
                    .sum();
                assert!(cost <= chit.hexes());
                for (i, h) in path.iter().enumerate() {
                    assert!(all.iter().all(|o| o.hex != *h));
                    let contact = acw::movement::in_contact(&all, 1, *h);
                    assert!(!contact || (chit == Chit::Charge && i + 1 == path.len()));
                }
            }
            // And a hex one step beyond the reach of every path is refused.
            for path in reach.values() {
                let last = *path.last().unwrap();
                for next in last.all_neighbors() {
                    if reach.contains_key(&(next.x, next.y)) || next == u.hex {
                        continue;
                    }
                    let mut longer: Vec<String> =
                        path.iter().map(|h| acw::view::label(*h)).collect();
                    longer.push(acw::view::label(next));
                    let extended = acw::movement::check_path(
                        g.world(),
                        &u,
                        &path.iter().copied().chain([next]).collect::<Vec<_>>(),
                    );
                    assert!(
                        extended.is_err(),
                        "{id} on {chit:?}: {longer:?} is accepted but was not offered"
                    );
                }
            }
        }
    }
}

#[test]
fn artillery_does_not_move_a_battery_that_would_retire_holds_its_hex_and_one_that_routs_is_lost() {
    // "Artillery is placed at the start of the game and do not move": a battery that
    // would retire from a fight holds its hex; one that routs cannot fall back its two
    // full moves, and leaves the field.
    use acw::combat::{Aftermath, react};
    use acw::melee::Outcome;
    let hex = |g: &Game, id: &str| acw::view::unit(g.world(), id).map(|u| u.hex);
    for outcome in [Outcome::Retires(1), Outcome::RetiresFullMove] {
        let mut g = game(SEED);
        let before = hex(&g, "u_bat");
        g.world_mut()
            .resource_mut::<AcwState>()
            .aftermath
            .push(Aftermath {
                unit: "u_bat".into(),
                outcome,
                enemy: "c_15al".into(),
            });
        react(g.world_mut());
        assert_eq!(hex(&g, "u_bat"), before, "{outcome:?}");
        assert!(notes(&g).contains(
            &"Battery D, 5th US's guns hold their hex: artillery does not move.".to_owned()
        ));
    }
    let mut g = game(SEED);
    g.world_mut()
        .resource_mut::<AcwState>()
        .aftermath
        .push(Aftermath {
            unit: "u_bat".into(),
            outcome: Outcome::Routs,
            enemy: "c_15al".into(),
        });
    react(g.world_mut());
    assert_eq!(hex(&g, "u_bat"), None);
    assert!(notes(&g).contains(&"Battery D, 5th US routs from the field.".to_owned()));
}

#[test]
fn enemy_behind_linear_obstacle_counts_for_either_side_in_fenced_fields() {
    // "Enemy uphill or behind linear obstacle -1"; a unit in fenced fields stands behind
    // the linear obstacle, the charger as well as the charged.
    let mut g = game(SEED);
    let unit = |g: &Game, id: &str| acw::view::unit(g.world(), id).unwrap();
    let (charger, defender) = (unit(&g, "u_83pa"), unit(&g, "c_15al"));
    // The 83rd Pennsylvania charges from the fenced fields at 0804 into the 15th
    // Alabama in the open at 0904.
    let fenced = drumfire_core::scenario::hex_of("0804").unwrap();
    drumfire_core::map::move_counter(g.world_mut(), charger.entity, charger.hex, fenced);
    let charger = unit(&g, "u_83pa");
    let [c, d] = acw::combat::situations(g.world(), &charger, &defender);
    assert!(!c.enemy_uphill_or_behind_obstacle);
    assert!(d.enemy_uphill_or_behind_obstacle);
    // And the other way round: the 15th Alabama in the fenced fields is behind them.
    let [c, d] = acw::combat::situations(g.world(), &defender, &charger);
    assert!(c.enemy_uphill_or_behind_obstacle);
    assert!(!d.enemy_uphill_or_behind_obstacle);
}

#[test]
fn routed_units_fall_back_two_full_moves_and_thereafter_move_but_never_charge() {
    // "Routed units must fall back for two full moves. No Charge moves thereafter":
    // after the React phase's two full moves, a routed unit moves on Move or Fast
    // Advance, and stays routed: no Charge chit, its fire reduced by 1.
    let mut g = game(SEED);
    let e = acw::view::unit(g.world(), "u_83pa").unwrap().entity;
    g.world_mut()
        .entity_mut(e)
        .insert(drumfire_core::counters::Routed);
    refused(
        &mut g,
        chits(
            0,
            &[
                ("u_20me", Chit::Move),
                ("u_83pa", Chit::Charge),
                ("u_bat", Chit::Fire),
            ],
        ),
        "No Charge moves thereafter",
    );
    to_movement(&mut g, &UNION, &CONFEDERATE);
    g.submit(act(1, "c_15al", "")).unwrap();
    g.submit(act(1, "c_47al", "")).unwrap();
    g.submit(act(0, "u_83pa", "0405")).unwrap();
    let u = acw::view::unit(g.world(), "u_83pa").unwrap();
    assert_eq!(acw::view::label(u.hex), "0405");
    assert!(u.routed);
}

#[test]
fn a_brilliant_tactician_may_move_up_to_three_units_and_stop_short() {
    // "a Brilliant Tactician may move up to three units then his opponent gets to
    // reveal orders or move however many units he is allowed to": up to the rating's
    // count, and at least one, each time the move comes to a side.
    let mut g = game(SEED);
    to_movement(&mut g, &UNION, &CONFEDERATE);
    assert_eq!(state(&g).acting, Some((1, 3)));
    refused(
        &mut g,
        Order::Pass { side: 1 },
        "Turn over at least one chit first",
    );
    g.submit(act(1, "c_47al", "")).unwrap();
    // The brilliant Confederate stops after one: the average Union CinC's two come next.
    g.submit(Order::Pass { side: 1 }).unwrap();
    assert_eq!(state(&g).acting, Some((0, 2)));
    refused(
        &mut g,
        Order::Pass { side: 0 },
        "Turn over at least one chit first",
    );
    g.submit(act(0, "u_20me", "")).unwrap();
    g.submit(Order::Pass { side: 0 }).unwrap();
    assert_eq!(state(&g).acting, Some((1, 3)));
    g.submit(act(1, "c_15al", "")).unwrap();
    // The Confederates' chits are all turned over: the Union moves its last two.
    assert_eq!(state(&g).acting, Some((0, 2)));
    g.submit(act(0, "u_bat", "")).unwrap();
    g.submit(act(0, "u_83pa", "")).unwrap();
    assert_eq!(g.phase_name(), "Shooting");
}

#[test]
fn a_unit_falls_back_over_the_ground_as_it_moves() {
    // "retire full move back" is a full move over the ground: a wood costs two
    // hexes of it, as in a march. The 83rd Pennsylvania, a line broken in two places,
    // falls back from 0406 into the woods to its west: two hexes, not four.
    use acw::combat::{Aftermath, react};
    use acw::melee::Outcome;
    let woods = |row: &str| {
        (
            format!("            \"{row}\","),
            format!("            \"www{}\",", &row[3..]),
        )
    };
    // Every row but the two with the northern wood: woods in columns 1 to 3.
    let rows = ["............", "......##....", "........~..."];
    let changes: Vec<(String, String)> = rows.iter().map(|r| woods(r)).collect();
    let changes: Vec<(&str, &str)> = changes
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let mut g = game_from("acw_first.ron", &changes, SEED);
    let hex = |g: &Game, id: &str| acw::view::unit(g.world(), id).map(|u| u.hex);
    let before = hex(&g, "u_83pa").unwrap();
    g.world_mut()
        .resource_mut::<AcwState>()
        .aftermath
        .push(Aftermath {
            unit: "u_83pa".into(),
            outcome: Outcome::RetiresFullMove,
            enemy: "c_15al".into(),
        });
    react(g.world_mut());
    let after = hex(&g, "u_83pa").unwrap();
    assert_eq!(acw::view::label(after), "0206");
    assert_eq!(before.unsigned_distance_to(after), 2);
}

#[test]
fn a_unit_routed_from_the_field_counts_every_stand_it_leaves_with() {
    // a point to the enemy for each stand lost; a unit that routs from the field
    // takes all its stands with it, so each counts, its casualties of the turn's fights
    // among them. The 20th Maine routs from 0304 with its six stands, one a casualty.
    use acw::combat::{Aftermath, react};
    use acw::melee::Outcome;
    let mut g = game(SEED);
    {
        let mut state = g.world_mut().resource_mut::<AcwState>();
        state.aftermath.push(Aftermath {
            unit: "u_20me".into(),
            outcome: Outcome::Routs,
            enemy: "c_15al".into(),
        });
        state.casualties.insert("u_20me".into(), [2].into());
    }
    react(g.world_mut());
    assert_eq!(acw::view::unit(g.world(), "u_20me"), None);
    assert_eq!(
        g.world().resource::<drumfire_core::sides::StepsLost>().0,
        [6, 0]
    );
}

#[test]
fn an_enemy_routed_by_two_fights_casualties_lets_its_charger_form_up_on_the_spot() {
    // A-30 and "unless enemy routed then form up on spot": the 20th Maine's two fights
    // took four of its six stands; it routs in the React phase, and the 15th Alabama,
    // told to retire by its own fight, forms up where it stands.
    use acw::combat::{Aftermath, react};
    use acw::melee::Outcome;
    let mut g = game(SEED);
    let before = acw::view::unit(g.world(), "c_15al").unwrap().hex;
    {
        let mut state = g.world_mut().resource_mut::<AcwState>();
        state.aftermath.extend([
            Aftermath {
                unit: "c_15al".into(),
                outcome: Outcome::Retires(2),
                enemy: "u_20me".into(),
            },
            Aftermath {
                unit: "u_20me".into(),
                outcome: Outcome::Retires(2),
                enemy: "c_15al".into(),
            },
        ]);
        state
            .casualties
            .insert("u_20me".into(), [0, 1, 2, 3].into());
    }
    react(g.world_mut());
    assert_eq!(acw::view::unit(g.world(), "c_15al").unwrap().hex, before);
    assert!(
        acw::view::unit(g.world(), "u_20me").is_none_or(|u| u.routed),
        "the 20th Maine routs"
    );
}
