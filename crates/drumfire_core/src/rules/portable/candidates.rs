//! Every legal order for a side, for the random player, the AI and the soak tests.

use super::state::{PtOrder, PtState, Step};
use super::view::{self, Unit, label};
use super::{cavalry_due, combat, fire, movement};
use crate::flow::{ActionSegment, Phase};
use crate::orders::Order;
use bevy_ecs::prelude::*;
use bevy_state::state::State;

/// Every order the side could give now, each accepted by the order check.
pub fn candidates(world: &World, side: u8) -> Vec<Order> {
    if crate::flow::awaiting(world) != Some(side) {
        return vec![];
    }
    let all = view::units(world);
    let state = world.resource::<PtState>();
    let mut pass = true;
    let out = match *world.resource::<State<Phase>>().get() {
        super::ARTILLERY_FIRE => artillery_fire_candidates(world, &all, side),
        super::ACTION if state.step == Step::Activating => {
            if let Some(c) = cavalry_due(world, side).first() {
                pass = false;
                cavalry_candidates(world, side, c)
            } else if state.activations > 0 {
                activation_candidates(world, &all, side)
            } else {
                Vec::new()
            }
        }
        super::ACTION if state.step == Step::CloseCombat => {
            close_combat_candidates(world, &all, side)
        }
        _ => return vec![],
    };
    let mut orders: Vec<Order> = out.into_iter().map(Order::from).collect();
    if pass {
        orders.push(Order::Pass { side });
    }
    orders
}

/// The Artillery Fire phase: each of the side's batteries at each enemy it may
/// bombard.
fn artillery_fire_candidates(world: &World, all: &[Unit], side: u8) -> Vec<PtOrder> {
    let mut out = Vec::new();
    for u in all.iter().filter(|u| u.side == side && u.is_artillery()) {
        for e in view::enemies(all, side) {
            if fire::plan(world, all, u, e.hex, true).is_ok() {
                out.push(PtOrder::Bombard {
                    side,
                    unit: u.id.clone(),
                    target: label(e.hex),
                });
            }
        }
    }
    out
}

/// Pinned cavalry due to charge `c`: it unpins (in the side's own part, or early for
/// a side yet to act: P-16) or charges.
fn cavalry_candidates(world: &World, side: u8, c: &Unit) -> Vec<PtOrder> {
    let state = world.resource::<PtState>();
    let mut out = Vec::new();
    // A side yet to act decides now and unpins in its own part (P-16).
    let early = side != world.resource::<ActionSegment>().side;
    if early || state.activations > 0 {
        out.push(PtOrder::Unpin {
            side,
            unit: c.id.clone(),
        });
    }
    if !state.unpin_due.contains(&c.id) {
        out.push(PtOrder::Charge {
            side,
            unit: c.id.clone(),
        });
    }
    out
}

/// An activation: each of the side's units not yet activated unpins, mounts or
/// dismounts, fires at each enemy it may, or moves to each hex it can reach.
fn activation_candidates(world: &World, all: &[Unit], side: u8) -> Vec<PtOrder> {
    let mut out = Vec::new();
    for u in all.iter().filter(|u| u.side == side && !u.activated()) {
        if u.pinned {
            out.push(PtOrder::Unpin {
                side,
                unit: u.id.clone(),
            });
        }
        let order = PtOrder::MountOrDismount {
            side,
            unit: u.id.clone(),
        };
        if super::validate::counterpart(world, u).is_some()
            && super::validate(world, &order).is_ok()
        {
            out.push(order);
        }
        for e in view::enemies(all, side) {
            if fire::plan(world, all, u, e.hex, false).is_ok() {
                out.push(PtOrder::Fire {
                    side,
                    unit: u.id.clone(),
                    target: label(e.hex),
                });
            }
        }
        for (_, path) in movement::reach(world, all, u) {
            out.push(PtOrder::Move {
                side,
                unit: u.id.clone(),
                path: path.iter().map(|h| label(*h)).collect(),
            });
        }
    }
    out
}

/// The close combats: each enemy attacked by each unit beside it that may, and by as
/// many of them together as may attack at once.
fn close_combat_candidates(world: &World, all: &[Unit], side: u8) -> Vec<PtOrder> {
    let mut out = Vec::new();
    for d in view::enemies(all, side) {
        let able: Vec<String> = all
            .iter()
            .filter(|a| a.side == side && a.hex.unsigned_distance_to(d.hex) == 1)
            .filter(|a| combat::plan(world, all, side, std::slice::from_ref(&a.id), &d.id).is_ok())
            .map(|a| a.id.clone())
            .collect();
        for a in &able {
            out.push(PtOrder::CloseCombat {
                side,
                attackers: vec![a.clone()],
                defender: d.id.clone(),
                advance: true,
            });
        }
        if able.len() > 1 {
            out.push(PtOrder::CloseCombat {
                side,
                attackers: able.iter().take(combat::MAX_ATTACKERS).cloned().collect(),
                defender: d.id.clone(),
                advance: true,
            });
        }
    }
    out
}

/// What a player might try with unit `id` of `side` now ([`crate::rule_set::RuleSet::tries`]):
/// in the artillery fire a bombardment of each of the nearest enemies; pinned cavalry
/// due to charge, its unpinning or charge; in the close combats an attack on each of
/// the nearest enemies; otherwise an activation: its unpinning when pinned, a fire at
/// each of the nearest enemies and a move one hex toward the nearest.
pub fn tries(world: &World, side: u8, id: &str) -> Vec<PtOrder> {
    let all = view::units(world);
    let Some(u) = all.iter().find(|u| u.id == id && u.side == side) else {
        return Vec::new();
    };
    let near = crate::rule_set::nearest(u.hex, view::enemies(&all, side).collect(), |e| {
        (e.hex, e.id.as_str())
    });
    let unit = || u.id.clone();
    let step = world.resource::<PtState>().step;
    let mut out = Vec::new();
    match *world.resource::<State<Phase>>().get() {
        super::ARTILLERY_FIRE => out.extend(near.iter().map(|e| PtOrder::Bombard {
            side,
            unit: unit(),
            target: label(e.hex),
        })),
        super::ACTION if step == Step::CloseCombat => {
            out.extend(near.iter().map(|e| PtOrder::CloseCombat {
                side,
                attackers: vec![unit()],
                defender: e.id.clone(),
                advance: true,
            }));
        }
        _ if cavalry_due(world, side).iter().any(|c| c.id == u.id) => {
            out.push(PtOrder::Unpin { side, unit: unit() });
            out.push(PtOrder::Charge { side, unit: unit() });
        }
        _ => {
            if u.pinned {
                out.push(PtOrder::Unpin { side, unit: unit() });
            }
            out.extend(near.iter().map(|e| PtOrder::Fire {
                side,
                unit: unit(),
                target: label(e.hex),
            }));
            let toward = near
                .first()
                .and_then(|e| crate::rule_set::step_toward(u.hex, e.hex));
            out.extend(toward.map(|h| PtOrder::Move {
                side,
                unit: unit(),
                path: vec![label(h)],
            }));
        }
    }
    out
}
