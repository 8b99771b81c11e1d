//! The window's parts without a window, for tests: a shipped scenario's game as the
//! window holds it (the core's game, the input's, the play window's and every rule
//! set's window resources put in place by their plugins), its schedules not run, so
//! that what the panels read and say can be asked of it directly.

use bevy::prelude::*;
use drumfire_core::game::{CorePlugin, Mode};

/// The game of shipped scenario `scenarios/<set>/<name>` with dice seed `seed`, as the
/// window builds it, before its first frame.
pub fn headless(set: &str, name: &str, seed: u64) -> App {
    let scenario = drumfire_core::testing::shipped(set, name);
    let mut app = App::new();
    app.add_plugins((
        bevy::state::app::StatesPlugin,
        CorePlugin::every(&drumfire_core::rules::ALL),
    ));
    drumfire_core::game::start_when_run(app.world_mut(), &scenario, seed, Mode::Rules);
    app.add_plugins((
        crate::input::plugin,
        crate::play::plugin,
        crate::rules::plugin,
    ));
    app
}

#[cfg(test)]
mod tests {
    use crate::play::parts;

    /// Every shipped scenario's game finds its rule set's parts of the play window: its
    /// rules in brief, the hand-off screen's words where it hides the table at the
    /// start, and its words and reset read the game as the window builds it.
    #[test]
    fn every_shipped_game_has_its_rule_set_s_parts_and_words() {
        for (set, name) in drumfire_core::testing::shipped_scenarios() {
            let mut app = super::headless(&set, &name, 7);
            let world = app.world_mut();
            let parts = parts::playing(world).unwrap_or_else(|| panic!("{set}/{name}"));
            assert!(
                parts
                    .help()
                    .is_some_and(|(h, t)| !h.is_empty() && !t.is_empty()),
                "{set}/{name}: its rules in brief"
            );
            if parts.hides_table(world) {
                let words = parts
                    .handoff()
                    .expect("a table hidden has its hand-off words");
                assert!(!words.hidden.is_empty(), "{set}/{name}");
            }
            let mut words = String::new();
            parts.view_text(world, &mut words);
            parts.reset(world);
            assert!(
                parts::of_the_game(world).is_some(),
                "{set}/{name}: the parts stay in place"
            );
        }
    }
}
