//! The WWII assault rules (seed 004): the rounds of a personnel assault, how it ends,
//! its exact odds against every roll, and the assault modifiers, each test named in
//! `docs/rules/wwii.md`.

use drumfire_core::rules::wwii::modifiers::{
    Involved, Training, assault_modifiers, cavalry_may_not_assault, meeting,
};
use drumfire_core::rules::wwii::personnel_assault::{
    Assault, Ending, Meeting, Result, Side, assault_odds, fight, round,
};

fn side(bases: u32, modifier: i32) -> Side {
    Side { bases, modifier }
}

#[test]
fn each_side_rolls_a_die_and_the_loser_loses_the_difference_in_bases() {
    // "each side in the assault (not each unit) rolls 1D6, with the loser losing the
    // difference in bases."
    let sides = [side(6, 0), side(6, 0)];
    assert_eq!(round(sides, [6, 6], [5, 2]), ([0, 3], Some(0)));
    assert_eq!(round(sides, [6, 6], [1, 6]), ([5, 0], Some(1)));
    assert_eq!(round(sides, [6, 6], [4, 4]), ([0, 0], None));
    // Never more than it has.
    assert_eq!(round(sides, [6, 2], [6, 1]), ([0, 2], Some(0)));
    // The modifiers add to each roll: a 3 at +2 beats a 4.
    assert_eq!(
        round([side(6, 2), side(6, 0)], [6, 6], [3, 4]),
        ([0, 1], Some(0))
    );
}

#[test]
fn three_rounds_or_until_one_group_is_eliminated() {
    // "This is done for three rounds or until one group is eliminated".
    let sides = [side(8, 0), side(8, 0)];
    let (r, fought) = fight(sides, Meeting::Personnel, &[[3, 2], [2, 3], [4, 4], [6, 1]]);
    assert_eq!(fought, 3, "the fourth pair of dice is never rolled");
    assert_eq!(
        r.lost,
        [2, 2],
        "1 each, then a tie: and the tie's extra base each"
    );
    let (r, fought) = fight(
        [side(3, 0), side(2, 0)],
        Meeting::Personnel,
        &[[6, 1], [6, 1]],
    );
    assert_eq!(
        fought, 1,
        "the defender's group is gone after the first round"
    );
    assert_eq!(r.lost, [0, 2]);
    let mut a = Assault::new([side(4, 0), side(4, 0)], Meeting::Personnel);
    assert!(!a.over());
    a.roll([2, 5]);
    assert_eq!(a.left(), [1, 4]);
    a.roll([3, 3]);
    assert!(!a.over());
    a.roll([1, 6]);
    assert!(a.over());
}

#[test]
fn the_overall_loser_is_demoralized() {
    // "the overall loser of the assault (the side to lose the most number of bases)
    // becomes demoralized and must check morale."
    let sides = [side(6, 0), side(6, 0)];
    let (r, _) = fight(sides, Meeting::Personnel, &[[5, 2], [3, 4], [2, 2]]);
    assert_eq!(
        r,
        Result {
            lost: [1, 3],
            ending: Ending::Demoralized(1)
        }
    );
    let (r, _) = fight(sides, Meeting::Personnel, &[[1, 4], [3, 4], [2, 2]]);
    assert_eq!(r.ending, Ending::Demoralized(0));
}

#[test]
fn overall_ties_lose_a_base_each_and_are_pinned() {
    // "Overall ties lose an additional stand each and are pinned for one turn."
    let sides = [side(5, 0), side(4, 0)];
    let (r, _) = fight(sides, Meeting::Personnel, &[[6, 4], [1, 3], [5, 5]]);
    assert_eq!(
        r,
        Result {
            lost: [3, 3],
            ending: Ending::Tie
        }
    );
    // Three drawn rounds are a tie too: a base each.
    let (r, _) = fight(sides, Meeting::Personnel, &[[2, 2], [3, 3], [6, 6]]);
    assert_eq!(r.lost, [1, 1]);
    assert_eq!(
        Ending::Tie.describe(["A", "B"]),
        "a tie: each loses another base and is pinned"
    );
}

#[test]
fn winning_every_round_and_eliminating_the_opposition_breaks_through() {
    // "If a side wins all three assault rounds and eliminates all assault opposition,
    // they breakthrough and may occupy any uncontested territory within one assault
    // movement."
    let sides = [side(6, 0), side(6, 0)];
    let (r, _) = fight(sides, Meeting::Personnel, &[[5, 3], [6, 4], [4, 2]]);
    assert_eq!(
        r,
        Result {
            lost: [0, 6],
            ending: Ending::Eliminated {
                winner: 0,
                breakthrough: true
            }
        }
    );
    // W-D2: the opposition gone after two rounds, both won: a breakthrough.
    let (r, fought) = fight(
        [side(6, 0), side(4, 0)],
        Meeting::Personnel,
        &[[6, 4], [6, 4]],
    );
    assert_eq!(fought, 2);
    assert_eq!(
        r.ending,
        Ending::Eliminated {
            winner: 0,
            breakthrough: true
        }
    );
    // A drawn round first: the opposition eliminated, but no breakthrough.
    let (r, _) = fight(sides, Meeting::Personnel, &[[3, 3], [6, 1], [4, 3]]);
    assert_eq!(
        r.ending,
        Ending::Eliminated {
            winner: 0,
            breakthrough: false
        }
    );
    // Winning all three without eliminating them is a demoralized enemy, no more.
    let (r, _) = fight(sides, Meeting::Personnel, &[[4, 3], [4, 3], [4, 3]]);
    assert_eq!(r.ending, Ending::Demoralized(1));
}

#[test]
fn a_heroic_survivor_that_lost_more_bases_is_pinned() {
    // "In some cases the only surviving side of an assault may also be the side which
    // lost the most number of bases. In this instance, the surviving unit becomes
    // pinned for one turn."
    let (r, _) = fight(
        [side(8, 0), side(3, 0)],
        Meeting::Personnel,
        &[[1, 6], [6, 4], [5, 4]],
    );
    assert_eq!(
        r,
        Result {
            lost: [5, 3],
            ending: Ending::Heroic(0)
        }
    );
    assert_eq!(
        r.ending.describe(["the Grenadiers", "the Rangers"]),
        "the Grenadiers holds alone, heroic: pinned"
    );
}

#[test]
fn cavalry_fights_two_rounds_against_personnel_and_one_against_cavalry() {
    // "Assaults involving mounted cavalry versus other non-mounted personnel units only
    // have two die roll rounds, with the cavalry receiving a +1 to each of their
    // assault die rolls." "Assaults involving only mounted cavalry units versus other
    // mounted cavalry units will only have one die roll round."
    let horse = Involved {
        bases: 4,
        mounted: true,
        ..Involved::default()
    };
    let foot = Involved {
        bases: 6,
        ..Involved::default()
    };
    assert_eq!(meeting(&[horse], &[foot]), Meeting::CavalryAgainstPersonnel);
    assert_eq!(meeting(&[foot], &[horse]), Meeting::CavalryAgainstPersonnel);
    assert_eq!(meeting(&[horse], &[horse]), Meeting::CavalryAgainstCavalry);
    assert_eq!(meeting(&[foot], &[foot]), Meeting::Personnel);
    assert_eq!(
        [
            Meeting::Personnel,
            Meeting::CavalryAgainstPersonnel,
            Meeting::CavalryAgainstCavalry
        ]
        .map(Meeting::rounds),
        [3, 2, 1]
    );
    assert_eq!(
        assault_modifiers(&[horse], &[foot]),
        [(1, "cavalry".to_owned())]
    );
    // Two rounds only: the third pair of dice is not rolled.
    let (r, fought) = fight(
        [side(4, 1), side(6, 0)],
        Meeting::CavalryAgainstPersonnel,
        &[[3, 3], [2, 2], [6, 1]],
    );
    assert_eq!((fought, r.lost), (2, [0, 2]));
    assert_eq!(r.ending, Ending::Demoralized(1));
    let (_, fought) = fight(
        [side(4, 1), side(4, 1)],
        Meeting::CavalryAgainstCavalry,
        &[[3, 3], [2, 2]],
    );
    assert_eq!(fought, 1);
}

#[test]
fn cavalry_may_not_assault_vehicles_or_troops_in_enclosed_cover() {
    // "Cavalry units may not assault tanks or armored cars, nor may they assault troops
    // in buildings, bunkers, pillboxes, trenches or other enclosed cover."
    let foot = Involved {
        bases: 4,
        ..Involved::default()
    };
    let dug_in = Involved {
        full_cover: true,
        ..foot
    };
    assert_eq!(cavalry_may_not_assault(&[foot], false), None);
    assert!(cavalry_may_not_assault(&[foot], true).is_some());
    assert!(cavalry_may_not_assault(&[foot, dug_in], false).is_some());
}

#[test]
fn the_assault_modifiers_apply_when_half_or_more_of_the_bases_meet_them() {
    // "Pinned or worse - Half or more of involved bases for that side are from units
    // which are currently suffering from negative morale results of pinned or worse".
    let unit = |bases| Involved {
        bases,
        ..Involved::default()
    };
    let pinned = |bases| Involved {
        pinned_or_worse: true,
        ..unit(bases)
    };
    let causes = |side: &[Involved]| -> Vec<String> {
        assault_modifiers(side, &[unit(4)])
            .into_iter()
            .map(|(v, c)| format!("{v:+} {c}"))
            .collect()
    };
    assert_eq!(causes(&[pinned(3), unit(3)]), ["-1 pinned or worse"]);
    assert!(causes(&[pinned(2), unit(3)]).is_empty());
    // "Hit in rear": the rear edges of units whose bases make up a majority; half is
    // not enough.
    let rear = |bases| Involved {
        hit_in_rear: true,
        ..unit(bases)
    };
    assert_eq!(causes(&[rear(4), unit(3)]), ["-2 hit in rear"]);
    assert!(causes(&[rear(3), unit(3)]).is_empty());
    // "Prone", "In solid cover or better".
    let prone = Involved {
        prone: true,
        ..unit(4)
    };
    assert_eq!(causes(&[prone]), ["-1 prone"]);
    let covered = Involved {
        solid_cover: true,
        ..unit(4)
    };
    let bunkered = Involved {
        full_cover: true,
        ..unit(4)
    };
    assert_eq!(causes(&[covered]), ["+1 in solid cover or better"]);
    assert_eq!(causes(&[bunkered]), ["+1 in solid cover or better"]);
    // "Outstanding training", "Great training": one of the two, the better.
    let trained = |t| Involved {
        training: t,
        ..unit(4)
    };
    assert_eq!(
        causes(&[trained(Training::Outstanding)]),
        ["+2 outstanding training"]
    );
    assert_eq!(causes(&[trained(Training::Great)]), ["+1 great training"]);
    assert_eq!(
        causes(&[trained(Training::Outstanding), trained(Training::Great)]),
        ["+2 outstanding training"]
    );
    assert_eq!(
        causes(&[trained(Training::Great), unit(2)]),
        ["+1 great training"]
    );
}

#[test]
fn a_unit_hit_on_two_sides_is_minus_one_unless_most_bases_are_engaged_on_one() {
    // "Example 1: The defender has a unit which has enemy bases striking its front and
    // left flank. The defender suffers a minus one on each die roll because of this."
    let flanked = Involved {
        bases: 4,
        sides_in_contact: 2,
        ..Involved::default()
    };
    let attackers = [Involved {
        bases: 6,
        ..Involved::default()
    }];
    assert_eq!(
        assault_modifiers(&[flanked], &attackers),
        [(-1, "hit on two or more sides".to_owned())]
    );
    // "Example 2: A defending unit of four bases has enemy bases in contact with its
    // front and left flank, and a friendly unit of six bases has joined the assault. If
    // the unit joining the assault is only engaged on one side, the defender does not
    // receive a minus on the assault rolls".
    let joining = Involved {
        bases: 6,
        sides_in_contact: 1,
        ..Involved::default()
    };
    assert!(assault_modifiers(&[flanked, joining], &attackers).is_empty());
}

#[test]
fn the_cavalry_bonus_is_lost_against_flamethrowers_and_full_cover() {
    // "Cavalry - Half or more of involved bases are mounted cavalry engaging personnel
    // targets. Does not apply if the personnel targets in question are armed with
    // flamethrowers, or are inside of bunkers, pillboxes, buildings, trenches or other
    // full cover."
    let horse = Involved {
        bases: 4,
        mounted: true,
        ..Involved::default()
    };
    let flamers = Involved {
        bases: 2,
        flamethrowers: true,
        ..Involved::default()
    };
    let riflemen = Involved {
        bases: 4,
        ..Involved::default()
    };
    assert!(assault_modifiers(&[horse], &[flamers]).is_empty());
    assert_eq!(assault_modifiers(&[horse], &[riflemen]).len(), 1);
    assert!(assault_modifiers(&[horse], &[flamers, riflemen]).len() == 1);
    let two_flamers = Involved {
        bases: 4,
        ..flamers
    };
    assert!(assault_modifiers(&[horse], &[two_flamers, riflemen]).is_empty());
}

/// Every result of every roll of every round, by plain enumeration.
fn enumerate(sides: [Side; 2], meeting: Meeting) -> std::collections::BTreeMap<Result, u64> {
    let rounds = u32::from(meeting.rounds());
    let mut out = std::collections::BTreeMap::new();
    for n in 0..36u32.pow(rounds) {
        let dice: Vec<[u8; 2]> = (0..rounds)
            .map(|k| {
                let r = n / 36u32.pow(k) % 36;
                [(r / 6) as u8 + 1, (r % 6) as u8 + 1]
            })
            .collect();
        *out.entry(fight(sides, meeting, &dice).0).or_insert(0u64) += 1;
    }
    out
}

#[test]
fn the_exact_odds_of_an_assault_are_every_roll_of_every_round() {
    for (sides, meeting) in [
        ([side(6, 0), side(6, 0)], Meeting::Personnel),
        ([side(3, 1), side(8, -1)], Meeting::Personnel),
        ([side(2, 0), side(1, 2)], Meeting::Personnel),
        ([side(10, -2), side(4, 1)], Meeting::Personnel),
        ([side(4, 1), side(6, 0)], Meeting::CavalryAgainstPersonnel),
        ([side(3, 1), side(3, 1)], Meeting::CavalryAgainstCavalry),
    ] {
        let odds = assault_odds(sides, meeting);
        assert_eq!(odds.of, 36u64.pow(u32::from(meeting.rounds())));
        assert_eq!(
            odds.results,
            enumerate(sides, meeting),
            "{sides:?} {meeting:?}"
        );
        assert_eq!(odds.ways(|_| true), odds.of);
        assert_eq!(odds.lost(0).values().sum::<u64>(), odds.of);
    }
    // Even sides of six: by symmetry each is demoralized as often; the ties, counted
    // again by a separate script over the 46,656 rolls, are 4,332.
    let odds = assault_odds([side(6, 0), side(6, 0)], Meeting::Personnel);
    let demoralized = |s| odds.ways(|r| r.ending == Ending::Demoralized(s));
    assert_eq!(demoralized(0), demoralized(1));
    assert_eq!(odds.ways(|r| r.ending == Ending::Tie), 4_332);
}

#[test]
fn every_choice_we_designed_is_marked_ours_where_it_lives() {
    let (listed, wrong) = drumfire_core::testing::designed_marks("wwii.md", "| W-D", "W-D", "wwii");
    assert_eq!(listed, 31);
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn every_seed_sentence_is_built_and_named_by_a_test() {
    let root = env!("CARGO_MANIFEST_DIR");
    let tests: String = ["wwii", "wwii_turn"]
        .iter()
        .map(|f| std::fs::read_to_string(format!("{root}/tests/headless/{f}.rs")).unwrap())
        .collect();
    let (rows, wrong) = drumfire_core::testing::seed_rows("wwii.md", "| WW-", &tests);
    assert_eq!(rows, 41);
    assert!(wrong.is_empty(), "{wrong:#?}");
}

use drumfire_core::rules::wwii::tanks::{
    self, Infantry, Tanks, dice_in_round, heavy_weapons_survive, kill_ways, needs, overrun_cost,
    tank_assault_odds, weapon_differential,
};

#[test]
fn tanks_and_infantry_roll_on_the_small_arms_chart_each_machine_gun_a_die() {
    // "each side rolls on the Small Arms Fire chart. Each tank base in a participating
    // tank unit may use each of its machine guns to "assault fire" on any of the enemy
    // infantry units involved in the assault." W-D6: a die a fire point, 5-6 kills.
    assert_eq!(
        [needs(0), needs(1), needs(-1), needs(-2), needs(9)],
        [Some(5), Some(4), Some(6), None, Some(2)]
    );
    assert_eq!(kill_ways(2, 0), [16, 16, 4]);
    let shermans = Tanks {
        bases: 3,
        machine_guns: 2,
        at_assault: 3,
        modifier: 0,
    };
    let grenadiers = Infantry {
        bases: 4,
        at_assault: Some(1),
        modifier: 0,
    };
    assert_eq!(dice_in_round(&shermans, &grenadiers, [3, 4]), (6, 4));
    // Six machine-gun dice (two 5s, a 6: three kills), four grenadier dice at -2 (the
    // weapon differential 1 - 3): nothing can kill.
    let dice = [5, 6, 1, 2, 5, 3, 6, 6, 6, 6];
    assert_eq!(tanks::round(&shermans, &grenadiers, [3, 4], &dice), [0, 3]);
}

#[test]
fn the_weapon_differential_modifies_the_infantrys_roll_against_the_tanks() {
    // "Each involved infantry unit opposing the tanks will compare their anti-tank
    // assault value to that of the target tank unit and use that difference (called
    // the weapon differential) to modify their small arms roll against the tanks. This
    // may result in more than one tank base being killed by one infantry unit."
    assert_eq!(weapon_differential(4, 3), 1);
    assert_eq!(weapon_differential(1, 4), -3);
    let panzers = Tanks {
        bases: 3,
        machine_guns: 1,
        at_assault: 3,
        modifier: 0,
    };
    let bazookas = Infantry {
        bases: 3,
        at_assault: Some(4),
        modifier: 0,
    };
    assert_eq!(bazookas.against(&panzers), Some(1));
    // Three panzer dice miss; bazooka dice 4, 6, 2 at +1 need 4: two tanks killed.
    assert_eq!(
        tanks::round(&panzers, &bazookas, [3, 3], &[1, 2, 3, 4, 6, 2]),
        [2, 0]
    );
}

#[test]
fn units_without_an_at_assault_value_cannot_assault_tanks() {
    // "Units without an AT assault value are not capable of assaulting tanks."
    let tank = Tanks {
        bases: 2,
        machine_guns: 1,
        at_assault: 2,
        modifier: 0,
    };
    let cooks = Infantry {
        bases: 3,
        at_assault: None,
        modifier: 2,
    };
    assert_eq!(cooks.against(&tank), None);
    assert_eq!(dice_in_round(&tank, &cooks, [2, 3]), (2, 0));
    assert_eq!(tanks::round(&tank, &cooks, [2, 3], &[6, 6]), [0, 2]);
}

/// The chance of every result of a tank assault: each round's losses found by rolling
/// every die of the round through `tanks::round`, the rounds followed one by one.
fn enumerate_tanks(
    t: &Tanks,
    i: &Infantry,
    lost: [u32; 2],
    won: [bool; 2],
    round: u32,
    p: f64,
    out: &mut std::collections::BTreeMap<
        drumfire_core::rules::wwii::personnel_assault::Result,
        f64,
    >,
) {
    let left = [t.bases - lost[0], i.bases - lost[1]];
    if round == 3 || left[0] == 0 || left[1] == 0 {
        *out.entry(tanks::tank_ending(t, i, lost, won))
            .or_insert(0.0) += p;
        return;
    }
    let (a, b) = dice_in_round(t, i, left);
    let n = a + b;
    let mut losses: std::collections::BTreeMap<[u32; 2], u64> = std::collections::BTreeMap::new();
    for k in 0..6u32.pow(n) {
        let dice: Vec<u8> = (0..n).map(|j| (k / 6u32.pow(j) % 6) as u8 + 1).collect();
        *losses.entry(tanks::round(t, i, left, &dice)).or_insert(0) += 1;
    }
    for (l, ways) in losses {
        enumerate_tanks(
            t,
            i,
            [lost[0] + l[0], lost[1] + l[1]],
            [won[0] && l[1] > l[0], won[1] && l[0] > l[1]],
            round + 1,
            p * ways as f64 / 6f64.powi(n as i32),
            out,
        );
    }
}

#[test]
fn the_odds_of_a_tank_assault_are_every_die_of_every_round() {
    for (t, i) in [
        (
            Tanks {
                bases: 2,
                machine_guns: 1,
                at_assault: 3,
                modifier: 0,
            },
            Infantry {
                bases: 2,
                at_assault: Some(3),
                modifier: 0,
            },
        ),
        (
            Tanks {
                bases: 1,
                machine_guns: 2,
                at_assault: 2,
                modifier: -1,
            },
            Infantry {
                bases: 3,
                at_assault: Some(4),
                modifier: -1,
            },
        ),
        (
            Tanks {
                bases: 2,
                machine_guns: 1,
                at_assault: 4,
                modifier: 1,
            },
            Infantry {
                bases: 2,
                at_assault: None,
                modifier: 0,
            },
        ),
    ] {
        let odds = tank_assault_odds(&t, &i);
        let mut brute = std::collections::BTreeMap::new();
        enumerate_tanks(&t, &i, [0, 0], [true, true], 0, 1.0, &mut brute);
        assert_eq!(
            odds.keys().collect::<Vec<_>>(),
            brute.keys().collect::<Vec<_>>()
        );
        for (r, p) in &odds {
            assert!(
                (p - brute[r]).abs() < 1e-9,
                "{r:?}: {p} against {}",
                brute[r]
            );
        }
        assert!((odds.values().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}

#[test]
fn heavy_weapons_are_overrun_unless_their_infantry_destroys_or_drives_off_the_tanks() {
    // "If unsuccessful in destroying or immobilizing the assaulting vehicles during
    // the movement or fire phases, they are simply overrun and removed from play unless
    // they are accompanied by friendly infantry which is able to destroy or chase away
    // all enemy tanks."
    use drumfire_core::rules::wwii::personnel_assault::Result;
    assert!(
        heavy_weapons_survive(0, None),
        "the tanks were destroyed by fire"
    );
    assert!(!heavy_weapons_survive(2, None), "alone: overrun");
    let won = |ending| Result {
        lost: [1, 1],
        ending,
    };
    assert!(heavy_weapons_survive(2, Some(&won(Ending::Demoralized(0)))));
    assert!(heavy_weapons_survive(
        2,
        Some(&won(Ending::Eliminated {
            winner: 1,
            breakthrough: false
        }))
    ));
    assert!(!heavy_weapons_survive(
        2,
        Some(&won(Ending::Demoralized(1)))
    ));
    assert!(!heavy_weapons_survive(2, Some(&won(Ending::Tie))));
}

#[test]
fn an_armored_overrun_costs_a_quarter_of_the_tanks_movement() {
    // "It costs each participating tank one-quarter of its movement per three-round
    // assault conducted." W-D9: rounded up.
    assert_eq!([12, 8, 6, 5, 3, 1].map(overrun_cost), [3, 2, 2, 2, 1, 1]);
}

use drumfire_core::rules::wwii::contact::{
    Edge, Placed, edge_toward, hit_in_rear, in_contact, sides_in_contact,
};
use drumfire_core::scenario::FacingDef;

/// A unit in `hex` facing `facing`.
fn placed(hex: &str, facing: FacingDef) -> Placed {
    Placed {
        hex: drumfire_core::scenario::hex_of(hex).unwrap(),
        facing: facing.direction(),
    }
}

/// The hex beside `p` across its `f` hexside.
fn beside(p: Placed, f: FacingDef) -> hexx::Hex {
    p.hex.neighbor(f.direction())
}

#[test]
fn a_units_four_sides_on_its_six_hexsides() {
    // W-D10: the front is the hexside faced and the two beside it; a flank the hexside
    // behind each; the rear the hexside opposite.
    let u = placed("0505", FacingDef::North);
    let side = |f| edge_toward(u.hex, u.facing, beside(u, f));
    assert_eq!(
        FacingDef::ALL.map(side),
        [
            Some(Edge::Front),
            Some(Edge::Front),
            Some(Edge::Right),
            Some(Edge::Rear),
            Some(Edge::Left),
            Some(Edge::Front)
        ]
    );
    let far = drumfire_core::scenario::hex_of("0508").unwrap();
    assert_eq!(edge_toward(u.hex, u.facing, far), None);
    // Turned to face South-east, the same neighbours change sides.
    let v = placed("0505", FacingDef::SouthEast);
    assert_eq!(
        edge_toward(v.hex, v.facing, beside(v, FacingDef::NorthWest)),
        Some(Edge::Rear)
    );
    assert_eq!(
        edge_toward(v.hex, v.facing, beside(v, FacingDef::North)),
        Some(Edge::Left)
    );
}

#[test]
fn base_to_base_contact_rear_edges_and_two_sides_on_hexes() {
    // "Hit in rear - Front edges of enemy bases are in assault contact with the rear
    // edges of units" and "in assault contact on any two of their four sides".
    let u = placed("0505", FacingDef::North);
    let behind = beside(u, FacingDef::South);
    let facing_us = Placed {
        hex: behind,
        facing: FacingDef::North.direction(),
    };
    let facing_away = Placed {
        hex: behind,
        facing: FacingDef::South.direction(),
    };
    assert!(in_contact(u, facing_us));
    assert!(hit_in_rear(u, facing_us));
    assert!(
        !hit_in_rear(u, facing_away),
        "its rear edges, not its front"
    );
    let on_flank = Placed {
        hex: beside(u, FacingDef::SouthEast),
        facing: FacingDef::NorthWest.direction(),
    };
    assert!(!hit_in_rear(u, on_flank));
    // Example 1: enemy bases striking its front and left flank.
    let in_front = Placed {
        hex: beside(u, FacingDef::North),
        facing: FacingDef::South.direction(),
    };
    let on_left = Placed {
        hex: beside(u, FacingDef::SouthWest),
        facing: FacingDef::NorthEast.direction(),
    };
    assert_eq!(sides_in_contact(u, &[in_front, on_left]), 2);
    // Two enemies on its front count one side.
    let front_right = Placed {
        hex: beside(u, FacingDef::NorthEast),
        facing: FacingDef::SouthWest.direction(),
    };
    assert_eq!(sides_in_contact(u, &[in_front, front_right]), 1);
    let far = placed("0509", FacingDef::North);
    assert!(!in_contact(u, far));
    assert_eq!(sides_in_contact(u, &[far]), 0);
}

use drumfire_core::rules::wwii::mixed::{self, Engages, Engaging, Kind};

fn unit(id: &str, kind: Kind, at: Option<u8>, engages: Engages) -> Engaging {
    Engaging {
        id: id.into(),
        kind,
        at_assault: at,
        engages,
    }
}

#[test]
fn infantry_engages_one_unit_type_and_tanks_fire_machine_guns_or_guns_not_both() {
    // "Involved infantry units may only engage one unit type opposing them in an
    // assault. They may not for example, "split" off bases in order to engage a
    // separate tank base if they are already engaging infantry units." "Involved tank
    // bases must either use machine gun fire on opposing infantry or fire normally at
    // opposing tanks, not both."
    let enemy = [
        unit("e_inf", Kind::Infantry, Some(1), Engages::Personnel),
        unit("e_tank", Kind::Tank, None, Engages::Personnel),
    ];
    let rifles = unit("rifles", Kind::Infantry, Some(1), Engages::Personnel);
    assert_eq!(mixed::check(std::slice::from_ref(&rifles), &enemy), Ok(()));
    let split_off = unit(
        "rifles",
        Kind::Infantry,
        Some(1),
        Engages::Vehicle("e_tank".into()),
    );
    assert!(
        mixed::check(&[rifles, split_off], &enemy)
            .unwrap_err()
            .contains("engages one enemy unit type")
    );
    let gunner = unit(
        "sherman",
        Kind::Tank,
        None,
        Engages::Vehicle("e_tank".into()),
    );
    assert_eq!(mixed::check(std::slice::from_ref(&gunner), &enemy), Ok(()));
    let astray = unit(
        "sherman",
        Kind::Tank,
        None,
        Engages::Vehicle("e_inf".into()),
    );
    assert!(mixed::check(&[astray], &enemy).is_err());
}

#[test]
fn tanks_do_not_assault_tanks_and_heavy_weapons_sit_out_the_rounds() {
    // "Tanks do not "assault" other tanks." "Involved towed cannon, machine guns and
    // mortars will fire normally during the fire phase and then suffer the fate of
    // whatever unit they are with."
    let enemy = [
        unit("e_inf", Kind::Infantry, Some(1), Engages::Personnel),
        unit("e_tank", Kind::Tank, None, Engages::Personnel),
    ];
    let side = [
        unit("rifles", Kind::Infantry, Some(1), Engages::Personnel),
        unit(
            "bazookas",
            Kind::Infantry,
            Some(4),
            Engages::Vehicle("e_tank".into()),
        ),
        unit("mg", Kind::HeavyWeapon, None, Engages::Nothing),
        unit(
            "sherman",
            Kind::Tank,
            None,
            Engages::Vehicle("e_tank".into()),
        ),
    ];
    assert_eq!(mixed::check(&side, &enemy), Ok(()));
    let split = mixed::split([&side, &enemy]);
    assert_eq!(
        split.personnel,
        [vec!["rifles".to_owned()], vec!["e_inf".to_owned()]]
    );
    // The enemy tank is assaulted by the bazookas; the Sherman only fires its gun.
    assert_eq!(
        split.tank_assaults.get(&(1, "e_tank".to_owned())),
        Some(&vec!["bazookas".to_owned()])
    );
    assert!(!split.tank_assaults.contains_key(&(0, "sherman".to_owned())));
    assert_eq!(
        split.gun_fire[0],
        [("sherman".to_owned(), "e_tank".to_owned())]
    );
    assert_eq!(split.heavy_weapons[0], ["mg"]);
    assert!(
        split.machine_guns[1].is_empty(),
        "the enemy tank is assaulted"
    );
    // A heavy weapon may not join the rounds; cavalry may not take on a tank.
    let mg_in = unit("mg", Kind::HeavyWeapon, None, Engages::Personnel);
    assert!(mixed::check(&[mg_in], &enemy).is_err());
    let horse = unit(
        "horse",
        Kind::Cavalry,
        None,
        Engages::Vehicle("e_tank".into()),
    );
    assert!(
        mixed::check(&[horse], &enemy)
            .unwrap_err()
            .contains("cavalry may not assault tanks")
    );
    // Infantry with no anti-tank assault value cannot take on the tank.
    let cooks = unit(
        "cooks",
        Kind::Infantry,
        None,
        Engages::Vehicle("e_tank".into()),
    );
    assert!(mixed::check(&[cooks], &enemy).is_err());
    // A tank no infantry chose fires its machine guns at the personnel unopposed.
    let lone = [unit("e_tank", Kind::Tank, None, Engages::Personnel)];
    let split = mixed::split([&side[..1], &lone]);
    assert_eq!(split.machine_guns[1], ["e_tank"]);
}

use drumfire_core::rules::wwii::fire_chart::{
    FireCase, FireStatus, InAssault, fire_modifiers, gun_needs, may_not_fire, needs_at_range,
};
use drumfire_core::rules::wwii::morale::{self, State};

fn status(assault: InAssault) -> FireStatus {
    FireStatus {
        assault,
        vehicle: false,
        assault_weapons: false,
        host: false,
        original_bases: 4,
    }
}

#[test]
fn defenders_fire_in_their_fire_phase_and_normally_equipped_assaulters_do_not() {
    // "Defending personnel units involved in an assault may still employ small arms
    // fire during their respective fire phase. Normally equipped assaulting personnel
    // units may not fire during their fire phase, although nearby units and heavy
    // weapons from the attacking side may fire at the defending units if they are not
    // in direct contact with enemies".
    assert_eq!(may_not_fire(status(InAssault::Defending)), None);
    assert_eq!(may_not_fire(status(InAssault::No)), None);
    assert!(
        may_not_fire(status(InAssault::Assaulting))
            .unwrap()
            .contains("normally equipped")
    );
}

#[test]
fn assault_weapons_and_small_units_fire_while_assaulting_but_not_their_hosts() {
    // "Assaulting units or bases which are equipped with assault weapons may fire
    // during their respective fire phase, as may any units whose original strength was
    // three bases or less. They will however still suffer a fire modifier for having
    // moved" "This assault-fire ability does not extend to normally equipped "host"
    // personnel bases or units which have assault weapon bases attached to them."
    let smg = FireStatus {
        assault_weapons: true,
        ..status(InAssault::Assaulting)
    };
    assert_eq!(may_not_fire(smg), None);
    let small = FireStatus {
        original_bases: 3,
        ..status(InAssault::Assaulting)
    };
    assert_eq!(may_not_fire(small), None);
    let host = FireStatus {
        host: true,
        original_bases: 3,
        ..status(InAssault::Assaulting)
    };
    assert!(may_not_fire(host).unwrap().contains("attached"));
    let moved = FireCase {
        moved: true,
        ..FireCase::default()
    };
    assert_eq!(fire_modifiers(moved), [(-1, "the firer moved")]);
    // W-D13: 5-6 up to half the range, 6 beyond; moving costs a face.
    assert_eq!(needs_at_range(1, 4, 0), Some(5));
    assert_eq!(needs_at_range(3, 4, 0), Some(6));
    assert_eq!(needs_at_range(1, 4, -1), Some(6));
    assert_eq!(needs_at_range(3, 4, -1), None);
    // Within half range a 6 always kills: full cover and a moving firer leave a 6.
    assert_eq!(needs_at_range(2, 4, -3), Some(6));
    assert_eq!(needs_at_range(5, 4, 0), None, "out of range");
    // W-D12: full cover is worse than solid cover, not both.
    let dug_in = FireCase {
        target_in_cover: true,
        target_in_full_cover: true,
        target_prone: true,
        ..FireCase::default()
    };
    assert_eq!(
        fire_modifiers(dug_in),
        [
            (-2, "the target is in full cover"),
            (-1, "the target is prone")
        ]
    );
}

#[test]
fn tanks_fire_in_their_fire_phase_assaulting_or_defending() {
    // "Tank bases (both assaulting and defending) may also fire during their
    // respective fire phase, resulting in their being able to fire machine guns twice
    // during a turn."
    for assault in [InAssault::Assaulting, InAssault::Defending] {
        let tank = FireStatus {
            vehicle: true,
            ..status(assault)
        };
        assert_eq!(may_not_fire(tank), None);
    }
    // W-D14: a gun that matches the armor kills on 5-6.
    assert_eq!(
        [
            gun_needs(3, 3, 0),
            gun_needs(4, 3, 0),
            gun_needs(2, 4, 0),
            gun_needs(6, 2, 0)
        ],
        [Some(5), Some(4), None, Some(2)]
    );
}

#[test]
fn the_overall_loser_checks_morale_on_two_dice_against_its_training() {
    // "the overall loser of the assault ... becomes demoralized and must check
    // morale." W-D15: two dice against 9, 8 or 7; failing by 1-2 pinned, 3-4
    // withdrawn, more routed; never better than it was.
    use drumfire_core::rules::wwii::modifiers::Training;
    assert_eq!(
        [Training::Outstanding, Training::Great, Training::Regular].map(morale::morale),
        [9, 8, 7]
    );
    assert_eq!(
        [7, 8, 9, 10, 11, 12].map(|t| morale::check(t, 7, State::Good)),
        [
            State::Good,
            State::Pinned,
            State::Pinned,
            State::Withdrawn,
            State::Withdrawn,
            State::Routed
        ]
    );
    assert_eq!(morale::check(5, 7, State::Withdrawn), State::Withdrawn);
    assert!(State::Withdrawn.pinned_or_worse() && !State::Good.pinned_or_worse());
    assert_eq!(
        morale::check_modifiers(true, State::Pinned, true),
        [
            (1, "below half its bases"),
            (1, "already pinned or worse"),
            (-1, "in solid cover or better")
        ]
    );
    // Regular morale 7, no modifier: 21 of 36 pass, 2d6 of 8 or 9 (9) pinned, 10 or 11
    // (5) withdrawn, 12 (1) routed.
    assert_eq!(
        morale::check_odds(7, 0, State::Good),
        [
            (State::Good, 21),
            (State::Pinned, 9),
            (State::Withdrawn, 5),
            (State::Routed, 1)
        ]
    );
}

#[test]
fn a_voluntary_rout_breaks_contact_on_a_passed_morale_check() {
    // "Unless one side successfully orders a voluntary rout, neither participant may
    // break contact until the assault is resolved." W-D16.
    assert!(morale::voluntary_rout(7, 7));
    assert!(!morale::voluntary_rout(8, 7));
}

#[test]
fn the_unit_types_and_their_figures() {
    // W-D17: our unit types. Each kind the assault rules sort by, the values they read.
    use drumfire_core::rules::wwii::units::{data, figures_of};
    let kinds: Vec<(String, Kind)> = data()
        .units
        .keys()
        .map(|id| (id.clone(), figures_of(id).unwrap().kind))
        .collect();
    let of = |id: &str| kinds.iter().find(|k| k.0 == id).unwrap().1;
    assert_eq!(of("rifle_platoon"), Kind::Infantry);
    assert_eq!(of("engineer_platoon"), Kind::Infantry);
    assert_eq!(of("cavalry_troop"), Kind::Cavalry);
    for heavy in ["mg_section", "mortar_section", "at_gun"] {
        assert_eq!(of(heavy), Kind::HeavyWeapon, "{heavy}");
    }
    for tank in ["light_tank", "medium_tank", "heavy_tank"] {
        assert_eq!(of(tank), Kind::Tank, "{tank}");
    }
    assert_eq!(of("armored_car"), Kind::ArmoredCar);
    let sherman = figures_of("medium_tank").unwrap();
    assert_eq!(
        (
            sherman.fire_points,
            sherman.at_assault,
            sherman.gun,
            sherman.movement
        ),
        (2, Some(3), Some((4, 12)), 7)
    );
    let engineers = figures_of("engineer_platoon").unwrap();
    assert!(engineers.assault_weapons && engineers.flamethrowers);
    assert_eq!(engineers.at_assault, Some(3));
    // Horse and heavy weapons have no anti-tank assault value: they cannot take on tanks.
    assert_eq!(figures_of("cavalry_troop").unwrap().at_assault, None);
    assert_eq!(figures_of("mg_section").unwrap().at_assault, None);
    // The anti-tank team against a medium tank: a weapon differential of +1.
    assert_eq!(
        weapon_differential(
            figures_of("at_team").unwrap().at_assault.unwrap(),
            sherman.at_assault.unwrap()
        ),
        1
    );
    assert!(data().terrain.contains_key("bunker"));
}

#[test]
fn the_odds_panel_of_an_assault_shows_every_modifier_ending_and_loss() {
    use drumfire_core::rules::wwii::personnel_assault::odds_of;
    let odds = odds_of(
        ["1st Platoon", "Bunker Group"],
        [6, 6],
        [
            vec![(1, "great training".to_owned())],
            vec![
                (1, "in solid cover or better".to_owned()),
                (-1, "prone".to_owned()),
            ],
        ],
        Meeting::Personnel,
    );
    assert_eq!(odds.check(), Ok(()));
    assert_eq!(odds.title, "Assault: 1st Platoon against Bunker Group");
    assert_eq!(
        odds.modifiers
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        [
            "+1 1st Platoon's roll: great training",
            "+1 Bunker Group's roll: in solid cover or better",
            "-1 Bunker Group's roll: prone"
        ]
    );
    // The modifiers sum to +1 against 0: the same odds as the bare rounds at +1.
    let bare = assault_odds([side(6, 1), side(6, 0)], Meeting::Personnel);
    let tie = odds
        .outcomes
        .iter()
        .find(|o| o.label.starts_with("a tie"))
        .unwrap();
    assert_eq!(tie.chance.ways, bare.ways(|r| r.ending == Ending::Tie));
    assert_eq!(tie.chance.of, 46_656);
    assert_eq!(odds.more.len(), 2);
    assert_eq!(odds.more[1].heading, "Bases lost by Bunker Group");
}

#[test]
fn tanks_combine_movement_and_overruns_while_their_morale_is_sound() {
    // "So long as their morale remains sound, tank units may conduct any combination of
    // movement and assaults until their movement allowance is expended. Also, tanks may
    // continue their move after an assault round even if their enemy is not destroyed
    // or broken. They may simply drive through and keep going."
    use drumfire_core::rules::wwii::tanks::TankMove;
    let mut m = TankMove::new(7);
    m.step(1).unwrap();
    m.step(2).unwrap();
    m.overrun(State::Good).unwrap();
    assert_eq!(m.left(), 2, "7 less 3 hexes less an overrun of 2");
    // After the overrun it drives on.
    m.step(1).unwrap();
    assert!(m.overrun(State::Good).unwrap_err().contains("1 is left"));
    m.step(1).unwrap();
    assert!(m.step(1).is_err(), "the allowance is spent");
    // Pinned or worse, no overrun.
    let mut shaken = TankMove::new(8);
    assert!(
        shaken
            .overrun(State::Pinned)
            .unwrap_err()
            .contains("morale must be sound")
    );
    // Two overruns in a move, at a quarter each.
    let mut twice = TankMove::new(8);
    twice.overrun(State::Good).unwrap();
    twice.overrun(State::Good).unwrap();
    assert_eq!(twice.left(), 4);
}

#[test]
fn a_breakthrough_occupies_uncontested_ground_within_one_assault_movement() {
    // "If a side wins all three assault rounds and eliminates all assault opposition,
    // they breakthrough and may occupy any uncontested territory within one assault
    // movement." W-D18: half the movement rounded up, through hexes no enemy holds or
    // touches.
    use drumfire_core::rules::wwii::followup::{assault_movement, breakthrough_hexes, uncontested};
    assert_eq!([4, 3, 8, 1].map(assault_movement), [2, 2, 4, 1]);
    let from = hexx::Hex::ZERO;
    let enemy = hexx::Hex::new(3, 0);
    assert!(!uncontested(hexx::Hex::new(2, 0), &[enemy]));
    assert!(uncontested(hexx::Hex::new(1, 0), &[enemy]));
    let open = breakthrough_hexes(from, 2, &[], |_| Some(1));
    assert_eq!(open.len(), 18, "the two rings around it");
    let near_enemy = breakthrough_hexes(from, 2, &[enemy], |_| Some(1));
    assert!(!near_enemy.contains(&(2, 0)) && !near_enemy.contains(&(3, 0)));
    assert!(near_enemy.contains(&(1, 0)));
    // Impassable ground is not entered, nor passed through.
    let walled = breakthrough_hexes(from, 2, &[], |h| (h.x != 1).then_some(1));
    assert!(!walled.contains(&(1, 0)) && !walled.contains(&(2, 0)));
    // One assault movement is counted in movement points: two movement points reach
    // one ring of wood (2 each), not two.
    let wood = breakthrough_hexes(from, 2, &[], |_| Some(2));
    assert_eq!(wood.len(), 6, "one ring of wood");
}

#[test]
fn cavalry_that_wins_dismounts_in_place_or_moves_on() {
    // "If the cavalry wins the assault, they have the option of either dismounting in
    // place or using their remaining movement to reposition themselves."
    use drumfire_core::rules::wwii::followup::{CavalryAfterWin, cavalry_after_win};
    assert_eq!(
        cavalry_after_win(3),
        [CavalryAfterWin::Dismount, CavalryAfterWin::Reposition(3)]
    );
    assert_eq!(cavalry_after_win(0), [CavalryAfterWin::Dismount]);
}

#[test]
fn personnel_in_contact_are_locked_in_place() {
    // "Once contacted during either of the movement phases, opposing personnel units
    // (both attacking and defending) are locked in place."
    use drumfire_core::rules::wwii::contact::locked_in_place;
    let u = placed("0505", FacingDef::North);
    let next = Placed {
        hex: beside(u, FacingDef::NorthEast),
        facing: FacingDef::SouthWest.direction(),
    };
    let far = placed("0509", FacingDef::North);
    assert!(locked_in_place(u, true, &[(next, true)]));
    assert!(!locked_in_place(u, true, &[(far, true)]));
    // A tank beside it does not lock it, nor is a tank locked.
    assert!(!locked_in_place(u, true, &[(next, false)]));
    assert!(!locked_in_place(u, false, &[(next, true)]));
}

#[test]
fn tanks_cannot_assault_bunkers_pillboxes_or_other_tanks() {
    // "Bunkers and pillboxes are not units but they do prevent units occupying them
    // from being assaulted by tanks, which cannot assault bunkers, pillboxes or other
    // tanks."
    use drumfire_core::rules::wwii::tanks::tanks_may_not_assault;
    assert_eq!(tanks_may_not_assault(Kind::Infantry, false), None);
    assert!(tanks_may_not_assault(Kind::Infantry, true).is_some());
    assert!(tanks_may_not_assault(Kind::Tank, false).is_some());
    assert!(tanks_may_not_assault(Kind::ArmoredCar, false).is_some());
    assert_eq!(tanks_may_not_assault(Kind::HeavyWeapon, false), None);
}

#[test]
fn the_exact_odds_in_the_rules_doc_are_the_codes() {
    // docs/rules/wwii.md "Exact odds": every chance there, computed by the rules' own
    // odds functions (`odds_tables.rs`).
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/rules/wwii.md"
    ))
    .unwrap();
    let begin = "<!-- odds:begin -->\n";
    let start = doc.find(begin).expect("the odds markers") + begin.len();
    let end = doc.find("<!-- odds:end -->").unwrap();
    let coded = drumfire_core::rules::wwii::odds_tables::markdown();
    assert_eq!(doc[start..end].trim(), coded.trim(), "\n{coded}");
}
