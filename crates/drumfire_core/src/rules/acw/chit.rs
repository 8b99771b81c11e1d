//! The order chits placed behind each unit in the Orders phase, and what each lets the
//! unit do: how far it moves, whether it may come into contact, when it may shoot.

use serde::{Deserialize, Serialize};

/// An order chit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Chit {
    /// "Normal infantry MOVE up to 12" a turn."
    Move,
    /// "FAST ADVANCE allows a move of up to 18"".
    FastAdvance,
    /// "CHARGE is a 12" move to engage in combat".
    Charge,
    /// Shoots in the Shooting phase (or at a charger during its charge).
    Fire,
    /// Shoots in the React phase at targets coming into range or arc (or at a charger
    /// during its charge).
    OpportunityFire,
}

impl Chit {
    /// Every chit.
    pub const ALL: [Chit; 5] = [
        Chit::Move,
        Chit::FastAdvance,
        Chit::Charge,
        Chit::Fire,
        Chit::OpportunityFire,
    ];

    /// The chit's name, as printed on it.
    pub fn name(self) -> &'static str {
        match self {
            Chit::Move => "Move",
            Chit::FastAdvance => "Fast Advance",
            Chit::Charge => "Charge",
            Chit::Fire => "Fire",
            Chit::OpportunityFire => "Opportunity Fire",
        }
    }

    /// The chit's word on a counter once it is turned over.
    pub fn short(self) -> &'static str {
        match self {
            Chit::Move => "MOVE",
            Chit::FastAdvance => "FAST",
            Chit::Charge => "CHG",
            Chit::Fire => "FIRE",
            Chit::OpportunityFire => "OPP",
        }
    }

    /// Hexes the unit may move (at 3" a hex: 12" is 4, 18" is 6).
    /// Ours — A-1 in docs/rules/acw.md: the scale.
    pub fn hexes(self) -> u8 {
        match self {
            Chit::Move | Chit::Charge => 4,
            Chit::FastAdvance => 6,
            Chit::Fire | Chit::OpportunityFire => 0,
        }
    }

    /// May the unit move into contact with the enemy? "Units cannot move into contact
    /// without a Charge order."
    pub fn may_contact(self) -> bool {
        self == Chit::Charge
    }

    /// May it shoot at a charger during the charge? "NB the firing unit has to have a
    /// FIRE or OPPORTUNITY FIRE order to shoot."
    pub fn may_fire_at_charger(self) -> bool {
        matches!(self, Chit::Fire | Chit::OpportunityFire)
    }

    /// Does it shoot in the Shooting phase? "Infantry in range may fire if they have
    /// orders."
    pub fn fires_in_shooting(self) -> bool {
        self == Chit::Fire
    }

    /// Does it shoot in the React phase, at targets coming into range or arc?
    pub fn fires_in_react(self) -> bool {
        self == Chit::OpportunityFire
    }

    /// May a battery take it? "Artillery is placed at the start of the game and do
    /// not move": a battery takes only the chits that do not move.
    pub fn for_artillery(self) -> bool {
        self.hexes() == 0
    }

    /// May a routed unit take it? "No Charge moves thereafter."
    pub fn for_routed(self) -> bool {
        self != Chit::Charge
    }
}
