//! The Hard computer player thinks in threads of its own, so the window goes on
//! drawing and answering while it does: the game as it stands is copied
//! ([`drumfire_core::fork::Snapshot`]) and played forward in a headless game of the
//! same scenario; the window reads how many plays are done and takes the order when
//! it is ready. Both the computer's sides and a person's Hint use it.

use drumfire_core::fork::Snapshot;
use drumfire_core::game::Game;
use drumfire_core::journal::GameEvent;
use drumfire_core::lookahead::{self, Budget, Progress, Weighed};
use drumfire_core::orders::{Order, OrderLog};
use drumfire_core::scenario::Scenario;
use std::sync::atomic::Ordering;
use std::sync::{Arc, OnceLock};

/// What the Hard player found: its order and what it weighed, or nothing (no order).
pub type Found = Option<(Order, Vec<Weighed>)>;

/// A look-ahead under way for one side at one moment of the game.
pub struct Thought {
    /// The side it thinks for.
    pub side: u8,
    /// The orders in the game when it began: a result for another moment is dropped.
    pub moment: usize,
    /// The plays it may make.
    pub total: u32,
    budget: Budget,
    progress: Arc<Progress>,
    found: Arc<OnceLock<(Found, Vec<GameEvent>)>>,
    /// How long the look-ahead took, once it is done.
    took: Arc<OnceLock<std::time::Duration>>,
}

impl Drop for Thought {
    /// A thought no longer wanted stops its plays.
    fn drop(&mut self) {
        self.progress.stop.store(true, Ordering::Relaxed);
    }
}

impl Thought {
    /// Starts thinking for `side` in the game `world` holds (of `scenario`), within
    /// `budget` (a person's Hint gets [`Budget::for_player`]; the computer's sides get
    /// what their [`lookahead::TurnClock`] gives).
    pub fn start(
        world: &bevy::prelude::World,
        scenario: &Scenario,
        (side, seed): (u8, u64),
        budget: Budget,
    ) -> Self {
        let snapshot = Snapshot::take(world);
        let progress = Arc::new(Progress::default());
        let found = Arc::new(OnceLock::new());
        let took = Arc::new(OnceLock::new());
        let (scenario, counter, slot) = (scenario.clone(), progress.clone(), found.clone());
        let timer = took.clone();
        std::thread::spawn(move || {
            let started = std::time::Instant::now();
            let mut game = Game::new(&scenario, 0);
            let result = match snapshot.put(game.world_mut()) {
                Ok(()) => {
                    lookahead::choose_counted(&scenario, game.world(), side, seed, budget, &counter)
                }
                Err(_) => None,
            };
            let _ = timer.set(started.elapsed());
            let events = match &result {
                Some((order, _)) => before_the_dice(&mut game, &snapshot, order, side, seed),
                None => Vec::new(),
            };
            let _ = slot.set((result, events));
        });
        Self {
            side,
            moment: world.resource::<OrderLog>().0.len(),
            total: budget.plays,
            budget,
            progress,
            found,
            took,
        }
    }

    /// Its budget, how long the look-ahead took and the plays it made, once it is done.
    pub fn took(&self) -> Option<(Budget, std::time::Duration, u32)> {
        let plays = self.progress.done.load(Ordering::Relaxed);
        self.took.get().map(|t| (self.budget, *t, plays))
    }

    /// The budget it thinks on.
    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// The result, once it is ready.
    pub fn found(&self) -> Option<&Found> {
        self.found.get().map(|(f, _)| f)
    }

    /// What its order does before its first die, once it is ready.
    pub fn events(&self) -> &[GameEvent] {
        self.found.get().map_or(&[], |(_, e)| e.as_slice())
    }

    /// How far it has got, 0 to 1.
    pub fn progress(&self) -> f32 {
        let done = self.progress.done.load(Ordering::Relaxed);
        (done as f32 / self.total.max(1) as f32).min(1.0)
    }

    /// Is it still about the game as it stands (the same orders, the same side awaited)?
    pub fn current(&self, world: &bevy::prelude::World) -> bool {
        world.resource::<OrderLog>().0.len() == self.moment
            && drumfire_core::flow::awaiting(world) == Some(self.side)
    }
}

/// What `order` does in a copy of the game that holds only what `side` may know,
/// before its first die is rolled: the log's events, none of which a die decided.
/// Where the rule set has secrets, only the order's own activations, moves and passes:
/// what follows them (orders shown, dominoes turned over) would be the copy's guess.
fn before_the_dice(
    game: &mut Game,
    snapshot: &Snapshot,
    order: &Order,
    side: u8,
    seed: u64,
) -> Vec<GameEvent> {
    if !lookahead::prepare(game, snapshot, side, seed) || game.submit(order.clone()).is_err() {
        return Vec::new();
    }
    let secrets = game
        .world()
        .resource::<drumfire_core::scenario::Rules>()
        .0
        .has_secrets();
    game.journal()
        .entries()
        .iter()
        .map(|e| e.event.clone())
        .take_while(|e| {
            !matches!(e, GameEvent::DiceRolled { .. } | GameEvent::Shuffled { .. })
                && (!secrets
                    || matches!(
                        e,
                        GameEvent::Activated { .. }
                            | GameEvent::Moved { .. }
                            | GameEvent::Passed { .. }
                    ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use drumfire_core::players::{Bot, PlayerKind};

    /// The French have given their orders for the turn; the Prussian player asks for a
    /// hint. Giving the hinted orders would show both sides' orders in the log: the
    /// hint's lines hold none of the French ones, nor anything the copy guessed.
    #[test]
    fn a_hint_shows_nothing_of_the_other_sides_orders() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scenarios/napoleonic/lindenau.ron"
        ))
        .unwrap();
        let scenario =
            drumfire_core::scenario::parse("lindenau.ron", &text, &drumfire_core::rules::ALL)
                .unwrap_or_else(|e| panic!("{}", e[0]));
        let mut game = Game::new(&scenario, 2);
        let french = Bot::new(PlayerKind::Ai, 1).choose(&game, 0).unwrap();
        game.submit(french).unwrap();
        assert_eq!(game.awaiting(), Some(1));
        let prussian = Bot::new(PlayerKind::Ai, 2).choose(&game, 1).unwrap();
        // Given for real, the orders are shown at once: the log names the French ones.
        let mut real = Game::new(&scenario, 2);
        for o in game.orders().to_vec() {
            real.submit(o).unwrap();
        }
        real.submit(prussian.clone()).unwrap();
        let logged: Vec<String> = real
            .journal()
            .entries()
            .iter()
            .map(|e| format!("{:?}", e.event))
            .collect();
        assert!(
            logged.iter().any(|l| l.contains("Orders: Brigade Dufour")),
            "{logged:?}"
        );
        let snapshot = Snapshot::take(game.world());
        let mut copy = Game::new(&scenario, 0);
        let events = before_the_dice(&mut copy, &snapshot, &prussian, 1, 9);
        let shown: Vec<String> = events.iter().map(|e| format!("{e:?}")).collect();
        assert!(
            !shown
                .iter()
                .any(|l| l.contains("Orders:") || l.contains("Dufour")),
            "{shown:?}"
        );
    }
}
