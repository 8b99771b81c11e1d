//! The computer's choices under the Great War rules: the scenario's Artillery Plan
//! (or Open Sights) in the set-up, then every legal order scored from what the side
//! can see — the exact odds of fire and assault, objectives, cover, who is Disrupted
//! or Demoralized — and the best given; a side passes when nothing is worth doing.
//! Deterministic: the same position gives the same order.

use super::board::Board;
use super::fire;
use super::orders::{GwOrder, Mission};
use super::state::{GwState, Prompt};
use super::view::{self, PieceView};
use crate::data::UnitClass;
use crate::door;
use crate::flow::Phase;
use crate::orders::Order;
use bevy_ecs::prelude::*;
use bevy_state::state::State;
use hexx::Hex;

/// What losing a step of this piece costs (ours).
fn worth(p: &PieceView) -> f32 {
    match p.class {
        UnitClass::Leader => 2.5,
        UnitClass::Artillery | UnitClass::Machinegun | UnitClass::Mortar => 2.0,
        UnitClass::Transport => 0.5,
        _ => 1.5,
    }
}

/// What the computer reads of the position once per decision. Values are in victory
/// points: a step destroyed is one, an objective its points.
struct Ctx {
    side: u8,
    objectives: Vec<(Hex, u32, Option<u8>)>,
    /// Enemy pieces on the map.
    enemies: Vec<PieceView>,
    /// Own units (not leaders) on the map.
    friends: Vec<PieceView>,
    /// Own leaders on the map.
    leaders: Vec<PieceView>,
    /// Leaders no unit needs where they stand, and the hex of the leaderless units
    /// each is sent to.
    sent: Vec<(String, Hex)>,
    /// Hexes under a Drumfire marker, and those its own plan shells next turn.
    drumfire: Vec<Hex>,
    /// Hexes a unit on foot can still cover before the end: four a turn left, and two.
    horizon: f32,
    /// Enemy direct fire that can reach a hex: where from, strength, range, and
    /// whether it can still fire at a move this turn (Opportunity Fire).
    threats: Vec<(Hex, u32, u32, bool)>,
    /// The danger of standing in a hex, worked out once per hex.
    danger: std::cell::RefCell<std::collections::HashMap<Hex, f32>>,
}

impl Ctx {
    fn read(world: &World, side: u8) -> Self {
        let (enemies, friends): (Vec<PieceView>, Vec<PieceView>) =
            view::all(world).into_iter().partition(|p| p.side != side);
        let drumfire = world
            .try_query::<&crate::counters::HexMarker>()
            .map(|mut q| {
                q.iter(world)
                    .filter(|m| m.kind == crate::counters::HexMarkerKind::Drumfire)
                    .map(|m| m.hex)
                    .collect()
            })
            .unwrap_or_default();
        let turns = world.resource::<crate::scenario::ScenarioInfo>().turns;
        let turn = world.resource::<crate::flow::Turn>().0;
        let mut drumfire: Vec<Hex> = drumfire;
        if *world.resource::<State<Phase>>().get() != Phase::Setup {
            drumfire.extend(
                super::setup::filed_plan(world, side)
                    .iter()
                    .filter_map(|a| match &a.mission {
                        super::orders::Mission::PlannedFire { targets } => targets
                            .get(usize::from(turn))
                            .and_then(|t| t.as_deref())
                            .and_then(crate::scenario::hex_of),
                        _ => None,
                    }),
            );
        }
        let threats = enemies
            .iter()
            .filter(|p| !p.is_leader() && !p.demoralized)
            .filter_map(|p| {
                // Direct fire only: guns on Open Sights see too far to steer by.
                let v = p.face.direct?;
                let ready = !(p.moved || p.fired || p.done || p.disrupted);
                (v.strength > 0).then(|| {
                    (
                        p.hex,
                        view::halved(v.strength, p),
                        u32::from(v.range),
                        ready,
                    )
                })
            })
            .collect();
        let own: Vec<PieceView> = friends.iter().filter(|p| !p.is_leader()).cloned().collect();
        let leaders: Vec<PieceView> = friends.iter().filter(|p| p.is_leader()).cloned().collect();
        let sent = send_leaders(&own, &leaders);
        Ctx {
            side,
            sent,
            threats,
            danger: Default::default(),
            objectives: crate::map::objectives(world),
            enemies,
            leaders,
            friends: own,
            drumfire,
            horizon: 4.0 * f32::from(turns.saturating_sub(turn) + 1) + 2.0,
        }
    }

    /// What standing in `hex` may cost: the enemy direct fire that can reach it
    /// (adjacent, or in range and sight), about one step lost for every 25 points of
    /// strength, less in cover.
    fn danger(&self, board: &Board, hex: Hex) -> f32 {
        if let Some(d) = self.danger.borrow().get(&hex) {
            return *d;
        }
        let strength: u32 = self
            .threats
            .iter()
            .filter(|(from, _, range, _)| reaches(board, *from, *range, hex))
            .map(|(_, s, _, _)| s)
            .sum();
        let cover = board.cell(hex).is_some_and(|c| c.cover);
        let d = strength as f32 * 0.03 * if cover { 0.7 } else { 1.0 };
        self.danger.borrow_mut().insert(hex, d);
        d
    }

    /// What a move along `path` may cost in Opportunity Fire: every enemy unit that
    /// can still fire this turn and sees a hex of it fires once, with the bonus for
    /// a target moving in the open.
    fn exposure(&self, board: &Board, path: &[Hex]) -> f32 {
        let strength: u32 = self
            .threats
            .iter()
            .filter(|(from, _, range, ready)| {
                *ready && path.iter().any(|h| reaches(board, *from, *range, *h))
            })
            .map(|(_, s, _, _)| s + 2)
            .sum();
        strength as f32 * 0.03
    }

    /// A piece on the map as read with the rest ([`view::by_id`] without reading the
    /// world again: the scores look pieces up for every order listed).
    fn piece(&self, id: &str) -> Option<&PieceView> {
        self.friends
            .iter()
            .chain(&self.leaders)
            .chain(&self.enemies)
            .find(|p| p.id == id)
    }

    fn on_objective(&self, hex: Hex) -> Option<(u32, Option<u8>)> {
        self.objectives
            .iter()
            .find(|(h, _, _)| *h == hex)
            .map(|(_, p, held)| (*p, *held))
    }
}

/// Leaders to send to units that have none: a unit that can move with no leader of
/// its type beside it cannot close on the enemy. A leader whose every unit beside him
/// has another leader too (or who has none) is free; each free leader, in id order,
/// goes to the nearest such unit not yet covered by another.
fn send_leaders(units: &[PieceView], leaders: &[PieceView]) -> Vec<(String, Hex)> {
    let beside = |l: &PieceView, u: &PieceView| {
        l.leader_type() == u.leader_type() && l.hex.unsigned_distance_to(u.hex) <= 1
    };
    let movable = || {
        units
            .iter()
            .filter(|u| u.face.movement > 0 && !u.demoralized)
    };
    let mut wanting: Vec<&PieceView> = movable()
        .filter(|u| !leaders.iter().any(|l| beside(l, u)))
        .collect();
    let mut sent = Vec::new();
    let mut free: Vec<&PieceView> = leaders
        .iter()
        .filter(|l| !l.demoralized)
        .filter(|l| {
            movable()
                .filter(|u| beside(l, u))
                .all(|u| leaders.iter().any(|o| o.id != l.id && beside(o, u)))
        })
        .collect();
    free.sort_by(|a, b| a.id.cmp(&b.id));
    for l in free {
        let Some(u) = wanting
            .iter()
            .filter(|u| u.leader_type() == l.leader_type())
            .min_by_key(|u| (u.hex.unsigned_distance_to(l.hex), u.id.clone()))
            .map(|u| u.hex)
        else {
            continue;
        };
        sent.push((l.id.clone(), u));
        wanting.retain(|w| w.hex.unsigned_distance_to(u) > 2);
    }
    sent
}

/// Can direct fire from `from` with this range reach `hex`: adjacent, or in range and sight.
fn reaches(board: &Board, from: Hex, range: u32, hex: Hex) -> bool {
    let d = from.unsigned_distance_to(hex);
    d == 1 || (d > 1 && d <= range && board.line_of_sight(from, hex))
}

/// The steps of the units (leaders take none) among `pieces`.
fn unit_steps(pieces: &[PieceView]) -> usize {
    pieces
        .iter()
        .filter(|p| !p.is_leader())
        .map(|p| usize::from(p.steps.current))
        .sum()
}

/// A fire's worth from its exact odds: the expected steps lost (no more than the
/// `steps` there are), a quarter for each piece Disrupted and a half for each
/// Demoralized, half as much again on an objective.
fn fire_value(odds: &fire::FireOdds, steps: usize, on_objective: bool) -> f32 {
    let rolls = odds.results.rolls.max(1) as f32;
    let steps: f32 = odds
        .step_losses
        .iter()
        .enumerate()
        .map(|(k, n)| k.min(steps) as f32 * *n as f32)
        .sum::<f32>()
        / rolls;
    let shaken: f32 = odds
        .pieces
        .iter()
        .map(|p| {
            let all = p.morale_ways.iter().sum::<u32>().max(1) as f32;
            (p.morale_ways[1] as f32 * 0.25 + p.morale_ways[2] as f32 * 0.5) / all
        })
        .sum();
    (steps + shaken) * if on_objective { 1.5 } else { 1.0 }
}

/// The pull of the objectives on a unit in `hex`: the best of those its side does not
/// hold, worth less the more friends are nearer to it already (so the units spread
/// over the objectives) and nothing beyond the distance left to cover before the end,
/// and most from beside one the enemy defends, where the assault starts.
/// A unit on an objective its side holds with the enemy near stays as its garrison
/// (the more friends there, the less each is needed).
fn pull(ctx: &Ctx, p: &PieceView, hex: Hex) -> f32 {
    let mut best = 0.0f32;
    for (o, points, held) in &ctx.objectives {
        let d = o.unsigned_distance_to(hex);
        let pts = *points as f32;
        if *held == Some(p.side) {
            let threatened = ctx
                .enemies
                .iter()
                .any(|e| !e.is_leader() && e.hex.unsigned_distance_to(*o) <= 5);
            if d == 0 && threatened {
                let others = ctx
                    .friends
                    .iter()
                    .filter(|f| f.id != p.id && f.hex == *o)
                    .count() as f32;
                best = best.max(0.5 * pts / (1.0 + others));
            }
            continue;
        }
        let ahead = ctx
            .friends
            .iter()
            .filter(|f| f.id != p.id && f.hex.unsigned_distance_to(*o) < d)
            .count() as f32;
        let mut near = (1.0 - d as f32 / ctx.horizon).max(0.0);
        // Beside an objective the enemy defends, with a leader of its type beside it
        // too, a unit can assault from its next activation on: worth the more, so
        // that the attack closes in rather than waiting two hexes out, where the pull
        // alone barely outweighs the fire it would walk into.
        let defended = ctx.enemies.iter().any(|e| e.hex == *o);
        if d == 1 && defended && led_at(ctx, p, hex) {
            near += 0.4;
        }
        best = best.max(pts / (1.0 + 0.5 * ahead) * near);
    }
    best
}

/// Whether a leader of `p`'s type, not Demoralized, stands in or beside `hex`.
fn led_at(ctx: &Ctx, p: &PieceView, hex: Hex) -> bool {
    let kind = p.leader_type();
    ctx.leaders
        .iter()
        .any(|l| l.leader_type() == kind && !l.demoralized && l.hex.unsigned_distance_to(hex) <= 1)
}

/// How good it is for `p` to stand in `hex`. A unit: the objectives' pull, cover,
/// an enemy within its range, never a Drumfire hex. A leader: beside the units of his
/// type that he will activate next, then the objectives.
fn standing(world: &World, ctx: &Ctx, p: &PieceView, hex: Hex) -> f32 {
    let drumfire = if ctx.drumfire.contains(&hex) {
        3.0
    } else {
        0.0
    };
    if p.is_leader() {
        // Units that can move, of his type: those beside him count fully, those
        // farther less the farther they are, and those with no other leader beside
        // them three times as much, so leaders go where they are wanted.
        let kind = p.leader_type();
        let mut led = 0.0;
        let mut beside = 0;
        for f in ctx
            .friends
            .iter()
            .filter(|f| f.leader_type() == kind && f.face.movement > 0)
        {
            let d = f.hex.unsigned_distance_to(hex);
            let other = ctx.leaders.iter().any(|l| {
                l.id != p.id && l.leader_type() == kind && l.hex.unsigned_distance_to(f.hex) <= 1
            });
            let near = if d <= 1 { 1.0 } else { 0.6 / d as f32 };
            led += near * if other { 0.3 } else { 1.0 };
            beside += usize::from(d <= 1);
        }
        let exposed = beside == 0
            && ctx
                .enemies
                .iter()
                .any(|e| !e.is_leader() && e.hex.unsigned_distance_to(hex) <= 1);
        let going = ctx
            .sent
            .iter()
            .find(|(id, _)| *id == p.id)
            .map_or(0.0, |(_, to)| 0.15 * to.unsigned_distance_to(hex) as f32);
        return 0.4 * led.min(4.0) + 0.3 * pull(ctx, p, hex)
            - going
            - if exposed { 1.0 } else { 0.0 }
            - drumfire;
    }
    let board = world.resource::<Board>();
    let mut score = pull(ctx, p, hex) - drumfire - ctx.danger(board, hex);
    if let Some(d) = p.face.direct
        && ctx
            .enemies
            .iter()
            .any(|e| !e.is_leader() && e.hex.unsigned_distance_to(hex) <= u32::from(d.range))
    {
        score += 0.2;
    }
    // A unit with no leader of its type beside it cannot close on the enemy: it
    // makes for the nearest one.
    let kind = p.leader_type();
    let led = |at: Hex| {
        ctx.leaders
            .iter()
            .filter(|l| l.leader_type() == kind && !l.demoralized)
            .map(|l| l.hex.unsigned_distance_to(at))
            .min()
    };
    if let (Some(now), Some(there)) = (led(p.hex), led(hex))
        && now > 1
    {
        score -= 0.1 * there as f32;
    }
    if board.cell(hex).is_some_and(|c| c.cover) {
        score += 0.15;
    }
    score
}

/// What an order is worth to the computer's side, the higher the better.
fn score(world: &World, ctx: &Ctx, o: &GwOrder) -> f32 {
    let side = ctx.side;
    let piece = |id: &str| view::by_id(world, id);
    let hex = |l: &str| crate::scenario::hex_of(l);
    match o {
        GwOrder::Fire { firers, target, .. } => {
            hex(target).map_or(f32::MIN, |t| fire_score(world, ctx, firers, t))
        }
        GwOrder::OpportunityFire { firers, .. } => match &world.resource::<GwState>().prompt {
            Some(Prompt::OpportunityFire { hex: t, .. }) => fire_score(world, ctx, firers, *t),
            _ => f32::MIN,
        },
        GwOrder::HoldFire { .. } => 0.1,
        GwOrder::Assault { pieces, target, .. } => assault_score(world, ctx, pieces, target),
        GwOrder::TakeStepLoss { piece: id, .. } => piece(id).map_or(f32::MIN, |p| -worth(&p)),
        GwOrder::Recover { piece: id, .. } => match piece(id) {
            Some(p) if p.demoralized => 1.2,
            Some(p) if p.disrupted => 0.6,
            _ => f32::MIN,
        },
        GwOrder::Move { pieces, path, .. } => move_score(world, ctx, pieces, path),
        GwOrder::Activate { piece: id, .. } => {
            let chain = super::preview::chain(world, id);
            let shaken = piece(id).is_some_and(|p| p.disrupted || p.demoralized);
            0.2 + 0.25 * chain.len() as f32 + if shaken { 0.5 } else { 0.0 }
        }
        GwOrder::ActivateStack { hex: h, .. } => {
            let n = hex(h).map_or(0, |h| {
                view::in_hex(world, h)
                    .into_iter()
                    .filter(|p| p.side == side)
                    .count()
            });
            0.2 + 0.2 * n as f32
        }
        // Mounting, loading and unloading: left to people for now.
        GwOrder::MountOrDismount { .. } | GwOrder::Load { .. } | GwOrder::Unload { .. } => -1.0,
        GwOrder::Plan { .. } | GwOrder::SealPlan { .. } | GwOrder::OpenPlan { .. } => 0.0,
    }
}

/// A fire by `firers` at hex `t`: what its odds take from the enemy there.
fn fire_score(world: &World, ctx: &Ctx, firers: &[String], t: Hex) -> f32 {
    match super::preview::fire_preview(world, firers, t) {
        Ok((_, odds)) => {
            let there: Vec<PieceView> = view::in_hex(world, t)
                .into_iter()
                .filter(|p| p.side != ctx.side)
                .collect();
            fire_value(&odds, unit_steps(&there), ctx.on_objective(t).is_some()) - 0.02
        }
        Err(_) => f32::MIN,
    }
}

/// An assault by `pieces` on `target`: the attack's worth less the defence's, and the
/// objective's points as likely as the hex is to fall.
fn assault_score(world: &World, ctx: &Ctx, pieces: &[String], target: &str) -> f32 {
    let side = ctx.side;
    let piece = |id: &str| view::by_id(world, id);
    let (Some(t), Some(lead)) = (
        crate::scenario::hex_of(target),
        pieces.first().and_then(|id| piece(id)),
    ) else {
        return f32::MIN;
    };
    let ours: Vec<PieceView> = pieces.iter().filter_map(|id| piece(id)).collect();
    let theirs: Vec<PieceView> = view::in_hex(world, t)
        .into_iter()
        .filter(|p| p.side != side)
        .collect();
    let objective = ctx.on_objective(t).is_some();
    let (attack, clears) = fire::plan_assault(world, side, &ours, t, 0, true, "Assault")
        .map(|plan| {
            let odds = fire::odds(world, &plan, 1 - side.min(1));
            // The hex falls when every step of its defending units is lost.
            let steps = unit_steps(&theirs);
            let ways: u32 = odds.step_losses.iter().skip(steps.max(1)).sum();
            (
                fire_value(&odds, steps, objective),
                ways as f32 / odds.results.rolls.max(1) as f32,
            )
        })
        .unwrap_or((0.0, 0.0));
    let defence = fire::plan_assault(
        world,
        1 - side.min(1),
        &theirs,
        lead.hex,
        0,
        false,
        "Assault",
    )
    .map(|plan| fire_value(&fire::odds(world, &plan, side), unit_steps(&ours), false))
    .unwrap_or(0.0);
    // An objective taken from the enemy changes the score by twice its points.
    let prize = ctx.on_objective(t).map_or(0.0, |(points, held)| {
        points as f32
            * if held.is_some_and(|h| h != side) {
                2.0
            } else {
                1.0
            }
    });
    attack - defence + clears * prize
}

/// A move of `pieces` along `path`: the standing they gain, the objectives they
/// take, less the fire they walk under and a little for each hex.
fn move_score(world: &World, ctx: &Ctx, pieces: &[String], path: &[String]) -> f32 {
    let side = ctx.side;
    let steps: Vec<Hex> = path
        .iter()
        .filter_map(|l| crate::scenario::hex_of(l))
        .collect();
    let (Some(to), Some(first)) = (steps.last(), pieces.first().and_then(|id| ctx.piece(id)))
    else {
        return f32::MIN;
    };
    let movers: Vec<&PieceView> = pieces.iter().filter_map(|id| ctx.piece(id)).collect();
    let gain: f32 = movers
        .iter()
        .map(|p| standing(world, ctx, p, *to) - standing(world, ctx, p, first.hex))
        .sum();
    // Entering an objective takes it: its points change hands.
    let takes = movers.iter().any(|p| !p.is_leader());
    let taken: f32 = if takes {
        ctx.objectives
            .iter()
            .filter(|(h, _, held)| *held != Some(side) && steps.contains(h))
            .map(|(_, points, held)| *points as f32 * if held.is_some() { 2.0 } else { 1.0 })
            .sum()
    } else {
        0.0
    };
    let exposure = ctx.exposure(world.resource::<Board>(), &steps) * movers.len() as f32;
    gain + taken - exposure - 0.005 * steps.len() as f32
}

/// The order the computer gives for `side` now, or `None` when it has none.
pub fn choose(world: &World, side: u8, salt: u64) -> Option<Order> {
    if *world.resource::<State<Phase>>().get() == Phase::Setup
        && world.resource::<GwState>().prompt.is_none()
    {
        // Its own plan; the scenario's, or every battery on Open Sights, should a
        // plotted one ever be refused.
        let own = super::plot::plot(world, side);
        let scenario = world
            .resource::<super::scenario::GwSides>()
            .get(side)
            .artillery_plan
            .clone();
        for missions in [own, scenario, super::setup::open_sights_plan(world, side)] {
            let order = Order::from(GwOrder::Plan { side, missions });
            if door::validate(world, &order).is_ok() {
                return Some(order);
            }
        }
    }
    let legal = super::candidates::candidates(world, side, salt);
    let ctx = Ctx::read(world, side);
    crate::players::best_or_pass(legal, 0.05, |o| {
        o.rules::<GwOrder>().map(|g| score(world, &ctx, g))
    })
}

/// Puts the other side's Artillery Plan out of sight in a copy of the game for the
/// Hard player ([`crate::rule_set::ComputerPlayer::disguise`]): its Planned Fire not
/// yet fired becomes NO FIRE, so a search from the copy expects no barrage it has not
/// seen. Before the missions are shown (the first Bombardment Phase, D-15), every one
/// of its batteries is on Open Sights and its factors fire nothing, whatever their
/// missions; after, the kinds and a Move mission's destination are public and stay.
pub fn disguise(world: &mut World, viewer: u8) {
    let turn = usize::from(world.resource::<crate::flow::Turn>().0);
    let phase = *world.resource::<State<Phase>>().get();
    // This turn's Planned Fire is public once its Bombardment Phase has come.
    let fired = turn >= 1 && phase != Phase::Setup && phase != super::INITIATIVE;
    let shown = turn > 1 || (turn == 1 && fired);
    let first_hidden = if fired { turn } else { turn.saturating_sub(1) };
    let owners: std::collections::BTreeMap<String, u8> = {
        let ids = world.resource::<crate::counters::PieceIds>();
        let state = world.resource::<GwState>();
        state
            .missions
            .keys()
            .filter_map(|id| {
                let side = match state.factors.get(id) {
                    Some((side, _)) => *side,
                    None => world.get::<crate::counters::Counter>(ids.get(id)?)?.side,
                };
                Some((id.clone(), side))
            })
            .collect()
    };
    let mut state = world.resource_mut::<GwState>();
    let state_factors: std::collections::BTreeSet<String> = state.factors.keys().cloned().collect();
    for (id, mission) in state.missions.iter_mut() {
        if owners.get(id).is_none_or(|s| *s == viewer) {
            continue;
        }
        let factor = state_factors.contains(id);
        match mission {
            Mission::PlannedFire { targets } => {
                for t in targets.iter_mut().skip(first_hidden) {
                    *t = None;
                }
                if !shown && !factor {
                    *mission = Mission::OpenSights;
                }
            }
            Mission::Move { .. } if !shown => *mission = Mission::OpenSights,
            Mission::Move { .. } | Mission::OpenSights => {}
        }
        if !shown && factor {
            *mission = Mission::PlannedFire {
                targets: Vec::new(),
            };
        }
    }
}

/// The order the computer gives for `side` now, then the others it valued best: what
/// the Hard player weighs. In the set-up, its plan alone.
pub fn shortlist(world: &World, side: u8, salt: u64) -> Vec<Order> {
    if *world.resource::<State<Phase>>().get() == Phase::Setup
        && world.resource::<GwState>().prompt.is_none()
    {
        return choose(world, side, salt).into_iter().collect();
    }
    let legal = super::candidates::candidates(world, side, salt);
    let ctx = Ctx::read(world, side);
    crate::players::ranked(legal, 0.05, crate::rule_set::SHORTLIST, |o| {
        o.rules::<GwOrder>().map(|g| score(world, &ctx, g))
    })
}

/// Every order the computer weighed for `side` now, with its value, best first (the
/// pass is worth 0.05): for tuning and for explaining a choice.
pub fn weighed(world: &World, side: u8, salt: u64) -> Vec<(Order, f32)> {
    let ctx = Ctx::read(world, side);
    let mut out: Vec<(Order, f32)> = super::candidates::candidates(world, side, salt)
        .into_iter()
        .map(|o| {
            let v = o.rules::<GwOrder>().map_or(0.05, |g| score(world, &ctx, g));
            (o, v)
        })
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}
