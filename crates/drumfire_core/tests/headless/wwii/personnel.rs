//! Personnel against personnel (5.2): the rounds of an assault, how it ends, the
//! overall loser's morale, cavalry's rounds and what it may not assault.

use super::*;

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
