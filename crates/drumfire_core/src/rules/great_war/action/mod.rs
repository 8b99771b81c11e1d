//! The Action Phase: action segments, activation, and what activated pieces do.
//!
//! > "In an action segment, a player can activate one unit or leader, or one stack
//! > of playing pieces. Any activated leader can immediately activate all units and
//! > lower-ranking leaders of his own type (cavalry or infantry) in his hex and all
//! > adjacent hexes. [...] Activated playing pieces can either move or fire."

use super::board::Board;
use super::fire;
use super::orders::{GwOrder, Mission};
use super::resolve::{push_front, take_loss};
use super::state::{Group, GwState, Member, Prompt, Step};
use super::view::{self, PieceView, action_fire, is_cargo, label};
use super::{data, entity, mark, name_of, note, roll, say, side_name, unmark};
use crate::coords::MapCoord;
use crate::counters::{Counter, LeaderKind, MarkerKind, Printed};
use crate::data::UnitClass;
use crate::flow::{self, ActionSegment, Phase, SequenceOfPlay, record_pass};
use crate::journal::{GameEvent, Journal};
use crate::orders::Refusal;
use crate::scenario::{SideList, hex_of};
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::Hex;
use std::collections::{BTreeMap, BTreeSet};

mod apply;
mod check;
mod movement;

pub use apply::*;
pub use check::*;
pub use movement::*;

fn refuse<T>(text: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(text.into()))
}

/// Movement allowance: the face's, or the leader type's (4 infantry, 6 cavalry).
pub fn movement_allowance(world: &World, p: &PieceView) -> u8 {
    p.face.movement.max(if p.is_leader() {
        data(world)
            .units
            .get(&p.unit_type)
            .map_or(0, |u| u.full.movement)
    } else {
        0
    })
}

/// Can the piece still be activated this turn, and has it anything to do?
pub fn activatable(world: &World, p: &PieceView) -> bool {
    let state = world.resource::<GwState>();
    if p.spent() || is_cargo(state, &p.id) {
        return false;
    }
    p.disrupted
        || p.demoralized
        || p.is_leader()
        || movement_allowance(world, p) > 0
        || action_fire(state, p).is_some()
        || data(world)
            .units
            .get(&p.unit_type)
            .is_some_and(|u| u.counterpart.is_some())
}

/// Does the side have a piece it could activate?
pub fn can_activate(world: &World, side: u8) -> bool {
    view::any_of_side(world, side, |p| activatable(world, p))
}

/// The ids of the moving pieces and of what their transports carry.
fn moving_ids<'a>(state: &'a GwState, movers: &'a [PieceView]) -> BTreeSet<&'a str> {
    movers
        .iter()
        .map(|p| p.id.as_str())
        .chain(
            movers
                .iter()
                .filter_map(|p| state.loaded.get(&p.id).map(String::as_str)),
        )
        .collect()
}

/// The pieces that enter a hex when `movers` do: they and what their transports carry.
pub fn entering_ids(state: &GwState, movers: &[String]) -> Vec<String> {
    movers
        .iter()
        .flat_map(|id| std::iter::once(id.clone()).chain(state.loaded.get(id).cloned()))
        .collect()
}

/// Would the hex hold `movers` of `side` within the stacking limits (3 units, 2 companies)?
pub fn stack_fits(world: &World, side: u8, hex: Hex, movers: &[PieceView]) -> bool {
    let d = data(world);
    let state = world.resource::<GwState>();
    let moving = moving_ids(state, movers);
    let mut units = 0u8;
    let mut companies = 0u8;
    let mut count = |p: &PieceView| {
        if !p.is_leader() {
            units += 1;
            companies += u8::from(p.is_company());
        }
    };
    view::in_hex(world, hex)
        .iter()
        .filter(|p| p.side == side && !moving.contains(p.id.as_str()))
        .for_each(&mut count);
    for p in movers {
        count(p);
        if let Some(c) = state.loaded.get(&p.id).and_then(|c| view::by_id(world, c)) {
            count(&c);
        }
    }
    units <= d.stack_limit && companies <= d.company_stack_limit
}

/// Sets the segment for the initiative winner, skipping a side with nothing to activate.
pub fn begin_action(world: &mut World) {
    let side = world.resource::<ActionSegment>().side;
    if !can_activate(world, side) {
        skip_to_next(world, side, true);
    }
}

/// Clears the turn's opportunity-fire counts and any activation.
pub fn clear_turn(world: &mut World) {
    let mut state = world.resource_mut::<GwState>();
    state.opportunity.clear();
    state.group = None;
}

/// The phase is over.
fn end_phase(world: &mut World) {
    let seq = world.resource::<SequenceOfPlay>().clone();
    if matches!(world.resource::<NextState<Phase>>(), NextState::Unchanged) {
        flow::finish_phase(&seq, super::ACTION, &mut world.resource_mut());
    }
}

/// Hands the segment on from `side`: to the next side that can activate; a side that
/// cannot counts as passing. `side_counts` says whether `side` itself is being skipped.
fn skip_to_next(world: &mut World, side: u8, side_counts: bool) {
    let n = world.resource::<SideList>().0.len().max(1) as u8;
    let mut who = side;
    if !side_counts {
        who = (side + 1) % n;
    }
    for _ in 0..=n {
        if can_activate(world, who) {
            let mut seg = world.resource_mut::<ActionSegment>();
            seg.side = who;
            world
                .resource_mut::<Journal>()
                .push(GameEvent::SegmentBegan { side: who });
            return;
        }
        let name = side_name(world, who);
        say(world, format!("{name} has no piece left to activate."));
        let all_passed = world.resource_scope(|world, mut seg: Mut<ActionSegment>| {
            record_pass(
                &mut seg,
                &mut world.resource_mut::<Journal>(),
                who,
                usize::from(n),
            )
        });
        if all_passed {
            end_phase(world);
            return;
        }
        who = (who + 1) % n;
    }
    end_phase(world);
}

/// A pass: ends the activation under way, or passes the segment.
pub fn pass(world: &mut World, side: u8) {
    if world.resource::<GwState>().group.is_some() {
        end_segment(world);
        return;
    }
    let n = world.resource::<SideList>().0.len();
    let all_passed = world.resource_scope(|world, mut seg: Mut<ActionSegment>| {
        record_pass(&mut seg, &mut world.resource_mut::<Journal>(), side, n)
    });
    if all_passed {
        end_phase(world);
    } else {
        skip_to_next(world, side, false);
    }
}

/// After an order's steps: the segment ends once no activated piece can still act.
pub fn segment_check(world: &mut World) {
    let state = world.resource::<GwState>();
    let Some(group) = &state.group else {
        return;
    };
    let any_left = group
        .members
        .iter()
        .any(|(id, m)| !m.acted && view::by_id(world, id).is_some());
    if !any_left {
        end_segment(world);
    }
}

/// Ends the activation: pieces activated directly that did nothing are marked Done.
/// Ours — D-10 in docs/rules/great-war.md: activation details.
fn end_segment(world: &mut World) {
    let Some(group) = world.resource_mut::<GwState>().group.take() else {
        return;
    };
    for (id, m) in &group.members {
        if m.direct && !m.acted {
            mark(world, id, MarkerKind::Done);
        }
    }
    skip_to_next(world, group.side, false);
}

/// > "Any activated leader can immediately activate all units and lower-ranking
/// > leaders of his own type [...] in his hex and all adjacent hexes. Those
/// > lower-ranking leaders can activate more [...]. Leaders cannot activate units
/// > that aren't of their own type, but both types of leaders can activate together
/// > if stacked together."
pub fn activation_group(world: &World, side: u8, roots: &[PieceView]) -> Group {
    let mut members: BTreeMap<String, Member> = BTreeMap::new();
    let mut leaders: Vec<PieceView> = Vec::new();
    for p in roots {
        members.insert(
            p.id.clone(),
            Member {
                led: false,
                leaders: Vec::new(),
                start: p.hex,
                acted: false,
                direct: true,
            },
        );
        // A Demoralized leader "can do nothing [...] but try to recover morale": he may
        // be activated to try, but he leads no one.
        if p.is_leader() && !p.demoralized {
            leaders.push(p.clone());
        }
    }
    let mut i = 0;
    while i < leaders.len() {
        let l = leaders[i].clone();
        i += 1;
        let Some(ld) = l.leader else { continue };
        for h in std::iter::once(l.hex).chain(l.hex.all_neighbors()) {
            for p in view::in_hex(world, h) {
                if p.side != side || !activatable(world, &p) {
                    continue;
                }
                let joins = match p.leader {
                    None => p.leader_type() == ld.kind,
                    Some(o) if o.kind == ld.kind => o.rank < ld.rank,
                    Some(_) => p.hex == l.hex,
                };
                if !joins {
                    continue;
                }
                let own_type = p.leader_type() == ld.kind;
                let entry = members.entry(p.id.clone()).or_insert_with(|| {
                    if p.is_leader() && !p.demoralized {
                        leaders.push(p.clone());
                    }
                    Member {
                        led: false,
                        leaders: Vec::new(),
                        start: p.hex,
                        acted: false,
                        direct: false,
                    }
                });
                if own_type {
                    entry.led = true;
                    if !entry.leaders.contains(&l.id) {
                        entry.leaders.push(l.id.clone());
                    }
                }
            }
        }
    }
    Group { side, members }
}

/// The combat modifier the leaders who activated a unit lend it now: the best of
/// those still on the map and not Demoralized (`None` when none is). It is read when
/// the fire or the assault is carried out, from the leaders as they then are: a leader
/// Demoralized since, by Drumfire on the way into an assaulted hex for one, "can do
/// nothing [...] but try to recover morale" and lends nothing, as he lends no morale
/// modifier (`view.rs` `effective_morale`) and no combat modifier to a defence.
pub fn lent_combat(world: &World, leaders: &[String]) -> Option<i8> {
    leaders
        .iter()
        .filter_map(|id| view::by_id(world, id))
        .filter(|l| !l.demoralized)
        .filter_map(|l| l.leader.map(|x| x.combat))
        .max()
}

fn pieces_of(world: &World, ids: &[String]) -> Result<Vec<PieceView>, Refusal> {
    let mut seen = BTreeSet::new();
    ids.iter()
        .map(|id| {
            if !seen.insert(id.as_str()) {
                return refuse(format!("{} is named twice.", name_of(world, id)));
            }
            view::by_id(world, id)
                .ok_or_else(|| Refusal(format!("There is no piece `{id}` on the map.")))
        })
        .collect()
}

fn parse_hex(world: &World, s: &str) -> Result<Hex, Refusal> {
    hex_of(s)
        .filter(|h| world.resource::<Board>().contains(*h))
        .ok_or_else(|| Refusal(format!("`{s}` is not a hex of the map.")))
}

/// Each named piece must be an activated member of the side's group that has not acted.
fn members<'a>(
    world: &World,
    group: &'a Group,
    ids: &[String],
) -> Result<Vec<(PieceView, &'a Member)>, Refusal> {
    if ids.is_empty() {
        return refuse("Name at least one piece.");
    }
    let pieces = pieces_of(world, ids)?;
    pieces
        .into_iter()
        .map(|p| match group.members.get(&p.id) {
            None => refuse(format!("{} was not activated in this segment.", p.name)),
            Some(m) if m.acted => {
                refuse(format!("{} has already acted in this activation.", p.name))
            }
            Some(m) => Ok((p, m)),
        })
        .collect()
}

/// The leader type a piece answers to (for the UI's chain preview).
pub fn answers_to(p: &PieceView) -> LeaderKind {
    p.leader_type()
}
