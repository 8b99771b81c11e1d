//! The seed's factor lists and result table (rules 10 to 13): hand to hand, firefight,
//! inside and skirmish factors, the totals rolled, the casualties.

use super::*;

/// An ordinary brigade: all grades B, in line, four battalions, fresh.
fn brigade() -> Fighter {
    Fighter {
        arm: Arm::Infantry,
        grades: Grades::default(),
        formation: Formation::Line,
        casualties: 0,
        strength: 4,
        disordered: false,
        shaken: false,
    }
}

/// The worst and the best of everything, against an ordinary enemy in column.
fn every_modifier() -> (Fighter, Fighter, Fighter) {
    let best = Fighter {
        grades: Grades {
            class: Grade::A,
            skirmish: Grade::A,
            fire: Grade::A,
        },
        ..brigade()
    };
    let worst = Fighter {
        arm: Arm::Infantry,
        grades: Grades {
            class: Grade::C,
            skirmish: Grade::C,
            fire: Grade::C,
        },
        formation: Formation::Square,
        casualties: 2,
        strength: 2,
        disordered: true,
        shaken: true,
    };
    let column = Fighter {
        formation: Formation::AttackColumn,
        ..brigade()
    };
    (best, worst, column)
}

#[test]
fn hand_to_hand_factors_are_the_seeds_list() {
    let (best, worst, column) = every_modifier();
    assert_eq!(
        causes(&factors(Contest::HandToHand, &best, &column)),
        [
            (2, "Line v Column"),
            (1, "Class A"),
            (1, "Better Skirmishers"),
            (1, "Better Firepower"),
        ]
    );
    assert_eq!(
        causes(&factors(Contest::HandToHand, &worst, &brigade())),
        [
            (-2, "Outnumbered 2 to 1"),
            (-2, "Each casualty (2 casualties)"),
            (-1, "Class C"),
            (-1, "Disordered"),
            (-2, "Shaken"),
        ]
    );
    // Column against line gains nothing; line against line nothing either.
    assert_eq!(factors(Contest::HandToHand, &column, &brigade()), []);
    assert_eq!(factors(Contest::HandToHand, &brigade(), &brigade()), []);
    // March column is a column too.
    let march = Fighter {
        formation: Formation::MarchColumn,
        ..brigade()
    };
    assert_eq!(
        causes(&factors(Contest::HandToHand, &brigade(), &march)),
        [(2, "Line v Column")]
    );
}

#[test]
fn firefight_factors_are_the_seeds_list_and_a_square_counts_once() {
    let (best, worst, column) = every_modifier();
    assert_eq!(
        causes(&factors(Contest::Firefight, &best, &column)),
        [
            (1, "Fire A"),
            (1, "Better Skirmishers"),
            (2, "Line v Column")
        ]
    );
    // Class A does not count in a firefight.
    assert!(!causes(&factors(Contest::Firefight, &best, &column)).contains(&(1, "Class A")));
    assert_eq!(
        causes(&factors(Contest::Firefight, &worst, &brigade())),
        [
            (-2, "Outnumbered 2 to 1"),
            (-2, "Square"),
            (-1, "Fire C"),
            (-2, "Each casualty (2 casualties)"),
            (-1, "Disordered"),
            (-2, "Shaken"),
        ]
    );
    let square = Fighter {
        formation: Formation::Square,
        ..brigade()
    };
    assert_eq!(
        combat::total(&factors(Contest::Firefight, &square, &brigade())),
        -2
    );
}

#[test]
fn inside_factors_are_the_seeds_list() {
    let (best, worst, column) = every_modifier();
    // Formation, firepower and numbers do not count inside.
    assert_eq!(
        causes(&factors(Contest::Inside, &best, &column)),
        [(1, "Class A"), (1, "Skirmish A")]
    );
    assert_eq!(
        causes(&factors(Contest::Inside, &worst, &brigade())),
        [
            (-1, "Class C"),
            (-1, "Skirmish C"),
            (-2, "Each casualty (2 casualties)"),
            (-1, "Disordered"),
            (-2, "Shaken"),
        ]
    );
}

#[test]
fn the_side_with_the_higher_total_rolls_and_adds_the_difference() {
    let (best, _, column) = every_modifier();
    // Attacker +5 against 0: the attacker rolls, +5.
    let p = plan(Contest::HandToHand, &best, &column);
    assert_eq!((p.attacker_wins, p.difference), (true, 5));
    // The defender +5: the defender is the winner who rolls.
    let p = plan(Contest::HandToHand, &column, &best);
    assert_eq!((p.attacker_wins, p.difference), (false, 5));
    // A tie: the side that started it rolls, +0 (N-6).
    let p = plan(Contest::Firefight, &brigade(), &brigade());
    assert_eq!((p.attacker_wins, p.difference), (true, 0));
    assert_eq!(row_ways(0).iter().sum::<u32>(), 36);
}

#[test]
fn the_result_table_rows_and_their_casualties() {
    let rows: Vec<(i32, Row, (u8, u8))> = (0..=16)
        .map(|t| (t, Row::of(t), Row::of(t).casualties()))
        .collect();
    for (total, row, casualties) in rows {
        let want = match total {
            ..=3 => (Row::WinnerRouts, (3, 1)),
            4 | 5 => (Row::WinnerRetires, (2, 1)),
            6 | 7 => (Row::Draw, (1, 1)),
            8 | 9 => (Row::LoserRetires, (1, 2)),
            _ => (Row::LoserRouts, (1, 3)),
        };
        assert_eq!((row, casualties), want, "total {total}");
    }
    // Exactly: a difference of 0 gives 3, 7, 11, 9 and 6 rolls in 36 to the rows;
    // +3 gives 0, 1, 5, 9, 21.
    assert_eq!(row_ways(0), [3, 7, 11, 9, 6]);
    assert_eq!(row_ways(3), [0, 1, 5, 9, 21]);
    assert_eq!(row_ways(8), [0, 0, 0, 0, 36]);
}

#[test]
fn the_winner_on_factors_can_still_lose_the_combat() {
    // +1 on factors: the winner still routs on a 2 (1 roll in 36: total 3) and retires
    // Shaken on 3 or 4 (2 + 3 = 5 rolls).
    assert_eq!(row_ways(1)[0], 1);
    assert_eq!(row_ways(1)[1], 5);
    let odds = combat::odds(
        &plan(Contest::HandToHand, &brigade(), &brigade()),
        "1st Brigade",
        "2nd Brigade",
    );
    assert_eq!(odds.check(), Ok(()));
    assert_eq!(odds.outcomes[0].chance.to_string(), "3/36");
    assert_eq!(
        odds.basis,
        [
            "Combat factors: 1st Brigade +0, 2nd Brigade +0",
            "1st Brigade rolls 2d6 +0 (the difference)",
        ]
    );
    // Casualties to the winner: 1 on 6+ (26 rolls), 2 on 4–5 (7), 3 on 2–3 (3).
    let winner: Vec<String> = odds.more[0]
        .outcomes
        .iter()
        .map(|o| format!("{} {}", o.label, o.chance))
        .collect();
    assert_eq!(winner, ["1 26/36", "2 7/36", "3 3/36"]);
}

#[test]
fn a_skirmisher_kills_on_six_after_its_modifiers() {
    assert_eq!(KILL, 6);
    // Skirmish B (+2): 4, 5 or 6 kill.
    assert_eq!(kill_faces(2), 3);
    // Skirmish A (+3) and nothing else: 3 or more.
    assert_eq!(kill_faces(3), 4);
    // Nothing to add: only a 6.
    assert_eq!(kill_faces(0), 1);
    // Far down: never.
    assert_eq!(kill_faces(-1), 0);
    // Far up: always.
    assert_eq!(kill_faces(5), 6);
    let a = skirmish_factors(&brigade(), &brigade(), no_cover());
    let odds = combat::skirmish_odds("1st", &a, "2nd", Some(&a));
    assert_eq!(odds.check(), Ok(()));
    let shown: Vec<String> = odds
        .outcomes
        .iter()
        .map(|o| format!("{} {}", o.label, o.chance))
        .collect();
    assert_eq!(
        shown,
        [
            "Both kill 9/36",
            "Only 1st kills 9/36",
            "Only 2nd kills 9/36",
            "Neither kills 9/36"
        ]
    );
    assert_eq!(
        odds.basis[1],
        "1st kills on 4 or more; 2nd kills on 4 or more"
    );
}

fn no_cover() -> SkirmishSituation {
    SkirmishSituation {
        enemy_artillery: false,
        enemy_in_cover: false,
    }
}

#[test]
fn skirmish_modifiers_are_the_seeds_list() {
    let (best, worst, _) = every_modifier();
    assert_eq!(
        causes(&skirmish_factors(&best, &brigade(), no_cover())),
        [(3, "Skirmish A")]
    );
    assert_eq!(
        causes(&skirmish_factors(&brigade(), &brigade(), no_cover())),
        [(2, "Skirmish B")]
    );
    let at = SkirmishSituation {
        enemy_artillery: true,
        enemy_in_cover: true,
    };
    assert_eq!(
        causes(&skirmish_factors(&worst, &brigade(), at)),
        [
            (1, "Skirmish C"),
            (-2, "Shaken"),
            (-1, "Disordered"),
            (-2, "Each casualty"),
            (-1, "Infantry in square"),
            (-1, "Outnumbered 2 to 1"),
            (-1, "Enemy deployed artillery"),
            (-1, "Enemy in BUA or wood"),
        ]
    );
    // Outnumbered 2 to 1 counts battalions standing: 2 against 4 is, 3 against 5 is not.
    let three = Fighter {
        strength: 3,
        ..brigade()
    };
    let five = Fighter {
        strength: 5,
        ..brigade()
    };
    assert!(!three.outnumbered_by(&five));
    let two = Fighter {
        strength: 2,
        ..brigade()
    };
    assert!(two.outnumbered_by(&brigade()));
}
