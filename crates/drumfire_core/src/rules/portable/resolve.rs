//! Carrying out an accepted Portable order: moves, charges, fire and close combat,
//! and the effects they have on the table.

use super::*;

/// Carries out the accepted order.
pub(super) fn carry_out(world: &mut World) {
    let Some(order) = crate::orders::take_for_rules(world) else {
        return;
    };
    match order {
        Order::Pass { side } => pass(world, side),
        o => {
            if let Some(o) = o.rules::<PtOrder>() {
                apply(world, o.clone());
            }
        }
    }
    settle(world);
}

pub(super) fn pass(world: &mut World, side: u8) {
    note(world, GameEvent::Passed { side });
    match *world.resource::<State<Phase>>().get() {
        ARTILLERY_FIRE => world.resource_mut::<PtState>().artillery_done.push(side),
        ACTION => {
            let step = world.resource::<PtState>().step;
            match step {
                Step::Activating => world.resource_mut::<PtState>().step = Step::CloseCombat,
                Step::CloseCombat => end_side(world, side),
                Step::Idle => {}
            }
        }
        _ => {}
    }
}

pub(super) fn apply(world: &mut World, o: PtOrder) {
    let hex = |l: &str| crate::scenario::hex_of(l).unwrap_or_default();
    match o {
        PtOrder::Bombard { unit, target, .. } => {
            let Some(u) = view::unit(world, &unit) else {
                return;
            };
            world.resource_mut::<PtState>().bombarded.push(unit.clone());
            resolve_fire(world, &u, hex(&target), true);
        }
        PtOrder::Fire { unit, target, side } => {
            let Some(u) = view::unit(world, &unit) else {
                return;
            };
            activate(world, side, &unit);
            resolve_fire(world, &u, hex(&target), false);
        }
        PtOrder::Unpin { unit, side } if side != world.resource::<ActionSegment>().side => {
            // Decided before the turn's first activation by a side that acts later: the
            // cavalry does not charge and is unpinned as that side's first activation.
            // Ours — P-16 in docs/rules/portable.md.
            world.resource_mut::<PtState>().unpin_due.push(unit.clone());
            let name = view::unit(world, &unit).map_or(unit.clone(), |u| u.base.name);
            let who = world.resource::<SideList>().name(side).to_owned();
            say(
                world,
                format!(
                    "{name} will be unpinned, as {who}'s first activation: it does not charge."
                ),
            );
        }
        PtOrder::Unpin { unit, side } => {
            activate(world, side, &unit);
            world
                .resource_mut::<PtState>()
                .unpin_due
                .retain(|u| *u != unit);
            unmark(world, &unit, MarkerKind::Pinned);
            mark(world, &unit, MarkerKind::Done);
            let name = view::unit(world, &unit).map_or(unit.clone(), |u| u.base.name);
            say(world, format!("{name} is unpinned."));
        }
        PtOrder::MountOrDismount { unit, side } => {
            activate(world, side, &unit);
            mount_or_dismount(world, &unit);
        }
        PtOrder::Move { unit, path, side } => {
            activate(world, side, &unit);
            let path: Vec<Hex> = path.iter().map(|l| hex(l)).collect();
            walk(world, &unit, &path);
        }
        PtOrder::Charge { unit, .. } => charge(world, &unit),
        PtOrder::CloseCombat {
            side,
            attackers,
            defender,
            advance,
        } => {
            close_combat(world, side, &attackers, &defender, advance);
        }
    }
}

/// One of the side's activations is spent on `unit`, journaled.
fn activate(world: &mut World, side: u8, unit: &str) {
    world.resource_mut::<PtState>().activations -= 1;
    note(
        world,
        GameEvent::Activated {
            side,
            pieces: vec![unit.to_owned()],
        },
    );
}

/// A unit mounts or dismounts where it stands: it becomes its counterpart unit type,
/// printed values and all, keeps its facing, and is done for the turn.
/// Ours — P-17 in docs/rules/portable.md.
fn mount_or_dismount(world: &mut World, id: &str) {
    let Some(u) = view::unit(world, id) else {
        return;
    };
    let Some(other) = super::validate::counterpart(world, &u) else {
        return;
    };
    let Some(e) = entity(world, id) else { return };
    let mut em = world.entity_mut(e);
    if let Some(mut c) = em.get_mut::<Counter>() {
        c.unit_type = other.id.clone();
    }
    em.insert(crate::counters::Printed {
        full: other.full,
        reduced: other.reduced,
    });
    mark(world, id, MarkerKind::Done);
    let verb = if other.mounted { "mounts" } else { "dismounts" };
    say(world, format!("{} {verb}.", u.name));
}

/// Moves a unit along a checked path: facing the way it goes, stopping to face an
/// enemy it comes next to (who turns to face it), destroyed in a river with neither
/// bridge nor ford, stopping in a ford.
pub(super) fn walk(world: &mut World, id: &str, path: &[Hex]) {
    let Some(u) = view::unit(world, id) else {
        return;
    };
    let mut prev = u.hex;
    for &h in path {
        let from = view::label(prev);
        place(world, id, h);
        if let Some(d) = prev.neighbor_direction(h) {
            face(world, id, d);
        }
        note(
            world,
            GameEvent::Moved {
                pieces: vec![id.to_owned()],
                from,
                to: view::label(h),
                via: Vec::new(),
            },
        );
        prev = h;
    }
    mark(world, id, MarkerKind::Moved);
    let at = view::cell(world, prev).unwrap_or_default();
    if at.deep_river() {
        say(
            world,
            format!(
                "{} enters the river where there is neither bridge nor ford, and is lost.",
                u.name
            ),
        );
        destroy(world, id);
        return;
    }
    wade(world, id, &u.name, at.ford());
    face_contact(world, id);
}

/// A unit has come into a hex, by its move or after a close combat: in a ford it
/// "moves into the river on turn A and stops. It remains in the river for turn B" (its
/// crossing counted from this turn); anywhere else a crossing it was making is over.
fn wade(world: &mut World, id: &str, name: &str, ford: bool) {
    world.resource_mut::<PtState>().fording.remove(id);
    if ford {
        let turn = world.resource::<Turn>().0;
        world
            .resource_mut::<PtState>()
            .fording
            .insert(id.to_owned(), turn);
        say(
            world,
            format!("{name} wades into the ford: it stays there next turn."),
        );
    }
}

/// A unit that ends next to enemy units faces one of them (the one nearest the way it
/// was facing; ours), and each of them turns to face it: the last unit to come up is faced.
pub(super) fn face_contact(world: &mut World, id: &str) {
    let all = view::units(world);
    let Some(u) = all.iter().find(|x| x.id == id) else {
        return;
    };
    let near: Vec<&Unit> = view::enemies(&all, u.side)
        .filter(|e| e.hex.unsigned_distance_to(u.hex) == 1)
        .collect();
    if near.is_empty() {
        return;
    }
    let f = u.facing;
    let order = [
        f,
        f.clockwise(),
        f.counter_clockwise(),
        f.rotate_cw(2),
        f.rotate_cw(4),
        f.const_neg(),
    ];
    if let Some(d) = order
        .into_iter()
        .find(|d| near.iter().any(|e| u.hex.neighbor(*d) == e.hex))
    {
        face(world, id, d);
    }
    for e in near {
        if let Some(d) = e.hex.neighbor_direction(u.hex) {
            face(world, &e.id, d);
        }
    }
}

/// A pinned regular cavalry unit left pinned moves toward the nearest enemy unit
/// without counting as an activation. Ours: as far as it may, to the hex it can
/// reach nearest that enemy (it stays if no hex is nearer).
/// Ours — P-10 in docs/rules/portable.md: where pinned regular cavalry charges.
pub(super) fn charge(world: &mut World, id: &str) {
    let Some(u) = view::unit(world, id) else {
        return;
    };
    let all = view::units(world);
    let Some(target) = view::enemies(&all, u.side)
        .min_by_key(|e| (e.hex.unsigned_distance_to(u.hex), e.id.clone()))
        .cloned()
    else {
        mark(world, id, MarkerKind::Moved);
        return;
    };
    say(
        world,
        format!(
            "{} is pinned and not rallied: it goes for {}.",
            u.name, target.name
        ),
    );
    // The charge is made pinned: reach as if it were not.
    let free = Unit {
        pinned: false,
        ..u.clone()
    };
    let now = u.hex.unsigned_distance_to(target.hex);
    let best = movement::reach(world, &all, &free)
        .into_iter()
        .filter(|(h, _)| h.unsigned_distance_to(target.hex) < now)
        .min_by_key(|(h, p)| (h.unsigned_distance_to(target.hex), p.len()));
    match best {
        Some((_, path)) => walk(world, id, &path),
        None => mark(world, id, MarkerKind::Moved),
    }
}

/// Rolls and applies a fire (artillery casualties wait for the end of the artillery fire).
pub(super) fn resolve_fire(world: &mut World, u: &Unit, target: Hex, phase_fire: bool) {
    let all = view::units(world);
    let Ok(plan) = fire::plan(world, &all, u, target, phase_fire) else {
        return;
    };
    face(world, &u.id, plan.facing);
    mark(world, &u.id, MarkerKind::Fired);
    let mut dice = Vec::new();
    let mut landed = target;
    if plan.scatters() {
        let s = roll(world, 1, format!("artillery scatter: {}", u.name))[0];
        dice.push(s);
        landed = fire::landing(plan.from, target, s);
        let where_ = match s {
            5 | 6 => "on the target",
            3 | 4 => "in front of the target",
            _ => "behind the target",
        };
        say(
            world,
            format!("The shot falls {where_}, in {}.", view::label(landed)),
        );
    }
    let hit = view::unit_at(world, landed);
    let (table, result) = match &hit {
        Some(h) => {
            let table = fire::table_at(world, &plan, h);
            let die = roll(world, 1, format!("fire effect: {}", u.name))[0];
            dice.push(die);
            (table, fire::effect(table, die, plan.modifier()))
        }
        None => (plan.table, fire::Effect::None),
    };
    let kind = if plan.artillery {
        "Artillery fire"
    } else {
        "Fire"
    };
    let result_text = match (&hit, result) {
        (None, _) => "Nobody there".to_owned(),
        (Some(h), e) => format!("{}: {}", h.name, e.name()),
    };
    note(
        world,
        GameEvent::Fired {
            kind: kind.into(),
            table: table.name().into(),
            side: u.side,
            firers: vec![u.id.clone()],
            target: view::label(landed),
            strength: 0,
            shifts: plan.modifiers.clone(),
            column: format!("range {}", plan.distance),
            dice,
            result: result_text,
        },
    );
    let Some(h) = hit else { return };
    match result {
        fire::Effect::Destroyed if phase_fire => world
            .resource_mut::<PtState>()
            .artillery_hits
            .push((h.base.id, true)),
        fire::Effect::Pinned if phase_fire => world
            .resource_mut::<PtState>()
            .artillery_hits
            .push((h.base.id, false)),
        fire::Effect::Destroyed => destroy(world, &h.id),
        fire::Effect::Pinned => mark(world, &h.id, MarkerKind::Pinned),
        fire::Effect::None => {}
    }
}

/// Rolls and applies a close combat.
pub(super) fn close_combat(
    world: &mut World,
    side: u8,
    attackers: &[String],
    defender: &str,
    advance: bool,
) {
    let all = view::units(world);
    let Ok(plan) = combat::plan(world, &all, side, attackers, defender) else {
        return;
    };
    let name = |id: &str| {
        all.iter()
            .find(|u| u.id == id)
            .map_or(id.to_owned(), |u| u.name.clone())
    };
    let lead = attackers[0].clone();
    // "It remains in the river for turn B": an attacker fording a river neither
    // advances out of the ford nor withdraws from it (P-11).
    let held = super::movement::fording_turn(world, &lead).is_some_and(|t| t <= 2);
    let a = roll(world, 1, format!("close combat: {}", name(&lead)))[0];
    let d = roll(world, 1, format!("close combat: {}", name(defender)))[0];
    world
        .resource_mut::<PtState>()
        .fought
        .extend(attackers.iter().cloned());
    let defender_lost = a <= plan.attack;
    let attacker_lost = d <= plan.defence;
    // Each side's die is read on its own, against its own power.
    let reads = |die: u8, kills: bool| {
        if kills {
            format!("{die} (a kill)")
        } else {
            format!("{die} (a miss)")
        }
    };
    let dice_read = format!(
        "{} rolls {}, {} rolls {}",
        name(&lead),
        reads(a, defender_lost),
        name(defender),
        reads(d, attacker_lost)
    );
    let result = match (defender_lost, attacker_lost) {
        (true, true) => "Mutual annihilation".to_owned(),
        (true, false) => format!("{} destroyed", name(defender)),
        (false, true) => format!("{} destroyed", name(&lead)),
        (false, false) if held => format!("Draw: {} stays in the ford", name(&lead)),
        (false, false) => match plan.withdraw_to {
            Some(h) => format!("Draw: {} withdraws to {}", name(&lead), view::label(h)),
            None => format!("Draw: {} cannot withdraw and is destroyed", name(&lead)),
        },
    };
    let mut shifts: Vec<(i32, String)> = plan.attack_changes.clone();
    shifts.extend(
        plan.defence_changes
            .iter()
            .map(|(c, why)| (*c, format!("defender: {why}"))),
    );
    note(
        world,
        GameEvent::Fired {
            kind: "Close combat".into(),
            table: "Close combat".into(),
            side,
            firers: attackers.to_vec(),
            target: view::label(plan.hex),
            strength: 0,
            shifts,
            column: format!("power {} against {}", plan.attack, plan.defence),
            dice: vec![a, d],
            result: format!("{dice_read}: {result}"),
        },
    );
    if defender_lost {
        destroy(world, defender);
    }
    if attacker_lost {
        destroy(world, &lead);
    }
    match (defender_lost, attacker_lost) {
        (true, false) | (false, false) if held => {}
        (true, false) if advance && view::unit(world, &lead).is_some_and(|u| u.advances()) => {
            if let Some(dir) = shift(world, &lead, plan.hex) {
                face(world, &lead, dir);
            }
            face_contact(world, &lead);
        }
        (false, false) => match plan.withdraw_to {
            Some(h) => {
                shift(world, &lead, h);
            }
            None => destroy(world, &lead),
        },
        _ => {}
    }
}

/// Moves a unit one hex after a close combat (advance or withdrawal), journaled, a
/// ford holding it as a move into one does; the way it went, for its facing.
pub(super) fn shift(world: &mut World, id: &str, to: Hex) -> Option<EdgeDirection> {
    let u = view::unit(world, id)?;
    place(world, id, to);
    note(
        world,
        GameEvent::Moved {
            pieces: vec![id.to_owned()],
            from: view::label(u.hex),
            to: view::label(to),
            via: Vec::new(),
        },
    );
    // Into a ford, as by any move (ours — P-11 in docs/rules/portable.md).
    let ford = view::cell(world, to).is_some_and(|c| c.ford());
    wade(world, id, &u.name, ford);
    u.hex.neighbor_direction(to)
}

// ---- Effects --------------------------------------------------------------------------

pub(super) use crate::dice::roll_in as roll;
pub(super) use crate::journal::{note, say};

pub(super) fn entity(world: &World, id: &str) -> Option<Entity> {
    world.resource::<PieceIds>().get(id)
}

pub(super) fn mark(world: &mut World, id: &str, kind: MarkerKind) {
    if let Some(e) = entity(world, id) {
        add_marker(&mut world.entity_mut(e), kind);
    }
}

pub(super) fn unmark(world: &mut World, id: &str, kind: MarkerKind) {
    if let Some(e) = entity(world, id) {
        remove_marker(&mut world.entity_mut(e), kind);
    }
}

pub(super) fn face(world: &mut World, id: &str, d: EdgeDirection) {
    if let Some(e) = entity(world, id) {
        world.entity_mut(e).insert(Facing(d));
    }
}

/// Puts a unit in a hex; a unit entering an objective takes it.
pub(super) fn place(world: &mut World, id: &str, to: Hex) {
    let Some(e) = entity(world, id) else { return };
    let Some(from) = world.get::<OnHex>(e).map(|o| o.0) else {
        return;
    };
    crate::map::move_counter(world, e, from, to);
}

/// Removes a destroyed unit from the map and counts it for victory.
/// Ours — P-14 in docs/rules/portable.md: victory points for units destroyed.
pub(super) fn destroy(world: &mut World, id: &str) {
    let Some(e) = entity(world, id) else { return };
    let Some(at) = world.get::<OnHex>(e).map(|o| o.0) else {
        return;
    };
    world.resource_mut::<HexIndex>().remove(at, e);
    world
        .entity_mut(e)
        .remove::<(OnHex, Moved, Fired, Done)>()
        .insert(OffMap::Eliminated);
    unmark(world, id, MarkerKind::Pinned);
    world.resource_mut::<PtState>().fording.remove(id);
    let side = world.get::<Counter>(e).map_or(0, |c| c.side);
    let sides = world.resource::<SideList>().0.len();
    let mut lost = world.resource_mut::<StepsLost>();
    if lost.0.len() < sides {
        lost.0.resize(sides, 0);
    }
    lost.0[usize::from(side)] += 1;
    note(
        world,
        GameEvent::StepLost {
            piece: id.to_owned(),
            eliminated: true,
        },
    );
}
