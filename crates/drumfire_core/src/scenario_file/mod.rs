//! A scenario file as written: the core's fields (map, sides, counters, victory) and
//! the rule set's own section, as plain data, written back as read. Reading one needs
//! the rule sets it may be of, to read the section: that is `scenario`'s.

use crate::coords::MapCoord;
use crate::counters::{HexMarkerKind, MarkerKind};
use hexx::Hex;
use serde::ser::SerializeStruct;
use serde::{Deserialize, Serialize};

mod per_side;
mod section;

pub use per_side::{PerSide, SideEntry};
pub use section::{RulesSection, SectionData};

/// A scenario file as written. Its fields are read in any order; the rule set's own
/// fields are in its section, written under its id (`great_war: (...)`).
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioFile {
    /// Rule set id: a folder under `rules/` ("great_war").
    pub rules: String,
    /// Title shown to players.
    pub title: String,
    /// Briefing text: the situation and what each side must do.
    pub briefing: String,
    /// Length of the game in turns.
    pub turns: u16,
    /// The map.
    pub map: MapDef,
    /// The sides, first to last (two for every rule set so far).
    pub sides: Vec<SideDef>,
    /// Units and where they stand.
    pub counters: Vec<CounterDef>,
    /// Markers lying in hexes at the start (a bombardment already under way).
    pub hex_markers: Vec<HexMarkerDef>,
    /// How the game is won.
    pub victory: VictoryDef,
    /// The rule set's section, if the file has one.
    pub section: Option<RulesSection>,
}

impl ScenarioFile {
    /// The rule set's section, if it is a `T`.
    pub fn section<T: SectionData>(&self) -> Option<&T> {
        self.section.as_ref()?.get()
    }

    /// The rule set's section to change, if it is a `T`.
    pub fn section_mut<T: SectionData>(&mut self) -> Option<&mut T> {
        self.section.as_mut()?.get_mut()
    }
}

/// A marker lying in a hex at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "HexMarker")]
pub struct HexMarkerDef {
    /// Which marker.
    pub kind: HexMarkerKind,
    /// Hex number.
    pub hex: String,
    /// Side id that placed it.
    pub side: String,
    /// Id of the counter or off-board factor that placed it.
    pub source: String,
}

/// How hexes are laid out. Flat-topped hexes in columns is the only layout so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Orientation {
    /// Flat-topped hexes, columns numbered left to right, odd columns (0-based) half a hex up.
    #[default]
    FlatColumns,
}

/// The map of a scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Map")]
pub struct MapDef {
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
    /// Hex layout.
    #[serde(default)]
    pub orientation: Orientation,
    /// One string per row, one terrain glyph per column.
    pub terrain: Vec<String>,
    /// One string per row, one digit (contour level) per column; empty for a flat map.
    #[serde(default)]
    pub elevation: Vec<String>,
    /// Roads, each a path of adjacent hex numbers separated by spaces.
    #[serde(default)]
    pub roads: Vec<String>,
    /// Rivers, each a path of adjacent hex numbers separated by spaces.
    #[serde(default)]
    pub rivers: Vec<String>,
    /// River hexes with a bridge.
    #[serde(default)]
    pub bridges: Vec<String>,
    /// River hexes with a ford.
    #[serde(default)]
    pub fords: Vec<String>,
}

/// One side of the battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Side")]
pub struct SideDef {
    /// Id used by counters ("british").
    pub id: String,
    /// Name shown to players.
    pub name: String,
    /// Counter colour, `"#rrggbb"`.
    pub colour: String,
}

/// A unit counter in the set-up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Counter")]
pub struct CounterDef {
    /// Unique id.
    pub id: String,
    /// Owning side id.
    pub side: String,
    /// Unit type id from the rule set's data.
    pub unit: String,
    /// Hex number where it starts.
    pub hex: String,
    /// Name printed on the counter; the id when empty.
    #[serde(default)]
    pub name: String,
    /// Steps at start; full strength when absent.
    #[serde(default)]
    pub steps: Option<u8>,
    /// Morale; the side's morale when absent.
    #[serde(default)]
    pub morale: Option<u8>,
    /// Markers on it at the start.
    #[serde(default)]
    pub markers: Vec<MarkerKind>,
    /// The hexside it faces, in rule sets with facing (the rule set decides when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<FacingDef>,
    /// The kinds of its stands or bases, left to right along its front, for a unit
    /// made of stands lost one by one (none when empty).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stands: Vec<String>,
}

/// A hexside a counter faces, as the printed map shows it (flat-topped hexes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FacingDef {
    /// Up the map.
    North,
    /// Up and to the right.
    NorthEast,
    /// Down and to the right.
    SouthEast,
    /// Down the map.
    South,
    /// Down and to the left.
    SouthWest,
    /// Up and to the left.
    NorthWest,
}

impl FacingDef {
    /// Every facing, clockwise from North.
    pub const ALL: [Self; 6] = [
        Self::North,
        Self::NorthEast,
        Self::SouthEast,
        Self::South,
        Self::SouthWest,
        Self::NorthWest,
    ];

    /// The hexside this is on the grid. Flat-topped columns with odd (0-based)
    /// columns half a hex up: seen from column 2, row 2, the neighbour printed above
    /// is (2, 1), up and to the right (3, 2), down and to the right (3, 3), and so on.
    pub fn direction(self) -> hexx::EdgeDirection {
        use crate::coords::MapCoord;
        let (col, row) = match self {
            Self::North => (2, 1),
            Self::NorthEast => (3, 2),
            Self::SouthEast => (3, 3),
            Self::South => (2, 3),
            Self::SouthWest => (1, 3),
            Self::NorthWest => (1, 2),
        };
        MapCoord::new(2, 2)
            .to_hex()
            .neighbor_direction(MapCoord::new(col, row).to_hex())
            .unwrap_or(hexx::EdgeDirection::FLAT_TOP)
    }

    /// The facing of a grid direction.
    pub fn of(direction: hexx::EdgeDirection) -> Self {
        Self::ALL
            .into_iter()
            .find(|f| f.direction() == direction)
            .unwrap_or(Self::North)
    }
}

/// A hex worth victory points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Objective")]
pub struct ObjectiveDef {
    /// Hex number.
    pub hex: String,
    /// Points for the side holding it at the end.
    pub points: u32,
    /// Side id holding it at the start, if any.
    #[serde(default)]
    pub held_by: Option<String>,
}

/// How the game is won: points for objectives held and enemy steps destroyed;
/// the side with more points at the end wins, equal points are a draw.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Victory")]
pub struct VictoryDef {
    /// Objective hexes.
    #[serde(default)]
    pub objectives: Vec<ObjectiveDef>,
    /// Points per enemy step destroyed.
    #[serde(default)]
    pub step_loss_points: u32,
}

impl Serialize for ScenarioFile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut f = s.serialize_struct("Scenario", 9 + usize::from(self.section.is_some()))?;
        f.serialize_field("rules", &self.rules)?;
        f.serialize_field("title", &self.title)?;
        f.serialize_field("briefing", &self.briefing)?;
        f.serialize_field("turns", &self.turns)?;
        f.serialize_field("map", &self.map)?;
        f.serialize_field("sides", &self.sides)?;
        f.serialize_field("counters", &self.counters)?;
        f.serialize_field("hex_markers", &self.hex_markers)?;
        f.serialize_field("victory", &self.victory)?;
        if let Some(section) = &self.section {
            f.serialize_field(section.rules, section)?;
        }
        f.end()
    }
}

/// Parses a colour written `"#rrggbb"`.
pub fn parse_colour(s: &str) -> Option<[u8; 3]> {
    let hex = s
        .strip_prefix('#')
        .filter(|h| h.len() == 6 && h.is_ascii())?;
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

/// The axial hex of a printed hex number (for tests and tools).
pub fn hex_of(label: &str) -> Option<Hex> {
    MapCoord::parse_label(label).ok().map(MapCoord::to_hex)
}
