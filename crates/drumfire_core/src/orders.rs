//! The one door in: every change to a game is an [`Order`], checked against the
//! phase and the state before it is accepted. A refused order changes nothing.

use crate::flow::Phase;
use crate::scenario::{Rules, SideList};
use bevy_ecs::prelude::*;
use bevy_state::state::{NextState, State};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Something a player (or the AI, a replay, a mail) asks the game to do.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Order {
    /// End this side's action segment without activating anything.
    Pass {
        /// The side passing.
        side: u8,
    },
    /// An order of the Great War rule set.
    GreatWar(crate::rules::great_war::GwOrder),
    /// An order of the Portable rule set.
    Portable(crate::rules::portable::PtOrder),
    /// A move made by hand in table mode, where the rules are off.
    Table(crate::table::TableOrder),
}

impl Order {
    /// The side giving the order (a hand move at the table is no side's).
    pub fn side(&self) -> Option<u8> {
        match self {
            Self::Pass { side } => Some(*side),
            Self::GreatWar(o) => Some(o.side()),
            Self::Portable(o) => Some(o.side()),
            Self::Table(_) => None,
        }
    }
}

/// Why an order was refused, in words a player can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refusal {}

/// The order accepted and waiting for the phase's systems to carry it out.
#[derive(Resource, Debug, Default)]
pub struct OrderInbox(pub Option<Order>);

/// Every order accepted so far, in order: with the scenario and the seed, the whole game.
#[derive(Resource, Debug, Default, Clone)]
pub struct OrderLog(pub Vec<Order>);

/// Is the game ready for an order (nothing pending, no phase change under way)?
pub fn is_settled(world: &World) -> bool {
    let inbox_empty = world
        .get_resource::<OrderInbox>()
        .is_none_or(|i| i.0.is_none());
    let no_transition = world
        .get_resource::<NextState<Phase>>()
        .is_none_or(|n| matches!(n, NextState::Unchanged));
    inbox_empty && no_transition
}

/// Checks an order against the phase and the state, and accepts it or says why not.
/// An accepted order is logged and handed to the phase's systems; a refused one changes nothing.
pub fn submit(world: &mut World, order: Order) -> Result<(), Refusal> {
    validate(world, &order)?;
    let mut log = world.resource_mut::<OrderLog>();
    log.0.push(order.clone());
    let count = log.0.len();
    world
        .resource_mut::<crate::journal::Journal>()
        .set_order(count);
    world.resource_mut::<OrderInbox>().0 = Some(order);
    Ok(())
}

/// The checks of [`submit`], without accepting.
pub fn validate(world: &World, order: &Order) -> Result<(), Refusal> {
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
    (world.resource::<Rules>().0.validate)(world, order)
}
