//! Carrying out what an order set going: moves hex by hex, fires, step losses,
//! morale checks, flight. Each step may stop the game for a question
//! (opportunity fire, which unit takes a loss); the answer resumes the queue.

use super::board::Board;
use super::fire;
use super::orders::Mission;
use super::state::{GwState, Prompt, Step};
use super::view::{self, PieceView, label};
use super::{mark, note, place, say};
use crate::counters::{HexMarker, HexMarkerKind, MarkerKind};
use crate::flow::{self, Phase, SequenceOfPlay};
use crate::journal::GameEvent;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::Hex;

mod assault;
mod results;

use assault::{assault, assault_end};
pub use results::take_loss;
use results::{effects_on, flee, losses, morale, resolve_fire, roll_on_table};

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
