//! The computer's own Artillery Plan, plotted in the set-up from what its side can see
//! then: where the enemy stands and which objectives each side holds. It never reads
//! the other side's plan.
//!
//! The side that holds fewer objective points attacks: its guns fire at the enemy
//! on or beside each objective it goes for, two turns running (the second places a
//! Drumfire marker), ending the turn before its nearest units can be there, so the
//! marker is gone when they arrive. The side that holds more defends: its guns fire
//! at the largest enemy stack in range on the first turn, then two turns running at
//! the hex two short of each of its objectives on the enemy's way in, from the turn
//! the enemy can first reach it, so that the Drumfire marker waits for them.
//! Ammunition is shared out in the objectives' order of worth. An on-board gun that
//! can see one of its targets from where it stands, or has none in range, goes on
//! Open Sights instead; an off-board factor with none fires NO FIRE. All of it is ours:
//! the seed leaves plotting to the players.

use super::orders::{Assignment, Mission};
use super::view::{self, PieceView, label};
use crate::scenario::ScenarioInfo;
use bevy_ecs::prelude::*;
use hexx::Hex;

/// Hexes a side's infantry is reckoned to cover in a turn, for timing fire.
const PACE: u32 = 3;

/// A plotted target: the hex and the turns (from 1) to fire at it.
struct Shot {
    hex: Hex,
    turns: [u16; 2],
}

/// The plan the computer files for `side`.
pub fn plot(world: &World, side: u8) -> Vec<Assignment> {
    let turns = world.resource::<ScenarioInfo>().turns;
    let objectives = crate::map::objectives(world);
    let held = |s: u8| -> u32 {
        objectives
            .iter()
            .filter(|(_, _, h)| *h == Some(s))
            .map(|(_, p, _)| p)
            .sum()
    };
    let enemy = 1 - side.min(1);
    let pieces = view::all(world);
    let units = |s: u8| -> Vec<&PieceView> {
        pieces
            .iter()
            .filter(|p| p.side == s && !p.is_leader())
            .collect()
    };
    let (ours, theirs) = (units(side), units(enemy));
    let mut by_worth = objectives.clone();
    by_worth
        .sort_by_key(|(h, p, _)| (std::cmp::Reverse(*p), crate::coords::MapCoord::from_hex(*h)));
    let shots = if held(side) < held(enemy) || held(side) == 0 {
        attack_shots(side, turns, &by_worth, &ours, &theirs)
    } else {
        defence_shots(side, turns, &by_worth, &theirs)
    };
    assign(world, side, turns, &shots)
}

/// The turn (from 1, at most the last) by which units `d` hexes away get there.
fn turn_of(d: u32, turns: u16) -> u16 {
    (1 + d.div_ceil(PACE)).min(u32::from(turns)) as u16
}

/// Attacking: the enemy on or beside each objective we do not hold, two turns
/// running, ending the turn before our nearest units can be there.
fn attack_shots(
    side: u8,
    turns: u16,
    by_worth: &[(Hex, u32, Option<u8>)],
    ours: &[&PieceView],
    theirs: &[&PieceView],
) -> Vec<Shot> {
    let nearest = |from: &[&PieceView], to: Hex| {
        from.iter()
            .map(|p| p.hex.unsigned_distance_to(to))
            .min()
            .unwrap_or(u32::MAX)
    };
    let mut shots: Vec<Shot> = Vec::new();
    for (o, _, _) in by_worth.iter().filter(|(_, _, h)| *h != Some(side)) {
        let target = theirs
            .iter()
            .filter(|p| p.hex.unsigned_distance_to(*o) <= 1)
            .min_by_key(|p| {
                (
                    p.hex.unsigned_distance_to(*o),
                    crate::coords::MapCoord::from_hex(p.hex),
                )
            })
            .map(|p| p.hex);
        let Some(t) = target else { continue };
        let arrive = turn_of(nearest(ours, t).saturating_sub(1), turns);
        let last = arrive.saturating_sub(1).max(2);
        shots.push(Shot {
            hex: t,
            turns: [last - 1, last],
        });
    }
    shots
}

/// Defending: the largest enemy stack where it stands on the first turn, then the
/// ways in to our objectives, two turns running from the turn the enemy can first
/// reach them.
fn defence_shots(
    side: u8,
    turns: u16,
    by_worth: &[(Hex, u32, Option<u8>)],
    theirs: &[&PieceView],
) -> Vec<Shot> {
    let mut shots: Vec<Shot> = Vec::new();
    let mut stacks: Vec<(Hex, usize)> = Vec::new();
    for p in theirs {
        match stacks.iter_mut().find(|(h, _)| *h == p.hex) {
            Some(s) => s.1 += 1,
            None => stacks.push((p.hex, 1)),
        }
    }
    stacks.sort_by_key(|(h, n)| (std::cmp::Reverse(*n), crate::coords::MapCoord::from_hex(*h)));
    if let Some((h, _)) = stacks.first() {
        shots.push(Shot {
            hex: *h,
            turns: [1, 1],
        });
    }
    for (o, _, _) in by_worth.iter().filter(|(_, _, h)| *h == Some(side)) {
        let Some(from) = theirs.iter().min_by_key(|p| p.hex.unsigned_distance_to(*o)) else {
            continue;
        };
        let d = from.hex.unsigned_distance_to(*o);
        if d <= 2 {
            continue;
        }
        let line = crate::map::sight_line(*o, from.hex);
        let Some((way_in, _)) = line.get(1).copied() else {
            continue;
        };
        let first = turn_of(d - 2, turns).min(turns.saturating_sub(1)).max(1);
        shots.push(Shot {
            hex: way_in,
            turns: [first, first + 1],
        });
    }
    shots
}

/// Shares the shots out among the side's guns and factors as far as each one's range
/// and the side's ammunition allow; a gun that sees a target, or has none, goes on
/// Open Sights.
fn assign(world: &World, side: u8, turns: u16, shots: &[Shot]) -> Vec<Assignment> {
    let ammo = world
        .resource::<super::scenario::GwSides>()
        .get(side)
        .artillery_ammunition;
    let board = world.resource::<super::board::Board>();
    super::setup::plan_sources(world, side)
        .into_iter()
        .map(|(source, at)| {
            let mut targets: Vec<Option<String>> = vec![None; usize::from(turns)];
            let mut left = ammo;
            for shot in shots {
                let in_range =
                    at.is_none_or(|(h, r)| h.unsigned_distance_to(shot.hex) <= u32::from(r));
                if !in_range {
                    continue;
                }
                for t in shot.turns {
                    let slot = usize::from(t.max(1)) - 1;
                    if left > 0 && slot < targets.len() && targets[slot].is_none() {
                        targets[slot] = Some(label(shot.hex));
                        left -= 1;
                    }
                }
            }
            // A gun that sees what it would fire at does better on Open Sights: it
            // fires at what is there, every turn its ammunition lasts.
            let sees = at.is_some_and(|(h, r)| {
                shots
                    .iter()
                    .any(|s| super::fire::can_spot(board, h, s.hex, r).is_ok())
            });
            let mission = if at.is_some() && (sees || targets.iter().all(Option::is_none)) {
                Mission::OpenSights
            } else {
                Mission::PlannedFire { targets }
            };
            Assignment { source, mission }
        })
        .collect()
}
