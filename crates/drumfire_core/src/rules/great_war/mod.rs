//! The Great War rule set: World War One tactical combat in the style of
//! *Infantry Attacks* (seed `000_4f5f67d614e4fb89`). Its sequence of play is
//! Set-up (leader draw, Artillery Plans), then each turn Initiative,
//! Bombardment, Action and End of Turn.
//! See `docs/rules/great-war.md` for the map from rule to code and test.

use crate::counters::{MarkerKind, OffMap, OnHex, PieceIds, Steps, add_marker, remove_marker};
use crate::flow::{self, Phase, SetupOrders, StepsLost};
use crate::journal::GameEvent;
use crate::map::HexIndex;
use crate::orders::{Order, Refusal};
use crate::scenario::Rules;
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::Hex;

pub mod action;
pub mod ai;
pub mod board;
pub mod bombardment;
pub mod candidates;
pub mod editor;
pub mod fire;
pub mod initiative;
pub mod invariants;
pub mod orders;
pub mod plot;
pub mod preview;
pub mod resolve;
pub mod scenario;
pub mod sealing;
pub mod setup;
pub mod state;
pub mod tables;
pub mod testing;
pub mod view;

pub use orders::{Assignment, GwOrder, Mission};
pub use state::GwState;

/// The Great War rule set.
pub struct GreatWar;

/// The Great War rule set, as the core holds it.
pub static INFO: crate::rule_set::RuleSetInfo = crate::rule_set::RuleSetInfo::of::<GreatWar>();

impl crate::rule_set::RuleSet for GreatWar {
    type Secrets = Self;
    type EditorSection = Self;
    type ComputerPlayer = Self;
    const ID: &'static str = "great_war";
    type Order = GwOrder;
    type Section = scenario::GwScenario;
    type State = GwState;
    const NAME: &'static str = "Great War";
    const DATA: (&'static str, &'static str) =
        ("rules/great_war/data.ron", include_str!("data.ron"));
    const PHASES: &'static [&'static str] = PHASE_NAMES;

    fn carry_out(world: &mut World) {
        carry_out(world);
    }
    fn validate(world: &World, order: &GwOrder) -> Result<(), Refusal> {
        validate(world, order)
    }
    fn pass(world: &World, side: u8) -> Result<(), Refusal> {
        validate_pass(world, side)
    }
    fn awaiting(world: &World) -> Option<u8> {
        awaiting(world)
    }
    fn candidates(world: &World, side: u8, salt: u64) -> Vec<Order> {
        candidates::candidates(world, side, salt)
    }
    fn odds(world: &World, order: &GwOrder) -> Option<crate::odds::Odds> {
        preview::order_odds(world, order)
    }
    fn new_section(sides: &[crate::scenario::SideDef]) -> scenario::GwScenario {
        scenario::new_section(sides)
    }
    fn spawn(world: &mut World, file: &crate::scenario::ScenarioFile) {
        scenario::spawn(world, file);
    }
    /// The Great War systems of each phase, and its board.
    fn systems(app: &mut App) {
        app.add_systems(OnEnter(Phase::Setup), setup::begin_setup)
            .add_systems(
                OnEnter(INITIATIVE),
                initiative::roll_for_initiative.after(flow::Announce),
            )
            .add_systems(
                OnEnter(BOMBARDMENT),
                bombardment::begin_bombardment.after(flow::Announce),
            )
            .add_systems(
                OnEnter(ACTION),
                // Chained, not ordered after the shared system by its name: one app
                // holds every rule set's systems, two of them this one.
                (flow::begin_action_phase, action::begin_action)
                    .chain()
                    .after(flow::Announce),
            )
            .add_systems(
                OnEnter(Phase::EndOfTurn),
                action::clear_turn
                    .after(flow::Announce)
                    .before(flow::end_turn),
            );
        let pieces = view::PieceQuery::new(app.world_mut());
        let markers = resolve::MarkerQuery::new(app.world_mut());
        app.insert_resource(pieces).insert_resource(markers);
    }
    fn check(file: &crate::scenario::ScenarioFile) -> Vec<(String, String)> {
        scenario::check(file)
    }
    /// Back to the state before the set-up: no plans, no activation, no questions.
    fn kept(parts: &mut crate::fork::Parts) {
        parts
            .piece_component::<scenario::NoFlip>()
            .resource::<scenario::GwSides>()
            .resource::<sealing::PlanSeals>()
            .resource::<sealing::OwnPlan>();
    }
    fn reset(world: &mut World) {
        world.insert_resource(SetupOrders);
        world.insert_resource(GwState::default());
        world.insert_resource(sealing::PlanSeals::default());
        let data = INFO.data();
        let board = board::Board::build(world, data);
        world.insert_resource(board);
    }
    fn state_text(world: &World) -> String {
        format!(
            "{:?}{}",
            world.resource::<GwState>(),
            sealing::state_text(world)
        )
    }
    /// The off-board artillery's names, by id (they are no counter on the map).
    fn names(world: &World, out: &mut std::collections::BTreeMap<String, String>) {
        let Some(sides) = world.get_resource::<scenario::GwSides>() else {
            return;
        };
        for f in sides.0.iter().flat_map(|s| s.off_board_artillery.iter()) {
            out.insert(f.id.clone(), f.name.clone());
        }
    }
    fn invariants(world: &World) -> Result<(), String> {
        invariants::invariants(world)
    }
}

impl crate::rule_set::Secrets for GreatWar {
    const SEALING: crate::rule_set::Sealing = crate::rule_set::Sealing::InPieces(&sealing::SEALING);
    /// The Artillery Plan back from its side and its missions' text.
    fn reveal(side: u8, text: &str) -> Option<Order> {
        let missions = ron::from_str(text).ok()?;
        Some(GwOrder::Plan { side, missions }.into())
    }
}

impl crate::rule_set::ComputerPlayer for GreatWar {
    fn choose(world: &World, side: u8, salt: u64) -> Option<Order> {
        ai::choose(world, side, salt)
    }
    fn shortlist(world: &World, side: u8, salt: u64) -> Vec<Order> {
        ai::shortlist(world, side, salt)
    }
    fn disguise(world: &mut World, viewer: u8, _salt: u64) {
        ai::disguise(world, viewer);
    }
}

/// The Initiative Phase: the sides roll, the higher acts first.
pub const INITIATIVE: Phase = Phase::Rules(0);
/// The Bombardment Phase: the Artillery Plans' fire for the turn lands.
pub const BOMBARDMENT: Phase = Phase::Rules(1);
/// The Action Phase: alternating action segments.
pub const ACTION: Phase = Phase::Rules(2);
/// The names of the phases, by their number.
pub const PHASE_NAMES: &[&str] = &["Initiative", "Bombardment", "Action"];

/// Carries out the accepted order, whatever the phase.
fn carry_out(world: &mut World) {
    let Some(order) = crate::orders::take_for_rules(world) else {
        return;
    };
    match (&order, order.rules::<GwOrder>()) {
        (Order::Pass { side }, _) => action::pass(world, *side),
        (_, Some(GwOrder::Plan { side, missions })) => {
            setup::file_plan(world, *side, missions.clone())
        }
        (_, Some(GwOrder::SealPlan { side, seals })) => {
            sealing::file_sealed(world, *side, seals.clone())
        }
        (_, Some(GwOrder::OpenPlan { side, pieces })) => {
            sealing::open(world, *side, pieces.clone())
        }
        (_, Some(other)) => action::apply(world, other.clone()),
        _ => {}
    }
    resolve::run(world);
}

/// May `side` pass now: in its own action segment, with no question waiting.
fn validate_pass(world: &World, side: u8) -> Result<(), Refusal> {
    let phase = *world.resource::<State<Phase>>().get();
    let state = world.resource::<GwState>();
    if phase != ACTION {
        return Err(Refusal(format!(
            "{} cannot pass now: it is the {} phase, not the Action Phase.",
            world.resource::<crate::scenario::SideList>().name(side),
            phase.name(world.resource())
        )));
    }
    let segment = world.resource::<flow::ActionSegment>();
    if segment.side != side {
        let sides = world.resource::<crate::scenario::SideList>();
        return Err(Refusal(format!(
            "It is {}'s action segment; {} must wait for its own.",
            sides.name(segment.side),
            sides.name(side)
        )));
    }
    if state.prompt.is_some() {
        return Err(Refusal(
            "Answer the question first: the game waits on it.".into(),
        ));
    }
    Ok(())
}

/// Great War checks of an order beyond the core's.
pub fn validate(world: &World, order: &GwOrder) -> Result<(), Refusal> {
    let phase = *world.resource::<State<Phase>>().get();
    match order {
        GwOrder::Plan { side, missions } => {
            if phase != Phase::Setup {
                return Err(Refusal(
                    "Artillery Plans are filed in the set-up, before the first turn.".into(),
                ));
            }
            setup::check_plan(world, *side, missions)
        }
        GwOrder::SealPlan { side, seals } => {
            if phase != Phase::Setup {
                return Err(Refusal(
                    "Artillery Plans are filed in the set-up, before the first turn.".into(),
                ));
            }
            sealing::check_seal(world, *side, seals)
        }
        GwOrder::OpenPlan { side, pieces } => sealing::check_open(world, *side, pieces),
        o => action::validate(world, phase, o),
    }
}

/// The side the game waits on.
pub fn awaiting(world: &World) -> Option<u8> {
    let state = world.resource::<GwState>();
    if let Some(p) = &state.prompt {
        return Some(p.side());
    }
    match *world.resource::<State<Phase>>().get() {
        Phase::Setup => state.plans_due.first().copied(),
        ACTION => Some(world.resource::<flow::ActionSegment>().side),
        _ => None,
    }
}

// ---- Effects shared by the phases ----------------------------------------

pub(crate) use crate::dice::roll_in as roll;
pub(crate) use crate::journal::{note, say};

/// The name a player reads for a piece id (the id itself only if no piece has it).
pub(crate) fn name_of(world: &World, id: &str) -> String {
    entity(world, id)
        .and_then(|e| world.get::<crate::counters::Counter>(e))
        .map_or_else(|| id.to_owned(), |c| c.name.clone())
}

/// The entity of a piece id.
pub(crate) fn entity(world: &World, id: &str) -> Option<Entity> {
    world.resource::<PieceIds>().get(id)
}

/// Puts a marker on a piece.
pub(crate) fn mark(world: &mut World, id: &str, kind: MarkerKind) {
    if let Some(e) = entity(world, id) {
        add_marker(&mut world.entity_mut(e), kind);
    }
}

/// Takes a marker off a piece.
pub(crate) fn unmark(world: &mut World, id: &str, kind: MarkerKind) {
    if let Some(e) = entity(world, id) {
        remove_marker(&mut world.entity_mut(e), kind);
    }
}

/// Moves a piece (and what it carries) to a hex.
pub(crate) fn place(world: &mut World, id: &str, to: Hex) {
    let cargo = world.resource::<GwState>().loaded.get(id).cloned();
    for who in std::iter::once(id.to_owned()).chain(cargo) {
        let Some(e) = entity(world, &who) else {
            continue;
        };
        let Some(from) = world.get::<OnHex>(e).map(|o| o.0) else {
            continue;
        };
        let mut index = world.resource_mut::<HexIndex>();
        index.remove(from, e);
        index.place(to, e);
        let cell = index.hex_entity(to);
        world.entity_mut(e).insert(OnHex(to));
        take_objective(world, e, cell);
    }
}

/// Ours — D-16 in docs/rules/great-war.md: an objective is held by the side whose unit
/// entered it last (leaders alone do not take it), and stays held after the unit
/// leaves; a unit entering it while an enemy unit stands there (an assault) does not
/// take it: the assault that carries the hex does (`resolve.rs` `assault_end`).
pub(crate) fn take_objective(world: &mut World, piece: Entity, cell: Option<Entity>) {
    let Some(counter) = world.get::<crate::counters::Counter>(piece) else {
        return;
    };
    if counter.class == crate::data::UnitClass::Leader {
        return;
    }
    let side = counter.side;
    let contested = world.get::<OnHex>(piece).is_some_and(|at| {
        view::in_hex(world, at.0)
            .iter()
            .any(|p| p.side != side && !p.is_leader())
    });
    if contested {
        return;
    }
    if let Some(mut o) = cell.and_then(|c| world.get_mut::<crate::map::Objective>(c)) {
        o.held_by = Some(side);
    }
}

/// Takes a piece off the map for good.
pub(crate) fn remove_from_play(world: &mut World, id: &str, why: OffMap) {
    let Some(e) = entity(world, id) else {
        return;
    };
    if let Some(at) = world.get::<OnHex>(e).map(|o| o.0) {
        world.resource_mut::<HexIndex>().remove(at, e);
    }
    world.entity_mut(e).remove::<OnHex>().insert(why);
    let cargo = world.resource_mut::<GwState>().loaded.remove(id);
    if let Some(cargo) = cargo {
        remove_from_play(world, &cargo, why);
    }
    world
        .resource_mut::<GwState>()
        .loaded
        .retain(|_, c| c != id);
}

/// > "A unit that takes a step loss flips to its reduced-strength side [...]
/// > (remove it if it's already reduced or it is one-sided)."
///
/// Returns true when the unit was removed.
pub(crate) fn lose_step(world: &mut World, id: &str) -> bool {
    let Some(e) = entity(world, id) else {
        return false;
    };
    let Some(mut steps) = world.get::<Steps>(e).copied() else {
        return false;
    };
    let side = world
        .get::<crate::counters::Counter>(e)
        .map_or(0, |c| c.side);
    steps.current = steps.current.saturating_sub(1);
    world.entity_mut(e).insert(steps);
    if let Some(l) = world
        .resource_mut::<StepsLost>()
        .0
        .get_mut(usize::from(side))
    {
        *l += 1;
    }
    let gone = steps.current == 0;
    // Ours — D-9 in docs/rules/great-war.md: a transport destroyed with its load
    // destroys the load too, and every step the load had left counts as lost.
    let cargo = gone
        .then(|| world.resource::<GwState>().loaded.get(id).cloned())
        .flatten();
    if gone {
        remove_from_play(world, id, OffMap::Eliminated);
    }
    note(
        world,
        GameEvent::StepLost {
            piece: id.to_owned(),
            eliminated: gone,
        },
    );
    if let Some(cargo) = cargo
        && let Some(left) = entity(world, &cargo).and_then(|e| world.get::<Steps>(e).copied())
    {
        if let Some(l) = world
            .resource_mut::<StepsLost>()
            .0
            .get_mut(usize::from(side))
        {
            *l += u32::from(left.current);
        }
        for _ in 0..left.current {
            note(
                world,
                GameEvent::StepLost {
                    piece: cargo.clone(),
                    eliminated: true,
                },
            );
        }
        if let Some(e) = entity(world, &cargo) {
            world.entity_mut(e).insert(Steps { current: 0, ..left });
        }
    }
    gone
}

/// The side names, for messages.
pub(crate) fn side_name(world: &World, side: u8) -> String {
    world
        .resource::<crate::scenario::SideList>()
        .name(side)
        .to_owned()
}

/// The rule data.
pub(crate) fn data(world: &World) -> &'static crate::data::RuleSetData {
    world.resource::<Rules>().0.data()
}
