//! The Great War's section of a scenario file (each side's figures and Artillery
//! Plan, the leaders pool), its checks, and what it puts on the table.

use super::Mission;
use super::orders::Assignment;
use crate::coords::MapCoord;
use crate::counters::{Counter, Leader, LeaderKind, Morale, OnHex, PieceIds, Steps};
use crate::data::{RuleSetData, UnitClass};
use crate::map::HexIndex;
use crate::scenario::{CounterDef, PerSide, ScenarioFile, SideEntry, hex_on_map};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The Great War's section: `great_war: (sides: [...], leaders: [...])`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "GreatWar")]
pub struct GwScenario {
    /// Each side's figures, one entry per side of the scenario.
    pub sides: PerSide<GwSide>,
    /// The leaders pool.
    #[serde(default)]
    pub leaders: Vec<LeaderDef>,
}

/// One side's Great War figures.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Side")]
pub struct GwSide {
    /// The side's id, as in the scenario's `sides`.
    pub side: String,
    /// Added to the side's initiative die roll.
    #[serde(default)]
    pub initiative: i8,
    /// Morale of the side's units unless a counter says otherwise.
    pub morale: u8,
    /// Turns on which each Planned Fire unit or factor may fire.
    #[serde(default)]
    pub artillery_ammunition: u8,
    /// Open Sights fire rolls over this deplete the unit.
    #[serde(default)]
    pub ammunition_depletion: u8,
    /// Off-board artillery factors.
    #[serde(default)]
    pub off_board_artillery: Vec<OffBoardDef>,
    /// The scenario's own Artillery Plan for the side, offered to its player in the
    /// set-up (who may file it or another); checked like a plan filed in play.
    #[serde(default)]
    pub artillery_plan: Vec<Assignment>,
}

/// An off-board artillery factor.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "OffBoardArtillery")]
pub struct OffBoardDef {
    /// Unique id.
    pub id: String,
    /// Name shown on the Artillery Plan sheet.
    pub name: String,
    /// Bombardment strength.
    pub strength: u8,
}

/// A leader counter in the leaders pool.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Leader")]
pub struct LeaderDef {
    /// Unique id.
    pub id: String,
    /// Owning side id.
    pub side: String,
    /// Name printed on the counter.
    pub name: String,
    /// Infantry or Cavalry.
    pub kind: LeaderKind,
    /// Rank, 1 lowest.
    pub rank: u8,
    /// Printed morale.
    pub morale: u8,
    /// Combat modifier.
    #[serde(default)]
    pub combat: i8,
    /// Morale modifier.
    #[serde(default)]
    pub morale_modifier: i8,
    /// Hex number where he starts.
    pub hex: String,
    /// Flipped in the set-up like the rest of the pool (the default); `false` places
    /// him face-up without a flip (a commander the scenario names).
    #[serde(default = "yes")]
    pub flip: bool,
}

impl SideEntry for GwSide {
    fn side_id(&self) -> &str {
        &self.side
    }
}

fn yes() -> bool {
    true
}

/// Each side's Great War figures in play, by side index.
#[derive(Resource, Clone, Debug, Default)]
pub struct GwSides(pub PerSide<GwSide>);

impl GwSides {
    /// Side `side`'s figures (the defaults for a bad index).
    pub fn get(&self, side: u8) -> &GwSide {
        static NONE: std::sync::OnceLock<GwSide> = std::sync::OnceLock::new();
        self.0
            .side(side)
            .unwrap_or_else(|| NONE.get_or_init(GwSide::default))
    }
}

/// A leader the scenario places face-up without the set-up flip.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoFlip;

/// A new scenario's section: morale 8, Artillery Ammunition 3 and Ammunition
/// Depletion 8 for each side.
pub fn new_section(sides: &[crate::scenario::SideDef]) -> GwScenario {
    GwScenario {
        sides: PerSide::new(sides, |(_, s)| GwSide {
            side: s.id.clone(),
            morale: 8,
            artillery_ammunition: 3,
            ammunition_depletion: 8,
            ..GwSide::default()
        }),
        leaders: Vec::new(),
    }
}

/// Puts the section on the table: each side's figures (by side index), the morale
/// of counters that give none, and the leaders pool.
pub fn spawn(world: &mut World, file: &ScenarioFile) {
    let section = file.section::<GwScenario>().cloned().unwrap_or_default();
    let sides = section.sides.in_side_order(&file.sides);
    let side_index = |id: &str| file.sides.iter().position(|s| s.id == id).unwrap_or(0) as u8;
    for c in file.counters.iter().filter(|c| c.morale.is_none()) {
        let morale = sides[usize::from(side_index(&c.side))].morale;
        if let Some(e) = world.resource::<PieceIds>().0.get(&c.id).copied() {
            world.entity_mut(e).insert(Morale(morale));
        }
    }
    for l in &section.leaders {
        let Ok(coord) = MapCoord::parse_label(&l.hex) else {
            continue;
        };
        let kind_id = match l.kind {
            LeaderKind::Infantry => "infantry_leader",
            LeaderKind::Cavalry => "cavalry_leader",
        };
        let mut e = world.spawn((
            Counter {
                id: l.id.clone(),
                name: l.name.clone(),
                side: side_index(&l.side),
                unit_type: kind_id.into(),
                class: UnitClass::Leader,
            },
            OnHex(coord.to_hex()),
            Steps { current: 1, max: 1 },
            Morale(l.morale),
            Leader {
                kind: l.kind,
                rank: l.rank,
                combat: l.combat,
                morale_mod: l.morale_modifier,
            },
        ));
        if !l.flip {
            e.insert(NoFlip);
        }
        let id = e.id();
        world.resource_mut::<PieceIds>().0.insert(l.id.clone(), id);
        world.resource_mut::<HexIndex>().place(coord.to_hex(), id);
    }
    world.insert_resource(GwSides(sides));
}

/// Errors as (field path, message), located by the core.
type Errors = Vec<(String, String)>;

fn push(errs: &mut Errors, field: &str, message: String) {
    errs.push((field.to_owned(), message));
}

/// Every Great War check of the file: a section with one entry per side, off-board
/// artillery, the scenario's Artillery Plans, the leaders pool and what placed each
/// hex marker.
pub fn check(file: &ScenarioFile) -> Errors {
    let data = crate::rules::great_war::INFO.data();
    let mut errs = Errors::new();
    let Some(section) = file.section::<GwScenario>() else {
        push(
            &mut errs,
            "rules",
            "a Great War scenario needs a `great_war: (sides: [...])` section giving each side's morale".into(),
        );
        return errs;
    };
    errs.extend(section.sides.check_sides(
        &file.sides,
        "great_war.sides",
        "its morale at least",
        |i, side, errs| {
            for (j, f) in side.off_board_artillery.iter().enumerate() {
                if f.strength == 0 {
                    push(
                        errs,
                        &format!("great_war.sides[{i}].off_board_artillery[{j}].strength"),
                        "strength must be at least 1".into(),
                    );
                }
            }
            check_plan(file, data, i, side, errs);
        },
    ));
    check_leaders(file, section, &mut errs);
    errs
}

fn side_ids(file: &ScenarioFile) -> String {
    file.sides
        .iter()
        .map(|s| s.id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Leaders: ids unique among all counters, a known side, a rank, a hex on the map;
/// and each hex marker placed by a counter, a leader or an off-board factor.
fn check_leaders(file: &ScenarioFile, section: &GwScenario, errs: &mut Errors) {
    let mut ids: BTreeSet<&str> = file.counters.iter().map(|c| c.id.as_str()).collect();
    for (i, l) in section.leaders.iter().enumerate() {
        let at = |f: &str| format!("great_war.leaders[{i}].{f}");
        if !ids.insert(&l.id) {
            push(
                errs,
                &at("id"),
                format!("counter id `{}` is used twice", l.id),
            );
        }
        if !file.sides.iter().any(|s| s.id == l.side) {
            push(
                errs,
                &at("side"),
                format!("unknown side `{}`; sides are: {}", l.side, side_ids(file)),
            );
        }
        if l.rank == 0 {
            push(errs, &at("rank"), "ranks start at 1".into());
        }
        if let Err(msg) = hex_on_map(&file.map, &l.hex) {
            push(errs, &at("hex"), msg);
        }
    }
    for (i, m) in file.hex_markers.iter().enumerate() {
        let factor = section
            .sides
            .iter()
            .any(|s| s.off_board_artillery.iter().any(|f| f.id == m.source));
        if !ids.contains(m.source.as_str()) && !factor {
            push(
                errs,
                &format!("hex_markers[{i}].source"),
                format!(
                    "`{}` is neither a counter nor an off-board artillery factor",
                    m.source
                ),
            );
        }
    }
}

/// The scenario's Artillery Plan for side `i`: sources that exist, one mission
/// each, a hex per turn on the map, no more firing turns than the ammunition allows,
/// on-board targets in range.
fn check_plan(file: &ScenarioFile, data: &RuleSetData, i: usize, side: &GwSide, errs: &mut Errors) {
    let mut seen = BTreeSet::new();
    if !side.artillery_plan.is_empty() {
        check_every_gun_planned(file, data, i, side, errs);
    }
    for (j, a) in side.artillery_plan.iter().enumerate() {
        let at = |f: &str| format!("great_war.sides[{i}].artillery_plan[{j}].{f}");
        if !seen.insert(a.source.as_str()) {
            push(
                errs,
                &at("source"),
                format!("`{}` is given two missions", a.source),
            );
        }
        let factor = side.off_board_artillery.iter().any(|f| f.id == a.source);
        let unit = file.counters.iter().find(|c| {
            c.id == a.source
                && c.side == side.side
                && data
                    .units
                    .get(&c.unit)
                    .is_some_and(|u| u.full.bombard.is_some())
        });
        if !factor && unit.is_none() {
            push(
                errs,
                &at("source"),
                format!(
                    "`{}` is neither an artillery unit nor an off-board factor of {}",
                    a.source, side.side
                ),
            );
            continue;
        }
        let field = at("mission");
        match &a.mission {
            Mission::PlannedFire { targets } => {
                check_planned_fire(file, data, side, unit, targets, &field, errs);
            }
            Mission::OpenSights | Mission::Move { .. } if factor => push(
                errs,
                &field,
                "an off-board factor's only mission is Planned Fire".into(),
            ),
            Mission::OpenSights => {}
            Mission::Move { destination } => {
                if on_map(file, destination).is_none() {
                    push(
                        errs,
                        &field,
                        format!("destination `{destination}` is not a hex of the map"),
                    );
                }
            }
        }
    }
}

/// The map hex `label` names, if it names one of this scenario's map.
fn on_map(file: &ScenarioFile, label: &str) -> Option<MapCoord> {
    MapCoord::parse_label(label)
        .ok()
        .filter(|c| c.col < file.map.width && c.row < file.map.height)
}

/// A side with an Artillery Plan gives a mission to every artillery unit and
/// off-board factor it has.
fn check_every_gun_planned(
    file: &ScenarioFile,
    data: &RuleSetData,
    i: usize,
    side: &GwSide,
    errs: &mut Errors,
) {
    let missing: Vec<&str> = file
        .counters
        .iter()
        .filter(|c| {
            c.side == side.side
                && data
                    .units
                    .get(&c.unit)
                    .is_some_and(|u| u.full.bombard.is_some())
        })
        .map(|c| c.id.as_str())
        .chain(side.off_board_artillery.iter().map(|f| f.id.as_str()))
        .filter(|id| !side.artillery_plan.iter().any(|a| a.source == *id))
        .collect();
    if !missing.is_empty() {
        push(
            errs,
            &format!("great_war.sides[{i}].artillery_plan"),
            format!(
                "every artillery unit and factor of {} needs a mission; missing: {}",
                side.side,
                missing.join(", ")
            ),
        );
    }
}

/// A Planned Fire mission: a target (or none) for each turn of the scenario, fire on
/// no more turns than the side's ammunition allows, each target a hex of the map
/// within the unit's range (`unit` is `None` for an off-board factor).
fn check_planned_fire(
    file: &ScenarioFile,
    data: &RuleSetData,
    side: &GwSide,
    unit: Option<&CounterDef>,
    targets: &[Option<String>],
    field: &str,
    errs: &mut Errors,
) {
    if targets.len() != usize::from(file.turns) {
        push(
            errs,
            field,
            format!(
                "the plan has {} turns, the scenario {}",
                targets.len(),
                file.turns
            ),
        );
    }
    let firing = targets.iter().filter(|t| t.is_some()).count();
    if firing > usize::from(side.artillery_ammunition) {
        push(
            errs,
            field,
            format!(
                "plotted to fire on {firing} turns; the side's artillery_ammunition allows {}",
                side.artillery_ammunition
            ),
        );
    }
    let from = unit.and_then(|u| {
        Some((
            on_map(file, &u.hex)?,
            data.units.get(&u.unit)?.full.bombard?.range,
        ))
    });
    for (t, target) in targets.iter().enumerate() {
        let Some(label) = target else { continue };
        match on_map(file, label) {
            None => push(
                errs,
                field,
                format!("turn {}: `{label}` is not a hex of the map", t + 1),
            ),
            Some(c) => {
                if let Some((h, range)) = from
                    && h.to_hex().unsigned_distance_to(c.to_hex()) > u32::from(range)
                {
                    push(
                        errs,
                        field,
                        format!("turn {}: hex {label} is beyond range {range}", t + 1),
                    );
                }
            }
        }
    }
}
