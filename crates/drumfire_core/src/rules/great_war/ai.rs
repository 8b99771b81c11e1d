//! The computer's choices under the Great War rules: the scenario's Artillery Plan
//! (or Open Sights) in the set-up, then every legal order scored from what the side
//! can see — the exact odds of fire and assault, objectives, cover, who is Disrupted
//! or Demoralized — and the best given; a side passes when nothing is worth doing.
//! Deterministic: the same position gives the same order.

use super::board::Board;
use super::fire;
use super::orders::GwOrder;
use super::state::{GwState, Prompt};
use super::view::{self, PieceView};
use crate::data::UnitClass;
use crate::flow::Phase;
use crate::orders::{self, Order};
use bevy_ecs::prelude::*;
use bevy_state::state::State;
use hexx::Hex;

/// What losing a step of this piece costs (ours).
fn worth(p: &PieceView) -> f32 {
    match p.class {
        UnitClass::Leader => 2.5,
        UnitClass::Artillery | UnitClass::Machinegun | UnitClass::Mortar => 2.0,
        UnitClass::Transport => 0.5,
        _ => 1.5,
    }
}

/// Expected steps lost and morale results of a fire, from its exact odds.
fn fire_value(odds: &fire::FireOdds) -> f32 {
    let rolls = odds.results.rolls.max(1) as f32;
    let steps: f32 = odds
        .step_losses
        .iter()
        .enumerate()
        .map(|(k, n)| k as f32 * *n as f32)
        .sum::<f32>()
        / rolls;
    let shaken: f32 = odds
        .pieces
        .iter()
        .map(|p| {
            let all = p.morale_ways.iter().sum::<u32>().max(1) as f32;
            (p.morale_ways[1] as f32 * 0.3 + p.morale_ways[2] as f32 * 0.6) / all
        })
        .sum();
    3.0 * (steps * 1.5 + shaken)
}

/// How good it is for `p` to stand in `hex`: near the objectives its side does not
/// hold, on the ones it holds, in cover, within range of the enemy but not too close.
fn standing(
    world: &World,
    objectives: &[(Hex, u32, Option<u8>)],
    enemies: &[Hex],
    p: &PieceView,
    hex: Hex,
) -> f32 {
    let mut score = 0.0;
    for (h, points, held) in objectives {
        let d = h.unsigned_distance_to(hex) as f32;
        let pts = *points as f32;
        if *held == Some(p.side) {
            score += if d == 0.0 { 1.0 * pts } else { -0.05 * pts * d };
        } else {
            score -= 0.3 * pts * d;
            if d == 0.0 {
                score += 1.5 * pts;
            }
        }
    }
    let nearest = enemies
        .iter()
        .map(|e| e.unsigned_distance_to(hex))
        .min()
        .unwrap_or(99);
    if let Some(d) = p.face.direct
        && nearest <= u32::from(d.range)
    {
        score += 0.5;
    }
    if world.resource::<Board>().cell(hex).is_some_and(|c| c.cover) {
        score += 0.3;
    }
    score
}

fn score(
    world: &World,
    side: u8,
    o: &GwOrder,
    objectives: &[(Hex, u32, Option<u8>)],
    enemies: &[Hex],
) -> f32 {
    let piece = |id: &str| view::by_id(world, id);
    let hex = |l: &str| crate::scenario::hex_of(l);
    match o {
        GwOrder::Fire { firers, target, .. } => {
            let Some(t) = hex(target) else {
                return f32::MIN;
            };
            match super::preview::fire_preview(world, firers, t) {
                Ok((_, odds)) => fire_value(&odds) - 0.05,
                Err(_) => f32::MIN,
            }
        }
        GwOrder::OpportunityFire { firers, .. } => {
            let Some(Prompt::OpportunityFire { hex: t, .. }) = &world.resource::<GwState>().prompt
            else {
                return f32::MIN;
            };
            match super::preview::fire_preview(world, firers, *t) {
                Ok((_, odds)) => fire_value(&odds) - 0.05,
                Err(_) => f32::MIN,
            }
        }
        GwOrder::HoldFire { .. } => 0.15,
        GwOrder::Assault { pieces, target, .. } => {
            let (Some(t), Some(lead)) = (hex(target), pieces.first().and_then(|id| piece(id)))
            else {
                return f32::MIN;
            };
            let ours: Vec<PieceView> = pieces.iter().filter_map(|id| piece(id)).collect();
            let theirs: Vec<PieceView> = view::in_hex(world, t)
                .into_iter()
                .filter(|p| p.side != side)
                .collect();
            let attack = fire::plan_assault(world, side, &ours, t, 0, true, "Assault")
                .map(|plan| fire_value(&fire::odds(world, &plan, 1 - side.min(1))))
                .unwrap_or(0.0);
            let defence = fire::plan_assault(
                world,
                1 - side.min(1),
                &theirs,
                lead.hex,
                0,
                false,
                "Assault",
            )
            .map(|plan| fire_value(&fire::odds(world, &plan, side)))
            .unwrap_or(0.0);
            let on_objective = objectives.iter().any(|(h, _, _)| *h == t);
            attack - 0.5 * defence + if on_objective { 0.8 } else { 0.0 }
        }
        GwOrder::TakeStepLoss { piece: id, .. } => piece(id).map_or(f32::MIN, |p| -worth(&p)),
        GwOrder::Recover { piece: id, .. } => match piece(id) {
            Some(p) if p.demoralized => 1.2,
            Some(p) if p.disrupted => 0.8,
            _ => f32::MIN,
        },
        GwOrder::Move { pieces, path, .. } => {
            let (Some(to), Some(first)) = (
                path.last().and_then(|l| hex(l)),
                pieces.first().and_then(|id| piece(id)),
            ) else {
                return f32::MIN;
            };
            let gain: f32 = pieces
                .iter()
                .filter_map(|id| piece(id))
                .map(|p| {
                    standing(world, objectives, enemies, &p, to)
                        - standing(world, objectives, enemies, &p, first.hex)
                })
                .sum();
            gain - 0.02 * path.len() as f32
        }
        GwOrder::Activate { piece: id, .. } => {
            let chain = super::preview::chain(world, id);
            let shaken = piece(id).is_some_and(|p| p.disrupted || p.demoralized);
            0.2 + 0.25 * chain.len() as f32 + if shaken { 0.5 } else { 0.0 }
        }
        GwOrder::ActivateStack { hex: h, .. } => {
            let n = hex(h).map_or(0, |h| {
                view::in_hex(world, h)
                    .into_iter()
                    .filter(|p| p.side == side)
                    .count()
            });
            0.2 + 0.2 * n as f32
        }
        // Mounting, loading and unloading: left to people for now.
        GwOrder::MountOrDismount { .. } | GwOrder::Load { .. } | GwOrder::Unload { .. } => -1.0,
        GwOrder::Plan { .. } => 0.0,
    }
}

/// The order the computer gives for `side` now, or `None` when it has none.
pub fn choose(world: &World, side: u8, salt: u64) -> Option<Order> {
    if *world.resource::<State<Phase>>().get() == Phase::Setup
        && world.resource::<GwState>().prompt.is_none()
    {
        // The scenario's own plan when it has one, else every battery on Open Sights.
        let own = world.resource::<crate::scenario::SideList>().0[usize::from(side)]
            .artillery_plan
            .clone();
        for missions in [own, super::setup::open_sights_plan(world, side)] {
            let order = Order::GreatWar(GwOrder::Plan { side, missions });
            if orders::validate(world, &order).is_ok() {
                return Some(order);
            }
        }
    }
    let legal = super::candidates::candidates(world, side, salt);
    let objectives = crate::map::objectives(world);
    let enemies: Vec<Hex> = view::all(world)
        .into_iter()
        .filter(|p| p.side != side)
        .map(|p| p.hex)
        .collect();
    crate::players::best_or_pass(legal, 0.05, |o| match o {
        Order::GreatWar(g) => Some(score(world, side, g, &objectives, &enemies)),
        _ => None,
    })
}
