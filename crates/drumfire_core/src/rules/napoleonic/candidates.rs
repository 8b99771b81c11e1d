//! Every order a side may give now (in the Orders phase, a sample of whole sets of
//! orders: there are three to the power of its brigades).

use super::brigade::{Arm, Command};
use super::state::{Fight, NpOrder};
use super::validate::{check_orders, fight_check};
use super::view::{self, Piece};
use super::{COMBAT, MOVEMENT, ORDERS, awaiting};
use crate::flow::Phase;
use crate::orders::Order;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;

/// Orders worth considering for `side` now.
pub fn candidates(world: &World, side: u8) -> Vec<Order> {
    if awaiting(world) != Some(side) {
        return vec![];
    }
    let all = view::pieces(world);
    let mine: Vec<&Piece> = all.iter().filter(|p| p.side == side && !p.routed).collect();
    match *world.resource::<State<Phase>>().get() {
        ORDERS => orders_sample(world, side, &mine),
        MOVEMENT => {
            let mut out = vec![Order::Pass { side }];
            for p in &mine {
                for f in p.arm.formations().iter().copied() {
                    let o: Order = NpOrder::Form {
                        side,
                        brigade: p.id.clone(),
                        formation: f,
                    }
                    .into();
                    if (super::INFO.validate)(world, &o).is_ok() {
                        out.push(o);
                    }
                }
                for path in super::movement::reachable(world, p).into_values() {
                    out.push(
                        NpOrder::Move {
                            side,
                            brigade: p.id.clone(),
                            path: path.iter().map(|h| view::label(*h)).collect(),
                        }
                        .into(),
                    );
                }
            }
            out
        }
        COMBAT => {
            let mut out = vec![Order::Pass { side }];
            for p in &mine {
                for e in all.iter().filter(|e| e.side != side) {
                    for fight in Fight::ALL {
                        if fight_check(world, p, e, fight).is_ok() {
                            out.push(
                                NpOrder::Fight {
                                    side,
                                    brigade: p.id.clone(),
                                    target: view::label(e.hex),
                                    fight,
                                }
                                .into(),
                            );
                        }
                    }
                }
            }
            out
        }
        _ => vec![],
    }
}

/// Whole sets of orders: every brigade as it is, every brigade a step toward Attack,
/// every brigade a step toward Hold, and each brigade alone changed by a step.
fn orders_sample(world: &World, side: u8, mine: &[&Piece]) -> Vec<Order> {
    let keep: Vec<(String, Command)> = mine
        .iter()
        .map(|p| (p.id.clone(), p.brigade.command))
        .collect();
    let toward = |p: &Piece, attack: bool| {
        let to = match (p.brigade.command, attack) {
            (Command::Hold, true) => Command::Engage,
            (Command::Engage, true) => Command::Attack,
            (Command::Engage, false) => Command::Hold,
            (Command::Attack, false) => Command::Engage,
            (c, _) => c,
        };
        if p.arm.commands().contains(&to) {
            to
        } else {
            p.brigade.command
        }
    };
    let mut sets = vec![keep.clone()];
    for attack in [true, false] {
        sets.push(
            mine.iter()
                .map(|p| (p.id.clone(), toward(p, attack)))
                .collect(),
        );
    }
    for (i, p) in mine.iter().enumerate() {
        for attack in [true, false] {
            let mut one = keep.clone();
            one[i].1 = toward(p, attack);
            sets.push(one);
        }
    }
    let mut out: Vec<Order> = Vec::new();
    for orders in sets {
        // A Shaken brigade stays where it is rather than take Attack.
        let orders: Vec<(String, Command)> = orders
            .into_iter()
            .map(|(id, c)| {
                let shaken = mine.iter().any(|p| p.id == id && p.shaken);
                if shaken && c == Command::Attack {
                    (id, Command::Engage)
                } else {
                    (id, c)
                }
            })
            .collect();
        if check_orders(world, side, &orders).is_err() {
            continue;
        }
        let o: Order = NpOrder::Orders { side, orders }.into();
        if !out.contains(&o) {
            out.push(o);
        }
    }
    out
}

/// What a player might try with brigade `id` of `side` now
/// ([`crate::rule_set::RuleSet::tries`]): in the Orders phase the side's orders with
/// every brigade's order kept (a Shaken one's Attack made Engage); in the Movement
/// phase a move one hex toward the nearest enemy and a change of formation; in the
/// Combat phase the fight its arm and order would start with each of the nearest
/// enemies ([`natural_fight`]).
pub fn tries(world: &World, side: u8, id: &str) -> Vec<NpOrder> {
    let all = view::pieces(world);
    let Some(p) = all.iter().find(|p| p.id == id && p.side == side) else {
        return Vec::new();
    };
    let enemies = all.iter().filter(|e| e.side != side).collect();
    let near = crate::rule_set::nearest(p.hex, enemies, |e: &&Piece| (e.hex, e.id.as_str()));
    let brigade = || p.id.clone();
    match *world.resource::<State<Phase>>().get() {
        ORDERS => {
            let orders = all
                .iter()
                .filter(|b| b.side == side && (!b.routed || b.id == p.id))
                .map(|b| match b.brigade.command {
                    Command::Attack if b.shaken => (b.id.clone(), Command::Engage),
                    c => (b.id.clone(), c),
                })
                .collect();
            vec![NpOrder::Orders { side, orders }]
        }
        MOVEMENT => {
            let toward = near
                .first()
                .and_then(|e| crate::rule_set::step_toward(p.hex, e.hex));
            let mut out: Vec<NpOrder> = toward
                .map(|h| NpOrder::Move {
                    side,
                    brigade: brigade(),
                    path: vec![view::label(h)],
                })
                .into_iter()
                .collect();
            let other = p.arm.formations().iter().copied();
            out.extend(
                other
                    .filter(|f| *f != p.brigade.formation)
                    .take(1)
                    .map(|formation| NpOrder::Form {
                        side,
                        brigade: brigade(),
                        formation,
                    }),
            );
            out
        }
        COMBAT => near
            .iter()
            .map(|e| NpOrder::Fight {
                side,
                brigade: brigade(),
                target: view::label(e.hex),
                fight: natural_fight(world, p, e),
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The fight brigade `p` would start with `enemy`: a battery bombards, cavalry
/// charges; infantry storms a battery on Attack orders and volleys at one otherwise,
/// volleys at cavalry, and against infantry fights inside a built-up area or wood,
/// hand to hand on Attack orders, a firefight beside it, a skirmish farther off.
fn natural_fight(world: &World, p: &Piece, enemy: &Piece) -> Fight {
    let attack = p.brigade.command == Command::Attack;
    match (p.arm, enemy.arm) {
        (Arm::Artillery, _) => Fight::Bombard,
        (Arm::Cavalry, _) => Fight::Charge,
        (_, Arm::Artillery) if attack => Fight::Assault,
        (_, Arm::Artillery | Arm::Cavalry) => Fight::Volley,
        _ if !view::in_the_open(world, enemy.hex) => Fight::Inside,
        _ if attack => Fight::HandToHand,
        _ if p.hex.unsigned_distance_to(enemy.hex) == 1 => Fight::Firefight,
        _ => Fight::Skirmish,
    }
}
