//! Ready-made games for tests.

use crate::game::Game;
use crate::scenario::{self, Scenario};

/// The embedded default scenario, parsed.
pub fn tutorial() -> Scenario {
    match scenario::default_scenario() {
        Ok(s) => s,
        Err(errs) => panic!("the default scenario is broken: {}", errs[0]),
    }
}

/// The default scenario set up with `seed`.
pub fn tutorial_game(seed: u64) -> Game {
    Game::new(&tutorial(), seed)
}
