//! Carrying out the Napoleonic orders and the automatic steps of the turn: orders
//! shown, the initiative, moves and formations, the fights and their results
//! (casualties, Disordered, retire Shaken, rout), the morale test, and the Rally.

use super::brigade::{Command, Formation, Grade};
use super::combat::{self, Row, SkirmishSituation};
use super::state::{Fight, NpOrder, NpState};
use super::view::{self, Piece};
use super::{COMBAT, INITIATIVE, MOVEMENT, ORDERS, RALLY, acting, note, roll, say};
use crate::counters::{Facing, MarkerKind, OffMap, OnHex, Stands, add_marker, remove_marker};
use crate::flow::{self, Phase, StepsLost};
use crate::journal::GameEvent;
use crate::map::HexIndex;
use crate::odds::Odds;
use crate::orders::Order;
use crate::scenario::SideList;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::Hex;

/// Carries out the accepted order.
pub(super) fn carry_out(world: &mut World) {
    let Some(order) = crate::orders::take_for_rules(world) else {
        return;
    };
    match order {
        Order::Pass { side } => {
            note(world, GameEvent::Passed { side });
            world.resource_mut::<NpState>().done.push(side);
        }
        o => {
            if let Some(o) = o.rules::<NpOrder>() {
                apply(world, o.clone());
            }
        }
    }
    settle(world);
}

fn apply(world: &mut World, o: NpOrder) {
    match o {
        NpOrder::Orders { side, orders } => {
            world.resource_mut::<NpState>().given.insert(side, orders);
            let name = world.resource::<SideList>().name(side).to_owned();
            say(world, format!("{name} has given its orders."));
        }
        NpOrder::Move { brigade, path, .. } => {
            let Some(p) = view::piece(world, &brigade) else {
                return;
            };
            let hexes: Vec<Hex> = path
                .iter()
                .filter_map(|l| crate::scenario::hex_of(l))
                .collect();
            let Some(last) = hexes.last().copied() else {
                return;
            };
            let before = hexes.len().checked_sub(2).map_or(p.hex, |i| hexes[i]);
            put(world, p.entity, p.hex, last);
            face(world, p.entity, before, last);
            world
                .resource_mut::<NpState>()
                .moved
                .insert(brigade.clone());
            note(
                world,
                GameEvent::Moved {
                    pieces: vec![brigade],
                    from: view::label(p.hex),
                    to: view::label(last),
                    via: hexes[..hexes.len() - 1]
                        .iter()
                        .map(|h| view::label(*h))
                        .collect(),
                },
            );
        }
        NpOrder::Form {
            brigade, formation, ..
        } => {
            let mut state = world.resource_mut::<NpState>();
            if let Some(b) = state.brigades.get_mut(&brigade) {
                b.formation = formation;
            }
            state.moved.insert(brigade.clone());
            if let Some(p) = view::piece(world, &brigade) {
                world
                    .entity_mut(p.entity)
                    .insert(crate::counters::Label(formation.label(p.arm)));
            }
            let name = crate::rules::napoleonic::view::piece(world, &brigade)
                .map_or(brigade, |p| p.base.name);
            let done = match formation {
                Formation::Limbered => "limbers up".to_owned(),
                Formation::Deployed => "unlimbers and deploys".to_owned(),
                f => format!("forms {}", f.name().to_lowercase()),
            };
            say(world, format!("{name} {done}."));
        }
        NpOrder::Fight {
            brigade,
            target,
            fight,
            ..
        } => {
            let (Some(p), Some(t)) = (
                view::piece(world, &brigade),
                crate::scenario::hex_of(&target).and_then(|h| view::piece_at(world, h)),
            ) else {
                return;
            };
            {
                let mut state = world.resource_mut::<NpState>();
                state.fought.insert(p.id.clone());
                state.engaged.insert(p.id.clone());
                state.engaged.insert(t.id.clone());
            }
            match (fight, fight.contest()) {
                (_, Some(contest)) => contest_fight(world, &p, &t, fight, contest),
                (Fight::Bombard | Fight::Volley, None) => dice_fire(world, fight, &p, &t),
                _ => skirmish(world, &p, &t),
            }
        }
    }
}

/// After an order: when every side has given its orders they are shown; when every
/// side is done moving or fighting, the phase ends.
fn settle(world: &mut World) {
    let sides = world.resource::<SideList>().0.len() as u8;
    let phase = *world.resource::<State<Phase>>().get();
    match phase {
        ORDERS if world.resource::<NpState>().given.len() >= usize::from(sides) => {
            show_orders(world);
            flow::finish_phase_in(world, ORDERS);
        }
        MOVEMENT | COMBAT if acting(world.resource::<NpState>(), sides).is_none() => {
            flow::finish_phase_in(world, phase);
        }
        _ => {}
    }
}

/// Every side has given its orders: they take effect, and the log shows them.
fn show_orders(world: &mut World) {
    // Kept until the next Orders phase: with every side's orders in, the game waits on
    // no side for orders while the phase ends.
    let given = world.resource::<NpState>().given.clone();
    for (_, orders) in given {
        for (id, command) in orders {
            let changed = {
                let mut state = world.resource_mut::<NpState>();
                state.brigades.get_mut(&id).map(|b| {
                    let was = b.command;
                    b.command = command;
                    was
                })
            };
            let name = view::piece(world, &id).map_or(id.clone(), |p| p.base.name);
            match changed {
                Some(was) if was != command => say(
                    world,
                    format!("Orders: {name} from {} to {}.", was.name(), command.name()),
                ),
                Some(_) => say(
                    world,
                    format!("Orders: {name} stays on {}.", command.name()),
                ),
                None => {}
            }
        }
    }
}

/// The Orders phase begins: a new turn's record, and a side with no brigade to order
/// has nothing to give.
pub(super) fn begin_orders(world: &mut World) {
    {
        let mut state = world.resource_mut::<NpState>();
        state.given.clear();
        state.done.clear();
        state.moved.clear();
        state.fought.clear();
        state.skirmished.clear();
        state.engaged.clear();
    }
    let sides = world.resource::<SideList>().0.len() as u8;
    let all = view::pieces(world);
    for side in 0..sides {
        if !all.iter().any(|p| p.side == side && !p.routed) {
            world.resource_mut::<NpState>().given.insert(side, vec![]);
        }
    }
    settle(world);
}

/// A die each; the higher moves and fights first (a tie rolls again).
/// Ours — N-2 in docs/rules/napoleonic.md: the turn.
pub(super) fn roll_for_first(world: &mut World) {
    world.resource_mut::<NpState>().first = flow::roll_for_initiative(world);
    flow::finish_phase_in(world, INITIATIVE);
}

/// Movement or Combat begins: the first side acts, then the other. A side with no
/// brigade that could act is done at once.
pub(super) fn begin_sides(world: &mut World) {
    world.resource_mut::<NpState>().done.clear();
    let sides = world.resource::<SideList>().0.len() as u8;
    let all = view::pieces(world);
    for side in 0..sides {
        if !all.iter().any(|p| p.side == side && !p.routed) {
            world.resource_mut::<NpState>().done.push(side);
        }
    }
    settle(world);
}

/// Moves a counter from one hex to another; an objective entered is held by the
/// brigade's side from then on.
fn put(world: &mut World, e: Entity, from: Hex, to: Hex) {
    crate::map::move_counter(world, e, from, to);
}

/// Faces the brigade the way it last stepped.
fn face(world: &mut World, e: Entity, from: Hex, to: Hex) {
    if let Some(d) = from.neighbor_direction(to) {
        world.entity_mut(e).insert(Facing(d));
    }
}

// ---- Fights -----------------------------------------------------------------------

/// A contest of combat factors (rules 10, 12, 13): the winner on factors rolls 2d6
/// plus the difference, and the row says what happens to both.
/// Ours — N-17 in docs/rules/napoleonic.md: in a firefight the target always fires
/// back; the one contest is both sides' fire.
fn contest_fight(world: &mut World, p: &Piece, t: &Piece, fight: Fight, contest: combat::Contest) {
    let plan = combat::plan(contest, &p.fighter(), &t.fighter());
    let (winner, loser) = if plan.attacker_wins { (p, t) } else { (t, p) };
    let dice = roll(world, 2, format!("{}: {}", fight.name(), winner.name));
    let total = i32::from(dice[0]) + i32::from(dice[1]) + plan.difference;
    let row = Row::of(total);
    let mut shifts: Vec<(i32, String)> = plan
        .attacker
        .iter()
        .map(|(v, c)| (*v, format!("{}: {c}", p.name)))
        .collect();
    shifts.extend(
        plan.defender
            .iter()
            .map(|(v, c)| (*v, format!("{}: {c}", t.name))),
    );
    note(
        world,
        GameEvent::Fired {
            kind: fight.name().into(),
            table: "the result table".into(),
            side: p.side,
            firers: vec![p.id.clone()],
            target: view::label(t.hex),
            strength: 0,
            shifts,
            column: if plan.difference == 0 {
                format!("{} rolls", winner.name)
            } else {
                format!("{} rolls {:+}", winner.name, plan.difference)
            },
            dice,
            result: if plan.difference == 0 {
                row.happened(&winner.name, &loser.name)
            } else {
                format!(
                    "{:+} makes {total}, {}",
                    plan.difference,
                    row.happened(&winner.name, &loser.name)
                )
            },
        },
    );
    apply_row(world, fight, row, winner, loser);
    // Ours — N-23 in docs/rules/napoleonic.md: charging blows the horses; the charger
    // is Disordered after its charge, whatever the result.
    if fight == Fight::Charge
        && let Some(now) = view::piece(world, &p.id)
        && !now.routed
        && !now.disordered
    {
        add_marker(&mut world.entity_mut(now.entity), MarkerKind::Disordered);
        say(world, format!("{}'s horses are blown: Disordered.", p.name));
    }
    // Ours — N-13 in docs/rules/napoleonic.md: when the garrison of a built-up area
    // or wood is pushed out, an attacker on Attack orders goes in.
    if fight == Fight::Inside
        && p.brigade.command == Command::Attack
        && let Some(e) = alive(world, &p.id)
        && view::piece_at(world, t.hex).is_none()
        && view::piece(world, &p.id).is_some_and(|now| now.hex == p.hex && !now.routed)
        && view::friend_inside(world, &view::pieces(world), p.side, &p.id, t.hex).is_none()
    {
        put(world, e, p.hex, t.hex);
        face(world, e, p.hex, t.hex);
        say(
            world,
            format!("{} goes in to {}.", p.name, view::label(t.hex)),
        );
    }
}

/// What the row of the result table does to the winner and the loser, the winner's
/// fate first.
fn apply_row(world: &mut World, fight: Fight, row: Row, winner: &Piece, loser: &Piece) {
    let (to_winner, to_loser) = row.casualties();
    let winner_alive = casualties(world, winner, to_winner);
    let loser_alive = casualties(world, loser, to_loser);
    match row {
        Row::WinnerRouts if winner_alive => rout(world, &winner.id, loser.hex),
        Row::WinnerRetires if winner_alive => retire(world, &winner.id, loser.hex),
        Row::Draw => {
            for b in [winner, loser] {
                if let Some(e) = alive(world, &b.id) {
                    add_marker(&mut world.entity_mut(e), MarkerKind::Disordered);
                }
            }
        }
        Row::LoserRetires if loser_alive => retire(world, &loser.id, winner.hex),
        Row::LoserRouts if loser_alive => rout(world, &loser.id, winner.hex),
        _ => {}
    }
    // Ours — N-28 in docs/rules/napoleonic.md: the winner of a fight inside a
    // built-up area or wood is Disordered (rule 10's example: the Prussians who won
    // the first melee are Disordered with one casualty).
    if fight == Fight::Inside
        && matches!(row, Row::LoserRetires | Row::LoserRouts)
        && let Some(now) = view::piece(world, &winner.id)
        && !now.routed
        && !now.disordered
    {
        add_marker(&mut world.entity_mut(now.entity), MarkerKind::Disordered);
        say(
            world,
            format!("{} wins the fight inside, Disordered.", winner.name),
        );
    }
}

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

/// Does the target of a skirmish skirmish back? Rule 11: "must have Hold or Engage
/// orders"; "Attack orders do not allow skirmish or fire fight".
/// Ours — N-16 in docs/rules/napoleonic.md: a target that may skirmish back always does.
pub fn skirmishes_back(target: &Piece) -> bool {
    matches!(target.brigade.command, Command::Hold | Command::Engage)
}

/// Rule 11: the skirmisher, and the target if its orders allow, roll a die needing 6
/// to kill after their modifiers; then a brigade that took a casualty tests its morale.
/// Ours — N-16 in docs/rules/napoleonic.md: the kills land together.
/// Ours — N-27 in docs/rules/napoleonic.md: "with casualties" is from this skirmish.
fn skirmish(world: &mut World, p: &Piece, t: &Piece) {
    let back = skirmishes_back(t);
    {
        // Both sides that skirmished may not start a firefight this turn (rule 12).
        let mut state = world.resource_mut::<NpState>();
        state.skirmished.insert(p.id.clone());
        if back {
            state.skirmished.insert(t.id.clone());
        }
    }
    if !back {
        say(
            world,
            format!(
                "{} is on {} orders: it does not skirmish back.",
                t.name,
                t.brigade.command.name()
            ),
        );
    }
    let pair = [(p, t), (t, p)];
    let mut kills = [false, false];
    for (i, (me, enemy)) in pair.iter().enumerate().take(if back { 2 } else { 1 }) {
        kills[i] = skirmish_die(world, me, enemy);
    }
    // Kills land together, after both have rolled.
    let hit = [(kills[0], t), (kills[1], p)];
    for (kill, b) in hit {
        if kill {
            casualties(world, b, 1);
        }
    }
    // "Any brigade with casualties must make morale": a brigade hit in this skirmish,
    // the skirmisher first.
    for (kill, b) in [hit[1], hit[0]] {
        if kill
            && let Some(now) = view::piece(world, &b.id)
            && !now.routed
        {
            morale_test(world, &now);
        }
    }
}

/// One skirmisher's die against `enemy`, in the log; whether it kills.
fn skirmish_die(world: &mut World, me: &Piece, enemy: &Piece) -> bool {
    let mods = combat::skirmish_factors(
        &me.fighter(),
        &enemy.fighter(),
        skirmish_situation(world, me, enemy),
    );
    let die = roll(world, 1, format!("skirmish: {}", me.name));
    let score = i32::from(die[0]) + combat::total(&mods);
    let kill = score >= combat::KILL;
    note(
        world,
        GameEvent::Fired {
            kind: "Skirmish".into(),
            table: format!("needs {}", combat::KILL),
            side: me.side,
            firers: vec![me.id.clone()],
            target: view::label(enemy.hex),
            strength: 0,
            shifts: mods,
            column: format!("score {score}"),
            dice: die,
            result: if kill {
                "a kill".into()
            } else {
                "no kill".into()
            },
        },
    );
    kill
}

/// What changes skirmisher `me`'s die against `enemy`: an enemy battery deployed
/// within its range of `me` (N-25), and the enemy in a built-up area or wood.
pub fn skirmish_situation(world: &World, me: &Piece, enemy: &Piece) -> SkirmishSituation {
    SkirmishSituation {
        enemy_artillery: view::enemy_guns_on(world, me.side, me.hex),
        enemy_in_cover: !view::in_the_open(world, enemy.hex),
    }
}

/// The dice a battery's bombardment or a volley throws at `t` (one a gun section or
/// battalion standing) and their modifiers, for `fight` (`Fight::Bombard` or
/// `Fight::Volley`).
pub fn dice_fire_plan(
    world: &World,
    fight: Fight,
    p: &Piece,
    t: &Piece,
) -> (u32, Vec<(i32, String)>) {
    let mods = match fight {
        Fight::Volley => combat::volley_factors(&p.fighter(), &t.fighter()),
        _ => combat::bombard_factors(
            &p.fighter(),
            &t.fighter(),
            p.hex.unsigned_distance_to(t.hex),
            !view::in_the_open(world, t.hex),
        ),
    };
    (u32::from(p.standing), mods)
}

/// A deployed battery bombards, or infantry volleys at cavalry or guns: a die for
/// each gun section or battalion standing, each killing on 6 after its modifiers; a
/// brigade or battery that takes a casualty tests its morale.
/// Ours — N-22 in docs/rules/napoleonic.md: bombardment.
/// Ours — N-26 in docs/rules/napoleonic.md: the volley.
fn dice_fire(world: &mut World, fight: Fight, p: &Piece, t: &Piece) {
    let (dice, mods) = dice_fire_plan(world, fight, p, t);
    let part = if fight == Fight::Volley {
        "battalion"
    } else {
        "gun section"
    };
    // A die for each, each in the log with its own result.
    let mut kills = 0u8;
    for n in 1..=dice {
        let die = roll(
            world,
            1,
            format!("{}: {}, {part} {n}", fight.name().to_lowercase(), p.name),
        );
        let kill = i32::from(die[0]) + combat::total(&mods) >= combat::KILL;
        kills += u8::from(kill);
        note(
            world,
            GameEvent::Fired {
                kind: fight.name().into(),
                table: format!("needs {}", combat::KILL),
                side: p.side,
                firers: vec![p.id.clone()],
                target: view::label(t.hex),
                strength: 0,
                shifts: mods.clone(),
                column: format!("{part} {n} of {dice}"),
                dice: die,
                result: if kill {
                    "a kill".into()
                } else {
                    "no kill".into()
                },
            },
        );
    }
    if kills > 0
        && casualties(world, t, kills)
        && let Some(now) = view::piece(world, &t.id)
        && !now.routed
    {
        morale_test(world, &now);
    }
}

/// The brigade's entity while it is on the map.
fn alive(world: &World, id: &str) -> Option<Entity> {
    view::piece(world, id).map(|p| p.entity)
}

/// `n` casualties: a battalion each, the rightmost standing first; a brigade with
/// none left is dispersed. Returns whether it is still on the map.
/// Ours — N-5 in docs/rules/napoleonic.md: casualties are battalions lost.
fn casualties(world: &mut World, b: &Piece, n: u8) -> bool {
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
fn retire(world: &mut World, id: &str, enemy: Hex) {
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
fn rout(world: &mut World, id: &str, enemy: Hex) {
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
fn flee(world: &mut World, id: &str, enemy: Hex, hexes: u8) {
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
fn morale_test(world: &mut World, b: &Piece) {
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

// ---- The Rally ----------------------------------------------------------------------

/// The Rally phase: each routed brigade rolls 2d6, rallying Shaken on Hold on 8 or
/// more and fleeing two hexes more otherwise; a Disordered brigade that was in no
/// fight this turn recovers its order; a Shaken one that was in no fight and has no
/// enemy beside it rolls 2d6 and on 7 or more is Disordered instead.
/// Ours — N-11 in docs/rules/napoleonic.md: the Rally.
pub(super) fn rally(world: &mut World) {
    let all = view::pieces(world);
    let engaged = world.resource::<NpState>().engaged.clone();
    for b in &all {
        let enemies: Vec<&Piece> = all.iter().filter(|o| o.side != b.side).collect();
        let nearest = enemies
            .iter()
            .min_by_key(|o| o.hex.unsigned_distance_to(b.hex))
            .map(|o| o.hex);
        if b.routed {
            let dice = roll(world, 2, format!("rally: {}", b.name));
            if dice[0] + dice[1] >= 8 {
                let mut e = world.entity_mut(b.entity);
                remove_marker(&mut e, MarkerKind::Routed);
                add_marker(&mut e, MarkerKind::Shaken);
                if let Some(s) = world.resource_mut::<NpState>().brigades.get_mut(&b.id) {
                    s.command = Command::Hold;
                }
                say(
                    world,
                    format!("{} rallies, Shaken, on Hold orders.", b.name),
                );
            } else if let Some(enemy) = nearest {
                flee(world, &b.id, enemy, 2);
            }
            continue;
        }
        if engaged.contains(&b.id) {
            continue;
        }
        if b.shaken {
            let beside = enemies
                .iter()
                .any(|o| o.hex.unsigned_distance_to(b.hex) == 1);
            if beside {
                continue;
            }
            let dice = roll(world, 2, format!("rally: {}", b.name));
            if dice[0] + dice[1] >= 7 {
                let mut e = world.entity_mut(b.entity);
                remove_marker(&mut e, MarkerKind::Shaken);
                add_marker(&mut e, MarkerKind::Disordered);
                say(
                    world,
                    format!("{} steadies: Disordered, no longer Shaken.", b.name),
                );
            }
        } else if b.disordered {
            remove_marker(&mut world.entity_mut(b.entity), MarkerKind::Disordered);
            say(world, format!("{} dresses its ranks.", b.name));
        }
    }
    flow::finish_phase_in(world, RALLY);
}

// ---- Odds -----------------------------------------------------------------------------

/// The exact odds of a fight before it is started: both sides' modifiers with their
/// causes and the chance of each row (a contest), or of a kill for each side (a skirmish).
pub fn fight_odds(world: &World, order: &NpOrder) -> Option<Odds> {
    let NpOrder::Fight {
        brigade,
        target,
        fight,
        ..
    } = order
    else {
        return None;
    };
    let p = view::piece(world, brigade)?;
    let t = view::piece_at(world, crate::scenario::hex_of(target)?)?;
    Some(match (fight, fight.contest()) {
        (_, Some(contest)) => combat::odds(
            &combat::plan(contest, &p.fighter(), &t.fighter()),
            &p.name,
            &t.name,
        ),
        (Fight::Bombard | Fight::Volley, None) => {
            let (dice, mods) = dice_fire_plan(world, *fight, &p, &t);
            combat::dice_fire_odds(*fight == Fight::Volley, &p.name, dice, &mods, &t.name)
        }
        _ => {
            let a = combat::skirmish_factors(
                &p.fighter(),
                &t.fighter(),
                skirmish_situation(world, &p, &t),
            );
            let d = skirmishes_back(&t).then(|| {
                combat::skirmish_factors(
                    &t.fighter(),
                    &p.fighter(),
                    skirmish_situation(world, &t, &p),
                )
            });
            combat::skirmish_odds(&p.name, &a, &t.name, d.as_deref())
        }
    })
}
