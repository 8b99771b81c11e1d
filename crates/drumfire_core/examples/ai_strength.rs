//! How strong and how quick the computer player is, printed as figures:
//!
//! `cargo run -p drumfire_core --release --example ai_strength -- [GAMES] [FILE...]`
//!
//! For every scenario (all the shipped ones when none is named): the computer against the
//! random player from each side with seeds 0 to GAMES-1 (wins, draws, mean victory points),
//! the computer against itself over the same seeds (wins per side, moves, whole-game time),
//! and the time of its decisions — one order, and all the orders of one side in one game
//! turn (a side-turn) — median and worst, on one core. `--side=0` (or 1) plays only the
//! computer as that side against the random player; `--itself` only the computer against
//! itself. `--first=N` plays seeds N to N+GAMES-1 instead (more games beside a run
//! already made).
//!
//! `--hard[=PLAYS]` plays the Hard computer (PLAYS plays forward an order, on two
//! threads; by default what a player's opponent gets in the game: `lookahead::TurnClock`,
//! its side-turn's time shared among its orders) instead of the Normal one, against the Normal computer (`--vs=random`: the
//! random player), and times the Hard player's decisions; `--ahead=N` game turns
//! forward past the present one, or `--ahead=end` to the game's end, on a fixed budget
//! (by default as far as the rule set's computer player looks: the game's end in the
//! Portable rules, the next game turn in the others). For the Hard player it also prints what
//! its decisions weighed: how many had two orders or more to weigh, the plays they
//! made, and how often it gave another order than the Normal player's.
//!
//! A game the measured player does not win against the random player is listed with its
//! seed, points and steps lost; with `AI_STRENGTH_SAVES=DIR` its save is written there.
// Figures and messages for the developer, printed as they are (clippy.toml).
#![allow(clippy::disallowed_macros)]

/// The allocator the rules are measured with (`benches/rules.rs`, `docs/performance.md`):
/// a quarter faster than the system's on the random player's games.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use drumfire_core::game::Game;
use drumfire_core::lookahead::Budget;
use drumfire_core::players::{Bot, PlayerKind, Weighing};
use drumfire_core::scenario::Scenario;
use std::time::Instant;

/// What one game gave: the winner, the points, the orders, the time of each decision
/// by the computer with the turn and side it was for, and the whole game's time.
struct Played {
    winner: Option<u8>,
    points: Vec<u32>,
    /// Steps each side lost.
    lost: Vec<u32>,
    orders: usize,
    /// The most orders one phase took, both sides' together.
    most_in_phase: usize,
    decisions: Vec<(u16, u8, f64)>,
    wall_ms: f64,
    /// What the Hard player's decisions weighed (both sides' where both are Hard).
    weighing: Weighing,
    /// The game as it ended, for a save of it.
    game: Game,
}

/// A fixed budget from the command line: plays an order, and game turns ahead where
/// `--ahead` says (else as far as the rule set's computer player looks).
#[derive(Clone, Copy)]
struct Fixed {
    plays: u32,
    ahead: Option<u16>,
}

impl Default for Fixed {
    fn default() -> Self {
        Self {
            plays: Budget::default().plays,
            ahead: None,
        }
    }
}

impl Fixed {
    fn budget(self, game: &Game) -> Budget {
        Budget {
            plays: self.plays,
            turns_ahead: self
                .ahead
                .unwrap_or_else(|| Budget::for_game(game.world()).turns_ahead),
            ..Budget::default()
        }
    }
}

fn play(scenario: &Scenario, seed: u64, kinds: [PlayerKind; 2], budget: Option<Fixed>) -> Played {
    let mut game = Game::new(scenario, seed);
    // The budget a player gets, deadline and all, unless the command line set one.
    let budget = budget.map(|b| b.budget(&game));
    let bot = |kind, seed| match budget {
        Some(b) => Bot::new(kind, seed).with_budget(b),
        None => Bot::new(kind, seed).on_the_clock(),
    };
    let mut bots = [bot(kinds[0], seed), bot(kinds[1], seed + 1)];
    let timed = if kinds.contains(&PlayerKind::Hard) {
        PlayerKind::Hard
    } else {
        PlayerKind::Ai
    };
    let (mut decisions, mut most_in_phase) = (Vec::new(), 0);
    let start = Instant::now();
    while !game.is_over() {
        let side = game.awaiting().expect("someone is awaited");
        let turn = game.world().resource::<drumfire_core::flow::Turn>().0;
        let t = Instant::now();
        let order = bots[usize::from(side)]
            .choose(&game, side)
            .expect("a legal order");
        if kinds[usize::from(side)] == timed {
            decisions.push((turn, side, t.elapsed().as_secs_f64() * 1e3));
        }
        game.submit(order).expect("a legal order is accepted");
        most_in_phase = most_in_phase.max(game.journal().orders_this_phase());
    }
    let outcome = game.outcome().expect("the game is over");
    let mut weighing = Weighing::default();
    for bot in &bots {
        weighing.add(&bot.weighing);
    }
    Played {
        winner: outcome.winner,
        points: outcome.points.clone(),
        lost: game
            .world()
            .resource::<drumfire_core::flow::StepsLost>()
            .0
            .clone(),
        orders: game.orders().len(),
        most_in_phase,
        decisions,
        wall_ms: start.elapsed().as_secs_f64() * 1e3,
        weighing,
        game,
    }
}

fn median_worst(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (
        v.get(v.len() / 2).copied().unwrap_or(0.0),
        v.last().copied().unwrap_or(0.0),
    )
}

/// Sums each game's decision times by (turn, side): the time of a whole side-turn.
fn side_turns(decisions: &[(u16, u8, f64)]) -> Vec<f64> {
    let mut sums: std::collections::BTreeMap<(u16, u8), f64> = Default::default();
    for (turn, side, ms) in decisions {
        *sums.entry((*turn, *side)).or_default() += ms;
    }
    sums.into_values().collect()
}

/// What the command line asks for: games a side, the scenarios, the computer's sides
/// against the random player, and whether it plays itself.
struct Options {
    /// The seeds played: GAMES of them from `--first` (0).
    seeds: std::ops::Range<u64>,
    files: Vec<String>,
    sides: Vec<u8>,
    against_itself: bool,
    /// The player measured, its opponent, and the Hard player's budget.
    me: PlayerKind,
    them: PlayerKind,
    /// `None`: the budget a player gets in the game.
    budget: Option<Fixed>,
}

/// Reads the command line; with no scenario named, every shipped one.
fn options() -> Options {
    let mut games: u64 = 100;
    let mut first: u64 = 0;
    let mut files: Vec<String> = Vec::new();
    let mut sides = vec![0u8, 1];
    let mut against_itself = true;
    let (mut me, mut them, mut budget) = (PlayerKind::Ai, PlayerKind::Random, None::<Fixed>);
    for arg in std::env::args().skip(1) {
        if let Some(plays) = arg.strip_prefix("--hard") {
            me = PlayerKind::Hard;
            them = PlayerKind::Ai;
            if let Some(n) = plays.strip_prefix('=') {
                let plays = n.parse().expect("--hard=PLAYS");
                budget = Some(Fixed {
                    plays,
                    ..budget.unwrap_or_default()
                });
            }
            continue;
        }
        if let Some(n) = arg.strip_prefix("--ahead=") {
            let turns_ahead = match n {
                "end" => Budget::TO_THE_END,
                n => n.parse().expect("--ahead=TURNS or --ahead=end"),
            };
            budget = Some(Fixed {
                ahead: Some(turns_ahead),
                ..budget.unwrap_or_default()
            });
            continue;
        }
        if let Some(kind) = arg.strip_prefix("--vs=") {
            them = kind.parse().expect("--vs=ai or --vs=random");
            continue;
        }
        if let Some(n) = arg.strip_prefix("--first=") {
            first = n.parse().expect("--first=SEED");
            continue;
        }
        if let Some(side) = arg.strip_prefix("--side=") {
            sides = vec![side.parse().expect("--side=0 or --side=1")];
            against_itself = false;
            continue;
        }
        if arg == "--itself" {
            sides.clear();
            continue;
        }
        match arg.parse() {
            Ok(n) => games = n,
            Err(_) => files.push(arg),
        }
    }
    if files.is_empty() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
        files = drumfire_core::testing::shipped_scenarios()
            .into_iter()
            .map(|(set, name)| format!("{root}/{set}/{name}"))
            .collect();
    }
    Options {
        seeds: first..first + games,
        files,
        sides,
        against_itself,
        me,
        them,
        budget,
    }
}

/// Reads and parses a scenario, or exits with its first error.
fn load(file: &str) -> Scenario {
    let text = std::fs::read_to_string(file).expect("read the scenario");
    let parsed = drumfire_core::scenario::parse(file, &text, &drumfire_core::rules::ALL);
    match parsed {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}", e[0]);
            std::process::exit(2);
        }
    }
}

/// The computer's decision times over a scenario's games: each order's and each
/// side-turn's.
#[derive(Default)]
struct Times {
    orders: Vec<f64>,
    turns: Vec<f64>,
    /// The most orders one phase took in any game.
    most_in_phase: usize,
    /// What the Hard player's decisions weighed.
    weighing: Weighing,
}

impl Times {
    /// Adds one game's decisions.
    fn add(&mut self, p: &mut Played) {
        let decisions = std::mem::take(&mut p.decisions);
        self.turns.extend(side_turns(&decisions));
        self.orders.extend(decisions.into_iter().map(|d| d.2));
        self.weighing.add(&p.weighing);
        self.most_in_phase = self.most_in_phase.max(p.most_in_phase);
    }
}

/// Plays `players.0` as `ai_side` against `players.1` over `seeds` and prints its
/// wins, draws and mean points.
fn against_random(
    scenario: &Scenario,
    seeds: std::ops::Range<u64>,
    ai_side: u8,
    names: &[String],
    times: &mut Times,
    (me, them, budget): (PlayerKind, PlayerKind, Option<Fixed>),
) {
    let mut kinds = [them; 2];
    kinds[usize::from(ai_side)] = me;
    let (mut won, mut drawn, mut own, mut other) = (0, 0, 0u64, 0u64);
    let games = seeds.end - seeds.start;
    for seed in seeds {
        let mut p = play(scenario, seed, kinds, budget);
        match p.winner {
            Some(w) if w == ai_side => won += 1,
            None => drawn += 1,
            _ => {}
        }
        if p.winner != Some(ai_side) {
            not_won(scenario, seed, ai_side, &mut p);
        }
        own += u64::from(p.points[usize::from(ai_side)]);
        other += u64::from(p.points[usize::from(1 - ai_side)]);
        times.add(&mut p);
    }
    println!(
        "  {} as {:<10} against {}: won {won} of {games} ({:.1} %), drew {drawn}, mean points {:.1} to {:.1}",
        me.name(),
        names[usize::from(ai_side)],
        them.name(),
        100.0 * won as f64 / games as f64,
        own as f64 / games as f64,
        other as f64 / games as f64,
    );
}

/// Prints a game the measured player did not win — its seed, points and steps lost —
/// and, where `AI_STRENGTH_SAVES` names a folder, writes its save there to be watched
/// in the replay viewer (`drumfire view FILE`).
fn not_won(scenario: &Scenario, seed: u64, side: u8, p: &mut Played) {
    let result = if p.winner.is_none() { "drawn" } else { "lost" };
    println!(
        "    seed {seed}: {result}, points {:?}, steps lost {:?}, {} orders",
        p.points, p.lost, p.orders
    );
    let Some(dir) = std::env::var_os("AI_STRENGTH_SAVES") else {
        return;
    };
    let stem: String = scenario
        .file
        .title
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let path = std::path::Path::new(&dir).join(format!("{stem}-side{side}-seed{seed}.ron"));
    let save = drumfire_core::save::save_of(&mut p.game, scenario, seed);
    if let Err(e) = drumfire_core::save::write(&path, &save) {
        eprintln!("{}: {e}", path.display());
    }
}

/// Plays the computer against itself over `seeds` and prints each side's wins, mean
/// points and steps lost, the orders a game and the whole game's time.
fn against_itself(
    scenario: &Scenario,
    seeds: std::ops::Range<u64>,
    names: &[String],
    times: &mut Times,
    (me, budget): (PlayerKind, Option<Fixed>),
) {
    let mut wins = [0u32; 2];
    let (mut drawn, mut moves, mut walls) = (0, Vec::new(), Vec::new());
    let (mut points, mut lost) = ([0u64; 2], [0u64; 2]);
    let games = seeds.end - seeds.start;
    for seed in seeds {
        let mut p = play(scenario, seed, [me; 2], budget);
        for (sum, p) in points.iter_mut().zip(&p.points) {
            *sum += u64::from(*p);
        }
        for (sum, l) in lost.iter_mut().zip(&p.lost) {
            *sum += u64::from(*l);
        }
        match p.winner {
            Some(w) => wins[usize::from(w)] += 1,
            None => drawn += 1,
        }
        moves.push(p.orders as f64);
        walls.push(p.wall_ms);
        times.add(&mut p);
    }
    let (m, _) = median_worst(moves);
    let (wall_med, wall_worst) = median_worst(walls);
    println!(
        "  {} against itself: {} {}, {} {}, drawn {drawn}, mean points {:.1} to {:.1}, mean steps lost {:.1} to {:.1}; median {m:.0} orders a game, whole game median {wall_med:.0} ms, worst {wall_worst:.0} ms",
        me.name(),
        names[0],
        wins[0],
        names[1],
        wins[1],
        points[0] as f64 / games as f64,
        points[1] as f64 / games as f64,
        lost[0] as f64 / games as f64,
        lost[1] as f64 / games as f64,
    );
}

fn main() {
    let Options {
        seeds,
        files,
        sides,
        against_itself: itself,
        me,
        them,
        budget,
    } = options();
    println!(
        "{} games a side, seeds {} to {}; times in ms on one core",
        seeds.end - seeds.start,
        seeds.start,
        seeds.end.saturating_sub(1)
    );
    for file in files {
        let scenario = load(&file);
        let names: Vec<String> = scenario.file.sides.iter().map(|s| s.name.clone()).collect();
        let shown = file
            .rsplit_once("/scenarios/")
            .map_or(file.as_str(), |(_, f)| f);
        println!("\n{} ({shown})", scenario.file.title);
        let mut times = Times::default();
        for &ai_side in &sides {
            let players = (me, them, budget);
            against_random(
                &scenario,
                seeds.clone(),
                ai_side,
                &names,
                &mut times,
                players,
            );
        }
        if itself {
            against_itself(&scenario, seeds.clone(), &names, &mut times, (me, budget));
        }
        let n = times.orders.len();
        let (om, ow) = median_worst(times.orders);
        let nt = times.turns.len();
        let (tm, tw) = median_worst(times.turns);
        println!(
            "  decisions: {n} orders, median {om:.2} ms, worst {ow:.2} ms; {nt} side-turns, median {tm:.1} ms, worst {tw:.1} ms; most orders in one phase {} ({} pieces)",
            times.most_in_phase,
            scenario.file.counters.len()
        );
        let weighed = times.weighing.plays.len();
        if weighed > 0 {
            let other = times.weighing.other;
            let plays = times.weighing.plays.iter().map(|&p| f64::from(p)).collect();
            let (pm, pw) = median_worst(plays);
            println!(
                "  weighed: {weighed} decisions with orders to weigh, plays median {pm:.0}, most {pw:.0}; another order than the Normal player's in {other} ({:.1} %); played to the game's end in {} ({:.1} %)",
                100.0 * f64::from(other) / weighed as f64,
                times.weighing.to_the_end,
                100.0 * f64::from(times.weighing.to_the_end) / weighed as f64
            );
        }
    }
}
