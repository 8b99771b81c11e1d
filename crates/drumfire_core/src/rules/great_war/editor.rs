//! The Great War's part of the scenario editor: its section's side figures, off-board
//! artillery, Artillery Plans and leaders pool, changed by [`GwEdit`]s, and the hooks
//! that keep the section true to the core's edits (a piece moved, renamed or removed,
//! the map cut down, the game made shorter).

use super::orders::{Assignment, Mission};
use super::scenario::{GwScenario, GwSide, LeaderDef, OffBoardDef};
use crate::counters::LeaderKind;
use crate::editor::{SectionEdit, SectionPiece, fresh_id, hex_label, side_index};
use crate::rule_set::RuleSetInfo;
use crate::scenario::ScenarioFile;

/// One of a side's Great War figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideField {
    /// Added to the initiative die.
    Initiative(i8),
    /// Morale of its units.
    Morale(u8),
    /// Artillery Ammunition: turns of Planned Fire per battery or factor.
    ArtilleryAmmunition(u8),
    /// Ammunition Depletion number for Open Sights fire.
    AmmunitionDepletion(u8),
    /// Add an off-board artillery factor (id, name, strength).
    AddFactor(String, String, u8),
    /// Remove an off-board factor by id (and its missions).
    RemoveFactor(String),
}

/// A change to the Great War's section of a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GwEdit {
    /// A side's figure.
    Side {
        /// Side index.
        index: usize,
        /// The figure and its value.
        field: SideField,
    },
    /// Place a new leader in the pool.
    PlaceLeader {
        /// Side id.
        side: String,
        /// Infantry or cavalry.
        kind: LeaderKind,
        /// Rank, 1 lowest.
        rank: u8,
        /// Hex number.
        hex: String,
    },
    /// Whether a leader is flipped in the set-up.
    Flip {
        /// Its id.
        id: String,
        /// Flipped like the pool (true) or a named commander (false).
        flip: bool,
    },
    /// Set a side's artillery missions (the scenario's plan).
    Missions {
        /// Side id.
        side: String,
        /// The plan.
        missions: Vec<Assignment>,
    },
}

impl SectionEdit for GwEdit {
    fn apply(&self, file: &mut ScenarioFile, rules: &'static RuleSetInfo) -> Result<(), String> {
        match self {
            GwEdit::Side { index, field } => {
                if *index >= file.sides.len() {
                    return Err(format!("there is no side number {index}"));
                }
                let side = side_mut(file, *index)?;
                match field {
                    SideField::Initiative(n) => side.initiative = *n,
                    SideField::Morale(n) => side.morale = *n,
                    SideField::ArtilleryAmmunition(n) => side.artillery_ammunition = *n,
                    SideField::AmmunitionDepletion(n) => side.ammunition_depletion = *n,
                    SideField::AddFactor(id, name, strength) => {
                        side.off_board_artillery.push(OffBoardDef {
                            id: id.clone(),
                            name: name.clone(),
                            strength: *strength,
                        })
                    }
                    SideField::RemoveFactor(id) => {
                        side.off_board_artillery.retain(|f| f.id != *id);
                        side.artillery_plan.retain(|a| a.source != *id);
                    }
                }
            }
            GwEdit::PlaceLeader {
                side,
                kind,
                rank,
                hex,
            } => {
                let s = side_index(file, side)?;
                let label = hex_label(file, hex)?;
                let stem = match kind {
                    LeaderKind::Infantry => "leader",
                    LeaderKind::Cavalry => "cav_leader",
                };
                let id = fresh_id(file, rules, &format!("{side}_{stem}"));
                let rank = (*rank).max(1);
                let morale = side_mut(file, s)?.morale;
                section_mut(file)?.leaders.push(LeaderDef {
                    name: format!("{} {id}", rank_name(rank)),
                    id,
                    side: side.clone(),
                    kind: *kind,
                    rank,
                    morale,
                    combat: 0,
                    morale_modifier: 0,
                    hex: label,
                    flip: true,
                });
            }
            GwEdit::Flip { id, flip } => {
                let l = section_mut(file)?
                    .leaders
                    .iter_mut()
                    .find(|l| l.id == *id)
                    .ok_or_else(|| format!("there is no leader `{id}`"))?;
                l.flip = *flip;
            }
            GwEdit::Missions { side, missions } => {
                let s = side_index(file, side)?;
                side_mut(file, s)?.artillery_plan = missions.clone();
            }
        }
        Ok(())
    }
}

/// The hooks that keep the section true to the core's edits.
impl crate::rule_set::EditorSection for super::GreatWar {
    fn pieces(file: &ScenarioFile) -> Vec<SectionPiece> {
        pieces(file)
    }
    fn move_piece(file: &mut ScenarioFile, id: &str, hex: &str) -> bool {
        move_piece(file, id, hex)
    }
    fn rename_piece(file: &mut ScenarioFile, id: &str, name: &str) -> bool {
        rename_piece(file, id, name)
    }
    fn forget(file: &mut ScenarioFile, id: &str) {
        forget(file, id);
    }
    fn keep_on_map(file: &mut ScenarioFile, fits: &crate::editor::OnMap<'_>) {
        keep_on_map(file, fits);
    }
    fn set_turns(file: &mut ScenarioFile, turns: u16) {
        set_turns(file, turns);
    }
    fn field_hex(file: &ScenarioFile, field: &str) -> Option<String> {
        field_hex(file, field)
    }
}

/// The hex of the leader a field path names (`great_war.leaders[2].rank`).
fn field_hex(file: &ScenarioFile, field: &str) -> Option<String> {
    let rest = field.strip_prefix(&format!("{}.leaders[", super::INFO.id))?;
    let i: usize = rest.split(']').next()?.parse().ok()?;
    leaders(file).get(i).map(|l| l.hex.clone())
}

/// The leaders pool: pieces the section places on the map.
fn pieces(file: &ScenarioFile) -> Vec<SectionPiece> {
    leaders(file)
        .iter()
        .map(|l| SectionPiece {
            id: l.id.clone(),
            name: l.name.clone(),
            side: l.side.clone(),
            hex: l.hex.clone(),
        })
        .collect()
}

fn leader_mut<'a>(file: &'a mut ScenarioFile, id: &str) -> Option<&'a mut LeaderDef> {
    file.section_mut::<GwScenario>()?
        .leaders
        .iter_mut()
        .find(|l| l.id == id)
}

fn move_piece(file: &mut ScenarioFile, id: &str, hex: &str) -> bool {
    leader_mut(file, id)
        .map(|l| l.hex = hex.to_owned())
        .is_some()
}

fn rename_piece(file: &mut ScenarioFile, id: &str, name: &str) -> bool {
    leader_mut(file, id)
        .map(|l| l.name = name.to_owned())
        .is_some()
}

/// A piece gone: the leader with its id, and every mission it fired.
fn forget(file: &mut ScenarioFile, id: &str) {
    if let Some(gw) = file.section_mut::<GwScenario>() {
        gw.leaders.retain(|l| l.id != id);
        for s in &mut gw.sides {
            s.artillery_plan.retain(|a| a.source != id);
        }
    }
}

fn keep_on_map(file: &mut ScenarioFile, fits: &crate::editor::OnMap<'_>) {
    if let Some(gw) = file.section_mut::<GwScenario>() {
        gw.leaders.retain(|l| fits(&l.hex));
    }
}

/// Plans keep one cell per turn.
fn set_turns(file: &mut ScenarioFile, turns: u16) {
    let Some(gw) = file.section_mut::<GwScenario>() else {
        return;
    };
    for s in &mut gw.sides {
        for a in &mut s.artillery_plan {
            if let Mission::PlannedFire { targets } = &mut a.mission {
                targets.resize(usize::from(turns), None);
            }
        }
    }
}

fn rank_name(rank: u8) -> &'static str {
    match rank {
        1 => "Lt.",
        2 => "Capt.",
        3 => "Maj.",
        _ => "Col.",
    }
}

/// The leaders pool (empty for a file without a Great War section).
pub fn leaders(file: &ScenarioFile) -> &[LeaderDef] {
    file.section::<GwScenario>()
        .map_or(&[][..], |gw| gw.leaders.as_slice())
}

/// Side `id`'s Great War figures (the defaults when the file has none).
pub fn side(file: &ScenarioFile, id: &str) -> GwSide {
    file.section::<GwScenario>()
        .and_then(|gw| gw.sides.by_id(id).cloned())
        .unwrap_or_default()
}

/// The Great War section, to change.
fn section_mut(file: &mut ScenarioFile) -> Result<&mut GwScenario, String> {
    let rules = file.rules.clone();
    file.section_mut::<GwScenario>()
        .ok_or_else(|| format!("the {rules} rules have no leaders, Artillery Plans or side morale"))
}

/// Side `index`'s Great War figures, to change (made if the section lacks them).
fn side_mut(file: &mut ScenarioFile, index: usize) -> Result<&mut GwSide, String> {
    let id = file
        .sides
        .get(index)
        .map(|s| s.id.clone())
        .unwrap_or_default();
    Ok(section_mut(file)?.sides.by_id_mut(&id, || GwSide {
        side: id.clone(),
        morale: 8,
        ..GwSide::default()
    }))
}
