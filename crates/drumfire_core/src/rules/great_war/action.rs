//! The Action Phase: action segments, activation, and what activated pieces do.
//!
//! > "In an action segment, a player can activate one unit or leader, or one stack
//! > of playing pieces. Any activated leader can immediately activate all units and
//! > lower-ranking leaders of his own type (cavalry or infantry) in his hex and all
//! > adjacent hexes. [...] Activated playing pieces can either move or fire."

use super::board::Board;
use super::fire;
use super::orders::{GwOrder, Mission};
use super::resolve::{push_front, take_loss};
use super::state::{Group, GwState, Member, Prompt, Step};
use super::view::{self, PieceView, action_fire, is_cargo, label};
use super::{data, entity, mark, name_of, note, roll, say, side_name, unmark};
use crate::coords::MapCoord;
use crate::counters::{Counter, LeaderKind, MarkerKind, Printed};
use crate::data::UnitClass;
use crate::flow::{self, ActionSegment, Phase, SequenceOfPlay, record_pass};
use crate::journal::{GameEvent, Journal};
use crate::orders::Refusal;
use crate::scenario::{SideList, hex_of};
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::Hex;
use std::collections::{BTreeMap, BTreeSet, BinaryHeap};

fn refuse<T>(text: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal(text.into()))
}

/// Movement allowance: the face's, or the leader type's (4 infantry, 6 cavalry).
pub fn movement_allowance(world: &World, p: &PieceView) -> u8 {
    p.face.movement.max(if p.is_leader() {
        data(world)
            .units
            .get(&p.unit_type)
            .map_or(0, |u| u.full.movement)
    } else {
        0
    })
}

/// Can the piece still be activated this turn, and has it anything to do?
pub fn activatable(world: &World, p: &PieceView) -> bool {
    let state = world.resource::<GwState>();
    if p.spent() || is_cargo(state, &p.id) {
        return false;
    }
    p.disrupted
        || p.demoralized
        || p.is_leader()
        || movement_allowance(world, p) > 0
        || action_fire(state, p).is_some()
        || data(world)
            .units
            .get(&p.unit_type)
            .is_some_and(|u| u.counterpart.is_some())
}

/// Does the side have a piece it could activate?
pub fn can_activate(world: &World, side: u8) -> bool {
    view::any_of_side(world, side, |p| activatable(world, p))
}

/// The ids of the moving pieces and of what their transports carry.
fn moving_ids<'a>(state: &'a GwState, movers: &'a [PieceView]) -> BTreeSet<&'a str> {
    movers
        .iter()
        .map(|p| p.id.as_str())
        .chain(
            movers
                .iter()
                .filter_map(|p| state.loaded.get(&p.id).map(String::as_str)),
        )
        .collect()
}

/// Would the hex hold `movers` of `side` within the stacking limits (3 units, 2 companies)?
pub fn stack_fits(world: &World, side: u8, hex: Hex, movers: &[PieceView]) -> bool {
    let d = data(world);
    let state = world.resource::<GwState>();
    let moving = moving_ids(state, movers);
    let mut units = 0u8;
    let mut companies = 0u8;
    let mut count = |p: &PieceView| {
        if !p.is_leader() {
            units += 1;
            companies += u8::from(p.is_company());
        }
    };
    view::in_hex(world, hex)
        .iter()
        .filter(|p| p.side == side && !moving.contains(p.id.as_str()))
        .for_each(&mut count);
    for p in movers {
        count(p);
        if let Some(c) = state.loaded.get(&p.id).and_then(|c| view::by_id(world, c)) {
            count(&c);
        }
    }
    units <= d.stack_limit && companies <= d.company_stack_limit
}

/// Sets the segment for the initiative winner, skipping a side with nothing to activate.
pub fn begin_action(world: &mut World) {
    let side = world.resource::<ActionSegment>().side;
    if !can_activate(world, side) {
        skip_to_next(world, side, true);
    }
}

/// Clears the turn's opportunity-fire counts and any activation.
pub fn clear_turn(world: &mut World) {
    let mut state = world.resource_mut::<GwState>();
    state.opportunity.clear();
    state.group = None;
}

/// The phase is over.
fn end_phase(world: &mut World) {
    let seq = world.resource::<SequenceOfPlay>().clone();
    if matches!(world.resource::<NextState<Phase>>(), NextState::Unchanged) {
        flow::finish_phase(&seq, super::ACTION, &mut world.resource_mut());
    }
}

/// Hands the segment on from `side`: to the next side that can activate; a side that
/// cannot counts as passing. `side_counts` says whether `side` itself is being skipped.
fn skip_to_next(world: &mut World, side: u8, side_counts: bool) {
    let n = world.resource::<SideList>().0.len().max(1) as u8;
    let mut who = side;
    if !side_counts {
        who = (side + 1) % n;
    }
    for _ in 0..=n {
        if can_activate(world, who) {
            let mut seg = world.resource_mut::<ActionSegment>();
            seg.side = who;
            world
                .resource_mut::<Journal>()
                .push(GameEvent::SegmentBegan { side: who });
            return;
        }
        let name = side_name(world, who);
        say(world, format!("{name} has no piece left to activate."));
        let all_passed = world.resource_scope(|world, mut seg: Mut<ActionSegment>| {
            record_pass(
                &mut seg,
                &mut world.resource_mut::<Journal>(),
                who,
                usize::from(n),
            )
        });
        if all_passed {
            end_phase(world);
            return;
        }
        who = (who + 1) % n;
    }
    end_phase(world);
}

/// A pass: ends the activation under way, or passes the segment.
pub fn pass(world: &mut World, side: u8) {
    if world.resource::<GwState>().group.is_some() {
        end_segment(world);
        return;
    }
    let n = world.resource::<SideList>().0.len();
    let all_passed = world.resource_scope(|world, mut seg: Mut<ActionSegment>| {
        record_pass(&mut seg, &mut world.resource_mut::<Journal>(), side, n)
    });
    if all_passed {
        end_phase(world);
    } else {
        skip_to_next(world, side, false);
    }
}

/// After an order's steps: the segment ends once no activated piece can still act.
pub fn segment_check(world: &mut World) {
    let state = world.resource::<GwState>();
    let Some(group) = &state.group else {
        return;
    };
    let any_left = group
        .members
        .iter()
        .any(|(id, m)| !m.acted && view::by_id(world, id).is_some());
    if !any_left {
        end_segment(world);
    }
}

/// Ends the activation: pieces activated directly that did nothing are marked Done.
/// Ours — D-10 in docs/rules/great-war.md: activation details.
fn end_segment(world: &mut World) {
    let Some(group) = world.resource_mut::<GwState>().group.take() else {
        return;
    };
    for (id, m) in &group.members {
        if m.direct && !m.acted {
            mark(world, id, MarkerKind::Done);
        }
    }
    skip_to_next(world, group.side, false);
}

/// > "Any activated leader can immediately activate all units and lower-ranking
/// > leaders of his own type [...] in his hex and all adjacent hexes. Those
/// > lower-ranking leaders can activate more [...]. Leaders cannot activate units
/// > that aren't of their own type, but both types of leaders can activate together
/// > if stacked together."
pub fn activation_group(world: &World, side: u8, roots: &[PieceView]) -> Group {
    let mut members: BTreeMap<String, Member> = BTreeMap::new();
    let mut leaders: Vec<PieceView> = Vec::new();
    for p in roots {
        members.insert(
            p.id.clone(),
            Member {
                led: false,
                combat: None,
                start: p.hex,
                acted: false,
                direct: true,
            },
        );
        // A Demoralized leader "can do nothing [...] but try to recover morale": he may
        // be activated to try, but he leads no one.
        if p.is_leader() && !p.demoralized {
            leaders.push(p.clone());
        }
    }
    let mut i = 0;
    while i < leaders.len() {
        let l = leaders[i].clone();
        i += 1;
        let Some(ld) = l.leader else { continue };
        for h in std::iter::once(l.hex).chain(l.hex.all_neighbors()) {
            for p in view::in_hex(world, h) {
                if p.side != side || !activatable(world, &p) {
                    continue;
                }
                let joins = match p.leader {
                    None => p.leader_type() == ld.kind,
                    Some(o) if o.kind == ld.kind => o.rank < ld.rank,
                    Some(_) => p.hex == l.hex,
                };
                if !joins {
                    continue;
                }
                let own_type = p.leader_type() == ld.kind;
                let entry = members.entry(p.id.clone()).or_insert_with(|| {
                    if p.is_leader() && !p.demoralized {
                        leaders.push(p.clone());
                    }
                    Member {
                        led: false,
                        combat: None,
                        start: p.hex,
                        acted: false,
                        direct: false,
                    }
                });
                if own_type {
                    entry.led = true;
                    entry.combat = Some(entry.combat.map_or(ld.combat, |c| c.max(ld.combat)));
                }
            }
        }
    }
    Group { side, members }
}

fn pieces_of(world: &World, ids: &[String]) -> Result<Vec<PieceView>, Refusal> {
    let mut seen = BTreeSet::new();
    ids.iter()
        .map(|id| {
            if !seen.insert(id.as_str()) {
                return refuse(format!("{} is named twice.", name_of(world, id)));
            }
            view::by_id(world, id)
                .ok_or_else(|| Refusal(format!("There is no piece `{id}` on the map.")))
        })
        .collect()
}

fn parse_hex(world: &World, s: &str) -> Result<Hex, Refusal> {
    hex_of(s)
        .filter(|h| world.resource::<Board>().contains(*h))
        .ok_or_else(|| Refusal(format!("`{s}` is not a hex of the map.")))
}

/// Each named piece must be an activated member of the side's group that has not acted.
fn members<'a>(
    world: &World,
    group: &'a Group,
    ids: &[String],
) -> Result<Vec<(PieceView, &'a Member)>, Refusal> {
    if ids.is_empty() {
        return refuse("Name at least one piece.");
    }
    let pieces = pieces_of(world, ids)?;
    pieces
        .into_iter()
        .map(|p| match group.members.get(&p.id) {
            None => refuse(format!("{} was not activated in this segment.", p.name)),
            Some(m) if m.acted => {
                refuse(format!("{} has already acted in this activation.", p.name))
            }
            Some(m) => Ok((p, m)),
        })
        .collect()
}

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
        }),
        (GwOrder::OpportunityFire { .. } | GwOrder::HoldFire { .. }, None) => {
            refuse("No enemy is moving within range: there is nothing to fire at by opportunity.")
        }
        (GwOrder::TakeStepLoss { .. }, None) => refuse("No step loss is waiting to be taken."),
        _ if phase != super::ACTION => refuse(format!(
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

fn check_activatable(world: &World, side: u8, p: &PieceView) -> Result<(), Refusal> {
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

fn check_act(world: &World, group: &Group, order: &GwOrder) -> Result<(), Refusal> {
    let state = world.resource::<GwState>();
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
            check_assault(world, *side, &attackers, t).map(|_| ())
        }
        GwOrder::Recover { piece, .. } => {
            let (p, _) = members(world, group, std::slice::from_ref(piece))?.remove(0);
            if p.disrupted || p.demoralized {
                Ok(())
            } else {
                refuse(format!(
                    "{} is in good order: there is nothing to recover.",
                    p.name
                ))
            }
        }
        GwOrder::MountOrDismount { piece, .. } => {
            let (p, _) = members(world, group, std::slice::from_ref(piece))?.remove(0);
            if p.demoralized {
                return refuse(format!(
                    "{} is Demoralized: it can only try to recover.",
                    p.name
                ));
            }
            match data(world)
                .units
                .get(&p.unit_type)
                .and_then(|u| u.counterpart.clone())
            {
                Some(_) => Ok(()),
                None => refuse(format!("{} has no mounted or dismounted piece.", p.name)),
            }
        }
        // Ours — D-9 in docs/rules/great-war.md: transport.
        GwOrder::Load {
            transport, piece, ..
        } => {
            let (t, _) = members(world, group, std::slice::from_ref(transport))?.remove(0);
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
        GwOrder::Unload { transport, .. } => {
            let (t, _) = members(world, group, std::slice::from_ref(transport))?.remove(0);
            if state.loaded.contains_key(&t.id) {
                Ok(())
            } else {
                refuse(format!("{} carries nothing.", t.name))
            }
        }
        GwOrder::Plan { .. }
        | GwOrder::Activate { .. }
        | GwOrder::ActivateStack { .. }
        | GwOrder::OpportunityFire { .. }
        | GwOrder::HoldFire { .. }
        | GwOrder::TakeStepLoss { .. } => refuse("That order is not given now."),
    }
}

/// What moving pieces share: their start, allowance and the limits on where they go.
pub struct MoveRules {
    /// Start hex.
    pub start: Hex,
    /// Movement points.
    pub allowance: u8,
    /// Disrupted pieces move one hex.
    pub one_hex: bool,
    /// Some mover may not move closer to the enemy (a unit not led by a leader of its type).
    pub keep_distance: bool,
    /// Enemy unit hexes.
    pub enemies: Vec<Hex>,
    /// Move-mission destinations the movers must head for.
    pub destinations: Vec<Hex>,
    /// Every occupied hex but the movers' own pieces: its side, units and companies.
    pub occupied: BTreeMap<MapCoord, (u8, u8, u8)>,
    /// Units and companies among the movers (cargo included).
    pub moving: (u8, u8),
}

/// Checks the movers themselves and returns what limits their move.
/// Ours — D-11 in docs/rules/great-war.md: moving stacks.
pub fn move_rules(
    world: &World,
    group: &Group,
    side: u8,
    movers: &[PieceView],
) -> Result<MoveRules, Refusal> {
    let state = world.resource::<GwState>();
    let Some(first) = movers.first() else {
        return refuse("Name at least one piece to move.");
    };
    let mut allowance = u8::MAX;
    let mut destinations = Vec::new();
    for p in movers {
        if p.side != side {
            return refuse(format!("{} is not yours.", p.name));
        }
        if p.hex != first.hex {
            return refuse("Pieces moving together must start in the same hex.");
        }
        if p.demoralized {
            return refuse(format!(
                "{} is Demoralized: it can only try to recover.",
                p.name
            ));
        }
        if is_cargo(state, &p.id) {
            return refuse(format!("{} is loaded: move its transport.", p.name));
        }
        let ma = movement_allowance(world, p);
        if ma == 0 {
            return refuse(format!(
                "{} has a movement allowance of 0: it must load onto a transport to move.",
                p.name
            ));
        }
        allowance = allowance.min(ma);
        let cargo = state.loaded.get(&p.id);
        for who in std::iter::once(&p.id).chain(cargo) {
            if let Some(Mission::Move { destination }) = state.missions.get(who)
                && let Some(h) = hex_of(destination)
            {
                destinations.push(h);
            }
        }
    }
    let keep_distance = movers
        .iter()
        .any(|p| !p.is_leader() && !group.members.get(&p.id).is_some_and(|m| m.led));
    let moving_ids = moving_ids(state, movers);
    let mut occupied: BTreeMap<MapCoord, (u8, u8, u8)> = BTreeMap::new();
    let mut moving = (0u8, 0u8);
    for (hex, c) in view::counters(world) {
        let unit = u8::from(c.class != UnitClass::Leader);
        let company = u8::from(c.class.is_company());
        if moving_ids.contains(c.id.as_str()) {
            moving.0 += unit;
            moving.1 += company;
            continue;
        }
        let Some(m) = MapCoord::from_hex(hex) else {
            continue;
        };
        let e = occupied.entry(m).or_insert((c.side, 0, 0));
        if c.side != side {
            e.0 = c.side;
        }
        e.1 += unit;
        e.2 += company;
    }
    Ok(MoveRules {
        start: first.hex,
        allowance,
        one_hex: movers.iter().any(|p| p.disrupted),
        keep_distance,
        enemies: view::enemy_unit_hexes(world, side),
        destinations,
        occupied,
        moving,
    })
}

/// Why a step is refused; put in words only when a person is told (the reach of a
/// piece tries thousands of steps and words none of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepRefusal {
    /// The hexes are not adjacent.
    NotAdjacent(Hex, Hex),
    /// A Disrupted piece already moved its one hex.
    OneHex,
    /// Impassable.
    Impassable(Hex),
    /// Over the allowance: the total it would cost and the allowance.
    TooFar(Hex, u8, u8),
    /// The enemy holds it.
    Enemy(Hex),
    /// Over the stacking limits.
    OverStacked(Hex),
    /// Closer to the enemy without a leader's activation.
    Closer(Hex),
}

impl std::fmt::Display for StepRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            StepRefusal::NotAdjacent(to, from) => {
                write!(f, "{} is not next to {}", label(to), label(from))
            }
            StepRefusal::OneHex => write!(f, "a Disrupted piece moves only one hex"),
            StepRefusal::Impassable(to) => write!(f, "{} cannot be entered", label(to)),
            StepRefusal::TooFar(to, total, allowance) => write!(
                f,
                "{} needs {total} movement points; the allowance is {allowance}",
                label(to)
            ),
            StepRefusal::Enemy(to) => {
                write!(f, "{} holds the enemy (assault it instead)", label(to))
            }
            StepRefusal::OverStacked(to) => write!(
                f,
                "{} would be over-stacked (at most 3 units, 2 of them companies)",
                label(to)
            ),
            StepRefusal::Closer(to) => write!(
                f,
                "{} is closer to the enemy, and only units activated by a leader of their type may move closer",
                label(to)
            ),
        }
    }
}

/// Can the movers step from `from` into `to` having spent `spent`? Returns the new total.
pub fn step(
    world: &World,
    rules: &MoveRules,
    side: u8,
    from: Hex,
    to: Hex,
    spent: u8,
    index: usize,
) -> Result<u8, StepRefusal> {
    let board = world.resource::<Board>();
    if from.unsigned_distance_to(to) != 1 {
        return Err(StepRefusal::NotAdjacent(to, from));
    }
    if rules.one_hex && index > 0 {
        return Err(StepRefusal::OneHex);
    }
    let cost = board
        .enter_cost(from, to)
        .ok_or(StepRefusal::Impassable(to))?;
    let total = spent.saturating_add(cost);
    if total > rules.allowance {
        return Err(StepRefusal::TooFar(to, total, rules.allowance));
    }
    if let Some((owner, units, companies)) =
        MapCoord::from_hex(to).and_then(|m| rules.occupied.get(&m))
    {
        if *owner != side {
            return Err(StepRefusal::Enemy(to));
        }
        let d = data(world);
        if units + rules.moving.0 > d.stack_limit
            || companies + rules.moving.1 > d.company_stack_limit
        {
            return Err(StepRefusal::OverStacked(to));
        }
    }
    if rules.keep_distance
        && view::nearest(&rules.enemies, to) < view::nearest(&rules.enemies, from)
    {
        return Err(StepRefusal::Closer(to));
    }
    Ok(total)
}

/// Checks a whole path; returns the movement points it costs.
pub fn check_move(
    world: &World,
    group: &Group,
    side: u8,
    movers: &[PieceView],
    path: &[Hex],
) -> Result<u8, Refusal> {
    let rules = move_rules(world, group, side, movers)?;
    if path.is_empty() {
        return refuse("The path is empty: name the hexes to enter.");
    }
    let mut at = rules.start;
    let mut spent = 0;
    for (i, h) in path.iter().enumerate() {
        spent = step(world, &rules, side, at, *h, spent, i)
            .map_err(|e| Refusal(format!("Cannot move: {e}.")))?;
        at = *h;
    }
    for d in &rules.destinations {
        let reached = path.contains(d);
        if !reached && d.unsigned_distance_to(at) >= d.unsigned_distance_to(rules.start) {
            return refuse(format!(
                "A unit on a Move mission must head for its destination {}.",
                label(*d)
            ));
        }
    }
    Ok(spent)
}

/// Every hex the movers can reach, with its cost and the path there (cheapest, then fewest hexes).
pub fn reach(
    world: &World,
    group: &Group,
    side: u8,
    movers: &[PieceView],
) -> BTreeMap<MapCoord, (u8, Vec<Hex>)> {
    let mut out = BTreeMap::new();
    let Ok(rules) = move_rules(world, group, side, movers) else {
        return out;
    };
    let key = |h: Hex| MapCoord::from_hex(h).unwrap_or(MapCoord::new(u16::MAX, u16::MAX));
    // Cost, hexes entered and the hex it was entered from, per hex reached.
    let mut best: BTreeMap<MapCoord, (u8, usize, Option<MapCoord>)> = BTreeMap::new();
    best.insert(key(rules.start), (0, 0, None));
    let mut heap = BinaryHeap::new();
    heap.push(std::cmp::Reverse((0u8, 0usize, key(rules.start))));
    while let Some(std::cmp::Reverse((cost, len, at_key))) = heap.pop() {
        if best
            .get(&at_key)
            .is_none_or(|(c, l, _)| (*c, *l) != (cost, len))
        {
            continue;
        }
        let at = at_key.to_hex();
        for n in at.all_neighbors() {
            let Ok(total) = step(world, &rules, side, at, n, cost, len) else {
                continue;
            };
            let nk = key(n);
            let better = best
                .get(&nk)
                .is_none_or(|(c2, l2, _)| (total, len + 1) < (*c2, *l2));
            if better && n != rules.start {
                best.insert(nk, (total, len + 1, Some(at_key)));
                heap.push(std::cmp::Reverse((total, len + 1, nk)));
            }
        }
    }
    for (&k, &(cost, len, _)) in &best {
        let h = k.to_hex();
        if h == rules.start {
            continue;
        }
        let mut path = Vec::with_capacity(len);
        let mut at = Some(k);
        while let Some(m) = at.filter(|m| m.to_hex() != rules.start) {
            path.push(m.to_hex());
            at = best.get(&m).and_then(|(_, _, prev)| *prev);
        }
        path.reverse();
        let ok = rules.destinations.iter().all(|d| {
            path.contains(d) || d.unsigned_distance_to(h) < d.unsigned_distance_to(rules.start)
        });
        if ok {
            out.insert(k, (cost, path));
        }
    }
    out
}

/// Checks an assault; returns the attackers' leader shift.
fn check_assault(
    world: &World,
    side: u8,
    attackers: &[(PieceView, &Member)],
    target: Hex,
) -> Result<i8, Refusal> {
    let board = world.resource::<Board>();
    if !view::enemy_in(world, side, target) {
        return refuse(format!(
            "There is no enemy in {} to assault.",
            label(target)
        ));
    }
    let mut combat = i8::MAX;
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
            combat = combat.min(m.combat.unwrap_or(0));
        }
    }
    if !strength {
        return refuse("An assault needs at least one unit with a Direct Fire value.");
    }
    let pieces: Vec<PieceView> = attackers.iter().map(|(p, _)| p.clone()).collect();
    if !stack_fits(world, side, target, &pieces) {
        return refuse("Too many units to assault together (at most 3, 2 of them companies).");
    }
    Ok(if combat == i8::MAX { 0 } else { combat })
}

fn set_acted(world: &mut World, ids: &[String]) {
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
        GwOrder::Move { side, pieces, path } => {
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
        GwOrder::Fire {
            side,
            firers,
            target,
        } => {
            let pieces: Vec<PieceView> = firers
                .iter()
                .filter_map(|id| view::by_id(world, id))
                .collect();
            let group = world.resource::<GwState>().group.clone();
            let t = hex_of(&target).unwrap_or_default();
            let Ok(plan) = fire::plan_action_fire(world, side, &pieces, t, group.as_ref()) else {
                return;
            };
            set_acted(world, &firers);
            for id in &firers {
                mark(world, id, MarkerKind::Fired);
            }
            let open_sights = pieces.len() == 1
                && action_fire(world.resource::<GwState>(), &pieces[0]).is_some_and(|(_, b)| b);
            push_front(world, vec![Step::Fire(plan)]);
            if open_sights {
                depletion(world, &pieces[0]);
            }
        }
        GwOrder::Assault {
            side,
            pieces,
            target,
        } => {
            let t = hex_of(&target).unwrap_or_default();
            let group = world.resource::<GwState>().group.clone().unwrap_or(Group {
                side,
                members: BTreeMap::new(),
            });
            let Ok(list) = members(world, &group, &pieces) else {
                return;
            };
            let Ok(combat) = check_assault(world, side, &list, t) else {
                return;
            };
            let attackers: Vec<(String, Hex)> =
                list.iter().map(|(p, _)| (p.id.clone(), p.hex)).collect();
            let from = attackers[0].1;
            set_acted(world, &pieces);
            for id in &pieces {
                super::place(world, id, t);
                mark(world, id, MarkerKind::Moved);
                mark(world, id, MarkerKind::Fired);
            }
            note(
                world,
                GameEvent::Moved {
                    pieces: pieces.clone(),
                    from: label(from),
                    to: label(t),
                },
            );
            push_front(
                world,
                vec![
                    Step::Drumfire { hex: t, side },
                    Step::Assault {
                        hex: t,
                        side,
                        attackers,
                        combat,
                    },
                ],
            );
        }
        GwOrder::Recover { piece, .. } => recover(world, &piece),
        GwOrder::MountOrDismount { piece, .. } => {
            set_acted(world, std::slice::from_ref(&piece));
            mark(world, &piece, MarkerKind::Done);
            let Some(e) = entity(world, &piece) else {
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
            say(world, format!("{} {verb}.", name_of(world, &piece)));
        }
        GwOrder::Load {
            transport, piece, ..
        } => {
            set_acted(world, std::slice::from_ref(&transport));
            mark(world, &transport, MarkerKind::Done);
            mark(world, &piece, MarkerKind::Done);
            world
                .resource_mut::<GwState>()
                .loaded
                .insert(transport.clone(), piece.clone());
            say(
                world,
                format!(
                    "{} loads {}.",
                    name_of(world, &transport),
                    name_of(world, &piece)
                ),
            );
        }
        GwOrder::Unload { transport, .. } => {
            set_acted(world, std::slice::from_ref(&transport));
            mark(world, &transport, MarkerKind::Done);
            let cargo = world.resource_mut::<GwState>().loaded.remove(&transport);
            if let Some(c) = cargo {
                say(
                    world,
                    format!(
                        "{} unloads {}.",
                        name_of(world, &transport),
                        name_of(world, &c)
                    ),
                );
            }
        }
        GwOrder::OpportunityFire { side, firers } => {
            let Some(Prompt::OpportunityFire { hex, .. }) =
                world.resource_mut::<GwState>().prompt.take()
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
            for id in &firers {
                *world
                    .resource_mut::<GwState>()
                    .opportunity
                    .entry(id.clone())
                    .or_default() += 1;
                mark(world, id, MarkerKind::Fired);
            }
            push_front(world, vec![Step::Fire(plan)]);
        }
        GwOrder::HoldFire { side } => {
            world.resource_mut::<GwState>().prompt = None;
            let name = side_name(world, side);
            say(world, format!("{name} holds its fire."));
        }
        GwOrder::TakeStepLoss { piece, .. } => {
            let Some(Prompt::StepLoss {
                side, hex, count, ..
            }) = world.resource_mut::<GwState>().prompt.take()
            else {
                return;
            };
            take_loss(world, &piece, hex, side, count);
        }
        GwOrder::Plan { .. } => {}
    }
}

fn activate(world: &mut World, side: u8, roots: Vec<PieceView>) {
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
fn depletion(world: &mut World, p: &PieceView) {
    let limit = world
        .resource::<SideList>()
        .0
        .get(usize::from(p.side))
        .map_or(12, |s| s.ammunition_depletion);
    let dice = roll(world, 2, format!("ammunition depletion: {}", p.name));
    let total = dice[0] + dice[1];
    if total <= limit {
        return;
    }
    let count = {
        let mut state = world.resource_mut::<GwState>();
        let c = state.depletion.entry(p.id.clone()).or_default();
        *c += 1;
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
        super::remove_from_play(world, &p.id, crate::counters::OffMap::Eliminated);
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
fn recover(world: &mut World, id: &str) {
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

/// The leader type a piece answers to (for the UI's chain preview).
pub fn answers_to(p: &PieceView) -> LeaderKind {
    p.leader_type()
}
