//! Lines on hexes: a unit stands in one hex, facing a hexside, its stands numbered
//! from its left to its right along that front. What it may shoot at (its arc), and
//! which stand of a target is "the stand left" of the nominated one as the firer sees
//! it.

use hexx::{DirectionWay, EdgeDirection, Hex};

/// Is `to` in the arc of a unit in `from` facing `facing`: the 60-degree wedge it
/// faces, its edges included?
/// Ours — A-11 in docs/rules/acw.md: the arc.
pub fn in_arc(from: Hex, facing: EdgeDirection, to: Hex) -> bool {
    if from == to {
        return false;
    }
    match from.way_to(to) {
        DirectionWay::Single(d) => d == facing,
        DirectionWay::Tie(pair) => pair.contains(&facing),
    }
}

/// Does the firer in `firer` see the target's front (rather than its back)? True when
/// the firer lies in the half of the hexes around the target that its front faces.
fn sees_front(target: Hex, facing: EdgeDirection, firer: Hex) -> bool {
    let front = [facing, facing.clockwise(), facing.counter_clockwise()];
    match target.way_to(firer) {
        DirectionWay::Single(d) => front.contains(&d),
        DirectionWay::Tie(pair) => pair.iter().any(|d| front.contains(d)),
    }
}

/// The stand a gun's second hit takes, from the stands still standing (their places,
/// left to right as the target faces) and the nominated one: "the stand left" of it
/// as the firer sees it on 1-3, the right-hand one on 4-6. Seen from in front, the
/// firer's left is the target's right; seen from behind, its left. At the end of the
/// line the stand on the other side is taken; a unit with one stand standing loses no
/// second.
/// Ours — A-12 in docs/rules/acw.md: left and right as the firer sees them.
pub fn second_stand(
    standing: &[usize],
    nominated: usize,
    firers_left: bool,
    target: Hex,
    facing: EdgeDirection,
    firer: Hex,
) -> Option<usize> {
    let at = standing.iter().position(|s| *s == nominated)?;
    // Toward the target's own right (a higher place) or its left.
    let to_targets_right = firers_left == sees_front(target, facing, firer);
    let (this_side, other_side) = if to_targets_right {
        (standing.get(at + 1), at.checked_sub(1).map(|i| standing[i]))
    } else {
        (
            at.checked_sub(1).map(|i| &standing[i]),
            standing.get(at + 1).copied(),
        )
    };
    this_side.copied().or(other_side)
}

/// Where a charge strikes a line: its front, a flank or its rear.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Struck {
    /// The front: the hexside the line faces, or either hexside beside it.
    #[default]
    Front,
    /// A flank: either of the two hexsides beside the one behind it.
    Flank,
    /// The rear: the hexside behind it, opposite the one it faces.
    Rear,
}

/// Where a charger in `charger`, next to a line in `defender` facing `facing`, strikes
/// it: the three hexsides of the front half (the one faced and the two beside it, as
/// [`second_stand`] sees a front) are its front, the hexside opposite the one faced its
/// rear, the two between its flanks. A charger not next to it strikes its front.
/// Ours — A-33 in docs/rules/acw.md: a charge into a flank or the rear.
pub fn struck(defender: Hex, facing: EdgeDirection, charger: Hex) -> Struck {
    let Some(from) = defender.neighbor_direction(charger) else {
        return Struck::Front;
    };
    if from == facing.const_neg() {
        Struck::Rear
    } else if from == facing.clockwise().clockwise()
        || from == facing.counter_clockwise().counter_clockwise()
    {
        Struck::Flank
    } else {
        Struck::Front
    }
}
