//! Counts what happens in random games: how many fires, step losses, morale checks...
//! `cargo run -p drumfire_core --release --example census -- FILE GAMES`
// Figures and messages for the developer, printed as they are (clippy.toml).
#![allow(clippy::disallowed_macros)]

use drumfire_core::journal::GameEvent;
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args
        .get(1)
        .map_or("scenarios/great_war/tutorial.ron", String::as_str);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let text = std::fs::read_to_string(file).expect("read the scenario");
    let scenario = drumfire_core::scenario::parse(file, &text, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| panic!("{}", e[0]));
    let mut counts: BTreeMap<String, u32> = BTreeMap::new();
    for seed in 0..games {
        let game =
            drumfire_core::testing::soak_game(&scenario, seed).unwrap_or_else(|e| panic!("{e}"));
        for e in game.journal().entries() {
            let key = match &e.event {
                GameEvent::Fired { kind, result, .. } => format!("Fired {kind} -> {result}"),
                GameEvent::Note { text } => format!(
                    "Note {}",
                    text.split_whitespace()
                        .skip(1)
                        .take(3)
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
                GameEvent::MoraleChecked { outcome, .. } => format!("Morale {outcome}"),
                GameEvent::StepLost { eliminated, .. } => {
                    format!("StepLost eliminated={eliminated}")
                }
                other => format!("{other:?}")
                    .split([' ', '{', '('])
                    .next()
                    .unwrap_or("")
                    .to_owned(),
            };
            *counts.entry(key).or_default() += 1;
        }
        for o in game.orders() {
            let k = format!("{o:?}");
            let k = k.split(['{', '(']).take(2).collect::<Vec<_>>().join("(");
            *counts.entry(format!("order {k}")).or_default() += 1;
        }
    }
    for (k, v) in counts {
        println!("{v:7} {k}");
    }
}
