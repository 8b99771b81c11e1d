//! Carrying out an accepted Action Phase order: activation, movement, fire,
//! assault, recovery, mounting and transport become steps for `resolve`.

use super::*;

pub(super) fn set_acted(world: &mut World, ids: &[String]) {
    if let Some(g) = world.resource_mut::<GwState>().group.as_mut() {
        for id in ids {
            if let Some(m) = g.members.get_mut(id) {
                m.acted = true;
            }
        }
    }
}

/// Carries out a checked order of the Action Phase or an answer to a question.
pub fn apply(world: &mut World, order: GwOrder) {
    match order {
        GwOrder::Activate { side, piece } => {
            let roots: Vec<PieceView> = view::by_id(world, &piece).into_iter().collect();
            activate(world, side, roots);
        }
        GwOrder::ActivateStack { side, hex } => {
            let h = hex_of(&hex).unwrap_or_default();
            let roots: Vec<PieceView> = view::in_hex(world, h)
                .into_iter()
                .filter(|p| p.side == side && activatable(world, p))
                .collect();
            activate(world, side, roots);
        }
        GwOrder::Move { side, pieces, path } => apply_move(world, side, pieces, &path),
        GwOrder::Fire {
            side,
            firers,
            target,
        } => apply_fire(world, side, &firers, &target),
        GwOrder::Assault {
            side,
            pieces,
            target,
        } => apply_assault(world, side, pieces, &target),
        GwOrder::Recover { piece, .. } => recover(world, &piece),
        GwOrder::MountOrDismount { piece, .. } => mount_or_dismount(world, &piece),
        GwOrder::Load {
            transport, piece, ..
        } => load(world, &transport, &piece),
        GwOrder::Unload { transport, .. } => unload(world, &transport),
        GwOrder::OpportunityFire { side, firers } => opportunity_fire(world, side, &firers),
        GwOrder::HoldFire { side } => {
            world.resource_mut::<GwState>().prompt = None;
            let name = side_name(world, side);
            say(world, format!("{name} holds its fire."));
        }
        GwOrder::TakeStepLoss { piece, .. } => take_step_loss(world, &piece),
        GwOrder::Plan { .. } | GwOrder::SealPlan { .. } | GwOrder::OpenPlan { .. } => {}
    }
}

/// A move: the pieces have acted, and advance along the path hex by hex (open to
/// opportunity fire).
fn apply_move(world: &mut World, side: u8, pieces: Vec<String>, path: &[String]) {
    set_acted(world, &pieces);
    let path = path.iter().filter_map(|s| hex_of(s)).collect();
    push_front(
        world,
        vec![Step::Advance {
            side,
            pieces,
            path,
            entered: 0,
            opportunity: true,
        }],
    );
}

/// Action fire: the firers have acted and fired, the fire is resolved, and a lone
/// unit firing over open sights rolls for its ammunition.
fn apply_fire(world: &mut World, side: u8, firers: &[String], target: &str) {
    let pieces: Vec<PieceView> = firers
        .iter()
        .filter_map(|id| view::by_id(world, id))
        .collect();
    let group = world.resource::<GwState>().group.clone();
    let t = hex_of(target).unwrap_or_default();
    let Ok(plan) = fire::plan_action_fire(world, side, &pieces, t, group.as_ref()) else {
        return;
    };
    set_acted(world, firers);
    for id in firers {
        mark(world, id, MarkerKind::Fired);
    }
    let open_sights = pieces.len() == 1
        && action_fire(world.resource::<GwState>(), &pieces[0]).is_some_and(|(_, b)| b);
    push_front(world, vec![Step::Fire(plan)]);
    if open_sights {
        depletion(world, &pieces[0]);
    }
}

/// An assault: the attackers enter the target hex, meet the drumfire of those
/// entering, and fight for it.
fn apply_assault(world: &mut World, side: u8, pieces: Vec<String>, target: &str) {
    let t = hex_of(target).unwrap_or_default();
    let group = world.resource::<GwState>().group.clone().unwrap_or(Group {
        side,
        members: BTreeMap::new(),
    });
    let Ok(list) = members(world, &group, &pieces) else {
        return;
    };
    if check_assault(world, side, &list, t).is_err() {
        return;
    }
    let attackers: Vec<(String, Hex)> = list.iter().map(|(p, _)| (p.id.clone(), p.hex)).collect();
    let leaders: BTreeMap<String, Vec<String>> = list
        .iter()
        .filter(|(p, _)| !p.is_leader())
        .map(|(p, m)| (p.id.clone(), m.leaders.clone()))
        .collect();
    let entering = entering_ids(world.resource::<GwState>(), &pieces);
    let from = attackers[0].1;
    set_acted(world, &pieces);
    for id in &pieces {
        super::super::place(world, id, t);
        mark(world, id, MarkerKind::Moved);
        mark(world, id, MarkerKind::Fired);
    }
    note(
        world,
        GameEvent::Moved {
            pieces: pieces.clone(),
            from: label(from),
            to: label(t),
            via: Vec::new(),
        },
    );
    push_front(
        world,
        vec![
            Step::Drumfire {
                hex: t,
                side,
                pieces: entering,
            },
            Step::Assault {
                hex: t,
                side,
                attackers,
                leaders,
            },
        ],
    );
}

/// A unit mounts or dismounts: it becomes its counterpart unit type, printed values
/// and all.
fn mount_or_dismount(world: &mut World, piece: &str) {
    set_acted(world, &[piece.to_owned()]);
    mark(world, piece, MarkerKind::Done);
    let Some(e) = entity(world, piece) else {
        return;
    };
    let d = data(world);
    let Some(now) = world.get::<Counter>(e).map(|c| c.unit_type.clone()) else {
        return;
    };
    let Some(other) = d
        .units
        .get(&now)
        .and_then(|u| u.counterpart.clone())
        .and_then(|o| d.units.get(&o))
    else {
        return;
    };
    let mut em = world.entity_mut(e);
    if let Some(mut c) = em.get_mut::<Counter>() {
        c.unit_type = other.id.clone();
    }
    em.insert(Printed {
        full: other.full,
        reduced: other.reduced,
    });
    let verb = if other.mounted { "mounts" } else { "dismounts" };
    say(world, format!("{} {verb}.", name_of(world, piece)));
}

/// A transport loads a piece: both are done for the phase.
fn load(world: &mut World, transport: &str, piece: &str) {
    set_acted(world, &[transport.to_owned()]);
    mark(world, transport, MarkerKind::Done);
    mark(world, piece, MarkerKind::Done);
    world
        .resource_mut::<GwState>()
        .loaded
        .insert(transport.to_owned(), piece.to_owned());
    say(
        world,
        format!(
            "{} loads {}.",
            name_of(world, transport),
            name_of(world, piece)
        ),
    );
}

/// A transport unloads what it carries, and is done for the phase.
fn unload(world: &mut World, transport: &str) {
    set_acted(world, &[transport.to_owned()]);
    mark(world, transport, MarkerKind::Done);
    let cargo = world.resource_mut::<GwState>().loaded.remove(transport);
    if let Some(c) = cargo {
        say(
            world,
            format!(
                "{} unloads {}.",
                name_of(world, transport),
                name_of(world, &c)
            ),
        );
    }
}

/// The answer to the question of opportunity fire: the firers fire at the hex the
/// enemy entered, each counting one more opportunity fire.
fn opportunity_fire(world: &mut World, side: u8, firers: &[String]) {
    let Some(Prompt::OpportunityFire { hex, .. }) = world.resource_mut::<GwState>().prompt.take()
    else {
        return;
    };
    let pieces: Vec<PieceView> = firers
        .iter()
        .filter_map(|id| view::by_id(world, id))
        .collect();
    let Ok(plan) = fire::plan_action_fire(world, side, &pieces, hex, None) else {
        return;
    };
    for id in firers {
        *world
            .resource_mut::<GwState>()
            .opportunity
            .entry(id.clone())
            .or_default() += 1;
        mark(world, id, MarkerKind::Fired);
    }
    push_front(world, vec![Step::Fire(plan)]);
}

/// The answer to the question of which unit takes a step loss.
fn take_step_loss(world: &mut World, piece: &str) {
    let Some(Prompt::StepLoss {
        side,
        hex,
        count,
        candidates,
    }) = world.resource_mut::<GwState>().prompt.take()
    else {
        return;
    };
    // The loss is among the units the question offered, and so are those
    // still due from the same result.
    take_loss(world, piece, hex, side, count, Some(candidates));
}

pub(super) fn activate(world: &mut World, side: u8, roots: Vec<PieceView>) {
    let group = activation_group(world, side, &roots);
    let mut ids: Vec<String> = roots.iter().map(|p| p.id.clone()).collect();
    ids.extend(
        group
            .members
            .keys()
            .filter(|k| !ids.contains(k))
            .cloned()
            .collect::<Vec<_>>(),
    );
    world.resource_mut::<ActionSegment>().passes_in_row = 0;
    world.resource_mut::<GwState>().group = Some(group);
    note(world, GameEvent::Activated { side, pieces: ids });
}

/// > "Each time a unit with an Open Sights mission fires, the owning player rolls
/// > two dice and compares the result to his side's Ammunition Depletion number. If
/// > the result exceeds [it], the unit fires at half-strength from then on. If a
/// > future ammunition depletion die-roll for the same unit also exceeds [it], the
/// > unit is removed from play." Ours: the fire that runs it dry still lands.
pub(crate) fn depletion(world: &mut World, p: &PieceView) {
    let limit = world
        .resource::<super::super::scenario::GwSides>()
        .get(p.side)
        .ammunition_depletion;
    let dice = roll(world, 2, format!("ammunition depletion: {}", p.name));
    let total = dice[0] + dice[1];
    if total <= limit {
        return;
    }
    // A battery already low (a roll over the number before, or the scenario's own
    // marker) runs dry on this one.
    let count = {
        let mut state = world.resource_mut::<GwState>();
        let c = state.depletion.entry(p.id.clone()).or_default();
        *c = (*c).max(u8::from(p.low_ammo)) + 1;
        *c
    };
    if count == 1 {
        mark(world, &p.id, MarkerKind::LowAmmo);
        say(
            world,
            format!(
                "{} rolls {total}, over {limit}: ammunition low, half strength from now on.",
                p.name
            ),
        );
    } else {
        super::super::remove_from_play(world, &p.id, crate::counters::OffMap::Eliminated);
        say(
            world,
            format!(
                "{} rolls {total}, over {limit} again: out of ammunition, removed from play.",
                p.name
            ),
        );
    }
}

/// > "Pieces recover morale by activating and doing nothing but rolling two dice. If
/// > they roll less than their morale, Disrupted pieces become good-order [...] and
/// > Demoralized pieces become Disrupted. If they fail, Disrupted pieces stay that
/// > way, and Demoralized pieces flee from enemy units."
pub(super) fn recover(world: &mut World, id: &str) {
    set_acted(world, &[id.to_owned()]);
    let Some(p) = view::by_id(world, id) else {
        return;
    };
    mark(world, id, MarkerKind::Done);
    let morale = view::effective_morale(world, &p);
    let dice = roll(world, 2, format!("recovery: {}", p.name));
    let total = i32::from(dice[0] + dice[1]);
    if total < morale {
        if p.demoralized {
            unmark(world, id, MarkerKind::Demoralized);
            mark(world, id, MarkerKind::Disrupted);
            say(
                world,
                format!(
                    "{} rallies ({total} under {morale}): Demoralized to Disrupted.",
                    p.name
                ),
            );
        } else {
            unmark(world, id, MarkerKind::Disrupted);
            say(
                world,
                format!(
                    "{} rallies ({total} under {morale}): back in good order.",
                    p.name
                ),
            );
        }
    } else if p.demoralized {
        say(
            world,
            format!(
                "{} fails to rally ({total}, morale {morale}) and flees.",
                p.name
            ),
        );
        push_front(
            world,
            vec![Step::Flee {
                piece: id.to_owned(),
            }],
        );
    } else {
        say(
            world,
            format!("{} fails to rally ({total}, morale {morale}).", p.name),
        );
    }
}
