//! The Portable rule set: hex rules with artillery fire at the start of the turn,
//! a d6 for which side goes first, activation dice, move or fire or unpin, scatter,
//! pinning, close combat power and facing (seed `003_d2999887f35a0b69`). Its
//! sequence of play is Artillery Fire (the Bombardment phase), Initiative, Action
//! (each side in turn: activations, then close combats) and End of Turn.
//! See `docs/rules/portable.md` for the map from rule to code and test.

use crate::counters::{
    Counter, Done, Facing, Fired, MarkerKind, Moved, OffMap, OnHex, PieceIds, add_marker,
    remove_marker,
};
use crate::dice::Dice;
use crate::flow::{self, ActionSegment, Initiative, Phase, StepsLost, Turn};
use crate::journal::{GameEvent, Journal};
use crate::map::{HexIndex, Objective};
use crate::orders::{Order, OrderInbox, Refusal};
use crate::scenario::SideList;
use bevy_app::prelude::*;
use bevy_ecs::prelude::*;
use bevy_state::prelude::*;
use hexx::{EdgeDirection, Hex};

pub mod ai;
pub mod candidates;
pub mod combat;
pub mod fire;
pub mod invariants;
pub mod movement;
pub mod state;
pub mod view;

pub use state::{PtOrder, PtState, Step};
use view::Unit;

/// The Initiative phase: the sides roll to see who activates first.
pub const INITIATIVE: Phase = Phase::Rules(0);
/// The Artillery Fire phase at the start of the turn.
pub const ARTILLERY_FIRE: Phase = Phase::Rules(1);
/// The Action phase: the sides take turns activating units.
pub const ACTION: Phase = Phase::Rules(2);
/// The names of the phases, by their number.
pub const PHASE_NAMES: &[&str] = &["Initiative", "Artillery Fire", "Action"];

/// The Portable phases and systems.
pub fn plugin(app: &mut App) {
    flow::add_sequence(app, PHASE_NAMES, &[ARTILLERY_FIRE, INITIATIVE, ACTION]);
    app.init_resource::<PtState>()
        .add_systems(OnEnter(Phase::Setup), face_the_enemy)
        .add_systems(
            OnEnter(ARTILLERY_FIRE),
            begin_artillery_fire.after(flow::Announce),
        )
        .add_systems(OnEnter(INITIATIVE), roll_for_first.after(flow::Announce))
        .add_systems(
            OnEnter(ACTION),
            (
                flow::begin_action_phase.after(flow::Announce),
                begin_action.after(flow::begin_action_phase),
            ),
        )
        .add_systems(
            OnEnter(Phase::EndOfTurn),
            clear_turn.after(flow::Announce).before(flow::end_turn),
        )
        .add_systems(Update, carry_out);
    // The rules query these before any counter carries them.
    let world = app.world_mut();
    world.register_component::<Facing>();
    world.register_component::<crate::counters::Pinned>();
    world.register_component::<Moved>();
    world.register_component::<Fired>();
    world.register_component::<Done>();
    let board = view::Board::build(world);
    world.insert_resource(board);
}

/// Back to the state before the set-up.
pub fn reset(world: &mut World) {
    world.insert_resource(PtState::default());
    let board = view::Board::build(world);
    world.insert_resource(board);
}

/// The Portable state in canonical text, for the state hash.
pub fn state_text(world: &World) -> String {
    format!("{:?}", world.resource::<PtState>())
}

/// The side the game waits on.
/// Ours — P-1 in docs/rules/portable.md: which side fires artillery first.
pub fn awaiting(world: &World) -> Option<u8> {
    let state = world.resource::<PtState>();
    match *world.resource::<State<Phase>>().get() {
        ARTILLERY_FIRE => (0..world.resource::<SideList>().0.len() as u8)
            .find(|s| !state.artillery_done.contains(s)),
        ACTION if state.step != Step::Idle => Some(world.resource::<ActionSegment>().side),
        _ => None,
    }
}

/// Orders worth considering for a side.
pub fn candidates(world: &World, side: u8, _salt: u64) -> Vec<Order> {
    candidates::candidates(world, side)
}

/// Portable checks of a scenario: every side throws at least one activation die, and
/// nothing of another rule set (leaders pool, off-board artillery, Artillery Plans).
pub fn check_scenario(file: &crate::scenario::ScenarioFile) -> Vec<(String, String)> {
    let mut errs = Vec::new();
    for (i, s) in file.sides.iter().enumerate() {
        if s.activation_dice == 0 {
            errs.push((
                format!("sides[{i}].activation_dice"),
                "a Portable side throws at least 1 activation die a turn".to_owned(),
            ));
        }
        if !s.off_board_artillery.is_empty() {
            errs.push((
                format!("sides[{i}].off_board_artillery"),
                "the Portable rules have no off-board artillery".to_owned(),
            ));
        }
        if !s.artillery_plan.is_empty() {
            errs.push((
                format!("sides[{i}].artillery_plan"),
                "the Portable rules have no Artillery Plans: artillery fires at the start of each turn".to_owned(),
            ));
        }
    }
    if !file.leaders.is_empty() {
        errs.push((
            "leaders".to_owned(),
            "the Portable rules have no leaders pool: use Command units".to_owned(),
        ));
    }
    errs.extend(units_in_deep_rivers(&file.map, &file.counters));
    errs
}

/// "Units that enter river hexes where there is no bridge or a ford are destroyed":
/// so no unit may be set up in one either.
fn units_in_deep_rivers(
    map: &crate::scenario::MapDef,
    counters: &[crate::scenario::CounterDef],
) -> Vec<(String, String)> {
    use crate::coords::MapCoord;
    let hexes = |list: &[String]| -> Vec<MapCoord> {
        list.iter()
            .flat_map(|l| l.split_whitespace())
            .filter_map(|h| MapCoord::parse_label(h).ok())
            .collect()
    };
    let (rivers, crossings) = (
        hexes(&map.rivers),
        hexes(&[map.bridges.clone(), map.fords.clone()].concat()),
    );
    counters
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let at = MapCoord::parse_label(&c.hex).ok()?;
            (rivers.contains(&at) && !crossings.contains(&at)).then(|| {
                (
                    format!("counters[{i}].hex"),
                    format!(
                        "{} is set up in the river at {} where there is neither bridge nor ford (a unit there is destroyed)",
                        c.id, c.hex
                    ),
                )
            })
        })
        .collect()
}

// ---- The set-up -----------------------------------------------------------

/// Ours: a unit the scenario gives no facing faces the nearest enemy unit.
/// Ours — P-7 in docs/rules/portable.md: facing.
fn face_the_enemy(world: &mut World) {
    let all = view::units(world);
    let unfaced: Vec<Entity> = {
        let mut q = world.query_filtered::<Entity, (With<Counter>, With<OnHex>, Without<Facing>)>();
        q.iter(world).collect()
    };
    for u in all.iter().filter(|u| unfaced.contains(&u.entity)) {
        let nearest = view::enemies(&all, u.side)
            .min_by_key(|e| (e.hex.unsigned_distance_to(u.hex), e.id.clone()));
        let facing = nearest.map_or(EdgeDirection::FLAT_TOP, |e| u.hex.main_direction_to(e.hex));
        world.entity_mut(u.entity).insert(Facing(facing));
    }
}

// ---- The artillery fire at the start of the turn ----------------------------

fn begin_artillery_fire(world: &mut World) {
    let mut state = world.resource_mut::<PtState>();
    state.artillery_done.clear();
    state.artillery_hits.clear();
    settle(world);
}

/// Can this side's artillery fire at anything now?
fn artillery_can_fire(world: &World, side: u8) -> bool {
    let all = view::units(world);
    all.iter()
        .filter(|u| u.side == side && u.is_artillery())
        .any(|u| view::enemies(&all, side).any(|e| fire::plan(world, &all, u, e.hex, true).is_ok()))
}

/// Casualties of the artillery fire come off once every side has fired.
fn end_artillery_fire(world: &mut World) {
    let hits = std::mem::take(&mut world.resource_mut::<PtState>().artillery_hits);
    for (id, destroyed) in hits {
        if destroyed {
            destroy(world, &id);
        } else {
            mark(world, &id, MarkerKind::Pinned);
        }
    }
    flow::finish_phase_in(world, ARTILLERY_FIRE);
}

// ---- Initiative ----------------------------------------------------------------

/// Both sides roll a d6; the higher activates first. Ours: ties are rolled again.
/// Ours — P-2 in docs/rules/portable.md: ties for who activates first.
fn roll_for_first(world: &mut World) {
    let names: Vec<String> = world
        .resource::<SideList>()
        .0
        .iter()
        .map(|s| s.name.clone())
        .collect();
    loop {
        let totals: Vec<i16> = names
            .iter()
            .map(|n| i16::from(roll(world, 1, format!("initiative: {n}"))[0]))
            .collect();
        let best = totals.iter().copied().max().unwrap_or(0);
        let winners: Vec<usize> = (0..totals.len()).filter(|i| totals[*i] == best).collect();
        if let [winner] = winners[..] {
            world.resource_mut::<Initiative>().0 = Some(winner as u8);
            note(
                world,
                GameEvent::InitiativeWon {
                    side: winner as u8,
                    totals,
                },
            );
            break;
        }
    }
    flow::finish_phase_in(world, INITIATIVE);
}

// ---- The Action Phase -------------------------------------------------------------

/// Ours — P-15 in docs/rules/portable.md: "pinned at the beginning of the turn".
fn begin_action(world: &mut World) {
    // Ours: the artillery fire is "at the beginning of the turn" too, so cavalry it
    // pinned is pinned at the beginning of the turn; cavalry pinned later, during the
    // activations, is not made to charge until the next turn.
    let pinned: Vec<String> = view::units(world)
        .into_iter()
        .filter(|u| u.regular && u.mounted && u.pinned)
        .map(|u| u.id)
        .collect();
    let mut state = world.resource_mut::<PtState>();
    state.pinned_at_start = pinned;
    state.sides_done.clear();
    let side = world.resource::<ActionSegment>().side;
    start_side(world, side);
}

/// A side's turn to act: it throws its activation dice; their total is how many
/// units it may activate (ours: the scenario gives each side its number of dice).
/// Ours — P-3 in docs/rules/portable.md: activation dice.
fn start_side(world: &mut World, side: u8) {
    let (name, dice) = {
        let s = &world.resource::<SideList>().0[usize::from(side)];
        (s.name.clone(), s.activation_dice.max(1))
    };
    let faces = roll(world, usize::from(dice), format!("activation dice: {name}"));
    let activations: u8 = faces.iter().sum();
    say(
        world,
        format!("{name} may activate {activations} units this turn."),
    );
    let mut state = world.resource_mut::<PtState>();
    state.activations = activations;
    state.step = Step::Activating;
    settle(world);
}

/// Pinned regular European cavalry of the side acting that must be dealt with
/// (unpinned, or sent toward the enemy) before any other activation.
pub fn cavalry_due(world: &World, side: u8) -> Vec<Unit> {
    let at_start = &world.resource::<PtState>().pinned_at_start;
    view::units(world)
        .into_iter()
        .filter(|u| {
            u.side == side
                && u.regular
                && u.mounted
                && u.pinned
                && !u.activated()
                && at_start.contains(&u.id)
        })
        .collect()
}

/// Units of the side that could still be activated.
fn can_activate(world: &World, side: u8) -> bool {
    let all = view::units(world);
    all.iter()
        .filter(|u| u.side == side && !u.activated())
        .any(|u| {
            u.pinned
                || !movement::reach(world, &all, u).is_empty()
                || view::enemies(&all, side)
                    .any(|e| fire::plan(world, &all, u, e.hex, false).is_ok())
        })
}

/// Can the side fight any close combat?
fn can_fight(world: &World, side: u8) -> bool {
    let all = view::units(world);
    let fought = &world.resource::<PtState>().fought;
    all.iter()
        .filter(|u| u.side == side && !fought.contains(&u.id))
        .any(|u| {
            view::enemies(&all, side).any(|e| {
                e.hex.unsigned_distance_to(u.hex) == 1
                    && combat::plan(world, &all, side, std::slice::from_ref(&u.id), &e.id).is_ok()
            })
        })
}

/// Moves the turn on past every step that has nothing left to decide.
fn settle(world: &mut World) {
    loop {
        match *world.resource::<State<Phase>>().get() {
            ARTILLERY_FIRE => {
                let sides = world.resource::<SideList>().0.len() as u8;
                let next =
                    (0..sides).find(|s| !world.resource::<PtState>().artillery_done.contains(s));
                match next {
                    Some(s) if !artillery_can_fire(world, s) => {
                        world.resource_mut::<PtState>().artillery_done.push(s);
                    }
                    Some(_) => return,
                    None => return end_artillery_fire(world),
                }
            }
            ACTION => {
                let side = world.resource::<ActionSegment>().side;
                let state = world.resource::<PtState>().clone();
                match state.step {
                    Step::Activating => {
                        let due = !cavalry_due(world, side).is_empty();
                        if !due && (state.activations == 0 || !can_activate(world, side)) {
                            world.resource_mut::<PtState>().step = Step::CloseCombat;
                        } else {
                            return;
                        }
                    }
                    Step::CloseCombat => {
                        if can_fight(world, side) {
                            return;
                        }
                        end_side(world, side);
                        if world.resource::<PtState>().step == Step::Idle {
                            return;
                        }
                    }
                    Step::Idle => return,
                }
            }
            _ => return,
        }
    }
}

/// The side has finished; the other side acts, or the phase ends.
fn end_side(world: &mut World, side: u8) {
    let sides = world.resource::<SideList>().0.len() as u8;
    let mut state = world.resource_mut::<PtState>();
    state.sides_done.push(side);
    state.step = Step::Idle;
    let next = (0..sides).find(|s| !state.sides_done.contains(s));
    match next {
        Some(other) => {
            world.resource_mut::<ActionSegment>().side = other;
            note(world, GameEvent::SegmentBegan { side: other });
            start_side(world, other);
        }
        None => {
            flow::finish_phase_in(world, ACTION);
        }
    }
}

fn clear_turn(mut state: ResMut<PtState>) {
    state.artillery_done.clear();
    state.pinned_at_start.clear();
    state.sides_done.clear();
    state.fought.clear();
    state.bombarded.clear();
    state.activations = 0;
    state.step = Step::Idle;
}

// ---- Orders ---------------------------------------------------------------------------

/// Portable checks of an order beyond the core's.
pub fn validate(world: &World, order: &Order) -> Result<(), Refusal> {
    let phase = *world.resource::<State<Phase>>().get();
    let state = world.resource::<PtState>();
    let refuse = |m: &str| Err(Refusal(m.to_owned()));
    let o = match order {
        Order::Pass { side } => {
            return match phase {
                ARTILLERY_FIRE | ACTION => {
                    let due = cavalry_due(world, *side);
                    match due.first() {
                        Some(c) if phase == ACTION && state.step == Step::Activating => {
                            Err(Refusal(format!(
                                "{} is pinned regular cavalry: unpin it or let it charge first.",
                                c.name
                            )))
                        }
                        _ => Ok(()),
                    }
                }
                _ => refuse("There is nothing to pass now."),
            };
        }
        o => match o.rules::<PtOrder>() {
            Some(o) => o,
            None => return refuse("That is not an order of the Portable rules."),
        },
    };
    let all = view::units(world);
    let unit_of = |id: &str| -> Result<Unit, Refusal> {
        let u = all
            .iter()
            .find(|u| u.id == id)
            .cloned()
            .ok_or_else(|| Refusal(format!("There is no unit `{id}` on the map.")))?;
        if u.side != o.side() {
            return Err(Refusal(format!("{} is not one of yours.", u.name)));
        }
        Ok(u)
    };
    let hex = |label: &str| -> Result<Hex, Refusal> {
        crate::scenario::hex_of(label)
            .ok_or_else(|| Refusal(format!("`{label}` is not a hex number.")))
    };
    match o {
        PtOrder::Bombard { unit, target, .. } => {
            if phase != ARTILLERY_FIRE {
                return refuse("Artillery fires this way only at the start of the turn.");
            }
            fire::plan(world, &all, &unit_of(unit)?, hex(target)?, true).map(|_| ())
        }
        PtOrder::CloseCombat {
            side,
            attackers,
            defender,
            ..
        } => {
            if phase != ACTION || state.step != Step::CloseCombat {
                return refuse("Close combats are fought once the side's activations are over.");
            }
            combat::plan(world, &all, *side, attackers, defender).map(|_| ())
        }
        PtOrder::Move { .. }
        | PtOrder::Fire { .. }
        | PtOrder::Unpin { .. }
        | PtOrder::Charge { .. } => {
            if phase != ACTION || state.step != Step::Activating {
                return refuse("Units are activated in the side's part of the Action Phase.");
            }
            let id = match o {
                PtOrder::Move { unit, .. }
                | PtOrder::Fire { unit, .. }
                | PtOrder::Unpin { unit, .. }
                | PtOrder::Charge { unit, .. } => unit,
                _ => unreachable!("matched above"),
            };
            let u = unit_of(id)?;
            let due = cavalry_due(world, o.side());
            if let Some(c) = due.first()
                && !(c.id == u.id && matches!(o, PtOrder::Unpin { .. } | PtOrder::Charge { .. }))
            {
                return Err(Refusal(format!(
                    "{} is pinned regular cavalry: it must be unpinned or charge before any other activation.",
                    c.name
                )));
            }
            if let PtOrder::Charge { .. } = o {
                if !due.iter().any(|c| c.id == u.id) {
                    return Err(Refusal(format!(
                        "Only pinned regular European cavalry charges without an activation; {} does not.",
                        u.name
                    )));
                }
                return Ok(());
            }
            if state.activations == 0 {
                return Err(Refusal("No activations are left this turn.".into()));
            }
            if u.activated() {
                return Err(Refusal(format!(
                    "{} has already been activated this turn.",
                    u.name
                )));
            }
            match o {
                PtOrder::Move { path, .. } => {
                    let path: Vec<Hex> = path.iter().map(|l| hex(l)).collect::<Result<_, _>>()?;
                    movement::check_path(world, &all, &u, &path).map(|_| ())
                }
                PtOrder::Fire { target, .. } => {
                    fire::plan(world, &all, &u, hex(target)?, false).map(|_| ())
                }
                PtOrder::Unpin { .. } if !u.pinned => {
                    Err(Refusal(format!("{} is not pinned.", u.name)))
                }
                _ => Ok(()),
            }
        }
    }
}

/// Carries out the accepted order.
fn carry_out(world: &mut World) {
    if matches!(world.resource::<OrderInbox>().0, Some(Order::Table(_))) {
        return;
    }
    let Some(order) = world.resource_mut::<OrderInbox>().0.take() else {
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

fn pass(world: &mut World, side: u8) {
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

fn apply(world: &mut World, o: PtOrder) {
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
            world.resource_mut::<PtState>().activations -= 1;
            note(
                world,
                GameEvent::Activated {
                    side,
                    pieces: vec![unit.clone()],
                },
            );
            resolve_fire(world, &u, hex(&target), false);
        }
        PtOrder::Unpin { unit, side } => {
            world.resource_mut::<PtState>().activations -= 1;
            note(
                world,
                GameEvent::Activated {
                    side,
                    pieces: vec![unit.clone()],
                },
            );
            unmark(world, &unit, MarkerKind::Pinned);
            mark(world, &unit, MarkerKind::Done);
            let name = view::unit(world, &unit).map_or(unit.clone(), |u| u.name);
            say(world, format!("{name} is unpinned."));
        }
        PtOrder::Move { unit, path, side } => {
            world.resource_mut::<PtState>().activations -= 1;
            note(
                world,
                GameEvent::Activated {
                    side,
                    pieces: vec![unit.clone()],
                },
            );
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

/// Moves a unit along a checked path: facing the way it goes, stopping to face an
/// enemy it comes next to (who turns to face it), destroyed in a river with neither
/// bridge nor ford, stopping in a ford.
fn walk(world: &mut World, id: &str, path: &[Hex]) {
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
            },
        );
        prev = h;
    }
    mark(world, id, MarkerKind::Moved);
    let at = view::cell(world, prev).unwrap_or_default();
    world.resource_mut::<PtState>().fording.remove(id);
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
    if at.ford() {
        let turn = world.resource::<Turn>().0;
        world
            .resource_mut::<PtState>()
            .fording
            .insert(id.to_owned(), turn);
        say(
            world,
            format!("{} wades into the ford: it stays there next turn.", u.name),
        );
    }
    face_contact(world, id);
}

/// A unit that ends next to enemy units faces one of them (the one nearest the way it
/// was facing; ours), and each of them turns to face it: the last unit to come up is faced.
fn face_contact(world: &mut World, id: &str) {
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
fn charge(world: &mut World, id: &str) {
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
fn resolve_fire(world: &mut World, u: &Unit, target: Hex, phase_fire: bool) {
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
            .push((h.id, true)),
        fire::Effect::Pinned if phase_fire => world
            .resource_mut::<PtState>()
            .artillery_hits
            .push((h.id, false)),
        fire::Effect::Destroyed => destroy(world, &h.id),
        fire::Effect::Pinned => mark(world, &h.id, MarkerKind::Pinned),
        fire::Effect::None => {}
    }
}

/// Rolls and applies a close combat.
fn close_combat(world: &mut World, side: u8, attackers: &[String], defender: &str, advance: bool) {
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
    let a = roll(world, 1, format!("close combat: {}", name(&lead)))[0];
    let d = roll(world, 1, format!("close combat: {}", name(defender)))[0];
    world
        .resource_mut::<PtState>()
        .fought
        .extend(attackers.iter().cloned());
    let defender_lost = a <= plan.attack;
    let attacker_lost = d <= plan.defence;
    let result = match (defender_lost, attacker_lost) {
        (true, true) => "Mutual annihilation".to_owned(),
        (true, false) => format!("{} destroyed", name(defender)),
        (false, true) => format!("{} destroyed", name(&lead)),
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
            result,
        },
    );
    if defender_lost {
        destroy(world, defender);
    }
    if attacker_lost {
        destroy(world, &lead);
    }
    match (defender_lost, attacker_lost) {
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

/// Moves a unit one hex after a close combat (advance or withdrawal), journaled;
/// the way it went, for its facing.
fn shift(world: &mut World, id: &str, to: Hex) -> Option<EdgeDirection> {
    let from = view::unit(world, id)?.hex;
    place(world, id, to);
    note(
        world,
        GameEvent::Moved {
            pieces: vec![id.to_owned()],
            from: view::label(from),
            to: view::label(to),
        },
    );
    from.neighbor_direction(to)
}

/// The exact chances of a fire or close combat for the window, in words.
pub fn describe_odds(world: &World, order: &PtOrder) -> Option<String> {
    let all = view::units(world);
    match order {
        PtOrder::Bombard { unit, target, .. } | PtOrder::Fire { unit, target, .. } => {
            let u = view::unit(world, unit)?;
            let t = crate::scenario::hex_of(target)?;
            let plan =
                fire::plan(world, &all, &u, t, matches!(order, PtOrder::Bombard { .. })).ok()?;
            let odds = fire::odds(world, &all, &plan);
            let target_id = view::unit_at(world, t)?.id;
            let (d, p) = odds.of(&target_id);
            let scatter = if plan.scatters() {
                ", after scatter"
            } else {
                ""
            };
            Some(format!(
                "{}{}{scatter}: destroyed {d}/{n}, pinned {p}/{n}",
                plan.table.name(),
                crate::journal::shifts_text(&plan.modifiers),
                n = odds.denominator
            ))
        }
        PtOrder::CloseCombat {
            side,
            attackers,
            defender,
            ..
        } => {
            let plan = combat::plan(world, &all, *side, attackers, defender).ok()?;
            let [d, a, both, draw] = combat::odds(&plan);
            let mut changes = plan.attack_changes.clone();
            changes.extend(
                plan.defence_changes
                    .iter()
                    .map(|(c, why)| (*c, format!("defender: {why}"))),
            );
            Some(format!(
                "power {} against {}{}: defender destroyed {d}/36, attacker destroyed {a}/36, both {both}/36, draw {draw}/36",
                plan.attack,
                plan.defence,
                crate::journal::shifts_text(&changes)
            ))
        }
        _ => None,
    }
}

// ---- Effects --------------------------------------------------------------------------

fn roll(world: &mut World, count: usize, purpose: String) -> Vec<u8> {
    world.resource_scope(|world, mut dice: Mut<Dice>| {
        dice.roll(&mut world.resource_mut::<Journal>(), count, purpose)
    })
}

fn note(world: &mut World, event: GameEvent) {
    world.resource_mut::<Journal>().push(event);
}

fn say(world: &mut World, text: String) {
    note(world, GameEvent::Note { text });
}

fn entity(world: &World, id: &str) -> Option<Entity> {
    world.resource::<PieceIds>().get(id)
}

fn mark(world: &mut World, id: &str, kind: MarkerKind) {
    if let Some(e) = entity(world, id) {
        add_marker(&mut world.entity_mut(e), kind);
    }
}

fn unmark(world: &mut World, id: &str, kind: MarkerKind) {
    if let Some(e) = entity(world, id) {
        remove_marker(&mut world.entity_mut(e), kind);
    }
}

fn face(world: &mut World, id: &str, d: EdgeDirection) {
    if let Some(e) = entity(world, id) {
        world.entity_mut(e).insert(Facing(d));
    }
}

/// Puts a unit in a hex; a unit entering an objective takes it.
fn place(world: &mut World, id: &str, to: Hex) {
    let Some(e) = entity(world, id) else { return };
    let Some(from) = world.get::<OnHex>(e).map(|o| o.0) else {
        return;
    };
    let side = world.get::<Counter>(e).map(|c| c.side);
    let mut index = world.resource_mut::<HexIndex>();
    index.remove(from, e);
    index.place(to, e);
    let cell = index.hex_entity(to);
    world.entity_mut(e).insert(OnHex(to));
    if let (Some(c), Some(side)) = (cell, side)
        && let Some(mut o) = world.get_mut::<Objective>(c)
    {
        o.held_by = Some(side);
    }
}

/// Removes a destroyed unit from the map and counts it for victory.
/// Ours — P-14 in docs/rules/portable.md: victory points for units destroyed.
fn destroy(world: &mut World, id: &str) {
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
