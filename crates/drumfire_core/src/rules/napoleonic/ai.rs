//! The computer player for the Napoleonic rules: it reads only what a player sees
//! (the map, the brigades, their markers; its own orders, not the enemy's), makes for
//! the objectives it does not hold, holds those it does, and starts a fight only when
//! the exact odds favour it.

use super::brigade::{Arm, Command, Formation};
use super::candidates::candidates;
use super::combat::{self, Row};
use super::state::{Fight, NpOrder};
use super::view::{self, Piece};
use super::{COMBAT, MOVEMENT, ORDERS};
use crate::flow::Phase;
use crate::orders::Order;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::Hex;

/// The computer player's order for `side` now.
pub fn choose(world: &World, side: u8) -> Option<Order> {
    let options = candidates(world, side);
    if options.is_empty() {
        return None;
    }
    let all = view::pieces(world);
    let goals = goals(world, side);
    let best = match *world.resource::<State<Phase>>().get() {
        ORDERS => return Some(orders(world, side, &all, &goals, &options)),
        MOVEMENT => options
            .iter()
            .map(|o| (movement_score(world, &all, &goals, o), o))
            .max_by_key(|(s, _)| *s),
        COMBAT => options
            .iter()
            .map(|o| (fight_score(world, o), o))
            .max_by_key(|(s, _)| *s),
        _ => None,
    };
    match best {
        Some((score, o)) if score > 0 => Some(o.clone()),
        _ => Some(Order::Pass { side }),
    }
}

/// Where the side's brigades make for: the objectives it does not hold, or, when it
/// holds them all, the objectives themselves (to stand on them).
fn goals(world: &World, side: u8) -> Vec<Hex> {
    let mut objectives = crate::map::objectives(world);
    objectives.sort_by_key(|(h, ..)| crate::coords::MapCoord::from_hex(*h));
    let wanted: Vec<Hex> = objectives
        .iter()
        .filter(|(_, _, held)| *held != Some(side))
        .map(|(h, ..)| *h)
        .collect();
    if wanted.is_empty() {
        objectives.into_iter().map(|(h, ..)| h).collect()
    } else {
        wanted
    }
}

/// How far a hex is from the nearest goal (or from the nearest enemy, with no goal).
fn distance_to_goal(all: &[Piece], goals: &[Hex], side: u8, hex: Hex) -> u32 {
    goals
        .iter()
        .map(|g| g.unsigned_distance_to(hex))
        .min()
        .or_else(|| {
            all.iter()
                .filter(|p| p.side != side)
                .map(|p| p.hex.unsigned_distance_to(hex))
                .min()
        })
        .unwrap_or(0)
}

fn nearest_enemy(all: &[Piece], side: u8, hex: Hex) -> u32 {
    all.iter()
        .filter(|p| p.side != side && !p.routed)
        .map(|p| p.hex.unsigned_distance_to(hex))
        .min()
        .unwrap_or(99)
}

/// The side's orders: Attack for a brigade that stands next to an enemy it would beat
/// hand to hand, Hold for one that stands on a goal it holds, Engage otherwise (to move
/// and fire); each as near as the one-step rule allows.
fn orders(world: &World, side: u8, all: &[Piece], goals: &[Hex], options: &[Order]) -> Order {
    let mut wanted: Vec<(String, Command)> = Vec::new();
    for p in all.iter().filter(|p| p.side == side && !p.routed) {
        let on_goal_held = goals.contains(&p.hex)
            && crate::map::objectives(world)
                .iter()
                .any(|(h, _, held)| *h == p.hex && *held == Some(side));
        let reach = if p.arm == Arm::Cavalry { 4 } else { 2 };
        // In the last two turns a brigade attacks the enemy on an objective its side
        // does not hold even at odds a little against it: there is no later.
        let last_turns = {
            let turn = world.resource::<crate::flow::Turn>().0;
            let turns = world.resource::<crate::scenario::ScenarioInfo>().turns;
            turn + 2 > turns
        };
        let would_win = all.iter().any(|e| {
            let needed = if last_turns && goals.contains(&e.hex) {
                -18
            } else {
                0
            };
            e.side != side
                && !e.routed
                && e.hex.unsigned_distance_to(p.hex) <= reach
                && attack_contest(world, p, e).is_some_and(|c| contest_value(c, p, e) > needed)
        });
        let want = if p.arm == Arm::Artillery {
            Command::Engage
        } else if on_goal_held {
            Command::Hold
        } else if would_win && !p.shaken {
            Command::Attack
        } else {
            Command::Engage
        };
        // One step a turn toward what it wants.
        let now = p.brigade.command;
        let step = if now.steps_to(want) > 1 {
            Command::Engage
        } else {
            want
        };
        wanted.push((p.id.clone(), step));
    }
    let o: Order = NpOrder::Orders {
        side,
        orders: wanted,
    }
    .into();
    if (super::INFO.validate)(world, &o).is_ok() {
        o
    } else {
        options[0].clone()
    }
}

/// A move's worth: hexes gained toward the goal; a formation change's worth: column
/// to go far, line to fight.
fn movement_score(world: &World, all: &[Piece], goals: &[Hex], o: &Order) -> i64 {
    let Some(o) = o.rules::<NpOrder>() else {
        return 0;
    };
    match o {
        NpOrder::Move {
            brigade,
            path,
            side,
            ..
        } => move_score(world, all, goals, *side, brigade, path),
        NpOrder::Form {
            brigade,
            formation,
            side,
        } => form_score(world, all, *side, brigade, *formation),
        _ => 0,
    }
}

/// What brigade `brigade` of `side` moving along `path` is worth: nearer the goals,
/// onto an objective, the fights it may meet beside the enemy, the guns it masks and
/// the fire it walks under.
fn move_score(
    world: &World,
    all: &[Piece],
    goals: &[Hex],
    side: u8,
    brigade: &str,
    path: &[String],
) -> i64 {
    let (Some(p), Some(to)) = (
        all.iter().find(|p| p.id == brigade),
        path.last().and_then(|l| crate::scenario::hex_of(l)),
    ) else {
        return 0;
    };
    if p.arm == Arm::Artillery {
        return gun_position(world, all, p, to) - gun_position(world, all, p, p.hex);
    }
    // Horse cannot fight for a village or wood: it makes for the objectives no
    // enemy holds in cover, else for the enemy in the open it could charge.
    let horse_goals;
    let goals = if p.arm == Arm::Cavalry {
        horse_goals = cavalry_goals(world, all, side, goals);
        &horse_goals[..]
    } else {
        goals
    };
    let before = i64::from(distance_to_goal(all, goals, side, p.hex));
    let after = i64::from(distance_to_goal(all, goals, side, to));
    let mut score = (before - after) * 10;
    // Onto an objective it does not hold: taken, as long as it stays.
    if goals.contains(&to) && !goals.contains(&p.hex) {
        score += 30;
    }
    let mut moved = p.clone();
    moved.hex = to;
    score += beside_score(world, all, side, p, &moved);
    if masks_guns(world, all, side, to) {
        score -= 8;
    }
    // Under the enemy's guns (or, for horse, its volleys): the casualties they
    // are expected to cause, unless it comes on to storm the guns (horse that
    // means to charge still takes the volley if the enemy fights first).
    if p.brigade.command != Command::Attack || p.arm == Arm::Cavalry {
        score -= under_fire(world, all, &moved) / 4;
    }
    if !view::in_the_open(world, to) {
        score += 2;
    }
    score
}

/// Next to an enemy: worth it only on Attack orders with the odds in its favour; a
/// column halting beside a line is shot to pieces. The sum over the enemies beside
/// `moved` (brigade `p` where it would stand) of the worse of its fight and theirs.
fn beside_score(world: &World, all: &[Piece], side: u8, p: &Piece, moved: &Piece) -> i64 {
    let to = moved.hex;
    let beside: Vec<&Piece> = all
        .iter()
        .filter(|e| e.side != side && !e.routed && e.hex.unsigned_distance_to(to) == 1)
        .collect();
    let mut score = 0;
    for e in &beside {
        let mine = if p.brigade.command == Command::Attack {
            attack_contest(world, moved, e)
        } else {
            fire_contest(world, moved, e)
        }
        .map(|c| contest_value(c, moved, e));
        // The enemy may start the fight too: count the worse of the two.
        let theirs = threat(world, e, moved).map(|c| -contest_value(c, e, moved));
        score += match (mine, theirs) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) => a,
            (None, Some(b)) => b.min(0),
            (None, None) => 0,
        } / 6;
    }
    score
}

/// What brigade `brigade` of `side` changing to `formation` is worth: a battery
/// deploys with targets in sight and limbers with none near, horse forms line near
/// the enemy, infantry forms square against horse and line for a fight.
fn form_score(world: &World, all: &[Piece], side: u8, brigade: &str, formation: Formation) -> i64 {
    let Some(p) = all.iter().find(|p| p.id == brigade) else {
        return 0;
    };
    let enemy = nearest_enemy(all, side, p.hex);
    let horse_near = all.iter().any(|e| {
        e.side != side
            && !e.routed
            && e.arm == Arm::Cavalry
            && e.brigade.command == Command::Attack
            && e.hex.unsigned_distance_to(p.hex) <= 4
    });
    match p.arm {
        Arm::Artillery => {
            let targets = all.iter().any(|e| {
                e.side != side
                    && !e.routed
                    && e.hex.unsigned_distance_to(p.hex) <= view::GUN_RANGE
                    && view::clear_line(world, p.hex, e.hex)
            });
            return match formation {
                // Last of the side's moves, so that its own brigades do not
                // step into the line of fire after it.
                Formation::Deployed if targets => 3,
                Formation::Limbered if enemy > view::GUN_RANGE + 1 => 5,
                _ => -1,
            };
        }
        Arm::Cavalry => {
            return match formation {
                Formation::Line if enemy <= 6 => 8,
                Formation::MarchColumn if enemy > 7 => 3,
                _ => -1,
            };
        }
        Arm::Infantry => {}
    }
    if horse_near && p.brigade.command != Command::Attack {
        return if formation == Formation::Square {
            15
        } else {
            -1
        };
    }
    match (p.brigade.formation, formation) {
        (Formation::Line, Formation::AttackColumn) if enemy > 3 => 5,
        (Formation::MarchColumn, Formation::AttackColumn) if enemy <= 4 => 6,
        (f, Formation::Line) if f.is_column() && enemy <= 2 => 12,
        (Formation::Square, Formation::Line) => 10,
        _ => -1,
    }
}

/// Would a brigade in `at` stand between one of its side's deployed batteries and an
/// enemy the battery can now see within its range?
fn masks_guns(world: &World, all: &[Piece], side: u8, at: Hex) -> bool {
    all.iter()
        .filter(|b| {
            b.side == side
                && b.arm == Arm::Artillery
                && b.brigade.formation == Formation::Deployed
                && !b.routed
        })
        .any(|b| {
            all.iter().any(|e| {
                e.side != side
                    && !e.routed
                    && e.hex.unsigned_distance_to(b.hex) <= view::GUN_RANGE
                    && view::clear_line(world, b.hex, e.hex)
                    && b.hex.line_to(e.hex).any(|h| h == at)
            })
        })
}

/// Casualties (times 36) the enemy is expected to cause `p` where it stands by fire it
/// needs no contest for: its deployed batteries in range and sight, and, for cavalry,
/// the volleys of infantry beside it on Engage or Hold orders.
fn under_fire(world: &World, all: &[Piece], p: &Piece) -> i64 {
    all.iter()
        .filter(|e| e.side != p.side && !e.routed)
        .filter_map(|e| {
            let guns = e.arm == Arm::Artillery
                && e.brigade.formation == Formation::Deployed
                && e.hex.unsigned_distance_to(p.hex) <= view::GUN_RANGE
                && view::clear_line(world, e.hex, p.hex);
            let volley = p.arm == Arm::Cavalry
                && e.arm == Arm::Infantry
                && e.brigade.command != Command::Attack
                && e.hex.unsigned_distance_to(p.hex) == 1;
            let fight = match (guns, volley) {
                (true, _) => Fight::Bombard,
                (_, true) => Fight::Volley,
                _ => return None,
            };
            let (dice, mods) = super::dice_fire_plan(world, fight, e, p);
            Some(i64::from(dice) * i64::from(combat::kill_faces(combat::total(&mods))) * 6)
        })
        .sum()
}

/// Where cavalry makes for: the side's goals that no enemy brigade holds in a
/// built-up area or wood; with none, the enemy brigades in the open.
fn cavalry_goals(world: &World, all: &[Piece], side: u8, goals: &[Hex]) -> Vec<Hex> {
    let in_cover = |h: &Hex| {
        !view::in_the_open(world, *h) && all.iter().any(|e| e.side != side && e.hex == *h)
    };
    let open: Vec<Hex> = goals.iter().copied().filter(|h| !in_cover(h)).collect();
    if !open.is_empty() {
        return open;
    }
    all.iter()
        .filter(|e| e.side != side && !e.routed && view::in_the_open(world, e.hex))
        .map(|e| e.hex)
        .collect()
}

/// How good a hex is for a battery: an enemy two or three hexes off that it can see,
/// no enemy beside it, and otherwise as near the enemy's range as it can come.
fn gun_position(world: &World, all: &[Piece], p: &Piece, at: Hex) -> i64 {
    let enemies: Vec<&Piece> = all
        .iter()
        .filter(|e| e.side != p.side && !e.routed)
        .collect();
    let nearest = enemies
        .iter()
        .map(|e| e.hex.unsigned_distance_to(at))
        .min()
        .unwrap_or(99);
    if nearest <= 1 {
        return -60;
    }
    let in_sight = enemies.iter().any(|e| {
        (2..=view::GUN_RANGE).contains(&e.hex.unsigned_distance_to(at))
            && view::clear_line(world, at, e.hex)
    });
    -10 * i64::from(nearest.saturating_sub(view::GUN_RANGE)) + if in_sight { 30 } else { 0 }
}

/// A fight's worth to the side starting it, in casualties expected (times 36).
fn fight_score(world: &World, o: &Order) -> i64 {
    let Some(NpOrder::Fight {
        brigade,
        target,
        fight,
        ..
    }) = o.rules::<NpOrder>()
    else {
        return 0;
    };
    let (Some(p), Some(t)) = (
        view::piece(world, brigade),
        crate::scenario::hex_of(target).and_then(|h| view::piece_at(world, h)),
    ) else {
        return 0;
    };
    match fight {
        Fight::Bombard | Fight::Volley => {
            let (dice, mods) = super::dice_fire_plan(world, *fight, &p, &t);
            let faces = i64::from(combat::kill_faces(combat::total(&mods)));
            let dice = i64::from(dice);
            // Casualties expected, and the chance the target fails the test after.
            let miss_all = (6 - faces).pow(dice as u32);
            let any = 36 - 36 * miss_all / 6i64.pow(dice as u32);
            dice * faces * 6 + any * morale_failure(&t) / 216
        }
        Fight::Skirmish => {
            let a = combat::skirmish_factors(
                &p.fighter(),
                &t.fighter(),
                super::skirmish_situation(world, &p, &t),
            );
            let d = combat::skirmish_factors(
                &t.fighter(),
                &p.fighter(),
                super::skirmish_situation(world, &t, &p),
            );
            let ka = i64::from(combat::kill_faces(combat::total(&a)));
            // A target on Attack orders does not skirmish back.
            let kd = if super::skirmishes_back(&t) {
                i64::from(combat::kill_faces(combat::total(&d)))
            } else {
                0
            };
            // "Only initiate skirmish combat if you have better skirmishers": never
            // unless its kills are likelier than the enemy's.
            if ka <= kd {
                return 0;
            }
            // A brigade hit tests its morale: the risk of failing it weighs as much as
            // a kill.
            let risk = |b: &Piece, killed: i64| -> i64 { killed * morale_failure(b) / 36 };
            (ka - kd) * 6 + risk(&t, ka) - risk(&p, kd)
        }
        f => f.contest().map_or(0, |c| contest_value(c, &p, &t)),
    }
}

/// Rolls in 36 of a morale test that leave the brigade Shaken or routed, times 6.
fn morale_failure(b: &Piece) -> i64 {
    let mods = combat::total(&super::morale_factors(b));
    let mut bad = 0;
    for x in 1..=6 {
        for y in 1..=6 {
            let outcome = super::morale_outcome(x + y + mods, b.shaken);
            if matches!(outcome, super::Morale::Shaken | super::Morale::Routs) {
                bad += 1;
            }
        }
    }
    bad * 6
}

/// The contest `p` fights with `e` on Attack orders, if it has one: a charge for
/// cavalry, hand to hand or the fight inside for infantry (a battery stormed).
fn attack_contest(world: &World, p: &Piece, e: &Piece) -> Option<combat::Contest> {
    let open = view::in_the_open(world, e.hex);
    match (p.arm, e.arm) {
        (Arm::Cavalry, _) if open => Some(combat::Contest::Charge),
        (Arm::Infantry, Arm::Artillery) => Some(combat::Contest::Assault),
        (Arm::Infantry, Arm::Infantry) if open => Some(combat::Contest::HandToHand),
        (Arm::Infantry, Arm::Infantry) => Some(combat::Contest::Inside),
        _ => None,
    }
}

/// The contest `p` fights with `e` on Engage or Hold orders, if it has one.
fn fire_contest(world: &World, p: &Piece, e: &Piece) -> Option<combat::Contest> {
    match (p.arm, e.arm) {
        (Arm::Infantry, Arm::Infantry) if view::in_the_open(world, e.hex) => {
            Some(combat::Contest::Firefight)
        }
        _ => None,
    }
}

/// The worst contest enemy `e` may start against `p` beside it.
fn threat(world: &World, e: &Piece, p: &Piece) -> Option<combat::Contest> {
    match e.brigade.command {
        Command::Attack => attack_contest(world, e, p),
        _ => fire_contest(world, e, p),
    }
}

/// The contest's expected worth to `p` (who starts it): casualties dealt less taken,
/// a rout worth three more and a retreat one more, over the 36 rolls.
fn contest_value(contest: combat::Contest, p: &Piece, t: &Piece) -> i64 {
    let plan = combat::plan(contest, &p.fighter(), &t.fighter());
    let ways = combat::row_ways(plan.difference);
    let mut value = 0i64;
    for (row, w) in Row::ALL.iter().zip(ways) {
        let (cw, cl) = row.casualties();
        let fate = match row {
            Row::WinnerRouts => -3,
            Row::WinnerRetires => -1,
            Row::Draw => 0,
            Row::LoserRetires => 1,
            Row::LoserRouts => 3,
        };
        let for_winner = i64::from(cl) - i64::from(cw) + fate;
        let mine = if plan.attacker_wins {
            for_winner
        } else {
            -for_winner
        };
        value += i64::from(w) * mine;
    }
    value
}
