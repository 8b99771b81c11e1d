//! The Hard computer player: it looks ahead by playing each order it might give
//! forward in copies of the game ([`crate::fork`]), the Normal computer giving every
//! order after it for both sides, and gives the one that came out best.
//!
//! - **What it weighs**: the Normal player's shortlist for the side
//!   ([`crate::rule_set::RuleSetInfo::shortlist`]), the Normal player's own choice
//!   first.
//! - **How**: sequential halving. Each round plays every order still in the running
//!   the same number of times, with the same dice for every order in a given play (so
//!   the orders are compared on the same luck), and keeps the better half; the Normal
//!   player's order stays in to the end as the one to beat. A play goes on until the
//!   end of the game turn after this one, or the game's end where the rule set's
//!   computer player looks that far, and is worth the side's
//!   victory points less the enemy's as the game would count them then, with a bonus
//!   for a game won. Another order than the Normal player's is given only where it is
//!   still in the running at the end and did better over the same plays by more than
//!   one and a half standard errors of the difference.
//! - **What it knows**: what a player knows. The copy's dice are new dice, seeded from
//!   the Hard player's own seed, never the game's: it cannot see a roll to come. The
//!   other side's secrets in the copy (a sealed order, an Artillery Plan, face-down
//!   chits and dominoes) are replaced with a guess by the rule set's `disguise` before
//!   any play, so its choice is the same whatever they are.
//! - **Deterministic**: the same game, seed and budget give the same order, on one
//!   thread or two: the plays are shared between threads by number and their results
//!   read back in that order.

use crate::counters::PieceIds;
use crate::dice::Dice;
use crate::flow::{Outcome, Turn};
use crate::fork::Snapshot;
use crate::game::Game;
use crate::journal::Journal;
use crate::orders::Order;
use crate::scenario::{Rules, Scenario};
use bevy_ecs::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// How much looking ahead the Hard player may do for one order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Plays of the game forward, in all.
    pub plays: u32,
    /// Threads to play them on.
    pub threads: usize,
    /// Game turns to play forward past the present one ([`Budget::TO_THE_END`]: to the
    /// game's end, however many are left).
    pub turns_ahead: u16,
    /// The longest it may think for one order, if any: plays not begun by then are not
    /// made. Without one, the same game, seed and budget give the same order on any
    /// machine; with one, a slow machine may make fewer plays (a window's player waits
    /// on it; the orders are in the save, so a replay does not depend on it).
    pub deadline: Option<std::time::Duration>,
}

impl Default for Budget {
    fn default() -> Self {
        Self {
            plays: 384,
            threads: 2,
            turns_ahead: 1,
            deadline: None,
        }
    }
}

impl Budget {
    /// [`Budget::turns_ahead`] for plays that go on to the game's end.
    pub const TO_THE_END: u16 = u16::MAX;

    /// The budget a player gets in a game: 384 plays an order on two threads where
    /// there are at most 20 counters, fewer as the square of the counters beyond (a play
    /// costs about as many orders as there are pieces, and each order about as much
    /// again), at least 24: what keeps a side-turn within seconds on a two-core machine.
    /// Its plays go as far ahead as the rule set's computer player looks
    /// ([`crate::rule_set::ComputerPlayer::LOOK_AHEAD`]).
    pub fn for_game(world: &World) -> Self {
        let look_ahead = world.resource::<Rules>().0.look_ahead;
        let counters = world
            .resource::<crate::counters::PieceIds>()
            .0
            .len()
            .max(20) as f64;
        let plays = (384.0 * (20.0 / counters).powi(2)).round() as u32;
        Self {
            plays: plays.max(24),
            turns_ahead: look_ahead,
            ..Self::default()
        }
    }
}

/// The longest a window's Hard player thinks for one order ([`Budget::for_player`]).
pub const PLAYER_DEADLINE: std::time::Duration = std::time::Duration::from_millis(1_000);

impl Budget {
    /// The budget a person's opponent gets: [`Budget::for_game`], within
    /// [`PLAYER_DEADLINE`] an order.
    pub fn for_player(world: &World) -> Self {
        Self {
            deadline: Some(PLAYER_DEADLINE),
            ..Self::for_game(world)
        }
    }
}

/// What a Hard side aims to think in all in one side-turn (every order it gives in a
/// game turn) as a person's opponent, in a battle of up to [`LARGE_BATTLE`] pieces:
/// [`TurnClock`] shares it among the side-turn's orders. An aim, not a bound: every
/// order gets at least [`LEAST_AN_ORDER`], and what a decision does before its plays
/// and the play under way at its deadline come on top.
pub const SIDE_TURN: std::time::Duration = std::time::Duration::from_millis(1_800);

/// The pieces in play beyond which a battle is large, and its side-turns are given
/// more time ([`side_turn`]).
pub const LARGE_BATTLE: usize = 40;

/// The most a Hard side aims to think in one side-turn, however large the battle.
pub const LARGEST_SIDE_TURN: std::time::Duration = std::time::Duration::from_millis(4_000);

/// What a Hard side aims to think in one side-turn of `world`: [`SIDE_TURN`] up to
/// [`LARGE_BATTLE`] pieces, then as the square of the pieces (a side of a larger battle
/// has more orders to give in a side-turn, and each play of the game forward costs
/// more), up to [`LARGEST_SIDE_TURN`]. A player waits longer for the other side of a
/// larger battle, and where the least an order gets is all it gets, the plays are too
/// few to find a better order than the Normal player's.
pub fn side_turn(world: &World) -> std::time::Duration {
    let pieces = world.resource::<PieceIds>().0.len().max(LARGE_BATTLE) as f64;
    SIDE_TURN
        .mul_f64((pieces / LARGE_BATTLE as f64).powi(2))
        .min(LARGEST_SIDE_TURN)
}

/// The least an order is given by [`TurnClock`], however far its side-turn is spent.
pub const LEAST_AN_ORDER: std::time::Duration = std::time::Duration::from_millis(80);

/// The fewest plays [`TurnClock`] budgets an order for (where the player's budget has
/// more): fewer leave the halving nothing to halve.
const LEAST_PLAYS: u32 = 16;

/// Orders a side is taken to give in a side-turn before it has played one.
const FIRST_GUESS: u32 = 4;

/// The Hard player's clock as a person's opponent: [`side_turn`] a side-turn, shared
/// among its orders. Each order may think for what is left of the side-turn over the
/// orders the side weighed in its last side-turn that it has yet to give (at least
/// [`LEAST_AN_ORDER`], at most [`PLAYER_DEADLINE`]), and is budgeted as many plays as
/// the side has been making in that time (never more than [`Budget::for_player`]), so
/// the halving runs its rounds within the time rather than being cut short in its
/// first. What it gives depends on the machine's speed, as any deadline does; the
/// orders are in the save, so a replay does not.
#[derive(Clone, Debug, Default)]
pub struct TurnClock {
    sides: Vec<SideClock>,
}

#[derive(Clone, Debug, Default)]
struct SideClock {
    /// The game turn of the side-turn being counted.
    turn: Option<u16>,
    /// Thought in it so far.
    spent: std::time::Duration,
    /// Orders given in it so far.
    made: u32,
    /// Orders given in the side's last side-turn.
    last: Option<u32>,
    /// Plays a second, as the side has been making them lately.
    rate: Option<f64>,
}

impl TurnClock {
    /// The budget for `side`'s next order in `world`.
    pub fn budget(&mut self, world: &World, side: u8) -> Budget {
        let base = Budget::for_player(world);
        let turn = world.resource::<Turn>().0;
        let clock = self.side(side);
        if clock.turn != Some(turn) {
            if clock.turn.is_some() {
                clock.last = Some(clock.made);
            }
            clock.turn = Some(turn);
            clock.spent = std::time::Duration::ZERO;
            clock.made = 0;
        }
        let orders_left = clock
            .last
            .unwrap_or(FIRST_GUESS)
            .saturating_sub(clock.made)
            .max(1);
        let deadline = (side_turn(world).saturating_sub(clock.spent) / orders_left)
            .clamp(LEAST_AN_ORDER, PLAYER_DEADLINE);
        let plays = match clock.rate {
            Some(rate) => ((rate * deadline.as_secs_f64()).round() as u32)
                .max(LEAST_PLAYS)
                .min(base.plays),
            None => base.plays,
        };
        Budget {
            plays,
            deadline: Some(deadline),
            ..base
        }
    }

    /// `side` gave an order on `budget` after thinking for `took` and making `plays`
    /// plays. Only orders it made plays for count among the side-turn's orders: one
    /// with nothing to weigh (a single order, a pass) takes next to no time.
    pub fn record(&mut self, side: u8, budget: &Budget, took: std::time::Duration, plays: u32) {
        let clock = self.side(side);
        clock.spent += took;
        if plays > 0 {
            clock.made += 1;
        }
        // The pace, from a decision that made many plays (with few, its fixed costs
        // weigh) or that its deadline cut short (it was too hopeful: it must come down).
        if plays > 0 && (plays >= LEAST_PLAYS || plays < budget.plays) && !took.is_zero() {
            let now = f64::from(plays) / took.as_secs_f64();
            clock.rate = Some(clock.rate.map_or(now, |r| 0.7 * r + 0.3 * now));
        }
    }

    /// Forgets the side-turns under way, keeping the pace: the game was set up again
    /// (an undo, a load), and the orders given again are thought out again.
    pub fn forget_turns(&mut self) {
        for clock in &mut self.sides {
            clock.turn = None;
            clock.spent = std::time::Duration::ZERO;
            clock.made = 0;
        }
    }

    fn side(&mut self, side: u8) -> &mut SideClock {
        let i = usize::from(side);
        if self.sides.len() <= i {
            self.sides.resize_with(i + 1, SideClock::default);
        }
        &mut self.sides[i]
    }
}

/// What the Hard player found for an order it weighed.
#[derive(Clone, Debug, PartialEq)]
pub struct Weighed {
    /// The order.
    pub order: Order,
    /// Its worth in each play, by play number (the same dice for every order); NaN for
    /// a play the deadline left unmade.
    pub worths: Vec<f64>,
    /// Its mean worth over them: victory points ahead of the enemy's at the end of the
    /// plays.
    pub mean: f64,
    /// How much better it did than the Normal player's order over the same plays, on
    /// average (0 for that order itself).
    pub ahead: f64,
}

/// How sure the Hard player must be to give another order than the Normal player's:
/// its lead over the same plays must exceed this many standard errors.
const SURE: f64 = 1.5;

/// The Hard player's order for `side` in `world` (a settled game of `scenario`), with
/// what it weighed; `None` when the side has no order.
pub fn choose(
    scenario: &Scenario,
    world: &World,
    side: u8,
    seed: u64,
    budget: Budget,
) -> Option<(Order, Vec<Weighed>)> {
    choose_counted(scenario, world, side, seed, budget, &Progress::default())
}

/// How far a look-ahead has got, and a word to stop it (a window that no longer wants
/// its answer): its plays then end at once and its answer means nothing.
#[derive(Debug, Default)]
pub struct Progress {
    /// Plays made.
    pub done: AtomicU32,
    /// Stop now.
    pub stop: AtomicBool,
}

/// [`choose`], counting the plays made in `progress` as it goes (a window shows it).
pub fn choose_counted(
    scenario: &Scenario,
    world: &World,
    side: u8,
    seed: u64,
    budget: Budget,
    done: &Progress,
) -> Option<(Order, Vec<Weighed>)> {
    let rules = world.resource::<Rules>().0;
    let salt = seed ^ 0x4a2d_ba11;
    if world.resource::<Journal>().orders_this_phase() > phase_orders_bound(world) {
        return rules.computer(world, side, salt).map(|o| (o, Vec::new()));
    }
    // The shortlist too is drawn up in a copy that holds only what the side may know.
    let snapshot = Snapshot::take(world);
    let mut copy = Game::new(scenario, 0);
    if !prepare(&mut copy, &snapshot, side, salt) {
        return rules.computer(world, side, salt).map(|o| (o, Vec::new()));
    }
    let list = rules.shortlist(copy.world(), side, salt);
    drop(copy);
    if list.len() <= 1 || budget.plays == 0 {
        return list.into_iter().next().map(|o| (o, Vec::new()));
    }
    let mut weighed: Vec<Weighed> = list
        .into_iter()
        .map(|order| Weighed {
            order,
            worths: Vec::new(),
            mean: 0.0,
            ahead: 0.0,
        })
        .collect();
    // Sequential halving, the Normal player's order (the first) kept to the end as
    // the one to beat.
    let mut running: Vec<usize> = (0..weighed.len()).collect();
    let rounds = (usize::BITS - (running.len() - 1).leading_zeros()).max(1);
    let mut left = budget.plays;
    let until = budget.deadline.map(|d| std::time::Instant::now() + d);
    let late = || until.is_some_and(|u| std::time::Instant::now() >= u);
    for _ in 0..rounds {
        if running.len() <= 1 || left == 0 || late() {
            break;
        }
        let share = (budget.plays / rounds / running.len() as u32)
            .min(left / running.len() as u32)
            .max(1);
        let first = weighed[0].worths.len() as u32;
        // Play by play, every order in the running in each: a deadline that cuts the
        // round short leaves them about as many plays each.
        let jobs: Vec<(usize, u32)> = (first..first + share)
            .flat_map(|k| running.iter().map(move |&c| (c, k)))
            .collect();
        let worths = play_all(
            scenario, &snapshot, &weighed, &jobs, side, seed, budget, done, &late,
        );
        for ((c, _), worth) in jobs.iter().zip(worths) {
            weighed[*c].worths.push(worth);
        }
        left = left.saturating_sub(jobs.len() as u32);
        for w in &mut weighed {
            let made: Vec<f64> = w.worths.iter().copied().filter(|x| !x.is_nan()).collect();
            w.mean = made.iter().sum::<f64>() / made.len().max(1) as f64;
        }
        let mut others: Vec<usize> = running[1..].to_vec();
        others.sort_by(|a, b| weighed[*b].mean.total_cmp(&weighed[*a].mean).then(a.cmp(b)));
        others.truncate((running.len() / 2).max(1));
        running = std::iter::once(0).chain(others).collect();
    }
    // Only the orders still in the running at the end may displace the Normal player's:
    // one dropped early had few plays, and the best of several noisy estimates looks
    // better than it is.
    let base = weighed[0].worths.clone();
    let mut best = (0, 0.0);
    for (c, w) in weighed.iter_mut().enumerate().skip(1) {
        let finalist = running.contains(&c);
        let diffs: Vec<f64> = w
            .worths
            .iter()
            .zip(&base)
            .map(|(a, b)| a - b)
            .filter(|d| !d.is_nan())
            .collect();
        let (mean, error) = mean_and_error(&diffs);
        w.ahead = mean;
        if finalist && mean > SURE * error && mean > best.1 {
            best = (c, mean);
        }
    }
    Some((weighed[best.0].order.clone(), weighed))
}

/// The most orders a phase may take, both sides' together, before the Hard player stops
/// weighing and gives the Normal player's orders: far above what any phase of the rule
/// sets takes (every order they offer spends something — movement, a mark once a phase
/// — so a phase of the shipped scenarios takes at most a few orders a piece), so it is
/// met only where a rule set's list offers orders that undo each other: weighed by
/// chance, the Hard player could give them back and forth without end, where the
/// Normal player gives its own and goes on.
pub fn phase_orders_bound(world: &World) -> usize {
    64 + 16 * world.resource::<PieceIds>().0.len()
}

/// The mean of `xs` and its standard error (infinite for fewer than two).
fn mean_and_error(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.len() < 2 {
        return (xs.first().copied().unwrap_or(0.0), f64::INFINITY);
    }
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// Plays every job (an order and a play number) and gives their worths in order, on
/// the budget's threads, each in a game of its own. The threads take the next job not
/// yet taken, so one whose plays ran short does not wait on the other; a job's worth
/// does not depend on the game it was played in (a play puts the copy into it,
/// [`Snapshot::put`]), so the worths are the same however the jobs fell.
fn play_all(
    scenario: &Scenario,
    snapshot: &Snapshot,
    weighed: &[Weighed],
    jobs: &[(usize, u32)],
    side: u8,
    seed: u64,
    budget: Budget,
    done: &Progress,
    late: &(dyn Fn() -> bool + Sync),
) -> Vec<f64> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let run = || -> Vec<(usize, f64)> {
        let mut game = Game::new(scenario, 0);
        let mut out = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some((c, k)) = jobs.get(i) else {
                return out;
            };
            if done.stop.load(Ordering::Relaxed) || late() {
                out.push((i, f64::NAN));
                continue;
            }
            let dice = seed ^ u64::from(*k).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let worth = play(&mut game, snapshot, &weighed[*c].order, side, dice, budget);
            done.done.fetch_add(1, Ordering::Relaxed);
            out.push((i, worth));
        }
    };
    let threads = budget.threads.clamp(1, jobs.len().max(1));
    let parts: Vec<Vec<(usize, f64)>> = if threads == 1 {
        vec![run()]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads).map(|_| scope.spawn(run)).collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("a look-ahead thread"))
                .collect()
        })
    };
    let mut worths = vec![f64::NAN; jobs.len()];
    for (i, worth) in parts.into_iter().flatten() {
        worths[i] = worth;
    }
    worths
}

/// Most orders one play gives before it is cut short.
const PLAY_LIMIT: usize = 4_000;

/// Puts the copy into `game` and makes it what `side` may know: the other sides'
/// secrets replaced by the rule set's guess ([`crate::rule_set::RuleSetInfo::disguise`]),
/// their sealed orders taken back, new dice seeded with `dice`, and any order the
/// other side must give again (as its Normal player would) given, until `side` is
/// awaited. False when the copy does not fit or the side is never awaited.
pub fn prepare(game: &mut Game, snapshot: &Snapshot, side: u8, dice: u64) -> bool {
    if snapshot.put(game.world_mut()).is_err() {
        return false;
    }
    let world = game.world_mut();
    let rules = world.resource::<Rules>().0;
    rules.disguise(world, side, dice);
    // A secret the other side gave sealed (a game between two machines) is given
    // again in the copy, as its Normal player would.
    world
        .resource_mut::<crate::sealed::Seals>()
        .0
        .retain(|s, _| *s == side);
    world.insert_resource(copy_dice(dice));
    let mut salt = dice;
    while game.awaiting().is_some_and(|s| s != side) {
        if !normal_order(game, &mut salt) {
            return false;
        }
    }
    game.awaiting() == Some(side)
}

/// The dice of a copy prepared with `dice`: seeded from a generator of their own, never
/// with `dice` itself, so that they are not the dice of a game seeded alike (the
/// window's first game is seeded 1, and so is its Hard player's first decision: its
/// first play would have rolled the game's dice to come).
fn copy_dice(dice: u64) -> Dice {
    use rand_chacha::rand_core::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(dice ^ 0x00c0_b1ed_d1ce);
    Dice::new(rng.next_u64())
}

/// One play: the copy prepared in `game` for `side`, `order`, then the Normal player
/// for every side to the horizon. Its worth to `side`.
fn play(
    game: &mut Game,
    snapshot: &Snapshot,
    order: &Order,
    side: u8,
    dice: u64,
    budget: Budget,
) -> f64 {
    if !prepare(game, snapshot, side, dice) || game.submit(order.clone()).is_err() {
        return f64::NEG_INFINITY;
    }
    let until = game
        .world()
        .resource::<Turn>()
        .0
        .saturating_add(budget.turns_ahead);
    let mut salt = dice ^ 0x5eed;
    for _ in 0..PLAY_LIMIT {
        if game.is_over()
            || game.world().resource::<Turn>().0 > until
            || !normal_order(game, &mut salt)
        {
            break;
        }
    }
    worth(game.world(), side)
}

/// The Normal player's order for the side awaited, given: false when there is none
/// or it was refused.
fn normal_order(game: &mut Game, salt: &mut u64) -> bool {
    let Some(next) = game.awaiting() else {
        return false;
    };
    *salt = salt.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    let rules = game.world().resource::<Rules>().0;
    match rules.computer(game.world(), next, *salt) {
        Some(o) => game.submit(o).is_ok(),
        None => false,
    }
}

/// What the game is worth to `side` now: its victory points less the best of the
/// others', as the game would count them if it ended here, and, once it has ended, as
/// many points again as all the objectives are worth for a win (less for a loss).
pub fn worth(world: &World, side: u8) -> f64 {
    let points = crate::flow::points_now(world);
    let own = f64::from(points.get(usize::from(side)).copied().unwrap_or(0));
    let best_other = points
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != usize::from(side))
        .map(|(_, p)| f64::from(*p))
        .fold(0.0, f64::max);
    let stake: u32 = crate::map::objectives(world).iter().map(|o| o.1).sum();
    let result = match world.get_resource::<Outcome>() {
        Some(o) if o.winner == Some(side) => 1.0,
        Some(o) if o.winner.is_some() => -1.0,
        _ => 0.0,
    };
    own - best_other + result * f64::from(stake.max(1))
}
