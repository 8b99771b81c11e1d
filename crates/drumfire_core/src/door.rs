//! The one door in: every change to a game is an [`Order`], checked against the
//! phase and the state before it is accepted. A refused order changes nothing. An
//! accepted one is logged and waits in the [`OrderInbox`] for the rule set (or table
//! mode) to carry out.

use crate::flow::Phase;
use crate::orders::{Order, OrderInbox, OrderLog, Refusal, is_settled};
use crate::scenario::Rules;
use crate::sides::SideList;
use bevy_ecs::prelude::*;
use bevy_state::state::State;

/// Checks an order against the phase and the state, and accepts it or says why not.
/// An accepted order is logged and handed to the phase's systems; a refused one changes nothing.
pub fn submit(world: &mut World, order: Order) -> Result<(), Refusal> {
    watching(world)?;
    accept(world, order)
}

/// A replay is being watched (the window's replay viewer): the door takes no order
/// from a player, and the viewer feeds the save's own with [`submit_watched`].
#[derive(Resource, Debug, Default)]
pub struct Watching;

fn watching(world: &World) -> Result<(), Refusal> {
    if world.contains_resource::<Watching>() {
        return Err(Refusal(
            "This is a replay being watched: Play from here to give orders.".into(),
        ));
    }
    Ok(())
}

/// Submits the next order of a replay being watched, checked like any other.
pub fn submit_watched(world: &mut World, order: Order) -> Result<(), Refusal> {
    accept(world, order)
}

fn accept(world: &mut World, order: Order) -> Result<(), Refusal> {
    check(world, &order)?;
    crate::shared_dice::key_next_order(world, &order)?;
    let mut log = world.resource_mut::<OrderLog>();
    log.0.push(order.clone());
    let count = log.0.len();
    world
        .resource_mut::<crate::journal::Journal>()
        .set_order(count);
    // A seal is kept by the core; an opening hands the rule set the order inside.
    let for_rules = match order {
        Order::Sealed { .. } | Order::Open { .. } => crate::sealed::carry_out(world, &order),
        o => Some(o),
    };
    world.resource_mut::<OrderInbox>().0 = for_rules;
    Ok(())
}

/// The checks of [`submit`], without accepting.
pub fn validate(world: &World, order: &Order) -> Result<(), Refusal> {
    watching(world)?;
    check(world, order)
}

fn check(world: &World, order: &Order) -> Result<(), Refusal> {
    if !is_settled(world) {
        return Err(Refusal("The last order is still being carried out.".into()));
    }
    let table = crate::table::is_table(world);
    let side = match (order, table) {
        (Order::Table(o), true) => return crate::table::validate(world, o),
        (Order::Table(_), false) => {
            return Err(Refusal(
                "Hand moves are for table mode; this game follows the rules.".into(),
            ));
        }
        (_, true) => {
            return Err(Refusal(
                "The rules are off at this table: pieces move by hand.".into(),
            ));
        }
        (o, false) => o.side().unwrap_or_default(),
    };
    let sides = world.resource::<SideList>();
    let Some(who) = sides.0.get(usize::from(side)) else {
        return Err(Refusal(format!(
            "There is no side number {side} in this scenario."
        )));
    };
    let phase = world.resource::<State<Phase>>().get();
    if *phase == Phase::GameOver {
        return Err(Refusal("The game is over.".into()));
    }
    match crate::flow::awaiting(world) {
        Some(s) if s == side => {}
        Some(s) => {
            return Err(Refusal(format!(
                "The game waits on {}, not on {}.",
                sides.name(s),
                who.name
            )));
        }
        None => return Err(Refusal("The game waits on no side now.".into())),
    }
    let validate = world.resource::<Rules>().0.validate;
    match (order, crate::sealed::check(world, order)?) {
        (_, Some(inside)) => validate(world, &inside),
        (Order::Sealed { .. }, None) => Ok(()),
        (o, None) => validate(world, o),
    }
}
