//! The WWII rules' orders and what they remember between orders.

use super::modifiers::Training;
use super::morale::State;
use crate::scenario::FacingDef;
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// A WWII order. Units are named by scenario id and hexes by their printed numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WwiiOrder {
    /// In its side's movement a unit moves along `path` and ends facing `facing` (or
    /// turns to face `facing` where it stands). A tank or armored car may move again
    /// while it has movement left; any other unit moves once.
    Move {
        /// The side.
        side: u8,
        /// The unit.
        unit: String,
        /// The hexes entered, in order (the start hex not included).
        path: Vec<String>,
        /// The hexside it faces at the end; `None`: the way it last stepped.
        facing: Option<FacingDef>,
    },
    /// A unit that has not moved this turn goes prone where it stands (its move).
    Prone {
        /// The side.
        side: u8,
        /// The unit.
        unit: String,
    },
    /// "Armored Overrun": a tank unit in its own movement assaults the enemy
    /// personnel in the hex next to it, three rounds, at a quarter of its movement.
    Overrun {
        /// The side.
        side: u8,
        /// The tank unit.
        unit: String,
        /// The hex of the personnel it overruns.
        target: String,
    },
    /// A unit locked in contact orders a voluntary rout: a morale check; passed, it
    /// routs away and breaks contact.
    Rout {
        /// The side.
        side: u8,
        /// The unit.
        unit: String,
    },
    /// In its side's fire phase a unit fires at an enemy unit: small arms at
    /// personnel, its gun at a vehicle.
    Fire {
        /// The side.
        side: u8,
        /// The firing unit.
        unit: String,
        /// The target unit.
        target: String,
    },
    /// In the assault phase a unit with a choice says what it engages: the enemy
    /// personnel (`target` any of them) or one enemy vehicle unit.
    Engage {
        /// The side.
        side: u8,
        /// The unit.
        unit: String,
        /// An enemy unit in contact with it.
        target: String,
    },
    /// After an assault it won, a unit breaks through into uncontested ground, or
    /// cavalry uses its remaining movement.
    Advance {
        /// The side.
        side: u8,
        /// The unit.
        unit: String,
        /// The hexes entered, in order.
        path: Vec<String>,
    },
    /// Cavalry that won an assault dismounts in place.
    Dismount {
        /// The side.
        side: u8,
        /// The unit.
        unit: String,
    },
}

impl WwiiOrder {
    /// The side giving the order.
    pub fn side(&self) -> u8 {
        match self {
            Self::Move { side, .. }
            | Self::Prone { side, .. }
            | Self::Overrun { side, .. }
            | Self::Rout { side, .. }
            | Self::Fire { side, .. }
            | Self::Engage { side, .. }
            | Self::Advance { side, .. }
            | Self::Dismount { side, .. } => *side,
        }
    }

    /// The unit giving it.
    pub fn unit(&self) -> &str {
        match self {
            Self::Move { unit, .. }
            | Self::Prone { unit, .. }
            | Self::Overrun { unit, .. }
            | Self::Rout { unit, .. }
            | Self::Fire { unit, .. }
            | Self::Engage { unit, .. }
            | Self::Advance { unit, .. }
            | Self::Dismount { unit, .. } => unit,
        }
    }
}

impl crate::orders::RuleSetOrder for WwiiOrder {
    fn side(&self) -> u8 {
        WwiiOrder::side(self)
    }
}

impl From<WwiiOrder> for crate::orders::Order {
    fn from(o: WwiiOrder) -> Self {
        crate::rule_set::rules_order::<super::Wwii>(o)
    }
}

/// What a unit may do after winning an assault.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Followup {
    /// It broke through: it may occupy uncontested ground within `reach` hexes.
    Breakthrough {
        /// The unit.
        unit: String,
        /// One assault movement.
        reach: u32,
    },
    /// Mounted cavalry that won: it dismounts in place or uses its `left` hexes of
    /// movement to reposition.
    Cavalry {
        /// The unit.
        unit: String,
        /// Its movement not yet used this turn.
        left: u32,
    },
}

impl Followup {
    /// The unit it is for.
    pub fn unit(&self) -> &str {
        match self {
            Followup::Breakthrough { unit, .. } | Followup::Cavalry { unit, .. } => unit,
        }
    }

    /// The hexes it may go.
    pub fn reach(&self) -> u32 {
        match self {
            Followup::Breakthrough { reach, .. } => *reach,
            Followup::Cavalry { left, .. } => *left,
        }
    }
}

/// One assault fought this turn, for the log's account and the window.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fought {
    /// The turn it was fought in.
    pub turn: u16,
    /// What it was: "Assault", "Tank assault", "Armored overrun", "Machine guns".
    pub kind: String,
    /// Each side's units (the attacker's first).
    pub units: [Vec<String>; 2],
    /// Each side's modifiers with their causes.
    pub modifiers: [Vec<(i32, String)>; 2],
    /// The dice of each round, the first side's first.
    pub rounds: Vec<Vec<u8>>,
    /// How many of each round's dice are the first side's.
    pub first_dice: Vec<usize>,
    /// Bases each side lost.
    pub lost: [u32; 2],
    /// How it ended, in words.
    pub ending: String,
}

/// What the WWII rules remember between orders.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct WwiiState {
    /// Each side's training, by side.
    pub training: Vec<Training>,
    /// The side that moves and fires first this turn (it won the initiative).
    pub first: u8,
    /// The side moving or firing now, in the movement and fire phases; the side
    /// choosing engagements in the assault phase.
    pub acting: Option<u8>,
    /// Each unit's morale when not in good order, with the turn it was set.
    pub morale: BTreeMap<String, (State, u16)>,
    /// Hexes of movement each unit has spent this turn.
    pub spent: BTreeMap<String, u32>,
    /// Units that have made their move this turn (a vehicle: spent all it may).
    pub moved: BTreeSet<String>,
    /// Units that have fired this turn.
    pub fired: BTreeSet<String>,
    /// Units lying prone.
    pub prone: BTreeSet<String>,
    /// Units that moved into contact with the enemy: the assaulters, while in contact.
    pub assaulting: BTreeSet<String>,
    /// Cavalry troops that have dismounted.
    pub dismounted: BTreeSet<String>,
    /// What units chose to engage in this assault phase (unit, enemy unit).
    pub engaged: BTreeMap<String, String>,
    /// Sides done with the movement, fire or engagements now.
    pub done: Vec<u8>,
    /// What the winners of assaults may do next, in order.
    pub followups: Vec<Followup>,
    /// The assaults and overruns fought this turn and the turn before.
    pub fought: Vec<Fought>,
}

impl WwiiState {
    /// A unit's morale.
    pub fn morale_of(&self, id: &str) -> State {
        self.morale.get(id).map_or(State::Good, |m| m.0)
    }
}
