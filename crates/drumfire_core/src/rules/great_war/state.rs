//! What the Great War keeps beyond the table itself: missions and plans, the
//! activation under way, the steps of a fire or move still to carry out, and
//! the question the game is waiting on. Pieces are named by id, never by
//! entity, so the state's text form is canonical and hashes the same everywhere.

use super::orders::Mission;
use super::tables::Table;
use bevy_ecs::prelude::*;
use hexx::Hex;
use std::collections::{BTreeMap, VecDeque};

/// One member of the activation under way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// Activated through a leader of its own type (may move closer to the enemy).
    pub led: bool,
    /// The leaders of its own type that activated it. Their combat modifier is read
    /// when it is used, from their state then: one Demoralized (or gone) since lends none.
    pub leaders: Vec<String>,
    /// Where it stood when activated (assaults start adjacent to the enemy).
    pub start: Hex,
    /// Has it moved, fired or otherwise acted in this activation?
    pub acted: bool,
    /// Was it activated directly (rather than by a leader's chain)?
    pub direct: bool,
}

/// The pieces activated in the current action segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The side activating.
    pub side: u8,
    /// Members by id.
    pub members: BTreeMap<String, Member>,
}

/// A fire ready to resolve: who fires, at what, on which table, and why the column is where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirePlan {
    /// The table.
    pub table: Table,
    /// Side firing.
    pub side: u8,
    /// Firing units or off-board factors, by id.
    pub firers: Vec<String>,
    /// Each firer's strength after halving.
    pub strengths: Vec<u32>,
    /// The target hex.
    pub target: Hex,
    /// Total fire strength.
    pub strength: u32,
    /// Column shifts with their causes (right is positive).
    pub shifts: Vec<(i32, String)>,
    /// Column before shifts.
    pub base_column: usize,
    /// Column after shifts.
    pub column: usize,
    /// What the fire is, in words ("Planned Fire", "Opportunity Fire", ...).
    pub kind: String,
}

/// A piece of play still to carry out, in order. A step may stop for a question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Pieces move on into the next hex of their path.
    Advance {
        /// The side moving.
        side: u8,
        /// The moving pieces.
        pieces: Vec<String>,
        /// Hexes still to enter.
        path: Vec<Hex>,
        /// Hexes entered so far in this move.
        entered: u8,
        /// Does the other side get a chance at opportunity fire (not when fleeing)?
        opportunity: bool,
    },
    /// Pieces have entered a hex: Drumfire there attacks them.
    Drumfire {
        /// The hex entered.
        hex: Hex,
        /// The side that entered.
        side: u8,
        /// The pieces that entered (with what their transports carry): only they are
        /// attacked, not pieces of their side that stood in the hex already.
        pieces: Vec<String>,
    },
    /// A battery that fired over open sights rolls for its ammunition (in an assault,
    /// once the assault's results have struck).
    Depletion {
        /// The battery.
        piece: String,
    },
    /// The other side may fire at pieces that moved into a hex.
    OpportunityWindow {
        /// The hex moved into.
        hex: Hex,
        /// The moving side.
        side: u8,
        /// The pieces that moved into it.
        pieces: Vec<String>,
    },
    /// A side performs its Planned Fire for the turn: worked out when this step comes,
    /// from its batteries as they then are (the initiative winner's fire, carried out
    /// first, may have eliminated, reduced or demoralized them).
    Bombard {
        /// The side firing.
        side: u8,
    },
    /// Roll a fire and apply its result.
    Fire(FirePlan),
    /// Roll a fire and apply its result to `pieces` of `side` in the target hex only
    /// (Drumfire on the pieces that entered a hex, not the friends already there nor
    /// the defenders of an assault beside them).
    FireOn {
        /// The fire.
        plan: FirePlan,
        /// The side it attacks.
        side: u8,
        /// The pieces it attacks.
        pieces: Vec<String>,
    },
    /// Roll both sides of an assault (attackers already in the hex).
    Assault {
        /// The assaulted hex.
        hex: Hex,
        /// Attacking side.
        side: u8,
        /// Attackers and the hexes they came from.
        attackers: Vec<(String, Hex)>,
        /// The leaders of its own type that activated each attacking unit: the leader
        /// shift is read from them when the assault is rolled, not when it is ordered.
        leaders: BTreeMap<String, Vec<String>>,
    },
    /// Settle an assault: attackers hold the hex or fall back.
    AssaultEnd {
        /// The assaulted hex.
        hex: Hex,
        /// Attacking side.
        side: u8,
        /// Attackers and the hexes they came from.
        attackers: Vec<(String, Hex)>,
    },
    /// Step losses to take in a hex, one at a time.
    Losses {
        /// The hex.
        hex: Hex,
        /// The side losing.
        side: u8,
        /// Losses left.
        count: u8,
        /// Only these units may take them (`None`: any unit of the side in the hex).
        among: Option<Vec<String>>,
    },
    /// A morale check for every piece of `side` in the hex (or only `piece`).
    Morale {
        /// The hex.
        hex: Hex,
        /// The side checking.
        side: u8,
        /// Added to the roll (M = 0, M1 = 1, M2 = 2).
        plus: u8,
        /// Only this piece (after a step loss).
        piece: Option<String>,
    },
    /// Wait until the side's sealed Artillery Plan is opened for this turn.
    AwaitPlot {
        /// The side.
        side: u8,
    },
    /// The Bombardment Phase's fire, once every plot for the turn is known.
    Bombardment,
    /// A Demoralized piece that failed to recover flees.
    Flee {
        /// The piece.
        piece: String,
    },
}

/// A question the game waits on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// May the side fire at the enemy that just moved into `hex`?
    OpportunityFire {
        /// The side that may fire.
        side: u8,
        /// The hex the enemy moved into.
        hex: Hex,
        /// Units that may fire, by id.
        eligible: Vec<String>,
    },
    /// Which unit takes the next step loss?
    StepLoss {
        /// The side choosing (the owner).
        side: u8,
        /// The hex.
        hex: Hex,
        /// Losses left, this one included.
        count: u8,
        /// Units that may take it.
        candidates: Vec<String>,
    },
    /// The side's sealed Artillery Plan must show this turn's Planned Fire (and, the
    /// first time, its missions): its machine opens those pieces.
    OpenPlot {
        /// The side.
        side: u8,
        /// The turn.
        turn: u16,
    },
}

impl Prompt {
    /// The side that must answer.
    pub fn side(&self) -> u8 {
        match self {
            Self::OpportunityFire { side, .. }
            | Self::StepLoss { side, .. }
            | Self::OpenPlot { side, .. } => *side,
        }
    }
}

/// The Great War's state beyond the table.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct GwState {
    /// Sides whose Artillery Plan is still awaited in the set-up.
    pub plans_due: Vec<u8>,
    /// Mission of every artillery unit and off-board factor, by id.
    pub missions: BTreeMap<String, Mission>,
    /// Owner of each off-board factor, by id.
    pub factors: BTreeMap<String, (u8, u8)>,
    /// The hex each unit or factor fired at in the last Bombardment Phase and the turn.
    pub last_fire: BTreeMap<String, (u16, Hex)>,
    /// Times each Open Sights unit's depletion roll has exceeded its side's number.
    pub depletion: BTreeMap<String, u8>,
    /// Opportunity fires each unit made this turn.
    pub opportunity: BTreeMap<String, u8>,
    /// What each transport carries.
    pub loaded: BTreeMap<String, String>,
    /// The activation under way.
    pub group: Option<Group>,
    /// Steps still to carry out.
    pub queue: VecDeque<Step>,
    /// The question the game waits on.
    pub prompt: Option<Prompt>,
}
