//! The Portable rules (seed `003_d2999887f35a0b69`): each test is named after the
//! rule it checks, with fixed seeds and exact outcomes.

use drumfire_core::scenario::{self, Scenario};
use drumfire_core::testing::soak_game;

fn load(name: &str) -> Scenario {
    let path = format!(
        "{}/../../scenarios/portable/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    scenario::parse(&path, &text).unwrap_or_else(|e| panic!("{}", e[0]))
}

fn games() -> u64 {
    std::env::var("DRUMFIRE_SOAK_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(500)
}

fn soak(name: &str) {
    let s = load(name);
    let mut orders = 0;
    for seed in 0..games() {
        let game = soak_game(&s, seed).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(game.is_over());
        assert!(game.outcome().is_some());
        orders += game.orders().len();
    }
    assert!(orders > 0);
}

#[test]
fn soak_ukhozi_drift() {
    soak("ukhozi_drift.ron");
}

#[test]
fn soak_ravensberg_heights() {
    soak("ravensberg_heights.ron");
}
