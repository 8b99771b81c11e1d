//! The computer player for the WWII rules: tanks overrun where the odds favour them;
//! each unit moves toward the objectives it does not hold, into contact only where its
//! side outnumbers the enemy there, taking cover on the way; every shot at the target
//! it hurts most; a breakthrough onto an objective.

use super::mixed::Kind;
use super::personnel_assault::Ending;
use super::state::{Followup, WwiiOrder, WwiiState};
use super::view::{self, Unit};
use super::{ASSAULT, FIRE, MOVEMENT, assault_phase, fire_phase, movement, tanks};
use crate::flow::Phase;
use crate::orders::Order;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::Hex;

/// The computer player's order for `side` now.
pub fn choose(world: &World, side: u8) -> Option<Order> {
    if super::awaiting(world) != Some(side) {
        return None;
    }
    let state = world.resource::<WwiiState>();
    let order = match *world.resource::<State<Phase>>().get() {
        MOVEMENT => overrun(world, side).or_else(|| best_move(world, side)),
        FIRE => best_shot(world, side),
        ASSAULT if state.acting.is_none() => follow(world, side),
        _ => None,
    };
    Some(order.unwrap_or(Order::Pass { side }))
}

/// The chance that a tank unit comes out of a tank assault against `i` the winner
/// (the infantry demoralized or eliminated).
fn tank_wins(world: &World, tank: &Unit, i: &Unit) -> f64 {
    let group = [tank.clone(), i.clone()];
    let (t, inf, _) = assault_phase::tank_sides(world, &group, tank, i);
    tanks::tank_assault_odds(&t, &inf)
        .iter()
        .filter(|(r, _)| {
            matches!(
                r.ending,
                Ending::Demoralized(1) | Ending::Eliminated { winner: 0, .. }
            )
        })
        .map(|(_, p)| p)
        .sum()
}

/// An overrun a tank of `side` has where it wins more often than not.
fn overrun(world: &World, side: u8) -> Option<Order> {
    for u in view::units(world)
        .iter()
        .filter(|u| u.side == side && u.kind() == Kind::Tank)
    {
        for h in u.hex.all_neighbors() {
            let Ok(there) = assault_phase::can_overrun(world, u, h) else {
                continue;
            };
            let fighters: Vec<&Unit> = there
                .iter()
                .filter(|t| t.kind() != Kind::HeavyWeapon)
                .collect();
            if fighters.iter().all(|i| tank_wins(world, u, i) >= 0.5) {
                return Some(
                    WwiiOrder::Overrun {
                        side,
                        unit: u.id.clone(),
                        target: view::label(h),
                    }
                    .into(),
                );
            }
        }
    }
    None
}

/// Where a unit of `side` heads: the nearest objective it does not hold, else the
/// nearest enemy.
fn goal(world: &World, u: &Unit, all: &[Unit]) -> Option<Hex> {
    let objectives = crate::map::objectives(world);
    let wanted = objectives
        .iter()
        .filter(|(_, _, held)| *held != Some(u.side))
        .chain(objectives.iter())
        .min_by_key(|(h, _, held)| {
            (
                *held == Some(u.side),
                h.unsigned_distance_to(u.hex),
                crate::coords::MapCoord::from_hex(*h),
            )
        })
        .map(|o| o.0);
    wanted.or_else(|| {
        all.iter()
            .filter(|e| e.side != u.side)
            .min_by_key(|e| (e.hex.unsigned_distance_to(u.hex), e.id.clone()))
            .map(|e| e.hex)
    })
}

/// Bases of `side` and of the enemy next to `hex` (the unit itself counted with its
/// side).
fn odds_at(all: &[Unit], u: &Unit, hex: Hex) -> (u32, u32) {
    let enemy: Vec<&Unit> = all
        .iter()
        .filter(|e| e.side != u.side && e.hex.unsigned_distance_to(hex) == 1)
        .collect();
    let friends: u32 = all
        .iter()
        .filter(|f| {
            f.side == u.side
                && f.id != u.id
                && enemy.iter().any(|e| e.hex.unsigned_distance_to(f.hex) == 1)
        })
        .map(Unit::bases)
        .sum();
    (friends + u.bases(), enemy.iter().map(|e| e.bases()).sum())
}

/// How good a hex is for `u` to end its move in.
fn score(world: &World, all: &[Unit], u: &Unit, hex: Hex, goal: Option<Hex>) -> i64 {
    let mut s = goal.map_or(0, |g| -10 * i64::from(g.unsigned_distance_to(hex)));
    let cell = view::cell(world, hex).unwrap_or_default();
    if cell.solid_cover && !u.kind().vehicle() {
        s += 4;
    }
    // Ground the enemy's small arms sweep is worth less, the more so in the open.
    if !u.kind().vehicle() {
        let under_fire = all
            .iter()
            .filter(|e| {
                e.side != u.side
                    && e.figures.fire_points > 0
                    && e.hex.unsigned_distance_to(hex) <= e.figures.range.div_ceil(2)
                    && fire_phase::sees(world, e.hex, hex)
            })
            .count() as i64;
        s -= under_fire * if cell.solid_cover { 2 } else { 5 };
    }
    let contact = movement::enemy_next(all, u.side, hex);
    if contact {
        let (mine, theirs) = odds_at(all, u, hex);
        // Late in the game an objective is worth going in for at even numbers.
        let late = {
            let turn = world.resource::<crate::flow::Turn>().0;
            let turns = world.resource::<crate::scenario::ScenarioInfo>().turns;
            turn + 2 >= turns && goal.is_some_and(|g| g.unsigned_distance_to(hex) <= 1)
        };
        s += match u.kind() {
            Kind::HeavyWeapon => -60,
            Kind::Tank if !cell.bunker => 8,
            Kind::Tank | Kind::ArmoredCar => -20,
            _ if 2 * mine >= 3 * theirs => 12,
            _ if late && mine >= theirs => 12,
            _ => -25,
        };
    }
    s
}

/// The best move a unit of `side` has: the first unit (in id order) with a hex
/// better than where it stands; infantry staying where they stand go prone.
fn best_move(world: &World, side: u8) -> Option<Order> {
    let all = view::units(world);
    let state = world.resource::<WwiiState>();
    for u in all.iter().filter(|u| u.side == side) {
        let target = goal(world, u, &all);
        let here = score(world, &all, u, u.hex, target);
        let best = movement::reachable(world, u)
            .into_values()
            .filter_map(|p| {
                let h = *p.last()?;
                Some((score(world, &all, u, h, target), p))
            })
            .max_by_key(|(s, p)| (*s, std::cmp::Reverse(p.len())));
        if let Some((s, path)) = best
            && s > here
        {
            return Some(
                WwiiOrder::Move {
                    side,
                    unit: u.id.clone(),
                    path: path.iter().map(|h| view::label(*h)).collect(),
                    facing: None,
                }
                .into(),
            );
        }
        let prone: Order = WwiiOrder::Prone {
            side,
            unit: u.id.clone(),
        }
        .into();
        if !state.spent.contains_key(&u.id)
            && all
                .iter()
                .any(|e| e.side != side && e.hex.unsigned_distance_to(u.hex) <= e.figures.range)
            && (super::INFO.validate)(world, &prone).is_ok()
        {
            return Some(prone);
        }
    }
    None
}

/// The shot of `side` that takes the most bases on average.
fn best_shot(world: &World, side: u8) -> Option<Order> {
    let all = view::units(world);
    let mut best: Option<(u64, Order)> = None;
    for u in all.iter().filter(|u| u.side == side) {
        for t in all.iter().filter(|t| t.side != side) {
            let Ok(shot) = fire_phase::can_fire_among(world, &all, u, t) else {
                continue;
            };
            let faces = shot.needs.map_or(0, |n| u64::from(7 - n));
            // Expected kills in sixths, a vehicle base worth three.
            let worth = if t.kind().vehicle() { 3 } else { 1 };
            let expected = (u64::from(shot.dice) * faces).min(6 * u64::from(t.bases())) * worth;
            if expected > 0 && best.as_ref().is_none_or(|b| expected > b.0) {
                best = Some((
                    expected,
                    WwiiOrder::Fire {
                        side,
                        unit: u.id.clone(),
                        target: t.id.clone(),
                    }
                    .into(),
                ));
            }
        }
    }
    best.map(|b| b.1)
}

/// A breakthrough or cavalry move onto the nearest objective it can reach, else none.
fn follow(world: &World, side: u8) -> Option<Order> {
    let f: Followup = world.resource::<WwiiState>().followups.first()?.clone();
    let objectives: Vec<Hex> = crate::map::objectives(world)
        .into_iter()
        .filter(|o| o.2 != Some(side))
        .map(|o| o.0)
        .collect();
    let path = super::followup_paths(world, &f)
        .into_iter()
        .find(|p| p.last().is_some_and(|h| objectives.contains(h)))?;
    Some(
        WwiiOrder::Advance {
            side,
            unit: f.unit().to_owned(),
            path: path.iter().map(|h| view::label(*h)).collect(),
        }
        .into(),
    )
}
