//! The dominoes of hand-to-hand combat: a real double-six set of 28, shuffled by the
//! game's one dice source and drawn blind without replacement; each domino behind a
//! unit's line stands against two stands, a half each ("One half of a dominoe must be
//! aligned against a stand"), and with an odd number of stands one domino is turned
//! sideways to stand behind the last stand alone ("For odd numbers turn a dominoe
//! sideways"). A hit from fire during the charge takes a spot off the half behind the
//! stand it struck; a blank half fights with a die.

use serde::{Deserialize, Serialize};

/// One domino: its two halves, 0 (blank) to 6 spots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Domino(pub u8, pub u8);

impl Domino {
    /// The domino with its halves the other way round.
    pub fn turned(self) -> Domino {
        Domino(self.1, self.0)
    }

    /// "6|3"; "face down" for a domino of a set dealt between two machines, not yet
    /// read ([`Domino::face_down`]).
    pub fn label(self) -> String {
        if self.face_down_place().is_some() {
            return "face down".into();
        }
        format!("{}|{}", self.0, self.1)
    }

    /// A domino of a set dealt between two machines (`super::deal`) while its face
    /// is unknown to the rules: it stands for the domino at `place` in the locked
    /// set, lying as drawn. Its halves are no spots: it is read before any fight.
    pub fn face_down(place: usize) -> Domino {
        Domino(FACE_DOWN, place as u8)
    }

    /// The place in the locked set of a domino dealt face down, and whether it has
    /// been turned round since: `None` for a domino whose face is known.
    pub fn face_down_place(self) -> Option<(usize, bool)> {
        match self {
            Domino(FACE_DOWN, place) => Some((usize::from(place), false)),
            Domino(place, FACE_DOWN) => Some((usize::from(place), true)),
            _ => None,
        }
    }
}

/// The half that marks a domino dealt face down ([`Domino::face_down`]): no half of a
/// double-six set has so many spots.
const FACE_DOWN: u8 = u8::MAX;

/// The 28 dominoes of a double-six set, in order: 0|0, 0|1, ... 6|6.
pub fn double_six() -> Vec<Domino> {
    let mut set = Vec::with_capacity(28);
    for a in 0..=6 {
        for b in a..=6 {
            set.push(Domino(a, b));
        }
    }
    set
}

/// How many dominoes a line of `stands` stands needs: one for each two stands, and
/// one turned sideways for an odd stand ("a full strength unit will have five
/// dominoes behind it": ten stands, or nine).
pub fn needed(stands: usize) -> usize {
    stands.div_ceil(2)
}

/// The domino behind each stand of a line, and which of its halves faces that stand:
/// stands 0 and 1 share the first domino (its first half, then its second), 2 and 3
/// the second, and so on; an odd last stand has the last domino turned sideways,
/// facing it with its first half.
/// Ours — A-3 in docs/rules/acw.md: a sideways domino fights with the half drawn
/// toward the stand (its first half as it lies).
pub fn behind(stand: usize) -> (usize, bool) {
    (stand / 2, stand.is_multiple_of(2))
}

/// A domino's score for the stand it stands behind: the half facing the stand, less a
/// spot for each hit the stand took from fire during the charge ("A hit reduces the
/// number of spots on the dominoe face by one in combat"); `None` when the half is
/// blank, and the stand fights with a die ("If there is a blank face roll 1 d6").
/// Ours — A-4 in docs/rules/acw.md: a half already blank stays blank (a die) however
/// many hits; a hit that takes a half to nothing leaves it at 0, not blank.
/// Ours — A-5 in docs/rules/acw.md: the seed's "Shooting casualty when charging home
/// -1" is this spot taken off, counted once.
pub fn half_score(domino: Domino, first_half: bool, hits: u8) -> Option<u8> {
    let half = if first_half { domino.0 } else { domino.1 };
    if half == 0 {
        return None;
    }
    Some(half.saturating_sub(hits))
}

/// A shuffle of the set, by Fisher-Yates, each domino then lying one way or the other
/// (which half comes first, as it is drawn): `below(n)` draws uniformly from 0..n (the
/// game's dice source answers it). Returns the set in the order it will be drawn.
/// Ours — A-10 in docs/rules/acw.md: which way round a domino lies is drawn too.
pub fn shuffled(mut below: impl FnMut(u32) -> u32) -> Vec<Domino> {
    let mut set = double_six();
    for i in (1..set.len()).rev() {
        let j = below(i as u32 + 1) as usize;
        set.swap(i, j);
    }
    for d in &mut set {
        if below(2) == 1 {
            *d = d.turned();
        }
    }
    set
}
