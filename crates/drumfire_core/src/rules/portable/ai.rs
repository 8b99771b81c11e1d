//! The computer's choices under the Portable rules: every legal order is scored
//! from what the side can see (units on the map, objectives, exact odds of fire and
//! close combat) and the best is given; a side passes when nothing is worth doing.
//! Deterministic: the same position gives the same order.

use super::combat;
use super::fire;
use super::state::PtOrder;
use super::view::{self, Unit, cell};
use crate::data::UnitClass;
use crate::orders::Order;
use bevy_ecs::prelude::*;
use hexx::Hex;

/// What losing a unit of this kind costs (ours: guns and machine guns are scarce,
/// the commander most of all).
fn worth(u: &Unit) -> f32 {
    match u.class {
        UnitClass::Command => 3.0,
        UnitClass::Artillery | UnitClass::Machinegun => 2.5,
        UnitClass::Cavalry => 2.0,
        _ if u.rifle_range.is_some() => 2.0,
        _ => 1.6,
    }
}

/// How good it is for `u` to stand in `hex`: near objectives the side does not
/// hold (or on one it holds), in reach of enemies to fire at but, for units that
/// shoot, not next to them; in cover.
fn standing(
    world: &World,
    all: &[Unit],
    objectives: &[(Hex, u32, Option<u8>)],
    u: &Unit,
    hex: Hex,
) -> f32 {
    let mut score = 0.0;
    for (h, points, held) in objectives {
        let d = h.unsigned_distance_to(hex) as f32;
        let pts = *points as f32;
        if *held == Some(u.side) {
            // Hold it: stay on it or close by.
            if d == 0.0 {
                score += 1.5 * pts;
            } else {
                score -= 0.05 * pts * d;
            }
        } else {
            score -= 0.25 * pts * d;
            if d == 0.0 {
                score += 2.0 * pts;
            }
        }
    }
    let nearest = view::enemies(all, u.side)
        .map(|e| e.hex.unsigned_distance_to(hex))
        .min()
        .unwrap_or(99);
    match u.rifle_range.or(u.gun_range) {
        Some(range) => {
            if nearest <= u32::from(range) {
                score += 0.8;
            }
            if nearest <= 1 {
                score -= 1.0;
            }
        }
        // Close combat units want to close in.
        None => score -= 0.3 * nearest as f32,
    }
    if let Some(c) = cell(world, hex) {
        if c.cover {
            score += 0.4;
        }
        if c.deep_river() {
            score -= 100.0;
        }
        if c.ford() {
            score -= 0.5;
        }
    }
    if u.class == UnitClass::Command {
        // A commander adds to the close combat and the fire of each friend beside
        // him: he goes with his units, beside as many as he can, and not out in front
        // of them into the enemy's fire.
        return 0.3 * score + company(all, u, hex);
    }
    score
}

/// What standing in `hex` is worth to commander `u` for the friends beside him: one
/// for each, up to three; alone, two less, and more for each enemy weapon that
/// reaches the hex.
fn company(all: &[Unit], u: &Unit, hex: Hex) -> f32 {
    let beside = all
        .iter()
        .filter(|f| f.side == u.side && f.id != u.id && f.class != UnitClass::Command)
        .filter(|f| f.hex.unsigned_distance_to(hex) == 1)
        .count();
    if beside > 0 {
        return beside.min(3) as f32;
    }
    let reached = view::enemies(all, u.side)
        .filter(|e| {
            e.rifle_range
                .or(e.gun_range)
                .is_some_and(|r| e.hex.unsigned_distance_to(hex) <= u32::from(r))
        })
        .count();
    -2.0 - 0.8 * reached as f32
}

/// The value of one legal order for `side`.
fn score(world: &World, all: &[Unit], objectives: &[(Hex, u32, Option<u8>)], o: &PtOrder) -> f32 {
    let unit = |id: &str| all.iter().find(|u| u.id == id);
    match o {
        PtOrder::Bombard {
            unit: id, target, ..
        }
        | PtOrder::Fire {
            unit: id, target, ..
        } => {
            let (Some(u), Some(t)) = (unit(id), crate::scenario::hex_of(target)) else {
                return f32::MIN;
            };
            let Ok(plan) = fire::plan(world, all, u, t, matches!(o, PtOrder::Bombard { .. }))
            else {
                return f32::MIN;
            };
            let odds = fire::odds(world, all, &plan);
            let n = odds.denominator as f32;
            odds.hits
                .iter()
                .map(|(_, id, d, p)| {
                    let Some(hit) = unit(id) else { return 0.0 };
                    let v = worth(hit) * (*d as f32 / n + 0.35 * *p as f32 / n);
                    if hit.side == u.side { -1.5 * v } else { v }
                })
                .sum::<f32>()
                + 0.05
        }
        PtOrder::CloseCombat {
            side,
            attackers,
            defender,
            ..
        } => {
            let Ok(plan) = combat::plan(world, all, *side, attackers, defender) else {
                return f32::MIN;
            };
            let (Some(a), Some(d)) = (unit(&attackers[0]), unit(defender)) else {
                return f32::MIN;
            };
            let [def, att, both, draw] = combat::odds(&plan).map(|x| x as f32 / 36.0);
            let lost_on_draw = if plan.withdraw_to.is_none() {
                worth(a)
            } else {
                0.2
            };
            let on_objective = objectives.iter().any(|(h, _, _)| *h == d.hex);
            (def + both) * (worth(d) + if on_objective { 2.0 } else { 0.0 })
                - (att + both) * worth(a)
                - draw * lost_on_draw
        }
        PtOrder::Move { unit: id, path, .. } => {
            let (Some(u), Some(to)) = (
                unit(id),
                path.last().and_then(|l| crate::scenario::hex_of(l)),
            ) else {
                return f32::MIN;
            };
            standing(world, all, objectives, u, to) - standing(world, all, objectives, u, u.hex)
        }
        PtOrder::Unpin { unit: id, .. } => {
            let Some(u) = unit(id) else { return f32::MIN };
            let near = view::enemies(all, u.side).any(|e| e.hex.unsigned_distance_to(u.hex) <= 3);
            if near { 0.6 } else { 0.3 }
        }
        // Forced when not unpinned; the Unpin is scored on its own.
        PtOrder::Charge { .. } => 0.0,
        PtOrder::MountOrDismount { unit: id, .. } => {
            // Dismounted to hold and fire when the enemy is near but not at hand;
            // mounted again to ride when none is near.
            let Some(u) = unit(id) else { return f32::MIN };
            let nearest = view::enemies(all, u.side)
                .map(|e| e.hex.unsigned_distance_to(u.hex))
                .min()
                .unwrap_or(u32::MAX);
            match (u.mounted, nearest) {
                (true, 2..=3) => 0.4,
                (false, 6..) => 0.2,
                _ => -1.0,
            }
        }
    }
}

/// The order the computer gives for `side` now, then the others it scored best: what
/// the Hard player weighs.
pub fn shortlist(world: &World, side: u8) -> Vec<Order> {
    let legal = super::candidates::candidates(world, side);
    let all = view::units(world);
    let objectives = crate::map::objectives(world);
    crate::players::ranked(legal, 0.01, crate::rule_set::SHORTLIST, |o| {
        o.rules::<PtOrder>()
            .map(|p| score(world, &all, &objectives, p))
    })
}

/// The order the computer gives for `side` now, or `None` when it has none.
pub fn choose(world: &World, side: u8) -> Option<Order> {
    let legal = super::candidates::candidates(world, side);
    let all = view::units(world);
    let objectives = crate::map::objectives(world);
    // Passing is worth nothing: anything clearly better is done first.
    crate::players::best_or_pass(legal, 0.01, |o| {
        o.rules::<PtOrder>()
            .map(|p| score(world, &all, &objectives, p))
    })
}
