//! What the Napoleonic rules allow: each order checked against the phase, the side
//! to act, the brigade's order and formation, and the seed's conditions for each fight.

use super::brigade::{Arm, Command, Formation};
use super::state::{Fight, NpOrder, NpState};
use super::view::{self, Piece};
use super::{COMBAT, MOVEMENT, ORDERS, acting, refuse};
use crate::flow::Phase;
use crate::orders::Refusal;
use crate::scenario::SideList;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;

/// May `side` give its orders sealed now (a game between two machines)? In the Orders
/// phase, when it has not given them: they are opened once every side has given its own.
pub fn may_seal(world: &World, side: u8) -> Result<(), Refusal> {
    if *world.resource::<State<Phase>>().get() != ORDERS {
        return refuse("Orders are given in the Orders phase.");
    }
    if world.resource::<NpState>().given.contains_key(&side) {
        return refuse("This side has given its orders for the turn.");
    }
    Ok(())
}

/// May `side` pass now: in the Movement and Combat phases, when it is to act.
pub fn pass(world: &World, side: u8) -> Result<(), Refusal> {
    let phase = *world.resource::<State<Phase>>().get();
    if !matches!(phase, MOVEMENT | COMBAT) {
        return refuse("Only the Movement and Combat phases end by passing.");
    }
    let sides = world.resource::<SideList>().0.len() as u8;
    to_act(world.resource::<NpState>(), sides, side)
}

/// Napoleonic checks of an order beyond the core's.
pub fn validate(world: &World, o: &NpOrder) -> Result<(), Refusal> {
    let phase = *world.resource::<State<Phase>>().get();
    let state = world.resource::<NpState>();
    let sides = world.resource::<SideList>().0.len() as u8;
    let side = o.side();
    match o {
        NpOrder::Orders { side, orders } => {
            if phase != ORDERS {
                return refuse("Orders are given in the Orders phase.");
            }
            if state.given.contains_key(side) {
                return refuse("This side has given its orders for the turn.");
            }
            check_orders(world, *side, orders).map_err(Refusal)
        }
        NpOrder::Move { brigade, path, .. } => {
            if phase != MOVEMENT {
                return refuse("Brigades move in the Movement phase.");
            }
            to_act(state, sides, side)?;
            let p = own(world, side, brigade)?;
            let path: Vec<hexx::Hex> = path
                .iter()
                .map(|l| {
                    crate::scenario::hex_of(l).ok_or_else(|| Refusal(format!("`{l}` is not a hex")))
                })
                .collect::<Result<_, _>>()?;
            movement_check(world, &p, &path)
        }
        NpOrder::Form {
            brigade, formation, ..
        } => {
            if phase != MOVEMENT {
                return refuse("Brigades change formation in the Movement phase.");
            }
            to_act(state, sides, side)?;
            let p = own(world, side, brigade)?;
            if p.routed {
                return refuse(format!("{} is routed: it cannot form up", p.name));
            }
            if state.moved.contains(&p.id) {
                return refuse(format!(
                    "{} has moved or changed formation this turn",
                    p.name
                ));
            }
            if p.brigade.formation == *formation {
                return refuse(format!("{} is in {} already", p.name, formation.name()));
            }
            if !p.arm.formations().contains(formation) {
                return refuse(format!(
                    "{} is {}: it cannot form {}",
                    p.name,
                    p.arm.name(),
                    formation.name().to_lowercase()
                ));
            }
            Ok(())
        }
        NpOrder::Fight {
            brigade,
            target,
            fight,
            ..
        } => {
            if phase != COMBAT {
                return refuse("Fights are started in the Combat phase.");
            }
            to_act(state, sides, side)?;
            let p = own(world, side, brigade)?;
            let t = crate::scenario::hex_of(target)
                .ok_or_else(|| Refusal(format!("`{target}` is not a hex")))?;
            let enemy = view::piece_at(world, t)
                .filter(|e| e.side != side)
                .ok_or_else(|| Refusal(format!("There is no enemy brigade in {target}.")))?;
            fight_check(world, &p, &enemy, *fight).map_err(Refusal)
        }
    }
}

fn movement_check(world: &World, p: &Piece, path: &[hexx::Hex]) -> Result<(), Refusal> {
    super::movement::check_path(world, p, path).map_err(Refusal)
}

/// Is it `side`'s turn to act in this phase?
fn to_act(state: &NpState, sides: u8, side: u8) -> Result<(), Refusal> {
    match acting(state, sides) {
        Some(s) if s == side => Ok(()),
        Some(_) => refuse("It is the other side's turn."),
        None => refuse("No side is to act now."),
    }
}

/// The side's own brigade on the map.
fn own(world: &World, side: u8, id: &str) -> Result<Piece, Refusal> {
    match view::piece(world, id) {
        Some(p) if p.side == side => Ok(p),
        Some(p) => refuse(format!("{} is not this side's brigade.", p.name)),
        None => refuse(format!("There is no brigade `{id}` on the map.")),
    }
}

/// A side's orders for the turn: one for each of its brigades on the map that is not
/// routed, and no other; each changed by one step at most, and Attack never for a
/// Shaken brigade.
/// Ours — N-3 in docs/rules/napoleonic.md: how orders change.
pub fn check_orders(world: &World, side: u8, orders: &[(String, Command)]) -> Result<(), String> {
    let mine: Vec<Piece> = view::pieces(world)
        .into_iter()
        .filter(|p| p.side == side && !p.routed)
        .collect();
    for (id, command) in orders {
        let Some(p) = mine.iter().find(|p| &p.id == id) else {
            if let Some(r) = view::piece(world, id).filter(|r| r.side == side && r.routed) {
                return Err(format!(
                    "{} is routed: it takes no orders until it rallies",
                    r.name
                ));
            }
            return Err(format!(
                "`{id}` is not one of this side's brigades that takes orders"
            ));
        };
        if orders.iter().filter(|(o, _)| o == id).count() > 1 {
            return Err(format!("{} is given two orders", p.name));
        }
        let from = p.brigade.command;
        if from.steps_to(*command) > 1 {
            return Err(format!(
                "{} is on {} orders: an order changes by one step a turn (Hold, Engage, Attack), not to {}",
                p.name,
                from.name(),
                command.name()
            ));
        }
        if !p.arm.commands().contains(command) {
            return Err(format!(
                "{} is a battery: it takes Engage or Hold orders, not {}",
                p.name,
                command.name()
            ));
        }
        if *command == Command::Attack && p.shaken {
            return Err(format!(
                "{} is Shaken: it may not take Attack orders",
                p.name
            ));
        }
    }
    if let Some(p) = mine
        .iter()
        .find(|p| !orders.iter().any(|(id, _)| *id == p.id))
    {
        return Err(format!("{} has no order", p.name));
    }
    Ok(())
}

/// Why brigade `p` may not start `fight` against `enemy`, if it may not: the seed's
/// conditions (the order it needs, where the enemy stands, the distance) and ours
/// (one fight started a turn, none by the routed, no firefight after a skirmish).
pub fn fight_check(world: &World, p: &Piece, enemy: &Piece, fight: Fight) -> Result<(), String> {
    let state = world.resource::<NpState>();
    // Ours — N-19 in docs/rules/napoleonic.md: one fight started a turn, none by or
    // against the routed, no charge from a square.
    if p.routed {
        return Err(format!("{} is routed", p.name));
    }
    if enemy.routed {
        return Err(format!(
            "{} is routed: it is in flight, not in a fight",
            enemy.name
        ));
    }
    if state.fought.contains(&p.id) {
        return Err(format!("{} has started a fight this turn", p.name));
    }
    // Ours — N-1 in docs/rules/napoleonic.md: contact and the 2" halt are the
    // adjacent hex, the 4" halt one empty hex between.
    let e = Engagement {
        world,
        p,
        enemy,
        distance: p.hex.unsigned_distance_to(enemy.hex),
        open: view::in_the_open(world, enemy.hex),
    };
    infantry_only(p, enemy, fight)?;
    match fight {
        Fight::Bombard => bombard_check(&e)?,
        Fight::Charge => charge_check(&e)?,
        Fight::Assault => assault_check(&e)?,
        Fight::Volley => volley_check(&e)?,
        Fight::Skirmish => skirmish_check(&e)?,
        Fight::Firefight => firefight_check(&e)?,
        Fight::HandToHand => hand_to_hand_check(&e)?,
        Fight::Inside => inside_check(&e)?,
    }
    if p.brigade.formation == Formation::Square
        && matches!(fight, Fight::HandToHand | Fight::Assault)
    {
        return Err(format!("{} is in square: a square does not charge", p.name));
    }
    Ok(())
}

/// What each fight's own check reads: the brigade that starts it, its enemy, how far
/// apart they stand and whether the enemy is in the open.
struct Engagement<'a> {
    world: &'a World,
    p: &'a Piece,
    enemy: &'a Piece,
    distance: u32,
    open: bool,
}

impl Engagement<'_> {
    /// Is the brigade on one of the `allowed` orders? If not, the refusal ends with
    /// `what`.
    fn orders(&self, allowed: &[Command], what: &str) -> Result<(), String> {
        let command = self.p.brigade.command;
        if allowed.contains(&command) {
            Ok(())
        } else {
            Err(format!(
                "{} is on {} orders: {what}",
                self.p.name,
                command.name()
            ))
        }
    }

    /// Is the enemy in the adjacent hex?
    fn adjacent(&self) -> Result<(), String> {
        if self.distance == 1 {
            Ok(())
        } else {
            Err(format!(
                "{} is not next to {} ({} hexes away)",
                self.enemy.name, self.p.name, self.distance
            ))
        }
    }
}

/// Rules 10 to 13: "Only infantry"; "Against infantry" — for the skirmish, the
/// firefight, hand to hand and combat inside.
fn infantry_only(p: &Piece, enemy: &Piece, fight: Fight) -> Result<(), String> {
    let infantry_fight = matches!(
        fight,
        Fight::Skirmish | Fight::Firefight | Fight::HandToHand | Fight::Inside
    );
    if infantry_fight {
        if p.arm != Arm::Infantry {
            return Err(format!(
                "{} is {}: only infantry fight a {}",
                p.name,
                p.arm.name(),
                fight.name().to_lowercase()
            ));
        }
        if enemy.arm != Arm::Infantry {
            return Err(format!(
                "{} is {}: a {} is fought against infantry",
                enemy.name,
                enemy.arm.name(),
                fight.name().to_lowercase()
            ));
        }
    }
    Ok(())
}

/// Ours — N-22 in docs/rules/napoleonic.md: a deployed battery on Engage or Hold
/// orders fires on an enemy within its range it can see.
fn bombard_check(e: &Engagement) -> Result<(), String> {
    let (p, enemy, distance) = (e.p, e.enemy, e.distance);
    if p.arm != Arm::Artillery {
        return Err(format!("{} has no guns: only a battery bombards", p.name));
    }
    if p.brigade.formation != Formation::Deployed {
        return Err(format!("{} is limbered: deploy it to fire", p.name));
    }
    if !(1..=view::GUN_RANGE).contains(&distance) {
        return Err(format!(
            "{} is {distance} hexes away: a battery reaches {} hexes",
            enemy.name,
            view::GUN_RANGE
        ));
    }
    if !view::clear_line(e.world, p.hex, enemy.hex) {
        return Err(format!(
            "{} cannot see {}: a brigade, built-up area or wood is in the way",
            p.name, enemy.name
        ));
    }
    Ok(())
}

/// Ours — N-23 in docs/rules/napoleonic.md: cavalry on Attack orders, in line,
/// charges an enemy beside it in the open.
fn charge_check(e: &Engagement) -> Result<(), String> {
    let p = e.p;
    if p.arm != Arm::Cavalry {
        return Err(format!("{} is not cavalry: only cavalry charges", p.name));
    }
    e.orders(&[Command::Attack], "only Attack orders charge")?;
    if p.brigade.formation != Formation::Line {
        return Err(format!(
            "{} is in march column: cavalry charges in line",
            p.name
        ));
    }
    e.adjacent()?;
    if !e.open {
        return Err(format!(
            "{} is in a built-up area or wood: cavalry does not charge into one",
            e.enemy.name
        ));
    }
    Ok(())
}

/// Ours — N-24 in docs/rules/napoleonic.md: infantry on Attack orders storms an enemy
/// battery beside it.
fn assault_check(e: &Engagement) -> Result<(), String> {
    let p = e.p;
    if p.arm != Arm::Infantry {
        return Err(format!(
            "{} is {}: infantry storms a battery",
            p.name,
            p.arm.name()
        ));
    }
    e.orders(&[Command::Attack], "only Attack orders storm a battery")?;
    if e.enemy.arm != Arm::Artillery {
        return Err(format!("{} is not a battery", e.enemy.name));
    }
    e.adjacent()
}

/// Ours — N-26 in docs/rules/napoleonic.md: infantry on Engage or Hold orders volleys
/// at enemy cavalry beside it.
/// Ours — N-33 in docs/rules/napoleonic.md: and at an enemy battery beside it (the
/// seed's skirmish is against infantry only).
fn volley_check(e: &Engagement) -> Result<(), String> {
    let p = e.p;
    if p.arm != Arm::Infantry {
        return Err(format!("{} is {}: infantry volleys", p.name, p.arm.name()));
    }
    e.orders(
        &[Command::Hold, Command::Engage],
        "only Engage or Hold orders volley",
    )?;
    if e.enemy.arm == Arm::Infantry {
        return Err(format!(
            "{} is infantry: a volley is fired at horse or guns",
            e.enemy.name
        ));
    }
    e.adjacent()
}

/// Rule 11: "Only infantry and must have Hold or Engage orders"; "Against infantry in
/// the open, BUA or woods"; "Attackers halt at 4"".
fn skirmish_check(e: &Engagement) -> Result<(), String> {
    let (p, enemy, distance) = (e.p, e.enemy, e.distance);
    e.orders(
        &[Command::Hold, Command::Engage],
        "only Hold or Engage orders skirmish",
    )?;
    if distance != 2 {
        return Err(format!(
            "a skirmish is fought across one empty hex: {} is {distance} hex{} away",
            enemy.name,
            if distance == 1 { "" } else { "es" }
        ));
    }
    // Ours — N-1 in docs/rules/napoleonic.md: every hex between (the one on a
    // straight line, both off it) is empty, of friend and foe alike.
    if let Some(b) = between(p.hex, enemy.hex)
        .into_iter()
        .find_map(|h| view::cell(e.world, h).and_then(|_| view::piece_at(e.world, h)))
    {
        return Err(format!(
            "a skirmish is fought across one empty hex: {} stands in {}, between {} and {}",
            b.name,
            view::label(b.hex),
            p.name,
            enemy.name
        ));
    }
    Ok(())
}

/// Rule 12: "Only infantry and must have Engage or Hold orders"; "Against infantry in
/// the open"; "Not allowed if they have already skirmished".
fn firefight_check(e: &Engagement) -> Result<(), String> {
    let p = e.p;
    e.orders(
        &[Command::Hold, Command::Engage],
        "only Engage or Hold orders fight a firefight",
    )?;
    if e.world.resource::<NpState>().skirmished.contains(&p.id) {
        return Err(format!(
            "{} has skirmished this turn: no firefight after a skirmish",
            p.name
        ));
    }
    e.adjacent()?;
    if !e.open {
        return Err(format!(
            "{} is not in the open: a firefight is against infantry in the open",
            e.enemy.name
        ));
    }
    Ok(())
}

/// Rule 13: "Only infantry and must have Attack orders"; "Against infantry in the
/// open"; "Attackers advance to contact".
fn hand_to_hand_check(e: &Engagement) -> Result<(), String> {
    e.orders(&[Command::Attack], "only Attack orders fight hand to hand")?;
    e.adjacent()?;
    if !e.open {
        return Err(format!(
            "{} is in a built-up area or wood: the fight for it is combat inside",
            e.enemy.name
        ));
    }
    Ok(())
}

/// Rule 10: "Only infantry and must have Attack or Engage orders".
fn inside_check(e: &Engagement) -> Result<(), String> {
    e.orders(
        &[Command::Attack, Command::Engage],
        "only Attack or Engage orders fight inside",
    )?;
    e.adjacent()?;
    if e.open {
        return Err(format!(
            "{} is in the open, not in a built-up area or wood",
            e.enemy.name
        ));
    }
    Ok(())
}

/// The hexes between two hexes two apart: those next to both (one when they lie on a
/// straight line of hexes, two otherwise).
fn between(a: hexx::Hex, b: hexx::Hex) -> Vec<hexx::Hex> {
    a.all_neighbors()
        .into_iter()
        .filter(|h| h.unsigned_distance_to(b) == 1)
        .collect()
}
