//! The ACW one-page infantry rules (seed `002_2b8bc2a186719e25`): order chits behind
//! every unit, the CinC's initiative die and ability rating, alternate movement,
//! aimed fire and artillery, charges fought out with dominoes stand against stand,
//! and lines broken in one, two or three places. See `docs/rules/acw.md` for the map
//! from rule to code and test, and for what we designed where the seed is silent.
//!
//! The rules' arithmetic is pure functions of the figures: the order chits (`chit`),
//! shooting (`fire_chart`), the commanders (`commander`), the dominoes (`dominoes`), the
//! fight stand against stand with its outcome (`melee`) and its exact odds
//! (`charge_odds`), and the lines on hexes (`geometry`). The turn in play: the
//! scenario's section (`scenario`), the orders and state (`state`), the phases
//! (`resolve`, `validate`): Orders, Initiative, Movement (`movement`; charges and
//! their dominoes, `combat`), Shooting (`shooting_phase`), Combat and React; the editor's
//! part (`editor`: each side's army).

use crate::flow::{self, Phase};
use crate::orders::{Order, Refusal};
use crate::scenario::SideList;
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;

pub mod ai;
pub mod candidates;
pub mod charge_odds;
pub mod chit;
pub mod combat;
pub mod commander;
pub mod deal;
pub mod disguise;
pub mod dominoes;
pub mod editor;
pub mod fire_chart;
pub mod geometry;
pub mod invariants;
pub mod melee;
pub mod movement;
pub(crate) mod resolve;
pub mod scenario;
pub mod sealing;
pub mod shooting_phase;
pub mod state;
pub mod testing;
mod validate;
pub mod view;

pub use candidates::candidates;
pub use resolve::{
    charge_shooters, charge_shots, charge_target, chargeable, charged, fire_chits, unrevealed,
};
pub use state::{AcwOrder, AcwState};
pub use validate::{check_chits, validate};

/// The ACW rule set.
pub struct Acw;

/// The ACW rule set, as the core holds it.
pub static INFO: crate::rule_set::RuleSetInfo = crate::rule_set::RuleSetInfo::of::<Acw>();

impl crate::rule_set::RuleSet for Acw {
    type Secrets = Self;
    type EditorSection = crate::rule_set::Without;
    type ComputerPlayer = Self;
    const ID: &'static str = "acw";
    type Order = AcwOrder;
    type Section = scenario::AcwScenario;
    type State = AcwState;
    const NAME: &'static str = "ACW one-page rules";
    const DATA: (&'static str, &'static str) = ("rules/acw/data.ron", include_str!("data.ron"));
    const PHASES: &'static [&'static str] = PHASE_NAMES;

    fn carry_out(world: &mut World) {
        resolve::carry_out(world);
    }
    fn move_along(side: u8, piece: &str, path: Vec<String>) -> Option<AcwOrder> {
        Some(AcwOrder::Act {
            side,
            unit: piece.to_owned(),
            path,
            facing: None,
            charge: None,
        })
    }

    fn tries(world: &World, side: u8, piece: &str) -> Vec<AcwOrder> {
        candidates::tries(world, side, piece)
    }

    fn validate(world: &World, order: &AcwOrder) -> Result<(), Refusal> {
        validate(world, order)
    }
    fn pass(world: &World, _side: u8) -> Result<(), Refusal> {
        validate::pass(world)
    }
    fn awaiting(world: &World) -> Option<u8> {
        awaiting(world)
    }
    fn candidates(world: &World, side: u8, salt: u64) -> Vec<Order> {
        candidates(world, side, salt)
    }
    fn odds(world: &World, order: &AcwOrder) -> Option<crate::odds::Odds> {
        shooting_phase::order_odds(world, order)
    }
    fn new_section(sides: &[crate::scenario::SideDef]) -> scenario::AcwScenario {
        scenario::new_section(sides)
    }
    fn spawn(world: &mut World, file: &crate::scenario::ScenarioFile) {
        scenario::spawn(world, file);
    }
    /// The ACW systems of each phase.
    fn systems(app: &mut App) {
        app.add_systems(OnEnter(ORDERS), resolve::begin_orders.after(flow::Announce))
            .add_systems(
                OnEnter(INITIATIVE),
                resolve::roll_for_initiative.after(flow::Announce),
            )
            .add_systems(
                OnEnter(MOVEMENT),
                resolve::begin_movement.after(flow::Announce),
            )
            .add_systems(
                OnEnter(SHOOTING),
                resolve::begin_shooting.after(flow::Announce),
            )
            .add_systems(OnEnter(COMBAT), resolve::begin_combat.after(flow::Announce))
            .add_systems(OnEnter(REACT), resolve::begin_react.after(flow::Announce))
            .add_systems(
                crate::flow::CarryOut,
                view::label_chits
                    .after(<Acw as crate::rule_set::RuleSet>::carry_out)
                    .run_if(resource_exists_and_changed::<AcwState>),
            );
        let world = app.world_mut();
        world.register_component::<crate::counters::Routed>();
        world.register_component::<crate::counters::Stands>();
        world.register_component::<crate::counters::Facing>();
    }
    fn check(file: &crate::scenario::ScenarioFile) -> Vec<(String, String)> {
        scenario::check(file)
    }
    /// Back to the state before the set-up: the scenario's spawn, run just before, has
    /// put a fresh [`AcwState`] in place with the scenario's own section; what is left is
    /// the board as the rules read it.
    fn kept(parts: &mut crate::fork::Parts) {
        parts
            .resource::<shooting_phase::HeldFire>()
            .resource::<deal::Deals>()
            .resource::<deal::OwnDominoes>()
            .resource::<sealing::ChitSeals>()
            .resource::<sealing::OwnChits>();
    }
    fn reset(world: &mut World) {
        world.remove_resource::<sealing::ChitSeals>();
        world.remove_resource::<deal::Deals>();
        world.remove_resource::<shooting_phase::HeldFire>();
        view::install_board(world);
    }
    fn state_text(world: &World) -> String {
        format!(
            "{:?}{}{}{}",
            world.resource::<AcwState>(),
            sealing::state_text(world),
            deal::state_text(world),
            shooting_phase::HeldFire::state_text(world)
        )
    }
    fn invariants(world: &World) -> Result<(), String> {
        invariants::invariants(world)
    }
}

impl crate::rule_set::Secrets for Acw {
    const SEALING: crate::rule_set::Sealing = crate::rule_set::Sealing::InPieces(&sealing::SEALING);
    /// A side's chits, back from the secret a save keeps.
    fn reveal(side: u8, text: &str) -> Option<Order> {
        let chits = ron::from_str(text).ok()?;
        Some(AcwOrder::Chits { side, chits }.into())
    }
}

impl crate::rule_set::ComputerPlayer for Acw {
    fn choose(world: &World, side: u8, _salt: u64) -> Option<Order> {
        ai::choose(world, side)
    }
    fn shortlist(world: &World, side: u8, salt: u64) -> Vec<Order> {
        ai::shortlist(world, side, salt)
    }
    fn disguise(world: &mut World, viewer: u8, salt: u64) {
        disguise::disguise(world, viewer, salt);
    }
}

/// The Orders phase: a chit behind every unit, in secret.
pub const ORDERS: Phase = Phase::Rules(0);
/// The Initiative phase: a die each CinC; the higher chooses to move first or second.
pub const INITIATIVE: Phase = Phase::Rules(1);
/// The Movement phase: the sides in turn reveal chits or move, as many units at a
/// time as each CinC's rating allows.
pub const MOVEMENT: Phase = Phase::Rules(2);
/// The Shooting phase: units on Fire chits shoot, the side that moved first first.
pub const SHOOTING: Phase = Phase::Rules(3);
/// The Combat phase: each charge that came home is fought out with the dominoes.
pub const COMBAT: Phase = Phase::Rules(4);
/// The React phase: retire from combat, routed units fall back, opportunity fire.
pub const REACT: Phase = Phase::Rules(5);
/// The names of the phases, by their number.
pub const PHASE_NAMES: &[&str] = &[
    "Orders",
    "Initiative",
    "Movement",
    "Shooting",
    "Combat",
    "React",
];

/// The side the game waits on: in the Orders phase each side that has not placed its
/// chits, in side order; in the Initiative phase the side choosing; in Movement the
/// side acting.
pub fn awaiting(world: &World) -> Option<u8> {
    if let Some((side, _)) = deal::due(world) {
        return Some(side);
    }
    let state = world.resource::<AcwState>();
    let sides = world.resource::<SideList>().0.len() as u8;
    match *world.resource::<State<Phase>>().get() {
        ORDERS => (0..sides).find(|s| !state.chits.contains_key(s)),
        INITIATIVE => state.choosing,
        _ if state.placing.is_some() => state.placing.map(|p| p.0),
        MOVEMENT if state.firing_at.is_some() => state
            .firing_at
            .and_then(|k| state.charges.get(k))
            .map(|c| c.defender_side),
        MOVEMENT => state.acting.map(|a| a.0),
        SHOOTING | REACT => shooting_side(state, sides),
        _ => None,
    }
}

/// The side shooting: the side that moved first until it is done, then the other.
/// Ours — A-17 in docs/rules/acw.md: the Shooting phase in turn.
pub fn shooting_side(state: &AcwState, sides: u8) -> Option<u8> {
    std::iter::once(state.first)
        .chain((0..sides).filter(|s| *s != state.first))
        .find(|s| !state.done.contains(s))
}

pub(crate) use crate::dice::roll_in as roll;
pub(crate) use crate::journal::{note, say};

/// A refusal.
pub(crate) fn refuse<T>(why: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(why.into()))
}
