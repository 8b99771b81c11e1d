//! The Great War rule set: World War One tactical combat in the style of
//! *Infantry Attacks* (seed `000_4f5f67d614e4fb89`). Its sequence of play is
//! Initiative, Action, End of Turn; the Bombardment Phase and the rest of the
//! rules plug into the same sets as they are implemented.
//! See `docs/rules/great-war.md` for the map from rule to code and test.

use crate::flow::{Phase, PhaseSystems, SequenceOfPlay};
use crate::orders::{Order, Refusal};
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;

pub mod initiative;

/// The Great War phases and systems.
pub fn plugin(app: &mut App) {
    app.insert_resource(SequenceOfPlay(vec![
        Phase::Initiative,
        Phase::Action,
        Phase::EndOfTurn,
    ]))
    .add_systems(
        OnEnter(Phase::Initiative),
        initiative::roll_for_initiative.in_set(PhaseSystems::Initiative),
    );
}

/// Great War checks of an order beyond the core's (none beyond the turn skeleton yet).
pub fn validate(_world: &World, order: &Order) -> Result<(), Refusal> {
    match order {
        Order::Pass { .. } => Ok(()),
    }
}
