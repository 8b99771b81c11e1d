//! Rule-set data: terrain types and unit types, read from RON files that are
//! compiled into the binary (one pair per rule set, under `rules/<rule set>/`).

use crate::error::LocatedError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One kind of terrain, as a terrain effects chart lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainType {
    /// Id used in scenarios and code ("clear", "woods").
    pub id: String,
    /// Name shown to players.
    pub name: String,
    /// The one character that stands for it in a scenario's terrain rows.
    pub glyph: char,
    /// Movement points to enter; `None` means impassable.
    pub move_cost: Option<u8>,
    /// Does it block line of sight through the hex?
    pub blocks_sight: bool,
    /// Does it give cover to units in it?
    pub cover: bool,
    /// Base colour on the map, as `[r, g, b]`.
    pub colour: [u8; 3],
}

/// What a unit is, for the rules: company, machinegun, artillery, leader...
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum UnitClass {
    /// Infantry company.
    Infantry,
    /// Cavalry company (mounted or dismounted piece).
    Cavalry,
    /// Machinegun unit (not a company).
    Machinegun,
    /// Mortar unit (not a company).
    Mortar,
    /// On-board artillery battery (not a company).
    Artillery,
    /// Engineers or pioneers (a company).
    Engineer,
    /// A leader counter.
    Leader,
    /// A command unit: a headquarters that fights and helps the units beside it.
    Command,
    /// Horse teams or lorries that carry units with a movement allowance of 0 (not a company).
    Transport,
    /// A tank unit (not a company).
    Tank,
    /// An armored car unit (not a company).
    ArmoredCar,
}

impl UnitClass {
    /// Companies count against the two-company stacking limit.
    pub fn is_company(self) -> bool {
        matches!(self, Self::Infantry | Self::Cavalry | Self::Engineer)
    }
}

/// A fire value printed on a counter: strength, then range in hexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FireValue {
    /// Fire strength.
    pub strength: u8,
    /// Range in hexes.
    pub range: u8,
}

/// The printed face of one side of a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterFace {
    /// Direct Fire (black numbers), if any.
    #[serde(default)]
    pub direct: Option<FireValue>,
    /// Bombardment Fire (white numbers), if any.
    #[serde(default)]
    pub bombard: Option<FireValue>,
    /// Movement allowance in movement points (in hexes for rule sets that move by hexes).
    pub movement: u8,
    /// Close Combat Power, for rule sets that fight close combats with it.
    #[serde(default)]
    pub close_combat: Option<u8>,
}

/// One unit type: its class, its printed faces and how it looks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitType {
    /// Id used in scenarios ("rifle_company").
    pub id: String,
    /// Name shown to players.
    pub name: String,
    /// Class for stacking, leadership and symbols.
    pub class: UnitClass,
    /// Full-strength face.
    pub full: CounterFace,
    /// Reduced face; `None` for one-step units.
    #[serde(default)]
    pub reduced: Option<CounterFace>,
    /// Mounted (for cavalry pieces that show the unit on horseback).
    #[serde(default)]
    pub mounted: bool,
    /// The unit type of the other piece of the same unit (a cavalry unit's
    /// mounted or dismounted piece), swapped in by mounting or dismounting.
    #[serde(default)]
    pub counterpart: Option<String>,
    /// What the rules single out about the type ("regular_european" cavalry).
    #[serde(default)]
    pub traits: Vec<String>,
}

impl UnitType {
    /// Steps of a fresh unit: two if it has a reduced side.
    pub fn max_steps(&self) -> u8 {
        if self.reduced.is_some() { 2 } else { 1 }
    }

    /// The face shown at `steps` remaining.
    pub fn face(&self, steps: u8) -> &CounterFace {
        match (&self.reduced, steps) {
            (Some(reduced), s) if s < 2 => reduced,
            _ => &self.full,
        }
    }
}

/// The file format of a rule set's data.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSetDataFile {
    /// Terrain types.
    pub terrain: Vec<TerrainType>,
    /// Unit types.
    pub units: Vec<UnitType>,
    /// Most units in one hex (leaders do not count).
    pub stack_limit: u8,
    /// Most companies in one hex.
    pub company_stack_limit: u8,
}

/// A rule set's data, indexed by id.
#[derive(Clone, Debug)]
pub struct RuleSetData {
    /// Terrain types by id.
    pub terrain: BTreeMap<String, TerrainType>,
    /// Unit types by id.
    pub units: BTreeMap<String, UnitType>,
    /// Most units in one hex (leaders do not count).
    pub stack_limit: u8,
    /// Most companies in one hex.
    pub company_stack_limit: u8,
}

impl RuleSetData {
    /// Parses and checks a data file (ids unique, glyphs unique).
    pub fn parse(file: &str, text: &str) -> Result<Self, LocatedError> {
        let raw: RuleSetDataFile = crate::error::read_ron(file, text)?;
        let at = |needle: &str, field: String, message: String| {
            let pos = text
                .find(needle)
                .map(|o| crate::error::TextPos::of_offset(text, o))
                .unwrap_or_default();
            LocatedError {
                file: file.to_owned(),
                line: pos.line.max(1),
                col: pos.col.max(1),
                field,
                message,
            }
        };
        let mut terrain = BTreeMap::new();
        let mut glyphs = BTreeMap::new();
        for (i, t) in raw.terrain.into_iter().enumerate() {
            if let Some(other) = glyphs.insert(t.glyph, t.id.clone()) {
                return Err(at(
                    &t.id,
                    format!("terrain[{i}].glyph"),
                    format!("glyph '{}' is already used by `{other}`", t.glyph),
                ));
            }
            if terrain.contains_key(&t.id) {
                return Err(at(
                    &t.id,
                    format!("terrain[{i}].id"),
                    format!("terrain `{}` is defined twice", t.id),
                ));
            }
            terrain.insert(t.id.clone(), t);
        }
        let mut units = BTreeMap::new();
        for (i, u) in raw.units.into_iter().enumerate() {
            if units.contains_key(&u.id) {
                return Err(at(
                    &u.id,
                    format!("units[{i}].id"),
                    format!("unit type `{}` is defined twice", u.id),
                ));
            }
            units.insert(u.id.clone(), u);
        }
        for (i, u) in units.values().enumerate() {
            if let Some(other) = &u.counterpart
                && units.get(other).and_then(|o| o.counterpart.as_ref()) != Some(&u.id)
            {
                return Err(at(
                    &u.id,
                    format!("units[{i}].counterpart"),
                    format!(
                        "`{}` names `{other}` as its other piece, but `{other}` does not name it back",
                        u.id
                    ),
                ));
            }
        }
        Ok(Self {
            terrain,
            units,
            stack_limit: raw.stack_limit,
            company_stack_limit: raw.company_stack_limit,
        })
    }

    /// The terrain type drawn with `glyph`.
    pub fn terrain_by_glyph(&self, glyph: char) -> Option<&TerrainType> {
        self.terrain.values().find(|t| t.glyph == glyph)
    }
}
