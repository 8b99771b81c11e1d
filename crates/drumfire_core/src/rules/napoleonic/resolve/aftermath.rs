//! What the fights do to a brigade: casualties and dispersal, retiring Shaken, routing
//! and fleeing over the ground, and the morale test.

use super::super::brigade::Grade;
use super::*;
use crate::counters::{OffMap, OnHex, Stands};
use crate::flow::StepsLost;
use crate::map::HexIndex;

/// Marks the brigade Shaken; one on Attack orders drops to Engage at once.
/// Ours — N-29 in docs/rules/napoleonic.md: a Shaken brigade is never on Attack orders,
/// from the moment it is Shaken.
fn shake(world: &mut World, id: &str) {
    let Some(b) = view::piece(world, id) else {
        return;
    };
    add_marker(&mut world.entity_mut(b.entity), MarkerKind::Shaken);
    if b.brigade.command == Command::Attack {
        if let Some(s) = world.resource_mut::<NpState>().brigades.get_mut(id) {
            s.command = Command::Engage;
        }
        say(
            world,
            format!("{} is Shaken: its Attack orders drop to Engage.", b.name),
        );
    }
}

/// The brigade's entity while it is on the map.
pub(super) fn alive(world: &World, id: &str) -> Option<Entity> {
    view::piece(world, id).map(|p| p.entity)
}

/// `n` casualties: a battalion each, the rightmost standing first; a brigade with
/// none left is dispersed. Returns whether it is still on the map.
/// Ours — N-5 in docs/rules/napoleonic.md: casualties are battalions lost.
pub(super) fn casualties(world: &mut World, b: &Piece, n: u8) -> bool {
    let Some(e) = alive(world, &b.id) else {
        return false;
    };
    for _ in 0..n {
        let Some(mut stands) = world.get::<Stands>(e).cloned() else {
            break;
        };
        let Some(last) = stands.0.iter().rposition(|s| !s.lost) else {
            break;
        };
        let _ = stands.lose(last);
        let standing = stands.standing() as u8;
        let gone = standing == 0;
        world.entity_mut(e).insert(stands);
        // Ours — N-20 in docs/rules/napoleonic.md: each battalion lost is a victory
        // point to the enemy (the scenario's `step_loss_points`).
        let sides = world.resource::<SideList>().0.len();
        let mut lost = world.resource_mut::<StepsLost>();
        if lost.0.len() < sides {
            lost.0.resize(sides, 0);
        }
        if let Some(n) = lost.0.get_mut(usize::from(b.side)) {
            *n += 1;
        }
        note(
            world,
            GameEvent::StandLost {
                piece: b.id.clone(),
                stand: last as u8,
                standing,
            },
        );
        if gone {
            disperse(world, b);
            return false;
        }
    }
    true
}

/// The brigade leaves the map.
fn disperse(world: &mut World, b: &Piece) {
    let Some(e) = alive(world, &b.id) else {
        return;
    };
    let hex = world.get::<OnHex>(e).map_or(b.hex, |o| o.0);
    // Ours — N-20 in docs/rules/napoleonic.md: the battalions still standing are lost
    // with it, a point each to the enemy.
    let standing = world.get::<Stands>(e).map_or(0, |s| s.standing()) as u32;
    if standing > 0 {
        let sides = world.resource::<SideList>().0.len();
        let mut lost = world.resource_mut::<StepsLost>();
        if lost.0.len() < sides {
            lost.0.resize(sides, 0);
        }
        if let Some(n) = lost.0.get_mut(usize::from(b.side)) {
            *n += standing;
        }
    }
    world.resource_mut::<HexIndex>().remove(hex, e);
    world
        .entity_mut(e)
        .remove::<OnHex>()
        .insert(OffMap::Eliminated);
    say(world, format!("{} is dispersed.", b.name));
}

/// The free hexes next to brigade `b` that lie farther from `enemy`, each with what it
/// costs to enter, the cheapest first (open ground before a wood, a wood before a
/// marsh); a hex no brigade may enter (a river with no crossing), or a built-up area a
/// friend of `b` holds (N-34), is none of them.
/// Ours — N-32 in docs/rules/napoleonic.md: a brigade retires or flees over the ground.
fn away(world: &World, b: &view::Piece, enemy: Hex) -> Vec<(Hex, u8)> {
    let all = view::pieces(world);
    let mut out: Vec<(Hex, u8)> = crate::map::away_from(b.hex, enemy, |h| {
        view::cell(world, h).is_some_and(|c| {
            c.cost.is_some()
                && !(c.built_up && view::friend_inside(world, &all, b.side, &b.id, h).is_some())
        }) && view::piece_at(world, h).is_none()
    })
    .into_iter()
    .filter_map(|h| Some((h, view::cell(world, h)?.cost?)))
    .collect();
    // A stable sort: among hexes that cost the same, `away_from`'s order.
    out.sort_by_key(|(_, cost)| *cost);
    out
}

/// "Retires 4" Shaken": one hex away from the enemy, and Shaken; a brigade that cannot
/// retire takes a casualty more instead.
/// Ours — N-7 in docs/rules/napoleonic.md: retire and rout on hexes.
pub(super) fn retire(world: &mut World, id: &str, enemy: Hex) {
    let Some(b) = view::piece(world, id) else {
        return;
    };
    // Ours — N-30 in docs/rules/napoleonic.md: a brigade Shaken already routs instead,
    // as it would on a morale test (N-12).
    if b.shaken {
        say(
            world,
            format!(
                "{} is Shaken already: it routs instead of retiring.",
                b.name
            ),
        );
        rout(world, id, enemy);
        return;
    }
    // "Retires 4"": one hex, which a brigade may always take (N-31), the cheapest
    // to enter of those away from the enemy (N-32).
    match away(world, &b, enemy).first().copied() {
        Some((to, _)) => {
            put(world, b.entity, b.hex, to);
            say(
                world,
                format!("{} retires to {}, Shaken.", b.name, view::label(to)),
            );
            shake(world, id);
        }
        None => {
            say(
                world,
                format!("{} cannot retire: it loses another battalion.", b.name),
            );
            if casualties(world, &b, 1) {
                shake(world, id);
            }
        }
    }
}

/// "Routs": the Routed marker, and two hexes of flight away from the enemy; a brigade
/// that cannot flee is dispersed.
pub(super) fn rout(world: &mut World, id: &str, enemy: Hex) {
    let Some(b) = view::piece(world, id) else {
        return;
    };
    {
        let mut e = world.entity_mut(b.entity);
        remove_marker(&mut e, MarkerKind::Disordered);
        remove_marker(&mut e, MarkerKind::Shaken);
        add_marker(&mut e, MarkerKind::Routed);
    }
    say(world, format!("{} routs.", b.name));
    flee(world, id, enemy, 2);
}

/// A routed brigade runs `hexes` hexes of movement from the enemy, each hex paid at
/// what it costs to enter: the first hex always (N-31), then while the cheapest hex
/// farther away is within what is left; a wood or marsh slows the flight. A brigade
/// with no free hex farther from the enemy is dispersed.
/// Ours — N-32 in docs/rules/napoleonic.md: flight over the ground.
pub(super) fn flee(world: &mut World, id: &str, enemy: Hex, hexes: u8) {
    let mut spent = 0u8;
    while spent < hexes {
        let Some(b) = view::piece(world, id) else {
            return;
        };
        match away(world, &b, enemy).first().copied() {
            Some((to, cost)) if spent == 0 || spent + cost <= hexes => {
                put(world, b.entity, b.hex, to);
                say(world, format!("{} flees to {}.", b.name, view::label(to)));
                spent += cost;
            }
            Some(_) => {
                say(
                    world,
                    format!("{} is slowed by the ground: it flees no farther.", b.name),
                );
                return;
            }
            None => {
                say(world, format!("{} has nowhere to run.", b.name));
                disperse(world, &b);
                return;
            }
        }
    }
}

/// The morale test: 2d6 with the brigade's class, casualties and disorder; steady,
/// Disordered, Shaken, or routed.
/// Ours — N-12 in docs/rules/napoleonic.md: the morale test.
pub(super) fn morale_test(world: &mut World, b: &Piece) {
    let mods = morale_factors(b);
    let dice = roll(world, 2, format!("morale: {}", b.name));
    let score = i32::from(dice[0]) + i32::from(dice[1]) + combat::total(&mods);
    let outcome = morale_outcome(score, b.shaken);
    // The log reads the dice against what they need: 7 less the modifiers.
    note(
        world,
        GameEvent::MoraleChecked {
            piece: b.id.clone(),
            dice,
            plus: 0,
            morale: MORALE_STEADY - combat::total(&mods),
            outcome: outcome.name().to_owned(),
        },
    );
    match outcome {
        Morale::Steady => {}
        Morale::Disordered => add_marker(&mut world.entity_mut(b.entity), MarkerKind::Disordered),
        Morale::Shaken => shake(world, &b.id),
        Morale::Routs => {
            // The enemy it flees from: the nearest.
            let enemy = view::pieces(world)
                .into_iter()
                .filter(|o| o.side != b.side)
                .min_by_key(|o| o.hex.unsigned_distance_to(b.hex))
                .map_or(b.hex, |o| o.hex);
            rout(world, &b.id, enemy);
        }
    }
}

/// The score a morale test needs to stand steady.
pub const MORALE_STEADY: i32 = 7;

/// A morale test's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Morale {
    /// 7 or more.
    Steady,
    /// 5–6.
    Disordered,
    /// 3–4 (a brigade already Shaken routs).
    Shaken,
    /// 2 or less.
    Routs,
}

impl Morale {
    fn name(self) -> &'static str {
        match self {
            Morale::Steady => "steady",
            Morale::Disordered => "Disordered",
            Morale::Shaken => "Shaken",
            Morale::Routs => "routs",
        }
    }
}

/// The modifiers of a brigade's morale test, each with its cause.
pub fn morale_factors(b: &Piece) -> Vec<(i32, String)> {
    let mut out = Vec::new();
    match b.brigade.grades.class {
        Grade::A => out.push((1, "Class A".to_owned())),
        Grade::C => out.push((-1, "Class C".to_owned())),
        Grade::B => {}
    }
    if b.casualties() > 0 {
        out.push((-i32::from(b.casualties()), "Each casualty".to_owned()));
    }
    if b.disordered {
        out.push((-1, "Disordered".to_owned()));
    }
    out
}

/// The result of a morale test's score.
pub fn morale_outcome(score: i32, shaken: bool) -> Morale {
    match score {
        7.. => Morale::Steady,
        5..=6 => Morale::Disordered,
        3..=4 if shaken => Morale::Routs,
        3..=4 => Morale::Shaken,
        _ => Morale::Routs,
    }
}
