//! The Skirmish section of a scenario: each side's colours, a piece on the map of
//! the section's own, which the scenario editor places, moves, renames and removes
//! like a counter.

use super::{Skirmish, Unit};
use bevy_ecs::prelude::*;
use drumfire_core::editor::{OnMap, SectionPiece};
use drumfire_core::rule_set::EditorSection;
use drumfire_core::scenario::{ScenarioFile, hex_on_map};
use serde::{Deserialize, Serialize};

/// The section, written `skirmish: (flags: [...])`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkScenario {
    /// Each side's colours.
    #[serde(default)]
    pub flags: Vec<Flag>,
}

/// A side's colours on the map.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flag {
    /// Its id, unique among the scenario's pieces.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The side's id.
    pub side: String,
    /// Its hex number.
    pub hex: String,
}

/// Where each side's colours stand in the game: (side, hex).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Colours(pub Vec<(u8, hexx::Hex)>);

/// Puts the colours on the table.
pub fn spawn(world: &mut World, file: &ScenarioFile) {
    let colours = file
        .section::<SkScenario>()
        .map(|s| {
            s.flags
                .iter()
                .filter_map(|f| {
                    let side = file.sides.iter().position(|d| d.id == f.side)? as u8;
                    Some((side, drumfire_core::scenario::hex_of(&f.hex)?))
                })
                .collect()
        })
        .unwrap_or_default();
    world.insert_resource(Colours(colours));
}

/// Does unit `u` stand at or beside its own side's colours?
pub fn at_colours(world: &World, u: &Unit) -> bool {
    world.get_resource::<Colours>().is_some_and(|c| {
        c.0.iter()
            .any(|(side, hex)| *side == u.side && u.hex.distance_to(*hex) <= 1)
    })
}

/// The section's checks: each flag's side is a side of the scenario, its hex on the
/// map, its id no other piece's.
pub fn check(file: &ScenarioFile) -> Vec<(String, String)> {
    let mut errs = Vec::new();
    let Some(section) = file.section::<SkScenario>() else {
        return errs;
    };
    for (i, f) in section.flags.iter().enumerate() {
        let at = |field: &str| format!("skirmish.flags[{i}].{field}");
        if !file.sides.iter().any(|s| s.id == f.side) {
            errs.push((at("side"), format!("no side `{}` in this scenario", f.side)));
        }
        if let Err(e) = hex_on_map(&file.map, &f.hex) {
            errs.push((at("hex"), e));
        }
        let taken = file.counters.iter().any(|c| c.id == f.id)
            || section.flags[..i].iter().any(|g| g.id == f.id);
        if taken {
            errs.push((at("id"), format!("the id `{}` is another piece's", f.id)));
        }
    }
    errs
}

/// The flag `id` of the file's section, to change.
fn flag_mut<'a>(file: &'a mut ScenarioFile, id: &str) -> Option<&'a mut Flag> {
    file.section_mut::<SkScenario>()?
        .flags
        .iter_mut()
        .find(|f| f.id == id)
}

impl EditorSection for Skirmish {
    fn pieces(file: &ScenarioFile) -> Vec<SectionPiece> {
        let Some(section) = file.section::<SkScenario>() else {
            return Vec::new();
        };
        section
            .flags
            .iter()
            .map(|f| SectionPiece {
                id: f.id.clone(),
                name: f.name.clone(),
                side: f.side.clone(),
                hex: f.hex.clone(),
            })
            .collect()
    }
    fn move_piece(file: &mut ScenarioFile, id: &str, hex: &str) -> bool {
        flag_mut(file, id).map(|f| f.hex = hex.to_owned()).is_some()
    }
    fn rename_piece(file: &mut ScenarioFile, id: &str, name: &str) -> bool {
        flag_mut(file, id)
            .map(|f| f.name = name.to_owned())
            .is_some()
    }
    fn forget(file: &mut ScenarioFile, id: &str) {
        if let Some(s) = file.section_mut::<SkScenario>() {
            s.flags.retain(|f| f.id != id);
        }
    }
    fn keep_on_map(file: &mut ScenarioFile, fits: &OnMap<'_>) {
        if let Some(s) = file.section_mut::<SkScenario>() {
            s.flags.retain(|f| fits(&f.hex));
        }
    }
    fn field_hex(file: &ScenarioFile, field: &str) -> Option<String> {
        let rest = field.strip_prefix("skirmish.flags[")?;
        let i: usize = rest.split(']').next()?.parse().ok()?;
        Some(file.section::<SkScenario>()?.flags.get(i)?.hex.clone())
    }
}
