//! The Napoleonic rules' orders and what they remember between orders.

use super::brigade::{Command, Formation, Grades};
use super::combat::Contest;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Which fight a brigade starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Fight {
    /// Rule 11: both roll a die across one empty hex.
    Skirmish,
    /// Rule 12: a contest of combat factors with the adjacent enemy in the open.
    Firefight,
    /// Rule 13: hand to hand with the adjacent enemy in the open.
    HandToHand,
    /// Rule 10: the fight for a built-up area or wood the enemy holds.
    Inside,
    /// Ours (N-22): a deployed battery fires on an enemy within its range.
    Bombard,
    /// Ours (N-23): cavalry on Attack orders charges the enemy beside it.
    Charge,
    /// Ours (N-24): infantry on Attack orders storms the enemy battery beside it.
    Assault,
    /// Ours (N-26, N-33): infantry on Engage or Hold orders volleys at the cavalry or
    /// battery beside it.
    Volley,
}

impl Fight {
    /// Every fight.
    pub const ALL: [Fight; 8] = [
        Fight::Skirmish,
        Fight::Firefight,
        Fight::HandToHand,
        Fight::Inside,
        Fight::Bombard,
        Fight::Charge,
        Fight::Assault,
        Fight::Volley,
    ];

    /// The contest of combat factors it is, if it is one.
    pub fn contest(self) -> Option<Contest> {
        match self {
            Fight::Skirmish | Fight::Bombard | Fight::Volley => None,
            Fight::Firefight => Some(Contest::Firefight),
            Fight::HandToHand => Some(Contest::HandToHand),
            Fight::Inside => Some(Contest::Inside),
            Fight::Charge => Some(Contest::Charge),
            Fight::Assault => Some(Contest::Assault),
        }
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            Fight::Skirmish => "Skirmish",
            Fight::Firefight => "Firefight",
            Fight::HandToHand => "Hand to hand",
            Fight::Inside => "Combat inside",
            Fight::Bombard => "Bombard",
            Fight::Charge => "Charge",
            Fight::Assault => "Assault the battery",
            Fight::Volley => "Volley",
        }
    }
}

/// A Napoleonic order. Brigades are named by scenario id and hexes by their printed
/// numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NpOrder {
    /// A side's orders for the turn, one for each of its brigades that has one (given in
    /// secret; shown when both sides have given theirs).
    Orders {
        /// The side.
        side: u8,
        /// Each brigade's order.
        orders: Vec<(String, Command)>,
    },
    /// A brigade moves along a path of adjacent hexes.
    Move {
        /// The side.
        side: u8,
        /// The brigade.
        brigade: String,
        /// The hexes entered, in order (the start hex not included).
        path: Vec<String>,
    },
    /// A brigade changes formation instead of moving.
    Form {
        /// The side.
        side: u8,
        /// The brigade.
        brigade: String,
        /// Its new formation.
        formation: Formation,
    },
    /// A brigade starts a fight with an enemy brigade.
    Fight {
        /// The side.
        side: u8,
        /// The brigade.
        brigade: String,
        /// The enemy brigade's hex.
        target: String,
        /// Which fight.
        fight: Fight,
    },
}

impl NpOrder {
    /// The side giving the order.
    pub fn side(&self) -> u8 {
        match self {
            Self::Orders { side, .. }
            | Self::Move { side, .. }
            | Self::Form { side, .. }
            | Self::Fight { side, .. } => *side,
        }
    }
}

impl crate::orders::RuleSetOrder for NpOrder {
    fn side(&self) -> u8 {
        NpOrder::side(self)
    }
    /// A side's orders for the turn are its secret until both sides have given theirs.
    fn secret(&self) -> Option<(u8, String)> {
        match self {
            NpOrder::Orders { side, orders } => Some((*side, ron::to_string(orders).ok()?)),
            _ => None,
        }
    }
}

impl From<NpOrder> for crate::orders::Order {
    fn from(o: NpOrder) -> Self {
        crate::rule_set::rules_order::<super::Napoleonic>(o)
    }
}

/// One brigade's standing in the rules (its grades from the scenario; its order and
/// formation as they are now).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Brigade {
    /// Its grades.
    pub grades: Grades,
    /// Its order this turn.
    pub command: Command,
    /// Its formation.
    pub formation: Formation,
}

/// What the Napoleonic rules remember between orders.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct NpState {
    /// Every brigade by id.
    pub brigades: BTreeMap<String, Brigade>,
    /// Orders given this turn, by side (shown once every side has given its own).
    pub given: BTreeMap<u8, Vec<(String, Command)>>,
    /// The side that moves and fights first this turn.
    pub first: u8,
    /// Sides that have finished the current phase.
    pub done: Vec<u8>,
    /// Brigades that have moved or changed formation this turn.
    pub moved: BTreeSet<String>,
    /// Brigades that have started a fight this turn.
    pub fought: BTreeSet<String>,
    /// Brigades that have skirmished this turn (they may not start a firefight).
    pub skirmished: BTreeSet<String>,
    /// Brigades that were in a fight of any kind this turn (they do not rally).
    pub engaged: BTreeSet<String>,
}
