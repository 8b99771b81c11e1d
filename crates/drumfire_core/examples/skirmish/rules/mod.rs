//! Skirmish: the worked example of `docs/architecture.md`, "Adding a rule set". A
//! rule set small enough to read in one sitting, plugged in through the same
//! [`RuleSet`] trait as the five the game ships: two unit types (`data.ron`), one
//! phase in which the sides take turns giving one order each, a move
//! ([`moves`]) and a fight ([`fight`]), and a section of the scenario with each
//! side's colours, a piece the editor places ([`section`]). Everything here is ours:
//! there is no rulebook behind it.
//!
//! The rules, whole:
//! - Each turn is one Action phase. The sides roll a die each; the higher gives the
//!   first order, then the sides take turns, one order at a time.
//! - An order moves one unit that has not yet acted this turn, along a path within
//!   its movement (open ground costs 1, woods 2, a pond cannot be entered), never
//!   into or through a hex with a unit in it; or it fights with such a unit against
//!   an enemy beside it; or it passes. When both sides have passed in a row, the
//!   turn ends.
//! - A fight rolls a die: the enemy is destroyed when it shows no more than the
//!   unit's fight value, one more when the unit stands at or beside its own side's
//!   colours, one less when the enemy is in woods.

pub mod fight;
pub mod moves;
pub mod section;

use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use drumfire_core::counters::{Counter, OnHex};
use drumfire_core::flow::{self, ActionSegment, Phase};
use drumfire_core::orders::{Order, Refusal, RuleSetOrder};
use drumfire_core::rule_set::{RuleSet, RuleSetInfo, RuleSets};
use drumfire_core::scenario::ScenarioFile;
use serde::{Deserialize, Serialize};

/// The one phase of a turn.
pub const ACTION: Phase = Phase::Rules(0);

/// The Skirmish rule set.
pub struct Skirmish;

/// The Skirmish rule set, as the core holds it: with its editor section, and with
/// no secrets and no computer player of its own (the computer gives the first of its
/// candidates that the rules accept).
pub static INFO: RuleSetInfo = RuleSetInfo::of::<Skirmish>();

/// The rule sets a Skirmish game is read with: Skirmish alone.
pub static RULE_SETS: RuleSets = RuleSets::new(&[&INFO], None);

/// The example scenario, Hollow Farm.
pub const SCENARIO: &str = include_str!("../scenario.ron");

/// A Skirmish order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SkOrder {
    /// Moves `unit` along `path` (the hexes entered, by number).
    Move {
        /// The side giving it.
        side: u8,
        /// The unit's id.
        unit: String,
        /// The hexes entered, in order.
        path: Vec<String>,
    },
    /// `unit` fights the enemy `target` beside it.
    Fight {
        /// The side giving it.
        side: u8,
        /// The unit's id.
        unit: String,
        /// The enemy's id.
        target: String,
    },
}

impl RuleSetOrder for SkOrder {
    fn side(&self) -> u8 {
        match self {
            Self::Move { side, .. } | Self::Fight { side, .. } => *side,
        }
    }
}

impl From<SkOrder> for Order {
    fn from(o: SkOrder) -> Self {
        drumfire_core::rule_set::rules_order::<Skirmish>(o)
    }
}

/// What the rules remember within a turn: the units that have acted.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct SkState {
    /// Ids of the units that moved or fought this turn, in order.
    pub acted: Vec<String>,
}

impl RuleSet for Skirmish {
    type Secrets = drumfire_core::rule_set::Without;
    type EditorSection = Self;
    type ComputerPlayer = drumfire_core::rule_set::Without;
    type Order = SkOrder;
    type Section = section::SkScenario;
    type State = SkState;
    const ID: &'static str = "skirmish";
    const NAME: &'static str = "Skirmish";
    const DATA: (&'static str, &'static str) =
        ("skirmish/rules/data.ron", include_str!("data.ron"));
    const PHASES: &'static [&'static str] = &["Action"];

    fn systems(app: &mut bevy_app::App) {
        app.add_systems(OnEnter(ACTION), begin_turn.after(flow::Announce));
    }

    fn carry_out(world: &mut World) {
        let Some(order) = drumfire_core::orders::take_for_rules(world) else {
            return;
        };
        match order {
            Order::Pass { side } => pass(world, side),
            o => {
                match o.rules::<SkOrder>().cloned() {
                    Some(SkOrder::Move { unit, path, .. }) => moves::carry_out(world, &unit, &path),
                    Some(SkOrder::Fight { unit, target, .. }) => {
                        fight::carry_out(world, &unit, &target)
                    }
                    None => return,
                }
                next_side(world);
            }
        }
    }

    fn validate(world: &World, order: &SkOrder) -> Result<(), Refusal> {
        if *world.resource::<State<Phase>>().get() != ACTION {
            return Err(Refusal("Units act in the Action phase.".into()));
        }
        match order {
            SkOrder::Move { side, unit, path } => {
                moves::check(world, *side, unit, path).map(|_| ())
            }
            SkOrder::Fight { side, unit, target } => {
                fight::check(world, *side, unit, target).map(|_| ())
            }
        }
    }

    fn pass(world: &World, _side: u8) -> Result<(), Refusal> {
        if *world.resource::<State<Phase>>().get() == ACTION {
            Ok(())
        } else {
            Err(Refusal("There is nothing to pass now.".into()))
        }
    }

    fn awaiting(world: &World) -> Option<u8> {
        (*world.resource::<State<Phase>>().get() == ACTION)
            .then(|| world.resource::<ActionSegment>().side)
    }

    fn candidates(world: &World, side: u8, _salt: u64) -> Vec<Order> {
        let mut out = fight::candidates(world, side);
        out.extend(moves::candidates(world, side));
        out.push(Order::Pass { side });
        out
    }

    fn spawn(world: &mut World, file: &ScenarioFile) {
        world.insert_resource(SkState::default());
        section::spawn(world, file);
    }

    fn check(file: &ScenarioFile) -> Vec<(String, String)> {
        section::check(file)
    }

    fn invariants(world: &World) -> Result<(), String> {
        let state = world.resource::<SkState>();
        for id in &state.acted {
            if unit(world, id).is_none() && !gone(world, id) {
                return Err(format!("`{id}` acted but is no unit of the game"));
            }
        }
        let sides = world
            .resource::<drumfire_core::scenario::SideList>()
            .0
            .len();
        if usize::from(world.resource::<ActionSegment>().side) >= sides {
            return Err("the side acting is no side of the game".into());
        }
        Ok(())
    }
}

/// A unit on the map, as the rules read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its entity.
    pub entity: Entity,
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: u8,
    /// Its unit type's id.
    pub kind: String,
    /// Where it stands.
    pub hex: hexx::Hex,
}

/// Every unit on the map, in id order.
pub fn units(world: &World) -> Vec<Unit> {
    let ids = world.resource::<drumfire_core::counters::PieceIds>();
    ids.0.values().filter_map(|e| unit_of(world, *e)).collect()
}

/// The unit `id` on the map.
pub fn unit(world: &World, id: &str) -> Option<Unit> {
    unit_of(
        world,
        world
            .resource::<drumfire_core::counters::PieceIds>()
            .get(id)?,
    )
}

/// The unit that entity `e` is, if it stands on the map.
fn unit_of(world: &World, e: Entity) -> Option<Unit> {
    let c = world.get::<Counter>(e)?;
    let hex = world.get::<OnHex>(e)?.0;
    Some(Unit {
        entity: e,
        id: c.id.clone(),
        name: c.name.clone(),
        side: c.side,
        kind: c.unit_type.clone(),
        hex,
    })
}

/// The terrain type of a hex on the map.
pub fn terrain(world: &World, hex: hexx::Hex) -> Option<&'static drumfire_core::data::TerrainType> {
    let cell = world
        .resource::<drumfire_core::map::HexIndex>()
        .hex_entity(hex)?;
    let id = &world.get::<drumfire_core::map::Terrain>(cell)?.0;
    INFO.data().terrain.get(id)
}

/// A unit type's figures.
pub fn figures(kind: &str) -> Option<&'static drumfire_core::data::CounterFace> {
    INFO.data().units.get(kind).map(|u| &u.full)
}

/// Was unit `id` destroyed?
fn gone(world: &World, id: &str) -> bool {
    world
        .resource::<drumfire_core::counters::PieceIds>()
        .get(id)
        .is_some_and(|e| world.get::<drumfire_core::counters::OffMap>(e).is_some())
}

/// Unit `id` of `side`, able to act: on the map, its side's, not yet acted this turn.
pub fn ready(world: &World, side: u8, id: &str) -> Result<Unit, Refusal> {
    let u =
        unit(world, id).ok_or_else(|| Refusal(format!("There is no unit `{id}` on the map.")))?;
    if u.side != side {
        return Err(Refusal(format!("{} is not one of yours.", u.name)));
    }
    if world.resource::<SkState>().acted.contains(&u.id) {
        return Err(Refusal(format!("{} has acted this turn.", u.name)));
    }
    Ok(u)
}

/// A turn begins: the acted are forgotten, the sides roll for the first order.
fn begin_turn(world: &mut World) {
    world.resource_mut::<SkState>().acted.clear();
    let first = flow::roll_for_initiative(world);
    *world.resource_mut::<ActionSegment>() = ActionSegment {
        side: first,
        passes_in_row: 0,
    };
    drumfire_core::journal::note(
        world,
        drumfire_core::journal::GameEvent::SegmentBegan { side: first },
    );
}

/// A side passes: when every side has passed in a row, the turn ends.
fn pass(world: &mut World, side: u8) {
    let sides = world
        .resource::<drumfire_core::scenario::SideList>()
        .0
        .len();
    let mut segment = *world.resource::<ActionSegment>();
    let all_passed = {
        let mut journal = world.resource_mut::<drumfire_core::journal::Journal>();
        flow::record_pass(&mut segment, &mut journal, side, sides)
    };
    segment.side = (side + 1) % sides as u8;
    *world.resource_mut::<ActionSegment>() = segment;
    if all_passed {
        flow::finish_phase_in(world, ACTION);
    }
}

/// An order was carried out: the other side gives the next.
fn next_side(world: &mut World) {
    let sides = world
        .resource::<drumfire_core::scenario::SideList>()
        .0
        .len() as u8;
    let mut segment = world.resource_mut::<ActionSegment>();
    segment.side = (segment.side + 1) % sides;
    segment.passes_in_row = 0;
}
