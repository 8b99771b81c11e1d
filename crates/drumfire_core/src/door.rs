//! The one door in: every change to a game is an [`Order`], checked against the
//! phase and the state before it is accepted. A refused order changes nothing. An
//! accepted one is logged and waits in the [`OrderInbox`] for the rule set (or table
//! mode) to carry out.
//!
//! What else takes part — table mode, sealed secrets, shared dice — plugs in as a
//! [`Stage`], put in place by whoever assembles the game ([`Stages`]); the door names
//! none of them.

use crate::flow::Phase;
use crate::orders::{Order, OrderInbox, OrderLog, Refusal, is_settled};
use crate::scenario::Rules;
use crate::sides::SideList;
use bevy_ecs::prelude::*;
use bevy_state::state::State;

/// What a stage makes of an order once the door's own checks have passed: what the
/// rule set is then to check.
pub enum Screened {
    /// The order itself.
    Same,
    /// Another order in its place (the order inside an opening).
    Instead(Order),
    /// Nothing: the stage has checked it all (a seal).
    Nothing,
}

/// A part of the core that takes part in checking and accepting orders. Each hook is
/// asked in the stages' order; one that has nothing to say about an order lets it by.
#[derive(Clone, Copy)]
pub struct Stage {
    /// Decides an order before the door's checks of its side (`None`: go on).
    pub decide: fn(&World, &Order) -> Option<Result<(), Refusal>>,
    /// After the door's checks of the side: what the rule set is to check.
    pub screen: fn(&World, &Order) -> Result<Screened, Refusal>,
    /// Just before an order checked is logged: the last word on it (an `Err` refuses it,
    /// and nothing has changed).
    pub admit: fn(&mut World, &Order) -> Result<(), Refusal>,
    /// Once it is logged: what goes to the inbox for the rule set in its place (`None`:
    /// this stage does not take the order; `Some(None)`: nothing goes).
    pub take: fn(&mut World, &Order) -> Option<Option<Order>>,
}

impl Stage {
    /// A stage that lets every order by: fill the hooks a stage has.
    pub const NONE: Stage = Stage {
        decide: |_, _| None,
        screen: |_, _| Ok(Screened::Same),
        admit: |_, _| Ok(()),
        take: |_, _| None,
    };
}

/// The stages of this game's door, in order.
#[derive(Resource, Clone, Default)]
pub struct Stages(pub Vec<Stage>);

/// The stages in place (none in a world without them).
fn stages(world: &World) -> &[Stage] {
    world.get_resource::<Stages>().map_or(&[], |s| &s.0)
}

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

/// Submits an order that passed [`validate`] at this very moment of the game, nothing
/// having changed since: accepted without the checks again (the stages still admit
/// it). Only [`crate::game::Game::submit_listed`] knows the moment has not changed.
pub(crate) fn submit_checked(world: &mut World, order: Order) -> Result<(), Refusal> {
    watching(world)?;
    admit(world, order)
}

fn accept(world: &mut World, order: Order) -> Result<(), Refusal> {
    check(world, &order)?;
    admit(world, order)
}

/// The stages admit a checked order, and it is logged and handed on.
fn admit(world: &mut World, order: Order) -> Result<(), Refusal> {
    let stages = stages(world).to_vec();
    for stage in &stages {
        (stage.admit)(world, &order)?;
    }
    let mut log = world.resource_mut::<OrderLog>();
    log.0.push(order.clone());
    let count = log.0.len();
    world
        .resource_mut::<crate::journal::Journal>()
        .set_order(count);
    // A stage may keep the order, or hand the rule set another in its place.
    let taken = stages.iter().find_map(|stage| (stage.take)(world, &order));
    world.resource_mut::<OrderInbox>().0 = taken.unwrap_or(Some(order));
    Ok(())
}

/// The checks of [`submit`], without accepting.
pub fn validate(world: &World, order: &Order) -> Result<(), Refusal> {
    watching(world)?;
    check(world, order)
}

/// [`validate`] for many orders at one moment (the orders worth considering, listed):
/// what its checks hang on — a replay watched, the last order settled, the stages, the
/// phase and the side awaited — is read once.
pub fn validator(world: &World) -> impl Fn(&Order) -> Result<(), Refusal> + '_ {
    let watched = watching(world);
    let moment = Moment::of(world);
    move |order| {
        watched.clone()?;
        moment.check(world, order)
    }
}

fn check(world: &World, order: &Order) -> Result<(), Refusal> {
    Moment::of(world).check(world, order)
}

/// What the door's checks of an order hang on, at one moment of the game.
struct Moment<'w> {
    /// The last order is carried out.
    settled: bool,
    /// The stages in place.
    stages: &'w [Stage],
    /// The scenario's sides.
    sides: Option<&'w SideList>,
    /// The game is over.
    over: bool,
    /// The side the game waits on.
    awaiting: Option<u8>,
    /// The rule set's check.
    validate: Option<Check>,
}

/// A check of an order (the rule set's).
type Check = fn(&World, &Order) -> Result<(), Refusal>;

impl<'w> Moment<'w> {
    fn of(world: &'w World) -> Self {
        Self {
            settled: is_settled(world),
            stages: stages(world),
            sides: world.get_resource::<SideList>(),
            over: world
                .get_resource::<State<Phase>>()
                .is_some_and(|p| *p.get() == Phase::GameOver),
            awaiting: crate::flow::awaiting(world),
            validate: world.get_resource::<Rules>().map(|r| r.0.validate),
        }
    }

    fn check(&self, world: &World, order: &Order) -> Result<(), Refusal> {
        if !self.settled {
            return Err(Refusal("The last order is still being carried out.".into()));
        }
        let stages = self.stages;
        if let Some(decided) = stages.iter().find_map(|stage| (stage.decide)(world, order)) {
            return decided;
        }
        let side = order.side().unwrap_or_default();
        let Some((sides, who)) = self
            .sides
            .and_then(|sides| Some((sides, sides.0.get(usize::from(side))?)))
        else {
            return Err(Refusal(format!(
                "There is no side number {side} in this scenario."
            )));
        };
        if self.over {
            return Err(Refusal("The game is over.".into()));
        }
        match self.awaiting {
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
        let mut for_rules = Screened::Same;
        for stage in stages {
            match (stage.screen)(world, order)? {
                Screened::Same => {}
                other => {
                    for_rules = other;
                    break;
                }
            }
        }
        let Some(validate) = self.validate else {
            return Err(Refusal("No rules are in play.".into()));
        };
        match for_rules {
            Screened::Same => validate(world, order),
            Screened::Instead(inside) => validate(world, &inside),
            Screened::Nothing => Ok(()),
        }
    }
}
