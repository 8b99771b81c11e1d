//! A move made by hand in table mode, as plain data: what the log and a save hold of
//! it. Table mode itself (its checks and effects) is `table`.

use crate::counters::{HexMarkerKind, MarkerKind};
use serde::{Deserialize, Serialize};

/// A move made by hand at the table. Pieces are named by their scenario ids and
/// hexes by their printed numbers, as in the rules' orders.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TableOrder {
    /// Put a piece in a hex: from anywhere on the map, or back from off the map.
    Move {
        /// The piece.
        piece: String,
        /// The hex it goes to.
        to: String,
    },
    /// Take a piece off the map (to the pile beside the table).
    Remove {
        /// The piece.
        piece: String,
    },
    /// Turn a two-sided unit over: full strength to reduced, or back.
    Flip {
        /// The unit.
        piece: String,
    },
    /// Put a marker on a counter, or take it off.
    Mark {
        /// The counter.
        piece: String,
        /// The marker.
        marker: MarkerKind,
        /// On (true) or off.
        on: bool,
    },
    /// Put a marker in a hex, or take it off.
    MarkHex {
        /// The hex.
        hex: String,
        /// The marker.
        marker: HexMarkerKind,
        /// On (true) or off.
        on: bool,
    },
    /// Roll dice from the dice tray.
    Roll {
        /// How many six-sided dice, 1 to [`MAX_TRAY_DICE`].
        dice: u8,
    },
    /// Take one of a unit's stands or bases off (lost), or put it back.
    Stand {
        /// The unit.
        piece: String,
        /// Which stand, 0 for the leftmost.
        stand: u8,
        /// Lost (true) or back in the line.
        lost: bool,
    },
    /// Move the turn marker on to the next turn of the scenario.
    NextTurn,
}

impl TableOrder {
    /// The move in words, as the log shows it; `names` gives counter names by id.
    pub fn describe(&self, names: &std::collections::BTreeMap<String, String>) -> String {
        let piece = |id: &String| names.get(id).cloned().unwrap_or_else(|| id.clone());
        match self {
            Self::Move { piece: id, to } => format!("By hand: {} to {to}.", piece(id)),
            Self::Remove { piece: id } => format!("By hand: {} taken off the map.", piece(id)),
            Self::Flip { piece: id } => format!("By hand: {} flipped.", piece(id)),
            Self::Mark {
                piece: id,
                marker,
                on: true,
            } => format!("By hand: {} marker on {}.", marker.label(), piece(id)),
            Self::Mark {
                piece: id,
                marker,
                on: false,
            } => format!("By hand: {} marker off {}.", marker.label(), piece(id)),
            Self::MarkHex {
                hex,
                marker,
                on: true,
            } => format!("By hand: {marker:?} marker placed in {hex}."),
            Self::MarkHex {
                hex,
                marker,
                on: false,
            } => format!("By hand: {marker:?} marker taken from {hex}."),
            Self::Roll { dice } => format!("By hand: {dice} dice from the dice tray."),
            Self::Stand {
                piece: id,
                stand,
                lost,
            } => format!(
                "By hand: {} {} stand {}.",
                piece(id),
                if *lost { "loses" } else { "gets back" },
                u16::from(*stand) + 1
            ),
            Self::NextTurn => "By hand: the turn marker moves on.".into(),
        }
    }
}
