//! Morale, which the seed calls for ("becomes demoralized and must check morale",
//! "pinned or worse (withdrawn, routed, etc.)", "a voluntary rout") but does not give:
//! ours, a roll of two dice against the unit's morale, failing by more the worse.

use super::modifiers::Training;

/// A unit's state of morale, from good to worst ("pinned or worse").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum State {
    /// Good order.
    #[default]
    Good,
    /// Pinned: it may not move or assault this turn.
    Pinned,
    /// Withdrawn: it falls back and may not assault.
    Withdrawn,
    /// Routed: it runs.
    Routed,
}

impl State {
    /// "Pinned or worse".
    pub fn pinned_or_worse(self) -> bool {
        self >= State::Pinned
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            State::Good => "in good order",
            State::Pinned => "pinned",
            State::Withdrawn => "withdrawn",
            State::Routed => "routed",
        }
    }
}

/// A unit's morale: the most two dice may total for it to pass.
/// Ours — W-D15 in docs/rules/wwii.md: morale by training (outstanding 9, great 8,
/// regular 7) on two dice; a unit passes when they total its morale or less.
pub fn morale(training: Training) -> u8 {
    match training {
        Training::Outstanding => 9,
        Training::Great => 8,
        Training::Regular => 7,
    }
}

/// What a morale check does to a unit, by what the dice (with modifiers) total against
/// its morale: passed, nothing; failed by 1 or 2, pinned; by 3 or 4, withdrawn; by
/// more, routed. A worse state never gives way to a better one.
/// Ours — W-D15 in docs/rules/wwii.md.
pub fn check(total: i32, morale: u8, now: State) -> State {
    let by = total - i32::from(morale);
    let result = match by {
        ..=0 => State::Good,
        1..=2 => State::Pinned,
        3..=4 => State::Withdrawn,
        _ => State::Routed,
    };
    result.max(now)
}

/// The modifiers to a morale roll (added to the dice: more is worse), with causes.
/// Ours — W-D15 in docs/rules/wwii.md: +1 below half its bases, +1 already pinned or
/// worse, −1 in solid cover or better.
pub fn check_modifiers(below_half: bool, now: State, in_cover: bool) -> Vec<(i32, &'static str)> {
    let mut out = Vec::new();
    if below_half {
        out.push((1, "below half its bases"));
    }
    if now.pinned_or_worse() {
        out.push((1, "already pinned or worse"));
    }
    if in_cover {
        out.push((-1, "in solid cover or better"));
    }
    out
}

/// The ways out of 36 that a check with this `modifier` leaves a unit in each state.
pub fn check_odds(morale: u8, modifier: i32, now: State) -> Vec<(State, u64)> {
    let mut out: Vec<(State, u64)> = Vec::new();
    for a in 1..=6 {
        for b in 1..=6 {
            let s = check(a + b + modifier, morale, now);
            match out.iter_mut().find(|(k, _)| *k == s) {
                Some(slot) => slot.1 += 1,
                None => out.push((s, 1)),
            }
        }
    }
    out.sort();
    out
}

/// A voluntary rout: a unit locked in an assault tries to break contact ("Unless one
/// side successfully orders a voluntary rout, neither participant may break contact
/// until the assault is resolved"). Passing its morale check it routs away; failing,
/// it stays locked in the assault.
/// Ours — W-D16 in docs/rules/wwii.md: ordering a voluntary rout is a morale check.
pub fn voluntary_rout(total: i32, morale: u8) -> bool {
    total <= i32::from(morale)
}
