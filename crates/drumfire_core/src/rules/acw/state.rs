//! The ACW rules' orders and what they remember between orders.

use super::chit::Chit;
use super::commander::Rating;
use super::melee::Army;
use crate::scenario::FacingDef;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// An ACW order. Units are named by scenario id and hexes by their printed numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AcwOrder {
    /// A side's order chits for the turn, one behind each of its units ("place an
    /// order chit behind each unit"): its secret, each chit shown only when it is
    /// turned over.
    Chits {
        /// The side.
        side: u8,
        /// Each unit's chit.
        chits: Vec<(String, Chit)>,
    },
    /// The side with the initiative "can decide to move first or second".
    Choose {
        /// The side with the initiative.
        side: u8,
        /// It moves first.
        first: bool,
    },
    /// In the Movement phase a unit's chit is turned over ("reveal orders or move"),
    /// and on a Move, Fast Advance or Charge chit it may move along `path` and end
    /// facing `facing` (or turn to face `facing` where it stands); on a Charge chit,
    /// the enemy it charges may be named by its hex (`charge`).
    Act {
        /// The side.
        side: u8,
        /// The unit.
        unit: String,
        /// The hexes entered, in order (the start hex not included); empty: it stays.
        path: Vec<String>,
        /// The hexside it faces at the end; `None`: the way it last stepped, or as it
        /// was.
        facing: Option<FacingDef>,
        /// On a Charge chit, the hex of the enemy it charges, one of those next to the
        /// path's last hex; `None`: the one in the wedge it then faces, else the
        /// first next to it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        charge: Option<String>,
    },
    /// A unit fires at an enemy unit, at a nominated stand ("Throw one die per stand
    /// at a nominated enemy stand").
    Fire {
        /// The side.
        side: u8,
        /// The firing unit.
        unit: String,
        /// The target's hex.
        target: String,
        /// The nominated stand (0 is the leftmost as the target faces).
        stand: usize,
    },
    /// Between two machines, a side's chits given **sealed** (`sealing`): one seal for
    /// each unit's chit, in the order the chits were placed; each chit is shown as its
    /// unit acts on it.
    SealChits {
        /// The side.
        side: u8,
        /// Each unit and the seal of its chit.
        seals: Vec<(String, String)>,
    },
    /// A unit acts (`then`: it is turned over and moves, or fires at a charger) on a
    /// chit still sealed: the chit is shown with its nonce, which must make its seal
    /// again.
    Shown {
        /// The side.
        side: u8,
        /// The unit.
        unit: String,
        /// Its chit.
        chit: Chit,
        /// The nonce it was sealed with.
        nonce: String,
        /// What the unit does on it: an `Act` or a `Fire` of the same unit.
        then: Box<AcwOrder>,
    },
    /// The domino drawn and looked at is placed ("You may look at one dominoe and
    /// decide where to place it"): at `place` along the line (0 behind its first two
    /// stands), turned round if `turned`; the blind ones fill the other places.
    Place {
        /// The side.
        side: u8,
        /// Its place.
        place: usize,
        /// Turned round (its second half toward the first stand).
        turned: bool,
    },
    /// Between two machines, a side's turn at a charge's set of dominoes (`deal`):
    /// every domino of the set it was given locked with its own lock, in its own
    /// secret order (hex); the side locking second opens the top domino, the
    /// charger's looked-at one, taking its lock off it.
    Lock {
        /// The side.
        side: u8,
        /// The charge (0 for the turn's first).
        charge: usize,
        /// The set as it passes it on.
        deck: Vec<String>,
        /// The top domino with this side's lock taken off, for the charger to read.
        opened: Option<String>,
    },
    /// Between two machines, the charger takes its lock off the domino the defender
    /// will look at, for the defender to read.
    Unlock {
        /// The side.
        side: u8,
        /// The charge.
        charge: usize,
        /// The domino's place in the locked set (0 for the top).
        place: usize,
        /// The domino with this side's lock taken off.
        card: String,
    },
    /// Between two machines, a side shows its lock on a charge's set when the fight
    /// comes, for the other machine to check.
    Key {
        /// The side.
        side: u8,
        /// The charge.
        charge: usize,
        /// The lock's power (hex).
        key: String,
    },
}

impl AcwOrder {
    /// The side giving the order.
    pub fn side(&self) -> u8 {
        match self {
            Self::Chits { side, .. }
            | Self::Choose { side, .. }
            | Self::Act { side, .. }
            | Self::Fire { side, .. }
            | Self::SealChits { side, .. }
            | Self::Shown { side, .. }
            | Self::Place { side, .. }
            | Self::Lock { side, .. }
            | Self::Unlock { side, .. }
            | Self::Key { side, .. } => *side,
        }
    }
}

impl crate::orders::RuleSetOrder for AcwOrder {
    fn side(&self) -> u8 {
        AcwOrder::side(self)
    }
    /// A side's chits are its secret: a save keeps them sealed.
    fn secret(&self) -> Option<(u8, String)> {
        match self {
            AcwOrder::Chits { side, chits } => Some((*side, ron::to_string(chits).ok()?)),
            _ => None,
        }
    }
}

impl From<AcwOrder> for crate::orders::Order {
    fn from(o: AcwOrder) -> Self {
        crate::rule_set::rules_order::<super::Acw>(o)
    }
}

/// What the ACW rules remember between orders.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct AcwState {
    /// Each side's army, by side.
    pub armies: Vec<Army>,
    /// Each side's CinC's rating, rolled at the start of the game.
    pub ratings: BTreeMap<u8, Rating>,
    /// Chits given this turn, by side (each its side's secret until turned over).
    pub chits: BTreeMap<u8, Vec<(String, Chit)>>,
    /// Units whose chit is turned over this turn.
    pub revealed: BTreeSet<String>,
    /// The side with the initiative this turn, while it has not yet chosen.
    pub choosing: Option<u8>,
    /// The side that moves first this turn.
    pub first: u8,
    /// The side acting in the Movement phase, and how many more units it may act
    /// with before the other side's turn comes.
    pub acting: Option<(u8, u8)>,
    /// Units that have been charged and contacted: pinned ("may not retire or make
    /// other movement other than fight").
    pub pinned: BTreeSet<String>,
    /// Units that have fired this turn.
    pub fired: BTreeSet<String>,
    /// Sides done with the current Shooting or React phase.
    pub done: Vec<u8>,
    /// The charges made this turn.
    pub charges: Vec<super::combat::Charge>,
    /// A domino drawn and looked at, waiting to be placed: (side, charge, line: 0 the
    /// charger's, 1 the defender's).
    pub placing: Option<(u8, usize, usize)>,
    /// The charge the defenders may fire at now, during the charge.
    pub firing_at: Option<usize>,
    /// The outcomes of the fights, carried out in the React phase.
    pub aftermath: Vec<super::combat::Aftermath>,
    /// The stands lost in this turn's fights, by unit: they stand until the React
    /// phase ("React ... Remove combat casualties"), so a second fight on the same
    /// unit meets its whole line.
    pub casualties: BTreeMap<String, BTreeSet<usize>>,
    /// Where each unit stood and which way it faced as the Movement phase began:
    /// opportunity fire shoots only at targets that have come into range or arc since
    ///
    pub placed: BTreeMap<String, (hexx::Hex, hexx::EdgeDirection)>,
}

impl AcwState {
    /// The chit behind a unit this turn, if it has one.
    pub fn chit(&self, unit: &str) -> Option<Chit> {
        self.chits
            .values()
            .flatten()
            .find(|(id, _)| id == unit)
            .map(|(_, c)| *c)
    }

    /// The chit behind a unit as `viewer` may see it: its own side's always, the
    /// other side's once turned over. `viewer` `None`: an onlooker, who sees only
    /// chits turned over.
    pub fn chit_seen_by(&self, unit: &str, side: u8, viewer: Option<u8>) -> Option<Chit> {
        (viewer == Some(side) || self.revealed.contains(unit))
            .then(|| self.chit(unit))
            .flatten()
    }
}
