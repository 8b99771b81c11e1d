//! A game: the core plugin that puts a scenario on the table with its rule set,
//! and [`Game`], the headless driver that tests, `sim` and `replay` use.

use crate::dice::Dice;
use crate::flow::{self, Outcome, Phase};
use crate::hash::{StateHash, state_hash};
use crate::journal::{GameEvent, Journal};
use crate::orders::{self, Order, OrderInbox, OrderLog, Refusal};
use crate::scenario::{self, Scenario};
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_state::app::StatesPlugin;
use bevy_state::state::State;

/// Puts a scenario on the table with its rule set: everything a game needs, no screen.
/// The desktop app adds this to its own `App`; [`Game`] adds it to a headless one.
pub struct CorePlugin {
    /// The scenario to play.
    pub scenario: Scenario,
    /// The dice seed.
    pub seed: u64,
}

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        let mut journal = Journal::default();
        journal.push(GameEvent::GameStarted {
            title: self.scenario.file.title.clone(),
            seed: self.seed,
        });
        app.insert_resource(Dice::new(self.seed))
            .insert_resource(journal)
            .init_resource::<OrderInbox>()
            .init_resource::<OrderLog>()
            .add_plugins(flow::plugin);
        scenario::spawn(app.world_mut(), &self.scenario);
        (self.scenario.rules.plugin)(app);
    }
}

/// Most updates one order may take to settle; a rule set that needs more loops forever.
const SETTLE_LIMIT: usize = 64;

/// A headless game.
pub struct Game {
    app: App,
}

impl Game {
    /// Sets up a scenario with a seed and plays the automatic steps up to the first order.
    pub fn new(scenario: &Scenario, seed: u64) -> Self {
        let mut app = App::new();
        app.add_plugins((
            StatesPlugin,
            CorePlugin {
                scenario: scenario.clone(),
                seed,
            },
        ));
        let mut game = Self { app };
        game.settle();
        game
    }

    /// Runs updates until the game waits for an order.
    pub fn settle(&mut self) {
        for _ in 0..SETTLE_LIMIT {
            self.app.update();
            if orders::is_settled(self.app.world()) {
                return;
            }
        }
        panic!("the game did not settle in {SETTLE_LIMIT} updates: a phase system loops");
    }

    /// Submits an order and carries it out, or refuses it and changes nothing.
    pub fn submit(&mut self, order: Order) -> Result<(), Refusal> {
        orders::submit(self.app.world_mut(), order)?;
        self.settle();
        Ok(())
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        *self.app.world().resource::<State<Phase>>().get()
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
        state_hash(self.app.world_mut())
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
        self.app.world_mut()
    }
}
