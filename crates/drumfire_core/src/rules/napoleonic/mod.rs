//! The Napoleonic brigade rules (seed `001_4530202de2a060fb`): brigades on Attack,
//! Engage or Hold orders, in line, column or square, fighting by skirmish (rule 11),
//! firefight (rule 12), hand to hand (rule 13) and inside built-up areas and woods
//! (rule 10). Its sequence of play is Orders, Initiative, Movement, Combat, Rally and
//! End of Turn (ours, N-2). See `docs/rules/napoleonic.md` for the map from rule to
//! code and test, and for what we designed where the seed is silent.

use crate::counters::{Disordered, Routed, Shaken, Stands};
use crate::flow::{self, Phase};
use crate::orders::{Order, Refusal};
use crate::scenario::SideList;
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;

pub mod ai;
pub mod brigade;
pub mod candidates;
pub mod combat;
pub mod editor;
pub mod invariants;
pub mod movement;
mod resolve;
pub mod scenario;
pub mod state;
mod validate;
pub mod view;

pub use resolve::{
    MORALE_STEADY, Morale, dice_fire_plan, fight_odds, morale_factors, morale_outcome,
    skirmish_situation, skirmishes_back,
};
pub use state::{Fight, NpOrder, NpState};
pub use validate::{check_orders, fight_check, validate};

/// The Napoleonic rule set.
pub struct Napoleonic;

/// The Napoleonic rule set, as the core holds it.
pub static INFO: crate::rule_set::RuleSetInfo = crate::rule_set::RuleSetInfo::of::<Napoleonic>();

impl crate::rule_set::RuleSet for Napoleonic {
    type Secrets = Self;
    type EditorSection = Self;
    type ComputerPlayer = Self;
    const ID: &'static str = "napoleonic";
    type Order = NpOrder;
    type Section = scenario::NpScenario;
    type State = NpState;
    const NAME: &'static str = "Napoleonic brigades";
    const DATA: (&'static str, &'static str) =
        ("rules/napoleonic/data.ron", include_str!("data.ron"));
    const PHASES: &'static [&'static str] = PHASE_NAMES;

    fn carry_out(world: &mut World) {
        resolve::carry_out(world);
    }
    fn move_along(side: u8, piece: &str, path: Vec<String>) -> Option<NpOrder> {
        Some(NpOrder::Move {
            side,
            brigade: piece.to_owned(),
            path,
        })
    }

    fn tries(world: &World, side: u8, piece: &str) -> Vec<NpOrder> {
        candidates::tries(world, side, piece)
    }

    fn validate(world: &World, order: &NpOrder) -> Result<(), Refusal> {
        validate(world, order)
    }
    fn pass(world: &World, side: u8) -> Result<(), Refusal> {
        validate::pass(world, side)
    }
    fn awaiting(world: &World) -> Option<u8> {
        awaiting(world)
    }
    fn candidates(world: &World, side: u8, _salt: u64) -> Vec<Order> {
        candidates::candidates(world, side)
    }
    fn odds(world: &World, order: &NpOrder) -> Option<crate::odds::Odds> {
        fight_odds(world, order)
    }
    fn spawn(world: &mut World, file: &crate::scenario::ScenarioFile) {
        scenario::spawn(world, file);
    }
    /// The Napoleonic systems of each phase.
    fn systems(app: &mut App) {
        app.add_systems(OnEnter(ORDERS), resolve::begin_orders.after(flow::Announce))
            .add_systems(
                OnEnter(INITIATIVE),
                resolve::roll_for_first.after(flow::Announce),
            )
            .add_systems(
                OnEnter(MOVEMENT),
                resolve::begin_sides.after(flow::Announce),
            )
            .add_systems(OnEnter(COMBAT), resolve::begin_sides.after(flow::Announce))
            .add_systems(OnEnter(RALLY), resolve::rally.after(flow::Announce));
        let world = app.world_mut();
        world.register_component::<Disordered>();
        world.register_component::<Shaken>();
        world.register_component::<Routed>();
        world.register_component::<Stands>();
        world.register_component::<crate::counters::Facing>();
    }
    fn check(file: &crate::scenario::ScenarioFile) -> Vec<(String, String)> {
        scenario::check(file)
    }
    /// Back to the state before the set-up: the scenario's spawn, run just before, has
    /// put a fresh [`NpState`] in place with the scenario's own section; what is left is
    /// the board as the rules read it.
    fn reset(world: &mut World) {
        view::install_board(world);
    }
    fn invariants(world: &World) -> Result<(), String> {
        invariants::invariants(world)
    }
}

impl crate::rule_set::Secrets for Napoleonic {
    const SEALING: crate::rule_set::Sealing = crate::rule_set::Sealing::Whole(validate::may_seal);
    /// A side's orders for the turn, back from the secret a save keeps.
    fn reveal(side: u8, text: &str) -> Option<Order> {
        let orders = ron::from_str(text).ok()?;
        Some(NpOrder::Orders { side, orders }.into())
    }
}

impl crate::rule_set::ComputerPlayer for Napoleonic {
    fn choose(world: &World, side: u8, _salt: u64) -> Option<Order> {
        ai::choose(world, side)
    }
    /// The other side's orders for the turn, given but not yet shown, are taken back:
    /// in the copy it gives them again, as the Normal player would from what it sees.
    fn disguise(world: &mut World, viewer: u8, _salt: u64) {
        if *world.resource::<State<Phase>>().get() == ORDERS {
            world
                .resource_mut::<NpState>()
                .given
                .retain(|side, _| *side == viewer);
        }
    }
}

/// The Orders phase: every brigade is given its order, in secret.
pub const ORDERS: Phase = Phase::Rules(0);
/// The Initiative phase: a die each, the higher moves and fights first.
pub const INITIATIVE: Phase = Phase::Rules(1);
/// The Movement phase: each side in turn moves its brigades or changes their formation.
pub const MOVEMENT: Phase = Phase::Rules(2);
/// The Combat phase: each side in turn starts its brigades' fights.
pub const COMBAT: Phase = Phase::Rules(3);
/// The Rally phase: the routed flee or rally, the disordered and shaken recover.
pub const RALLY: Phase = Phase::Rules(4);
/// The names of the phases, by their number.
pub const PHASE_NAMES: &[&str] = &["Orders", "Initiative", "Movement", "Combat", "Rally"];

/// The side the game waits on: in the Orders phase each side that has not given its
/// orders, in side order, then (in a game between two machines) each side that gave
/// them sealed, to open them: the last to seal first (its machine has the move
/// already, which saves a turn file by e-mail); in Movement and Combat the first
/// side, then the other.
pub fn awaiting(world: &World) -> Option<u8> {
    let state = world.resource::<NpState>();
    let sides = world.resource::<SideList>().0.len() as u8;
    let sealed = |s: &u8| crate::sealed::is_sealed(world, *s);
    match *world.resource::<State<Phase>>().get() {
        ORDERS => (0..sides)
            .find(|s| !state.given.contains_key(s) && !sealed(s))
            .or_else(|| (0..sides).rev().find(sealed)),
        MOVEMENT | COMBAT => acting(state, sides),
        _ => None,
    }
}

/// The side acting in Movement or Combat: the first side until it is done, then the other.
pub fn acting(state: &NpState, sides: u8) -> Option<u8> {
    let order = std::iter::once(state.first).chain((0..sides).filter(|s| *s != state.first));
    order.into_iter().find(|s| !state.done.contains(s))
}

pub(crate) use crate::dice::roll_in as roll;
pub(crate) use crate::journal::{note, say};

/// A refusal.
pub(crate) fn refuse<T>(why: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(why.into()))
}
