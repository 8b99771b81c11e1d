//! How often the computer player beats the random player, from either side, and how
//! long its decisions take. `cargo run -p drumfire_core --release --example ai_strength -- FILE GAMES`

use drumfire_core::game::Game;
use drumfire_core::players::{Bot, PlayerKind};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args
        .get(1)
        .map_or("scenarios/portable/ukhozi_drift.ron", String::as_str);
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let text = std::fs::read_to_string(file).expect("read the scenario");
    let scenario = match drumfire_core::scenario::parse(file, &text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}", e[0]);
            std::process::exit(2);
        }
    };
    let mut decisions: Vec<f64> = Vec::new();
    for ai_side in [0u8, 1] {
        let (mut won, mut drawn) = (0, 0);
        for seed in 0..games {
            let mut game = Game::new(&scenario, seed);
            let mut bots = [
                Bot::new(PlayerKind::Random, seed),
                Bot::new(PlayerKind::Random, seed + 1),
            ];
            bots[usize::from(ai_side)] = Bot::new(PlayerKind::Ai, seed);
            while !game.is_over() {
                let side = game.awaiting().expect("someone is awaited");
                let start = std::time::Instant::now();
                let order = bots[usize::from(side)]
                    .choose(&game, side)
                    .expect("a legal order");
                if side == ai_side {
                    decisions.push(start.elapsed().as_secs_f64() * 1e3);
                }
                game.submit(order).expect("a legal order is accepted");
            }
            match game.outcome().and_then(|o| o.winner) {
                Some(w) if w == ai_side => won += 1,
                None => drawn += 1,
                _ => {}
            }
        }
        println!("{file}: AI as side {ai_side} against random: won {won} of {games}, drew {drawn}");
    }
    decisions.sort_by(f64::total_cmp);
    let median = decisions.get(decisions.len() / 2).copied().unwrap_or(0.0);
    let worst = decisions.last().copied().unwrap_or(0.0);
    println!(
        "{} decisions: median {median:.2} ms, worst {worst:.2} ms",
        decisions.len()
    );
}
