//! Plays games on scenarios with invariants checked after every order, and reports
//! how many orders a second the rules took.
//! `cargo run -p drumfire_core --release --example soak -- [--players=random,ai] [--saves=DIR] FILE GAMES [FIRST_SEED]`
//! With `--saves=DIR` every game is also written there as a save
//! (`<scenario>.<players>.<seed>.save.ron`) for `drumfire replay` to check.
//! (`scripts/soak.sh N` runs it on every shipped scenario, random and computer players.)
// Figures and messages for the developer, printed as they are (clippy.toml).
#![allow(clippy::disallowed_macros)]

/// The allocator the rules are measured with (`benches/rules.rs`, `docs/performance.md`):
/// a quarter faster than the system's on the random player's games.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use drumfire_core::players::PlayerKind;

fn main() {
    let mut players = [PlayerKind::Random; 2];
    let mut rest: Vec<String> = Vec::new();
    let mut saves: Option<std::path::PathBuf> = None;
    for arg in std::env::args().skip(1) {
        if let Some(dir) = arg.strip_prefix("--saves=") {
            saves = Some(dir.into());
            continue;
        }
        match arg.strip_prefix("--players=") {
            Some(list) => {
                for (slot, who) in players.iter_mut().zip(list.split(',')) {
                    *slot = who.parse().unwrap_or_else(|e: String| {
                        eprintln!("{e}");
                        std::process::exit(2)
                    });
                }
            }
            None => rest.push(arg),
        }
    }
    let file = rest
        .first()
        .map_or("scenarios/great_war/tutorial.ron", String::as_str);
    let games: u64 = rest.get(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let first: u64 = rest.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let text = std::fs::read_to_string(file).expect("read the scenario");
    let scenario = match drumfire_core::scenario::parse(file, &text, &drumfire_core::rules::ALL) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}", e[0]);
            std::process::exit(2);
        }
    };
    let start = std::time::Instant::now();
    let mut orders = 0;
    let mut wins = [0u32; 3];
    for seed in first..first + games {
        match drumfire_core::testing::soak_game_with(&scenario, seed, players) {
            Ok(mut g) => {
                orders += g.orders().len();
                if let Some(dir) = &saves {
                    let stem = std::path::Path::new(file)
                        .file_stem()
                        .map_or("game".into(), |s| s.to_string_lossy());
                    let who = players.map(PlayerKind::name).join("-");
                    let path = dir.join(format!("{stem}.{who}.{seed}.save.ron"));
                    let save = drumfire_core::save::save_of(&mut g, &scenario, seed);
                    if let Err(e) = drumfire_core::save::write(&path, &save) {
                        eprintln!("{}: {e}", path.display());
                        std::process::exit(1);
                    }
                }
                let w = g.outcome().and_then(|o| o.winner).map_or(2, usize::from);
                wins[w] += 1;
            }
            Err(e) => {
                eprintln!("{file}: {e}");
                std::process::exit(1);
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{file} ({}): {games} games, {orders} orders, {:.0} orders/s, wins {:?} (side 0, side 1, draw), invariants held after every order",
        players.map(PlayerKind::name).join(","),
        orders as f64 / secs,
        wins
    );
}
