//! Carrying out what an order set going: moves hex by hex, fires, step losses,
//! morale checks, flight. Each step may stop the game for a question
//! (opportunity fire, which unit takes a loss); the answer resumes the queue.

use super::board::Board;
use super::fire::{self, occupant_side};
use super::orders::Mission;
use super::state::{FirePlan, GwState, Prompt, Step};
use super::tables::{FireResult, MoraleOutcome, morale_outcome};
use super::view::{self, PieceView, label};
use super::{lose_step, mark, note, place, roll, say, unmark};
use crate::counters::{HexMarker, HexMarkerKind, MarkerKind, OffMap};
use crate::flow::{self, Phase, SequenceOfPlay};
use crate::journal::GameEvent;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::Hex;

/// The hex markers' query kept ready: every hex a piece enters asks for the Drumfire
/// markers there, and a query built anew each time costs more than the asking.
#[derive(Resource)]
pub struct MarkerQuery(std::sync::Mutex<QueryState<&'static HexMarker>>);

impl MarkerQuery {
    /// Builds the query for a world.
    pub fn new(world: &mut World) -> Self {
        Self(std::sync::Mutex::new(world.query::<&HexMarker>()))
    }
}

/// Whose Drumfire markers are in `hex`: (side, source) of each, in no set order (the
/// caller sorts them).
fn drumfire_sources(world: &mut World, hex: Hex) -> Vec<(u8, String)> {
    let here = |markers: &mut dyn Iterator<Item = &HexMarker>| {
        markers
            .filter(|m| m.kind == HexMarkerKind::Drumfire && m.hex == hex)
            .map(|m| (m.side, m.source.clone()))
            .collect()
    };
    let Some(cache) = world.get_resource::<MarkerQuery>() else {
        return here(&mut world.query::<&HexMarker>().iter(world));
    };
    let mut q = cache
        .0
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    q.update_archetypes(world);
    here(&mut q.iter_manual(world))
}

/// Carries out queued steps until the queue is empty or a question stops it.
pub fn run(world: &mut World) {
    loop {
        if world.resource::<GwState>().prompt.is_some() {
            return;
        }
        let next = world.resource_mut::<GwState>().queue.pop_front();
        match next {
            Some(step) => execute(world, step),
            None => {
                queue_empty(world);
                return;
            }
        }
    }
}

/// Puts steps at the front of the queue, first listed first carried out.
pub fn push_front(world: &mut World, steps: Vec<Step>) {
    let mut state = world.resource_mut::<GwState>();
    for s in steps.into_iter().rev() {
        state.queue.push_front(s);
    }
}

fn queue_empty(world: &mut World) {
    match *world.resource::<State<Phase>>().get() {
        super::BOMBARDMENT => {
            if matches!(world.resource::<NextState<Phase>>(), NextState::Unchanged) {
                let seq = world.resource::<SequenceOfPlay>().clone();
                flow::finish_phase(&seq, super::BOMBARDMENT, &mut world.resource_mut());
            }
        }
        super::ACTION => super::action::segment_check(world),
        _ => {}
    }
}

fn execute(world: &mut World, step: Step) {
    match step {
        Step::Advance {
            side,
            pieces,
            path,
            entered,
            opportunity,
        } => advance(world, side, pieces, path, entered, opportunity),
        Step::Drumfire { hex, side, pieces } => drumfire(world, hex, side, &pieces),
        Step::OpportunityWindow { hex, side, pieces } => {
            // "fire at enemy units that move within range": a unit that moved in is
            // still there (not one of its side that stood there, nor a leader alone).
            // Ours — D-12 in docs/rules/great-war.md.
            if view::in_hex(world, hex)
                .iter()
                .any(|p| p.side == side && !p.is_leader() && pieces.contains(&p.id))
            {
                let enemy = 1 - side.min(1);
                let eligible: Vec<String> = opportunity_firers(world, enemy, hex)
                    .into_iter()
                    .map(|p| p.base.id)
                    .collect();
                if !eligible.is_empty() {
                    world.resource_mut::<GwState>().prompt = Some(Prompt::OpportunityFire {
                        side: enemy,
                        hex,
                        eligible,
                    });
                }
            }
        }
        Step::Bombard { side } => super::bombardment::bombard(world, side),
        Step::AwaitPlot { side } => super::sealing::await_plot(world, side),
        Step::Bombardment => {
            let steps = super::bombardment::fire_steps(world);
            push_front(world, steps);
        }
        Step::Fire(plan) => resolve_fire(world, plan),
        Step::FireOn { plan, side, pieces } => {
            let result = roll_on_table(world, &plan);
            let steps = effects_on(world, plan.target, side, result, &pieces);
            push_front(world, steps);
        }
        Step::Assault {
            hex,
            side,
            attackers,
            leaders,
        } => assault(world, hex, side, attackers, &leaders),
        Step::AssaultEnd {
            hex,
            side,
            attackers,
        } => assault_end(world, hex, side, attackers),
        Step::Losses {
            hex,
            side,
            count,
            among,
        } => losses(world, hex, side, count, among),
        Step::Morale {
            hex,
            side,
            plus,
            piece,
        } => morale(world, hex, side, plus, piece),
        Step::Flee { piece } => flee(world, &piece),
        Step::Depletion { piece } => {
            if let Some(p) = view::by_id(world, &piece) {
                super::action::depletion(world, &p);
            }
        }
    }
}

/// Units of `side` that may fire at an enemy that moved into `hex`:
/// > "Units with Direct Fire values that haven't activated yet this turn can also
/// > use Opportunity Fire to fire at enemy units that move within range
/// > (machinegun units can do this twice per turn)."
///
/// Ours — D-12 in docs/rules/great-war.md: opportunity fire details.
pub fn opportunity_firers(world: &World, side: u8, hex: Hex) -> Vec<PieceView> {
    let state = world.resource::<GwState>();
    let board = world.resource::<Board>();
    let in_group = |id: &str| {
        state
            .group
            .as_ref()
            .is_some_and(|g| g.members.contains_key(id))
    };
    // Only the pieces with the hex in their Direct Fire range that could still fire
    // are viewed: not Demoralized, and fresh or a machine gun that has only fired.
    let in_range = |h: Hex, face: &crate::data::CounterFace| {
        face.direct
            .is_some_and(|d| h.unsigned_distance_to(hex) <= u32::from(d.range))
    };
    let may = |c: &crate::counters::Counter, m: view::Marks| {
        let second =
            c.class == crate::data::UnitClass::Machinegun && m.fired && !m.moved && !m.done;
        !m.demoralized && (!m.spent() || second)
    };
    // No piece fires farther than the longest Direct Fire range of the unit table
    // (every counter's printed faces are its unit type's): stacks beyond it are not read.
    let reach = super::data(world)
        .units
        .values()
        .flat_map(|u| [Some(u.full), u.reduced])
        .flatten()
        .filter_map(|f| f.direct.map(|d| u32::from(d.range)))
        .max()
        .unwrap_or(0);
    view::of_side_within(world, side, hex, reach, |c, h, face, m| {
        in_range(h, face) && may(c, m)
    })
    .into_iter()
    .filter(|p| {
        let Some(d) = p.face.direct else {
            return false;
        };
        let shots = state.opportunity.get(&p.id).copied().unwrap_or(0);
        let mg = p.class == crate::data::UnitClass::Machinegun;
        let fresh = !p.spent();
        let second = mg && shots == 1 && p.fired && !p.moved && !p.done;
        p.side == side
            && !p.demoralized
            && !view::is_cargo(state, &p.id)
            && !in_group(&p.id)
            && (fresh || second)
            && fire::can_spot(board, p.hex, hex, d.range).is_ok()
    })
    .collect()
}

fn advance(
    world: &mut World,
    side: u8,
    pieces: Vec<String>,
    path: Vec<Hex>,
    entered: u8,
    opportunity: bool,
) {
    let movers: Vec<PieceView> = pieces
        .iter()
        .filter_map(|id| view::by_id(world, id))
        .collect();
    let Some(next) = path.first().copied() else {
        return;
    };
    if movers.is_empty() {
        return;
    }
    if entered > 0 && opportunity && movers.iter().any(|p| p.disrupted || p.demoralized) {
        say(
            world,
            format!(
                "The move stops in {}: shaken pieces go no further.",
                label(movers[0].hex)
            ),
        );
        return;
    }
    let from = movers[0].hex;
    let ids: Vec<String> = movers.iter().map(|p| p.id.clone()).collect();
    for id in &ids {
        place(world, id, next);
        mark(world, id, MarkerKind::Moved);
    }
    note(
        world,
        GameEvent::Moved {
            pieces: ids.clone(),
            from: label(from),
            to: label(next),
            via: Vec::new(),
        },
    );
    arrive(world, &ids, next);
    let entering = super::action::entering_ids(world.resource::<GwState>(), &ids);
    let mut steps = vec![Step::Drumfire {
        hex: next,
        side,
        pieces: entering,
    }];
    if opportunity {
        steps.push(Step::OpportunityWindow {
            hex: next,
            side,
            pieces: ids.clone(),
        });
    }
    if path.len() > 1 {
        steps.push(Step::Advance {
            side,
            pieces: ids,
            path: path[1..].to_vec(),
            entered: entered + 1,
            opportunity,
        });
    }
    push_front(world, steps);
}

/// > "Once a unit with a Move mission reaches its destination hex, its mission
/// > immediately changes to Open Sights."
fn arrive(world: &mut World, ids: &[String], hex: Hex) {
    let state = world.resource::<GwState>();
    let mut arrived = Vec::new();
    for id in ids {
        let cargo = state.loaded.get(id);
        for who in std::iter::once(id).chain(cargo) {
            if let Some(Mission::Move { destination }) = state.missions.get(who)
                && crate::scenario::hex_of(destination) == Some(hex)
            {
                arrived.push(who.clone());
            }
        }
    }
    for who in arrived {
        world
            .resource_mut::<GwState>()
            .missions
            .insert(who.clone(), Mission::OpenSights);
        let name = super::name_of(world, &who);
        say(
            world,
            format!(
                "{name} has reached {}: its mission is now Open Sights.",
                label(hex)
            ),
        );
    }
}

/// > "If a hex contains a Drumfire marker, any units of either side that enter
/// > that hex are immediately attacked by the unit or off-board artillery factor
/// > that placed the Drumfire marker there."
///
/// The units that enter, `entering`, are attacked: not the pieces of their side that
/// stood in the hex already, nor the defenders of an assaulted hex. Leaders who enter
/// with them, or alone, are attacked with them (the morale check of a fire's result is
/// rolled "for each leader and unit in the target hex").
fn drumfire(world: &mut World, hex: Hex, side: u8, entering: &[String]) {
    let mut sources = drumfire_sources(world, hex);
    sources.sort();
    let mut plans = Vec::new();
    for (owner, source) in sources {
        let here: Vec<String> = view::in_hex(world, hex)
            .into_iter()
            .filter(|p| p.side == side && entering.contains(&p.id))
            .map(|p| p.base.id)
            .collect();
        if here.is_empty() {
            break;
        }
        // Ours — D-14 in docs/rules/great-war.md: a battery that would not fire its
        // plot (Demoralized, or limbered up) does not fire its Drumfire either.
        if let Some(why) = silenced(world, &source) {
            let name = super::name_of(world, &source);
            say(
                world,
                format!("{name}'s Drumfire in {} does not fire: {why}.", label(hex)),
            );
            continue;
        }
        let strength = source_strength(world, &source);
        if strength == 0 {
            continue;
        }
        // "any units of either side that enter that hex are immediately attacked": the
        // units that entered, not friends or defenders who were there already.
        if let Ok(plan) = fire::plan_bombardment_on(
            world,
            owner,
            vec![(source, strength)],
            hex,
            Some(side),
            Some(&here),
            "Drumfire",
        ) {
            plans.push(Step::FireOn {
                plan,
                side,
                pieces: here,
            });
        }
    }
    push_front(world, plans);
}

/// Why an on-board battery does not fire now (as D-14 keeps it from firing its plot),
/// if it does not.
fn silenced(world: &World, source: &str) -> Option<&'static str> {
    let p = view::by_id(world, source)?;
    if p.demoralized {
        Some("it is Demoralized")
    } else if view::is_cargo(world.resource::<GwState>(), source) {
        Some("it is limbered up on a transport")
    } else {
        None
    }
}

/// Bombardment strength of a unit (halved as it must be) or an off-board factor now.
pub fn source_strength(world: &World, source: &str) -> u32 {
    let state = world.resource::<GwState>();
    if let Some((_, s)) = state.factors.get(source) {
        return u32::from(*s);
    }
    view::by_id(world, source)
        .and_then(|p| p.face.bombard.map(|b| view::halved(b.strength, &p)))
        .unwrap_or(0)
}

/// Rolls a fire and queues its effects on the pieces in the target hex.
pub fn resolve_fire(world: &mut World, plan: FirePlan) {
    let target_side = occupant_side(world, plan.target);
    let result = roll_on_table(world, &plan);
    if let Some(t) = target_side {
        push_front(world, effects(plan.target, t, result));
    }
}

fn roll_on_table(world: &mut World, plan: &FirePlan) -> FireResult {
    let purpose = format!(
        "{} at {} ({} column {})",
        plan.kind,
        label(plan.target),
        plan.table,
        plan.table.column_label(plan.column)
    );
    let dice = roll(world, plan.table.dice(), purpose);
    let total: u8 = dice.iter().sum();
    let result = plan.table.result(plan.column, total);
    note(
        world,
        GameEvent::Fired {
            kind: plan.kind.clone(),
            table: plan.table.name().into(),
            side: plan.side,
            firers: plan.firers.clone(),
            target: label(plan.target),
            strength: plan.strength,
            shifts: plan.shifts.clone(),
            column: plan.table.column_label(plan.column),
            dice,
            result: result.label(plan.table),
        },
    );
    result
}

/// The steps a result sets going against `side`'s pieces in `hex`.
fn effects(hex: Hex, side: u8, result: FireResult) -> Vec<Step> {
    match result {
        FireResult::NoEffect => vec![],
        FireResult::Morale(plus) => vec![Step::Morale {
            hex,
            side,
            plus,
            piece: None,
        }],
        FireResult::Steps(count) => vec![Step::Losses {
            hex,
            side,
            count,
            among: None,
        }],
    }
}

/// The steps a result sets going against `pieces` of `side` in `hex` only (the pieces
/// Drumfire attacks): a morale check for each of them still there, in map order, and
/// step losses taken among them.
fn effects_on(
    world: &World,
    hex: Hex,
    side: u8,
    result: FireResult,
    pieces: &[String],
) -> Vec<Step> {
    match result {
        FireResult::NoEffect => vec![],
        FireResult::Morale(plus) => view::in_hex(world, hex)
            .into_iter()
            .filter(|p| p.side == side && pieces.contains(&p.id))
            .map(|p| Step::Morale {
                hex,
                side,
                plus,
                piece: Some(p.base.id),
            })
            .collect(),
        FireResult::Steps(count) => vec![Step::Losses {
            hex,
            side,
            count,
            among: Some(pieces.to_vec()),
        }],
    }
}

/// > "Units that start their activation adjacent to enemy units can enter an
/// > enemy-occupied hex and fire on the Assault table (Assaulted units can fire back)."
///
/// Both sides fire at once, on strengths from before either result.
/// Ours — D-7 in docs/rules/great-war.md: the assault procedure.
fn assault(
    world: &mut World,
    hex: Hex,
    side: u8,
    attackers: Vec<(String, Hex)>,
    leaders: &std::collections::BTreeMap<String, Vec<String>>,
) {
    let here = view::in_hex(world, hex);
    let attacking: Vec<PieceView> = here.iter().filter(|p| p.side == side).cloned().collect();
    let defending: Vec<PieceView> = here.iter().filter(|p| p.side != side).cloned().collect();
    let mut steps = Vec::new();
    if !attacking.is_empty() && !defending.is_empty() {
        let defender = defending[0].side;
        let combat = assault_combat(world, &attacking, leaders);
        let attack = fire::plan_assault(world, side, &attacking, hex, combat, true, "Assault");
        // A Demoralized leader "can do nothing [...] but try to recover morale": he lends
        // no combat modifier (`plan_assault` leaves Demoralized units out of the fire).
        let defence_combat = defending
            .iter()
            .filter(|p| !p.demoralized)
            .filter_map(|p| p.leader.map(|l| l.combat))
            .max()
            .unwrap_or(0);
        let defence = fire::plan_assault(
            world,
            defender,
            &defending,
            hex,
            defence_combat,
            false,
            "Assault defence",
        );
        let mut outcomes = Vec::new();
        for plan in [attack, defence].into_iter().flatten() {
            let result = roll_on_table(world, &plan);
            outcomes.push((plan.side, result));
        }
        // "each time a unit with an Open Sights mission fires, the owning player rolls
        // two dice": a battery firing in an assault (firing back) rolls too, once the
        // assault's results have struck (the fire that runs it dry still lands).
        let state = world.resource::<GwState>();
        let open_sights: Vec<Step> = attacking
            .iter()
            .chain(&defending)
            .filter(|p| !p.is_leader() && !p.demoralized && !view::is_cargo(state, &p.id))
            .filter(|p| view::action_fire(state, p).is_some_and(|(_, os)| os))
            .map(|p| Step::Depletion {
                piece: p.id.clone(),
            })
            .collect();
        for (firer, result) in outcomes {
            let target = if firer == side { defender } else { side };
            steps.extend(effects(hex, target, result));
        }
        steps.extend(open_sights);
    }
    steps.push(Step::AssaultEnd {
        hex,
        side,
        attackers,
    });
    push_front(world, steps);
}

/// The attackers' leader shift, read when the assault is rolled: the lowest among the
/// attacking units that fire (in the hex, not Demoralized) of the combat modifier their
/// leaders lend them now (`action::lent_combat`). A leader Demoralized by the Drumfire
/// on the way in lends nothing, as he lends no morale modifier.
pub fn assault_combat(
    world: &World,
    attacking: &[PieceView],
    leaders: &std::collections::BTreeMap<String, Vec<String>>,
) -> i8 {
    attacking
        .iter()
        .filter(|p| !p.is_leader() && !p.demoralized)
        .map(|p| {
            leaders
                .get(&p.id)
                .and_then(|l| super::action::lent_combat(world, l))
                .unwrap_or(0)
        })
        .min()
        .unwrap_or(0)
}

/// Ours: when no defending unit is left, the attackers hold the hex and any defending
/// leader left alone is captured; otherwise the attackers fall back to the hexes they came from.
fn assault_end(world: &mut World, hex: Hex, side: u8, attackers: Vec<(String, Hex)>) {
    let here = view::in_hex(world, hex);
    let defenders_left = here.iter().any(|p| p.side != side && !p.is_leader());
    let attackers_left = here.iter().any(|p| p.side == side && !p.is_leader());
    if !defenders_left && attackers_left {
        for p in here.iter().filter(|p| p.side != side) {
            super::remove_from_play(world, &p.id, OffMap::Eliminated);
            say(world, format!("{} is captured in {}.", p.name, label(hex)));
        }
        // The hex carried, its objective (if it is one) is the attackers'.
        if let Some(p) = here.iter().find(|p| p.side == side && !p.is_leader())
            && let Some(e) = super::entity(world, &p.id)
        {
            let cell = world.resource::<crate::map::HexIndex>().hex_entity(hex);
            super::take_objective(world, e, cell);
        }
        say(world, format!("The assault carries {}.", label(hex)));
    } else {
        // Ours: attackers thrown back enter the hexes they came from again, and
        // "any units of either side that enter that hex are immediately attacked" by
        // a Drumfire marker there. Like flight, the fall back draws no opportunity fire.
        let mut back: Vec<(Hex, Vec<String>)> = Vec::new();
        for (id, from) in attackers {
            if view::by_id(world, &id).is_some_and(|p| p.hex == hex) {
                place(world, &id, from);
                note(
                    world,
                    GameEvent::Moved {
                        pieces: vec![id.clone()],
                        from: label(hex),
                        to: label(from),
                        via: Vec::new(),
                    },
                );
                match back.iter_mut().find(|(h, _)| *h == from) {
                    Some((_, ids)) => ids.push(id),
                    None => back.push((from, vec![id])),
                }
            }
        }
        say(
            world,
            format!("The assault on {} is thrown back.", label(hex)),
        );
        let steps = back
            .into_iter()
            .map(|(from, ids)| Step::Drumfire {
                hex: from,
                side,
                pieces: super::action::entering_ids(world.resource::<GwState>(), &ids),
            })
            .collect();
        push_front(world, steps);
    }
}

/// Units that may take a step loss in a hex (only those of `among`, when given).
/// Ours — D-13 in docs/rules/great-war.md: step losses.
pub fn loss_candidates(
    world: &World,
    hex: Hex,
    side: u8,
    among: Option<&[String]>,
) -> Vec<PieceView> {
    view::in_hex(world, hex)
        .into_iter()
        .filter(|p| p.side == side && !p.is_leader())
        .filter(|p| among.is_none_or(|a| a.contains(&p.id)))
        .collect()
}

/// > "If a player rolls an X result (or a 1 result on the Assault Table), one enemy
/// > unit in the target hex takes a step loss." The owner chooses which; when the
/// > choice makes no difference the game takes it without asking.
fn losses(world: &mut World, hex: Hex, side: u8, count: u8, among: Option<Vec<String>>) {
    if count == 0 {
        return;
    }
    let candidates = loss_candidates(world, hex, side, among.as_deref());
    let Some(first) = candidates.first() else {
        return;
    };
    let alike = candidates.iter().all(|p| {
        p.unit_type == first.unit_type
            && p.steps == first.steps
            && p.disrupted == first.disrupted
            && p.demoralized == first.demoralized
            && p.low_ammo == first.low_ammo
            && p.morale == first.morale
    });
    if alike {
        let id = first.id.clone();
        take_loss(world, &id, hex, side, count, among);
    } else {
        world.resource_mut::<GwState>().prompt = Some(Prompt::StepLoss {
            side,
            hex,
            count,
            candidates: candidates.into_iter().map(|p| p.base.id).collect(),
        });
    }
}

/// Applies one step loss to `id` and queues its M2 check and the losses still due
/// (among the same units, when the result fell on some only).
pub fn take_loss(
    world: &mut World,
    id: &str,
    hex: Hex,
    side: u8,
    count: u8,
    among: Option<Vec<String>>,
) {
    let removed = lose_step(world, id);
    let mut steps = Vec::new();
    if !removed {
        steps.push(Step::Morale {
            hex,
            side,
            plus: 2,
            piece: Some(id.to_owned()),
        });
    }
    if count > 1 {
        steps.push(Step::Losses {
            hex,
            side,
            count: count - 1,
            among,
        });
    }
    push_front(world, steps);
}

/// > "A combat result of M, M1 or M2 forces the targeted player to roll two dice
/// > for each leader and unit in the target hex (add 1 or 2 to the result if the
/// > result is M1 or M2)."
fn morale(world: &mut World, hex: Hex, side: u8, plus: u8, only: Option<String>) {
    let pieces: Vec<PieceView> = view::in_hex(world, hex)
        .into_iter()
        .filter(|p| p.side == side && only.as_ref().is_none_or(|id| *id == p.id))
        .collect();
    for p in pieces {
        let m = view::effective_morale(world, &p);
        let dice = roll(world, 2, format!("morale check: {}", p.name));
        let total = i32::from(dice[0] + dice[1]) + i32::from(plus);
        let outcome = morale_outcome(m, total);
        apply_morale(world, &p, outcome);
        note(
            world,
            GameEvent::MoraleChecked {
                piece: p.id.clone(),
                dice,
                plus,
                morale: m,
                outcome: format!("{outcome:?}"),
            },
        );
    }
}

/// > "...Disrupted (it fires at half-strength and can only move one hex). [...]
/// > Demoralized (its morale is reduced by one, and it can do nothing on future
/// > action phases but try to recover morale)." Ours: a worse state never improves by a check.
fn apply_morale(world: &mut World, p: &PieceView, outcome: MoraleOutcome) {
    match outcome {
        MoraleOutcome::Unaffected => {}
        MoraleOutcome::Disrupted => {
            if !p.demoralized {
                mark(world, &p.id, MarkerKind::Disrupted);
            }
        }
        MoraleOutcome::Demoralized => {
            unmark(world, &p.id, MarkerKind::Disrupted);
            mark(world, &p.id, MarkerKind::Demoralized);
        }
    }
}

/// > "If they fail, [...] Demoralized pieces flee from enemy units."
///
/// Ours: hex by hex, always to the adjacent hex farthest from the nearest enemy
/// unit (cheapest, then first in map order), while that takes it farther away and
/// its movement points last; no opportunity fire at fleeing pieces.
fn flee(world: &mut World, id: &str) {
    let Some(p) = view::by_id(world, id) else {
        return;
    };
    let path = flight_path(world, &p);
    if path.is_empty() {
        say(
            world,
            format!(
                "{} cannot flee any farther and cowers in {}.",
                p.name,
                label(p.hex)
            ),
        );
        return;
    }
    push_front(
        world,
        vec![Step::Advance {
            side: p.side,
            pieces: vec![id.to_owned()],
            path,
            entered: 0,
            opportunity: false,
        }],
    );
}

/// The hexes a fleeing piece runs through.
/// Ours — D-8 in docs/rules/great-war.md: flight.
pub fn flight_path(world: &World, p: &PieceView) -> Vec<Hex> {
    let board = world.resource::<Board>();
    let enemies = view::enemy_unit_hexes(world, p.side);
    let mut mp = i32::from(super::action::movement_allowance(world, p));
    let mut at = p.hex;
    let mut path = Vec::new();
    loop {
        let here = view::nearest(&enemies, at);
        let best = at
            .all_neighbors()
            .into_iter()
            .filter_map(|n| {
                let cost = i32::from(board.enter_cost(at, n)?);
                let ok = cost <= mp
                    && !view::enemy_in(world, p.side, n)
                    && !path.contains(&n)
                    && super::action::stack_fits(world, p.side, n, std::slice::from_ref(p))
                    && view::nearest(&enemies, n) > here;
                ok.then(|| {
                    (
                        std::cmp::Reverse(view::nearest(&enemies, n)),
                        cost,
                        crate::coords::MapCoord::from_hex(n),
                    )
                })
            })
            .min();
        match best {
            Some((_, cost, Some(m))) => {
                let n = m.to_hex();
                mp -= cost;
                path.push(n);
                at = n;
            }
            _ => return path,
        }
    }
}
