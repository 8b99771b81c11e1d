//! A game: the core plugin that puts a scenario on the table with its rule set,
//! and [`Game`], the headless driver that tests, `sim` and `replay` use.

use crate::dice::Dice;
use crate::door;
use crate::flow::{self, Outcome, Phase};
use crate::hash::{StateHash, state_hash};
use crate::journal::{GameEvent, Journal};
use crate::orders::{self, Order, OrderInbox, OrderLog, Refusal};
use crate::scenario::{self, Scenario};
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::SingleThreadedExecutor;
use bevy_state::app::{AppExtStates, StatesPlugin};
use bevy_state::state::State;

/// How a game is played: by the rules, or at a table where the rules are off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// The rule set referees every order.
    #[default]
    Rules,
    /// Table mode: pieces move by hand and nothing is checked (see [`crate::table`]).
    Table,
}

impl Mode {
    /// The mode a world is being played in.
    pub fn of(world: &World) -> Self {
        if crate::table::is_table(world) {
            Self::Table
        } else {
            Self::Rules
        }
    }
}

fn run_carry_out(world: &mut World) {
    world.run_schedule(flow::CarryOut);
}

/// Carries out the order in the inbox and every phase change after it, until the
/// game waits for its next order, without waiting for the app's next updates: how a
/// window jumps through a replay in one frame. `Err` names a rule set whose phases
/// never settle.
pub fn settle_now(world: &mut World) -> Result<(), String> {
    for _ in 0..SETTLE_LIMIT {
        world.run_schedule(bevy_state::state::StateTransition);
        world.run_schedule(flow::CarryOut);
        if orders::is_settled(world) {
            return Ok(());
        }
    }
    Err(format!(
        "the game did not settle in {SETTLE_LIMIT} steps: a phase system loops"
    ))
}

/// Puts a scenario on the table with its rule set: everything a game needs, no screen.
/// [`Game`] adds this to a headless app: the app holds that rule set's systems alone.
pub struct CorePlugin {
    /// The scenario to play.
    pub scenario: Scenario,
    /// The dice seed.
    pub seed: u64,
    /// By the rules or at the table.
    pub mode: Mode,
}

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        core_systems(app);
        let world = app.world_mut();
        fresh_core(world, &self.scenario, self.seed);
        scenario::spawn(world, &self.scenario);
        (self.scenario.rules.plugin)(app);
        install(app.world_mut(), self.scenario.rules);
        if self.mode == Mode::Table {
            crate::table::enter(app);
        }
    }
}

impl CorePlugin {
    /// The core and every rule set of `rule_sets` in one app, with no game in it yet:
    /// each rule set's systems run only while a game of it is played, the core's only
    /// while there is a game. [`start`] puts a game in place, and another in its
    /// place later, of any of these rule sets: how a window plays one game after
    /// another.
    pub fn every(rule_sets: &'static crate::rule_set::RuleSets) -> impl Plugin {
        move |app: &mut App| {
            // The phase's transitions are not the game's: they run always, and find
            // nothing to do while there is no game.
            app.init_state::<Phase>();
            crate::gate::gated(app, resource_exists::<InPlay>, core_systems);
            for rules in rule_sets.iter() {
                crate::gate::gated(app, playing(rules.id), rules.plugin);
            }
        }
    }
}

/// A game is in play in the world: put in place by [`start`] (or [`CorePlugin`]),
/// taken away by [`clear`]. A scenario spawned for something else (the editor's) has
/// its rules in the world but no game: the core's systems and its rule set's rest.
#[derive(Resource, Clone, Copy, Debug)]
pub struct InPlay;

/// A run condition: is a game of rule set `id` in play in the world?
pub fn playing(
    id: &'static str,
) -> impl Fn(Option<Res<scenario::Rules>>, Option<Res<InPlay>>) -> bool + Clone {
    move |rules: Option<Res<scenario::Rules>>, in_play: Option<Res<InPlay>>| {
        in_play.is_some() && rules.is_some_and(|r| r.0.id == id)
    }
}

/// The core's systems and the resources no game changes: the flow of play, table mode,
/// the order door's stages, the carrying out of orders in each update.
fn core_systems(app: &mut App) {
    app.insert_resource(door::Stages(vec![
        crate::table::STAGE,
        crate::sealed::STAGE,
        crate::shared_dice::STAGE,
    ]))
    .init_schedule(flow::CarryOut)
    .add_systems(Update, run_carry_out)
    .add_plugins((flow::plugin, crate::table::plugin));
}

/// The core's resources of a new game of `scenario` with dice `seed`, and the parts a
/// copy of it holds (the rule set's are added by [`install`]).
fn fresh_core(world: &mut World, scenario: &Scenario, seed: u64) {
    let mut journal = Journal::default();
    journal.push(GameEvent::GameStarted {
        title: scenario.file.title.clone(),
        seed,
    });
    world.insert_resource(Dice::new(seed));
    world.insert_resource(journal);
    world.insert_resource(OrderInbox::default());
    world.insert_resource(OrderLog::default());
    world.insert_resource(crate::sealed::Seals::default());
    world.insert_resource(flow::Turn::default());
    world.insert_resource(flow::Initiative::default());
    world.insert_resource(flow::ActionSegment::default());
    world.insert_resource(flow::StepsLost::default());
    world.remove_resource::<Outcome>();
    world.remove_resource::<flow::SetupOrders>();
    world.insert_resource(crate::fork::Parts::default());
    crate::fork::keep(world, core_parts);
    world.insert_resource(InPlay);
}

/// The rule set's own resources of a game put in place (after the scenario's spawn),
/// and what a copy of it holds.
fn install(world: &mut World, rules: &'static crate::rule_set::RuleSetInfo) {
    (rules.install)(world);
    crate::fork::keep(world, rules.kept);
}

/// Lists the core's parts: the flow of play, the dice, the counters' and hexes'
/// state, the hex markers, the seals.
pub fn core_parts(parts: &mut crate::fork::Parts) {
    use crate::counters::*;
    use crate::flow::*;
    parts
        .resource::<crate::dice::Dice>()
        .resource::<Turn>()
        .resource::<Initiative>()
        .resource::<ActionSegment>()
        .resource::<StepsLost>()
        .resource::<Outcome>()
        .resource::<crate::sealed::Seals>()
        .resource::<bevy_state::state::NextState<Phase>>()
        .resource::<bevy_state::state::PreviousState<Phase>>()
        .custom(
            |w| Box::new(*w.resource::<bevy_state::state::State<Phase>>().get()),
            |w, v| {
                let phase = *v.downcast_ref::<Phase>().expect("the phase");
                w.insert_resource(bevy_state::state::State::new(phase));
            },
        )
        .hex_markers()
        .custom(
            |w| Box::new(w.resource::<crate::journal::Journal>().forked()),
            |w, v| {
                let journal = v
                    .downcast_ref::<crate::journal::Journal>()
                    .expect("journal");
                w.insert_resource(journal.clone());
                w.insert_resource(crate::orders::OrderLog::default());
                w.insert_resource(crate::orders::OrderInbox::default());
            },
        )
        .piece_component::<Counter>()
        .piece_component::<OnHex>()
        .piece_component::<Steps>()
        .piece_component::<Morale>()
        .piece_component::<Leader>()
        .piece_component::<OffMap>()
        .piece_component::<Facing>()
        .piece_component::<Stands>()
        .piece_component::<Label>()
        .piece_component::<Printed>()
        .piece_component::<Disrupted>()
        .piece_component::<Demoralized>()
        .piece_component::<Moved>()
        .piece_component::<Fired>()
        .piece_component::<Pinned>()
        .piece_component::<LowAmmo>()
        .piece_component::<Done>()
        .piece_component::<Disordered>()
        .piece_component::<Shaken>()
        .piece_component::<Routed>()
        .hex_component::<crate::map::Objective>();
}

/// Puts the scenario back on the table in a running world, as `CorePlugin` first
/// did: every core entity and resource made afresh, the rule set's own state
/// reset, the Set-up phase entered again (or table mode entered, rules off). The
/// orders of a save or an undo are then fed in again through the order door.
pub fn reset(world: &mut World, scenario: &Scenario, seed: u64, mode: Mode) {
    let first = put(world, scenario, seed, mode);
    world.run_schedule(bevy_state::state::OnEnter(first));
}

/// Puts a game of `scenario` in place of the world's game, if it has one, of any
/// rule set whose systems the app holds ([`CorePlugin::every`]): the game before is
/// taken off the table with everything its rule set kept, the dice shared with
/// another machine with it, and the new one set up as [`reset`] sets one up again.
pub fn start(world: &mut World, scenario: &Scenario, seed: u64, mode: Mode) {
    leave(world);
    reset(world, scenario, seed, mode);
}

/// [`start`] in an app not yet run: the game's first phase is entered in the app's
/// first update, once the rest of it is built (a window's parts, the dice shared
/// with another machine), as [`CorePlugin`]'s is.
pub fn start_when_run(world: &mut World, scenario: &Scenario, seed: u64, mode: Mode) {
    leave(world);
    let first = put(world, scenario, seed, mode);
    world.write_message(bevy_state::state::StateTransitionEvent {
        exited: None,
        entered: Some(first),
        allow_same_state_transitions: true,
    });
}

/// The world's game taken off the table whole, for something else to use the table
/// (the scenario editor spawns its own map and counters): what its rule set kept, the
/// dice shared with another machine, its entities and its rules. The core's systems and
/// every rule set's then rest until [`start`] puts a game in place again.
pub fn clear(world: &mut World) {
    leave(world);
    despawn_the_table(world);
    world.remove_resource::<InPlay>();
    world.remove_resource::<scenario::Rules>();
    world.remove_resource::<Outcome>();
    world.insert_resource(bevy_state::state::NextState::<Phase>::Unchanged);
}

/// Every map cell, counter and marker despawned (the resources that describe them
/// stay until the next scenario is spawned).
pub fn despawn_the_table(world: &mut World) {
    use crate::counters::{Counter, HexMarker};
    use crate::map::HexCell;
    let doomed: Vec<Entity> = world
        .query_filtered::<Entity, Or<(With<Counter>, With<HexCell>, With<HexMarker>)>>()
        .iter(world)
        .collect();
    for e in doomed {
        world.despawn(e);
    }
}

/// The world's game, if it has one, taken off the table: what its rule set kept and
/// the dice shared with another machine (its entities go as the next is put in place).
fn leave(world: &mut World) {
    if let Some(before) = world.get_resource::<scenario::Rules>().map(|r| r.0) {
        let mut kept = crate::fork::Parts::default();
        (before.kept)(&mut kept);
        kept.remove_from(world);
    }
    world.remove_resource::<crate::shared_dice::DiceKeys>();
}

/// Everything of a game of `scenario` put in place but its first phase: the entities
/// of the game before despawned, the core's and the rule set's resources made afresh,
/// the phase set (any transition still to come dropped). Returns the first phase.
fn put(world: &mut World, scenario: &Scenario, seed: u64, mode: Mode) -> Phase {
    despawn_the_table(world);
    fresh_core(world, scenario, seed);
    scenario::spawn(world, scenario);
    install(world, scenario.rules);
    world.insert_resource(bevy_state::state::NextState::<Phase>::Unchanged);
    let first = match mode {
        Mode::Rules => {
            world.remove_resource::<crate::table::TableMode>();
            Phase::Setup
        }
        Mode::Table => {
            world.insert_resource(crate::table::TableMode);
            Phase::Table
        }
    };
    world.insert_resource(State::new(first));
    // A transition not yet carried out (the first, of an app not yet run) would enter
    // its phase a second time.
    if let Some(mut pending) = world.get_resource_mut::<bevy_ecs::message::Messages<
        bevy_state::state::StateTransitionEvent<Phase>,
    >>() {
        pending.clear();
    }
    first
}

/// How many orders to keep to undo the last one, or `None` when it cannot be undone
/// ([`no_undo`] says why).
pub fn undo_point(world: &World) -> Option<usize> {
    no_undo(world)
        .is_none()
        .then(|| world.resource::<OrderLog>().0.len() - 1)
}

/// Why the last order cannot be undone, if it cannot: there are no orders yet; the
/// dice are shared between two players; the last order rolled dice (undo never goes
/// back past dice that have been seen); or the game no longer waits on the side that
/// gave it (an order is taken back only by its own side while the move is still
/// its: at one screen, one player never takes back the other's, nor the computer's).
pub fn no_undo(world: &World) -> Option<&'static str> {
    let log = &world.resource::<OrderLog>().0;
    let n = log.len();
    let Some(last) = log.last() else {
        return Some("Nothing to undo.");
    };
    // With shared dice an order's key is fixed once both players revealed for it: a
    // second order in its place would be chosen with its dice known.
    if world.contains_resource::<crate::shared_dice::DiceKeys>() {
        return Some("No undo in a game between two machines: the other player has answered.");
    }
    let rolled = world.resource::<Journal>().entries().iter().any(|e| {
        e.order == n
            && matches!(
                e.event,
                GameEvent::DiceRolled { .. } | GameEvent::Shuffled { .. }
            )
    });
    if rolled {
        return Some("The last order rolled dice; undo never takes back dice that have been seen.");
    }
    if let Some(side) = last.side()
        && flow::awaiting(world) != Some(side)
    {
        return Some(
            "The last order was given by a side the game no longer waits on: only its own side takes an order back, while the move is still its.",
        );
    }
    None
}

/// Most updates one order may take to settle; a rule set that needs more loops forever.
const SETTLE_LIMIT: usize = 64;

/// A headless game.
pub struct Game {
    app: App,
    scenario: Scenario,
    /// Where the game stands: each change of its world moves it on.
    moment: Moment,
}

/// One moment of one game: which game (no two in a process alike) and how many
/// times its world was open to change before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Moment {
    game: u64,
    changes: u64,
}

impl Moment {
    fn new() -> Self {
        static GAMES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        Self {
            game: GAMES.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            changes: 0,
        }
    }
}

/// The orders a side could give at one moment of one game, as the rule set lists them
/// (each passes the order check then): [`Game::submit_listed`] carries one out without
/// checking it again while the game is still at that moment.
#[derive(Debug)]
pub struct Listed {
    moment: Moment,
    side: u8,
    orders: Vec<Order>,
}

impl Listed {
    /// The orders, in the rule set's order.
    pub fn orders(&self) -> &[Order] {
        &self.orders
    }

    /// The orders, to keep.
    pub fn into_orders(self) -> Vec<Order> {
        self.orders
    }
}

impl Game {
    /// A game set up with shared dice: its set-up seed from both players' reveal 0 (which
    /// `record` must hold) and its orders' keys from the reveals after.
    pub fn with_shared_dice(
        scenario: &Scenario,
        mode: Mode,
        record: crate::shared_dice::SharedDice,
    ) -> Result<Self, crate::shared_dice::DiceFault> {
        let verified = record.verify()?;
        let seed = verified.seed.ok_or_else(|| crate::shared_dice::DiceFault {
            field: "shared_dice.reveals".into(),
            message: "both players' first reveals are needed to set up".into(),
        })?;
        let mut game = Self::with_mode(scenario, seed, mode);
        game.world_mut()
            .insert_resource(crate::shared_dice::DiceKeys {
                record,
                keys: verified.keys,
            });
        Ok(game)
    }

    /// Sets up a scenario with a seed and plays the automatic steps up to the first order.
    pub fn new(scenario: &Scenario, seed: u64) -> Self {
        Self::with_mode(scenario, seed, Mode::Rules)
    }

    /// Sets up a scenario by the rules or at the table.
    pub fn with_mode(scenario: &Scenario, seed: u64, mode: Mode) -> Self {
        let mut app = App::new();
        app.add_plugins((
            StatesPlugin,
            CorePlugin {
                scenario: scenario.clone(),
                seed,
                mode,
            },
        ));
        Self::run(app, scenario)
    }

    /// Sets up a scenario in an app that holds every rule set of `rule_sets`
    /// ([`CorePlugin::every`]), as a window does: [`Game::start`] plays another game,
    /// of any of them, in the same app afterwards.
    pub fn of_every_rule_set(
        rule_sets: &'static crate::rule_set::RuleSets,
        scenario: &Scenario,
        seed: u64,
        mode: Mode,
    ) -> Self {
        let mut app = App::new();
        app.add_plugins((StatesPlugin, CorePlugin::every(rule_sets)));
        start_when_run(app.world_mut(), scenario, seed, mode);
        Self::run(app, scenario)
    }

    /// Puts a game of `scenario` in place of this one (see [`start`]) and plays the
    /// automatic steps up to its first order. Its rule set's systems must be in the
    /// app ([`Game::of_every_rule_set`], or a game of the same rule set).
    pub fn start(&mut self, scenario: &Scenario, seed: u64, mode: Mode) {
        start(self.world_mut(), scenario, seed, mode);
        self.scenario = scenario.clone();
        self.settle();
    }

    /// The game of `app`, its first update run and settled.
    fn run(mut app: App, scenario: &Scenario) -> Self {
        // A headless game runs a few systems per update, many updates a second: on one
        // thread that is several times faster than handing them to a thread pool (the
        // window's build turns Bevy's multi-threaded executor on for everything).
        for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
            schedule.set_executor(SingleThreadedExecutor::new());
        }
        // The first update also runs the start-up schedules.
        app.update();
        let mut game = Self {
            app,
            scenario: scenario.clone(),
            moment: Moment::new(),
        };
        if !orders::is_settled(game.app.world()) {
            game.settle();
        }
        game
    }

    /// Runs the game on until it waits for an order: what an update of the app does
    /// (the phase transitions, then the order carried out, then the removal trackers
    /// cleared), without the app's other, empty schedules, which cost as much again in
    /// a search; the messages (a phase change's) are brought up once it waits.
    pub fn settle(&mut self) {
        let world = self.world_mut();
        for _ in 0..SETTLE_LIMIT {
            world.run_schedule(bevy_state::state::StateTransition);
            world.run_schedule(flow::CarryOut);
            world.clear_trackers();
            if orders::is_settled(world) {
                world.run_schedule(First);
                return;
            }
        }
        panic!("the game did not settle in {SETTLE_LIMIT} steps: a phase system loops");
    }

    /// Submits an order and carries it out, or refuses it and changes nothing.
    /// In a game by e-mail, an order given with the dice locked (no key for it) that
    /// rolls dice anyway is refused after it was carried out: the game is then spoilt,
    /// and the caller replays it from its save (see [`crate::shared_dice::DiceKeys`]).
    pub fn submit(&mut self, order: Order) -> Result<(), Refusal> {
        door::submit(self.world_mut(), order)?;
        self.carry_out()
    }

    /// The orders `side` could give now, as the rule set lists them (for set-up plans,
    /// a sample drawn with `salt`), to give one with [`Game::submit_listed`].
    pub fn list(&self, side: u8, salt: u64) -> Listed {
        let world = self.world();
        let rules = world.resource::<scenario::Rules>().0;
        Listed {
            moment: self.moment,
            side,
            orders: (rules.candidates)(world, side, salt),
        }
    }

    /// Submits order `i` of `listed` and carries it out: without the order check again
    /// when the game is still at the moment it was listed and awaits its side, else
    /// checked as [`Game::submit`] does.
    pub fn submit_listed(&mut self, mut listed: Listed, i: usize) -> Result<(), Refusal> {
        if i >= listed.orders.len() {
            return Err(Refusal(format!(
                "There is no order {i} among the {} listed.",
                listed.orders.len()
            )));
        }
        let order = listed.orders.swap_remove(i);
        if listed.moment != self.moment || self.awaiting() != Some(listed.side) {
            return self.submit(order);
        }
        door::submit_checked(self.world_mut(), order)?;
        self.carry_out()
    }

    /// Carries out the order just accepted.
    fn carry_out(&mut self) -> Result<(), Refusal> {
        self.settle();
        let rolled = self.app.world().resource::<Dice>().unkeyed_rolls();
        if rolled > 0 {
            return Err(Refusal(format!(
                "order {} rolled dice without both players' reveals for them",
                self.orders().len()
            )));
        }
        Ok(())
    }

    /// Puts the scenario back on the table in this game's app (see [`reset`]) and plays
    /// the automatic steps up to the first order.
    pub fn reset(&mut self, scenario: &Scenario, seed: u64, mode: Mode) {
        reset(self.world_mut(), scenario, seed, mode);
        self.scenario = scenario.clone();
        self.settle();
    }

    /// The scenario it plays.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// By the rules or at the table.
    pub fn mode(&self) -> Mode {
        Mode::of(self.app.world())
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        *self.app.world().resource::<State<Phase>>().get()
    }

    /// The current phase's name, as the rule set names it.
    pub fn phase_name(&self) -> &'static str {
        self.phase()
            .name(self.app.world().resource::<flow::RuleSetPhases>())
    }

    /// Is the game over?
    pub fn is_over(&self) -> bool {
        self.phase() == Phase::GameOver
    }

    /// The side the game waits on.
    pub fn awaiting(&self) -> Option<u8> {
        flow::awaiting(self.app.world())
    }

    /// The outcome, once over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.app.world().get_resource::<Outcome>()
    }

    /// The state hash.
    pub fn state_hash(&mut self) -> StateHash {
        state_hash(self.world_mut())
    }

    /// The orders accepted so far.
    pub fn orders(&self) -> &[Order] {
        &self.app.world().resource::<OrderLog>().0
    }

    /// The journal.
    pub fn journal(&self) -> &Journal {
        self.app.world().resource::<Journal>()
    }

    /// The world, to read.
    pub fn world(&self) -> &World {
        self.app.world()
    }

    /// The world, to query (queries need `&mut World`).
    pub fn world_mut(&mut self) -> &mut World {
        self.moment.changes += 1;
        self.app.world_mut()
    }
}
