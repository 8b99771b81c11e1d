//! Carrying out the Napoleonic orders and the automatic steps of the turn: orders
//! shown, the initiative, moves and formations, the fights and their results
//! (casualties, Disordered, retire Shaken, rout), the morale test, and the Rally.

use super::brigade::{Command, Formation};
use super::combat;
use super::state::{Fight, NpOrder, NpState};
use super::view::{self, Piece};
use super::{COMBAT, INITIATIVE, MOVEMENT, ORDERS, RALLY, acting, note, roll, say};
use crate::counters::{Facing, MarkerKind, add_marker, remove_marker};
use crate::flow::{self, Phase};
use crate::journal::GameEvent;
use crate::odds::Odds;
use crate::orders::Order;
use crate::scenario::SideList;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::Hex;

mod aftermath;
mod fights;

use aftermath::flee;
pub use aftermath::{MORALE_STEADY, Morale, morale_factors, morale_outcome};
use fights::{contest_fight, dice_fire, skirmish};
pub use fights::{dice_fire_plan, skirmish_situation, skirmishes_back};

/// Carries out the accepted order.
pub(super) fn carry_out(world: &mut World) {
    let Some(order) = crate::orders::take_for_rules(world) else {
        return;
    };
    match order {
        Order::Pass { side } => {
            note(world, GameEvent::Passed { side });
            world.resource_mut::<NpState>().done.push(side);
        }
        o => {
            if let Some(o) = o.rules::<NpOrder>() {
                apply(world, o.clone());
            }
        }
    }
    settle(world);
}

fn apply(world: &mut World, o: NpOrder) {
    match o {
        NpOrder::Orders { side, orders } => {
            world.resource_mut::<NpState>().given.insert(side, orders);
            let name = world.resource::<SideList>().name(side).to_owned();
            say(world, format!("{name} has given its orders."));
        }
        NpOrder::Move { brigade, path, .. } => {
            let Some(p) = view::piece(world, &brigade) else {
                return;
            };
            let hexes: Vec<Hex> = path
                .iter()
                .filter_map(|l| crate::scenario::hex_of(l))
                .collect();
            let Some(last) = hexes.last().copied() else {
                return;
            };
            let before = hexes.len().checked_sub(2).map_or(p.hex, |i| hexes[i]);
            put(world, p.entity, p.hex, last);
            face(world, p.entity, before, last);
            world
                .resource_mut::<NpState>()
                .moved
                .insert(brigade.clone());
            note(
                world,
                GameEvent::Moved {
                    pieces: vec![brigade],
                    from: view::label(p.hex),
                    to: view::label(last),
                    via: hexes[..hexes.len() - 1]
                        .iter()
                        .map(|h| view::label(*h))
                        .collect(),
                },
            );
        }
        NpOrder::Form {
            brigade, formation, ..
        } => {
            let mut state = world.resource_mut::<NpState>();
            if let Some(b) = state.brigades.get_mut(&brigade) {
                b.formation = formation;
            }
            state.moved.insert(brigade.clone());
            if let Some(p) = view::piece(world, &brigade) {
                world
                    .entity_mut(p.entity)
                    .insert(crate::counters::Label(formation.label(p.arm)));
            }
            let name = crate::rules::napoleonic::view::piece(world, &brigade)
                .map_or(brigade, |p| p.base.name);
            let done = match formation {
                Formation::Limbered => "limbers up".to_owned(),
                Formation::Deployed => "unlimbers and deploys".to_owned(),
                f => format!("forms {}", f.name().to_lowercase()),
            };
            say(world, format!("{name} {done}."));
        }
        NpOrder::Fight {
            brigade,
            target,
            fight,
            ..
        } => {
            let (Some(p), Some(t)) = (
                view::piece(world, &brigade),
                crate::scenario::hex_of(&target).and_then(|h| view::piece_at(world, h)),
            ) else {
                return;
            };
            {
                let mut state = world.resource_mut::<NpState>();
                state.fought.insert(p.id.clone());
                state.engaged.insert(p.id.clone());
                state.engaged.insert(t.id.clone());
            }
            match (fight, fight.contest()) {
                (_, Some(contest)) => contest_fight(world, &p, &t, fight, contest),
                (Fight::Bombard | Fight::Volley, None) => dice_fire(world, fight, &p, &t),
                _ => skirmish(world, &p, &t),
            }
        }
    }
}

/// After an order: when every side has given its orders they are shown; when every
/// side is done moving or fighting, the phase ends.
fn settle(world: &mut World) {
    let sides = world.resource::<SideList>().0.len() as u8;
    let phase = *world.resource::<State<Phase>>().get();
    match phase {
        ORDERS if world.resource::<NpState>().given.len() >= usize::from(sides) => {
            show_orders(world);
            flow::finish_phase_in(world, ORDERS);
        }
        MOVEMENT | COMBAT if acting(world.resource::<NpState>(), sides).is_none() => {
            flow::finish_phase_in(world, phase);
        }
        _ => {}
    }
}

/// Every side has given its orders: they take effect, and the log shows them.
fn show_orders(world: &mut World) {
    // Kept until the next Orders phase: with every side's orders in, the game waits on
    // no side for orders while the phase ends.
    let given = world.resource::<NpState>().given.clone();
    for (_, orders) in given {
        for (id, command) in orders {
            let changed = {
                let mut state = world.resource_mut::<NpState>();
                state.brigades.get_mut(&id).map(|b| {
                    let was = b.command;
                    b.command = command;
                    was
                })
            };
            let name = view::piece(world, &id).map_or(id.clone(), |p| p.base.name);
            match changed {
                Some(was) if was != command => say(
                    world,
                    format!("Orders: {name} from {} to {}.", was.name(), command.name()),
                ),
                Some(_) => say(
                    world,
                    format!("Orders: {name} stays on {}.", command.name()),
                ),
                None => {}
            }
        }
    }
}

/// The Orders phase begins: a new turn's record, and a side with no brigade to order
/// has nothing to give.
pub(super) fn begin_orders(world: &mut World) {
    {
        let mut state = world.resource_mut::<NpState>();
        state.given.clear();
        state.done.clear();
        state.moved.clear();
        state.fought.clear();
        state.skirmished.clear();
        state.engaged.clear();
    }
    let sides = world.resource::<SideList>().0.len() as u8;
    let all = view::pieces(world);
    for side in 0..sides {
        if !all.iter().any(|p| p.side == side && !p.routed) {
            world.resource_mut::<NpState>().given.insert(side, vec![]);
        }
    }
    settle(world);
}

/// A die each; the higher moves and fights first (a tie rolls again).
/// Ours — N-2 in docs/rules/napoleonic.md: the turn.
pub(super) fn roll_for_first(world: &mut World) {
    world.resource_mut::<NpState>().first = flow::roll_for_initiative(world);
    flow::finish_phase_in(world, INITIATIVE);
}

/// Movement or Combat begins: the first side acts, then the other. A side with no
/// brigade that could act is done at once.
pub(super) fn begin_sides(world: &mut World) {
    world.resource_mut::<NpState>().done.clear();
    let sides = world.resource::<SideList>().0.len() as u8;
    let all = view::pieces(world);
    for side in 0..sides {
        if !all.iter().any(|p| p.side == side && !p.routed) {
            world.resource_mut::<NpState>().done.push(side);
        }
    }
    settle(world);
}

/// Moves a counter from one hex to another; an objective entered is held by the
/// brigade's side from then on.
fn put(world: &mut World, e: Entity, from: Hex, to: Hex) {
    crate::map::move_counter(world, e, from, to);
}

/// Faces the brigade the way it last stepped.
fn face(world: &mut World, e: Entity, from: Hex, to: Hex) {
    if let Some(d) = from.neighbor_direction(to) {
        world.entity_mut(e).insert(Facing(d));
    }
}

// ---- The Rally ----------------------------------------------------------------------

/// The Rally phase: each routed brigade rolls 2d6, rallying Shaken on Hold on 8 or
/// more and fleeing two hexes more otherwise; a Disordered brigade that was in no
/// fight this turn recovers its order; a Shaken one that was in no fight and has no
/// enemy beside it rolls 2d6 and on 7 or more is Disordered instead.
/// Ours — N-11 in docs/rules/napoleonic.md: the Rally.
pub(super) fn rally(world: &mut World) {
    let all = view::pieces(world);
    let engaged = world.resource::<NpState>().engaged.clone();
    for b in &all {
        let enemies: Vec<&Piece> = all.iter().filter(|o| o.side != b.side).collect();
        let nearest = enemies
            .iter()
            .min_by_key(|o| o.hex.unsigned_distance_to(b.hex))
            .map(|o| o.hex);
        if b.routed {
            let dice = roll(world, 2, format!("rally: {}", b.name));
            if dice[0] + dice[1] >= 8 {
                let mut e = world.entity_mut(b.entity);
                remove_marker(&mut e, MarkerKind::Routed);
                add_marker(&mut e, MarkerKind::Shaken);
                if let Some(s) = world.resource_mut::<NpState>().brigades.get_mut(&b.id) {
                    s.command = Command::Hold;
                }
                say(
                    world,
                    format!("{} rallies, Shaken, on Hold orders.", b.name),
                );
            } else if let Some(enemy) = nearest {
                flee(world, &b.id, enemy, 2);
            }
            continue;
        }
        if engaged.contains(&b.id) {
            continue;
        }
        if b.shaken {
            let beside = enemies
                .iter()
                .any(|o| o.hex.unsigned_distance_to(b.hex) == 1);
            if beside {
                continue;
            }
            let dice = roll(world, 2, format!("rally: {}", b.name));
            if dice[0] + dice[1] >= 7 {
                let mut e = world.entity_mut(b.entity);
                remove_marker(&mut e, MarkerKind::Shaken);
                add_marker(&mut e, MarkerKind::Disordered);
                say(
                    world,
                    format!("{} steadies: Disordered, no longer Shaken.", b.name),
                );
            }
        } else if b.disordered {
            remove_marker(&mut world.entity_mut(b.entity), MarkerKind::Disordered);
            say(world, format!("{} dresses its ranks.", b.name));
        }
    }
    flow::finish_phase_in(world, RALLY);
}

// ---- Odds -----------------------------------------------------------------------------

/// The exact odds of a fight before it is started: both sides' modifiers with their
/// causes and the chance of each row (a contest), or of a kill for each side (a skirmish).
pub fn fight_odds(world: &World, order: &NpOrder) -> Option<Odds> {
    let NpOrder::Fight {
        brigade,
        target,
        fight,
        ..
    } = order
    else {
        return None;
    };
    let p = view::piece(world, brigade)?;
    let t = view::piece_at(world, crate::scenario::hex_of(target)?)?;
    Some(match (fight, fight.contest()) {
        (_, Some(contest)) => combat::odds(
            &combat::plan(contest, &p.fighter(), &t.fighter()),
            &p.name,
            &t.name,
        ),
        (Fight::Bombard | Fight::Volley, None) => {
            let (dice, mods) = dice_fire_plan(world, *fight, &p, &t);
            combat::dice_fire_odds(*fight == Fight::Volley, &p.name, dice, &mods, &t.name)
        }
        _ => {
            let a = combat::skirmish_factors(
                &p.fighter(),
                &t.fighter(),
                skirmish_situation(world, &p, &t),
            );
            let d = skirmishes_back(&t).then(|| {
                combat::skirmish_factors(
                    &t.fighter(),
                    &p.fighter(),
                    skirmish_situation(world, &t, &p),
                )
            });
            combat::skirmish_odds(&p.name, &a, &t.name, d.as_deref())
        }
    })
}
