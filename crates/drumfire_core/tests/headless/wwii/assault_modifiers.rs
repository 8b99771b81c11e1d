//! Assault modifiers (5.5): half or more of the bases, hit on two sides, the cavalry
//! bonus, and the modifiers read off the map.

use super::*;

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

#[test]
fn the_assault_modifiers_on_the_map_read_contact_cover_facing_and_morale() {
    // WW-34..WW-41 on the map: hit in rear, cover, pinned.
    let terrain = [
        "........", "....w...", "........", "........", "........", "........",
    ];
    let mut g = field(
        &terrain,
        &[
            ("behind", 0, "rifle_platoon", "0501", "South", 3),
            ("red", 1, "rifle_platoon", "0502", "South", 3),
        ],
        1,
    );
    drumfire_core::rules::wwii::effects::set_morale(g.world_mut(), "behind", State::Pinned);
    let group = &wwii::assault_phase::groups(g.world())[0];
    let setup = wwii::assault_phase::personnel_setup(g.world(), group).unwrap();
    assert_eq!(setup.modifiers[0], [(-1, "pinned or worse".to_owned())]);
    assert_eq!(
        setup.modifiers[1],
        [
            (-2, "hit in rear".to_owned()),
            (1, "in solid cover or better".to_owned())
        ]
    );
    // The odds panel of this assault: every result over 36^3 rolls.
    let odds = wwii::personnel_assault::odds_of(
        ["behind", "red"],
        [3, 3],
        setup.modifiers.clone(),
        setup.meeting,
    );
    assert!(odds.check().is_ok());
    assert_eq!(odds.modifiers.len(), 3);
}
