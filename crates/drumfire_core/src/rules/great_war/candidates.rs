//! The orders a side could give now: every legal order where they can be listed,
//! used by the random player, the soak tests and the AI. Set-up plans cannot be
//! listed (there are too many), so a few are drawn from `salt`.

use super::action::{activatable, reach};
use super::board::Board;
use super::orders::{Assignment, GwOrder, Mission};
use super::state::{Group, GwState, Prompt};
use super::view::{self, PieceView, action_fire, label};
use crate::coords::MapCoord;
use crate::data::UnitClass;
use crate::door;
use crate::flow::Phase;
use crate::orders::Order;
use crate::scenario::ScenarioInfo;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::Hex;
use std::collections::BTreeMap;

/// Orders for `side` now, the side the game awaits; every one passes [`door::validate`].
pub fn candidates(world: &World, side: u8, salt: u64) -> Vec<Order> {
    let list = raw(world, side, salt);
    let valid = door::validator(world);
    list.into_iter()
        .filter(|o| legal_as_listed(o) || valid(o).is_ok())
        .collect()
}

/// Orders listed only where the order check accepts them, so not put to it again.
/// Moves come from [`reach`], which takes each step through the same
/// [`super::action::step`] check as the order check. Activations are listed with no
/// activation under way and no prompt, in the Action Phase, for pieces of the side
/// that [`activatable`] passes (which the order check asks after the side), and a
/// stack for a hex with more than one of them. The soak test
/// `listed_orders_pass_the_order_check` puts every listed order to the check.
fn legal_as_listed(o: &Order) -> bool {
    matches!(
        o.rules::<GwOrder>(),
        Some(GwOrder::Move { .. } | GwOrder::Activate { .. } | GwOrder::ActivateStack { .. })
    )
}

fn gw(o: GwOrder) -> Order {
    Order::from(o)
}

fn raw(world: &World, side: u8, salt: u64) -> Vec<Order> {
    let state = world.resource::<GwState>();
    match &state.prompt {
        Some(Prompt::OpportunityFire { eligible, .. }) => {
            let mut out = vec![gw(GwOrder::HoldFire { side })];
            let mut by_hex: BTreeMap<Option<MapCoord>, Vec<String>> = BTreeMap::new();
            for id in eligible {
                out.push(gw(GwOrder::OpportunityFire {
                    side,
                    firers: vec![id.clone()],
                }));
                if let Some(p) = view::by_id(world, id) {
                    by_hex
                        .entry(MapCoord::from_hex(p.hex))
                        .or_default()
                        .push(id.clone());
                }
            }
            for firers in by_hex.into_values().filter(|f| f.len() > 1) {
                out.push(gw(GwOrder::OpportunityFire { side, firers }));
            }
            return out;
        }
        Some(Prompt::StepLoss { candidates, .. }) => {
            return candidates
                .iter()
                .map(|c| {
                    gw(GwOrder::TakeStepLoss {
                        side,
                        piece: c.clone(),
                    })
                })
                .collect();
        }
        // Opened by the machine that keeps the plan (`sealing.rs`), never chosen.
        Some(Prompt::OpenPlot { .. }) => return Vec::new(),
        None => {}
    }
    match *world.resource::<State<Phase>>().get() {
        Phase::Setup => (0..3)
            .map(|k| {
                gw(GwOrder::Plan {
                    side,
                    missions: random_plan(world, side, salt.wrapping_add(k)),
                })
            })
            .collect(),
        super::ACTION => action_candidates(world, side),
        _ => vec![],
    }
}

fn action_candidates(world: &World, side: u8) -> Vec<Order> {
    let state = world.resource::<GwState>();
    let mut out = vec![Order::Pass { side }];
    let Some(group) = &state.group else {
        out.extend(activation_candidates(world, side));
        return out;
    };
    let ready: Vec<PieceView> = group
        .members
        .iter()
        .filter(|(_, m)| !m.acted)
        .filter_map(|(id, _)| view::by_id(world, id))
        .collect();
    let enemies: Vec<Hex> = view::counters(world)
        .filter(|(_, c)| c.side != side)
        .map(|(h, _)| h)
        .fold(Vec::new(), |mut v, h| {
            if !v.contains(&h) {
                v.push(h);
            }
            v
        });
    out.extend(mover_candidates(world, side, group, &ready, &enemies));
    out.extend(combined_fire_candidates(world, side, &ready, &enemies));
    out.extend(own_candidates(world, side, &ready));
    out
}

/// With no activation under way: activate each piece that may, and each stack of
/// more than one.
fn activation_candidates(world: &World, side: u8) -> Vec<Order> {
    let mut out = Vec::new();
    // A piece spent this turn is not activatable: it is not viewed.
    let mine: Vec<PieceView> = view::of_side_where(world, side, |_, _, _, m| !m.spent())
        .into_iter()
        .filter(|p| activatable(world, p))
        .collect();
    let mut stacks: BTreeMap<Option<MapCoord>, usize> = BTreeMap::new();
    for p in &mine {
        out.push(gw(GwOrder::Activate {
            side,
            piece: p.id.clone(),
        }));
        *stacks.entry(MapCoord::from_hex(p.hex)).or_default() += 1;
    }
    for (m, n) in stacks {
        if let (Some(m), true) = (m, n > 1) {
            out.push(gw(GwOrder::ActivateStack {
                side,
                hex: m.label(),
            }));
        }
    }
    out
}

/// For each ready piece alone, then each stack of ready pieces: every move it can
/// reach, and fire and assault at each enemy hex.
fn mover_candidates(
    world: &World,
    side: u8,
    group: &Group,
    ready: &[PieceView],
    enemies: &[Hex],
) -> Vec<Order> {
    let state = world.resource::<GwState>();
    let board = world.resource::<Board>();
    let mut out = Vec::new();
    let mut movers: Vec<Vec<PieceView>> = ready.iter().map(|p| vec![p.clone()]).collect();
    let mut by_hex: BTreeMap<Option<MapCoord>, Vec<PieceView>> = BTreeMap::new();
    for p in ready {
        by_hex
            .entry(MapCoord::from_hex(p.hex))
            .or_default()
            .push(p.clone());
    }
    movers.extend(by_hex.values().filter(|v| v.len() > 1).cloned());
    for m in &movers {
        let ids: Vec<String> = m.iter().map(|p| p.id.clone()).collect();
        for (_, (_, path)) in reach(world, group, side, m) {
            out.push(gw(GwOrder::Move {
                side,
                pieces: ids.clone(),
                path: path.iter().map(|h| label(*h)).collect(),
            }));
        }
        let armed: Vec<(&PieceView, u8)> = m
            .iter()
            .filter_map(|p| action_fire(state, p).map(|(v, _)| (p, v.range)))
            .collect();
        for t in enemies {
            // Every firer must have the target in range and in sight, or the order
            // check refuses the fire: only the others are put to it.
            if !armed.is_empty() && armed.iter().all(|(p, r)| can_spot(board, p.hex, *t, *r)) {
                let firers: Vec<String> = armed.iter().map(|(p, _)| p.id.clone()).collect();
                out.push(gw(GwOrder::Fire {
                    side,
                    firers,
                    target: label(*t),
                }));
            }
            if m.iter().all(|p| p.hex.unsigned_distance_to(*t) == 1) {
                out.push(gw(GwOrder::Assault {
                    side,
                    pieces: ids.clone(),
                    target: label(*t),
                }));
            }
        }
    }
    out
}

/// Combined fire: every ready piece with the target in range (the order check says
/// whether they may combine).
fn combined_fire_candidates(
    world: &World,
    side: u8,
    ready: &[PieceView],
    enemies: &[Hex],
) -> Vec<Order> {
    let state = world.resource::<GwState>();
    let mut out = Vec::new();
    for t in enemies {
        let in_range: Vec<&PieceView> = ready
            .iter()
            .filter(|p| {
                action_fire(state, p)
                    .is_some_and(|(v, _)| p.hex.unsigned_distance_to(*t) <= u32::from(v.range))
            })
            .collect();
        let one_hex = in_range.iter().all(|p| p.hex == in_range[0].hex);
        let firers: Vec<String> = in_range.iter().map(|p| p.id.clone()).collect();
        if firers.len() > 1 && !one_hex {
            out.push(gw(GwOrder::Fire {
                side,
                firers,
                target: label(*t),
            }));
        }
    }
    out
}

/// What each ready piece might do on its own: recover, mount or dismount, unload, or
/// load another piece of its hex. Only those the order check could accept are listed:
/// what it would refuse from the piece alone (good order, no counterpart, nothing
/// carried, not a transport) is left out before it is asked.
fn own_candidates(world: &World, side: u8, ready: &[PieceView]) -> Vec<Order> {
    let state = world.resource::<GwState>();
    let units = &super::data(world).units;
    let mut out = Vec::new();
    for p in ready {
        if p.disrupted || p.demoralized {
            out.push(gw(GwOrder::Recover {
                side,
                piece: p.id.clone(),
            }));
        }
        if !p.demoralized
            && units
                .get(&p.unit_type)
                .is_some_and(|u| u.counterpart.is_some())
        {
            out.push(gw(GwOrder::MountOrDismount {
                side,
                piece: p.id.clone(),
            }));
        }
        let carries = state.loaded.contains_key(&p.id);
        if carries {
            out.push(gw(GwOrder::Unload {
                side,
                transport: p.id.clone(),
            }));
        }
        if p.class != UnitClass::Transport || carries {
            continue;
        }
        for c in view::in_hex(world, p.hex) {
            if c.id != p.id {
                out.push(gw(GwOrder::Load {
                    side,
                    transport: p.id.clone(),
                    piece: c.id.clone(),
                }));
            }
        }
    }
    out
}

/// Is `target` in range of a firer at `from` and in its sight? The order check refuses
/// a fire for which this fails: the test of [`super::fire::can_spot`], without words.
fn can_spot(board: &Board, from: Hex, target: Hex, range: u8) -> bool {
    let d = from.unsigned_distance_to(target);
    d != 0 && d <= u32::from(range) && board.line_of_sight(from, target)
}

/// A plan drawn at random: each artillery unit gets Planned Fire (or, for on-board
/// units, sometimes Open Sights), each firing turn at an enemy-held or objective hex in range.
pub fn random_plan(world: &World, side: u8, salt: u64) -> Vec<Assignment> {
    let mut rng = Mix(salt ^ 0x9e37_79b9_7f4a_7c15);
    let turns = world.resource::<ScenarioInfo>().turns;
    let ammo = world
        .resource::<super::scenario::GwSides>()
        .get(side)
        .artillery_ammunition;
    let mut targets: Vec<Hex> = view::counters(world)
        .filter(|(_, c)| c.side != side)
        .map(|(h, _)| h)
        .collect();
    targets.sort_by_key(|h| MapCoord::from_hex(*h));
    targets.dedup();
    super::setup::plan_sources(world, side)
        .into_iter()
        .map(|(source, at)| {
            let in_range: Vec<Hex> = targets
                .iter()
                .copied()
                .filter(|t| at.is_none_or(|(h, r)| h.unsigned_distance_to(*t) <= u32::from(r)))
                .collect();
            if at.is_some() && (in_range.is_empty() || rng.next().is_multiple_of(3)) {
                return Assignment {
                    source,
                    mission: Mission::OpenSights,
                };
            }
            let mut plan = vec![None; usize::from(turns)];
            let mut left = ammo;
            let mut previous: Option<Hex> = None;
            for slot in plan.iter_mut() {
                if left == 0 || in_range.is_empty() {
                    break;
                }
                if rng.next().is_multiple_of(2) {
                    previous = None;
                    continue;
                }
                let t = match previous {
                    Some(p) if rng.next().is_multiple_of(2) => p,
                    _ => in_range[(rng.next() % in_range.len() as u64) as usize],
                };
                *slot = Some(label(t));
                previous = Some(t);
                left -= 1;
            }
            Assignment {
                source,
                mission: Mission::PlannedFire { targets: plan },
            }
        })
        .collect()
}

/// A small deterministic mixer (SplitMix64) for drawing plans.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}
