//! The worked example of `docs/architecture.md`, "Adding a rule set": Skirmish,
//! played by the computer on both sides from a seed, its log printed as it went.
//!
//! `cargo run -p drumfire_core --example skirmish -- [SEED]`
// Figures and messages for the developer, printed as they are (clippy.toml).
#![allow(clippy::disallowed_macros)]

pub mod rules;

use drumfire_core::game::Game;
use drumfire_core::players::{Bot, PlayerKind};

fn main() -> Result<(), String> {
    let seed: u64 = match std::env::args().nth(1) {
        Some(s) => s.parse().map_err(|e| format!("the seed `{s}`: {e}"))?,
        None => 1,
    };
    let scenario =
        drumfire_core::scenario::parse("hollow_farm.ron", rules::SCENARIO, &rules::RULE_SETS)
            .map_err(|errs| {
                errs.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("\n")
            })?;
    let mut game = Game::new(&scenario, seed);
    let mut bots = [Bot::new(PlayerKind::Ai, 1), Bot::new(PlayerKind::Ai, 2)];
    while let Some(side) = game.awaiting().filter(|_| !game.is_over()) {
        let order = bots[usize::from(side)]
            .choose(&game, side)
            .ok_or_else(|| format!("side {side} has no order"))?;
        game.submit(order).map_err(|r| r.to_string())?;
    }
    let world = game.world();
    let sides = world.resource::<drumfire_core::scenario::SideList>();
    let names = drumfire_core::journal::piece_names(world);
    for entry in game.journal().entries() {
        println!(
            "turn {}: {}",
            entry.turn,
            entry.event.describe(sides, &names)
        );
    }
    println!("state hash {}", game.state_hash());
    Ok(())
}
