//! The Portable rule set's orders and its own state between orders.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A Portable order. Pieces are named by scenario id and hexes by their printed numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PtOrder {
    /// An artillery unit fires at the start of the turn (the artillery fire phase).
    Bombard {
        /// The side.
        side: u8,
        /// The artillery unit.
        unit: String,
        /// The target hex (an enemy unit's).
        target: String,
    },
    /// An activated unit moves along a path of adjacent hexes.
    Move {
        /// The side.
        side: u8,
        /// The unit.
        unit: String,
        /// The hexes entered, in order (the start hex not included).
        path: Vec<String>,
    },
    /// An activated unit fires at an enemy unit's hex.
    Fire {
        /// The side.
        side: u8,
        /// The unit.
        unit: String,
        /// The target hex.
        target: String,
    },
    /// An activated unit is unpinned. Given for pinned regular cavalry of a side that
    /// has not begun its activations (before the turn's first activation), it is that
    /// side's decision to unpin it: the unpinning is its first activation, in its part.
    Unpin {
        /// The side.
        side: u8,
        /// The unit.
        unit: String,
    },
    /// An activated cavalry unit mounts or dismounts: it becomes its counterpart, the
    /// mounted piece for the dismounted and the other way round, and does nothing else
    /// this turn.
    /// Ours — P-17 in docs/rules/portable.md.
    MountOrDismount {
        /// The side.
        side: u8,
        /// The unit.
        unit: String,
    },
    /// A pinned regular European cavalry unit is left pinned: it moves at once toward
    /// the nearest enemy unit, without counting as an activation.
    Charge {
        /// The side.
        side: u8,
        /// The cavalry unit.
        unit: String,
    },
    /// Units attack one adjacent enemy unit in close combat.
    CloseCombat {
        /// The side.
        side: u8,
        /// The attackers, the leading one first (its power and die decide).
        attackers: Vec<String>,
        /// The defending unit.
        defender: String,
        /// Does the leading attacker move into the hex if the defender is destroyed?
        advance: bool,
    },
}

impl PtOrder {
    /// The side giving the order.
    pub fn side(&self) -> u8 {
        match self {
            Self::Bombard { side, .. }
            | Self::Move { side, .. }
            | Self::Fire { side, .. }
            | Self::Unpin { side, .. }
            | Self::MountOrDismount { side, .. }
            | Self::Charge { side, .. }
            | Self::CloseCombat { side, .. } => *side,
        }
    }
}

impl crate::orders::RuleSetOrder for PtOrder {
    fn side(&self) -> u8 {
        PtOrder::side(self)
    }
}

impl From<PtOrder> for crate::orders::Order {
    fn from(o: PtOrder) -> Self {
        crate::rule_set::rules_order::<super::Portable>(o)
    }
}

/// Where a side's part of the Action Phase stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Step {
    /// Not in the Action Phase.
    #[default]
    Idle,
    /// The side activates its units (pinned regular cavalry first).
    Activating,
    /// The side's close combats.
    CloseCombat,
}

/// What the Portable rules remember between orders.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct PtState {
    /// Sides that have ended their artillery fire this turn.
    pub artillery_done: Vec<u8>,
    /// Artillery results waiting for the end of the artillery fire: unit id, destroyed
    /// (`true`) or pinned.
    pub artillery_hits: Vec<(String, bool)>,
    /// Activations the side acting may still make.
    pub activations: u8,
    /// The part of its turn the side acting is in.
    pub step: Step,
    /// Sides that have finished their activations and close combats this turn.
    pub sides_done: Vec<u8>,
    /// Artillery units that fired at the start of this turn (they may still be unpinned).
    pub bombarded: Vec<String>,
    /// Units that have fought a close combat this turn.
    pub fought: Vec<String>,
    /// Units in a ford, with the turn they entered it.
    pub fording: BTreeMap<String, u16>,
    /// Regular mounted cavalry pinned when the turn's activations began ("pinned at the
    /// beginning of the turn"): only these must be unpinned or charge.
    pub pinned_at_start: Vec<String>,
    /// Pinned regular cavalry of a side that acts later in the turn, whose owner decided
    /// before the turn's first activation to unpin it rather than let it charge: it is
    /// unpinned as one of that side's activations, before any other.
    pub unpin_due: Vec<String>,
}
