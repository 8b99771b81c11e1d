//! Getting started.
//!
//! > "They then draw leaders of the types and ranks noted in scenario
//! > instructions, flipping them and only using the leaders that land face-up.
//! > They then assign missions to all of their artillery units and off-board
//! > artillery factors, pre-plotting the fire of those with Planned Fire missions
//! > and designating the destination hexes of those with Move missions. Not all
//! > scenarios require plotting."

use super::orders::{Assignment, Mission};
use super::state::GwState;
use super::view::{self, PieceView};
use super::{note, roll, say, side_name};
use crate::counters::{Leader, OffMap, PieceIds};
use crate::flow::{self, StepsLost};
use crate::journal::GameEvent;
use crate::orders::Refusal;
use crate::scenario::{ScenarioInfo, SideList, hex_of};
use bevy_ecs::prelude::*;
use hexx::Hex;
use std::collections::BTreeSet;

/// A leader lands face-up on this roll of one die or higher (ours: even odds, like a coin).
/// Ours — D-1 in docs/rules/great-war.md: the leader flip.
pub const FACE_UP_FROM: u8 = 4;

/// On-board artillery of a side: units with Bombardment Fire values.
pub fn artillery_units(world: &World, side: u8) -> Vec<PieceView> {
    view::all(world)
        .into_iter()
        .filter(|p| p.side == side && p.face.bombard.is_some())
        .collect()
}

/// What a side's Artillery Plan gives missions to: its on-board artillery units, each
/// with its hex and Bombardment range, then its off-board factors (no hex, any range).
pub fn plan_sources(world: &World, side: u8) -> Vec<(String, Option<(Hex, u8)>)> {
    let mut sources: Vec<(String, Option<(Hex, u8)>)> = artillery_units(world, side)
        .into_iter()
        .map(|u| {
            (
                u.base.id,
                Some((u.base.hex, u.face.bombard.map_or(0, |b| b.range))),
            )
        })
        .collect();
    sources.extend(
        world
            .resource::<GwState>()
            .factors
            .iter()
            .filter(|(_, (o, _))| *o == side)
            .map(|(id, _)| (id.clone(), None)),
    );
    sources
}

/// Flips the leaders, then waits for the Artillery Plans of the sides that have artillery.
pub fn begin_setup(world: &mut World) {
    let sides = world.resource::<SideList>().0.clone();
    world.resource_mut::<StepsLost>().0 = vec![0; sides.len()];
    let leaders: Vec<(String, Entity)> = world
        .resource::<PieceIds>()
        .0
        .iter()
        .filter(|(_, e)| {
            world.get::<Leader>(**e).is_some()
                && world.get::<super::scenario::NoFlip>(**e).is_none()
        })
        .map(|(id, e)| (id.clone(), *e))
        .collect();
    for (id, _) in leaders {
        let name = super::name_of(world, &id);
        let die = roll(world, 1, format!("leader flip: {name}"))[0];
        let face_up = die >= FACE_UP_FROM;
        if !face_up {
            super::remove_from_play(world, &id, OffMap::SetAside);
        }
        note(world, GameEvent::LeaderDrawn { piece: id, face_up });
    }
    let mut state = GwState::default();
    let figures = world.resource::<super::scenario::GwSides>().0.clone();
    for (i, s) in figures.iter().enumerate() {
        for f in &s.off_board_artillery {
            state.factors.insert(f.id.clone(), (i as u8, f.strength));
        }
    }
    let due: Vec<u8> = (0..sides.len() as u8)
        .filter(|s| {
            !artillery_units(world, *s).is_empty()
                || state.factors.values().any(|(owner, _)| owner == s)
        })
        .collect();
    state.plans_due = due;
    let done = state.plans_due.is_empty();
    world.insert_resource(state);
    world.insert_resource(super::sealing::PlanSeals::default());
    if done {
        flow::begin_first_turn(world);
    }
}

/// Checks a side's Artillery Plan against the rules.
pub fn check_plan(world: &World, side: u8, missions: &[Assignment]) -> Result<(), Refusal> {
    if world.resource::<GwState>().plans_due.first() != Some(&side) {
        return Err(Refusal(format!(
            "{} has no Artillery Plan to file now.",
            side_name(world, side)
        )));
    }
    check_missions(world, side, missions, &|u| u.hex)
}

/// Checks a side's missions against the rules, ranges measured from where `at` says
/// each battery stands (where it stood when the plan was made).
pub fn check_missions(
    world: &World,
    side: u8,
    missions: &[Assignment],
    at: &dyn Fn(&PieceView) -> Hex,
) -> Result<(), Refusal> {
    let state = world.resource::<GwState>();
    let units = artillery_units(world, side);
    let mut seen = BTreeSet::new();
    for a in missions {
        if !seen.insert(a.source.as_str()) {
            return Err(Refusal(format!("`{}` is given two missions.", a.source)));
        }
        let unit = units.iter().find(|u| u.id == a.source);
        let factor = state
            .factors
            .get(&a.source)
            .filter(|(owner, _)| *owner == side);
        if unit.is_none() && factor.is_none() {
            return Err(Refusal(format!(
                "`{}` is neither an artillery unit nor an off-board factor of {}.",
                a.source,
                side_name(world, side)
            )));
        }
        match &a.mission {
            Mission::PlannedFire { targets } => {
                check_planned_fire(world, side, &a.source, unit, targets, at)?;
            }
            Mission::OpenSights | Mission::Move { .. } if factor.is_some() => {
                return Err(Refusal(format!(
                    "`{}` is an off-board factor: its only mission is Planned Fire.",
                    a.source
                )));
            }
            Mission::OpenSights => {}
            Mission::Move { destination } => {
                check_move_mission(world, &a.source, unit, destination, at)?;
            }
        }
    }
    let missing: Vec<&str> = units
        .iter()
        .map(|u| u.id.as_str())
        .chain(
            state
                .factors
                .iter()
                .filter(|(_, (owner, _))| *owner == side)
                .map(|(id, _)| id.as_str()),
        )
        .filter(|id| !seen.contains(id))
        .collect();
    if !missing.is_empty() {
        return Err(Refusal(format!(
            "Every artillery unit and factor needs a mission; missing: {}.",
            missing.join(", ")
        )));
    }
    Ok(())
}

/// A Planned Fire mission of `source` (`unit` on the board, `None` for an off-board
/// factor): a target or none for each turn, fire on no more turns than the Artillery
/// Ammunition number allows, each target a hex of the map within the unit's range.
fn check_planned_fire(
    world: &World,
    side: u8,
    source: &str,
    unit: Option<&PieceView>,
    targets: &[Option<String>],
    at: &dyn Fn(&PieceView) -> Hex,
) -> Result<(), Refusal> {
    let ammo = world
        .resource::<super::scenario::GwSides>()
        .get(side)
        .artillery_ammunition;
    let turns = usize::from(world.resource::<ScenarioInfo>().turns);
    let board = world.resource::<super::board::Board>();
    if targets.len() != turns {
        return Err(Refusal(format!(
            "`{source}`: the plan has {} turns, the scenario {turns}.",
            targets.len()
        )));
    }
    let firing = targets.iter().filter(|t| t.is_some()).count();
    if firing > usize::from(ammo) {
        return Err(Refusal(format!(
            "`{source}` is plotted to fire on {firing} turns; the Artillery Ammunition number allows {ammo}."
        )));
    }
    for (t, target) in targets.iter().enumerate() {
        let Some(label) = target else { continue };
        let hex = hex_of(label)
            .filter(|h| board.contains(*h))
            .ok_or_else(|| {
                Refusal(format!(
                    "`{source}`, turn {}: `{label}` is not a hex of the map.",
                    t + 1
                ))
            })?;
        if let Some(u) = unit {
            let range = u.face.bombard.map_or(0, |b| b.range);
            let d = at(u).unsigned_distance_to(hex);
            if d > u32::from(range) {
                return Err(Refusal(format!(
                    "`{source}`, turn {}: hex {label} is {d} hexes away, beyond its range of {range}.",
                    t + 1
                )));
            }
        }
    }
    Ok(())
}

/// A Move mission of `source`: to a hex of the map that can be entered, other than
/// the one it stands in.
fn check_move_mission(
    world: &World,
    source: &str,
    unit: Option<&PieceView>,
    destination: &str,
    at: &dyn Fn(&PieceView) -> Hex,
) -> Result<(), Refusal> {
    let board = world.resource::<super::board::Board>();
    let hex = hex_of(destination)
        .filter(|h| board.contains(*h))
        .ok_or_else(|| {
            Refusal(format!(
                "`{source}`: destination `{destination}` is not a hex of the map."
            ))
        })?;
    if board.cell(hex).is_some_and(|c| c.cost.is_none()) {
        return Err(Refusal(format!(
            "`{source}`: destination {destination} cannot be entered."
        )));
    }
    if unit.is_some_and(|u| at(u) == hex) {
        return Err(Refusal(format!(
            "`{source}` already stands in {destination}: give it Open Sights instead."
        )));
    }
    Ok(())
}

/// Files a checked plan; the first turn starts when every plan is in.
pub fn file_plan(world: &mut World, side: u8, missions: Vec<Assignment>) {
    let mut state = world.resource_mut::<GwState>();
    for a in missions {
        state.missions.insert(a.source, a.mission);
    }
    plan_filed(world, side, "");
}

/// A side's plan is in (`how` it was filed, after the words); the first turn starts
/// when every plan is in.
pub fn plan_filed(world: &mut World, side: u8, how: &str) {
    let mut state = world.resource_mut::<GwState>();
    state.plans_due.retain(|s| *s != side);
    let done = state.plans_due.is_empty();
    let name = side_name(world, side);
    let how = if how.is_empty() {
        String::new()
    } else {
        format!(" {how}")
    };
    say(world, format!("{name} has filed its Artillery Plan{how}."));
    if done {
        flow::begin_first_turn(world);
    }
}

/// The plan that plots nothing: on-board artillery on Open Sights (firing at what
/// it can see in action segments), off-board factors NO FIRE on every turn.
pub fn open_sights_plan(world: &World, side: u8) -> Vec<Assignment> {
    let turns = usize::from(world.resource::<ScenarioInfo>().turns);
    let state = world.resource::<GwState>();
    let mut out: Vec<Assignment> = artillery_units(world, side)
        .into_iter()
        .map(|u| Assignment {
            source: u.base.id,
            mission: Mission::OpenSights,
        })
        .collect();
    out.extend(
        state
            .factors
            .iter()
            .filter(|(_, (o, _))| *o == side)
            .map(|(id, _)| Assignment {
                source: id.clone(),
                mission: Mission::PlannedFire {
                    targets: vec![None; turns],
                },
            }),
    );
    out
}

/// The plan a side filed, as it stands (a Move mission that arrived reads Open Sights):
/// its on-board units first, then its factors, each in id order.
pub fn filed_plan(world: &World, side: u8) -> Vec<Assignment> {
    // Between two machines, the side's own plan kept here while it is sealed.
    // Between two machines, the side's own plan kept here while it is sealed, each
    // mission as it stands once opened (but the Planned Fire of the turns to come).
    if let Some(own) = world
        .get_resource::<super::sealing::OwnPlan>()
        .filter(|o| o.side == side)
    {
        let state = world.resource::<GwState>();
        return own
            .missions
            .iter()
            .map(|a| match (&a.mission, state.missions.get(&a.source)) {
                (Mission::PlannedFire { .. }, _) | (_, None) => a.clone(),
                (_, Some(now)) => Assignment {
                    source: a.source.clone(),
                    mission: now.clone(),
                },
            })
            .collect();
    }
    let state = world.resource::<GwState>();
    let ids = world.resource::<PieceIds>();
    let owner = |source: &str| match state.factors.get(source) {
        Some((s, _)) => Some((*s, true)),
        None => ids
            .get(source)
            .and_then(|e| world.get::<crate::counters::Counter>(e))
            .map(|c| (c.side, false)),
    };
    let mut out: Vec<(bool, Assignment)> = state
        .missions
        .iter()
        .filter_map(|(source, mission)| {
            let (s, factor) = owner(source)?;
            (s == side).then(|| {
                (
                    factor,
                    Assignment {
                        source: source.clone(),
                        mission: mission.clone(),
                    },
                )
            })
        })
        .collect();
    out.sort_by_key(|(factor, _)| *factor);
    out.into_iter().map(|(_, a)| a).collect()
}
