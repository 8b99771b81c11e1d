//! Turn sequence: activation dice, one action an activation, pinned cavalry charging or
//! unpinned first, turning to fire; whole games between random players.

use super::*;

fn games() -> u64 {
    drumfire_core::testing::soak_games()
}

fn soak(name: &str) {
    let s = load(name);
    let mut orders = 0;
    for seed in 0..games() {
        let game = soak_game(&s, seed).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(game.is_over());
        assert!(game.outcome().is_some());
        orders += game.orders().len();
    }
    assert!(orders > 0);
}

#[test]
fn soak_ukhozi_drift() {
    soak("ukhozi_drift.ron");
}

#[test]
fn soak_ravensberg_heights() {
    soak("ravensberg_heights.ron");
}

#[test]
fn an_activated_unit_moves_or_fires_or_is_unpinned_but_only_one_of_them() {
    let s = field(
        &[],
        &[],
        "",
        &[
            (
                "inf",
                0,
                "infantry_rifles",
                "0304",
                ", facing: Some(NorthEast)",
            ),
            (
                "pinned",
                0,
                "infantry_rifles",
                "0104",
                ", markers: [Pinned]",
            ),
            ("spare", 0, "infantry_rifles", "0107", ""),
            ("foe", 1, "infantry_rifles", "0802", ""),
        ],
    );
    let mut game = Game::new(&s, 4);
    to_activation(&mut game, 0);
    let left = game.world().resource::<PtState>().activations;
    assert_eq!(left, 4, "seed 4: Red goes first, its die shows 4");
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "inf".into(),
            path: vec!["0404".into()],
        },
    )
    .unwrap();
    assert_eq!(
        order(
            &mut game,
            PtOrder::Fire {
                side: 0,
                unit: "inf".into(),
                target: "0802".into()
            }
        )
        .unwrap_err(),
        "inf has already been activated this turn."
    );
    assert_eq!(game.world().resource::<PtState>().activations, left - 1);
    // A pinned unit must be unpinned before it moves; unpinning is its activation.
    assert_eq!(
        order(
            &mut game,
            PtOrder::Move {
                side: 0,
                unit: "pinned".into(),
                path: vec!["0204".into()]
            }
        )
        .unwrap_err(),
        "pinned is pinned: it must be unpinned before it moves."
    );
    order(
        &mut game,
        PtOrder::Unpin {
            side: 0,
            unit: "pinned".into(),
        },
    )
    .unwrap();
    assert!(!unit(&game, "pinned").pinned);
    assert_eq!(
        order(
            &mut game,
            PtOrder::Move {
                side: 0,
                unit: "pinned".into(),
                path: vec!["0204".into()]
            }
        )
        .unwrap_err(),
        "pinned has already been activated this turn."
    );
}

#[test]
fn the_side_with_the_higher_d6_activates_first_and_throws_its_activation_dice() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("a", 0, "infantry_rifles", "0104", ""),
            ("b", 1, "infantry_rifles", "0904", ""),
        ],
    );
    let game = Game::new(&s, 2);
    let events: Vec<&GameEvent> = game.journal().entries().iter().map(|e| &e.event).collect();
    let (winner, totals) = events
        .iter()
        .find_map(|e| match e {
            GameEvent::InitiativeWon { side, totals } => Some((*side, totals.clone())),
            _ => None,
        })
        .unwrap();
    assert!(
        totals[usize::from(winner)] > totals[1 - usize::from(winner)],
        "{totals:?}"
    );
    assert_eq!(game.awaiting(), Some(winner));
    let dice: u8 = events
        .iter()
        .filter_map(|e| match e {
            GameEvent::DiceRolled { purpose, faces } if purpose.starts_with("activation dice") => {
                Some(faces.iter().sum::<u8>())
            }
            _ => None,
        })
        .sum();
    assert_eq!(game.world().resource::<PtState>().activations, dice);
}

#[test]
fn pinned_regular_cavalry_is_unpinned_or_charges_before_any_other_activation() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("cav", 0, "cavalry_regular", "0204", ", markers: [Pinned]"),
            ("irr", 0, "cavalry_irregular", "0207", ", markers: [Pinned]"),
            ("inf", 0, "infantry_rifles", "0102", ""),
            ("foe", 1, "infantry_rifles", "0804", ""),
        ],
    );
    let mut game = Game::new(&s, 4);
    to_activation(&mut game, 0);
    let left = game.world().resource::<PtState>().activations;
    let refusal =
        "cav is pinned regular cavalry: it must be unpinned or charge before any other activation.";
    assert_eq!(
        order(
            &mut game,
            PtOrder::Move {
                side: 0,
                unit: "inf".into(),
                path: vec!["0103".into()]
            }
        )
        .unwrap_err(),
        refusal
    );
    assert_eq!(
        game.submit(Order::Pass { side: 0 }).unwrap_err().0,
        "cav is pinned regular cavalry: unpin it or let it charge first."
    );
    // Irregular cavalry is not bound by the rule.
    assert_eq!(
        order(
            &mut game,
            PtOrder::Charge {
                side: 0,
                unit: "irr".into()
            }
        )
        .unwrap_err(),
        refusal
    );
    let before = unit(&game, "cav").hex.unsigned_distance_to(h("0804"));
    order(
        &mut game,
        PtOrder::Charge {
            side: 0,
            unit: "cav".into(),
        },
    )
    .unwrap();
    let cav = unit(&game, "cav");
    assert_eq!(
        cav.hex.unsigned_distance_to(h("0804")),
        before - 2,
        "two hexes toward the enemy"
    );
    assert!(cav.pinned, "the charge is made pinned");
    assert_eq!(
        game.world().resource::<PtState>().activations,
        left,
        "not an activation"
    );
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "inf".into(),
            path: vec!["0103".into()],
        },
    )
    .unwrap();
}

#[test]
fn a_unit_may_turn_up_to_60_degrees_to_fire_and_the_turn_is_free() {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("inf", 0, "infantry_rifles", "0504", NORTH),
            ("n", 1, "infantry_rifles", "0502", ""),
            ("ne", 1, "infantry_rifles", "0703", ""),
            ("s", 1, "infantry_rifles", "0506", ""),
            ("se", 1, "infantry_rifles", "0605", ""),
        ],
    );
    let game = Game::new(&s, 1);
    assert_eq!(
        FacingDef::of(fire_plan(&game, "inf", "0502").unwrap().facing),
        FacingDef::North
    );
    assert_eq!(
        FacingDef::of(fire_plan(&game, "inf", "0703").unwrap().facing),
        FacingDef::NorthEast
    );
    for behind in ["0506", "0605"] {
        assert_eq!(
            fire_plan(&game, "inf", behind).unwrap_err(),
            format!("{behind} is behind inf: a unit may turn only up to 60 degrees to fire.")
        );
    }
}

/// Red rifles in 0204 and Blue's regular cavalry in 0504, three hexes off, in good order.
fn cavalry_pinned_in_the_turn(seed: u64) -> Option<Game> {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("rif", 0, "infantry_rifles", "0204", ""),
            ("cav", 1, "cavalry_regular", "0504", ""),
            ("inf", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let mut game = Game::new(&s, seed);
    to_activation(&mut game, 0);
    order(
        &mut game,
        PtOrder::Fire {
            side: 0,
            unit: "rif".into(),
            target: "0504".into(),
        },
    )
    .ok()?;
    Some(game)
}

/// Where pinning meets the turn's order: "Regular European Cavalry Units that are
/// 'pinned' at the beginning of the turn must be 'unpinned' or move". Seed 2: Red
/// activates first and its rifles pin Blue's cavalry. Blue then activates freely (the
/// cavalry was in good order when the turn began); on the next turn, pinned from the
/// start, it must be unpinned or charge before anything else.
#[test]
fn cavalry_pinned_during_the_turn_is_not_made_to_charge_until_the_next() {
    let mut game = cavalry_pinned_in_the_turn(2).expect("Red fires");
    assert!(unit(&game, "cav").pinned);
    assert_eq!(game.world().resource::<drumfire_core::flow::Turn>().0, 1);
    assert_eq!(game.awaiting(), Some(1));
    assert_eq!(game.world().resource::<PtState>().step, Step::Activating);
    assert!(drumfire_core::rules::portable::cavalry_due(game.world(), 1).is_empty());
    order(
        &mut game,
        PtOrder::Move {
            side: 1,
            unit: "inf".into(),
            path: vec!["0907".into()],
        },
    )
    .unwrap();
    // Both sides pass on to turn 2, up to Blue's activations.
    let turn = |g: &Game| g.world().resource::<drumfire_core::flow::Turn>().0;
    while turn(&game) < 2
        || game.awaiting() != Some(1)
        || game.world().resource::<PtState>().step != Step::Activating
    {
        let side = game.awaiting().unwrap();
        game.submit(Order::Pass { side }).unwrap();
    }
    assert!(unit(&game, "cav").pinned);
    let due: Vec<String> = drumfire_core::rules::portable::cavalry_due(game.world(), 1)
        .into_iter()
        .map(|u| u.base.id)
        .collect();
    assert_eq!(due, ["cav"]);
    assert_eq!(
        order(
            &mut game,
            PtOrder::Move {
                side: 1,
                unit: "inf".into(),
                path: vec!["0906".into()],
            },
        )
        .unwrap_err(),
        "cav is pinned regular cavalry: it must be unpinned or charge before any other activation."
    );
}

/// Red rifles in 0204; Blue's regular cavalry in 0704, pinned when the turn begins, and
/// Blue rifles in 0908. The game is taken to the Action Phase's activations.
fn blue_cavalry_pinned_at_the_start(seed: u64) -> Game {
    let s = field(
        &[],
        &[],
        "",
        &[
            ("inf", 0, "infantry_rifles", "0204", ""),
            ("cav", 1, "cavalry_regular", "0704", ", markers: [Pinned]"),
            ("foe", 1, "infantry_rifles", "0908", ""),
        ],
    );
    let mut game = Game::new(&s, seed);
    while game.phase() != drumfire_core::rules::portable::ACTION
        || game.world().resource::<PtState>().step != Step::Activating
    {
        let side = game.awaiting().expect("someone is asked");
        game.submit(Order::Pass { side }).unwrap();
    }
    game
}

/// "the automatic movement towards the nearest enemy Unit takes place before any other
/// Units are activated": any other units, the enemy's too. Seed 0: Red activates first
/// (2 activations); before Red may activate anything, Blue decides for its cavalry, pinned
/// since the turn began; charging, it rides two hexes toward Red's rifles at once, spends
/// none of Red's activations nor any of its own, and only then does Red activate.
#[test]
fn pinned_cavalry_of_the_side_acting_second_charges_before_the_first_side_activates() {
    let mut game = blue_cavalry_pinned_at_the_start(0);
    let segment = |g: &Game| {
        g.world()
            .resource::<drumfire_core::flow::ActionSegment>()
            .side
    };
    let activations = |g: &Game| g.world().resource::<PtState>().activations;
    assert_eq!(
        (segment(&game), activations(&game)),
        (0, 2),
        "Red acts first"
    );
    assert_eq!(
        game.awaiting(),
        Some(1),
        "Blue decides for its cavalry first"
    );
    let due: Vec<String> = drumfire_core::rules::portable::cavalry_due(game.world(), 1)
        .into_iter()
        .map(|u| u.base.id)
        .collect();
    assert_eq!(due, ["cav"]);
    assert_eq!(
        order(
            &mut game,
            PtOrder::Move {
                side: 0,
                unit: "inf".into(),
                path: vec!["0304".into()]
            }
        )
        .unwrap_err(),
        "The game waits on Blue, not on Red."
    );
    assert_eq!(
        game.submit(Order::Pass { side: 1 }).unwrap_err().0,
        "cav is pinned regular cavalry: unpin it or let it charge first."
    );
    assert_eq!(
        order(
            &mut game,
            PtOrder::Move {
                side: 1,
                unit: "foe".into(),
                path: vec!["0907".into()]
            }
        )
        .unwrap_err(),
        "cav is pinned regular cavalry: it must be unpinned or charge before any other activation."
    );
    order(
        &mut game,
        PtOrder::Charge {
            side: 1,
            unit: "cav".into(),
        },
    )
    .unwrap();
    let cav = unit(&game, "cav");
    assert_eq!(view::label(cav.hex), "0503");
    assert_eq!(
        cav.hex.unsigned_distance_to(h("0204")),
        3,
        "two hexes nearer"
    );
    assert!(cav.pinned, "the charge is made pinned");
    assert_eq!((game.awaiting(), activations(&game)), (Some(0), 2));
    order(
        &mut game,
        PtOrder::Move {
            side: 0,
            unit: "inf".into(),
            path: vec!["0304".into()],
        },
    )
    .unwrap();
    assert_eq!(view::label(unit(&game, "inf").hex), "0304");
    // Red has nothing left to activate: Blue's part, where the cavalry that charged is
    // done for the turn.
    assert_eq!((segment(&game), game.awaiting()), (1, Some(1)));
    assert!(drumfire_core::rules::portable::cavalry_due(game.world(), 1).is_empty());
    assert!(unit(&game, "cav").activated());
}

/// The other branch of the same decision, taken before Red's first activation: Blue
/// decides to unpin its cavalry. It does not charge; it stays pinned through Red's part
/// and is unpinned as Blue's first activation (one of Blue's own), before any other and
/// without a charge left to choose.
#[test]
fn pinned_cavalry_of_the_side_acting_second_unpinned_by_a_decision_made_before_the_first_side_activates()
 {
    let mut game = blue_cavalry_pinned_at_the_start(0);
    order(
        &mut game,
        PtOrder::Unpin {
            side: 1,
            unit: "cav".into(),
        },
    )
    .unwrap();
    assert!(unit(&game, "cav").pinned);
    assert_eq!(view::label(unit(&game, "cav").hex), "0704");
    assert_eq!(game.world().resource::<PtState>().unpin_due, ["cav"]);
    assert_eq!(game.awaiting(), Some(0));
    assert_eq!(game.world().resource::<PtState>().activations, 2);
    game.submit(Order::Pass { side: 0 }).unwrap();
    // Blue's part: its dice thrown, the cavalry's unpinning comes first.
    assert_eq!(game.awaiting(), Some(1));
    let left = game.world().resource::<PtState>().activations;
    assert!(left > 0);
    assert_eq!(
        order(
            &mut game,
            PtOrder::Charge {
                side: 1,
                unit: "cav".into()
            }
        )
        .unwrap_err(),
        "cav is to be unpinned, as was decided before the turn's first activation: it does not charge."
    );
    assert_eq!(
        order(
            &mut game,
            PtOrder::Move {
                side: 1,
                unit: "foe".into(),
                path: vec!["0907".into()]
            }
        )
        .unwrap_err(),
        "cav is pinned regular cavalry: it must be unpinned or charge before any other activation."
    );
    order(
        &mut game,
        PtOrder::Unpin {
            side: 1,
            unit: "cav".into(),
        },
    )
    .unwrap();
    assert!(!unit(&game, "cav").pinned);
    assert_eq!(game.world().resource::<PtState>().activations, left - 1);
    assert!(game.world().resource::<PtState>().unpin_due.is_empty());
}
