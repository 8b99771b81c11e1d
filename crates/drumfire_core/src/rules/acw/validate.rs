//! The ACW rules' checks of an order: refused with the reason, and nothing changed.

use super::chit::Chit;
use super::movement;
use super::shooting_phase;
use super::state::{AcwOrder, AcwState};
use super::view::{self, Unit};
use super::{INITIATIVE, MOVEMENT, ORDERS, REACT, SHOOTING, refuse};
use crate::flow::Phase;
use crate::orders::Refusal;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;

/// May the side awaited pass now: in the Shooting and React phases, when it may fire
/// at a charger, and in the Movement phase once it has acted with a unit this time
/// (it stops short of its count), once no domino waits to be placed.
pub fn pass(world: &World) -> Result<(), Refusal> {
    super::deal::not_dealing(world)?;
    let phase = *world.resource::<State<Phase>>().get();
    let state = world.resource::<AcwState>();
    if state.placing.is_some() {
        return refuse("Place the domino you looked at first.");
    }
    if phase == MOVEMENT && state.firing_at.is_some() {
        return Ok(());
    }
    if phase == MOVEMENT {
        // "may move up to three units": once it has acted with one, a side may stop
        // short of its CinC's count.
        return match state.acting {
            Some((side, left)) if left < super::resolve::rating_units(world, side) => Ok(()),
            Some(_) => refuse(
                "Turn over at least one chit first: a side moves up to its CinC's count of units, and at least one, each time the move comes to it.",
            ),
            None => refuse("No side is moving now."),
        };
    }
    if phase != SHOOTING && phase != REACT {
        return refuse(
            "Only the Shooting and React phases, and fire at a charger, end by passing.",
        );
    }
    Ok(())
}

/// Checks an order against the ACW rules.
pub fn validate(world: &World, o: &AcwOrder) -> Result<(), Refusal> {
    if let AcwOrder::Lock { .. } | AcwOrder::Unlock { .. } | AcwOrder::Key { .. } = o {
        return super::deal::check(world, o);
    }
    super::deal::not_dealing(world)?;
    if world.resource::<AcwState>().placing.is_some() && !matches!(o, AcwOrder::Place { .. }) {
        return refuse("Place the domino you looked at first.");
    }
    check(world, o, None)
}

/// Checks an ACW order; `shown`: the chit of the unit acting, shown from its seal.
fn check(world: &World, o: &AcwOrder, shown: Option<Chit>) -> Result<(), Refusal> {
    let phase = *world.resource::<State<Phase>>().get();
    let state = world.resource::<AcwState>();
    match o {
        AcwOrder::SealChits { side, seals } => {
            if phase != ORDERS {
                return refuse("Order chits are placed in the Orders phase.");
            }
            if state.chits.contains_key(side) {
                return refuse("This side has placed its chits for the turn.");
            }
            super::sealing::check_seal(world, *side, seals)
        }
        AcwOrder::Shown {
            side,
            unit,
            chit,
            nonce,
            then,
        } => check_shown(world, *side, unit, *chit, nonce, then),
        AcwOrder::Chits { side, chits } => {
            if phase != ORDERS {
                return refuse("Order chits are placed in the Orders phase.");
            }
            if state.chits.contains_key(side) {
                return refuse("This side has placed its chits for the turn.");
            }
            check_chits(world, *side, chits).map_err(Refusal)
        }
        AcwOrder::Choose { side, .. } => {
            if phase != INITIATIVE || state.choosing.is_none() {
                return refuse("The side with the initiative chooses in the Initiative phase.");
            }
            if state.choosing != Some(*side) {
                return refuse("The other side has the initiative: it chooses.");
            }
            Ok(())
        }
        AcwOrder::Act {
            side,
            unit,
            path,
            facing,
            charge,
        } => check_act(
            world,
            *side,
            unit,
            path,
            facing.is_some(),
            charge.as_deref(),
            shown,
        ),
        AcwOrder::Fire {
            side,
            unit,
            target,
            stand,
        } => check_fire(world, *side, unit, target, *stand, shown),
        AcwOrder::Lock { .. } | AcwOrder::Unlock { .. } | AcwOrder::Key { .. } => {
            super::deal::check(world, o)
        }
        AcwOrder::Place { side, place, .. } => check_place(world, *side, *place),
    }
}

/// A chit shown from its seal goes with its own unit's order (its turning over or
/// its fire), and matches the seal; the order is then checked on that chit.
fn check_shown(
    world: &World,
    side: u8,
    unit: &str,
    chit: Chit,
    nonce: &str,
    then: &AcwOrder,
) -> Result<(), Refusal> {
    match then {
        AcwOrder::Act {
            side: s, unit: u, ..
        }
        | AcwOrder::Fire {
            side: s, unit: u, ..
        } if *s == side && u == unit => {}
        _ => {
            return refuse(format!(
                "A chit shown goes with the order of its own unit, `{unit}`: its turning over or its fire."
            ));
        }
    }
    super::sealing::check_shown(world, side, unit, chit, nonce)?;
    check(world, then, Some(chit))
}

/// A unit's chit turned over in the Movement phase, on its side's turn to move: its
/// path (and turn) as the chit allows, and a charge only on a Charge chit.
fn check_act(
    world: &World,
    side: u8,
    unit: &str,
    path: &[String],
    turning: bool,
    charge: Option<&str>,
    shown: Option<Chit>,
) -> Result<(), Refusal> {
    let phase = *world.resource::<State<Phase>>().get();
    let state = world.resource::<AcwState>();
    if phase != MOVEMENT {
        return refuse("Chits are turned over and units moved in the Movement phase.");
    }
    if state.firing_at.is_some() {
        return refuse("The enemy may fire at the charger first (or pass).");
    }
    match state.acting {
        Some((acting, _)) if acting == side => {}
        _ => return refuse("It is the other side's turn to move."),
    }
    let Some(u) = view::unit(world, unit).filter(|u| u.side == side) else {
        return refuse(format!("`{unit}` is not one of this side's units"));
    };
    if state.revealed.contains(unit) {
        return refuse(format!(
            "{}'s chit is already turned over this turn",
            u.name
        ));
    }
    let hexes = path
        .iter()
        .map(|l| crate::scenario::hex_of(l).ok_or_else(|| Refusal(format!("`{l}` is not a hex"))))
        .collect::<Result<Vec<_>, _>>()?;
    let chit = known(world, &u, shown)?;
    if turning && let Some(why) = movement::cannot_move_on(world, &u, chit) {
        return refuse(format!("{why}: it may not turn either"));
    }
    movement::check_path_on(world, &u, chit, &hexes).map_err(Refusal)?;
    if let Some(target) = charge {
        if chit != Some(Chit::Charge) {
            return refuse(format!(
                "{} is not on a Charge chit: \"Units cannot move into contact without a Charge order\", so it charges no one",
                u.name
            ));
        }
        super::resolve::charge_target(world, &u, &hexes, Some(target)).map_err(Refusal)?;
    }
    Ok(())
}

/// A unit's fire: in the Shooting or React phase, or at a charger during its charge;
/// at a unit its chit lets it fire on, nominating a stand still standing.
fn check_fire(
    world: &World,
    side: u8,
    unit: &str,
    target: &str,
    stand: usize,
    shown: Option<Chit>,
) -> Result<(), Refusal> {
    let phase = *world.resource::<State<Phase>>().get();
    let state = world.resource::<AcwState>();
    let at_charger = phase == MOVEMENT && state.firing_at.is_some();
    if phase != SHOOTING && phase != REACT && !at_charger {
        return refuse(
            "Units on Fire chits shoot in the Shooting phase, on Opportunity Fire chits in the React phase, and either at a charger during its charge.",
        );
    }
    let Some(u) = view::unit(world, unit).filter(|u| u.side == side) else {
        return refuse(format!("`{unit}` is not one of this side's units"));
    };
    let Some(t) = crate::scenario::hex_of(target).and_then(|h| view::unit_at(world, h)) else {
        return refuse(format!("there is no unit in {target}"));
    };
    if at_charger {
        let charger = state
            .firing_at
            .and_then(|k| state.charges.get(k))
            .map(|c| c.charger.clone());
        if charger.as_deref() != Some(t.id.as_str()) {
            return refuse(format!(
                "During the charge only the charger may be fired at, not {}",
                t.name
            ));
        }
    }
    let chits = super::resolve::fire_chits(world, phase);
    let chit = known(world, &u, shown)?;
    shooting_phase::can_fire_on(world, &u, chit, &t, &chits).map_err(Refusal)?;
    if t.stands.0.get(stand).is_none_or(|s| s.lost) {
        return refuse(format!(
            "{} has no stand {} standing to nominate",
            t.name,
            stand + 1
        ));
    }
    Ok(())
}

/// A domino placed by the side that looked at it, in one of the places behind the
/// line.
fn check_place(world: &World, side: u8, place: usize) -> Result<(), Refusal> {
    let state = world.resource::<AcwState>();
    let Some((placing, k, line)) = state.placing else {
        return refuse("There is no domino to place now.");
    };
    if placing != side {
        return refuse("The other side places its domino.");
    }
    let n = state.charges.get(k).map_or(0, |c| {
        let b = &c.lines[line];
        b.blind.len() + usize::from(b.hand.is_some())
    });
    if place >= n {
        return refuse(format!(
            "There are {n} places behind the line (1 to {n}), not {}",
            place + 1
        ));
    }
    Ok(())
}

/// The chit a unit acts on: shown from its seal, else as this machine knows it. A
/// chit sealed on another machine is refused: it is shown as its unit acts.
fn known(world: &World, u: &Unit, shown: Option<Chit>) -> Result<Option<Chit>, Refusal> {
    let chit = shown.or_else(|| view::chit_known(world, &u.id));
    if chit.is_none()
        && world
            .get_resource::<super::sealing::ChitSeals>()
            .is_some_and(|s| s.is_sealed(&u.id))
    {
        return refuse(format!(
            "{}'s chit is sealed: it is shown, with its nonce, as the unit acts",
            u.name
        ));
    }
    Ok(chit)
}

/// Checks a side's chits: one behind each of its units, each a chit that unit may
/// take (a battery Fire or Opportunity Fire; a routed unit no Charge).
pub fn check_chits(world: &World, side: u8, chits: &[(String, Chit)]) -> Result<(), String> {
    let units: Vec<String> = chits.iter().map(|(id, _)| id.clone()).collect();
    check_cover(world, side, &units)?;
    for (id, chit) in chits {
        if let Some(u) = view::unit(world, id) {
            chit_allowed(&u, *chit)?;
        }
    }
    Ok(())
}

/// Checks that `units` name each of `side`'s units once, and no other.
pub(crate) fn check_cover(world: &World, side: u8, units: &[String]) -> Result<(), String> {
    let mine: Vec<Unit> = view::units(world)
        .into_iter()
        .filter(|u| u.side == side)
        .collect();
    for id in units {
        let Some(u) = mine.iter().find(|u| &u.id == id) else {
            return Err(format!("`{id}` is not one of this side's units"));
        };
        if units.iter().filter(|o| *o == id).count() > 1 {
            return Err(format!("{} has two chits", u.name));
        }
    }
    if let Some(u) = mine.iter().find(|u| !units.contains(&u.id)) {
        return Err(format!(
            "{} has no chit: \"place an order chit behind each unit\"",
            u.name
        ));
    }
    Ok(())
}

/// Checks that `u` may take `chit`: a battery Fire or Opportunity Fire, a routed unit
/// no Charge.
pub(crate) fn chit_allowed(u: &Unit, chit: Chit) -> Result<(), String> {
    if u.battery && !chit.for_artillery() {
        return Err(format!(
            "{} is a battery: it does not move, so its chit is Fire or Opportunity Fire, not {}",
            u.name,
            chit.name()
        ));
    }
    if u.routed && !chit.for_routed() {
        return Err(format!(
            "{} is routed: \"No Charge moves thereafter\"",
            u.name
        ));
    }
    Ok(())
}
