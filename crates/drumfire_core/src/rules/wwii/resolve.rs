//! Carrying out the WWII orders and the automatic steps of the turn: the initiative,
//! each side's movement and fire in turn, the assault phase, and the rally.

use super::state::{Followup, WwiiOrder, WwiiState};
use super::view;
use super::{
    ASSAULT, FIRE, INITIATIVE, MOVEMENT, RALLY, assault_phase, effects, fire_phase, movement, say,
};
use crate::counters::Facing;
use crate::flow::{self, Phase};
use crate::journal::GameEvent;
use crate::scenario::SideList;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;

/// Carries out the accepted order.
pub(super) fn carry_out(world: &mut World) {
    let Some(order) = crate::orders::take_for_rules(world) else {
        return;
    };
    if let crate::orders::Order::Pass { side } = order {
        super::note(world, GameEvent::Passed { side });
        let followup = world
            .resource::<WwiiState>()
            .followups
            .iter()
            .position(|f| side_of(world, f.unit()) == Some(side));
        match followup {
            Some(k) if *world.resource::<State<Phase>>().get() == ASSAULT && !choosing(world) => {
                world.resource_mut::<WwiiState>().followups.remove(k);
            }
            _ => world.resource_mut::<WwiiState>().done.push(side),
        }
    } else if let Some(o) = order.rules::<WwiiOrder>() {
        apply(world, o.clone());
    }
    settle(world);
}

/// Is the assault phase still at its engagements (no fight fought yet)?
fn choosing(world: &World) -> bool {
    world.resource::<WwiiState>().acting.is_some()
}

fn side_of(world: &World, id: &str) -> Option<u8> {
    view::unit(world, id).map(|u| u.side)
}

fn apply(world: &mut World, o: WwiiOrder) {
    match o {
        WwiiOrder::Move {
            unit, path, facing, ..
        } => {
            let Some(u) = view::unit(world, &unit) else {
                return;
            };
            let hexes = view::hexes(&path);
            let cost = movement::cost(world, &hexes);
            let all = view::units(world);
            let contact = hexes
                .last()
                .is_some_and(|h| movement::enemy_next(&all, u.side, *h));
            effects::step_to(world, &u, &hexes);
            if let Some(f) = facing {
                world.entity_mut(u.entity).insert(Facing(f.direction()));
            }
            let mut state = world.resource_mut::<WwiiState>();
            *state.spent.entry(unit.clone()).or_insert(0) += cost.max(u32::from(hexes.is_empty()));
            state.prone.remove(&unit);
            if contact {
                state.assaulting.insert(unit.clone());
            }
            let left = u.figures.movement.saturating_sub(state.spent[&unit]);
            if !u.kind().vehicle() || left == 0 {
                state.moved.insert(unit.clone());
            }
            if contact {
                say(world, format!("{} moves into contact.", u.name));
            }
        }
        WwiiOrder::Prone { unit, .. } => {
            let mut state = world.resource_mut::<WwiiState>();
            state.prone.insert(unit.clone());
            state.moved.insert(unit.clone());
            if let Some(u) = view::unit(world, &unit) {
                say(world, format!("{} goes prone.", u.name));
            }
        }
        WwiiOrder::Overrun { unit, target, .. } => {
            let (Some(u), Some(hex)) = (view::unit(world, &unit), crate::scenario::hex_of(&target))
            else {
                return;
            };
            assault_phase::overrun(world, &u, hex);
        }
        WwiiOrder::Rout { unit, .. } => rout(world, &unit),
        WwiiOrder::Fire { unit, target, .. } => {
            let (Some(u), Some(t)) = (view::unit(world, &unit), view::unit(world, &target)) else {
                return;
            };
            if let Ok(shot) = fire_phase::can_fire(world, &u, &t) {
                fire_phase::fire_at(world, &u, &t, &shot);
            }
        }
        WwiiOrder::Engage { unit, target, .. } => {
            world
                .resource_mut::<WwiiState>()
                .engaged
                .insert(unit.clone(), target.clone());
            if let (Some(u), Some(t)) = (view::unit(world, &unit), view::unit(world, &target)) {
                let what = if t.kind().vehicle() {
                    t.base.name
                } else {
                    "the enemy personnel".to_owned()
                };
                say(world, format!("{} engages {what}.", u.name));
            }
        }
        WwiiOrder::Advance { unit, path, .. } => {
            let Some(u) = view::unit(world, &unit) else {
                return;
            };
            let hexes = view::hexes(&path);
            effects::step_to(world, &u, &hexes);
            let mut state = world.resource_mut::<WwiiState>();
            state.followups.retain(|f| f.unit() != unit);
            // A unit that moves is no longer prone (W-D20).
            state.prone.remove(&unit);
        }
        WwiiOrder::Dismount { unit, .. } => {
            let mut state = world.resource_mut::<WwiiState>();
            state.dismounted.insert(unit.clone());
            state.followups.retain(|f| f.unit() != unit);
            if let Some(u) = view::unit(world, &unit) {
                say(world, format!("{} dismounts.", u.name));
            }
        }
    }
}

/// A voluntary rout: a morale check; passed, the unit routs a full move away and
/// breaks contact; failed, it stays locked in the assault.
/// Ours — W-D16 in docs/rules/wwii.md.
fn rout(world: &mut World, id: &str) {
    let Some(u) = view::unit(world, id) else {
        return;
    };
    world
        .resource_mut::<WwiiState>()
        .moved
        .insert(id.to_owned());
    let in_cover = view::cell(world, u.hex).is_some_and(|c| c.solid_cover);
    let plus: i32 = super::morale::check_modifiers(u.stands.below_half(), u.morale, in_cover)
        .iter()
        .map(|m| m.0)
        .sum();
    let m = super::morale::morale(u.training);
    let dice = super::roll(world, 2, format!("voluntary rout: {}", u.name));
    let total = i32::from(dice[0] + dice[1]) + plus;
    if super::morale::voluntary_rout(total, m) {
        say(
            world,
            format!(
                "{} orders a voluntary rout: {total} against {m}, passed; it routs away.",
                u.name
            ),
        );
        let turn = world.resource::<crate::flow::Turn>().0;
        world
            .resource_mut::<WwiiState>()
            .morale
            .insert(id.to_owned(), (super::morale::State::Routed, turn));
        effects::fall_back(world, id, u.figures.movement, true);
    } else {
        say(
            world,
            format!(
                "{} orders a voluntary rout: {total} against {m}, failed; it stays locked in the assault.",
                u.name
            ),
        );
    }
}

/// The side acting now and the other, in the turn's order.
fn order_of_sides(world: &World) -> Vec<u8> {
    let sides = world.resource::<SideList>().0.len() as u8;
    let first = world.resource::<WwiiState>().first;
    std::iter::once(first)
        .chain((0..sides).filter(|s| *s != first))
        .collect()
}

/// After an order: the side acting in the movement or fire phase goes on until it
/// passes or has nothing left to do, then the other; the assault phase's engagements,
/// fights and follow-ups in turn.
pub(super) fn settle(world: &mut World) {
    let phase = *world.resource::<State<Phase>>().get();
    match phase {
        MOVEMENT | FIRE => {
            let next = order_of_sides(world).into_iter().find(|s| {
                !world.resource::<WwiiState>().done.contains(s)
                    && super::actions::any_action(world, *s)
            });
            world.resource_mut::<WwiiState>().acting = next;
            if next.is_none() {
                flow::finish_phase_in(world, phase);
            }
        }
        ASSAULT => {
            if choosing(world) {
                let next = order_of_sides(world).into_iter().find(|s| {
                    !world.resource::<WwiiState>().done.contains(s)
                        && !assault_phase::open_choices(world, *s).is_empty()
                });
                world.resource_mut::<WwiiState>().acting = next;
                if next.is_some() {
                    return;
                }
                assault_phase::resolve_all(world);
            }
            // Follow-ups whose unit is gone or can go nowhere are dropped.
            loop {
                let first = world.resource::<WwiiState>().followups.first().cloned();
                let Some(f) = first else {
                    flow::finish_phase_in(world, ASSAULT);
                    return;
                };
                if followup_paths(world, &f).is_empty() && !matches!(f, Followup::Cavalry { .. }) {
                    world.resource_mut::<WwiiState>().followups.remove(0);
                    continue;
                }
                return;
            }
        }
        _ => {}
    }
}

/// Every path a follow-up's unit may take: a breakthrough into uncontested ground
/// within its reach, cavalry its remaining movement.
pub fn followup_paths(world: &World, f: &Followup) -> Vec<Vec<hexx::Hex>> {
    let Some(u) = view::unit(world, f.unit()) else {
        return vec![];
    };
    let all = view::units(world);
    let enemies: Vec<hexx::Hex> = all
        .iter()
        .filter(|e| e.side != u.side)
        .map(|e| e.hex)
        .collect();
    // What entering a hex costs, as a move pays it (W-D20); `None` where it may not go.
    let cost = |h: hexx::Hex| -> Option<u32> {
        let c = view::cell(world, h)?;
        let ok = c.closed_to(u.kind()).is_none()
            && all.iter().filter(|o| o.hex == h).count() < movement::stack_limit()
            && !all.iter().any(|o| o.hex == h && o.side != u.side)
            && super::followup::uncontested(h, &enemies);
        c.cost.filter(|_| ok).map(u32::from)
    };
    super::followup::cheapest_paths(u.hex, f.reach(), cost)
        .into_values()
        .collect()
}

/// The start of each turn: the dice for the initiative; the side that wins moves and
/// fires first.
/// Ours — W-D20 in docs/rules/wwii.md: the initiative and the turn's order.
pub(super) fn roll_for_initiative(world: &mut World) {
    let side = flow::roll_for_initiative(world);
    let turn = world.resource::<crate::flow::Turn>().0;
    {
        let mut state = world.resource_mut::<WwiiState>();
        state.fought.retain(|f| f.turn + 1 >= turn);
        state.first = side;
        state.spent.clear();
        state.moved.clear();
        state.fired.clear();
        state.engaged.clear();
        state.done.clear();
        state.followups.clear();
        state.acting = None;
    }
    let name = world.resource::<SideList>().name(side).to_owned();
    say(
        world,
        format!("{name} has the initiative: it moves and fires first."),
    );
    flow::finish_phase_in(world, INITIATIVE);
}

/// The movement or fire phase begins: the side that won the initiative first.
pub(super) fn begin_turns(world: &mut World) {
    world.resource_mut::<WwiiState>().done.clear();
    settle(world);
}

/// The assault phase begins: each side with a unit that has a choice says what it
/// engages, then every group in contact is fought out.
pub(super) fn begin_assault(world: &mut World) {
    {
        let mut state = world.resource_mut::<WwiiState>();
        state.done.clear();
        state.followups.clear();
        // Acting names the side choosing; set to any side so `settle` starts there.
        state.acting = Some(state.first);
    }
    settle(world);
}

/// The rally at the end of the turn: a unit whose morale was set in an earlier turn
/// comes back one step (routed to withdrawn, withdrawn to pinned, pinned to good order):
/// a unit pinned "for one turn" is pinned through the next turn.
/// Ours — W-D15 in docs/rules/wwii.md.
pub(super) fn rally(world: &mut World) {
    let turn = world.resource::<crate::flow::Turn>().0;
    let back: Vec<(String, super::morale::State)> = world
        .resource::<WwiiState>()
        .morale
        .iter()
        .filter(|(_, (_, since))| *since < turn)
        .map(|(id, (s, _))| (id.clone(), *s))
        .collect();
    for (id, s) in back {
        use super::morale::State;
        let to = match s {
            State::Routed => State::Withdrawn,
            State::Withdrawn => State::Pinned,
            _ => State::Good,
        };
        {
            let mut state = world.resource_mut::<WwiiState>();
            if to == State::Good {
                state.morale.remove(&id);
            } else {
                state.morale.insert(id.clone(), (to, turn));
            }
        }
        if let Some(u) = view::unit(world, &id) {
            say(world, format!("{} rallies: {}.", u.name, to.name()));
        }
    }
    flow::finish_phase_in(world, RALLY);
}
