//! The WWII rules' checks of an order: refused with the reason, and nothing changed.

use super::state::{Followup, WwiiOrder, WwiiState};
use super::view::{self, Unit};
use super::{ASSAULT, FIRE, MOVEMENT, assault_phase, fire_phase, movement, refuse, resolve};
use crate::flow::Phase;
use crate::orders::Refusal;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;

fn own(world: &World, side: u8, id: &str) -> Result<Unit, Refusal> {
    view::unit(world, id)
        .filter(|u| u.side == side)
        .ok_or_else(|| Refusal(format!("`{id}` is not one of this side's units on the map")))
}

fn hexes(path: &[String]) -> Result<Vec<hexx::Hex>, Refusal> {
    path.iter()
        .map(|l| crate::scenario::hex_of(l).ok_or_else(|| Refusal(format!("`{l}` is not a hex"))))
        .collect()
}

/// The follow-up the side's first waiting unit has, in the assault phase's end.
fn followup(world: &World, side: u8) -> Option<Followup> {
    let state = world.resource::<WwiiState>();
    if state.acting.is_some() {
        return None;
    }
    state
        .followups
        .iter()
        .find(|f| view::unit(world, f.unit()).is_some_and(|u| u.side == side))
        .cloned()
}

/// A side passes in the movement, fire and assault phases.
pub fn pass(world: &World) -> Result<(), Refusal> {
    let phase = *world.resource::<State<Phase>>().get();
    if matches!(phase, MOVEMENT | FIRE | ASSAULT) {
        Ok(())
    } else {
        refuse("There is nothing to pass in this phase.")
    }
}

/// Checks an order against the WWII rules.
pub fn validate(world: &World, o: &WwiiOrder) -> Result<(), Refusal> {
    let side = o.side();
    match o {
        WwiiOrder::Move {
            unit, path, facing, ..
        } => check_move(world, side, unit, path, facing.is_some()),
        WwiiOrder::Prone { unit, .. } => check_prone(world, side, unit),
        WwiiOrder::Overrun { unit, target, .. } => check_overrun(world, side, unit, target),
        WwiiOrder::Rout { unit, .. } => check_rout(world, side, unit),
        WwiiOrder::Fire { unit, target, .. } => check_fire(world, side, unit, target),
        WwiiOrder::Engage { unit, target, .. } => check_engage(world, side, unit, target),
        WwiiOrder::Advance { unit, path, .. } => check_advance(world, side, unit, path),
        WwiiOrder::Dismount { unit, .. } => check_dismount(world, side, unit),
    }
}

/// The phase the game is in.
fn phase_now(world: &World) -> Phase {
    *world.resource::<State<Phase>>().get()
}

/// Checks a `Move` order: in the movement phase, a unit of the side entering hexes
/// or turning to a hexside (`faces`), along a path it may take.
fn check_move(
    world: &World,
    side: u8,
    unit: &str,
    path: &[String],
    faces: bool,
) -> Result<(), Refusal> {
    if phase_now(world) != MOVEMENT {
        return refuse("Units move in the movement phase.");
    }
    let u = own(world, side, unit)?;
    let hexes = hexes(path)?;
    if hexes.is_empty() && !faces {
        return refuse(format!(
            "{}: a move needs a hex to enter or a hexside to face",
            u.name
        ));
    }
    movement::check_path(world, &u, &hexes).map_err(Refusal)
}

/// Checks a `Prone` order: in the movement phase, troops on foot of the side not
/// prone already and not moved this turn.
fn check_prone(world: &World, side: u8, unit: &str) -> Result<(), Refusal> {
    if phase_now(world) != MOVEMENT {
        return refuse("A unit goes prone in the movement phase.");
    }
    let u = own(world, side, unit)?;
    if !u.kind().personnel() || u.kind() == super::mixed::Kind::Cavalry {
        return refuse(format!(
            "{} cannot go prone: only troops on foot do",
            u.name
        ));
    }
    if u.prone {
        return refuse(format!("{} is prone already", u.name));
    }
    let state = world.resource::<WwiiState>();
    if state.moved.contains(unit) || state.spent.contains_key(unit) {
        return refuse(format!(
            "{} has moved this turn: going prone is its move",
            u.name
        ));
    }
    Ok(())
}

/// Checks an `Overrun` order: in the movement phase, a unit of the side able to
/// overrun the hex.
fn check_overrun(world: &World, side: u8, unit: &str, target: &str) -> Result<(), Refusal> {
    if phase_now(world) != MOVEMENT {
        return refuse(
            "\"Tank units may resolve assaults against personnel type units during their own movement phase.\"",
        );
    }
    let u = own(world, side, unit)?;
    let Some(hex) = crate::scenario::hex_of(target) else {
        return refuse(format!("`{target}` is not a hex"));
    };
    assault_phase::can_overrun(world, &u, hex)
        .map(|_| ())
        .map_err(Refusal)
}

/// Checks a `Rout` order: in the movement phase, a unit of the side locked in
/// contact, not moved this turn and not routed already.
fn check_rout(world: &World, side: u8, unit: &str) -> Result<(), Refusal> {
    if phase_now(world) != MOVEMENT {
        return refuse("A voluntary rout is ordered in the movement phase.");
    }
    let u = own(world, side, unit)?;
    if !movement::locked(&view::units(world), &u) {
        return refuse(format!(
            "{} is not locked in contact: it may simply move away",
            u.name
        ));
    }
    let state = world.resource::<WwiiState>();
    if state.moved.contains(unit) {
        return refuse(format!("{} has made its move this turn", u.name));
    }
    if u.morale == super::morale::State::Routed {
        return refuse(format!("{} is routed already", u.name));
    }
    Ok(())
}

/// Checks a `Fire` order: in the fire phase, a unit of the side able to fire at the
/// target unit.
fn check_fire(world: &World, side: u8, unit: &str, target: &str) -> Result<(), Refusal> {
    if phase_now(world) != FIRE {
        return refuse("Units fire in their side's fire phase.");
    }
    let u = own(world, side, unit)?;
    let Some(t) = view::unit(world, target) else {
        return refuse(format!("`{target}` is no unit on the map"));
    };
    fire_phase::can_fire(world, &u, &t)
        .map(|_| ())
        .map_err(Refusal)
}

/// Checks an `Advance` order: the side's unit with a breakthrough or cavalry move to
/// make now, going into uncontested ground within its reach.
fn check_advance(world: &World, side: u8, unit: &str, path: &[String]) -> Result<(), Refusal> {
    let Some(f) = followup(world, side).filter(|f| f.unit() == unit) else {
        return refuse(format!(
            "`{unit}` has no breakthrough or cavalry move to make now"
        ));
    };
    let hexes = hexes(path)?;
    if !hexes.is_empty()
        && movement::cost(world, &hexes) <= f.reach()
        && check_follow(world, unit, &hexes, &f)
    {
        Ok(())
    } else {
        refuse(format!(
            "{} may go only into uncontested ground (no enemy in or next to it) within {} movement point{} (open 1, wood, hedges, buildings and bunkers 2, marsh 3)",
            unit,
            f.reach(),
            if f.reach() == 1 { "" } else { "s" }
        ))
    }
}

/// Checks a `Dismount` order: the side's cavalry that has just won an assault.
fn check_dismount(world: &World, side: u8, unit: &str) -> Result<(), Refusal> {
    match followup(world, side) {
        Some(Followup::Cavalry { unit: u, .. }) if u == unit => Ok(()),
        _ => refuse(format!(
            "`{unit}` is no cavalry that has just won an assault"
        )),
    }
}

/// Is each hex of a follow-up path next to the one before, enterable and uncontested?
fn check_follow(world: &World, unit: &str, path: &[hexx::Hex], f: &Followup) -> bool {
    let Some(u) = view::unit(world, unit) else {
        return false;
    };
    let allowed: Vec<hexx::Hex> = resolve::followup_paths(world, f)
        .into_iter()
        .filter_map(|p| p.last().copied())
        .collect();
    let mut at = u.hex;
    for h in path {
        if at.unsigned_distance_to(*h) != 1 || !allowed.contains(h) {
            return false;
        }
        at = *h;
    }
    true
}

/// Checks an `Engage` order: at the start of the assault phase, a unit of the side in
/// an assault, an enemy of its group it may engage.
fn check_engage(world: &World, side: u8, unit: &str, target: &str) -> Result<(), Refusal> {
    let phase = *world.resource::<State<Phase>>().get();
    if phase != ASSAULT || world.resource::<WwiiState>().acting.is_none() {
        return refuse("Engagements are chosen at the start of the assault phase.");
    }
    let u = own(world, side, unit)?;
    let group = assault_phase::groups(world)
        .into_iter()
        .find(|g| g.iter().any(|x| x.id == u.id))
        .ok_or_else(|| Refusal(format!("{} is in no assault", u.name)))?;
    let Some(t) = group.iter().find(|e| e.id == target && e.side != side) else {
        let name =
            view::unit(world, target).map_or_else(|| format!("`{target}`"), |t| t.name.clone());
        return refuse(format!("{name} is no enemy in {}'s assault", u.name));
    };
    let wanted = if t.kind().vehicle() {
        super::mixed::Engages::Vehicle(t.id.clone())
    } else {
        super::mixed::Engages::Personnel
    };
    if !assault_phase::options(world, &group, &u).contains(&wanted) {
        return refuse(match wanted {
            super::mixed::Engages::Personnel
                if u.kind().vehicle() && assault_phase::in_bunker(world, t) =>
            {
                format!(
                    "{}: \"Bunkers and pillboxes ... prevent units occupying them from being assaulted by tanks\": {} is in a bunker",
                    u.name, t.name
                )
            }
            super::mixed::Engages::Vehicle(_) if u.figures.at_assault.is_none() => format!(
                "{}: \"Units without an AT assault value are not capable of assaulting tanks.\"",
                u.name
            ),
            _ => format!(
                "{} may not engage {} (not in contact, or not a target it can fight)",
                u.name, t.name
            ),
        });
    }
    Ok(())
}
