//! Carrying out the ACW orders and the automatic steps of the turn: the CinCs'
//! ratings at the start, the chits given, the initiative and the choice to move first
//! or second, and the Movement phase's alternate activations.

use super::chit::Chit;
use super::commander::Rating;
use super::shooting_phase;
use super::state::{AcwOrder, AcwState};
use super::view;
use super::{COMBAT, INITIATIVE, MOVEMENT, ORDERS, REACT, SHOOTING, note, roll, say};
use crate::counters::Facing;
use crate::flow::{self, Phase};
use crate::journal::GameEvent;
use crate::scenario::{FacingDef, SideList};
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::Hex;

/// Carries out the accepted order.
pub(super) fn carry_out(world: &mut World) {
    let Some(order) = crate::orders::take_for_rules(world) else {
        return;
    };
    if let crate::orders::Order::Pass { side } = order {
        note(world, GameEvent::Passed { side });
        let window = world.resource::<AcwState>().firing_at.is_some();
        if window {
            // The defenders hold their fire at the charger: it goes on.
            hold_fire(world);
            world.resource_mut::<AcwState>().firing_at = None;
            next_to_act(world);
        } else if *world.resource::<State<Phase>>().get() == MOVEMENT {
            // "may move up to three units": the side stops short of its count, and the
            // move goes to the other side.
            if let Some((_, left)) = world.resource_mut::<AcwState>().acting.as_mut() {
                *left = 0;
            }
            let name = side_name(world, side);
            say(world, format!("{name} moves no more units for now."));
            next_to_act(world);
        } else {
            world.resource_mut::<AcwState>().done.push(side);
        }
    } else if let Some(o) = order.rules::<AcwOrder>() {
        apply(world, o.clone());
    }
    settle(world);
}

/// The defenders pass in the fire window of a charge: each that could have fired at the
/// charger has held its fire.
fn hold_fire(world: &mut World) {
    let Some(k) = world.resource::<AcwState>().firing_at else {
        return;
    };
    let charger = world.resource::<AcwState>().charges[k].charger.clone();
    let held: Vec<(String, String)> = charge_shots(world, k)
        .into_iter()
        .map(|u| (u.base.id, charger.clone()))
        .collect();
    world
        .get_resource_or_insert_with(shooting_phase::HeldFire::default)
        .0
        .extend(held);
}

fn side_name(world: &World, side: u8) -> String {
    world.resource::<SideList>().name(side).to_owned()
}

fn apply(world: &mut World, o: AcwOrder) {
    match o {
        AcwOrder::Chits { side, chits } => {
            world.resource_mut::<AcwState>().chits.insert(side, chits);
            let name = side_name(world, side);
            say(world, format!("{name} has placed its order chits."));
        }
        AcwOrder::SealChits { side, seals } => super::sealing::file_sealed(world, side, seals),
        AcwOrder::Shown {
            side,
            unit,
            chit,
            then,
            ..
        } => {
            super::sealing::shown(world, side, &unit, chit);
            apply(world, *then);
        }
        AcwOrder::Choose { side, first } => choose(world, side, first),
        AcwOrder::Act {
            side,
            unit,
            path,
            facing,
            charge,
        } => act(world, side, &unit, &path, facing, charge.as_deref()),
        AcwOrder::Fire {
            unit,
            target,
            stand,
            ..
        } => fire(world, &unit, &target, stand),
        AcwOrder::Place { place, turned, .. } => place_domino(world, place, turned),
        AcwOrder::Lock { .. } | AcwOrder::Unlock { .. } => super::deal::carry_out(world, o),
        AcwOrder::Key { charge, .. } => {
            super::deal::carry_out(world, o);
            // A set proved for a charge that ended without its fight (its unit gone, or
            // never home: the defender placed nothing) is only turned over.
            let c = &world.resource::<AcwState>().charges[charge];
            let fight = !c.fought && !c.lines[1].places.is_empty();
            if super::deal::turned_over(world, charge) && fight {
                super::combat::fight(world, charge);
                next_fight(world);
            } else if *world.resource::<State<Phase>>().get() == COMBAT
                && world.resource::<AcwState>().placing.is_none()
                && super::deal::due(world).is_none()
            {
                // The last lock the Combat phase waited on: it goes on (and ends).
                next_fight(world);
            }
        }
    }
}

/// The side with the initiative chooses to move first or second, and the Initiative
/// phase ends.
fn choose(world: &mut World, side: u8, first: bool) {
    let sides = world.resource::<SideList>().0.len() as u8;
    let other = (side + 1) % sides.max(1);
    {
        let mut state = world.resource_mut::<AcwState>();
        state.choosing = None;
        state.first = if first { side } else { other };
    }
    let name = side_name(world, side);
    say(
        world,
        format!(
            "{name} chooses to move {}.",
            if first { "first" } else { "second" }
        ),
    );
    flow::finish_phase_in(world, INITIATIVE);
}

/// A unit's chit is turned over: on a Charge chit with a target it starts its
/// charge; otherwise it marches along its path (and turns), and the next unit acts.
fn act(
    world: &mut World,
    side: u8,
    unit: &str,
    path: &[String],
    facing: Option<FacingDef>,
    charge: Option<&str>,
) {
    let Some(u) = view::unit(world, unit) else {
        return;
    };
    let chit = view::chit(world, unit);
    {
        let mut state = world.resource_mut::<AcwState>();
        state.revealed.insert(unit.to_owned());
        if let Some((acting, left)) = state.acting.as_mut()
            && *acting == side
        {
            *left = left.saturating_sub(1);
        }
    }
    say(
        world,
        format!(
            "{}'s chit is turned over: {}.",
            u.name,
            chit.map_or("none", Chit::name)
        ),
    );
    let hexes = view::hexes(path);
    if chit == Some(Chit::Charge)
        && let Ok(Some(target)) = charge_target(world, &u, &hexes, charge)
    {
        start_charge(world, side, unit, &u, &target, path);
        return;
    }
    march(world, &u, &hexes);
    if let Some(f) = facing {
        world.entity_mut(u.entity).insert(Facing(f.direction()));
    }
    next_to_act(world);
}

/// "Dominoes are placed at the start of the chargers move": drawn now, one looked
/// at; the move waits until it is placed. Between two machines the set is dealt
/// locked: drawn face down.
fn start_charge(
    world: &mut World,
    side: u8,
    unit: &str,
    u: &view::Unit,
    target: &view::Unit,
    path: &[String],
) {
    let dealt = super::deal::dealt(world);
    let mut set = if dealt {
        super::deal::face_down_set()
    } else {
        shuffle(world)
    };
    let lines = [
        super::combat::Behind::draw(&mut set, super::combat::line(u).len()),
        super::combat::Behind::default(),
    ];
    let mut state = world.resource_mut::<AcwState>();
    state.charges.push(super::combat::Charge {
        charger: unit.to_owned(),
        target: target.id.clone(),
        defender_side: target.side,
        path: path.to_vec(),
        lines,
        set,
        fought: false,
        result: None,
    });
    let k = state.charges.len() - 1;
    state.placing = Some((side, k, 0));
    say(
        world,
        format!(
            "{} charges {}: it draws its dominoes and looks at one.",
            u.name, target.name
        ),
    );
    if dealt {
        super::deal::start(world, k, side, target.side);
    }
}

/// A unit fires at the unit in `target`, nominating `stand`: at a charger during its
/// charge (the charge goes on when no one else may fire), or as aimed, artillery or
/// opportunity fire.
fn fire(world: &mut World, unit: &str, target: &str, stand: usize) {
    let (Some(u), Some(t)) = (
        view::unit(world, unit),
        crate::scenario::hex_of(target).and_then(|h| view::unit_at(world, h)),
    ) else {
        return;
    };
    let phase = *world.resource::<State<Phase>>().get();
    let Ok(shot) = shooting_phase::can_fire(world, &u, &t, &fire_chits(world, phase)) else {
        return;
    };
    if let Some(k) = world.resource::<AcwState>().firing_at {
        shooting_phase::fire_at_charger(world, k, &u, &t, stand, shot);
        if charge_shots(world, k).is_empty() {
            world.resource_mut::<AcwState>().firing_at = None;
            next_to_act(world);
        }
    } else if let Some(k) = shooting_phase::charging(world, &t.id) {
        // A charger in contact, its fight still to come, is still charging: fire at it
        // in the Shooting phase is a die on its dominoes too.
        shooting_phase::fire_at_charger(world, k, &u, &t, stand, shot);
    } else {
        let kind = if phase == REACT {
            "Opportunity fire"
        } else if u.battery {
            "Artillery fire"
        } else {
            "Aimed fire"
        };
        shooting_phase::fire_at(world, kind, &u, &t, stand, shot);
    }
}

/// The domino looked at is placed behind its line: the first line's placing sends
/// the charge home; the second's starts the fight (unless the set is dealt between
/// two machines and still to be turned over).
fn place_domino(world: &mut World, place: usize, turned: bool) {
    let Some((_, k, line)) = world.resource::<AcwState>().placing else {
        return;
    };
    {
        let mut state = world.resource_mut::<AcwState>();
        state.placing = None;
        state.charges[k].lines[line].place(place, turned);
    }
    if line == 0 {
        charge_home(world, k);
    } else if !super::deal::to_fight(world, k) {
        super::combat::fight(world, k);
        next_fight(world);
    }
}

/// The chits a unit fires on now: Fire in the Shooting phase, Opportunity Fire in the
/// React phase, either at a charger during its charge.
/// Ours — A-22 in docs/rules/acw.md: when opportunity fire and fire at a charger come.
pub fn fire_chits(world: &World, phase: Phase) -> Vec<Chit> {
    match phase {
        REACT => vec![Chit::OpportunityFire],
        MOVEMENT if world.resource::<AcwState>().firing_at.is_some() => {
            vec![Chit::Fire, Chit::OpportunityFire]
        }
        _ => vec![Chit::Fire],
    }
}

/// The enemy a charge along `path` contacts when none is named, if it comes home: the
/// enemy next to its last hex in the wedge it then faces, else the first next to it.
pub fn charged(world: &World, u: &view::Unit, path: &[Hex]) -> Option<view::Unit> {
    chargeable(world, u, path).into_iter().next()
}

/// The enemies a charge along `path` may charge: each next to its last hex, the one in
/// the wedge it then faces first (none for a unit that does not move).
/// Ours — A-34 in docs/rules/acw.md: the charger's player names the enemy charged
/// among those next to the hex its charge ends in.
pub fn chargeable(world: &World, u: &view::Unit, path: &[Hex]) -> Vec<view::Unit> {
    let Some(&last) = path.last() else {
        return vec![];
    };
    let before = path.len().checked_sub(2).map_or(u.hex, |i| path[i]);
    let facing = before.neighbor_direction(last).unwrap_or(u.facing);
    let mut enemies: Vec<view::Unit> = view::units(world)
        .into_iter()
        .filter(|e| e.side != u.side && e.hex.unsigned_distance_to(last) == 1)
        .collect();
    enemies.sort_by_key(|e| !super::geometry::in_arc(last, facing, e.hex));
    enemies
}

/// The enemy a charge along `path` charges: the one in hex `named`, which must be one
/// it may charge ([`chargeable`]), else the one it contacts unnamed ([`charged`]).
/// `Ok(None)`: the charge does not come home (it ends next to no enemy).
pub fn charge_target(
    world: &World,
    u: &view::Unit,
    path: &[Hex],
    named: Option<&str>,
) -> Result<Option<view::Unit>, String> {
    let Some(label) = named else {
        return Ok(charged(world, u, path));
    };
    let Some(hex) = crate::scenario::hex_of(label) else {
        return Err(format!("`{label}` is not a hex"));
    };
    let Some(last) = path.last().copied() else {
        return Err(format!(
            "{} does not move: a charge names the enemy it charges at the end of its move",
            u.name
        ));
    };
    let Some(e) = view::unit_at(world, hex) else {
        return Err(format!("there is no unit in {label} to charge"));
    };
    if e.side == u.side {
        return Err(format!("{} is not an enemy: it is not charged", e.name));
    }
    if e.hex.unsigned_distance_to(last) != 1 {
        return Err(format!(
            "{} in {label} is not next to {}, where the charge ends: a charge charges an enemy it contacts",
            e.name,
            view::label(last)
        ));
    }
    Ok(Some(e))
}

/// A whole double-six set, shuffled by the game's dice (the journal says how many
/// draws, not what they drew: the order is face down).
/// Ours — A-20 in docs/rules/acw.md: each charge has the whole set, shuffled anew; the
/// defender draws from what the charger left.
fn shuffle(world: &mut World) -> Vec<super::dominoes::Domino> {
    let mut bounds = Vec::new();
    let set = world.resource_scope(|_, mut dice: Mut<crate::dice::Dice>| {
        super::dominoes::shuffled(|n| {
            bounds.push(n);
            dice.below(n)
        })
    });
    note(
        world,
        GameEvent::Shuffled {
            purpose: "The dominoes".into(),
            bounds,
        },
    );
    set
}

/// The charger's dominoes are placed: it moves, pins whom it contacts ("A unit that
/// has been charged and contacted is pinned so may not retire or make other movement
/// other than fight"), and the enemy's units on Fire or Opportunity Fire chits may
/// fire at it.
fn charge_home(world: &mut World, k: usize) {
    let charge = world.resource::<AcwState>().charges[k].clone();
    let Some(u) = view::unit(world, &charge.charger) else {
        return;
    };
    let hexes = view::hexes(&charge.path);
    march(world, &u, &hexes);
    if let Some(t) = view::unit(world, &charge.target) {
        say(
            world,
            format!("{} charges home: {} is pinned.", u.name, t.name),
        );
        world.resource_mut::<AcwState>().pinned.insert(t.base.id);
    }
    if charge_shots(world, k).is_empty() {
        next_to_act(world);
    } else {
        world.resource_mut::<AcwState>().firing_at = Some(k);
    }
}

/// Moves a unit along `path` to its last hex, facing the way it last stepped.
fn march(world: &mut World, u: &view::Unit, path: &[Hex]) {
    crate::map::march(world, u.entity, &u.id, u.hex, path);
}

/// The defenders that may fire at charge `k`'s charger now, as the rules see it: on
/// a Fire or Opportunity Fire chit, or on a chit still sealed (on another machine)
/// that could be one of those. Whether the charge waits for the defenders' fire
/// hangs on this, so it reads no chit kept sealed on this machine.
pub fn charge_shots(world: &World, k: usize) -> Vec<view::Unit> {
    let Some(charge) = world.resource::<AcwState>().charges.get(k) else {
        return vec![];
    };
    let Some(c) = view::unit(world, &charge.charger) else {
        return vec![];
    };
    let sealed = world.get_resource::<super::sealing::ChitSeals>();
    view::units(world)
        .into_iter()
        .filter(|u| u.side == charge.defender_side)
        .filter(|u| {
            let on = view::chit(world, &u.id).or_else(|| {
                sealed
                    .is_some_and(|s| s.is_sealed(&u.id))
                    .then_some(Chit::Fire)
            });
            shooting_phase::can_fire_on(world, u, on, &c, &[Chit::Fire, Chit::OpportunityFire])
                .is_ok()
        })
        .collect()
}

/// The defenders that may fire at charge `k`'s charger now, on their chits as this
/// machine knows them (its own side's kept sealed too): whom its player may fire with.
pub fn charge_shooters(world: &World, k: usize) -> Vec<view::Unit> {
    let Some(c) = world
        .resource::<AcwState>()
        .charges
        .get(k)
        .and_then(|charge| view::unit(world, &charge.charger))
    else {
        return vec![];
    };
    charge_shots(world, k)
        .into_iter()
        .filter(|u| {
            shooting_phase::can_fire(world, u, &c, &[Chit::Fire, Chit::OpportunityFire]).is_ok()
        })
        .collect()
}

/// The Combat phase begins: the charges are fought in the order made.
pub(super) fn begin_combat(world: &mut World) {
    next_fight(world);
}

/// The next charge to fight: the defender draws its dominoes and looks at one; with
/// none left the phase ends.
fn next_fight(world: &mut World) {
    loop {
        let next = world
            .resource::<AcwState>()
            .charges
            .iter()
            .position(|c| !c.fought && c.lines[0].placed());
        let Some(k) = next else {
            // Every set dealt this turn is proved before the phase ends (the locks of
            // a charge that never came home, or whose fight was dropped, are shown
            // now): the phase waits for them.
            super::deal::prove_the_rest(world);
            if super::deal::due(world).is_none() {
                flow::finish_phase_in(world, COMBAT);
            }
            return;
        };
        let charge = world.resource::<AcwState>().charges[k].clone();
        let (Some(_), Some(d)) = (
            view::unit(world, &charge.charger),
            view::unit(world, &charge.target),
        ) else {
            // The charge ends without its fight; its set is proved all the same, now.
            world.resource_mut::<AcwState>().charges[k].fought = true;
            super::deal::to_fight(world, k);
            continue;
        };
        {
            let mut state = world.resource_mut::<AcwState>();
            let c = &mut state.charges[k];
            c.lines[1] = super::combat::Behind::draw(&mut c.set, super::combat::line(&d).len());
            state.placing = Some((d.side, k, 1));
        }
        say(
            world,
            format!(
                "{} fights back: it draws its dominoes and looks at one.",
                d.name
            ),
        );
        return;
    }
}

/// The React phase begins: units retire from combat and the routed fall back; then
/// units on Opportunity Fire chits may shoot.
pub(super) fn begin_react(world: &mut World) {
    super::combat::react(world);
    world.resource_mut::<AcwState>().done.clear();
    settle(world);
}

/// After an order: when every side has placed its chits the Orders phase ends; in
/// the Shooting phase a side with nothing left to fire at is done, and when both are
/// the phase ends.
fn settle(world: &mut World) {
    let sides = world.resource::<SideList>().0.len();
    let phase = *world.resource::<State<Phase>>().get();
    if phase == ORDERS && world.resource::<AcwState>().chits.len() >= sides {
        flow::finish_phase_in(world, ORDERS);
    }
    if phase == SHOOTING || phase == REACT {
        for side in 0..sides as u8 {
            if shots(world, side).is_empty() && !world.resource::<AcwState>().done.contains(&side) {
                world.resource_mut::<AcwState>().done.push(side);
            }
        }
        if super::shooting_side(world.resource::<AcwState>(), sides as u8).is_none() {
            flow::finish_phase_in(world, phase);
        }
    }
}

/// Every (firer, target) pair of `side` that may fire now in the Shooting or React
/// phase.
pub fn shots(world: &World, side: u8) -> Vec<(view::Unit, view::Unit)> {
    let all = view::units(world);
    let chits = fire_chits(world, *world.resource::<State<Phase>>().get());
    let mut out = Vec::new();
    for u in all.iter().filter(|u| u.side == side) {
        for t in all.iter().filter(|t| t.side != side) {
            if shooting_phase::can_fire(world, u, t, &chits).is_ok() {
                out.push((u.clone(), t.clone()));
            }
        }
    }
    out
}

/// The Shooting phase begins: no side has finished.
pub(super) fn begin_shooting(world: &mut World) {
    world.resource_mut::<AcwState>().done.clear();
    // Every chit is turned over now: a unit that held on a chit still sealed, and was
    // not on Fire, held nothing it could fire in this phase.
    let fire: Vec<String> = view::units(world)
        .into_iter()
        .filter(|u| view::chit(world, &u.id) == Some(Chit::Fire))
        .map(|u| u.base.id)
        .collect();
    if let Some(mut held) = world.get_resource_mut::<shooting_phase::HeldFire>() {
        held.0.retain(|(u, _)| fire.contains(u));
    }
    settle(world);
}

/// The Orders phase begins: at the start of the game each CinC's rating is rolled on
/// two dice; each turn, a new set of chits. A side with no unit places none.
pub(super) fn begin_orders(world: &mut World) {
    let sides = world.resource::<SideList>().0.len() as u8;
    if world.resource::<AcwState>().ratings.is_empty() {
        for side in 0..sides {
            let name = side_name(world, side);
            let dice = roll(world, 2, format!("the CinC's rating: {name}"));
            let rating = Rating::of(dice[0] + dice[1]);
            world
                .resource_mut::<AcwState>()
                .ratings
                .insert(side, rating);
            say(
                world,
                format!(
                    "{name}'s CinC rolls {}: {}.",
                    dice[0] + dice[1],
                    rating.describe()
                ),
            );
        }
    }
    world.remove_resource::<super::sealing::ChitSeals>();
    world.remove_resource::<super::deal::Deals>();
    world.remove_resource::<shooting_phase::HeldFire>();
    {
        let mut state = world.resource_mut::<AcwState>();
        state.chits.clear();
        state.revealed.clear();
        state.acting = None;
        state.choosing = None;
        state.fired.clear();
        state.pinned.clear();
        state.done.clear();
        state.charges.clear();
        state.placing = None;
        state.firing_at = None;
        state.casualties.clear();
        state.placed.clear();
    }
    let all = view::units(world);
    for side in 0..sides {
        if !all.iter().any(|u| u.side == side) {
            world
                .resource_mut::<AcwState>()
                .chits
                .insert(side, Vec::new());
        }
    }
    settle(world);
}

/// Each CinC rolls a die; the higher has the initiative and chooses to move first or
/// second (a tie rolls again).
/// Ours — A-15 in docs/rules/acw.md: a tie rolls again.
pub(super) fn roll_for_initiative(world: &mut World) {
    let side = flow::roll_for_initiative(world);
    world.resource_mut::<AcwState>().choosing = Some(side);
}

/// The Movement phase begins: where each unit stands is noted, and the side
/// moving first acts with as many units as its CinC's rating allows.
pub(super) fn begin_movement(world: &mut World) {
    let placed = view::units(world)
        .into_iter()
        .map(|u| (u.base.id, (u.base.hex, u.facing)))
        .collect();
    world.resource_mut::<AcwState>().placed = placed;
    let first = world.resource::<AcwState>().first;
    let units = rating_units(world, first);
    world.resource_mut::<AcwState>().acting = Some((first, units));
    next_to_act(world);
}

pub(super) fn rating_units(world: &World, side: u8) -> u8 {
    world
        .resource::<AcwState>()
        .ratings
        .get(&side)
        .map_or(1, |r| r.units())
}

/// Units of `side` whose chit is still face down.
pub fn unrevealed(world: &World, side: u8) -> Vec<String> {
    let state = world.resource::<AcwState>();
    view::units(world)
        .into_iter()
        .filter(|u| u.side == side && !state.revealed.contains(&u.id))
        .map(|u| u.base.id)
        .collect()
}

/// Who acts next in the Movement phase: the side acting until it has used its count
/// or has no chit left face down, then the other ("then his opponent gets to reveal
/// orders or move however many units he is allowed to"); the phase ends when every
/// chit is turned over.
/// Ours — A-28 in docs/rules/acw.md: "per movement phase" is per alternation.
fn next_to_act(world: &mut World) {
    let sides = world.resource::<SideList>().0.len() as u8;
    let Some((side, left)) = world.resource::<AcwState>().acting else {
        return;
    };
    if left > 0 && !unrevealed(world, side).is_empty() {
        return;
    }
    for k in 1..=sides {
        let other = (side + k) % sides;
        if !unrevealed(world, other).is_empty() {
            let units = rating_units(world, other);
            world.resource_mut::<AcwState>().acting = Some((other, units));
            return;
        }
    }
    world.resource_mut::<AcwState>().acting = None;
    flow::finish_phase_in(world, MOVEMENT);
}
