//! The Portable rule set: hex rules with artillery fire at the start of the turn,
//! a d6 for which side goes first, activation dice, move or fire or unpin, scatter,
//! pinning, close combat power and facing (seed `003_d2999887f35a0b69`). Its
//! sequence of play is Artillery Fire (the Bombardment phase), Initiative, Action
//! (each side in turn: activations, then close combats) and End of Turn.
//! See `docs/rules/portable.md` for the map from rule to code and test.

use crate::counters::{
    Counter, Done, Facing, Fired, MarkerKind, Moved, OffMap, OnHex, PieceIds, add_marker,
    remove_marker,
};
use crate::flow::{self, ActionSegment, Phase, StepsLost, Turn};
use crate::journal::GameEvent;
use crate::map::HexIndex;
use crate::orders::{Order, Refusal};
use crate::scenario::SideList;
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::{EdgeDirection, Hex};

pub mod ai;
pub mod candidates;
pub mod combat;
pub mod editor;
pub mod fire;
pub mod invariants;
pub mod movement;
mod resolve;
pub mod scenario;
pub mod state;
mod turn;
mod validate;
pub mod view;

use resolve::*;
pub use state::{PtOrder, PtState, Step};
use turn::*;
pub use turn::{cavalry_due, deciding_side};
pub use validate::{describe_odds, validate};

/// The Portable rule set.
pub struct Portable;

/// The Portable rule set, as the core holds it.
pub static INFO: crate::rule_set::RuleSetInfo = crate::rule_set::RuleSetInfo::of::<Portable>();

impl crate::rule_set::RuleSet for Portable {
    type Secrets = crate::rule_set::Without;
    type EditorSection = crate::rule_set::Without;
    type ComputerPlayer = Self;
    const ID: &'static str = "portable";
    type Order = PtOrder;
    type Section = scenario::PtScenario;
    type State = PtState;
    const NAME: &'static str = "Portable";
    const DATA: (&'static str, &'static str) =
        ("rules/portable/data.ron", include_str!("data.ron"));
    const PHASES: &'static [&'static str] = PHASE_NAMES;

    /// The Artillery Fire phase comes first, at the start of the turn.
    fn sequence() -> Vec<Phase> {
        vec![ARTILLERY_FIRE, INITIATIVE, ACTION]
    }
    fn carry_out(world: &mut World) {
        carry_out(world);
    }
    fn move_along(side: u8, piece: &str, path: Vec<String>) -> Option<PtOrder> {
        Some(PtOrder::Move {
            side,
            unit: piece.to_owned(),
            path,
        })
    }

    fn tries(world: &World, side: u8, piece: &str) -> Vec<PtOrder> {
        candidates::tries(world, side, piece)
    }

    fn validate(world: &World, order: &PtOrder) -> Result<(), Refusal> {
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
    fn odds(world: &World, order: &PtOrder) -> Option<crate::odds::Odds> {
        describe_odds(world, order)
    }
    fn new_section(sides: &[crate::scenario::SideDef]) -> scenario::PtScenario {
        scenario::new_section(sides)
    }
    fn spawn(world: &mut World, file: &crate::scenario::ScenarioFile) {
        scenario::spawn(world, file);
    }
    /// The Portable systems of each phase.
    fn systems(app: &mut App) {
        app.add_systems(OnEnter(Phase::Setup), face_the_enemy)
            .add_systems(
                OnEnter(ARTILLERY_FIRE),
                begin_artillery_fire.after(flow::Announce),
            )
            .add_systems(OnEnter(INITIATIVE), roll_for_first.after(flow::Announce))
            .add_systems(
                OnEnter(ACTION),
                // Chained, not ordered after the shared system by its name: one app
                // holds every rule set's systems, two of them this one.
                (flow::begin_action_phase, begin_action)
                    .chain()
                    .after(flow::Announce),
            )
            .add_systems(
                OnEnter(Phase::EndOfTurn),
                clear_turn.after(flow::Announce).before(flow::end_turn),
            );
        // The rules query these before any counter carries them.
        let world = app.world_mut();
        world.register_component::<Facing>();
        world.register_component::<crate::counters::Pinned>();
        world.register_component::<Moved>();
        world.register_component::<Fired>();
        world.register_component::<Done>();
        let units = view::UnitQueryCache::new(world);
        world.insert_resource(units);
    }
    fn check(file: &crate::scenario::ScenarioFile) -> Vec<(String, String)> {
        scenario::check(file)
    }
    fn kept(parts: &mut crate::fork::Parts) {
        parts.resource::<scenario::PtSides>();
    }
    fn reset(world: &mut World) {
        world.insert_resource(PtState::default());
        view::install_board(world);
    }
    fn invariants(world: &World) -> Result<(), String> {
        invariants::invariants(world)
    }
}

impl crate::rule_set::ComputerPlayer for Portable {
    /// To the game's end: a turn's play does not see the attack that reaches the
    /// objectives later (`docs/ai.md`, "To the game's end": Ravensberg Heights' French
    /// won 23 of 30 so against the Normal player, 14 of 30 a turn ahead).
    const LOOK_AHEAD: u16 = crate::lookahead::Budget::TO_THE_END;
    fn choose(world: &World, side: u8, _salt: u64) -> Option<Order> {
        ai::choose(world, side)
    }
    fn shortlist(world: &World, side: u8, _salt: u64) -> Vec<Order> {
        ai::shortlist(world, side)
    }
}

use view::Unit;

/// The Initiative phase: the sides roll to see who activates first.
pub const INITIATIVE: Phase = Phase::Rules(0);
/// The Artillery Fire phase at the start of the turn.
pub const ARTILLERY_FIRE: Phase = Phase::Rules(1);
/// The Action phase: the sides take turns activating units.
pub const ACTION: Phase = Phase::Rules(2);
/// The names of the phases, by their number.
pub const PHASE_NAMES: &[&str] = &["Initiative", "Artillery Fire", "Action"];

/// The side the game waits on.
/// Ours — P-1 in docs/rules/portable.md: which side fires artillery first.
pub fn awaiting(world: &World) -> Option<u8> {
    let state = world.resource::<PtState>();
    match *world.resource::<State<Phase>>().get() {
        ARTILLERY_FIRE => (0..world.resource::<SideList>().0.len() as u8)
            .find(|s| !state.artillery_done.contains(s)),
        // Pinned regular cavalry of a side yet to act is decided for before the first
        // side's first other activation (`deciding_side`).
        ACTION if state.step != Step::Idle => {
            deciding_side(world).or(Some(world.resource::<ActionSegment>().side))
        }
        _ => None,
    }
}
