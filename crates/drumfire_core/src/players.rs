//! Players that give orders without a person: used by `sim` and the soak tests.

use crate::game::Game;
use crate::orders::{Order, Refusal};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// Who gives a side's orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerKind {
    /// The computer opponent (Normal).
    Ai,
    /// The computer opponent that looks ahead ([`crate::lookahead`]).
    Hard,
    /// Uniformly chosen legal orders.
    Random,
    /// A person at the window.
    Human,
}

impl std::str::FromStr for PlayerKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "ai" | "normal" => Ok(Self::Ai),
            "hard" => Ok(Self::Hard),
            "random" => Ok(Self::Random),
            "human" => Ok(Self::Human),
            _ => Err(format!(
                "`{s}` is not a player: expected ai, hard, random or human"
            )),
        }
    }
}

impl PlayerKind {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Self::Ai => "ai",
            Self::Hard => "hard",
            Self::Random => "random",
            Self::Human => "human",
        }
    }
}

/// Every order the side could give now that the game would accept, in a fixed
/// order (for set-up plans, a sample drawn with `salt`). The rule set lists them
/// already checked against [`crate::door::validate`].
pub fn legal_orders(game: &Game, side: u8, salt: u64) -> Vec<Order> {
    game.list(side, salt).into_orders()
}

/// A computer player.
pub struct Bot {
    kind: PlayerKind,
    rng: ChaCha8Rng,
    /// The Hard player's budget: `None`, the one the game gives
    /// ([`crate::lookahead::Budget::for_game`]).
    budget: Option<crate::lookahead::Budget>,
    /// Within a deadline an order.
    deadline: Option<std::time::Duration>,
    /// On the clock a person's opponent thinks on.
    clock: Option<crate::lookahead::TurnClock>,
    /// What a Hard player's decisions weighed, so far.
    pub weighing: Weighing,
}

/// What a Hard player's decisions weighed: how many had orders to weigh, the plays each
/// made, and how many gave another order than the Normal player's.
#[derive(Clone, Debug, Default)]
pub struct Weighing {
    /// Plays made by each decision that weighed two orders or more.
    pub plays: Vec<u32>,
    /// Of those, the decisions that gave another order than the Normal player's.
    pub other: u32,
    /// Of those, the decisions whose plays went on to the game's end.
    pub to_the_end: u32,
}

impl Weighing {
    /// Adds what another player's (or game's) decisions weighed.
    pub fn add(&mut self, other: &Weighing) {
        self.plays.extend(&other.plays);
        self.other += other.other;
        self.to_the_end += other.to_the_end;
    }

    /// Counts one decision: the order given and what it weighed (nothing when there
    /// was only one order to give).
    fn note(
        &mut self,
        given: &Order,
        weighed: &[crate::lookahead::Weighed],
        plays: u32,
        budget: &crate::lookahead::Budget,
    ) {
        let Some(normal) = weighed.first() else {
            return;
        };
        self.plays.push(plays);
        if normal.order != *given {
            self.other += 1;
        }
        if budget.turns_ahead == crate::lookahead::Budget::TO_THE_END {
            self.to_the_end += 1;
        }
    }
}

impl Bot {
    /// A bot of `kind` whose own choices are seeded (separately from the game's dice).
    pub fn new(kind: PlayerKind, seed: u64) -> Self {
        Self {
            kind,
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x005e_ed0f_b075),
            budget: None,
            deadline: None,
            clock: None,
            weighing: Weighing::default(),
        }
    }

    /// The same bot thinking as a person's opponent does (a Hard player): on
    /// [`crate::lookahead::TurnClock`], within its side-turn's time.
    pub fn on_the_clock(mut self) -> Self {
        self.clock = Some(crate::lookahead::TurnClock::default());
        self
    }

    /// The same bot thinking within `deadline` an order (for a Hard player).
    pub fn with_deadline(mut self, deadline: std::time::Duration) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// The same bot with another look-ahead budget (for a Hard player).
    pub fn with_budget(mut self, budget: crate::lookahead::Budget) -> Self {
        self.budget = Some(budget);
        self
    }

    /// Chooses an order for `side` as [`Bot::choose`] does and submits it: `Ok(false)`
    /// when it has no legal order. The random player's comes from the listed orders,
    /// so the game does not check it again ([`Game::submit_listed`]).
    pub fn give(&mut self, game: &mut Game, side: u8) -> Result<bool, Refusal> {
        if self.kind != PlayerKind::Random {
            let Some(order) = self.choose(game, side) else {
                return Ok(false);
            };
            return game.submit(order).map(|()| true);
        }
        let salt = self.rng.next_u64();
        let listed = game.list(side, salt);
        let n = listed.orders().len() as u64;
        if n == 0 {
            return Ok(false);
        }
        let pick = (self.rng.next_u64() % n) as usize;
        game.submit_listed(listed, pick).map(|()| true)
    }

    /// Chooses an order for `side`, or `None` when it has no legal order.
    pub fn choose(&mut self, game: &Game, side: u8) -> Option<Order> {
        let salt = self.rng.next_u64();
        if self.kind == PlayerKind::Ai {
            let rules = game.world().resource::<crate::scenario::Rules>().0;
            return rules.computer(game.world(), side, salt);
        }
        if self.kind == PlayerKind::Hard {
            let budget = match &mut self.clock {
                Some(clock) => clock.budget(game.world(), side),
                None => {
                    let mut budget = self
                        .budget
                        .unwrap_or_else(|| crate::lookahead::Budget::for_game(game.world()));
                    budget.deadline = budget.deadline.or(self.deadline);
                    budget
                }
            };
            let progress = crate::lookahead::Progress::default();
            let started = std::time::Instant::now();
            let found = crate::lookahead::choose_counted(
                game.scenario(),
                game.world(),
                side,
                salt,
                budget,
                &progress,
            );
            let plays = progress.done.load(std::sync::atomic::Ordering::Relaxed);
            if let Some(clock) = &mut self.clock {
                clock.record(side, &budget, started.elapsed(), plays);
            }
            let (order, weighed) = found?;
            self.weighing.note(&order, &weighed, plays, &budget);
            return Some(order);
        }
        let legal = legal_orders(game, side, salt);
        if legal.is_empty() {
            return None;
        }
        let pick = match self.kind {
            // The skeleton's only decision is when to pass; the AI takes the first
            // legal order in the rule set's order of preference.
            PlayerKind::Ai | PlayerKind::Hard | PlayerKind::Human => 0,
            PlayerKind::Random => (self.rng.next_u64() % legal.len() as u64) as usize,
        };
        Some(legal[pick].clone())
    }
}

/// How a simulated game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimResult {
    /// Winner's side index, or `None` for a draw.
    pub winner: Option<u8>,
    /// Turns played.
    pub turns: u16,
    /// Orders applied.
    pub orders: usize,
}

/// Plays a game to its end with bots for every side.
pub fn play_out(game: &mut Game, bots: &mut [Bot]) -> Result<SimResult, String> {
    const ORDER_LIMIT: usize = 1_000_000;
    while !game.is_over() {
        let Some(side) = game.awaiting() else {
            return Err(format!(
                "the game waits on no side in the {} phase",
                game.phase_name()
            ));
        };
        let bot = bots
            .get_mut(usize::from(side))
            .ok_or_else(|| format!("no player for side {side}"))?;
        let given = bot
            .give(game, side)
            .map_err(|r| format!("a legal order was refused: {r}"))?;
        if !given {
            return Err(format!("side {side} has no legal order"));
        }
        if game.orders().len() > ORDER_LIMIT {
            return Err(format!("no end after {ORDER_LIMIT} orders"));
        }
    }
    let turns = game.world().resource::<crate::flow::Turn>().0;
    Ok(SimResult {
        winner: game.outcome().and_then(|o| o.winner),
        turns,
        orders: game.orders().len(),
    })
}

/// The computer players' pick: the best-scored order (the first of equals), unless
/// passing is legal and nothing beats it by more than `threshold`. `score` gives
/// `None` for the pass itself.
pub fn best_or_pass(
    legal: Vec<Order>,
    threshold: f32,
    mut score: impl FnMut(&Order) -> Option<f32>,
) -> Option<Order> {
    let mut best: Option<(f32, Order)> = None;
    let mut pass = None;
    for o in legal {
        match score(&o) {
            None => pass = Some(o),
            Some(value) if best.as_ref().is_none_or(|(b, _)| value > *b) => {
                best = Some((value, o));
            }
            Some(_) => {}
        }
    }
    match (best, pass) {
        (Some((value, o)), Some(_)) if value > threshold => Some(o),
        (_, Some(p)) => Some(p),
        (best, None) => best.map(|(_, o)| o),
    }
}

/// The computer's pick as [`best_or_pass`] makes it, then the orders it scored next
/// best (the pass among them, worth `threshold`): up to `most` in all.
pub fn ranked(
    legal: Vec<Order>,
    threshold: f32,
    most: usize,
    score: impl FnMut(&Order) -> Option<f32>,
) -> Vec<Order> {
    let scores: Vec<Option<f32>> = legal.iter().map(score).collect();
    let mut each = scores.iter();
    let pick = best_or_pass(legal.clone(), threshold, |_| each.next().copied().flatten());
    let mut scored: Vec<(f32, Order)> = scores
        .into_iter()
        .zip(legal)
        .map(|(v, o)| (v.unwrap_or(threshold), o))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    crate::rule_set::spread(
        pick,
        scored.into_iter().map(|(_, o)| o).take(most).collect(),
        most,
    )
}
