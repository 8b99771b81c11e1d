//! The computer at the table: each side is played by a person or by the rule set's
//! computer player. The computer's orders go through the same door as a person's,
//! one at a time at a pace a person can follow (or fast), and show in the same log
//! and combat dialog.

use super::session::{GameSource, Handoff, ReplayQueue};
use bevy::prelude::*;
use drumfire_core::door;
use drumfire_core::orders;
use drumfire_core::scenario::Rules;
use drumfire_core::table::TableMode;

/// Which sides the computer plays, by side index.
#[derive(Resource, Default, Debug, Clone)]
pub struct Computer {
    /// `true` for each side the computer plays.
    pub sides: Vec<bool>,
    /// Play without pausing between orders.
    pub fast: bool,
    /// `true` for each side the computer plays at the Hard level (it looks ahead:
    /// [`drumfire_core::lookahead`]); the others at the Normal level.
    pub hard: Vec<bool>,
}

impl Computer {
    /// Does the computer play `side` at the Hard level?
    pub fn is_hard(&self, side: u8) -> bool {
        let i = usize::from(side);
        self.sides.get(i).copied().unwrap_or(false) && self.hard.get(i).copied().unwrap_or(false)
    }
}

/// The Hard computer's look-ahead under way, if any, and the clock its sides think on
/// (a side-turn's time shared among its orders).
#[derive(Resource, Default)]
pub struct Thinking(
    pub Option<super::thinking::Thought>,
    pub drumfire_core::lookahead::TurnClock,
);

/// While true the computer gives no order (a script holds it to picture its thinking).
#[derive(Resource, Default, Debug)]
pub struct Hold(pub bool);

/// Does the computer play `side`?
pub fn plays(world: &World, side: u8) -> bool {
    world
        .get_resource::<Computer>()
        .and_then(|c| c.sides.get(usize::from(side)).copied())
        .unwrap_or(false)
}

/// Is the side the game waits on played by the computer? (Then a person's Space or
/// end button must not act for it.)
pub fn plays_awaited(world: &World) -> bool {
    drumfire_core::flow::awaiting(world).is_some_and(|s| plays(world, s))
}

/// Seconds between the computer's orders at the readable pace, unless the settings say
/// otherwise.
const PACE: f32 = 0.7;
/// Seconds between them when fast.
const FAST_PACE: f32 = 0.02;

/// The computer plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<Computer>()
        .init_resource::<Thinking>()
        .init_resource::<Hold>()
        .add_systems(Update, play.before(super::session::feed_replay));
}

/// When the game waits on a side the computer plays, gives that side's order once
/// the pause is over.
fn play(world: &mut World, mut waited: Local<f32>, mut salt: Local<crate::screen::OfTheGame<u64>>) {
    let salt = salt.in_world(world);
    let computer = world.resource::<Computer>().clone();
    // Fast, the board shows no orders either.
    if let Some(mut motion) = world.get_resource_mut::<crate::board::motion::Motion>()
        && motion.fast != computer.fast
    {
        motion.fast = computer.fast;
    }
    // A look-ahead for a moment the game has left (an undo, a load) stops.
    if world
        .resource::<Thinking>()
        .0
        .as_ref()
        .is_some_and(|t| !t.current(world))
    {
        world.resource_mut::<Thinking>().0 = None;
    }
    let Some(side) = drumfire_core::flow::awaiting(world) else {
        *waited = 0.0;
        return;
    };
    let ready = computer
        .sides
        .get(usize::from(side))
        .copied()
        .unwrap_or(false)
        && !world.contains_resource::<TableMode>()
        && orders::is_settled(world)
        && world.resource::<ReplayQueue>().0.is_empty()
        && world.resource::<Handoff>().waiting_for.is_none()
        // The last order is seen on the board before the next is given.
        && !world
            .get_resource::<crate::board::motion::Motion>()
            .is_some_and(crate::board::motion::Motion::busy);
    if !ready {
        *waited = 0.0;
        return;
    }
    *waited += world.resource::<Time>().delta_secs();
    let hard = computer.is_hard(side) && world.contains_resource::<GameSource>();
    if hard && !think(world, side, salt) {
        return;
    }
    let pace = world
        .get_resource::<crate::settings::Settings>()
        .map_or(PACE, |s| s.computer_pace);
    if *waited < if computer.fast { FAST_PACE } else { pace } {
        // The window sleeps without input: the pause needs its frames.
        world.write_message(bevy::window::RequestRedraw);
        return;
    }
    if world.resource::<Hold>().0 {
        return;
    }
    *waited = 0.0;
    *salt = salt.wrapping_add(1);
    let order = if hard {
        let mut thinking = world.resource_mut::<Thinking>();
        let thought = thinking.0.take();
        if let Some((budget, took, plays)) = thought.as_ref().and_then(|t| t.took()) {
            thinking.1.record(side, &budget, took, plays);
        }
        thought
            .and_then(|t| t.found().cloned().flatten())
            .map(|(order, _)| order)
    } else {
        world.resource::<Rules>().0.computer(world, side, *salt)
    };
    let Some(order) = order else {
        return;
    };
    if let Err(r) = door::submit(world, order) {
        error!("the computer's order was refused: {r}");
    }
}

/// The Hard computer's look-ahead for `side`: started if none is under way for the
/// game as it stands; true once its order is found.
fn think(world: &mut World, side: u8, salt: &mut u64) -> bool {
    let current = world
        .resource::<Thinking>()
        .0
        .as_ref()
        .filter(|t| t.current(world));
    if let Some(thought) = current {
        if thought.found().is_some() {
            return true;
        }
        // The progress shown needs frames while it thinks.
        world.write_message(bevy::window::RequestRedraw);
        return false;
    }
    *salt = salt.wrapping_add(1);
    let scenario = world.resource::<GameSource>().scenario.clone();
    let budget = world.resource_scope(|world, mut t: Mut<Thinking>| t.1.budget(world, side));
    let thought = super::thinking::Thought::start(world, &scenario, (side, *salt), budget);
    world.resource_mut::<Thinking>().0 = Some(thought);
    world.write_message(bevy::window::RequestRedraw);
    false
}
