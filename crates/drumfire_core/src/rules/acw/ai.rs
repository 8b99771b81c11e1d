//! The computer player for the ACW rules: chits from what each unit can reach and
//! see, charges where its line outnumbers the enemy's (never out of an objective its
//! side holds), moves toward the objectives facing the nearest enemy, and every shot it
//! has at the target it hurts most.

use super::chit::Chit;
use super::combat;
use super::melee::Outcome;
use super::state::{AcwOrder, AcwState};
use super::view::{self, Unit};
use super::{INITIATIVE, MOVEMENT, ORDERS, REACT, SHOOTING, movement, resolve, shooting_phase};
use crate::flow::Phase;
use crate::orders::Order;
use crate::scenario::{FacingDef, SideList};
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::Hex;

/// The computer player's order for `side` now.
pub fn choose(world: &World, side: u8) -> Option<Order> {
    if super::deal::due(world).is_some() {
        // The machines deal the dominoes themselves (`sealing`).
        return None;
    }
    let state = world.resource::<AcwState>();
    if let Some((placing, k, line)) = state.placing {
        return (placing == side).then(|| place(world, state, side, k, line));
    }
    if let Some(k) = state.firing_at {
        return at_charger(world, side, k);
    }
    match *world.resource::<State<Phase>>().get() {
        ORDERS if !state.chits.contains_key(&side) => Some(chits(world, side)),
        INITIATIVE if state.choosing == Some(side) => {
            Some(AcwOrder::Choose { side, first: true }.into())
        }
        MOVEMENT if state.acting.is_some_and(|a| a.0 == side) => act(world, side),
        SHOOTING | REACT
            if super::shooting_side(state, world.resource::<SideList>().0.len() as u8)
                == Some(side) =>
        {
            Some(best_shot(world, side).unwrap_or(Order::Pass { side }))
        }
        _ => None,
    }
}

/// The domino looked at goes first in the line, its higher half toward the first stand
/// (between two machines, as this machine read it).
fn place(world: &World, state: &AcwState, side: u8, k: usize, line: usize) -> Order {
    let hand = state.charges[k].lines[line]
        .hand
        .and_then(|d| super::deal::face_of(world, k, d));
    let turned = hand.is_some_and(|d| d.1 > d.0);
    AcwOrder::Place {
        side,
        place: 0,
        turned,
    }
    .into()
}

/// Fire at a charger with the first unit that may, at the middle of its line.
fn at_charger(world: &World, side: u8, k: usize) -> Option<Order> {
    let state = world.resource::<AcwState>();
    let charge = state.charges.get(k)?;
    if charge.defender_side != side {
        return None;
    }
    let c = view::unit(world, &charge.charger)?;
    let line = combat::line(&c);
    match resolve::charge_shooters(world, k).first() {
        Some(u) if !line.is_empty() => Some(
            AcwOrder::Fire {
                side,
                unit: u.id.clone(),
                target: view::label(c.hex),
                stand: line[line.len() / 2],
            }
            .into(),
        ),
        _ => Some(Order::Pass { side }),
    }
}

/// The objectives the side does not hold, else all of them.
fn goals(world: &World, side: u8) -> Vec<Hex> {
    let all = crate::map::objectives(world);
    let open: Vec<Hex> = all
        .iter()
        .filter(|o| o.2 != Some(side))
        .map(|o| o.0)
        .collect();
    if open.is_empty() {
        all.iter().map(|o| o.0).collect()
    } else {
        open
    }
}

/// Would `u` charge `e`: not into a wood or behind fences; on the exact odds of the
/// fight (`charge_odds`) when the lines are short enough to work them out at once (up
/// to eight stands meeting), worth more than nothing; else when its line outnumbers
/// the enemy's (or the enemy is a battery).
fn worth_charging(world: &World, u: &Unit, e: &Unit) -> bool {
    let cell = view::cell(world, e.hex).unwrap_or_default();
    if u.battery || u.routed || cell.wood || cell.fenced {
        return false;
    }
    let (ul, el) = (combat::line(u), combat::line(e));
    if ul.len().min(el.len()) > 8 {
        return e.battery || u.standing() > e.standing();
    }
    let Some(odds) = combat::preview(world, u, e, u.side).map(|p| p.odds) else {
        return false;
    };
    let worth = |o: Outcome| match o {
        Outcome::Holds => 0.0,
        Outcome::Retires(_) => 1.0,
        Outcome::RetiresFullMove => 2.0,
        Outcome::Routs => 4.0,
    };
    let value: f64 = odds
        .outcomes
        .iter()
        .map(|(c, d, p)| p * (worth(*d) - worth(*c)))
        .sum();
    value > 0.0
}

/// A chit behind each unit.
fn chits(world: &World, side: u8) -> Order {
    let chits = chits_for(world, side);
    AcwOrder::Chits { side, chits }.into()
}

/// The chit the computer would put behind each of `side`'s units now: a regiment on an
/// objective its side holds keeps it, so it gets no Charge chit (a garrison that charges
/// out of its church hands it to the enemy's next move).
pub fn chits_for(world: &World, side: u8) -> Vec<(String, Chit)> {
    let all = view::units(world);
    let enemies: Vec<&Unit> = all.iter().filter(|e| e.side != side).collect();
    let held: Vec<Hex> = crate::map::objectives(world)
        .iter()
        .filter(|o| o.2 == Some(side))
        .map(|o| o.0)
        .collect();
    all.iter()
        .filter(|u| u.side == side)
        .map(|u| {
            let chit = if u.battery || u.routed {
                Chit::Fire
            } else if !held.contains(&u.hex)
                && enemies
                    .iter()
                    .any(|e| u.hex.unsigned_distance_to(e.hex) <= 5 && worth_charging(world, u, e))
            {
                Chit::Charge
            } else if enemies.iter().any(|e| geometry_in_range(world, u, e)) {
                Chit::Fire
            } else if enemies
                .iter()
                .all(|e| u.hex.unsigned_distance_to(e.hex) > 10)
            {
                Chit::FastAdvance
            } else {
                Chit::Move
            };
            (u.id.clone(), chit)
        })
        .collect()
}

/// Is `e` in `u`'s arc, range and sight now?
fn geometry_in_range(world: &World, u: &Unit, e: &Unit) -> bool {
    super::geometry::in_arc(u.hex, u.facing, e.hex)
        && super::fire_chart::infantry_needs(u.hex.unsigned_distance_to(e.hex)).is_some()
        && shooting_phase::sees(world, u.hex, e.hex)
}

/// The hexside from `from` toward `to`.
fn facing_toward(from: Hex, to: Hex) -> FacingDef {
    FacingDef::of(from.main_direction_to(to))
}

/// The next unit's chit turned over: a charge home where one can be made, else the
/// move that brings it nearest an objective (and short of the enemy), facing the
/// nearest enemy.
fn act(world: &World, side: u8) -> Option<Order> {
    let id = resolve::unrevealed(world, side).into_iter().next()?;
    act_for(world, side, id)
}

/// What [`act`] gives for unit `id` of `side`, were it the next to turn its chit over.
fn act_for(world: &World, side: u8, id: String) -> Option<Order> {
    let u = view::unit(world, &id)?;
    let all = view::units(world);
    let enemies: Vec<&Unit> = all.iter().filter(|e| e.side != side).collect();
    let nearest = |h: Hex| {
        enemies
            .iter()
            .min_by_key(|e| (e.hex.unsigned_distance_to(h), e.id.clone()))
            .map(|e| e.hex)
    };
    let order = |path: Vec<Hex>, facing: Option<FacingDef>, charge: Option<Hex>| {
        AcwOrder::Act {
            side,
            unit: id.clone(),
            path: path.iter().map(|h| view::label(*h)).collect(),
            facing,
            charge: charge.map(view::label),
        }
        .into()
    };
    let chit = view::chit_known(world, &id);
    let reach = movement::reachable(world, &u);
    if reach.is_empty() || chit.is_none_or(|c| c.hexes() == 0) {
        return Some(order(vec![], None, None));
    }
    if chit == Some(Chit::Charge) {
        // The weakest enemy it may charge from each hex it can reach, weighed from
        // that hex (a flank or the rear counts: A-33), and named in the order.
        let home = reach
            .values()
            .filter_map(|path| {
                let last = *path.last()?;
                let e = resolve::chargeable(world, &u, path)
                    .into_iter()
                    .min_by_key(|e| e.standing())?;
                let mut at = u.clone();
                at.hex = last;
                worth_charging(world, &at, &e)
                    .then(|| (e.standing(), path.len(), path.clone(), e.hex))
            })
            .min_by_key(|(standing, len, _, _)| (*standing, *len));
        if let Some((_, _, path, target)) = home {
            return Some(order(path, None, Some(target)));
        }
    }
    let goal = goals(world, side);
    let score = |h: Hex| -> i64 {
        let to_goal = goal
            .iter()
            .map(|g| i64::from(g.unsigned_distance_to(h)))
            .min()
            .unwrap_or(0);
        let to_enemy = nearest(h).map_or(99, |e| i64::from(e.unsigned_distance_to(h)));
        // Toward the goal; a little wary of ending inside the enemy's short range.
        -3 * to_goal - if to_enemy <= 2 { 2 } else { 0 }
    };
    let mut best: (i64, Vec<Hex>) = (score(u.hex), vec![]);
    for path in reach.values() {
        let Some(&last) = path.last() else { continue };
        let s = score(last);
        if s > best.0 || (s == best.0 && path.len() < best.1.len()) {
            best = (s, path.clone());
        }
    }
    let end = best.1.last().copied().unwrap_or(u.hex);
    let facing = nearest(end).map(|e| facing_toward(end, e));
    Some(order(best.1, facing, None))
}

/// What the Hard player weighs for `side` now ([`crate::lookahead`]): the computer's
/// order first; in the Movement phase, for each unit whose chit is still face down in
/// turn, its chit turned over where it stands and the computer's move for it were it
/// the next to go (which unit goes next, and whether a charge or a move is made at all,
/// are the phase's decisions: a defender's regiment that stays in its wood or fences
/// rather than charge out of them is weighed in every Movement phase); then the other
/// candidates taken evenly through the rule set's list, up to
/// [`crate::rule_set::SHORTLIST`].
pub fn shortlist(world: &World, side: u8, salt: u64) -> Vec<Order> {
    let first = choose(world, side);
    let others = super::candidates::candidates(world, side, salt);
    let state = world.resource::<AcwState>();
    let moving = *world.resource::<State<Phase>>().get() == MOVEMENT
        && super::deal::due(world).is_none()
        && state.placing.is_none()
        && state.firing_at.is_none()
        && state.acting.is_some_and(|a| a.0 == side);
    if !moving {
        return crate::rule_set::spread(first, others, crate::rule_set::SHORTLIST);
    }
    let mut list: Vec<Order> = first.into_iter().collect();
    for id in resolve::unrevealed(world, side) {
        let stay = super::candidates::stay(side, &id);
        for order in [Some(stay), act_for(world, side, id)].into_iter().flatten() {
            if !list.contains(&order) {
                list.push(order);
            }
        }
    }
    list.truncate(crate::rule_set::SHORTLIST);
    let rest: Vec<Order> = others.into_iter().filter(|o| !list.contains(o)).collect();
    let room = crate::rule_set::SHORTLIST - list.len();
    list.extend(crate::rule_set::spread(None, rest, room));
    list
}

/// The shot that takes the most stands on average, at the middle of the target's line.
fn best_shot(world: &World, side: u8) -> Option<Order> {
    let chits = resolve::fire_chits(world, *world.resource::<State<Phase>>().get());
    resolve::shots(world, side)
        .into_iter()
        .filter_map(|(u, t)| {
            let shot = shooting_phase::can_fire(world, &u, &t, &chits).ok()?;
            let odds = shooting_phase::odds(&u, &t, shot)?;
            let expected: f64 = odds
                .outcomes
                .iter()
                .enumerate()
                .map(|(n, o)| n as f64 * o.chance.ways as f64 / o.chance.of.max(1) as f64)
                .sum();
            let line = combat::line(&t);
            Some((expected, u, t, line))
        })
        .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.id.cmp(&a.1.id)))
        .map(|(_, u, t, line)| {
            AcwOrder::Fire {
                side,
                unit: u.base.id,
                target: view::label(t.hex),
                stand: line[line.len() / 2],
            }
            .into()
        })
}
