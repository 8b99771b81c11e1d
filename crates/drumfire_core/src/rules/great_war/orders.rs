//! The Great War's orders. Pieces are named by their scenario ids and hexes by
//! their printed numbers, so that a save reads like an order sheet.

use serde::{Deserialize, Serialize};

/// What an artillery unit or off-board factor is to do this game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mission {
    /// Fire pre-plotted for every turn: `targets[t]` is the hex for turn `t + 1`,
    /// `None` is NO FIRE.
    PlannedFire {
        /// One entry per game turn.
        targets: Vec<Option<String>>,
    },
    /// Fire at what the unit can spot, in action segments (on-board units only).
    OpenSights,
    /// Head for `destination`; the mission becomes Open Sights there (on-board units only).
    Move {
        /// The destination hex.
        destination: String,
    },
}

/// One line of a side's Artillery Plan.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Assignment {
    /// An on-board artillery unit's id or an off-board factor's id.
    pub source: String,
    /// Its mission.
    pub mission: Mission,
}

/// A piece of a sealed Artillery Plan, opened: its text and the nonce it was sealed with.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpenedPiece {
    /// The piece: `missions`, or `turn N` for the Planned Fire of turn N.
    pub piece: String,
    /// Its text (RON).
    pub text: String,
    /// Its nonce (hex).
    pub nonce: String,
}

/// A Great War order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GwOrder {
    /// The side's artillery missions and Planned Fire for the whole game (set-up).
    Plan {
        /// The side.
        side: u8,
        /// One assignment per artillery unit and off-board factor.
        missions: Vec<Assignment>,
    },
    /// The side's Artillery Plan sealed, between two machines: a seal for its
    /// missions and one for each turn's Planned Fire, by piece (see `sealing.rs`).
    SealPlan {
        /// The side.
        side: u8,
        /// The seal of each piece (hex SHA-256), by piece name.
        seals: std::collections::BTreeMap<String, String>,
    },
    /// Opens the pieces of a sealed Artillery Plan the rules now show.
    OpenPlan {
        /// The side.
        side: u8,
        /// The pieces opened.
        pieces: Vec<OpenedPiece>,
    },
    /// Activate one unit or leader (a leader activates his chain).
    Activate {
        /// The side.
        side: u8,
        /// The piece.
        piece: String,
    },
    /// Activate every piece of the side in a hex that can still activate.
    ActivateStack {
        /// The side.
        side: u8,
        /// The hex.
        hex: String,
    },
    /// Activated pieces standing in one hex move together along a path of adjacent hexes.
    Move {
        /// The side.
        side: u8,
        /// The moving pieces.
        pieces: Vec<String>,
        /// The hexes entered, in order (the start hex not included).
        path: Vec<String>,
    },
    /// Activated units fire at a hex (several combine when the rules allow).
    Fire {
        /// The side.
        side: u8,
        /// The firing units.
        firers: Vec<String>,
        /// The target hex.
        target: String,
    },
    /// Activated units adjacent to an enemy hex since their activation enter it and fire on the Assault table.
    Assault {
        /// The side.
        side: u8,
        /// The assaulting units (and leaders going with them).
        pieces: Vec<String>,
        /// The enemy-occupied hex.
        target: String,
    },
    /// An activated Disrupted or Demoralized piece tries to recover.
    Recover {
        /// The side.
        side: u8,
        /// The piece.
        piece: String,
    },
    /// An activated cavalry unit swaps its dismounted piece for its mounted one, or back.
    MountOrDismount {
        /// The side.
        side: u8,
        /// The cavalry unit.
        piece: String,
    },
    /// An activated transport loads a unit with movement allowance 0 in its hex.
    Load {
        /// The side.
        side: u8,
        /// The transport.
        transport: String,
        /// The unit loaded.
        piece: String,
    },
    /// An activated transport unloads what it carries into its hex.
    Unload {
        /// The side.
        side: u8,
        /// The transport.
        transport: String,
    },
    /// Answer to an opportunity-fire prompt: these units fire at the moving enemy.
    OpportunityFire {
        /// The side.
        side: u8,
        /// The firing units (several only when stacked together).
        firers: Vec<String>,
    },
    /// Answer to an opportunity-fire prompt: let the enemy move on.
    HoldFire {
        /// The side.
        side: u8,
    },
    /// Answer to a step-loss prompt: this unit takes the next step loss.
    TakeStepLoss {
        /// The side.
        side: u8,
        /// The unit.
        piece: String,
    },
}

impl GwOrder {
    /// The side giving the order.
    pub fn side(&self) -> u8 {
        match self {
            Self::Plan { side, .. }
            | Self::SealPlan { side, .. }
            | Self::OpenPlan { side, .. }
            | Self::Activate { side, .. }
            | Self::ActivateStack { side, .. }
            | Self::Move { side, .. }
            | Self::Fire { side, .. }
            | Self::Assault { side, .. }
            | Self::Recover { side, .. }
            | Self::MountOrDismount { side, .. }
            | Self::Load { side, .. }
            | Self::Unload { side, .. }
            | Self::OpportunityFire { side, .. }
            | Self::HoldFire { side }
            | Self::TakeStepLoss { side, .. } => *side,
        }
    }
}

impl crate::orders::RuleSetOrder for GwOrder {
    fn side(&self) -> u8 {
        GwOrder::side(self)
    }
    /// An Artillery Plan is secret until its fire lands: its side and its missions' text.
    fn secret(&self) -> Option<(u8, String)> {
        match self {
            GwOrder::Plan { side, missions } => Some((*side, ron::to_string(missions).ok()?)),
            _ => None,
        }
    }
}

impl From<GwOrder> for crate::orders::Order {
    fn from(o: GwOrder) -> Self {
        crate::rule_set::rules_order::<super::GreatWar>(o)
    }
}
