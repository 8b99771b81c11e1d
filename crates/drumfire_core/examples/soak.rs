//! Plays random-vs-random games on a scenario with invariants checked after every order.
//! `cargo run -p drumfire_core --release --example soak -- FILE GAMES [FIRST_SEED]`

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args
        .get(1)
        .map_or("scenarios/great_war/tutorial.ron", String::as_str);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let first: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(0);
    let text = std::fs::read_to_string(file).expect("read the scenario");
    let scenario = match drumfire_core::scenario::parse(file, &text) {
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
        match drumfire_core::testing::soak_game(&scenario, seed) {
            Ok(g) => {
                orders += g.orders().len();
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
        "{file}: {games} games, {orders} orders, {:.0} orders/s, wins {:?} (side 0, side 1, draw)",
        orders as f64 / secs,
        wins
    );
}
