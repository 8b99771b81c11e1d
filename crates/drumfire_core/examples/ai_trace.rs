//! One game of the computer against the random player, traced for whoever tunes the
//! computer player: where its pieces stand at the start of every turn, what kinds of
//! order it gave, the final score, and with `--log` the whole game log.
//!
//! `cargo run -p drumfire_core --release --example ai_trace -- FILE SEED SIDE [--log] [--why=TURN] [--both] [--hard]`
//!
//! `--both` gives the other side to the computer as well (the pieces traced are still SIDE's).
//! `--hard` makes the computer the Hard player, on the clock a player's opponent thinks on.
//!
//! `--why=TURN` prints, before each of its decisions in that turn, the eight orders it
//! valued most and their values (Great War scenarios).
// Figures and messages for the developer, printed as they are (clippy.toml).
#![allow(clippy::disallowed_macros)]

use drumfire_core::game::Game;
use drumfire_core::orders::Order;
use drumfire_core::players::{Bot, PlayerKind};
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, seed, side, ..] = args.as_slice() else {
        eprintln!("usage: ai_trace FILE SEED SIDE [--log] [--why=TURN] [--both] [--hard]");
        std::process::exit(2);
    };
    let seed: u64 = seed.parse().expect("a seed");
    let ai_side: u8 = side.parse().expect("a side, 0 or 1");
    let log = args.iter().any(|a| a == "--log");
    let why: Option<u16> = args
        .iter()
        .find_map(|a| a.strip_prefix("--why="))
        .and_then(|t| t.parse().ok());
    let text = std::fs::read_to_string(file).expect("read the scenario");
    let scenario = drumfire_core::scenario::parse(file, &text, &drumfire_core::rules::ALL)
        .unwrap_or_else(|e| {
            eprintln!("{}", e[0]);
            std::process::exit(2)
        });
    let great_war = scenario.rules.id == "great_war";
    let mut game = Game::new(&scenario, seed);
    let mut bots = [
        Bot::new(PlayerKind::Random, seed),
        Bot::new(PlayerKind::Random, seed + 1),
    ];
    let computer = if args.iter().any(|a| a == "--hard") {
        PlayerKind::Hard
    } else {
        PlayerKind::Ai
    };
    bots[usize::from(ai_side)] = Bot::new(computer, seed).on_the_clock();
    if args.iter().any(|a| a == "--both") {
        bots[usize::from(1 - ai_side)] = Bot::new(computer, seed + 1).on_the_clock();
    }
    let mut last_turn = 0;
    let mut kinds: BTreeMap<String, u32> = BTreeMap::new();
    while !game.is_over() {
        let side = game.awaiting().expect("someone is awaited");
        let turn = game.world().resource::<drumfire_core::flow::Turn>().0;
        if turn != last_turn {
            if last_turn > 0 {
                println!("  orders: {kinds:?}");
            }
            kinds.clear();
            last_turn = turn;
            println!("turn {turn}: {}", pieces(&game, ai_side));
        }
        if great_war && side == ai_side && why == Some(turn) {
            print_weighed(&game, side, seed);
        }
        let order = bots[usize::from(side)]
            .choose(&game, side)
            .expect("a legal order");
        if side == ai_side {
            *kinds.entry(order_kind(&order)).or_default() += 1;
        }
        game.submit(order).expect("a legal order is accepted");
    }
    println!("  orders: {kinds:?}");
    let outcome = game.outcome().expect("the game is over");
    println!("winner {:?}, points {:?}", outcome.winner, outcome.points);
    if log {
        print_log(&game);
    }
}

/// Where `side`'s pieces stand, each as id@hex with its marks, sorted.
fn pieces(game: &Game, side: u8) -> String {
    let mut at: Vec<String> = drumfire_core::rules::great_war::view::all(game.world())
        .into_iter()
        .filter(|p| p.side == side)
        .map(|p| {
            let marks = match (p.disrupted, p.demoralized) {
                (_, true) => " (Demoralized)",
                (true, _) => " (Disrupted)",
                _ => "",
            };
            format!(
                "{}@{}{marks}",
                p.id,
                drumfire_core::coords::hex_label(p.hex)
            )
        })
        .collect();
    at.sort();
    at.join(" ")
}

/// Prints the eight orders the computer values most for `side` now, with their values.
fn print_weighed(game: &Game, side: u8, seed: u64) {
    let weighed = drumfire_core::rules::great_war::ai::weighed(game.world(), side, seed);
    for (order, value) in weighed.iter().take(8) {
        println!("    {value:7.3} {order:?}");
    }
    println!("    ---");
}

/// The kind of an order: Pass, or the name of the variant inside it.
fn order_kind(order: &Order) -> String {
    match order {
        Order::Pass { .. } => "Pass".to_string(),
        o => format!("{o:?}")
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .nth(1)
            .unwrap_or("?")
            .to_string(),
    }
}

/// Prints the whole game log, one entry a line.
fn print_log(game: &Game) {
    let sides = game
        .world()
        .resource::<drumfire_core::scenario::SideList>()
        .clone();
    let names = BTreeMap::new();
    for e in game.journal().entries() {
        println!(
            "T{} #{} {}",
            e.turn,
            e.order,
            e.event.describe(&sides, &names)
        );
    }
}
