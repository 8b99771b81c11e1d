//! The edits the scenario editor makes: one value each, undoable, as the window's
//! strokes and the tests give them.

use super::RulesEdit;
use crate::scenario;

/// Bridge or ford on a river hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrossingEdit {
    /// A bridge.
    Bridge,
    /// A ford.
    Ford,
    /// Neither.
    None,
}

/// One field of a side's settings (a rule set's own figures are its edits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideField {
    /// Name shown to players.
    Name(String),
    /// Colour, `#rrggbb`.
    Colour(String),
}

/// A change to the scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// A new blank map of every hex the given terrain glyph, level 0; pieces off it go.
    NewMap {
        /// Columns.
        width: u16,
        /// Rows.
        height: u16,
        /// Terrain glyph.
        glyph: char,
    },
    /// Resize the map, keeping what fits; new hexes get the glyph.
    Resize {
        /// Columns.
        width: u16,
        /// Rows.
        height: u16,
        /// Terrain glyph for new hexes.
        glyph: char,
    },
    /// Paint one hex's terrain.
    Paint {
        /// Hex number.
        hex: String,
        /// Terrain glyph.
        glyph: char,
    },
    /// Paint the hex and every hex of the same terrain joined to it.
    Fill {
        /// Hex number.
        hex: String,
        /// Terrain glyph.
        glyph: char,
    },
    /// Raise or lower a hex's elevation by one contour.
    Elevation {
        /// Hex number.
        hex: String,
        /// +1 or -1.
        up: bool,
    },
    /// Draw a road from a hex to an adjacent one.
    Road {
        /// From.
        from: String,
        /// To (adjacent).
        to: String,
    },
    /// Draw a river from a hex to an adjacent one.
    River {
        /// From.
        from: String,
        /// To (adjacent).
        to: String,
    },
    /// Take every road and river stroke off a hex.
    EraseLines {
        /// Hex number.
        hex: String,
    },
    /// Set a river hex's crossing.
    Crossing {
        /// Hex number.
        hex: String,
        /// Bridge, ford or none.
        kind: CrossingEdit,
    },
    /// Place a new unit of a type (its id is made from the type).
    PlaceUnit {
        /// Side id.
        side: String,
        /// Unit type id.
        unit: String,
        /// Hex number.
        hex: String,
    },
    /// Move a unit or leader to another hex.
    Move {
        /// Its id.
        id: String,
        /// Hex number.
        hex: String,
    },
    /// Remove a unit or leader.
    Delete {
        /// Its id.
        id: String,
    },
    /// Set a unit's steps at the start (its full strength clears the field).
    Steps {
        /// Its id.
        id: String,
        /// Steps.
        steps: u8,
    },
    /// Swap a cavalry unit between mounted and dismounted.
    Mount {
        /// Its id.
        id: String,
    },
    /// Rename a unit or leader.
    Rename {
        /// Its id.
        id: String,
        /// New name.
        name: String,
    },
    /// The hexside a counter faces at the start (`None`: the rule set decides).
    Facing {
        /// Its id.
        id: String,
        /// The facing.
        facing: Option<scenario::FacingDef>,
    },
    /// The kinds of a unit's stands or bases, left to right (none: a unit of steps only).
    Stands {
        /// Its id.
        id: String,
        /// The kinds.
        stands: Vec<String>,
    },
    /// The title.
    Title(String),
    /// The briefing.
    Briefing(String),
    /// Number of turns.
    Turns(u16),
    /// A side's setting.
    Side {
        /// Side index.
        index: usize,
        /// The field and its value.
        field: SideField,
    },
    /// Make a hex an objective worth points (0 points removes it).
    Objective {
        /// Hex number.
        hex: String,
        /// Points.
        points: u32,
        /// Side id holding it at the start.
        held_by: Option<String>,
    },
    /// Points per enemy step destroyed.
    StepLossPoints(u32),
    /// A rule set's own change to its section.
    Rules(RulesEdit),
}
