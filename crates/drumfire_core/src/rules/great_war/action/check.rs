//! The checks of an order in the Action Phase: who may act, and what an activated
//! group may do (move, fire, assault, recover, mount, load).

use super::*;

/// Checks an Action Phase order (and the answers to questions) against the rules.
pub fn validate(world: &World, phase: Phase, order: &GwOrder) -> Result<(), Refusal> {
    let state = world.resource::<GwState>();
    match (order, &state.prompt) {
        (
            GwOrder::OpportunityFire { side, firers },
            Some(Prompt::OpportunityFire { hex, eligible, .. }),
        ) => {
            if let Some(f) = firers.iter().find(|f| !eligible.contains(f)) {
                return refuse(format!(
                    "{} may not fire at the moving enemy now.",
                    name_of(world, f)
                ));
            }
            let pieces = pieces_of(world, firers)?;
            fire::plan_action_fire(world, *side, &pieces, *hex, None).map(|_| ())
        }
        (GwOrder::HoldFire { .. }, Some(Prompt::OpportunityFire { .. })) => Ok(()),
        (
            GwOrder::TakeStepLoss { piece, .. },
            Some(Prompt::StepLoss {
                candidates, hex, ..
            }),
        ) => {
            if candidates.contains(piece) {
                Ok(())
            } else {
                refuse(format!(
                    "`{piece}` is not a unit that can take the loss in {}.",
                    label(*hex)
                ))
            }
        }
        (_, Some(p)) => refuse(match p {
            Prompt::OpportunityFire { hex, .. } => format!(
                "The game waits for an answer: opportunity fire at {} or hold fire.",
                label(*hex)
            ),
            Prompt::StepLoss { hex, .. } => {
                format!(
                    "The game waits for an answer: which unit in {} takes the step loss.",
                    label(*hex)
                )
            }
            Prompt::OpenPlot { side, turn } => format!(
                "The game waits for {} to open its sealed Artillery Plan for turn {turn}.",
                super::super::side_name(world, *side)
            ),
        }),
        (GwOrder::OpportunityFire { .. } | GwOrder::HoldFire { .. }, None) => {
            refuse("No enemy is moving within range: there is nothing to fire at by opportunity.")
        }
        (GwOrder::TakeStepLoss { .. }, None) => refuse("No step loss is waiting to be taken."),
        _ if phase != super::super::ACTION => refuse(format!(
            "Pieces act in the Action Phase; this is the {} phase.",
            phase.name(world.resource())
        )),
        (GwOrder::Activate { side, piece }, None) => {
            if state.group.is_some() {
                return refuse(
                    "Pieces are already activated in this segment: act with them or end the segment.",
                );
            }
            let p = view::by_id(world, piece)
                .ok_or_else(|| Refusal(format!("There is no piece `{piece}` on the map.")))?;
            check_activatable(world, *side, &p)
        }
        (GwOrder::ActivateStack { side, hex }, None) => {
            if state.group.is_some() {
                return refuse(
                    "Pieces are already activated in this segment: act with them or end the segment.",
                );
            }
            let h = parse_hex(world, hex)?;
            if view::in_hex(world, h)
                .iter()
                .any(|p| p.side == *side && activatable(world, p))
            {
                Ok(())
            } else {
                refuse(format!("No piece of yours in {hex} can activate."))
            }
        }
        (o, None) => {
            let Some(group) = &state.group else {
                return refuse("Activate a unit, a leader or a stack first.");
            };
            check_act(world, group, o)
        }
    }
}

pub(super) fn check_activatable(world: &World, side: u8, p: &PieceView) -> Result<(), Refusal> {
    let state = world.resource::<GwState>();
    if p.side != side {
        return refuse(format!("{} is not yours.", p.name));
    }
    if p.spent() {
        return refuse(format!("{} has already activated this turn.", p.name));
    }
    if is_cargo(state, &p.id) {
        return refuse(format!(
            "{} is loaded on a transport: activate the transport.",
            p.name
        ));
    }
    if !activatable(world, p) {
        return refuse(format!(
            "{} has nothing to do in an action segment (it fires by its Artillery Plan).",
            p.name
        ));
    }
    Ok(())
}

/// Checks an order of a piece of the activated group `group`.
pub(super) fn check_act(world: &World, group: &Group, order: &GwOrder) -> Result<(), Refusal> {
    match order {
        GwOrder::Move { side, pieces, path } => {
            let movers = members(world, group, pieces)?;
            let movers: Vec<PieceView> = movers.into_iter().map(|(p, _)| p).collect();
            let path: Vec<Hex> = path
                .iter()
                .map(|s| parse_hex(world, s))
                .collect::<Result<_, _>>()?;
            check_move(world, group, *side, &movers, &path).map(|_| ())
        }
        GwOrder::Fire {
            side,
            firers,
            target,
        } => {
            let f = members(world, group, firers)?;
            let pieces: Vec<PieceView> = f.into_iter().map(|(p, _)| p).collect();
            let t = parse_hex(world, target)?;
            fire::plan_action_fire(world, *side, &pieces, t, Some(group)).map(|_| ())
        }
        GwOrder::Assault {
            side,
            pieces,
            target,
        } => {
            let t = parse_hex(world, target)?;
            let attackers = members(world, group, pieces)?;
            check_assault(world, *side, &attackers, t)
        }
        GwOrder::Recover { piece, .. } => check_recover(world, group, piece),
        GwOrder::MountOrDismount { piece, .. } => check_mount_or_dismount(world, group, piece),
        GwOrder::Load {
            transport, piece, ..
        } => check_load(world, group, transport, piece),
        GwOrder::Unload { transport, .. } => check_unload(world, group, transport),
        GwOrder::Plan { .. }
        | GwOrder::SealPlan { .. }
        | GwOrder::OpenPlan { .. }
        | GwOrder::Activate { .. }
        | GwOrder::ActivateStack { .. }
        | GwOrder::OpportunityFire { .. }
        | GwOrder::HoldFire { .. }
        | GwOrder::TakeStepLoss { .. } => refuse("That order is not given now."),
    }
}

/// A piece recovers only from disruption or demoralization.
fn check_recover(world: &World, group: &Group, piece: &str) -> Result<(), Refusal> {
    let (p, _) = members(world, group, &[piece.to_owned()])?.remove(0);
    if p.disrupted || p.demoralized {
        Ok(())
    } else {
        refuse(format!(
            "{} is in good order: there is nothing to recover.",
            p.name
        ))
    }
}

/// A piece mounts or dismounts when it has a counterpart and is not Demoralized.
fn check_mount_or_dismount(world: &World, group: &Group, piece: &str) -> Result<(), Refusal> {
    let (p, _) = members(world, group, &[piece.to_owned()])?.remove(0);
    not_demoralized(&p)?;
    match data(world)
        .units
        .get(&p.unit_type)
        .and_then(|u| u.counterpart.clone())
    {
        Some(_) => Ok(()),
        None => refuse(format!("{} has no mounted or dismounted piece.", p.name)),
    }
}

/// Ours — D-9 in docs/rules/great-war.md: transport. An empty transport loads a unit
/// of its side in its hex that does not move by itself and has not fired, neither of
/// them Demoralized.
fn check_load(world: &World, group: &Group, transport: &str, piece: &str) -> Result<(), Refusal> {
    let state = world.resource::<GwState>();
    let (t, _) = members(world, group, &[transport.to_owned()])?.remove(0);
    if t.class != UnitClass::Transport {
        return refuse(format!("{} is not a transport.", t.name));
    }
    if state.loaded.contains_key(&t.id) {
        return refuse(format!("{} already carries a unit.", t.name));
    }
    let c = view::by_id(world, piece)
        .ok_or_else(|| Refusal(format!("There is no piece `{piece}` on the map.")))?;
    if c.side != t.side || c.hex != t.hex {
        return refuse(format!("{} must stand with {} to load.", c.name, t.name));
    }
    for p in [&t, &c] {
        not_demoralized(p)?;
    }
    if c.is_leader() || c.face.movement != 0 {
        return refuse(format!(
            "Only units with a movement allowance of 0 are loaded; {} moves by itself.",
            c.name
        ));
    }
    if c.fired {
        return refuse(format!(
            "{} has fired this turn and cannot limber up.",
            c.name
        ));
    }
    Ok(())
}

/// A transport unloads only what it carries, the transport not Demoralized.
fn check_unload(world: &World, group: &Group, transport: &str) -> Result<(), Refusal> {
    let state = world.resource::<GwState>();
    let (t, _) = members(world, group, &[transport.to_owned()])?.remove(0);
    let Some(cargo) = state.loaded.get(&t.id) else {
        return refuse(format!("{} carries nothing.", t.name));
    };
    // The team unloads; its cargo, passive, may be Demoralized (unloaded, it may then
    // try to recover, which it cannot while loaded).
    let _ = cargo;
    not_demoralized(&t)
}

/// A Demoralized piece "can do nothing on future action phases but try to recover
/// morale": it gives no other order, and takes no part in one.
fn not_demoralized(p: &PieceView) -> Result<(), Refusal> {
    if p.demoralized {
        return refuse(format!(
            "{} is Demoralized: it can only try to recover.",
            p.name
        ));
    }
    Ok(())
}

/// Checks an assault. The attackers' leader shift is not fixed here: it is read when
/// the assault is rolled (`resolve.rs` `assault`).
pub(super) fn check_assault(
    world: &World,
    side: u8,
    attackers: &[(PieceView, &Member)],
    target: Hex,
) -> Result<(), Refusal> {
    let board = world.resource::<Board>();
    if !view::enemy_in(world, side, target) {
        return refuse(format!(
            "There is no enemy in {} to assault.",
            label(target)
        ));
    }
    let mut strength = false;
    for (p, m) in attackers {
        if p.side != side {
            return refuse(format!("{} is not yours.", p.name));
        }
        if p.demoralized {
            return refuse(format!(
                "{} is Demoralized: it can only try to recover.",
                p.name
            ));
        }
        if m.start.unsigned_distance_to(target) != 1 || p.hex != m.start {
            return refuse(format!(
                "{} did not start its activation next to {}: only units that did may assault it.",
                p.name,
                label(target)
            ));
        }
        if board.enter_cost(p.hex, target).is_none() {
            return refuse(format!("{} cannot enter {}.", p.name, label(target)));
        }
        if !p.is_leader() {
            if p.face.direct.is_none() {
                return refuse(format!(
                    "{} has no Direct Fire value to assault with.",
                    p.name
                ));
            }
            // Our ruling: "Units can't move closer to enemy units unless they're
            // activated by a leader of their own type", and entering the enemy's hex is
            // as close as a unit can move.
            if !m.led {
                return refuse(format!(
                    "{} was not activated by a leader of its own type: it may not move closer to the enemy, and an assault enters the enemy's hex.",
                    p.name
                ));
            }
            strength = true;
        }
    }
    if !strength {
        return refuse("An assault needs at least one unit with a Direct Fire value.");
    }
    let pieces: Vec<PieceView> = attackers.iter().map(|(p, _)| p.clone()).collect();
    if !stack_fits(world, side, target, &pieces) {
        return refuse("Too many units to assault together (at most 3, 2 of them companies).");
    }
    Ok(())
}
